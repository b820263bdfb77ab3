//! One bracket convention for every answer that has one.

use crate::engine::config::Status;
use crate::math::real::Real;

/// An answer with a certified bracket: its best value between a lower and
/// an upper bound that hold whatever the status, and the reason the query
/// stopped. Every answer that has a bracket reads the same way:
///
/// | answer | value | bracket holds |
/// |---|---|---|
/// | [`Distance`](crate::Distance) | `distance` | the distance |
/// | [`Contact`](crate::Contact) | `distance` (signed) | the signed distance |
/// | [`Penetration`](crate::Penetration) | `depth` | the depth |
/// | [`RayHit`](crate::RayHit), [`ShapeHit`](crate::ShapeHit) | `t` | the first hit |
///
/// Each also has `lower` and `upper` fields, and `status`; this trait lets
/// generic code read them.
///
/// # Example
///
/// ```
/// use gjk::{contact, distance, Ball, Certified, Config, Status, Vector};
///
/// fn settled<T: gjk::Real>(answer: &impl Certified<T>) -> bool {
///     answer.status() == Status::Converged
///         && answer.lower() <= answer.value()
///         && answer.value() <= answer.upper()
/// }
/// let a = Ball::new(Vector::<f64, 3>::zeros(), 1.0).unwrap();
/// let b = Ball::new(Vector::<f64, 3>::new(3.0, 0.0, 0.0), 1.0).unwrap();
/// let config = Config::default();
/// assert!(settled(&distance(&a, &b, &config).unwrap()));
/// assert!(settled(&contact(&a, &b, 2.0, &config).unwrap().unwrap()));
/// ```
pub trait Certified<T: Real> {
    /// The best estimate, between the bounds.
    fn value(&self) -> T;
    /// The certified lower bound.
    fn lower(&self) -> T;
    /// The certified upper bound.
    fn upper(&self) -> T;
    /// Why the query stopped.
    fn status(&self) -> Status;
}

/// [`Certified`] for an answer type whose value is the field `$value`.
macro_rules! certified {
    ($($answer:ident . $value:ident),* $(,)?) => {$(
        impl<T: Real, const D: usize> Certified<T> for crate::$answer<T, D> {
            #[inline]
            fn value(&self) -> T {
                self.$value
            }
            #[inline]
            fn lower(&self) -> T {
                self.lower
            }
            #[inline]
            fn upper(&self) -> T {
                self.upper
            }
            #[inline]
            fn status(&self) -> Status {
                self.status
            }
        }
    )*};
}

certified!(
    Distance.distance,
    Contact.distance,
    Penetration.depth,
    RayHit.t,
    ShapeHit.t,
);
