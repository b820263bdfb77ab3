//! Convex hulls of point sets, borrowed or owned, in any dimension.

use nalgebra::SVector;

use crate::math::real::Real;
use crate::shape::{farthest, finite_point, mean_point, ShapeError, SupportMap};

/// The convex hull of a non-empty set of points, held in any storage `P`
/// that reads as a slice: borrowed (`&[SVector]`, `&Vec<SVector>`), a fixed
/// array, or an owned `Vec`, so the shape can live beside its data.
///
/// The points need not be in convex position: interior points, duplicates,
/// collinear and coplanar sets are all valid and simply never (or redundantly)
/// win the support scan. They are checked once, at construction; nothing is
/// copied.
///
/// The support map is a linear max-dot-product scan.
///
/// ```
/// use gjk::{hull::Scanned, SupportMap, Vector};
///
/// let corners = [
///     Vector::<f64, 2>::new(0.0, 0.0),
///     Vector::<f64, 2>::new(2.0, 0.0),
///     Vector::<f64, 2>::new(0.0, 1.0),
/// ];
/// let borrowed = Scanned::new(&corners[..]).unwrap();
/// let owned = Scanned::new(corners).unwrap(); // the array moved in
/// let d = Vector::<f64, 2>::new(1.0, 0.1);
/// assert_eq!(borrowed.support(&d), owned.support(&d));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scanned<P, T: Real, const D: usize> {
    points: P,
    centroid: SVector<T, D>,
}

impl<P: AsRef<[SVector<T, D>]>, T: Real, const D: usize> Scanned<P, T, D> {
    /// The hull of `points`; fails when there are none or a coordinate is
    /// not finite.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Scanned, ShapeError, SupportMap, Vector};
    ///
    /// // A tetrahedron's corners.
    /// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    /// let corners = [v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0)];
    /// let tetra = Scanned::new(&corners[..]).unwrap();
    /// assert_eq!(tetra.support(&v(-1.0, 2.0, 0.5)), v(0.0, 1.0, 0.0));
    /// let none: &[Vector<f64, 3>] = &[];
    /// assert_eq!(Scanned::new(none).err(), Some(ShapeError::Empty));
    /// ```
    pub fn new(points: P) -> Result<Self, ShapeError> {
        let slice = points.as_ref();
        slice.iter().try_for_each(finite_point)?;
        let centroid = mean_point(slice).ok_or(ShapeError::Empty)?;
        Ok(Self { points, centroid })
    }

    /// The points the hull was built from.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Scanned, Vector};
    ///
    /// let pts = vec![Vector::<f64, 2>::new(0.0, 0.0), Vector::<f64, 2>::new(2.0, 1.0)];
    /// let hull = Scanned::new(pts.clone()).unwrap();
    /// assert_eq!(hull.points(), &pts[..]);
    /// ```
    #[must_use]
    pub fn points(&self) -> &[SVector<T, D>] {
        self.points.as_ref()
    }

    /// The storage of the points, given back.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Scanned, Vector};
    ///
    /// let pts = vec![Vector::<f64, 2>::new(0.0, 0.0), Vector::<f64, 2>::new(2.0, 1.0)];
    /// let hull = Scanned::new(pts).unwrap();
    /// let back: Vec<Vector<f64, 2>> = hull.into_points(); // the same vector, not a copy
    /// assert_eq!(back.len(), 2);
    /// ```
    #[must_use]
    pub fn into_points(self) -> P {
        self.points
    }
}

impl<P: AsRef<[SVector<T, D>]>, T: Real, const D: usize> SupportMap<T, D> for Scanned<P, T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        farthest(self.points.as_ref(), dir).unwrap_or(self.centroid)
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.centroid
    }
}
