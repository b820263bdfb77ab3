//! The scalar seam and the small linear algebra every layer shares: the
//! [`Real`](real::Real) trait with its tolerances, orthonormal bases and
//! the cross product.

pub(crate) mod basis;
pub(crate) mod cross;
pub(crate) mod lanes;
pub(crate) mod real;
