//! A certificate for a stalled loop: the lower bound along the face's own
//! normal.

use nalgebra::SVector;

use super::termination::dot_rounding;
use crate::engine::pair::Pair;
use crate::math::basis::Basis;
use crate::math::real::{all_finite, max_abs, Length, Real};
use crate::shape::SupportMap;
use crate::simplex::{Simplex, SupportPoint};

/// A bound found by [`face_bound`].
#[derive(Clone, Copy)]
pub(super) struct FaceBound<T: Real, const D: usize> {
    /// The bound on the cores' distance, before its rounding.
    pub bound: T,
    /// The unit direction it holds along.
    pub u: SVector<T, D>,
    /// The rounding of the bound's dot product.
    pub rounding: T,
    /// The support point along `−u` the bound was taken at.
    pub support: SupportPoint<T, D>,
}

/// A lower bound on the cores' distance along `v` made orthogonal to the
/// face it was projected on: `u · s(−u)` for the unit `u` along `v` with
/// its components along the face's edges removed, with the rounding of
/// that dot product ([`dot_rounding`]), which a certified bound is net of.
///
/// Rounding of the projection tilts `v` towards the face's edges by about
/// `ε · scale / ‖v‖`, and along an edge of length `ℓ` the plain bound
/// `v · w / ‖v‖` pays that tilt times `ℓ`: up to `ε · scale² / ‖v‖`, more
/// than the distance itself for long faces near each other (a long segment
/// beside a small ball). The face's own edges fix the direction to working
/// precision; what is left of the tilt is `ε`, and of the error `ε · scale`.
///
/// Two faces are tried, and the better bound kept: the simplex's own face,
/// and that face with the point `w` that failed to make progress (when the
/// answer lies on it a hair from the old face, as near the end of a long
/// edge); then, when `widen` asks (the loop tries it only where those two
/// certify nothing), the best face widened by the support point its bound
/// was taken at, while that raises the bound (when the answer lies inside
/// a wider face of `A − B`, as between two parallel faces). Returns the bound, its `u`, its rounding and the support point
/// it was taken at. Costs up to two support calls, on the stalled path
/// only.
#[cold]
#[inline(never)]
pub(super) fn face_bound<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    simplex: &Simplex<T, D>,
    w: &SVector<T, D>,
    v: &SVector<T, D>,
    widen: bool,
) -> Option<FaceBound<T, D>>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let first = simplex.vertex(0)?.w;
    let mut edges = Basis::new();
    for (p, _) in simplex.iter().skip(1) {
        edges.add(&(p.w - first));
    }
    let along = |u: SVector<T, D>| {
        // Brought to order one first, so that a subnormal `u` normalises to
        // full precision.
        let u = u * T::unit_scale(max_abs(&u));
        let u = u / u.length();
        let s = pair.support(&-u);
        let bound = u.dot(&s.w);
        (all_finite(&u) && bound.is_finite()).then_some(FaceBound {
            bound,
            u,
            rounding: dot_rounding(&s.w, T::one()),
            support: s,
        })
    };
    let own = along(edges.reject(v));
    let with_w = if edges.add(&(w - first)) {
        along(edges.reject(v))
    } else {
        None
    };
    let better = |x: Option<FaceBound<T, D>>, y: Option<FaceBound<T, D>>| match (x, y) {
        (Some(x), Some(y)) => Some(if y.bound > x.bound { y } else { x }),
        (x, y) => x.or(y),
    };
    let mut best = better(own, with_w);
    // The answer may lie on a face of `A − B` of more dimensions than the
    // simplex: two parallel faces whose Minkowski face holds the origin's
    // foot within rounding of the simplex's edge. What rounding leaves of
    // `v` across that face tilts `u`, and the bound pays the tilt times the
    // face's width. The support point the bound was taken at is another
    // vertex of that face; with it the edges span the face (one more
    // dimension each time, at most `D`), and its normal comes out exact.
    for _ in 0..if widen { D } else { 0 } {
        let Some(found) = best else {
            break;
        };
        if !edges.add(&(found.support.w - first)) {
            break;
        }
        let wider = along(edges.reject(v));
        if wider.is_none_or(|w| w.bound <= found.bound) {
            break;
        }
        best = wider;
    }
    best
}
