//! Shared helpers for the integration tests.
//!
//! * Bounded random generators (quickcheck's raw floats include NaN, infinity
//!   and 1e308, so every coordinate here is built from a bounded integer):
//!   point sets in any dimension, rotations, and poses that put two shapes
//!   apart, in contact, or overlapping.
//! * An independent brute-force oracle for the distance between the convex
//!   hulls of two small point sets, in `f64`, sharing no code with the crate.
//! * An optimality certificate that checks any distance answer against the
//!   support functions of the shapes.
#![allow(dead_code)]

#[macro_use]
pub mod scene;

use core::fmt::Debug;

use gjk::nalgebra::SMatrix;
use gjk::{Distance, Face, Faces, Real, SupportMap, Vector};
use quickcheck::{Arbitrary, Gen};

/// A point in `f64`, the precision of the oracle.
pub type P<const D: usize> = Vector<f64, D>;

// ---------------------------------------------------------------------------
// Scalars
// ---------------------------------------------------------------------------

/// The two scalars the crate supports, with lossless conversions to `f64`.
pub trait TestReal: Real + Debug + Send + 'static {
    /// `"f32"` or `"f64"`, for messages.
    const NAME: &'static str;
    /// Rounds an `f64` to this precision.
    fn of_f64(x: f64) -> Self;
    /// The exact value as `f64`.
    fn as_f64(self) -> f64;
    /// The machine epsilon as `f64`.
    fn eps() -> f64 {
        <Self as Real>::EPSILON.as_f64()
    }
}

impl TestReal for f32 {
    const NAME: &'static str = "f32";
    fn of_f64(x: f64) -> Self {
        x as f32
    }
    fn as_f64(self) -> f64 {
        f64::from(self)
    }
}

impl TestReal for f64 {
    const NAME: &'static str = "f64";
    fn of_f64(x: f64) -> Self {
        x
    }
    fn as_f64(self) -> f64 {
        self
    }
}

// ---------------------------------------------------------------------------
// Sweep sizes
// ---------------------------------------------------------------------------

/// Whether the longest sweeps run at full size: `GJK_FULL_SWEEPS=1` (CI sets
/// it). Without it they run fewer cases, from the same seeds, which keeps a
/// plain `cargo test` on the unoptimised test profile within a few minutes.
pub fn full_sweeps() -> bool {
    std::env::var_os("GJK_FULL_SWEEPS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// `full` under `GJK_FULL_SWEEPS=1`, `quick` otherwise.
pub fn sweep_size(full: usize, quick: usize) -> usize {
    if full_sweeps() {
        full
    } else {
        quick
    }
}

/// An `f64` point rounded to precision `T`.
pub fn to_t<T: TestReal, const D: usize>(p: &P<D>) -> Vector<T, D> {
    p.map(T::of_f64)
}

/// A point of precision `T`, exactly, in `f64`.
pub fn to_f64<T: TestReal, const D: usize>(p: &Vector<T, D>) -> P<D> {
    p.map(|x| x.as_f64())
}

/// Rounds every point to precision `T` and back: the exact values a `T` query sees.
pub fn rounded_to<T: TestReal, const D: usize>(points: &[P<D>]) -> Vec<P<D>> {
    points.iter().map(|p| to_f64(&to_t::<T, D>(p))).collect()
}

/// The points in precision `T`.
pub fn points_t<T: TestReal, const D: usize>(points: &[P<D>]) -> Vec<Vector<T, D>> {
    points.iter().map(to_t::<T, D>).collect()
}

/// The largest absolute coordinate of a set of point sets (at least a tiny
/// positive number): the scale that rounding errors are proportional to.
pub fn scale_of<const D: usize>(sets: &[&[P<D>]]) -> f64 {
    sets.iter()
        .flat_map(|s| s.iter())
        .flat_map(|p| p.iter())
        .fold(f64::MIN_POSITIVE, |m, x| m.max(x.abs()))
}

// ---------------------------------------------------------------------------
// Randomness
// ---------------------------------------------------------------------------

/// A source of uniform numbers in `[0, 1]`, so that the same generators serve
/// quickcheck (with shrinking) and the deterministic sweeps.
pub trait Source {
    /// A number in `[0, 1]`.
    fn unit(&mut self) -> f64;

    /// A number in `[lo, hi]`.
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// An integer in `lo..=hi`.
    fn int(&mut self, lo: usize, hi: usize) -> usize {
        let span = (hi - lo + 1) as f64;
        lo + ((self.unit() * span) as usize).min(hi - lo)
    }

    /// `true` with probability `p`.
    fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
}

/// quickcheck's generator, through bounded `u32`s (about one draw in ten is
/// a "problem value" 0, 1 or `u32::MAX`, i.e. an endpoint of the range: a
/// welcome source of shared coordinates and degenerate configurations).
impl Source for Gen {
    fn unit(&mut self) -> f64 {
        f64::from(u32::arbitrary(self)) / f64::from(u32::MAX)
    }
}

/// A 64-bit linear congruential generator (Knuth's MMIX constants), read from
/// its high bits: enough for reproducible sweeps without a dependency.
#[derive(Clone, Debug)]
pub struct Lcg(u64);

impl Lcg {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        let mut g = Lcg(seed ^ 0x9e37_79b9_7f4a_7c15);
        g.next_u64();
        g
    }

    /// The next raw state.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0
    }
}

impl Source for Lcg {
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

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

// ---------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------

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
// Oracle
// ---------------------------------------------------------------------------

/// Largest subset the oracle handles (`D + 1` for `D` up to 7).
const MAX_SUBSET: usize = 8;

/// A subset whose elimination pivot falls below this fraction of the largest
/// diagonal entry of its Gram matrix is affinely dependent (squared sine of
/// the angle between an edge and the span of the others below 1e-12); its
/// hull is covered by its smaller subsets (Carathéodory).
const ORACLE_PIVOT_FLOOR: f64 = 1e-12;

/// Barycentric weights down to this negative value are rounding noise: they
/// are clamped to zero (which moves the projection within its face, changing
/// its norm only to second order).
const ORACLE_WEIGHT_SLACK: f64 = 1e-9;

/// The point of a convex hull nearest to the origin.
#[derive(Clone, Debug)]
pub struct Projection<const D: usize> {
    /// The nearest point (a convex combination of the input points).
    pub point: P<D>,
    /// Its norm.
    pub norm: f64,
    /// `(index, weight)` of the points it combines; weights ≥ 0, sum 1.
    pub weights: Vec<(usize, f64)>,
}

/// Solves `m · x = rhs` (`n × n`, `n ≤ MAX_SUBSET`) by Gaussian elimination
/// with partial pivoting; `None` when a pivot is below `floor`.
fn gauss_solve(
    m: &mut [[f64; MAX_SUBSET]; MAX_SUBSET],
    rhs: &mut [f64; MAX_SUBSET],
    n: usize,
    floor: f64,
) -> Option<[f64; MAX_SUBSET]> {
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if !(m[pivot][col].abs() > floor) {
            return None;
        }
        m.swap(col, pivot);
        rhs.swap(col, pivot);
        for row in col + 1..n {
            let f = m[row][col] / m[col][col];
            for k in col..n {
                m[row][k] -= f * m[col][k];
            }
            rhs[row] -= f * rhs[col];
        }
    }
    let mut x = [0.0; MAX_SUBSET];
    for row in (0..n).rev() {
        let mut s = rhs[row];
        for k in row + 1..n {
            s -= m[row][k] * x[k];
        }
        x[row] = s / m[row][row];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

/// Projects the origin onto the affine hull of `points[subset]`; returns the
/// barycentric weights when the projection lies in their convex hull.
fn project_subset<const D: usize>(points: &[P<D>], subset: &[usize]) -> Option<Projection<D>> {
    let base = points[subset[0]];
    let k = subset.len() - 1;
    let mut edges = [P::<D>::zeros(); MAX_SUBSET];
    for (e, &i) in edges.iter_mut().zip(&subset[1..]) {
        *e = points[i] - base;
    }
    // Normal equations: Σⱼ (eᵢ·eⱼ) μⱼ = −eᵢ·base.
    let mut m = [[0.0; MAX_SUBSET]; MAX_SUBSET];
    let mut rhs = [0.0; MAX_SUBSET];
    let mut largest = 0.0f64;
    for i in 0..k {
        for j in 0..k {
            m[i][j] = edges[i].dot(&edges[j]);
        }
        rhs[i] = -edges[i].dot(&base);
        largest = largest.max(m[i][i]);
    }
    let mu = gauss_solve(&mut m, &mut rhs, k, ORACLE_PIVOT_FLOOR * largest)?;
    let mut weights = Vec::with_capacity(k + 1);
    weights.push((subset[0], 1.0 - mu[..k].iter().sum::<f64>()));
    weights.extend(subset[1..].iter().zip(&mu[..k]).map(|(&i, &w)| (i, w)));
    if weights.iter().any(|&(_, w)| w < -ORACLE_WEIGHT_SLACK) {
        return None;
    }
    for (_, w) in &mut weights {
        *w = w.max(0.0);
    }
    let total: f64 = weights.iter().map(|&(_, w)| w).sum();
    for (_, w) in &mut weights {
        *w /= total;
    }
    // Rebuilt as a convex combination: always a point of the hull.
    let point = weights
        .iter()
        .fold(P::<D>::zeros(), |s, &(i, w)| s + points[i] * w);
    Some(Projection {
        point,
        norm: point.norm(),
        weights,
    })
}

fn visit_subsets<const D: usize>(
    points: &[P<D>],
    start: usize,
    subset: &mut Vec<usize>,
    best: &mut Option<Projection<D>>,
) {
    if !subset.is_empty()
        && let Some(p) = project_subset(points, subset)
        && best.as_ref().is_none_or(|b| p.norm < b.norm)
    {
        *best = Some(p);
    }
    if subset.len() == (D + 1).min(MAX_SUBSET) {
        return;
    }
    for i in start..points.len() {
        subset.push(i);
        visit_subsets(points, i + 1, subset, best);
        subset.pop();
    }
}

/// The point of the convex hull of `points` nearest to the origin, by brute
/// force over every subset of at most `D + 1` points.
///
/// # Panics
///
/// When `points` is empty.
pub fn closest_to_origin<const D: usize>(points: &[P<D>]) -> Projection<D> {
    assert!(!points.is_empty(), "the oracle needs at least one point");
    let mut best = None;
    visit_subsets(points, 0, &mut Vec::with_capacity(D + 1), &mut best);
    // Single points always project (weight 1), so `best` is set.
    best.expect("a single point always projects")
}

/// The oracle's answer for two hulls.
#[derive(Clone, Debug)]
pub struct OracleDistance<const D: usize> {
    /// The distance between the hulls.
    pub distance: f64,
    /// A closest point on hull A.
    pub point_a: P<D>,
    /// A closest point on hull B.
    pub point_b: P<D>,
}

/// The distance between the convex hulls of `a` and `b`: the nearest point
/// to the origin of the hull of the differences `aᵢ − bⱼ`.
pub fn hull_distance<const D: usize>(a: &[P<D>], b: &[P<D>]) -> OracleDistance<D> {
    let pairs: Vec<(usize, usize)> = (0..a.len())
        .flat_map(|i| (0..b.len()).map(move |j| (i, j)))
        .collect();
    let diffs: Vec<P<D>> = pairs.iter().map(|&(i, j)| a[i] - b[j]).collect();
    let p = closest_to_origin(&diffs);
    let (mut point_a, mut point_b) = (P::<D>::zeros(), P::<D>::zeros());
    for &(k, w) in &p.weights {
        let (i, j) = pairs[k];
        point_a += a[i] * w;
        point_b += b[j] * w;
    }
    OracleDistance {
        distance: p.norm,
        point_a,
        point_b,
    }
}

/// Distance from the point `p` to the convex hull of `hull`.
pub fn point_to_hull<const D: usize>(p: &P<D>, hull: &[P<D>]) -> f64 {
    hull_distance(core::slice::from_ref(p), hull).distance
}

// ---------------------------------------------------------------------------
// Certificate
// ---------------------------------------------------------------------------

/// Support value `max_{x ∈ S} x·n` of a shape (core plus margin), with `n`
/// rounded to the shape's precision and the dot product taken in `f64`.
pub fn support_value<T: TestReal, const D: usize>(s: &impl SupportMap<T, D>, n: &P<D>) -> f64 {
    to_f64(&s.support(&to_t::<T, D>(n))).dot(n)
}

/// Checks that a distance answer proves itself through the support functions.
///
/// With a normal `n` (from A towards B): the witness points lie on the
/// supporting planes of their shapes, `point_a·n = max_A x·n` and
/// `point_b·n = min_B x·n`, and the support gap `min_B x·n − max_A x·n`, a
/// lower bound on the true distance, reaches the reported distance; the
/// witnesses are `distance` apart along `n`. Without a normal the distance is
/// zero and the witnesses coincide.
///
/// `tol` is the absolute budget on the distance. A normal computed from a
/// difference vector `v` carries a direction error up to `tol / ‖v‖`, which
/// tilts the supporting planes by up to that angle across the shapes' extent
/// (at most `2 * scale`); the plane checks allow for it.
pub fn check_certificate<T: TestReal, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    d: &Distance<T, D>,
    tol: f64,
    scale: f64,
) -> Result<(), String> {
    let dist = d.distance.as_f64();
    let pa = to_f64(&d.point_a);
    let pb = to_f64(&d.point_b);
    let Some(n_t) = d.normal else {
        if dist != 0.0 {
            return Err(format!("no normal but distance {dist:e} != 0"));
        }
        let sep = (pb - pa).norm();
        if sep > tol {
            return Err(format!(
                "no normal (overlap) but witnesses {sep:e} apart (tol {tol:e})"
            ));
        }
        return Ok(());
    };
    let n_raw = to_f64(&n_t);
    let len = n_raw.norm();
    let margins = a.margin().as_f64() + b.margin().as_f64();
    // Separation of the cores along n: the reported one plus the margins.
    let core = (pb - pa).dot(&n_raw) / len + margins;
    let angle = (tol / core.max(f64::MIN_POSITIVE)).min(1.0);
    if (len - 1.0).abs() > 2.0 * angle + 1e-6 {
        return Err(format!("normal has length {len}"));
    }
    let n = n_raw / len;
    let plane_tol = tol + 2.0 * (scale + margins) * angle;
    let h_a = support_value(a, &n);
    let low_b = -support_value(b, &-n);
    let (on_a, on_b) = (pa.dot(&n), pb.dot(&n));
    if (on_a - h_a).abs() > plane_tol {
        return Err(format!(
            "point_a off A's supporting plane: point_a·n = {on_a:e}, max_A x·n = {h_a:e} (tol {plane_tol:e})"
        ));
    }
    if (on_b - low_b).abs() > plane_tol {
        return Err(format!(
            "point_b off B's supporting plane: point_b·n = {on_b:e}, min_B x·n = {low_b:e} (tol {plane_tol:e})"
        ));
    }
    let gap = low_b - h_a;
    // The gap is negative when only the margins overlap (distance zero).
    if dist > 0.0 && gap < dist - plane_tol {
        return Err(format!(
            "support gap {gap:e} along the normal does not confirm distance {dist:e} (tol {plane_tol:e})"
        ));
    }
    if dist > 0.0 {
        let diff = pb - pa;
        let along = diff.dot(&n);
        if (diff.norm() - dist).abs() > tol || (diff - n * along).norm() > tol + dist * angle {
            return Err(format!(
                "witnesses differ by {diff:?} (norm {:e}), not distance {dist:e} along the normal",
                diff.norm()
            ));
        }
    } else if gap > plane_tol {
        return Err(format!(
            "distance 0 but the support gap {gap:e} separates the shapes"
        ));
    }
    Ok(())
}

/// A shape seen through its support map (and, when it has them, its faces)
/// alone: every optional capability (point cores, closed-form rays, box
/// frames) is hidden, so queries take their general path. Tests of a fast
/// path compare it with this.
pub struct Hidden<S>(pub S);

impl<T: Real, const D: usize, S: SupportMap<T, D>> SupportMap<T, D> for Hidden<S> {
    fn core_support(&self, dir: &Vector<T, D>) -> Vector<T, D> {
        self.0.core_support(dir)
    }
    fn margin(&self) -> T {
        self.0.margin()
    }
    fn center(&self) -> Vector<T, D> {
        self.0.center()
    }
}

impl<T: Real, const D: usize, S: Faces<T, D>> Faces<T, D> for Hidden<S> {
    fn face_into(&self, dir: &Vector<T, D>, out: &mut Face<T, D>) {
        self.0.face_into(dir, out);
    }
}

/// [`gjk::penetration`] with room for `V` polytope vertices and `F` facets:
/// the sized contact query at a query distance of zero, read as a depth.
pub fn penetration_with_capacity<T: Real, const D: usize, const V: usize, const F: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    config: &gjk::Config<T, D>,
) -> Result<Option<gjk::Penetration<T, D>>, gjk::Error> {
    let contact = gjk::contact_with_capacity::<T, D, V, F>(a, b, T::zero(), config)?;
    Ok(contact.map(|c| c.penetration()))
}
