//! A box in place: its centre, axes and half extents, what a shape with a
//! box core hands the queries ([`SupportMap::core_box`](crate::SupportMap::core_box)).

use nalgebra::SVector;

use crate::math::real::Real;

/// A box in place: its centre, its axes (orthonormal) and its half extent
/// along each.
///
/// # Example
///
/// ```
/// use gjk::{BoxFrame, Cuboid, SupportMap, Transformed, Vector};
/// use gjk::nalgebra::Vector3;
///
/// let slab = Cuboid::new(Vector::<f64, 3>::new(1.0, 2.0, 3.0)).unwrap();
/// let placed = Transformed::translated(slab, Vector::<f64, 3>::new(5.0, 0.0, 0.0)).unwrap();
/// let frame: BoxFrame<f64, 3> = placed.core_box().unwrap();
/// assert_eq!(frame.centre, Vector::<f64, 3>::new(5.0, 0.0, 0.0));
/// assert_eq!(frame.axes, [Vector3::x(), Vector3::y(), Vector3::z()]);
/// assert_eq!(frame.half, Vector::<f64, 3>::new(1.0, 2.0, 3.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxFrame<T: Real, const D: usize> {
    /// The centre.
    pub centre: SVector<T, D>,
    /// Unit axes, orthogonal to each other.
    pub axes: [SVector<T, D>; D],
    /// The half extent along each axis.
    pub half: SVector<T, D>,
}
