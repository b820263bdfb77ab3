//! The closed form of Johnson's sub-algorithm in lanes: the scalar
//! [`closest_face`](super::closed_form::closest_face), case for case, with
//! branches turned into masks.
//!
//! Each lane holds its own simplex: the newest vertex `a` and `m` older
//! ones (`m` from 1 to `D`, per lane). Every candidate face a lane could
//! pick is computed for the lanes that still need one, and the first valid
//! candidate in the scalar's order is selected by masks, so each lane picks
//! the face the scalar code picks, from the same formulas. A case no lane
//! needs is skipped. The arithmetic per lane is the scalar's, in the same
//! order: where the scalar answers, the lane answers the same, to the bit.

use crate::math::lanes::{cross, cross2, Lanes, Wide};
use crate::math::real::Real;

/// A face of a lane's simplex through its newest vertex `a`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LaneFace<L, const D: usize> {
    /// The face's closest point to the origin.
    pub v: Wide<L, D>,
    /// Weights of the older vertices (zero outside the face).
    pub mu: [L; 3],
    /// Which older vertices belong to the face (masks).
    pub keep: [L; 3],
    /// The weight of `a`.
    pub base: L,
    /// The lanes where the closed form answered.
    pub ok: L,
}

impl<L: Lanes, const D: usize> LaneFace<L, D> {
    /// The vertex `a` alone (the scalar `Face::vertex`).
    #[inline(always)]
    fn vertex(a: &Wide<L, D>, ok: L) -> Self {
        let zero = L::splat(L::Scalar::ZERO);
        Self {
            v: *a,
            mu: [zero; 3],
            keep: [L::none_set(); 3],
            base: L::splat(L::Scalar::lit(1.0)),
            ok,
        }
    }

    /// The face of `a` and the older vertices `verts` with their weights,
    /// its closest point `v` (the scalar `Face::of`).
    #[inline(always)]
    fn of(verts: &[(usize, L)], v: Wide<L, D>, ok: L) -> Self {
        let mut face = Self::vertex(&v, ok);
        for &(i, w) in verts {
            if let (Some(mu), Some(keep)) = (face.mu.get_mut(i), face.keep.get_mut(i)) {
                *mu = w;
                *keep = L::all_set();
                face.base = face.base - w;
            }
        }
        face
    }

    /// `if_true` in the lanes of `mask`, `if_false` elsewhere.
    #[inline(always)]
    pub fn select(mask: L, if_true: &Self, if_false: &Self) -> Self {
        let pick = |t: [L; 3], f: [L; 3]| core::array::from_fn(|i| mask.select(t[i], f[i]));
        Self {
            v: Wide::select(mask, &if_true.v, &if_false.v),
            mu: pick(if_true.mu, if_false.mu),
            keep: pick(if_true.keep, if_false.keep),
            base: mask.select(if_true.base, if_false.base),
            ok: mask.select(if_true.ok, if_false.ok),
        }
    }

    /// Takes `candidate` in the lanes of `open` where it answered; those
    /// lanes leave `open`.
    #[inline(always)]
    fn take(&mut self, open: &mut L, candidate: &Self) {
        let take = *open & candidate.ok;
        *self = Self::select(take, candidate, self);
        *open = *open & !take;
    }
}

/// `min_sine²` of the scalar `vouched`, times `edges2`, against `det2`.
#[inline(always)]
fn vouched<L: Lanes>(det2: L, edges2: L) -> L {
    let s = L::Scalar::lit(super::closed_form::MIN_SINE);
    let floor = L::splat(s * s) * edges2;
    floor.ge(L::splat(L::Scalar::MIN_POSITIVE)) & floor.finite() & det2.ge(floor)
}

/// Johnson's test ([`supports`](super::johnson::supports)) in lanes; the
/// square roots only where some lane's gain is negative.
#[inline(always)]
fn supports<L: Lanes, const D: usize>(v: &Wide<L, D>, y: &Wide<L, D>) -> L {
    let d = *y - *v;
    let gain = d.dot(v);
    let zero = L::splat(L::Scalar::ZERO);
    let pos = gain.ge(zero);
    if !(!pos).any() {
        return pos;
    }
    let n = v.norm2().sqrt();
    let slack = L::splat(L::Scalar::ROUNDING_FLOOR) * n * (d.norm2().sqrt() + n);
    pos | gain.ge(-slack)
}

/// `0 < t < 1`.
#[inline(always)]
fn inside<L: Lanes>(t: L) -> L {
    t.gt(L::splat(L::Scalar::ZERO)) & t.lt(L::splat(L::Scalar::lit(1.0)))
}

/// The point at `t` on the edge `e` from `a` (the scalar `edge_point`).
#[inline(always)]
fn edge_point<L: Lanes, const D: usize>(a: &Wide<L, D>, e: &Wide<L, D>, ee: L, t: L) -> Wide<L, D> {
    if D == 2 {
        let n = Wide(core::array::from_fn(|i| {
            if i == 0 {
                -e.get(1)
            } else {
                e.get(0)
            }
        }));
        n.scale(n.dot(a) / ee)
    } else {
        *a + e.scale(t)
    }
}

/// The segment `(a, x)` (the scalar `segment`).
#[inline(always)]
fn segment<L: Lanes, const D: usize>(a: &Wide<L, D>, x: &Wide<L, D>) -> LaneFace<L, D> {
    let e = *x - *a;
    let ee = e.norm2();
    let ok = ee.ge(L::splat(L::Scalar::MIN_POSITIVE)) & ee.finite();
    let t = -e.dot(a) / ee;
    let on = inside(t);
    let edge = LaneFace::of(&[(0, t)], edge_point(a, &e, ee, t), ok);
    LaneFace::select(on, &edge, &LaneFace::vertex(a, ok))
}

/// The edge `(a, a + e)` (older vertex `i`) where the origin projects
/// inside it and its closest point passes Johnson's test against `other`
/// (the scalar `edge`).
#[inline(always)]
fn edge<L: Lanes, const D: usize>(
    a: &Wide<L, D>,
    (i, e): (usize, &Wide<L, D>),
    other: &Wide<L, D>,
) -> LaneFace<L, D> {
    let ee = e.norm2();
    let t = -e.dot(a) / ee;
    let v = edge_point(a, e, ee, t);
    let ok = inside(t) & supports(&v, other);
    LaneFace::of(&[(i, t)], v, ok)
}

/// The triangle's weights `(mx, my)` put the origin's projection inside
/// it: both and their complement positive.
#[inline(always)]
fn interior<L: Lanes>(mx: L, my: L) -> L {
    let zero = L::splat(L::Scalar::ZERO);
    let one = L::splat(L::Scalar::lit(1.0));
    mx.gt(zero) & my.gt(zero) & (one - mx - my).gt(zero)
}

/// A triangle's answer off its interior: the edge the origin lies beyond
/// first (by the sign of `my`), then the other, then the vertex `a` (the
/// tail of the scalar `vouched_triangle` and `plane_triangle`).
#[inline(always)]
fn rim<L: Lanes, const D: usize>(
    a: &Wide<L, D>,
    (ix, x, ex): (usize, &Wide<L, D>, &Wide<L, D>),
    (iy, y, ey): (usize, &Wide<L, D>, &Wide<L, D>),
    my: L,
    lanes: L,
) -> LaneFace<L, D> {
    let beyond_x = my.le(L::splat(L::Scalar::ZERO));
    let on_x = edge(a, (ix, ex), y);
    let on_y = edge(a, (iy, ey), x);
    let corner = LaneFace::vertex(a, supports(a, x) & supports(a, y));
    let mut face = LaneFace::vertex(a, L::none_set());
    let mut open = lanes;
    let (first, second) = (
        LaneFace::select(beyond_x, &on_x, &on_y),
        LaneFace::select(beyond_x, &on_y, &on_x),
    );
    face.take(&mut open, &first);
    face.take(&mut open, &second);
    face.take(&mut open, &corner);
    face
}

/// A triangle known not to be thin, with its normal `n` (the scalar
/// `vouched_triangle`), for the lanes of `lanes`.
#[inline(always)]
fn vouched_triangle<L: Lanes, const D: usize>(
    a: &Wide<L, D>,
    x: (usize, &Wide<L, D>, &Wide<L, D>),
    y: (usize, &Wide<L, D>, &Wide<L, D>),
    n: &Wide<L, D>,
    lanes: L,
) -> LaneFace<L, D> {
    let (ex, ey) = (x.2, y.2);
    let nn = n.norm2();
    let mx = cross(ey, a).dot(n) / nn;
    let my = cross(a, ex).dot(n) / nn;
    let interior = interior(mx, my);
    let face = LaneFace::of(&[(x.0, mx), (y.0, my)], n.scale(n.dot(a) / nn), interior);
    let off = lanes & !interior;
    if !off.any() {
        return face;
    }
    LaneFace::select(interior, &face, &rim(a, x, y, my, off))
}

/// The triangle `(a, x, y)` of a 3D (or higher) simplex (the scalar
/// `triangle`).
#[inline(always)]
fn triangle<L: Lanes, const D: usize>(
    a: &Wide<L, D>,
    x: &Wide<L, D>,
    y: &Wide<L, D>,
    lanes: L,
) -> LaneFace<L, D> {
    let (ex, ey) = (*x - *a, *y - *a);
    let n = cross(&ex, &ey);
    let vouch = vouched(n.norm2(), ex.norm2() * ey.norm2());
    let mut face = vouched_triangle(a, (0, x, &ex), (1, y, &ey), &n, lanes & vouch);
    face.ok = face.ok & vouch;
    face
}

/// The triangle `(a, x, y)` of a 2D simplex (the scalar `plane_triangle`).
#[inline(always)]
fn plane_triangle<L: Lanes, const D: usize>(
    a: &Wide<L, D>,
    x: &Wide<L, D>,
    y: &Wide<L, D>,
    lanes: L,
) -> LaneFace<L, D> {
    let (ex, ey) = (*x - *a, *y - *a);
    let det = cross2(&ex, &ey);
    let vouch = vouched(det * det, ex.norm2() * ey.norm2());
    let mx = cross2(&ey, a) / det;
    let my = cross2(a, &ex) / det;
    let interior = interior(mx, my);
    let v = *a + ex.scale(mx) + ey.scale(my);
    let mut face = LaneFace::of(&[(0, mx), (1, my)], v, interior);
    let off = lanes & vouch & !interior;
    if off.any() {
        face = LaneFace::select(interior, &face, &rim(a, (0, x, &ex), (1, y, &ey), my, off));
    }
    face.ok = face.ok & vouch;
    face
}

/// The tetrahedron `(a, b, c, d)` (the scalar `tetrahedron`): the origin
/// inside, or the first facet through `a` it lies beyond whose face passes
/// Johnson's test against the opposite vertex.
#[inline(always)]
fn tetrahedron<L: Lanes, const D: usize>(
    a: &Wide<L, D>,
    [b, c, d]: [&Wide<L, D>; 3],
    lanes: L,
) -> LaneFace<L, D> {
    let (eb, ec, ed) = (*b - *a, *c - *a, *d - *a);
    let n_bc = cross(&eb, &ec);
    let n_bd = cross(&eb, &ed);
    let n_cd = cross(&ec, &ed);
    let det = ed.dot(&n_bc);
    let vouch = vouched(det * det, eb.norm2() * ec.norm2() * ed.norm2());
    let lb = -a.dot(&n_cd) / det;
    let lc = a.dot(&n_bd) / det;
    let ld = -a.dot(&n_bc) / det;
    let zero = L::splat(L::Scalar::ZERO);
    let one = L::splat(L::Scalar::lit(1.0));
    let within = lb.gt(zero) & lc.gt(zero) & ld.gt(zero) & (one - lb - lc - ld).gt(zero);
    let v = *a + eb.scale(lb) + ec.scale(lc) + ed.scale(ld);
    let mut face = LaneFace::of(&[(0, lb), (1, lc), (2, ld)], v, within & vouch);
    let mut open = lanes & vouch & !within;
    let facets = [
        (ld, (0, b, &eb), (1, c, &ec), &n_bc, d),
        (lc, (0, b, &eb), (2, d, &ed), &n_bd, c),
        (lb, (1, c, &ec), (2, d, &ed), &n_cd, b),
    ];
    for (l, x, y, n, z) in facets {
        let gate = open & l.le(zero);
        if !gate.any() {
            continue;
        }
        let mut f = vouched_triangle(a, x, y, n, gate);
        f.ok = f.ok & gate & supports(&f.v, z);
        face.take(&mut open, &f);
    }
    face.ok = face.ok & vouch;
    face
}

/// The closest face of each lane's simplex through its newest vertex `a`,
/// the older vertices `old` (`count` of them in each lane, from 1 to `D`;
/// the lanes of `lanes` only): the scalar `closest_face`, `ok` where it
/// answers with a finite face. `D ≤ 3`.
#[inline(always)]
pub(crate) fn closest_face<L: Lanes, const D: usize>(
    a: &Wide<L, D>,
    old: &[Wide<L, D>; 3],
    count: L,
    lanes: L,
) -> LaneFace<L, D> {
    let is = |k: f64| count.ge(L::splat(L::Scalar::lit(k))) & count.le(L::splat(L::Scalar::lit(k)));
    let mut face = LaneFace::vertex(a, L::none_set());
    let ones = lanes & is(1.0);
    if ones.any() {
        face = LaneFace::select(ones, &segment(a, &old[0]), &face);
    }
    let twos = lanes & is(2.0);
    if D >= 2 && twos.any() {
        let t = if D == 2 {
            plane_triangle(a, &old[0], &old[1], twos)
        } else {
            triangle(a, &old[0], &old[1], twos)
        };
        face = LaneFace::select(twos, &t, &face);
    }
    let threes = lanes & is(3.0);
    if D >= 3 && threes.any() {
        let t = tetrahedron(a, [&old[0], &old[1], &old[2]], threes);
        face = LaneFace::select(threes, &t, &face);
    }
    let norm2 = face.v.norm2();
    face.ok = face.ok & (ones | twos | threes) & norm2.finite() & face.base.finite();
    face
}
