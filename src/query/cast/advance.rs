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

use super::core::{CoreHit, Ray};
use super::rescue::{plane, rescue, Plane};
use crate::engine::config::{Config, Error, Status};
use crate::engine::pair::Pair;
use crate::engine::Extent;
use crate::math::real::{all_finite, unit, Length, Real};
use crate::shape::sphere::{entry, Entry};
use crate::shape::SupportMap;
use crate::simplex::{Simplex, SupportPoint};

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

/// The loop's state: the ray point `x = x₀ + λ u`, the simplex of points
/// `x − cᵢ` and its closest point `v`, the coordinates' extent, and the
/// last plane the ray was advanced to.
struct State<T: Real, const D: usize> {
    lambda: T,
    x: SVector<T, D>,
    simplex: Simplex<T, D>,
    v: SVector<T, D>,
    extent: Extent<T>,
    plane: Option<SVector<T, D>>,
}

impl<T: Real, const D: usize> State<T, D> {
    /// Moves the ray point to `lambda` past a plane along `normal` whose
    /// support point `p` joins the simplex; `false` when the moved simplex
    /// has no closest point (a stall).
    fn advance(
        &mut self,
        ray: &Ray<T, D>,
        (lambda, p, normal): (T, &SupportPoint<T, D>, SVector<T, D>),
    ) -> Result<bool, Error> {
        self.lambda = lambda;
        self.x = ray.start + ray.dir * lambda;
        if !all_finite(&self.x) {
            return Err(Error::Overflow);
        }
        self.extent.include(&SupportPoint::from_point(self.x));
        self.plane = Some(normal);
        let Some((next, closest)) = moved(&self.simplex, &self.x, p) else {
            return Ok(false);
        };
        self.simplex = next;
        self.v = closest;
        Ok(true)
    }
}

/// Casts `ray` against the rounded core of `pair`, from the core point
/// `first`; `None` when the ray provably misses within `ray.max`.
///
/// A loop that stops short (stalled by rounding, or at the iteration cap)
/// first tries the planes of [`rescue`]; if they do not decide it, the
/// answer is a hit only if one is proven (see [`finish`]).
///
/// # Errors
///
/// [`Error::NonFinite`] for a non-finite support point,
/// [`Error::Overflow`] when a length leaves the range,
/// [`Error::IterationLimit`] when the loop stopped short with neither a
/// hit nor a miss proven.
pub(crate) fn cast_loop<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    ray: &Ray<T, D>,
    first: &SupportPoint<T, D>,
    config: &Config<T, D>,
) -> Result<Option<CoreHit<T, D>>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let (rho, tolerance) = (ray.margin, config.tolerance);
    let mut extent = Extent::new();
    extent.include(first);
    extent.include(&SupportPoint::from_point(ray.start));
    let simplex = Simplex::from_point(vertex(&ray.start, first));
    let v = simplex.closest_point();
    let mut s = State {
        lambda: T::zero(),
        x: ray.start,
        simplex,
        v,
        extent,
        plane: None,
    };
    let mut stop = Stop {
        status: Status::IterationLimit,
        iterations: config.max_iterations,
        norm: T::zero(),
    };
    for iteration in 1..=config.max_iterations {
        let vv = s.v.length_squared();
        if !vv.is_finite() {
            return Err(Error::Overflow);
        }
        let norm = vv.sqrt();
        let r = s.extent.rounding();
        stop.norm = norm;
        if s.simplex.is_full() || norm <= rho + r {
            stop.status = Status::Converged;
            stop.iterations = iteration - 1;
            break;
        }
        let p = pair.support(&s.v);
        if !all_finite(&p.w) {
            return Err(pair.non_finite(&p.w));
        }
        s.extent.include(&p);
        let gap = s.v.dot(&(s.x - p.w)) - rho * norm;
        let stalled = match plane(ray, s.lambda, (&s.v, gap, r * norm), &p) {
            Plane::Miss => return Ok(None),
            Plane::Advance(next, p, n) => !s.advance(ray, (next, &p, n))?,
            // `x` is within rounding of the plane: the distance from `x` to
            // the core is at least about `ρ`, at most `‖v‖`.
            Plane::Undecided if norm - rho <= tolerance * rho + r => {
                stop.status = Status::Converged;
                stop.iterations = iteration;
                break;
            }
            Plane::Undecided => {
                s.simplex.push(vertex(&s.x, &p));
                match s.simplex.reduce_below(vv) {
                    Some(next) => {
                        s.v = next;
                        false
                    }
                    None => true,
                }
            }
        };
        if stalled {
            // The planes along the face (and the ray) may still decide it.
            let at = (&s.x, s.lambda);
            match rescue(pair, ray, (&s.simplex, &s.v), at, s.extent.rounding()) {
                Plane::Miss => return Ok(None),
                Plane::Advance(next, p, n) if s.advance(ray, (next, &p, n))? => continue,
                _ => {
                    stop.status = Status::Stalled;
                    stop.iterations = iteration;
                    stop.norm = s.v.length();
                    break;
                }
            }
        }
    }
    if stop.status == Status::IterationLimit {
        stop.norm = s.v.length();
        let at = (&s.x, s.lambda);
        let r = s.extent.rounding();
        if let Plane::Miss = rescue(pair, ray, (&s.simplex, &s.v), at, r) {
            return Ok(None);
        }
    }
    finish(&s, ray, &stop, tolerance)
}

/// Where the ray from the loop's point `x` crosses the hull of the
/// simplex's shape points (each `cᵢ = x − wᵢ`), those points lying in the
/// shape: `μ ≥ 0` with `x + μ u` in that hull to within rounding, a proven
/// hit. The hull is seen along `u`: its vertices projected on the
/// hyperplane orthogonal to `u` hold the origin when the ray crosses it,
/// and the closest point's weights name the crossing. `None` when the ray
/// passes beside the hull (a loop stopped short on a curved side, the ray
/// grazing) or behind its start.
fn pierced<T: Real, const D: usize>(s: &State<T, D>, ray: &Ray<T, D>) -> Option<T> {
    let u = ray.dir;
    let uu = u.length_squared();
    if !(uu > T::zero() && uu.is_finite()) {
        return None;
    }
    let mut seen = Simplex::<T, D>::new();
    for (p, _) in s.simplex.iter() {
        let across = p.w - u * (u.dot(&p.w) / uu);
        seen.push(SupportPoint { w: across, ..*p });
    }
    let miss = seen.closest_point_full()?;
    if !(miss.length() <= s.extent.rounding()) {
        return None;
    }
    let (a, b) = seen.witnesses();
    let mu = u.dot(&((a - b) - s.x)) / uu;
    (mu >= -s.extent.rounding() / uu.sqrt()).then(|| mu.max(T::zero()))
}

/// The hit where the loop stopped, if one is proven: converged, or `x`
/// on the rounded core as the loop's own test has it (within the
/// tolerance of the margin and the rounding of the coordinates; a
/// tolerance relative to the coordinates' size would call a gap of
/// `10⁻¹² · 10⁶` a hit), or the ray entering a ball of radius `ρ` about the core point found
/// (which lies inside the shape) within `ray.max`, or the ray crossing the
/// hull of the simplex's shape points ([`pierced`]). A loop that stopped
/// short otherwise leaves the ray undecided: an error, never a `Some` a
/// caller could take for a hit.
fn finish<T: Real, const D: usize>(
    s: &State<T, D>,
    ray: &Ray<T, D>,
    stop: &Stop<T>,
    tolerance: T,
) -> Result<Option<CoreHit<T, D>>, Error> {
    let (rho, lambda) = (ray.margin, s.lambda);
    let (point_a, point_b) = s.simplex.witnesses();
    let r = s.extent.rounding();
    let upper = if stop.status == Status::Converged || stop.norm - rho <= tolerance * rho + r {
        lambda
    } else {
        match entry(&(s.x - (point_a - point_b)), &ray.dir, rho) {
            Entry::Inside => lambda,
            Entry::At(mu) if lambda + mu <= ray.max => lambda + mu,
            _ => match pierced(s, ray) {
                Some(mu) if lambda + mu <= ray.max => lambda + mu,
                _ => return Err(Error::IterationLimit),
            },
        }
    };
    // Around a margin, `v` (of length about `ρ`) is the normal. On a sharp
    // core `v` ends within rounding of zero, its direction noise: the plane
    // the ray last advanced to supports the core at the hit.
    let normal = if rho > T::zero() && stop.norm + stop.norm > rho {
        unit(&s.v)
    } else if let Some(n) = s.plane {
        unit(&n)
    } else if stop.norm > r {
        unit(&s.v)
    } else {
        None
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
