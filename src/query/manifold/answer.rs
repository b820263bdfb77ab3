//! What a manifold holds: its points with their feature ids, its normal and
//! reference face.

use crate::engine::config::Status;
use crate::math::real::Real;
use nalgebra::SVector;

/// The most points a [`Manifold`] holds.
///
/// # Example
///
/// ```
/// use core::f64::consts::FRAC_PI_4;
/// use gjk::{contact_manifold, Cuboid, Config, Transformed, MAX_MANIFOLD_POINTS};
/// use gjk::nalgebra::{Isometry3, Vector3};
///
/// // Two stacked cubes, the top one turned 45°: their faces overlap in an octagon.
/// let cube = Cuboid::new(Vector3::new(1.0_f64, 1.0, 1.0)).unwrap();
/// let pose = Isometry3::new(Vector3::new(0.0, 0.0, 1.99), Vector3::new(0.0, 0.0, FRAC_PI_4));
/// let top = Transformed::from_isometry3(cube, &pose);
/// let m = contact_manifold(&cube, &top, 0.0, &Config::default()).unwrap().unwrap();
/// assert_eq!(m.len(), MAX_MANIFOLD_POINTS); // eight corners, four kept
/// ```
pub const MAX_MANIFOLD_POINTS: usize = 4;

/// Marks a point made by clipping: an incident edge cut by a side plane of
/// the reference face (the plane's vertex in the high half of the id, the
/// edge's first vertex in the low half), or with [`CORNER`], a corner of
/// the reference face.
pub(super) const CLIPPED: u64 = 1 << 63;

/// Marks a clipped point at a corner of the reference face (where two side
/// planes meet the incident face, the two planes' vertices in the id's
/// halves, the smaller high), rather than on an incident edge.
pub(super) const CORNER: u64 = 1 << 62;

/// The bit marking the contact's own point, added to a manifold whose
/// clipped points missed it, on the incident face's id (never set on a
/// vertex id or a clipped point's).
pub(crate) const DEEPEST: u64 = 1 << 61;

/// The bits of a vertex id that a clipped point's id keeps in each half:
/// every id of a vertex of a hull the builder makes (at most 2^28 points),
/// of a box, a polygon or a segment.
pub(super) const VERTEX_BITS: u32 = (1 << 29) - 1;

/// One contact point of a manifold.
///
/// # Example
///
/// ```
/// use gjk::{contact_manifold, Cuboid, Config, Transformed, Vector};
///
/// let floor = Cuboid::new(Vector::<f64, 2>::new(5.0, 1.0)).unwrap();
/// let block = Cuboid::new(Vector::<f64, 2>::new(0.5, 0.5)).unwrap();
/// let sunk = Transformed::translated(block, Vector::<f64, 2>::new(0.0, 1.4)).unwrap();
/// let m = contact_manifold(&floor, &sunk, 0.0, &Config::default()).unwrap().unwrap();
/// assert_eq!(m.len(), 2); // the block's two bottom corners
/// for p in m.points() {
///     assert!((p.distance + 0.1).abs() < 1e-12); // 0.1 deep
///     assert!((p.point_b.x.abs() - 0.5).abs() < 1e-12 && (p.point_b.y - 0.9).abs() < 1e-12);
///     assert!((p.point_b - p.point_a - m.normal * p.distance).norm() < 1e-12);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ManifoldPoint<T: Real, const D: usize> {
    /// The point on A's surface.
    pub point_a: SVector<T, D>,
    /// The point on B's surface: `point_b − point_a = distance · normal`.
    pub point_b: SVector<T, D>,
    /// Signed distance along the manifold's normal: negative when the
    /// shapes overlap there.
    pub distance: T,
    /// The feature of A the point comes from: the reference face's id on
    /// the reference side; on the incident side the vertex's id, or for a
    /// clipped point the incident edge and the side plane that cut it (or
    /// the two side planes meeting at a corner of the reference face).
    pub id_a: u64,
    /// The feature of B the point comes from, named as `id_a` is.
    pub id_b: u64,
    /// `point_a` in A's own frame ([`Faces::to_body`](crate::Faces::to_body)): where the point
    /// sits on the body, for a solver's warm start and position correction
    /// in later frames.
    pub anchor_a: SVector<T, D>,
    /// `point_b` in B's own frame.
    pub anchor_b: SVector<T, D>,
}

/// Up to [`MAX_MANIFOLD_POINTS`] contact points sharing one normal.
///
/// # Example
///
/// ```
/// use gjk::{contact_manifold, Ball, Cuboid, Config, Status, Vector};
///
/// // A ball resting on a floor touches it at one point.
/// let floor = Cuboid::new(Vector::<f64, 3>::new(5.0, 5.0, 1.0)).unwrap();
/// let ball = Ball::new(Vector::<f64, 3>::new(1.0, 2.0, 2.0), 1.0).unwrap();
/// let m = contact_manifold(&floor, &ball, 0.01, &Config::default()).unwrap().unwrap();
/// assert_eq!((m.len(), m.status), (1, Status::Converged));
/// assert!((m.normal - Vector::<f64, 3>::z()).norm() < 1e-12);
/// let p = m.points().next().unwrap();
/// assert!((p.point_b - Vector::<f64, 3>::new(1.0, 2.0, 1.0)).norm() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Manifold<T: Real, const D: usize> {
    /// The unit normal from A towards B.
    pub normal: SVector<T, D>,
    pub(crate) points: [Option<ManifoldPoint<T, D>>; MAX_MANIFOLD_POINTS],
    /// The status of the contact query the normal came from.
    pub status: Status,
    /// The shape whose face the points were clipped against (the
    /// reference face), or for a single point, [`Side::A`].
    pub reference: Side,
    /// The id of the reference face ([`Face::id`](crate::Face::id)), or for a single point,
    /// of A's feature along the normal.
    pub reference_face: u32,
}

/// One of the two shapes of a query: the first (A) or the second (B).
///
/// # Example
///
/// ```
/// use gjk::{contact_manifold, Cuboid, Config, Side, Transformed, Vector};
///
/// // A small block on a wide floor: the floor's face is the reference.
/// let floor = Cuboid::new(Vector::<f64, 3>::new(5.0, 5.0, 1.0)).unwrap();
/// let block = Cuboid::new(Vector::<f64, 3>::repeat(0.5)).unwrap();
/// let on = Transformed::translated(block, Vector::<f64, 3>::new(0.0, 0.0, 1.49)).unwrap();
/// let m = contact_manifold(&floor, &on, 0.0, &Config::default()).unwrap().unwrap();
/// assert_eq!((m.reference, m.reference_face), (Side::A, 5)); // the floor's +z face
/// let m = contact_manifold(&on, &floor, 0.0, &Config::default()).unwrap().unwrap();
/// assert_eq!((m.reference, m.reference_face), (Side::B, 5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first shape.
    A,
    /// The second shape.
    B,
}

impl<T: Real, const D: usize> Manifold<T, D> {
    /// An empty manifold (no points, a zero normal), to be filled by
    /// [`contact_manifold_into`](crate::contact_manifold_into).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::Manifold;
    ///
    /// let m = Manifold::<f32, 2>::new();
    /// assert!(m.is_empty() && m.normal.iter().all(|&x| x == 0.0));
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self {
            normal: SVector::zeros(),
            points: [None; MAX_MANIFOLD_POINTS],
            status: Status::Converged,
            reference: Side::A,
            reference_face: 0,
        }
    }

    /// The contact points.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{contact_manifold, Cuboid, Config, Transformed, Vector};
    ///
    /// // A cube sunk 0.1 into a floor: the four corners of its bottom face.
    /// let floor = Cuboid::new(Vector::<f64, 3>::new(5.0, 5.0, 1.0)).unwrap();
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(0.5)).unwrap();
    /// let sunk = Transformed::translated(cube, Vector::<f64, 3>::new(0.0, 0.0, 1.4)).unwrap();
    /// let m = contact_manifold(&floor, &sunk, 0.0, &Config::default()).unwrap().unwrap();
    /// for p in m.points() {
    ///     assert!((p.distance + 0.1).abs() < 1e-12);
    ///     assert!((p.point_b.x.abs() - 0.5).abs() < 1e-12 && (p.point_b.z - 0.9).abs() < 1e-12);
    /// }
    /// ```
    pub fn points(&self) -> impl Iterator<Item = &ManifoldPoint<T, D>> + '_ {
        self.points.iter().flatten()
    }

    /// How many contact points.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{contact_manifold, Cuboid, Config, Transformed, Vector};
    ///
    /// let floor = Cuboid::new(Vector::<f64, 3>::new(5.0, 5.0, 1.0)).unwrap();
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(0.5)).unwrap();
    /// let sunk = Transformed::translated(cube, Vector::<f64, 3>::new(0.0, 0.0, 1.4)).unwrap();
    /// let m = contact_manifold(&floor, &sunk, 0.0, &Config::default()).unwrap().unwrap();
    /// assert_eq!(m.len(), 4); // a face on a face
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.points().count()
    }

    /// Whether there is no contact point (never, for a manifold that
    /// [`contact_manifold`](crate::contact_manifold) returns; for one [`contact_manifold_into`](crate::contact_manifold_into) has
    /// filled, when the shapes are proven apart).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{contact_manifold, Ball, Cuboid, Config, Vector};
    ///
    /// let floor = Cuboid::new(Vector::<f64, 2>::new(5.0, 1.0)).unwrap();
    /// let near = Ball::new(Vector::<f64, 2>::new(0.0, 2.5), 1.0).unwrap(); // 0.5 above
    /// let cfg = Config::default();
    /// let m = contact_manifold(&floor, &near, 1.0, &cfg).unwrap().unwrap();
    /// assert!(!m.is_empty());
    /// // Farther apart than `max_separation`: no manifold at all, rather than an empty one.
    /// assert!(contact_manifold(&floor, &near, 0.25, &cfg).unwrap().is_none());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th contact point (in the order of [`points`](Self::points)).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{contact_manifold, Ball, Cuboid, Config, Vector};
    ///
    /// let floor = Cuboid::new(Vector::<f64, 2>::new(5.0, 1.0)).unwrap();
    /// let ball = Ball::new(Vector::<f64, 2>::new(0.0, 1.9), 1.0).unwrap();
    /// let m = contact_manifold(&floor, &ball, 0.0, &Config::default()).unwrap().unwrap();
    /// assert!(m.point(0).is_some() && m.point(1).is_none());
    /// ```
    #[must_use]
    pub fn point(&self, i: usize) -> Option<&ManifoldPoint<T, D>> {
        self.points().nth(i)
    }

    /// The points this manifold shares with `previous` (an earlier frame's
    /// manifold of the same pair): for each point whose pair of feature ids
    /// `previous` also has, its index here and its index there (in the
    /// order of [`points`](Self::points)). Ids name features, so a point
    /// that matches is the same contact, moved: a solver carries its
    /// accumulated impulses over (see [`carry`](Self::carry)).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{contact_manifold, Cuboid, Config, Transformed, Vector};
    ///
    /// let floor = Cuboid::new(Vector::<f64, 3>::new(5.0, 5.0, 1.0)).unwrap();
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(0.5)).unwrap();
    /// let at = |x: f64| Transformed::translated(cube, Vector::<f64, 3>::new(x, 0.0, 1.49)).unwrap();
    /// let config = Config::default();
    /// let before = contact_manifold(&floor, &at(0.0), 0.0, &config).unwrap().unwrap();
    /// let after = contact_manifold(&floor, &at(0.01), 0.0, &config).unwrap().unwrap();
    /// // The cube slid: the same four corners touch.
    /// assert_eq!(after.matches(&before).count(), 4);
    /// ```
    pub fn matches<'a>(
        &'a self,
        previous: &'a Manifold<T, D>,
    ) -> impl Iterator<Item = (usize, usize)> + 'a {
        self.points().enumerate().filter_map(move |(i, p)| {
            previous
                .points()
                .position(|q| (q.id_a, q.id_b) == (p.id_a, p.id_b))
                .map(|j| (i, j))
        })
    }

    /// Per-point data (a solver's accumulated impulses) carried from
    /// `previous`, whose points held `data`, to this manifold's points:
    /// each point that [`matches`](Self::matches) one of `previous` takes
    /// its data, the others `P::default()`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{contact_manifold, Cuboid, Config, Transformed, Vector};
    ///
    /// let floor = Cuboid::new(Vector::<f64, 3>::new(5.0, 5.0, 1.0)).unwrap();
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(0.5)).unwrap();
    /// let at = |x: f64| Transformed::translated(cube, Vector::<f64, 3>::new(x, 0.0, 1.49)).unwrap();
    /// let config = Config::default();
    /// let before = contact_manifold(&floor, &at(0.0), 0.0, &config).unwrap().unwrap();
    /// let impulses = [1.0, 2.0, 3.0, 4.0];
    /// // Slid over the floor's edge: two corners still touch and keep
    /// // theirs; the two points where the floor's edge cuts the cube's
    /// // face are new.
    /// let after = contact_manifold(&floor, &at(5.2), 0.0, &config).unwrap().unwrap();
    /// let kept = after.carry(&before, &impulses);
    /// assert_eq!(after.len(), 4);
    /// assert_eq!(kept.iter().filter(|&&x| x != 0.0).count(), 2);
    /// ```
    #[must_use]
    pub fn carry<P: Copy + Default>(
        &self,
        previous: &Manifold<T, D>,
        data: &[P; MAX_MANIFOLD_POINTS],
    ) -> [P; MAX_MANIFOLD_POINTS] {
        let mut out = [P::default(); MAX_MANIFOLD_POINTS];
        for (i, j) in self.matches(previous) {
            if let (Some(slot), Some(&d)) = (out.get_mut(i), data.get(j)) {
                *slot = d;
            }
        }
        out
    }
}

impl<T: Real, const D: usize> Default for Manifold<T, D> {
    /// [`Manifold::new`]: empty.
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Real, const D: usize> Manifold<T, D> {
    /// Whether the normal and every point's positions and distance are
    /// finite (near the range's end, a sum of coordinates and margins can
    /// overflow where the contact itself did not).
    pub(crate) fn is_finite(&self) -> bool {
        let finite = |v: &SVector<T, D>| v.iter().all(|x| x.is_finite());
        finite(&self.normal)
            && self
                .points()
                .all(|p| finite(&p.point_a) && finite(&p.point_b) && p.distance.is_finite())
    }
}
