//! Contact manifolds (`src/query/manifold`): boxes by their separating
//! axes, faces of hulls, cylinders and cones, and the reduction to four
//! points.

mod area;
mod deepest;
mod features;
mod fuzz_regressions;
mod manifolds;
mod revolution;
mod stack;
