//! The GJK loop (`src/engine`) and the queries answered by it alone
//! (`src/query/distance.rs`): `distance`, `closest_points` and
//! `intersects`, with their closed forms (point cores, boxes' separating
//! axes), their frame and scale, and the witnesses of cores apart.

mod analytic;
mod box_intersects;
mod decisions;
mod degenerate;
mod fuzz_regressions;
mod point_cores;
mod properties;
mod relative_frame;
mod scale;
mod seed_cases;
mod subnormal;
mod witness_planes;
