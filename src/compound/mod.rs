//! Compound shapes: several convex parts, each with its own placement and
//! bounding box, queried part against part with pruning by the boxes.
//!
//! A robot link or a game prop is rarely one convex shape; it is a few,
//! fixed to one body. A [`Compound`] holds them as [`Part`]s placed in the
//! body's frame, each with its axis-aligned box there. A query places the
//! compound by the body's pose ([`Compound::placed`]) and runs the convex
//! queries on pairs of parts ([`Pieces`] is what both sides of such a
//! query provide: a placed compound, or one convex shape as [`Single`]):
//!
//! * [`pieces_distance`]: the closest pair. The pair whose boxes are
//!   closest is asked first; a pair is then skipped when the distance
//!   between its boxes (a certified lower bound on its own distance)
//!   exceeds the best upper bound found so far. The answer's bracket is
//!   the best upper bound and the least lower bound over the pairs asked,
//!   so it is as certified as each pair's.
//! * [`pieces_intersect`]: whether any pair intersects, pairs whose boxes
//!   are apart skipped.
//! * [`pieces_manifolds`]: a contact manifold for every pair within the
//!   caller's separation, into the caller's storage.
//!
//! Nothing is allocated: the parts live in any storage that lends a slice
//! (an array, a slice, a `Vec`), and the answers go to caller storage.

mod boxes;
mod contacts;
mod distance;
mod part;
mod pieces;

pub use contacts::{pieces_manifolds, PieceManifold};
pub use distance::{pieces_distance, pieces_intersect, PieceDistance};
pub use part::{Compound, Part};
pub use pieces::{Pieces, Placed, Single};
