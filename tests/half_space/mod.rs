//! Half-spaces (`src/shape/half_space.rs`, `src/query/half_space/`): the
//! ground plane as a shape of its own, met by any convex shape in closed
//! form.
//!
//! Each file states its accuracy budget. The truth a bracket must hold is
//! computed in `f64` from the numbers the query saw (the stored normal and
//! offset, the shape's support point), with a compensated dot product
//! (`exact`), so it is the exact signed distance to far below any budget.

mod analytic;
mod cast;
mod errors;
mod exact;
mod ground;
mod oracle;
