//! A single point.

use nalgebra::SVector;

use super::{finite_point, ShapeError, SupportMap};
use crate::real::Real;

/// A single point: its support is itself in every direction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point<T: Real, const D: usize> {
    position: SVector<T, D>,
}

impl<T: Real, const D: usize> Point<T, D> {
    /// A point at `position`; fails on non-finite coordinates.
    pub fn new(position: SVector<T, D>) -> Result<Self, ShapeError> {
        finite_point(&position)?;
        Ok(Self { position })
    }

    /// The point's position.
    #[must_use]
    pub fn position(&self) -> SVector<T, D> {
        self.position
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Point<T, D> {
    #[inline]
    fn core_support(&self, _dir: &SVector<T, D>) -> SVector<T, D> {
        self.position
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.position
    }
    #[inline]
    fn core_point(&self) -> Option<SVector<T, D>> {
        Some(self.position)
    }
    #[inline]
    fn project_core(&self, _p: &SVector<T, D>) -> Option<SVector<T, D>> {
        Some(self.position)
    }
}
