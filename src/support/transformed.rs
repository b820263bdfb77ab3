//! A shape moved by a rigid motion.

use nalgebra::{Isometry2, Isometry3, SMatrix, SVector};

use super::{finite_point, ShapeError, SupportMap};
use crate::real::{all_finite, Real};

/// A shape moved by an orthogonal map `R` and a translation `t`: `x ↦ R x + t`.
///
/// The support map follows from `s(d) = R · s_shape(Rᵀ d) + t`. `R` may be any
/// orthogonal matrix (a rotation, or a reflection: both keep shapes convex and
/// distances unchanged), so the same type serves every dimension; for the
/// plane and space it can be built from nalgebra's isometries.
///
/// ```
/// use gjk::{Cuboid, SupportMap, Transformed, Vector};
/// use nalgebra::{Isometry3, Vector3};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let moved = Transformed::from_isometry3(cube, &Isometry3::translation(5.0, 0.0, 0.0));
/// assert_eq!(moved.support(&Vector3::new(-1.0, 0.0, 0.0)).x, 4.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transformed<S, T: Real, const D: usize> {
    shape: S,
    rotation: SMatrix<T, D, D>,
    translation: SVector<T, D>,
}

impl<S, T: Real, const D: usize> Transformed<S, T, D> {
    /// `shape` mapped by `x ↦ rotation · x + translation`.
    ///
    /// Fails on non-finite entries, or when `rotation` is not orthogonal to
    /// within [`Real::ANGLE_SLACK`] per entry of `RᵀR − I`.
    pub fn new(
        shape: S,
        rotation: SMatrix<T, D, D>,
        translation: SVector<T, D>,
    ) -> Result<Self, ShapeError> {
        finite_point(&translation)?;
        if !rotation.iter().all(|x| x.is_finite()) {
            return Err(ShapeError::NonFinite);
        }
        let defect = rotation.transpose() * rotation - SMatrix::<T, D, D>::identity();
        if defect.iter().any(|x| x.abs() > T::ANGLE_SLACK) {
            return Err(ShapeError::NotOrthogonal);
        }
        Ok(Self {
            shape,
            rotation,
            translation,
        })
    }

    /// `shape` moved by `translation` alone (fails on non-finite input).
    pub fn translated(shape: S, translation: SVector<T, D>) -> Result<Self, ShapeError> {
        Self::new(shape, SMatrix::identity(), translation)
    }

    /// The untransformed shape.
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// Maps a point of the shape's own frame into the world frame.
    #[inline]
    pub fn to_world(&self, p: &SVector<T, D>) -> SVector<T, D> {
        self.rotation * p + self.translation
    }

    /// Maps a world point into the shape's own frame (the inverse of
    /// [`to_world`](Self::to_world): `Rᵀ (p − t)`, the rotation being
    /// orthogonal).
    #[inline]
    pub fn to_local(&self, p: &SVector<T, D>) -> SVector<T, D> {
        self.rotation.tr_mul(&(p - self.translation))
    }
}

impl<S, T: Real> Transformed<S, T, 2> {
    /// `shape` placed by a 2D isometry. Its rotation is orthogonal by
    /// construction, so this cannot fail; a non-finite isometry makes the
    /// queries report an error.
    pub fn from_isometry2(shape: S, pose: &Isometry2<T>) -> Self {
        Self {
            shape,
            rotation: pose.rotation.to_rotation_matrix().into_inner(),
            translation: pose.translation.vector,
        }
    }
}

impl<S, T: Real> Transformed<S, T, 3> {
    /// `shape` placed by a 3D isometry. Its rotation is orthogonal by
    /// construction, so this cannot fail; a non-finite isometry makes the
    /// queries report an error.
    pub fn from_isometry3(shape: S, pose: &Isometry3<T>) -> Self {
        Self {
            shape,
            rotation: pose.rotation.to_rotation_matrix().into_inner(),
            translation: pose.translation.vector,
        }
    }
}

impl<S: SupportMap<T, D>, T: Real, const D: usize> SupportMap<T, D> for Transformed<S, T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        let local = self.rotation.tr_mul(dir);
        self.to_world(&self.shape.core_support(&local))
    }
    #[inline]
    fn margin(&self) -> T {
        self.shape.margin()
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        let c = self.to_world(&self.shape.center());
        if all_finite(&c) {
            c
        } else {
            self.translation
        }
    }
}
