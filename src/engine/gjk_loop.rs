//! The GJK loop on the cores of a pair, and where and why it stopped.

use nalgebra::SVector;

use super::begin::Exits;
use super::face_bound::{face_bound, FaceBound};
use super::hooks::{Trail, Watch};
use super::lean::{lean_loop, Resume};
use super::termination::{bounds_meet, certifies, gap_closed, proves_beyond, step_bound, touching};
use super::{CoreAnswer, Verdict};
use crate::engine::config::Config;
use crate::engine::config::{Error, Status};
use crate::engine::pair::Pair;
use crate::math::real::{all_finite, Length, Real};
use crate::shape::SupportMap;
use crate::simplex::Simplex;

/// Where and why the loop stopped, before its answer is read off the
/// simplex.
struct Stop<T: Real, const D: usize> {
    verdict: Verdict,
    status: Status,
    lower: T,
    normal: Option<SVector<T, D>>,
    iterations: u32,
}

/// The GJK loop on the cores of a pair, in the pair's frame, run in
/// `simplex` (left holding the final simplex), stopping early as `exits`
/// asks (its cutoffs in the pair's frame).
///
/// The lean loop ([`lean_loop`]) answers first when nothing records the
/// iterations; where its certificate fails, the careful loop below runs
/// from the same start. Both give the same answer to rounding (see
/// `lean.rs`). Built size first (the `small` feature), the careful loop alone
/// runs, on the pair behind trait objects ([`Pair::cores`]) when nothing
/// records: one copy of it serves every query and every pair of shape
/// types.
///
/// The loop starts from `simplex` as it is: its vertices must be points of
/// the cores (`w = a − b`, support points of the pair) and its closest point
/// up to date, as after [`begin`](super::begin) (one point) or a reduction (a warm start).
/// An empty simplex is a caller error, reported as
/// [`Error::InvalidConfig`].
///
/// It records in `trail` the search direction of every vertex
/// the simplex gains and keeps, for a warm start to seed its next simplex
/// from. Cold queries pass `()`, whose reports do nothing: the loop
/// compiles to the same code as without a trail. Every iteration is
/// reported to `watch` (for [`crate::trace`]; `()` when untraced).
#[inline(always)]
pub(crate) fn gjk_loop<T, A, B, W, R, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    config: &Config<T, D>,
    exits: Exits<T>,
    simplex: &mut Simplex<T, D>,
    trail: &mut R,
    watch: &mut W,
) -> Result<CoreAnswer<T, D>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
    W: Watch<T, D>,
    R: Trail<T, D>,
{
    if simplex.is_empty() {
        return Err(Error::InvalidConfig);
    }
    let quiet = !W::RECORDS && !R::RECORDS;
    // A `cfg`, not a constant: the default build's code is the same as
    // without the choice.
    #[cfg(feature = "small")]
    if quiet {
        let (a, b) = pair.cores();
        let erased = Pair::with_scale(&a, &b, pair.scale());
        let start = Resume::start(simplex);
        return careful_loop(&erased, config, exits, simplex, &mut (), &mut (), start);
    }
    let resume = if quiet {
        match lean_loop(pair, config, exits, simplex) {
            Ok(answer) => return Ok(answer),
            Err(resume) => resume,
        }
    } else {
        Resume::start(simplex)
    };
    careful_loop(pair, config, exits, simplex, trail, watch, resume)
}

/// The careful loop: [`gjk_loop`] with the face bounds of [`face_bound`]
/// where progress stalls and the QR search where the closed form declines
/// a simplex, from `resume` (the start of an iteration, as the lean loop
/// left it or as a query begins). Built size first it is instantiated once
/// (on `Core`s), and the compiler inlines it only into
/// a lone caller.
pub(super) fn careful_loop<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    config: &Config<T, D>,
    exits: Exits<T>,
    simplex: &mut Simplex<T, D>,
    trail: &mut impl Trail<T, D>,
    watch: &mut impl Watch<T, D>,
    resume: Resume<T, D>,
) -> Result<CoreAnswer<T, D>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let Resume {
        mut v,
        mut extent,
        mut lower,
        iteration: first,
        mut support,
        mut stalled,
    } = resume;
    let tolerance = config.tolerance;

    let mut stop = None;
    for iteration in first..=config.max_iterations {
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

        let p = support.take().unwrap_or_else(|| pair.support(&-v));
        if !all_finite(&p.w) {
            return Err(pair.non_finite(&p.w));
        }
        extent.include(&p);
        let vw = v.dot(&p.w);
        let (norm, bound) = step_bound(&p.w, vv, vw);
        if let Some(bound) = bound {
            lower = lower.max(bound);
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
            let next = if core::mem::take(&mut stalled) {
                // The lean loop's closed form found this face no nearer;
                // the reduction would again, and leave the simplex as
                // this leaves it.
                simplex.pop();
                None
            } else {
                trail.reduce_below(simplex, below, &v)
            };
            if next.is_some() || certified.is_some() {
                break next;
            }
            // The simplex's own faces first; a face widened by the bound's
            // support points only where those certify nothing, and only as
            // far as `v` already points along its normal to rounding (the
            // witnesses are the simplex's: they must answer that normal).
            let along_v =
                |f: &FaceBound<T, D>| (v - f.u * f.u.dot(&v)).length() <= extent.rounding();
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
