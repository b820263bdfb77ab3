//! The Minkowski sum of two shapes.

use nalgebra::SVector;

use super::SupportMap;
use crate::real::Real;

/// The Minkowski sum `A ⊕ B = { a + b : a ∈ A, b ∈ B }`.
///
/// Support maps add: `s(d) = s_A(d) + s_B(d)`, and so do cores and margins. A
/// box swept along a segment, or a polygon grown by another, is a sum.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MinkowskiSum<A, B> {
    /// The first summand.
    pub a: A,
    /// The second summand.
    pub b: B,
}

impl<A, B> MinkowskiSum<A, B> {
    /// The sum of `a` and `b`.
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
