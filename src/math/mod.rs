//! The scalar seam and the small linear algebra every layer shares: the
//! [`Real`](real::Real) trait with its tolerances, orthonormal bases and
//! the cross product.

pub(crate) mod basis;
pub(crate) mod cross;
pub(crate) mod lanes;
pub(crate) mod real;

/// Whether the crate is built size first (the `small` feature): the
/// choices that trade flash or stack for speed (the lean loop, inlined
/// loops, EPA's stored planes and room) read this one switch.
pub(crate) const SIZE_FIRST: bool = cfg!(feature = "small");
