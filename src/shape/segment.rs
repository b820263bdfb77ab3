//! Line segments.

use nalgebra::SVector;

use super::{finite_point, RayEntry, ShapeError, SupportMap};
use crate::math::real::{max_abs, unit, Length, Real};
use crate::shape::sphere::{entry, Entry};

/// The segment between two points (which may coincide).
///
/// # Example
///
/// ```
/// use gjk::{distance, Config, Point, Segment, SupportMap, Vector};
///
/// let a = Vector::<f64, 2>::new(-1.0, 0.0);
/// let b = Vector::<f64, 2>::new(1.0, 0.0);
/// let seg = Segment::new(a, b).unwrap();
/// assert_eq!(seg.support(&Vector::<f64, 2>::new(1.0, 5.0)), b); // the end farther along
/// let p = Point::new(Vector::<f64, 2>::new(0.5, 2.0)).unwrap();
/// let d = distance(&seg, &p, &Config::default()).unwrap();
/// assert!((d.distance - 2.0).abs() < 1e-15); // straight down onto the segment
/// assert!((d.point_a - Vector::<f64, 2>::new(0.5, 0.0)).norm() < 1e-15);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment<T: Real, const D: usize> {
    a: SVector<T, D>,
    b: SVector<T, D>,
}

impl<T: Real, const D: usize> Segment<T, D> {
    /// The segment from `a` to `b`; fails on non-finite coordinates.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Segment, ShapeError, SupportMap, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let s = Segment::new(v(-1.0, 0.0), v(3.0, 2.0)).unwrap();
    /// assert_eq!(s.support(&v(1.0, 0.0)), v(3.0, 2.0));
    /// assert_eq!(s.support(&v(-1.0, 1.0)), v(-1.0, 0.0));
    /// assert_eq!(Segment::new(v(f64::NAN, 0.0), v(1.0, 0.0)), Err(ShapeError::NonFinite));
    /// ```
    pub fn new(a: SVector<T, D>, b: SVector<T, D>) -> Result<Self, ShapeError> {
        finite_point(&a)?;
        finite_point(&b)?;
        Ok(Self { a, b })
    }

    /// The two end points.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Segment, Vector};
    ///
    /// let (a, b) = (Vector::<f64, 3>::zeros(), Vector::<f64, 3>::new(1.0, 2.0, 3.0));
    /// assert_eq!(Segment::new(a, b).unwrap().endpoints(), (a, b));
    /// ```
    #[must_use]
    pub fn endpoints(&self) -> (SVector<T, D>, SVector<T, D>) {
        (self.a, self.b)
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Segment<T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        if (self.b - self.a).dot(dir) > T::zero() {
            self.b
        } else {
            self.a
        }
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        (self.a + self.b) * T::lit(0.5)
    }
    /// The foot of `p` on the segment's line, clamped to its ends. The
    /// edge and `p − a` are brought to order one by a power of two first,
    /// so `‖e‖²` neither overflows nor underflows; `None` when `p` is so far
    /// beside the segment's length that their product leaves the range.
    #[inline]
    fn project_core(&self, p: &SVector<T, D>) -> Option<SVector<T, D>> {
        let e = self.b - self.a;
        let k = T::unit_scale(max_abs(&e));
        let (ek, dk) = (e * k, (p - self.a) * k);
        let ee = ek.length_squared();
        if !(ee > T::zero()) {
            return Some(self.a);
        }
        let t = ek.dot(&dk) / ee;
        if !t.is_finite() {
            None
        } else if t <= T::zero() {
            Some(self.a)
        } else if t >= T::one() {
            Some(self.b)
        } else {
            Some(self.a + e * t)
        }
    }
    /// The segment grown by `radius > 0`, a capsule: the ray's entry into
    /// the infinite cylinder about the segment's line (the sphere entry of
    /// the components across the axis), kept if it lies between the ends,
    /// else the entry into the ball about the end beyond which it lies
    /// (the only part of the capsule past that end, which a ray inside the
    /// cylinder reaches first). A segment without a radius is left to the
    /// loop (a ray meets it only in a measure-zero set of cases).
    fn ray_core(
        &self,
        origin: &SVector<T, D>,
        direction: &SVector<T, D>,
        radius: T,
    ) -> Option<RayEntry<T, D>> {
        if !(radius > T::zero()) {
            return None;
        }
        // A power of two brings the coordinates and the radius to order
        // one: squares neither overflow nor underflow, and the scaling is
        // exact (the parameter scales back by its reciprocal).
        let size = [origin, &self.a, &self.b]
            .iter()
            .fold(radius, |m, p| m.max(max_abs(p)));
        let s = T::unit_scale(size);
        let (a, rho, u) = (self.a * s, radius * s, direction);
        let (d, e) = (origin * s - a, self.b * s - a);
        let hit = match unit(&e) {
            None => ball_entry(&d, u, rho)?,
            Some(axis) => {
                let (d_along, u_along) = (d.dot(&axis), u.dot(&axis));
                let (d_across, u_across) = (d - axis * d_along, u - axis * u_along);
                let length = e.dot(&axis);
                let beyond = |along: T| {
                    if along < T::zero() {
                        Some(d)
                    } else if along > length {
                        Some(d - e)
                    } else {
                        None
                    }
                };
                match entry(&d_across, &u_across, rho) {
                    Entry::Miss => RayEntry::Miss,
                    Entry::Inside => match beyond(d_along) {
                        None => RayEntry::Inside,
                        Some(from_end) => ball_entry(&from_end, u, rho)?,
                    },
                    Entry::At(lambda) => match beyond(d_along + u_along * lambda) {
                        None => RayEntry::At {
                            lambda,
                            normal: unit(&(d_across + u_across * lambda))?,
                        },
                        Some(from_end) => ball_entry(&from_end, u, rho)?,
                    },
                }
            }
        };
        Some(match hit {
            RayEntry::At { lambda, normal } => {
                let lambda = lambda * s.recip();
                if !lambda.is_finite() {
                    return None;
                }
                RayEntry::At { lambda, normal }
            }
            other => other,
        })
    }
}

/// The ray `d + λ u` against the ball of radius `rho` about the origin,
/// with the outward normal at the entry; `None` for a normal lost to
/// rounding (the loop answers then).
fn ball_entry<T: Real, const D: usize>(
    d: &SVector<T, D>,
    u: &SVector<T, D>,
    rho: T,
) -> Option<RayEntry<T, D>> {
    Some(match entry(d, u, rho) {
        Entry::Inside => RayEntry::Inside,
        Entry::Miss => RayEntry::Miss,
        Entry::At(lambda) => RayEntry::At {
            lambda,
            normal: unit(&(d + u * lambda))?,
        },
    })
}
