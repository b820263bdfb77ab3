//! The trait of shapes that enclose a volume.

use super::MassProperties;
use crate::math::real::Real;

/// A shape with a volume (an area in 2D): its mass properties at a uniform
/// density.
///
/// Implemented in closed form for the curved shapes and boxes, and by exact
/// decomposition into simplices for polytopes (see the [module
/// docs](crate::MassProperties) for the formulas). Shapes with no volume
/// (points, segments, triangles in 3D) are not solids.
///
/// ```
/// use gjk::{Cylinder, Solid};
///
/// // Radius 1, height 2: volume 2π; I about the axis = m r² / 2.
/// let drum = Cylinder::new(1.0_f64, 1.0).unwrap();
/// let m = drum.mass_properties(3.0);
/// assert!((m.mass - 6.0 * core::f64::consts::PI).abs() < 1e-12);
/// assert!((m.inertia()[(1, 1)] - m.mass / 2.0).abs() < 1e-12);
/// assert!((drum.volume() - 2.0 * core::f64::consts::PI).abs() < 1e-12);
/// ```
pub trait Solid<T: Real, const D: usize> {
    /// The mass properties at `density` (mass per unit volume): mass
    /// `density × volume`, the centre of mass, the second moment about it.
    ///
    /// Never panics: a NaN density gives NaN properties; sizes far from one
    /// are brought to order one by a power of two first, so only a result
    /// beyond the float range overflows.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, Solid, Vector};
    ///
    /// let ball = Ball::new(Vector::<f64, 3>::new(1.0, 0.0, 0.0), 1.0).unwrap();
    /// let m = ball.mass_properties(2.0);
    /// assert!((m.mass - 8.0 / 3.0 * core::f64::consts::PI).abs() < 1e-12);
    /// assert_eq!(m.center, Vector::<f64, 3>::new(1.0, 0.0, 0.0));
    /// ```
    fn mass_properties(&self, density: T) -> MassProperties<T, D>;

    /// The volume (area in 2D, length in 1D): the mass at density one.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, Solid, Vector};
    ///
    /// let b = Cuboid::new(Vector::<f64, 4>::repeat(1.0)).unwrap();
    /// assert_eq!(b.volume(), 16.0); // a 4D box of side 2
    /// ```
    fn volume(&self) -> T {
        self.mass_properties(T::one()).mass
    }
}

impl<S: Solid<T, D> + ?Sized, T: Real, const D: usize> Solid<T, D> for &S {
    fn mass_properties(&self, density: T) -> MassProperties<T, D> {
        (**self).mass_properties(density)
    }
}
