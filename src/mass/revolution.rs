//! Cylinders and cones, about the `y` axis.

use nalgebra::{Matrix3, Vector3};

use super::moments::{scale_of, Moments};
use super::{MassProperties, Solid};
use crate::math::real::Real;
use crate::shape::{Cone, Cylinder};

/// Volume `2π r² h`; `∫ y² = V h² / 3` along the axis (half-height `h`),
/// `∫ x² = V r² / 4` across it.
impl<T: Real> Solid<T, 3> for Cylinder<T> {
    fn mass_properties(&self, density: T) -> MassProperties<T, 3> {
        let sigma = scale_of([self.radius(), self.half_height()]);
        let (r, h) = (self.radius() * sigma, self.half_height() * sigma);
        let volume = T::two_pi() * r * r * h;
        let across = volume * r * r / T::lit(4.0);
        let along = volume * h * h / T::lit(3.0);
        let second = Matrix3::from_diagonal(&Vector3::new(across, along, across));
        Moments::centered(volume, second).finish(density, &[sigma], &Vector3::zeros())
    }
}

/// Height `H = 2h` from the base at `y = −h` to the apex at `y = h`:
/// volume `π r² H / 3`, centroid a quarter of the height above the base
/// (`y = −h / 2`), `∫ (y − c)² = V · 3H² / 80` along the axis and
/// `∫ x² = V · 3r² / 20` across it.
impl<T: Real> Solid<T, 3> for Cone<T> {
    fn mass_properties(&self, density: T) -> MassProperties<T, 3> {
        let sigma = scale_of([self.radius(), self.half_height()]);
        let (r, h) = (self.radius() * sigma, self.half_height() * sigma);
        let volume = T::two_pi() * r * r * h / T::lit(3.0);
        let across = volume * r * r * T::lit(3.0 / 20.0);
        let along = volume * h * h * T::lit(3.0 / 20.0);
        let second = Matrix3::from_diagonal(&Vector3::new(across, along, across));
        let moments = Moments {
            volume,
            center: Vector3::new(T::zero(), -h * T::lit(0.5), T::zero()),
            second,
        };
        moments.finish(density, &[sigma], &Vector3::zeros())
    }
}
