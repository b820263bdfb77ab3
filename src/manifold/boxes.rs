//! Two boxes by separating axes, without GJK and EPA.
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
//! Three answers are given, each only when certain net of the rounding of
//! every overlap compared (which for an edge axis grows as its cross
//! product shortens): a separating axis with a gap beyond the caller's
//! cutoff proves the boxes apart; a face axis with the least overlap (to
//! rounding) gives a face contact's normal; an edge axis certainly below
//! every other gives two crossing edges, whose closest points are the
//! contact. Everything else (apart within the cutoff, touching within
//! rounding, near ties) is left to the general path, so the answer is the
//! general path's up to rounding.

use arrayvec::ArrayVec;
use nalgebra::SVector;

use super::face::BoxFrame;
use crate::real::Real;

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
struct Edge<T: Real> {
    overlap: T,
    error: T,
    /// The axis `aᵢ × bⱼ` in A's frame: its components along `a_{i+1}`
    /// and `a_{i+2}` (none along `aᵢ`), and its length.
    local: (T, T),
    length: T,
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
    m: &Edge<T>,
    d: &SVector<T, D>,
) -> Sat<T, D> {
    let (i, j) = m.pair;
    let (Some(&a1), Some(&a2)) = (a.axes.get(next3(i)), a.axes.get(next3(next3(i)))) else {
        return Sat::Undecided;
    };
    let axis = (a1 * m.local.0 + a2 * m.local.1) / m.length;
    let n = if axis.dot(d) < T::zero() { -axis } else { axis };
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
///
/// Everything is computed in A's frame from the rotation `Rᵢⱼ = aᵢ · bⱼ`
/// and the centres' offset `tᵢ = aᵢ · (c_B − c_A)` (Gottschalk's form): an
/// edge pair's axis `aᵢ × bⱼ` has components `Rₖⱼ` there, and its overlap
/// is a few products of them.
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
    let apart = |o: T, error: T| -o - error > cutoff;
    let r = |i: usize, j: usize| match (a.axes.get(i), b.axes.get(j)) {
        (Some(p), Some(q)) => p.dot(q),
        _ => T::zero(),
    };
    let rot: [[T; D]; D] = core::array::from_fn(|i| core::array::from_fn(|j| r(i, j)));
    let at = |m: &[[T; D]; D], i: usize, j: usize| {
        m.get(i)
            .and_then(|row| row.get(j))
            .copied()
            .unwrap_or_else(T::zero)
    };
    let ha = |i: usize| a.half.get(i).copied().unwrap_or_else(T::zero);
    let hb = |j: usize| b.half.get(j).copied().unwrap_or_else(T::zero);
    let t: [T; D] = core::array::from_fn(|i| a.axes.get(i).map_or(T::zero(), |p| p.dot(&d)));
    let ti = |i: usize| t.get(i).copied().unwrap_or_else(T::zero);

    // The face axes, A's then B's: the least overlap, unless one separates.
    let mut best: Option<(T, Axis)> = None;
    let mut overlapping = true;
    let mut faces = ArrayVec::<T, 6>::new();
    for k in 0..2 * D {
        let (o, axis) = if k < D {
            let reach_b = (0..D).fold(T::zero(), |s, j| s + hb(j) * at(&rot, k, j).abs());
            (ha(k) + reach_b - ti(k).abs(), Axis::A(k))
        } else {
            let j = k - D;
            let reach_a = (0..D).fold(T::zero(), |s, i| s + ha(i) * at(&rot, i, j).abs());
            let along = b.axes.get(j).map_or(T::zero(), |q| q.dot(&d));
            (reach_a + hb(j) - along.abs(), Axis::B(j))
        };
        if apart(o, face_error) {
            return Sat::Apart;
        }
        // Apart, touching within rounding, or not finite: no face contact.
        overlapping &= o > face_error;
        let _ = faces.try_push(o);
        if best.is_none_or(|(m, _)| o < m) {
            best = Some((o, axis));
        }
    }
    let Some((least, chosen)) = best else {
        return Sat::Undecided;
    };
    let mut face = overlapping && least.is_finite();
    // The edge pair with the least overlap, and whether every other axis
    // is certainly above it.
    let mut edge: Option<Edge<T>> = None;
    let mut others = ArrayVec::<(T, T), 9>::new();
    if D == 3 {
        for i in 0..3 {
            let (i1, i2) = (next3(i), next3(next3(i)));
            for j in 0..3 {
                let (j1, j2) = (next3(j), next3(next3(j)));
                // `aᵢ × bⱼ` in A's frame: `(0, −R_{i2 j}, R_{i1 j})` turned
                // to start at `i`; its length has no cancellation.
                let (c1, c2) = (-at(&rot, i2, j), at(&rot, i1, j));
                let length = (c1 * c1 + c2 * c2).sqrt();
                // Parallel edges span no facet of their own; edges both
                // exactly across the chosen axis span its own facet (a box
                // turned about that axis on another), whose overlap is the
                // face's.
                let across = match chosen {
                    Axis::A(k) => k != i && at(&rot, k, j) == T::zero(),
                    Axis::B(k) => k != j && at(&rot, i, k) == T::zero(),
                };
                if !(length > T::zero()) || across {
                    continue;
                }
                let reach_a = ha(i1) * c1.abs() + ha(i2) * c2.abs();
                let reach_b = hb(j1) * at(&rot, i, j2).abs() + hb(j2) * at(&rot, i, j1).abs();
                let along = c1 * ti(i1) + c2 * ti(i2);
                let o = (reach_a + reach_b - along.abs()) / length;
                // The axis's direction is off by about `3u` over its length.
                let error = (T::lit(6.0) / length + terms) * u * size;
                if apart(o, error) {
                    return Sat::Apart;
                }
                overlapping &= o > error;
                face &= o - error >= least - face_error;
                let candidate = Edge {
                    overlap: o,
                    error,
                    local: (c1, c2),
                    length,
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
        let clear = others
            .iter()
            .all(|&(o, error)| o - error > m.overlap + m.error)
            && faces.iter().all(|&o| o - face_error > m.overlap + m.error);
        if clear {
            return edge_contact(a, b, &m, &d);
        }
    }
    if !face {
        return Sat::Undecided;
    }
    let l = match chosen {
        Axis::A(k) => a.axes.get(k),
        Axis::B(k) => b.axes.get(k),
    };
    match l {
        Some(&l) => Sat::Face(if l.dot(&d) < T::zero() { -l } else { l }),
        None => Sat::Undecided,
    }
}

/// A face axis: A's `k`-th or B's.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Axis {
    A(usize),
    B(usize),
}

/// The index after `i` among three.
fn next3(i: usize) -> usize {
    if i >= 2 {
        0
    } else {
        i + 1
    }
}
