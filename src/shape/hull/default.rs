//! The hull to reach for: built from a point cloud, answering supports the
//! way that is fastest for its size.
//!
//! A support map of a convex polytope either scans its vertices (`n` dot
//! products) or climbs its edge graph from a good start ([`Climbing`]:
//! a few dozen dot products whatever `n`, but branchy). Measured with
//! callgrind on points of the unit sphere, instructions per support call
//! (the same in `f32` and `f64` for the scalar scan and the climb):
//!
//! | hull vertices | scan | climb | SIMD scan (`Packed`), `f64` / `f32` |
//! |--:|--:|--:|--:|
//! | 8 | 119 | 218 | 220 / 161 |
//! | 16 | 227 | 234 | 301 / 200 |
//! | 32 | 443 | 260 | 463 / 278 |
//! | 64 | 875 | 272 | 786 / – |
//! | 128 | – | 314 | 1,435 / – |
//!
//! so [`Hull`] keeps up to [`Hull::SCAN_UP_TO`] vertices inline and scans
//! them, and climbs larger hulls. Both answer a point of the hull whose
//! support value is the largest to rounding: they may pick different
//! vertices of a face orthogonal to the direction, never a different value
//! beyond a few ulps.
//!
//! The hull itself comes from [`Built`]: exact predicates, so interior
//! points, duplicates and points on faces or edges never become vertices.
//! [`Hull::new_welded`] also leaves out points within a weld tolerance of
//! the hull (see [`Built#welding`]).

use nalgebra::SVector;

use super::climbing::Climbing;
use super::incidence::Incidence;
use crate::math::real::{max_abs, Real};
use crate::shape::hull::build::Built;
use crate::shape::{farthest, farthest_index, mean_point, ShapeError, SupportMap};

#[cfg(feature = "alloc")]
mod rejoin;
#[cfg(feature = "alloc")]
pub(crate) use rejoin::Layout;

/// The most hull vertices scanned rather than climbed (see the table above).
pub(crate) const SCAN_UP_TO: usize = 16;

/// How a [`Hull`] answers supports.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Method<'a, T: Real, const D: usize> {
    /// The hull's vertices, held inline (the first `len`), scanned.
    Scan {
        corners: [SVector<T, D>; SCAN_UP_TO],
        len: usize,
    },
    /// A walk on the hull's edge graph.
    Climb(Climbing<'a, T, D>),
}

/// The convex hull of a point cloud: built exactly, its support map chosen
/// by its size.
///
/// Give it any points a mesh has (interior points, duplicates, points on
/// faces); it keeps the extreme ones. Use it for every polytope unless
/// another type fits better:
///
/// * [`Scanned`](super::Scanned) borrows points that are already the
///   hull's vertices and scans them, with no building at all: for shapes
///   built once a frame or less, from few points;
/// * [`Packed`](super::Packed) and [`Climbing`] are the two
///   methods this type picks between, for callers with their own facets or
///   their own reasons to fix the method.
///
/// Nothing is allocated: the caller lends an index slice of
/// [`indices_needed`](Self::indices_needed) entries and a facet slice of
/// [`facets_needed`](Self::facets_needed), sized by the number of points
/// alone, and keeps the points; the hull borrows all three. Building is
/// implemented for `D = 2` and `D = 3`.
///
/// # Example
///
/// ```
/// use gjk::{distance, Ball, Config, Hull, Vector};
///
/// // A cube's corners with an interior point and a repeated corner.
/// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
/// let mut points = vec![v(0.5, 0.5, 0.5), v(1.0, 1.0, 1.0)];
/// for i in 0..8 {
///     points.push(v(f64::from(i & 1), f64::from((i >> 1) & 1), f64::from(i >> 2)));
/// }
/// let n = points.len();
/// let mut indices = vec![0; Hull::<f64, 3>::indices_needed(n)];
/// let mut facets = vec![[0; 3]; Hull::<f64, 3>::facets_needed(n)];
/// let cube = Hull::<f64, 3>::new(&points, &mut indices, &mut facets).unwrap();
/// assert_eq!(cube.vertices().len(), 8);
///
/// let ball = Ball::new(v(3.0, 0.5, 0.5), 1.0).unwrap();
/// let d = distance(&cube, &ball, &Config::default()).unwrap();
/// assert!((d.distance - 1.0).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hull<'a, T: Real, const D: usize> {
    points: &'a [SVector<T, D>],
    vertices: &'a [u32],
    facets: &'a [[u32; D]],
    method: Method<'a, T, D>,
    centroid: SVector<T, D>,
    /// The largest coordinate of any vertex (so of any point) in magnitude.
    scale: T,
    /// The facets at each vertex, for a hull that climbs.
    incidence: Option<Incidence<'a>>,
}

impl<'a, T: Real, const D: usize> Hull<'a, T, D> {
    /// The most hull vertices scanned rather than climbed.
    pub const SCAN_UP_TO: usize = SCAN_UP_TO;

    /// Length of the `indices` storage for `points` points: the hull's
    /// vertex list, then room for building it, reused afterwards for the
    /// edge graph a large hull climbs and the facets at each vertex.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Hull, ShapeError, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let points = [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)];
    /// let mut facets = [[0; 2]; Hull::<f64, 2>::facets_needed(4)];
    /// let mut indices = [0; Hull::<f64, 2>::indices_needed(4)];
    /// assert!(Hull::<f64, 2>::new(&points, &mut indices, &mut facets).is_ok());
    /// // One entry short is refused rather than overrun.
    /// let mut short = [0; Hull::<f64, 2>::indices_needed(4) - 1];
    /// let err = Hull::<f64, 2>::new(&points, &mut short, &mut facets).err();
    /// assert_eq!(err, Some(ShapeError::StorageTooSmall));
    /// ```
    #[must_use]
    pub const fn indices_needed(points: usize) -> usize {
        let build = Built::<D>::work_needed(points);
        let facets = Built::<D>::facets_needed(points);
        let graph = Climbing::<T, D>::offsets_needed(points)
            .saturating_add(Climbing::<T, D>::neighbours_needed(facets))
            .saturating_add(Incidence::storage_needed(points, facets, D));
        let work = if build > graph { build } else { graph };
        Built::<D>::vertices_needed(points).saturating_add(work)
    }

    /// Length of the `facets` storage for `points` points.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Built, Hull};
    ///
    /// // As many as building the hull needs.
    /// assert_eq!(Hull::<f64, 3>::facets_needed(100), Built::<3>::facets_needed(100));
    /// assert_eq!(Hull::<f32, 2>::facets_needed(7), 7);
    /// ```
    #[must_use]
    pub const fn facets_needed(points: usize) -> usize {
        Built::<D>::facets_needed(points)
    }

    /// The points the hull was built from.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Hull, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let points = [v(0.0, 0.0), v(3.0, 0.0), v(1.0, 1.0), v(0.0, 3.0)];
    /// let mut indices = [0; Hull::<f64, 2>::indices_needed(4)];
    /// let mut facets = [[0; 2]; Hull::<f64, 2>::facets_needed(4)];
    /// let hull = Hull::<f64, 2>::new(&points, &mut indices, &mut facets).unwrap();
    /// assert_eq!(hull.points().len(), 4); // every point given, the inner one too
    /// ```
    #[must_use]
    pub fn points(&self) -> &'a [SVector<T, D>] {
        self.points
    }

    /// The indices of the hull's extreme points (see
    /// [`Built::vertices`]).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Hull, Vector};
    ///
    /// // A triangle and a point inside it.
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let points = [v(0.0, 0.0), v(3.0, 0.0), v(1.0, 1.0), v(0.0, 3.0)];
    /// let mut indices = [0; Hull::<f64, 2>::indices_needed(4)];
    /// let mut facets = [[0; 2]; Hull::<f64, 2>::facets_needed(4)];
    /// let hull = Hull::<f64, 2>::new(&points, &mut indices, &mut facets).unwrap();
    /// assert_eq!(hull.vertices(), [0, 1, 3]);
    /// ```
    #[must_use]
    pub fn vertices(&self) -> &'a [u32] {
        self.vertices
    }

    /// The hull's facets (see [`Built::facets`]).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Hull, Vector};
    ///
    /// // A tetrahedron has four triangles, whatever lies inside it.
    /// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    /// let points = [
    ///     v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(0.0, 2.0, 0.0),
    ///     v(0.0, 0.0, 2.0), v(0.2, 0.2, 0.2),
    /// ];
    /// let mut indices = [0; Hull::<f64, 3>::indices_needed(5)];
    /// let mut facets = [[0; 3]; Hull::<f64, 3>::facets_needed(5)];
    /// let hull = Hull::<f64, 3>::new(&points, &mut indices, &mut facets).unwrap();
    /// assert_eq!(hull.facets().len(), 4);
    /// assert!(hull.facets().iter().flatten().all(|&i| i != 4));
    /// ```
    #[must_use]
    pub fn facets(&self) -> &'a [[u32; D]] {
        self.facets
    }

    /// `true` when supports climb the edge graph, `false` when they scan
    /// the vertices.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Hull, Vector};
    ///
    /// // A regular polygon: 8 corners are scanned, 40 climbed.
    /// let polygon = |n: u32| -> Vec<Vector<f64, 2>> {
    ///     let step = 2.0 * core::f64::consts::PI / f64::from(n);
    ///     let at = |a: f64| Vector::<f64, 2>::new(a.cos(), a.sin());
    ///     (0..n).map(|k| at(step * f64::from(k))).collect()
    /// };
    /// for (n, climbs) in [(8, false), (40, true)] {
    ///     let points = polygon(n);
    ///     let mut indices = vec![0; Hull::<f64, 2>::indices_needed(points.len())];
    ///     let mut facets = vec![[0; 2]; Hull::<f64, 2>::facets_needed(points.len())];
    ///     let hull = Hull::<f64, 2>::new(&points, &mut indices, &mut facets).unwrap();
    ///     assert_eq!(hull.climbs(), climbs);
    /// }
    /// ```
    #[must_use]
    pub fn climbs(&self) -> bool {
        matches!(self.method, Method::Climb(_))
    }

    /// The hull of `points` built by `build` into the vertex list at the
    /// front of `indices` and, for the call, the work space after it, which
    /// then holds the edge graph.
    fn built_by(
        points: &'a [SVector<T, D>],
        indices: &'a mut [u32],
        build: impl FnOnce(&'a mut [u32], &mut [u32]) -> Result<Built<'a, D>, ShapeError>,
    ) -> Result<Self, ShapeError> {
        if indices.len() < Self::indices_needed(points.len()) {
            return Err(ShapeError::StorageTooSmall);
        }
        let (vertices, work) = indices
            .split_at_mut_checked(Built::<D>::vertices_needed(points.len()))
            .ok_or(ShapeError::StorageTooSmall)?;
        let built = build(vertices, &mut *work)?;
        Self::around(points, built, work)
    }

    /// The hull around a built hull `built` of `points`, its graph (when it
    /// climbs) in `work`.
    fn around(
        points: &'a [SVector<T, D>],
        built: Built<'a, D>,
        work: &'a mut [u32],
    ) -> Result<Self, ShapeError> {
        let (vertices, facets) = (built.vertices(), built.facets());
        let corners_of = || vertices.iter().filter_map(|&v| points.get(v as usize));
        let centroid = mean_point(corners_of()).ok_or(ShapeError::Empty)?;
        let scale = corners_of().fold(T::zero(), |m, p| m.max(max_abs(p)));
        let mut incidence = None;
        let method = if vertices.len() <= SCAN_UP_TO {
            let mut corners = [SVector::zeros(); SCAN_UP_TO];
            for (slot, p) in corners.iter_mut().zip(corners_of()) {
                *slot = *p;
            }
            Method::Scan {
                corners,
                len: vertices.len(),
            }
        } else {
            let (offsets, rest) = work
                .split_at_mut_checked(Climbing::<T, D>::offsets_needed(points.len()))
                .ok_or(ShapeError::StorageTooSmall)?;
            let (neighbours, rest) = rest
                .split_at_mut_checked(Climbing::<T, D>::neighbours_needed(facets.len()))
                .ok_or(ShapeError::StorageTooSmall)?;
            incidence = Some(Incidence::from_facets(points.len(), facets, rest)?);
            Method::Climb(Climbing::new(points, facets, offsets, neighbours)?)
        };
        Ok(Self {
            points,
            vertices,
            facets,
            method,
            centroid,
            scale,
            incidence,
        })
    }
}

impl<'a, T: Real> Hull<'a, T, 2> {
    /// The convex hull of `points`, built in `indices` and `facets` (of at
    /// least [`indices_needed`](Self::indices_needed) and
    /// [`facets_needed`](Self::facets_needed) entries).
    ///
    /// Fails as [`Built::build`] does: [`ShapeError::Empty`],
    /// [`ShapeError::NonFinite`], [`ShapeError::StorageTooSmall`],
    /// [`ShapeError::Degenerate`] (all points on one line) and
    /// [`ShapeError::TooLarge`].
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Hull, SupportMap, Vector};
    ///
    /// // A hexagon's six corners, repeated and with its centre.
    /// let angle = |k: usize| k as f64 * core::f64::consts::PI / 3.0;
    /// let mut points = [Vector::<f64, 2>::zeros(); 13];
    /// for k in 0..12 {
    ///     points[k] = Vector::<f64, 2>::new(angle(k % 6).cos(), angle(k % 6).sin());
    /// }
    /// let mut indices = [0; Hull::<f64, 2>::indices_needed(13)];
    /// let mut facets = [[0; 2]; Hull::<f64, 2>::facets_needed(13)];
    /// let hull = Hull::<f64, 2>::new(&points, &mut indices, &mut facets).unwrap();
    /// assert_eq!(hull.vertices().len(), 6);
    /// assert!((hull.support(&Vector::<f64, 2>::x()) - Vector::<f64, 2>::x()).norm() < 1e-15);
    /// ```
    pub fn new(
        points: &'a [SVector<T, 2>],
        indices: &'a mut [u32],
        facets: &'a mut [[u32; 2]],
    ) -> Result<Self, ShapeError> {
        Self::new_welded(points, T::zero(), indices, facets)
    }

    /// The convex hull of `points` welded to within `tol` (an absolute
    /// distance): vertices within `tol` of the polygon of the others are
    /// left out, every point is within `tol` of the hull, and `tol = 0` is
    /// [`new`](Self::new). See [`Built#welding`].
    ///
    /// Fails as [`Built::build_welded`] does.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Hull, Vector};
    ///
    /// // A 64-gon of radius 1 welded to 0.005: a corner is 0.0048 out of
    /// // the chord that skips it, two are 0.0096 out of theirs, so every
    /// // other corner goes.
    /// let step = 2.0 * core::f64::consts::PI / 64.0;
    /// let points: Vec<_> = (0..64)
    ///     .map(|k| Vector::<f64, 2>::new((step * f64::from(k)).cos(), (step * f64::from(k)).sin()))
    ///     .collect();
    /// let mut indices = vec![0; Hull::<f64, 2>::indices_needed(64)];
    /// let mut facets = vec![[0; 2]; Hull::<f64, 2>::facets_needed(64)];
    /// let hull = Hull::<f64, 2>::new_welded(&points, 0.005, &mut indices, &mut facets).unwrap();
    /// assert_eq!(hull.vertices().len(), 32);
    /// ```
    pub fn new_welded(
        points: &'a [SVector<T, 2>],
        tol: T,
        indices: &'a mut [u32],
        facets: &'a mut [[u32; 2]],
    ) -> Result<Self, ShapeError> {
        Self::built_by(points, indices, |vertices, work| {
            Built::<2>::build_welded(points, tol, vertices, facets, work)
        })
    }
}

impl<'a, T: Real> Hull<'a, T, 3> {
    /// The convex hull of `points`, built in `indices` and `facets` (of at
    /// least [`indices_needed`](Self::indices_needed) and
    /// [`facets_needed`](Self::facets_needed) entries).
    ///
    /// Fails as [`Built::build`] does: [`ShapeError::Empty`],
    /// [`ShapeError::NonFinite`], [`ShapeError::StorageTooSmall`],
    /// [`ShapeError::Degenerate`] (all points in one plane),
    /// [`ShapeError::TooLarge`] and [`ShapeError::Inconsistent`].
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Hull, ShapeError, SupportMap, Vector};
    ///
    /// // An octahedron around a point inside it.
    /// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    /// let points = [
    ///     v(1.0, 0.0, 0.0), v(-1.0, 0.0, 0.0), v(0.0, 1.0, 0.0),
    ///     v(0.0, -1.0, 0.0), v(0.0, 0.0, 1.0), v(0.0, 0.0, -1.0), v(0.1, 0.1, 0.1),
    /// ];
    /// let mut indices = [0; Hull::<f64, 3>::indices_needed(7)];
    /// let mut facets = [[0; 3]; Hull::<f64, 3>::facets_needed(7)];
    /// let hull = Hull::<f64, 3>::new(&points, &mut indices, &mut facets).unwrap();
    /// assert_eq!((hull.vertices().len(), hull.facets().len()), (6, 8));
    /// assert_eq!(hull.support(&v(0.2, -0.1, -3.0)), points[5]);
    /// // Points in one plane bound no solid.
    /// let flat = [v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0), v(1.0, 1.0, 0.0)];
    /// let mut i2 = [0; Hull::<f64, 3>::indices_needed(4)];
    /// let mut f2 = [[0; 3]; Hull::<f64, 3>::facets_needed(4)];
    /// let err = Hull::<f64, 3>::new(&flat, &mut i2, &mut f2).err();
    /// assert_eq!(err, Some(ShapeError::Degenerate));
    /// ```
    pub fn new(
        points: &'a [SVector<T, 3>],
        indices: &'a mut [u32],
        facets: &'a mut [[u32; 3]],
    ) -> Result<Self, ShapeError> {
        Self::new_welded(points, T::zero(), indices, facets)
    }

    /// The convex hull of `points` welded to within `tol` (an absolute
    /// distance): points within `tol` of the hull of the others may be left
    /// out, every point is within `tol` of the hull, and `tol = 0` is
    /// [`new`](Self::new). See [`Built#welding`].
    ///
    /// Fails as [`Built::build_welded`] does.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Hull, Vector};
    ///
    /// // A cube with points of two faces and an edge rounded out by 1e-9.
    /// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    /// let mut points = vec![v(0.5, 0.5, -1e-9), v(0.5, -1e-9, 0.5), v(0.5, -1e-9, -1e-9)];
    /// for i in 0..8 {
    ///     points.push(v(f64::from(i & 1), f64::from((i >> 1) & 1), f64::from(i >> 2)));
    /// }
    /// let n = points.len();
    /// let mut indices = vec![0; Hull::<f64, 3>::indices_needed(n)];
    /// let mut facets = vec![[0; 3]; Hull::<f64, 3>::facets_needed(n)];
    /// let exact = Hull::<f64, 3>::new(&points, &mut indices, &mut facets).unwrap();
    /// assert_eq!(exact.vertices().len(), 11);
    /// let mut indices = vec![0; Hull::<f64, 3>::indices_needed(n)];
    /// let mut facets = vec![[0; 3]; Hull::<f64, 3>::facets_needed(n)];
    /// let welded = Hull::<f64, 3>::new_welded(&points, 1e-6, &mut indices, &mut facets).unwrap();
    /// assert_eq!(welded.vertices().len(), 8);
    /// ```
    pub fn new_welded(
        points: &'a [SVector<T, 3>],
        tol: T,
        indices: &'a mut [u32],
        facets: &'a mut [[u32; 3]],
    ) -> Result<Self, ShapeError> {
        Self::built_by(points, indices, |vertices, work| {
            Built::<3>::build_welded(points, tol, vertices, facets, work)
        })
    }
}

impl<T: Real, const D: usize> Hull<'_, T, D> {
    /// The largest coordinate of the hull's points in magnitude.
    pub(crate) fn scale(&self) -> T {
        self.scale
    }

    /// The indices (into [`facets`](Self::facets)) of the facets through
    /// point `v`, ascending, for a hull that climbs (`None` for one that
    /// scans: its few facets are scanned too).
    pub(crate) fn facets_at(&self, v: u32) -> Option<&[u32]> {
        self.incidence.map(|incidence| incidence.at(v))
    }

    /// The vertices the support map scans, when it scans (up to
    /// [`SCAN_UP_TO`]); `None` when it climbs.
    pub(crate) fn scan_corners(&self) -> Option<&[SVector<T, D>]> {
        match &self.method {
            Method::Scan { corners, len } => corners.get(..*len),
            Method::Climb(_) => None,
        }
    }

    /// The index (into [`points`](Self::points)) of the vertex
    /// [`core_support`](SupportMap::core_support) answers along `dir`.
    pub(crate) fn support_vertex(&self, dir: &SVector<T, D>) -> Option<u32> {
        match &self.method {
            Method::Scan { corners, len } => {
                let i = farthest_index(corners.get(..*len)?, dir)?;
                self.vertices.get(i).copied()
            }
            Method::Climb(hull) => u32::try_from(hull.support_index(dir)).ok(),
        }
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Hull<'_, T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        match &self.method {
            Method::Scan { corners, len } => {
                let used = corners.get(..*len).unwrap_or(corners);
                farthest(used, dir).unwrap_or(self.centroid)
            }
            Method::Climb(hull) => hull.core_support(dir),
        }
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.centroid
    }
}
