//! Large convex hulls whose support map walks the edge graph ("hill
//! climbing") instead of scanning every vertex.
//!
//! On a convex polytope, a vertex `v` is farthest along `d` exactly when no
//! edge leaving it goes uphill: the edges at `v` span the cone that contains
//! the whole polytope as seen from `v`, so if every edge has `d · (u − v) ≤ 0`,
//! so does every point. Starting anywhere and moving to a neighbour whose dot
//! product is *strictly* larger, as long as there is one, therefore ends on a
//! farthest vertex, after at most `n − 1` moves (the dot product grows at each
//! move, so no vertex is visited twice). The walk moves to the first uphill
//! neighbour it finds, which on the hulls measured costs fewer dot products
//! than looking for the steepest one: a few dozen on a hull of thousands of
//! vertices, instead of `n`.
//!
//! Ties are benign: a walk that stops on a face (or edge) orthogonal to `d`
//! stops on one of its vertices, and every vertex of that face is a farthest
//! point. The strict comparison is what keeps the walk from circling on such
//! a plateau.
//!
//! The walk starts from a vertex looked up in a small table by a coarse cell
//! of the direction (its two largest coordinates; 24 cells in 3D), which
//! puts it within a few edges of the answer; callers that keep the previous
//! answer can start from it instead ([`Climbing::climb`]).
//!
//! In floating point the argument holds for the rounded dot products only up
//! to rounding: the walk can stop next to an uphill edge whose rise rounds to
//! nothing, so the support value can fall short of the true maximum by the
//! rounding error of a dot product times the ratio of the hull's extent to
//! the length of the edges at that vertex. On hulls without near-duplicate
//! vertices this is a few ulps of `|v|·|d|`; with exactly representable
//! products (small integer coordinates, axis directions) it is exact.

use nalgebra::SVector;

use super::adjacency::{neighbour_room, Adjacency};
use super::starts::{self, cell, cells};
use crate::math::real::Real;
use crate::shape::{dot_in_order, finite_point, mean_point, ShapeError, SupportMap};

/// A convex hull with a precomputed edge graph and a support map that climbs
/// it.
///
/// Built from the hull's vertices and its facets, each facet a simplex given
/// by `D` vertex indices (triangles in 3D, edges in 2D); non-simplicial faces
/// are given triangulated. The edges of the facets are stored, without
/// duplicates, in two slices the caller lends: nothing is allocated.
///
/// # Precondition
///
/// The facets must be the boundary of the convex hull of the points they
/// use: every edge of the hull must be an edge of some facet (extra edges
/// between hull vertices, as from triangulating a face, are harmless). Points
/// not used by any facet are ignored; the shape is the hull of the others.
/// With facets that do not describe a convex polytope the walk can stop on a
/// vertex that is only locally farthest. It never panics and never runs
/// longer than `n` steps, whatever the facets.
///
/// # Example
///
/// ```
/// use gjk::{hull::Climbing, SupportMap, Vector};
///
/// // An octahedron and its eight triangles.
/// let points: [Vector<f64, 3>; 6] = [
///     Vector::<f64, 3>::new(1.0, 0.0, 0.0),
///     Vector::<f64, 3>::new(-1.0, 0.0, 0.0),
///     Vector::<f64, 3>::new(0.0, 1.0, 0.0),
///     Vector::<f64, 3>::new(0.0, -1.0, 0.0),
///     Vector::<f64, 3>::new(0.0, 0.0, 1.0),
///     Vector::<f64, 3>::new(0.0, 0.0, -1.0),
/// ];
/// let facets = [
///     [0, 2, 4], [2, 1, 4], [1, 3, 4], [3, 0, 4],
///     [2, 0, 5], [1, 2, 5], [3, 1, 5], [0, 3, 5],
/// ];
/// let mut offsets = [0; Climbing::<f64, 3>::offsets_needed(6)];
/// let mut neighbours = [0; Climbing::<f64, 3>::neighbours_needed(8)];
/// let hull = Climbing::new(&points, &facets, &mut offsets, &mut neighbours).unwrap();
///
/// assert_eq!(hull.neighbours(4).len(), 4);
/// let p = hull.support(&Vector::<f64, 3>::new(0.1, -0.2, 0.9));
/// assert_eq!(p, points[4]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Climbing<'a, T: Real, const D: usize> {
    points: &'a [SVector<T, D>],
    graph: Adjacency<'a>,
    /// The start vertex of each direction cell (see `starts`).
    starts: &'a [u32],
    centroid: SVector<T, D>,
}

impl<'a, T: Real, const D: usize> Climbing<'a, T, D> {
    /// Length of the `offsets` storage for a hull of `points` points:
    /// `points + 1` offsets into the neighbour list, then a table of start
    /// vertices for the walks, `4D(D − 1)` entries (2 in 1D).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::hull::Climbing;
    ///
    /// // 4 points: 5 offsets and a start table of 4·2·1 = 8 entries in 2D.
    /// assert_eq!(Climbing::<f64, 2>::offsets_needed(4), 13);
    /// // In 3D the table has 4·3·2 = 24 entries.
    /// assert_eq!(Climbing::<f64, 3>::offsets_needed(6), 7 + 24);
    /// ```
    #[must_use]
    pub const fn offsets_needed(points: usize) -> usize {
        points.saturating_add(1).saturating_add(cells(D))
    }

    /// Length of the `neighbours` storage for a hull of `facets` facets:
    /// `D(D − 1)` per facet. Building needs all of it; the finished graph
    /// uses one entry per distinct edge and direction ([`edges`](Self::edges)
    /// counts them).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::hull::Climbing;
    ///
    /// // Each triangle of a 3D hull lends 3·2 = 6 entries; each edge of a polygon 2.
    /// assert_eq!(Climbing::<f64, 3>::neighbours_needed(8), 48);
    /// assert_eq!(Climbing::<f64, 2>::neighbours_needed(4), 8);
    /// ```
    #[must_use]
    pub const fn neighbours_needed(facets: usize) -> usize {
        neighbour_room(facets, D)
    }

    /// The hull of `points` with the edge graph of `facets`, built into
    /// `offsets` and `neighbours`.
    ///
    /// Fails with [`ShapeError::Empty`] when there are no points or no
    /// facets, [`ShapeError::NonFinite`] when a coordinate is NaN or
    /// infinite, [`ShapeError::BadIndex`] when a facet refers to a point that
    /// does not exist, [`ShapeError::StorageTooSmall`] when `offsets` is
    /// shorter than [`offsets_needed`](Self::offsets_needed) or `neighbours`
    /// than [`neighbours_needed`](Self::neighbours_needed), and
    /// [`ShapeError::TooLarge`] when the indices do not fit in a `u32`.
    /// Only the facets' structure is checked, not that they describe a convex
    /// hull (see the precondition above).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Climbing, ShapeError, SupportMap, Vector};
    ///
    /// // A square, counter-clockwise, and its four edges.
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let points = [v(1.0, 1.0), v(-1.0, 1.0), v(-1.0, -1.0), v(1.0, -1.0)];
    /// let facets = [[0, 1], [1, 2], [2, 3], [3, 0]];
    /// let mut offsets = [0; Climbing::<f64, 2>::offsets_needed(4)];
    /// let mut neighbours = [0; Climbing::<f64, 2>::neighbours_needed(4)];
    /// let hull = Climbing::new(&points, &facets, &mut offsets, &mut neighbours).unwrap();
    /// assert_eq!(hull.support(&Vector::<f64, 2>::new(-3.0, 1.0)), points[1]);
    /// // A facet naming a point that does not exist is refused.
    /// let (mut o, mut n) = ([0; 13], [0; 8]);
    /// let bad = Climbing::new(&points, &[[0, 1], [1, 9]], &mut o, &mut n);
    /// assert_eq!(bad.err(), Some(ShapeError::BadIndex));
    /// ```
    pub fn new(
        points: &'a [SVector<T, D>],
        facets: &[[u32; D]],
        offsets: &'a mut [u32],
        neighbours: &'a mut [u32],
    ) -> Result<Self, ShapeError> {
        if points.is_empty() || facets.is_empty() {
            return Err(ShapeError::Empty);
        }
        points.iter().try_for_each(finite_point)?;
        let (offsets, table) = offsets
            .split_at_mut_checked(points.len().saturating_add(1))
            .ok_or(ShapeError::StorageTooSmall)?;
        let table = table
            .get_mut(..cells(D))
            .ok_or(ShapeError::StorageTooSmall)?;
        let graph = Adjacency::from_facets(points.len(), facets, offsets, neighbours)?;
        let used = || facets.iter().flatten().map(|&v| v as usize);
        starts::fill(table, points, used());
        let centroid = mean_point(used().filter_map(|v| points.get(v))).ok_or(ShapeError::Empty)?;
        Ok(Self {
            points,
            graph,
            starts: table,
            centroid,
        })
    }

    #[cfg(feature = "alloc")]
    /// The hull [`new`](Self::new) left in `offsets` and `neighbours` for
    /// `points`, read back without being built again, with the centroid it
    /// computed then (`None` when the storage is shorter than it left it).
    pub(crate) fn rejoin(
        points: &'a [SVector<T, D>],
        offsets: &'a [u32],
        neighbours: &'a [u32],
        centroid: SVector<T, D>,
    ) -> Option<Self> {
        let (offsets, table) = offsets.split_at_checked(points.len().checked_add(1)?)?;
        Some(Self {
            points,
            graph: Adjacency::rejoin(points.len(), offsets, neighbours)?,
            starts: table.get(..cells(D))?,
            centroid,
        })
    }

    #[cfg(feature = "alloc")]
    /// The mean of the points the facets use.
    pub(crate) fn centroid(&self) -> SVector<T, D> {
        self.centroid
    }

    /// The points the hull was built from.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Climbing, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let points = [v(1.0, 1.0), v(-1.0, 1.0), v(-1.0, -1.0), v(1.0, -1.0)];
    /// let facets = [[0, 1], [1, 2], [2, 3], [3, 0]];
    /// let mut offsets = [0; Climbing::<f64, 2>::offsets_needed(4)];
    /// let mut neighbours = [0; Climbing::<f64, 2>::neighbours_needed(4)];
    /// let hull = Climbing::new(&points, &facets, &mut offsets, &mut neighbours).unwrap();
    /// assert_eq!(hull.points(), &points[..]);
    /// ```
    #[must_use]
    pub fn points(&self) -> &'a [SVector<T, D>] {
        self.points
    }

    /// The vertices joined to `vertex` by an edge of a facet (none for an
    /// index out of range or a point no facet uses).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Climbing, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let points = [v(1.0, 1.0), v(-1.0, 1.0), v(-1.0, -1.0), v(1.0, -1.0)];
    /// let facets = [[0, 1], [1, 2], [2, 3], [3, 0]];
    /// let mut offsets = [0; Climbing::<f64, 2>::offsets_needed(4)];
    /// let mut neighbours = [0; Climbing::<f64, 2>::neighbours_needed(4)];
    /// let hull = Climbing::new(&points, &facets, &mut offsets, &mut neighbours).unwrap();
    /// // Corner 0 is joined to corners 1 and 3, not to the opposite corner 2.
    /// let mut around = hull.neighbours(0).to_vec();
    /// around.sort();
    /// assert_eq!(around, [1, 3]);
    /// assert!(hull.neighbours(7).is_empty());
    /// ```
    #[must_use]
    pub fn neighbours(&self, vertex: usize) -> &'a [u32] {
        self.graph.neighbours(vertex)
    }

    /// The number of distinct edges of the facets.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Climbing, Vector};
    ///
    /// // A tetrahedron: 4 triangles sharing 6 edges.
    /// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    /// let points = [v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0)];
    /// let facets = [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
    /// let mut offsets = [0; Climbing::<f64, 3>::offsets_needed(4)];
    /// let mut neighbours = [0; Climbing::<f64, 3>::neighbours_needed(4)];
    /// let hull = Climbing::new(&points, &facets, &mut offsets, &mut neighbours).unwrap();
    /// assert_eq!(hull.edges(), 6);
    /// ```
    #[must_use]
    pub fn edges(&self) -> usize {
        self.graph.entries() / 2
    }

    /// The index of a support point along `dir`, by a walk from the start
    /// vertex of the direction's cell.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Climbing, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let points = [v(1.0, 1.0), v(-1.0, 1.0), v(-1.0, -1.0), v(1.0, -1.0)];
    /// let facets = [[0, 1], [1, 2], [2, 3], [3, 0]];
    /// let mut offsets = [0; Climbing::<f64, 2>::offsets_needed(4)];
    /// let mut neighbours = [0; Climbing::<f64, 2>::neighbours_needed(4)];
    /// let hull = Climbing::new(&points, &facets, &mut offsets, &mut neighbours).unwrap();
    /// // Each quadrant's direction picks the corner in that quadrant.
    /// assert_eq!(hull.support_index(&Vector::<f64, 2>::new(0.3, 2.0)), 0);
    /// assert_eq!(hull.support_index(&Vector::<f64, 2>::new(-1.0, -0.2)), 2);
    /// assert_eq!(hull.support_index(&Vector::<f64, 2>::new(5.0, -4.0)), 3);
    /// ```
    #[inline]
    #[must_use]
    pub fn support_index(&self, dir: &SVector<T, D>) -> usize {
        let start = self.starts.get(cell(dir)).map_or(0, |&v| v as usize);
        match self.dot(start, dir) {
            Some(height) => self.walk(dir, start, height),
            None => start,
        }
    }

    /// The index of a support point along `dir`, by a walk from `start`,
    /// typically the answer to a previous, nearby direction.
    ///
    /// A `start` out of range, or without neighbours, is replaced by the
    /// start vertex of the direction's cell, as in
    /// [`support_index`](Self::support_index).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Climbing, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let points = [v(1.0, 1.0), v(-1.0, 1.0), v(-1.0, -1.0), v(1.0, -1.0)];
    /// let facets = [[0, 1], [1, 2], [2, 3], [3, 0]];
    /// let mut offsets = [0; Climbing::<f64, 2>::offsets_needed(4)];
    /// let mut neighbours = [0; Climbing::<f64, 2>::neighbours_needed(4)];
    /// let hull = Climbing::new(&points, &facets, &mut offsets, &mut neighbours).unwrap();
    /// // From any start the walk ends on the farthest corner.
    /// let dir = Vector::<f64, 2>::new(-1.0, -3.0);
    /// for start in 0..4 {
    ///     assert_eq!(hull.climb(&dir, start), 2);
    /// }
    /// assert_eq!(hull.climb(&dir, 99), 2); // out of range: the direction's own start
    /// ```
    #[inline]
    #[must_use]
    pub fn climb(&self, dir: &SVector<T, D>, start: usize) -> usize {
        match self.dot(start, dir) {
            Some(height) if !self.graph.neighbours(start).is_empty() => {
                self.walk(dir, start, height)
            }
            _ => self.support_index(dir),
        }
    }

    /// `dir · points[v]`, or `None` for an index out of range.
    #[inline(always)]
    fn dot(&self, v: usize, dir: &SVector<T, D>) -> Option<T> {
        self.points.get(v).map(|p| dot_in_order(p, dir))
    }

    /// The walk uphill from `current`, whose dot product is `height`.
    #[inline]
    fn walk(&self, dir: &SVector<T, D>, mut current: usize, mut height: T) -> usize {
        // The vertex the walk came from is lower, so it is never taken
        // again; skipping it cost a branch that mispredicted more than its
        // dot product costs (callgrind).
        for _ in 0..self.points.len() {
            let mut next = current;
            for &u in self.graph.neighbours(current) {
                let u = u as usize;
                if let Some(d) = self.dot(u, dir)
                    && d > height
                {
                    height = d;
                    next = u;
                    break;
                }
            }
            if next == current {
                break;
            }
            current = next;
        }
        current
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Climbing<'_, T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        self.points
            .get(self.support_index(dir))
            .copied()
            .unwrap_or(self.centroid)
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.centroid
    }
}
