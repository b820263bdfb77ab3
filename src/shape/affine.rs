//! A shape under a general linear map and a translation.

use nalgebra::{SMatrix, SVector};

use super::{finite_point, ShapeError, SupportMap};
use crate::math::real::Real;

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
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Affine, Aabb, Cuboid, Vector};
    /// use gjk::nalgebra::Matrix2;
    ///
    /// // The unit square sheared by x ↦ x + y, then moved up by 1.
    /// let square = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
    /// let shear = Matrix2::new(1.0, 1.0, 0.0, 1.0);
    /// let slanted = Affine::new(square, shear, Vector::<f64, 2>::new(0.0, 1.0)).unwrap();
    /// // The corner (1, 1) goes to (2, 2): the farthest right.
    /// let b = Aabb::of(&slanted).unwrap();
    /// assert!((b.max - Vector::<f64, 2>::new(2.0, 2.0)).amax() < 1e-14);
    /// let bad = Matrix2::new(f64::NAN, 0.0, 0.0, 1.0);
    /// assert!(Affine::new(square, bad, Vector::<f64, 2>::zeros()).is_err());
    /// ```
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
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Affine, Ball, Vector};
    /// use gjk::nalgebra::Matrix3;
    ///
    /// let ball = Ball::new(Vector::<f64, 3>::zeros(), 2.0).unwrap();
    /// let half = Matrix3::from_diagonal_element(0.5);
    /// let shrunk = Affine::new(ball, half, Vector::<f64, 3>::zeros()).unwrap();
    /// assert_eq!(shrunk.shape().radius(), 2.0); // the ball before the map
    /// ```
    #[must_use]
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The linear part `M`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Affine, Point, Vector};
    /// use gjk::nalgebra::Matrix2;
    ///
    /// let p = Point::new(Vector::<f64, 2>::zeros()).unwrap();
    /// let m = Matrix2::new(2.0, 0.0, 0.0, 3.0);
    /// let scaled = Affine::new(p, m, Vector::<f64, 2>::zeros()).unwrap();
    /// assert_eq!(scaled.matrix(), m);
    /// ```
    #[must_use]
    pub fn matrix(&self) -> SMatrix<T, D, D> {
        self.matrix
    }

    /// The translation `t`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Affine, Point, SupportMap, Vector};
    /// use gjk::nalgebra::Matrix2;
    ///
    /// let p = Point::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
    /// let t = Vector::<f64, 2>::new(5.0, -1.0);
    /// let mapped = Affine::new(p, Matrix2::new(2.0, 0.0, 0.0, 2.0), t).unwrap();
    /// assert_eq!(mapped.translation(), t);
    /// // The point lands at M (1, 1) + t = (7, 1).
    /// assert_eq!(mapped.support(&Vector::<f64, 2>::x()), Vector::<f64, 2>::new(7.0, 1.0));
    /// ```
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
