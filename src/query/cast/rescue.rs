//! Planes that decide a cast the loop could not: a stalled or capped loop
//! tries once more to separate the ray from the shape, along directions
//! known to working precision.
//!
//! The loop's direction `v = x − c` is the closest point of a simplex whose
//! vertices are of the size `L` of the coordinates: rounding leaves it off
//! by about `ε L` in absolute terms, so its direction by `ε L / ‖v‖`. The
//! support plane along it then misses the true one by that angle times the
//! shape's extent, up to `ε L² / ‖v‖`; for a ray passing the shape at a
//! distance `e` the plane test `v·(x − p) > 0` only proves the miss while
//! `e² ≳ ε L²`, i.e. `e ≳ √ε L` (`1.5e-8 L` in `f64`). Nearer, the loop stalls
//! with the ray neither proven to hit nor to miss.
//!
//! Two directions fix this, each with the simplex's own edges (and the
//! ray) removed by Gram–Schmidt, so that what is left of the tilt is `ε`:
//!
//! * `v` made orthogonal to the simplex's face: the face's normal, the
//!   exact separating direction when the ray passes over a face;
//! * `v` made orthogonal to the face *and the ray direction*: for an edge,
//!   the normal of the plane through the edge parallel to the ray (`e × u`
//!   in 3D); for a vertex, the perpendicular from the vertex to the ray.
//!   Such a plane is parallel to the ray, so if it separates one point of
//!   the ray from the shape it separates the whole line.
//!
//! Any unit direction `d` gives a valid test, whatever rounding produced
//! it: the support point `p` along `d` bounds the whole shape by
//! `d·y ≤ d·p` (grown by the margin `ρ`), so `d·(x − p) − ρ` beyond the
//! rounding of the coordinates proves `x` outside. A plane the ray does not
//! approach proves a miss; one it approaches moves `λ` forward to where it
//! crosses, as the loop's own step does.

use nalgebra::SVector;

use super::core::Ray;
use crate::engine::pair::Pair;
use crate::math::basis::Basis;
use crate::math::real::{all_finite, max_abs, Length, Real};
use crate::shape::SupportMap;
use crate::simplex::{Simplex, SupportPoint};

/// What a separating plane says about the ray.
pub(super) enum Plane<T: Real, const D: usize> {
    /// The plane separates the rest of the ray (within `ray.max`).
    Miss,
    /// The ray may cross the plane: the first hit is at or past this `λ`;
    /// the plane's support point and its unit normal come along.
    Advance(T, SupportPoint<T, D>, SVector<T, D>),
    /// No plane proved anything.
    Undecided,
}

/// The plane along `d` (pointing from the shape towards `x`; any length),
/// whose support point is `p`: a miss, an advance, or nothing when `x`
/// lies within `r` of it. `gap` is `d·(x − p) − ρ ‖d‖`.
pub(super) fn plane<T: Real, const D: usize>(
    ray: &Ray<T, D>,
    lambda: T,
    (d, gap, r): (&SVector<T, D>, T, T),
    p: &SupportPoint<T, D>,
) -> Plane<T, D> {
    if !(gap > r) {
        return Plane::Undecided;
    }
    let du = d.dot(&ray.dir);
    if !(du < T::zero()) {
        return Plane::Miss;
    }
    let next = lambda - gap / du;
    if next <= ray.max {
        Plane::Advance(next, *p, *d)
    } else {
        Plane::Miss
    }
}

/// Tries the face normal and the face-and-ray normal of `simplex` at the
/// ray point `x` (parameter `lambda`), with `v` its closest point; `r` is
/// the rounding allowance of the coordinates. Costs up to two support
/// calls, on the stalled path only.
#[cold]
#[inline(never)]
pub(super) fn rescue<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    ray: &Ray<T, D>,
    (simplex, v): (&Simplex<T, D>, &SVector<T, D>),
    (x, lambda): (&SVector<T, D>, T),
    r: T,
) -> Plane<T, D>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let Some(first) = simplex.vertex(0) else {
        return Plane::Undecided;
    };
    let mut edges = Basis::new();
    for (q, _) in simplex.iter().skip(1) {
        edges.add(&(q.w - first.w));
    }
    let try_along = |d: SVector<T, D>| {
        // Brought to order one first, so that a short `d` normalises to
        // full precision.
        let d = d * T::unit_scale(max_abs(&d));
        let d = d / d.length();
        if !all_finite(&d) {
            return Plane::Undecided;
        }
        let p = pair.support(&d);
        if !all_finite(&p.w) {
            return Plane::Undecided;
        }
        let gap = d.dot(&(x - p.w)) - ray.margin;
        plane(ray, lambda, (&d, gap, r), &p)
    };
    let own = try_along(edges.reject(v));
    if !matches!(own, Plane::Undecided) {
        return own;
    }
    if edges.add(&ray.dir) {
        try_along(edges.reject(v))
    } else {
        Plane::Undecided
    }
}
