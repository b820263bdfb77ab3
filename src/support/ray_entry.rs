//! Where a ray enters a shape, for shapes that know it in closed form.

use nalgebra::SVector;

use crate::real::Real;

/// Where the ray `origin + λ · direction`, `λ ≥ 0`, first meets a shape's
/// core grown by a radius: the answer of
/// [`SupportMap::ray_core`](super::SupportMap::ray_core).
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
