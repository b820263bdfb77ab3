//! Reducing the clipped points to at most four: the deepest, then the
//! largest area, ties broken by ids.

use super::answer::{ManifoldPoint, MAX_MANIFOLD_POINTS};
use crate::math::cross::cross3;
use crate::math::real::{Length, Real};
use arrayvec::ArrayVec;
use nalgebra::SVector;

/// Sets of four points whose areas are within this fraction of the
/// largest count as equally good: of those, [`reduce`] keeps the set whose
/// ids come first, so that a small motion (which changes areas a little)
/// keeps the same four points where the region is symmetric, as a box
/// turned 45° on another is.
const AREA_TIE: f64 = 1e-3;

/// At most [`MAX_MANIFOLD_POINTS`] of the points (given with their
/// incident positions, in order around the clipped polygon), spanning the
/// largest area: of all sets of four that keep the deepest point, one
/// whose quadrilateral (in polygon order) has the largest area, found by
/// trying each (at most `C(16, 4) = 1820` of them), to within [`AREA_TIE`]:
/// of the sets that close to the largest, the one whose sorted ids come
/// first, so that the choice names features, not which area rounding
/// made largest. When the points are level (a face resting flat: the
/// chosen set already holds a point within `slack` of the deepest depth),
/// the deepest is not forced, so the choice does not hang on which corner
/// rounding made a hair deeper.
pub(crate) fn reduce<T: Real, const D: usize>(
    found: &[(ManifoldPoint<T, D>, SVector<T, D>)],
    slack: T,
) -> ArrayVec<usize, MAX_MANIFOLD_POINTS> {
    let mut keep = ArrayVec::new();
    let n = found.len();
    if n <= MAX_MANIFOLD_POINTS {
        for i in 0..n {
            let _ = keep.try_push(i);
        }
        return keep;
    }
    let pos = |i: usize| found.get(i).map_or(SVector::zeros(), |(_, p)| *p);
    let depth = |i: usize| found.get(i).map_or(T::zero(), |(p, _)| p.distance);
    let ids = |i: usize| found.get(i).map_or((0, 0), |(p, _)| (p.id_a, p.id_b));
    let deepest = (0..n).fold(0, |best, i| if depth(i) < depth(best) { i } else { best });
    // Twice the area of the quadrilateral `i < j < k < l` (in polygon
    // order, so its diagonals are `ik` and `jl`).
    let area = |[i, j, k, l]: [usize; 4]| {
        let (u, w) = (pos(k) - pos(i), pos(l) - pos(j));
        match cross3(&u, &w) {
            Some(c) => c.length(),
            None => {
                let g = |v: &SVector<T, D>, a: usize| v.get(a).copied().unwrap_or_else(T::zero);
                (g(&u, 0) * g(&w, 1) - g(&u, 1) * g(&w, 0)).abs()
            }
        }
    };
    // Every set of four in order, with `forced` (when given) among them.
    let sets = |forced: Option<usize>| {
        (0..n)
            .flat_map(move |i| (i + 1..n).map(move |j| (i, j)))
            .flat_map(move |(i, j)| (j + 1..n).map(move |k| (i, j, k)))
            .flat_map(move |(i, j, k)| (k + 1..n).map(move |l| [i, j, k, l]))
            .filter(move |set| forced.is_none_or(|f| set.contains(&f)))
    };
    let best = |forced: Option<usize>| {
        let top = sets(forced)
            .map(area)
            .fold(None, |m: Option<T>, a| match m {
                Some(b) if b >= a => m,
                _ => Some(a),
            })?;
        let floor = top * (T::one() - T::lit(AREA_TIE));
        // The set's ids in order (a sorting network of five exchanges: no
        // index, no comparison that could fail).
        let key = |set: &[usize; 4]| {
            let mut k = set.map(ids);
            let order = |a: &mut (u64, u64), b: &mut (u64, u64)| {
                if *b < *a {
                    core::mem::swap(a, b);
                }
            };
            let [a, b, c, d] = &mut k;
            order(a, b);
            order(c, d);
            order(a, c);
            order(b, d);
            order(b, c);
            k
        };
        sets(forced)
            .filter(|&set| area(set) >= floor)
            .map(|set| (key(&set), set))
            .min_by(|a, b| a.0.cmp(&b.0))
            .map(|(_, set)| set)
    };
    let level = |set: &[usize; 4]| set.iter().any(|&i| depth(i) <= depth(deepest) + slack);
    let chosen = best(None)
        .filter(level)
        .or_else(|| best(Some(deepest)))
        .unwrap_or([0, 1, 2, 3]);
    for i in chosen {
        let _ = keep.try_push(i);
    }
    keep
}
