//! Why a shape could not be built, and the checks its constructors share.

use nalgebra::SVector;

use crate::math::real::{all_finite, Real};

/// Why a shape could not be built from the given data.
///
/// # Example
///
/// ```
/// use gjk::{Ball, hull::Polygon, ShapeError, Vector};
/// use gjk::nalgebra::Vector2;
///
/// let origin = Vector::<f64, 2>::zeros();
/// assert_eq!(Ball::new(origin, -1.0), Err(ShapeError::Negative));
/// assert_eq!(Ball::new(Vector::<f64, 2>::new(f64::NAN, 0.0), 1.0), Err(ShapeError::NonFinite));
/// let none: &[Vector2<f64>] = &[];
/// assert_eq!(Polygon::new(none).err(), Some(ShapeError::Empty));
/// assert_eq!(ShapeError::Negative.to_string(), "a radius or half-extent is negative");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ShapeError {
    /// A coordinate, radius or matrix entry is NaN or infinite.
    NonFinite,
    /// A radius or half-extent is negative.
    Negative,
    /// The vertex list is empty.
    Empty,
    /// A polygon's vertices are not in counter-clockwise convex position.
    NotConvex,
    /// A matrix meant as a rotation is not orthogonal.
    NotOrthogonal,
    /// Storage provided by the caller is shorter than the shape needs.
    StorageTooSmall,
    /// A facet refers to a vertex index past the end of the point list.
    BadIndex,
    /// More points or facets than the shape's indices can count.
    TooLarge,
    /// The points span fewer than `D` dimensions (a hull of a single point,
    /// of collinear points in 2D, of coplanar points in 3D): they bound no
    /// `D`-dimensional hull. Also a half-space's zero normal, which names
    /// no side.
    Degenerate,
    /// A hull construction met a contradiction (an iteration cap reached, a
    /// facet link that does not close). Exact predicates rule this out; it
    /// is reported instead of a panic or a wrong hull.
    Inconsistent,
}

impl core::fmt::Display for ShapeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            ShapeError::NonFinite => "a coordinate is NaN or infinite",
            ShapeError::Negative => "a radius or half-extent is negative",
            ShapeError::Empty => "the vertex or facet list is empty",
            ShapeError::NotConvex => "the polygon is not convex and counter-clockwise",
            ShapeError::NotOrthogonal => "the matrix is not orthogonal",
            ShapeError::StorageTooSmall => "the storage provided for the shape is too small",
            ShapeError::BadIndex => "a facet refers to a vertex that does not exist",
            ShapeError::TooLarge => "too many points or facets for the shape's indices",
            ShapeError::Degenerate => "the points span fewer dimensions than the space",
            ShapeError::Inconsistent => "the hull construction met a contradiction",
        })
    }
}

impl core::error::Error for ShapeError {}

/// Checks that a point is finite.
pub(crate) fn finite_point<T: Real, const D: usize>(p: &SVector<T, D>) -> Result<(), ShapeError> {
    if all_finite(p) {
        Ok(())
    } else {
        Err(ShapeError::NonFinite)
    }
}

/// Checks that a radius (or half-extent) is finite and not negative.
pub(crate) fn valid_radius<T: Real>(r: T) -> Result<(), ShapeError> {
    if !r.is_finite() {
        Err(ShapeError::NonFinite)
    } else if r < T::zero() {
        Err(ShapeError::Negative)
    } else {
        Ok(())
    }
}
