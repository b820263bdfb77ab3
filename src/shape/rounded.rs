//! Any shape grown by a radius.

use nalgebra::SVector;

use super::{valid_radius, BoxFrame, RayEntry, ShapeError, SupportMap};
use crate::math::real::Real;

/// All points within `radius` of `shape`: a rounded box, a rounded polygon.
///
/// The core stays the inner shape's core and the radius adds to its margin, so
/// the rounding never costs GJK iterations.
///
/// # Example
///
/// ```
/// use gjk::{distance, Cuboid, Config, Rounded, ShapeError, SupportMap, Transformed, Vector};
///
/// let square = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
/// let soft = Rounded::new(square, 0.25).unwrap();
/// assert_eq!(soft.margin(), 0.25);
/// let other = Transformed::translated(soft, Vector::<f64, 2>::new(3.0, 0.5)).unwrap();
/// let d = distance(&soft, &other, &Config::default()).unwrap();
/// assert!((d.distance - 0.5).abs() < 1e-12); // 3 apart, less two half-widths and two radii
/// assert!((d.point_a.x - 1.25).abs() < 1e-12);
/// assert_eq!(Rounded::new(square, -0.1), Err(ShapeError::Negative));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rounded<S, T: Real> {
    shape: S,
    radius: T,
}

impl<S, T: Real> Rounded<S, T> {
    /// `shape` grown by `radius`; fails on a negative or non-finite radius.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{distance, Cuboid, Config, Point, Rounded, ShapeError, Vector};
    ///
    /// // A unit square with corners rounded by 0.5, and a point beyond a corner.
    /// let square = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
    /// let soft = Rounded::new(square, 0.5).unwrap();
    /// let p = Point::new(Vector::<f64, 2>::new(4.0, 5.0)).unwrap();
    /// // 5 from the corner (1, 1), less the rounding.
    /// let d = distance(&soft, &p, &Config::default()).unwrap();
    /// assert!((d.distance - 4.5).abs() < 1e-12);
    /// assert_eq!(Rounded::new(square, -0.5).err(), Some(ShapeError::Negative));
    /// ```
    pub fn new(shape: S, radius: T) -> Result<Self, ShapeError> {
        valid_radius(radius)?;
        Ok(Self { shape, radius })
    }

    /// The inner shape.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, Rounded, Vector};
    ///
    /// let square = Cuboid::new(Vector::<f64, 2>::new(1.0, 2.0)).unwrap();
    /// let soft = Rounded::new(square, 0.1).unwrap();
    /// assert_eq!(soft.shape().half_extents(), Vector::<f64, 2>::new(1.0, 2.0));
    /// ```
    #[must_use]
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The added radius.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, Rounded, SupportMap, Vector};
    ///
    /// // Rounding a ball adds to its radius.
    /// let ball = Ball::new(Vector::<f64, 3>::zeros(), 1.0).unwrap();
    /// let bigger = Rounded::new(ball, 0.5).unwrap();
    /// assert_eq!(bigger.radius(), 0.5);
    /// assert_eq!(bigger.margin(), 1.5);
    /// ```
    #[must_use]
    pub fn radius(&self) -> T {
        self.radius
    }
}

impl<S: SupportMap<T, D>, T: Real, const D: usize> SupportMap<T, D> for Rounded<S, T> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        self.shape.core_support(dir)
    }
    #[inline]
    fn margin(&self) -> T {
        self.shape.margin() + self.radius
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.shape.center()
    }
    #[inline]
    fn core_point(&self) -> Option<SVector<T, D>> {
        self.shape.core_point()
    }
    #[inline]
    fn project_core(&self, p: &SVector<T, D>) -> Option<SVector<T, D>> {
        self.shape.project_core(p)
    }
    #[inline]
    fn core_box(&self) -> Option<BoxFrame<T, D>> {
        self.shape.core_box()
    }
    #[inline]
    fn ray_core(
        &self,
        origin: &SVector<T, D>,
        direction: &SVector<T, D>,
        radius: T,
    ) -> Option<RayEntry<T, D>> {
        self.shape.ray_core(origin, direction, radius)
    }
}
