//! The passes of a spatial build: the hull of every point (after an exact
//! one that sorts the vertices, for a weld), then, if some vertex is not
//! extreme, the exact hull of the extreme ones.

use super::defer::Defer;
use super::extreme::Check;
use super::scaled::Scaled;
use super::three::Quick;
use crate::math::real::Real;
use crate::shape::ShapeError;

/// Builds the hull of `pts`, welded to `weld` (scaled; zero for the exact
/// hull), into `vertices` and `facets`; returns their counts.
pub(super) fn build<T: Real>(
    pts: Scaled<'_, T, 3>,
    weld: f64,
    vertices: &mut [u32],
    facets: &mut [[u32; 3]],
    work: &mut [u32],
) -> Result<(usize, usize), ShapeError> {
    let n = pts.len();
    let (cand, rest) = work
        .split_at_mut_checked(n)
        .ok_or(ShapeError::StorageTooSmall)?;
    for (i, c) in cand.iter_mut().enumerate() {
        *c = u32::try_from(i).map_err(|_| ShapeError::TooLarge)?;
    }
    let mut quick = Quick::new(pts, &mut *facets, rest)?;
    let (mut seeds, mut count) = (n, n);
    // A weld first builds the exact hull, to add its vertices near their
    // neighbours' hull last (marked in `vertices` meanwhile).
    if weld > 0.0 {
        quick.run(cand, n, Defer(None))?;
        quick.weld = weld;
        (seeds, count) = quick.sort_vertices(cand, vertices)?;
    }
    // The second pass, if any, starts from extreme points only, so every
    // vertex it adds stays extreme; it is exact, so that it builds the
    // same solid.
    for pass in 0..2 {
        quick.weld = if pass == 0 { weld } else { 0.0 };
        let defer = Defer((pass == 0 && weld > 0.0).then_some(&*vertices));
        quick.run(
            cand.get(..count).ok_or(ShapeError::Inconsistent)?,
            seeds,
            defer,
        )?;
        match quick.finish(&mut *vertices, cand)? {
            Check::Done { vertices, facets } => return Ok((vertices, facets)),
            Check::Rebuild { extreme } => (seeds, count) = (extreme, extreme),
        }
    }
    Err(ShapeError::Inconsistent)
}
