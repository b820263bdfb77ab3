//! Contact manifolds: the several contact points a rigid-body solver needs
//! when two polytopes touch along a face or an edge.
//!
//! The math is in the docs of the public item it serves, [`contact_manifold`](crate::contact_manifold).

mod box_clip;
mod boxes;
mod face;
mod revolution;

use arrayvec::ArrayVec;
use nalgebra::SVector;

pub use face::{Face, Faces, MAX_FACE_POINTS};

use crate::engine::config::{Config, Error, Status};
use crate::engine::{below_normal, margins};
use crate::math::cross::cross3;
use crate::math::real::{max_abs, Length, Real};
use crate::query::contact::contact;
use crate::shape::BoxAxes;
use boxes::Sat;

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

/// The least cosine between the contact normal and the reference face's
/// normal for the face to be clipped against (about 8°): less aligned
/// features (edges crossing, a corner) touch at one point.
const FACE_ALIGNMENT: f64 = 0.99;

/// Marks a point made by clipping: an incident edge cut by a side plane of
/// the reference face (the plane's vertex in the high half of the id, the
/// edge's first vertex in the low half), or with [`CORNER`], a corner of
/// the reference face.
const CLIPPED: u64 = 1 << 63;

/// Marks a clipped point at a corner of the reference face (where two side
/// planes meet the incident face, the two planes' vertices in the id's
/// halves, the smaller high), rather than on an incident edge.
const CORNER: u64 = 1 << 62;

/// The bit marking the contact's own point, added to a manifold whose
/// clipped points missed it, on the incident face's id (never set on a
/// vertex id or a clipped point's).
const DEEPEST: u64 = 1 << 61;

/// The bits of a vertex id that a clipped point's id keeps in each half:
/// every id of a vertex of a hull the builder makes (at most 2^28 points),
/// of a box, a polygon or a segment.
const VERTEX_BITS: u32 = (1 << 29) - 1;

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
    /// `point_a` in A's own frame ([`Faces::to_body`]): where the point
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
    points: [Option<ManifoldPoint<T, D>>; MAX_MANIFOLD_POINTS],
    /// The status of the contact query the normal came from.
    pub status: Status,
    /// The shape whose face the points were clipped against (the
    /// reference face), or for a single point, [`Side::A`].
    pub reference: Side,
    /// The id of the reference face ([`Face::id`]), or for a single point,
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
    /// [`contact_manifold_into`].
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
    /// [`contact_manifold`] returns; for one [`contact_manifold_into`] has
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

/// A point of the incident feature during clipping, with its id.
#[derive(Clone, Copy, Debug)]
struct Keyed<T: Real, const D: usize> {
    p: SVector<T, D>,
    id: u64,
    /// The line the clipped polygon's edge from this point runs along.
    out: Carrier,
}

/// What an edge of the clipped polygon lies on: an edge of the incident
/// feature (its first vertex's id; the next vertex around the feature is
/// its other end), or a side plane of the reference face (the id of the
/// reference vertex its edge starts at).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Carrier {
    Incident(u32),
    Plane(u32),
}

impl Carrier {
    /// The id of the point where the side plane of reference vertex
    /// `plane` cuts an edge on this carrier: the plane's vertex and the
    /// incident edge's first vertex, or the two planes' vertices meeting at
    /// a corner of the reference face (in either order). The ids name
    /// features, not positions in a list, so they stay while the features
    /// touch, whatever the order the faces were listed in.
    fn cut(self, plane: u32) -> u64 {
        let half = |v: u32| u64::from(v & VERTEX_BITS);
        match self {
            Carrier::Incident(v) => CLIPPED | half(plane) << 32 | half(v),
            Carrier::Plane(j) => CLIPPED | CORNER | half(j.min(plane)) << 32 | half(j.max(plane)),
        }
    }
}

/// Room for a clipped polygon: the incident face plus one point per side
/// plane.
type Clipped<T, const D: usize> = ArrayVec<Keyed<T, D>, { 2 * MAX_FACE_POINTS }>;

/// The contact manifold of `a` and `b` when their signed distance is at
/// most `max_separation`, for `D = 2` and `3`; `None` when they are proven
/// farther apart.
///
/// Every point's signed distance is at most `max_separation` (within
/// rounding), and the deepest is the contact's distance to within the
/// features' flatness (and, for two nearly parallel faces, the spread in
/// depth their tilts from the normal make across them: a face turned 1e-6
/// rad on another keeps the points it had at rest); swapping the shapes
/// mirrors the manifold. Points
/// are measured from the reference face's plane, so their positions and
/// distances are accurate to a few `ε L` (`L` the coordinates' size) times
/// the face's conditioning: a triangle's rounded normal tilts by about
/// `ε L (‖e₁‖ + ‖e₂‖) / ‖e₁ × e₂‖`, which across a sliver facet (a
/// needle's) is far more than `ε L`. A face whose normal may tilt by more
/// than `√ε` is not clipped against: the contact's single point is then
/// the manifold.
///
/// # Errors
///
/// As for [`contact`], and [`Error::Overflow`] when a point's position
/// or distance overflows where the contact's did not (coordinates and
/// margins near the end of the floating-point range).
///
/// # Example
///
/// ```
/// use gjk::{contact_manifold, Cuboid, Config, Transformed, Vector};
///
/// let floor = Cuboid::new(Vector::<f64, 3>::new(5.0, 5.0, 1.0)).unwrap();
/// let crate_ = Cuboid::new(Vector::<f64, 3>::new(0.5, 0.5, 0.5)).unwrap();
/// let resting = Transformed::translated(crate_, Vector::<f64, 3>::new(0.0, 0.0, 1.49)).unwrap();
/// let m = contact_manifold(&floor, &resting, 0.01, &Config::default()).unwrap().unwrap();
/// assert_eq!(m.len(), 4); // the crate's four bottom corners
/// assert!(m.points().all(|p| (p.distance + 0.01).abs() < 1e-12));
/// ```
///
/// The normal comes from [`contact`] (GJK when apart, EPA when
/// overlapping). Along it each shape gives its most aligned feature
/// ([`Faces`]); the one whose normal agrees better with the contact normal
/// is the *reference*, the other the *incident* feature. The incident
/// feature is clipped against the side planes of the reference face, taken
/// parallel to the normal (Sutherland & Hodgman, "Reentrant Polygon
/// Clipping", CACM 1974); each remaining point is measured along the normal
/// to the reference plane (a point of B and its foot on A's face overlap
/// along the normal no more than the shapes do, so no point is deeper than
/// the contact), and points farther apart than the caller's separation are
/// dropped; in 3D at most
/// four are kept, chosen to span the largest area (with the deepest among
/// them unless the points are level). Margins
/// (balls, capsules, rounded shapes) move the points onto the rounded
/// surfaces along the normal. When no face is aligned with the normal
/// (edge on edge, a vertex), the manifold is the single point of the
/// contact.
///
/// Feature ids name the reference face and the incident vertex, or for a
/// clipped point the incident edge and the side plane that cut it, or the
/// two side planes meeting at a corner of the reference face (where the
/// clipped polygon runs along one plane into the next), each by the ids of
/// the vertices that start them, so a solver can match the points of one
/// frame with those of the next; no two points of a manifold share them.
/// Of sets of four whose areas are equal to 1e-3, the one whose ids come
/// first is kept, so a small motion keeps the same points.
pub fn contact_manifold<T, A, B, const D: usize>(
    a: &A,
    b: &B,
    max_separation: T,
    config: &Config<T, D>,
) -> Result<Option<Manifold<T, D>>, Error>
where
    T: Real,
    A: Faces<T, D> + ?Sized,
    B: Faces<T, D> + ?Sized,
{
    let mut out = Manifold::new();
    let touching = contact_manifold_into(a, b, max_separation, config, &mut out)?;
    Ok(touching.then_some(out))
}

/// [`contact_manifold`] into the caller's storage: `out` is overwritten
/// with the manifold, and the answer is whether there is one (`false`
/// when the shapes are proven farther apart than `max_separation`, `out`
/// then empty). An engine keeping one manifold per pair of shapes updates
/// it in place, with no copy of the answer on the way.
///
/// # Errors
///
/// As for [`contact_manifold`]; `out` is then empty.
///
/// # Example
///
/// ```
/// use gjk::{contact_manifold_into, Cuboid, Config, Manifold, Transformed, Vector};
///
/// let floor = Cuboid::new(Vector::<f64, 3>::new(5.0, 5.0, 1.0)).unwrap();
/// let cube = Cuboid::new(Vector::<f64, 3>::repeat(0.5)).unwrap();
/// let config = Config::default();
/// let mut manifold = Manifold::new();
/// for height in [1.6, 1.49, 1.45] {
///     let cube = Transformed::translated(cube, Vector::<f64, 3>::new(0.0, 0.0, height)).unwrap();
///     let touching = contact_manifold_into(&floor, &cube, 0.0, &config, &mut manifold).unwrap();
///     assert_eq!(touching, height < 1.5);
///     assert_eq!(manifold.len(), if touching { 4 } else { 0 });
/// }
/// assert!(manifold.points().all(|p| (p.distance + 0.05).abs() < 1e-12));
/// ```
pub fn contact_manifold_into<T, A, B, const D: usize>(
    a: &A,
    b: &B,
    max_separation: T,
    config: &Config<T, D>,
    out: &mut Manifold<T, D>,
) -> Result<bool, Error>
where
    T: Real,
    A: Faces<T, D> + ?Sized,
    B: Faces<T, D> + ?Sized,
{
    let touching = fill(a, b, max_separation, config, out);
    if touching != Ok(true) {
        *out = Manifold::new();
    }
    for p in out.points.iter_mut().flatten() {
        p.anchor_a = a.to_body(&p.point_a);
        p.anchor_b = b.to_body(&p.point_b);
    }
    touching
}

/// [`contact_manifold_into`] before `out` is emptied on a miss (it may
/// hold a discarded attempt then).
#[inline(always)]
fn fill<T, A, B, const D: usize>(
    a: &A,
    b: &B,
    max_separation: T,
    config: &Config<T, D>,
    out: &mut Manifold<T, D>,
) -> Result<bool, Error>
where
    T: Real,
    A: Faces<T, D> + ?Sized,
    B: Faces<T, D> + ?Sized,
{
    // Two boxes: proven apart, or in a face contact whose normal (by
    // separating axes) is the contact's to rounding; every other case is
    // the contact query's.
    if !(max_separation >= T::zero()) || !max_separation.is_finite() {
        return Err(Error::InvalidConfig);
    }
    config.check()?;
    let (ra, rb) = margins(a, b)?;
    if let (Some(ba), Some(bb)) = (a.core_box(), b.core_box()) {
        let corners = [ba.centre, bb.centre, ba.half, bb.half];
        if below_normal(&corners, ra.max(rb)) {
            return Err(Error::Subnormal);
        }
        let cutoff = max_separation + ra + rb;
        let pair = BoxAxes::new(&ba, &bb);
        match boxes::separating_axes(&ba, &bb, &pair, cutoff) {
            Sat::Apart if cutoff.is_finite() => return Ok(false),
            // (Skewed frames: their axes are not their faces' normals.)
            _ if !pair.orthonormal() => {}
            Sat::Face(n) => {
                let status = Status::Converged;
                let written = match box_clip::face_manifold(
                    (&ba, &bb),
                    &pair,
                    &n,
                    (ra, rb),
                    max_separation,
                    status,
                    out,
                ) {
                    Some(written) => written,
                    None => along(a, b, &n, max_separation, None, status, out),
                };
                if written.is_ok() && out.is_finite() {
                    return Ok(true);
                }
            }
            Sat::Edges {
                normal: n,
                point_a,
                point_b,
                depth,
            } => {
                // The contact as `contact` gives it: the edges' closest
                // points pushed out by the margins.
                let (pa, pb) = (point_a + n * ra, point_b - n * rb);
                let distance = -depth - (ra + rb);
                let status = Status::Converged;
                // Faces aligned with the edges' normal go the general way
                // (clipping along a tilted normal is ill-conditioned where
                // an incident edge meets a side plane at a grazing angle,
                // so computed otherwise, the points could differ by more
                // than rounding); unaligned ones need only their ids.
                let deepest = Deepest {
                    points: (pa, pb),
                    distance,
                    allowance: T::zero(),
                };
                let written = match box_clip::unaligned((&ba, &bb), &pair, &n) {
                    Some(ids) => Err(ids),
                    None => along(a, b, &n, max_separation, Some(deepest), status, out),
                };
                if let Err(ids) = written {
                    single(&n, (pa, pb, distance), ids, status, out);
                }
                if out.is_finite() {
                    return Ok(true);
                }
            }
            _ => {}
        }
    }
    let Some(c) = contact(a, b, max_separation, config)? else {
        return Ok(false);
    };
    let n = c.normal;
    let deepest = Deepest {
        points: (c.point_a, c.point_b),
        distance: c.distance,
        allowance: config.tolerance * c.distance.abs(),
    };
    if let Err(ids) = along(a, b, &n, max_separation, Some(deepest), c.status, out) {
        single(&n, (c.point_a, c.point_b, c.distance), ids, c.status, out);
    }
    if out.is_finite() {
        Ok(true)
    } else {
        Err(Error::Overflow)
    }
}

impl<T: Real, const D: usize> Manifold<T, D> {
    /// Whether the normal and every point's positions and distance are
    /// finite (near the range's end, a sum of coordinates and margins can
    /// overflow where the contact itself did not).
    fn is_finite(&self) -> bool {
        let finite = |v: &SVector<T, D>| v.iter().all(|x| x.is_finite());
        finite(&self.normal)
            && self
                .points()
                .all(|p| finite(&p.point_a) && finite(&p.point_b) && p.distance.is_finite())
    }
}

/// Writes into `out` the manifold of one contact point, `(point_a,
/// point_b, distance)`, with the ids of the shapes' features along the
/// normal (no face aligned with it).
fn single<T: Real, const D: usize>(
    n: &SVector<T, D>,
    (point_a, point_b, distance): (SVector<T, D>, SVector<T, D>, T),
    (id_a, id_b): (u32, u32),
    status: Status,
    out: &mut Manifold<T, D>,
) {
    out.normal = *n;
    out.status = status;
    out.reference = Side::A;
    out.reference_face = id_a;
    out.points = [None; MAX_MANIFOLD_POINTS];
    out.points[0] = Some(ManifoldPoint {
        point_a,
        point_b,
        distance,
        id_a: u64::from(id_a),
        id_b: u64::from(id_b),
        anchor_a: SVector::zeros(),
        anchor_b: SVector::zeros(),
    });
}

/// The contact a manifold is built from: its points on A and B, its signed
/// distance, and how far from the truth that distance may be (the query's
/// relative tolerance on it).
#[derive(Clone, Copy)]
struct Deepest<T: Real, const D: usize> {
    points: (SVector<T, D>, SVector<T, D>),
    distance: T,
    allowance: T,
}

/// Writes into `out` the manifold of `a` and `b` along the contact normal
/// `n`: the incident feature clipped against the reference face, measured
/// along `n`, with the contact's own point (`deepest`) added when clipping
/// lost it. When no face is aligned with `n` or no point is within
/// `max_separation` (the contact's single point is then the manifold), the
/// ids of the two features along `n` instead, `out` untouched.
fn along<T, A, B, const D: usize>(
    a: &A,
    b: &B,
    n: &SVector<T, D>,
    max_separation: T,
    deepest: Option<Deepest<T, D>>,
    status: Status,
    out: &mut Manifold<T, D>,
) -> Result<(), (u32, u32)>
where
    T: Real,
    A: Faces<T, D> + ?Sized,
    B: Faces<T, D> + ?Sized,
{
    let n = *n;
    let (mut fa, mut fb) = (Face::default(), Face::default());
    a.face_into(&n, &mut fa);
    b.face_into(&-n, &mut fb);
    let ids = (fa.id, fb.id);
    let (align_a, align_b) = (fa.normal.dot(&n), -fb.normal.dot(&n));
    // The better aligned face is the reference; faces aligned alike (a box
    // flat on a floor) choose by size, so that swapping the shapes keeps
    // the same reference and the manifold mirrors.
    let a_is_reference = if fa.len() >= 2 && fb.len() >= 2 {
        if (align_a - align_b).abs() <= T::ANGLE_SLACK {
            spread(&fa) >= spread(&fb)
        } else {
            align_a > align_b
        }
    } else {
        fa.len() >= fb.len()
    };
    let (reference, incident, alignment) = if a_is_reference {
        (&fa, &fb, align_a)
    } else {
        (&fb, &fa, align_b)
    };
    if !(2..=3).contains(&D)
        || reference.len() < 2
        || alignment < T::lit(FACE_ALIGNMENT)
        || !steady(reference)
    {
        return Err(ids);
    }
    let (r_ref, r_inc) = if a_is_reference {
        (a.margin(), b.margin())
    } else {
        (b.margin(), a.margin())
    };
    let m = reference.normal;
    let scale = reference
        .points()
        .chain(incident.points())
        .fold(T::zero(), |s, (p, _)| s.max(max_abs(&p)));
    let slack = T::ROUNDING_FLOOR * scale;
    let towards = if a_is_reference { n } else { -n };
    let mut work = [Clipped::new(), Clipped::new()];
    let Some(at) = clip(reference, incident, &towards, slack, &mut work) else {
        return Err(ids);
    };
    let clipped = work.get(at).map_or(&[][..], |c| c.as_slice());
    let Some((base, _)) = reference.points().next() else {
        return Err(ids);
    };
    let leeway = leeway(slack, [tilt(reference, &n), tilt(incident, &n)]);
    let mut found = Found::new(a_is_reference, reference.id, leeway);
    // Each incident point is measured along the contact normal (from the
    // reference shape towards the incident one) to the reference plane: a
    // point of B and its foot on A's face are no farther into each other
    // along the normal than the shapes overlap along it, so no point is
    // deeper than the contact.
    let slope = m.dot(&towards);
    for k in clipped {
        let along = m.dot(&(k.p - base)) / slope;
        let distance = along - r_ref - r_inc;
        if !(distance <= max_separation + slack) {
            continue;
        }
        let on_reference = k.p - towards * along + towards * r_ref;
        let on_incident = k.p - towards * r_inc;
        if !found.add((on_reference, on_incident), distance, k.id, k.p) {
            break;
        }
    }
    // The deepest point of the manifold is the contact's: a point of B and
    // its foot on A along `n` overlap no more than the shapes do, and the
    // contact's pair overlaps by exactly that. When the clipped feature
    // misses the contact's pair (an incident edge that dips below the
    // reference face only beside it, where the normal is not the face's),
    // the pair itself joins the manifold, so that the manifold never says
    // the shapes are shallower, or apart, where the contact has them deep.
    if let Some(c) = deepest {
        let shallowest_allowed = c.distance + c.allowance + T::lit(16.0) * slack + leeway;
        let missed = found
            .points
            .iter()
            .all(|(p, _)| p.distance > shallowest_allowed);
        if !found.points.is_empty() && missed {
            let (pa, pb) = c.points;
            let (face, deepest) = (u64::from(reference.id), DEEPEST | u64::from(incident.id));
            let (at, id_a, id_b) = if a_is_reference {
                (pb, face, deepest)
            } else {
                (pa, deepest, face)
            };
            found.put_deepest(
                ManifoldPoint {
                    point_a: pa,
                    point_b: pb,
                    distance: c.distance,
                    id_a,
                    id_b,
                    anchor_a: SVector::zeros(),
                    anchor_b: SVector::zeros(),
                },
                at,
            );
        }
    }
    if found.write(n, status, out) {
        Ok(())
    } else {
        Err(ids)
    }
}

/// The points of a manifold as they are found, each with its incident
/// position (before the margin), one per feature pair.
struct Found<T: Real, const D: usize> {
    points: ArrayVec<(ManifoldPoint<T, D>, SVector<T, D>), { 2 * MAX_FACE_POINTS }>,
    a_is_reference: bool,
    reference_face: u32,
    reference_id: u64,
    /// Points this close in depth are level.
    level: T,
}

impl<T: Real, const D: usize> Found<T, D> {
    fn new(a_is_reference: bool, reference_id: u32, level: T) -> Self {
        Self {
            points: ArrayVec::new(),
            a_is_reference,
            reference_face: reference_id,
            reference_id: u64::from(reference_id),
            level,
        }
    }

    /// Adds the point with positions `(on_reference, on_incident)`, signed
    /// distance and incident id, found at incident position `at`; `false`
    /// when there is no room left.
    fn add(
        &mut self,
        (on_reference, on_incident): (SVector<T, D>, SVector<T, D>),
        distance: T,
        id: u64,
        at: SVector<T, D>,
    ) -> bool {
        let point = if self.a_is_reference {
            ManifoldPoint {
                point_a: on_reference,
                point_b: on_incident,
                distance,
                id_a: self.reference_id,
                id_b: id,
                anchor_a: SVector::zeros(),
                anchor_b: SVector::zeros(),
            }
        } else {
            ManifoldPoint {
                point_a: on_incident,
                point_b: on_reference,
                distance,
                id_a: id,
                id_b: self.reference_id,
                anchor_a: SVector::zeros(),
                anchor_b: SVector::zeros(),
            }
        };
        // A clipped polygon that rounding has folded (a sliver's side
        // planes meet at a sharp angle) can pass a corner of the reference
        // face twice: one point per feature pair, the deeper.
        let same = |(q, _): &&mut (ManifoldPoint<T, D>, SVector<T, D>)| {
            (q.id_a, q.id_b) == (point.id_a, point.id_b)
        };
        if let Some(twin) = self.points.iter_mut().find(same) {
            if point.distance < twin.0.distance {
                *twin = (point, at);
            }
            return true;
        }
        self.points.try_push((point, at)).is_ok()
    }

    /// Adds the contact's own point, replacing the last point found when
    /// there is no room (the reduction keeps the deepest point first, so
    /// it stays in the manifold).
    fn put_deepest(&mut self, point: ManifoldPoint<T, D>, at: SVector<T, D>) {
        if self.points.is_full() {
            self.points.pop();
        }
        let _ = self.points.try_push((point, at));
    }

    /// Writes the manifold of the points found (reduced to the most that
    /// it holds) into `out`; `false`, leaving `out` as it was, when there
    /// are none.
    #[inline(always)]
    fn write(&self, normal: SVector<T, D>, status: Status, out: &mut Manifold<T, D>) -> bool {
        if self.points.is_empty() {
            return false;
        }
        out.normal = normal;
        out.status = status;
        out.reference = if self.a_is_reference {
            Side::A
        } else {
            Side::B
        };
        out.reference_face = self.reference_face;
        out.points = [None; MAX_MANIFOLD_POINTS];
        for (slot, i) in out.points.iter_mut().zip(reduce(&self.points, self.level)) {
            *slot = self.points.get(i).map(|(p, _)| *p);
        }
        true
    }
}

/// The incident feature clipped against the reference face's side planes
/// (within `slack`): for a polygon, one plane per edge, through the edge
/// and the direction `towards` the points are measured along; for a
/// segment, one plane at each end, parallel to it.
///
/// The polygon moves between the two buffers of `work`, clipped from one
/// into the other (no copy of a whole buffer); the returned index names the
/// one holding the result. `None` when a segment bounds nothing: its ends
/// are not apart across `towards` (to within `√ε` of its length), or no
/// farther apart than `slack` (a point, or a segment along the normal).
fn clip<T: Real, const D: usize>(
    reference: &Face<T, D>,
    incident: &Face<T, D>,
    towards: &SVector<T, D>,
    slack: T,
    work: &mut [Clipped<T, D>; 2],
) -> Option<usize> {
    let [first, second] = work;
    let (mut poly, mut spare) = (first, second);
    let mut at_first = true;
    poly.clear();
    for (p, id) in incident.points() {
        let _ = poly.try_push(Keyed {
            p,
            id: u64::from(id),
            out: Carrier::Incident(id),
        });
    }
    let mut refs = ArrayVec::<(SVector<T, D>, u32), MAX_FACE_POINTS>::new();
    for point in reference.points() {
        let _ = refs.try_push(point);
    }
    let k = refs.len();
    let centre = refs.iter().fold(SVector::zeros(), |s, (p, _)| s + p)
        / T::from_usize(k).unwrap_or(T::one());
    for i in 0..k {
        let (Some(&(p, plane)), Some(&(q, _))) = (refs.get(i), refs.get(next(i, k))) else {
            continue;
        };
        // A segment's two planes are its ends; a polygon's, its edges; all
        // parallel to the direction the points are measured along, so that
        // a point kept projects into the face.
        let (side, at) = if k == 2 {
            let e = p - q;
            let side = e - towards * towards.dot(&e);
            if !(max_abs(&e) > slack && side.length() > T::EPSILON.sqrt() * e.length()) {
                return None;
            }
            (side, p)
        } else if let Some(s) = cross3(&(q - p), towards) {
            (s, p)
        } else {
            continue;
        };
        let side = if side.dot(&(centre - at)) > T::zero() {
            -side
        } else {
            side
        };
        // The plane need not be unit (only the slack is a length), just of
        // a size whose square neither overflows nor underflows.
        let big = max_abs(&side);
        if !(big > T::zero() && big.is_finite()) {
            continue;
        }
        let side = side * big.recip();
        let offset = side.dot(&at) + slack * side.length();
        clip_by(poly, |p| side.dot(p) - offset, plane, spare);
        core::mem::swap(&mut poly, &mut spare);
        at_first = !at_first;
        if k == 2 && i == 1 {
            break;
        }
    }
    Some(usize::from(!at_first))
}

/// The index after `i` around a cycle of `n` (no division).
fn next(i: usize, n: usize) -> usize {
    if i + 1 >= n {
        0
    } else {
        i + 1
    }
}

/// Whether a face's plane is known well enough to clip against: its
/// rounded normal tilts by at most `√ε` (`ε L P / ‖2A‖`, with `L` the
/// face's largest coordinate, `P` its perimeter and `2A` its doubled
/// vector area). A sliver whose vertices are collinear to rounding has a
/// normal of no meaning and side planes that are all parallel, which bound
/// nothing: the contact's single point is the manifold instead; so does a
/// face of no area (all its points one, whose tilt bound is zero too: the
/// comparison is strict). Segments and 2D edges (two points) are always
/// steady here ([`clip`] refuses those that bound nothing).
fn steady<T: Real, const D: usize>(face: &Face<T, D>) -> bool {
    if D != 3 || face.len() < 3 {
        return true;
    }
    // In units of the face's largest coordinate `L` (the test is the same
    // at any scale), so that the squared area cannot overflow (a sliver
    // 1e132 long and 1e116 wide has `‖2A‖² = 1e497`) or underflow.
    let size = face
        .points()
        .fold(T::zero(), |s, (p, _)| s.max(max_abs(&p)));
    if !(size > T::zero() && size.is_finite()) {
        return false;
    }
    let mut points = face.points().map(|(p, _)| p / size);
    let Some(first) = points.next() else {
        return false;
    };
    let mut area = SVector::<T, D>::zeros();
    let (mut perimeter, mut last) = (T::zero(), first);
    for p in points {
        if let Some(c) = cross3(&(last - first), &(p - first)) {
            area += c;
        }
        perimeter += (p - last).length();
        last = p;
    }
    perimeter += (first - last).length();
    T::EPSILON * perimeter < T::EPSILON.sqrt() * area.length()
}

/// A face's tilt from `n` and its diameter: the sine of the angle between
/// its normal and `n`, and twice its reach from its first point (zero for
/// a single point, which has no extent to tilt).
fn tilt<T: Real, const D: usize>(face: &Face<T, D>, n: &SVector<T, D>) -> (T, T) {
    let Some((first, _)) = face.points().next() else {
        return (T::zero(), T::zero());
    };
    let reach = face
        .points()
        .fold(T::zero(), |r, (p, _)| r.max((p - first).length()));
    (sine(&face.normal, n), reach + reach)
}

/// The sine of the angle between two unit vectors of the plane or space.
pub(super) fn sine<T: Real, const D: usize>(u: &SVector<T, D>, v: &SVector<T, D>) -> T {
    match cross3(u, v) {
        Some(c) => c.length(),
        None => {
            let g = |w: &SVector<T, D>, i: usize| w.get(i).copied().unwrap_or_else(T::zero);
            (g(u, 0) * g(v, 1) - g(u, 1) * g(v, 0)).abs()
        }
    }
}

/// How far apart in depth two points of a manifold can be and still count
/// as level, and how far the contact's depth may lie beyond the deepest
/// point: `slack`, and for two nearly parallel faces (each tilted from
/// the normal by a sine of at most `√ANGLE_SLACK`, given with its
/// diameter `w`), also `Σ w sin θ`, the most their tilts can spread depths
/// along the normal across them. A face turned 1e-6 rad on another then
/// keeps the points it had at rest (which corner the turn made deepest
/// does not choose them), and the contact, whose depth is taken along the
/// normal over the whole shapes rather than where they touch, may lie
/// that far beyond them. Faces tilted more (an edge across a facet) get no
/// leeway: the manifold's deepest point is then the contact's.
pub(super) fn leeway<T: Real>(slack: T, faces: [(T, T); 2]) -> T {
    let parallel = T::ANGLE_SLACK.sqrt();
    let spread = faces.iter().fold(slack, |l, &(sine, w)| l + sine * w);
    if faces.iter().all(|&(sine, _)| sine <= parallel) && spread.is_finite() {
        spread
    } else {
        slack
    }
}

/// The size of a face: the sum of its squared edge lengths.
fn spread<T: Real, const D: usize>(face: &Face<T, D>) -> T {
    let mut points = face.points().map(|(p, _)| p);
    let Some(first) = points.next() else {
        return T::zero();
    };
    let (sum, last) = points.fold((T::zero(), first), |(s, prev), p| {
        (s + (p - prev).length_squared(), p)
    });
    sum + (first - last).length_squared()
}

/// Sutherland–Hodgman against the half-space where `beyond` (a signed
/// distance to the side plane of reference vertex `plane`, affine in the
/// point) is at most zero; a
/// feature of two points is clipped as a segment, not a closed polygon.
fn clip_by<T: Real, const D: usize>(
    poly: &Clipped<T, D>,
    beyond: impl Fn(&SVector<T, D>) -> T,
    plane: u32,
    out: &mut Clipped<T, D>,
) {
    out.clear();
    let n = poly.len();
    let edges = if n == 2 { 1 } else { n };
    if n == 1 {
        for k in poly.iter().filter(|k| beyond(&k.p) <= T::zero()) {
            let _ = out.try_push(*k);
        }
        return;
    }
    // Each point's signed distance to the plane, once.
    let mut distances = [T::zero(); 2 * MAX_FACE_POINTS];
    for (d, k) in distances.iter_mut().zip(poly.iter()) {
        *d = beyond(&k.p);
    }
    for i in 0..edges {
        let j = next(i, n);
        let (Some(&p), Some(&q), Some(&dp), Some(&dq)) =
            (poly.get(i), poly.get(j), distances.get(i), distances.get(j))
        else {
            continue;
        };
        if dp <= T::zero() {
            let _ = out.try_push(p);
        }
        if (dp <= T::zero()) != (dq <= T::zero()) {
            let t = dp / (dp - dq);
            // Leaving the half-space, the polygon follows the plane to
            // where it comes back; entering, it goes on along this edge.
            let leaving = dp <= T::zero();
            let _ = out.try_push(Keyed {
                p: p.p + (q.p - p.p) * t,
                id: p.out.cut(plane),
                out: if leaving && n > 2 {
                    Carrier::Plane(plane)
                } else {
                    p.out
                },
            });
        }
        if n == 2 && dq <= T::zero() {
            let _ = out.try_push(q);
        }
    }
}

/// Sets of four points whose areas are within this fraction of the
/// largest count as equally good: of those, [`reduce`] keeps the set whose
/// ids come first, so that a small motion (which changes areas a little)
/// keeps the same four points where the region is symmetric, as a box
/// turned 45° on another is.
const AREA_TIE: f64 = 1e-3;

/// At most [`MAX_MANIFOLD_POINTS`] of the points (given with their
/// incident positions, in order around the clipped polygon), spanning the
/// largest area: of all sets of four that keep the deepest point, one
/// whose quadrilateral (in polygon order) has the largest area, found by
/// trying each (at most `C(16, 4) = 1820` of them), to within [`AREA_TIE`]:
/// of the sets that close to the largest, the one whose sorted ids come
/// first, so that the choice names features, not which area rounding
/// made largest. When the points are level (a face resting flat: the
/// chosen set already holds a point within `slack` of the deepest depth),
/// the deepest is not forced, so the choice does not hang on which corner
/// rounding made a hair deeper.
fn reduce<T: Real, const D: usize>(
    found: &[(ManifoldPoint<T, D>, SVector<T, D>)],
    slack: T,
) -> ArrayVec<usize, MAX_MANIFOLD_POINTS> {
    let mut keep = ArrayVec::new();
    let n = found.len();
    if n <= MAX_MANIFOLD_POINTS {
        for i in 0..n {
            let _ = keep.try_push(i);
        }
        return keep;
    }
    let pos = |i: usize| found.get(i).map_or(SVector::zeros(), |(_, p)| *p);
    let depth = |i: usize| found.get(i).map_or(T::zero(), |(p, _)| p.distance);
    let ids = |i: usize| found.get(i).map_or((0, 0), |(p, _)| (p.id_a, p.id_b));
    let deepest = (0..n).fold(0, |best, i| if depth(i) < depth(best) { i } else { best });
    // Twice the area of the quadrilateral `i < j < k < l` (in polygon
    // order, so its diagonals are `ik` and `jl`).
    let area = |[i, j, k, l]: [usize; 4]| {
        let (u, w) = (pos(k) - pos(i), pos(l) - pos(j));
        match cross3(&u, &w) {
            Some(c) => c.length(),
            None => {
                let g = |v: &SVector<T, D>, a: usize| v.get(a).copied().unwrap_or_else(T::zero);
                (g(&u, 0) * g(&w, 1) - g(&u, 1) * g(&w, 0)).abs()
            }
        }
    };
    // Every set of four in order, with `forced` (when given) among them.
    let sets = |forced: Option<usize>| {
        (0..n)
            .flat_map(move |i| (i + 1..n).map(move |j| (i, j)))
            .flat_map(move |(i, j)| (j + 1..n).map(move |k| (i, j, k)))
            .flat_map(move |(i, j, k)| (k + 1..n).map(move |l| [i, j, k, l]))
            .filter(move |set| forced.is_none_or(|f| set.contains(&f)))
    };
    let best = |forced: Option<usize>| {
        let top = sets(forced)
            .map(area)
            .fold(None, |m: Option<T>, a| match m {
                Some(b) if b >= a => m,
                _ => Some(a),
            })?;
        let floor = top * (T::one() - T::lit(AREA_TIE));
        // The set's ids in order (a sorting network of five exchanges: no
        // index, no comparison that could fail).
        let key = |set: &[usize; 4]| {
            let mut k = set.map(ids);
            let order = |a: &mut (u64, u64), b: &mut (u64, u64)| {
                if *b < *a {
                    core::mem::swap(a, b);
                }
            };
            let [a, b, c, d] = &mut k;
            order(a, b);
            order(c, d);
            order(a, c);
            order(b, d);
            order(b, c);
            k
        };
        sets(forced)
            .filter(|&set| area(set) >= floor)
            .map(|set| (key(&set), set))
            .min_by(|a, b| a.0.cmp(&b.0))
            .map(|(_, set)| set)
    };
    let level = |set: &[usize; 4]| set.iter().any(|&i| depth(i) <= depth(deepest) + slack);
    let chosen = best(None)
        .filter(level)
        .or_else(|| best(Some(deepest)))
        .unwrap_or([0, 1, 2, 3]);
    for i in chosen {
        let _ = keep.try_push(i);
    }
    keep
}
