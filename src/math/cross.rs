//! The cross product, the one every layer uses.

use nalgebra::SVector;

use super::real::Real;

/// The cross product in space (zero in other dimensions, where it is not
/// called).
#[inline(always)]
pub(crate) fn cross<T: Real, const D: usize>(
    u: &SVector<T, D>,
    w: &SVector<T, D>,
) -> SVector<T, D> {
    let c = |i: usize| u.get(i).copied().unwrap_or(T::zero());
    let d = |i: usize| w.get(i).copied().unwrap_or(T::zero());
    let x = [
        c(1) * d(2) - c(2) * d(1),
        c(2) * d(0) - c(0) * d(2),
        c(0) * d(1) - c(1) * d(0),
    ];
    SVector::from_fn(|i, _| x.get(i).copied().unwrap_or(T::zero()))
}

/// The 3D cross product, `None` in other dimensions.
#[inline(always)]
pub(crate) fn cross3<T: Real, const D: usize>(
    u: &SVector<T, D>,
    w: &SVector<T, D>,
) -> Option<SVector<T, D>> {
    (D == 3).then(|| cross(u, w))
}
