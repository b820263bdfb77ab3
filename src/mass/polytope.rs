//! Polytopes by exact decomposition: the cone from a reference point to
//! each facet is a simplex, and the simplices' signed volumes add up to the
//! polytope's.

use nalgebra::{SVector, Vector2, Vector3};

use super::moments::{scale_of, SimplexSum};
use super::{MassProperties, Solid};
use crate::math::cross::cross;
use crate::math::real::{max_abs, Real};
use crate::shape::hull::Polygon;
use crate::shape::{mean_point, Hull, SupportMap, Triangle};

/// The signed area of the triangle `0 a b`.
pub(super) fn signed_area<T: Real>([a, b]: &[Vector2<T>; 2]) -> T {
    (a.x * b.y - a.y * b.x) * T::lit(0.5)
}

/// The signed volume of the tetrahedron `0 a b c`.
pub(super) fn signed_volume<T: Real>([a, b, c]: &[Vector3<T>; 3]) -> T {
    a.dot(&cross(b, c)) / T::lit(6.0)
}

/// The solid bounded by `facets` (each `D` points, oriented alike), at
/// `density`: the simplices from `reference` (a point near the middle,
/// so that the signed volumes cancel little) to each facet, in coordinates
/// taken relative to it and brought to order one by powers of two (first
/// by the largest coordinate, `scale`, then by the largest relative one).
/// Either orientation gives the same answer.
pub(super) fn polytope<T: Real, const D: usize, F>(
    facets: F,
    reference: &SVector<T, D>,
    scale: T,
    signed: impl Fn(&[SVector<T, D>; D]) -> T,
    density: T,
) -> MassProperties<T, D>
where
    F: Iterator<Item = [SVector<T, D>; D]> + Clone,
{
    let outer = scale_of([scale]);
    let middle = reference * outer;
    let relative = |p: &SVector<T, D>| p * outer - middle;
    let spread = facets
        .clone()
        .flatten()
        .fold(T::zero(), |m, p| m.max(max_abs(&relative(&p))));
    let inner = scale_of([spread]);
    let mut sum = SimplexSum::new();
    let apex = SVector::zeros();
    for facet in facets {
        let w = facet.map(|p| relative(&p) * inner);
        sum.add(signed(&w), &apex, &w);
    }
    let mut moments = sum.moments();
    if moments.volume < T::zero() {
        moments.volume = -moments.volume;
        moments.second = -moments.second;
    }
    moments.finish(density, &[outer, inner], &(middle / outer))
}

/// The largest coordinate of `points` in magnitude.
pub(super) fn largest<'p, T: Real, const D: usize>(
    points: impl Iterator<Item = &'p SVector<T, D>>,
) -> T {
    points.fold(T::zero(), |m, p| m.max(max_abs(p)))
}

/// The triangle's edges as the facets of a polygon, from their mean.
impl<T: Real> Solid<T, 2> for Triangle<T, 2> {
    fn mass_properties(&self, density: T) -> MassProperties<T, 2> {
        let [a, b, c] = self.vertices();
        let mean = mean_point([&a, &b, &c]).unwrap_or(a);
        let edges = [[a, b], [b, c], [c, a]].into_iter();
        polytope(
            edges,
            &mean,
            largest([a, b, c].iter()),
            signed_area,
            density,
        )
    }
}

/// The edges of a counter-clockwise polygon, cyclically.
pub(super) fn edges<T: Real>(
    vertices: &[Vector2<T>],
) -> impl Iterator<Item = [Vector2<T>; 2]> + Clone + '_ {
    let next = vertices.iter().skip(1).chain(vertices.first());
    vertices.iter().zip(next).map(|(a, b)| [*a, *b])
}

/// Triangles from the vertices' mean to each edge.
impl<P: AsRef<[Vector2<T>]>, T: Real> Solid<T, 2> for Polygon<P, T> {
    fn mass_properties(&self, density: T) -> MassProperties<T, 2> {
        let vertices = self.vertices();
        let mean = mean_point(vertices).unwrap_or_else(Vector2::zeros);
        let scale = largest(vertices.iter());
        polytope(edges(vertices), &mean, scale, signed_area, density)
    }
}

/// The built facets of `hull`, as points.
fn facet_points<'h, T: Real, const D: usize>(
    hull: &'h Hull<'_, T, D>,
) -> impl Iterator<Item = [SVector<T, D>; D]> + Clone + 'h {
    let points = hull.points();
    hull.facets().iter().map(move |f| {
        f.map(|i| {
            points
                .get(i as usize)
                .copied()
                .unwrap_or_else(|| hull.center())
        })
    })
}

/// Triangles from the vertices' mean to each counter-clockwise edge.
impl<T: Real> Solid<T, 2> for Hull<'_, T, 2> {
    fn mass_properties(&self, density: T) -> MassProperties<T, 2> {
        let facets = facet_points(self);
        polytope(facets, &self.center(), self.scale(), signed_area, density)
    }
}

/// Tetrahedra from the vertices' mean to each outward triangle.
impl<T: Real> Solid<T, 3> for Hull<'_, T, 3> {
    fn mass_properties(&self, density: T) -> MassProperties<T, 3> {
        let facets = facet_points(self);
        polytope(facets, &self.center(), self.scale(), signed_volume, density)
    }
}
