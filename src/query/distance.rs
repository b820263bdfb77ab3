//! The GJK queries: boolean intersection, distance and closest points.
//!
//! Each runs the engine's loop ([`crate::engine`]) on the shapes' cores and
//! reads its answer; the loop, its termination tests and the margins live
//! there.

use nalgebra::SVector;

use crate::engine::config::{Config, Error, Status};
use crate::engine::pair::Pair;
use crate::engine::{
    begin, below_normal, gjk_loop, within, CoreAnswer, Exits, Opened, Opening, ShapeAnswer, Verdict,
};
use crate::engine::{start, Start, Watch};
use crate::math::real::Real;
use crate::query::box_sat::BoxAxes;
use crate::shape::SupportMap;
use crate::simplex::Simplex;

/// The answer of a distance query.
///
/// # Example
///
/// ```
/// use gjk::{distance, Cuboid, Config, Point, Status, Vector};
///
/// let square = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
/// let p = Point::new(Vector::<f64, 2>::new(4.0, 5.0)).unwrap();
/// let d = distance(&square, &p, &Config::default()).unwrap();
/// assert_eq!(d.status, Status::Converged);
/// assert!((d.distance - 5.0).abs() < 1e-12); // from the corner (1, 1): a 3-4-5 triangle
/// assert!((d.point_a - Vector::<f64, 2>::new(1.0, 1.0)).norm() < 1e-12);
/// assert!((d.normal.unwrap() - Vector::<f64, 2>::new(0.6, 0.8)).norm() < 1e-12);
/// assert!(d.lower <= d.distance);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Distance<T: Real, const D: usize> {
    /// The distance between the shapes (zero when they touch or overlap).
    pub distance: T,
    /// A certified lower bound on the distance.
    ///
    /// When [`Status::Converged`], it agrees with `distance` within the
    /// relative tolerance plus the rounding of the coordinates
    /// (`ROUNDING_FLOOR · L`, [`Real::ROUNDING_FLOOR`], `L` the largest
    /// coordinate involved); otherwise the two bracket the distance.
    pub lower: T,
    /// A certified upper bound on the distance: when the shapes are apart,
    /// the distance itself (the length of a pair of points, one in each
    /// shape).
    pub upper: T,
    /// The witness point on A.
    ///
    /// When the shapes are apart, `point_a` and `point_b` are the closest
    /// points and `‖point_b − point_a‖ = distance` to the distance's
    /// accuracy, each in its shape. Where a feature is nearly parallel to the
    /// other (a face or edge the normal grazes), the witnesses may slide
    /// along it by more: such a slide changes their separation only to
    /// second order, and their difference may then lean off `normal` by it.
    /// When their cores overlap,
    /// both are (up to rounding) one point common to both cores. When only the
    /// margins overlap, each is the point of its shape deepest inside the
    /// other along `normal`.
    pub point_a: SVector<T, D>,
    /// The witness point on B.
    pub point_b: SVector<T, D>,
    /// Unit normal from A towards B, when the cores are apart; `None` when the
    /// cores touch or overlap (no direction is defined there).
    pub normal: Option<SVector<T, D>>,
    /// GJK iterations used.
    pub iterations: u32,
    /// Why the query stopped.
    pub status: Status,
}

impl<T: Real, const D: usize> Distance<T, D> {
    /// The distance answer of a query: the signed distance and its lower
    /// bound clamped at zero (touching or overlapping shapes are at
    /// distance zero).
    pub(crate) fn from_answer(s: ShapeAnswer<T, D>) -> Self {
        Self {
            // `+0` after the clamp: `max` may keep a `-0`.
            distance: s.distance.max(T::zero()) + T::zero(),
            lower: s.bound.max(T::zero()) + T::zero(),
            upper: s.certain.max(T::zero()) + T::zero(),
            point_a: s.point_a,
            point_b: s.point_b,
            normal: s.normal,
            iterations: s.iterations,
            status: s.status,
        }
    }
}

/// Whether shapes `a` and `b` intersect (touching counts as intersecting).
///
/// `false` is proven: a certified bound separates the shapes. `true` is
/// proven too, except after a stall: when GJK can make no more progress
/// with its bounds still straddling contact, the shapes count as touching.
/// On well-conditioned shapes a stall leaves the bounds within rounding
/// of each other; on slivers (a needle `10¹⁰` times longer than wide) they
/// can be further apart, and [`distance`] reports that bracket with
/// [`Status::Stalled`](crate::Status::Stalled).
///
/// Stops at the first separating plane, or as soon as the cores come within
/// the sum of the margins, so it is usually cheaper than [`distance`]. Two
/// boxes ([`SupportMap::core_box`], `D ≤ 3`) are decided by their
/// separating axes when those prove the answer, without GJK (and without
/// iterations, whatever the cap).
///
/// # Errors
///
/// [`Error::NonFinite`] for NaN or infinite support points or margins,
/// [`Error::InvalidConfig`] for a bad configuration, and
/// [`Error::IterationLimit`] when the cap is reached while the bounds still
/// straddle contact.
///
/// # Example
///
/// ```
/// use gjk::{intersects, Ball, Cuboid, Config, Transformed, Vector};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let ball = Ball::new(Vector::<f64, 3>::new(1.8, 0.0, 0.0), 1.0).unwrap();
/// assert!(intersects(&cube, &ball, &Config::default()).unwrap());
/// ```
pub fn intersects<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    config: &Config<T, D>,
) -> Result<bool, Error> {
    intersects_watched(a, b, config, &mut ())
}

/// [`intersects`], its iterations reported to `watch`.
#[inline(always)]
pub(crate) fn intersects_watched<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    config: &Config<T, D>,
    watch: &mut impl Watch<T, D>,
) -> Result<bool, Error> {
    let mut simplex = Simplex::new();
    let (pair, exits, margins) = match intersects_open(a, b, config, &mut simplex)? {
        Opened::Answered(answer) => return Ok(answer),
        Opened::Looping(pair, exits, margins) => (pair, exits, margins),
    };
    watch.frame(pair.scale(), margins.0 + margins.1);
    let answer = gjk_loop(&pair, config, exits, &mut simplex, &mut (), watch)?;
    intersects_close(&answer, &pair, margins, config)
}

/// [`intersects`] up to its loop: the point-core closed form and the
/// boxes' separating axes answer first; the loop's context is the margins
/// `(r_A, r_B)`.
#[inline(always)]
pub(crate) fn intersects_open<'s, T, A, B, const D: usize>(
    a: &'s A,
    b: &'s B,
    config: &Config<T, D>,
    simplex: &mut Simplex<T, D>,
) -> Opening<'s, A, B, T, bool, (T, T)>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let Start { ra, rb, core } = start(a, b, config)?;
    if let Some(core) = core {
        return within(&core, ra + rb, config).map(Opened::Answered);
    }
    if let Some(answer) = boxes_intersect(a, b, ra + rb) {
        return Ok(Opened::Answered(answer));
    }
    let pair = begin(a, b, config, simplex)?;
    let margin = (ra + rb) * pair.scale();
    Ok(Opened::Looping(pair, Exits::contact(margin), (ra, rb)))
}

/// [`intersects`] after its loop: whether the cores are within the sum of
/// the margins.
#[inline(always)]
pub(crate) fn intersects_close<T: Real, A: ?Sized, B: ?Sized, const D: usize>(
    answer: &CoreAnswer<T, D>,
    pair: &Pair<'_, A, B, T>,
    (ra, rb): (T, T),
    config: &Config<T, D>,
) -> Result<bool, Error> {
    within(answer, (ra + rb) * pair.scale(), config)
}

/// Two boxes (`D ≤ 3`) by their separating axes: whether they intersect
/// when the axes prove it, net of rounding (see
/// [`BoxAxes::intersect`](crate::query::box_sat::BoxAxes)); `None` leaves the
/// pair to GJK.
#[inline]
pub(crate) fn boxes_intersect<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    margin: T,
) -> Option<bool> {
    if D > 3 {
        return None;
    }
    let (box_a, box_b) = (a.core_box()?, b.core_box()?);
    // (A scene below the normal range is refused where the loop begins.)
    let corners = [box_a.centre, box_b.centre, box_a.half, box_b.half];
    if below_normal(&corners, margin) {
        return None;
    }
    BoxAxes::new(&box_a, &box_b).intersect(margin)
}

/// The distance between `a` and `b`, with witness points and normal.
///
/// # Errors
///
/// [`Error::NonFinite`] for NaN or infinite support points or margins,
/// [`Error::InvalidConfig`] for a bad configuration. Reaching the cap is not
/// an error: the answer carries [`Status::IterationLimit`] and its bounds.
///
/// # Example
///
/// ```
/// use gjk::{distance, Ball, Config, Vector};
///
/// let a = Ball::new(Vector::<f64, 2>::new(0.0, 0.0), 1.0).unwrap();
/// let b = Ball::new(Vector::<f64, 2>::new(3.0, 4.0), 1.5).unwrap();
/// let d = distance(&a, &b, &Config::default()).unwrap();
/// assert!((d.distance - 2.5).abs() < 1e-15);
/// assert_eq!(d.iterations, 0); // two point cores: answered in closed form
/// ```
pub fn distance<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    config: &Config<T, D>,
) -> Result<Distance<T, D>, Error> {
    distance_watched(a, b, config, &mut ())
}

/// [`distance`], its iterations reported to `watch`.
#[inline(always)]
pub(crate) fn distance_watched<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    config: &Config<T, D>,
    watch: &mut impl Watch<T, D>,
) -> Result<Distance<T, D>, Error> {
    let mut simplex = Simplex::new();
    let (pair, exits, margins) = match distance_open(a, b, config, &mut simplex)? {
        Opened::Answered(answer) => return Ok(answer),
        Opened::Looping(pair, exits, margins) => (pair, exits, margins),
    };
    watch.frame(pair.scale(), margins.0 + margins.1);
    let answer = gjk_loop(&pair, config, exits, &mut simplex, &mut (), watch)?;
    distance_close(&answer, &pair, margins, config)
}

/// [`distance`] up to its loop: two point cores are answered in closed
/// form; the loop's context is the margins `(r_A, r_B)`.
#[inline(always)]
pub(crate) fn distance_open<'s, T, A, B, const D: usize>(
    a: &'s A,
    b: &'s B,
    config: &Config<T, D>,
    simplex: &mut Simplex<T, D>,
) -> Opening<'s, A, B, T, Distance<T, D>, (T, T)>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let Start { ra, rb, core } = start(a, b, config)?;
    if let Some(core) = core {
        // Beyond the closed form's range (its unscaled answer overflows) the
        // scaled loop decides, as it does for every other pair.
        if let Ok(answer) = core.for_shapes(T::one(), ra, rb) {
            return Ok(Opened::Answered(Distance::from_answer(answer)));
        }
    }
    let pair = begin(a, b, config, simplex)?;
    Ok(Opened::Looping(pair, Exits::NONE, (ra, rb)))
}

/// [`distance`] after its loop: the loop's answer on the cores, for the
/// shapes.
#[inline(always)]
pub(crate) fn distance_close<T: Real, A: ?Sized, B: ?Sized, const D: usize>(
    answer: &CoreAnswer<T, D>,
    pair: &Pair<'_, A, B, T>,
    (ra, rb): (T, T),
    _: &Config<T, D>,
) -> Result<Distance<T, D>, Error> {
    answer
        .for_shapes(pair.scale(), ra, rb)
        .map(Distance::from_answer)
}

/// Like [`distance`], but gives up as soon as the shapes are proven farther
/// apart than `max_dist`, returning `Ok(None)`.
///
/// # Errors
///
/// As for [`distance`]; a NaN or negative `max_dist` is
/// [`Error::InvalidConfig`].
///
/// # Example
///
/// ```
/// use gjk::{closest_points, Cuboid, Config, Segment, Vector};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let a = Vector::<f64, 3>::new(3.0, -2.0, 0.0);
/// let rod = Segment::new(a, Vector::<f64, 3>::new(3.0, 2.0, 0.0)).unwrap();
/// let config = Config::default();
/// // The rod is 2 from the cube's face x = 1: beyond a cutoff of 1.5, within 2.5.
/// assert_eq!(closest_points(&cube, &rod, 1.5, &config).unwrap(), None);
/// let d = closest_points(&cube, &rod, 2.5, &config).unwrap().unwrap();
/// assert!((d.distance - 2.0).abs() < 1e-12);
/// assert!((d.point_a.x - 1.0).abs() < 1e-12 && (d.point_b.x - 3.0).abs() < 1e-12);
/// ```
pub fn closest_points<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    max_dist: T,
    config: &Config<T, D>,
) -> Result<Option<Distance<T, D>>, Error> {
    if !(max_dist >= T::zero()) {
        return Err(Error::InvalidConfig);
    }
    let Start { ra, rb, core } = start(a, b, config)?;
    if let Some(core) = core {
        if core.bound > max_dist + ra + rb {
            return Ok(None);
        }
        if let Ok(answer) = core.for_shapes(T::one(), ra, rb) {
            return Ok(Some(Distance::from_answer(answer)));
        }
    }
    let mut simplex = Simplex::new();
    let pair = begin(a, b, config, &mut simplex)?;
    let exits = Exits::beyond((max_dist + ra + rb) * pair.scale());
    let answer = gjk_loop(&pair, config, exits, &mut simplex, &mut (), &mut ())?;
    if answer.verdict == Verdict::BeyondCutoff {
        return Ok(None);
    }
    answer
        .for_shapes(pair.scale(), ra, rb)
        .map(|s| Some(Distance::from_answer(s)))
}
