//! Convex polygons rounded by a radius.
//!
//! A convex polygon grown by `r` is the polygon, a rectangle `L × r` on the
//! outer side of each edge, and at each vertex a sector of the disc of
//! radius `r` between the normals of its two edges; the sectors' angles
//! are the polygon's exterior angles, which add up to one turn, so the
//! sectors add up to a whole disc in area.
//!
//! A sector from angle `θ₁` to `θ₂` (`α = θ₂ − θ₁`) about its vertex has
//! area `r² α / 2`, first moment `r³/3 · (sin θ₂ − sin θ₁, cos θ₁ − cos θ₂)`
//! and second moment `r⁴/4 · (α/2 · I + ¼ [[Δ sin 2θ, −Δ cos 2θ],
//! [−Δ cos 2θ, −Δ sin 2θ]])`, `Δf = f(θ₂) − f(θ₁)`: the integrals of
//! `ρ (cos θ, sin θ)` and of its square over the sector. Each part is moved
//! to the common origin by `∫ (v + y)(v + y)ᵀ = A v vᵀ + v Fᵀ + F vᵀ + S`.

use nalgebra::{Matrix2, Vector2};

use super::moments::{scale_of, SimplexSum};
use super::polytope::signed_area;
use super::products::outer;
use super::round::ball;
use super::MassProperties;
use crate::math::real::{max_abs, Length, Real};

/// Adds the part of area `area`, first moment `first` and second moment
/// `second` about the point `at`, moved to the origin.
fn add_at<T: Real>(
    sum: &mut SimplexSum<T, 2>,
    at: &Vector2<T>,
    area: T,
    first: &Vector2<T>,
    second: &Matrix2<T>,
) {
    let moved = second + outer(at, first) + outer(first, at) + outer(at, at) * area;
    sum.add_raw(area, &(first + at * area), &moved);
}

/// The sector of radius `r` at the origin from the unit normal `n1` to the
/// unit normal `n2`, counter-clockwise: area, first and second moments.
fn sector<T: Real>(n1: &Vector2<T>, n2: &Vector2<T>, r: T) -> (T, Vector2<T>, Matrix2<T>) {
    let alpha = (n1.x * n2.y - n1.y * n2.x).atan2(n1.dot(n2));
    let r2 = r * r;
    let area = r2 * alpha * T::lit(0.5);
    let first = Vector2::new(n2.y - n1.y, n1.x - n2.x) * (r2 * r / T::lit(3.0));
    let sin2 = |n: &Vector2<T>| (n.x * n.y) * T::lit(2.0);
    let cos2 = |n: &Vector2<T>| n.x * n.x - n.y * n.y;
    let (ds, dc) = (sin2(n2) - sin2(n1), cos2(n2) - cos2(n1));
    let quarter = T::lit(0.25);
    let half_alpha = alpha * T::lit(0.5);
    let second = Matrix2::new(
        half_alpha + quarter * ds,
        -quarter * dc,
        -quarter * dc,
        half_alpha - quarter * ds,
    ) * (r2 * r2 * quarter);
    (area, first, second)
}

/// The outward unit normal of a counter-clockwise edge from `a` to `b`,
/// `None` for an edge of no length.
fn normal<T: Real>(a: &Vector2<T>, b: &Vector2<T>) -> Option<Vector2<T>> {
    let e = b - a;
    let length = e.length();
    (length > T::zero()).then(|| Vector2::new(e.y, -e.x) / length)
}

/// The convex polygon of counter-clockwise `edges` grown by `radius`, at
/// `density`; `reference` is a point near its middle and `scale` its
/// largest coordinate in magnitude. Edges of no length are skipped; with
/// no edge left the polygon is a point, and the answer a disc.
pub(super) fn rounded_polygon<T: Real, F>(
    edges: F,
    reference: &Vector2<T>,
    scale: T,
    radius: T,
    density: T,
) -> MassProperties<T, 2>
where
    F: Iterator<Item = [Vector2<T>; 2]> + Clone,
{
    let by_size = scale_of([scale, radius]);
    let middle = reference * by_size;
    let relative = |p: &Vector2<T>| p * by_size - middle;
    let spread = edges
        .clone()
        .flatten()
        .fold(T::zero(), |m, p| m.max(max_abs(&relative(&p))));
    let by_spread = scale_of([spread, radius * by_size]);
    let r = radius * by_size * by_spread;
    let scaled = edges.map(|e| e.map(|p| relative(&p) * by_spread));
    let Some(mut before) = scaled.clone().filter_map(|[a, b]| normal(&a, &b)).last() else {
        return ball(reference, radius, density);
    };
    let mut sum = SimplexSum::new();
    let origin = Vector2::zeros();
    for [a, b] in scaled {
        let Some(n) = normal(&a, &b) else { continue };
        sum.add(signed_area(&[a, b]), &origin, &[a, b]);
        let (area, first, second) = sector(&before, &n, r);
        add_at(&mut sum, &a, area, &first, &second);
        // The rectangle on the edge, about its centre.
        let (e, length) = (b - a, (b - a).length());
        let along = e / length;
        let area = length * r;
        let second = (outer(&along, &along) * (length * length) + outer(&n, &n) * (r * r))
            * (area / T::lit(12.0));
        let mid = (a + b) * T::lit(0.5) + n * (r * T::lit(0.5));
        add_at(&mut sum, &mid, area, &Vector2::zeros(), &second);
        before = n;
    }
    sum.moments()
        .finish(density, &[by_size, by_spread], &(middle / by_size))
}
