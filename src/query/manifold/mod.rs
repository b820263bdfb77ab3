//! Contact manifolds: the several contact points a rigid-body solver needs
//! when two polytopes touch along a face or an edge.
//!
//! The math is in the docs of the public item it serves, [`contact_manifold`](crate::contact_manifold).

mod answer;
mod box_clip;
mod boxes;
mod clip;
mod face;
mod find;
mod hull_faces;
mod reduce;
mod revolution;
mod shape_faces;
mod tilt;

pub(crate) use answer::DEEPEST;
pub use answer::{Manifold, ManifoldPoint, Side, MAX_MANIFOLD_POINTS};
pub use face::{Face, Faces, MAX_FACE_POINTS};
pub use find::{contact_manifold, contact_manifold_into};
pub(crate) use reduce::reduce;
