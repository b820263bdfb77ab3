//! The Minkowski sum of two shapes.

use nalgebra::SVector;

use super::SupportMap;
use crate::math::real::Real;

/// The Minkowski sum `A ⊕ B = { a + b : a ∈ A, b ∈ B }`.
///
/// Support maps add: `s(d) = s_A(d) + s_B(d)`, and so do cores and margins. A
/// box swept along a segment, or a polygon grown by another, is a sum.
///
/// # Example
///
/// ```
/// use gjk::{distance, Cuboid, Config, MinkowskiSum, Point, Segment, SupportMap, Vector};
///
/// // A unit square swept 3 along x: the rectangle [-1, 4] × [-1, 1].
/// let square = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
/// let sweep = Segment::new(Vector::<f64, 2>::zeros(), Vector::<f64, 2>::new(3.0, 0.0)).unwrap();
/// let swept = MinkowskiSum::new(square, sweep);
/// assert_eq!(swept.support(&Vector::<f64, 2>::new(1.0, 1.0)), Vector::<f64, 2>::new(4.0, 1.0));
/// let p = Point::new(Vector::<f64, 2>::new(6.0, 0.0)).unwrap();
/// let d = distance(&swept, &p, &Config::default()).unwrap();
/// assert!((d.distance - 2.0).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MinkowskiSum<A, B> {
    /// The first summand.
    pub a: A,
    /// The second summand.
    pub b: B,
}

impl<A, B> MinkowskiSum<A, B> {
    /// The sum of `a` and `b`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, Cuboid, MinkowskiSum, SupportMap, Vector};
    ///
    /// // A square swept by a disc: a rounded square.
    /// let square = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
    /// let disc = Ball::new(Vector::<f64, 2>::zeros(), 0.5).unwrap();
    /// let sum = MinkowskiSum::new(square, disc);
    /// let right = sum.support(&Vector::<f64, 2>::x());
    /// assert!((right.x - 1.5).abs() < 1e-15);
    /// ```
    #[must_use]
    pub fn new(a: A, b: B) -> Self {
        Self { a, b }
    }
}

impl<A, B, T, const D: usize> SupportMap<T, D> for MinkowskiSum<A, B>
where
    T: Real,
    A: SupportMap<T, D>,
    B: SupportMap<T, D>,
{
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        self.a.core_support(dir) + self.b.core_support(dir)
    }
    #[inline]
    fn margin(&self) -> T {
        self.a.margin() + self.b.margin()
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.a.center() + self.b.center()
    }
}
