//! # gjk-rapier
//!
//! A parry [`QueryDispatcher`](parry3d::query::QueryDispatcher) and
//! [`PersistentQueryDispatcher`](parry3d::query::PersistentQueryDispatcher)
//! for rapier, whose convex pairs are answered by [gjk](gjk): intersection
//! tests, distances, closest points, contacts, contact manifolds and
//! linear casts, each with gjk's certified bounds behind it. Every other
//! pair (compounds, triangle meshes, height fields, half-spaces, voxels,
//! custom shapes), rotating casts, and every query gjk cannot certify, is
//! answered by parry's `DefaultQueryDispatcher`.
//!
//! ```
//! # #[cfg(feature = "dim3")] {
//! use gjk_rapier::dim3::GjkDispatcher;
//! use rapier3d::prelude::NarrowPhase;
//!
//! let narrow_phase = NarrowPhase::with_query_dispatcher(GjkDispatcher::new());
//! # let _ = narrow_phase;
//! # }
//! ```
//!
//! # Feature Flags
//!
//! * `dim3` (default): [`dim3::GjkDispatcher`], for rapier3d / parry3d.
//! * `dim2` (default): [`dim2::GjkDispatcher`], for rapier2d / parry2d.
#![forbid(unsafe_code)]

mod cache;
#[cfg(feature = "dim2")]
pub mod dim2;
#[cfg(feature = "dim3")]
pub mod dim3;
pub mod rng;
mod stats;
pub mod summary;

pub use cache::DEFAULT_CACHE_LIMIT;
pub use stats::Stats;
