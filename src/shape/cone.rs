//! Cones: the hull of a disc and an apex.

use nalgebra::SVector;

use super::cone_ray::cone_entry;
use super::cylinder::{revolution_lengths, rim_point};
use super::{RayEntry, ShapeError, SupportMap};
use crate::math::real::Real;

/// A solid circular cone about the `y` axis: apex at `(0, h, 0)`, base disc
/// of radius `r` at `y = −h`, so the origin is the middle of its axis.
/// Place it with [`Transformed`](crate::Transformed).
///
/// Its support function is the larger of the apex's `h d_y` and the base
/// rim's `−h d_y + r ‖(d_x, d_z)‖`.
///
/// ```
/// use gjk::{distance, Ball, Cone, Config, Vector};
///
/// let cone = Cone::new(1.0_f64, 1.0).unwrap();
/// let ball = Ball::new(Vector::<f64, 3>::new(0.0, 3.0, 0.0), 0.5).unwrap();
/// let d = distance(&cone, &ball, &Config::default()).unwrap();
/// assert!((d.distance - 1.5).abs() < 1e-12); // above the apex
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cone<T: Real> {
    radius: T,
    half_height: T,
}

impl<T: Real> Cone<T> {
    /// The cone of `half_height` (half the apex's height over the base) and
    /// base `radius`, in parry's order; fails on non-finite or negative
    /// input.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cone, ShapeError, SupportMap, Vector};
    ///
    /// let cone = Cone::new(1.0_f64, 2.0).unwrap();
    /// // The apex is up the y axis, the base rim at y = −1.
    /// assert_eq!(cone.support(&Vector::<f64, 3>::y()), Vector::<f64, 3>::new(0.0, 1.0, 0.0));
    /// let rim = cone.support(&Vector::<f64, 3>::new(1.0, -1.0, 0.0));
    /// assert_eq!(rim, Vector::<f64, 3>::new(2.0, -1.0, 0.0));
    /// assert_eq!(Cone::new(-1.0, 2.0), Err(ShapeError::Negative));
    /// ```
    pub fn new(half_height: T, radius: T) -> Result<Self, ShapeError> {
        revolution_lengths(radius, half_height)?;
        Ok(Self {
            radius,
            half_height,
        })
    }

    /// The base's radius.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Aabb, Cone};
    ///
    /// let cone = Cone::new(1.0_f64, 2.0).unwrap();
    /// assert_eq!(cone.radius(), 2.0);
    /// // The base spans x from −2 to 2.
    /// let b = Aabb::of(&cone).unwrap();
    /// assert!((b.max.x - 2.0).abs() < 1e-14 && (b.min.x + 2.0).abs() < 1e-14);
    /// ```
    #[must_use]
    pub fn radius(&self) -> T {
        self.radius
    }

    /// Half the height from the base to the apex.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Aabb, Cone};
    ///
    /// let cone = Cone::new(1.5_f64, 0.5).unwrap();
    /// assert_eq!(cone.half_height(), 1.5);
    /// // From the base at −1.5 to the apex at 1.5.
    /// let b = Aabb::of(&cone).unwrap();
    /// assert!((b.max.y - 1.5).abs() < 1e-14 && (b.min.y + 1.5).abs() < 1e-14);
    /// ```
    #[must_use]
    pub fn half_height(&self) -> T {
        self.half_height
    }
}

impl<T: Real> SupportMap<T, 3> for Cone<T> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, 3>) -> SVector<T, 3> {
        let h = self.half_height;
        let (rim, across) = rim_point(dir, self.radius, -h);
        // The apex's value `h d_y` against the rim's `−h d_y + r ‖d_⊥‖`.
        if h * dir.y >= self.radius * across - h * dir.y {
            SVector::<T, 3>::new(T::zero(), h, T::zero())
        } else {
            rim
        }
    }
    #[inline]
    fn center(&self) -> SVector<T, 3> {
        SVector::zeros()
    }
    /// The slab of the base and apex planes and the side's quadratic, in
    /// closed form (see `cone_ray.rs`); only for the sharp cone
    /// (`radius = 0`), as for a cylinder.
    #[inline]
    fn ray_core(
        &self,
        origin: &SVector<T, 3>,
        direction: &SVector<T, 3>,
        radius: T,
    ) -> Option<RayEntry<T, 3>> {
        if radius != T::zero() {
            return None;
        }
        cone_entry(origin, direction, (self.radius, self.half_height))
    }
}
