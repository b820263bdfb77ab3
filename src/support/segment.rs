//! Line segments.

use nalgebra::SVector;

use super::{finite_point, ShapeError, SupportMap};
use crate::real::{max_abs, Real};

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
    /// The foot of `p` on the segment's line, clamped to its ends. The
    /// edge and `p − a` are brought to order one by a power of two first,
    /// so `‖e‖²` neither overflows nor underflows; `None` when `p` is so far
    /// beside the segment's length that their product leaves the range.
    #[inline]
    fn project_core(&self, p: &SVector<T, D>) -> Option<SVector<T, D>> {
        let e = self.b - self.a;
        let k = T::unit_scale(max_abs(&e));
        let (ek, dk) = (e * k, (p - self.a) * k);
        let ee = ek.norm_squared();
        if !(ee > T::zero()) {
            return Some(self.a);
        }
        let t = ek.dot(&dk) / ee;
        if !t.is_finite() {
            None
        } else if t <= T::zero() {
            Some(self.a)
        } else if t >= T::one() {
            Some(self.b)
        } else {
            Some(self.a + e * t)
        }
    }
}
