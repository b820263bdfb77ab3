//! Johnson's sub-algorithm in closed form, for simplices of the plane and of
//! space (`D ≤ 3`).
//!
//! # The math
//!
//! The faces searched are those through the newest vertex `a`, written in
//! its frame: edges `eᵢ = yᵢ − a`, so that coordinates far from the origin
//! do not cancel (as in the QR search beside this module). A face's closest
//! point is `v = a + Σ μᵢ eᵢ` with `v` orthogonal to the face's edges. In
//! three dimensions, and for full simplices in the plane, the weights are
//! ratios of signed volumes (Cramer's rule on the edges, as in the signed
//! volumes of Montanari, Petrinic & Barbieri, "Improving the GJK algorithm
//! for faster and more reliable distance queries between convex objects",
//! ACM Transactions on Graphics 36(3), 2017):
//!
//! * a triangle `(a, x, y)` with normal `n = e_x × e_y`:
//!   `μ_x = (e_y × a) · n / ‖n‖²`, `μ_y = (a × e_x) · n / ‖n‖²`, and its
//!   closest point is `v = n (n · a) / ‖n‖²`, exact in direction to the
//!   rounding of `n` however far the face is from the origin;
//! * a tetrahedron `(a, b, c, d)` with volume `det = e_d · (e_b × e_c)`:
//!   each weight is minus `a` dotted with the normal of the facet through
//!   `a` opposite that vertex, over `det`;
//! * in the plane, `×` is the scalar cross product and a segment's closest
//!   point is taken along its normal.
//!
//! A face is the answer when all its weights are positive and no other
//! vertex lies on the origin's side of the plane through `v` orthogonal to
//! `v` (Johnson's test, the same tolerant test as the QR search's). The
//! signs of a full simplex's weights say which facets the origin lies
//! beyond, and only those are tried.
//!
//! # When the closed form answers
//!
//! Signed volumes lose accuracy as their faces flatten: the weights of a
//! triangle whose angle has sine `s` carry an error of about `ε / s` times
//! the vertices' size over the edges'. Each face is first measured: a
//! triangle or a full simplex whose normalised volume is below
//! [`MIN_SINE`] (the product of the edges' lengths times it), a product
//! outside the normal range, or a simplex where no face passes the test,
//! is left to the QR search ([`None`]), which handles thin and dependent
//! faces with care. The closed form is therefore never less accurate than
//! a factor of `1 / MIN_SINE` of the rounding of the problem itself, and
//! answers the common, well-shaped simplices at a fraction of the cost.

use nalgebra::SVector;

use super::johnson::{supports, Face};
use crate::math::cross::cross;
use crate::math::real::{Length, Real};

/// The smallest normalised volume (sine of a triangle's angle, or the
/// volume of a tetrahedron over the product of its edges' lengths) the
/// closed form answers for: `2⁻⁶`. Below it the QR search takes over.
pub(super) const MIN_SINE: f64 = 0.015_625;

/// The closest face through the newest vertex `y0` of the simplex
/// `{y0} ∪ {vertex(0) … vertex(m − 1)}`, as
/// [`johnson::closest_face`](super::johnson::closest_face) finds it; `None`
/// when the closed form does not answer (`D > 3`, a thin or flat face,
/// numbers out of range), and the QR search must.
///
/// Always inlined: out of line, its face came back through memory, and
/// the caller's wide loads of it stalled on the callee's narrower stores
/// (box–box and hull32 `distance` 6 % slower).
#[inline(always)]
pub(super) fn closest_face<T: Real, const D: usize>(
    y0: &SVector<T, D>,
    m: usize,
    vertex: impl Fn(usize) -> SVector<T, D>,
) -> Option<Face<T, D>> {
    if D > 3 || m > D {
        return None;
    }
    if m == 0 {
        let face = Face::vertex(*y0);
        return face.norm2.is_finite().then_some(face);
    }
    // Queries compute in a frame of order one (see `pair`), where the
    // products below, up to sixth powers of lengths, stay in range; out of
    // it (a simplex filled by hand), a product that leaves the normal range
    // hands the simplex to the QR search.
    let a = *y0;
    let (x, y) = (vertex(0), if m > 1 { vertex(1) } else { a });
    let face = match m {
        1 => segment(&a, &x),
        2 if D == 2 => plane_triangle(&a, &x, &y),
        2 => {
            let (ex, ey) = (x - a, y - a);
            triangle(&a, (0, &x), (1, &y), [&ex, &ey], &cross(&ex, &ey))
        }
        _ => tetrahedron(&a, [x, y, vertex(2)]),
    }?;
    (face.norm2.is_finite() && face.base_weight.is_finite()).then_some(face)
}

impl<T: Real, const D: usize> Face<T, D> {
    /// The vertex `a` alone.
    pub(super) fn vertex(a: SVector<T, D>) -> Self {
        Self {
            mask: 0,
            mu: [T::zero(); D],
            base_weight: T::one(),
            norm2: a.length_squared(),
            v: a,
        }
    }

    /// The face of the vertices `(index, weight)` and the base vertex,
    /// whose closest point is `v`.
    fn of<const K: usize>(verts: [(usize, T); K], v: SVector<T, D>) -> Self {
        let mut face = Self::vertex(v);
        for (i, w) in verts {
            if let Some(slot) = face.mu.get_mut(i) {
                *slot = w;
                face.mask |= 1 << i;
                face.base_weight -= w;
            }
        }
        face
    }
}

/// `s` squared, in the precision `T`.
fn min_sine2<T: Real>() -> T {
    T::lit(MIN_SINE * MIN_SINE)
}

/// Whether a squared normalised volume `det²` is large enough for the
/// closed form against `edges2`, the product of the squared edge lengths:
/// both in the normal range, `det² ≥ MIN_SINE² · edges2`.
#[inline]
pub(crate) fn vouched<T: Real>(det2: T, edges2: T) -> bool {
    let floor = min_sine2::<T>() * edges2;
    floor >= T::MIN_POSITIVE && floor.is_finite() && det2 >= floor
}

/// The scalar cross product in the plane, `u₀ w₁ − u₁ w₀`.
#[inline(always)]
fn cross2<T: Real, const D: usize>(u: &SVector<T, D>, w: &SVector<T, D>) -> T {
    let c = |v: &SVector<T, D>, i: usize| v.get(i).copied().unwrap_or(T::zero());
    c(u, 0) * c(w, 1) - c(u, 1) * c(w, 0)
}

/// The segment `(a, x)`'s closest face through `a`: the edge when the
/// origin projects inside it, else `a`. In the plane the edge is a facet,
/// and its point is taken along its normal.
#[inline]
fn segment<T: Real, const D: usize>(a: &SVector<T, D>, x: &SVector<T, D>) -> Option<Face<T, D>> {
    let e = x - a;
    let ee = e.length_squared();
    if !(ee >= T::MIN_POSITIVE && ee.is_finite()) {
        return None;
    }
    let t = -e.dot(a) / ee;
    if !(t > T::zero() && t < T::one()) {
        return Some(Face::vertex(*a));
    }
    Some(Face::of([(0, t)], edge_point(a, &e, ee, t)))
}

/// The closest point of the line `a + t e` (`ee = ‖e‖²`, `t` its
/// parameter): along the normal in the plane, `a + t e` otherwise.
#[inline(always)]
fn edge_point<T: Real, const D: usize>(
    a: &SVector<T, D>,
    e: &SVector<T, D>,
    ee: T,
    t: T,
) -> SVector<T, D> {
    if D == 2 {
        let c = |i: usize| e.get(i).copied().unwrap_or(T::zero());
        let n = SVector::<T, D>::from_fn(|i, _| if i == 0 { -c(1) } else { c(0) });
        n * (n.dot(a) / ee)
    } else {
        a + e * t
    }
}

/// The best edge `(a, x)` (`e = x − a`, index `i`) or `None` when the
/// origin does not project inside it, or the other vertex `other` fails
/// Johnson's test against its point.
#[inline]
fn edge<T: Real, const D: usize>(
    a: &SVector<T, D>,
    (i, e): (usize, &SVector<T, D>),
    other: &SVector<T, D>,
) -> Option<Face<T, D>> {
    let ee = e.length_squared();
    let t = -e.dot(a) / ee;
    if !(t > T::zero() && t < T::one()) {
        return None;
    }
    let v = edge_point(a, e, ee, t);
    supports(&v, other).then(|| Face::of([(i, t)], v))
}

/// The closest face through `a` of the triangle `(a, x, y)` in space, with
/// its vertices' indices, edges `e_x`, `e_y` and normal `n = e_x × e_y`;
/// `None` when the triangle is thin or no face passes Johnson's test.
fn triangle<T: Real, const D: usize>(
    a: &SVector<T, D>,
    x: (usize, &SVector<T, D>),
    y: (usize, &SVector<T, D>),
    [ex, ey]: [&SVector<T, D>; 2],
    n: &SVector<T, D>,
) -> Option<Face<T, D>> {
    if !vouched(
        n.length_squared(),
        ex.length_squared() * ey.length_squared(),
    ) {
        return None;
    }
    vouched_triangle(a, x, y, [ex, ey], n)
}

/// [`triangle`] for a triangle known not to be thin.
#[inline]
fn vouched_triangle<T: Real, const D: usize>(
    a: &SVector<T, D>,
    (ix, x): (usize, &SVector<T, D>),
    (iy, y): (usize, &SVector<T, D>),
    [ex, ey]: [&SVector<T, D>; 2],
    n: &SVector<T, D>,
) -> Option<Face<T, D>> {
    let nn = n.length_squared();
    let mx = cross(ey, a).dot(n) / nn;
    let my = cross(a, ex).dot(n) / nn;
    if mx > T::zero() && my > T::zero() && T::one() - mx - my > T::zero() {
        return Some(Face::of([(ix, mx), (iy, my)], n * (n.dot(a) / nn)));
    }
    // The origin projects outside: onto the edges it lies beyond first.
    let (first, second) = if my <= T::zero() {
        ((ix, ex, y), (iy, ey, x))
    } else {
        ((iy, ey, x), (ix, ex, y))
    };
    edge(a, (first.0, first.1), first.2)
        .or_else(|| edge(a, (second.0, second.1), second.2))
        .or_else(|| (supports(a, x) && supports(a, y)).then(|| Face::vertex(*a)))
}

/// The closest face through `a` of a triangle `(a, x, y)` in the plane (a
/// full simplex): the triangle itself (the origin inside) or an edge or
/// `a`; `None` when it is thin or no face passes Johnson's test.
fn plane_triangle<T: Real, const D: usize>(
    a: &SVector<T, D>,
    x: &SVector<T, D>,
    y: &SVector<T, D>,
) -> Option<Face<T, D>> {
    let (ex, ey) = (x - a, y - a);
    let det = cross2(&ex, &ey);
    if !vouched(det * det, ex.length_squared() * ey.length_squared()) {
        return None;
    }
    let mx = cross2(&ey, a) / det;
    let my = cross2(a, &ex) / det;
    if mx > T::zero() && my > T::zero() && T::one() - mx - my > T::zero() {
        return Some(Face::of([(0, mx), (1, my)], a + ex * mx + ey * my));
    }
    let (first, second) = if my <= T::zero() {
        ((0, &ex, y), (1, &ey, x))
    } else {
        ((1, &ey, x), (0, &ex, y))
    };
    edge(a, (first.0, first.1), first.2)
        .or_else(|| edge(a, (second.0, second.1), second.2))
        .or_else(|| (supports(a, x) && supports(a, y)).then(|| Face::vertex(*a)))
}

/// The closest face through `a` of the tetrahedron `(a, b, c, d)` in space:
/// the tetrahedron (the origin inside) or the best face of a facet through
/// `a` that the origin lies beyond; `None` when it is flat or no face passes
/// Johnson's test.
fn tetrahedron<T: Real, const D: usize>(
    a: &SVector<T, D>,
    [b, c, d]: [SVector<T, D>; 3],
) -> Option<Face<T, D>> {
    let (eb, ec, ed) = (b - a, c - a, d - a);
    // The normals of the facets through `a`, each opposite one vertex.
    let n_bc = cross(&eb, &ec);
    let n_bd = cross(&eb, &ed);
    let n_cd = cross(&ec, &ed);
    let det = ed.dot(&n_bc);
    let edges2 = eb.length_squared() * ec.length_squared() * ed.length_squared();
    if !vouched(det * det, edges2) {
        return None;
    }
    let lb = -a.dot(&n_cd) / det;
    let lc = a.dot(&n_bd) / det;
    let ld = -a.dot(&n_bc) / det;
    if lb > T::zero() && lc > T::zero() && ld > T::zero() && T::one() - lb - lc - ld > T::zero() {
        let v = a + eb * lb + ec * lc + ed * ld;
        return Some(Face::of([(0, lb), (1, lc), (2, ld)], v));
    }
    // The facets the origin lies beyond (its weight for the opposite vertex
    // is not positive), each answered as a triangle and checked against that
    // vertex. A facet is no thinner than the tetrahedron: `|det| ≤ ‖e‖ ‖n‖`
    // for the edge `e` off the facet and the facet's normal `n`.
    let facet = |l: T, x, y, edges, n, z: &SVector<T, D>| {
        if l > T::zero() {
            return None;
        }
        vouched_triangle(a, x, y, edges, n).filter(|f| supports(&f.v, z))
    };
    facet(ld, (0, &b), (1, &c), [&eb, &ec], &n_bc, &d)
        .or_else(|| facet(lc, (0, &b), (2, &d), [&eb, &ed], &n_bd, &c))
        .or_else(|| facet(lb, (1, &c), (2, &d), [&ec, &ed], &n_cd, &b))
}

#[cfg(test)]
mod tests {
    //! The closed form against the QR search on random and adversarial
    //! simplices. Budget: the two closest points agree within
    //! `2¹⁰ ε L` (`L` the largest coordinate; the closed form answers only
    //! for normalised volumes above `2⁻⁶`, where each path's error is a few
    //! `ε L / sine`), and when they pick the same face, so do the weights
    //! within `2¹⁰ ε (1 + ‖a‖ / ‖e‖)`.
    use super::*;
    use crate::math::real::max_abs;
    use crate::simplex::johnson;
    use crate::test_lcg::Lcg;

    /// A simplex of `m + 1` points of one of several kinds, newest first.
    fn simplex<T: Real, const D: usize>(rng: &mut Lcg, m: usize) -> [SVector<T, D>; 4] {
        let kind = (rng.next() * 6.0) as u32;
        let offset = match kind {
            // Far from the origin beside its size.
            0 => 1e4,
            _ => 1.0 + 2.0 * rng.next(),
        };
        // Tiny and huge simplices, within the kernel frame's range.
        let extreme = if T::EPSILON > T::lit(1e-10) {
            1e12
        } else {
            1e30
        };
        let size = match kind {
            1 => 1.0 / extreme,
            2 => extreme,
            _ => 1.0,
        };
        let dir = SVector::<f64, D>::from_fn(|_, _| rng.next() - 0.5).normalize();
        let mut p = [SVector::<f64, D>::zeros(); 4];
        for q in p.iter_mut().take(m + 1) {
            *q = (dir * offset + SVector::from_fn(|_, _| rng.next() * 2.0 - 1.0)) * size;
        }
        match kind {
            // Nearly flat: the last point a hair off the others' span.
            3 if m >= 2 => {
                let t = rng.next();
                p[m] = p[0] * t + p[1] * (1.0 - t) + SVector::from_fn(|_, _| 1e-9 * rng.next());
            }
            // Two points nearly coincident.
            4 if m >= 1 => p[m] = p[0] + SVector::from_fn(|_, _| 1e-12 * rng.next()),
            // The origin on or near the simplex: centred on it.
            5 => {
                let c = p.iter().take(m + 1).fold(SVector::zeros(), |c, q| c + q) / (m + 1) as f64;
                for q in p.iter_mut().take(m + 1) {
                    *q -= c * rng.next().powi(8);
                }
            }
            _ => {}
        }
        p.map(|q| q.map(T::lit))
    }

    fn agree<T: Real, const D: usize>(seed: u64, cases: usize) -> usize {
        let mut rng = Lcg(seed);
        let mut answered = 0;
        for case in 0..cases {
            let m = case % (D + 1);
            let p = simplex::<T, D>(&mut rng, m);
            let vertex = |i: usize| p[i + 1];
            let Some(fast) = closest_face(&p[0], m, vertex) else {
                continue;
            };
            answered += 1;
            let Some(qr) = johnson::closest_face(&p[0], m, vertex) else {
                panic!("QR search gave no face where the closed form did: {p:?}");
            };
            let size = p
                .iter()
                .take(m + 1)
                .fold(T::zero(), |s, q| s.max(max_abs(q)));
            let budget = T::EPSILON * T::lit(1024.0) * size;
            let miss = (fast.v - qr.v).length();
            assert!(
                miss <= budget,
                "D = {D} m = {m}: closest points {:?} and {:?} differ by {miss:?} (budget {budget:?}); {p:?}",
                fast.v,
                qr.v
            );
            if fast.mask == qr.mask {
                let edge = p
                    .iter()
                    .take(m + 1)
                    .skip(1)
                    .fold(T::max_value().unwrap_or(T::one()), |e, q| {
                        e.min((q - p[0]).length())
                    });
                let w_budget = T::EPSILON * T::lit(1024.0) * (T::one() + p[0].length() / edge);
                for i in 0..m {
                    let d = (fast.mu[i] - qr.mu[i]).abs();
                    assert!(
                        d <= w_budget,
                        "D = {D} m = {m}: weight {i} differs by {d:?}; {p:?}"
                    );
                }
            }
        }
        answered
    }

    #[test]
    fn closed_form_agrees_with_the_qr_search() {
        for seed in 1..=4 {
            let n = 20_000;
            // Most simplices are answered in closed form; the flat, tiny-edge
            // ones go to the QR search.
            assert!(agree::<f64, 1>(seed, n) > n / 2);
            assert!(agree::<f64, 2>(seed, n) > n / 2);
            assert!(agree::<f64, 3>(seed, n) > n / 2);
            assert!(agree::<f32, 2>(seed, n) > n / 2);
            assert!(agree::<f32, 3>(seed, n) > n / 2);
        }
    }

    /// Above four dimensions, and for thin faces, the QR search answers.
    #[test]
    fn hands_over_outside_its_range() {
        let p = [SVector::<f64, 4>::repeat(1.0); 2];
        assert!(closest_face(&p[0], 1, |_| p[1]).is_none());
        // A triangle with an angle of sine 1e-3.
        let a = SVector::<f64, 3>::new(1.0, 0.0, 0.0);
        let (x, y) = (a + SVector::y(), a + nalgebra::Vector3::new(0.0, 1.0, 1e-3));
        assert!(closest_face(&a, 2, |i| [x, y][i]).is_none());
    }
}
