//! A shape under a general linear map and a translation.

use nalgebra::{SMatrix, SVector};

use super::{finite_point, ShapeError, SupportMap};
use crate::real::Real;

/// A shape mapped by `x ↦ M x + t` for any matrix `M`: scaled, sheared or
/// stretched (for rigid motions, [`Transformed`](crate::Transformed) is
/// cheaper and keeps the margin).
///
/// The image of a convex set under a linear map is convex, and its support
/// function follows from the shape's through the transpose:
/// `h_{MS}(d) = max_{x∈S} d·Mx = max_{x∈S} (Mᵀd)·x = h_S(Mᵀd)`, attained
/// at `M s_S(Mᵀd)`. A non-uniform map does not keep a rounded shape a core
/// plus a radius, so the inner shape is taken whole (its margin included)
/// and the result has no margin. A singular `M` flattens the shape, which
/// stays convex.
///
/// ```
/// use gjk::{Affine, Ball, Ellipsoid, SupportMap, Vector};
/// use gjk::nalgebra::Matrix2;
///
/// // The unit disc stretched into the ellipse of semi-axes 3 and 1.
/// let disc = Ball::new(Vector::<f64, 2>::zeros(), 1.0).unwrap();
/// let stretched = Affine::new(disc, Matrix2::new(3.0, 0.0, 0.0, 1.0), Vector::zeros()).unwrap();
/// let ellipse = Ellipsoid::new(Vector::<f64, 2>::new(3.0, 1.0)).unwrap();
/// let d = Vector::<f64, 2>::new(1.0, 2.0);
/// assert!((stretched.support(&d) - ellipse.support(&d)).norm() < 1e-15);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Affine<S, T: Real, const D: usize> {
    shape: S,
    matrix: SMatrix<T, D, D>,
    transpose: SMatrix<T, D, D>,
    translation: SVector<T, D>,
}

impl<S, T: Real, const D: usize> Affine<S, T, D> {
    /// `shape` mapped by `x ↦ matrix · x + translation`; fails on a
    /// non-finite entry.
    pub fn new(
        shape: S,
        matrix: SMatrix<T, D, D>,
        translation: SVector<T, D>,
    ) -> Result<Self, ShapeError> {
        finite_point(&translation)?;
        if !matrix.iter().all(|x| x.is_finite()) {
            return Err(ShapeError::NonFinite);
        }
        Ok(Self {
            shape,
            matrix,
            transpose: matrix.transpose(),
            translation,
        })
    }

    /// The shape before the map.
    #[must_use]
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The linear part `M`.
    #[must_use]
    pub fn matrix(&self) -> SMatrix<T, D, D> {
        self.matrix
    }

    /// The translation `t`.
    #[must_use]
    pub fn translation(&self) -> SVector<T, D> {
        self.translation
    }
}

impl<S: SupportMap<T, D>, T: Real, const D: usize> SupportMap<T, D> for Affine<S, T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        self.matrix * self.shape.support(&(self.transpose * dir)) + self.translation
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.matrix * self.shape.center() + self.translation
    }
}
