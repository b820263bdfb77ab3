//! Rigid placements as nalgebra spells them, for [`Transformed`].

use nalgebra::{Isometry2, Isometry3, SVector};

use super::transformed::columns;
use super::Transformed;
use crate::math::real::Real;

/// A rigid placement `x ↦ R x + t` with `R` orthogonal by construction:
/// nalgebra's [`Isometry2`] and [`Isometry3`], so that one
/// [`Transformed::from_isometry`] and [`Transformed::set_isometry`] serve
/// the plane and space.
///
/// # Example
///
/// ```
/// use core::f64::consts::FRAC_PI_4;
/// use gjk::{distance, Ball, Cuboid, Config, Placement, Transformed, Vector};
/// use gjk::nalgebra::{Isometry2, Isometry3, Vector2};
///
/// // The gap between a unit ball at the origin and a cube of half-side 1 at `pose`.
/// fn gap<const D: usize>(pose: &impl Placement<f64, D>) -> f64 {
///     let cube = Cuboid::new(Vector::<f64, D>::repeat(1.0)).unwrap();
///     let cube = Transformed::from_isometry(cube, pose);
///     let ball = Ball::new(Vector::<f64, D>::zeros(), 1.0).unwrap();
///     distance(&ball, &cube, &Config::default()).unwrap().distance
/// }
/// assert!((gap(&Isometry3::translation(0.0, 0.0, -5.0)) - 3.0).abs() < 1e-12);
/// // Turned 45°, the square points a corner at the ball, √2 from its centre.
/// let diamond = Isometry2::new(Vector2::new(4.0, 0.0), FRAC_PI_4);
/// assert!((gap(&diamond) - (3.0 - 2f64.sqrt())).abs() < 1e-12);
/// ```
pub trait Placement<T: Real, const D: usize> {
    /// The columns of `R`, the images of the coordinate axes.
    ///
    /// # Example
    ///
    /// ```
    /// use core::f64::consts::FRAC_PI_2;
    /// use gjk::Placement;
    /// use gjk::nalgebra::{Isometry2, Vector2};
    ///
    /// // A quarter turn takes x to y and y to −x.
    /// let pose = Isometry2::new(Vector2::new(1.0, 2.0), FRAC_PI_2);
    /// let [x, y] = Placement::<f64, 2>::axes(&pose);
    /// assert!((x - Vector2::y()).norm() < 1e-15);
    /// assert!((y + Vector2::x()).norm() < 1e-15);
    /// ```
    fn axes(&self) -> [SVector<T, D>; D];
    /// The translation `t`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::Placement;
    /// use gjk::nalgebra::{Isometry3, Vector3};
    ///
    /// let pose = Isometry3::new(Vector3::new(1.0, 2.0, 3.0), Vector3::new(0.0, 0.5, 0.0));
    /// assert_eq!(Placement::<f64, 3>::translation(&pose), Vector3::new(1.0, 2.0, 3.0));
    /// ```
    fn translation(&self) -> SVector<T, D>;
}

impl<T: Real> Placement<T, 2> for Isometry2<T> {
    #[inline]
    fn axes(&self) -> [SVector<T, 2>; 2] {
        columns(self.rotation.to_rotation_matrix().matrix())
    }
    #[inline]
    fn translation(&self) -> SVector<T, 2> {
        self.translation.vector
    }
}

impl<T: Real> Placement<T, 3> for Isometry3<T> {
    #[inline]
    fn axes(&self) -> [SVector<T, 3>; 3] {
        columns(self.rotation.to_rotation_matrix().matrix())
    }
    #[inline]
    fn translation(&self) -> SVector<T, 3> {
        self.translation.vector
    }
}

impl<S, T: Real, const D: usize> Transformed<S, T, D> {
    /// `shape` placed by an isometry (2D or 3D). Its rotation is orthogonal
    /// by construction, so this cannot fail; a non-finite isometry makes the
    /// queries report an error.
    ///
    /// ```
    /// use gjk::nalgebra::{Isometry2, Vector2};
    /// use gjk::{Cuboid, Transformed};
    ///
    /// let cube = Cuboid::new(Vector2::new(1.0_f64, 0.5)).unwrap();
    /// let mut body = Transformed::from_isometry(cube, &Isometry2::translation(3.0, 0.0));
    /// // The next frame: the same shape, a new pose, nothing rebuilt.
    /// body.set_isometry(&Isometry2::new(Vector2::new(3.5, 0.0), 0.1));
    /// assert_eq!(body.translation(), Vector2::new(3.5, 0.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn from_isometry(shape: S, pose: &impl Placement<T, D>) -> Self {
        Self::placed(shape, pose.axes(), pose.translation())
    }

    /// Moves the shape to a new pose, keeping the shape itself (a moving
    /// body re-posed each frame).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, SupportMap, Transformed};
    /// use gjk::nalgebra::{Isometry2, Vector2};
    ///
    /// let ball = Ball::new(Vector2::zeros(), 1.0_f64).unwrap();
    /// let mut body = Transformed::from_isometry(ball, &Isometry2::translation(0.0, 0.0));
    /// body.set_isometry(&Isometry2::translation(5.0, 0.0));
    /// let right = body.support(&Vector2::x());
    /// assert!((right - Vector2::new(6.0, 0.0)).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn set_isometry(&mut self, pose: &impl Placement<T, D>) {
        self.set_placement(pose.axes(), pose.translation());
    }
}
