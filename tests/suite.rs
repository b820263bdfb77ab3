//! The integration tests, built as one binary: the shapes and queries
//! each module exercises are compiled once for all of them.
//!
//! The folders mirror `src/`:
//!
//! | tests | src |
//! |---|---|
//! | `shape/` | `shape/` (primitives, curved shapes, placements), `shape/hull/` and `shape/hull/build/` |
//! | `simplex/` | `simplex/` |
//! | `distance/` | `engine/` (the GJK loop) and `query/distance.rs` |
//! | `contact/` | `epa/` and `query/contact.rs` |
//! | `cast/` | `query/cast/` |
//! | `manifold/` | `query/manifold/` |
//! | `half_space/` | `shape/half_space.rs` and `query/half_space/` |
//! | `warm/` | `query/warm/` |
//! | `trace/` | `trace/` (and the SVG pictures drawn from it) |
//! | `batch/` | `query/batch/`, `engine/lanes.rs`, `simplex/lanes.rs`, `shape/lanes.rs` |
//! | `bounds.rs` | `bounds.rs` |
//! | `compound/` | `compound/` |
//! | `mass/` | `mass/` (volumes, centres of mass, inertia) |
//! | `every_query/` | all of them: recorded answers, bad input, the fuzzers' invariants |
//!
//! An input found by the fuzzers is a test in the `fuzz_regressions.rs`
//! of the folder of its subject, its long literals in `tests/data/`.
//! `support` holds the helpers shared by the tests, and `invariants`
//! the checks shared with the fuzz targets (`fuzz/`).
//! `tests/serde.rs` (`src/serialize.rs`) stays a binary of its own (it
//! needs the `serde` feature).
//!
//! Run one folder or file by its module path:
//! `cargo test --test suite contact::epa_room`.

#[macro_use]
mod support;
mod invariants;

mod batch;
mod bounds;
mod cast;
mod compound;
mod contact;
mod distance;
mod every_query;
mod half_space;
mod manifold;
mod mass;
mod shape;
mod simplex;
mod trace;
mod warm;
