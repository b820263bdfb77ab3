//! The hooks the GJK loop calls, implemented by the layers above it:
//! [`Watch`] by tracing (`trace/`), [`Trail`] by warm starts (`query/warm/`).
//! Cold, untraced queries pass `()` for both, whose empty inlined methods
//! compile away.

use nalgebra::SVector;

use crate::math::real::Real;
use crate::simplex::{Simplex, SupportPoint};

/// What the loops report, in the kernel's frame. `()` ignores it all, and
/// its empty inlined methods leave the loops as they are without it.
pub(crate) trait Watch<T: Real, const D: usize> {
    /// Whether the watch records anything: a watch that does sees every
    /// iteration of the careful loop, so the lean loop
    /// ([`lean_loop`](super::lean::lean_loop)) is not tried.
    const RECORDS: bool = true;
    /// Told the pair's scale `σ` and the margins, once the pair is set up
    /// (before any step).
    fn frame(&mut self, sigma: T, margins: T);
    /// A GJK iteration: the simplex it starts from, the support point it
    /// found (if it searched), and the lower bound after it.
    fn gjk(
        &mut self,
        iteration: u32,
        simplex: &Simplex<T, D>,
        support: Option<&SupportPoint<T, D>>,
        lower: T,
    );
}

impl<T: Real, const D: usize> Watch<T, D> for () {
    const RECORDS: bool = false;
    #[inline(always)]
    fn frame(&mut self, _: T, _: T) {}
    #[inline(always)]
    fn gjk(&mut self, _: u32, _: &Simplex<T, D>, _: Option<&SupportPoint<T, D>>, _: T) {}
}

/// The search directions along which a simplex's vertices were found, kept
/// in step with the simplex by the loop: a warm start records them to seed
/// the next query with fresh support points along the same directions.
/// Cold queries pass `()`, which records nothing and compiles away.
pub(crate) trait Trail<T: Real, const D: usize> {
    /// Whether the trail records directions (the lean loop keeps none).
    const RECORDS: bool = true;
    /// Forgets every direction, then records `dir` (the simplex restarted
    /// from the support point along `dir`).
    fn restart(&mut self, dir: &SVector<T, D>);
    /// Keeps the directions of the vertices in `kept` (bit `i`: the vertex at
    /// index `i`), in order, as a reduction kept the vertices.
    fn keep(&mut self, kept: u32);
    /// [`Simplex::reduce_below`] after the push of the vertex found along
    /// `−v` (`v` the closest point before the push), with the directions
    /// kept in step.
    fn reduce_below(
        &mut self,
        simplex: &mut Simplex<T, D>,
        norm2: T,
        v: &SVector<T, D>,
    ) -> Option<SVector<T, D>>;
}

impl<T: Real, const D: usize> Trail<T, D> for () {
    const RECORDS: bool = false;
    #[inline(always)]
    fn restart(&mut self, _: &SVector<T, D>) {}
    #[inline(always)]
    fn keep(&mut self, _: u32) {}
    #[inline(always)]
    fn reduce_below(
        &mut self,
        simplex: &mut Simplex<T, D>,
        norm2: T,
        _: &SVector<T, D>,
    ) -> Option<SVector<T, D>> {
        simplex.reduce_below(norm2)
    }
}
