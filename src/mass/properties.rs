//! The mass properties of a body: its mass, centre of mass and second
//! moment, and what can be done with them (inertia, moving, summing).

use core::iter::Sum;
use core::ops::Add;

use nalgebra::{SMatrix, SVector};

use super::products::{apply, congruent, outer};
use crate::math::real::Real;

/// The mass, centre of mass and second moment of a solid of uniform
/// density, in any dimension `D`.
///
/// The second moment is the dimension-generic quantity
/// `C = ∫ (x − c)(x − c)ᵀ ρ dV` about the centre of mass `c`: a symmetric
/// positive semidefinite `D × D` matrix. The inertia tensor of 3D
/// mechanics is `tr(C)·I − C` ([`inertia`](Self::inertia)); the moment
/// of a 2D body about its centre is `tr(C)`
/// ([`polar_moment`](Self::polar_moment)).
///
/// ```
/// use gjk::{Cuboid, MassProperties, Solid, Vector};
///
/// // A 2 × 4 × 6 box of density 0.5: mass 24.
/// let b = Cuboid::new(Vector::<f64, 3>::new(1.0, 2.0, 3.0)).unwrap();
/// let m: MassProperties<f64, 3> = b.mass_properties(0.5);
/// assert_eq!(m.mass, 24.0);
/// assert_eq!(m.center, Vector::<f64, 3>::zeros());
/// // ∫ x² ρ dV = m a² / 3 along each axis.
/// assert!((m.second_moment[(0, 0)] - 8.0).abs() < 1e-12);
/// // The inertia about x is m (b² + c²) / 3.
/// assert!((m.inertia()[(0, 0)] - 24.0 * 13.0 / 3.0).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MassProperties<T: Real, const D: usize> {
    /// The mass: density times volume (area in 2D).
    pub mass: T,
    /// The centre of mass.
    pub center: SVector<T, D>,
    /// The second moment of the mass about the centre of mass,
    /// `∫ (x − c)(x − c)ᵀ ρ dV`.
    pub second_moment: SMatrix<T, D, D>,
}

impl<T: Real, const D: usize> MassProperties<T, D> {
    /// No mass at the origin: the identity of [`Add`] and [`Sum`].
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, MassProperties, Solid, Vector};
    ///
    /// let ball = Ball::new(Vector::<f64, 2>::new(1.0, 2.0), 1.0).unwrap();
    /// let m = ball.mass_properties(1.0);
    /// assert_eq!(MassProperties::zero() + m, m);
    /// assert_eq!(MassProperties::<f64, 2>::zero().mass, 0.0);
    /// ```
    #[must_use]
    pub fn zero() -> Self {
        Self {
            mass: T::zero(),
            center: SVector::zeros(),
            second_moment: SMatrix::zeros(),
        }
    }

    /// The inertia tensor about the centre of mass, `tr(C)·I − C`.
    ///
    /// In 3D this is the inertia tensor of mechanics: its diagonal entry
    /// `Iₓₓ = ∫ (y² + z²) ρ dV`, its off-diagonal `Iₓᵧ = −∫ x y ρ dV`. In 2D
    /// it is the in-plane block of the inertia of a lamina lying in the
    /// plane (`Iₓₓ = ∫ y² ρ dA`); the moment about the axis orthogonal to
    /// the plane is [`polar_moment`](Self::polar_moment). Other dimensions
    /// get the same formula.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, Solid, Vector};
    ///
    /// // A solid sphere: I = 2/5 m r² about every axis.
    /// let ball = Ball::new(Vector::<f64, 3>::zeros(), 2.0).unwrap();
    /// let m = ball.mass_properties(1.0);
    /// let i = m.inertia();
    /// assert!((i[(1, 1)] - 0.4 * m.mass * 4.0).abs() < 1e-12 * m.mass);
    /// assert_eq!(i[(0, 1)], 0.0);
    /// ```
    #[must_use]
    pub fn inertia(&self) -> SMatrix<T, D, D> {
        polar_part(&self.second_moment)
    }

    /// The polar moment `tr(C) = ∫ |x − c|² ρ dV` about the centre of mass:
    /// in 2D the moment of inertia about the centre (the scalar a 2D
    /// rigid body needs).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, Solid, Vector};
    ///
    /// // A disc: I = m r² / 2 about its centre.
    /// let disc = Ball::new(Vector::<f64, 2>::new(3.0, 0.0), 2.0).unwrap();
    /// let m = disc.mass_properties(1.0);
    /// assert!((m.polar_moment() - m.mass * 2.0).abs() < 1e-12 * m.mass);
    /// ```
    #[must_use]
    pub fn polar_moment(&self) -> T {
        self.second_moment.trace()
    }

    /// The second moment about `point` rather than the centre of mass:
    /// `C + m d dᵀ` with `d = c − point` (the parallel-axis theorem).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, Solid, Vector};
    ///
    /// let b = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
    /// let m = b.mass_properties(1.0); // mass 4, ∫ x² = 4/3
    /// let about = m.second_moment_about(&Vector::<f64, 2>::new(2.0, 0.0));
    /// assert!((about[(0, 0)] - (4.0 / 3.0 + 4.0 * 4.0)).abs() < 1e-12);
    /// assert!((about[(1, 1)] - 4.0 / 3.0).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn second_moment_about(&self, point: &SVector<T, D>) -> SMatrix<T, D, D> {
        let d = self.center - point;
        self.second_moment + outer(&d, &d) * self.mass
    }

    /// The inertia tensor about `point`: [`inertia`](Self::inertia) moved
    /// by the parallel-axis theorem, `I + m (|d|² I − d dᵀ)`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, Solid, Vector};
    ///
    /// // A sphere about a point on its surface: 2/5 m r² + m r².
    /// let ball = Ball::new(Vector::<f64, 3>::zeros(), 1.0).unwrap();
    /// let m = ball.mass_properties(1.0);
    /// let i = m.inertia_about(&Vector::<f64, 3>::x());
    /// assert!((i[(2, 2)] - 1.4 * m.mass).abs() < 1e-12);
    /// assert!((i[(0, 0)] - 0.4 * m.mass).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn inertia_about(&self, point: &SVector<T, D>) -> SMatrix<T, D, D> {
        polar_part(&self.second_moment_about(point))
    }

    /// The polar moment about `point`: `tr(C) + m |c − point|²` (in 2D the
    /// moment of inertia about the axis through `point`).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, Solid, Vector};
    ///
    /// let disc = Ball::new(Vector::<f64, 2>::zeros(), 1.0).unwrap();
    /// let m = disc.mass_properties(1.0);
    /// let rim = m.polar_moment_about(&Vector::<f64, 2>::y());
    /// assert!((rim - 1.5 * m.mass).abs() < 1e-12); // m r²/2 + m r²
    /// ```
    #[must_use]
    pub fn polar_moment_about(&self, point: &SVector<T, D>) -> T {
        self.second_moment_about(point).trace()
    }

    /// The properties of the body moved by `x ↦ R x + t`, for an orthogonal
    /// `R`: the centre moves to `R c + t` and the second moment turns to
    /// `R C Rᵀ`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, Solid, Vector};
    /// use gjk::nalgebra::Matrix2;
    ///
    /// // A 4 × 2 rectangle turned a quarter: its long side along y.
    /// let r = Cuboid::new(Vector::<f64, 2>::new(2.0, 1.0)).unwrap();
    /// let m = r.mass_properties(1.0);
    /// let quarter = Matrix2::new(0.0, -1.0, 1.0, 0.0);
    /// let moved = m.transformed(&quarter, &Vector::<f64, 2>::new(5.0, 0.0));
    /// assert_eq!(moved.center, Vector::<f64, 2>::new(5.0, 0.0));
    /// assert!((moved.second_moment[(1, 1)] - m.second_moment[(0, 0)]).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn transformed(&self, rotation: &SMatrix<T, D, D>, translation: &SVector<T, D>) -> Self {
        Self {
            mass: self.mass,
            center: apply(rotation, &self.center) + translation,
            second_moment: congruent(rotation, &self.second_moment),
        }
    }
}

/// `tr(M)·I − M`.
fn polar_part<T: Real, const D: usize>(m: &SMatrix<T, D, D>) -> SMatrix<T, D, D> {
    SMatrix::<T, D, D>::identity() * m.trace() - m
}

/// Two bodies as one: the mass-weighted centre, and each second moment
/// moved to it by the parallel-axis theorem. With no mass on either side,
/// the centre is the midpoint of the two.
///
/// # Example
///
/// ```
/// use gjk::{Cuboid, Solid, Transformed, Vector};
///
/// // Two unit squares side by side are a 2 × 1 rectangle.
/// let square = Cuboid::new(Vector::<f64, 2>::new(0.5, 0.5)).unwrap();
/// let left = Transformed::translated(square, Vector::<f64, 2>::new(-0.5, 0.0)).unwrap();
/// let right = Transformed::translated(square, Vector::<f64, 2>::new(0.5, 0.0)).unwrap();
/// let both = left.mass_properties(1.0) + right.mass_properties(1.0);
/// let whole = Cuboid::new(Vector::<f64, 2>::new(1.0, 0.5)).unwrap().mass_properties(1.0);
/// assert!((both.second_moment - whole.second_moment).amax() < 1e-15);
/// assert_eq!(both.center, whole.center);
/// ```
impl<T: Real, const D: usize> Add for MassProperties<T, D> {
    type Output = Self;

    fn add(self, other: Self) -> Self {
        let mass = self.mass + other.mass;
        // The centre as a step from one centre toward the other, so that
        // far-off bodies lose no more than the step's rounding.
        let share = if mass == T::zero() {
            T::lit(0.5)
        } else {
            other.mass / mass
        };
        let center = self.center + (other.center - self.center) * share;
        Self {
            mass,
            center,
            second_moment: self.second_moment_about(&center) + other.second_moment_about(&center),
        }
    }
}

/// The sum of many bodies (see [`Add`]), [`zero`](MassProperties::zero)
/// when there are none.
///
/// # Example
///
/// ```
/// use gjk::{Ball, MassProperties, Solid, Vector};
///
/// let at = |x: f64| Ball::new(Vector::<f64, 3>::new(x, 0.0, 0.0), 1.0).unwrap();
/// let parts = [at(-2.0), at(0.0), at(2.0)].map(|b| b.mass_properties(1.0));
/// let all: MassProperties<f64, 3> = parts.iter().copied().sum();
/// assert!((all.mass - 3.0 * parts[0].mass).abs() < 1e-12);
/// assert!(all.center.norm() < 1e-15);
/// ```
impl<T: Real, const D: usize> Sum for MassProperties<T, D> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::zero(), |a, b| a + b)
    }
}
