//! The shape layer (`src/shape`): support maps of the primitives, the
//! curved shapes and placements, shapes behind `dyn` and owning their
//! points, and the hulls (`src/shape/hull`) with their builder
//! (`src/shape/hull/build`).

mod curved_shapes;
mod default_hull;
mod dyn_shapes;
mod fuzz_regressions;
mod hull_build;
mod hull_faces;
mod hull_support;
mod hull_weld;
mod owned_hull;
mod owned_shapes;
mod polygon_support;
mod repose;
mod shape_enum;
