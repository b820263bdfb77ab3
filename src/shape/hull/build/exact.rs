//! Exact signs of 2×2 and 3×3 determinants whose rows are differences of
//! `f64` points: the orientation predicates of the hull builder.
//!
//! # The filter
//!
//! The determinant is first evaluated in floating point from the rounded
//! differences. Shewchuk ("Adaptive Precision Floating-Point Arithmetic and
//! Fast Robust Geometric Predicates", Discrete & Computational Geometry 18,
//! 1997) bounds its error by a small multiple of the *permanent* (the same
//! expansion with every term made positive): `(3 + 16ε)ε` times it for a
//! 2×2 determinant, `(7 + 56ε)ε` for a 3×3 one, with `ε = 2⁻⁵³`. When the
//! computed value is larger than the bound, its sign is the true sign. The
//! bounds below are those constants rounded up with room to spare.
//!
//! # The exact fallback
//!
//! Otherwise the sign is computed without any rounding. Each difference is
//! split into its rounded value and its rounding error (`two_diff`, exact),
//! every product of three (or two) such numbers is written exactly as a sum
//! of four (or two) floats (Dekker's `two_product`), and all of them are
//! added into a non-overlapping *expansion* (Shewchuk's Grow-Expansion, with
//! zero elimination). The sign of an expansion is the sign of its largest
//! component.
//!
//! # Range
//!
//! The arithmetic is exact as long as no product underflows or overflows.
//! The builder brings the coordinates to order one by a power of two first;
//! then every input of `f32` and every `f64` input whose nonzero coordinates
//! are within a factor `2²⁵⁰ ≈ 10⁷⁵` of the largest is decided exactly.

/// Error bound of the filtered 2×2 determinant, relative to its permanent
/// (Shewchuk's `(3 + 16ε)ε` with `ε = 2⁻⁵³`, rounded up to `4ε`).
const DET2_BOUND: f64 = 2.0 * f64::EPSILON;

/// Error bound of the filtered 3×3 determinant, relative to its permanent
/// (Shewchuk's `(7 + 56ε)ε` with `ε = 2⁻⁵³`, rounded up to `16ε`).
const DET3_BOUND: f64 = 8.0 * f64::EPSILON;

/// Below this permanent the filter's relative bound no longer holds
/// (products may have lost bits to underflow); the exact path decides.
const FILTER_FLOOR: f64 = 1e-250;

/// Room for the components of an expansion: 6 permutations × 8 choices of
/// high or low parts × 4 floats per exact triple product.
const EXPANSION: usize = 200;

/// Dekker's splitter, `2²⁷ + 1`.
const SPLITTER: f64 = 134_217_729.0;

/// A sign: `-1`, `0` or `1`.
pub(super) type Sign = i8;

/// `a − b` exactly, as the rounded difference and its error.
#[inline]
fn two_diff(a: f64, b: f64) -> (f64, f64) {
    let x = a - b;
    let b_virtual = a - x;
    let a_virtual = x + b_virtual;
    (x, (a - a_virtual) + (b_virtual - b))
}

/// `a + b` exactly, as the rounded sum and its error.
#[inline]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let x = a + b;
    let b_virtual = x - a;
    let a_virtual = x - b_virtual;
    (x, (a - a_virtual) + (b - b_virtual))
}

/// `a` as the sum of two halves of 26 bits each.
#[inline]
fn split(a: f64) -> (f64, f64) {
    let c = SPLITTER * a;
    let big = c - a;
    let hi = c - big;
    (hi, a - hi)
}

/// `a · b` exactly, as the rounded product and its error.
#[inline]
fn two_product(a: f64, b: f64) -> (f64, f64) {
    let x = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    let err = ((x - ah * bh) - al * bh) - ah * bl;
    (x, al * bl - err)
}

/// A sum of non-overlapping floats, smallest first, zeros eliminated.
struct Expansion {
    terms: [f64; EXPANSION],
    len: usize,
}

impl Expansion {
    fn new() -> Self {
        Self {
            terms: [0.0; EXPANSION],
            len: 0,
        }
    }

    /// Adds `b` exactly (Grow-Expansion). Every write goes to an index no
    /// larger than the one just read, so the update works in place.
    fn grow(&mut self, b: f64) {
        if b == 0.0 {
            return;
        }
        let mut q = b;
        let mut out = 0;
        for i in 0..self.len {
            let Some(&t) = self.terms.get(i) else { break };
            let (sum, err) = two_sum(q, t);
            if err != 0.0 {
                if let Some(slot) = self.terms.get_mut(out) {
                    *slot = err;
                }
                out += 1;
            }
            q = sum;
        }
        if q != 0.0
            && let Some(slot) = self.terms.get_mut(out)
        {
            *slot = q;
            out += 1;
        }
        self.len = out;
    }

    /// Adds `sign · a · b · c` exactly (four floats).
    fn grow_product(&mut self, sign: f64, a: f64, b: f64, c: f64) {
        if a == 0.0 || b == 0.0 || c == 0.0 {
            return;
        }
        let (p, e) = two_product(a, b);
        let (p1, p2) = two_product(p, c);
        let (e1, e2) = two_product(e, c);
        for t in [e2, e1, p2, p1] {
            self.grow(sign * t);
        }
    }

    /// The sign of the sum: that of the largest component.
    fn sign(&self) -> Sign {
        match self.len.checked_sub(1).and_then(|i| self.terms.get(i)) {
            Some(&t) if t > 0.0 => 1,
            Some(&t) if t < 0.0 => -1,
            _ => 0,
        }
    }
}

/// The sign of a float.
#[inline]
fn sign_of(x: f64) -> Sign {
    if x > 0.0 {
        1
    } else if x < 0.0 {
        -1
    } else {
        0
    }
}

/// The sign of `det[x₀ − y₀, x₁ − y₁]` (rows), exactly.
pub(super) fn det2_sign(x: [&[f64; 2]; 2], y: [&[f64; 2]; 2]) -> Sign {
    let [x0, x1] = x;
    let [y0, y1] = y;
    let r0 = [x0[0] - y0[0], x0[1] - y0[1]];
    let r1 = [x1[0] - y1[0], x1[1] - y1[1]];
    let left = r0[0] * r1[1];
    let right = r0[1] * r1[0];
    let det = left - right;
    let permanent = left.abs() + right.abs();
    let bound = DET2_BOUND * permanent;
    if permanent > FILTER_FLOOR && bound.is_finite() && det.abs() > bound {
        return sign_of(det);
    }
    if coincide(x, y) {
        return 0;
    }
    det2_exact(x, y)
}

/// [`det2_sign`] off its fast path.
#[cold]
#[inline(never)]
fn det2_exact(x: [&[f64; 2]; 2], y: [&[f64; 2]; 2]) -> Sign {
    let [x0, x1] = x;
    let [y0, y1] = y;
    let r0 = [two_diff(x0[0], y0[0]), two_diff(x0[1], y0[1])];
    let r1 = [two_diff(x1[0], y1[0]), two_diff(x1[1], y1[1])];
    let mut e = Expansion::new();
    for (sign, j0, j1) in [(1.0, 0, 1), (-1.0, 1, 0)] {
        let (a, b) = (parts(&r0, j0), parts(&r1, j1));
        for &u in &a {
            for &v in &b {
                e.grow_product(sign, u, v, 1.0);
            }
        }
    }
    e.sign()
}

/// The high and low parts of coordinate `j` of an exact difference.
#[inline]
fn parts<const K: usize>(row: &[(f64, f64); K], j: usize) -> [f64; 2] {
    row.get(j).map_or([0.0; 2], |&(hi, lo)| [hi, lo])
}

/// The sign of a 3×3 determinant evaluated in floating point as one row
/// times the 2×2 minors of the other two (rows of rounded differences),
/// when the filter vouches for it: `None` when `det` is within the error
/// bound of the `permanent` formed the same way, or the permanent is too
/// small for the bound to hold.
#[inline]
pub(super) fn filtered_sign(det: f64, permanent: f64) -> Option<Sign> {
    let bound = DET3_BOUND * permanent;
    (permanent > FILTER_FLOOR && bound.is_finite() && det.abs() > bound).then(|| sign_of(det))
}

/// The sign of `det[x₀ − y₀, x₁ − y₁, x₂ − y₂]` (rows), exactly.
pub(super) fn det3_sign(x: [&[f64; 3]; 3], y: [&[f64; 3]; 3]) -> Sign {
    let (det, permanent) = det3_float(x, y);
    if let Some(sign) = filtered_sign(det, permanent) {
        return sign;
    }
    if coincide(x, y) {
        return 0;
    }
    det3_exact(x, y)
}

/// Whether a row of `det[xᵢ − yᵢ]` is zero (`xᵢ = yᵢ`) or two rows are equal
/// (`xᵢ = xⱼ` and `yᵢ = yⱼ`): then the determinant is exactly zero. The
/// common case of a duplicate point in a mesh, which would otherwise take
/// the exact path.
fn coincide<const N: usize, const M: usize>(x: [&[f64; M]; N], y: [&[f64; M]; N]) -> bool {
    (0..N).any(|i| {
        x.get(i) == y.get(i) || (0..i).any(|j| x.get(i) == x.get(j) && y.get(i) == y.get(j))
    })
}

/// `det[x₀ − y₀, x₁ − y₁, x₂ − y₂]` in floating point, and its permanent.
#[inline]
pub(super) fn det3_float(x: [&[f64; 3]; 3], y: [&[f64; 3]; 3]) -> (f64, f64) {
    let d = |i: usize| -> [f64; 3] {
        let (a, b) = (x[i], y[i]);
        [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
    };
    let (r0, r1, r2) = (d(0), d(1), d(2));
    let (m0a, m0b) = (r1[1] * r2[2], r1[2] * r2[1]);
    let (m1a, m1b) = (r1[2] * r2[0], r1[0] * r2[2]);
    let (m2a, m2b) = (r1[0] * r2[1], r1[1] * r2[0]);
    let det = r0[0] * (m0a - m0b) + r0[1] * (m1a - m1b) + r0[2] * (m2a - m2b);
    let permanent = r0[0].abs() * (m0a.abs() + m0b.abs())
        + r0[1].abs() * (m1a.abs() + m1b.abs())
        + r0[2].abs() * (m2a.abs() + m2b.abs());
    (det, permanent)
}

/// [`det3_sign`] off its fast path.
#[cold]
#[inline(never)]
fn det3_exact(x: [&[f64; 3]; 3], y: [&[f64; 3]; 3]) -> Sign {
    let row = |i: usize| -> [(f64, f64); 3] {
        let (a, b) = (x[i], y[i]);
        [
            two_diff(a[0], b[0]),
            two_diff(a[1], b[1]),
            two_diff(a[2], b[2]),
        ]
    };
    let (r0, r1, r2) = (row(0), row(1), row(2));
    let mut e = Expansion::new();
    const PERMUTATIONS: [(f64, usize, usize, usize); 6] = [
        (1.0, 0, 1, 2),
        (-1.0, 0, 2, 1),
        (-1.0, 1, 0, 2),
        (1.0, 1, 2, 0),
        (1.0, 2, 0, 1),
        (-1.0, 2, 1, 0),
    ];
    for (sign, j0, j1, j2) in PERMUTATIONS {
        let (a, b, c) = (parts(&r0, j0), parts(&r1, j1), parts(&r2, j2));
        for &u in &a {
            for &v in &b {
                for &w in &c {
                    e.grow_product(sign, u, v, w);
                }
            }
        }
    }
    e.sign()
}

/// `orient3(a, b, c, d)`: the sign of `det[b − a, c − a, d − a]`, positive
/// when `d` lies on the side of the triangle `abc` that its right-handed
/// normal `(b − a) × (c − a)` points to.
#[inline]
pub(super) fn orient3(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3]) -> Sign {
    det3_sign([b, c, d], [a, a, a])
}

/// `orient2(a, b, c)`: the sign of `det[b − a, c − a]`, positive when `a`,
/// `b`, `c` turn counter-clockwise.
#[inline]
pub(super) fn orient2(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2]) -> Sign {
    det2_sign([b, c], [a, a])
}

/// Whether `a`, `b`, `c` lie on one line (or coincide), exactly: every
/// coordinate-plane projection of the triangle has zero area.
pub(super) fn collinear3(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3]) -> bool {
    let proj = |p: &[f64; 3], i: usize, j: usize| -> [f64; 2] {
        [
            p.get(i).copied().unwrap_or(0.0),
            p.get(j).copied().unwrap_or(0.0),
        ]
    };
    [(0, 1), (1, 2), (2, 0)].iter().all(|&(i, j)| {
        let (pa, pb, pc) = (proj(a, i, j), proj(b, i, j), proj(c, i, j));
        orient2(&pa, &pb, &pc) == 0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_degenerate_signs_are_exact() {
        // Points on the line y = x, perturbed by one ulp of 0.5.
        let a = [0.5, 0.5];
        let b = [12.0, 12.0];
        let c = [24.0, 24.0];
        assert_eq!(orient2(&a, &b, &c), 0);
        let up = [0.5, 0.5 + f64::EPSILON / 2.0];
        assert_eq!(orient2(&b, &c, &up), 1);
        let down = [0.5, 0.5 - f64::EPSILON / 4.0];
        assert_eq!(orient2(&b, &c, &down), -1);
    }

    #[test]
    fn coplanar_far_from_origin() {
        let o = 1e6;
        let a = [o, o, o];
        let b = [o + 1.0, o, o];
        let c = [o, o + 1.0, o];
        let d = [o + 0.3, o + 0.7, o];
        assert_eq!(orient3(&a, &b, &c, &d), 0);
        let e = [o + 0.3, o + 0.7, o + 1e-10];
        assert_eq!(orient3(&a, &b, &c, &e), 1);
        assert_eq!(orient3(&b, &a, &c, &e), -1);
        assert!(collinear3(&a, &b, &[o + 2.0, o, o]));
        assert!(!collinear3(&a, &b, &c));
    }
}
