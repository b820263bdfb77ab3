//! The few matrix products the mass properties need, entry by entry
//! through `get`: nalgebra's general products go through column views whose
//! bounds checks a size-optimised build keeps.

use nalgebra::{SMatrix, SVector};

use crate::math::real::Real;

/// Entry `(i, j)` of `m`, zero out of range (never, for static sizes).
#[inline]
fn at<T: Real, const D: usize>(m: &SMatrix<T, D, D>, i: usize, j: usize) -> T {
    m.get((i, j)).copied().unwrap_or(T::zero())
}

/// Entry `i` of `v`, zero out of range.
#[inline]
fn of<T: Real, const D: usize>(v: &SVector<T, D>, i: usize) -> T {
    v.get(i).copied().unwrap_or(T::zero())
}

/// The outer product `u wᵀ`.
pub(super) fn outer<T: Real, const D: usize>(
    u: &SVector<T, D>,
    w: &SVector<T, D>,
) -> SMatrix<T, D, D> {
    SMatrix::from_fn(|i, j| of(u, i) * of(w, j))
}

/// `m v`.
pub(super) fn apply<T: Real, const D: usize>(
    m: &SMatrix<T, D, D>,
    v: &SVector<T, D>,
) -> SVector<T, D> {
    SVector::from_fn(|i, _| (0..D).fold(T::zero(), |s, k| s + at(m, i, k) * of(v, k)))
}

/// `R C Rᵀ`, made exactly symmetric (the two triangles of the product
/// round differently).
pub(super) fn congruent<T: Real, const D: usize>(
    r: &SMatrix<T, D, D>,
    c: &SMatrix<T, D, D>,
) -> SMatrix<T, D, D> {
    let sum = |a: &SMatrix<T, D, D>, b: &SMatrix<T, D, D>, i: usize, j: usize, flip: bool| {
        (0..D).fold(T::zero(), |s, k| {
            s + at(a, i, k) * if flip { at(b, j, k) } else { at(b, k, j) }
        })
    };
    let rc = SMatrix::<T, D, D>::from_fn(|i, j| sum(r, c, i, j, false));
    let m = SMatrix::<T, D, D>::from_fn(|i, j| sum(&rc, r, i, j, true));
    (m + m.transpose()) * T::lit(0.5)
}
