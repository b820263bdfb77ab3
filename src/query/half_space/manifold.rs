//! The contact manifold of a shape on a half-space.

use arrayvec::ArrayVec;
use nalgebra::SVector;

use super::distance::half_space_contact;
use super::gap::rounding;
use crate::engine::config::{Config, Error};
use crate::math::real::{all_finite, Length, Real};
use crate::query::manifold::{
    reduce, Face, Faces, Manifold, ManifoldPoint, Side, DEEPEST, MAX_FACE_POINTS,
};
use crate::shape::HalfSpace;

/// The points found before reduction, each with its position on the shape.
type Found<T, const D: usize> =
    ArrayVec<(ManifoldPoint<T, D>, SVector<T, D>), { MAX_FACE_POINTS + 1 }>;

/// The contact manifold of `shape` (B) on the half-space `plane` (A) when
/// their signed distance is at most `max_separation`; `None` when the
/// shape is proven farther from the plane than that (the rule of
/// [`half_space_contact`](crate::half_space_contact)).
///
/// The shape's feature most aligned with `−n` ([`Faces`]: a box's bottom
/// face, a polygon's edge, a capsule's segment, a cylinder's cap) gives
/// the points: each vertex, pushed down by the margin, is measured on its
/// own, `n · v − offset − margin`, and kept when that is at most
/// `max_separation` (to within its rounding), with `point_a` its foot on
/// the plane and `point_b − point_a = distance · normal`. The plane has no
/// edge to clip against, so each point's depth is exact to the rounding
/// bound of the module docs. When no vertex is as deep as the contact (a
/// round core, a cap whose rim dips between the vertices of the polygon
/// it is given as), the contact's own point is added; a curved shape gives
/// that one point. More than [`MAX_MANIFOLD_POINTS`](crate::MAX_MANIFOLD_POINTS) are reduced as
/// [`contact_manifold`](crate::contact_manifold) reduces them: the largest
/// area, the deepest kept unless the points are level, ties broken by ids.
///
/// The manifold's normal is `n`, its reference the plane ([`Side::A`],
/// face id 0). Each point's `id_a` is 0 and its `id_b` the shape's vertex
/// id (the contact's own point: the face's id with the bit
/// `1 << 61`), so points keep their ids while the shape rests on the same
/// face. `anchor_a` is `point_a` (a half-space has no body frame of its
/// own), `anchor_b` the point in the shape's frame
/// ([`Faces::to_body`]).
///
/// # Errors
///
/// As for [`half_space_contact`](crate::half_space_contact), and
/// [`Error::NonFinite`] for a non-finite vertex of the feature,
/// [`Error::Overflow`] when a point leaves the range.
///
/// # Example
///
/// ```
/// use gjk::{half_space_manifold, Config, Cuboid, HalfSpace, Transformed, Vector};
///
/// // A cube resting 0.01 into the ground z ≤ 0: its four bottom corners.
/// let ground = HalfSpace::new(Vector::<f64, 3>::z(), 0.0).unwrap();
/// let cube = Cuboid::new(Vector::<f64, 3>::repeat(0.5)).unwrap();
/// let resting = Transformed::translated(cube, Vector::<f64, 3>::new(3.0, 0.0, 0.49)).unwrap();
/// let m = half_space_manifold(&ground, &resting, 0.0, &Config::default()).unwrap().unwrap();
/// assert_eq!(m.len(), 4);
/// for p in m.points() {
///     assert!((p.distance + 0.01).abs() < 1e-15);
///     assert_eq!(p.point_a.z, 0.0);
///     assert!((p.anchor_b.z + 0.5).abs() < 1e-15); // in the cube's own frame
/// }
/// ```
pub fn half_space_manifold<T, S, const D: usize>(
    plane: &HalfSpace<T, D>,
    shape: &S,
    max_separation: T,
    config: &Config<T, D>,
) -> Result<Option<Manifold<T, D>>, Error>
where
    T: Real,
    S: Faces<T, D> + ?Sized,
{
    let Some(contact) = half_space_contact(plane, shape, max_separation, config)? else {
        return Ok(None);
    };
    let n = plane.normal();
    let margin = shape.margin();
    let mut face = Face::default();
    shape.face_into(&-n, &mut face);
    let mut found = Found::new();
    for (v, id) in face.points() {
        if !all_finite(&v) {
            return Err(Error::NonFinite);
        }
        let distance = plane.signed_distance(&v) - margin;
        if distance - rounding(&n, &v, plane.offset(), margin) <= max_separation {
            let _ = found.try_push((point(&n, v - n * margin, distance, u64::from(id)), v));
        }
    }
    let slack = contact.upper - contact.distance;
    let deepest = found
        .iter()
        .map(|(p, _)| p.distance)
        .reduce(|a, b| a.min(b));
    if deepest.is_none_or(|d| d > contact.distance + (slack + slack)) {
        let id = DEEPEST | u64::from(face.id);
        let own = point(&n, contact.point_b, contact.distance, id);
        let at = in_order(&found, &contact.point_b);
        if found.try_push((own, contact.point_b)).is_ok() {
            // Rotated into place: each point from `at` on swapped with the
            // last, the new one.
            if let Some((last, rest)) = found.get_mut(at..).and_then(|t| t.split_last_mut()) {
                for x in rest {
                    core::mem::swap(x, last);
                }
            }
        }
    }
    let mut out = Manifold::new();
    out.normal = n;
    out.status = contact.status;
    out.reference = Side::A;
    out.reference_face = 0;
    let keep = reduce(&found, slack);
    for (slot, i) in out.points.iter_mut().zip(keep) {
        *slot = found.get(i).map(|(p, _)| ManifoldPoint {
            anchor_b: shape.to_body(&p.point_b),
            ..*p
        });
    }
    if !out.is_finite() {
        return Err(Error::Overflow);
    }
    Ok(Some(out))
}

/// Where `p` goes among the points (in order around the face) so that the
/// order stays: after the point that begins the edge it detours least from
/// (`|p − u| + |p − w| − |w − u|` least, for the edge from `u` to `w`),
/// which for a point just outside a polygon is the edge it lies beyond.
fn in_order<T: Real, const D: usize>(found: &Found<T, D>, p: &SVector<T, D>) -> usize {
    let len = found.len();
    let at = |i: usize| found.get(i % len.max(1)).map_or(*p, |(_, v)| *v);
    let detour = |i: usize| {
        let (u, w) = (at(i), at(i + 1));
        (p - u).length() + (p - w).length() - (w - u).length()
    };
    (0..len)
        .reduce(|best, i| if detour(i) < detour(best) { i } else { best })
        .map_or(0, |i| i + 1)
}

/// A manifold point on the shape at `point_b`, `distance` above the plane
/// along `n`, its foot on the plane, with the shape's feature id.
fn point<T: Real, const D: usize>(
    n: &SVector<T, D>,
    point_b: SVector<T, D>,
    distance: T,
    id_b: u64,
) -> ManifoldPoint<T, D> {
    let point_a = point_b - n * distance;
    ManifoldPoint {
        point_a,
        point_b,
        distance,
        id_a: 0,
        id_b,
        anchor_a: point_a,
        anchor_b: point_b,
    }
}
