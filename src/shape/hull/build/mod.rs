//! Convex hulls built from point clouds, in 2D and 3D, into storage the
//! caller provides.
//!
//! The math is in the docs of the public item it serves, [`Built`](crate::hull::Built).

mod defer;
mod exact;
mod extreme;
mod heapsort;
mod passes;
mod scaled;
mod slots;
mod three;
mod three_first;
mod three_heights;
mod two;
mod weld;

use nalgebra::SVector;

use crate::math::real::Real;
use crate::shape::ShapeError;
use scaled::Scaled;

/// The most points a hull is built from: `2²⁸`, so that every slot index
/// and step stamp fits in a `u32` below the markers.
const MAX_POINTS: usize = 1 << 28;

/// The convex hull of a point set as indices into it: its extreme points
/// and its facets, borrowed from the storage it was built in.
///
/// # Example
///
/// ```
/// use gjk::{distance, Ball, hull::Built, hull::Climbing, Config, Vector};
///
/// // A unit cube's corners, a point inside, a repeated corner and the
/// // middle of an edge: only the corners are vertices.
/// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
/// let mut points = vec![v(0.5, 0.5, 0.5), v(0.0, 0.0, 0.0), v(0.5, 0.0, 0.0)];
/// for i in 0..8 {
///     points.push(v(f64::from(i & 1), f64::from((i >> 1) & 1), f64::from(i >> 2)));
/// }
/// let n = points.len();
/// let mut vertices = vec![0; Built::<3>::vertices_needed(n)];
/// let mut facets = vec![[0; 3]; Built::<3>::facets_needed(n)];
/// let mut work = vec![0; Built::<3>::work_needed(n)];
/// let hull = Built::<3>::build(&points, &mut vertices, &mut facets, &mut work).unwrap();
/// assert_eq!(hull.vertices().len(), 8);
/// assert_eq!(hull.facets().len(), 12); // two triangles per face
///
/// // The facets are what `Climbing` takes.
/// let mut offsets = vec![0; Climbing::<f64, 3>::offsets_needed(n)];
/// let mut neighbours = vec![0; Climbing::<f64, 3>::neighbours_needed(hull.facets().len())];
/// let cube = Climbing::new(&points, hull.facets(), &mut offsets, &mut neighbours).unwrap();
/// let ball = Ball::new(v(3.0, 0.5, 0.5), 1.0).unwrap();
/// let d = distance(&cube, &ball, &Config::default()).unwrap();
/// assert!((d.distance - 1.0).abs() < 1e-12);
/// ```
///
/// [`Built::build`] finds the extreme points of a point set and the
/// facets of their hull: counter-clockwise edges in 2D, outward triangles in
/// 3D, ready for [`Climbing::new`](crate::hull::Climbing::new). Nothing
/// is allocated: the caller lends three slices whose lengths depend on the
/// number of points alone ([`Built::vertices_needed`],
/// [`Built::facets_needed`], [`Built::work_needed`]).
///
/// # Algorithms
///
/// * 2D: Andrew's monotone chain (sort, then a lower and an upper chain),
///   `O(n log n)`.
/// * 3D: quickhull (Barber, Dobkin & Huhdanpaa, "The Quickhull Algorithm
///   for Convex Hulls", ACM Transactions on Mathematical Software 22(4),
///   1996): from a first tetrahedron, repeatedly add the point farthest
///   above some facet, replace the facets it sees by a cone from it to
///   their horizon, and hand their outside points to the new facets. Points
///   inside the hull are dropped as soon as they are above no facet, so the
///   work grows with the size of the output, about `O(n log h)` on typical
///   inputs.
///
/// # Robustness
///
/// Every geometric decision is an orientation sign computed exactly: in
/// floating point first, with Shewchuk's error bound, and with exact
/// expansion arithmetic when the bound cannot decide (Shewchuk, "Adaptive
/// Precision Floating-Point Arithmetic and Fast Robust Geometric
/// Predicates", 1997). There is no tolerance: duplicates, points on edges
/// and faces, collinear and coplanar subsets, near-duplicates and
/// coordinates far from the origin are decided as the exact numbers the
/// caller gave. The answer is the exact hull of those numbers:
///
/// * `vertices` lists exactly the extreme points (a point of an edge or face
///   that is not a corner is not a vertex; of duplicate points one index);
/// * every input point is on or below the plane of every facet;
/// * in 3D, facets of one flat face are a triangulation of it.
///
/// Point sets spanning fewer than `D` dimensions fail with
/// [`ShapeError::Degenerate`]. The signs are exact for all of `f32`, and
/// for `f64` sets whose nonzero coordinates are within `2²⁵⁰` of the
/// largest.
///
/// # Welding
///
/// An exact hull keeps every point that is outside the others' hull, by
/// however little: a mesh whose edge midpoints were rounded to a few
/// digits keeps those one ulp out as vertices. [`Built::build_welded`]
/// takes a *weld tolerance* `tol ≥ 0`, an absolute distance in the units
/// of the points, and builds a hull that may leave out points within `tol`
/// of it:
///
/// * its vertices are input points, so it lies inside the exact hull;
/// * every input point lies inside it or within `tol` of it (its Euclidean
///   distance to the hull), plus rounding of about `2⁻⁴⁸` times the
///   largest coordinate;
/// * `tol = 0` builds exactly the exact hull ([`Built::build`] is
///   `build_welded` with `tol = 0`).
///
/// The tolerance is absolute because what it stands for is: the rounding
/// of a mesh written to a fixed number of decimals, or a feature size
/// below which a collision shape need not follow the mesh, are lengths in
/// the mesh's units whatever its extent. For a tolerance relative to the
/// cloud, pass that fraction of its extent. It bounds how far the welded
/// hull may be from the points, not which points are dropped: of several
/// points within `tol` of one another's hull, some are kept.
///
/// In 3D a point is dropped when quickhull would add it and it is within
/// `tol` of the hull built so far (which only grows). The exact hull is
/// built first, and its vertices within `tol` of the hull of their
/// neighbours are added last, so that a point rounded just outside an edge
/// or a face is measured against the corners around it (a weld costs about
/// two exact builds). In 2D the exact polygon is thinned, each corner left
/// out within `tol` of the edge that replaces it (the thinning costs up to
/// the square of the number of corners one edge replaces). The welded hull still has
/// exact facets (no point is moved), so everything else said here holds of
/// it, except that input points may lie up to `tol` above its facets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Built<'a, const D: usize> {
    vertices: &'a [u32],
    facets: &'a [[u32; D]],
}

impl<'a, const D: usize> Built<'a, D> {
    /// Length of the `vertices` storage for `points` points: `points`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::hull::Built;
    ///
    /// // Every point may be a vertex: one slot each.
    /// assert_eq!(Built::<2>::vertices_needed(10), 10);
    /// assert_eq!(Built::<3>::vertices_needed(10), 10);
    /// ```
    #[must_use]
    pub const fn vertices_needed(points: usize) -> usize {
        points
    }

    /// Length of the `facets` storage for `points` points: `points` in 2D
    /// (the hull has as many edges as vertices), `2·points` in 3D (room for
    /// the facets alive during the construction; the hull of `v` vertices
    /// has `2v − 4` triangles), at least 8.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::hull::Built;
    ///
    /// assert_eq!(Built::<2>::facets_needed(10), 10); // a polygon has as many edges as corners
    /// assert_eq!(Built::<3>::facets_needed(10), 20);
    /// assert_eq!(Built::<3>::facets_needed(2), 8); // never fewer than 8
    /// ```
    #[must_use]
    pub const fn facets_needed(points: usize) -> usize {
        if D == 2 {
            points
        } else {
            three::slots(points)
        }
    }

    /// Length of the `work` storage for `points` points: `3·points + 1` in
    /// 2D, `45·points` in 3D (at least `5·points + 160`; of which 24 words
    /// a point hold the facets' planes, which make the builder's tests a
    /// dot product each).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::hull::Built;
    ///
    /// assert_eq!(Built::<2>::work_needed(10), 31); // 3·10 + 1
    /// assert_eq!(Built::<3>::work_needed(10), 450); // 45·10
    /// ```
    #[must_use]
    pub const fn work_needed(points: usize) -> usize {
        if D == 2 {
            two::work_needed(points)
        } else {
            three::work_needed(points)
        }
    }

    /// The indices of the hull's extreme points: counter-clockwise from the
    /// lexicographically smallest in 2D, ascending in 3D.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Built, Vector};
    ///
    /// // A square with its centre and the middle of its bottom edge.
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let points = [v(1.0, 1.0), v(0.0, 2.0), v(2.0, 2.0), v(1.0, 0.0), v(0.0, 0.0), v(2.0, 0.0)];
    /// let (mut vertices, mut facets, mut work) = ([0; 6], [[0; 2]; 6], [0; 19]);
    /// let hull = Built::<2>::build(&points, &mut vertices, &mut facets, &mut work).unwrap();
    /// // Counter-clockwise from (0, 0): the four corners only.
    /// assert_eq!(hull.vertices(), [4, 5, 2, 1]);
    /// ```
    #[must_use]
    pub fn vertices(&self) -> &'a [u32] {
        self.vertices
    }

    /// The hull's facets: edges `[a, b]` in 2D, counter-clockwise (the hull
    /// on the left); triangles `[a, b, c]` in 3D, counter-clockwise seen from
    /// outside (the normal `(b − a) × (c − a)` points out).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Built, Vector};
    ///
    /// // A right triangle with a point inside: three outward, counter-clockwise edges.
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let points = [v(0.0, 0.0), v(4.0, 0.0), v(1.0, 1.0), v(0.0, 4.0)];
    /// let (mut vertices, mut facets, mut work) = ([0; 4], [[0; 2]; 4], [0; 13]);
    /// let hull = Built::<2>::build(&points, &mut vertices, &mut facets, &mut work).unwrap();
    /// assert_eq!(hull.facets().len(), 3);
    /// for &[a, b] in hull.facets() {
    ///     // The interior point is on the left of every edge.
    ///     let (p, q, c) = (points[a as usize], points[b as usize], points[2]);
    ///     assert!((q - p).perp(&(c - p)) > 0.0);
    /// }
    /// ```
    #[must_use]
    pub fn facets(&self) -> &'a [[u32; D]] {
        self.facets
    }
}

/// Fails for an empty or too large point set.
fn check_count(n: usize) -> Result<(), ShapeError> {
    if n == 0 {
        Err(ShapeError::Empty)
    } else if n > MAX_POINTS {
        Err(ShapeError::TooLarge)
    } else {
        Ok(())
    }
}

impl<'a> Built<'a, 2> {
    /// The convex hull of `points`, built into `vertices`, `facets` and
    /// `work` (of at least [`vertices_needed`](Self::vertices_needed),
    /// [`facets_needed`](Self::facets_needed) and
    /// [`work_needed`](Self::work_needed) entries).
    ///
    /// Fails with [`ShapeError::Empty`] for no points,
    /// [`ShapeError::NonFinite`] for a NaN or infinite coordinate,
    /// [`ShapeError::StorageTooSmall`] for short storage,
    /// [`ShapeError::Degenerate`] when the points are all on one line (or
    /// one point), and [`ShapeError::TooLarge`] beyond `2²⁸` points.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Built, ShapeError, Vector};
    ///
    /// // Five points on a circle and one inside: a pentagon.
    /// let angle = |k: u32| f64::from(k) * 2.0 * core::f64::consts::PI / 5.0;
    /// let mut points = [Vector::<f64, 2>::zeros(); 6];
    /// for k in 0..5 {
    ///     points[k as usize] = Vector::<f64, 2>::new(angle(k).cos(), angle(k).sin());
    /// }
    /// let (mut vertices, mut facets, mut work) = ([0; 6], [[0; 2]; 6], [0; 19]);
    /// let hull = Built::<2>::build(&points, &mut vertices, &mut facets, &mut work).unwrap();
    /// assert_eq!((hull.vertices().len(), hull.facets().len()), (5, 5));
    /// // Points on one line bound no polygon.
    /// let line = [Vector::<f64, 2>::new(0.0, 0.0), Vector::<f64, 2>::new(1.0, 1.0)];
    /// let (mut v2, mut f2, mut w2) = ([0; 2], [[0; 2]; 2], [0; 7]);
    /// let flat = Built::<2>::build(&line, &mut v2, &mut f2, &mut w2);
    /// assert_eq!(flat.err(), Some(ShapeError::Degenerate));
    /// ```
    pub fn build<T: Real>(
        points: &[SVector<T, 2>],
        vertices: &'a mut [u32],
        facets: &'a mut [[u32; 2]],
        work: &mut [u32],
    ) -> Result<Self, ShapeError> {
        Self::build_welded(points, T::zero(), vertices, facets, work)
    }

    /// The convex hull of `points` welded to within `tol`, built as
    /// [`build`](Self::build) builds the exact one: vertices within `tol`
    /// of the polygon of the others are left out (see
    /// [Welding](Self#welding)). `tol = 0` is [`build`](Self::build).
    ///
    /// Fails as [`build`](Self::build) does, and with
    /// [`ShapeError::NonFinite`] for a NaN or infinite `tol`,
    /// [`ShapeError::Negative`] for a negative one.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Built, Vector};
    ///
    /// // A square whose bottom edge bulges out by 1e-9 at its middle.
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let points = [v(0.0, 0.0), v(0.5, -1e-9), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)];
    /// let (mut vertices, mut facets, mut work) = ([0; 5], [[0; 2]; 5], [0; 16]);
    /// let exact = Built::<2>::build(&points, &mut vertices, &mut facets, &mut work).unwrap();
    /// assert_eq!(exact.vertices().len(), 5);
    /// let (mut vertices, mut facets) = ([0; 5], [[0; 2]; 5]);
    /// let welded = Built::<2>::build_welded(&points, 1e-6, &mut vertices, &mut facets, &mut work);
    /// assert_eq!(welded.unwrap().vertices(), [0, 2, 3, 4]);
    /// ```
    pub fn build_welded<T: Real>(
        points: &[SVector<T, 2>],
        tol: T,
        vertices: &'a mut [u32],
        facets: &'a mut [[u32; 2]],
        work: &mut [u32],
    ) -> Result<Self, ShapeError> {
        let n = points.len();
        check_count(n)?;
        if vertices.len() < n || facets.len() < n || work.len() < two::work_needed(n) {
            return Err(ShapeError::StorageTooSmall);
        }
        let mut m = two::build(points, vertices, facets, work)?;
        if tol != T::zero() {
            let pts = Scaled::new(points)?;
            let tol = weld::scaled_tolerance(tol, &pts)?;
            m = weld::thin_chain(&pts, tol, vertices, facets, m)?;
        }
        let vertices: &'a [u32] = vertices;
        let facets: &'a [[u32; 2]] = facets;
        Ok(Self {
            vertices: vertices.get(..m).ok_or(ShapeError::Inconsistent)?,
            facets: facets.get(..m).ok_or(ShapeError::Inconsistent)?,
        })
    }
}

impl<'a> Built<'a, 3> {
    /// The convex hull of `points`, built into `vertices`, `facets` and
    /// `work` (of at least [`vertices_needed`](Self::vertices_needed),
    /// [`facets_needed`](Self::facets_needed) and
    /// [`work_needed`](Self::work_needed) entries).
    ///
    /// Fails with [`ShapeError::Empty`] for no points,
    /// [`ShapeError::NonFinite`] for a NaN or infinite coordinate,
    /// [`ShapeError::StorageTooSmall`] for short storage,
    /// [`ShapeError::Degenerate`] when the points are all in one plane (or
    /// on one line, or one point), [`ShapeError::TooLarge`] beyond `2²⁸`
    /// points, and [`ShapeError::Inconsistent`] should the construction
    /// contradict itself (which exact predicates rule out).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Built, ShapeError, Vector};
    ///
    /// // A tetrahedron with its centroid: 4 vertices and 4 triangles.
    /// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    /// let points = [
    ///     v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(1.0, 1.0, 1.0),
    ///     v(0.0, 4.0, 0.0), v(0.0, 0.0, 4.0),
    /// ];
    /// let mut vertices = [0; 5];
    /// let mut facets = [[0; 3]; Built::<3>::facets_needed(5)];
    /// let mut work = [0; Built::<3>::work_needed(5)];
    /// let hull = Built::<3>::build(&points, &mut vertices, &mut facets, &mut work).unwrap();
    /// assert_eq!(hull.vertices(), [0, 1, 3, 4]); // ascending; the centroid is not one
    /// assert_eq!(hull.facets().len(), 4);
    /// let (mut v2, mut f2, mut w2) = ([0; 5], [[0; 3]; 8], [0; 10]);
    /// let short = Built::<3>::build(&points, &mut v2, &mut f2, &mut w2);
    /// assert_eq!(short.err(), Some(ShapeError::StorageTooSmall));
    /// ```
    pub fn build<T: Real>(
        points: &[SVector<T, 3>],
        vertices: &'a mut [u32],
        facets: &'a mut [[u32; 3]],
        work: &mut [u32],
    ) -> Result<Self, ShapeError> {
        Self::build_welded(points, T::zero(), vertices, facets, work)
    }

    /// The convex hull of `points` welded to within `tol`, built as
    /// [`build`](Self::build) builds the exact one: points within `tol` of
    /// the hull of the others are left out (see [Welding](Self#welding)).
    /// `tol = 0` is [`build`](Self::build).
    ///
    /// Fails as [`build`](Self::build) does, and with
    /// [`ShapeError::NonFinite`] for a NaN or infinite `tol`,
    /// [`ShapeError::Negative`] for a negative one.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Built, Vector};
    ///
    /// // A unit cube with the middle of an edge rounded out by 1e-12.
    /// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    /// let mut points = vec![v(0.5, -1e-12, -1e-12)];
    /// for i in 0..8 {
    ///     points.push(v(f64::from(i & 1), f64::from((i >> 1) & 1), f64::from(i >> 2)));
    /// }
    /// let n = points.len();
    /// let mut vertices = vec![0; Built::<3>::vertices_needed(n)];
    /// let mut facets = vec![[0; 3]; Built::<3>::facets_needed(n)];
    /// let mut work = vec![0; Built::<3>::work_needed(n)];
    /// let exact = Built::<3>::build(&points, &mut vertices, &mut facets, &mut work).unwrap();
    /// assert_eq!(exact.vertices().len(), 9); // the bulge is a vertex
    /// let welded =
    ///     Built::<3>::build_welded(&points, 1e-9, &mut vertices, &mut facets, &mut work).unwrap();
    /// assert_eq!(welded.vertices().len(), 8); // the cube's corners
    /// assert!(!welded.vertices().contains(&0));
    /// ```
    pub fn build_welded<T: Real>(
        points: &[SVector<T, 3>],
        tol: T,
        vertices: &'a mut [u32],
        facets: &'a mut [[u32; 3]],
        work: &mut [u32],
    ) -> Result<Self, ShapeError> {
        let n = points.len();
        check_count(n)?;
        let pts = Scaled::new(points)?;
        let weld = weld::scaled_tolerance(tol, &pts)?;
        if vertices.len() < n
            || facets.len() < three::slots(n)
            || work.len() < three::work_needed(n)
        {
            return Err(ShapeError::StorageTooSmall);
        }
        let (v, f) = passes::build(pts, weld, &mut *vertices, &mut *facets, work)?;
        let vertices: &'a [u32] = vertices;
        let facets: &'a [[u32; 3]] = facets;
        Ok(Self {
            vertices: vertices.get(..v).ok_or(ShapeError::Inconsistent)?,
            facets: facets.get(..f).ok_or(ShapeError::Inconsistent)?,
        })
    }
}
