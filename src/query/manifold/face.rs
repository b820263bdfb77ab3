//! Flat features of shapes: the face (or edge, or vertex) of a core most
//! aligned with a direction, for contact manifolds.

use nalgebra::SVector;

use crate::math::real::{axis, unit, Real};
use crate::shape::SupportMap;

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
    pub(super) fn map(
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
    /// not placed; [`Transformed`](crate::Transformed) maps the point back through its
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

/// The trait through a pointer to a shape, every method forwarded (as
/// [`SupportMap`] is).
macro_rules! forward_faces {
    ($($pointer:ty),* $(,)?) => {$(
        impl<T: Real, const D: usize, S: Faces<T, D> + ?Sized> Faces<T, D> for $pointer {
            fn face(&self, dir: &SVector<T, D>) -> Face<T, D> {
                (**self).face(dir)
            }

            fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
                (**self).face_into(dir, out);
            }

            fn to_body(&self, p: &SVector<T, D>) -> SVector<T, D> {
                (**self).to_body(p)
            }
        }
    )*};
}

forward_faces!(&S);
#[cfg(feature = "alloc")]
forward_faces!(alloc::boxed::Box<S>, alloc::rc::Rc<S>, alloc::sync::Arc<S>);

/// A single point with the direction as its normal.
pub(super) fn single<T: Real, const D: usize>(
    point: SVector<T, D>,
    dir: &SVector<T, D>,
    out: &mut Face<T, D>,
) {
    out.reset(unit(dir).unwrap_or_else(|| axis(0)), 0);
    out.push(point, 0);
}
