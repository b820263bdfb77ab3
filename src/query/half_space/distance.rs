//! Intersection, distance and contact between a half-space and a shape.

use super::gap::Gap;
use crate::engine::config::{Config, Error, Status};
use crate::math::real::{all_finite, Real};
use crate::query::contact::Contact;
use crate::query::distance::Distance;
use crate::shape::{HalfSpace, SupportMap};

/// Whether `shape` meets the half-space `plane` (touching counts).
///
/// `false` is proven: the shape's lowest point is above the plane by more
/// than the rounding bound of the module docs. A shape within that bound
/// of the plane counts as touching.
///
/// # Errors
///
/// [`Error::NonFinite`] for a non-finite support point or margin,
/// [`Error::InvalidConfig`] for a bad configuration, [`Error::Overflow`]
/// for a gap beyond the largest finite value.
///
/// # Example
///
/// ```
/// use gjk::{half_space_intersects, Cuboid, Config, HalfSpace, Transformed, Vector};
///
/// let ground = HalfSpace::new(Vector::<f64, 2>::y(), 0.0).unwrap();
/// let square = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
/// let at = |y: f64| Transformed::translated(square, Vector::<f64, 2>::new(0.0, y)).unwrap();
/// let config = Config::default();
/// assert!(half_space_intersects(&ground, &at(0.5), &config).unwrap());
/// assert!(half_space_intersects(&ground, &at(1.0), &config).unwrap()); // touching
/// assert!(!half_space_intersects(&ground, &at(1.5), &config).unwrap());
/// ```
pub fn half_space_intersects<T: Real, const D: usize>(
    plane: &HalfSpace<T, D>,
    shape: &(impl SupportMap<T, D> + ?Sized),
    config: &Config<T, D>,
) -> Result<bool, Error> {
    Ok(Gap::of(plane, shape, config)?.lower() <= T::zero())
}

/// The distance between the half-space `plane` (A) and `shape` (B), read
/// as [`distance`](crate::distance) reads its answer: zero when they touch
/// or overlap, the normal from A towards B (`n`) while the shape's core is
/// above the plane, `iterations` zero.
///
/// Apart, `point_b` is the shape's lowest point along `n` and `point_a`
/// its foot on the plane. When only the margin reaches into the plane,
/// `point_a` is on the plane and `point_b` the shape's lowest point, as
/// for other shapes whose margins overlap; when the core reaches in, both
/// are the core's lowest point (a point of both cores) and the normal is
/// `None`. [`half_space_contact`] gives the signed answer.
///
/// `lower` and `upper` are the gap net of the rounding bound of the
/// module docs, clamped at zero; the status is always
/// [`Status::Converged`].
///
/// # Errors
///
/// As for [`half_space_intersects`].
///
/// # Example
///
/// ```
/// use gjk::{half_space_distance, Capsule, Config, HalfSpace, Vector};
///
/// // A capsule lying along x, its axis 2 above the ground z ≤ 0.
/// let ground = HalfSpace::new(Vector::<f64, 3>::z(), 0.0).unwrap();
/// let (a, b) = (Vector::<f64, 3>::new(-1.0, 0.0, 2.0), Vector::<f64, 3>::new(1.0, 0.0, 2.0));
/// let capsule = Capsule::new(a, b, 0.5).unwrap();
/// let d = half_space_distance(&ground, &capsule, &Config::default()).unwrap();
/// assert_eq!(d.distance, 1.5);
/// assert!(d.lower <= 1.5 && 1.5 <= d.upper && d.upper - d.lower < 1e-13);
/// assert_eq!(d.normal, Some(Vector::<f64, 3>::z()));
/// assert_eq!(d.point_b.z, 1.5);
/// assert_eq!(d.point_a.z, 0.0);
/// ```
pub fn half_space_distance<T: Real, const D: usize>(
    plane: &HalfSpace<T, D>,
    shape: &(impl SupportMap<T, D> + ?Sized),
    config: &Config<T, D>,
) -> Result<Distance<T, D>, Error> {
    let g = Gap::of(plane, shape, config)?;
    let n = plane.normal();
    let (point_a, point_b, normal) = if g.core_gap > T::zero() {
        let point_b = g.lowest(&n);
        (point_b - n * g.gap, point_b, Some(n))
    } else {
        (g.core, g.core, None)
    };
    if !(all_finite(&point_a) && all_finite(&point_b)) {
        return Err(Error::Overflow);
    }
    // `+0` after the clamp: `max` may keep a `-0`.
    let clamp = |x: T| x.max(T::zero()) + T::zero();
    Ok(Distance {
        distance: clamp(g.gap),
        lower: clamp(g.lower()),
        upper: clamp(g.upper()),
        point_a,
        point_b,
        normal,
        iterations: 0,
        status: Status::Converged,
    })
}

/// The contact between the half-space `plane` (A) and `shape` (B) when
/// their signed distance is at most `max_separation`, with the
/// conventions of [`Contact`]: the normal is the plane's `n` (from A
/// towards B), `point_b` is the shape's lowest point along it, `point_a`
/// its foot on the plane, and `point_b − point_a = distance · normal`.
///
/// `None` only when the lower bound on the signed distance exceeds
/// `max_separation`. `lower` and `upper` bracket the signed distance by
/// the rounding bound of the module docs; the status is always
/// [`Status::Converged`] and `iterations` zero.
///
/// # Errors
///
/// As for [`half_space_intersects`]; a NaN, infinite or negative
/// `max_separation` is [`Error::InvalidConfig`].
///
/// # Example
///
/// ```
/// use gjk::{half_space_contact, Ball, Config, HalfSpace, Vector};
///
/// // An f32 ball far out along the ground, sunk 0.001 into it.
/// let ground = HalfSpace::new(Vector::<f32, 3>::y(), 0.0).unwrap();
/// let ball = Ball::new(Vector::<f32, 3>::new(1e5, 0.999, 0.0), 1.0).unwrap();
/// let c = half_space_contact(&ground, &ball, 0.0, &Default::default()).unwrap().unwrap();
/// assert!((c.distance + 0.001).abs() < 1e-7);
/// assert!(c.lower <= c.distance && c.distance <= c.upper);
/// assert_eq!(c.normal, Vector::<f32, 3>::y());
/// assert_eq!((c.point_a.x, c.point_a.y), (1e5, 0.0));
/// ```
pub fn half_space_contact<T: Real, const D: usize>(
    plane: &HalfSpace<T, D>,
    shape: &(impl SupportMap<T, D> + ?Sized),
    max_separation: T,
    config: &Config<T, D>,
) -> Result<Option<Contact<T, D>>, Error> {
    if !(max_separation >= T::zero() && max_separation.is_finite()) {
        return Err(Error::InvalidConfig);
    }
    let g = Gap::of(plane, shape, config)?;
    if g.lower() > max_separation {
        return Ok(None);
    }
    let n = plane.normal();
    let point_b = g.lowest(&n);
    let point_a = point_b - n * g.gap;
    if !(all_finite(&point_a) && all_finite(&point_b)) {
        return Err(Error::Overflow);
    }
    Ok(Some(Contact {
        distance: g.gap,
        lower: g.lower(),
        upper: g.upper(),
        normal: n,
        point_a,
        point_b,
        iterations: 0,
        status: Status::Converged,
    }))
}
