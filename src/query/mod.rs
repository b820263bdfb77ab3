//! The queries, each answering through the engine: distance and
//! intersection, contact and penetration, casts, manifolds and warm starts.

pub mod batch;
pub(crate) mod box_sat;
pub(crate) mod cast;
pub(crate) mod certified;
pub(crate) mod contact;
pub(crate) mod distance;
pub(crate) mod half_space;
pub(crate) mod manifold;
pub(crate) mod warm;
