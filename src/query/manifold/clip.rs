//! Clipping an incident face against the reference face's side planes, and
//! the points found, one per feature pair.

use super::answer::{
    Manifold, ManifoldPoint, Side, CLIPPED, CORNER, MAX_MANIFOLD_POINTS, VERTEX_BITS,
};
use super::face::{Face, MAX_FACE_POINTS};
use super::reduce::reduce;
use crate::engine::config::Status;
use crate::math::cross::cross3;
use crate::math::real::{max_abs, Length, Real};
use arrayvec::ArrayVec;
use nalgebra::SVector;

/// A point of the incident feature during clipping, with its id.
#[derive(Clone, Copy, Debug)]
pub(super) struct Keyed<T: Real, const D: usize> {
    pub(super) p: SVector<T, D>,
    pub(super) id: u64,
    /// The line the clipped polygon's edge from this point runs along.
    pub(super) out: Carrier,
}

/// What an edge of the clipped polygon lies on: an edge of the incident
/// feature (its first vertex's id; the next vertex around the feature is
/// its other end), or a side plane of the reference face (the id of the
/// reference vertex its edge starts at).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Carrier {
    Incident(u32),
    Plane(u32),
}

impl Carrier {
    /// The id of the point where the side plane of reference vertex
    /// `plane` cuts an edge on this carrier: the plane's vertex and the
    /// incident edge's first vertex, or the two planes' vertices meeting at
    /// a corner of the reference face (in either order). The ids name
    /// features, not positions in a list, so they stay while the features
    /// touch, whatever the order the faces were listed in.
    fn cut(self, plane: u32) -> u64 {
        let half = |v: u32| u64::from(v & VERTEX_BITS);
        match self {
            Carrier::Incident(v) => CLIPPED | half(plane) << 32 | half(v),
            Carrier::Plane(j) => CLIPPED | CORNER | half(j.min(plane)) << 32 | half(j.max(plane)),
        }
    }
}

/// Room for a clipped polygon: the incident face plus one point per side
/// plane.
pub(super) type Clipped<T, const D: usize> = ArrayVec<Keyed<T, D>, { 2 * MAX_FACE_POINTS }>;

/// The points of a manifold as they are found, each with its incident
/// position (before the margin), one per feature pair.
pub(super) struct Found<T: Real, const D: usize> {
    pub(super) points: ArrayVec<(ManifoldPoint<T, D>, SVector<T, D>), { 2 * MAX_FACE_POINTS }>,
    a_is_reference: bool,
    reference_face: u32,
    reference_id: u64,
    /// Points this close in depth are level.
    level: T,
}

impl<T: Real, const D: usize> Found<T, D> {
    pub(super) fn new(a_is_reference: bool, reference_id: u32, level: T) -> Self {
        Self {
            points: ArrayVec::new(),
            a_is_reference,
            reference_face: reference_id,
            reference_id: u64::from(reference_id),
            level,
        }
    }

    /// Adds the point with positions `(on_reference, on_incident)`, signed
    /// distance and incident id, found at incident position `at`; `false`
    /// when there is no room left.
    pub(super) fn add(
        &mut self,
        (on_reference, on_incident): (SVector<T, D>, SVector<T, D>),
        distance: T,
        id: u64,
        at: SVector<T, D>,
    ) -> bool {
        let point = if self.a_is_reference {
            ManifoldPoint {
                point_a: on_reference,
                point_b: on_incident,
                distance,
                id_a: self.reference_id,
                id_b: id,
                anchor_a: SVector::zeros(),
                anchor_b: SVector::zeros(),
            }
        } else {
            ManifoldPoint {
                point_a: on_incident,
                point_b: on_reference,
                distance,
                id_a: id,
                id_b: self.reference_id,
                anchor_a: SVector::zeros(),
                anchor_b: SVector::zeros(),
            }
        };
        // A clipped polygon that rounding has folded (a sliver's side
        // planes meet at a sharp angle) can pass a corner of the reference
        // face twice: one point per feature pair, the deeper.
        let same = |(q, _): &&mut (ManifoldPoint<T, D>, SVector<T, D>)| {
            (q.id_a, q.id_b) == (point.id_a, point.id_b)
        };
        if let Some(twin) = self.points.iter_mut().find(same) {
            if point.distance < twin.0.distance {
                *twin = (point, at);
            }
            return true;
        }
        self.points.try_push((point, at)).is_ok()
    }

    /// Adds the contact's own point, replacing the last point found when
    /// there is no room (the reduction keeps the deepest point first, so
    /// it stays in the manifold).
    pub(super) fn put_deepest(&mut self, point: ManifoldPoint<T, D>, at: SVector<T, D>) {
        if self.points.is_full() {
            self.points.pop();
        }
        let _ = self.points.try_push((point, at));
    }

    /// Writes the manifold of the points found (reduced to the most that
    /// it holds) into `out`; `false`, leaving `out` as it was, when there
    /// are none.
    #[inline(always)]
    pub(super) fn write(
        &self,
        normal: SVector<T, D>,
        status: Status,
        out: &mut Manifold<T, D>,
    ) -> bool {
        if self.points.is_empty() {
            return false;
        }
        out.normal = normal;
        out.status = status;
        out.reference = if self.a_is_reference {
            Side::A
        } else {
            Side::B
        };
        out.reference_face = self.reference_face;
        out.points = [None; MAX_MANIFOLD_POINTS];
        for (slot, i) in out.points.iter_mut().zip(reduce(&self.points, self.level)) {
            *slot = self.points.get(i).map(|(p, _)| *p);
        }
        true
    }
}

/// The incident feature clipped against the reference face's side planes
/// (within `slack`): for a polygon, one plane per edge, through the edge
/// and the direction `towards` the points are measured along; for a
/// segment, one plane at each end, parallel to it.
///
/// The polygon moves between the two buffers of `work`, clipped from one
/// into the other (no copy of a whole buffer); the returned index names the
/// one holding the result. `None` when a segment bounds nothing: its ends
/// are not apart across `towards` (to within `√ε` of its length), or no
/// farther apart than `slack` (a point, or a segment along the normal).
pub(super) fn clip<T: Real, const D: usize>(
    reference: &Face<T, D>,
    incident: &Face<T, D>,
    towards: &SVector<T, D>,
    slack: T,
    work: &mut [Clipped<T, D>; 2],
) -> Option<usize> {
    let [first, second] = work;
    let (mut poly, mut spare) = (first, second);
    let mut at_first = true;
    poly.clear();
    for (p, id) in incident.points() {
        let _ = poly.try_push(Keyed {
            p,
            id: u64::from(id),
            out: Carrier::Incident(id),
        });
    }
    let mut refs = ArrayVec::<(SVector<T, D>, u32), MAX_FACE_POINTS>::new();
    for point in reference.points() {
        let _ = refs.try_push(point);
    }
    let k = refs.len();
    let centre = refs.iter().fold(SVector::zeros(), |s, (p, _)| s + p)
        / T::from_usize(k).unwrap_or(T::one());
    for i in 0..k {
        let (Some(&(p, plane)), Some(&(q, _))) = (refs.get(i), refs.get(next(i, k))) else {
            continue;
        };
        // A segment's two planes are its ends; a polygon's, its edges; all
        // parallel to the direction the points are measured along, so that
        // a point kept projects into the face.
        let (side, at) = if k == 2 {
            let e = p - q;
            let side = e - towards * towards.dot(&e);
            if !(max_abs(&e) > slack && side.length() > T::EPSILON.sqrt() * e.length()) {
                return None;
            }
            (side, p)
        } else if let Some(s) = cross3(&(q - p), towards) {
            (s, p)
        } else {
            continue;
        };
        let side = if side.dot(&(centre - at)) > T::zero() {
            -side
        } else {
            side
        };
        // The plane need not be unit (only the slack is a length), just of
        // a size whose square neither overflows nor underflows.
        let big = max_abs(&side);
        if !(big > T::zero() && big.is_finite()) {
            continue;
        }
        let side = side * big.recip();
        let offset = side.dot(&at) + slack * side.length();
        clip_by(poly, |p| side.dot(p) - offset, plane, spare);
        core::mem::swap(&mut poly, &mut spare);
        at_first = !at_first;
        if k == 2 && i == 1 {
            break;
        }
    }
    Some(usize::from(!at_first))
}

/// The index after `i` around a cycle of `n` (no division).
fn next(i: usize, n: usize) -> usize {
    if i + 1 >= n {
        0
    } else {
        i + 1
    }
}

/// Sutherland–Hodgman against the half-space where `beyond` (a signed
/// distance to the side plane of reference vertex `plane`, affine in the
/// point) is at most zero; a
/// feature of two points is clipped as a segment, not a closed polygon.
pub(super) fn clip_by<T: Real, const D: usize>(
    poly: &Clipped<T, D>,
    beyond: impl Fn(&SVector<T, D>) -> T,
    plane: u32,
    out: &mut Clipped<T, D>,
) {
    out.clear();
    let n = poly.len();
    let edges = if n == 2 { 1 } else { n };
    if n == 1 {
        for k in poly.iter().filter(|k| beyond(&k.p) <= T::zero()) {
            let _ = out.try_push(*k);
        }
        return;
    }
    // Each point's signed distance to the plane, once.
    let mut distances = [T::zero(); 2 * MAX_FACE_POINTS];
    for (d, k) in distances.iter_mut().zip(poly.iter()) {
        *d = beyond(&k.p);
    }
    for i in 0..edges {
        let j = next(i, n);
        let (Some(&p), Some(&q), Some(&dp), Some(&dq)) =
            (poly.get(i), poly.get(j), distances.get(i), distances.get(j))
        else {
            continue;
        };
        if dp <= T::zero() {
            let _ = out.try_push(p);
        }
        if (dp <= T::zero()) != (dq <= T::zero()) {
            let t = dp / (dp - dq);
            // Leaving the half-space, the polygon follows the plane to
            // where it comes back; entering, it goes on along this edge.
            let leaving = dp <= T::zero();
            let _ = out.try_push(Keyed {
                p: p.p + (q.p - p.p) * t,
                id: p.out.cut(plane),
                out: if leaving && n > 2 {
                    Carrier::Plane(plane)
                } else {
                    p.out
                },
            });
        }
        if n == 2 && dq <= T::zero() {
            let _ = out.try_push(q);
        }
    }
}
