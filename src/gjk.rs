//! The GJK loop: boolean intersection, distance and closest points.
//!
//! GJK (Gilbert, Johnson & Keerthi, 1988) finds the point `v` of the Minkowski
//! difference `A − B` closest to the origin; `‖v‖` is the distance between the
//! shapes. Each iteration asks both shapes for a support point along `−v`,
//! adds `w = s_A(−v) − s_B(v)` to a [`Simplex`], and lets Johnson's
//! sub-algorithm move `v` to the simplex point closest to the origin.
//!
//! Two bounds bracket the distance at every step: `‖v‖` from above (it is the
//! distance between two points of the shapes) and `v·w / ‖v‖` from below (the
//! plane through `w` orthogonal to `v` separates the origin from `A − B`). The
//! loop stops when they meet within the tolerance, and reports why it stopped.
//!
//! Queries run on the shapes' cores; margins (radii) are added at the end, so
//! a ball reduces to its centre and a ball–ball query takes one iteration.
//!
//! Every tolerance is relative: the gap test to `‖v‖²`, the "touching" test
//! to the largest coordinate seen, so the same configuration behaves the same
//! at any scale and at any distance from the origin.

use nalgebra::SVector;

use crate::real::{all_finite, axis, max_abs, Real};
use crate::simplex::{Simplex, SupportPoint};
use crate::support::SupportMap;
use crate::warm::Trail;

/// Default cap on GJK iterations. Polytopes with thousands of vertices
/// converge in a few dozen iterations; the cap only bounds pathological input.
pub const DEFAULT_MAX_ITERATIONS: u32 = 128;

/// Settings of a GJK query.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GjkConfig<T: Real, const D: usize> {
    /// Relative tolerance on the distance: the loop stops once the upper
    /// bound exceeds the lower bound by at most this fraction of the lower
    /// bound, so a converged distance is within this fraction of the true
    /// one (for any non-negative tolerance, also one of 1 or more). Default
    /// [`Real::GJK_TOLERANCE`].
    pub tolerance: T,
    /// Cap on iterations; reaching it is reported as
    /// [`Status::IterationLimit`]. Default [`DEFAULT_MAX_ITERATIONS`].
    pub max_iterations: u32,
    /// First search direction (from A towards B). `None` uses the direction
    /// between the shapes' centres. Only a hint: a zero or non-finite
    /// direction is replaced by the first coordinate axis.
    pub initial_direction: Option<SVector<T, D>>,
}

impl<T: Real, const D: usize> Default for GjkConfig<T, D> {
    fn default() -> Self {
        Self {
            tolerance: T::GJK_TOLERANCE,
            max_iterations: DEFAULT_MAX_ITERATIONS,
            initial_direction: None,
        }
    }
}

impl<T: Real, const D: usize> GjkConfig<T, D> {
    /// These settings, with the search starting along `direction` (from A
    /// towards B) when it is `Some`; unchanged otherwise.
    ///
    /// A light warm start between the frames of a simulation: shapes move
    /// little from one frame to the next, so the previous answer's normal
    /// points almost at the new closest features. Feed back
    /// [`Distance::normal`], or the normal of a
    /// [`Penetration`](crate::Penetration) or [`Contact`](crate::Contact);
    /// `None` (shapes that overlapped last frame) keeps the previous
    /// direction. The answer does not depend on the starting direction
    /// beyond the tolerance.
    ///
    /// GJK still has to collect the closest features one support point at a
    /// time, so a direction saves few iterations (a few percent on typical
    /// motion). For shapes placed by [`Transformed`](crate::Transformed),
    /// [`SimplexCache`](crate::SimplexCache) keeps a direction per feature,
    /// seeds the query with all of them at once and usually answers in one
    /// iteration.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{distance, Ball, Cuboid, GjkConfig, Transformed, Vector};
    ///
    /// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
    /// let ball = Ball::new(Vector::<f64, 3>::zeros(), 0.5).unwrap();
    /// let mut config = GjkConfig::default();
    /// for frame in 0..10 {
    ///     let t = Vector::<f64, 3>::new(3.0, 0.1 * f64::from(frame), 0.0);
    ///     let moved = Transformed::translated(ball, t).unwrap();
    ///     let d = distance(&cube, &moved, &config).unwrap();
    ///     assert!((d.distance - 1.5).abs() < 1e-12);
    ///     config = config.starting_along(d.normal);
    /// }
    /// ```
    #[must_use]
    pub fn starting_along(mut self, direction: Option<SVector<T, D>>) -> Self {
        if direction.is_some() {
            self.initial_direction = direction;
        }
        self
    }
}

/// Why a query stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The bounds met within the tolerance (or the origin was enclosed): the
    /// answer is accurate.
    Converged,
    /// Rounding stopped further progress before the bounds met; the answer is
    /// the best the precision allows, bracketed by the reported bounds.
    Stalled,
    /// The iteration cap was reached; the bounds are still valid.
    IterationLimit,
    /// The penetration polytope ran out of room (see
    /// [`penetration_with_capacity`](crate::penetration_with_capacity)); the
    /// bounds are still valid.
    OutOfCapacity,
}

/// Why a query could not be answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GjkError {
    /// A support point, margin or the configuration held NaN or infinity.
    NonFinite,
    /// The configuration is invalid (negative tolerance).
    InvalidConfig,
    /// The boolean test reached the iteration cap with its bounds still
    /// straddling contact.
    IterationLimit,
    /// A squared length overflowed: the shapes' coordinates (or their
    /// distance) exceed about `√T::MAX`, beyond the supported range.
    Overflow,
}

impl core::fmt::Display for GjkError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            GjkError::NonFinite => "a support point or parameter is NaN or infinite",
            GjkError::InvalidConfig => "the query configuration is invalid",
            GjkError::IterationLimit => "the iteration cap was reached undecided",
            GjkError::Overflow => "coordinates too large: a squared length overflowed",
        })
    }
}

impl core::error::Error for GjkError {}

/// The answer of a distance query.
#[derive(Clone, Copy, Debug)]
pub struct Distance<T: Real, const D: usize> {
    /// The distance between the shapes (zero when they touch or overlap).
    pub distance: T,
    /// A certified lower bound on the distance.
    ///
    /// When [`Status::Converged`], it agrees with `distance` within the
    /// relative tolerance, or, where rounding limits how well the direction
    /// between the shapes is known, within `ROUNDING_FLOOR · L² / distance`
    /// ([`Real::ROUNDING_FLOOR`], `L` the largest coordinate involved). The
    /// distance itself is accurate to a few `ε · L` either way.
    pub lower_bound: T,
    /// The witness point on A.
    ///
    /// When the shapes are apart, `point_a` and `point_b` are the closest
    /// points and `‖point_b − point_a‖ = distance`. When their cores overlap,
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

/// What the loop learned about the cores.
pub(crate) enum Verdict {
    /// The cores touch or overlap (‖v‖ below the rounding floor).
    Overlap,
    /// The cores are apart; `v` is their closest-point difference.
    Apart,
    /// The lower bound exceeded the caller's cutoff.
    BeyondCutoff,
    /// ‖v‖ fell to or below the combined margin (boolean test only).
    WithinMargin,
}

/// The loop's state when it stops.
pub(crate) struct Run<T: Real> {
    /// ‖v‖ and the best lower bound, on the cores.
    pub upper: T,
    pub lower: T,
    /// The largest coordinate seen: `ROUNDING_FLOOR · scale` is how well
    /// `upper` is known.
    pub scale: T,
    pub iterations: u32,
    pub status: Status,
    pub verdict: Verdict,
}

/// Early exits of the loop.
#[derive(Clone, Copy)]
pub(crate) struct Exits<T> {
    /// Stop once the core distance is proven larger than this.
    pub beyond: Option<T>,
    /// Stop once the core distance is proven at most this.
    pub within: Option<T>,
}

impl<T: Real> Exits<T> {
    /// Run to convergence.
    pub const NONE: Self = Self {
        beyond: None,
        within: None,
    };

    /// Stop as soon as contact within `margin` is decided either way.
    pub fn contact(margin: T) -> Self {
        Self {
            beyond: Some(margin),
            within: (margin > T::zero()).then_some(margin),
        }
    }
}

#[inline]
pub(crate) fn support_pair<T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    dir: &SVector<T, D>,
) -> SupportPoint<T, D> {
    SupportPoint::new(a.core_support(dir), b.core_support(&-dir))
}

fn first_direction<T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    config: &GjkConfig<T, D>,
) -> SVector<T, D> {
    let d = config
        .initial_direction
        .unwrap_or_else(|| b.center() - a.center());
    if all_finite(&d) && d != SVector::<T, D>::zeros() {
        d
    } else {
        axis(0)
    }
}

/// Takes the first support point, along the initial direction.
fn first_support<T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    config: &GjkConfig<T, D>,
) -> Result<SupportPoint<T, D>, GjkError> {
    let first = support_pair(a, b, &first_direction(a, b, config));
    if !all_finite(&first.w) {
        Err(GjkError::NonFinite)
    } else if !first.w.norm_squared().is_finite() {
        Err(GjkError::Overflow)
    } else {
        Ok(first)
    }
}

/// The closest point of a simplex seeded with points of the shapes (a warm
/// start), or `None` when the seed is empty or unusable (non-finite points,
/// overflowing lengths); the simplex is then left empty.
fn seed<T: Real, const D: usize>(
    simplex: &mut Simplex<T, D>,
    trail: &mut impl Trail<T, D>,
) -> Option<SVector<T, D>> {
    let usable = !simplex.is_empty()
        && simplex
            .iter()
            .all(|(p, _)| all_finite(&p.a) && all_finite(&p.b) && all_finite(&p.w));
    // The cached simplex held the previous answer in its relative interior
    // (reduction drops the vertices of zero weight), so after a small motion
    // the newest vertex is almost always in the new answer's face: one
    // reduction through it, rather than one per base vertex. Any point of
    // the simplex is a valid start, should the face have changed.
    let v = if usable { simplex.reduce_kept() } else { None };
    match v {
        Some((v, kept)) if all_finite(&v) && v.norm_squared().is_finite() => {
            trail.keep(kept);
            Some(v)
        }
        _ => {
            simplex.clear();
            None
        }
    }
}

/// The GJK loop on the cores of `a` and `b`, run in `simplex` (left holding
/// the final simplex), stopping early as `exits` asks.
///
/// Cold, the loop starts from one support point along the initial
/// direction. Warm, a non-empty `simplex` is the start: its vertices must be points of
/// the cores (`w = a − b`), and the loop continues from its closest point.
///
/// `WARM` compiles the seeded start in; cold queries leave it out (and with
/// it a second reduction path, which matters for code size on small
/// targets).
pub(crate) fn gjk_loop<const WARM: bool, T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    config: &GjkConfig<T, D>,
    exits: Exits<T>,
    simplex: &mut Simplex<T, D>,
) -> Result<Run<T>, GjkError> {
    traced_loop::<WARM, T, D>(a, b, config, exits, simplex, &mut ())
}

/// [`gjk_loop`], recording in `trail` the search direction of every vertex
/// the simplex holds, for a warm start to seed its next simplex from (with
/// `WARM`). Cold queries pass `()`, whose reports do nothing: the loop
/// compiles to the same code as without a trail.
pub(crate) fn traced_loop<const WARM: bool, T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    config: &GjkConfig<T, D>,
    exits: Exits<T>,
    simplex: &mut Simplex<T, D>,
    trail: &mut impl Trail<T, D>,
) -> Result<Run<T>, GjkError> {
    if !(config.tolerance >= T::zero()) || !config.tolerance.is_finite() {
        return Err(GjkError::InvalidConfig);
    }
    let seeded = if WARM { seed(simplex, trail) } else { None };
    let mut v = match seeded {
        Some(v) => v,
        None => {
            let first = first_support(a, b, config)?;
            simplex.restart(first);
            if WARM {
                trail.restart(&first_direction(a, b, config));
            }
            first.w
        }
    };
    let mut scale = simplex.iter().fold(T::zero(), |s, (p, _)| {
        s.max(max_abs(&p.a)).max(max_abs(&p.b))
    });
    let mut lower = T::zero();
    let floor = T::ROUNDING_FLOOR;
    let touching =
        |v: &SVector<T, D>, scale: T| v.norm_squared() <= (floor * scale) * (floor * scale);

    for iteration in 1..=config.max_iterations {
        let done = move |status, verdict, lower| {
            Ok(Run {
                upper: v.norm(),
                lower,
                scale,
                iterations: iteration,
                status,
                verdict,
            })
        };
        let vv = v.norm_squared();
        if !vv.is_finite() {
            return Err(GjkError::Overflow);
        }
        if touching(&v, scale) || simplex.is_full() {
            return Ok(Run {
                iterations: iteration - 1,
                ..done(Status::Converged, Verdict::Overlap, T::zero())?
            });
        }
        if exits.within.is_some_and(|m| vv <= m * m) {
            return Ok(Run {
                iterations: iteration - 1,
                ..done(Status::Converged, Verdict::WithinMargin, lower)?
            });
        }

        let p = support_pair(a, b, &-v);
        if !all_finite(&p.w) {
            return Err(GjkError::NonFinite);
        }
        scale = scale.max(max_abs(&p.a)).max(max_abs(&p.b));
        let vw = v.dot(&p.w);
        let norm = vv.sqrt();
        if vw > T::zero() {
            lower = lower.max(vw / norm);
            if exits.beyond.is_some_and(|c| lower > c) {
                return done(Status::Converged, Verdict::BeyondCutoff, lower);
            }
        }
        // Gap between the bounds, ‖v‖² − v·w, relative to the lower bound
        // (so the answer is within the tolerance of the true distance, for
        // any tolerance) and to the rounding floor of the coordinates.
        if vv - vw <= config.tolerance * vw.max(T::zero()) + floor * scale * norm {
            return done(Status::Converged, Verdict::Apart, lower);
        }

        simplex.push(p);
        match trail.reduce_below(simplex, vv, &v) {
            Some(next) if all_finite(&next) => v = next,
            Some(_) => return Err(GjkError::NonFinite),
            None => {
                let status = stall_status(vv, vw, config.tolerance, scale, simplex.len());
                return done(status, Verdict::Apart, lower);
            }
        }
    }
    let verdict = if touching(&v, scale) {
        Verdict::Overlap
    } else {
        Verdict::Apart
    };
    Ok(Run {
        upper: v.norm(),
        lower,
        scale,
        iterations: config.max_iterations,
        status: Status::IterationLimit,
        verdict,
    })
}

/// The status when a push made no progress: rounding has the last word, and
/// the simplex is back as it was.
///
/// A `v` projected onto a face of two or more vertices is known to about
/// `ROUNDING_FLOOR · scale` in each coordinate, so its direction, and with it
/// the lower bound `v·w/‖v‖`, can be off by `ROUNDING_FLOOR · scale² / ‖v‖`:
/// a gap within that is convergence to working precision, a larger one a
/// genuine stall. A single vertex is a plain difference `a − b`, accurate to
/// `ε ‖v‖`, and allows only the loop's own rounding floor. Without any
/// separating plane (`v·w ≤ 0`) nothing certifies a positive distance, so
/// that is a stall too.
fn stall_status<T: Real>(vv: T, vw: T, tolerance: T, scale: T, vertices: usize) -> Status {
    let noise = if vertices > 1 {
        (T::ROUNDING_FLOOR * scale * scale).min(T::ANGLE_SLACK * vv)
    } else {
        T::ROUNDING_FLOOR * scale * vv.sqrt()
    };
    if vw > T::zero() && vv - vw <= tolerance * vw + noise {
        Status::Converged
    } else {
        Status::Stalled
    }
}

/// Both margins, checked: finite and non-negative (else `NonFinite`), and a
/// finite sum (else `Overflow`).
pub(crate) fn margins<T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
) -> Result<(T, T), GjkError> {
    let (ra, rb) = (a.margin(), b.margin());
    if !(ra.is_finite() && rb.is_finite() && ra >= T::zero() && rb >= T::zero()) {
        Err(GjkError::NonFinite)
    } else if !(ra + rb).is_finite() {
        Err(GjkError::Overflow)
    } else {
        Ok((ra, rb))
    }
}

/// The unit normal from A towards B for cores apart: `−v / ‖v‖`.
///
/// Taken from the simplex's closest point (whose direction is accurate to
/// working precision on facets) rather than from the witness difference, and
/// normalised by its own length, so pushing the witnesses out by the margins
/// always lands them on the rounded surfaces.
pub(crate) fn separating_normal<T: Real, const D: usize>(
    simplex: &Simplex<T, D>,
) -> Option<SVector<T, D>> {
    // Scaled first, so that a tiny `v` (whose squared length would be
    // subnormal) or a huge one normalises to full precision.
    let v = simplex.closest_point();
    let u = v / max_abs(&v);
    let n = -u / u.norm();
    all_finite(&n).then_some(n)
}

/// Turns the loop's result on the cores into the answer for the full shapes.
pub(crate) fn finish<T: Real, const D: usize>(
    run: Run<T>,
    simplex: &Simplex<T, D>,
    ra: T,
    rb: T,
) -> Distance<T, D> {
    let (pa, pb) = simplex.witnesses();
    let margin = ra + rb;
    let positive = |x: T| x.max(T::zero());
    match run.verdict {
        Verdict::Overlap => Distance {
            distance: T::zero(),
            lower_bound: T::zero(),
            point_a: pa,
            point_b: pb,
            normal: None,
            iterations: run.iterations,
            status: run.status,
        },
        _ => {
            let normal = separating_normal(simplex);
            let (point_a, point_b) = match normal {
                Some(n) => (pa + n * ra, pb - n * rb),
                None => (pa, pb),
            };
            Distance {
                distance: positive(run.upper - margin),
                // v·w/‖v‖ may round above ‖v‖ once they agree.
                lower_bound: positive(run.lower.min(run.upper) - margin),
                point_a,
                point_b,
                normal,
                iterations: run.iterations,
                status: run.status,
            }
        }
    }
}

/// Whether shapes `a` and `b` intersect (touching counts as intersecting).
///
/// Stops at the first separating plane, or as soon as the cores come within
/// the sum of the margins, so it is usually cheaper than [`distance`].
///
/// # Errors
///
/// [`GjkError::NonFinite`] for NaN or infinite support points or margins,
/// [`GjkError::InvalidConfig`] for a bad configuration, and
/// [`GjkError::IterationLimit`] when the cap is reached while the bounds still
/// straddle contact.
///
/// # Example
///
/// ```
/// use gjk::{intersects, Ball, Cuboid, GjkConfig, Transformed, Vector};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let ball = Ball::new(Vector::<f64, 3>::new(1.8, 0.0, 0.0), 1.0).unwrap();
/// assert!(intersects(&cube, &ball, &GjkConfig::default()).unwrap());
/// ```
pub fn intersects<T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    config: &GjkConfig<T, D>,
) -> Result<bool, GjkError> {
    let (ra, rb) = margins(a, b)?;
    let margin = ra + rb;
    let run = gjk_loop::<false, _, D>(a, b, config, Exits::contact(margin), &mut Simplex::new())?;
    contact_verdict(&run, margin, config)
}

/// The boolean answer of a loop run with [`Exits::contact`].
pub(crate) fn contact_verdict<T: Real, const D: usize>(
    run: &Run<T>,
    margin: T,
    config: &GjkConfig<T, D>,
) -> Result<bool, GjkError> {
    match run.verdict {
        Verdict::Overlap | Verdict::WithinMargin => Ok(true),
        Verdict::BeyondCutoff => Ok(false),
        Verdict::Apart if run.lower > margin => Ok(false),
        Verdict::Apart if run.upper <= margin => Ok(true),
        Verdict::Apart if run.status == Status::IterationLimit => Err(GjkError::IterationLimit),
        // Converged or stalled with the bounds straddling the margin. The
        // lower bound may be weak (when rounding limits the direction), but
        // `‖v‖` is then the distance to working precision: touching if it is
        // within the tolerance and rounding of the margin.
        Verdict::Apart => {
            let slack = config.tolerance * margin.min(run.upper) + T::ROUNDING_FLOOR * run.scale;
            Ok(run.upper <= margin + slack)
        }
    }
}

/// The distance between `a` and `b`, with witness points and normal.
///
/// # Errors
///
/// [`GjkError::NonFinite`] for NaN or infinite support points or margins,
/// [`GjkError::InvalidConfig`] for a bad configuration. Reaching the cap is not
/// an error: the answer carries [`Status::IterationLimit`] and its bounds.
///
/// # Example
///
/// ```
/// use gjk::{distance, Ball, GjkConfig, Vector};
///
/// let a = Ball::new(Vector::<f64, 2>::new(0.0, 0.0), 1.0).unwrap();
/// let b = Ball::new(Vector::<f64, 2>::new(3.0, 4.0), 1.5).unwrap();
/// let d = distance(&a, &b, &GjkConfig::default()).unwrap();
/// assert!((d.distance - 2.5).abs() < 1e-15);
/// assert_eq!(d.iterations, 1);
/// ```
pub fn distance<T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    config: &GjkConfig<T, D>,
) -> Result<Distance<T, D>, GjkError> {
    let (ra, rb) = margins(a, b)?;
    let mut simplex = Simplex::new();
    let run = gjk_loop::<false, _, D>(a, b, config, Exits::NONE, &mut simplex)?;
    Ok(finish(run, &simplex, ra, rb))
}

/// Like [`distance`], but gives up as soon as the shapes are proven farther
/// apart than `max_dist`, returning `Ok(None)`.
///
/// # Errors
///
/// As for [`distance`]; a NaN or negative `max_dist` is
/// [`GjkError::InvalidConfig`].
pub fn closest_points<T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    max_dist: T,
    config: &GjkConfig<T, D>,
) -> Result<Option<Distance<T, D>>, GjkError> {
    if !(max_dist >= T::zero()) {
        return Err(GjkError::InvalidConfig);
    }
    let (ra, rb) = margins(a, b)?;
    let exits = Exits {
        beyond: Some(max_dist + ra + rb),
        within: None,
    };
    let mut simplex = Simplex::new();
    let run = gjk_loop::<false, _, D>(a, b, config, exits, &mut simplex)?;
    if matches!(run.verdict, Verdict::BeyondCutoff) {
        return Ok(None);
    }
    Ok(Some(finish(run, &simplex, ra, rb)))
}
