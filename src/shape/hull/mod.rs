//! The specialised forms of a convex polytope, for callers with a reason to
//! pick one; [`Hull`] chooses among them by size and is the one to use
//! otherwise.
//!
//! | type | input | support | use it when |
//! |---|---|---|---|
//! | [`Hull`] (at the root) | any point cloud | scan up to 16 vertices, climbing above | always, unless a row below fits better |
//! | [`Polygon`] | a convex polygon, vertices in counter-clockwise order | binary search, `O(log n)` | 2D shapes given in order (a level editor, Box2D-style polygons) |
//! | [`Scanned`] | points that are already the hull's vertices | a scan of all points | shapes rebuilt every frame from few points |
//! | [`Packed`] ([`Block`]s) | the same | a scan over SIMD-friendly blocks | large hulls with no facets at hand |
//! | [`Climbing`] | points and facets (from [`Built`] or a mesh) | hill climbing on the edge graph | large hulls whose method is fixed by the caller |
//! | [`Built`] | any point cloud | none: the exact hull as indices | building a hull once, for storage or another library |
//!
//! # Example
//!
//! ```
//! use gjk::hull::Scanned;
//! use gjk::{distance, Config, Hull, Vector};
//!
//! let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
//! let corners = [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)];
//! let cloud = [v(0.5, 0.5), corners[0], corners[1], corners[2], corners[3], v(0.5, 0.0)];
//! let n = cloud.len();
//! let mut indices = vec![0; Hull::<f64, 2>::indices_needed(n)];
//! let mut facets = vec![[0; 2]; Hull::<f64, 2>::facets_needed(n)];
//! let square = Hull::<f64, 2>::new(&cloud, &mut indices, &mut facets).unwrap();
//! assert_eq!(square.vertices().len(), 4);
//! let scanned = Scanned::new(&corners[..]).unwrap();
//! let config = Config::default();
//! assert_eq!(
//!     distance(&square, &scanned, &config).unwrap().distance,
//!     0.0,
//! );
//! ```

mod adjacency;
pub(crate) mod build;
mod climbing;
mod default;
mod incidence;
#[cfg(feature = "alloc")]
mod owned;
mod packed;
mod polygon;
mod scanned;
mod starts;

pub use build::Built;
pub use climbing::Climbing;
pub use default::Hull;
#[cfg(feature = "alloc")]
pub use owned::OwnedHull;
pub use packed::{Block, Packed};
pub use polygon::Polygon;
pub use scanned::Scanned;
