//! The loops' side of tracing: what GJK and EPA report, in the kernel's
//! frame, and the adapter that hands it to an [`Observer`] in the shapes'
//! frame.

use super::observer::{EpaPolytope, EpaStep, FacetVisitor, GjkStep, Observer};
use crate::engine::Watch;
use crate::epa::{EpaWatch, Polytope};
use crate::math::real::Real;
use crate::simplex::{Simplex, SupportPoint};

/// An [`Observer`] fed in the shapes' frame: the kernel's coordinates
/// multiplied by `1/σ` (exact, `σ` a power of two).
pub(crate) struct Scaled<'o, T: Real, O> {
    observer: &'o mut O,
    unscale: T,
    margins: T,
}

impl<'o, T: Real, O> Scaled<'o, T, O> {
    pub fn new(observer: &'o mut O) -> Self {
        Self {
            observer,
            unscale: T::one(),
            margins: T::zero(),
        }
    }
}

fn unscaled<T: Real, const D: usize>(p: &SupportPoint<T, D>, k: T) -> SupportPoint<T, D> {
    SupportPoint {
        w: p.w * k,
        a: p.a * k,
        b: p.b * k,
    }
}

impl<T: Real, O: Observer<T, D>, const D: usize> Watch<T, D> for Scaled<'_, T, O> {
    fn frame(&mut self, sigma: T, margins: T) {
        self.unscale = sigma.recip();
        self.margins = margins;
    }

    fn gjk(
        &mut self,
        iteration: u32,
        simplex: &Simplex<T, D>,
        support: Option<&SupportPoint<T, D>>,
        lower: T,
    ) {
        let k = self.unscale;
        let simplex = simplex.map_points(|p| unscaled(p, k));
        self.observer.gjk_step(&GjkStep {
            iteration,
            upper: simplex.closest_point().norm(),
            simplex,
            support: support.map(|p| unscaled(p, k)),
            lower: lower * k,
            margins: self.margins,
        });
    }
}

impl<T: Real, O: Observer<T, D>, const D: usize> EpaWatch<T, D> for Scaled<'_, T, O> {
    fn epa<const V: usize, const F: usize>(
        &mut self,
        iteration: u32,
        polytope: &Polytope<T, D, V, F>,
        f: usize,
        support: &SupportPoint<T, D>,
        (lower, upper): (T, T),
    ) {
        let k = self.unscale;
        let facet = polytope.facet(f);
        let step = EpaStep {
            iteration,
            facet: facet.vertices.map(|i| polytope.vertex(i).w * k),
            normal: facet.normal,
            distance: facet.distance * k,
            support: unscaled(support, k),
            lower: lower * k,
            upper: upper * k,
            vertices: polytope.vertex_count(),
            facets: polytope.boundary_facets().count(),
        };
        self.observer.epa_step(
            &step,
            &View {
                polytope,
                unscale: k,
            },
        );
    }
}

/// A polytope seen in the shapes' frame.
struct View<'p, T: Real, const D: usize, const V: usize, const F: usize> {
    polytope: &'p Polytope<T, D, V, F>,
    unscale: T,
}

impl<T: Real, const D: usize, const V: usize, const F: usize> EpaPolytope<T, D>
    for View<'_, T, D, V, F>
{
    fn for_each_facet(&self, visit: &mut FacetVisitor<'_, T, D>) {
        for f in self.polytope.boundary_facets() {
            let facet = self.polytope.facet(f);
            let points = facet
                .vertices
                .map(|i| self.polytope.vertex(i).w * self.unscale);
            visit(&points, &facet.normal);
        }
    }
}
