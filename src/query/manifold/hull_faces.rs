//! The faces of a hull: its facets merged into flat faces, and faces of more
//! than eight vertices gathered and thinned by least lost area.

use super::face::{single, Face, Faces, MAX_FACE_POINTS};
use crate::math::cross::cross3;
use crate::math::real::{unit, Length, Real};
use crate::shape::{Hull, SupportMap};
use arrayvec::ArrayVec;
use nalgebra::SVector;

/// Of the facets at the support vertex along `dir`, the one whose outward
/// normal is closest to `dir`, merged with the facets in its plane (a box
/// face built as two triangles is one face): their vertices in order around
/// the face (ids: indices into the points), the face's id the index of the
/// first of its facets (the same whichever facet is best aligned). A face
/// of more than [`MAX_FACE_POINTS`] vertices (a cylinder's many-sided cap)
/// is thinned to that many, each time dropping the vertex whose removal
/// loses the least area: the face kept lies inside the true one and covers
/// nearly all of it (a regular 32-gon thinned to 8 keeps 0.90 of its area,
/// and its best four points are the 32-gon's). In 2D the facets are the
/// polygon's edges; beyond 3D the best facet alone.
///
/// Only the few facets around one vertex are weighed, found by their
/// indices before any normal is computed. In 2D the best of them is the
/// best of all the edges. In 3D a facet elsewhere can be a little better
/// aligned when the normals around the vertex are far apart, but it does
/// not touch what lies along `dir` beyond the support vertex: a facet
/// through that vertex is the face a contact there lies on. A hull
/// flatter than the rounding of its support (whose support vertex may
/// then lie on its far side, every facet there facing away from `dir`)
/// weighs every facet.
impl<T: Real, const D: usize> Faces<T, D> for Hull<'_, T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        let points = self.points();
        let at = |i: u32| points.get(i as usize).copied();
        // A facet is passed over without its unit normal when its raw normal
        // `m` (a cross product, or the edge turned in 2D) proves it less
        // aligned than the best so far by more than the unit normal's
        // rounding could hide: `m̂ · d` is within `ROUNDING_FLOOR · ‖d‖` of
        // `(m · d) / ‖m‖`, so `m · d < (best − ROUNDING_FLOOR · ‖d‖) ‖m‖`,
        // squared with a relative slack for its own rounding, means the
        // facet would lose the comparison below. Only lengths of safe range
        // are squared; others take the full path.
        let slack = T::ROUNDING_FLOOR * dir.length();
        // A facet's outward normal, not normalised: the cross product of two
        // edges in 3D, the edge turned clockwise in 2D.
        let raw_normal = |f: &[u32; D]| -> Option<SVector<T, D>> {
            let p0 = at(*f.first()?)?;
            let e1 = at(*f.get(1)?)? - p0;
            if D == 2 {
                let (x, y) = (e1.get(0).copied()?, e1.get(1).copied()?);
                return Some(SVector::from_fn(|i, _| if i == 0 { y } else { -x }));
            }
            cross3(&e1, &(at(*f.get(2)?)? - p0))
        };
        let normal_of = |f: &[u32; D]| raw_normal(f).and_then(|m| unit(&m));
        let beaten = |m: &SVector<T, D>, best: T| -> bool {
            let bar = best - slack;
            let (md, mm) = (m.dot(dir), m.length_squared());
            let safe = mm > T::SAFE_SQUARE.recip() && mm < T::SAFE_SQUARE;
            bar > T::zero()
                && safe
                && (md <= T::zero() || md * md < bar * bar * mm * (T::one() - T::ROUNDING_FLOOR))
        };
        // The best facet through `apex`, or of all facets for `None`, in
        // ascending order (the first wins a tie). A hull that climbs lists
        // the facets at each vertex; one that scans has few facets, and
        // they are searched.
        let scan = |apex: Option<u32>| {
            let mut best: Option<(usize, T, SVector<T, D>)> = None;
            let mut weigh = |k: usize, f: &[u32; D]| {
                let Some(m) = raw_normal(f) else {
                    return;
                };
                if best.is_some_and(|(_, b, _)| beaten(&m, b)) {
                    return;
                }
                let Some(n) = unit(&m) else {
                    return;
                };
                let along = n.dot(dir);
                if best.is_none_or(|(_, m, _)| along > m) {
                    best = Some((k, along, n));
                }
            };
            match apex.and_then(|v| self.facets_at(v)) {
                Some(at) => {
                    for &k in at {
                        if let Some(f) = self.facets().get(k as usize) {
                            weigh(k as usize, f);
                        }
                    }
                }
                None => {
                    for (k, f) in self.facets().iter().enumerate() {
                        if apex.is_none_or(|v| f.contains(&v)) {
                            weigh(k, f);
                        }
                    }
                }
            }
            best
        };
        // `dir` lies in the cone of the normals at the true support vertex,
        // so one of them leans towards it: when none at `apex` does, the
        // shape is flatter than the support's rounding and `apex` may lie
        // on its far side; then every facet is weighed.
        let best = match scan(self.support_vertex(dir)) {
            Some(b) if b.1 > T::zero() => Some(b),
            _ => scan(None),
        };
        let Some((k, _, normal)) = best else {
            return single(self.core_support(dir), dir, out);
        };
        let face = out;
        face.reset(normal, k as u32);
        let Some(facet) = self.facets().get(k) else {
            return;
        };
        // The vertices of every facet in the same plane (to rounding).
        let offset = facet
            .first()
            .and_then(|&i| at(i))
            .map_or(T::zero(), |p| normal.dot(&p));
        let flat = T::ROUNDING_FLOOR * self.scale() * T::lit(16.0);
        let in_plane = |p: SVector<T, D>| (normal.dot(&p) - offset).abs() <= flat;
        // No other vertex in the plane: no other facet lies in it, and the
        // facet alone is the face (the usual case, and fewer vertices to
        // test than facets).
        let alone = self
            .vertices()
            .iter()
            .all(|&v| !at(v).is_some_and(in_plane) || facet.contains(&v));
        if alone {
            for &i in facet {
                if let Some(p) = at(i) {
                    face.push(p, i);
                }
            }
            return;
        }
        // Every vertex of the facets in the plane, gathered (and thinned
        // when there are more than there is room for), and the face named
        // by the first of its facets, whichever of them is best aligned.
        let mut ids = ArrayVec::<u32, GATHERED>::new();
        let mut first_facet = k;
        for (j, f) in self.facets().iter().enumerate() {
            // The cheap test first: most facets have a vertex off the plane,
            // and then no normal needs computing.
            let coplanar = f.iter().all(|&i| at(i).is_some_and(in_plane))
                && normal_of(f).is_some_and(|n| n.dot(&normal) >= T::one() - T::ANGLE_SLACK);
            if !coplanar {
                continue;
            }
            first_facet = first_facet.min(j);
            for &i in f {
                if ids.contains(&i) {
                    continue;
                }
                if ids.is_full() {
                    around(&mut ids, &at, &normal);
                    thin(&mut ids, GATHERED / 2, &at);
                }
                let _ = ids.try_push(i);
            }
        }
        // A lone facet (every face in 2D) is in order already, and named
        // by itself.
        if D != 3 || ids.len() == D {
            for &i in facet {
                if let Some(p) = at(i) {
                    face.push(p, i);
                }
            }
            return;
        }
        face.id = first_facet as u32;
        around(&mut ids, &at, &normal);
        thin(&mut ids, MAX_FACE_POINTS, &at);
        for &i in &ids {
            if let Some(p) = at(i) {
                face.push(p, i);
            }
        }
    }
}

/// The faces of the borrowed form, read back from the owned storage.
#[cfg(feature = "alloc")]
impl<T: Real, const D: usize> Faces<T, D> for crate::shape::OwnedHull<T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        self.as_hull().face_into(dir, out);
    }
}

/// The most vertices of a merged hull face gathered at once; more are
/// thinned to half as many as they come.
const GATHERED: usize = 32;

/// Two ears whose areas are within this fraction of each other count as
/// equal when a face is thinned: of those, the vertex with the smallest id
/// goes, so that a small motion of a regular face (whose ears are all
/// equal) removes the same vertices.
const EAR_TIE: f64 = 1e-3;

/// Sorts the vertex ids of a convex planar face (in 3D, of normal
/// `normal`) in order around it: by angle about their centroid, from the
/// first vertex's direction.
fn around<T: Real, const D: usize>(
    ids: &mut [u32],
    at: &impl Fn(u32) -> Option<SVector<T, D>>,
    normal: &SVector<T, D>,
) {
    let Some(count) = T::from_usize(ids.len()).filter(|&c| c > T::zero()) else {
        return;
    };
    let centre = ids
        .iter()
        .filter_map(|&i| at(i))
        .fold(SVector::zeros(), |s, p| s + p)
        / count;
    let first = ids
        .first()
        .and_then(|&i| at(i))
        .map_or(SVector::zeros(), |p| p - centre);
    let (Some(u), Some(w)) = (unit(&first), cross3(normal, &first).and_then(|w| unit(&w))) else {
        return;
    };
    let angle = |i: u32| {
        let d = at(i).map_or(SVector::zeros(), |p| p - centre);
        w.dot(&d).atan2(u.dot(&d))
    };
    // Insertion sort on the angles (a face gathers at most `GATHERED`
    // vertices): no comparison can make it fail, whatever a NaN does.
    let mut angles = [T::zero(); GATHERED];
    for (a, &i) in angles.iter_mut().zip(ids.iter()) {
        *a = angle(i);
    }
    let n = ids.len().min(GATHERED);
    for k in 1..n {
        let mut j = k;
        while j > 0 {
            let (Some(&before), Some(&here)) = (angles.get(j - 1), angles.get(j)) else {
                break;
            };
            if !(here < before) {
                break;
            }
            exchange(&mut angles, j - 1);
            exchange(ids, j - 1);
            j -= 1;
        }
    }
}

/// Exchanges the entries at `k` and `k + 1` (nothing when either is
/// missing), with no index that could fail.
fn exchange<X>(v: &mut [X], k: usize) {
    let pair = v.get_mut(k..).and_then(|rest| rest.get_mut(..2));
    if let Some([a, b]) = pair {
        core::mem::swap(a, b);
    }
}

/// Removes vertices from a convex planar face (ids in order around it)
/// until at most `keep` are left, each time the one whose removal loses the
/// least area: the vertex whose ear, the triangle it makes with its two
/// neighbours, is smallest (Visvalingam & Whyatt, "Line generalisation by
/// repeated elimination of points", The Cartographic Journal 1993). The
/// face left is the largest the greedy order finds inside the face, so a
/// point clipped against it lies on the face.
fn thin<T: Real, const D: usize, const N: usize>(
    ids: &mut ArrayVec<u32, N>,
    keep: usize,
    at: &impl Fn(u32) -> Option<SVector<T, D>>,
) {
    while ids.len() > keep.max(3) {
        let n = ids.len();
        // `k` runs below `2n`: one wrap around the face (no division).
        let point = |k: usize| {
            ids.get(if k >= n { k - n } else { k })
                .and_then(|&i| at(i))
                .unwrap_or_else(SVector::zeros)
        };
        let ear = |k: usize| {
            let (p, q, r) = (point(k + n - 1), point(k), point(k + 1));
            cross3(&(q - p), &(r - p)).map_or(T::zero(), |c| c.length())
        };
        let Some(least) = (0..n).map(ear).reduce(T::min) else {
            return;
        };
        let limit = least + least * T::lit(EAR_TIE);
        let Some(gone) = (0..n)
            .filter(|&k| ear(k) <= limit)
            .min_by_key(|&k| ids.get(k).copied().unwrap_or(u32::MAX))
        else {
            return;
        };
        // Moved to the end by exchanges, then popped.
        for k in gone..n {
            exchange(ids, k);
        }
        let _ = ids.pop();
    }
}
