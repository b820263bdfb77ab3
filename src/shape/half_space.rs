//! Half-spaces: everything on one side of a hyperplane, the ground under a
//! scene.
//!
//! A half-space is unbounded, so it has no support map (no point of it is
//! farthest along its outward normal) and takes part in no GJK query. Its
//! queries against a convex shape are closed forms instead, in
//! [`half_space_distance`](crate::half_space_distance) and its siblings:
//! the one number they need is the shape's support value along the inward
//! normal, `n · s(−n)`, compared with the plane's offset.

use nalgebra::SVector;

use super::ShapeError;
use crate::math::real::{all_finite, unit, Real};

/// The half-space `{x : n · x ≤ offset}`, with `n` its unit outward
/// normal: a ground plane, a wall, any D.
///
/// # Rounding
///
/// The normal given is divided by its length (by its largest coordinate
/// first, so that a tiny or huge normal loses nothing to underflow): a
/// normal along a coordinate axis, the usual ground, is kept exactly, and
/// any other is rounded to the nearest unit vector within a few ulps. The
/// offset is kept exactly as given ([`new`](Self::new)), so a ground at
/// `y = 0` or `y = 1e5` is exact in `f32`, where a box standing in for the
/// ground would round its top face at the box's own size.
/// [`through`](Self::through) computes the offset as `n · p`, exact when
/// the normal is along an axis.
///
/// # Queries
///
/// A half-space does not implement [`SupportMap`](crate::SupportMap): its
/// support along any direction other than `−n` is at infinity. Its
/// queries against a shape `S` ([`half_space_intersects`](crate::half_space_intersects),
/// [`half_space_distance`](crate::half_space_distance),
/// [`half_space_contact`](crate::half_space_contact),
/// [`half_space_manifold`](crate::half_space_manifold),
/// [`half_space_ray_cast`](crate::half_space_ray_cast),
/// [`half_space_shape_cast`](crate::half_space_shape_cast)) ask `S` for
/// its core's support point along `−n` and subtract its margin: no loop,
/// no iterations.
///
/// # Example
///
/// ```
/// use gjk::{half_space_distance, Ball, Config, HalfSpace, Vector};
///
/// // The ground y ≤ 0 and a ball of radius 1 whose centre is 3 above it.
/// let ground = HalfSpace::new(Vector::<f64, 3>::y(), 0.0).unwrap();
/// assert_eq!(ground.signed_distance(&Vector::<f64, 3>::new(5.0, 2.0, 1.0)), 2.0);
/// let ball = Ball::new(Vector::<f64, 3>::new(1.0, 3.0, 0.0), 1.0).unwrap();
/// let d = half_space_distance(&ground, &ball, &Config::default()).unwrap();
/// assert_eq!(d.distance, 2.0);
/// assert_eq!(d.point_b, Vector::<f64, 3>::new(1.0, 2.0, 0.0));
/// assert_eq!(d.point_a, Vector::<f64, 3>::new(1.0, 0.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HalfSpace<T: Real, const D: usize> {
    normal: SVector<T, D>,
    offset: T,
}

impl<T: Real, const D: usize> HalfSpace<T, D> {
    /// The half-space `{x : n̂ · x ≤ offset}`, `n̂` the given normal made
    /// unit (see [Rounding](Self#rounding)); the offset is kept as given.
    ///
    /// # Errors
    ///
    /// [`ShapeError::NonFinite`] for a NaN or infinite coordinate or
    /// offset, [`ShapeError::Degenerate`] for a zero normal (it names no
    /// side).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{HalfSpace, ShapeError, Vector};
    ///
    /// // x + y ≤ √2, given by a normal of any length.
    /// let h = HalfSpace::new(Vector::<f64, 2>::new(3.0, 3.0), 2f64.sqrt()).unwrap();
    /// assert!((h.normal() - Vector::<f64, 2>::repeat(0.5f64.sqrt())).norm() < 1e-15);
    /// assert_eq!(h.offset(), 2f64.sqrt()); // as given
    /// let zero = Vector::<f64, 2>::zeros();
    /// assert_eq!(HalfSpace::new(zero, 0.0), Err(ShapeError::Degenerate));
    /// let nan = Vector::<f64, 2>::new(f64::NAN, 1.0);
    /// assert_eq!(HalfSpace::new(nan, 0.0), Err(ShapeError::NonFinite));
    /// ```
    pub fn new(normal: SVector<T, D>, offset: T) -> Result<Self, ShapeError> {
        if !(all_finite(&normal) && offset.is_finite()) {
            return Err(ShapeError::NonFinite);
        }
        let normal = unit(&normal).ok_or(ShapeError::Degenerate)?;
        Ok(Self { normal, offset })
    }

    /// The half-space whose boundary passes through `point`, with this
    /// outward normal: the offset is `n̂ · point` (exact when the normal is
    /// along a coordinate axis, rounded to a few ulps of `Σ |n̂ᵢ pointᵢ|`
    /// otherwise).
    ///
    /// # Errors
    ///
    /// As for [`new`](Self::new); also [`ShapeError::NonFinite`] when
    /// `n̂ · point` overflows.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{HalfSpace, Vector};
    ///
    /// // A floor at height 1e5, exact in f32.
    /// let point = Vector::<f32, 3>::new(3.0, 1e5, -7.0);
    /// let h = HalfSpace::through(point, Vector::<f32, 3>::new(0.0, 2.0, 0.0)).unwrap();
    /// assert_eq!(h.offset(), 1e5);
    /// assert_eq!(h.normal(), Vector::<f32, 3>::y());
    /// ```
    pub fn through(point: SVector<T, D>, normal: SVector<T, D>) -> Result<Self, ShapeError> {
        if !all_finite(&point) {
            return Err(ShapeError::NonFinite);
        }
        let normal = Self::new(normal, T::zero())?.normal;
        let offset = normal.dot(&point);
        if !offset.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        Ok(Self { normal, offset })
    }

    /// The unit outward normal.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{HalfSpace, Vector};
    ///
    /// let wall = HalfSpace::new(Vector::<f64, 2>::new(-4.0, 0.0), 1.0).unwrap();
    /// assert_eq!(wall.normal(), Vector::<f64, 2>::new(-1.0, 0.0));
    /// ```
    #[must_use]
    pub fn normal(&self) -> SVector<T, D> {
        self.normal
    }

    /// The offset: the half-space is `n · x ≤ offset`, its boundary the
    /// points at `n · x = offset`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{HalfSpace, Vector};
    ///
    /// // x ≥ 2 is −x ≤ −2.
    /// let h = HalfSpace::new(Vector::<f64, 2>::new(-1.0, 0.0), -2.0).unwrap();
    /// assert_eq!(h.offset(), -2.0);
    /// assert!(h.contains(&Vector::<f64, 2>::new(3.0, 0.0)));
    /// ```
    #[must_use]
    pub fn offset(&self) -> T {
        self.offset
    }

    /// `n · p − offset`: how far `p` lies outside (positive) or inside
    /// (negative) the half-space, to rounding.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{HalfSpace, Vector};
    ///
    /// let ground = HalfSpace::new(Vector::<f64, 2>::y(), 1.0).unwrap();
    /// assert_eq!(ground.signed_distance(&Vector::<f64, 2>::new(9.0, 0.25)), -0.75);
    /// ```
    #[must_use]
    pub fn signed_distance(&self, p: &SVector<T, D>) -> T {
        self.normal.dot(p) - self.offset
    }

    /// Whether `p` is in the half-space (its boundary included); `false`
    /// for a point with a NaN coordinate.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{HalfSpace, Vector};
    ///
    /// let ground = HalfSpace::new(Vector::<f64, 3>::z(), 0.0).unwrap();
    /// assert!(ground.contains(&Vector::<f64, 3>::new(1.0, 2.0, 0.0)));
    /// assert!(!ground.contains(&Vector::<f64, 3>::new(1.0, 2.0, 1e-300)));
    /// ```
    #[must_use]
    pub fn contains(&self, p: &SVector<T, D>) -> bool {
        self.signed_distance(p) <= T::zero()
    }

    /// The point of the boundary nearest `p`: `p − (n · p − offset) n`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{HalfSpace, Vector};
    ///
    /// let ground = HalfSpace::new(Vector::<f64, 3>::z(), 1.0).unwrap();
    /// let p = Vector::<f64, 3>::new(4.0, 5.0, 6.0);
    /// assert_eq!(ground.project(&p), Vector::<f64, 3>::new(4.0, 5.0, 1.0));
    /// ```
    #[must_use]
    pub fn project(&self, p: &SVector<T, D>) -> SVector<T, D> {
        p - self.normal * self.signed_distance(p)
    }
}
