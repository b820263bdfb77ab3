//! The first tetrahedron of quickhull: four points spanning space, found
//! by extreme scores in floating point and checked by exact predicates.

use super::exact::{collinear3, orient3};
use super::slots::{get, put, NONE};
use super::three::{edge_index, sub, Quick};
use crate::math::real::Real;
use crate::shape::ShapeError;

impl<T: Real> Quick<'_, '_, T> {
    /// Picks four points spanning space and makes their four facets in slots
    /// 0 to 3, outward.
    pub(super) fn first_tetrahedron(&mut self, cand: &[u32]) -> Result<[u32; 4], ShapeError> {
        let pts = &self.pts;
        // The lexicographically smallest point is a vertex.
        let mut a = *cand.first().ok_or(ShapeError::Empty)?;
        let mut pa = pts.at(a)?;
        for &p in cand {
            let q = pts.at(p)?;
            if q.partial_cmp(&pa) == Some(core::cmp::Ordering::Less) {
                (a, pa) = (p, q);
            }
        }
        // The farthest from it; exactly zero only for a single repeated point.
        let (mut b, spread) = farthest(cand, |p| {
            let q = pts.at(p)?;
            Ok((0..3).fold(0.0_f64, |m, i| m.max((q[i] - pa[i]).abs())))
        })?;
        if spread == 0.0 {
            return Err(ShapeError::Degenerate);
        }
        let pb = pts.at(b)?;
        // The widest triangle, checked exactly for collinearity.
        let (c, _) = farthest(cand, |p| {
            let q = pts.at(p)?;
            let (u, v) = (sub(&pb, &pa), sub(&q, &pa));
            let w = [
                u[1] * v[2] - u[2] * v[1],
                u[2] * v[0] - u[0] * v[2],
                u[0] * v[1] - u[1] * v[0],
            ];
            Ok(w[0] * w[0] + w[1] * w[1] + w[2] * w[2])
        })?;
        let c = exact_or_scan(cand, c, |p| Ok(!collinear3(&pa, &pb, &pts.at(p)?)))?;
        let pc = pts.at(c)?;
        // The tallest tetrahedron, checked exactly for flatness.
        let (d, _) = farthest(cand, |p| {
            let q = pts.at(p)?;
            Ok(super::exact::det3_float([&pb, &pc, &q], [&pa, &pa, &pa])
                .0
                .abs())
        })?;
        let d = exact_or_scan(cand, d, |p| Ok(orient3(&pa, &pb, &pc, &pts.at(p)?) != 0))?;
        if orient3(&pa, &pb, &pc, &pts.at(d)?) > 0 {
            core::mem::swap(&mut a, &mut b);
        }
        // `d` is below `abc`; the other three facets follow by even
        // permutations of `(a, b, c, d)`.
        let faces = [[a, b, c], [a, d, b], [b, d, c], [c, d, a]];
        for face in faces {
            let f = self.alloc(0)?;
            self.make_facet(f, face)?;
        }
        self.link_first()?;
        Ok([a, b, c, d])
    }

    /// Joins the first four facets along their shared edges.
    fn link_first(&mut self) -> Result<(), ShapeError> {
        for f in 0..4 {
            let tf = get(self.tri, f)?;
            let mut links = [NONE; 3];
            for (i, link) in links.iter_mut().enumerate() {
                let (u, v) = (tf[i], tf[(i + 1) % 3]);
                for g in (0..4).filter(|&g| g != f) {
                    if edge_index(&get(self.tri, g)?, v, u).is_some() {
                        *link = g as u32;
                    }
                }
            }
            if links.contains(&NONE) {
                return Err(ShapeError::Inconsistent);
            }
            put(self.nbr, f, links)?;
        }
        Ok(())
    }
}

/// The candidate with the largest `score` (the first on ties), and the score.
fn farthest(
    cand: &[u32],
    mut score: impl FnMut(u32) -> Result<f64, ShapeError>,
) -> Result<(u32, f64), ShapeError> {
    let mut best = (*cand.first().ok_or(ShapeError::Empty)?, f64::NEG_INFINITY);
    for &p in cand {
        let s = score(p)?;
        if s > best.1 {
            best = (p, s);
        }
    }
    Ok(best)
}

/// `guess` if it passes the exact test `ok`, else the first candidate that
/// does; [`ShapeError::Degenerate`] when none does.
fn exact_or_scan(
    cand: &[u32],
    guess: u32,
    mut ok: impl FnMut(u32) -> Result<bool, ShapeError>,
) -> Result<u32, ShapeError> {
    if ok(guess)? {
        return Ok(guess);
    }
    for &p in cand {
        if ok(p)? {
            return Ok(p);
        }
    }
    Err(ShapeError::Degenerate)
}
