//! A single point.

use nalgebra::SVector;

use super::{finite_point, ShapeError, SupportMap};
use crate::math::real::Real;

/// A single point: its support is itself in every direction.
///
/// # Example
///
/// ```
/// use gjk::{distance, Cuboid, Config, Point, SupportMap, Vector};
///
/// let p = Point::new(Vector::<f64, 3>::new(1.0, 2.0, 3.0)).unwrap();
/// assert_eq!(p.support(&Vector::<f64, 3>::x()), p.position()); // in every direction
/// assert_eq!(p.support(&-Vector::<f64, 3>::x()), p.position());
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let d = distance(&cube, &p, &Config::default()).unwrap();
/// assert!((d.distance - 5f64.sqrt()).abs() < 1e-12); // from the corner (1, 1, 1)
/// assert_eq!(d.iterations, 0); // projected onto the box: no GJK loop
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point<T: Real, const D: usize> {
    position: SVector<T, D>,
}

impl<T: Real, const D: usize> Point<T, D> {
    /// A point at `position`; fails on non-finite coordinates.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{distance, Config, Point, ShapeError, Vector};
    ///
    /// let a = Point::new(Vector::<f64, 3>::new(1.0, 2.0, 2.0)).unwrap();
    /// let origin = Point::new(Vector::<f64, 3>::zeros()).unwrap();
    /// let d = distance(&a, &origin, &Config::default()).unwrap();
    /// assert!((d.distance - 3.0).abs() < 1e-15);
    /// let bad = Point::new(Vector::<f64, 3>::new(f64::NAN, 0.0, 0.0));
    /// assert_eq!(bad, Err(ShapeError::NonFinite));
    /// ```
    pub fn new(position: SVector<T, D>) -> Result<Self, ShapeError> {
        finite_point(&position)?;
        Ok(Self { position })
    }

    /// The point's position.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Point, Vector};
    ///
    /// let p = Point::new(Vector::<f64, 2>::new(-1.0, 4.0)).unwrap();
    /// assert_eq!(p.position(), Vector::<f64, 2>::new(-1.0, 4.0));
    /// ```
    #[must_use]
    pub fn position(&self) -> SVector<T, D> {
        self.position
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Point<T, D> {
    #[inline]
    fn core_support(&self, _dir: &SVector<T, D>) -> SVector<T, D> {
        self.position
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.position
    }
    #[inline]
    fn core_point(&self) -> Option<SVector<T, D>> {
        Some(self.position)
    }
    #[inline]
    fn project_core(&self, _p: &SVector<T, D>) -> Option<SVector<T, D>> {
        Some(self.position)
    }
}
