//! The 3D dispatcher, for rapier3d and parry3d (`f32`).

pub(crate) use parry3d as parry;

mod convert;
#[path = "shared/dispatcher.rs"]
mod dispatcher;
#[path = "shared/manifold.rs"]
mod manifold;
#[path = "shared/queries.rs"]
mod queries;
#[path = "shared/shapes.rs"]
mod shapes;

pub use dispatcher::GjkDispatcher;

pub(crate) use rapier3d as rapier;

pub mod scene;
#[path = "shared/world.rs"]
pub mod world;
