//! Cylinders: a disc swept along its axis.

use nalgebra::{SVector, Vector3};

use super::cylinder_ray::cylinder_entry;
use super::{RayEntry, ShapeError, SupportMap};
use crate::math::real::{robust_norm, Real};

/// A solid circular cylinder about the `y` axis, centred at the origin:
/// `x² + z² ≤ r²`, `|y| ≤ h`. Place it (any axis, any position) with
/// [`Transformed`](crate::Transformed); round its edges with
/// [`Rounded`](crate::Rounded).
///
/// Its support function is `h(d) = r ‖(d_x, d_z)‖ + h |d_y|`: the rim point
/// of the cap facing `d`. The caps are flat and the side is curved, so GJK
/// and EPA converge on it as on any smooth shape (see the README on EPA's
/// room for curved shapes). Ray casts (and casts of a ball or point
/// against it) are answered in closed form: the slab of the caps and the
/// side's quadratic, with the shape's own normal at the hit point.
///
/// ```
/// use gjk::{distance, Ball, Cylinder, Config, Vector};
///
/// let drum = Cylinder::new(2.0_f64, 1.0).unwrap(); // half-height 2, radius 1
/// let ball = Ball::new(Vector::<f64, 3>::new(3.0, 0.5, 0.0), 0.5).unwrap();
/// let d = distance(&drum, &ball, &Config::default()).unwrap();
/// assert!((d.distance - 1.5).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cylinder<T: Real> {
    radius: T,
    half_height: T,
}

/// Checks the two lengths of a solid of revolution: finite (else
/// `NonFinite`) and non-negative (else `Negative`).
pub(crate) fn revolution_lengths<T: Real>(radius: T, half_height: T) -> Result<(), ShapeError> {
    if !(radius.is_finite() && half_height.is_finite()) {
        Err(ShapeError::NonFinite)
    } else if radius < T::zero() || half_height < T::zero() {
        Err(ShapeError::Negative)
    } else {
        Ok(())
    }
}

/// The point at `radius` from the `y` axis in the direction of `d`'s part
/// across it, at height `y`; on the axis when `d` is along it.
#[inline]
pub(crate) fn rim_point<T: Real>(d: &Vector3<T>, radius: T, y: T) -> (Vector3<T>, T) {
    let across = nalgebra::Vector2::new(d.x, d.z);
    let n = robust_norm(&across);
    if n > T::zero() && n.is_finite() {
        // `d_x / n` and `d_z / n` are at most one: no overflow.
        (Vector3::new(radius * (d.x / n), y, radius * (d.z / n)), n)
    } else {
        (Vector3::new(T::zero(), y, T::zero()), T::zero())
    }
}

impl<T: Real> Cylinder<T> {
    /// The cylinder of `half_height` (half its length along the axis) and
    /// `radius`, in parry's order; fails on non-finite or negative input.
    /// Zero lengths give a disc or a segment.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cylinder, ShapeError, SupportMap, Vector};
    ///
    /// let drum = Cylinder::new(2.0_f64, 1.0).unwrap();
    /// // Along (1, 1, 0) the support is the rim of the top cap.
    /// let p = drum.support(&Vector::<f64, 3>::new(1.0, 1.0, 0.0));
    /// assert_eq!(p, Vector::<f64, 3>::new(1.0, 2.0, 0.0));
    /// assert_eq!(Cylinder::new(1.0, f64::INFINITY), Err(ShapeError::NonFinite));
    /// ```
    pub fn new(half_height: T, radius: T) -> Result<Self, ShapeError> {
        revolution_lengths(radius, half_height)?;
        Ok(Self {
            radius,
            half_height,
        })
    }

    /// The radius.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Aabb, Cylinder};
    ///
    /// let drum = Cylinder::new(2.0_f64, 0.75).unwrap();
    /// assert_eq!(drum.radius(), 0.75);
    /// let b = Aabb::of(&drum).unwrap();
    /// assert!((b.max.z - 0.75).abs() < 1e-14);
    /// ```
    #[must_use]
    pub fn radius(&self) -> T {
        self.radius
    }

    /// Half the length along the axis.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Aabb, Cylinder};
    ///
    /// let drum = Cylinder::new(2.0_f64, 0.75).unwrap();
    /// assert_eq!(drum.half_height(), 2.0);
    /// let b = Aabb::of(&drum).unwrap();
    /// assert!((b.max.y - 2.0).abs() < 1e-14 && (b.min.y + 2.0).abs() < 1e-14);
    /// ```
    #[must_use]
    pub fn half_height(&self) -> T {
        self.half_height
    }
}

impl<T: Real> SupportMap<T, 3> for Cylinder<T> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, 3>) -> SVector<T, 3> {
        let y = if dir.y >= T::zero() {
            self.half_height
        } else {
            -self.half_height
        };
        rim_point(dir, self.radius, y).0
    }
    #[inline]
    fn center(&self) -> SVector<T, 3> {
        SVector::zeros()
    }
    /// The slab of the caps and the side's quadratic, in closed form (see
    /// `cylinder_ray.rs`); only for the sharp cylinder (`radius = 0`), as
    /// for a box. The side's normal is the cylinder's at the entry point.
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
        cylinder_entry(origin, direction, (self.radius, self.half_height))
    }
}
