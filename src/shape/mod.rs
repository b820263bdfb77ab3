//! The shapes: one file per shape, the [`SupportMap`](crate::SupportMap)
//! they implement, their placements and combinators, and the hulls with
//! their builder.

mod affine;
mod ball;
mod box_frame;
mod capsule;
mod cone;
mod cone_ray;
mod cuboid;
mod cylinder;
mod cylinder_ray;
mod ellipsoid;
mod error;
mod half_space;
pub mod hull;
mod lanes;
mod minkowski;
mod placement;
mod point;
mod ray_entry;
mod rounded;
mod scan;
mod segment;
pub(crate) mod sphere;
mod support_map;
mod transformed;
mod triangle;

pub use affine::Affine;
pub use ball::Ball;
pub use box_frame::BoxFrame;
pub use capsule::Capsule;
pub use cone::Cone;
pub use cuboid::Cuboid;
pub use cylinder::Cylinder;
pub use ellipsoid::Ellipsoid;
pub use error::ShapeError;
pub(crate) use error::{finite_point, valid_radius};
pub use half_space::HalfSpace;
pub use hull::Hull;
pub use lanes::{HullLanes, LaneShape, PlacedLanes, SegmentLanes, LANE_VERTICES};

#[cfg(feature = "alloc")]
pub use hull::OwnedHull;
pub use minkowski::MinkowskiSum;
pub use placement::Placement;
pub use point::Point;
pub use ray_entry::RayEntry;
pub use rounded::Rounded;
pub(crate) use scan::{dot_in_order, farthest, farthest_index, mean_point};
pub use segment::Segment;
pub use support_map::SupportMap;
pub(crate) use transformed::columns;
pub use transformed::Transformed;
pub use triangle::Triangle;
