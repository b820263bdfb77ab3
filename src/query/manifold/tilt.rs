//! How far a face leans off the contact normal, and the leeway two nearly
//! parallel faces leave the depths.

use super::face::Face;
use crate::math::cross::cross3;
use crate::math::real::{max_abs, Length, Real};
use nalgebra::SVector;

/// The least cosine between the contact normal and the reference face's
/// normal for the face to be clipped against (about 8°): less aligned
/// features (edges crossing, a corner) touch at one point.
pub(super) const FACE_ALIGNMENT: f64 = 0.99;

/// Whether a face's plane is known well enough to clip against: its
/// rounded normal tilts by at most `√ε` (`ε L P / ‖2A‖`, with `L` the
/// face's largest coordinate, `P` its perimeter and `2A` its doubled
/// vector area). A sliver whose vertices are collinear to rounding has a
/// normal of no meaning and side planes that are all parallel, which bound
/// nothing: the contact's single point is the manifold instead; so does a
/// face of no area (all its points one, whose tilt bound is zero too: the
/// comparison is strict). Segments and 2D edges (two points) are always
/// steady here ([`clip`] refuses those that bound nothing).
pub(super) fn steady<T: Real, const D: usize>(face: &Face<T, D>) -> bool {
    if D != 3 || face.len() < 3 {
        return true;
    }
    // In units of the face's largest coordinate `L` (the test is the same
    // at any scale), so that the squared area cannot overflow (a sliver
    // 1e132 long and 1e116 wide has `‖2A‖² = 1e497`) or underflow.
    let size = face
        .points()
        .fold(T::zero(), |s, (p, _)| s.max(max_abs(&p)));
    if !(size > T::zero() && size.is_finite()) {
        return false;
    }
    let mut points = face.points().map(|(p, _)| p / size);
    let Some(first) = points.next() else {
        return false;
    };
    let mut area = SVector::<T, D>::zeros();
    let (mut perimeter, mut last) = (T::zero(), first);
    for p in points {
        if let Some(c) = cross3(&(last - first), &(p - first)) {
            area += c;
        }
        perimeter += (p - last).length();
        last = p;
    }
    perimeter += (first - last).length();
    T::EPSILON * perimeter < T::EPSILON.sqrt() * area.length()
}

/// A face's tilt from `n` and its diameter: the sine of the angle between
/// its normal and `n`, and twice its reach from its first point (zero for
/// a single point, which has no extent to tilt).
pub(super) fn tilt<T: Real, const D: usize>(face: &Face<T, D>, n: &SVector<T, D>) -> (T, T) {
    let Some((first, _)) = face.points().next() else {
        return (T::zero(), T::zero());
    };
    let reach = face
        .points()
        .fold(T::zero(), |r, (p, _)| r.max((p - first).length()));
    (sine(&face.normal, n), reach + reach)
}

/// The sine of the angle between two unit vectors of the plane or space.
pub(super) fn sine<T: Real, const D: usize>(u: &SVector<T, D>, v: &SVector<T, D>) -> T {
    match cross3(u, v) {
        Some(c) => c.length(),
        None => {
            let g = |w: &SVector<T, D>, i: usize| w.get(i).copied().unwrap_or_else(T::zero);
            (g(u, 0) * g(v, 1) - g(u, 1) * g(v, 0)).abs()
        }
    }
}

/// How far apart in depth two points of a manifold can be and still count
/// as level, and how far the contact's depth may lie beyond the deepest
/// point: `slack`, and for two nearly parallel faces (each tilted from
/// the normal by a sine of at most `√ANGLE_SLACK`, given with its
/// diameter `w`), also `Σ w sin θ`, the most their tilts can spread depths
/// along the normal across them. A face turned 1e-6 rad on another then
/// keeps the points it had at rest (which corner the turn made deepest
/// does not choose them), and the contact, whose depth is taken along the
/// normal over the whole shapes rather than where they touch, may lie
/// that far beyond them. Faces tilted more (an edge across a facet) get no
/// leeway: the manifold's deepest point is then the contact's.
pub(super) fn leeway<T: Real>(slack: T, faces: [(T, T); 2]) -> T {
    let parallel = T::ANGLE_SLACK.sqrt();
    let spread = faces.iter().fold(slack, |l, &(sine, w)| l + sine * w);
    if faces.iter().all(|&(sine, _)| sine <= parallel) && spread.is_finite() {
        spread
    } else {
        slack
    }
}

/// The size of a face: the sum of its squared edge lengths.
pub(super) fn spread<T: Real, const D: usize>(face: &Face<T, D>) -> T {
    let mut points = face.points().map(|(p, _)| p);
    let Some(first) = points.next() else {
        return T::zero();
    };
    let (sum, last) = points.fold((T::zero(), first), |(s, prev), p| {
        (s + (p - prev).length_squared(), p)
    });
    sum + (first - last).length_squared()
}
