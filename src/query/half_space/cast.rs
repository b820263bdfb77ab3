//! Rays and moving shapes against a half-space.

use nalgebra::SVector;

use super::gap::Gap;
use crate::engine::config::{Config, Error, Status};
use crate::math::real::{all_finite, max_abs, Real};
use crate::query::cast::{RayHit, ShapeHit};
use crate::shape::{HalfSpace, SupportMap};

/// `t` at which a point `gap` above the plane, moving by `t · velocity`,
/// reaches it: `gap / (−n · velocity)`; `None` when it does not approach
/// or reaches it after `max_t`. The velocity is brought to order one by a
/// power of two first, so a tiny one loses no digits to underflow.
fn arrival<T: Real, const D: usize>(
    n: &SVector<T, D>,
    gap: T,
    velocity: &SVector<T, D>,
    max_t: T,
) -> Result<Option<T>, Error> {
    let scale = T::unit_scale(max_abs(velocity));
    let speed = -n.dot(&(velocity * scale));
    if !(speed > T::zero()) {
        return Ok(None);
    }
    let t = gap / speed * scale;
    if t > max_t {
        Ok(None)
    } else if t.is_finite() {
        Ok(Some(t))
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
/// misses, as does a zero direction. A hit's normal is the plane's `n`;
/// `lower = upper = t`, the status [`Status::Converged`], `iterations`
/// zero.
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
    let (t, normal) = if height <= T::zero() {
        (T::zero(), None)
    } else {
        match arrival(&n, height, &direction, max_t)? {
            Some(t) => (t, Some(n)),
            None => return Ok(None),
        }
    };
    let point = origin + direction * t;
    if !all_finite(&point) {
        return Err(Error::Overflow);
    }
    Ok(Some(RayHit {
        t,
        lower: t,
        upper: t,
        point,
        normal,
        iterations: 0,
        status: Status::Converged,
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
/// the plane. `lower = upper = t`, the status [`Status::Converged`],
/// `iterations` zero.
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
    let (t, point_a, point_b, normal) = if g.gap <= T::zero() {
        if g.core_gap > T::zero() {
            let point_b = g.lowest(&n);
            (T::zero(), point_b - n * g.gap, point_b, Some(n))
        } else {
            (T::zero(), g.core, g.core, None)
        }
    } else {
        let Some(t) = arrival(&n, g.gap, &velocity, max_t)? else {
            return Ok(None);
        };
        let point_b = g.lowest(&n) + velocity * t;
        (t, plane.project(&point_b), point_b, Some(n))
    };
    if !(all_finite(&point_a) && all_finite(&point_b)) {
        return Err(Error::Overflow);
    }
    Ok(Some(ShapeHit {
        t,
        lower: t,
        upper: t,
        point_a,
        point_b,
        normal,
        iterations: 0,
        status: Status::Converged,
    }))
}
