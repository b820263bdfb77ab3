//! The two facts about axis-aligned boxes the compound queries need: a box
//! moved by a rigid placement, and a certified lower bound on the distance
//! between two boxes.

use nalgebra::SVector;

use crate::bounds::Aabb;
use crate::math::real::{max_abs, Real};

/// A box holding `b` turned by the rotation whose columns are `axes` and
/// moved by `translation`: centre `R c + t`, half extents `|R| h`, grown by
/// the rounding of those sums ([`Real::ROUNDING_FLOOR`] times their size)
/// so that it never cuts what `b` holds.
pub(super) fn placed_box<T: Real, const D: usize>(
    b: &Aabb<T, D>,
    axes: &[SVector<T, D>; D],
    translation: &SVector<T, D>,
) -> Aabb<T, D> {
    let half_t = T::one() / (T::one() + T::one());
    let centre = (b.min + b.max) * half_t;
    let half = (b.max - b.min) * half_t;
    let mut c = *translation;
    let mut h = SVector::<T, D>::zeros();
    for ((axis, &cj), &hj) in axes.iter().zip(centre.iter()).zip(half.iter()) {
        c += axis * cj;
        h += axis.abs() * hj;
    }
    let grow = T::ROUNDING_FLOOR * (max_abs(&c) + max_abs(&h) + max_abs(translation));
    let h = h.add_scalar(grow);
    Aabb {
        min: c - h,
        max: c + h,
    }
}

/// A lower bound on the distance between any point of `a` and any point of
/// `b`: the length of the per-axis gaps, measured relative to the largest
/// gap (no overflow or underflow), shrunk by its own rounding. Zero when
/// the boxes overlap; NaN boxes give zero (never prune on them).
pub(super) fn box_gap<T: Real, const D: usize>(a: &Aabb<T, D>, b: &Aabb<T, D>) -> T {
    let gaps = SVector::<T, D>::from_fn(|i, _| {
        let (Some(&a_lo), Some(&a_hi), Some(&b_lo), Some(&b_hi)) =
            (a.min.get(i), a.max.get(i), b.min.get(i), b.max.get(i))
        else {
            return T::zero();
        };
        (a_lo - b_hi).max(b_lo - a_hi).max(T::zero())
    });
    let largest = max_abs(&gaps);
    if !(largest > T::zero() && largest.is_finite()) {
        return T::zero();
    }
    let scaled = gaps / largest;
    // `√(Σ gᵢ²)` rounds within a few ulps; 4 ε below it is still below.
    let shrink = T::one() - T::EPSILON * (T::one() + T::one()) * (T::one() + T::one());
    largest * scaled.norm() * shrink
}
