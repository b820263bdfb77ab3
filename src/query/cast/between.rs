//! The rigid motion that takes one pose to another in a given time.
//!
//! With `R(t) = exp(t Ω) R₀` (see [`RigidMotion`]), reaching `R₁` at
//! `t = T` takes `exp(T Ω) = R₁ R₀ᵀ`: `T Ω` is the logarithm of the
//! relative rotation in world axes, the turn by the smallest angle
//! `θ ∈ [0, π]` about its axis.
//!
//! * In the plane, `R₁ R₀ᵀ` is the unit complex number `r₁ r̄₀ = (c, s)` and
//!   `θ = atan2(s, c) ∈ (−π, π]` (a half turn, `s = ±0`, is taken as `+π`).
//! * In space, `q₁ q₀⁻¹ = (w, v)` and `−(w, v)` are the same rotation; the
//!   one with `w ≥ 0` turns by `θ = 2 atan2(|v|, w) ≤ π` about `v / |v|`.
//!   At an exact half turn (`w = 0`) both signs turn by `π`, and the one
//!   whose first nonzero component of `v` is positive is kept, so that a
//!   pose and its negated quaternion give the same motion. `atan2` keeps
//!   `θ` accurate near `0` and near `π` alike, where `acos(w)` would not.

use nalgebra::{Isometry2, Isometry3, SMatrix, SVector};

use super::motion::RigidMotion;
use crate::math::real::Real;
use crate::shape::{Placement, ShapeError};

mod sealed {
    use nalgebra::{Isometry2, Isometry3};

    use crate::math::real::Real;

    pub trait Sealed {}
    impl<T: Real> Sealed for Isometry2<T> {}
    impl<T: Real> Sealed for Isometry3<T> {}
}

/// A pose whose rotation relative to another one has a logarithm: the
/// poses [`RigidMotion::between`] takes, nalgebra's [`Isometry2`] and
/// [`Isometry3`]. Sealed.
///
/// # Example
///
/// ```
/// use core::f64::consts::FRAC_PI_2;
/// use gjk::RelativeTurn;
/// use gjk::nalgebra::{Isometry3, Vector3};
///
/// // A quarter turn about z, as an angular velocity over one unit of time.
/// let a = Isometry3::identity();
/// let b = Isometry3::new(Vector3::zeros(), Vector3::new(0.0, 0.0, FRAC_PI_2));
/// let omega = a.turn_to(&b);
/// assert!((omega[(1, 0)] - FRAC_PI_2).abs() < 1e-15); // ω_z
/// assert!((omega[(0, 1)] + FRAC_PI_2).abs() < 1e-15);
/// ```
pub trait RelativeTurn<T: Real, const D: usize>: Placement<T, D> + sealed::Sealed {
    /// The angular velocity `Ω` (skew-symmetric, in world axes) that turns
    /// this pose's rotation into `end`'s in one unit of time the shortest
    /// way: `exp(Ω) R_self = R_end`, turning by at most `π`; zero for equal
    /// rotations.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::RelativeTurn;
    /// use gjk::nalgebra::Isometry2;
    ///
    /// // From 170° to −170° is 20° counter-clockwise, not 340° back.
    /// let a = Isometry2::rotation(170f64.to_radians());
    /// let b = Isometry2::rotation(-170f64.to_radians());
    /// let omega = a.turn_to(&b);
    /// assert!((omega[(1, 0)] - 20f64.to_radians()).abs() < 1e-14);
    /// ```
    fn turn_to(&self, end: &Self) -> SMatrix<T, D, D>;
}

impl<T: Real> RelativeTurn<T, 2> for Isometry2<T> {
    fn turn_to(&self, end: &Self) -> SMatrix<T, 2, 2> {
        let (r0, r1) = (self.rotation, end.rotation);
        // r₁ r̄₀ = (c, s).
        let c = r1.re * r0.re + r1.im * r0.im;
        let s = r1.im * r0.re - r1.re * r0.im;
        let theta = if s == T::zero() && c < T::zero() {
            T::pi()
        } else {
            s.atan2(c)
        };
        SMatrix::<T, 2, 2>::new(T::zero(), -theta, theta, T::zero())
    }
}

impl<T: Real> RelativeTurn<T, 3> for Isometry3<T> {
    fn turn_to(&self, end: &Self) -> SMatrix<T, 3, 3> {
        let (q0, q1) = (self.rotation.into_inner(), end.rotation.into_inner());
        // Equal rotations (of either sign) give no turn, not a rounding's.
        if q0 == q1 || q0 == -q1 {
            return SMatrix::zeros();
        }
        let q = (end.rotation * self.rotation.inverse()).into_inner();
        let (mut w, mut v) = (q.w, q.imag());
        let first = v.iter().copied().find(|x| *x != T::zero());
        if w < T::zero() || (w == T::zero() && first.is_some_and(|x| x < T::zero())) {
            (w, v) = (-w, -v);
        }
        // |v| at order one, so that a tiny turn does not underflow to zero.
        let size = v.amax();
        if size == T::zero() || !size.is_finite() {
            return SMatrix::zeros();
        }
        let u = v / size;
        let length = u.norm();
        let theta = (size * length).atan2(w) * T::lit(2.0);
        (u * (theta / length)).cross_matrix()
    }
}

impl<T: Real, const D: usize> RigidMotion<T, D> {
    /// The motion that takes the pose `start` at `t = 0` to `end` at
    /// `t = duration`: the local origin at constant velocity
    /// `(x₁ − x₀) / duration`, and the shape turning about it at the
    /// constant angular velocity of the relative rotation `R₁ R₀ᵀ` taken the
    /// shortest way (by at most half a turn; see [`RelativeTurn`]), over
    /// `duration`. Equal rotations give no turn.
    ///
    /// The motion turns about the local origin, so the velocity is the
    /// origin's: put the origin at the centre of mass for a physical
    /// motion. A turn of more than half a turn over the step cannot be told
    /// from the shorter one the other way; take shorter steps for fast
    /// spins. At `t = duration` the motion reproduces `end` to rounding: a
    /// few ulps of the angle on the axes, and of `|x₀| + |x₁|` on the
    /// origin.
    ///
    /// # Errors
    ///
    /// [`ShapeError::NonFinite`] for a NaN or infinite input, duration
    /// included (or a velocity that overflows); [`ShapeError::Negative`] for a duration
    /// that is not positive.
    ///
    /// # Example
    ///
    /// ```
    /// use core::f64::consts::FRAC_PI_2;
    /// use gjk::{Point, RigidMotion, Vector};
    /// use gjk::nalgebra::{Isometry2, Isometry3, Vector2, Vector3};
    ///
    /// // In space: from the origin to (2, 0, 0), a quarter turn about z, in 0.5.
    /// let a = Isometry3::identity();
    /// let b = Isometry3::new(Vector3::new(2.0, 0.0, 0.0), Vector3::new(0.0, 0.0, FRAC_PI_2));
    /// let motion = RigidMotion::between(&a, &b, 0.5).unwrap();
    /// assert!((motion.velocity() - Vector3::new(4.0, 0.0, 0.0)).norm() < 1e-15);
    /// assert!((motion.angular_speed() - 2.0 * FRAC_PI_2).abs() < 1e-15);
    /// let p = Point::new(Vector3::<f64>::zeros()).unwrap();
    /// let x = motion.place(p, 0.5).direction_to_world(&Vector3::x());
    /// assert!((x - Vector3::y()).norm() < 1e-15);
    ///
    /// // In the plane: 350° is reached by turning 10° clockwise.
    /// let a = Isometry2::identity();
    /// let b = Isometry2::new(Vector2::new(1.0, 1.0), 350f64.to_radians());
    /// let motion = RigidMotion::between(&a, &b, 1.0).unwrap();
    /// assert!((motion.angular_speed() - 10f64.to_radians()).abs() < 1e-14);
    /// let p = Point::new(Vector::<f64, 2>::zeros()).unwrap();
    /// assert!((motion.place(p, 1.0).translation() - Vector2::new(1.0, 1.0)).norm() < 1e-15);
    /// ```
    pub fn between<P: RelativeTurn<T, D>>(
        start: &P,
        end: &P,
        duration: T,
    ) -> Result<Self, ShapeError> {
        if !duration.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        if duration <= T::zero() {
            return Err(ShapeError::Negative);
        }
        let rotation = SMatrix::from_columns(&start.axes());
        let from: SVector<T, D> = start.translation();
        let velocity = (end.translation() - from) / duration;
        let angular = start.turn_to(end) / duration;
        Self::new(rotation, from, velocity, angular)
    }
}
