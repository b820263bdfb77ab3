//! Axis-aligned boxes centred at the origin (place them with `Transformed`).

use nalgebra::SVector;

use super::{valid_radius, ShapeError, SupportMap};
use crate::real::Real;

/// A box centred at the origin with the given half-extents along each axis.
///
/// Zero half-extents are allowed: a box may be flat (a rectangle in 3D) or
/// collapse to a segment or a point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cuboid<T: Real, const D: usize> {
    half_extents: SVector<T, D>,
}

impl<T: Real, const D: usize> Cuboid<T, D> {
    /// A box; fails on non-finite or negative half-extents.
    pub fn new(half_extents: SVector<T, D>) -> Result<Self, ShapeError> {
        half_extents.iter().try_for_each(|&h| valid_radius(h))?;
        Ok(Self { half_extents })
    }

    /// The half-extents.
    pub fn half_extents(&self) -> SVector<T, D> {
        self.half_extents
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Cuboid<T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        // Branch-free per coordinate so the loop vectorises.
        self.half_extents
            .zip_map(dir, |h, d| if d < T::zero() { -h } else { h })
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        SVector::zeros()
    }
    /// Clamps each coordinate to the box: exact.
    #[inline]
    fn project_core(&self, p: &SVector<T, D>) -> Option<SVector<T, D>> {
        Some(p.zip_map(&self.half_extents, |x, h| x.max(-h).min(h)))
    }
}
