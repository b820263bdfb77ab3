//! The integration tests, built as one binary: the shapes and queries
//! each module exercises are compiled once for all of them.
//!
//! `tests/serde.rs` stays a binary of its own (it needs the `serde`
//! feature).

#[macro_use]
mod common;
#[macro_use]
mod scene;

mod analytic;
mod bad_input;
mod bounds;
mod box_intersects;
mod cast_closed_forms;
mod cast_decisions;
mod cast_warm;
mod casts;
mod curved_shapes;
mod decisions;
mod default_hull;
mod degenerate;
mod dyn_shapes;
mod epa;
mod epa_curved;
mod epa_exact;
mod epa_restarts;
mod epa_room;
mod epa_slivers;
mod epa_thin;
mod f32_agreement;
mod fuzz_invariants;
mod fuzz_regressions;
mod hull_build;
mod hull_faces;
mod hull_support;
mod manifold;
mod manifold_area;
mod manifold_deepest;
mod manifold_features;
mod manifold_revolution;
mod manifold_stack;
mod owned_shapes;
mod point_cores;
mod polygon_support;
mod properties;
mod recorded_answers;
mod relative_frame;
mod repose;
mod resting_faces;
mod scale;
mod seed_cases;
mod shallow_f32;
mod subnormal;
mod svg;
mod time_of_impact;
mod trace;
mod warm_start;
mod witness_planes;
