//! Contact queries: signed distance, penetration depth, normal and points.
//!
//! The math is in the docs of the public item it serves, [`Contact`](crate::Contact).

use nalgebra::SVector;

use crate::engine::config::{Config, Error, Status};
use crate::engine::pair::Pair;
use crate::engine::{
    begin, checked_witnesses, gjk_loop, within, CoreAnswer, Exits, Opened, Opening, ShapeAnswer,
    Verdict,
};
use crate::engine::{start, Start};
use crate::epa::EpaWatch;
use crate::epa::{
    default_room, expand, DEFAULT_EPA_FACETS, DEFAULT_EPA_VERTICES, FULL_EPA_FACETS,
    FULL_EPA_VERTICES,
};
use crate::math::real::Real;
use crate::shape::SupportMap;
use crate::simplex::Simplex;

/// The contact between two shapes within a query distance.
///
/// One call answers both regimes a physics engine meets. GJK runs on the
/// shapes' cores first:
///
/// * cores apart by more than the summed margins: the shapes are separated,
///   and GJK's closest points, pushed out by the radii, are the answer;
/// * cores apart by less: only the rounded margins overlap, and the depth is
///   the margin minus the core distance — still no EPA;
/// * cores overlapping: EPA measures the cores' penetration, and the margins
///   add to it.
///
/// # Conventions
///
/// `normal` is a unit vector from A towards B. The signed distance is
/// positive when the shapes are apart and minus the penetration depth when
/// they overlap, and in both cases `point_b − point_a = distance · normal`:
/// apart, the points are the closest points; overlapping, `point_a` is the
/// point of A deepest inside B and `point_b` the point of B deepest inside A,
/// and translating B by `−distance · normal` brings the shapes to touching.
///
/// # Example
///
/// ```
/// use gjk::{contact, Cuboid, Config, Transformed, Vector};
///
/// let a = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
/// let b = Transformed::translated(a, Vector::<f64, 2>::new(1.5, 0.0)).unwrap();
/// let c = contact(&a, &b, 0.0, &Config::default()).unwrap().unwrap();
/// assert!((c.distance + 0.5).abs() < 1e-12); // overlapping by 0.5 along x
/// assert!((c.normal - Vector::<f64, 2>::x()).norm() < 1e-12);
/// assert!((c.point_a.x - 1.0).abs() < 1e-12 && (c.point_b.x - 0.5).abs() < 1e-12);
/// assert!((c.point_b - c.point_a - c.normal * c.distance).norm() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contact<T: Real, const D: usize> {
    /// Signed distance: the gap when apart, minus the depth when overlapping.
    /// The best estimate, between the two bounds.
    pub distance: T,
    /// A certified lower bound on the signed distance (minus the upper
    /// bound on the depth when overlapping).
    pub lower: T,
    /// A certified upper bound on the signed distance (within the tolerance
    /// of the lower bound when [`Status::Converged`]).
    pub upper: T,
    /// Unit normal from A towards B.
    pub normal: SVector<T, D>,
    /// Closest point of A (apart), or the point of A deepest in B.
    pub point_a: SVector<T, D>,
    /// Closest point of B (apart), or the point of B deepest in A.
    pub point_b: SVector<T, D>,
    /// GJK plus EPA iterations.
    pub iterations: u32,
    /// Why the query stopped.
    pub status: Status,
}

/// How deep two overlapping shapes interpenetrate.
///
/// # Example
///
/// ```
/// use gjk::{penetration, Ball, Cuboid, Config, Status, Vector};
///
/// let slab = Cuboid::new(Vector::<f64, 2>::new(2.0, 1.0)).unwrap();
/// let ball = Ball::new(Vector::<f64, 2>::new(0.0, 1.5), 1.0).unwrap();
/// let p = penetration(&slab, &ball, &Config::default()).unwrap().unwrap();
/// assert_eq!(p.status, Status::Converged);
/// assert!((p.depth - 0.5).abs() < 1e-12); // the ball's bottom at y = 0.5
/// assert!((p.normal - Vector::<f64, 2>::y()).norm() < 1e-12);
/// assert!((p.point_a - Vector::<f64, 2>::new(0.0, 1.0)).norm() < 1e-12);
/// assert!((p.point_b - Vector::<f64, 2>::new(0.0, 0.5)).norm() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Penetration<T: Real, const D: usize> {
    /// The length of the shortest translation of B that separates the shapes:
    /// the best estimate, between the two bounds. Once
    /// [`Status::Converged`], the overlap of the shapes along `normal`
    /// (exact where the depth is representable); otherwise the lower bound.
    pub depth: T,
    /// A certified lower bound on the depth (reached by EPA's polytope).
    pub lower: T,
    /// A certified upper bound on the depth (within the tolerance of the
    /// lower bound when [`Status::Converged`]).
    pub upper: T,
    /// Unit normal from A towards B: translating B by `depth · normal` brings
    /// the shapes to touching.
    pub normal: SVector<T, D>,
    /// The point of A deepest inside B.
    pub point_a: SVector<T, D>,
    /// The point of B deepest inside A; `point_a − point_b = depth · normal`.
    pub point_b: SVector<T, D>,
    /// GJK plus EPA iterations.
    pub iterations: u32,
    /// Why the query stopped.
    pub status: Status,
}

/// GJK, then EPA if the cores overlap: the signed answer for the shapes
/// (margins included); `None` once the shapes are proven farther apart
/// than `cutoff` (by the rule of [`within`]).
fn signed<T, const D: usize, const V: usize, const F: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    cutoff: T,
    config: &Config<T, D>,
) -> Result<Option<ShapeAnswer<T, D>>, Error>
where
    T: Real,
{
    signed_watched::<T, D, V, F>(a, b, cutoff, config, &mut ())
}

/// [`signed`], its GJK and EPA iterations reported to `watch`.
#[inline(always)]
pub(crate) fn signed_watched<T, const D: usize, const V: usize, const F: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    cutoff: T,
    config: &Config<T, D>,
    watch: &mut impl EpaWatch<T, D>,
) -> Result<Option<ShapeAnswer<T, D>>, Error>
where
    T: Real,
{
    let mut simplex = Simplex::new();
    let (pair, exits, ctx) = match signed_open(a, b, cutoff, config, &mut simplex)? {
        Opened::Answered(answer) => return Ok(answer),
        Opened::Looping(pair, exits, ctx) => (pair, exits, ctx),
    };
    watch.frame(pair.scale(), ctx.0 + ctx.1);
    let gjk = gjk_loop(&pair, config, exits, &mut simplex, &mut (), watch)?;
    signed_close::<T, D, V, F, _, _>(&gjk, &pair, &simplex, ctx, config, watch)
}

/// A signed answer, or `None` beyond the cutoff.
type Signed<T, const D: usize> = Option<ShapeAnswer<T, D>>;

/// [`signed`] up to its GJK loop: two point cores apart are answered in
/// closed form; the loop stops once the cores are proven beyond the cutoff
/// (in the pair's frame); its context is the margins `(r_A, r_B)` and that
/// cutoff.
#[inline(always)]
pub(crate) fn signed_open<'s, T, A, B, const D: usize>(
    a: &'s A,
    b: &'s B,
    cutoff: T,
    config: &Config<T, D>,
    simplex: &mut Simplex<T, D>,
) -> Opening<'s, A, B, T, Signed<T, D>, (T, T, T)>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let Start { ra, rb, core } = start(a, b, config)?;
    if let Some(core) = core.filter(|c| c.verdict == Verdict::Apart) {
        let cutoff = cutoff + (ra + rb);
        if !within(&core, cutoff, config)? {
            return Ok(Opened::Answered(None));
        }
        // Beyond the closed form's range (its unscaled answer overflows) the
        // scaled loop decides, as it does for every other pair.
        if let Ok(answer) = core.for_shapes(T::one(), ra, rb) {
            return Ok(Opened::Answered(Some(answer)));
        }
    }
    let pair = begin(a, b, config, simplex)?;
    let cutoff = (cutoff + (ra + rb)) * pair.scale();
    Ok(Opened::Looping(
        pair,
        Exits::beyond(cutoff),
        (ra, rb, cutoff),
    ))
}

/// [`signed`] after its GJK loop (`gjk`, ending on `simplex`): `None` when
/// the cores are proven beyond the cutoff; EPA where they overlap; the
/// witnesses put on their support planes where they are apart.
#[inline(always)]
pub(crate) fn signed_close<T, const D: usize, const V: usize, const F: usize, A, B>(
    gjk: &CoreAnswer<T, D>,
    pair: &Pair<'_, A, B, T>,
    simplex: &Simplex<T, D>,
    (ra, rb, cutoff): (T, T, T),
    config: &Config<T, D>,
    watch: &mut impl EpaWatch<T, D>,
) -> Result<Option<ShapeAnswer<T, D>>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    if !within(gjk, cutoff, config)? {
        return Ok(None);
    }
    let core = if gjk.verdict == Verdict::Overlap {
        let epa = expand::<T, D, V, F, _, _>(pair, config, simplex, watch)?;
        CoreAnswer {
            iterations: gjk.iterations + epa.iterations,
            ..epa
        }
    } else {
        gjk.witnesses_on_planes(pair, simplex).signed_bound(pair)
    };
    if core.normal.is_none() {
        return Err(Error::NonFinite);
    }
    // The largest coordinate of the shape points seen, in the shapes' frame.
    let size = core.extent.size() / pair.scale();
    let answer = core.for_shapes(pair.scale(), ra, rb)?;
    Ok(Some(checked_witnesses(
        pair.a,
        pair.b,
        answer,
        config.tolerance,
        size,
    )))
}

/// The contact between `a` and `b` if their signed distance is at most
/// `max_separation`, with the default EPA capacity.
///
/// `None` only when the signed distance is proven larger than
/// `max_separation`. Shapes within the tolerance and rounding of it, or
/// whose query stalled on rounding with its bounds straddling it, give a
/// contact (its status says which), so the distance of a contact may
/// exceed `max_separation` by that much.
///
/// # Errors
///
/// [`Error::NonFinite`] for NaN or infinite input,
/// [`Error::InvalidConfig`] for a bad configuration or a NaN or negative
/// `max_separation`, [`Error::IterationLimit`] when the cap is reached
/// before contact within `max_separation` is decided, and
/// [`Error::Overflow`] for an answer beyond the largest finite value.
/// Reaching a limit once contact is decided is not an error: the answer
/// carries the status.
///
/// # Example
///
/// ```
/// use gjk::{contact, Ball, Cuboid, Config, Vector};
///
/// let floor = Cuboid::new(Vector::<f64, 2>::new(10.0, 1.0)).unwrap();
/// let ball = Ball::new(Vector::<f64, 2>::new(0.0, 1.75), 1.0).unwrap();
/// let c = contact(&floor, &ball, 0.1, &Config::default()).unwrap().unwrap();
/// assert!((c.distance + 0.25).abs() < 1e-12); // 0.25 deep
/// assert!((c.normal - Vector::<f64, 2>::new(0.0, 1.0)).norm() < 1e-12);
/// ```
pub fn contact<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    max_separation: T,
    config: &Config<T, D>,
) -> Result<Option<Contact<T, D>>, Error> {
    if default_room(D) {
        contact_with_capacity::<T, D, DEFAULT_EPA_VERTICES, DEFAULT_EPA_FACETS>(
            a,
            b,
            max_separation,
            config,
        )
    } else {
        contact_with_capacity::<T, D, FULL_EPA_VERTICES, FULL_EPA_FACETS>(
            a,
            b,
            max_separation,
            config,
        )
    }
}

/// [`contact`] with room for `V` polytope vertices and `F` facets.
///
/// Built size first (the `small` feature), the polytope numbers its
/// vertices and facets in bytes and uses at most 256 of each, whatever `V`
/// and `F`; a query that needs more ends
/// [`Status::OutOfCapacity`](crate::Status::OutOfCapacity) with certified
/// bounds, as any query that runs out of room.
///
/// # Errors
///
/// As for [`contact`].
///
/// # Example
///
/// ```
/// use gjk::{contact_with_capacity, Cuboid, Config, Status, Transformed, Vector};
///
/// let a = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let b = Transformed::translated(a, Vector::<f64, 3>::new(0.3, 1.8, 0.0)).unwrap();
/// // Two boxes need little room: 16 vertices, 48 facets.
/// let c = contact_with_capacity::<f64, 3, 16, 48>(&a, &b, 0.0, &Config::default())
///     .unwrap()
///     .unwrap();
/// assert_eq!(c.status, Status::Converged);
/// assert!((c.distance + 0.2).abs() < 1e-12); // 0.2 deep along y
/// assert!((c.normal - Vector::<f64, 3>::y()).norm() < 1e-12);
/// ```
pub fn contact_with_capacity<T: Real, const D: usize, const V: usize, const F: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    max_separation: T,
    config: &Config<T, D>,
) -> Result<Option<Contact<T, D>>, Error> {
    if !(max_separation >= T::zero()) || !max_separation.is_finite() {
        return Err(Error::InvalidConfig);
    }
    let Some(s) = signed::<T, D, V, F>(a, b, max_separation, config)? else {
        return Ok(None);
    };
    Contact::from_signed(s).map(Some)
}

/// The depth, normal and contact points of two overlapping shapes, or `None`
/// when they are proven apart; touching shapes give depth zero.
///
/// A thin view of [`contact`]: `penetration(a, b, config)` is
/// `contact(a, b, 0, config)` read by [`Contact::penetration`], the same
/// answer with the sign turned (depth for distance, its bounds swapped and
/// clamped at zero). Use [`contact_with_capacity`] with a query distance of
/// zero for more EPA room.
///
/// `None` is an answer only when a bound certifies the gap (the rule of
/// [`intersects`](crate::intersects), which this query always agrees with):
/// shapes apart by no more than the tolerance and rounding count as
/// touching, and a query whose bounds still straddle contact when the
/// iteration cap is reached is [`Error::IterationLimit`].
///
/// Rounded shapes (balls, capsules, [`Rounded`](crate::Rounded)) whose cores
/// are apart are answered from GJK on the cores plus the radii, without EPA.
///
/// # Errors
///
/// As for [`contact`].
///
/// # Example
///
/// ```
/// use gjk::{penetration, Cuboid, Config, Transformed, Vector};
///
/// let a = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let b = Transformed::translated(a, Vector::<f64, 3>::new(1.5, 0.2, 0.0)).unwrap();
/// let p = penetration(&a, &b, &Config::default()).unwrap().unwrap();
/// assert!((p.depth - 0.5).abs() < 1e-12);
/// assert!((p.normal - Vector::<f64, 3>::x()).norm() < 1e-12);
/// ```
///
/// When GJK finds the cores overlapping, the origin lies inside the Minkowski
/// difference `A − B`. The penetration depth is the distance from the origin
/// to the boundary of `A − B`: the shortest translation that separates the
/// shapes. EPA (van den Bergen, 2001) starts from GJK's simplex and grows a
/// polytope inside `A − B`, always pushing out the facet nearest the origin
/// with the support point along its normal, until that facet lies on the
/// boundary.
///
/// Two bounds bracket the depth: the nearest facet's certified distance from
/// below (the polytope lies inside `A − B`; each facet's distance is the
/// least `n · yᵢ` over its vertices net of rounding) and the support value along its normal from
/// above. The loop stops when they meet within the relative tolerance.
///
/// GJK may stop with fewer than `D + 1` vertices (touching shapes, the origin
/// on a face or edge). The simplex is then completed with support points along
/// directions orthogonal to it; a direction in which `A − B` has no extent at
/// all means the shapes touch, and the depth is zero.
///
/// Everything lives in a polytope of fixed capacity chosen at compile
/// time: no allocation, and running out of room is reported, with the bounds
/// reached so far.
///
/// The room needed is set by the depth's flatness across directions. The
/// lower bound is the distance to the polytope's nearest facet, and no set
/// of support points bounds the depth better than their hull does, so every
/// direction `u` whose support value `h(u)` is within the tolerance of the
/// depth must be covered by facets that close to the boundary. Near a
/// curved boundary of radius `R` whose centre of curvature lies `c` from the
/// origin (depth `d = R − c`), `h` grows as `d + c (1 − cos θ)` at an angle
/// `θ` from the normal, while a facet spanning an angle `φ` lies `R φ² / 8`
/// inside the arc: facets may widen in proportion to `θ √(c / R)`, and the
/// vertices needed grow as `√(R / c)` times the logarithm of the tolerance.
/// Parallel cylinders overlapping nearly coaxially (`c → 0`) need hundreds
/// of vertices at the default tolerance; with the default capacity they end
/// [`Status::OutOfCapacity`] with the bracket reached.
pub fn penetration<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    config: &Config<T, D>,
) -> Result<Option<Penetration<T, D>>, Error> {
    Ok(contact(a, b, T::zero(), config)?.map(|c| c.penetration()))
}

impl<T: Real, const D: usize> Contact<T, D> {
    /// The contact read off a signed answer; a missing normal (no direction
    /// defined) is [`Error::NonFinite`].
    pub(crate) fn from_signed(s: ShapeAnswer<T, D>) -> Result<Self, Error> {
        let normal = s.normal.ok_or(Error::NonFinite)?;
        Ok(Contact {
            distance: s.distance,
            lower: s.bound,
            upper: s.certain,
            normal,
            point_a: s.point_a,
            point_b: s.point_b,
            iterations: s.iterations,
            status: s.status,
        })
    }

    /// The same answer as a [`Penetration`]: the depth `−distance` and its
    /// bounds `−upper`, `−lower`, each clamped at zero (shapes apart by no
    /// more than the tolerance and rounding count as touching, depth zero).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{contact, Cuboid, Config, Transformed, Vector};
    ///
    /// let a = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
    /// let b = Transformed::translated(a, Vector::<f64, 2>::new(1.5, 0.0)).unwrap();
    /// let c = contact(&a, &b, 0.0, &Config::default()).unwrap().unwrap();
    /// let p = c.penetration();
    /// assert_eq!(p.depth, -c.distance);
    /// assert!(p.lower <= p.depth && p.depth <= p.upper);
    /// ```
    #[must_use]
    pub fn penetration(&self) -> Penetration<T, D> {
        // `+0` after the clamp: `max` may keep a `-0`.
        let depth = |x: T| (-x).max(T::zero()) + T::zero();
        Penetration {
            depth: depth(self.distance),
            lower: depth(self.upper),
            upper: depth(self.lower),
            normal: self.normal,
            point_a: self.point_a,
            point_b: self.point_b,
            iterations: self.iterations,
            status: self.status,
        }
    }
}
