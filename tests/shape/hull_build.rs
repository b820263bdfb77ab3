//! The hull builder (`Built`) against independent oracles, in 2D and 3D,
//! for `f32` and `f64`.
//!
//! Two kinds of input, two kinds of budget:
//!
//! * **Integer points** (and integer points times a power of two, plus an
//!   offset that keeps them exact): the builder decides every orientation
//!   exactly, so the answer is checked exactly against `oracle`, which
//!   computes in `i128` and shares no code with the crate. No tolerance.
//! * **Floating-point points** (spheres, scales `1e-6` and `1e6`, an offset
//!   of `1e6`, near-duplicates `1e-12` apart): the hull is exact for the
//!   points as given, so the only error is the check's own `f64`
//!   evaluation: a point is "below" a facet `abc` when
//!   `(b − a) × (c − a) · (p − a) ≤ PLANE_ULPS · ε₆₄ · |b − a| |c − a| |p − a|`
//!   (a forward bound of the rounding of that triple product).
//!
//! Support maps of `Climbing` built on the output are compared with a
//! scan of *all* input points by support value `d · p` (not index):
//! exactly for integer points and directions, within
//! `CLIMB_ULPS · ε_T · max Σ|pᵢ dᵢ|` otherwise (the walk in precision `T`
//! can stop next to an edge whose rise rounds away).

use crate::support;
pub(super) mod oracle;

use std::collections::BTreeSet;

use gjk::{distance, hull::Built, hull::Climbing, Ball, Config, ShapeError, SupportMap, Vector};
use oracle::I;
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use support::{Rng, Source, TestReal};

/// Slack of the `f64` facet-plane check, in units of `ε₆₄ |b − a| |c − a| |p − a|`.
const PLANE_ULPS: f64 = 16.0;

/// Shortfall allowed to `Climbing`'s walk, in units of `ε_T · Σ|pᵢ dᵢ|`.
const CLIMB_ULPS: f64 = 8.0;

type Building<const D: usize> = Result<(Vec<u32>, Vec<[u32; D]>), ShapeError>;

fn build3<T: TestReal>(points: &[Vector<T, 3>]) -> Building<3> {
    let n = points.len();
    let mut v = vec![0; Built::<3>::vertices_needed(n)];
    let mut f = vec![[0; 3]; Built::<3>::facets_needed(n)];
    let mut w = vec![0; Built::<3>::work_needed(n)];
    let hull = Built::<3>::build(points, &mut v, &mut f, &mut w)?;
    Ok((hull.vertices().to_vec(), hull.facets().to_vec()))
}

fn build2<T: TestReal>(points: &[Vector<T, 2>]) -> Building<2> {
    let n = points.len();
    let mut v = vec![0; Built::<2>::vertices_needed(n)];
    let mut f = vec![[0; 2]; Built::<2>::facets_needed(n)];
    let mut w = vec![0; Built::<2>::work_needed(n)];
    let hull = Built::<2>::build(points, &mut v, &mut f, &mut w)?;
    Ok((hull.vertices().to_vec(), hull.facets().to_vec()))
}

/// Integer points as `T`, times `scale`, plus `offset` (exact when the
/// caller picks powers of two that keep the result in `T`'s mantissa).
fn ints_as<T: TestReal, const D: usize>(
    ints: &[I<D>],
    scale: f64,
    offset: f64,
) -> Vec<Vector<T, D>> {
    ints.iter()
        .map(|p| Vector::<T, D>::from_fn(|i, _| T::of_f64(p[i] as f64 * scale + offset)))
        .collect()
}

/// Exact checks of a 3D hull of integer points: closed oriented surface,
/// vertices = the points it uses, every point on or below every facet,
/// and (for `oracle` sets) vertex positions = the extreme positions.
fn check_exact3(ints: &[I<3>], (verts, facets): &(Vec<u32>, Vec<[u32; 3]>), oracle: bool) {
    let v = oracle::check_surface(facets).unwrap_or_else(|e| panic!("{e} in {ints:?}"));
    assert_eq!(
        v,
        verts.len(),
        "facets use {v} vertices, {} listed",
        verts.len()
    );
    let used: BTreeSet<u32> = facets.iter().flatten().copied().collect();
    assert_eq!(used, verts.iter().copied().collect(), "vertex list");
    for f in facets {
        let [a, b, c] = f.map(|i| ints[i as usize]);
        for p in ints {
            assert!(oracle::orient3(&a, &b, &c, p) <= 0, "{p:?} above {f:?}");
        }
    }
    let positions: BTreeSet<I<3>> = verts.iter().map(|&i| ints[i as usize]).collect();
    assert_eq!(positions.len(), verts.len(), "a position listed twice");
    if oracle {
        assert_eq!(
            positions,
            oracle::extreme_positions3(ints),
            "extreme points of {ints:?}"
        );
    }
}

/// Exact checks of a 2D hull of integer points: one counter-clockwise cycle
/// turning strictly left at every vertex, every point on or left of every
/// edge, vertex positions = the extreme positions (for `oracle` sets).
fn check_exact2(ints: &[I<2>], (verts, edges): &(Vec<u32>, Vec<[u32; 2]>), oracle: bool) {
    oracle::check_cycle(verts, edges).unwrap_or_else(|e| panic!("{e} in {ints:?}"));
    let m = verts.len();
    for i in 0..m {
        let [a, b, c] = [i, (i + 1) % m, (i + 2) % m].map(|k| ints[verts[k] as usize]);
        assert!(oracle::orient2(&a, &b, &c) > 0, "not a strict left turn");
    }
    for e in edges {
        for p in ints {
            assert!(oracle::orient2(&ints[e[0] as usize], &ints[e[1] as usize], p) >= 0);
        }
    }
    let positions: BTreeSet<I<2>> = verts.iter().map(|&i| ints[i as usize]).collect();
    assert_eq!(positions.len(), m, "a position listed twice");
    if oracle {
        assert_eq!(
            positions,
            oracle::extreme_positions2(ints),
            "extreme points of {ints:?}"
        );
    }
}

/// `f64` checks of a 3D hull of floating-point points (see the module docs
/// for the budget): surface, vertex list, and every point below each of the
/// first `facet_sample` facets.
fn check_float3<T: TestReal>(
    points: &[Vector<T, 3>],
    (verts, facets): &(Vec<u32>, Vec<[u32; 3]>),
    facet_sample: usize,
) {
    let v = oracle::check_surface(facets).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v, verts.len());
    let p64: Vec<Vector<f64, 3>> = points.iter().map(support::to_f64).collect();
    let step = (facets.len() / facet_sample.max(1)).max(1);
    for f in facets.iter().step_by(step) {
        let [a, b, c] = f.map(|i| p64[i as usize]);
        let (u, w) = (b - a, c - a);
        let n = u.cross(&w);
        for p in &p64 {
            let q = p - a;
            let budget = PLANE_ULPS * f64::EPSILON * u.norm() * w.norm() * q.norm();
            assert!(
                n.dot(&q) <= budget,
                "{p:?} above {f:?} by {:e} > {budget:e}",
                n.dot(&q)
            );
        }
    }
}

/// Supports along `dirs` directions (integer directions too when `exact`,
/// checked exactly), two ways:
///
/// * the hull's vertices against all points, both scanned: the hull is
///   exact, so the best values agree within the rounding of the check's own
///   `f64` dot products, `4 ε₆₄ Σ|pᵢ dᵢ|`;
/// * `Climbing` on the built facets against the scan of all points:
///   within `CLIMB_ULPS · ε_T · Σ|pᵢ dᵢ|` times the ratio of the extent to
///   the shortest hull edge (the walk's documented rounding: it can stop
///   next to an edge whose rise rounds away, which on dense hulls in `f32`
///   is far above one ulp).
fn check_supports<T: TestReal, const D: usize>(
    points: &[Vector<T, D>],
    facets: &[[u32; D]],
    dirs: usize,
    exact: bool,
) {
    let n = points.len();
    let mut offsets = vec![0; Climbing::<T, D>::offsets_needed(n)];
    let mut nb = vec![0; Climbing::<T, D>::neighbours_needed(facets.len())];
    let hull = Climbing::new(points, facets, &mut offsets, &mut nb).unwrap();
    let p64: Vec<Vector<f64, D>> = points.iter().map(support::to_f64).collect();
    let verts: BTreeSet<u32> = facets.iter().flatten().copied().collect();
    let extent = p64.iter().map(|p| (p - p64[0]).norm()).fold(0.0, f64::max);
    let shortest = facets
        .iter()
        .flat_map(|f| (0..D).map(move |i| (f[i], f[(i + 1) % D])))
        .map(|(a, b)| (p64[a as usize] - p64[b as usize]).norm())
        .fold(f64::INFINITY, f64::min);
    let mut rng = Rng::new(dirs as u64 + n as u64);
    for k in 0..dirs {
        let integer = exact && k % 2 == 0;
        let d64: Vector<f64, D> = if integer {
            Vector::from_fn(|_, _| rng.int(0, 6) as f64 - 3.0)
        } else {
            support::unit_vector::<D>(&mut rng)
        };
        let d64 = support::to_f64(&d64.map(T::of_f64));
        let best = p64
            .iter()
            .map(|p| p.dot(&d64))
            .fold(f64::NEG_INFINITY, f64::max);
        let on_hull = verts
            .iter()
            .map(|&v| p64[v as usize].dot(&d64))
            .fold(f64::NEG_INFINITY, f64::max);
        let scale = p64
            .iter()
            .map(|p| {
                p.iter()
                    .zip(d64.iter())
                    .map(|(x, y)| (x * y).abs())
                    .sum::<f64>()
            })
            .fold(0.0, f64::max);
        let budget = if integer {
            0.0
        } else {
            4.0 * f64::EPSILON * scale
        };
        assert!(
            best - on_hull <= budget,
            "{}: hull vertices reach {on_hull}, points {best}",
            T::NAME
        );
        let got = support::to_f64(&hull.support(&d64.map(T::of_f64))).dot(&d64);
        let budget = if integer {
            0.0
        } else {
            CLIMB_ULPS * T::eps() * scale * (extent / shortest).max(1.0)
        };
        assert!(
            best - got <= budget,
            "{}: climbing support {got} vs scan {best} along {d64:?}",
            T::NAME
        );
    }
}

// ---------------------------------------------------------------------------
// Integer clouds with many degeneracies
// ---------------------------------------------------------------------------

/// An integer cloud: coordinates in a small box (so that duplicates,
/// collinear and coplanar subsets are common), some points repeated, some
/// pushed onto a coordinate plane.
#[derive(Clone, Debug)]
struct Cloud<const D: usize>(Vec<I<D>>);

fn cloud<const D: usize>(r: &mut impl Source, max_points: usize) -> Vec<I<D>> {
    let n = r.int(D + 1, max_points);
    let k = [1, 2, 3, 5, 1000][r.int(0, 4)] as i64;
    let mut pts: Vec<I<D>> = Vec::with_capacity(n);
    for _ in 0..n {
        let p = if !pts.is_empty() && r.chance(0.1) {
            pts[r.int(0, pts.len() - 1)]
        } else {
            let mut p = [0; D];
            for x in &mut p {
                *x = r.int(0, 2 * k as usize) as i64 - k;
            }
            if r.chance(0.2) {
                p[D - 1] = k;
            }
            p
        };
        pts.push(p);
    }
    pts
}

impl<const D: usize> Arbitrary for Cloud<D> {
    fn arbitrary(g: &mut Gen) -> Self {
        Cloud(cloud(g, 14))
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let pts = self.0.clone();
        Box::new((0..pts.len()).filter(move |_| pts.len() > D + 1).map({
            let pts = self.0.clone();
            move |i| {
                let mut q = pts.clone();
                q.remove(i);
                Cloud(q)
            }
        }))
    }
}

/// Exact answers on a 3D integer cloud in both precisions, or the
/// degenerate error exactly when the oracle finds the cloud flat.
fn exact_cloud3(ints: &[I<3>], scale: f64, offset: f64) {
    let flat = ints.iter().all(|d| {
        ints.iter()
            .all(|c| ints.iter().all(|b| oracle::orient3(&ints[0], b, c, d) == 0))
    });
    for result in [
        build3(&ints_as::<f64, 3>(ints, scale, offset)),
        build3(&ints_as::<f32, 3>(ints, scale, offset)),
    ] {
        match result {
            Err(ShapeError::Degenerate) => assert!(flat, "Degenerate for {ints:?}"),
            Err(e) => panic!("{e:?} for {ints:?}"),
            Ok(hull) => {
                assert!(!flat);
                check_exact3(ints, &hull, ints.len() <= 16);
            }
        }
    }
}

/// As [`exact_cloud3`], in 2D.
fn exact_cloud2(ints: &[I<2>], scale: f64, offset: f64) {
    let flat = ints
        .iter()
        .all(|c| ints.iter().all(|b| oracle::orient2(&ints[0], b, c) == 0));
    for result in [
        build2(&ints_as::<f64, 2>(ints, scale, offset)),
        build2(&ints_as::<f32, 2>(ints, scale, offset)),
    ] {
        match result {
            Err(ShapeError::Degenerate) => assert!(flat, "Degenerate for {ints:?}"),
            Err(e) => panic!("{e:?} for {ints:?}"),
            Ok(hull) => {
                assert!(!flat);
                check_exact2(ints, &hull, ints.len() <= 40);
            }
        }
    }
}

/// Budget: none (exact). Quickcheck: 3D integer clouds of up to 14 points,
/// in both precisions, against the Carathéodory oracle.
#[test]
fn quickcheck_integer_clouds_3d() {
    fn prop(c: Cloud<3>) -> TestResult {
        exact_cloud3(&c.0, 1.0, 0.0);
        TestResult::passed()
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(Cloud<3>) -> TestResult);
}

/// Budget: none (exact). Quickcheck: 2D integer clouds of up to 14 points.
#[test]
fn quickcheck_integer_clouds_2d() {
    fn prop(c: Cloud<2>) -> TestResult {
        exact_cloud2(&c.0, 1.0, 0.0);
        TestResult::passed()
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(Cloud<2>) -> TestResult);
}

/// Budget: none (exact). Larger integer clouds (up to 60 points) with the
/// surface and plane checks (the oracle up to 16 points), at power-of-two
/// scales `2⁻²⁰ ≈ 1e-6` and `2²⁰ ≈ 1e6` and with an offset of `2²⁰`, where
/// the points stay exact in both precisions.
#[test]
fn integer_clouds_scaled_and_offset() {
    let mut rng = Rng::new(12);
    for round in 0..200 {
        let c3: Vec<I<3>> = cloud(&mut rng, if round % 4 == 0 { 60 } else { 12 });
        let c2: Vec<I<2>> = cloud(&mut rng, 60);
        // `2²⁰ + x` stays exact in f32 for the clouds' |x| ≤ 1000.
        for (scale, offset) in [
            (1.0, 0.0),
            (2f64.powi(-20), 0.0),
            (2f64.powi(20), 0.0),
            (1.0, 2f64.powi(20)),
        ] {
            exact_cloud3(&c3, scale, offset);
            exact_cloud2(&c2, scale, offset);
        }
    }
}

/// The integer cloud in `f64` with some of its zero coordinates replaced
/// by `±tiny`.
fn nudged<const D: usize>(ints: &[I<D>], rng: &mut Rng, tiny: f64) -> Vec<Vector<f64, D>> {
    ints.iter()
        .map(|p| {
            Vector::<f64, D>::from_fn(|i, _| match p[i] {
                0 if rng.chance(0.5) => {
                    if rng.chance(0.5) {
                        tiny
                    } else {
                        -tiny
                    }
                }
                x => x as f64,
            })
        })
        .collect()
}

/// Budget: none (identical output). A coordinate below `2⁻²⁵⁰` of the
/// largest counts as zero everywhere in the builder, its sort included: zero
/// coordinates of integer clouds nudged to `±2⁻²⁶⁰ · largest` (and to the
/// smallest subnormal) give exactly the hull of the cloud itself, the same
/// vertices in the same order and the same facets. A sort that saw the raw
/// coordinates ordered `(−2⁻²⁶⁰, 9)` before `(0, 0)`, and the planar chain
/// then lost a vertex.
#[test]
fn coordinates_below_the_flush_build_the_hull_of_zeros() {
    let mut rng = Rng::new(31);
    let (mut compared, mut nudges) = (0, 0);
    for round in 0..400 {
        let c2: Vec<I<2>> = cloud(&mut rng, if round % 4 == 0 { 40 } else { 10 });
        let c3: Vec<I<3>> = cloud(&mut rng, if round % 4 == 0 { 40 } else { 10 });
        let largest2 = c2.iter().flatten().fold(0, |m, x| m.max(x.abs())) as f64;
        let largest3 = c3.iter().flatten().fold(0, |m, x| m.max(x.abs())) as f64;
        for tiny in [2f64.powi(-260), f64::from_bits(1)] {
            let (p2, q2) = (
                ints_as::<f64, 2>(&c2, 1.0, 0.0),
                nudged(&c2, &mut rng, tiny * largest2.max(1.0)),
            );
            let (p3, q3) = (
                ints_as::<f64, 3>(&c3, 1.0, 0.0),
                nudged(&c3, &mut rng, tiny * largest3.max(1.0)),
            );
            nudges += usize::from(p2 != q2) + usize::from(p3 != q3);
            assert_eq!(build2(&q2), build2(&p2), "{q2:?}");
            assert_eq!(build3(&q3), build3(&p3), "{q3:?}");
            compared += 2;
        }
    }
    assert!(
        nudges > compared / 2,
        "{nudges} of {compared} clouds nudged"
    );
}

/// Budget: support values equal exactly for integer directions, within
/// `CLIMB_ULPS` otherwise. `Climbing` on built facets of integer
/// clouds (with plateaus of tied points) against a scan of all points.
#[test]
fn climbing_on_built_facets_matches_scan_on_integer_clouds() {
    let mut rng = Rng::new(5);
    for _ in 0..100 {
        let c3: Vec<I<3>> = cloud(&mut rng, 40);
        if let Ok((_, f)) = build3(&ints_as::<f64, 3>(&c3, 1.0, 0.0)) {
            check_supports(&ints_as::<f64, 3>(&c3, 1.0, 0.0), &f, 40, true);
            check_supports(&ints_as::<f32, 3>(&c3, 1.0, 0.0), &f, 40, true);
        }
        let c2: Vec<I<2>> = cloud(&mut rng, 40);
        if let Ok((_, f)) = build2(&ints_as::<f64, 2>(&c2, 1.0, 0.0)) {
            check_supports(&ints_as::<f64, 2>(&c2, 1.0, 0.0), &f, 40, true);
            check_supports(&ints_as::<f32, 2>(&c2, 1.0, 0.0), &f, 40, true);
        }
    }
}
// ---------------------------------------------------------------------------
// Degenerate and invalid input
// ---------------------------------------------------------------------------

/// Budget: none (error values). Empty, single point, two points, repeated
/// points, collinear sets (and coplanar sets in 3D) give `Empty` or
/// `Degenerate`, in both precisions, including far from the origin.
#[test]
fn degenerate_sets_are_errors() {
    let o = 1e6;
    let v3 = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x + o, y - o, z + o);
    let v2 = |x: f64, y: f64| Vector::<f64, 2>::new(x + o, y - o);
    assert_eq!(build3::<f64>(&[]), Err(ShapeError::Empty));
    assert_eq!(build2::<f32>(&[]), Err(ShapeError::Empty));
    let flat3: [Vec<Vector<f64, 3>>; 5] = [
        vec![v3(1.0, 2.0, 3.0)],
        vec![v3(1.0, 2.0, 3.0), v3(0.0, 0.0, 1.0)],
        vec![v3(1.0, 2.0, 3.0); 50],
        (0..40)
            .map(|i| v3(f64::from(i), 2.0 * f64::from(i), -f64::from(i)))
            .collect(),
        // A plane through the corners of a tilted grid, with repeats.
        (0..100)
            .map(|i| {
                let (a, b) = (f64::from(i % 10), f64::from(i / 10 % 7));
                v3(a, b, a + 2.0 * b)
            })
            .collect(),
    ];
    for set in &flat3 {
        assert_eq!(build3(set), Err(ShapeError::Degenerate), "{set:?}");
        let f32s: Vec<Vector<f32, 3>> = set.iter().map(|p| p.map(|x| x as f32)).collect();
        assert_eq!(build3(&f32s), Err(ShapeError::Degenerate));
    }
    let flat2: [Vec<Vector<f64, 2>>; 4] = [
        vec![v2(1.0, 2.0)],
        vec![v2(1.0, 2.0), v2(3.0, 3.0)],
        vec![v2(1.0, 2.0); 9],
        (0..40)
            .map(|i| v2(f64::from(i % 7), 3.0 * f64::from(i % 7)))
            .collect(),
    ];
    for set in &flat2 {
        assert_eq!(build2(set), Err(ShapeError::Degenerate), "{set:?}");
        let f32s: Vec<Vector<f32, 2>> = set.iter().map(|p| p.map(|x| x as f32)).collect();
        assert_eq!(build2(&f32s), Err(ShapeError::Degenerate));
    }
}

/// Budget: none (error values). NaN and infinite coordinates give
/// `NonFinite`; storage one entry short (each of the three slices) gives
/// `StorageTooSmall`; exactly the sizes asked for succeed.
#[test]
fn invalid_input_and_short_storage() {
    let mut pts: Vec<Vector<f64, 3>> = (0..8)
        .map(|i| {
            Vector::<f64, 3>::new(f64::from(i & 1), f64::from((i >> 1) & 1), f64::from(i >> 2))
        })
        .collect();
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let mut p = pts.clone();
        p[5].y = bad;
        assert_eq!(build3(&p), Err(ShapeError::NonFinite));
        let q: Vec<Vector<f64, 2>> = p.iter().map(|p| p.xy()).collect();
        assert_eq!(build2(&q), Err(ShapeError::NonFinite));
    }
    pts.push(Vector::<f64, 3>::new(0.5, 0.5, 0.5));
    let n = pts.len();
    let sizes = [
        Built::<3>::vertices_needed(n),
        Built::<3>::facets_needed(n),
        Built::<3>::work_needed(n),
    ];
    for short in 0..4 {
        let len = |k: usize| sizes[k] - usize::from(short == k);
        let (mut v, mut f, mut w) = (vec![0; len(0)], vec![[0; 3]; len(1)], vec![0; len(2)]);
        let r = Built::<3>::build(&pts, &mut v, &mut f, &mut w).map(|h| h.vertices().len());
        assert_eq!(
            r,
            if short == 3 {
                Ok(8)
            } else {
                Err(ShapeError::StorageTooSmall)
            }
        );
    }
    let q: Vec<Vector<f32, 2>> = pts.iter().map(|p| p.xy().map(|x| x as f32)).collect();
    let sizes = [
        Built::<2>::vertices_needed(n),
        Built::<2>::facets_needed(n),
        Built::<2>::work_needed(n),
    ];
    for short in 0..4 {
        let len = |k: usize| sizes[k] - usize::from(short == k);
        let (mut v, mut f, mut w) = (vec![0; len(0)], vec![[0; 2]; len(1)], vec![0; len(2)]);
        let r = Built::<2>::build(&q, &mut v, &mut f, &mut w).map(|h| h.vertices().len());
        assert_eq!(
            r,
            if short == 3 {
                Ok(4)
            } else {
                Err(ShapeError::StorageTooSmall)
            }
        );
    }
}

/// Budget: none (exact). A cube whose corners are each given five times,
/// with points on its edges, faces and inside: 8 vertices (one index per
/// corner), 12 triangles, in both precisions and in 2D (a square).
#[test]
fn duplicates_and_boundary_points() {
    let mut ints: Vec<I<3>> = Vec::new();
    for _ in 0..5 {
        for i in 0..8 {
            ints.push([4 * (i & 1), 4 * ((i >> 1) & 1), 4 * (i >> 2)]);
        }
    }
    for x in 0..=4 {
        for y in 0..=4 {
            ints.push([x, y, 0]);
            ints.push([x, 4, y]);
            ints.push([2, x, y]);
        }
    }
    for offset in [0.0, 1e6] {
        for hull in [
            build3(&ints_as::<f64, 3>(&ints, 1.0, offset)),
            build3(&ints_as::<f32, 3>(&ints, 1.0, offset)),
        ] {
            let hull = hull.unwrap();
            assert_eq!((hull.0.len(), hull.1.len()), (8, 12));
            check_exact3(&ints, &hull, false);
        }
    }
    let ints2: Vec<I<2>> = ints.iter().map(|p| [p[0], p[1]]).collect();
    let hull = build2(&ints_as::<f32, 2>(&ints2, 1.0, 1e6)).unwrap();
    assert_eq!(hull.0.len(), 4);
    check_exact2(&ints2, &hull, false);
}

// ---------------------------------------------------------------------------
// Floating-point point sets
// ---------------------------------------------------------------------------

/// `n` points on a sphere (circle) of radius `r` about `c`, and `m` inside,
/// at most half the radius from the centre.
fn ball_cloud<T: TestReal, const D: usize>(
    n: usize,
    m: usize,
    r: f64,
    c: f64,
    seed: u64,
) -> Vec<Vector<T, D>> {
    let mut rng = Rng::new(seed);
    (0..n + m)
        .map(|i| {
            let s = if i < n { r } else { 0.5 * r * rng.unit() };
            (support::unit_vector::<D>(&mut rng) * s)
                .add_scalar(c)
                .map(T::of_f64)
        })
        .collect()
}

/// Budget: `PLANE_ULPS` (facet planes, all points, 64 sampled facets) and
/// `CLIMB_ULPS` (supports). 10⁵ points on a unit sphere plus 10⁴ inside
/// (5·10³ and 500 without `GJK_FULL_SWEEPS=1`), in both precisions: closed
/// surface, no interior point a vertex, every sphere point a vertex (the
/// rounded points stay in convex position: their spacing is far above the
/// rounding), supports equal to a scan.
#[test]
fn sphere_of_many_points_with_interior() {
    fn run<T: TestReal>() {
        let n = support::sweep_size(100_000, 5_000);
        let m = n / 10;
        let pts = ball_cloud::<T, 3>(n, m, 1.0, 0.0, 7);
        let start = std::time::Instant::now();
        let hull = build3(&pts).unwrap();
        eprintln!(
            "{}: hull of {} points in {:?}",
            T::NAME,
            n + m,
            start.elapsed()
        );
        assert!(
            hull.0.iter().all(|&v| (v as usize) < n),
            "an interior point is a vertex"
        );
        assert_eq!(hull.0.len(), n);
        check_float3(&pts, &hull, 64);
        check_supports(&pts, &hull.1, 200, false);
    }
    run::<f64>();
    run::<f32>();
}

/// Budget: as above. 2D: 10⁵ points on a circle plus 10⁴ inside (10⁴ and
/// 10³ without `GJK_FULL_SWEEPS=1`).
#[test]
fn circle_of_many_points_with_interior() {
    fn run<T: TestReal>() {
        let n = support::sweep_size(100_000, 10_000);
        let m = n / 10;
        let pts = ball_cloud::<T, 2>(n, m, 1.0, 0.0, 8);
        let hull = build2(&pts).unwrap();
        oracle::check_cycle(&hull.0, &hull.1).unwrap();
        assert!(
            hull.0.iter().all(|&v| (v as usize) < n),
            "an interior point is a vertex"
        );
        // Consecutive vertices turn left (checked in f64 on exact inputs,
        // within the rounding of the check).
        let p = |i: usize| support::to_f64(&pts[hull.0[i % hull.0.len()] as usize]);
        for i in 0..hull.0.len() {
            let (a, b, c) = (p(i), p(i + 1), p(i + 2));
            let (u, w) = (b - a, c - a);
            assert!(u.x * w.y - u.y * w.x >= -PLANE_ULPS * f64::EPSILON * u.norm() * w.norm());
        }
        check_supports(&pts, &hull.1, 200, false);
    }
    run::<f64>();
    run::<f32>();
}

/// Budget: `PLANE_ULPS` and `CLIMB_ULPS`. Balls of 2000 + 500 points (300 +
/// 75 without `GJK_FULL_SWEEPS=1`; every point is checked against every
/// facet) at scales `1e-6` and `1e6`, centred at the origin and at `1e6`
/// (decimal scales: the points are not exact multiples of anything), both
/// precisions, 3D and 2D.
#[test]
fn scales_and_far_offsets() {
    fn run<T: TestReal>() {
        let n = support::sweep_size(2000, 300);
        let m = n / 4;
        for (r, c) in [(1e-6, 0.0), (1e6, 0.0), (1.0, 1e6), (1e-3, 1e6)] {
            if T::NAME == "f32" && r < 1.0 && c > 0.0 {
                continue; // f32's spacing at 1e6 is 1/16: all one point
            }
            let pts = ball_cloud::<T, 3>(n, m, r, c, 9);
            let hull = build3(&pts).unwrap_or_else(|e| panic!("{e:?} at r = {r}, c = {c}"));
            check_float3(&pts, &hull, usize::MAX);
            check_supports(&pts, &hull.1, 100, false);
            let pts = ball_cloud::<T, 2>(n, m, r, c, 10);
            let hull = build2(&pts).unwrap();
            oracle::check_cycle(&hull.0, &hull.1).unwrap();
            check_supports(&pts, &hull.1, 100, false);
        }
    }
    run::<f64>();
    run::<f32>();
}

/// Budget: `PLANE_ULPS` (every point, every facet). Near-duplicates: the
/// corners of a cube and of a ball cloud, each with copies moved by about
/// `1e-12` (f64; in f32 the copies round onto the corners or one ulp
/// away), far from the origin too. Surface closed, every point below every
/// facet, every listed vertex at a distinct position.
#[test]
fn near_duplicates() {
    let mut rng = Rng::new(11);
    for c in [0.0, 1e6] {
        let mut base: Vec<Vector<f64, 3>> = ball_cloud::<f64, 3>(200, 50, 1.0, c, 12);
        for i in 0..8 {
            base.push(
                Vector::<f64, 3>::new(f64::from(i & 1), f64::from((i >> 1) & 1), f64::from(i >> 2))
                    .add_scalar(c),
            );
        }
        let mut pts = base.clone();
        for p in &base {
            for _ in 0..3 {
                pts.push(p + support::unit_vector::<3>(&mut rng) * 1e-12 * (1.0 + c));
            }
        }
        let hull = build3(&pts).unwrap();
        check_float3(&pts, &hull, usize::MAX);
        check_supports(&pts, &hull.1, 100, false);
        let f32s: Vec<Vector<f32, 3>> = pts.iter().map(|p| p.map(|x| x as f32)).collect();
        let hull = build3(&f32s).unwrap();
        check_float3(&f32s, &hull, usize::MAX);
        let distinct: BTreeSet<[u32; 3]> = hull
            .0
            .iter()
            .map(|&v| f32s[v as usize].map(f32::to_bits).into())
            .collect();
        assert_eq!(distinct.len(), hull.0.len());
    }
}

/// Budget: `1e-12` relative on the distance. A built hull, handed to
/// `Climbing`, gives the same GJK distance as the exact answer for a
/// cube with interior and boundary points.
#[test]
fn built_hull_in_a_distance_query() {
    let mut pts: Vec<Vector<f64, 3>> = ball_cloud::<f64, 3>(0, 300, 1.0, 0.0, 13);
    for i in 0..8 {
        pts.push(
            Vector::<f64, 3>::new(f64::from(i & 1), f64::from((i >> 1) & 1), f64::from(i >> 2))
                .add_scalar(-0.5),
        );
    }
    let (_, facets) = build3(&pts).unwrap();
    let n = pts.len();
    let mut offsets = vec![0; Climbing::<f64, 3>::offsets_needed(n)];
    let mut nb = vec![0; Climbing::<f64, 3>::neighbours_needed(facets.len())];
    let cube = Climbing::new(&pts, &facets, &mut offsets, &mut nb).unwrap();
    let ball = Ball::new(Vector::<f64, 3>::new(2.5, 0.0, 0.0), 1.0).unwrap();
    let d = distance(&cube, &ball, &Config::default()).unwrap();
    assert!((d.distance - 1.0).abs() < 1e-12, "{}", d.distance);
}

/// A point `2.9e-317` off a line of points `0.37` long: the exact
/// orientation's product (`2.9e-317 × 4.3e-11`) underflows, and the hull
/// came out as a triangle missing the line's top end (a fuzzed input).
/// Coordinates below `2⁻²⁵⁰` of the largest count as zero: these points
/// are one line, which bounds no area.
#[test]
fn a_coordinate_too_small_for_the_predicates_counts_as_zero() {
    let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    let points = [
        v(0.0, 0.0),
        v(0.0, -0.3700787401574803),
        v(0.0, 4.251968503937008e-11),
        v(0.0, -0.3700787401574803),
        v(2.946518e-317, 0.0),
    ];
    let mut indices = vec![0; gjk::Hull::<f64, 2>::indices_needed(points.len())];
    let mut facets = vec![[0; 2]; gjk::Hull::<f64, 2>::facets_needed(points.len())];
    let built = gjk::Hull::<f64, 2>::new(&points, &mut indices, &mut facets);
    assert_eq!(built.err(), Some(ShapeError::Degenerate));
    // Off the line by a coordinate the predicates resolve, the point is a
    // vertex, and so is the line's top end.
    let mut wider = points;
    wider[4] = v(1e-70, 0.0);
    let hull = gjk::Hull::<f64, 2>::new(&wider, &mut indices, &mut facets).unwrap();
    let mut got: Vec<(f64, f64)> = hull
        .vertices()
        .iter()
        .map(|&i| (wider[i as usize].x, wider[i as usize].y))
        .collect();
    got.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let want = vec![
        (0.0, -0.3700787401574803),
        (0.0, 4.251968503937008e-11),
        (1e-70, 0.0),
    ];
    assert_eq!(got, want);
}

/// The points are sorted as the predicates see them: here a coordinate
/// `-5e-79` next to `96` counts as zero, so the line's top end sorts after
/// its bottom `(0, 0)`. Sorted by the raw `-5e-79` instead, the monotone
/// chain started from the top end and lost `(0, 0)` (a fuzzed input, where
/// `distance` then answered a wrong `Converged`).
#[test]
fn points_sort_as_the_predicates_see_them() {
    let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    let points = [
        v(6.377952755905512e-14, 0.6377952755906149),
        v(-5.344687647454282e-79, 96.00390625),
        v(0.0, 0.6377952755906149),
        v(0.0, 0.4015748031496063),
        v(0.0, 0.0),
    ];
    let mut indices = vec![0; gjk::Hull::<f64, 2>::indices_needed(points.len())];
    let mut facets = vec![[0; 2]; gjk::Hull::<f64, 2>::facets_needed(points.len())];
    let hull = gjk::Hull::<f64, 2>::new(&points, &mut indices, &mut facets).unwrap();
    assert_eq!(hull.vertices(), [4, 0, 1]);
}
