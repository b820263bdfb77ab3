//! What the cast's parts pass each other: the ray in the kernel's frame,
//! its hit there, and the cast's answer in the caller's frame.

use nalgebra::SVector;

use crate::engine::config::Status;
use crate::math::real::Real;

/// A ray in the kernel's frame against the rounded core `A − B`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray<T: Real, const D: usize> {
    /// The start `x₀`.
    pub start: SVector<T, D>,
    /// The direction `u`.
    pub dir: SVector<T, D>,
    /// The radius `ρ` around the core at which the ray stops.
    pub margin: T,
    /// The largest `λ` asked about.
    pub max: T,
}

/// A hit, in the kernel's frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CoreHit<T: Real, const D: usize> {
    /// The ray parameter of the hit (a certified lower bound).
    pub lambda: T,
    /// A certified upper bound when not converged (`lambda` when converged).
    pub upper: T,
    /// The points of A's and B's cores whose difference is the core point
    /// nearest the hit.
    pub point_a: SVector<T, D>,
    pub point_b: SVector<T, D>,
    /// The unit outward normal of the rounded core at the hit; `None` when
    /// the ray starts inside the core.
    pub normal: Option<SVector<T, D>>,
    pub iterations: u32,
    pub status: Status,
}

/// A cast's answer in the caller's frame, on the cores (margins not yet
/// applied to the points).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cast<T: Real, const D: usize> {
    pub t: T,
    pub lower: T,
    pub upper: T,
    /// The core points of A and B (B unmoved) nearest the hit.
    pub core_a: SVector<T, D>,
    pub core_b: SVector<T, D>,
    pub normal: Option<SVector<T, D>>,
    pub iterations: u32,
    pub status: Status,
}
