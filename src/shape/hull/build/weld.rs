//! Welding: points within a tolerance of the hull of the others need not
//! be vertices.
//!
//! # In space
//!
//! Quickhull's hull only grows: each step replaces the hull by the hull of
//! it and the apex. Before an apex `p` is added, its distance to the
//! current hull is the smallest distance from `p` to the facets it sees
//! (the closest point of a convex polytope to a point outside lies on a
//! facet that point is strictly above: the offset to it is a nonnegative
//! combination of the normals of the facets there, and has a positive dot
//! product with at least one of them). When that distance is at most the
//! tolerance, `p` is dropped instead of added; the hull it was measured
//! against only grows afterwards, so `p` stays within the tolerance of the
//! final hull. Every other point is a vertex or inside.
//!
//! Which points that drops depends on the order they come in: a point
//! rounded just outside the middle of an edge is far from a hull that does
//! not have the edge's ends yet. So the exact hull is built first, and each
//! of its vertices within the tolerance of the hull of its neighbours (of
//! one of the fans of triangles spanning its link, the other corners of
//! its facets) is *deferred*: the welded build starts from a tetrahedron of
//! the others, takes an outside set's farthest point that is not deferred
//! while there is one, and the deferred points only after all others (see
//! [`Defer`]). Points that are not vertices of the exact hull are inside
//! it, which every vertex is within the tolerance of, so they are left out
//! at once. The order decides only which points are dropped, never the
//! promise, which the check at each apex keeps.
//!
//! # In the plane
//!
//! The exact chain is thinned afterwards: from the first vertex (the
//! lexicographically smallest, always kept), each kept vertex is joined to
//! the farthest vertex along the chain such that every vertex skipped is
//! within the tolerance of the edge joining them. A skipped vertex lies
//! beyond that edge and beyond no other, so its distance to the thinned
//! polygon is its distance to that edge; an input point off the chain lies
//! in the exact hull, and its distance to the thinned polygon, a convex
//! function, is at most the largest over the corners of the piece cut off
//! that contains it. Should fewer than three vertices be left (a polygon
//! thinner than the tolerance), the exact chain is kept.
//!
//! # Rounding
//!
//! The distances are computed in `f64` on the scaled points, from a point
//! to the closest point found on a segment or a triangle. However badly
//! a sliver triangle rounds its barycentric weights, the point found is a
//! convex combination of the corners to within a few ulps of the largest
//! coordinate, so the distance compared is an upper bound on the true one
//! to within that rounding: a welded point is within the tolerance plus
//! about `2⁻⁴⁸` of the largest coordinate of the points.

use super::defer::{FIRST, LAST};
use super::scaled::Scaled;
use super::slots::{get, put, NONE};
use super::three::{sub, Quick, DEAD};
use crate::math::real::Real;
use crate::shape::ShapeError;

/// The weld tolerance `tol` of the caller's points, scaled as the builder
/// scales them: zero for an exact hull.
pub(super) fn scaled_tolerance<T: Real, const D: usize>(
    tol: T,
    pts: &Scaled<'_, T, D>,
) -> Result<f64, ShapeError> {
    let tol = tol.widen();
    if !tol.is_finite() {
        return Err(ShapeError::NonFinite);
    }
    if tol < 0.0 {
        return Err(ShapeError::Negative);
    }
    Ok(pts.scale_length(tol))
}

/// The most facets around a vertex whose removal is estimated; a vertex
/// with more is added first.
const MAX_DEGREE: usize = 32;

impl<T: Real> Quick<'_, '_, T> {
    /// Sorts the vertices of the exact hull just built: those within the
    /// weld tolerance of the hull of their neighbours (the vertices of the
    /// facets around them) are marked [`LAST`] in `marks`, the others
    /// [`FIRST`]. Lists the first ones, then the last ones, in `cand`, and
    /// returns both counts.
    pub(super) fn sort_vertices(
        &self,
        cand: &mut [u32],
        marks: &mut [u32],
    ) -> Result<(usize, usize), ShapeError> {
        let n = self.next.len();
        // A facet at each vertex, in `cand`.
        let start = cand.get_mut(..n).ok_or(ShapeError::StorageTooSmall)?;
        start.fill(NONE);
        for f in 0..self.used {
            if get(self.stamp, f)? != DEAD {
                for v in get(self.tri, f)? {
                    if get(start, v as usize)? == NONE {
                        put(start, v as usize, f as u32)?;
                    }
                }
            }
        }
        let marks = marks.get_mut(..n).ok_or(ShapeError::StorageTooSmall)?;
        for v in 0..n {
            let f = get(start, v)?;
            let mark = if f == NONE {
                0
            } else if self.near_neighbours(v as u32, f)? {
                LAST
            } else {
                FIRST
            };
            put(marks, v, mark)?;
        }
        let (mut k, mut first) = (0, 0);
        for mark in [FIRST, LAST] {
            for v in 0..n {
                if get(marks, v)? == mark {
                    put(cand, k, v as u32)?;
                    k += 1;
                }
            }
            if mark == FIRST {
                first = k;
            }
        }
        Ok((first, k))
    }

    /// Whether vertex `v` (on facet `f`) is within the weld tolerance of
    /// the hull of its link, the other vertices of its facets: of one of
    /// the fans of triangles from each link vertex.
    fn near_neighbours(&self, v: u32, f: u32) -> Result<bool, ShapeError> {
        let mut link = [0_u32; MAX_DEGREE];
        let (mut k, mut g) = (0, f);
        // One facet a step around `v`, crossing the edge that leaves it.
        loop {
            let t = get(self.tri, g as usize)?;
            let i = (0..3)
                .find(|&i| t[i] == v)
                .ok_or(ShapeError::Inconsistent)?;
            if k == MAX_DEGREE {
                return Ok(false);
            }
            put(&mut link, k, t[(i + 1) % 3])?;
            k += 1;
            g = get(self.nbr, g as usize)?[i];
            if g == f {
                break;
            }
        }
        let q = self.pts.at(v)?;
        let limit = self.weld * self.weld;
        for a in 0..k {
            for b in 1..k.saturating_sub(1) {
                let corners = [
                    self.pts.at(get(&link, a)?)?,
                    self.pts.at(get(&link, (a + b) % k)?)?,
                    self.pts.at(get(&link, (a + b + 1) % k)?)?,
                ];
                if squared_distance_to_triangle(&q, &corners) <= limit {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Lists every live facet with outside points as pending.
    pub(super) fn enqueue_all(&mut self) -> Result<(), ShapeError> {
        for f in 0..self.used {
            if get(self.stamp, f)? != DEAD && get(self.head, f)? != NONE {
                self.enqueue(f as u32)?;
            }
        }
        Ok(())
    }

    /// Moves the farthest outside point of facet `f` to the head of its
    /// list (after a weld took the head away), and lists `f` as pending.
    pub(super) fn keep_farthest_first(&mut self, f: u32) -> Result<(), ShapeError> {
        let head = get(self.head, f as usize)?;
        let (mut best, mut best_prev, mut height) = (head, NONE, f64::NEG_INFINITY);
        let (mut prev, mut q) = (NONE, head);
        for _ in 0..self.next.len() {
            if q == NONE {
                break;
            }
            let h = self.lift(f, &self.pts.at(q)?)?.0;
            if h > height {
                (best, best_prev, height) = (q, prev, h);
            }
            (prev, q) = (q, get(self.next, q as usize)?);
        }
        if best_prev != NONE {
            put(
                self.next,
                best_prev as usize,
                get(self.next, best as usize)?,
            )?;
            put(self.next, best as usize, head)?;
            put(self.head, f as usize, best)?;
        }
        if head == NONE {
            return Ok(());
        }
        self.enqueue(f)
    }

    /// Whether `p` is within the weld tolerance of one of the `visible`
    /// facets it sees (listed first in `patch`), hence of the hull.
    pub(super) fn welds(&self, p: u32, visible: usize) -> Result<bool, ShapeError> {
        let q = self.pts.at(p)?;
        let limit = self.weld * self.weld;
        for i in 0..visible {
            let [a, b, c] = get(self.tri, get(self.patch, i)? as usize)?;
            let corners = [self.pts.at(a)?, self.pts.at(b)?, self.pts.at(c)?];
            if squared_distance_to_triangle(&q, &corners) <= limit {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

fn dot(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The squared distance from `p` to the point of triangle `abc` closest to
/// it, found by the triangle's Voronoi regions (Ericson, "Real-Time
/// Collision Detection", 2005, §5.1.5), the point found as a convex
/// combination of the corners.
fn squared_distance_to_triangle(p: &[f64; 3], [a, b, c]: &[[f64; 3]; 3]) -> f64 {
    let (ab, ac, ap) = (sub(b, a), sub(c, a), sub(p, a));
    let (d1, d2) = (dot(&ab, &ap), dot(&ac, &ap));
    let bp = sub(p, b);
    let (d3, d4) = (dot(&ab, &bp), dot(&ac, &bp));
    let cp = sub(p, c);
    let (d5, d6) = (dot(&ab, &cp), dot(&ac, &cp));
    let (va, vb, vc) = (d3 * d6 - d5 * d4, d5 * d2 - d1 * d6, d1 * d4 - d3 * d2);
    // Weights of a, b, c.
    let w = if d1 <= 0.0 && d2 <= 0.0 {
        [1.0, 0.0, 0.0]
    } else if d3 >= 0.0 && d4 <= d3 {
        [0.0, 1.0, 0.0]
    } else if d6 >= 0.0 && d5 <= d6 {
        [0.0, 0.0, 1.0]
    } else if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        let t = d1 / (d1 - d3);
        [1.0 - t, t, 0.0]
    } else if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        let t = d2 / (d2 - d6);
        [1.0 - t, 0.0, t]
    } else if va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 {
        let t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        [0.0, 1.0 - t, t]
    } else {
        let sum = va + vb + vc;
        [va / sum, vb / sum, vc / sum]
    };
    // A NaN weight (a triangle of zero area) or one out of range is
    // clamped, so the point stays among the corners' combinations.
    let w = w.map(|x| if x >= 0.0 { x.min(1.0) } else { 0.0 });
    let total = w[0] + w[1] + w[2];
    let mut d = 0.0;
    for k in 0..3 {
        let x = (w[0] * a[k] + w[1] * b[k] + w[2] * c[k]) / total;
        d += (p[k] - x) * (p[k] - x);
    }
    if total > 0.0 {
        d
    } else {
        f64::INFINITY
    }
}

/// The squared distance from `p` to the segment `ab` (its closest point
/// clamped to the segment).
fn squared_distance_to_segment(p: &[f64; 2], a: &[f64; 2], b: &[f64; 2]) -> f64 {
    let (ab, ap) = ([b[0] - a[0], b[1] - a[1]], [p[0] - a[0], p[1] - a[1]]);
    let along = ab[0] * ap[0] + ab[1] * ap[1];
    let length = ab[0] * ab[0] + ab[1] * ab[1];
    let t = if along > 0.0 && length > 0.0 {
        (along / length).min(1.0)
    } else {
        0.0
    };
    let (dx, dy) = (p[0] - (a[0] + t * ab[0]), p[1] - (a[1] + t * ab[1]));
    dx * dx + dy * dy
}

/// Thins the exact chain of `m` vertices in `vertices` to the vertices
/// kept by a weld tolerance `tol` (scaled), writes the edges between them
/// to `facets`, and returns their number; leaves the chain as it is when
/// fewer than three would be left.
pub(super) fn thin_chain<T: Real>(
    pts: &Scaled<'_, T, 2>,
    tol: f64,
    vertices: &mut [u32],
    facets: &mut [[u32; 2]],
    m: usize,
) -> Result<usize, ShapeError> {
    if m < 3 {
        return Ok(m);
    }
    let limit = tol * tol;
    let at = |vertices: &[u32], i: usize| pts.at(get(vertices, i % m)?);
    // A first pass counts the vertices kept, a second one writes them.
    for write in [false, true] {
        let (mut kept, mut i) = (1_usize, 0_usize);
        // Each pass moves `i` forward by at least one vertex.
        while i < m {
            let a = at(vertices, i)?;
            let mut reach = i + 1;
            'extend: for j in i + 2..=m {
                let b = at(vertices, j)?;
                for k in i + 1..j {
                    if squared_distance_to_segment(&at(vertices, k)?, &a, &b) > limit {
                        break 'extend;
                    }
                }
                reach = j;
            }
            if reach < m {
                if write {
                    // `kept ≤ reach`: every slot written has been read.
                    put(vertices, kept, get(vertices, reach)?)?;
                }
                kept += 1;
            }
            i = reach;
        }
        if kept < 3 {
            break;
        }
        if write {
            for e in 0..kept {
                let next = if e + 1 == kept { 0 } else { e + 1 };
                put(facets, e, [get(vertices, e)?, get(vertices, next)?])?;
            }
            return Ok(kept);
        }
    }
    Ok(m)
}
