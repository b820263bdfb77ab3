//! The hook EPA calls on every iteration, implemented by tracing.

use super::Polytope;
use crate::engine::Watch;
use crate::math::real::Real;
use crate::simplex::SupportPoint;

/// What EPA reports, in the kernel's frame, beside GJK's steps.
pub(crate) trait EpaWatch<T: Real, const D: usize>: Watch<T, D> {
    /// An EPA iteration: the polytope, the facet `f` expanded, the support
    /// point along its normal, and the depth's bracket after it.
    fn epa<const V: usize, const F: usize>(
        &mut self,
        iteration: u32,
        polytope: &Polytope<T, D, V, F>,
        f: usize,
        support: &SupportPoint<T, D>,
        bracket: (T, T),
    );
}

impl<T: Real, const D: usize> EpaWatch<T, D> for () {
    #[inline(always)]
    fn epa<const V: usize, const F: usize>(
        &mut self,
        _: u32,
        _: &Polytope<T, D, V, F>,
        _: usize,
        _: &SupportPoint<T, D>,
        _: (T, T),
    ) {
    }
}
