//! Flat features of shapes: the face (or edge, or vertex) of a core most
//! aligned with a direction, for contact manifolds.

use arrayvec::ArrayVec;
use nalgebra::{SVector, Vector2};

use crate::math::cross::cross3;
use crate::math::real::{axis, unit, Length, Real};
use crate::shape::{
    hull::Polygon, Ball, Capsule, Cuboid, Hull, Point, Rounded, Segment, SupportMap, Transformed,
    Triangle,
};

/// The most vertices a [`Face`] holds (a box face has 4).
///
/// # Example
///
/// ```
/// use gjk::{Face, Vector, MAX_FACE_POINTS};
///
/// let mut face = Face::new(Vector::<f64, 2>::y(), 0);
/// for i in 0..MAX_FACE_POINTS {
///     assert!(face.push(Vector::<f64, 2>::new(i as f64, 0.0), i as u32));
/// }
/// assert!(!face.push(Vector::<f64, 2>::zeros(), 99)); // full: nothing added
/// assert_eq!(face.len(), MAX_FACE_POINTS);
/// ```
pub const MAX_FACE_POINTS: usize = 8;

/// A feature of a shape's core: its vertices, each with an id that stays the
/// same while the shape is the same, and the feature's outward normal.
///
/// A face of a 3D polytope lists its vertices in order around it, an edge
/// of a 2D polygon (or a segment) its two ends, and a round core its single
/// point.
///
/// # Example
///
/// ```
/// use gjk::{Cuboid, Faces, Vector};
///
/// let slab = Cuboid::new(Vector::<f64, 3>::new(1.0, 2.0, 3.0)).unwrap();
/// // The face most aligned with a direction that leans up: the top, z = 3.
/// let top = slab.face(&Vector::<f64, 3>::new(0.1, 0.2, 1.0));
/// assert_eq!(top.normal, Vector::<f64, 3>::z());
/// assert_eq!(top.len(), 4);
/// assert!(top.points().all(|(p, _)| p.z == 3.0 && p.x.abs() == 1.0 && p.y.abs() == 2.0));
/// ```
#[derive(Clone, Copy)]
pub struct Face<T: Real, const D: usize> {
    points: [SVector<T, D>; MAX_FACE_POINTS],
    ids: [u32; MAX_FACE_POINTS],
    len: usize,
    /// The unit outward normal of the feature (for a single point, the
    /// direction it was asked for).
    pub normal: SVector<T, D>,
    /// The feature's id.
    pub id: u32,
}

/// Faces are equal when their normals, ids and vertices (with their ids,
/// in order) are: what a face held before [`Face::reset`] does not count.
impl<T: Real, const D: usize> PartialEq for Face<T, D> {
    fn eq(&self, other: &Self) -> bool {
        self.normal == other.normal
            && self.id == other.id
            && self.len == other.len
            && self.points().eq(other.points())
    }
}

impl<T: Real, const D: usize> core::fmt::Debug for Face<T, D> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let live = ..self.len.min(MAX_FACE_POINTS);
        f.debug_struct("Face")
            .field("points", &self.points.get(live))
            .field("ids", &self.ids.get(live))
            .field("normal", &self.normal)
            .field("id", &self.id)
            .finish()
    }
}

impl<T: Real, const D: usize> Default for Face<T, D> {
    /// An empty feature with a zero normal and id 0, to be filled by
    /// [`Faces::face_into`].
    fn default() -> Self {
        Self::new(SVector::zeros(), 0)
    }
}

impl<T: Real, const D: usize> Face<T, D> {
    /// An empty feature with this normal and id.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Face, Vector};
    ///
    /// let face = Face::new(Vector::<f64, 3>::z(), 7);
    /// assert!(face.is_empty());
    /// assert_eq!((face.normal, face.id), (Vector::<f64, 3>::z(), 7));
    /// ```
    #[must_use]
    pub fn new(normal: SVector<T, D>, id: u32) -> Self {
        Self {
            points: [SVector::zeros(); MAX_FACE_POINTS],
            ids: [0; MAX_FACE_POINTS],
            len: 0,
            normal,
            id,
        }
    }

    /// Empties the face and gives it this normal and id: a face kept by the
    /// caller, refilled by [`Faces::face_into`] without building a new one.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Face, Vector};
    ///
    /// let mut face = Face::new(Vector::<f64, 2>::x(), 1);
    /// face.push(Vector::<f64, 2>::new(1.0, 0.0), 4);
    /// face.reset(Vector::<f64, 2>::y(), 2);
    /// assert_eq!(face, Face::new(Vector::<f64, 2>::y(), 2));
    /// ```
    pub fn reset(&mut self, normal: SVector<T, D>, id: u32) {
        self.len = 0;
        self.normal = normal;
        self.id = id;
    }

    /// Appends a vertex with its id; `false` (and nothing changed) when the
    /// face is full.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Face, Vector};
    ///
    /// // An edge of a square, its two ends with their ids.
    /// let mut edge = Face::new(Vector::<f64, 2>::x(), 1);
    /// assert!(edge.push(Vector::<f64, 2>::new(1.0, -1.0), 10));
    /// assert!(edge.push(Vector::<f64, 2>::new(1.0, 1.0), 11));
    /// assert_eq!(edge.len(), 2);
    /// ```
    pub fn push(&mut self, point: SVector<T, D>, id: u32) -> bool {
        match (self.points.get_mut(self.len), self.ids.get_mut(self.len)) {
            (Some(p), Some(i)) => {
                *p = point;
                *i = id;
                self.len += 1;
                true
            }
            _ => false,
        }
    }

    /// The vertices with their ids.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, Faces, Vector};
    ///
    /// // The face of a square across −y: its bottom edge, both ends at y = −1.
    /// let square = Cuboid::new(Vector::<f64, 2>::new(2.0, 1.0)).unwrap();
    /// let bottom = square.face(&Vector::<f64, 2>::new(0.3, -1.0));
    /// let xs: Vec<f64> = bottom.points().map(|(p, _)| p.x).collect();
    /// assert!(bottom.points().all(|(p, _)| p.y == -1.0));
    /// assert!(xs.contains(&-2.0) && xs.contains(&2.0));
    /// ```
    pub fn points(&self) -> impl Iterator<Item = (SVector<T, D>, u32)> + '_ {
        self.points
            .iter()
            .copied()
            .zip(self.ids.iter().copied())
            .take(self.len)
    }

    /// How many vertices.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, Cuboid, Faces, Vector};
    ///
    /// let dir = Vector::<f64, 3>::new(0.0, 0.0, 1.0);
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(1.0)).unwrap();
    /// let ball = Ball::new(Vector::<f64, 3>::zeros(), 1.0).unwrap();
    /// assert_eq!(cube.face(&dir).len(), 4); // a square face
    /// assert_eq!(ball.face(&dir).len(), 1); // a point core
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the face has no vertex.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Face, Vector};
    ///
    /// let mut face = Face::new(Vector::<f64, 2>::y(), 0);
    /// assert!(face.is_empty());
    /// face.push(Vector::<f64, 2>::new(0.0, 1.0), 0);
    /// assert!(!face.is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Each vertex mapped by `f` and the normal by `g`, in place.
    fn map(
        &mut self,
        f: impl Fn(&SVector<T, D>) -> SVector<T, D>,
        g: impl Fn(&SVector<T, D>) -> SVector<T, D>,
    ) {
        self.normal = g(&self.normal);
        for p in self.points.iter_mut().take(self.len) {
            *p = f(p);
        }
    }
}

/// Shapes whose core has flat features: the capability contact manifolds
/// need, beside [`SupportMap`].
///
/// There is no default: shapes without flat faces implement it with their
/// single point (a ball) or not at all.
///
/// # Example
///
/// ```
/// use gjk::{Cuboid, Faces, Triangle, Vector};
///
/// // How many vertices `shape` stands on, and the normal of that feature.
/// fn footprint(shape: &impl Faces<f64, 3>) -> (usize, Vector<f64, 3>) {
///     let face = shape.face(&-Vector::<f64, 3>::z());
///     (face.len(), face.normal)
/// }
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let (o, x, y) = (Vector::<f64, 3>::zeros(), Vector::<f64, 3>::x(), Vector::<f64, 3>::y());
/// let flat = Triangle::new(o, x, y).unwrap();
/// assert_eq!(footprint(&cube), (4, -Vector::<f64, 3>::z()));
/// assert_eq!(footprint(&flat), (3, -Vector::<f64, 3>::z()));
/// ```
pub trait Faces<T: Real, const D: usize>: SupportMap<T, D> {
    /// The feature of the core most aligned with `dir` (a non-zero
    /// direction, not necessarily unit) at its support point along `dir`:
    /// for a polytope, of the faces through the vertex farthest along
    /// `dir`, the one whose outward normal makes the smallest angle with
    /// `dir`, with its vertices in order around it. (For boxes, polygons
    /// and triangles that is the most aligned face of all; a polyhedron can
    /// have a slightly better aligned face elsewhere, away from where a
    /// contact along `dir` lies.)
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Faces, hull::Polygon};
    /// use gjk::nalgebra::Vector2;
    ///
    /// // A square's right edge is the face most aligned with (1, 0.3).
    /// let v = |x: f64, y: f64| Vector2::new(x, y);
    /// let corners = [v(-1.0, -1.0), v(1.0, -1.0), v(1.0, 1.0), v(-1.0, 1.0)];
    /// let square = Polygon::new(corners).unwrap();
    /// let edge = square.face(&v(1.0, 0.3));
    /// assert!((edge.normal - v(1.0, 0.0)).norm() < 1e-15);
    /// assert_eq!(edge.len(), 2);
    /// assert!(edge.points().all(|(p, _)| p.x == 1.0));
    /// ```
    fn face(&self, dir: &SVector<T, D>) -> Face<T, D> {
        let mut face = Face::default();
        self.face_into(dir, &mut face);
        face
    }

    /// [`face`](Faces::face) written into the caller's `out` (whatever it
    /// held is replaced): the method to implement, so that a feature is
    /// built where its user keeps it, with no copy on the way.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, Face, Faces, Vector};
    ///
    /// let square = Cuboid::new(Vector::<f64, 2>::new(2.0, 1.0)).unwrap();
    /// let mut face = Face::default();
    /// square.face_into(&Vector::<f64, 2>::new(0.1, 1.0), &mut face);
    /// assert_eq!((face.len(), face.normal), (2, Vector::<f64, 2>::y()));
    /// square.face_into(&Vector::<f64, 2>::new(-1.0, 0.2), &mut face);
    /// assert_eq!(face, square.face(&Vector::<f64, 2>::new(-1.0, 0.2)));
    /// assert!(face.points().all(|(p, _)| p.x == -2.0));
    /// ```
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>);

    /// `p`, a point given where the shape is placed, in the shape's own
    /// frame (the one its vertices or dimensions are given in): the body
    /// frame a solver keeps contact anchors in. The shape itself for a shape
    /// not placed; [`Transformed`] maps the point back through its
    /// placement, then asks the shape it places.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, Faces, Transformed, Vector};
    ///
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(1.0)).unwrap();
    /// let moved = Transformed::translated(cube, Vector::<f64, 3>::new(5.0, 0.0, 0.0)).unwrap();
    /// let p = Vector::<f64, 3>::new(6.0, 1.0, 0.5);
    /// assert_eq!(cube.to_body(&p), p);
    /// assert_eq!(moved.to_body(&p), Vector::<f64, 3>::new(1.0, 1.0, 0.5));
    /// ```
    fn to_body(&self, p: &SVector<T, D>) -> SVector<T, D> {
        *p
    }
}

impl<T: Real, const D: usize, S: Faces<T, D> + ?Sized> Faces<T, D> for &S {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        (**self).face_into(dir, out);
    }

    fn to_body(&self, p: &SVector<T, D>) -> SVector<T, D> {
        (**self).to_body(p)
    }
}

/// A single point with the direction as its normal.
pub(super) fn single<T: Real, const D: usize>(
    point: SVector<T, D>,
    dir: &SVector<T, D>,
    out: &mut Face<T, D>,
) {
    out.reset(unit(dir).unwrap_or_else(|| axis(0)), 0);
    out.push(point, 0);
}

impl<T: Real, const D: usize> Faces<T, D> for Ball<T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        single(self.center(), dir, out);
    }
}

impl<T: Real, const D: usize> Faces<T, D> for Point<T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        single(self.position(), dir, out);
    }
}

/// The box face across the axis along which `dir` is largest: id `2i` on
/// the negative side of axis `i`, `2i + 1` on the positive; its corners
/// (ids: bit `j` set for the positive side of axis `j`) in order around it
/// (Gray code over the other axes). Boxes of more than three dimensions give
/// the corner most along `dir`.
impl<T: Real, const D: usize> Faces<T, D> for Cuboid<T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        let h = self.half_extents();
        let Some((i, _)) =
            dir.iter()
                .enumerate()
                .fold(None, |best: Option<(usize, T)>, (k, &x)| match best {
                    Some((_, m)) if x.abs() <= m => best,
                    _ => Some((k, x.abs())),
                })
        else {
            return single(SVector::zeros(), dir, out);
        };
        let positive = dir.get(i).is_some_and(|&x| x >= T::zero());
        let sign = if positive { T::one() } else { -T::one() };
        out.reset(
            axis::<T, D>(i) * sign,
            (2 * i + usize::from(positive)) as u32,
        );
        let others: [usize; 2] = match (D, i) {
            (3, 0) => [1, 2],
            (3, 1) => [2, 0],
            (3, _) => [0, 1],
            (2, 0) => [1, 1],
            (2, _) => [0, 0],
            _ => return single(self.core_support(dir), dir, out),
        };
        let corners: &[(bool, bool)] = if D == 2 {
            &[(false, false), (true, true)]
        } else {
            &[(false, false), (true, false), (true, true), (false, true)]
        };
        for &(first, second) in corners {
            let mut p = SVector::<T, D>::zeros();
            let mut id = 0u32;
            for (k, x) in p.iter_mut().enumerate() {
                let hk = h.get(k).copied().unwrap_or_else(T::zero);
                let up = if k == i {
                    positive
                } else if k == others[0] {
                    first
                } else {
                    second
                };
                *x = if up { hk } else { -hk };
                id |= u32::from(up) << k;
            }
            out.push(p, id);
        }
    }
}

/// The whole segment (its ends, ids 0 and 1) with the part of `dir` across
/// it as normal: flat along its length, whatever the direction; clipping
/// and the separation test keep what touches.
impl<T: Real, const D: usize> Faces<T, D> for Segment<T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        let (a, b) = self.endpoints();
        let across = match unit(&(b - a)) {
            Some(e) => dir - e * e.dot(dir),
            None => *dir,
        };
        out.reset(
            unit(&across)
                .or_else(|| unit(dir))
                .unwrap_or_else(|| axis(0)),
            0,
        );
        out.push(a, 0);
        out.push(b, 1);
    }
}

impl<T: Real, const D: usize> Faces<T, D> for Capsule<T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        self.segment().face_into(dir, out);
    }
}

/// The edge whose outward normal is closest to `dir`: edge `k` runs from
/// vertex `k` to vertex `k + 1` (ids their indices).
impl<P: AsRef<[Vector2<T>]>, T: Real> Faces<T, 2> for Polygon<P, T> {
    fn face_into(&self, dir: &Vector2<T>, out: &mut Face<T, 2>) {
        if !aligned_edge(self.vertices(), true, dir, out) {
            single(self.core_support(dir), dir, out);
        }
    }
}

/// The edge of a convex polygon in the plane (`D = 2`; vertices in order,
/// counter-clockwise when `ccw`) whose outward normal (the edge turned
/// right, or left when clockwise) is most aligned with `dir`, into `out`:
/// its two ends, ids their vertex indices, the face's id the edge's first
/// vertex. `false` when no edge has a normal.
fn aligned_edge<T: Real, const D: usize>(
    v: &[SVector<T, D>],
    ccw: bool,
    dir: &SVector<T, D>,
    out: &mut Face<T, D>,
) -> bool {
    let n = v.len();
    let after = |k: usize| if k + 1 >= n { 0 } else { k + 1 };
    let mut best: Option<(usize, T, SVector<T, D>)> = None;
    for k in 0..n {
        let (Some(&p), Some(&q)) = (v.get(k), v.get(after(k))) else {
            continue;
        };
        let e = q - p;
        let (Some(&x), Some(&y)) = (e.get(0), e.get(1)) else {
            continue;
        };
        let (x, y) = if ccw { (x, y) } else { (-x, -y) };
        let turned = SVector::<T, D>::from_fn(|i, _| if i == 0 { y } else { -x });
        let Some(normal) = unit(&turned) else {
            continue;
        };
        let along = normal.dot(dir);
        if best.is_none_or(|(_, m, _)| along > m) {
            best = Some((k, along, normal));
        }
    }
    let Some((k, _, normal)) = best else {
        return false;
    };
    let (Some(&p), Some(&q)) = (v.get(k), v.get(after(k))) else {
        return false;
    };
    out.reset(normal, k as u32);
    out.push(p, k as u32);
    out.push(q, after(k) as u32);
    true
}

/// In 2D the edge most aligned with `dir` (its ends, ids their vertex
/// indices; the face's id the edge's first vertex); in 3D the whole
/// triangle (ids 0, 1, 2) with the normal of its side facing `dir` (face id
/// 0 for the side of `(b − a) × (c − a)`, 1 for the other), flat whatever
/// the direction, as a segment is: clipping and the separation test keep
/// what touches. Beyond 3D, the vertex most along `dir`.
impl<T: Real, const D: usize> Faces<T, D> for Triangle<T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        let v = self.vertices();
        match D {
            2 => {
                // Counter-clockwise when `(b − a) × (c − a)` points up.
                let (e1, e2) = (v[1] - v[0], v[2] - v[0]);
                let g = |w: &SVector<T, D>, i: usize| w.get(i).copied().unwrap_or_else(T::zero);
                let ccw = g(&e1, 0) * g(&e2, 1) - g(&e1, 1) * g(&e2, 0) >= T::zero();
                if !aligned_edge(&v, ccw, dir, out) {
                    single(self.core_support(dir), dir, out);
                }
            }
            3 => {
                let Some(n) = cross3(&(v[1] - v[0]), &(v[2] - v[0])).and_then(|c| unit(&c)) else {
                    return single(self.core_support(dir), dir, out);
                };
                let (normal, id) = if n.dot(dir) < T::zero() {
                    (-n, 1)
                } else {
                    (n, 0)
                };
                out.reset(normal, id);
                for (k, p) in v.iter().enumerate() {
                    out.push(*p, k as u32);
                }
            }
            _ => single(self.core_support(dir), dir, out),
        }
    }
}

impl<S: Faces<T, D>, T: Real, const D: usize> Faces<T, D> for Transformed<S, T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        self.shape().face_into(&self.direction_to_local(dir), out);
        out.map(|p| self.to_world(p), |n| self.normal_to_world(n));
    }

    fn to_body(&self, p: &SVector<T, D>) -> SVector<T, D> {
        self.shape().to_body(&self.to_local(p))
    }
}

impl<S: Faces<T, D>, T: Real, const D: usize> Faces<T, D> for Rounded<S, T> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        self.shape().face_into(dir, out);
    }

    fn to_body(&self, p: &SVector<T, D>) -> SVector<T, D> {
        self.shape().to_body(p)
    }
}

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
