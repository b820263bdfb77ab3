//! Balls: discs in 2D, spheres in 3D, hyperspheres above.

use nalgebra::SVector;

use super::{finite_point, valid_radius, ShapeError, SupportMap};
use crate::real::Real;

/// A ball: all points within `radius` of `center`.
///
/// Its core is the centre point and its margin the radius, so queries between
/// balls (and between a ball and any polytope) need no iteration on the curved
/// surface and are exact up to rounding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ball<T: Real, const D: usize> {
    center: SVector<T, D>,
    radius: T,
}

impl<T: Real, const D: usize> Ball<T, D> {
    /// A ball; fails on non-finite input or a negative radius.
    pub fn new(center: SVector<T, D>, radius: T) -> Result<Self, ShapeError> {
        finite_point(&center)?;
        valid_radius(radius)?;
        Ok(Self { center, radius })
    }

    /// The ball's radius.
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
