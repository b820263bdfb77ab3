//! A point of the Minkowski difference with the two shape points it came
//! from.

use nalgebra::{ArrayStorage, SVector};

use crate::math::real::Real;

/// A point of the Minkowski difference `A − B` with the points it came from.
///
/// # Example
///
/// ```
/// use gjk::{Simplex, SupportPoint, Vector};
///
/// let b = Vector::<f64, 2>::new(1.0, 1.0);
/// let p = SupportPoint::new(Vector::<f64, 2>::new(3.0, -1.0), b);
/// assert_eq!(p.w, Vector::<f64, 2>::new(2.0, -2.0)); // a − b
/// let mut s = Simplex::<f64, 2>::new();
/// s.push(p);
/// s.push(SupportPoint::new(Vector::<f64, 2>::new(3.0, 3.0), b)); // w = (2, 2)
/// let v = s.closest_point_full().unwrap();
/// assert!((v - Vector::<f64, 2>::new(2.0, 0.0)).norm() < 1e-15); // the edge's midpoint
/// let (on_a, on_b) = s.witnesses();
/// assert!((on_a - Vector::<f64, 2>::new(3.0, 1.0)).norm() < 1e-15 && on_b == b);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SupportPoint<T: Real, const D: usize> {
    /// The difference `a − b`.
    pub w: SVector<T, D>,
    /// The point of shape A.
    pub a: SVector<T, D>,
    /// The point of shape B.
    pub b: SVector<T, D>,
}

impl<T: Real, const D: usize> SupportPoint<T, D> {
    /// The difference point `a − b`, remembering `a` and `b`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{SupportPoint, Vector};
    ///
    /// let a = Vector::<f64, 3>::new(4.0, 1.0, 0.0);
    /// let b = Vector::<f64, 3>::new(1.0, 1.0, -2.0);
    /// let p = SupportPoint::new(a, b);
    /// assert_eq!(p.w, Vector::<f64, 3>::new(3.0, 0.0, 2.0));
    /// assert_eq!((p.a, p.b), (a, b));
    /// ```
    #[inline]
    #[must_use]
    pub fn new(a: SVector<T, D>, b: SVector<T, D>) -> Self {
        Self { w: a - b, a, b }
    }

    /// A bare point `w`, as if `a = w` and `b = 0`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{SupportPoint, Vector};
    ///
    /// let w = Vector::<f64, 2>::new(2.0, -5.0);
    /// let p = SupportPoint::from_point(w);
    /// assert_eq!((p.w, p.a), (w, w));
    /// assert_eq!(p.b, Vector::<f64, 2>::zeros());
    /// ```
    #[inline]
    #[must_use]
    pub fn from_point(w: SVector<T, D>) -> Self {
        Self {
            w,
            a: w,
            b: SVector::zeros(),
        }
    }

    pub(super) fn zero() -> Self {
        Self::from_point(SVector::zeros())
    }

    /// The origin, as a support point of two shapes at the origin.
    pub(crate) const ZERO: Self = Self {
        w: SVector::from_array_storage(ArrayStorage([[T::ZERO; D]; 1])),
        a: SVector::from_array_storage(ArrayStorage([[T::ZERO; D]; 1])),
        b: SVector::from_array_storage(ArrayStorage([[T::ZERO; D]; 1])),
    };
}
