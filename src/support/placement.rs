//! Rigid placements as nalgebra spells them, for [`Transformed`].

use nalgebra::{Isometry2, Isometry3, SVector};

use super::transformed::columns;
use super::Transformed;
use crate::real::Real;

/// A rigid placement `x ↦ R x + t` with `R` orthogonal by construction:
/// nalgebra's [`Isometry2`] and [`Isometry3`], so that one
/// [`Transformed::from_isometry`] and [`Transformed::set_isometry`] serve
/// the plane and space.
pub trait Placement<T: Real, const D: usize> {
    /// The columns of `R`, the images of the coordinate axes.
    fn axes(&self) -> [SVector<T, D>; D];
    /// The translation `t`.
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
    #[inline]
    pub fn set_isometry(&mut self, pose: &impl Placement<T, D>) {
        self.set_placement(pose.axes(), pose.translation());
    }
}
