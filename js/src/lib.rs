//! # gjk-js
//!
//! The `gjk` crate's queries for JavaScript and TypeScript: a
//! `wasm32-unknown-unknown` module with wasm-bindgen glue, packaged for
//! npm (see `README.md` beside this crate for the JavaScript side).
//!
//! Shapes are [`Shape`] values made by the `Shape2` and `Shape3` factory
//! classes, placed per query by a pose ([`pose`]); answers are plain
//! objects typed in the generated `.d.ts`; errors are thrown as `Error`s
//! carrying the crate's messages ([`Failure`]).
//!
//! The Rust side is usable natively too (an `rlib`): [`pose::pair`] places
//! two shapes exactly as the JavaScript queries do, so a native program can
//! reproduce the package's answers bit for bit.
//!
//! # Feature Flags
//!
//! * `full` (default): everything below. Without it the module holds
//!   `intersects`, `distance` and `contact` only, the size-first build.
//! * `more`: `contactManifold`, `rayCast`, `shapeCast`.
//! * `batch`: the batch queries over typed arrays.
//! * `trace`: GJK's simplices and EPA's polytope, and support points, for
//!   pictures of a query (the browser demo's).
//! * `small`: the `gjk` crate's size-first build.
#![forbid(unsafe_code)]

#[cfg(feature = "batch")]
mod batch;
mod failure;
mod js;
pub mod kind;
#[cfg(feature = "more")]
mod more;
pub mod pose;
mod query;
mod shape;
#[cfg(feature = "trace")]
mod trace;

#[cfg(feature = "batch")]
pub use batch::{batch_status, contact_batch, distance_batch};
pub use failure::Failure;
#[cfg(feature = "more")]
pub use more::{contact_manifold, ray_cast, shape_cast};
#[cfg(feature = "more")]
pub use query::intersects;
pub use query::{contact, distance};
pub use shape::{Factory2, Factory3, Inner, Shape};
#[cfg(feature = "trace")]
pub use trace::{support, trace_distance, trace_penetration};
