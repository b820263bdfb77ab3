//! What every query is given and how it ends: the settings
//! ([`Config`]), the reason it stopped ([`Status`]) and why it could not
//! be answered ([`Error`]).

use nalgebra::SVector;

use crate::math::real::Real;

/// Default cap on GJK iterations. Polytopes with thousands of vertices
/// converge in a few dozen iterations; the cap only bounds pathological input.
///
/// # Example
///
/// ```
/// use gjk::{Config, DEFAULT_MAX_ITERATIONS};
///
/// assert_eq!(Config::<f64, 3>::default().max_iterations, DEFAULT_MAX_ITERATIONS);
/// let patient = Config::<f64, 3> {
///     max_iterations: 4 * DEFAULT_MAX_ITERATIONS,
///     ..Config::default()
/// };
/// assert_eq!(patient.max_iterations, 512);
/// ```
pub const DEFAULT_MAX_ITERATIONS: u32 = 128;

/// Settings of a query: its tolerance, its iteration cap and, where the
/// caller has one, the direction its search starts along. Every query takes
/// one (GJK's loop, EPA, the casts and the manifolds alike).
///
/// ```
/// use gjk::{distance, Ball, Config, Vector};
///
/// let flat = Ball::new(Vector::<f64, 2>::zeros(), 1.0).unwrap();
/// let far = Ball::new(Vector::<f64, 2>::new(3.0, 0.0), 1.0).unwrap();
/// assert_eq!(distance(&flat, &far, &Config::default()).unwrap().distance, 1.0);
/// let patient = Config::<f64, 3> { max_iterations: 512, ..Config::default() };
/// let solid = Ball::new(Vector::<f64, 3>::zeros(), 1.0).unwrap();
/// let above = Ball::new(Vector::<f64, 3>::new(0.0, 0.0, 4.0), 1.0).unwrap();
/// assert_eq!(distance(&solid, &above, &patient).unwrap().distance, 2.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config<T: Real, const D: usize> {
    /// Relative tolerance on the distance: the loop stops once the upper
    /// bound exceeds the lower bound by at most this fraction of the lower
    /// bound, so a converged distance is within this fraction of the true
    /// one (for any non-negative tolerance, also one of 1 or more). Default
    /// [`Real::GJK_TOLERANCE`].
    pub tolerance: T,
    /// Cap on iterations; reaching it is reported as
    /// [`Status::IterationLimit`]. Default [`DEFAULT_MAX_ITERATIONS`].
    pub max_iterations: u32,
    /// The first search direction, from A towards B: a hint only. `None`
    /// (the default) starts from the shapes' centres; a zero or non-finite
    /// direction starts along the first coordinate axis. The answer does
    /// not depend on it beyond the tolerance. See
    /// [`starting_along`](Self::starting_along).
    pub first_direction: Option<SVector<T, D>>,
}

impl<T: Real, const D: usize> Default for Config<T, D> {
    fn default() -> Self {
        Self {
            tolerance: T::GJK_TOLERANCE,
            max_iterations: DEFAULT_MAX_ITERATIONS,
            first_direction: None,
        }
    }
}

impl<T: Real, const D: usize> Config<T, D> {
    /// Checks the settings: a finite, non-negative tolerance.
    pub(crate) fn check(&self) -> Result<(), Error> {
        if self.tolerance >= T::zero() && self.tolerance.is_finite() {
            Ok(())
        } else {
            Err(Error::InvalidConfig)
        }
    }

    /// These settings, the search starting along `direction` (from A
    /// towards B) when it is `Some`; `None` (shapes that overlapped last
    /// frame, with no normal) keeps the current first direction.
    ///
    /// A light warm start between the frames of a simulation: shapes move
    /// little from one frame to the next, so the previous answer's normal
    /// points almost at the new closest features. Feed back
    /// [`Distance::normal`](crate::Distance::normal), or the normal of a
    /// [`Contact`](crate::Contact) wrapped in `Some`. The answer does not
    /// depend on the starting direction beyond the tolerance.
    ///
    /// GJK still has to collect the closest features one support point at a
    /// time, so a direction saves few iterations (a few percent on typical
    /// motion). For shapes placed by [`Transformed`](crate::Transformed),
    /// [`SimplexCache`](crate::SimplexCache) keeps a direction per feature,
    /// seeds the query with all of them at once and usually answers in one
    /// iteration.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{distance, Ball, Config, Cuboid, Transformed, Vector};
    ///
    /// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
    /// let ball = Ball::new(Vector::<f64, 3>::zeros(), 0.5).unwrap();
    /// let mut config = Config::default();
    /// for frame in 0..10 {
    ///     let t = Vector::<f64, 3>::new(3.0, 0.1 * f64::from(frame), 0.0);
    ///     let moved = Transformed::translated(ball, t).unwrap();
    ///     let d = distance(&cube, &moved, &config).unwrap();
    ///     assert!((d.distance - 1.5).abs() < 1e-12);
    ///     config = config.starting_along(d.normal);
    /// }
    /// // A new direction replaces the old one; `None` keeps it.
    /// let x = Vector::<f64, 3>::x();
    /// let hint = Config::default().starting_along(Some(x));
    /// assert_eq!(hint.starting_along(None).first_direction, Some(x));
    /// ```
    #[must_use]
    pub fn starting_along(mut self, direction: Option<SVector<T, D>>) -> Self {
        if direction.is_some() {
            self.first_direction = direction;
        }
        self
    }
}

/// Why a query stopped.
///
/// # Example
///
/// ```
/// use core::f64::consts::FRAC_PI_4;
/// use gjk::{distance, Cuboid, Config, Status, Transformed};
/// use gjk::nalgebra::{Isometry3, Vector3};
///
/// let cube = Cuboid::new(Vector3::new(1.0_f64, 1.0, 1.0)).unwrap();
/// // Turned 45° about z, the second cube's edge faces the first at x = 4 − √2.
/// let pose = Isometry3::new(Vector3::new(4.0, 0.3, 0.2), Vector3::new(0.0, 0.0, FRAC_PI_4));
/// let turned = Transformed::from_isometry3(cube, &pose);
/// let d = distance(&cube, &turned, &Config::default()).unwrap();
/// assert_eq!(d.status, Status::Converged);
/// assert!((d.distance - (3.0 - 2f64.sqrt())).abs() < 1e-12);
/// // Capped at one iteration, the query stops early; its bounds still hold.
/// let rushed = Config { max_iterations: 1, ..Config::default() };
/// let early = distance(&cube, &turned, &rushed).unwrap();
/// assert_eq!(early.status, Status::IterationLimit);
/// assert!(early.lower <= d.distance && d.distance <= early.distance);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// The bounds met within the tolerance (or the origin was enclosed): the
    /// answer is accurate.
    Converged,
    /// Rounding stopped further progress before the bounds met; the answer is
    /// the best the precision allows, bracketed by the reported bounds.
    Stalled,
    /// The iteration cap was reached; the bounds are still valid.
    IterationLimit,
    /// The penetration polytope ran out of room (see
    /// [`contact_with_capacity`](crate::contact_with_capacity)); the
    /// bounds are still valid.
    OutOfCapacity,
}

/// Why a query could not be answered.
///
/// # Example
///
/// ```
/// use gjk::{closest_points, distance, Ball, Config, Error, Vector};
///
/// let a = Ball::new(Vector::<f64, 2>::zeros(), 1.0).unwrap();
/// let b = Ball::new(Vector::<f64, 2>::new(3.0, 0.0), 1.0).unwrap();
/// let bad = Config { tolerance: -1.0, ..Config::default() };
/// assert_eq!(distance(&a, &b, &bad), Err(Error::InvalidConfig));
/// let config = Config::default();
/// assert_eq!(closest_points(&a, &b, f64::NAN, &config), Err(Error::InvalidConfig));
/// assert_eq!(Error::InvalidConfig.to_string(), "the query configuration is invalid");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Error {
    /// A support point, margin or the configuration held NaN or infinity.
    NonFinite,
    /// The configuration is invalid (negative tolerance).
    InvalidConfig,
    /// The iteration cap was reached with the bounds still straddling
    /// contact (or the cutoff asked for), so the query cannot say which side
    /// the shapes are on. A cast also answers this when its loop stalls on
    /// rounding with neither a hit nor a miss proven.
    IterationLimit,
    /// The answer or an intermediate length is beyond the largest finite
    /// value: shapes whose coordinates span more than the exponent range
    /// (a support point near `1e300` beside one near `1e-300`), or whose
    /// distance exceeds `T::MAX`.
    Overflow,
    /// Every coordinate and margin of the shapes lies below the smallest
    /// normal value ([`Real::MIN_POSITIVE`](crate::Real::MIN_POSITIVE)), in
    /// the subnormal range, where numbers have lost digits before the query
    /// starts (a coordinate of `7e-44` in `f32` holds one significant
    /// digit): no answer there would be known to the stated precision.
    /// Scale such a scene up by a power of two (exactly) and query it there.
    Subnormal,
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Error::NonFinite => "a support point or parameter is NaN or infinite",
            Error::InvalidConfig => "the query configuration is invalid",
            Error::IterationLimit => "the iteration cap was reached undecided",
            Error::Overflow => "a length is beyond the largest finite value",
            Error::Subnormal => "the shapes lie below the normal floating-point range",
        })
    }
}

impl core::error::Error for Error {}
