//! Rays and moving shapes against a half-space.

use nalgebra::SVector;

use super::gap::{rounding, Gap};
use crate::engine::config::{Config, Error, Status};
use crate::math::real::{all_finite, max_abs, Real};
use crate::query::cast::{RayHit, ShapeHit};
use crate::shape::{HalfSpace, SupportMap};

/// When a point first reaches the plane, as a certified bracket.
struct Arrival<T> {
    t: T,
    lower: T,
    upper: T,
    status: Status,
}

impl<T: Real> Arrival<T> {
    /// Already there: `t = 0`.
    fn now() -> Self {
        Self {
            t: T::zero(),
            lower: T::zero(),
            upper: T::zero(),
            status: Status::Converged,
        }
    }
}

/// The first `t ∈ [0, max_t]` at which a point `gap > 0` above the plane
/// (to within `slack`), moving by `t · velocity`, reaches it:
/// `gap / (−n · velocity)`, bracketed by the extremes of `gap ± slack`
/// over the approach speed `−n · velocity` to within its own rounding,
/// `(D + 2) ε Σ |nᵢ vᵢ|`. `None` only when the bracket proves a miss: the
/// fastest approach is none, or the earliest arrival is after `max_t`.
/// An arrival whose bracket straddles `max_t` is reported at most at
/// `max_t` with [`Status::Stalled`]. The velocity is brought to order one
/// by a power of two first, so a tiny one loses no digits to underflow.
fn arrival<T: Real, const D: usize>(
    n: &SVector<T, D>,
    gap: T,
    slack: T,
    velocity: &SVector<T, D>,
    max_t: T,
) -> Result<Option<Arrival<T>>, Error> {
    let scale = T::unit_scale(max_abs(velocity));
    let v = velocity * scale;
    let speed = -n.dot(&v);
    let size = n
        .iter()
        .zip(v.iter())
        .fold(T::zero(), |s, (a, b)| s + (*a * *b).abs());
    let two = T::one() + T::one();
    let err = (T::from_usize(D).unwrap_or(T::one()) + two) * T::EPSILON * size + T::TINIEST;
    let (fast, slow) = (speed + err, speed - err);
    let near = (gap - slack).max(T::zero());
    if !(fast > T::zero()) {
        // Never approaching: a miss, unless already within rounding.
        return Ok((near <= T::zero()).then(Arrival::now));
    }
    // Each quotient rounds by half an ulp; the scale is a power of two.
    let (shrink, grow) = (T::one() - two * T::EPSILON, T::one() + two * T::EPSILON);
    let lower = near / fast * scale * shrink;
    if lower > max_t {
        return Ok(None);
    }
    let upper = if slow > T::zero() {
        (gap + slack) / slow * scale * grow
    } else {
        T::max_value().unwrap_or(T::one() / T::zero())
    };
    let t = if speed > T::zero() {
        (gap / speed * scale).max(lower).min(upper)
    } else {
        lower
    };
    let status = if upper <= max_t {
        Status::Converged
    } else {
        Status::Stalled
    };
    let t = t.min(max_t);
    if t.is_finite() {
        Ok(Some(Arrival {
            t,
            lower,
            upper,
            status,
        }))
    } else {
        Err(Error::Overflow)
    }
}

/// Checks a cast's `max_t` (not NaN, not negative; `∞` casts without
/// bound) and its direction.
fn checked<T: Real, const D: usize>(max_t: T, direction: &SVector<T, D>) -> Result<(), Error> {
    if !(max_t >= T::zero()) {
        Err(Error::InvalidConfig)
    } else if !all_finite(direction) {
        Err(Error::NonFinite)
    } else {
        Ok(())
    }
}

/// Casts the ray `origin + t · direction`, `0 ≤ t ≤ max_t`, against the
/// half-space `plane`: `t = (n · origin − offset) / (−n · direction)`, in
/// closed form, with the conventions of [`ray_cast`](crate::ray_cast).
///
/// A ray starting in the half-space (or on its boundary) hits at `t = 0`
/// with no normal (the origin is inside the core: a half-space has no
/// margin). A ray outside that runs parallel to the plane or away from it
/// misses, as does a zero direction, when the rounding of its height and
/// of its approach speed proves it; a ray from within rounding of the
/// plane hits at 0. A hit's normal is the plane's `n`; `[lower, upper]`
/// brackets `t` by that rounding, the status is [`Status::Converged`]
/// when the bracket ends by `max_t` ([`Status::Stalled`] when only its
/// start does: `t` is then at most `max_t`); `iterations` zero.
///
/// # Errors
///
/// [`Error::NonFinite`] for a NaN or infinite origin or direction,
/// [`Error::InvalidConfig`] for a NaN or negative `max_t` or a bad
/// configuration, [`Error::Overflow`] when the hit or its point is beyond
/// the largest finite value.
///
/// # Example
///
/// ```
/// use gjk::{half_space_ray_cast, Config, HalfSpace, Vector};
///
/// let ground = HalfSpace::new(Vector::<f64, 3>::z(), 1.0).unwrap();
/// let origin = Vector::<f64, 3>::new(0.0, 0.0, 5.0);
/// let down = Vector::<f64, 3>::new(1.0, 0.0, -2.0);
/// let config = Config::default();
/// let hit = half_space_ray_cast(&ground, origin, down, 10.0, &config).unwrap().unwrap();
/// assert_eq!(hit.t, 2.0); // z = 5 − 2 t reaches 1
/// assert_eq!(hit.point, Vector::<f64, 3>::new(2.0, 0.0, 1.0));
/// assert_eq!(hit.normal, Some(Vector::<f64, 3>::z()));
/// assert!(half_space_ray_cast(&ground, origin, -down, 10.0, &config).unwrap().is_none());
/// let below = Vector::<f64, 3>::zeros();
/// let inside = half_space_ray_cast(&ground, below, down, 10.0, &config).unwrap().unwrap();
/// assert_eq!((inside.t, inside.normal), (0.0, None));
/// ```
pub fn half_space_ray_cast<T: Real, const D: usize>(
    plane: &HalfSpace<T, D>,
    origin: SVector<T, D>,
    direction: SVector<T, D>,
    max_t: T,
    config: &Config<T, D>,
) -> Result<Option<RayHit<T, D>>, Error> {
    config.check()?;
    checked(max_t, &direction)?;
    if !all_finite(&origin) {
        return Err(Error::NonFinite);
    }
    let n = plane.normal();
    let height = plane.signed_distance(&origin);
    if !height.is_finite() {
        return Err(Error::Overflow);
    }
    let (hit, normal) = if height <= T::zero() {
        (Arrival::now(), None)
    } else {
        let slack = rounding(&n, &origin, plane.offset(), T::zero());
        match arrival(&n, height, slack, &direction, max_t)? {
            Some(hit) => (hit, Some(n)),
            None => return Ok(None),
        }
    };
    let point = origin + direction * hit.t;
    if !all_finite(&point) {
        return Err(Error::Overflow);
    }
    Ok(Some(RayHit {
        t: hit.t,
        lower: hit.lower,
        upper: hit.upper,
        point,
        normal,
        iterations: 0,
        status: hit.status,
    }))
}

/// The first time `t ∈ [0, max_t]` at which `shape`, moved by
/// `t · velocity`, touches the half-space `plane`; `None` when it does not
/// within `max_t`. In closed form: `t = g / (−n · velocity)`, `g` the
/// shape's signed distance to the plane (its lowest point along `n` stays
/// the lowest while it moves), with the conventions of
/// [`shape_cast`](crate::shape_cast), the plane as A.
///
/// A shape already touching the plane hits at `t = 0`: with the normal `n`
/// and the witnesses of [`half_space_distance`](crate::half_space_distance)
/// while its core is above the plane, with no normal and both witnesses at
/// the core's lowest point when the core reaches in. A later hit has
/// `point_b` the shape's lowest point, moved, and `point_a` its foot on
/// the plane. The bracket, status and the proof of a miss are as for
/// [`half_space_ray_cast`], with the shape's gap and its rounding (so a
/// shape that [`half_space_intersects`](crate::half_space_intersects)
/// the plane hits at 0); `iterations` zero.
///
/// # Errors
///
/// As for [`half_space_ray_cast`], and [`Error::NonFinite`] for a
/// non-finite support point or margin.
///
/// # Example
///
/// ```
/// use gjk::{half_space_shape_cast, Config, Cuboid, HalfSpace, Transformed, Vector};
///
/// let ground = HalfSpace::new(Vector::<f64, 2>::y(), 0.0).unwrap();
/// let square = Cuboid::new(Vector::<f64, 2>::new(0.5, 0.5)).unwrap();
/// let falling = Transformed::translated(square, Vector::<f64, 2>::new(3.0, 4.5)).unwrap();
/// let velocity = Vector::<f64, 2>::new(1.0, -2.0);
/// let hit = half_space_shape_cast(&ground, &falling, velocity, 5.0, &Config::default())
///     .unwrap()
///     .unwrap();
/// assert_eq!(hit.t, 2.0); // its bottom, 4 − 2 t, reaches 0
/// assert_eq!(hit.normal, Some(Vector::<f64, 2>::y()));
/// assert_eq!(hit.point_b.y, 0.0);
/// ```
pub fn half_space_shape_cast<T: Real, const D: usize>(
    plane: &HalfSpace<T, D>,
    shape: &(impl SupportMap<T, D> + ?Sized),
    velocity: SVector<T, D>,
    max_t: T,
    config: &Config<T, D>,
) -> Result<Option<ShapeHit<T, D>>, Error> {
    checked(max_t, &velocity)?;
    let g = Gap::of(plane, shape, config)?;
    let n = plane.normal();
    let (hit, point_a, point_b, normal) = if g.gap <= T::zero() {
        if g.core_gap > T::zero() {
            let point_b = g.lowest(&n);
            (Arrival::now(), point_b - n * g.gap, point_b, Some(n))
        } else {
            (Arrival::now(), g.core, g.core, None)
        }
    } else {
        let Some(hit) = arrival(&n, g.gap, g.slack, &velocity, max_t)? else {
            return Ok(None);
        };
        let point_b = g.lowest(&n) + velocity * hit.t;
        (hit, plane.project(&point_b), point_b, Some(n))
    };
    if !(all_finite(&point_a) && all_finite(&point_b)) {
        return Err(Error::Overflow);
    }
    Ok(Some(ShapeHit {
        t: hit.t,
        lower: hit.lower,
        upper: hit.upper,
        point_a,
        point_b,
        normal,
        iterations: 0,
        status: hit.status,
    }))
}
