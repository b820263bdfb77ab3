//! # gjk
//!
//! The Gilbert–Johnson–Keerthi algorithm as a dimension-agnostic, `no_std`,
//! allocation-free kernel: boolean intersection, distance and closest points
//! between convex shapes in any dimension, for `f32` and `f64` through one
//! generic code path.
//!
//! ```
//! use gjk::{distance, intersects, Ball, Cuboid, Config, Transformed, Vector};
//! use gjk::nalgebra::{Isometry3, Vector3};
//!
//! let cube = Cuboid::new(Vector3::new(1.0_f64, 1.0, 1.0)).unwrap();
//! let moved = Transformed::from_isometry3(cube, &Isometry3::translation(4.0, 0.0, 0.0));
//! let ball = Ball::new(Vector3::zeros(), 1.0).unwrap();
//!
//! let config = Config::default();
//! let d = distance(&ball, &moved, &config).unwrap();
//! assert!((d.distance - 2.0).abs() < 1e-12);
//! assert!((d.point_a - Vector3::new(1.0, 0.0, 0.0)).norm() < 1e-12);
//! assert!((d.point_b - Vector3::new(3.0, 0.0, 0.0)).norm() < 1e-12);
//! assert!(!intersects(&ball, &moved, &config).unwrap());
//!
//! // The same code runs in any dimension, here 4D:
//! let a = Ball::new(Vector::<f64, 4>::zeros(), 1.0).unwrap();
//! let b = Cuboid::new(Vector::<f64, 4>::repeat(0.5)).unwrap();
//! assert!(intersects(&a, &b, &Config::default()).unwrap());
//! ```
//!
//! # How it is built
//!
//! GJK (Gilbert, Johnson & Keerthi, "A fast procedure for computing the
//! distance between complex objects in three-dimensional space", 1988) finds
//! the point `v` of the Minkowski difference `A − B` closest to the origin;
//! `‖v‖` is the distance between the shapes. Each iteration asks both shapes
//! for a support point along `−v`, adds `w = s_A(−v) − s_B(v)` to a
//! [`Simplex`], and lets Johnson's sub-algorithm move `v` to the simplex
//! point closest to the origin. Two bounds bracket the distance at every
//! step: `‖v‖` from above (the distance between two points of the shapes)
//! and `v·w / ‖v‖` from below (the plane through `w` orthogonal to `v`
//! separates the origin from `A − B`). The loop stops when they meet within
//! the tolerance, and every answer reports why it stopped ([`Status`]) with
//! the bracket.
//!
//! * [`SupportMap`]: the only thing a query asks of a shape; every shape is a
//!   *core* plus a *margin* (radius), and queries run on the cores, adding the
//!   margins at the end. A point core against a core that projects points (a
//!   ball against a box) needs no loop at all.
//! * [`Simplex`]: up to `D + 1` points of `A − B` and Johnson's distance
//!   sub-algorithm (barycentric weights).
//! * [`intersects`], [`distance`], [`closest_points`]: the GJK loop on top.
//! * [`penetration`], [`contact`]: GJK on the cores, then the Expanding
//!   Polytope Algorithm when they overlap, in fixed storage; [`Contact`]
//!   states the sign and normal conventions.
//! * [`distance_cached`], [`intersects_cached`]: warm starts between frames
//!   from a [`SimplexCache`] (the search directions of the last answer).
//! * [`ray_cast`], [`shape_cast`], [`time_of_impact`]: the first hit of a
//!   ray, the first contact of a shape moving in a straight line (van den
//!   Bergen's GJK ray cast on the cores), and of rotating shapes
//!   (conservative advancement).
//! * [`contact_manifold`]: the several points a solver needs when polytopes
//!   touch along a face ([`contact_manifold_into`] fills the caller's
//!   storage).
//! * [`HalfSpace`]: the ground under a scene, `n · x ≤ offset`; unbounded,
//!   so not a [`SupportMap`], and met by any shape in closed form
//!   ([`half_space_distance`], [`half_space_contact`],
//!   [`half_space_manifold`], [`half_space_ray_cast`], …), exact where a
//!   huge box standing in for it would round.
//! * [`Hull`]: the convex hull of a point cloud, built exactly, the one
//!   polytope type to reach for (the specialised forms are in [`hull`]); [`Aabb`], [`BoundingBall`]: the input
//!   of a broad phase.
//! * [`Shape2`], [`Shape3`]: one type for the shapes of each dimension, every
//!   capability forwarded; [`compound`]: several convex parts fixed to one
//!   body, queried pair by pair with pruning by their boxes.
//! * [`Solid`], [`MassProperties`]: volume, centre of mass and inertia of
//!   every solid shape (closed forms, polytopes cut into simplices), with
//!   the parallel-axis theorem for moving and summing bodies.
//!
//! Tolerances are relative and live in one place, the [`Real`] trait.
//!
//! # Feature Flags
//!
//! * `std` (default): float functions from the standard library; implies
//!   `alloc`.
//! * `libm`: float functions from `libm`, for `no_std` targets. Build with
//!   `default-features = false, features = ["libm"]`.
//! * `alloc`: shapes that own their points ([`OwnedHull`], the owned
//!   variants of [`Shape2`] and [`Shape3`]) and the shape traits for `Box`,
//!   `Rc` and `Arc`.
//!
//! * `small`: size first, for microcontrollers. Every query runs the one
//!   careful GJK loop (not the lean loop that answers most queries first
//!   in the default build), one copy of it shared by all queries and all
//!   pairs of shape types (the shapes behind trait objects), and EPA keeps
//!   compact facets (byte indices, planes recomputed from the vertices; at
//!   most 256 vertices and facets whatever the capacity) in a smaller
//!   default room ([`DEFAULT_EPA_VERTICES`], [`DEFAULT_EPA_FACETS`]).
//!   Statuses are the same and answers lie within the same certified
//!   brackets; queries take more instructions. Flash and stack figures for
//!   both builds are in the README.
//!
//! * `serde`, `mint`, `glam030` … `glam033`: serialization and conversions
//!   (see [`interop`]).
//!
//! One of the two float features is required. No query allocates.
#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "gjk needs float functions: enable the `std` feature (default) or the `libm` feature"
);

// The layers, each importing only from those above it in this list:
mod engine;
mod epa;
mod math;
mod query;
mod shape;
mod simplex;
// Extras on top of the queries.
mod bounds;
pub mod compound;
mod mass;
#[cfg(feature = "serde")]
mod serialize;
mod shape_enum;
#[cfg(test)]
mod test_lcg;
pub mod trace;

pub use crate::bounds::{Aabb, BoundingBall};
pub use crate::engine::config::{Config, Error, Status, DEFAULT_MAX_ITERATIONS};
pub use crate::epa::{DEFAULT_EPA_FACETS, DEFAULT_EPA_VERTICES};
pub use crate::mass::{MassProperties, RoundedSolid, Solid};
pub use crate::math::real::Real;
pub use crate::query::batch;
pub use crate::query::cast::{
    ray_cast, shape_cast, shape_cast_with_separation, time_of_impact, RayHit, RelativeTurn,
    RigidMotion, ShapeHit,
};
pub use crate::query::certified::Certified;
pub use crate::query::contact::{
    contact, contact_with_capacity, penetration, Contact, Penetration,
};
pub use crate::query::distance::{closest_points, distance, intersects, Distance};
pub use crate::query::half_space::{
    half_space_contact, half_space_distance, half_space_intersects, half_space_manifold,
    half_space_ray_cast, half_space_shape_cast,
};
pub use crate::query::manifold::{
    contact_manifold, contact_manifold_into, Face, Faces, Manifold, ManifoldPoint, Side,
    MAX_FACE_POINTS, MAX_MANIFOLD_POINTS,
};
pub use crate::query::warm::{distance_cached, intersects_cached, SimplexCache};
pub use crate::shape::{
    Affine, Ball, BoxFrame, Capsule, Cone, Cuboid, Cylinder, Ellipsoid, HalfSpace, Hull, LaneShape,
    MinkowskiSum, Placement, Point, RayEntry, Rounded, Segment, ShapeError, SupportMap,
    Transformed, Triangle,
};
pub use crate::shape_enum::{PairFn, Shape2, Shape3, ShapeFn};
pub use crate::simplex::{Simplex, SupportPoint};

#[cfg(feature = "alloc")]
pub use crate::shape::OwnedHull;

pub use crate::shape::hull;

#[doc = include_str!("../docs/from_parry.md")]
pub mod from_parry {}

#[doc = include_str!("../docs/interop.md")]
pub mod interop {}

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;

/// A column vector of dimension `D`: nalgebra's `SVector`, re-exported.
pub type Vector<T, const D: usize> = nalgebra::SVector<T, D>;

pub use nalgebra;
