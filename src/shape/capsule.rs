//! Capsules: a segment swept by a ball.

use nalgebra::SVector;

use super::{valid_radius, RayEntry, Segment, ShapeError, SupportMap};
use crate::math::real::Real;

/// All points within `radius` of a segment: a stadium in 2D, a capsule in 3D.
///
/// The core is the segment, the margin the radius.
///
/// # Example
///
/// ```
/// use gjk::{distance, Ball, Capsule, Config, SupportMap, Vector};
///
/// let (a, b) = (Vector::<f64, 3>::new(0.0, 0.0, -1.0), Vector::<f64, 3>::new(0.0, 0.0, 1.0));
/// let pill = Capsule::new(a, b, 0.5).unwrap();
/// assert_eq!(pill.support(&Vector::<f64, 3>::z()), Vector::<f64, 3>::new(0.0, 0.0, 1.5));
/// let ball = Ball::new(Vector::<f64, 3>::new(3.0, 0.0, 0.5), 1.0).unwrap();
/// let d = distance(&pill, &ball, &Config::default()).unwrap();
/// assert!((d.distance - 1.5).abs() < 1e-12); // 3 from the axis, less both radii
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Capsule<T: Real, const D: usize> {
    segment: Segment<T, D>,
    radius: T,
}

impl<T: Real, const D: usize> Capsule<T, D> {
    /// The capsule around the segment `a`–`b`; fails on non-finite input or a
    /// negative radius.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{distance, Ball, Capsule, Config, ShapeError, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let pill = Capsule::new(v(-2.0, 0.0), v(2.0, 0.0), 0.5).unwrap();
    /// // A unit disc 3 above the middle: 3 − 0.5 − 1 apart.
    /// let disc = Ball::new(v(0.0, 3.0), 1.0).unwrap();
    /// let d = distance(&pill, &disc, &Config::default()).unwrap();
    /// assert!((d.distance - 1.5).abs() < 1e-12);
    /// assert_eq!(Capsule::new(v(0.0, 0.0), v(1.0, 0.0), -0.5), Err(ShapeError::Negative));
    /// ```
    pub fn new(a: SVector<T, D>, b: SVector<T, D>, radius: T) -> Result<Self, ShapeError> {
        valid_radius(radius)?;
        Ok(Self {
            segment: Segment::new(a, b)?,
            radius,
        })
    }

    /// The core segment.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Capsule, Vector};
    ///
    /// let (a, b) = (Vector::<f64, 3>::zeros(), Vector::<f64, 3>::new(0.0, 0.0, 2.0));
    /// let capsule = Capsule::new(a, b, 0.3).unwrap();
    /// assert_eq!(capsule.segment().endpoints(), (a, b));
    /// ```
    #[must_use]
    pub fn segment(&self) -> Segment<T, D> {
        self.segment
    }

    /// The radius.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Capsule, SupportMap, Vector};
    ///
    /// let (a, b) = (Vector::<f64, 3>::zeros(), Vector::<f64, 3>::new(0.0, 0.0, 2.0));
    /// let capsule = Capsule::new(a, b, 0.3).unwrap();
    /// assert_eq!(capsule.radius(), 0.3);
    /// // The top is the end point raised by the radius.
    /// assert!((capsule.support(&Vector::<f64, 3>::z()).z - 2.3).abs() < 1e-15);
    /// ```
    #[must_use]
    pub fn radius(&self) -> T {
        self.radius
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Capsule<T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        self.segment.core_support(dir)
    }
    #[inline]
    fn margin(&self) -> T {
        self.radius
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.segment.center()
    }
    #[inline]
    fn project_core(&self, p: &SVector<T, D>) -> Option<SVector<T, D>> {
        self.segment.project_core(p)
    }
    #[inline]
    fn ray_core(
        &self,
        origin: &SVector<T, D>,
        direction: &SVector<T, D>,
        radius: T,
    ) -> Option<RayEntry<T, D>> {
        self.segment.ray_core(origin, direction, radius)
    }
}
