//! The cast loop: GJK run on a point that moves along a ray.
//!
//! After van den Bergen, "Ray Casting against General Convex Objects with
//! Application to Continuous Collision Detection" (2004). The ray point
//! `x = x₀ + λ u` starts at `λ = 0`; the simplex holds points `x − cᵢ` with
//! `cᵢ` points of the core `C`, so its closest point to the origin is
//! `v = x − c`, `c ∈ C`, and `‖v‖` bounds the distance from `x` to `C` from
//! above. Each iteration takes the support point `p` of `C` along `v`:
//!
//! * If `x` lies beyond the support plane of the *rounded* core along `v`,
//!   `v·(x − p) > ρ ‖v‖`, that plane separates `x` from the shape. If the
//!   ray does not approach the plane (`v·u ≥ 0`) it never meets the shape:
//!   a miss. Otherwise `λ` advances to where the ray crosses the plane,
//!   `λ ← λ − (v·(x − p) − ρ‖v‖) / (v·u)`; every ray point skipped lies
//!   beyond the plane, so `λ` stays a lower bound on the first hit. The
//!   simplex's points are re-derived for the new `x` (the points `cᵢ` are
//!   kept) and `p` joins them.
//! * Otherwise `x` does not move and `p` joins the simplex as in GJK.
//!
//! The loop ends with a hit when `‖v‖` is within `ρ` (plus the tolerance of
//! `ρ` and the rounding allowance of the coordinates): `x` is then on the
//! rounded surface, and `λ` is the first hit. On curved parts the advance
//! is a Newton step on the distance to the core, so it converges
//! quadratically; on flat parts it lands on the face.

use nalgebra::SVector;

use super::sphere::{entry, Entry};
use crate::engine::Extent;
use crate::pair::Pair;
use crate::query::{GjkError, Status, Toward};
use crate::real::{all_finite, unit, Length, Real};
use crate::simplex::{Simplex, SupportPoint};
use crate::support::SupportMap;

/// A ray in the kernel's frame against the rounded core `A − B`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray<T: Real, const D: usize> {
    /// The start `x₀`.
    pub start: SVector<T, D>,
    /// The direction `u`.
    pub dir: SVector<T, D>,
    /// The radius `ρ` around the core at which the ray stops.
    pub margin: T,
    /// The largest `λ` asked about.
    pub max: T,
}

/// A hit, in the kernel's frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CoreHit<T: Real, const D: usize> {
    /// The ray parameter of the hit (a certified lower bound).
    pub lambda: T,
    /// A certified upper bound when not converged (`lambda` when converged).
    pub upper: T,
    /// The points of A's and B's cores whose difference is the core point
    /// nearest the hit.
    pub point_a: SVector<T, D>,
    pub point_b: SVector<T, D>,
    /// The unit outward normal of the rounded core at the hit; `None` when
    /// the ray starts inside the core.
    pub normal: Option<SVector<T, D>>,
    pub iterations: u32,
    pub status: Status,
}

/// The simplex vertex of core point `p.a − p.b` seen from the ray point `x`.
#[inline]
fn vertex<T: Real, const D: usize>(
    x: &SVector<T, D>,
    p: &SupportPoint<T, D>,
) -> SupportPoint<T, D> {
    SupportPoint {
        w: x - (p.a - p.b),
        a: p.a,
        b: p.b,
    }
}

/// The simplex with its points re-derived for the ray point `x`, with `p`
/// added, and its closest point to the origin (every face considered: the
/// move may leave any of them closest).
fn moved<T: Real, const D: usize>(
    simplex: &Simplex<T, D>,
    x: &SVector<T, D>,
    p: &SupportPoint<T, D>,
) -> Option<(Simplex<T, D>, SVector<T, D>)> {
    let mut next = Simplex::new();
    for (q, _) in simplex.iter() {
        next.push(vertex(x, q));
    }
    next.push(vertex(x, p));
    let v = next.closest_point_full()?;
    Some((next, v))
}

/// Where the loop stopped.
struct Stop<T> {
    status: Status,
    iterations: u32,
    norm: T,
}

/// Casts `ray` against the rounded core of `pair`, from the core point
/// `first`; `None` when the ray provably misses within `ray.max`.
///
/// # Errors
///
/// [`GjkError::NonFinite`] for a non-finite support point,
/// [`GjkError::Overflow`] when a length leaves the range.
pub(crate) fn cast_loop<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    ray: &Ray<T, D>,
    first: &SupportPoint<T, D>,
    config: &Toward<T, D>,
) -> Result<Option<CoreHit<T, D>>, GjkError>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let (rho, tolerance) = (ray.margin, config.tolerance);
    let mut lambda = T::zero();
    let mut x = ray.start;
    let mut extent = Extent::new();
    extent.include(first);
    extent.include(&SupportPoint::from_point(x));
    let mut simplex = Simplex::from_point(vertex(&x, first));
    let mut v = simplex.closest_point();
    // The direction of the last plane the ray was advanced to.
    let mut plane = None;
    let mut stop = Stop {
        status: Status::IterationLimit,
        iterations: config.max_iterations,
        norm: T::zero(),
    };
    for iteration in 1..=config.max_iterations {
        let vv = v.length_squared();
        if !vv.is_finite() {
            return Err(GjkError::Overflow);
        }
        let norm = vv.sqrt();
        let r = extent.rounding();
        stop.norm = norm;
        if simplex.is_full() || norm <= rho + r {
            stop.status = Status::Converged;
            stop.iterations = iteration - 1;
            break;
        }
        let p = pair.support(&v);
        if !all_finite(&p.w) {
            return Err(pair.non_finite(&p.w));
        }
        extent.include(&p);
        let gap = v.dot(&(x - p.w)) - rho * norm;
        if gap > r * norm {
            // The support plane separates `x` from the shape.
            let vu = v.dot(&ray.dir);
            if !(vu < T::zero()) {
                return Ok(None);
            }
            let next = lambda - gap / vu;
            if !(next <= ray.max) {
                return Ok(None);
            }
            lambda = next;
            x = ray.start + ray.dir * lambda;
            if !all_finite(&x) {
                return Err(GjkError::Overflow);
            }
            extent.include(&SupportPoint::from_point(x));
            plane = Some(v);
            let Some((next, closest)) = moved(&simplex, &x, &p) else {
                stop.status = Status::Stalled;
                stop.iterations = iteration;
                break;
            };
            simplex = next;
            v = closest;
            continue;
        }
        // `x` is within rounding of the plane: the distance from `x` to the
        // core is at least about `ρ`, at most `‖v‖`.
        if norm - rho <= tolerance * rho + r {
            stop.status = Status::Converged;
            stop.iterations = iteration;
            break;
        }
        simplex.push(vertex(&x, &p));
        match simplex.reduce_below(vv) {
            Some(next) => v = next,
            None => {
                stop.status = Status::Stalled;
                stop.iterations = iteration;
                break;
            }
        }
    }
    if stop.status == Status::IterationLimit {
        stop.norm = v.length();
    }
    let (point_a, point_b) = simplex.witnesses();
    // Around a margin, `v` (of length about `ρ`) is the normal. On a sharp
    // core `v` ends within rounding of zero, its direction noise: the plane
    // the ray last advanced to supports the core at the hit.
    let normal = if rho > T::zero() && stop.norm + stop.norm > rho {
        unit(&v)
    } else if let Some(n) = plane {
        unit(&n)
    } else if stop.norm > extent.rounding() {
        unit(&v)
    } else {
        None
    };
    let upper = if stop.status == Status::Converged {
        lambda
    } else {
        // A ball of radius `ρ` about the core point found lies inside the
        // shape: where the ray enters it bounds the hit from above.
        match entry(&(x - (point_a - point_b)), &ray.dir, rho) {
            Entry::Inside => lambda,
            Entry::At(mu) if lambda + mu <= ray.max => lambda + mu,
            _ => ray.max,
        }
    };
    Ok(Some(CoreHit {
        lambda,
        upper,
        point_a,
        point_b,
        normal,
        iterations: stop.iterations,
        status: stop.status,
    }))
}
