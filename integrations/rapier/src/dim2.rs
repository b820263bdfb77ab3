//! The 2D dispatcher, for rapier2d and parry2d (`f32`).

pub(crate) use parry2d as parry;

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

pub(crate) use rapier2d as rapier;

pub mod scene;
#[path = "shared/world.rs"]
pub mod world;
