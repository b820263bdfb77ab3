//! The trait of shapes that enclose a volume.

use super::MassProperties;
use crate::math::real::Real;

/// A shape with a volume (an area in 2D): its mass properties at a uniform
/// density.
///
/// Implemented for [`Ball`](crate::Ball), [`Cuboid`](crate::Cuboid),
/// [`Ellipsoid`](crate::Ellipsoid) and [`Capsule`](crate::Capsule) in any
/// dimension, [`Cylinder`](crate::Cylinder) and [`Cone`](crate::Cone),
/// 2D [`Triangle`](crate::Triangle)s, [`Polygon`](crate::hull::Polygon)s
/// and [`Hull`](crate::Hull)s, 3D hulls, any solid moved by
/// [`Transformed`](crate::Transformed), and [`Rounded`](crate::Rounded)
/// shapes whose rounding is exact ([`RoundedSolid`](crate::RoundedSolid)).
/// Shapes with no volume (points, segments, triangles in 3D) are not
/// solids.
///
/// Curved shapes and boxes are closed forms: with `V_k` the volume of the
/// unit `k`-ball (`V₀ = 1`, `V₁ = 2`, `V_k = 2π V_{k−2} / k`), a ball has
/// `C = m r² / (D + 2) · I`, an ellipsoid `m / (D + 2) · diag(aᵢ²)`, a box
/// `m · diag(hᵢ² / 3)`. Polytopes are cut into simplices from the mean of
/// their vertices to each facet of the built hull; a simplex with vertices
/// `w₀ … w_D`, `s = Σ wₖ` and signed volume `V` has `∫ x dV = V s / (D + 1)`
/// and `∫ x xᵀ dV = V (Σ wₖ wₖᵀ + s sᵀ) / ((D + 1)(D + 2))` (in 3D the
/// formulas of F. Tonon, "Explicit Exact Formulas for the 3-D Tetrahedron
/// Inertia Tensor in Terms of its Vertex Coordinates", 2004, in matrix
/// form). The sums run relative to that mean, scaled to order one by
/// powers of two that are undone exactly.
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
    /// are brought to order one by a power of two first, so a result within
    /// the float range does not overflow on the way (unless the shape's own
    /// lengths differ by more than the range: a side below `2⁻¹⁰⁷⁴` of the
    /// largest underflows to zero).
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
