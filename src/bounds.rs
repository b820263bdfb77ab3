//! Bounding volumes of any shape: an axis-aligned box and a ball, the input
//! a broad phase sorts and prunes before asking the exact queries.
//!
//! The math is in the docs of the public item it serves, [`Aabb`](crate::Aabb).

use nalgebra::SVector;

use crate::engine::config::Error;
use crate::math::real::{all_finite, axis, max_abs, Length, Real};
use crate::shape::{ShapeError, SupportMap, Transformed};

/// An axis-aligned box `{x : min ≤ x ≤ max}` (componentwise).
///
/// ```
/// use gjk::{Aabb, Ball, Vector};
///
/// let ball = Ball::new(Vector::<f64, 2>::new(1.0, 2.0), 0.5).unwrap();
/// let bounds = Aabb::of(&ball).unwrap();
/// // The ball's box, each face moved out by the rounding allowance
/// // (8 ε times the largest coordinate, here about 4e-15).
/// assert!((bounds.min - Vector::<f64, 2>::new(0.5, 1.5)).amax() < 1e-14);
/// assert!((bounds.max - Vector::<f64, 2>::new(1.5, 2.5)).amax() < 1e-14);
/// assert!(bounds.contains_point(&Vector::<f64, 2>::new(1.0, 2.5)));
/// ```
///
/// Both come from the support map alone. The largest `i`-th coordinate of a
/// convex set is its support function along the axis `eᵢ`,
/// `h(eᵢ) = maxₓ xᵢ = s(eᵢ)ᵢ`, and the smallest is `−h(−eᵢ)`: `2·D` support
/// calls give the tightest axis-aligned box. A margin `r` (a ball's radius,
/// a rounded shape's) adds `r` to every support function, so the box of
/// the shape is the core's grown by `r` on every side, exactly.
///
/// Support points are computed in floating point, so the coordinates they
/// report may fall short of the true extreme by a few rounding errors of the
/// coordinates involved. A bounding volume must never cut a shape (a broad
/// phase would then drop a pair that touches), so each box face is moved
/// outward by [`Real::ROUNDING_FLOOR`] times the largest coordinate seen,
/// the allowance the queries use for the same rounding.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Aabb<T: Real, const D: usize> {
    /// The smallest coordinates.
    pub min: SVector<T, D>,
    /// The largest coordinates.
    pub max: SVector<T, D>,
}

impl<T: Real, const D: usize> Aabb<T, D> {
    /// The box with corners `min` and `max`.
    ///
    /// # Errors
    ///
    /// [`ShapeError::NonFinite`] for a NaN or infinite coordinate,
    /// [`ShapeError::Degenerate`] when `min` exceeds `max` on some axis.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Aabb, ShapeError, Vector};
    ///
    /// let lo = Vector::<f64, 2>::new(-1.0, 0.0);
    /// let hi = Vector::<f64, 2>::new(3.0, 2.0);
    /// let b = Aabb::new(lo, hi).unwrap();
    /// assert_eq!((b.min, b.max), (lo, hi));
    /// assert_eq!(Aabb::new(hi, lo), Err(ShapeError::Degenerate)); // min above max
    /// ```
    pub fn new(min: SVector<T, D>, max: SVector<T, D>) -> Result<Self, ShapeError> {
        if !(all_finite(&min) && all_finite(&max)) {
            return Err(ShapeError::NonFinite);
        }
        if min.iter().zip(max.iter()).any(|(lo, hi)| lo > hi) {
            return Err(ShapeError::Degenerate);
        }
        Ok(Self { min, max })
    }

    /// The smallest box holding `shape`, margin included, each face moved
    /// outward by [`Real::ROUNDING_FLOOR`] times the largest coordinate
    /// seen, so that rounding never makes it cut the shape: `2·D` support
    /// calls.
    ///
    /// # Errors
    ///
    /// [`Error::NonFinite`] for a non-finite support point or margin,
    /// [`Error::Overflow`] when the margin takes a face past the largest
    /// finite value.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Aabb, Cuboid, Transformed, Vector};
    ///
    /// // A box of half-extents (1, 2, 3) centred at (10, 0, 0).
    /// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 2.0, 3.0)).unwrap();
    /// let moved = Transformed::translated(cube, Vector::<f64, 3>::new(10.0, 0.0, 0.0)).unwrap();
    /// let b = Aabb::of(&moved).unwrap();
    /// // Exact up to the rounding allowance, 8 ε · 11 ≈ 2e-14.
    /// assert!((b.min - Vector::<f64, 3>::new(9.0, -2.0, -3.0)).amax() < 1e-13);
    /// assert!((b.max - Vector::<f64, 3>::new(11.0, 2.0, 3.0)).amax() < 1e-13);
    /// assert!(b.min.x <= 9.0 && b.max.x >= 11.0); // never cuts the shape
    /// ```
    pub fn of(shape: &(impl SupportMap<T, D> + ?Sized)) -> Result<Self, Error> {
        let margin = shape.margin();
        if !(margin.is_finite() && margin >= T::zero()) {
            return Err(Error::NonFinite);
        }
        let mut finite = true;
        let mut extent = T::zero();
        // The `i`-th coordinate of the support point along `±eᵢ`.
        let mut side = |i: usize, sign: T| {
            let p = shape.core_support(&(axis::<T, D>(i) * sign));
            finite &= all_finite(&p);
            extent = extent.max(max_abs(&p));
            p.get(i).copied().unwrap_or(T::zero())
        };
        let max = SVector::<T, D>::from_fn(|i, _| side(i, T::one()));
        let min = SVector::<T, D>::from_fn(|i, _| side(i, -T::one()));
        if !finite {
            return Err(Error::NonFinite);
        }
        let grow = T::ROUNDING_FLOOR * extent + margin;
        let bounds = Self {
            min: min.add_scalar(-grow),
            max: max.add_scalar(grow),
        };
        if all_finite(&bounds.min) && all_finite(&bounds.max) {
            Ok(bounds)
        } else {
            Err(Error::Overflow)
        }
    }

    /// The centre, `(min + max) / 2`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::Aabb;
    /// use gjk::nalgebra::Vector2;
    ///
    /// let b = Aabb::new(Vector2::new(-1.0_f64, 2.0), Vector2::new(3.0, 4.0)).unwrap();
    /// assert_eq!(b.center(), Vector2::new(1.0, 3.0));
    /// ```
    #[must_use]
    pub fn center(&self) -> SVector<T, D> {
        self.min + (self.max - self.min) * T::lit(0.5)
    }

    /// The half-extents, `(max − min) / 2`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::Aabb;
    /// use gjk::nalgebra::Vector2;
    ///
    /// let b = Aabb::new(Vector2::new(-1.0_f64, 2.0), Vector2::new(3.0, 4.0)).unwrap();
    /// assert_eq!(b.half_extents(), Vector2::new(2.0, 1.0));
    /// ```
    #[must_use]
    pub fn half_extents(&self) -> SVector<T, D> {
        (self.max - self.min) * T::lit(0.5)
    }

    /// Whether the two boxes share a point (touching boxes do).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Aabb, Vector};
    ///
    /// let unit = |x: f64| {
    ///     Aabb::new(Vector::<f64, 2>::new(x, 0.0), Vector::<f64, 2>::new(x + 1.0, 1.0)).unwrap()
    /// };
    /// assert!(unit(0.0).intersects(&unit(0.5)));
    /// assert!(unit(0.0).intersects(&unit(1.0))); // sharing an edge counts
    /// assert!(!unit(0.0).intersects(&unit(1.5)));
    /// ```
    #[must_use]
    pub fn intersects(&self, other: &Self) -> bool {
        below(&self.min, &other.max) && below(&other.min, &self.max)
    }

    /// Whether `p` is in the box (on its boundary included).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Aabb, Vector};
    ///
    /// let b = Aabb::new(Vector::<f64, 2>::zeros(), Vector::<f64, 2>::new(2.0, 1.0)).unwrap();
    /// assert!(b.contains_point(&Vector::<f64, 2>::new(1.0, 0.5)));
    /// assert!(b.contains_point(&Vector::<f64, 2>::new(2.0, 1.0))); // a corner
    /// assert!(!b.contains_point(&Vector::<f64, 2>::new(2.5, 0.5)));
    /// ```
    #[must_use]
    pub fn contains_point(&self, p: &SVector<T, D>) -> bool {
        below(&self.min, p) && below(p, &self.max)
    }

    /// The smallest box holding both.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::Aabb;
    /// use gjk::nalgebra::Vector2;
    ///
    /// let a = Aabb::new(Vector2::new(0.0_f64, 0.0), Vector2::new(1.0, 1.0)).unwrap();
    /// let b = Aabb::new(Vector2::new(3.0, -2.0), Vector2::new(4.0, 0.5)).unwrap();
    /// let both = a.merged(&b);
    /// assert_eq!(both.min, Vector2::new(0.0, -2.0));
    /// assert_eq!(both.max, Vector2::new(4.0, 1.0));
    /// ```
    #[must_use]
    pub fn merged(&self, other: &Self) -> Self {
        Self {
            min: self.min.inf(&other.min),
            max: self.max.sup(&other.max),
        }
    }

    /// The box grown by `amount` on every side (a broad phase's allowance
    /// for motion or speculative contact); a negative or NaN `amount` leaves
    /// it as it is, so the result always holds the box.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Aabb, Vector};
    ///
    /// let b = Aabb::new(Vector::<f64, 2>::zeros(), Vector::<f64, 2>::new(2.0, 1.0)).unwrap();
    /// let grown = b.loosened(0.5);
    /// assert_eq!(grown.min, Vector::<f64, 2>::new(-0.5, -0.5));
    /// assert_eq!(grown.max, Vector::<f64, 2>::new(2.5, 1.5));
    /// assert_eq!(b.loosened(-1.0), b); // never shrinks
    /// ```
    #[must_use]
    pub fn loosened(&self, amount: T) -> Self {
        // `max` returns the other operand for a NaN.
        let amount = amount.max(T::zero());
        Self {
            min: self.min.add_scalar(-amount),
            max: self.max.add_scalar(amount),
        }
    }
}

/// A ball that holds a shape: a centre and a radius.
///
/// ```
/// use gjk::{BoundingBall, Capsule, Vector};
///
/// let capsule = Capsule::new(
///     Vector::<f64, 3>::new(0.0, -1.0, 0.0),
///     Vector::<f64, 3>::new(0.0, 1.0, 0.0),
///     0.5,
/// )
/// .unwrap();
/// let ball = BoundingBall::of(&capsule).unwrap();
/// assert_eq!(ball.center, Vector::<f64, 3>::zeros());
/// assert!((ball.radius - 1.5).abs() < 1e-14);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoundingBall<T: Real, const D: usize> {
    /// The centre.
    pub center: SVector<T, D>,
    /// The radius.
    pub radius: T,
}

impl<T: Real, const D: usize> BoundingBall<T, D> {
    /// A ball holding `shape`: about the centre of the core's bounding box,
    /// through that box's corners, grown by the margin.
    ///
    /// The core's box holds the core, and the ball through the box's
    /// corners holds the box, so the ball holds the shape. It is the
    /// smallest ball for balls, points, segments and boxes whose faces are
    /// along the axes (and for these rounded); for other shapes it is the
    /// ball around their box, larger than the smallest by up to `√D`.
    /// [`Transformed::bounding_ball`] takes the box in the shape's own frame,
    /// so that a rotation does not loosen it.
    ///
    /// # Errors
    ///
    /// As for [`Aabb::of`].
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{BoundingBall, Cuboid, Vector};
    ///
    /// // The ball through the corners of a 6 × 8 rectangle has radius 5.
    /// let rect = Cuboid::new(Vector::<f64, 2>::new(3.0, 4.0)).unwrap();
    /// let ball = BoundingBall::of(&rect).unwrap();
    /// assert_eq!(ball.center, Vector::<f64, 2>::zeros());
    /// assert!((ball.radius - 5.0).abs() < 1e-13);
    /// ```
    pub fn of(shape: &(impl SupportMap<T, D> + ?Sized)) -> Result<Self, Error> {
        let core = Aabb::of(&CoreOf(shape))?;
        let margin = shape.margin();
        let radius = half_diagonal(&core) + margin;
        if radius.is_finite() {
            Ok(Self {
                center: core.center(),
                radius,
            })
        } else {
            Err(Error::Overflow)
        }
    }

    /// Whether the two balls share a point (touching balls do).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{BoundingBall, Vector};
    ///
    /// let at = |x: f64, radius: f64| BoundingBall {
    ///     center: Vector::<f64, 3>::new(x, 0.0, 0.0),
    ///     radius,
    /// };
    /// assert!(at(0.0, 1.0).intersects(&at(2.5, 2.0)));
    /// assert!(at(0.0, 1.0).intersects(&at(3.0, 2.0))); // touching
    /// assert!(!at(0.0, 1.0).intersects(&at(3.5, 2.0)));
    /// ```
    #[must_use]
    pub fn intersects(&self, other: &Self) -> bool {
        let d = other.center - self.center;
        let reach = self.radius + other.radius;
        // Compared through the largest coordinate: no square overflows.
        let m = max_abs(&d).max(reach);
        if m == T::zero() {
            return true;
        }
        (d / m).length_squared() <= (reach / m) * (reach / m)
    }
}

/// Whether `lo ≤ hi` in every coordinate.
fn below<T: Real, const D: usize>(lo: &SVector<T, D>, hi: &SVector<T, D>) -> bool {
    lo.iter().zip(hi.iter()).all(|(l, h)| l <= h)
}

/// The length of a box's half-diagonal, computed without overflow.
fn half_diagonal<T: Real, const D: usize>(b: &Aabb<T, D>) -> T {
    let h = b.half_extents();
    let m = max_abs(&h);
    if m > T::zero() {
        m * (h / m).length()
    } else {
        T::zero()
    }
}

/// A shape's core alone (its margin taken as zero).
struct CoreOf<'s, S: ?Sized>(&'s S);

impl<T: Real, const D: usize, S: SupportMap<T, D> + ?Sized> SupportMap<T, D> for CoreOf<'_, S> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        self.0.core_support(dir)
    }
}

impl<S: SupportMap<T, D>, T: Real, const D: usize> Transformed<S, T, D> {
    /// The placed shape's bounding box ([`Aabb::of`]): `2·D` support calls of
    /// the placed shape.
    ///
    /// # Errors
    ///
    /// As for [`Aabb::of`].
    ///
    /// # Example
    ///
    /// ```
    /// use core::f64::consts::FRAC_PI_4;
    /// use gjk::{Cuboid, Transformed};
    /// use gjk::nalgebra::{Isometry2, Vector2};
    ///
    /// // A unit square turned 45° reaches √2 along each axis.
    /// let square = Cuboid::new(Vector2::new(1.0_f64, 1.0)).unwrap();
    /// let turn = Isometry2::new(Vector2::zeros(), FRAC_PI_4);
    /// let diamond = Transformed::from_isometry2(square, &turn);
    /// let b = diamond.aabb().unwrap();
    /// assert!((b.max - Vector2::repeat(2f64.sqrt())).amax() < 1e-14);
    /// assert!((b.min + Vector2::repeat(2f64.sqrt())).amax() < 1e-14);
    /// ```
    pub fn aabb(&self) -> Result<Aabb<T, D>, Error> {
        Aabb::of(self)
    }

    /// A ball holding the placed shape: the inner shape's
    /// [`BoundingBall::of`], taken in its own frame and placed, so its
    /// radius does not depend on the rotation (the support calls are the
    /// inner shape's, with no rotation to apply).
    ///
    /// # Errors
    ///
    /// As for [`Aabb::of`].
    ///
    /// # Example
    ///
    /// ```
    /// use core::f64::consts::FRAC_PI_4;
    /// use gjk::{Cuboid, Transformed};
    /// use gjk::nalgebra::{Isometry2, Vector2};
    ///
    /// // A 6 × 8 rectangle turned and moved: still radius 5, centred at the translation.
    /// let rect = Cuboid::new(Vector2::new(3.0_f64, 4.0)).unwrap();
    /// let pose = Isometry2::new(Vector2::new(10.0, -1.0), FRAC_PI_4);
    /// let ball = Transformed::from_isometry2(rect, &pose).bounding_ball().unwrap();
    /// assert!((ball.center - Vector2::new(10.0, -1.0)).norm() < 1e-13);
    /// assert!((ball.radius - 5.0).abs() < 1e-12);
    /// ```
    pub fn bounding_ball(&self) -> Result<BoundingBall<T, D>, Error> {
        let inner = BoundingBall::of(self.shape())?;
        let center = self.to_world(&inner.center);
        // The placement's rounding: a few ε of the coordinates involved.
        let slack = T::ROUNDING_FLOOR * max_abs(&center).max(inner.radius);
        let radius = inner.radius + slack;
        if all_finite(&center) && radius.is_finite() {
            Ok(BoundingBall { center, radius })
        } else {
            Err(Error::Overflow)
        }
    }
}
