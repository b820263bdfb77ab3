//! The GJK simplex and Johnson's distance sub-algorithm, for every dimension.
//!
//! The math is in the docs of the public item it serves, [`Simplex`](crate::Simplex).

mod closed_form;
mod johnson;
pub(crate) mod lanes;
mod reduce;
mod storage;
mod support_point;

pub(crate) use closed_form::vouched;
pub(crate) use reduce::Reduced;
pub use storage::Simplex;
pub use support_point::SupportPoint;
