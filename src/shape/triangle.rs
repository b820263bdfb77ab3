//! Triangles in any dimension.

use nalgebra::SVector;

use super::{farthest, finite_point, ShapeError, SupportMap};
use crate::math::real::Real;

/// The triangle with vertices `a`, `b`, `c` (which may be collinear or coincide).
///
/// # Example
///
/// ```
/// use gjk::{distance, Config, Point, SupportMap, Triangle, Vector};
///
/// let (o, x, y) = (Vector::<f64, 3>::zeros(), Vector::<f64, 3>::x(), Vector::<f64, 3>::y());
/// let tri = Triangle::new(o, x * 2.0, y * 2.0).unwrap();
/// assert_eq!(tri.support(&Vector::<f64, 3>::new(1.0, 0.5, 0.0)), x * 2.0);
/// let above = Point::new(Vector::<f64, 3>::new(0.5, 0.5, 3.0)).unwrap();
/// let d = distance(&tri, &above, &Config::default()).unwrap();
/// assert!((d.distance - 3.0).abs() < 1e-12); // straight down onto the face
/// assert!((d.point_a - Vector::<f64, 3>::new(0.5, 0.5, 0.0)).norm() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Triangle<T: Real, const D: usize> {
    vertices: [SVector<T, D>; 3],
}

impl<T: Real, const D: usize> Triangle<T, D> {
    /// A triangle; fails on non-finite coordinates.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{distance, Config, Point, Triangle, Vector};
    ///
    /// // A triangle in the plane z = 0 and a point 2 above its inside.
    /// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    /// let t = Triangle::new(v(0.0, 0.0, 0.0), v(3.0, 0.0, 0.0), v(0.0, 3.0, 0.0)).unwrap();
    /// let p = Point::new(v(1.0, 1.0, 2.0)).unwrap();
    /// let d = distance(&t, &p, &Config::default()).unwrap();
    /// assert!((d.distance - 2.0).abs() < 1e-12);
    /// assert!((d.point_a - v(1.0, 1.0, 0.0)).norm() < 1e-12);
    /// ```
    pub fn new(a: SVector<T, D>, b: SVector<T, D>, c: SVector<T, D>) -> Result<Self, ShapeError> {
        let vertices = [a, b, c];
        vertices.iter().try_for_each(finite_point)?;
        Ok(Self { vertices })
    }

    /// The three vertices.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Triangle, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let t = Triangle::new(v(0.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)).unwrap();
    /// assert_eq!(t.vertices(), [v(0.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)]);
    /// ```
    #[must_use]
    pub fn vertices(&self) -> [SVector<T, D>; 3] {
        self.vertices
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Triangle<T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        farthest(&self.vertices, dir).unwrap_or(self.vertices[0])
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        let [a, b, c] = self.vertices;
        (a + b + c) / T::lit(3.0)
    }
}
