//! The time of impact of two shapes moving rigidly (translating and
//! turning), by conservative advancement.
//!
//! After Mirtich, "Impulse-based Dynamic Simulation of Rigid Body Systems"
//! (PhD thesis, 1996), as Box2D's and parry's nonlinear casts use it. At
//! time `t` the distance query gives a certified lower bound `d` on the
//! separation along its normal `n` (the gap between the support planes of
//! A and B orthogonal to `n`). A point of A at `R_A(t) p + x_A(t)` moves
//! along `n` at most at `n · v_A + |ω_A| r_A` (`r_A` bounding `|p|` over
//! A), a point of B at least at `n · v_B − |ω_B| r_B`, whatever the time;
//! so the separation along the fixed `n`, hence the distance, stays above
//! the target `s` for a further `(d − s) / μ`, with
//! `μ = n · (v_A − v_B) + |ω_A| r_A + |ω_B| r_B`. The cast advances by that
//! much, never past a contact, and stops once the distance is within the
//! tolerance of `s`; `μ ≤ 0` means the shapes never close along `n`.
//! Before the first step, the balls of each shape's reach about its moving
//! origin are cast against each other in closed form: a spinning shape far
//! from the other is proven to miss, or the advancement starts where those
//! balls first touch.
//!
//! The advancement converges linearly, at the ratio of the contact point's
//! closing speed to the fastest point's: an approach led by turning near
//! the pivot (a long rod meeting a ball close to its middle) takes many
//! steps to the default tolerance. Raise `max_iterations` or loosen the
//! tolerance there; a capped query says so and keeps its certified `t`.

use nalgebra::SVector;

use super::motion::RigidMotion;
use super::ShapeHit;
use crate::engine::config::{Config, Error, Status};
use crate::math::real::{all_finite, axis, Length, Real};
use crate::query::distance::{distance, Distance};
use crate::shape::sphere::{entry, Entry};
use crate::shape::SupportMap;

/// The first time in `[0, max_t]` at which `a` and `b`, moving by their
/// rigid motions, come within `separation` of each other; `None` when they
/// provably do not.
///
/// Each shape turns about its local origin (put it at the centre of mass
/// for a physical motion), see [`RigidMotion`]. The answer's `t` is a
/// certified lower bound on the time of impact (the advancement never
/// skips a contact): [`Status::Converged`] when the distance at `t` is
/// within the tolerance of `separation` (`config.tolerance` times the
/// shapes' radii about their origins, plus rounding), its witnesses and
/// normal those of the distance at `t`; otherwise the status says why it
/// stopped, and a contact, if any, lies in `[lower, upper]`.
///
/// Conservative advancement slows where turning dominates the approach
/// (the bound `μ` counts the whole turn of the farthest point); every
/// step costs one distance query, and the steps are bounded by
/// [`Config::max_iterations`](crate::Config::max_iterations).
///
/// # Errors
///
/// [`Error::InvalidConfig`] for a NaN or negative `max_t` or
/// `separation`, or a bad configuration; [`Error::NonFinite`] for
/// shapes without finite support points; the errors of
/// [`distance`](crate::distance) at any step.
///
/// # Example
///
/// ```
/// use gjk::{time_of_impact, Ball, Capsule, Config, RigidMotion, Status, Vector};
/// use gjk::nalgebra::Isometry2;
///
/// // A rod of half-length 2 spinning at 1 rad/s about its middle, and a
/// // ball of radius 0.1 resting 1.5 from the pivot at 60°.
/// let rod = Capsule::new(Vector::<f64, 2>::new(-2.0, 0.0), Vector::<f64, 2>::new(2.0, 0.0), 0.05).unwrap();
/// let spin = RigidMotion::planar(&Isometry2::identity(), Vector::<f64, 2>::zeros(), 1.0).unwrap();
/// let (angle, r) = (60f64.to_radians(), 1.5);
/// let ball = Ball::new(Vector::<f64, 2>::zeros(), 0.1).unwrap();
/// let still = RigidMotion::planar(&Isometry2::translation(r * angle.cos(), r * angle.sin()), Vector::<f64, 2>::zeros(), 0.0).unwrap();
/// let hit = time_of_impact(&rod, &spin, &ball, &still, 10.0, 0.0, &Config::default()).unwrap().unwrap();
/// let expected = angle - (0.15f64 / r).asin(); // the rod's line comes within 0.15 of the centre
/// assert_eq!(hit.status, Status::Converged);
/// assert!(hit.t <= expected && expected - hit.t < 1e-9);
/// ```
pub fn time_of_impact<T, A, B, const D: usize>(
    a: &A,
    motion_a: &RigidMotion<T, D>,
    b: &B,
    motion_b: &RigidMotion<T, D>,
    max_t: T,
    separation: T,
    config: &Config<T, D>,
) -> Result<Option<ShapeHit<T, D>>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    config.check()?;
    if !(max_t >= T::zero() && separation >= T::zero() && separation.is_finite()) {
        return Err(Error::InvalidConfig);
    }
    let (reach_a, reach_b) = (reach(a)?, reach(b)?);
    let turning = motion_a.angular_speed() * reach_a + motion_b.angular_speed() * reach_b;
    let relative = motion_a.velocity() - motion_b.velocity();
    // Whatever their turning, the shapes stay in the balls of their reach
    // about their moving origins: until those come within the separation,
    // nothing can touch (and if they never do, nothing does).
    let bounds = reach_a + reach_b + separation;
    let centres = motion_b.translation() - motion_a.translation();
    let mut t = match entry(&centres, &-relative, bounds) {
        Entry::Miss => return Ok(None),
        Entry::Inside => T::zero(),
        Entry::At(t) if t <= max_t => t,
        Entry::At(_) => return Ok(None),
    };
    for iteration in 1..=config.max_iterations {
        let (pa, pb) = (motion_a.place(a, t), motion_b.place(b, t));
        let d = distance(&pa, &pb, config)?;
        // Within the tolerance of the target: the shapes' size sets it, and
        // the placements' rounding (a few ulps of their coordinates).
        let size = reach_a + reach_b + pa.translation().amax() + pb.translation().amax();
        let tolerance = config.tolerance * (reach_a + reach_b) + T::ROUNDING_FLOOR * size;
        if d.distance <= separation + tolerance {
            return Ok(Some(hit(&d, t, t, iteration, Status::Converged)));
        }
        let gap = d.lower - separation;
        let Some(n) = d.normal.filter(|_| gap > T::zero()) else {
            // The distance query's bracket straddles the target: no safe
            // step; the contact, if any, lies later.
            return Ok(Some(hit(&d, t, max_t, iteration, Status::Stalled)));
        };
        let closing = relative.dot(&n) + turning;
        if !(closing > T::zero()) {
            // The gap along `n` never shrinks: no contact, ever.
            return Ok(None);
        }
        let next = t + gap / closing;
        if !(next <= max_t) {
            return Ok(None);
        }
        if next <= t {
            // The step is below the resolution of `t`.
            return Ok(Some(hit(&d, t, max_t, iteration, Status::Stalled)));
        }
        t = next;
    }
    let (pa, pb) = (motion_a.place(a, t), motion_b.place(b, t));
    let d = distance(&pa, &pb, config)?;
    Ok(Some(hit(
        &d,
        t,
        max_t,
        config.max_iterations,
        Status::IterationLimit,
    )))
}

/// The answer at `t`, from the distance there.
fn hit<T: Real, const D: usize>(
    d: &Distance<T, D>,
    t: T,
    upper: T,
    iterations: u32,
    status: Status,
) -> ShapeHit<T, D> {
    ShapeHit {
        t,
        lower: t,
        upper,
        point_a: d.point_a,
        point_b: d.point_b,
        normal: d.normal,
        iterations,
        status,
    }
}

/// A bound on `|p|` over the shape (margin included), from its extent
/// along the axes: the shape lies in the box of those extents, whose
/// farthest corner bounds it.
fn reach<T: Real, const D: usize>(shape: &(impl SupportMap<T, D> + ?Sized)) -> Result<T, Error> {
    let mut corner = SVector::<T, D>::zeros();
    for (i, c) in corner.iter_mut().enumerate() {
        let e = axis::<T, D>(i);
        let (high, low) = (shape.support(&e), shape.support(&-e));
        if !(all_finite(&high) && all_finite(&low)) {
            return Err(Error::NonFinite);
        }
        *c = high.dot(&e).abs().max(low.dot(&e).abs());
    }
    let r = corner.length();
    if r.is_finite() {
        Ok(r)
    } else {
        Err(Error::Overflow)
    }
}
