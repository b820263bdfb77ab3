//! `contact_manifold` on two rounded hulls built by `Hull`: see
//! `tests/invariants`.
#![no_main]

#[path = "../../tests/invariants/mod.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: invariants::PairInput| {
    invariants::run_pair(&input, invariants::Query::Manifold);
});
