//! A [`Hull`] that owns its points and storage, for a body that keeps its
//! shape (behind the `alloc` feature).
//!
//! A [`Hull`] borrows three slices so that it can live without an
//! allocator. An engine whose bodies own their shapes builds an
//! [`OwnedHull`] instead: the same exact hull, the same support map and
//! faces, answering every query with the same numbers, its storage in
//! three `Vec`s. The hull is built once; every query reads the borrowed
//! form back from the storage ([`OwnedHull::as_hull`]) without building
//! anything again, and supports are answered straight from the owned
//! storage.

use alloc::vec::Vec;
use nalgebra::SVector;

use super::default::{Layout, SCAN_UP_TO};
use super::Hull;
use crate::math::real::Real;
use crate::shape::{farthest, ShapeError, SupportMap};

/// The convex hull of a point cloud, owning its points and storage.
///
/// Built like [`Hull`] (exact predicates: interior points, duplicates and
/// points on faces never become vertices), for `D = 2` and `D = 3`, and
/// queried like it: [`as_hull`](Self::as_hull) lends the borrowed form,
/// and the shape traits are implemented on this type directly, with the
/// same answers to the bit.
///
/// # Example
///
/// ```
/// use gjk::{contact_manifold, Config, OwnedHull, Transformed, Vector};
/// use gjk::nalgebra::Isometry3;
///
/// // A cube's corners, an interior point and a repeated corner: 8 vertices.
/// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
/// let mut points = vec![v(0.0, 0.0, 0.0), v(1.0, 1.0, 1.0)];
/// for i in 0..8 {
///     let bit = |k: u32| if i >> k & 1 == 1 { 1.0 } else { -1.0 };
///     points.push(v(bit(0), bit(1), bit(2)));
/// }
/// let cube = OwnedHull::<f64, 3>::new(points).unwrap();
/// assert_eq!(cube.vertices().len(), 8);
///
/// // A body owns it; queries place it by the body's pose.
/// struct Body { shape: OwnedHull<f64, 3>, pose: Isometry3<f64> }
/// let ground = Body { shape: cube.clone(), pose: Isometry3::identity() };
/// let resting = Body { shape: cube, pose: Isometry3::translation(0.0, 0.0, 1.99) };
/// let a = Transformed::from_isometry3(&ground.shape, &ground.pose);
/// let b = Transformed::from_isometry3(&resting.shape, &resting.pose);
/// let manifold = contact_manifold(&a, &b, 0.0, &Config::default()).unwrap();
/// assert_eq!(manifold.map(|m| m.len()), Some(4)); // the four corners of a face
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct OwnedHull<T: Real, const D: usize> {
    points: Vec<SVector<T, D>>,
    indices: Vec<u32>,
    facets: Vec<[u32; D]>,
    layout: Layout<T, D>,
    /// The vertices a small hull scans, inline as [`Hull`] keeps them (the
    /// first `scanned`; none for a hull that climbs).
    corners: [SVector<T, D>; SCAN_UP_TO],
    scanned: usize,
}

impl<T: Real, const D: usize> OwnedHull<T, D> {
    /// The hull built by `build` over `points`, kept with its storage.
    fn built_by(
        points: Vec<SVector<T, D>>,
        build: impl for<'a> FnOnce(
            &'a [SVector<T, D>],
            &'a mut [u32],
            &'a mut [[u32; D]],
        ) -> Result<Hull<'a, T, D>, ShapeError>,
    ) -> Result<Self, ShapeError> {
        let n = points.len();
        let mut indices = alloc::vec![0; Hull::<T, D>::indices_needed(n)];
        let mut facets = alloc::vec![[0; D]; Hull::<T, D>::facets_needed(n)];
        let (layout, corners, scanned) = {
            let hull = build(&points, &mut indices, &mut facets)?;
            let mut corners = [SVector::zeros(); SCAN_UP_TO];
            let mut scanned = 0;
            if !hull.climbs() {
                let at = |&v: &u32| hull.points().get(v as usize).copied();
                for (slot, p) in corners
                    .iter_mut()
                    .zip(hull.vertices().iter().filter_map(at))
                {
                    *slot = p;
                    scanned += 1;
                }
            }
            (hull.layout(), corners, scanned)
        };
        facets.truncate(layout.facets());
        Ok(Self {
            points,
            indices,
            facets,
            layout,
            corners,
            scanned,
        })
    }

    /// The borrowed form of the hull, read back from the storage without
    /// building anything again.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{OwnedHull, SupportMap, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let square = OwnedHull::<f64, 2>::new(vec![
    ///     v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0), v(0.5, 0.5),
    /// ]).unwrap();
    /// let hull = square.as_hull();
    /// assert_eq!(hull.vertices(), square.vertices());
    /// assert_eq!(hull.support(&v(1.0, 2.0)), square.support(&v(1.0, 2.0)));
    /// ```
    #[must_use]
    pub fn as_hull(&self) -> Hull<'_, T, D> {
        // The storage is the one the layout was taken from, so this always
        // reads back; the fallback is unreachable but keeps the call total.
        Hull::rejoin(&self.points, &self.indices, &self.facets, &self.layout)
            .unwrap_or_else(|| self.fallback())
    }

    /// A hull with no vertices whose supports are the centroid, never
    /// used (see `as_hull`).
    #[cold]
    fn fallback(&self) -> Hull<'_, T, D> {
        Hull::unreadable(self.layout.centroid())
    }

    /// The points the hull was built from, as given (face and vertex ids
    /// index them).
    #[must_use]
    pub fn points(&self) -> &[SVector<T, D>] {
        &self.points
    }

    /// The indices (into [`points`](Self::points)) of the hull's vertices.
    #[must_use]
    pub fn vertices(&self) -> &[u32] {
        self.as_hull().vertices()
    }

    /// The hull's facets, as indices into [`points`](Self::points).
    #[must_use]
    pub fn facets(&self) -> &[[u32; D]] {
        &self.facets
    }
}

impl<T: Real> OwnedHull<T, 2> {
    /// The convex hull of `points` (a `Vec`, a slice or an array), kept
    /// with its storage. Fails as [`Hull::new`] does.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{OwnedHull, ShapeError, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let triangle = OwnedHull::<f64, 2>::new([v(0.0, 0.0), v(2.0, 0.0), v(0.0, 2.0), v(0.5, 0.5)]);
    /// assert_eq!(triangle.unwrap().vertices(), [0, 1, 2]);
    /// let line = OwnedHull::<f64, 2>::new([v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0)]);
    /// assert_eq!(line.err(), Some(ShapeError::Degenerate));
    /// ```
    pub fn new(points: impl Into<Vec<SVector<T, 2>>>) -> Result<Self, ShapeError> {
        Self::built_by(points.into(), |p, i, f| Hull::<T, 2>::new(p, i, f))
    }

    /// The hull of `points` welded to the absolute tolerance `tol`, kept
    /// with its storage: see [`Hull::new_welded`] for what welding
    /// promises.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{OwnedHull, Vector};
    ///
    /// // A square and a point a hair outside its top edge.
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let square = [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0), v(0.5, 1.0 + 1e-9)];
    /// let exact = OwnedHull::<f64, 2>::new(&square[..]).unwrap();
    /// let welded = OwnedHull::<f64, 2>::new_welded(&square[..], 1e-6).unwrap();
    /// assert_eq!((exact.vertices().len(), welded.vertices().len()), (5, 4));
    /// ```
    pub fn new_welded(points: impl Into<Vec<SVector<T, 2>>>, tol: T) -> Result<Self, ShapeError> {
        Self::built_by(points.into(), |p, i, f| {
            Hull::<T, 2>::new_welded(p, tol, i, f)
        })
    }
}

impl<T: Real> OwnedHull<T, 3> {
    /// The convex hull of `points` (a `Vec`, a slice or an array), kept
    /// with its storage. Fails as [`Hull::new`] does.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{OwnedHull, Vector};
    ///
    /// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    /// let corner = [v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0)];
    /// let tetra = OwnedHull::<f64, 3>::new(&corner[..]).unwrap();
    /// assert_eq!(tetra.facets().len(), 4);
    /// ```
    pub fn new(points: impl Into<Vec<SVector<T, 3>>>) -> Result<Self, ShapeError> {
        Self::built_by(points.into(), |p, i, f| Hull::<T, 3>::new(p, i, f))
    }

    /// The hull of `points` welded to the absolute tolerance `tol`, kept
    /// with its storage: see [`Hull::new_welded`] for what welding
    /// promises.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{OwnedHull, Vector};
    ///
    /// // A cube's corners and a point a hair above its top face.
    /// let mut cloud: Vec<_> = (0..8)
    ///     .map(|i| Vector::<f64, 3>::new(f64::from(i & 1), f64::from(i >> 1 & 1), f64::from(i >> 2)))
    ///     .collect();
    /// cloud.push(Vector::<f64, 3>::new(0.5, 0.5, 1.0 + 1e-9));
    /// let exact = OwnedHull::<f64, 3>::new(cloud.clone()).unwrap();
    /// let welded = OwnedHull::<f64, 3>::new_welded(cloud, 1e-6).unwrap();
    /// assert_eq!((exact.vertices().len(), welded.vertices().len()), (9, 8));
    /// ```
    pub fn new_welded(points: impl Into<Vec<SVector<T, 3>>>, tol: T) -> Result<Self, ShapeError> {
        Self::built_by(points.into(), |p, i, f| {
            Hull::<T, 3>::new_welded(p, tol, i, f)
        })
    }
}

/// Supports straight from the owned storage: the inline corners of a small
/// hull, scanned as [`Hull`] scans them, or a walk on the stored graph.
/// ([`Hull`] implements no other method of the trait.)
impl<T: Real, const D: usize> SupportMap<T, D> for OwnedHull<T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        if let Some(used) = self.corners.get(..self.scanned).filter(|c| !c.is_empty()) {
            return farthest(used, dir).unwrap_or(self.layout.centroid());
        }
        self.as_hull().core_support(dir)
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.layout.centroid()
    }
}
