//! Where a walk on a hull's edge graph starts: a table of vertices indexed by
//! a coarse cell of the direction.
//!
//! The cell of a direction `d` is given by its largest coordinate in
//! magnitude (axis `k` and its sign) and its second largest (axis `j` and its
//! sign): `2D · 2(D − 1)` cells, 24 in 3D (2 in 1D, where there is no second
//! axis). Finding the cell takes `D` comparisons and no arithmetic. Each
//! cell stores the hull vertex farthest along its middle direction
//! `±e_k ± e_j / 2`, so a walk begins within about 30° of the answer and
//! needs a few steps at most, instead of crossing the hull.

use nalgebra::SVector;

use crate::math::real::Real;
use crate::shape::dot_in_order;

/// The number of direction cells in dimension `d`.
pub(crate) const fn cells(d: usize) -> usize {
    if d < 2 {
        2 * d
    } else {
        4 * d * (d - 1)
    }
}

/// The cell of `dir`; NaN coordinates count as zero-sized.
#[inline]
pub(crate) fn cell<T: Real, const D: usize>(dir: &SVector<T, D>) -> usize {
    // Largest and second largest coordinate in magnitude, first on ties.
    let (mut k, mut j) = (0, usize::MAX);
    let (mut big, mut second) = (-T::one(), -T::one());
    for (i, x) in dir.iter().enumerate() {
        let a = x.abs();
        if a > big {
            (j, second) = (k, big);
            (k, big) = (i, a);
        } else if a > second {
            (j, second) = (i, a);
        }
    }
    let positive = |i: usize| usize::from(dir.get(i).is_some_and(|x| *x > T::zero()));
    let major = 2 * k + positive(k);
    if D < 2 {
        return major;
    }
    // Before the first comparison succeeds `j` is unset; axis k's neighbour
    // then stands in.
    let j = if j == usize::MAX || j == k {
        (k + 1) % D
    } else {
        j
    };
    let minor = 2 * (if j > k { j - 1 } else { j }) + positive(j);
    major * 2 * (D - 1) + minor
}

/// The middle direction of cell `c`, inverse of [`cell`].
fn middle<T: Real, const D: usize>(c: usize) -> SVector<T, D> {
    let sign = |bit: usize| if bit == 1 { T::one() } else { -T::one() };
    let mut v = SVector::<T, D>::zeros();
    if D < 2 {
        if let Some(x) = v.get_mut(c / 2) {
            *x = sign(c % 2);
        }
        return v;
    }
    let (major, minor) = (c / (2 * (D - 1)), c % (2 * (D - 1)));
    let k = major / 2;
    let j = minor / 2 + usize::from(minor / 2 >= k);
    if let Some(x) = v.get_mut(k) {
        *x = sign(major % 2);
    }
    if let Some(x) = v.get_mut(j) {
        *x = sign(minor % 2) * T::lit(0.5);
    }
    v
}

/// Fills `table` (one entry per cell) with the vertex among `candidates`
/// farthest along each cell's middle direction (the first on ties).
pub(crate) fn fill<T: Real, const D: usize>(
    table: &mut [u32],
    points: &[SVector<T, D>],
    candidates: impl Iterator<Item = usize> + Clone,
) {
    for (c, entry) in table.iter_mut().enumerate() {
        let dir = middle::<T, D>(c);
        let mut best: Option<(usize, T)> = None;
        for v in candidates.clone() {
            let Some(p) = points.get(v) else { continue };
            let d = dot_in_order(p, &dir);
            if best.is_none_or(|(_, b)| d > b) {
                best = Some((v, d));
            }
        }
        *entry = best.map_or(0, |(v, _)| v as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_is_its_middle_directions_cell() {
        fn check<const D: usize>() {
            for c in 0..cells(D) {
                assert_eq!(cell(&middle::<f64, D>(c)), c, "D = {D}");
            }
        }
        check::<1>();
        check::<2>();
        check::<3>();
        check::<4>();
        check::<6>();
    }
}
