//! Independent oracles for the hull builder, sharing no code with it.
//!
//! * Exact ones on integer points (`i64` coordinates, `i128` arithmetic, no
//!   rounding at all): which points are extreme, by Carathéodory's theorem
//!   (a point is in the hull of a set exactly when it is in the hull of at
//!   most `D + 1` of its points: a tetrahedron, triangle, segment or point
//!   of the others), and the side of a point of a facet's plane.
//! * Combinatorial checks of the output: a closed, consistently oriented
//!   surface (every directed edge once, its reverse once), Euler's formula.

use std::collections::{BTreeMap, BTreeSet};

/// An integer point.
pub type I<const D: usize> = [i64; D];

fn sub3(a: &I<3>, b: &I<3>) -> [i128; 3] {
    [
        i128::from(a[0] - b[0]),
        i128::from(a[1] - b[1]),
        i128::from(a[2] - b[2]),
    ]
}

fn cross(u: &[i128; 3], v: &[i128; 3]) -> [i128; 3] {
    [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ]
}

fn dot(u: &[i128; 3], v: &[i128; 3]) -> i128 {
    u[0] * v[0] + u[1] * v[1] + u[2] * v[2]
}

/// `det[b − a, c − a, d − a]`, exactly.
pub fn orient3(a: &I<3>, b: &I<3>, c: &I<3>, d: &I<3>) -> i128 {
    dot(&cross(&sub3(b, a), &sub3(c, a)), &sub3(d, a))
}

/// `det[b − a, c − a]`, exactly.
pub fn orient2(a: &I<2>, b: &I<2>, c: &I<2>) -> i128 {
    let (ux, uy) = (i128::from(b[0] - a[0]), i128::from(b[1] - a[1]));
    let (vx, vy) = (i128::from(c[0] - a[0]), i128::from(c[1] - a[1]));
    ux * vy - uy * vx
}

/// Whether `p` is on the closed segment `ab` (any dimension).
fn on_segment<const D: usize>(p: &I<D>, a: &I<D>, b: &I<D>) -> bool {
    // p − a = t (b − a) with 0 ≤ t ≤ 1: all 2×2 minors vanish, and the
    // projection lies between the ends.
    let u: Vec<i128> = (0..D).map(|i| i128::from(b[i] - a[i])).collect();
    let w: Vec<i128> = (0..D).map(|i| i128::from(p[i] - a[i])).collect();
    for i in 0..D {
        for j in 0..D {
            if u[i] * w[j] != u[j] * w[i] {
                return false;
            }
        }
    }
    let t: i128 = (0..D).map(|i| u[i] * w[i]).sum();
    let len: i128 = (0..D).map(|i| u[i] * u[i]).sum();
    0 <= t && t <= len
}

/// Whether `p` is in the closed, non-degenerate triangle `abc` (3D).
fn in_triangle3(p: &I<3>, a: &I<3>, b: &I<3>, c: &I<3>) -> bool {
    let n = cross(&sub3(b, a), &sub3(c, a));
    if n == [0; 3] || orient3(a, b, c, p) != 0 {
        return false;
    }
    [(a, b), (b, c), (c, a)]
        .iter()
        .all(|(u, v)| dot(&cross(&sub3(v, u), &sub3(p, u)), &n) >= 0)
}

/// Whether `p` is in the closed, non-degenerate tetrahedron `abcd`.
fn in_tetrahedron(p: &I<3>, a: &I<3>, b: &I<3>, c: &I<3>, d: &I<3>) -> bool {
    let whole = orient3(a, b, c, d);
    if whole == 0 {
        return false;
    }
    let s = whole.signum();
    // Replace each vertex by p in turn: the signed volumes keep the sign
    // (or vanish) exactly when p is inside.
    [
        orient3(p, b, c, d),
        orient3(a, p, c, d),
        orient3(a, b, p, d),
        orient3(a, b, c, p),
    ]
    .iter()
    .all(|v| v * s >= 0)
}

/// Whether `p` is in the closed, non-degenerate triangle `abc` (2D).
fn in_triangle2(p: &I<2>, a: &I<2>, b: &I<2>, c: &I<2>) -> bool {
    let whole = orient2(a, b, c);
    if whole == 0 {
        return false;
    }
    let s = whole.signum();
    [orient2(a, b, p), orient2(b, c, p), orient2(c, a, p)]
        .iter()
        .all(|v| v * s >= 0)
}

/// The indices of the extreme points, one per distinct position (the first
/// index of repeated positions is *not* assumed: every index whose position
/// is extreme is returned, and the caller compares positions).
pub fn extreme_positions3(points: &[I<3>]) -> BTreeSet<I<3>> {
    let distinct: Vec<I<3>> = points
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let n = distinct.len();
    let mut out = BTreeSet::new();
    'points: for (i, p) in distinct.iter().enumerate() {
        let others: Vec<&I<3>> = (0..n).filter(|&j| j != i).map(|j| &distinct[j]).collect();
        let m = others.len();
        for a in 0..m {
            for b in a + 1..m {
                if on_segment(p, others[a], others[b]) {
                    continue 'points;
                }
                for c in b + 1..m {
                    if in_triangle3(p, others[a], others[b], others[c]) {
                        continue 'points;
                    }
                    for d in c + 1..m {
                        if in_tetrahedron(p, others[a], others[b], others[c], others[d]) {
                            continue 'points;
                        }
                    }
                }
            }
        }
        out.insert(*p);
    }
    out
}

/// The extreme positions of a planar set, as above.
pub fn extreme_positions2(points: &[I<2>]) -> BTreeSet<I<2>> {
    let distinct: Vec<I<2>> = points
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let n = distinct.len();
    let mut out = BTreeSet::new();
    'points: for (i, p) in distinct.iter().enumerate() {
        let others: Vec<&I<2>> = (0..n).filter(|&j| j != i).map(|j| &distinct[j]).collect();
        let m = others.len();
        for a in 0..m {
            for b in a + 1..m {
                if on_segment(p, others[a], others[b]) {
                    continue 'points;
                }
                for c in b + 1..m {
                    if in_triangle2(p, others[a], others[b], others[c]) {
                        continue 'points;
                    }
                }
            }
        }
        out.insert(*p);
    }
    out
}

/// Checks that triangles form a closed, consistently oriented surface of
/// genus zero: every directed edge once and its reverse once, and
/// `V − E + F = 2` with `V` the vertices the facets use. Returns `V`.
pub fn check_surface(facets: &[[u32; 3]]) -> Result<usize, String> {
    let mut directed: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    let mut used = BTreeSet::new();
    for (k, f) in facets.iter().enumerate() {
        if f[0] == f[1] || f[1] == f[2] || f[2] == f[0] {
            return Err(format!("facet {k} repeats a vertex: {f:?}"));
        }
        for i in 0..3 {
            let e = (f[i], f[(i + 1) % 3]);
            used.insert(f[i]);
            if directed.insert(e, k).is_some() {
                return Err(format!("directed edge {e:?} appears twice"));
            }
        }
    }
    for &(a, b) in directed.keys() {
        if !directed.contains_key(&(b, a)) {
            return Err(format!("edge ({a}, {b}) has no reverse"));
        }
    }
    let (v, e, f) = (used.len(), directed.len() / 2, facets.len());
    if v + f != e + 2 {
        return Err(format!("Euler: V − E + F = {v} − {e} + {f} ≠ 2"));
    }
    Ok(v)
}

/// Checks that edges form one counter-clockwise cycle through distinct
/// vertices listed in `vertices` order.
pub fn check_cycle(vertices: &[u32], edges: &[[u32; 2]]) -> Result<(), String> {
    let m = vertices.len();
    if edges.len() != m || m < 3 {
        return Err(format!("{} edges for {m} vertices", edges.len()));
    }
    if vertices.iter().collect::<BTreeSet<_>>().len() != m {
        return Err("a vertex is listed twice".into());
    }
    for i in 0..m {
        if edges[i] != [vertices[i], vertices[(i + 1) % m]] {
            return Err(format!("edge {i} is {:?}", edges[i]));
        }
    }
    Ok(())
}
