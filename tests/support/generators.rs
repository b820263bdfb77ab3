//! Bounded random generators (quickcheck's raw floats include NaN,
//! infinity and 1e308, so every coordinate here is built from a bounded
//! integer): point sets in any dimension, rotations, and poses that put two
//! shapes apart, in contact, or overlapping; with their shrinking.

use gjk::nalgebra::SMatrix;
use quickcheck::{Arbitrary, Gen};

use super::{Source, P};

/// A bounded coordinate in `[-1, 1]`, built from a `u32`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Coord(pub f64);

impl Arbitrary for Coord {
    fn arbitrary(g: &mut Gen) -> Self {
        Coord(g.range(-1.0, 1.0))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(shrink_f64(self.0).into_iter().map(Coord))
    }
}

/// Number of decimals needed to write `x` exactly (up to 7; 8 means "more").
fn decimals(x: f64) -> i32 {
    (0..8)
        .find(|&k| {
            let s = 10f64.powi(k);
            (x * s).round() / s == x
        })
        .unwrap_or(8)
}

/// Simpler versions of `x`: zero and `x` rounded to fewer decimals. Each
/// candidate needs strictly fewer decimals than `x`, so shrinking ends.
pub fn shrink_f64(x: f64) -> Vec<f64> {
    let k = decimals(x);
    let mut out: Vec<f64> = Vec::new();
    if x != 0.0 {
        out.push(0.0);
    }
    for j in 0..k.min(7) {
        let s = 10f64.powi(j);
        let y = (x * s).round() / s;
        if y != x && !out.contains(&y) {
            out.push(y);
        }
    }
    out
}

/// Candidates that simplify one coordinate of one point of a set.
pub fn shrink_points<const D: usize>(points: &[P<D>], min_len: usize) -> Vec<Vec<P<D>>> {
    let mut out = Vec::new();
    if points.len() > min_len {
        for i in 0..points.len() {
            let mut fewer = points.to_vec();
            fewer.remove(i);
            out.push(fewer);
        }
    }
    for (i, p) in points.iter().enumerate() {
        for c in 0..D {
            for y in shrink_f64(p[c]) {
                let mut simpler = points.to_vec();
                simpler[i][c] = y;
                out.push(simpler);
            }
        }
    }
    out
}

/// A random unit vector (normalised cube sample, rejecting tiny ones).
pub fn unit_vector<const D: usize>(r: &mut impl Source) -> P<D> {
    loop {
        let v = P::<D>::from_fn(|_, _| r.range(-1.0, 1.0));
        let n = v.norm();
        if n > 0.1 {
            return v / n;
        }
    }
}

/// A random orthogonal matrix: a product of one Givens rotation per pair of
/// axes, each by a uniform angle, and with probability 1/4 a reflection.
pub fn rotation<const D: usize>(r: &mut impl Source) -> SMatrix<f64, D, D> {
    let mut m = SMatrix::<f64, D, D>::identity();
    for i in 0..D {
        for j in i + 1..D {
            let (s, c) = r
                .range(-core::f64::consts::PI, core::f64::consts::PI)
                .sin_cos();
            for k in 0..D {
                let (x, y) = (m[(i, k)], m[(j, k)]);
                m[(i, k)] = c * x - s * y;
                m[(j, k)] = s * x + c * y;
            }
        }
    }
    if r.chance(0.25) {
        for k in 0..D {
            m[(k, 0)] = -m[(k, 0)];
        }
    }
    m
}

/// A rigid motion `x ↦ R x + t` (R orthogonal).
#[derive(Clone, Debug, PartialEq)]
pub struct Motion<const D: usize> {
    /// The orthogonal part.
    pub rotation: SMatrix<f64, D, D>,
    /// The translation.
    pub translation: P<D>,
}

impl<const D: usize> Motion<D> {
    /// A random rotation and a translation within `[-reach, reach]^D`.
    pub fn random(r: &mut impl Source, reach: f64) -> Self {
        Self {
            rotation: rotation(r),
            translation: P::<D>::from_fn(|_, _| r.range(-reach, reach)),
        }
    }

    /// Applies the motion to a point.
    pub fn apply(&self, p: &P<D>) -> P<D> {
        self.rotation * p + self.translation
    }
}

impl<const D: usize> Arbitrary for Motion<D> {
    fn arbitrary(g: &mut Gen) -> Self {
        Motion::random(g, 20.0)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let mut out = Vec::new();
        if self.rotation != SMatrix::<f64, D, D>::identity() {
            out.push(Motion {
                rotation: SMatrix::identity(),
                translation: self.translation,
            });
        }
        for c in 0..D {
            for y in shrink_f64(self.translation[c]) {
                let mut m = self.clone();
                m.translation[c] = y;
                out.push(m);
            }
        }
        Box::new(out.into_iter())
    }
}

/// `n` random points: a box `[-1, 1]^D` stretched per axis (thin shapes
/// included), rotated, scaled by `size` and moved to `center`. With
/// probability 1/5 the points lie exactly in a lower-dimensional subspace
/// before the rotation (flat hulls: coplanar points, segments).
pub fn point_set<const D: usize>(
    r: &mut impl Source,
    n: usize,
    center: &P<D>,
    size: f64,
) -> Vec<P<D>> {
    let stretch = P::<D>::from_fn(|_, _| r.range(0.05, 1.0));
    let flat_dims = if D > 1 && r.chance(0.2) {
        r.int(1, D - 1)
    } else {
        D
    };
    let rot = rotation::<D>(r);
    (0..n)
        .map(|_| {
            let local = P::<D>::from_fn(|i, _| {
                if i < flat_dims {
                    r.range(-1.0, 1.0) * stretch[i]
                } else {
                    0.0
                }
            });
            center + rot * local * size
        })
        .collect()
}

/// How the second shape of a pair is placed relative to the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contact {
    /// Moved along a random direction until a positive gap opens along it
    /// (the distance is at least that gap).
    Separated,
    /// Moved along a random direction until the support planes coincide: the
    /// shapes touch (up to the rounding of the coordinates).
    Touching,
    /// Centroid of B moved onto a random convex combination of A's points: a
    /// common point exists.
    Overlapping,
    /// Translated anywhere nearby.
    Anywhere,
}

/// Translates `b` (given around the origin) to make the requested contact with `a`.
pub fn place<const D: usize>(
    r: &mut impl Source,
    a: &[P<D>],
    b: &[P<D>],
    contact: Contact,
) -> Vec<P<D>> {
    let shift = match contact {
        Contact::Separated | Contact::Touching => {
            let u = unit_vector::<D>(r);
            let h_a = a.iter().map(|p| p.dot(&u)).fold(f64::MIN, f64::max);
            let h_b = b.iter().map(|p| -p.dot(&u)).fold(f64::MIN, f64::max);
            let gap = if contact == Contact::Touching {
                0.0
            } else {
                r.range(0.001, 3.0)
            };
            u * (h_a + h_b + gap)
        }
        Contact::Overlapping => {
            let weights: Vec<f64> = a.iter().map(|_| r.range(0.01, 1.0)).collect();
            let total: f64 = weights.iter().sum();
            let inner = a
                .iter()
                .zip(&weights)
                .fold(P::<D>::zeros(), |s, (p, w)| s + p * (w / total));
            let centroid = b.iter().fold(P::<D>::zeros(), |s, p| s + p) / b.len() as f64;
            inner - centroid
        }
        Contact::Anywhere => P::<D>::from_fn(|_, _| r.range(-6.0, 6.0)),
    };
    b.iter().map(|p| p + shift).collect()
}

/// Largest number of points per shape that keeps the brute-force oracle fast
/// (it visits every subset of at most `D + 1` of the `n²` difference points).
pub const fn max_points(d: usize) -> usize {
    match d {
        0..=2 => 6,
        3 => 5,
        _ => 4,
    }
}

/// Two point sets in world coordinates and how they were placed.
#[derive(Clone, Debug, PartialEq)]
pub struct HullPair<const D: usize> {
    /// Points of shape A.
    pub a: Vec<P<D>>,
    /// Points of shape B.
    pub b: Vec<P<D>>,
    /// The intended contact (informative only; shrinking may change it).
    pub contact: Contact,
}

impl<const D: usize> HullPair<D> {
    /// A random pair with 3 to `max_n` points per shape (fewer in D = 1).
    pub fn random(r: &mut impl Source, max_n: usize) -> Self {
        let contact = match r.int(0, 3) {
            0 => Contact::Separated,
            1 => Contact::Touching,
            2 => Contact::Overlapping,
            _ => Contact::Anywhere,
        };
        // Now and then far from the origin, to exercise cancellation.
        let reach = if r.chance(0.1) { 1000.0 } else { 5.0 };
        let center = P::<D>::from_fn(|_, _| r.range(-reach, reach));
        let lo = 3.min(max_n);
        let na = r.int(lo, max_n);
        let size_a = r.range(0.2, 4.0);
        let a = point_set(r, na, &center, size_a);
        let nb = r.int(lo, max_n);
        let size_b = r.range(0.2, 4.0);
        let b_local = point_set(r, nb, &P::<D>::zeros(), size_b);
        let b = place(r, &a, &b_local, contact);
        Self { a, b, contact }
    }
}

impl<const D: usize> Arbitrary for HullPair<D> {
    fn arbitrary(g: &mut Gen) -> Self {
        HullPair::random(g, max_points(D))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let mut out = Vec::new();
        for a in shrink_points(&self.a, 1) {
            out.push(HullPair { a, ..self.clone() });
        }
        for b in shrink_points(&self.b, 1) {
            out.push(HullPair { b, ..self.clone() });
        }
        Box::new(out.into_iter())
    }
}

/// One to `D + 1` points to push into a bare simplex.
#[derive(Clone, Debug, PartialEq)]
pub struct SimplexCase<const D: usize> {
    /// The vertices, oldest first.
    pub points: Vec<P<D>>,
}

impl<const D: usize> SimplexCase<D> {
    /// A random simplex around a random centre (sometimes containing the
    /// origin, sometimes flat).
    pub fn random(r: &mut impl Source) -> Self {
        let n = r.int(1, D + 1);
        let center = P::<D>::from_fn(|_, _| r.range(-2.0, 2.0));
        let size = r.range(0.1, 3.0);
        Self {
            points: point_set(r, n, &center, size),
        }
    }
}

impl<const D: usize> Arbitrary for SimplexCase<D> {
    fn arbitrary(g: &mut Gen) -> Self {
        SimplexCase::random(g)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(
            shrink_points(&self.points, 1)
                .into_iter()
                .map(|points| SimplexCase { points }),
        )
    }
}

/// Non-negative radii for rounded shapes (zero one time in five).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Radii(pub f64, pub f64);

impl Arbitrary for Radii {
    fn arbitrary(g: &mut Gen) -> Self {
        let radius = |g: &mut Gen| {
            if g.chance(0.2) {
                0.0
            } else {
                g.range(0.0, 2.0)
            }
        };
        let ra = radius(g);
        Radii(ra, radius(g))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let (ra, rb) = (self.0, self.1);
        let mut out: Vec<Radii> = shrink_f64(ra).into_iter().map(|x| Radii(x, rb)).collect();
        out.extend(shrink_f64(rb).into_iter().map(|x| Radii(ra, x)));
        Box::new(out.into_iter())
    }
}

// ---------------------------------------------------------------------------
