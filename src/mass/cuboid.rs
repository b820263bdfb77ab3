//! Boxes in any dimension.

use nalgebra::{SMatrix, SVector};

use super::moments::{scale_of, Moments};
use super::{MassProperties, Solid};
use crate::math::real::Real;
use crate::shape::Cuboid;

/// Volume `∏ 2hᵢ`, second moment `V · diag(hᵢ² / 3)`.
impl<T: Real, const D: usize> Solid<T, D> for Cuboid<T, D> {
    fn mass_properties(&self, density: T) -> MassProperties<T, D> {
        let half = self.half_extents();
        let sigma = scale_of(half.iter().copied());
        let h = half * sigma;
        let volume = h.iter().fold(T::one(), |v, &x| v * (x + x));
        let squares = h.component_mul(&h) * (volume / T::lit(3.0));
        let second = SMatrix::from_diagonal(&squares);
        Moments::centered(volume, second).finish(density, &[sigma], &SVector::zeros())
    }
}
