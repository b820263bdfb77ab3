//! Ellipsoids in any dimension.

use nalgebra::SVector;

use super::{ShapeError, SupportMap};
use crate::math::real::{all_finite, max_abs, Length, Real};

/// An axis-aligned ellipsoid centred at the origin, `Σ (xᵢ / aᵢ)² ≤ 1` for
/// semi-axes `aᵢ`: an ellipse in 2D, an ellipsoid in 3D, in any dimension.
/// Place and turn it with [`Transformed`](crate::Transformed).
///
/// It is the unit ball mapped by `A = diag(a)`, so its support point along
/// `d` is `A² d / ‖A d‖` and its support function `‖A d‖`. A zero semi-axis
/// flattens it (a disc in 3D), which is still a convex shape.
///
/// ```
/// use gjk::{distance, Ellipsoid, Config, Point, Vector};
///
/// let egg = Ellipsoid::new(Vector::<f64, 3>::new(2.0, 1.0, 0.5)).unwrap();
/// let p = Point::new(Vector::<f64, 3>::new(0.0, 0.0, 3.0)).unwrap();
/// let d = distance(&egg, &p, &Config::default()).unwrap();
/// assert!((d.distance - 2.5).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ellipsoid<T: Real, const D: usize> {
    semi_axes: SVector<T, D>,
}

impl<T: Real, const D: usize> Ellipsoid<T, D> {
    /// The ellipsoid with these semi-axes; fails on non-finite or negative
    /// input.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Aabb, Ellipsoid, ShapeError, Vector};
    ///
    /// let e = Ellipsoid::new(Vector::<f64, 3>::new(3.0, 2.0, 1.0)).unwrap();
    /// // Its bounding box is the box of its semi-axes.
    /// let b = Aabb::of(&e).unwrap();
    /// assert!((b.max - Vector::<f64, 3>::new(3.0, 2.0, 1.0)).amax() < 1e-14);
    /// let bad = Ellipsoid::new(Vector::<f64, 3>::new(3.0, -2.0, 1.0));
    /// assert_eq!(bad, Err(ShapeError::Negative));
    /// ```
    pub fn new(semi_axes: SVector<T, D>) -> Result<Self, ShapeError> {
        if !all_finite(&semi_axes) {
            return Err(ShapeError::NonFinite);
        }
        if semi_axes.iter().any(|&a| a < T::zero()) {
            return Err(ShapeError::Negative);
        }
        Ok(Self { semi_axes })
    }

    /// The semi-axes.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ellipsoid, Vector};
    ///
    /// let e = Ellipsoid::new(Vector::<f64, 2>::new(3.0, 1.0)).unwrap();
    /// assert_eq!(e.semi_axes(), Vector::<f64, 2>::new(3.0, 1.0));
    /// ```
    #[must_use]
    pub fn semi_axes(&self) -> SVector<T, D> {
        self.semi_axes
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Ellipsoid<T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        let u = dir.component_mul(&self.semi_axes);
        // Divided by its largest coordinate first, so that the length of a
        // tiny or huge `A d` neither underflows nor overflows.
        let m = max_abs(&u);
        if !(m > T::zero() && m.is_finite()) {
            return SVector::zeros();
        }
        let u = u / m;
        u.component_mul(&self.semi_axes) / u.length()
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        SVector::zeros()
    }
}
