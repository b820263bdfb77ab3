//! Primitive shapes (points, balls, boxes, segments; placed and rounded):
//! their closed forms against the general path, see `tests/invariants`.
#![no_main]

#[path = "../../tests/invariants/mod.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: invariants::PrimitiveInput| {
    invariants::run_primitives(&input);
});
