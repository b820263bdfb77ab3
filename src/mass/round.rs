//! Balls and ellipsoids in any dimension.

use nalgebra::{SMatrix, SVector};

use super::moments::{count, scale_of, unit_ball_volume, Moments};
use super::{MassProperties, Solid};
use crate::math::real::Real;
use crate::shape::{Ball, Ellipsoid, SupportMap};

/// The ball of `radius` about `center` at `density`: volume `V_D r^D`,
/// second moment `V r² / (D + 2) · I`.
pub(super) fn ball<T: Real, const D: usize>(
    center: &SVector<T, D>,
    radius: T,
    density: T,
) -> MassProperties<T, D> {
    let sigma = scale_of([radius]);
    let r = radius * sigma;
    let volume = unit_ball_volume::<T>(D) * r.powi(dim(D));
    let second = SMatrix::identity() * (volume * r * r / count::<T>(D + 2));
    Moments::centered(volume, second).finish(density, &[sigma], center)
}

/// `D` as an exponent.
pub(super) fn dim(d: usize) -> i32 {
    i32::try_from(d).unwrap_or(i32::MAX)
}

impl<T: Real, const D: usize> Solid<T, D> for Ball<T, D> {
    fn mass_properties(&self, density: T) -> MassProperties<T, D> {
        ball(&self.center(), self.radius(), density)
    }
}

/// The unit ball mapped by `A = diag(a)`: volume `V_D ∏ aᵢ`, second moment
/// `V / (D + 2) · diag(aᵢ²)` (the ball's, mapped by `A`).
impl<T: Real, const D: usize> Solid<T, D> for Ellipsoid<T, D> {
    fn mass_properties(&self, density: T) -> MassProperties<T, D> {
        let axes = self.semi_axes();
        let sigma = scale_of(axes.iter().copied());
        let a = axes * sigma;
        let volume = a.iter().fold(unit_ball_volume::<T>(D), |v, &x| v * x);
        let squares = a.component_mul(&a) * (volume / count::<T>(D + 2));
        let second = SMatrix::from_diagonal(&squares);
        Moments::centered(volume, second).finish(density, &[sigma], &SVector::zeros())
    }
}
