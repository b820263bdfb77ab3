//! A cast from the caller's inputs: checked, brought to the kernel's frame,
//! answered in closed form for point cores or by the loop, and scaled back.

use super::advance::cast_loop;
use super::closed_form::closed_form;
use super::core::{Cast, CoreHit, Ray};
use crate::engine::config::{Config, Error, Status};
use crate::engine::pair::{frame_scale, small_direction, Pair};
use crate::math::real::{all_finite, max_abs, unit, Real};
use crate::shape::sphere::{entry, Entry};
use crate::shape::SupportMap;
use crate::simplex::SupportPoint;
use nalgebra::SVector;

/// The inputs every cast checks.
///
/// # Errors
///
/// [`Error::NonFinite`] for a non-finite start or direction;
/// [`Error::InvalidConfig`] for a NaN or negative `max_t`, or a bad
/// configuration. A zero direction is valid: no relative motion.
fn check<T: Real, const D: usize>(
    start: &SVector<T, D>,
    dir: &SVector<T, D>,
    max_t: T,
    config: &Config<T, D>,
) -> Result<(), Error> {
    config.check()?;
    if !(all_finite(start) && all_finite(dir)) {
        return Err(Error::NonFinite);
    }
    if !(max_t >= T::zero()) {
        return Err(Error::InvalidConfig);
    }
    Ok(())
}

/// Casts the ray `start + t dir`, `0 ≤ t ≤ max_t`, against the core
/// difference `A − B` grown by `margin` (already checked: finite, not
/// negative); `None` when it provably misses.
pub(crate) fn cast<T, A, B, const D: usize>(
    a: &A,
    b: &B,
    (start, dir): (SVector<T, D>, SVector<T, D>),
    margin: T,
    max_t: T,
    config: &Config<T, D>,
) -> Result<Option<Cast<T, D>>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    check(&start, &dir, max_t, config)?;
    // The direction at order one: `u = k · dir`, so `t = k λ / σ`. A zero
    // direction (no relative motion) stays zero: the loop is then GJK on
    // the start alone, and its first separating plane is one the ray never
    // approaches (a miss), or it finds the start inside (a hit at `t = 0`).
    let still = max_abs(&dir) == T::zero();
    let k = if still {
        T::one()
    } else {
        T::unit_scale(max_abs(&dir))
    };
    let u = dir * k;
    // The closed forms answer unless their own numbers overflow: the loop,
    // in a frame scaled to order one, may still have an answer there, and a
    // fast path must not turn an answer into an error.
    if let (Some(ca), Some(cb)) = (a.core_point(), b.core_point()) {
        let answer = point_cores((ca, cb), (start, u, k), margin, max_t);
        if !matches!(answer, Err(Error::Overflow)) {
            return answer;
        }
    } else if !still
        && let Some(answer) = closed_form(a, b, (start, u, k), margin, max_t)
        && !matches!(answer, Err(Error::Overflow))
    {
        return answer;
    }
    let (ca, cb) = (a.center(), b.center());
    // The first search direction: the caller's (a warm start: the previous
    // frame's normal, from A towards B), else from the centre of `A − B`
    // towards the start, else against the ray. Only where the loop starts
    // depends on it; its certificates do not.
    let toward = start - (ca - cb);
    let usable = |d: &SVector<T, D>| all_finite(d) && max_abs(d) > T::zero();
    let d0 = match config.first_direction {
        Some(hint) if usable(&hint) => small_direction(&hint),
        _ if usable(&toward) => small_direction(&toward),
        _ => -small_direction(&dir),
    };
    let (pa, pb) = (a.core_support(&d0), b.core_support(&-d0));
    if !(all_finite(&pa) && all_finite(&pb) && all_finite(&ca) && all_finite(&cb)) {
        return Err(Error::NonFinite);
    }
    let sigma = frame_scale(&[start, ca, cb, pa, pb], margin);
    let pair = Pair::with_scale(a, b, sigma);
    let first = SupportPoint::new(pa * sigma, pb * sigma);
    let ray = Ray {
        start: start * sigma,
        dir: u,
        margin: margin * sigma,
        max: max_t * sigma / k,
    };
    if !ray.margin.is_finite() {
        return Err(Error::Overflow);
    }
    let Some(hit) = cast_loop(&pair, &ray, &first, config)? else {
        return Ok(None);
    };
    unscale(&hit, sigma, k)
}

/// The core hit in the caller's frame.
fn unscale<T: Real, const D: usize>(
    hit: &CoreHit<T, D>,
    sigma: T,
    k: T,
) -> Result<Option<Cast<T, D>>, Error> {
    let back = sigma.recip();
    let t = hit.lambda * k * back;
    let cast = Cast {
        t,
        lower: t,
        upper: hit.upper * k * back,
        core_a: hit.point_a * back,
        core_b: hit.point_b * back,
        normal: hit.normal,
        iterations: hit.iterations,
        status: hit.status,
    };
    if t.is_finite() && all_finite(&cast.core_a) && all_finite(&cast.core_b) {
        Ok(Some(cast))
    } else {
        Err(Error::Overflow)
    }
}

/// Two point cores: the ray against one ball, in closed form (no loop).
///
/// At `t = 0` with the start inside, the normal points from the core
/// towards the start, `None` when they coincide to rounding.
fn point_cores<T: Real, const D: usize>(
    (ca, cb): (SVector<T, D>, SVector<T, D>),
    (start, u, k): (SVector<T, D>, SVector<T, D>, T),
    margin: T,
    max_t: T,
) -> Result<Option<Cast<T, D>>, Error> {
    if !(all_finite(&ca) && all_finite(&cb)) {
        return Err(Error::NonFinite);
    }
    let size = [start, ca, cb]
        .iter()
        .fold(margin, |m, p| m.max(max_abs(p)));
    let sigma = T::unit_scale(size);
    let rho = margin * sigma;
    if !rho.is_finite() {
        return Err(Error::Overflow);
    }
    let d = start * sigma - (ca * sigma - cb * sigma);
    let lambda = match entry(&d, &u, rho) {
        Entry::Miss => return Ok(None),
        Entry::Inside => T::zero(),
        Entry::At(lambda) => lambda,
    };
    let back = sigma.recip();
    let t = lambda * k * back;
    if !(t <= max_t) {
        return Ok(None);
    }
    let x = d + u * lambda;
    let rounding = T::ROUNDING_FLOOR * size * sigma;
    let normal = if max_abs(&x) > rounding {
        unit(&x)
    } else {
        None
    };
    Ok(Some(Cast {
        t,
        lower: t,
        upper: t,
        core_a: ca,
        core_b: cb,
        normal,
        iterations: 0,
        status: Status::Converged,
    }))
}
