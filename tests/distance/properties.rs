//! Property tests of the GJK queries and the bare simplex against an
//! independent brute-force oracle (`tests/support`), in D = 2, 3, 4 for `f32`
//! and `f64`. Each property is written once, generic over the scalar and the
//! dimension, and instantiated for every combination.
//!
//! The `f32` queries run on `f32` inputs; the oracle runs in `f64` on exactly
//! the same (rounded) values, so the comparison measures the kernel alone.
//!
//! `cargo test --test suite distance::properties -- --nocapture` prints the
//! worst errors of the deterministic sweeps. `GJK_QC_SEED=<n>` changes
//! quickcheck's fixed seed; the properties run `TESTS` cases and the sweeps
//! `SWEEP_CASES` under `GJK_FULL_SWEEPS=1` (as in CI), `QUICK_TESTS` and the
//! first `QUICK_SWEEP_CASES` otherwise.

use crate::support;

use gjk::nalgebra::SMatrix;
use gjk::{
    distance, hull::Scanned, intersects, Ball, Capsule, Config, Distance, Rounded, Simplex,
    SupportMap, SupportPoint, Transformed, Vector,
};
use quickcheck::{Gen, QuickCheck, Testable};
use support::*;

/// Relative part of the distance budget, in units of the scalar's epsilon:
/// the final `‖v‖`, its square root and the subtraction of the radii each
/// round once relative to the distance itself. (The default GJK tolerance
/// allows more in principle, but polytope queries stop on an exactly
/// repeated support point, well before it matters.)
const REL_ULPS: f64 = 16.0;

/// Absolute part of the distance budget, in units of epsilon times the
/// coordinate scale `L` (largest absolute input coordinate). Every support
/// point difference carries about `ε·L` of rounding, and Johnson's
/// sub-algorithm combines at most `D + 1 ≤ 5` of them through a small
/// Gram-matrix solve: a few tens of `ε·L` at most in D ≤ 4. The distance is
/// 1-Lipschitz in the coordinates, so this is also what the rounding of the
/// inputs alone would cost.
const ABS_ULPS: f64 = 64.0;

/// Passing cases per property and (scalar, dimension) under
/// `GJK_FULL_SWEEPS=1`: 2 to 5 s per instantiation in the unoptimised test
/// profile, most of it in the brute-force oracle.
const TESTS: u64 = 150;

/// Passing cases per property by default (`support::full_sweeps`).
const QUICK_TESTS: u64 = 50;

/// Cases per (scalar, dimension) in the deterministic sweeps, under
/// `GJK_FULL_SWEEPS=1`: the brute-force oracle tries every subset of up to
/// `D + 1` of the `n·m` vertex differences, over a minute per sweep in D = 3
/// and 4 on the unoptimised test profile.
const SWEEP_CASES: usize = 4000;

/// The first cases of each sweep, the default (`support::full_sweeps`).
const QUICK_SWEEP_CASES: usize = 100;

/// quickcheck's size parameter (unused by our generators, which bound
/// themselves, but required by `Gen`).
const GEN_SIZE: usize = 16;

/// Fixed quickcheck seed, so that failures reproduce.
const SEED: u64 = 0x5eed_0006_1c0f_fee5;

type Outcome = Result<(), String>;

/// The budget on a distance `d` between shapes of coordinate scale `scale`.
fn budget<T: TestReal>(d: f64, scale: f64) -> f64 {
    T::eps() * (REL_ULPS * d.abs() + ABS_ULPS * scale)
}

fn ensure(ok: bool, msg: impl FnOnce() -> String) -> Outcome {
    if ok {
        Ok(())
    } else {
        Err(msg())
    }
}

fn run<T: TestReal, const D: usize, A: Testable>(prop: A) {
    let seed = std::env::var("GJK_QC_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SEED)
        ^ ((D as u64) << 32)
        ^ T::eps().to_bits();
    let tests = if full_sweeps() { TESTS } else { QUICK_TESTS };
    QuickCheck::new()
        .rng(Gen::from_size_and_seed(GEN_SIZE, seed))
        .tests(tests)
        .max_tests(tests * 4)
        .quickcheck(prop);
}

/// The two hulls of a case at precision `T` (and their exact `f64` values).
/// A hull over borrowed points.
type Hull<'a, T, const D: usize> = Scanned<&'a [Vector<T, D>], T, D>;

struct Hulls<T: TestReal, const D: usize> {
    a: Vec<P<D>>,
    b: Vec<P<D>>,
    at: Vec<Vector<T, D>>,
    bt: Vec<Vector<T, D>>,
    scale: f64,
}

impl<T: TestReal, const D: usize> Hulls<T, D> {
    fn new(case: &HullPair<D>) -> Self {
        let a = rounded_to::<T, D>(&case.a);
        let b = rounded_to::<T, D>(&case.b);
        let scale = scale_of(&[&a, &b]);
        Self {
            at: points_t(&a),
            bt: points_t(&b),
            a,
            b,
            scale,
        }
    }

    fn shapes(&self) -> (Hull<'_, T, D>, Hull<'_, T, D>) {
        (
            Scanned::new(&self.at[..]).expect("finite points"),
            Scanned::new(&self.bt[..]).expect("finite points"),
        )
    }
}

fn query<T: TestReal, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
) -> Result<Distance<T, D>, String> {
    distance(a, b, &Config::default()).map_err(|e| format!("distance failed: {e}"))
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

/// The distance between two hulls agrees with the oracle, the answer carries
/// a valid optimality certificate, and the witnesses lie in their hulls.
fn prop_distance<T: TestReal, const D: usize>(case: HullPair<D>) -> Outcome {
    let h = Hulls::<T, D>::new(&case);
    let (sa, sb) = h.shapes();
    let d = query(&sa, &sb)?;
    let oracle = hull_distance(&h.a, &h.b);
    let got = d.distance.as_f64();
    let tol = budget::<T>(oracle.distance, h.scale);
    ensure((got - oracle.distance).abs() <= tol, || {
        format!(
            "distance {got:e}, oracle {:e} (budget {tol:e}, status {:?})",
            oracle.distance, d.status
        )
    })?;
    check_certificate(&sa, &sb, &d, tol, h.scale)?;
    let (off_a, off_b) = (
        point_to_hull(&to_f64(&d.point_a), &h.a),
        point_to_hull(&to_f64(&d.point_b), &h.b),
    );
    ensure(off_a <= tol && off_b <= tol, || {
        format!("witnesses outside their hulls by {off_a:e} and {off_b:e} (budget {tol:e})")
    })
}

/// `intersects` says yes exactly when `distance` is zero, except within the
/// budget of contact, and never when the oracle proves a gap.
fn prop_intersects<T: TestReal, const D: usize>(case: HullPair<D>) -> Outcome {
    let h = Hulls::<T, D>::new(&case);
    let (sa, sb) = h.shapes();
    let hit =
        intersects(&sa, &sb, &Config::default()).map_err(|e| format!("intersects failed: {e}"))?;
    let d = query(&sa, &sb)?;
    let oracle = hull_distance(&h.a, &h.b).distance;
    let tol = budget::<T>(oracle, h.scale);
    if oracle <= tol {
        return Ok(()); // touching: either answer is acceptable
    }
    ensure(!hit && d.distance > T::zero(), || {
        format!(
            "oracle distance {oracle:e} > budget {tol:e}, but intersects = {hit}, distance = {:e}",
            d.distance.as_f64()
        )
    })
}

/// Swapping the shapes gives the same distance, the opposite normal and the
/// witness points exchanged.
fn prop_swap<T: TestReal, const D: usize>(case: HullPair<D>) -> Outcome {
    let h = Hulls::<T, D>::new(&case);
    let (sa, sb) = h.shapes();
    let ab = query(&sa, &sb)?;
    let ba = query(&sb, &sa)?;
    let (x, y) = (ab.distance.as_f64(), ba.distance.as_f64());
    let tol = budget::<T>(x, h.scale);
    ensure((x - y).abs() <= tol, || {
        format!("d(A, B) = {x:e} but d(B, A) = {y:e} (budget {tol:e})")
    })?;
    check_certificate(&sb, &sa, &ba, tol, h.scale)?;
    match (ab.normal, ba.normal) {
        (Some(n), Some(m)) => {
            // The closest pair is unique for separated generic hulls; its
            // direction is known to `tol / distance`.
            let angle = (tol / x.max(f64::MIN_POSITIVE)).min(2.0);
            let flip = (to_f64(&n) + to_f64(&m)).norm();
            ensure(flip <= 2.0 * angle + 1e-6, || {
                format!("normals {n:?} and {m:?} are not opposite")
            })?;
            let witness_tol = tol + 2.0 * h.scale * angle;
            let da = (to_f64(&ab.point_a) - to_f64(&ba.point_b)).norm();
            let db = (to_f64(&ab.point_b) - to_f64(&ba.point_a)).norm();
            ensure(da <= witness_tol && db <= witness_tol, || {
                format!(
                    "witnesses not exchanged: differ by {da:e} and {db:e} (tol {witness_tol:e})"
                )
            })
        }
        (None, None) => Ok(()), // overlap: any common point is a witness
        _ => ensure(x <= tol, || {
            format!("only one order found a normal at distance {x:e}")
        }),
    }
}

/// A common rigid motion of both shapes leaves the distance unchanged.
fn prop_motion<T: TestReal, const D: usize>(case: HullPair<D>, motion: Motion<D>) -> Outcome {
    let h = Hulls::<T, D>::new(&case);
    let (sa, sb) = h.shapes();
    let before = query(&sa, &sb)?.distance.as_f64();
    let rot: SMatrix<T, D, D> = motion.rotation.map(T::of_f64);
    let shift = to_t::<T, D>(&motion.translation);
    let ma = Transformed::new(sa, rot, shift).map_err(|e| format!("{e}"))?;
    let mb = Transformed::new(sb, rot, shift).map_err(|e| format!("{e}"))?;
    let moved = query(&ma, &mb)?;
    let after = moved.distance.as_f64();
    let world: Vec<P<D>> = h.a.iter().chain(&h.b).map(|p| motion.apply(p)).collect();
    let moved_scale = scale_of(&[&world]);
    let tol = budget::<T>(before, h.scale) + budget::<T>(before, moved_scale);
    ensure((before - after).abs() <= tol, || {
        format!("distance {before:e} became {after:e} after the motion (budget {tol:e})")
    })?;
    check_certificate(&ma, &mb, &moved, tol, moved_scale)
}

/// Balls, capsules and rounded hulls: the distance is the core distance (by
/// the oracle) minus the radii, clamped at zero.
fn prop_margins<T: TestReal, const D: usize>(case: HullPair<D>, radii: Radii) -> Outcome {
    let h = Hulls::<T, D>::new(&case);
    let (ra_t, rb_t) = (T::of_f64(radii.0), T::of_f64(radii.1));
    let (ra, rb) = (ra_t.as_f64(), rb_t.as_f64());
    let scale = h.scale + ra + rb;
    let check = |what: &str, core: f64, d: &Distance<T, D>| {
        let expected = (core - ra - rb).max(0.0);
        let got = d.distance.as_f64();
        let tol = budget::<T>(core, scale);
        ensure((got - expected).abs() <= tol, || {
            format!(
                "{what}: distance {got:e}, expected {expected:e} = core {core:e} - {ra} - {rb} (budget {tol:e})"
            )
        })
        .map(|()| tol)
    };
    let (sa, sb) = h.shapes();

    let (ha, hb) = (
        Rounded::new(sa, ra_t).map_err(|e| format!("{e}"))?,
        Rounded::new(sb, rb_t).map_err(|e| format!("{e}"))?,
    );
    let d = query(&ha, &hb)?;
    let tol = check("rounded hulls", hull_distance(&h.a, &h.b).distance, &d)?;
    check_certificate(&ha, &hb, &d, tol, scale)?;

    let ball = Ball::new(h.at[0], ra_t).map_err(|e| format!("{e}"))?;
    let d = query(&ball, &hb)?;
    let tol = check("ball vs rounded hull", point_to_hull(&h.a[0], &h.b), &d)?;
    check_certificate(&ball, &hb, &d, tol, scale)?;

    let (i, j) = (1.min(h.a.len() - 1), 1.min(h.b.len() - 1));
    let ca = Capsule::new(h.at[0], h.at[i], ra_t).map_err(|e| format!("{e}"))?;
    let cb = Capsule::new(h.bt[0], h.bt[j], rb_t).map_err(|e| format!("{e}"))?;
    let d = query(&ca, &cb)?;
    let core = hull_distance(&[h.a[0], h.a[i]], &[h.b[0], h.b[j]]).distance;
    let tol = check("capsules", core, &d)?;
    check_certificate(&ca, &cb, &d, tol, scale)
}

/// The bare simplex: `closest_point_full` finds the oracle's nearest point of
/// the hull of 1 to `D + 1` pushed points, with valid barycentric weights.
fn prop_simplex<T: TestReal, const D: usize>(case: SimplexCase<D>) -> Outcome {
    let points = rounded_to::<T, D>(&case.points);
    let scale = scale_of(&[&points]);
    let mut s = Simplex::<T, D>::new();
    for p in &points {
        ensure(s.push(SupportPoint::from_point(to_t::<T, D>(p))), || {
            "push refused a vertex".into()
        })?;
    }
    let v = s
        .closest_point_full()
        .ok_or("closest_point_full returned None")?;
    let v = to_f64(&v);
    let oracle = closest_to_origin(&points);
    let tol = budget::<T>(oracle.norm, scale);
    let off = (v - oracle.point).norm();
    ensure(off <= tol, || {
        format!(
            "closest point {:?} (norm {:e}), oracle {:?} (norm {:e}): {off:e} apart (budget {tol:e})",
            v.as_slice(),
            v.norm(),
            oracle.point.as_slice(),
            oracle.norm
        )
    })?;
    let (mut sum, mut rebuilt) = (0.0, P::<D>::zeros());
    for i in 0..s.len() {
        let w = s.weight(i).ok_or("missing weight")?.as_f64();
        let y = to_f64(&s.vertex(i).ok_or("missing vertex")?.w);
        ensure(w >= 0.0, || format!("negative weight {w:e}"))?;
        sum += w;
        rebuilt += y * w;
    }
    ensure((sum - 1.0).abs() <= 64.0 * T::eps(), || {
        format!("weights sum to {sum}")
    })?;
    let gap = (rebuilt - v).norm();
    ensure(gap <= tol, || {
        format!("weights rebuild a point {gap:e} away from the closest point")
    })
}

// ---------------------------------------------------------------------------
// Instantiation for f32 / f64 × D = 2, 3, 4
// ---------------------------------------------------------------------------

fn check_distance<T: TestReal, const D: usize>() {
    run::<T, D, _>(prop_distance::<T, D> as fn(HullPair<D>) -> Outcome);
}

fn check_intersects<T: TestReal, const D: usize>() {
    run::<T, D, _>(prop_intersects::<T, D> as fn(HullPair<D>) -> Outcome);
}

fn check_swap<T: TestReal, const D: usize>() {
    run::<T, D, _>(prop_swap::<T, D> as fn(HullPair<D>) -> Outcome);
}

fn check_motion<T: TestReal, const D: usize>() {
    run::<T, D, _>(prop_motion::<T, D> as fn(HullPair<D>, Motion<D>) -> Outcome);
}

fn check_margins<T: TestReal, const D: usize>() {
    run::<T, D, _>(prop_margins::<T, D> as fn(HullPair<D>, Radii) -> Outcome);
}

fn check_simplex<T: TestReal, const D: usize>() {
    run::<T, D, _>(prop_simplex::<T, D> as fn(SimplexCase<D>) -> Outcome);
}

macro_rules! instantiate {
    ($($name:ident => $check:ident;)*) => {$(
        mod $name {
            #[test]
            fn f32_d2() {
                super::$check::<f32, 2>();
            }
            #[test]
            fn f32_d3() {
                super::$check::<f32, 3>();
            }
            #[test]
            fn f32_d4() {
                super::$check::<f32, 4>();
            }
            #[test]
            fn f64_d2() {
                super::$check::<f64, 2>();
            }
            #[test]
            fn f64_d3() {
                super::$check::<f64, 3>();
            }
            #[test]
            fn f64_d4() {
                super::$check::<f64, 4>();
            }
        }
    )*};
}

instantiate! {
    distance_matches_oracle => check_distance;
    intersects_agrees_with_distance => check_intersects;
    swapping_shapes_mirrors_answer => check_swap;
    rigid_motion_keeps_distance => check_motion;
    margins_subtract_from_core_distance => check_margins;
    simplex_closest_point_matches_oracle => check_simplex;
    sweep_worst_error => sweep;
}

/// A thin but valid 4-simplex that contains the origin (found by the sweep):
/// its smallest edge-Gram eigenvalue is 1.2e-5 of 8.3, an edge at about 1e-3
/// rad from the span of the others, far above `f32` rounding.
const THIN_4_SIMPLEX: [[f64; 4]; 5] = [
    [
        -0.3492705821990967,
        0.18414071202278137,
        0.7928547859191895,
        -0.025328874588012695,
    ],
    [
        0.3700108230113983,
        -0.35549378395080566,
        -0.9822090864181519,
        0.2771573066711426,
    ],
    [
        0.07648134231567383,
        0.16119229793548584,
        0.0010118484497070313,
        -0.3124661445617676,
    ],
    [
        0.015567481517791748,
        0.0002588927745819092,
        -0.6117285490036011,
        0.5666379928588867,
    ],
    [
        0.6561264991760254,
        -1.5602900981903076,
        0.5257363319396973,
        -1.0305118560791016,
    ],
];

/// Two triangles in 4D that share a point; GJK meets the simplex above.
const CROSSING_TRIANGLES: [[[f64; 4]; 3]; 2] = [
    [
        [
            -0.9485429525375366,
            1.6870025396347046,
            -2.8316025733947754,
            -2.808527708053589,
        ],
        [
            -0.36889776587486267,
            -0.03447987139225006,
            -2.306878089904785,
            -3.526573419570923,
        ],
        [
            -0.7233411073684692,
            0.3212728202342987,
            -1.9363975524902344,
            -3.2370927333831787,
        ],
    ],
    [
        [
            -1.0250242948532104,
            1.5258102416992188,
            -2.8326144218444824,
            -2.4960615634918213,
        ],
        [
            -0.738908588886261,
            0.3210139274597168,
            -1.3246690034866333,
            -3.8037307262420654,
        ],
        [
            -0.37407052516937256,
            0.13713210821151733,
            -2.729252338409424,
            -3.211763858795166,
        ],
    ],
];

fn thin_simplex_case<T: TestReal>() {
    let points = THIN_4_SIMPLEX.iter().map(|p| P::<4>::from(*p)).collect();
    prop_simplex::<T, 4>(SimplexCase { points }).unwrap();
}

fn crossing_triangles_case<T: TestReal>() {
    let [a, b] = CROSSING_TRIANGLES.map(|t| t.iter().map(|p| P::<4>::from(*p)).collect());
    prop_distance::<T, 4>(HullPair {
        a,
        b,
        contact: Contact::Overlapping,
    })
    .unwrap();
}

#[test]
fn thin_simplex_f32() {
    thin_simplex_case::<f32>();
}

#[test]
fn thin_simplex_f64() {
    thin_simplex_case::<f64>();
}

#[test]
fn crossing_triangles_f32() {
    crossing_triangles_case::<f32>();
}

#[test]
fn crossing_triangles_f64() {
    crossing_triangles_case::<f64>();
}

// ---------------------------------------------------------------------------
// Deterministic sweep
// ---------------------------------------------------------------------------

/// Runs `SWEEP_CASES` seeded random hull pairs (`QUICK_SWEEP_CASES` without
/// `GJK_FULL_SWEEPS=1`), prints the worst distance errors against the
/// oracle, and asserts every case within the budget.
fn sweep<T: TestReal, const D: usize>() {
    let cases = sweep_size(SWEEP_CASES, QUICK_SWEEP_CASES);
    let mut rng = Rng::new(0xdeca_fbad ^ ((D as u64) << 40) ^ T::eps().to_bits());
    let mut worst_scaled = 0.0f64; // |error| / (ε·L)
    let mut worst_rel = 0.0f64; // |error| / (ε·d), separated cases only
    let mut max_iterations = 0;
    let mut over: Vec<String> = Vec::new();
    for _ in 0..cases {
        let case = HullPair::<D>::random(&mut rng, max_points(D));
        let h = Hulls::<T, D>::new(&case);
        let (sa, sb) = h.shapes();
        let d = distance(&sa, &sb, &Config::default()).expect("finite input");
        let oracle = hull_distance(&h.a, &h.b).distance;
        let err = (d.distance.as_f64() - oracle).abs();
        worst_scaled = worst_scaled.max(err / (T::eps() * h.scale));
        // Relative error is meaningful once the distance is not tiny next to
        // the coordinates (below that the absolute budget rules).
        if oracle > 1e-3 * h.scale {
            worst_rel = worst_rel.max(err / (T::eps() * oracle));
        }
        max_iterations = max_iterations.max(d.iterations);
        if err > budget::<T>(oracle, h.scale) {
            over.push(format!(
                "distance {:e}, oracle {oracle:e}, status {:?}, contact {:?}\n  a = {:?}\n  b = {:?}",
                d.distance.as_f64(),
                d.status,
                case.contact,
                h.a.iter().map(|p| p.as_slice().to_vec()).collect::<Vec<_>>(),
                h.b.iter().map(|p| p.as_slice().to_vec()).collect::<Vec<_>>(),
            ));
        }
    }
    println!(
        "sweep {} D={D}: {cases} cases, worst |error| = {worst_scaled:.2} ε·L \
         (budget {ABS_ULPS} ε·L + {REL_ULPS} ε·d), worst relative error (d > 1e-3·L) = \
         {worst_rel:.2} ε, max iterations {max_iterations}, {} over budget",
        T::NAME,
        over.len()
    );
    assert!(
        over.is_empty(),
        "{} of {cases} cases over budget ({} D={D}); first:\n{}",
        over.len(),
        T::NAME,
        over[0]
    );
}
