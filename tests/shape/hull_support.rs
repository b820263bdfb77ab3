//! The support maps of the large-hull shapes, `Packed` (SIMD block scan)
//! and `Climbing` (walk on the edge graph), against a brute-force scan of
//! the same points, in D = 2, 3, 4 for `f32` and `f64`.
//!
//! Facets for `Climbing` are found here by brute force: a set of `D`
//! points is a facet when every point lies on one side of its hyperplane
//! (`O(n^(D+1))`, fine for the few dozen points used).
//!
//! What is checked, and with which accuracy:
//!
//! * `Packed`: exactly the brute-force answer, the first point in input
//!   order with the largest dot product summed left to right. In 2D and 3D,
//!   where nalgebra's dot product (used by `Scanned`) sums in the same
//!   order, the same point as `Scanned` and distances equal to the bit; in
//!   4D, where nalgebra sums `(a₀b₀ + a₂b₂) + (a₁b₁ + a₃b₃)`, a support value
//!   within `CLIMB_ULPS · ε · Σ|pᵢdᵢ|` of `Scanned`'s and distances within
//!   `DISTANCE_ULPS · ε · scale`.
//! * `Climbing`: a point of the hull whose dot product is exactly the
//!   maximum when every product is exact (integer coordinates, axis and
//!   small integer directions, including plateaus of tied vertices), and
//!   within `CLIMB_ULPS · ε · Σ|pᵢdᵢ|` of it otherwise (the walk can stop next
//!   to an edge whose rise is lost to rounding); distances within
//!   `DISTANCE_ULPS · ε · scale` of `Scanned`'s (a tie broken towards
//!   another vertex changes GJK's path, not its answer).

use crate::support;

use gjk::{
    distance, hull::Block, hull::Climbing, hull::Packed, hull::Scanned, Config, ShapeError,
    SupportMap, Vector,
};
use support::{Rng, Source, TestReal};

/// Shortfall allowed to the walk on floating-point hulls, in units of epsilon
/// times the sum of the magnitudes of the products in a dot product.
const CLIMB_ULPS: f64 = 8.0;

/// Gap allowed between `Climbing` and `Scanned` distances, in units of
/// epsilon times the coordinate scale.
const DISTANCE_ULPS: f64 = 1e3;

/// Whether nalgebra's dot product sums left to right in dimension `d` (it
/// pairs the terms in 4D and from 8D on).
fn nalgebra_sums_in_order(d: usize) -> bool {
    d != 4 && d < 8
}

/// Random directions per point set.
const DIRECTIONS: usize = 200;

/// The dot product summed left to right, as both shapes compute it.
fn dot<T: TestReal, const D: usize>(a: &Vector<T, D>, b: &Vector<T, D>) -> T {
    let mut terms = a.iter().zip(b.iter()).map(|(&x, &y)| x * y);
    let first = terms.next().unwrap_or_else(T::zero);
    terms.fold(first, |s, t| s + t)
}

/// The first index with the largest dot product.
fn brute_force<T: TestReal, const D: usize>(points: &[Vector<T, D>], dir: &Vector<T, D>) -> usize {
    let mut best = 0;
    for (i, p) in points.iter().enumerate() {
        if dot(p, dir) > dot(&points[best], dir) {
            best = i;
        }
    }
    best
}

/// `n` points on the unit sphere, in precision `T`.
fn sphere<T: TestReal, const D: usize>(n: usize, seed: u64) -> Vec<Vector<T, D>> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| support::unit_vector::<D>(&mut rng).map(T::of_f64))
        .collect()
}

/// The integer grid `{-k, …, k}^D`: a cube with points on every face and
/// inside, so that axis directions meet plateaus of tied vertices.
fn grid<T: TestReal, const D: usize>(k: i32) -> Vec<Vector<T, D>> {
    let side = (2 * k + 1) as usize;
    (0..side.pow(D as u32))
        .map(|mut i| {
            Vector::<T, D>::from_fn(|_, _| {
                let c = (i % side) as i32 - k;
                i /= side;
                T::of_f64(f64::from(c))
            })
        })
        .collect()
}

/// The normal of the hyperplane through `D` points (generalised cross
/// product of the edges from the first), in `f64`.
fn normal<const D: usize>(q: &[Vector<f64, D>]) -> Vector<f64, D> {
    let edges: Vec<Vector<f64, D>> = q[1..].iter().map(|p| p - q[0]).collect();
    Vector::<f64, D>::from_fn(|i, _| {
        // Cofactor expansion along a row of unknowns: the minor without column i.
        let mut m = vec![vec![0.0; D - 1]; D - 1];
        for (r, e) in edges.iter().enumerate() {
            let mut c = 0;
            for j in 0..D {
                if j != i {
                    m[r][c] = e[j];
                    c += 1;
                }
            }
        }
        let sign = if i % 2 == 0 { 1.0 } else { -1.0 };
        sign * det(m)
    })
}

fn det(mut m: Vec<Vec<f64>>) -> f64 {
    let n = m.len();
    let mut d = 1.0;
    for k in 0..n {
        let p = (k..n).max_by(|&a, &b| m[a][k].abs().total_cmp(&m[b][k].abs()));
        let Some(p) = p else { return 1.0 };
        if m[p][k] == 0.0 {
            return 0.0;
        }
        if p != k {
            m.swap(p, k);
            d = -d;
        }
        d *= m[k][k];
        for i in k + 1..n {
            let f = m[i][k] / m[k][k];
            for j in k..n {
                m[i][j] -= f * m[k][j];
            }
        }
    }
    d
}

/// Every `D`-subset of the points whose hyperplane has all points on one
/// side (ties allowed: on a flat face every triangle of its points counts,
/// which only adds edges between hull points).
fn facets<T: TestReal, const D: usize>(points: &[Vector<T, D>]) -> Vec<[u32; D]> {
    let p: Vec<Vector<f64, D>> = points.iter().map(|p| p.map(T::as_f64)).collect();
    let mut out = Vec::new();
    let mut idx = [0usize; D];
    subsets(p.len(), 0, 0, &mut idx, &mut |s: &[usize; D]| {
        let q: Vec<Vector<f64, D>> = s.iter().map(|&i| p[i]).collect();
        let n = normal(&q);
        if n.norm() <= 1e-9 {
            return;
        }
        let side = |x: &Vector<f64, D>| n.dot(&(x - q[0]));
        let (above, below) = p.iter().fold((false, false), |(a, b), x| {
            let s = side(x);
            (a || s > 1e-12, b || s < -1e-12)
        });
        if !(above && below) {
            out.push(s.map(|i| i as u32));
        }
    });
    out
}

fn subsets<const D: usize>(
    n: usize,
    start: usize,
    depth: usize,
    idx: &mut [usize; D],
    f: &mut impl FnMut(&[usize; D]),
) {
    if depth == D {
        f(idx);
        return;
    }
    for i in start..n {
        idx[depth] = i;
        subsets(n, i + 1, depth + 1, idx, f);
    }
}

/// Directions: random unit vectors, the axes both ways, and small integer
/// vectors (exact products on integer points, with many ties).
fn directions<T: TestReal, const D: usize>(seed: u64) -> Vec<Vector<T, D>> {
    let mut rng = Rng::new(seed);
    let mut dirs = Vec::new();
    for k in 0..D {
        for s in [1.0, -1.0] {
            dirs.push(Vector::<T, D>::from_fn(|i, _| {
                T::of_f64(if i == k { s } else { 0.0 })
            }));
        }
    }
    for _ in 0..DIRECTIONS {
        dirs.push(support::unit_vector::<D>(&mut rng).map(T::of_f64));
        dirs.push(Vector::<T, D>::from_fn(|_, _| {
            T::of_f64(rng.int(0, 4) as f64 - 2.0)
        }));
    }
    dirs
}

/// Owned storage and the two shapes built on it.
/// One hull three ways: scanned, packed in blocks, climbed.
type ThreeHulls<'a, T, const D: usize> = (
    Scanned<&'a [Vector<T, D>], T, D>,
    Packed<'a, T, D>,
    Climbing<'a, T, D>,
);

struct Built<T: TestReal, const D: usize> {
    points: Vec<Vector<T, D>>,
    facets: Vec<[u32; D]>,
    blocks: Vec<Block<T, D>>,
    offsets: Vec<u32>,
    neighbours: Vec<u32>,
}

impl<T: TestReal, const D: usize> Built<T, D> {
    fn new(points: Vec<Vector<T, D>>) -> Self {
        let facets = facets(&points);
        Self {
            blocks: vec![Block::default(); Packed::<T, D>::blocks_needed(points.len())],
            offsets: vec![0; Climbing::<T, D>::offsets_needed(points.len())],
            neighbours: vec![0; Climbing::<T, D>::neighbours_needed(facets.len())],
            points,
            facets,
        }
    }

    fn shapes(&mut self) -> ThreeHulls<'_, T, D> {
        (
            Scanned::new(&self.points[..]).unwrap(),
            Packed::new(&self.points, &mut self.blocks).unwrap(),
            Climbing::new(
                &self.points,
                &self.facets,
                &mut self.offsets,
                &mut self.neighbours,
            )
            .unwrap(),
        )
    }
}

/// Checks both shapes on one point set; `exact` when every dot product of
/// the set with the directions is exact.
fn check_supports<T: TestReal, const D: usize>(points: Vec<Vector<T, D>>, seed: u64, exact: bool) {
    let mut built = Built::new(points);
    let points = built.points.clone();
    let (hull, packed, climbing) = built.shapes();
    let mut worst = 0.0_f64;
    for dir in directions::<T, D>(seed) {
        let want = brute_force(&points, &dir);
        let max = dot(&points[want], &dir);

        let got = packed.support_index(&dir);
        assert_eq!(got, want, "{} D={D}: packed index along {dir:?}", T::NAME);
        assert_eq!(packed.support(&dir), points[want]);
        if nalgebra_sums_in_order(D) {
            assert_eq!(packed.support(&dir), hull.support(&dir));
        } else {
            let gap = (max - dot(&hull.support(&dir), &dir)).as_f64();
            // The 4D test points lie in the unit cube: Σ|pᵢdᵢ| ≤ Σ|dᵢ|.
            let magnitude: f64 = dir.iter().map(|d| d.as_f64().abs()).sum();
            assert!(gap <= CLIMB_ULPS * T::eps() * magnitude);
        }

        let got = climbing.support_index(&dir);
        let value = dot(&points[got], &dir);
        assert_eq!(climbing.support(&dir), points[got]);
        assert!(!climbing.neighbours(got).is_empty(), "a hull vertex");
        let from_start = climbing.climb(&dir, want);
        assert_eq!(from_start, want, "a farthest vertex is a fixed point");
        let short = (max - value).as_f64();
        let magnitude: f64 = points[got]
            .iter()
            .zip(dir.iter())
            .map(|(p, d)| (p.as_f64() * d.as_f64()).abs())
            .sum();
        let budget = if exact {
            0.0
        } else {
            CLIMB_ULPS * T::eps() * magnitude
        };
        assert!(
            short <= budget,
            "{} D={D}: climb short by {short:e} > {budget:e} along {dir:?}",
            T::NAME
        );
        worst = worst.max(short / (T::eps() * magnitude.max(f64::MIN_POSITIVE)));
    }
    if worst > 0.0 {
        eprintln!(
            "{} D={D}: worst climb shortfall {worst:.2} ε·Σ|pd|",
            T::NAME
        );
    }
}

fn supports_in<T: TestReal, const D: usize>(sizes: &[usize]) {
    for (i, &n) in sizes.iter().enumerate() {
        check_supports(
            sphere::<T, D>(n, 100 * D as u64 + i as u64),
            i as u64,
            false,
        );
    }
    if D <= 3 {
        check_supports(grid::<T, D>(if D == 2 { 2 } else { 1 }), 7, true);
    }
    // The corners of the cube alone: every vertex ties with others along
    // the axes and the integer directions.
    let corners: Vec<Vector<T, D>> = grid::<T, D>(1)
        .into_iter()
        .filter(|p| p.iter().all(|c| c.as_f64() != 0.0))
        .collect();
    check_supports(corners, 8, true);
}

#[test]
fn supports_match_brute_force_2d() {
    supports_in::<f32, 2>(&[2, 3, 9, 40]);
    supports_in::<f64, 2>(&[2, 3, 9, 40]);
}

#[test]
fn supports_match_brute_force_3d() {
    supports_in::<f32, 3>(&[4, 8, 17, 40]);
    supports_in::<f64, 3>(&[4, 8, 17, 40]);
}

#[test]
fn supports_match_brute_force_4d() {
    supports_in::<f32, 4>(&[5, 9, 22]);
    supports_in::<f64, 4>(&[5, 9, 22]);
}

/// Distances between two hulls, apart and overlapping.
fn check_distances<T: TestReal, const D: usize>(n: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let config = Config::default();
    for case in 0..6 {
        let offset = support::unit_vector::<D>(&mut rng) * [0.5, 1.9, 2.5, 3.0, 1.0, 2.01][case];
        let a = sphere::<T, D>(n, seed + 2 * case as u64);
        let b: Vec<Vector<T, D>> = sphere::<T, D>(n, seed + 2 * case as u64 + 1)
            .iter()
            .map(|p| p + offset.map(T::of_f64))
            .collect();
        let (mut ba, mut bb) = (Built::new(a), Built::new(b));
        let (ha, pa, ca) = ba.shapes();
        let (hb, pb, cb) = bb.shapes();
        let want = distance(&ha, &hb, &config).unwrap().distance;
        let packed = distance(&pa, &pb, &config).unwrap().distance;
        // Coordinates are below 4 in magnitude: the scale of the budget.
        let budget = DISTANCE_ULPS * T::eps() * 4.0;
        if nalgebra_sums_in_order(D) {
            assert_eq!(packed.as_f64().to_bits(), want.as_f64().to_bits());
        } else {
            assert!((packed - want).as_f64().abs() <= budget);
        }
        let climbing = distance(&ca, &cb, &config).unwrap().distance;
        let gap = (climbing - want).as_f64().abs();
        assert!(gap <= budget, "{} D={D}: {climbing:?} vs {want:?}", T::NAME);
    }
}

#[test]
fn distances_match_convex_hull() {
    check_distances::<f32, 2>(30, 1);
    check_distances::<f64, 2>(30, 2);
    check_distances::<f32, 3>(30, 3);
    check_distances::<f64, 3>(30, 4);
    check_distances::<f32, 4>(14, 5);
    check_distances::<f64, 4>(14, 6);
}

#[test]
fn bad_input_is_an_error() {
    let points = sphere::<f64, 3>(12, 9);
    let facets = facets(&points);
    let n = points.len();
    let f = facets.len();
    let mut blocks = vec![Block::default(); 2];
    let mut offsets = vec![0; Climbing::<f64, 3>::offsets_needed(n)];
    let mut neighbours = vec![0; Climbing::<f64, 3>::neighbours_needed(f)];

    assert_eq!(Packed::<f64, 3>::blocks_needed(12), 2);
    assert_eq!(
        Packed::new(&points, &mut blocks[..1]).map(|_| ()),
        Err(ShapeError::StorageTooSmall)
    );
    assert_eq!(
        Packed::<f64, 3>::new(&[], &mut blocks).map(|_| ()),
        Err(ShapeError::Empty)
    );
    let mut nan = points.clone();
    nan[5].y = f64::NAN;
    assert_eq!(
        Packed::new(&nan, &mut blocks).map(|_| ()),
        Err(ShapeError::NonFinite)
    );
    let mut inf = points.clone();
    inf[11].x = f64::INFINITY;
    assert_eq!(
        Packed::new(&inf, &mut blocks).map(|_| ()),
        Err(ShapeError::NonFinite)
    );

    let climbing = |p: &[Vector<f64, 3>], fs: &[[u32; 3]], o: &mut [u32], nb: &mut [u32]| {
        Climbing::new(p, fs, o, nb).map(|_| ())
    };
    for short in [n, offsets.len() - 1] {
        assert_eq!(
            climbing(&points, &facets, &mut offsets[..short], &mut neighbours),
            Err(ShapeError::StorageTooSmall)
        );
    }
    let short = neighbours.len() - 1;
    assert_eq!(
        climbing(&points, &facets, &mut offsets, &mut neighbours[..short]),
        Err(ShapeError::StorageTooSmall)
    );
    assert_eq!(
        climbing(&nan, &facets, &mut offsets, &mut neighbours),
        Err(ShapeError::NonFinite)
    );
    assert_eq!(
        climbing(&points, &[], &mut offsets, &mut neighbours),
        Err(ShapeError::Empty)
    );
    assert_eq!(
        climbing(&[], &facets, &mut offsets, &mut neighbours),
        Err(ShapeError::Empty)
    );
    let mut bad = facets.clone();
    bad[3][1] = n as u32;
    assert_eq!(
        climbing(&points, &bad, &mut offsets, &mut neighbours),
        Err(ShapeError::BadIndex)
    );
    // The storage errors leave room for a correct build afterwards.
    assert!(climbing(&points, &facets, &mut offsets, &mut neighbours).is_ok());
}

#[test]
fn any_facets_and_directions_are_safe() {
    // Facets that are not a hull: the walk ends somewhere, within n steps,
    // on one of the points, and nothing panics.
    let points = sphere::<f32, 3>(30, 11);
    let mut rng = Rng::new(12);
    let facets: Vec<[u32; 3]> = (0..40)
        .map(|_| [0; 3].map(|_: u32| rng.int(0, 29) as u32))
        .collect();
    let mut offsets = vec![0; Climbing::<f32, 3>::offsets_needed(30)];
    let mut neighbours = vec![0; Climbing::<f32, 3>::neighbours_needed(40)];
    let hull = Climbing::new(&points, &facets, &mut offsets, &mut neighbours).unwrap();
    let mut blocks = vec![Block::default(); 4];
    let packed = Packed::new(&points, &mut blocks).unwrap();
    let odd = [f32::NAN, f32::INFINITY, -f32::INFINITY, 0.0, -0.0, f32::MAX];
    for &x in &odd {
        for &y in &odd {
            let dir = Vector::<f32, 3>::new(x, y, 1.0);
            assert!(points.contains(&hull.support(&dir)));
            assert!(points.contains(&packed.support(&dir)));
            for start in [0, 7, 29, 30, usize::MAX] {
                assert!(hull.climb(&dir, start) < 30);
            }
        }
    }
    // A NaN direction keeps the first point (no comparison succeeds).
    let nan = Vector::<f32, 3>::repeat(f32::NAN);
    assert_eq!(packed.support_index(&nan), 0);
}

#[test]
fn one_dimensional_hulls_start_at_their_ends() {
    // In 1D a facet is a single point and there are no edges: the start
    // table (the extreme points) holds the answer.
    let points: Vec<Vector<f64, 1>> = [3.0, -1.0, 7.0, 2.0]
        .iter()
        .map(|&x| Vector::<f64, 1>::new(x))
        .collect();
    let facets = [[1], [2]];
    let mut offsets = [0; Climbing::<f64, 1>::offsets_needed(4)];
    let mut neighbours: [u32; 0] = [];
    let hull = Climbing::new(&points, &facets, &mut offsets, &mut neighbours).unwrap();
    assert_eq!(hull.support(&Vector::<f64, 1>::new(2.0)).x, 7.0);
    assert_eq!(hull.support(&Vector::<f64, 1>::new(-0.5)).x, -1.0);
    assert_eq!(hull.edges(), 0);
}
