//! A certificate for a stalled loop: the lower bound along the face's own
//! normal.

use nalgebra::SVector;

use super::termination::dot_rounding;
use crate::basis::Basis;
use crate::pair::Pair;
use crate::real::{all_finite, max_abs, Length, Real};
use crate::simplex::Simplex;
use crate::support::SupportMap;

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
/// edge). Returns the bound, its `u` and its rounding. Costs up to two support calls, on
/// the stalled path only.
#[cold]
#[inline(never)]
pub(super) fn face_bound<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    simplex: &Simplex<T, D>,
    w: &SVector<T, D>,
    v: &SVector<T, D>,
) -> Option<(T, SVector<T, D>, T)>
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
        let s = pair.support(&-u).w;
        let bound = u.dot(&s);
        (all_finite(&u) && bound.is_finite()).then_some((bound, u, dot_rounding(&s, T::one())))
    };
    let own = along(edges.reject(v));
    let with_w = if edges.add(&(w - first)) {
        along(edges.reject(v))
    } else {
        None
    };
    match (own, with_w) {
        (Some(x), Some(y)) => Some(if y.0 > x.0 { y } else { x }),
        (x, y) => x.or(y),
    }
}
