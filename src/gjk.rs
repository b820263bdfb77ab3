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

use crate::basis::Basis;
use crate::pair::{small_direction, Pair};
use crate::real::{all_finite, axis, max_abs, Real};
use crate::simplex::Simplex;
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
    /// The iteration cap was reached with the bounds still straddling
    /// contact (or the cutoff asked for), so the query cannot say which side
    /// the shapes are on.
    IterationLimit,
    /// The answer or an intermediate length is beyond the largest finite
    /// value: shapes whose coordinates span more than the exponent range
    /// (a support point near `1e300` beside one near `1e-300`), or whose
    /// distance exceeds `T::MAX`.
    Overflow,
}

impl core::fmt::Display for GjkError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            GjkError::NonFinite => "a support point or parameter is NaN or infinite",
            GjkError::InvalidConfig => "the query configuration is invalid",
            GjkError::IterationLimit => "the iteration cap was reached undecided",
            GjkError::Overflow => "a length is beyond the largest finite value",
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
    /// relative tolerance plus the rounding of the coordinates
    /// (`ROUNDING_FLOOR · L`, [`Real::ROUNDING_FLOOR`], `L` the largest
    /// coordinate involved); otherwise the two bracket the distance.
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
pub(crate) struct Run<T: Real, const D: usize> {
    /// ‖v‖ and the best lower bound, on the cores.
    pub upper: T,
    pub lower: T,
    /// The unit normal from A towards B that certified `lower`, when it is
    /// better than the simplex's own (see [`face_bound`]).
    pub normal: Option<SVector<T, D>>,
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

/// The first search direction: the configured one, else from A's centre
/// `ca` towards B's `cb`, else the first axis.
pub(crate) fn first_direction<T: Real, const D: usize>(
    ca: &SVector<T, D>,
    cb: &SVector<T, D>,
    config: &GjkConfig<T, D>,
) -> SVector<T, D> {
    let d = config.initial_direction.unwrap_or_else(|| cb - ca);
    let (d2, c2) = (d.norm_squared(), ca.norm_squared() + cb.norm_squared());
    if d2 > T::SAFE_SQUARE.recip() && d2 < T::SAFE_SQUARE && c2 < T::SAFE_SQUARE {
        d
    } else if all_finite(&d) && d != SVector::<T, D>::zeros() {
        // Brought to order one by a power of two (exact, the direction
        // unchanged), so that the shapes' dot products with it neither
        // overflow nor underflow whatever the shapes' scale.
        small_direction(&d)
    } else {
        axis(0)
    }
}

/// Checks the configuration: a finite, non-negative tolerance.
fn check_config<T: Real, const D: usize>(config: &GjkConfig<T, D>) -> Result<(), GjkError> {
    if config.tolerance >= T::zero() && config.tolerance.is_finite() {
        Ok(())
    } else {
        Err(GjkError::InvalidConfig)
    }
}

/// A cold start: the pair in the kernel's frame (its scale set by the first
/// support point), with `simplex` made to hold that point.
///
/// # Errors
///
/// [`GjkError::InvalidConfig`] for a bad configuration,
/// [`GjkError::NonFinite`] for a non-finite first support point.
pub(crate) fn begin<'s, T, A, B, const D: usize>(
    a: &'s A,
    b: &'s B,
    config: &GjkConfig<T, D>,
    simplex: &mut Simplex<T, D>,
) -> Result<Pair<'s, A, B, T>, GjkError>
where
    T: Real,
    A: SupportMap<T, D>,
    B: SupportMap<T, D>,
{
    begin_along(a, b, config, None, simplex).map(|(pair, _)| pair)
}

/// The pair of a query and the direction its first support point was
/// taken along.
pub(crate) type Begun<'s, A, B, T, const D: usize> = (Pair<'s, A, B, T>, SVector<T, D>);

/// [`begin`] along `dir` when it is given (a warm start's first cached
/// direction), else along the first search direction; also returns the
/// direction taken.
pub(crate) fn begin_along<'s, T, A, B, const D: usize>(
    a: &'s A,
    b: &'s B,
    config: &GjkConfig<T, D>,
    dir: Option<SVector<T, D>>,
    simplex: &mut Simplex<T, D>,
) -> Result<Begun<'s, A, B, T, D>, GjkError>
where
    T: Real,
    A: SupportMap<T, D>,
    B: SupportMap<T, D>,
{
    check_config(config)?;
    let (ca, cb) = (a.center(), b.center());
    let dir = dir.unwrap_or_else(|| first_direction(&ca, &cb, config));
    let (pair, first) = Pair::along(a, b, &dir, &ca, &cb)?;
    simplex.restart(first);
    Ok((pair, dir))
}

/// The GJK loop on the cores of a pair, in the pair's frame, run in
/// `simplex` (left holding the final simplex), stopping early as `exits`
/// asks (its cutoffs in the pair's frame).
///
/// The loop starts from `simplex` as it is: its vertices must be points of
/// the cores (`w = a − b`, support points of the pair) and its closest point
/// up to date, as after [`begin`] (one point) or a reduction (a warm start).
/// An empty simplex is a caller error, reported as
/// [`GjkError::InvalidConfig`].
pub(crate) fn gjk_loop<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    config: &GjkConfig<T, D>,
    exits: Exits<T>,
    simplex: &mut Simplex<T, D>,
) -> Result<Run<T, D>, GjkError>
where
    T: Real,
    A: SupportMap<T, D>,
    B: SupportMap<T, D>,
{
    traced_loop(pair, config, exits, simplex, &mut ())
}

/// [`gjk_loop`], recording in `trail` the search direction of every vertex
/// the simplex gains and keeps, for a warm start to seed its next simplex
/// from. Cold queries pass `()`, whose reports do nothing: the loop
/// compiles to the same code as without a trail.
pub(crate) fn traced_loop<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    config: &GjkConfig<T, D>,
    exits: Exits<T>,
    simplex: &mut Simplex<T, D>,
    trail: &mut impl Trail<T, D>,
) -> Result<Run<T, D>, GjkError>
where
    T: Real,
    A: SupportMap<T, D>,
    B: SupportMap<T, D>,
{
    check_config(config)?;
    if simplex.is_empty() {
        return Err(GjkError::InvalidConfig);
    }
    let mut v = simplex.closest_point();
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
                normal: None,
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

        let p = pair.support(&-v);
        if !all_finite(&p.w) {
            return Err(pair.non_finite(&p.w));
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

        // No progress means rounding has the last word. The answer is then
        // converged only if a bound certifies it: the plain bound failed
        // the gap test above, so the bound along the face's own normal
        // ([`face_bound`]) is tried; otherwise the loop stalled, and says so
        // with the bracket it has. Once certified, the face through `w`
        // holds the answer to rounding: its closest point, where it is no
        // farther than ‖v‖ by more than rounding, gives better witnesses
        // than the old face's, so the push is tried once more with that
        // allowance (one call site keeps the reduction inlined).
        let mut certified: Option<(T, SVector<T, D>)> = None;
        let mut below = vv;
        let progress = loop {
            simplex.push(p);
            let next = trail.reduce_below(simplex, below, &v);
            if next.is_some() || certified.is_some() {
                break next;
            }
            let Some((bound, u)) = face_bound(pair, simplex, &p.w, &v) else {
                return done(Status::Stalled, Verdict::Apart, lower);
            };
            if !(bound > T::zero() && norm - bound <= config.tolerance * bound + floor * scale) {
                // Not converged, but the bound stands: the bracket narrows.
                return done(Status::Stalled, Verdict::Apart, lower.max(bound));
            }
            certified = Some((bound, u));
            below = vv + floor * scale * norm;
        };
        if let Some(next) = progress {
            v = next;
        }
        if !all_finite(&v) {
            // From finite vertices: a length overflowed.
            return Err(GjkError::Overflow);
        }
        if let Some((bound, u)) = certified {
            let upper = v.norm();
            let lower = lower.max(bound);
            let met = upper - lower <= config.tolerance * lower + floor * scale;
            return Ok(Run {
                upper,
                lower,
                normal: Some(-u),
                scale,
                iterations: iteration,
                status: if met {
                    Status::Converged
                } else {
                    Status::Stalled
                },
                verdict: Verdict::Apart,
            });
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
        normal: None,
        scale,
        iterations: config.max_iterations,
        status: Status::IterationLimit,
        verdict,
    })
}

/// A lower bound on the cores' distance along `v` made orthogonal to the
/// face it was projected on: `u · s(−u)` for the unit `u` along `v` with
/// its components along the face's edges removed.
///
/// Rounding of the projection tilts `v` towards the face's edges by about
/// `ε · scale / ‖v‖`, and along an edge of length `ℓ` the plain bound
/// `v · w / ‖v‖` pays that tilt times `ℓ`: up to `ε · scale² / ‖v‖`, more
/// than the distance itself for long faces near each other (a long segment
/// beside a small ball). The face's own edges fix the direction to working
/// precision; what is left of the tilt is `ε`, and of the error `ε · scale`.
///
/// Two faces are tried, and the better bound kept: the simplex's own face,
/// and that face with the point `w` that failed to make progress (when the
/// answer lies on it a hair from the old face, as near the end of a long
/// edge). Returns the bound and its `u`. Costs up to two support calls, on
/// the stalled path only.
#[cold]
#[inline(never)]
fn face_bound<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    simplex: &Simplex<T, D>,
    w: &SVector<T, D>,
    v: &SVector<T, D>,
) -> Option<(T, SVector<T, D>)>
where
    T: Real,
    A: SupportMap<T, D>,
    B: SupportMap<T, D>,
{
    let first = simplex.vertex(0)?.w;
    let mut edges = Basis::new();
    for (p, _) in simplex.iter().skip(1) {
        edges.add(&(p.w - first));
    }
    let along = |u: SVector<T, D>| {
        // Brought to order one first, so that a subnormal `u` normalises to
        // full precision.
        let u = u * T::unit_scale(max_abs(&u));
        let u = u / u.norm();
        let bound = u.dot(&pair.support(&-u).w);
        (all_finite(&u) && bound.is_finite()).then_some((bound, u))
    };
    let own = along(edges.reject(v));
    let with_w = if edges.add(&(w - first)) {
        along(edges.reject(v))
    } else {
        None
    };
    match (own, with_w) {
        (Some(x), Some(y)) => Some(if y.0 > x.0 { y } else { x }),
        (x, y) => x.or(y),
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

/// Turns the loop's result on the cores (in the frame of scale `scale`)
/// into the answer for the full shapes, in their own frame.
///
/// # Errors
///
/// [`GjkError::Overflow`] when the distance exceeds the largest finite
/// value.
pub(crate) fn finish<T: Real, const D: usize>(
    run: Run<T, D>,
    simplex: &Simplex<T, D>,
    scale: T,
    ra: T,
    rb: T,
) -> Result<Distance<T, D>, GjkError> {
    let (pa, pb) = simplex.witnesses();
    let (pa, pb) = (pa / scale, pb / scale);
    let margin = ra + rb;
    let positive = |x: T| x.max(T::zero());
    let answer = match run.verdict {
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
            let normal = run.normal.or_else(|| separating_normal(simplex));
            let (point_a, point_b) = match normal {
                Some(n) => (pa + n * ra, pb - n * rb),
                None => (pa, pb),
            };
            Distance {
                distance: positive(run.upper / scale - margin),
                // v·w/‖v‖ may round above ‖v‖ once they agree.
                lower_bound: positive(run.lower.min(run.upper) / scale - margin),
                point_a,
                point_b,
                normal,
                iterations: run.iterations,
                status: run.status,
            }
        }
    };
    let finite = answer.distance.is_finite() && all_finite(&answer.point_a);
    if finite && all_finite(&answer.point_b) {
        Ok(answer)
    } else {
        Err(GjkError::Overflow)
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
    let mut simplex = Simplex::new();
    let pair = begin(a, b, config, &mut simplex)?;
    let margin = (ra + rb) * pair.scale();
    let run = gjk_loop(&pair, config, Exits::contact(margin), &mut simplex)?;
    within(&run, margin, config)
}

/// Whether the cores are within `cutoff` of each other, from a loop that
/// ran with `cutoff` as its `beyond` exit (`cutoff` and the run in one
/// frame). This is the one rule every boolean answer follows:
///
/// * `false` only when proven: the lower bound exceeds the cutoff, or the
///   loop converged (the bounds agree within the tolerance, so `‖v‖` is
///   the distance to working precision) with `‖v‖` beyond the cutoff by
///   more than the tolerance and the rounding of the coordinates;
/// * `true` when the upper bound is within the cutoff, or when the bounds
///   straddle it after a stall: rounding cannot split the bracket, and
///   shapes that touch to working precision count as touching;
/// * [`GjkError::IterationLimit`] when the cap was reached with the bounds
///   still straddling the cutoff.
pub(crate) fn within<T: Real, const D: usize>(
    run: &Run<T, D>,
    cutoff: T,
    config: &GjkConfig<T, D>,
) -> Result<bool, GjkError> {
    match run.verdict {
        Verdict::Overlap | Verdict::WithinMargin => Ok(true),
        Verdict::BeyondCutoff => Ok(false),
        Verdict::Apart if run.lower > cutoff => Ok(false),
        Verdict::Apart if run.upper <= cutoff => Ok(true),
        Verdict::Apart => match run.status {
            Status::Converged => {
                let slack =
                    config.tolerance * cutoff.min(run.upper) + T::ROUNDING_FLOOR * run.scale;
                Ok(run.upper <= cutoff + slack)
            }
            Status::IterationLimit => Err(GjkError::IterationLimit),
            Status::Stalled | Status::OutOfCapacity => Ok(true),
        },
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
    let pair = begin(a, b, config, &mut simplex)?;
    let run = gjk_loop(&pair, config, Exits::NONE, &mut simplex)?;
    finish(run, &simplex, pair.scale(), ra, rb)
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
    let mut simplex = Simplex::new();
    let pair = begin(a, b, config, &mut simplex)?;
    let exits = Exits {
        beyond: Some((max_dist + ra + rb) * pair.scale()),
        within: None,
    };
    let run = gjk_loop(&pair, config, exits, &mut simplex)?;
    if matches!(run.verdict, Verdict::BeyondCutoff) {
        return Ok(None);
    }
    finish(run, &simplex, pair.scale(), ra, rb).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(lower: f64, upper: f64, status: Status) -> Run<f64, 3> {
        Run {
            upper,
            lower,
            normal: None,
            scale: 1.0,
            iterations: 3,
            status,
            verdict: Verdict::Apart,
        }
    }

    /// The one boolean rule: "apart" only when proven; a bracket straddling
    /// the cutoff counts as touching after a stall and is an error at the
    /// cap. Before the rule, a stalled bracket `[0, 1e-13]` read as apart.
    #[test]
    fn within_follows_the_bracket() {
        let config = GjkConfig::<f64, 3>::default();
        let check = |lower, upper, status| within(&run(lower, upper, status), 0.0, &config);
        assert_eq!(check(0.0, 1e-13, Status::Stalled), Ok(true));
        assert_eq!(check(0.0, 0.5, Status::Stalled), Ok(true));
        assert_eq!(
            check(0.0, 0.5, Status::IterationLimit),
            Err(GjkError::IterationLimit)
        );
        assert_eq!(check(1e-13, 0.5, Status::IterationLimit), Ok(false));
        assert_eq!(check(1e-13, 2e-13, Status::Stalled), Ok(false));
        // Converged: the upper bound is the distance to working precision.
        assert_eq!(check(0.0, 0.5, Status::Converged), Ok(false));
        assert_eq!(check(0.0, 1e-17, Status::Converged), Ok(true));
    }
}
