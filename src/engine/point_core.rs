//! Point cores in closed form: no GJK loop where one projection answers.
//!
//! When one shape's core is a single point `c` (a ball, a point) and the
//! other's core can project points exactly (a box clamps, a segment
//! projects; see [`SupportMap::project_core`]), the cores' closest points
//! are `c` and the projection `q` of `c`, and their distance `‖q − c‖`. GJK
//! would reach the same points after one or a few iterations; the
//! projection gives them at once. Shapes without the capability are left to
//! GJK, so user-defined shapes keep working unchanged.

use super::answer::{CoreAnswer, Verdict};
use super::extent::Extent;
use crate::query::Status;
use crate::real::{all_finite, max_abs, Real};
use crate::simplex::SupportPoint;
use crate::support::SupportMap;

/// The answer on the cores when one of them is a point the other projects;
/// `None` when neither is, or when a point is not finite (GJK then
/// reports the error).
///
/// Cores within the rounding of their coordinates of each other
/// (`ROUNDING_FLOOR · L`, as in the loop, `L` the largest coordinate of
/// the two points and of the shapes' centres) overlap, with no normal; others
/// are apart, converged, with the distance as both bounds and the normal
/// along `q − c` from A towards B. The answer is in the shapes' own frame
/// (scale 1) and reports no GJK iteration.
#[inline]
pub(crate) fn point_core<T, A, B, const D: usize>(a: &A, b: &B) -> Option<CoreAnswer<T, D>>
where
    T: Real,
    A: SupportMap<T, D>,
    B: SupportMap<T, D>,
{
    // A point core's projection of anything is its point, and its centre
    // that point too: two point cores need neither.
    let (point_a, point_b, placement) = match (a.core_point(), b.core_point()) {
        (Some(ca), Some(cb)) => (ca, cb, None),
        (Some(c), None) => (c, b.project_core(&c)?, Some(b.center())),
        (None, Some(c)) => (a.project_core(&c)?, c, Some(a.center())),
        (None, None) => return None,
    };
    if !(all_finite(&point_a) && all_finite(&point_b)) {
        return None;
    }
    // The projection's rounding grows with the coordinates it went
    // through: the points, and the projecting shape's placement (its
    // centre).
    let mut extent = Extent::new();
    extent.include(&SupportPoint::new(point_a, point_b));
    if let Some(c) = placement {
        extent.include(&SupportPoint::from_point(c));
    }
    // The length through a power of two that brings the difference to order
    // one: neither its square overflows nor a tiny one loses digits.
    let d = point_b - point_a;
    let k = T::unit_scale(max_abs(&d));
    let u = d * k;
    let length = u.norm();
    // `k` is a power of two of normal range: multiplying by its exact
    // reciprocal rounds as dividing by it would.
    let distance = length * k.recip();
    if !distance.is_finite() {
        return None;
    }
    let (verdict, distance, normal) = if distance <= extent.rounding() {
        (Verdict::Overlap, T::zero(), None)
    } else {
        (Verdict::Apart, distance, Some(u / length))
    };
    Some(CoreAnswer {
        verdict,
        distance,
        bound: distance,
        normal,
        point_a,
        point_b,
        extent,
        iterations: 0,
        status: Status::Converged,
    })
}
