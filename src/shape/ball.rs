//! Balls: discs in 2D, spheres in 3D, hyperspheres above.

use nalgebra::SVector;

use super::{finite_point, valid_radius, ShapeError, SupportMap};
use crate::math::real::Real;

/// A ball: all points within `radius` of `center`.
///
/// Its core is the centre point and its margin the radius, so queries between
/// balls (and between a ball and any polytope) need no iteration on the curved
/// surface and are exact up to rounding.
///
/// # Example
///
/// ```
/// use gjk::{intersects, Ball, Config, SupportMap, Vector};
///
/// let ball = Ball::new(Vector::<f64, 2>::new(1.0, 1.0), 2.0).unwrap();
/// assert_eq!(ball.core_support(&Vector::<f64, 2>::y()), Vector::<f64, 2>::new(1.0, 1.0));
/// assert_eq!(ball.margin(), 2.0); // the centre is the core, the radius the margin
/// assert_eq!(ball.support(&Vector::<f64, 2>::new(0.0, -3.0)), Vector::<f64, 2>::new(1.0, -1.0));
/// // Centres 3 apart, radii 2 + 1: touching counts as intersecting.
/// let touching = Ball::new(Vector::<f64, 2>::new(1.0, 4.0), 1.0).unwrap();
/// assert!(intersects(&ball, &touching, &Config::default()).unwrap());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ball<T: Real, const D: usize> {
    center: SVector<T, D>,
    radius: T,
}

impl<T: Real, const D: usize> Ball<T, D> {
    /// A ball; fails on non-finite input or a negative radius.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, ShapeError, SupportMap, Vector};
    ///
    /// let ball = Ball::new(Vector::<f64, 2>::new(1.0, 1.0), 2.0).unwrap();
    /// // The support along (3, 4) is the centre plus the radius along (0.6, 0.8).
    /// let p = ball.support(&Vector::<f64, 2>::new(3.0, 4.0));
    /// assert!((p - Vector::<f64, 2>::new(2.2, 2.6)).norm() < 1e-15);
    /// assert_eq!(Ball::new(Vector::<f64, 2>::zeros(), f64::NAN), Err(ShapeError::NonFinite));
    /// ```
    pub fn new(center: SVector<T, D>, radius: T) -> Result<Self, ShapeError> {
        finite_point(&center)?;
        valid_radius(radius)?;
        Ok(Self { center, radius })
    }

    /// The ball's radius.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, SupportMap, Vector};
    ///
    /// let ball = Ball::new(Vector::<f64, 3>::new(0.0, 1.0, 0.0), 0.25).unwrap();
    /// assert_eq!(ball.radius(), 0.25);
    /// assert_eq!(ball.margin(), 0.25); // a point core rounded by the radius
    /// ```
    #[must_use]
    pub fn radius(&self) -> T {
        self.radius
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Ball<T, D> {
    #[inline]
    fn core_support(&self, _dir: &SVector<T, D>) -> SVector<T, D> {
        self.center
    }
    #[inline]
    fn margin(&self) -> T {
        self.radius
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.center
    }
    #[inline]
    fn core_point(&self) -> Option<SVector<T, D>> {
        Some(self.center)
    }
    #[inline]
    fn project_core(&self, _p: &SVector<T, D>) -> Option<SVector<T, D>> {
        Some(self.center)
    }
}
