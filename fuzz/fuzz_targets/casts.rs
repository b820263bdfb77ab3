//! `shape_cast` and `ray_cast` on two rounded convex hulls, against the
//! swept shapes: see `tests/invariants`.
#![no_main]

#[path = "../../tests/invariants/mod.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: invariants::PairInput| {
    invariants::run_pair(&input, invariants::Query::Cast);
});
