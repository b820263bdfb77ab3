//! The linear shape cast: one shape moving in a straight line against
//! another.

use nalgebra::SVector;

use super::cast;
use crate::engine::config::{Config, Error, Status};
use crate::engine::margins;
use crate::math::real::{all_finite, Real};
use crate::shape::SupportMap;

/// The answer of a [`shape_cast`].
///
/// # Example
///
/// ```
/// use gjk::{shape_cast, Cuboid, Config, Status, Transformed, Vector};
///
/// let floor = Cuboid::new(Vector::<f64, 2>::new(10.0, 1.0)).unwrap();
/// let square = Cuboid::new(Vector::<f64, 2>::new(0.5, 0.5)).unwrap();
/// let falling = Transformed::translated(square, Vector::<f64, 2>::new(0.0, 4.5)).unwrap();
/// let down = Vector::<f64, 2>::new(0.0, -2.0);
/// let hit = shape_cast(&floor, &falling, down, 5.0, &Config::default()).unwrap().unwrap();
/// assert_eq!(hit.status, Status::Converged);
/// assert!((hit.t - 1.5).abs() < 1e-12); // its bottom, 4 - 2 t, reaches the top y = 1
/// assert!((hit.normal.unwrap() - Vector::<f64, 2>::y()).norm() < 1e-12);
/// assert!((hit.point_a.y - 1.0).abs() < 1e-12 && (hit.point_b.y - 1.0).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShapeHit<T: Real, const D: usize> {
    /// The first time of contact: B moved by `t · velocity` touches A (or
    /// comes within the separation asked for). Zero when they already do.
    pub t: T,
    /// A certified lower bound on the time of contact (equal to `t`).
    pub lower: T,
    /// An upper bound on the time of contact. Equal to `t` when
    /// [`Status::Converged`]; a cast that stopped short answers `Some` only
    /// for a proven contact, which lies in `[lower, upper]` (see
    /// [`RayHit::upper`](crate::RayHit::upper)).
    pub upper: T,
    /// The witness on A at contact.
    pub point_a: SVector<T, D>,
    /// The witness on B at contact, B moved by `t · velocity`:
    /// `point_b − point_a = gap · normal`, with `gap` the separation asked
    /// for when `t > 0`. At `t = 0`, for shapes already that close, the
    /// witnesses are the margins' points along the normal between two core
    /// points within the separation: `gap` is at least the shapes' distance
    /// and at most the separation (negative when the margins overlap), and
    /// the normal is that of those core points, not necessarily of the
    /// closest ones.
    pub point_b: SVector<T, D>,
    /// The unit contact normal from A towards B.
    ///
    /// At `t = 0` with the shapes already in contact: the direction between
    /// the cores when only the margins (or the separation) overlap, `None`
    /// when the cores themselves overlap (both witnesses are then one point
    /// common to the cores, up to rounding).
    pub normal: Option<SVector<T, D>>,
    /// Iterations of the cast loop (zero for two point cores).
    pub iterations: u32,
    /// Why the cast stopped.
    pub status: Status,
}

/// The first time `t ∈ [0, max_t]` at which shape `b`, moved by
/// `t · velocity` relative to `a`, touches `a`; `None` when it provably
/// does not within `max_t`.
///
/// The velocity is B's relative to A: for two moving shapes pass
/// `velocity_b − velocity_a` (the witnesses are then in the frame moving
/// with A). The cast is a ray cast of the origin along `velocity` against
/// the Minkowski difference of the cores `A − B`, stopping where the ray
/// comes within `r_A + r_B` of it (van den Bergen, "Ray Casting against
/// General Convex Objects with Application to Continuous Collision
/// Detection", 2004); see [`ray_cast`](crate::ray_cast). Shapes in contact
/// at `t = 0` answer `t = 0`; see [`ShapeHit::normal`]. A zero velocity
/// (bodies at rest relative to each other) is a hit at `t = 0` when they
/// touch and a miss when they are apart.
///
/// Between frames, feed the previous hit's normal back as the first search
/// direction (`config.toward(hit.normal)`, see
/// [`Config::starting_along`](crate::Config::starting_along)): the loop starts at
/// the features that met last frame, and a sweep that moves a little
/// takes fewer iterations (11–14 % fewer in `tests/cast/warm.rs` in 2D and
/// 3D); the answer does not depend on the start beyond the tolerance.
///
/// # Errors
///
/// As for [`ray_cast`](crate::ray_cast): [`Error::NonFinite`] for a
/// non-finite velocity, support point or margin,
/// [`Error::InvalidConfig`] for a NaN or negative `max_t` or a bad
/// configuration, [`Error::Overflow`] when a length leaves the range,
/// [`Error::IterationLimit`] when the cast could prove neither contact
/// nor a miss.
///
/// # Example
///
/// ```
/// use gjk::{shape_cast, Ball, Cuboid, Config, Vector};
///
/// let wall = Cuboid::new(Vector::<f64, 2>::new(1.0, 5.0)).unwrap();
/// let ball = Ball::new(Vector::<f64, 2>::new(-6.0, 0.0), 1.0).unwrap();
/// let velocity = Vector::<f64, 2>::new(4.0, 0.0);
/// let hit = shape_cast(&wall, &ball, velocity, 2.0, &Config::default())
///     .unwrap()
///     .unwrap();
/// assert!((hit.t - 1.0).abs() < 1e-14); // the ball's edge, -7 + 4 t, ... -5 + 4 t = -1
/// assert!((hit.normal.unwrap() - Vector::<f64, 2>::new(-1.0, 0.0)).norm() < 1e-14);
/// assert!((hit.point_b - Vector::<f64, 2>::new(-1.0, 0.0)).norm() < 1e-14);
/// ```
///
/// # The math
///
/// A ray `x(t) = o + t r` hits a shape made of a core `C` and a margin `ρ`
/// at the first `t ≥ 0` where the distance from `x(t)` to `C` falls to `ρ`.
/// A linear shape cast is the same question asked of the Minkowski
/// difference: with B moved by `t v`, the distance between A and the moved
/// B is `min ‖a − b − t v‖`, the distance from the point `t v` to the core
/// difference `A − B`; so B touches A (or comes within a separation `s`)
/// when the ray from the origin along `v` comes within `r_A + r_B + s` of
/// `A − B`.
///
/// Both run one loop: GJK on the ray point as it moves, after
/// Gino van den Bergen, "Ray Casting against General Convex Objects with
/// Application to Continuous Collision Detection" (2004). Margins are not
/// swept as shapes: the loop runs on the cores and stops at distance `ρ`,
/// exactly as the distance queries add radii afterwards. A point core (a
/// ball, or two balls cast against each other) needs no loop: one
/// intersection with a sphere in closed form; nor does a shape
/// that knows where a ray enters it (a box, a capsule: see
/// [`SupportMap::ray_core`]) against a point core.
pub fn shape_cast<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    velocity: SVector<T, D>,
    max_t: T,
    config: &Config<T, D>,
) -> Result<Option<ShapeHit<T, D>>, Error> {
    shape_cast_with_separation(a, b, velocity, max_t, T::zero(), config)
}

/// [`shape_cast`] stopping when the distance between the shapes falls to
/// `separation` (a speculative contact) instead of zero.
///
/// # Errors
///
/// As for [`shape_cast`]; a NaN, infinite or negative `separation` is
/// [`Error::InvalidConfig`].
///
/// # Example
///
/// ```
/// use gjk::{shape_cast_with_separation, Ball, Config, Vector};
///
/// let a = Ball::new(Vector::<f64, 3>::zeros(), 1.0).unwrap();
/// let b = Ball::new(Vector::<f64, 3>::new(10.0, 0.0, 0.0), 1.0).unwrap();
/// let v = Vector::<f64, 3>::new(-1.0, 0.0, 0.0);
/// let config = Config::default();
/// let hit = shape_cast_with_separation(&a, &b, v, 20.0, 0.5, &config)
///     .unwrap()
///     .unwrap();
/// assert_eq!(hit.t, 7.5); // the centres 2.5 apart
/// assert!(((hit.point_b - hit.point_a).norm() - 0.5).abs() < 1e-14);
/// ```
pub fn shape_cast_with_separation<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    velocity: SVector<T, D>,
    max_t: T,
    separation: T,
    config: &Config<T, D>,
) -> Result<Option<ShapeHit<T, D>>, Error> {
    if !(separation >= T::zero() && separation.is_finite()) {
        return Err(Error::InvalidConfig);
    }
    let (ra, rb) = margins(a, b)?;
    let margin = ra + rb + separation;
    if !margin.is_finite() {
        return Err(Error::Overflow);
    }
    let origin = SVector::zeros();
    let Some(c) = cast(a, b, (origin, velocity), margin, max_t, config)? else {
        return Ok(None);
    };
    let moved_b = c.core_b + velocity * c.t;
    let (point_a, point_b) = match c.normal {
        Some(n) => (c.core_a + n * ra, moved_b - n * rb),
        None => (c.core_a, moved_b),
    };
    if !(all_finite(&point_a) && all_finite(&point_b)) {
        return Err(Error::Overflow);
    }
    Ok(Some(ShapeHit {
        t: c.t,
        lower: c.lower,
        upper: c.upper,
        point_a,
        point_b,
        normal: c.normal,
        iterations: c.iterations,
        status: c.status,
    }))
}
