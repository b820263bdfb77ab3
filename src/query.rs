//! What every query is given and how it ends: the settings
//! ([`GjkConfig`]), the reason it stopped ([`Status`]) and why it could not
//! be answered ([`GjkError`]).

use nalgebra::SVector;

use crate::real::Real;

/// Default cap on GJK iterations. Polytopes with thousands of vertices
/// converge in a few dozen iterations; the cap only bounds pathological input.
///
/// # Example
///
/// ```
/// use gjk::{GjkConfig, DEFAULT_MAX_ITERATIONS};
///
/// assert_eq!(GjkConfig::<f64>::default().max_iterations, DEFAULT_MAX_ITERATIONS);
/// let patient = GjkConfig::<f64> {
///     max_iterations: 4 * DEFAULT_MAX_ITERATIONS,
///     ..GjkConfig::default()
/// };
/// assert_eq!(patient.max_iterations, 512);
/// ```
pub const DEFAULT_MAX_ITERATIONS: u32 = 128;

/// Settings of a query: its tolerance and iteration cap, the same for
/// every dimension (one config serves 2D and 3D).
///
/// A first search direction, where a caller has one, comes with
/// [`toward`](Self::toward); every query takes either.
///
/// ```
/// use gjk::{distance, Ball, GjkConfig, Vector};
///
/// let config = GjkConfig::<f64>::default();
/// let flat = Ball::new(Vector::<f64, 2>::zeros(), 1.0).unwrap();
/// let far = Ball::new(Vector::<f64, 2>::new(3.0, 0.0), 1.0).unwrap();
/// assert_eq!(distance(&flat, &far, &config).unwrap().distance, 1.0);
/// let solid = Ball::new(Vector::<f64, 3>::zeros(), 1.0).unwrap();
/// let above = Ball::new(Vector::<f64, 3>::new(0.0, 0.0, 4.0), 1.0).unwrap();
/// assert_eq!(distance(&solid, &above, &config).unwrap().distance, 2.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GjkConfig<T: Real> {
    /// Relative tolerance on the distance: the loop stops once the upper
    /// bound exceeds the lower bound by at most this fraction of the lower
    /// bound, so a converged distance is within this fraction of the true
    /// one (for any non-negative tolerance, also one of 1 or more). Default
    /// [`Real::GJK_TOLERANCE`].
    pub tolerance: T,
    /// Cap on iterations; reaching it is reported as
    /// [`Status::IterationLimit`]. Default [`DEFAULT_MAX_ITERATIONS`].
    pub max_iterations: u32,
}

impl<T: Real> Default for GjkConfig<T> {
    fn default() -> Self {
        Self {
            tolerance: T::GJK_TOLERANCE,
            max_iterations: DEFAULT_MAX_ITERATIONS,
        }
    }
}

impl<T: Real> GjkConfig<T> {
    /// Checks the settings: a finite, non-negative tolerance.
    pub(crate) fn check(&self) -> Result<(), GjkError> {
        if self.tolerance >= T::zero() && self.tolerance.is_finite() {
            Ok(())
        } else {
            Err(GjkError::InvalidConfig)
        }
    }

    /// These settings with the search starting along `direction` (from A
    /// towards B) when it is `Some`, from the shapes' centres otherwise.
    ///
    /// A light warm start between the frames of a simulation: shapes move
    /// little from one frame to the next, so the previous answer's normal
    /// points almost at the new closest features. Feed back
    /// [`Distance::normal`](crate::Distance::normal), or the normal of a
    /// [`Penetration`](crate::Penetration) or [`Contact`](crate::Contact)
    /// (see [`Toward::starting_along`]). The answer does not depend on the
    /// starting direction beyond the tolerance.
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
    /// use gjk::{distance, Ball, Cuboid, GjkConfig, Transformed, Vector};
    ///
    /// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
    /// let ball = Ball::new(Vector::<f64, 3>::zeros(), 0.5).unwrap();
    /// let mut config = GjkConfig::default().toward(None);
    /// for frame in 0..10 {
    ///     let t = Vector::<f64, 3>::new(3.0, 0.1 * f64::from(frame), 0.0);
    ///     let moved = Transformed::translated(ball, t).unwrap();
    ///     let d = distance(&cube, &moved, &config).unwrap();
    ///     assert!((d.distance - 1.5).abs() < 1e-12);
    ///     config = config.starting_along(d.normal);
    /// }
    /// ```
    #[must_use]
    pub fn toward<const D: usize>(self, direction: Option<SVector<T, D>>) -> Toward<T, D> {
        Toward {
            config: self,
            direction,
        }
    }
}

/// A [`GjkConfig`] with a first search direction (from A towards B), made
/// by [`GjkConfig::toward`]. It reads as its config (`Deref`).
///
/// The direction is only a hint: `None` starts from the shapes' centres,
/// and a zero or non-finite direction from the first coordinate axis.
///
/// # Example
///
/// ```
/// use gjk::{distance, Cuboid, GjkConfig, Toward, Transformed, Vector, DEFAULT_MAX_ITERATIONS};
///
/// let a = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let b = Transformed::translated(a, Vector::<f64, 3>::new(0.5, 0.0, 3.0)).unwrap();
/// let hint: Toward<f64, 3> = GjkConfig::default().toward(Some(Vector::<f64, 3>::z()));
/// assert_eq!(hint.max_iterations, DEFAULT_MAX_ITERATIONS); // reads as its config
/// assert!((distance(&a, &b, &hint).unwrap().distance - 1.0).abs() < 1e-12);
/// // Only a hint: a direction pointing away gives the same answer.
/// let away = hint.starting_along(Some(-Vector::<f64, 3>::z()));
/// assert!((distance(&a, &b, &away).unwrap().distance - 1.0).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Toward<T: Real, const D: usize> {
    /// The tolerance and the iteration cap.
    pub config: GjkConfig<T>,
    /// The first search direction.
    pub direction: Option<SVector<T, D>>,
}

impl<T: Real, const D: usize> Default for Toward<T, D> {
    fn default() -> Self {
        GjkConfig::default().toward(None)
    }
}

impl<T: Real, const D: usize> core::ops::Deref for Toward<T, D> {
    type Target = GjkConfig<T>;
    fn deref(&self) -> &GjkConfig<T> {
        &self.config
    }
}

impl<T: Real, const D: usize> Toward<T, D> {
    /// These settings, now starting along `direction` when it is `Some`;
    /// `None` (shapes that overlapped last frame, with no normal) keeps the
    /// previous direction. See [`GjkConfig::toward`].
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{GjkConfig, Vector};
    ///
    /// let x = Vector::<f64, 2>::x();
    /// let hint = GjkConfig::default().toward(Some(x));
    /// // A new direction replaces the old one; `None` keeps it.
    /// let y = Vector::<f64, 2>::y();
    /// assert_eq!(hint.starting_along(Some(y)).direction, Some(y));
    /// assert_eq!(hint.starting_along(None).direction, Some(x));
    /// ```
    #[must_use]
    pub fn starting_along(mut self, direction: Option<SVector<T, D>>) -> Self {
        if direction.is_some() {
            self.direction = direction;
        }
        self
    }
}

/// What a query is configured by: a [`GjkConfig`] (the search starts from
/// the shapes' centres) or a [`Toward`] (from a given direction).
///
/// # Example
///
/// ```
/// use gjk::{distance, Ball, GjkConfig, QueryConfig, Vector};
///
/// // The gap between two unit discs `x` apart, with any configuration.
/// fn gap(x: f64, config: &impl QueryConfig<f64, 2>) -> f64 {
///     let a = Ball::new(Vector::<f64, 2>::zeros(), 1.0).unwrap();
///     let b = Ball::new(Vector::<f64, 2>::new(x, 0.0), 1.0).unwrap();
///     distance(&a, &b, config).unwrap().distance
/// }
/// let config = GjkConfig::default();
/// assert_eq!(gap(5.0, &config), 3.0);
/// assert_eq!(gap(5.0, &config.toward(Some(Vector::<f64, 2>::x()))), 3.0);
/// assert_eq!(QueryConfig::<f64, 2>::settings(&config).direction, None);
/// ```
pub trait QueryConfig<T: Real, const D: usize> {
    /// The settings with their first direction.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{GjkConfig, QueryConfig, Vector};
    ///
    /// let config = GjkConfig::<f64>::default();
    /// // A plain config starts from the shapes' centres; a `Toward` from its direction.
    /// assert_eq!(QueryConfig::<f64, 3>::settings(&config).direction, None);
    /// let hint = config.toward(Some(Vector::<f64, 3>::z()));
    /// assert_eq!(hint.settings(), hint);
    /// ```
    fn settings(&self) -> Toward<T, D>;
}

impl<T: Real, const D: usize> QueryConfig<T, D> for GjkConfig<T> {
    #[inline(always)]
    fn settings(&self) -> Toward<T, D> {
        self.toward(None)
    }
}

impl<T: Real, const D: usize> QueryConfig<T, D> for Toward<T, D> {
    #[inline(always)]
    fn settings(&self) -> Toward<T, D> {
        *self
    }
}

/// Why a query stopped.
///
/// # Example
///
/// ```
/// use core::f64::consts::FRAC_PI_4;
/// use gjk::{distance, Cuboid, GjkConfig, Status, Transformed};
/// use gjk::nalgebra::{Isometry3, Vector3};
///
/// let cube = Cuboid::new(Vector3::new(1.0_f64, 1.0, 1.0)).unwrap();
/// // Turned 45° about z, the second cube's edge faces the first at x = 4 − √2.
/// let pose = Isometry3::new(Vector3::new(4.0, 0.3, 0.2), Vector3::new(0.0, 0.0, FRAC_PI_4));
/// let turned = Transformed::from_isometry3(cube, &pose);
/// let d = distance(&cube, &turned, &GjkConfig::default()).unwrap();
/// assert_eq!(d.status, Status::Converged);
/// assert!((d.distance - (3.0 - 2f64.sqrt())).abs() < 1e-12);
/// // Capped at one iteration, the query stops early; its bounds still hold.
/// let rushed = GjkConfig { max_iterations: 1, ..GjkConfig::default() };
/// let early = distance(&cube, &turned, &rushed).unwrap();
/// assert_eq!(early.status, Status::IterationLimit);
/// assert!(early.lower_bound <= d.distance && d.distance <= early.distance);
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
    /// [`penetration_with_capacity`](crate::penetration_with_capacity)); the
    /// bounds are still valid.
    OutOfCapacity,
}

/// Why a query could not be answered.
///
/// # Example
///
/// ```
/// use gjk::{closest_points, distance, Ball, GjkConfig, GjkError, Vector};
///
/// let a = Ball::new(Vector::<f64, 2>::zeros(), 1.0).unwrap();
/// let b = Ball::new(Vector::<f64, 2>::new(3.0, 0.0), 1.0).unwrap();
/// let bad = GjkConfig { tolerance: -1.0, ..GjkConfig::default() };
/// assert_eq!(distance(&a, &b, &bad), Err(GjkError::InvalidConfig));
/// let config = GjkConfig::default();
/// assert_eq!(closest_points(&a, &b, f64::NAN, &config), Err(GjkError::InvalidConfig));
/// assert_eq!(GjkError::InvalidConfig.to_string(), "the query configuration is invalid");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GjkError {
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

impl core::fmt::Display for GjkError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            GjkError::NonFinite => "a support point or parameter is NaN or infinite",
            GjkError::InvalidConfig => "the query configuration is invalid",
            GjkError::IterationLimit => "the iteration cap was reached undecided",
            GjkError::Overflow => "a length is beyond the largest finite value",
            GjkError::Subnormal => "the shapes lie below the normal floating-point range",
        })
    }
}

impl core::error::Error for GjkError {}
