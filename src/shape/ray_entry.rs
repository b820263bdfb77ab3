//! Where a ray enters a shape, for shapes that know it in closed form.

use nalgebra::SVector;

use crate::math::real::Real;

/// Where the ray `origin + λ · direction`, `λ ≥ 0`, first meets a shape's
/// core grown by a radius: the answer of
/// [`SupportMap::ray_core`](super::SupportMap::ray_core).
///
/// # Example
///
/// ```
/// use gjk::{Cuboid, RayEntry, SupportMap, Vector};
///
/// let square = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
/// let (origin, right) = (Vector::<f64, 2>::new(-3.0, 0.5), Vector::<f64, 2>::x());
/// let entry = square.ray_core(&origin, &right, 0.0);
/// assert_eq!(entry, Some(RayEntry::At { lambda: 2.0, normal: -right }));
/// assert_eq!(square.ray_core(&origin, &-right, 0.0), Some(RayEntry::Miss));
/// assert_eq!(square.ray_core(&Vector::zeros(), &right, 0.0), Some(RayEntry::Inside));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RayEntry<T: Real, const D: usize> {
    /// The ray starts inside the grown core, or on its boundary.
    Inside,
    /// The ray never meets the grown core.
    Miss,
    /// The ray enters the grown core at `lambda > 0` (in units of the
    /// direction), where its outward unit normal is `normal`.
    At {
        /// The ray parameter of the entry.
        lambda: T,
        /// The outward unit normal of the grown core at the entry.
        normal: SVector<T, D>,
    },
}
