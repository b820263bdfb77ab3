//! Mass properties of solid shapes: volume (area in 2D), centre of mass
//! and the second moment of the mass, in any dimension where the formula
//! is generic.
//!
//! # The quantities
//!
//! For a solid `Ω` of uniform density `ρ`, [`MassProperties`] holds the
//! mass `m = ρ |Ω|`, the centre `c = (1/|Ω|) ∫ x dV` and the second moment
//! `C = ρ ∫ (x − c)(x − c)ᵀ dV`, a `D × D` matrix that means the same in
//! every dimension. What mechanics calls inertia follows from it: the 3D
//! inertia tensor is `tr(C)·I − C`, the 2D moment about the centre is
//! `tr(C)`. Moving a body by `x ↦ R x + t` turns `C` into `R C Rᵀ`;
//! measuring it about another point `p` adds `m d dᵀ`, `d = c − p` (the
//! parallel-axis theorem), which is also how parts add up to a compound.
//!
//! # Closed forms
//!
//! With `V_k = π^{k/2} / Γ(k/2 + 1)` the volume of the unit `k`-ball
//! (`V₀ = 1`, `V₁ = 2`, `V_k = 2π V_{k−2} / k`), a ball of radius `r` has
//! volume `V_D r^D` and `C = m r² / (D + 2) · I`; an ellipsoid is the ball
//! mapped by `diag(a)`, so `C = m / (D + 2) · diag(aᵢ²)`; a box of
//! half-extents `h` has `C = m · diag(hᵢ² / 3)`. Capsules, cylinders, cones
//! and rounded boxes are sums of such pieces, each formula in the docs of
//! its code.
//!
//! # Polytopes
//!
//! A polytope is cut into simplices: one from a reference point `p` inside
//! (the mean of the vertices, so the pieces cancel little) to each facet of
//! the built hull, all oriented alike, so their signed volumes add up to
//! the polytope's whatever `p`. A simplex with vertices `w₀ … w_D` and
//! signed volume `V = det[w₁ − w₀, …, w_D − w₀] / D!` has
//!
//! * `∫ x dV = V / (D + 1) · s`, `s = Σ wₖ`;
//! * `∫ x xᵀ dV = V / ((D + 1)(D + 2)) · (Σ wₖ wₖᵀ + s sᵀ)`,
//!
//! the moments of the standard simplex carried over by the affine map onto
//! it. In 3D these are the formulas of F. Tonon, "Explicit Exact Formulas
//! for the 3-D Tetrahedron Inertia Tensor in Terms of its Vertex
//! Coordinates", *Journal of Mathematics and Statistics* 1(1), 2004, in
//! matrix form; in 2D they give the triangle's. The sums are taken in
//! coordinates relative to `p` and scaled by powers of two to order one
//! (first by the largest coordinate, then by the largest relative one), so
//! shapes far from the origin lose little to cancellation, and huge or tiny
//! shapes overflow only when the answer does; the powers of two are undone
//! exactly at the end. The second moment about the centre is then
//! `∫ x xᵀ − V c cᵀ`, with `c` close to `p`.
//!
//! # Example
//!
//! ```
//! use gjk::{Ball, Cuboid, MassProperties, Rounded, Solid, Transformed, Vector};
//!
//! // A dumbbell: two balls on a bar, summed part by part.
//! let v = |x: f64| Vector::<f64, 3>::new(x, 0.0, 0.0);
//! let bar = Cuboid::new(Vector::<f64, 3>::new(1.0, 0.1, 0.1)).unwrap();
//! let end = |x: f64| Ball::new(v(x), 0.5).unwrap();
//! let parts = [end(-1.5).mass_properties(1.0), bar.mass_properties(1.0), end(1.5).mass_properties(1.0)];
//! let dumbbell: MassProperties<f64, 3> = parts.into_iter().sum();
//! assert!(dumbbell.center.norm() < 1e-15);
//! // Spinning it end over end is harder than about its bar.
//! assert!(dumbbell.inertia()[(1, 1)] > 10.0 * dumbbell.inertia()[(0, 0)]);
//!
//! // A rounded box, moved: its properties move with it.
//! let soft = Rounded::new(bar, 0.05).unwrap();
//! let moved = Transformed::translated(soft, v(4.0)).unwrap();
//! assert!((moved.mass_properties(2.0).center - v(4.0)).norm() < 1e-15);
//! ```

mod capsule;
mod cuboid;
mod moments;
#[cfg(feature = "alloc")]
mod owned;
mod placed;
mod polytope;
mod products;
mod properties;
mod revolution;
mod round;
mod rounded;
mod rounded_box;
mod rounded_polygon;
mod shapes;
mod solid;

pub use properties::MassProperties;
pub use rounded::RoundedSolid;
pub use solid::Solid;
