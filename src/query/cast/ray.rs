//! The ray cast against one shape.

use nalgebra::SVector;

use super::cast;
use crate::engine::config::{Config, Error, Status};
use crate::engine::margins;
use crate::math::real::{all_finite, Real};
use crate::shape::SupportMap;

/// The answer of a [`ray_cast`].
///
/// # Example
///
/// ```
/// use gjk::{ray_cast, Ball, Config, Status, Vector};
///
/// let ball = Ball::new(Vector::<f64, 3>::new(0.0, 0.0, 5.0), 1.0).unwrap();
/// let (up, config) = (Vector::<f64, 3>::z(), Config::default());
/// let hit = ray_cast(&ball, Vector::<f64, 3>::zeros(), up, 10.0, &config).unwrap().unwrap();
/// assert_eq!(hit.status, Status::Converged);
/// assert!((hit.t - 4.0).abs() < 1e-14 && hit.upper == hit.t);
/// assert!((hit.point - Vector::<f64, 3>::new(0.0, 0.0, 4.0)).norm() < 1e-14);
/// assert!((hit.normal.unwrap() + up).norm() < 1e-14);
/// // From the centre: a hit at once, with no normal.
/// let inside = ray_cast(&ball, Vector::<f64, 3>::new(0.0, 0.0, 5.0), up, 10.0, &config);
/// assert_eq!(inside.unwrap().map(|h| (h.t, h.normal)), Some((0.0, None)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RayHit<T: Real, const D: usize> {
    /// The ray parameter of the first hit, in units of the direction: the
    /// hit is `origin + t · direction`. Zero when the ray starts inside.
    pub t: T,
    /// A certified lower bound on the first hit (equal to `t`: the cast
    /// only ever advances past points proven outside the shape).
    pub lower: T,
    /// An upper bound on the first hit. Equal to `t` when
    /// [`Status::Converged`]. A cast that stopped short (stalled by
    /// rounding, or at the iteration cap) answers `Some` only for a proven
    /// hit: the first hit then lies in `[lower, upper]`, `upper` at
    /// most `max_t` (equal to `t` when the ray point at `t` is within the
    /// tolerance of the shape). An undecided ray is an error, never a `Some`.
    ///
    /// Converged means: the hit point is on the surface to the tolerance,
    /// and no point of the ray before it is inside the shape. A ray that
    /// grazes the surface (nearly parallel to it) comes within rounding of
    /// it along a whole stretch, and every `t` along that stretch meets
    /// this: a closed form answers the exact entry and the loop the first
    /// point within the tolerance, which may lie far apart in `t` although
    /// both points are on the surface to the tolerance.
    pub upper: T,
    /// The hit point `origin + t · direction`.
    pub point: SVector<T, D>,
    /// The unit outward normal of the surface at the hit.
    ///
    /// When the ray starts inside the shape (`t = 0`), the direction from
    /// the core to the origin if the origin lies in the margin only, and
    /// `None` when it lies inside the core.
    pub normal: Option<SVector<T, D>>,
    /// Iterations of the cast loop (zero for a point core, a ball: one
    /// sphere intersection in closed form).
    pub iterations: u32,
    /// Why the cast stopped.
    pub status: Status,
}

/// The core of a ray cast's Minkowski difference: the origin, a point.
struct Origin;

impl<T: Real, const D: usize> SupportMap<T, D> for Origin {
    #[inline]
    fn core_support(&self, _dir: &SVector<T, D>) -> SVector<T, D> {
        SVector::zeros()
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        SVector::zeros()
    }
    #[inline]
    fn core_point(&self) -> Option<SVector<T, D>> {
        Some(SVector::zeros())
    }
}

/// Casts the ray `origin + t · direction`, `0 ≤ t ≤ max_t`, against
/// `shape`: the first `t` at which the ray meets it, or `None` when the ray
/// provably misses within `max_t`.
///
/// The ray is cast against the shape's core and stops where its distance
/// to the core equals the margin, so a rounded shape costs no iterations
/// for its rounding and a ball is one sphere intersection in closed form.
/// The cast loop is van den Bergen's GJK ray cast ("Ray Casting against
/// General Convex Objects with Application to Continuous Collision
/// Detection", 2004); see [`shape_cast`](crate::shape_cast) for the same
/// loop between two shapes. The loop is bounded by
/// [`Config::max_iterations`](crate::Config::max_iterations); a cast that stops early says so in its
/// status, with the bracket `[lower, upper]`.
///
/// A ray that starts inside (or on) the shape hits at `t = 0`; see
/// [`RayHit::normal`] for its normal. `max_t = ∞` casts without bound. A
/// zero direction asks whether the origin is in the shape: a hit at
/// `t = 0` or a miss.
///
/// The answer is decided as the other queries decide theirs: `None` is a
/// proven miss (a plane separates the shape from the ray up to `max_t`),
/// `Some` a proven hit. A loop that stalls or reaches the cap first tries
/// the planes of the simplex's face (and of the face and the ray), which
/// are known to working precision where the loop's direction is not; a ray
/// it still cannot place is [`Error::IterationLimit`].
///
/// A config with a first search direction ([`Config::starting_along`](crate::Config::starting_along):
/// the previous frame's normal) starts the loop there, a warm start
/// between frames; the answer does not depend on it beyond the tolerance.
///
/// # Errors
///
/// [`Error::NonFinite`] for a NaN or infinite origin or direction, or
/// for non-finite support points or margin; [`Error::InvalidConfig`]
/// for a NaN or negative `max_t`, or a bad configuration;
/// [`Error::Overflow`] when a length leaves the range;
/// [`Error::IterationLimit`] when the loop stopped short with neither a
/// hit nor a miss proven (a ray that grazes a curved shape's side to within
/// a few tolerances, where no plane within rounding separates it).
///
/// # Example
///
/// ```
/// use gjk::{ray_cast, Cuboid, Config, Vector};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let origin = Vector::<f64, 3>::new(-5.0, 0.2, 0.3);
/// let direction = Vector::<f64, 3>::new(2.0, 0.0, 0.0);
/// let hit = ray_cast(&cube, origin, direction, 10.0, &Config::default())
///     .unwrap()
///     .unwrap();
/// assert!((hit.t - 2.0).abs() < 1e-14); // x = -5 + 2 t reaches -1
/// assert!((hit.normal.unwrap() - Vector::<f64, 3>::new(-1.0, 0.0, 0.0)).norm() < 1e-14);
/// // Pointing away: a miss.
/// assert!(ray_cast(&cube, origin, -direction, 10.0, &Config::default())
///     .unwrap()
///     .is_none());
/// ```
pub fn ray_cast<T: Real, const D: usize>(
    shape: &(impl SupportMap<T, D> + ?Sized),
    origin: SVector<T, D>,
    direction: SVector<T, D>,
    max_t: T,
    config: &Config<T, D>,
) -> Result<Option<RayHit<T, D>>, Error> {
    let (margin, _) = margins(shape, &Origin)?;
    let Some(c) = cast(shape, &Origin, (origin, direction), margin, max_t, config)? else {
        return Ok(None);
    };
    // The hit point of a ray that runs to the edge of the range may round
    // past it although `t` is finite: an error, not an infinite point.
    let point = origin + direction * c.t;
    if !all_finite(&point) {
        return Err(Error::Overflow);
    }
    Ok(Some(RayHit {
        t: c.t,
        lower: c.lower,
        upper: c.upper,
        point,
        normal: c.normal,
        iterations: c.iterations,
        status: c.status,
    }))
}
