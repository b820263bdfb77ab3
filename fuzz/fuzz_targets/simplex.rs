//! The bare `Simplex`: arbitrary pushes, `reduce`, `closest_point_full`: see
//! `tests/invariants`.
#![no_main]

#[path = "../../tests/invariants/mod.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: invariants::SimplexInput| {
    invariants::run_simplex(&input);
});
