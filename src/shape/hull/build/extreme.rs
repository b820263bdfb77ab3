//! Which vertices of a built 3D hull are extreme points, and the finished
//! output.
//!
//! A vertex `v` of a closed convex triangulated surface is an extreme point
//! (not in the hull of the other points) exactly when its facets lie in at
//! least three distinct planes. With one plane, `v` is inside a flat
//! polygon of the surface; with two, on a straight line where two flat
//! parts meet: either way it lies between other points. With three, the
//! facets' outward normals span space (three planes through `v` with a
//! common line would need three flat parts of a convex surface meeting
//! along one line), so some plane touches the hull at `v` alone.
//!
//! The planes are counted exactly, one facet at a time: each vertex keeps
//! the first facet it meets and the first facet not coplanar with it; a
//! third facet coplanar with neither makes the vertex extreme. Two facets
//! through `v` are coplanar when their other vertices lie on each other's
//! planes (an exact orientation of zero).

use super::slots::{get, put, NONE};
use super::three::Quick;
use crate::math::real::Real;
use crate::shape::ShapeError;

/// The mark of a vertex whose facets span three planes.
const EXTREME: u32 = u32::MAX - 1;

/// The outcome of the check.
pub(super) enum Check {
    /// Every vertex is extreme: the output holds `vertices` vertices and
    /// `facets` facets.
    Done { vertices: usize, facets: usize },
    /// Some are not; the first `extreme` candidates are the extreme ones.
    Rebuild { extreme: usize },
}

impl<T: Real> Quick<'_, '_, T> {
    /// Counts the planes at each vertex; writes the vertices in ascending
    /// order to `vertices` and compacts the facets when all are extreme,
    /// lists the extreme ones in `cand` otherwise.
    pub(super) fn finish(
        &mut self,
        vertices: &mut [u32],
        cand: &mut [u32],
    ) -> Result<Check, ShapeError> {
        let n = self.next.len();
        // Per vertex: the first facet in `next`, the second plane in `head`
        // (the outside sets are all empty now; `head` has `2n` entries).
        self.next.fill(NONE);
        self.head
            .get_mut(..n)
            .ok_or(ShapeError::Inconsistent)?
            .fill(NONE);
        for f in 0..self.used {
            if get(self.stamp, f)? == u32::MAX {
                continue;
            }
            for v in get(self.tri, f)? {
                self.meet(v, f as u32)?;
            }
        }
        let (mut used, mut extreme) = (0_usize, 0_usize);
        for v in 0..n {
            if get(self.next, v)? != NONE {
                used += 1;
                if get(self.head, v)? == EXTREME {
                    put(cand, extreme, v as u32)?;
                    extreme += 1;
                }
            }
        }
        if extreme < used {
            return Ok(Check::Rebuild { extreme });
        }
        let mut k = 0;
        for v in 0..n {
            if get(self.next, v)? != NONE {
                put(vertices, k, v as u32)?;
                k += 1;
            }
        }
        let mut write = 0;
        for read in 0..self.used {
            if get(self.stamp, read)? != u32::MAX {
                put(self.tri, write, get(self.tri, read)?)?;
                write += 1;
            }
        }
        Ok(Check::Done {
            vertices: k,
            facets: write,
        })
    }

    /// Records facet `f` at its vertex `v`.
    fn meet(&mut self, v: u32, f: u32) -> Result<(), ShapeError> {
        let v = v as usize;
        let first = get(self.next, v)?;
        if first == NONE {
            return put(self.next, v, f);
        }
        let second = get(self.head, v)?;
        if second == EXTREME || self.coplanar(f, first)? {
            return Ok(());
        }
        if second == NONE {
            return put(self.head, v, f);
        }
        if !self.coplanar(f, second)? {
            put(self.head, v, EXTREME)?;
        }
        Ok(())
    }

    /// Whether facets `f` and `g` lie in one plane: each vertex of `f` not
    /// on `g` has height zero over `g` (the plane's filter, else the exact
    /// predicate).
    fn coplanar(&self, f: u32, g: u32) -> Result<bool, ShapeError> {
        let tg = get(self.tri, g as usize)?;
        for v in get(self.tri, f as usize)? {
            if !tg.contains(&v) && self.height(g, v, &self.pts.at(v)?)?.1 != 0 {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
