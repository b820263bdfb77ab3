//! Convex hulls of borrowed point sets, in any dimension.

use nalgebra::SVector;

use super::{farthest, finite_point, mean_point, ShapeError, SupportMap};
use crate::real::Real;

/// The convex hull of a borrowed, non-empty set of points.
///
/// The points need not be in convex position: interior points, duplicates,
/// collinear and coplanar sets are all valid and simply never (or redundantly)
/// win the support scan. Nothing is copied or allocated.
///
/// The support map is a linear max-dot-product scan.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConvexHull<'a, T: Real, const D: usize> {
    points: &'a [SVector<T, D>],
    centroid: SVector<T, D>,
}

impl<'a, T: Real, const D: usize> ConvexHull<'a, T, D> {
    /// The hull of `points`; fails when the slice is empty or a coordinate is
    /// not finite.
    pub fn new(points: &'a [SVector<T, D>]) -> Result<Self, ShapeError> {
        points.iter().try_for_each(finite_point)?;
        let centroid = mean_point(points).ok_or(ShapeError::Empty)?;
        Ok(Self { points, centroid })
    }

    /// The points the hull was built from.
    pub fn points(&self) -> &'a [SVector<T, D>] {
        self.points
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for ConvexHull<'_, T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        farthest(self.points, dir).unwrap_or(self.centroid)
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.centroid
    }
}
