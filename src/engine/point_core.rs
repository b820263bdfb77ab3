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
use crate::engine::config::Status;
use crate::math::real::{all_finite, max_abs, Length, Real};
use crate::shape::SupportMap;
use crate::simplex::SupportPoint;
use nalgebra::SVector;

/// The answer on the cores when one of them is a point the other projects;
/// `None` when neither is, or when a point is not finite (GJK then
/// reports the error).
///
/// Cores within the rounding of their coordinates of each other
/// (`ROUNDING_FLOOR · L`, as in the loop, `L` the largest coordinate of
/// the two points and of the shapes' centres) overlap, with no normal; others
/// are apart, converged, with the distance as both bounds and the normal
/// along `q − c` from A towards B (for a box, summed from its own frame,
/// so that beyond one face the normal is that face's axis to the last
/// bit). The answer is in the shapes' own frame
/// (scale 1) and reports no GJK iteration.
#[inline(always)]
pub(crate) fn point_core<T, A, B, const D: usize>(a: &A, b: &B) -> Option<CoreAnswer<T, D>>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
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
    // A scene below the normal range is refused where the loop begins.
    let centre = placement.unwrap_or(point_a);
    if super::below_normal(&[point_a, point_b, centre], a.margin().max(b.margin())) {
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
    // From a box's own frame where the projecting core is one: the offset
    // of the point from the box along the axes it lies beyond, so that a
    // point beyond one face gets that face's axis as its normal exactly,
    // where `q − c` carries the rounding of both points (`ε L`, with `L`
    // their coordinates, against a distance that may be far smaller).
    let boxed = match (a.core_point(), b.core_point()) {
        (Some(c), None) => b.core_box().and_then(|f| beyond_box(&f, &c)).map(|o| -o),
        (None, Some(c)) => a.core_box().and_then(|f| beyond_box(&f, &c)),
        _ => None,
    };
    let d = boxed.unwrap_or(point_b - point_a);
    let (length, unit) = length_and_unit(&d);
    if !length.is_finite() {
        return None;
    }
    let (verdict, distance, normal) = if length <= extent.rounding() {
        (Verdict::Overlap, T::zero(), None)
    } else {
        (Verdict::Apart, length, Some(unit))
    };
    Some(CoreAnswer {
        verdict,
        distance,
        certain: distance,
        bound: distance,
        normal,
        point_a,
        point_b,
        extent,
        iterations: 0,
        status: Status::Converged,
        reconciled: false,
    })
}

/// The offset of `c` from the box `frame` (from its nearest point to `c`),
/// summed along the box's own axes from `c`'s local coordinates: exactly a
/// multiple of one axis when `c` lies beyond a single face. `None` when
/// `c` is inside the box (or an axis is not of unit length to rounding,
/// where local coordinates are not distances).
#[inline(always)]
fn beyond_box<T: Real, const D: usize>(
    frame: &crate::shape::BoxFrame<T, D>,
    c: &SVector<T, D>,
) -> Option<SVector<T, D>> {
    let rel = c - frame.centre;
    let mut offset = SVector::<T, D>::zeros();
    let mut outside = false;
    for (axis, &half) in frame.axes.iter().zip(frame.half.iter()) {
        if !((axis.length_squared() - T::one()).abs() <= T::ROUNDING_FLOOR) {
            return None;
        }
        let s = axis.dot(&rel);
        let over = if s > half {
            s - half
        } else if s < -half {
            s + half
        } else {
            continue;
        };
        outside = true;
        offset += axis * over;
    }
    outside.then_some(offset)
}

/// `‖d‖` and the unit vector `d / ‖d‖`, taken directly when the square
/// is of safe range, else through the power of two `k` that brings `d` to
/// order one: neither the square overflows nor a tiny one loses digits.
///
/// Both ways give the same numbers where both apply: `k` is exact, so
/// `‖k d‖ = k ‖d‖` and `(k d) · (1 / ‖k d‖) = d · (1 / ‖d‖)` bit for bit,
/// and the answers at scale `2ʲ` are `2ʲ` times those at scale one.
#[inline(always)]
fn length_and_unit<T: Real, const D: usize>(d: &SVector<T, D>) -> (T, SVector<T, D>) {
    let n2 = d.length_squared();
    if n2 > T::SAFE_SQUARE.recip() && n2 < T::SAFE_SQUARE {
        let length = n2.sqrt();
        (length, d * length.recip())
    } else {
        rescaled_length_and_unit(d)
    }
}

/// [`length_and_unit`] off its fast path.
#[cold]
#[inline(never)]
fn rescaled_length_and_unit<T: Real, const D: usize>(d: &SVector<T, D>) -> (T, SVector<T, D>) {
    let k = T::unit_scale(max_abs(d));
    let u = d * k;
    let length = u.length();
    // `k` is a power of two of normal range: multiplying by its exact
    // reciprocal rounds as dividing by it would.
    (length * k.recip(), u * length.recip())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_lcg::Lcg;

    /// The direct length and unit vector against the rescaled ones, bit
    /// for bit, on random vectors over the scales where both apply (and
    /// components of mixed sizes), in both precisions and D = 1…4.
    fn paths_agree<T: Real, const D: usize>(scales: &[i32]) {
        let mut lcg = Lcg(7);
        for &e in scales {
            for _ in 0..500 {
                let d = SVector::<T, D>::from_fn(|_, _| {
                    let x = lcg.next() * 2.0 - 1.0;
                    // Some components far smaller than the others.
                    let shrink = if lcg.next() < 0.2 { 1e-6 } else { 1.0 };
                    T::lit(x * shrink * 2f64.powi(e))
                });
                let n2 = d.length_squared();
                if !(n2 > T::SAFE_SQUARE.recip() && n2 < T::SAFE_SQUARE) {
                    continue;
                }
                let (fast, slow) = (length_and_unit(&d), rescaled_length_and_unit(&d));
                assert_eq!(fast, slow, "{d:?}");
            }
        }
    }

    #[test]
    fn direct_length_matches_the_rescaled_one() {
        let wide = [-240, -60, -20, -1, 0, 1, 20, 60, 240];
        let narrow = [-28, -10, -1, 0, 1, 10, 28];
        paths_agree::<f64, 1>(&wide);
        paths_agree::<f64, 2>(&wide);
        paths_agree::<f64, 3>(&wide);
        paths_agree::<f64, 4>(&wide);
        paths_agree::<f32, 2>(&narrow);
        paths_agree::<f32, 3>(&narrow);
    }
}
