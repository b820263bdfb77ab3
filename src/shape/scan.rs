//! Scans over point sets that several shapes share: the farthest point
//! along a direction, the mean point, a dot product in a fixed order.

use nalgebra::SVector;

use crate::math::real::{all_finite, Real};

/// The mean of a non-empty point set, or its first point if the mean is not
/// finite; `None` for an empty set.
///
/// Summed relative to the first point: no overflow for huge coordinates, no
/// cancellation for clustered ones.
pub(crate) fn mean_point<'p, T: Real, const D: usize>(
    points: impl IntoIterator<Item = &'p SVector<T, D>>,
) -> Option<SVector<T, D>> {
    let mut points = points.into_iter();
    let first = points.next()?;
    let mut sum = SVector::<T, D>::zeros();
    let mut count = 1_usize;
    for p in points {
        sum += p - first;
        count += 1;
    }
    let mean = first + sum / T::from_usize(count).unwrap_or(T::one());
    Some(if all_finite(&mean) { mean } else { *first })
}

/// The dot product summed strictly left to right, `((a₀b₀ + a₁b₁) + a₂b₂) …`:
/// the order the packed scan uses lane by lane, so that every shape built on
/// it compares exactly the same numbers.
#[inline(always)]
pub(crate) fn dot_in_order<T: Real, const D: usize>(a: &SVector<T, D>, b: &SVector<T, D>) -> T {
    let mut terms = a.iter().zip(b.iter()).map(|(&x, &y)| x * y);
    let first = terms.next().unwrap_or_else(T::zero);
    terms.fold(first, |s, t| s + t)
}

/// The point of `points` with the largest dot product with `dir` (the first
/// one on ties), or `None` for an empty slice.
#[inline]
pub(crate) fn farthest<T: Real, const D: usize>(
    points: &[SVector<T, D>],
    dir: &SVector<T, D>,
) -> Option<SVector<T, D>> {
    farthest_index(points, dir).and_then(|i| points.get(i).copied())
}

/// The index of [`farthest`]'s point.
#[inline]
pub(crate) fn farthest_index<T: Real, const D: usize>(
    points: &[SVector<T, D>],
    dir: &SVector<T, D>,
) -> Option<usize> {
    let (first, rest) = points.split_first()?;
    let (mut best, mut best_dot) = (0, first.dot(dir));
    for (i, p) in rest.iter().enumerate() {
        let d = p.dot(dir);
        if d > best_dot {
            best = i + 1;
            best_dot = d;
        }
    }
    Some(best)
}
