//! Axis-aligned boxes centred at the origin (place them with `Transformed`).

use nalgebra::SVector;

use super::{valid_radius, BoxFrame, RayEntry, ShapeError, SupportMap};
use crate::math::real::{axis, Real};

/// A box centred at the origin with the given half-extents along each axis.
///
/// Zero half-extents are allowed: a box may be flat (a rectangle in 3D) or
/// collapse to a segment or a point.
///
/// # Example
///
/// ```
/// use gjk::{Cuboid, ShapeError, SupportMap, Vector};
///
/// let b = Cuboid::new(Vector::<f64, 3>::new(1.0, 2.0, 3.0)).unwrap();
/// // The support point is the corner on the side of each coordinate of the direction.
/// let corner = b.support(&Vector::<f64, 3>::new(0.5, -2.0, 1.0));
/// assert_eq!(corner, Vector::<f64, 3>::new(1.0, -2.0, 3.0));
/// let bad = Cuboid::new(Vector::<f64, 3>::new(1.0, -2.0, 3.0));
/// assert_eq!(bad, Err(ShapeError::Negative));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cuboid<T: Real, const D: usize> {
    half_extents: SVector<T, D>,
}

impl<T: Real, const D: usize> Cuboid<T, D> {
    /// A box; fails on non-finite or negative half-extents.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, ShapeError, SupportMap, Vector};
    ///
    /// let b = Cuboid::new(Vector::<f64, 2>::new(2.0, 0.0)).unwrap(); // flat: a segment
    /// assert_eq!(b.support(&Vector::<f64, 2>::new(-1.0, 1.0)), Vector::<f64, 2>::new(-2.0, 0.0));
    /// let bad = Cuboid::new(Vector::<f64, 2>::new(f64::INFINITY, 1.0));
    /// assert_eq!(bad, Err(ShapeError::NonFinite));
    /// ```
    pub fn new(half_extents: SVector<T, D>) -> Result<Self, ShapeError> {
        half_extents.iter().try_for_each(|&h| valid_radius(h))?;
        Ok(Self { half_extents })
    }

    /// The half-extents.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, Vector};
    ///
    /// let b = Cuboid::new(Vector::<f64, 3>::new(0.5, 1.0, 2.0)).unwrap();
    /// assert_eq!(b.half_extents(), Vector::<f64, 3>::new(0.5, 1.0, 2.0));
    /// ```
    #[must_use]
    pub fn half_extents(&self) -> SVector<T, D> {
        self.half_extents
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Cuboid<T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        // Branch-free per coordinate so the loop vectorises.
        self.half_extents
            .zip_map(dir, |h, d| if d < T::zero() { -h } else { h })
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        SVector::zeros()
    }
    #[inline]
    fn core_box(&self) -> Option<BoxFrame<T, D>> {
        Some(BoxFrame {
            centre: SVector::zeros(),
            axes: core::array::from_fn(axis),
            half: self.half_extents,
        })
    }
    /// Clamps each coordinate to the box: exact.
    #[inline]
    fn project_core(&self, p: &SVector<T, D>) -> Option<SVector<T, D>> {
        Some(p.zip_map(&self.half_extents, |x, h| x.max(-h).min(h)))
    }
    /// The box's slabs (Kay & Kajiya, "Ray Tracing Complex Scenes", 1986):
    /// the ray is inside the box while it is between every pair of planes
    /// `xᵢ = ±hᵢ`, so it enters at the latest of its entries into the slabs
    /// and leaves at the earliest exit; each is one difference and one
    /// division, correctly rounded up to two roundings. Only for the box
    /// itself (`radius = 0`): the corners of a rounded box are spheres.
    #[inline]
    fn ray_core(
        &self,
        origin: &SVector<T, D>,
        direction: &SVector<T, D>,
        radius: T,
    ) -> Option<RayEntry<T, D>> {
        if radius != T::zero() {
            return None;
        }
        let mut enter: Option<(T, usize)> = None;
        let mut exit: Option<T> = None;
        let slabs = origin
            .iter()
            .zip(direction.iter())
            .zip(self.half_extents.iter());
        for (i, ((&o, &u), &h)) in slabs.enumerate() {
            if u == T::zero() {
                // Parallel to the slab: inside it for good, or never.
                if o < -h || o > h {
                    return Some(RayEntry::Miss);
                }
                continue;
            }
            let (near, far) = if u > T::zero() {
                (-h - o, h - o)
            } else {
                (h - o, -h - o)
            };
            if !(near.is_finite() && far.is_finite()) {
                return None;
            }
            let (t0, t1) = (near / u, far / u);
            if enter.is_none_or(|(e, _)| t0 > e) {
                enter = Some((t0, i));
            }
            if exit.is_none_or(|x| t1 < x) {
                exit = Some(t1);
            }
        }
        let ((lambda, i), exit) = (enter?, exit?);
        Some(if exit < T::zero() || lambda > exit {
            RayEntry::Miss
        } else if lambda <= T::zero() {
            RayEntry::Inside
        } else {
            let outward = if direction.get(i).is_some_and(|&u| u > T::zero()) {
                -T::one()
            } else {
                T::one()
            };
            RayEntry::At {
                lambda,
                normal: axis::<T, D>(i) * outward,
            }
        })
    }
}
