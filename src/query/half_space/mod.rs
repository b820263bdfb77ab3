//! Queries between a [`HalfSpace`](crate::HalfSpace) and a convex shape, in
//! closed form.
//!
//! # The math
//!
//! Let the half-space be `H = {x : n · x ≤ o}` with `n` unit, and the shape
//! `S` a core `C` grown by a margin `r`. A point of `S` lies in `H` when
//! `n · x ≤ o`; the point of `S` lowest along `n` is the core's support
//! point along `−n`, `c = s_C(−n)`, pushed down by the margin: `c − r n`.
//! So one support call answers everything:
//!
//! * the signed distance is `g = n · c − o − r`: the gap between the plane
//!   and the lowest point of `S` when positive, minus the depth when
//!   negative. It is also the Euclidean distance: `S` and `H` are apart
//!   exactly when the plane `n · x = o` separates them, and no translation
//!   shorter than `|g|` along any direction moves `S` out of (or into) `H`,
//!   since a translation by `u` changes `g` by `n · u ≤ ‖u‖`;
//! * the witnesses are `c − r n` on the shape and its foot `c − r n − g n`
//!   on the plane;
//! * a ray `p + t d` enters `H` at `t = (n · p − o) / (−n · d)` when it
//!   starts outside and heads in (`n · d < 0`), and a shape moving by
//!   `t v` reaches the plane at `t = g / (−n · v)`: its lowest point is the
//!   same all along the motion, a translation does not change which
//!   point of a shape is lowest;
//! * the contact manifold is the shape's feature most aligned with `−n`
//!   ([`Faces`](crate::Faces)): each of its vertices `v` is measured on its
//!   own, `n · v − o − r`, with no clipping (the plane has no edges).
//!
//! # Rounding
//!
//! The support point and the stored normal are taken as exact (the shape
//! answers its own support to its own precision, and the half-space is the
//! set its stored normal and offset describe). The only rounding is then
//! in the `D` products and `D + 1` sums of `g`, each off by at most half
//! an ulp of a partial sum, and in the normal's length, `1` to within
//! `(D + 2) ε`. Every answer carries the bound
//!
//! `|g − g̃| ≤ (2D + 8) ε (Σ |nᵢ cᵢ| + |o| + r) + (D + 2) τ`
//!
//! (`ε` the machine epsilon, `τ` the smallest subnormal, for products that
//! underflow), as its `lower` and `upper` bounds. The magnitudes are those
//! of the products, not of the coordinates: a ground along a coordinate
//! axis multiplies the coordinates along the plane by zero, so a ball a
//! hundred thousand units out along an `f32` ground still gets its depth
//! to a few ulps of its own height.

mod cast;
mod distance;
mod gap;
mod manifold;

pub use cast::{half_space_ray_cast, half_space_shape_cast};
pub use distance::{half_space_contact, half_space_distance, half_space_intersects};
pub use manifold::half_space_manifold;
