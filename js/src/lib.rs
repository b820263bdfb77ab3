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
//! * `full` (default): all but `small`. Without it the module holds
//!   `distance` and `contact` of balls, boxes and capsules only (with
//!   `small`, the size-first build: at most 150 KiB, checked by CI).
//! * `more`: `intersects`, `contactManifold`, `rayCast`, `shapeCast`.
//! * `hull`: polygons and hulls of points (the hull builder).
//! * `batch`: the batch queries over typed arrays.
//! * `trace`: GJK's simplices and EPA's polytope, and support points, for
//!   pictures of a query (the browser demo's).
//! * `small`: the `gjk` crate's size-first build.
//!
//! In the module the crate is `no_std` (the standard library's panic
//! machinery and its allocator are about 8 KB of the size-first module):
//! lol_alloc's free-list allocator, and a panic handler that traps (the
//! `gjk` crate does not panic; neither does this one). The module is built
//! with WebAssembly SIMD (`.cargo/config.toml`), 10 % smaller.
#![cfg_attr(target_arch = "wasm32", no_std)]
#![forbid(unsafe_code)]

extern crate alloc;

/// The allocator: lol_alloc's free list, behind a lock, which needs no
/// `unsafe` to set up.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: lol_alloc::LockedAllocator<lol_alloc::FreeListAllocator> =
    lol_alloc::LockedAllocator::new(lol_alloc::FreeListAllocator::new());

/// A panic traps the module (none is reachable: the queries return errors).
#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

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
