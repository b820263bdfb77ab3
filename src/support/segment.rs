//! Line segments.

use nalgebra::SVector;

use super::{finite_point, ShapeError, SupportMap};
use crate::real::Real;

/// The segment between two points (which may coincide).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment<T: Real, const D: usize> {
    a: SVector<T, D>,
    b: SVector<T, D>,
}

impl<T: Real, const D: usize> Segment<T, D> {
    /// The segment from `a` to `b`; fails on non-finite coordinates.
    pub fn new(a: SVector<T, D>, b: SVector<T, D>) -> Result<Self, ShapeError> {
        finite_point(&a)?;
        finite_point(&b)?;
        Ok(Self { a, b })
    }

    /// The two end points.
    pub fn endpoints(&self) -> (SVector<T, D>, SVector<T, D>) {
        (self.a, self.b)
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Segment<T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        if (self.b - self.a).dot(dir) > T::zero() {
            self.b
        } else {
            self.a
        }
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        (self.a + self.b) * T::lit(0.5)
    }
}
