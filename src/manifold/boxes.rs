//! Two overlapping boxes: the normal of their face contact by separating
//! axes, without GJK and EPA.
//!
//! The Minkowski difference of two boxes is a polytope whose facet normals
//! are the boxes' face normals and, in 3D, the cross products of an edge
//! direction of each (Gottschalk, Lin & Manocha, "OBBTree: A Hierarchical
//! Structure for Rapid Interference Detection", SIGGRAPH 1996). Along a
//! unit axis `l` the boxes overlap by
//!
//! `o(l) = Σᵢ aᵢ |l · uᵢ| + Σⱼ bⱼ |l · vⱼ| − |l · (c_B − c_A)|`
//!
//! (half extents `aᵢ`, `bⱼ`, axes `uᵢ`, `vⱼ`, centres `c`), which is the
//! support value of the difference along `l`; the penetration depth is the
//! least `o` over those normals, attained at the depth's own direction.
//!
//! A separating axis with a gap beyond the caller's cutoff (net of
//! rounding) proves the boxes apart. Otherwise only the face case is
//! answered here: when a face axis has the least
//! overlap to rounding (no edge axis certainly less, allowing for the
//! rounding of every overlap compared, which for an edge axis grows as its
//! cross product shortens), its direction is the contact normal. Everything else (boxes apart or within
//! rounding of touching, edges crossing, near ties with an edge axis) is
//! left to the general path, so the answer is the general path's up to
//! rounding.

use arrayvec::ArrayVec;
use nalgebra::SVector;

use super::face::{cross3, BoxFrame};
use crate::real::Real;

/// The support value of box `b` along unit `l`, about its centre.
fn reach<T: Real, const D: usize>(b: &BoxFrame<T, D>, l: &SVector<T, D>) -> T {
    b.axes
        .iter()
        .zip(b.half.iter())
        .fold(T::zero(), |s, (u, h)| s + *h * l.dot(u).abs())
}

/// What separating axes tell of two boxes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Sat<T: Real, const D: usize> {
    /// Proven farther apart than the cutoff (along some axis, net of its
    /// rounding).
    Apart,
    /// Overlapping in a face contact with this unit normal, from A towards
    /// B.
    Face(SVector<T, D>),
    /// Overlapping with an edge of each crossing: the unit normal from A
    /// towards B, the closest points of the two edges (on A's, on B's) and
    /// the depth along the normal.
    Edges {
        normal: SVector<T, D>,
        point_a: SVector<T, D>,
        point_b: SVector<T, D>,
        depth: T,
    },
    /// Anything else: the general path decides.
    Undecided,
}

/// An edge pair's axis with its overlap and that overlap's rounding.
#[derive(Clone, Copy, Debug)]
struct Edge<T: Real, const D: usize> {
    overlap: T,
    error: T,
    axis: SVector<T, D>,
    /// The axis of A and the axis of B the edges run along.
    pair: (usize, usize),
}

/// The contact of two boxes whose least overlap is along edge pair `m`:
/// A's edge along its axis `i` farthest along the normal, B's along its
/// axis `j` farthest against it, and the closest points of their lines
/// (kept on the edges).
fn edge_contact<T: Real, const D: usize>(
    a: &BoxFrame<T, D>,
    b: &BoxFrame<T, D>,
    m: &Edge<T, D>,
    d: &SVector<T, D>,
) -> Sat<T, D> {
    let n = if m.axis.dot(d) < T::zero() {
        -m.axis
    } else {
        m.axis
    };
    let (i, j) = m.pair;
    // The middle of the edge of `b` along axis `k` farthest along `dir`.
    let middle = |b: &BoxFrame<T, D>, k: usize, dir: &SVector<T, D>| {
        b.axes
            .iter()
            .zip(b.half.iter())
            .enumerate()
            .filter(|&(q, _)| q != k)
            .fold(b.centre, |c, (_, (v, h))| {
                if v.dot(dir) < T::zero() {
                    c - v * *h
                } else {
                    c + v * *h
                }
            })
    };
    let (Some(&u), Some(&w), Some(&hu), Some(&hw)) =
        (a.axes.get(i), b.axes.get(j), a.half.get(i), b.half.get(j))
    else {
        return Sat::Undecided;
    };
    let (ca, cb) = (middle(a, i, &n), middle(b, j, &-n));
    // Lines `ca + s u` and `cb + t w` (unit directions, not parallel).
    let r = ca - cb;
    let (cos, along_u, along_w) = (u.dot(&w), u.dot(&r), w.dot(&r));
    let sine2 = T::one() - cos * cos;
    if !(sine2 > T::zero()) {
        return Sat::Undecided;
    }
    let s = ((cos * along_w - along_u) / sine2).max(-hu).min(hu);
    let t = ((along_w - cos * along_u) / sine2).max(-hw).min(hw);
    let (point_a, point_b) = (ca + u * s, cb + w * t);
    Sat::Edges {
        normal: n,
        point_a,
        point_b,
        depth: (point_a - point_b).dot(&n),
    }
}

/// Boxes `a` and `b` (`D = 2, 3`): [`Sat::Apart`] when an axis separates
/// them by more than `cutoff`; [`Sat::Face`] when they overlap and a face
/// axis has the least overlap to rounding; [`Sat::Edges`] when an edge
/// pair's axis has it, certainly below every other axis.
pub(super) fn separating_axes<T: Real, const D: usize>(
    a: &BoxFrame<T, D>,
    b: &BoxFrame<T, D>,
    cutoff: T,
) -> Sat<T, D> {
    if !(2..=3).contains(&D) {
        return Sat::Undecided;
    }
    let d = b.centre - a.centre;
    // Every overlap is a sum of terms no larger than this; each is
    // computed within a few `u` of it, and an axis `l` off by `δ` moves it
    // by at most `δ` times it.
    let size = a
        .half
        .iter()
        .chain(b.half.iter())
        .fold(T::zero(), |s, h| s + h.abs())
        + d.iter().fold(T::zero(), |s, x| s + x.abs());
    let u = T::EPSILON * T::lit(0.5);
    let terms = T::from_usize(4 * D + 4).unwrap_or(T::one());
    let face_error = terms * u * size;
    let overlap = |l: &SVector<T, D>| reach(a, l) + reach(b, l) - l.dot(&d).abs();
    let apart = |o: T, error: T| -o - error > cutoff;

    // The face axes: the least overlap, unless one separates.
    let mut best: Option<(T, SVector<T, D>)> = None;
    let mut overlapping = true;
    for l in a.axes.iter().chain(b.axes.iter()) {
        let o = overlap(l);
        if apart(o, face_error) {
            return Sat::Apart;
        }
        // Apart, touching within rounding, or not finite: no face contact.
        overlapping &= o > face_error;
        if best.is_none_or(|(m, _)| o < m) {
            best = Some((o, *l));
        }
    }
    let Some((least, l)) = best else {
        return Sat::Undecided;
    };
    let mut face = overlapping && least.is_finite();
    // The edge pair with the least overlap, and whether every other axis
    // is certainly above it.
    let mut edge: Option<Edge<T, D>> = None;
    let mut others = ArrayVec::<(T, T), 9>::new();
    if D == 3 {
        for (i, p) in a.axes.iter().enumerate() {
            for (j, q) in b.axes.iter().enumerate() {
                let Some(c) = cross3(p, q) else {
                    return Sat::Undecided;
                };
                let length = c.norm();
                // Parallel edges span no facet of their own; edges both
                // exactly across the chosen axis span its own facet (a box
                // turned about that axis on another), whose overlap is the
                // face's.
                if !(length > T::zero()) || (p.dot(&l) == T::zero() && q.dot(&l) == T::zero()) {
                    continue;
                }
                let e = c / length;
                // The cross product's direction is off by about `2u` over
                // its length.
                let error = (T::lit(4.0) / length + terms) * u * size;
                let o = overlap(&e);
                if apart(o, error) {
                    return Sat::Apart;
                }
                overlapping &= o > error;
                face &= o - error >= least - face_error;
                let candidate = Edge {
                    overlap: o,
                    error,
                    axis: e,
                    pair: (i, j),
                };
                match edge {
                    Some(m) if m.overlap <= o => {
                        let _ = others.try_push((o, error));
                    }
                    _ => {
                        if let Some(m) = edge {
                            let _ = others.try_push((m.overlap, m.error));
                        }
                        edge = Some(candidate);
                    }
                }
            }
        }
    }
    if let (false, true, Some(m)) = (face, overlapping, edge) {
        let faces = a
            .axes
            .iter()
            .chain(b.axes.iter())
            .map(|l| (overlap(l), face_error));
        let clear = faces
            .chain(others.iter().copied())
            .all(|(o, error)| o - error > m.overlap + m.error);
        if clear {
            return edge_contact(a, b, &m, &d);
        }
    }
    if face {
        Sat::Face(if l.dot(&d) < T::zero() { -l } else { l })
    } else {
        Sat::Undecided
    }
}
