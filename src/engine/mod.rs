//! The GJK engine: the loop every query runs, apart from the public API
//! built on it.
//!
//! GJK (Gilbert, Johnson & Keerthi, "A fast procedure for computing the
//! distance between complex objects in three-dimensional space", 1988) finds
//! the point `v` of the Minkowski difference `A − B` closest to the origin;
//! `‖v‖` is the distance between the shapes. Each iteration asks both shapes
//! for a support point along `−v`, adds `w = s_A(−v) − s_B(v)` to a
//! [`Simplex`], and lets Johnson's sub-algorithm move `v` to the simplex
//! point closest to the origin.
//!
//! Two bounds bracket the distance at every step: `‖v‖` from above (it is
//! the distance between two points of the shapes) and `v·w / ‖v‖` from below
//! (the plane through `w` orthogonal to `v` separates the origin from
//! `A − B`). The loop stops when they meet within the tolerance, and reports
//! why it stopped ([`termination`] names every test).
//!
//! Queries run on the shapes' cores; margins (radii) are added at the end
//! ([`answer`]), so a ball reduces to its centre; a point core against a
//! core that projects points needs no loop at all ([`point_core`]).
//!
//! * [`point_core`] answers a point core against a core that projects
//!   points, with no loop;
//! * [`begin`] puts the pair in the kernel's frame and takes the first
//!   support point;
//! * [`gjk_loop`] runs to a [`CoreAnswer`];
//! * [`CoreAnswer::for_shapes`] turns it into the shapes' answer, and
//!   [`within`] into a boolean.

mod answer;
mod begin;
pub(crate) mod config;
mod extent;
mod face_bound;
mod gjk_loop;
mod hooks;
mod lanes;
mod lean;
pub(crate) mod pair;
mod pin;
mod point_core;
mod start;
mod termination;

pub(crate) use answer::{margins, CoreAnswer, ShapeAnswer, Verdict};
pub(crate) use begin::{begin, begin_along, below_normal, first_direction, Exits, Opened, Opening};
pub(crate) use extent::Extent;
pub(crate) use gjk_loop::gjk_loop;
pub(crate) use hooks::{Trail, Watch};
pub(crate) use lanes::{finish_lane, lanes_loop, LaneOutcome, LaneStart};
pub(crate) use pin::checked_witnesses;
pub(crate) use start::{checked, start, Start};
pub(crate) use termination::{certified_offset, within};
