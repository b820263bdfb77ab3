//! Ray casts and linear shape casts.
//!
//! The math is in the docs of the public item it serves, [`shape_cast`](crate::shape_cast).
//!
//! # The frame
//!
//! As every query, the cast computes in a frame scaled by a power of two
//! (see [`Pair`]) that brings the start, the shapes' centres and the first
//! support point to order one, and with the direction brought to order one
//! by another power of two. Both scale exactly, so a cast at scale `2ᵏ`
//! computes with the same numbers and answers `2ᵏ` times the same points
//! (and, for a direction scaled by `2ʲ`, `2⁻ʲ` times the same `t`).

mod advance;
mod between;
mod closed_form;
mod core;
mod motion;
mod ray;
mod rescue;
mod run;
mod shape;
mod toi;

pub use between::RelativeTurn;
pub use motion::RigidMotion;
pub use ray::{ray_cast, RayHit};
pub use shape::{shape_cast, shape_cast_with_separation, ShapeHit};
pub use toi::time_of_impact;

pub(crate) use run::cast;
