//! The GJK engine: the loop every query runs, apart from the public API
//! built on it.
//!
//! GJK (Gilbert, Johnson & Keerthi, "A fast procedure for computing the
//! distance between complex objects in three-dimensional space", 1988) finds
//! the point `v` of the Minkowski difference `A − B` closest to the origin;
//! `‖v‖` is the distance between the shapes. Each iteration asks both shapes
//! for a support point along `−v`, adds `w = s_A(−v) − s_B(v)` to a
//! [`Simplex`], and lets Johnson's sub-algorithm move `v` to the simplex
//! point closest to the origin.
//!
//! Two bounds bracket the distance at every step: `‖v‖` from above (it is
//! the distance between two points of the shapes) and `v·w / ‖v‖` from below
//! (the plane through `w` orthogonal to `v` separates the origin from
//! `A − B`). The loop stops when they meet within the tolerance, and reports
//! why it stopped ([`termination`] names every test).
//!
//! Queries run on the shapes' cores; margins (radii) are added at the end
//! ([`answer`]), so a ball reduces to its centre; a point core against a
//! core that projects points needs no loop at all ([`point_core`]).
//!
//! * [`point_core`] answers a point core against a core that projects
//!   points, with no loop;
//! * [`begin`] puts the pair in the kernel's frame and takes the first
//!   support point;
//! * [`gjk_loop`] runs to a [`CoreAnswer`];
//! * [`CoreAnswer::for_shapes`] turns it into the shapes' answer, and
//!   [`within`] into a boolean.

mod answer;
pub(crate) mod config;
mod extent;
mod face_bound;
mod hooks;
pub(crate) mod pair;
mod pin;
mod point_core;
mod termination;

use nalgebra::SVector;

pub(crate) use answer::{margins, CoreAnswer, ShapeAnswer, Verdict};
pub(crate) use extent::Extent;
pub(crate) use hooks::{Trail, Watch};
pub(crate) use pin::checked_witnesses;
pub(crate) use point_core::point_core;
pub(crate) use termination::{certified_offset, within};

use crate::engine::config::{Config, Error, Status};
use crate::engine::pair::{small_direction, Pair};
use crate::math::real::{all_finite, axis, max_abs, Length, Real};
use crate::shape::SupportMap;
use crate::simplex::Simplex;
use face_bound::face_bound;
use termination::{bounds_meet, certifies, dot_rounding, gap_closed, proves_beyond, touching};

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
    #[must_use]
    pub fn contact(margin: T) -> Self {
        Self {
            beyond: Some(margin),
            within: (margin > T::zero()).then_some(margin),
        }
    }

    /// Stop once the core distance is proven beyond `cutoff`.
    #[must_use]
    pub fn beyond(cutoff: T) -> Self {
        Self {
            beyond: Some(cutoff),
            within: None,
        }
    }
}

/// The first search direction: the configured one, else from A's centre
/// `ca` towards B's `cb`, else the first axis.
pub(crate) fn first_direction<T: Real, const D: usize>(
    ca: &SVector<T, D>,
    cb: &SVector<T, D>,
    config: &Config<T, D>,
) -> SVector<T, D> {
    let d = config.first_direction.unwrap_or_else(|| cb - ca);
    let (d2, c2) = (
        d.length_squared(),
        ca.length_squared() + cb.length_squared(),
    );
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

/// A cold start: the pair in the kernel's frame (its scale set by the first
/// support point), with `simplex` made to hold that point.
///
/// # Errors
///
/// [`Error::InvalidConfig`] for a bad configuration,
/// [`Error::NonFinite`] for a non-finite first support point.
pub(crate) fn begin<'s, T, A, B, const D: usize>(
    a: &'s A,
    b: &'s B,
    config: &Config<T, D>,
    simplex: &mut Simplex<T, D>,
) -> Result<Pair<'s, A, B, T>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    begin_along(a, b, config, None, simplex).map(|(pair, _)| pair)
}

/// Whether a scene whose points include `points` (in the shapes' frame)
/// and whose larger margin is `margin` lies wholly below the normal range:
/// its largest magnitude is neither zero (exact) nor normal.
pub(crate) fn below_normal<T: Real, const D: usize>(points: &[SVector<T, D>], margin: T) -> bool {
    let size = points.iter().fold(margin, |s, p| s.max(max_abs(p)));
    size > T::zero() && size < T::MIN_POSITIVE
}

/// Whether two shapes lie wholly below the normal range, by their
/// support points along the axes (both ways): those are their largest
/// coordinates, exactly (the support along an axis compares coordinates,
/// with no product to underflow), where the first support point along a
/// direction of subnormal size may have come from products that all
/// underflowed to zero, and be any point of the shape. Asked only when
/// that first point and the centres are below normal.
fn shapes_below_normal<T, A, B, const D: usize>(a: &A, b: &B, margin: T) -> bool
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let mut size = margin;
    for i in 0..D {
        let e = axis::<T, D>(i);
        for d in [e, -e] {
            size = size
                .max(max_abs(&a.core_support(&d)))
                .max(max_abs(&b.core_support(&d)));
        }
    }
    size > T::zero() && size < T::MIN_POSITIVE
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
    config: &Config<T, D>,
    dir: Option<SVector<T, D>>,
    simplex: &mut Simplex<T, D>,
) -> Result<Begun<'s, A, B, T, D>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    config.check()?;
    let (ca, cb) = (a.center(), b.center());
    let dir = dir.unwrap_or_else(|| first_direction(&ca, &cb, config));
    let (pair, first) = Pair::along(a, b, &dir, &ca, &cb)?;
    let unscale = pair.scale().recip();
    let seen = [first.a * unscale, first.b * unscale, ca, cb];
    let margin = a.margin().max(b.margin());
    if below_normal(&seen, margin) && shapes_below_normal(a, b, margin) {
        return Err(Error::Subnormal);
    }
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
/// [`Error::InvalidConfig`].
pub(crate) fn gjk_loop<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    config: &Config<T, D>,
    exits: Exits<T>,
    simplex: &mut Simplex<T, D>,
) -> Result<CoreAnswer<T, D>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    traced_loop(pair, config, exits, simplex, &mut (), &mut ())
}

/// [`gjk_loop`], reporting every iteration to `watch`.
pub(crate) fn watched_loop<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    config: &Config<T, D>,
    exits: Exits<T>,
    simplex: &mut Simplex<T, D>,
    watch: &mut impl Watch<T, D>,
) -> Result<CoreAnswer<T, D>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    traced_loop(pair, config, exits, simplex, &mut (), watch)
}

/// Where and why the loop stopped, before its answer is read off the
/// simplex.
struct Stop<T: Real, const D: usize> {
    verdict: Verdict,
    status: Status,
    lower: T,
    normal: Option<SVector<T, D>>,
    iterations: u32,
}

/// [`gjk_loop`], recording in `trail` the search direction of every vertex
/// the simplex gains and keeps, for a warm start to seed its next simplex
/// from. Cold queries pass `()`, whose reports do nothing: the loop
/// compiles to the same code as without a trail. Every iteration is
/// reported to `watch` (for [`crate::trace`]; `()` when untraced).
pub(crate) fn traced_loop<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    config: &Config<T, D>,
    exits: Exits<T>,
    simplex: &mut Simplex<T, D>,
    trail: &mut impl Trail<T, D>,
    watch: &mut impl Watch<T, D>,
) -> Result<CoreAnswer<T, D>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    config.check()?;
    if simplex.is_empty() {
        return Err(Error::InvalidConfig);
    }
    let mut v = simplex.closest_point();
    let mut extent = Extent::of(simplex);
    let mut lower = T::zero();
    let tolerance = config.tolerance;

    let mut stop = None;
    for iteration in 1..=config.max_iterations {
        let end = |verdict, status, lower, iterations| Stop {
            verdict,
            status,
            lower,
            normal: None,
            iterations,
        };
        let vv = v.length_squared();
        if !vv.is_finite() {
            return Err(Error::Overflow);
        }
        if touching(vv, extent) || simplex.is_full() {
            watch.gjk(iteration, simplex, None, lower);
            stop = Some(end(
                Verdict::Overlap,
                Status::Converged,
                T::zero(),
                iteration - 1,
            ));
            break;
        }
        if exits.within.is_some_and(|m| vv <= m * m) {
            watch.gjk(iteration, simplex, None, lower);
            stop = Some(end(
                Verdict::WithinMargin,
                Status::Converged,
                lower,
                iteration - 1,
            ));
            break;
        }

        let p = pair.support(&-v);
        if !all_finite(&p.w) {
            return Err(pair.non_finite(&p.w));
        }
        extent.include(&p);
        let vw = v.dot(&p.w);
        let norm = vv.sqrt();
        let proven = vw - dot_rounding(&p.w, norm);
        if proven > T::zero() {
            lower = lower.max(proven / norm);
            if exits
                .beyond
                .is_some_and(|c| proves_beyond(lower, c, extent))
            {
                watch.gjk(iteration, simplex, Some(&p), lower);
                stop = Some(end(
                    Verdict::BeyondCutoff,
                    Status::Converged,
                    lower,
                    iteration,
                ));
                break;
            }
        }
        watch.gjk(iteration, simplex, Some(&p), lower);
        if gap_closed(vv, vw, norm, tolerance, extent) {
            stop = Some(end(Verdict::Apart, Status::Converged, lower, iteration));
            break;
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
        let mut certified: Option<(T, SVector<T, D>, T)> = None;
        let mut below = vv;
        let progress = loop {
            simplex.push(p);
            let next = trail.reduce_below(simplex, below, &v);
            if next.is_some() || certified.is_some() {
                break next;
            }
            // The simplex's own faces first; a face widened by the bound's
            // support points only where those certify nothing, and only as
            // far as `v` already points along its normal to rounding (the
            // witnesses are the simplex's: they must answer that normal).
            let along_v = |f: &face_bound::FaceBound<T, D>| {
                (v - f.u * f.u.dot(&v)).length() <= extent.rounding()
            };
            let Some(face) = face_bound(pair, simplex, &p.w, &v, false)
                .filter(|f| certifies(f.bound, norm, tolerance, extent))
                .or_else(|| face_bound(pair, simplex, &p.w, &v, true).filter(along_v))
                .or_else(|| face_bound(pair, simplex, &p.w, &v, false))
            else {
                break None;
            };
            let (bound, u, rounding) = (face.bound, face.u, face.rounding);
            if !certifies(bound, norm, tolerance, extent) {
                // Not converged, but the bound (net of its rounding) stands:
                // the bracket narrows.
                lower = lower.max(bound - rounding);
                break None;
            }
            certified = Some((bound, u, rounding));
            below = vv + extent.rounding() * norm;
        };
        match (progress, certified) {
            (Some(next), _) => v = next,
            (None, None) => {
                stop = Some(end(Verdict::Apart, Status::Stalled, lower, iteration));
                break;
            }
            (None, Some(_)) => {}
        }
        if !all_finite(&v) {
            // From finite vertices: a length overflowed.
            return Err(Error::Overflow);
        }
        if let Some((bound, u, rounding)) = certified {
            let upper = v.length();
            // Converged when the bounds meet within the rounding allowance;
            // the bound reported is net of its own rounding.
            let status = if bounds_meet(upper, lower.max(bound), tolerance, extent) {
                Status::Converged
            } else {
                Status::Stalled
            };
            lower = lower.max(bound - rounding);
            stop = Some(Stop {
                normal: Some(-u),
                ..end(Verdict::Apart, status, lower, iteration)
            });
            break;
        }
    }
    // The cap: overlap if the cores touch to rounding, else apart with the
    // bracket reached.
    let stop = stop.unwrap_or(Stop {
        verdict: if touching(v.length_squared(), extent) {
            Verdict::Overlap
        } else {
            Verdict::Apart
        },
        status: Status::IterationLimit,
        lower,
        normal: None,
        iterations: config.max_iterations,
    });
    Ok(CoreAnswer::from_simplex(
        simplex,
        stop.verdict,
        (v.length(), stop.lower),
        stop.normal,
        extent,
        (stop.iterations, stop.status),
    )
    .aligned(pair, simplex))
}
