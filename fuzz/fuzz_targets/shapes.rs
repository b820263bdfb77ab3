//! `Scanned::new`, `Polygon::new` and `Transformed::new` on arbitrary
//! input: see `tests/invariants`.
#![no_main]

#[path = "../../tests/invariants/mod.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: invariants::ShapeInput| {
    invariants::run_shape(&input);
});
