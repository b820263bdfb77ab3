//! A rigid motion over time: a pose at `t = 0`, a linear velocity and an
//! angular velocity, for the time of impact of rotating shapes.

use nalgebra::{Isometry2, Isometry3, SMatrix, SVector};

use crate::math::real::{all_finite, axis, Length, Real};
use crate::shape::{columns, ShapeError, Transformed};

/// A shape's rigid motion: at time `t` its local point `p` is at
/// `R(t) p + x(t)`, with `x(t) = x₀ + t v` (the local origin moves at
/// constant velocity) and `R(t) = exp(t Ω) R₀` (the shape turns about its
/// local origin at a constant angular velocity `Ω`, given in world axes).
///
/// `Ω` is skew-symmetric and turns in one plane (`Ω³ = −|ω|² Ω`, with `|ω|`
/// the angular speed): every angular velocity in 2D and 3D, and the plane
/// rotations of higher dimensions. Then Rodrigues' formula
/// `exp(t Ω) = I + sin(|ω| t) K + (1 − cos(|ω| t)) K²`, `K = Ω / |ω|`,
/// gives the rotation at any time in closed form.
///
/// # Example
///
/// ```
/// use core::f64::consts::FRAC_PI_2;
/// use gjk::{Cuboid, RigidMotion, SupportMap, Vector};
/// use gjk::nalgebra::Isometry2;
///
/// // From (1, 0), moving at 2 along x and turning a quarter turn per unit of time.
/// let start = Isometry2::translation(1.0, 0.0);
/// let motion = RigidMotion::planar(&start, Vector::<f64, 2>::new(2.0, 0.0), FRAC_PI_2).unwrap();
/// let rod = Cuboid::new(Vector::<f64, 2>::new(1.0, 0.0)).unwrap(); // x from -1 to 1
/// let later = motion.place(rod, 1.0);
/// assert!((later.translation() - Vector::<f64, 2>::new(3.0, 0.0)).norm() < 1e-12);
/// // A quarter turn later the rod lies along y.
/// let tip = later.support(&Vector::<f64, 2>::y());
/// assert!((tip - Vector::<f64, 2>::new(3.0, 1.0)).norm() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RigidMotion<T: Real, const D: usize> {
    /// The columns of `R₀`.
    axes: [SVector<T, D>; D],
    translation: SVector<T, D>,
    velocity: SVector<T, D>,
    /// The columns of `K`, the unit angular velocity (zero without
    /// rotation).
    turn: [SVector<T, D>; D],
    /// The angular speed `|ω| ≥ 0`.
    speed: T,
}

impl<T: Real, const D: usize> RigidMotion<T, D> {
    /// A motion from its pose at `t = 0` (`rotation`, `translation`), the
    /// velocity of the local origin and the angular velocity as a
    /// skew-symmetric matrix turning in one plane.
    ///
    /// # Errors
    ///
    /// [`ShapeError::NonFinite`] for a NaN or infinite entry;
    /// [`ShapeError::NotOrthogonal`] when `rotation` is not orthogonal, or
    /// `angular` is not skew-symmetric turning in one plane (each to within
    /// [`Real::ANGLE_SLACK`] relative to its size).
    ///
    /// # Example
    ///
    /// ```
    /// use core::f64::consts::PI;
    /// use gjk::{Point, RigidMotion, ShapeError, Vector};
    /// use gjk::nalgebra::Matrix2;
    ///
    /// // Turning at 2 rad per unit of time in the plane, from the identity pose.
    /// let omega = Matrix2::new(0.0, -2.0, 2.0, 0.0);
    /// let (origin, still) = (Vector::<f64, 2>::zeros(), Vector::<f64, 2>::zeros());
    /// let spin = RigidMotion::new(Matrix2::identity(), origin, still, omega).unwrap();
    /// assert!((spin.angular_speed() - 2.0).abs() < 1e-15);
    /// // Half a turn at t = π/2: the local x axis points along −x.
    /// let p = Point::new(Vector::<f64, 2>::new(1.0, 0.0)).unwrap();
    /// let x = spin.place(p, PI / 2.0).to_world(&Vector::<f64, 2>::x());
    /// assert!((x + Vector::<f64, 2>::x()).norm() < 1e-12);
    /// let not_skew = Matrix2::new(1.0, 0.0, 0.0, 1.0);
    /// let bad = RigidMotion::new(Matrix2::identity(), origin, still, not_skew);
    /// assert_eq!(bad, Err(ShapeError::NotOrthogonal));
    /// ```
    pub fn new(
        rotation: SMatrix<T, D, D>,
        translation: SVector<T, D>,
        velocity: SVector<T, D>,
        angular: SMatrix<T, D, D>,
    ) -> Result<Self, ShapeError> {
        // The rotation's checks are the placement's.
        let axes = Transformed::new((), rotation, translation)?.axes();
        if !(all_finite(&velocity) && angular.iter().all(|x| x.is_finite())) {
            return Err(ShapeError::NonFinite);
        }
        let mut turn = columns(&angular);
        let size = turn.iter().fold(T::zero(), |m, c| m.max(c.amax()));
        let unit = T::unit_scale(size);
        let square = turn
            .iter()
            .fold(T::zero(), |s, c| s + (c * unit).length_squared());
        // `|ω|² = ‖Ω‖²_F / 2`, the sum taken at order one.
        let speed = (square * T::lit(0.5)).sqrt() / unit;
        if !speed.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        if speed > T::zero() {
            for c in &mut turn {
                *c /= speed;
            }
        }
        let motion = Self {
            axes,
            translation,
            velocity,
            turn,
            speed,
        };
        // Skew-symmetric (`Kᵢⱼ = −Kⱼᵢ`) and turning in one plane
        // (`K³ = −K`), checked column by column.
        let mut worst = T::zero();
        for (j, kj) in motion.turn.iter().enumerate() {
            for (i, ki) in motion.turn.iter().enumerate() {
                worst = worst.max((kj.dot(&axis(i)) + ki.dot(&axis(j))).abs());
            }
            if speed > T::zero() {
                worst = worst.max((motion.apply_turn(&motion.apply_turn(kj)) + kj).amax());
            }
        }
        if worst <= T::ANGLE_SLACK {
            Ok(motion)
        } else {
            Err(ShapeError::NotOrthogonal)
        }
    }

    /// A shape that does not move from `placement`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, RigidMotion, Transformed, Vector};
    ///
    /// let ball = Ball::new(Vector::<f64, 3>::zeros(), 1.0).unwrap();
    /// let parked = Transformed::translated(ball, Vector::<f64, 3>::new(4.0, 0.0, 0.0)).unwrap();
    /// let motion = RigidMotion::at_rest(&parked);
    /// assert_eq!(motion.velocity(), Vector::<f64, 3>::zeros());
    /// assert_eq!(motion.angular_speed(), 0.0);
    /// assert_eq!(motion.place(ball, 10.0).translation(), parked.translation());
    /// ```
    #[must_use]
    pub fn at_rest<S>(placement: &Transformed<S, T, D>) -> Self {
        Self {
            axes: placement.axes(),
            translation: placement.translation(),
            velocity: SVector::zeros(),
            turn: [SVector::zeros(); D],
            speed: T::zero(),
        }
    }

    /// The angular speed `|ω|` (radians per unit of time).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{RigidMotion, Vector};
    /// use gjk::nalgebra::Isometry3;
    ///
    /// // ω = (0, 3, 4): a turn about that axis at |ω| = 5 rad per unit of time.
    /// let still = Vector::<f64, 3>::zeros();
    /// let omega = Vector::<f64, 3>::new(0.0, 3.0, 4.0);
    /// let motion = RigidMotion::spatial(&Isometry3::identity(), still, omega).unwrap();
    /// assert!((motion.angular_speed() - 5.0).abs() < 1e-15);
    /// ```
    #[must_use]
    pub fn angular_speed(&self) -> T {
        self.speed
    }

    /// The velocity of the local origin.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{RigidMotion, Vector};
    /// use gjk::nalgebra::Isometry2;
    ///
    /// let v = Vector::<f64, 2>::new(1.5, -0.5);
    /// let motion = RigidMotion::planar(&Isometry2::identity(), v, 0.0).unwrap();
    /// assert_eq!(motion.velocity(), v);
    /// ```
    #[must_use]
    pub fn velocity(&self) -> SVector<T, D> {
        self.velocity
    }

    /// The position of the local origin at `t = 0`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Point, RigidMotion, Vector};
    /// use gjk::nalgebra::Isometry2;
    ///
    /// let start = Isometry2::translation(2.0, 3.0);
    /// let motion = RigidMotion::planar(&start, Vector::<f64, 2>::new(1.0, 0.0), 0.0).unwrap();
    /// assert_eq!(motion.translation(), Vector::<f64, 2>::new(2.0, 3.0)); // at t = 0
    /// let p = Point::new(Vector::<f64, 2>::zeros()).unwrap();
    /// assert_eq!(motion.place(p, 4.0).translation(), Vector::<f64, 2>::new(6.0, 3.0));
    /// ```
    #[must_use]
    pub fn translation(&self) -> SVector<T, D> {
        self.translation
    }

    /// `K x`: the columns weighted by the coordinates.
    fn apply_turn(&self, x: &SVector<T, D>) -> SVector<T, D> {
        self.turn
            .iter()
            .zip(x.iter())
            .fold(SVector::zeros(), |sum, (k, &xi)| sum + k * xi)
    }

    /// `shape` placed where the motion has it at time `t`: each axis turned
    /// by Rodrigues' formula.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, RigidMotion, SupportMap, Vector};
    /// use gjk::nalgebra::Isometry3;
    ///
    /// // A unit cube sliding along x at speed 3, without turning.
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(1.0)).unwrap();
    /// let v = Vector::<f64, 3>::new(3.0, 0.0, 0.0);
    /// let no_turn = Vector::<f64, 3>::zeros();
    /// let motion = RigidMotion::spatial(&Isometry3::identity(), v, no_turn).unwrap();
    /// let later = motion.place(cube, 2.0);
    /// assert_eq!(later.support(&Vector::<f64, 3>::x()).x, 7.0); // 6 + 1
    /// ```
    #[must_use]
    pub fn place<S>(&self, shape: S, t: T) -> Transformed<S, T, D> {
        let (s, c) = (self.speed * t).sin_cos();
        let mut axes = self.axes;
        for a in &mut axes {
            let k = self.apply_turn(a);
            *a += k * s + self.apply_turn(&k) * (T::one() - c);
        }
        Transformed::placed(shape, axes, self.translation + self.velocity * t)
    }
}

impl<T: Real> RigidMotion<T, 2> {
    /// A planar motion: the pose at `t = 0`, the velocity of the local
    /// origin, and the angular velocity (radians per unit of time,
    /// counter-clockwise).
    ///
    /// # Errors
    ///
    /// [`ShapeError::NonFinite`] for a NaN or infinite input.
    ///
    /// # Example
    ///
    /// ```
    /// use core::f64::consts::PI;
    /// use gjk::{Point, RigidMotion, Vector};
    /// use gjk::nalgebra::Isometry2;
    ///
    /// // One full turn per unit of time, standing still.
    /// let still = Vector::<f64, 2>::zeros();
    /// let motion = RigidMotion::planar(&Isometry2::identity(), still, 2.0 * PI).unwrap();
    /// let p = Point::new(Vector::<f64, 2>::zeros()).unwrap();
    /// let quarter = motion.place(p, 0.25);
    /// // A quarter of a turn counter-clockwise takes x to y.
    /// let x = quarter.direction_to_world(&Vector::<f64, 2>::x());
    /// assert!((x - Vector::<f64, 2>::y()).norm() < 1e-12);
    /// ```
    pub fn planar(
        pose: &Isometry2<T>,
        velocity: SVector<T, 2>,
        angular: T,
    ) -> Result<Self, ShapeError> {
        let omega = SMatrix::<T, 2, 2>::new(T::zero(), -angular, angular, T::zero());
        Self::new(
            *pose.rotation.to_rotation_matrix().matrix(),
            pose.translation.vector,
            velocity,
            omega,
        )
    }
}

impl<T: Real> RigidMotion<T, 3> {
    /// A spatial motion: the pose at `t = 0`, the velocity of the local
    /// origin, and the angular velocity vector `ω` (its direction the axis,
    /// its length radians per unit of time, right-handed).
    ///
    /// # Errors
    ///
    /// [`ShapeError::NonFinite`] for a NaN or infinite input.
    ///
    /// # Example
    ///
    /// ```
    /// use core::f64::consts::FRAC_PI_2;
    /// use gjk::{Point, RigidMotion, Vector};
    /// use gjk::nalgebra::Isometry3;
    ///
    /// // Turning about z at π/2 per unit of time while rising at 1 along z.
    /// let v = Vector::<f64, 3>::z();
    /// let omega = Vector::<f64, 3>::new(0.0, 0.0, FRAC_PI_2);
    /// let motion = RigidMotion::spatial(&Isometry3::identity(), v, omega).unwrap();
    /// let p = Point::new(Vector::<f64, 3>::zeros()).unwrap();
    /// let later = motion.place(p, 1.0);
    /// let tip = later.to_world(&Vector::<f64, 3>::x());
    /// assert!((tip - Vector::<f64, 3>::new(0.0, 1.0, 1.0)).norm() < 1e-12);
    /// ```
    pub fn spatial(
        pose: &Isometry3<T>,
        velocity: SVector<T, 3>,
        angular: SVector<T, 3>,
    ) -> Result<Self, ShapeError> {
        let omega = angular.cross_matrix();
        Self::new(
            *pose.rotation.to_rotation_matrix().matrix(),
            pose.translation.vector,
            velocity,
            omega,
        )
    }
}
