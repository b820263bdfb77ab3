//! `distance_cached` and `intersects_cached` along sequences of poses, pairs
//! and orders through one cache: see `tests/invariants`.
#![no_main]

#[path = "../../tests/invariants/mod.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: invariants::WarmInput| {
    invariants::run_warm(&input);
});
