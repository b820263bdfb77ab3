//! Ray casts and linear shape casts: analytic cases in D = 2, 3, 4 for
//! `f32` and `f64`, a property against an independent oracle (bisection on
//! `gjk::distance`), scale and translation tests, and bad input.
//!
//! Budgets are in units of `T::EPSILON` times the coordinate scale of the
//! scene (the largest coordinate involved), stated by each constant; a `t`
//! is held through the length `|Δt| · |direction|` it moves the ray point.

use crate::support;
use crate::support::scene;

use core::fmt::Debug;
use gjk::nalgebra::Vector3 as V3;
use gjk::{
    distance, hull::Scanned, ray_cast, shape_cast, shape_cast_with_separation, Ball, Capsule,
    Certified, Config, Cuboid, Error, Real, Rounded, Status, Transformed, Vector,
};
use quickcheck::QuickCheck;
use scene::{axis, lit, ones};
use support::{assert_ordered, holds, point_set, to_t, unit_vector, Rng, Source, TestReal, P};

/// Closed-form casts (a ball, two balls): one sphere intersection. Held
/// in `f64` to 2 ulps of the scale; 4 leaves room for `f32`'s square root
/// of a cancelled discriminant.
const CLOSED_ULPS: f64 = 4.0;
/// Casts through the loop onto flat faces, edges and vertices (boxes,
/// hulls) and onto the round parts of capsules and rounded boxes (Newton
/// steps to the rounding allowance, `ROUNDING_FLOOR` = 8 ulps of scale).
const LOOP_ULPS: f64 = 16.0;
/// Normals: a unit vector from the closest point or a support plane (32:
/// a face normal in `D = 4`, `f32`, off by 21 ulps after a stall).
const NORMAL_ULPS: f64 = 32.0;

/// A hit on a face in `D = 4` can stall at the rounding allowance (Johnson's
/// QR search on a full simplex loses a few more ulps than the allowance):
/// the cast then says so, and its `t` must still meet the budget and lie in
/// its bracket.
#[track_caller]
fn converged_or_stalled<T: Real>(hit: &(impl Certified<T> + Debug), what: &str) {
    let status = hit.status();
    assert!(
        matches!(status, Status::Converged | Status::Stalled),
        "{what}: {status:?}"
    );
    assert_ordered(hit, what);
    if status == Status::Converged {
        assert_eq!(
            hit.value(),
            hit.upper(),
            "{what}: a converged cast's upper bound is its t"
        );
    }
}

fn cfg<T: Real, const D: usize>() -> Config<T, D> {
    Config::default()
}

#[track_caller]
fn close<T: Real>(actual: T, expected: f64, budget: f64, what: &str) {
    let err = (actual.widen() - expected).abs();
    let tol = budget * T::EPSILON.widen();
    assert!(
        err <= tol,
        "{what}: got {actual:?}, expected {expected} (error {err:e} > budget {tol:e}) [T = {}]",
        core::any::type_name::<T>()
    );
}

#[track_caller]
fn close_vec<T: Real, const D: usize>(
    a: &Vector<T, D>,
    e: &Vector<f64, D>,
    budget: f64,
    what: &str,
) {
    for i in 0..D {
        close(a[i], e[i], budget, &format!("{what}[{i}] (D = {D})"));
    }
}

fn wide<T: Real, const D: usize>(v: &Vector<T, D>) -> Vector<f64, D> {
    v.map(|x| x.widen())
}

/// The point with coordinates `xs` (zero beyond them).
fn pt<T: Real, const D: usize>(xs: &[f64]) -> Vector<T, D> {
    Vector::<T, D>::from_fn(|i, _| lit(xs.get(i).copied().unwrap_or(0.0)))
}

// ---------------------------------------------------------------------------
// Rays
// ---------------------------------------------------------------------------

fn ray_ball<T: Real, const D: usize>() {
    let c = pt::<T, D>(&[3.0, 0.5]);
    let ball = Ball::new(c, lit(1.5)).unwrap();
    let (o, d) = (pt::<T, D>(&[-2.0, 1.25]), pt::<T, D>(&[2.0]));
    let hit = ray_cast(&ball, o, d, lit(10.0), &cfg()).unwrap().unwrap();
    // (x − 3)² + 0.75² = 1.5²
    let x = 3.0 - (2.25f64 - 0.5625).sqrt();
    let t = (x + 2.0) / 2.0;
    close(hit.t, t, CLOSED_ULPS * 4.0, "ray–ball t");
    assert_eq!((hit.iterations, hit.status), (0, Status::Converged));
    let n = (P::<D>::from_fn(|i, _| {
        if i == 0 {
            x
        } else if i == 1 {
            1.25
        } else {
            0.0
        }
    }) - wide(&c))
        / 1.5;
    close_vec(&hit.normal.unwrap(), &n, NORMAL_ULPS, "ray–ball normal");
    // Away, beside, and cut short by max_t.
    assert!(ray_cast(&ball, o, -d, lit(10.0), &cfg()).unwrap().is_none());
    let beside = pt::<T, D>(&[-2.0, 2.25]);
    assert!(ray_cast(&ball, beside, d, lit(10.0), &cfg())
        .unwrap()
        .is_none());
    assert!(ray_cast(&ball, o, d, lit(t * 0.99), &cfg())
        .unwrap()
        .is_none());
    // From inside: t = 0, normal from the centre to the origin.
    let inside = ray_cast(&ball, pt(&[3.5, 0.5]), d, lit(1.0), &cfg())
        .unwrap()
        .unwrap();
    assert_eq!(inside.t, T::zero());
    close_vec(
        &inside.normal.unwrap(),
        &wide(&axis::<T, D>(0)),
        NORMAL_ULPS,
        "inside normal",
    );
}

fn cube<T: Real, const D: usize>() -> Cuboid<T, D> {
    Cuboid::new(ones::<T, D>()).unwrap()
}

#[track_caller]
fn ray_hit<T: Real, const D: usize>(
    shape: &impl gjk::SupportMap<T, D>,
    o: Vector<T, D>,
    d: Vector<T, D>,
    t: f64,
    what: &str,
) -> gjk::RayHit<T, D> {
    let hit = ray_cast(shape, o, d, lit(100.0), &cfg())
        .unwrap()
        .unwrap_or_else(|| panic!("{what}: missed"));
    converged_or_stalled(&hit, what);
    let scale = 5.0;
    let len = d.norm().widen();
    close(hit.t * T::lit(len), t * len, LOOP_ULPS * scale, what);
    assert_ordered(&hit, what);
    hit
}

fn ray_box<T: Real, const D: usize>() {
    let c = cube::<T, D>();
    // Along an axis onto a face.
    let h = ray_hit(&c, pt(&[-5.0, 0.25]), pt(&[2.0]), 2.0, "axis");
    close_vec(
        &h.normal.unwrap(),
        &-wide(&axis::<T, D>(0)),
        NORMAL_ULPS,
        "axis normal",
    );
    close_vec(
        &h.point,
        &P::<D>::from_fn(|i, _| [-1.0, 0.25].get(i).copied().unwrap_or(0.0)),
        8.0,
        "axis point",
    );
    // A diagonal onto a face.
    let h = ray_hit(
        &c,
        pt(&[-3.0, -0.5]),
        pt(&[1.0, 0.25]),
        2.0,
        "diagonal face",
    );
    close_vec(
        &h.normal.unwrap(),
        &-wide(&axis::<T, D>(0)),
        NORMAL_ULPS,
        "diagonal normal",
    );
    // Through an edge (x = y = −1).
    let h = ray_hit(&c, pt(&[-3.0, -3.0]), pt(&[1.0, 1.0]), 2.0, "edge");
    let n = h.normal.unwrap();
    assert!(n[0] <= T::zero() && n[1] <= T::zero(), "edge normal {n:?}");
    // Through a vertex along the main diagonal.
    let h = ray_hit(&c, -ones::<T, D>() * lit::<T>(3.0), ones(), 2.0, "vertex");
    let n = h.normal.unwrap();
    assert!(n.iter().all(|&x| x <= T::zero()), "vertex normal {n:?}");
    // Grazing the face y = 1: touches at its edge.
    ray_hit(&c, pt(&[-5.0, 1.0]), pt(&[1.0]), 4.0, "grazing");
    // Just above: a miss; pointing away: a miss.
    assert!(
        ray_cast(&c, pt(&[-5.0, 1.0625]), pt(&[1.0]), lit(100.0), &cfg())
            .unwrap()
            .is_none()
    );
    assert!(ray_cast(&c, pt(&[-5.0]), pt(&[-1.0]), lit(100.0), &cfg())
        .unwrap()
        .is_none());
    // max_t before the hit, and exactly at it.
    assert!(ray_cast(&c, pt(&[-5.0]), pt(&[2.0]), lit(1.875), &cfg())
        .unwrap()
        .is_none());
    assert!(ray_cast(&c, pt(&[-5.0]), pt(&[2.0]), lit(2.0), &cfg())
        .unwrap()
        .is_some());
    // From inside the core: t = 0, no normal.
    let h = ray_cast(&c, pt(&[0.25, -0.5]), pt(&[1.0]), lit(3.0), &cfg())
        .unwrap()
        .unwrap();
    assert_eq!((h.t, h.normal), (T::zero(), None));
}

fn ray_rounded<T: Real, const D: usize>() {
    // A capsule along axis 1: its side, then its cap.
    let cap = Capsule::new(pt::<T, D>(&[0.0, -1.0]), pt(&[0.0, 1.0]), lit(0.5)).unwrap();
    let h = ray_hit(&cap, pt(&[-3.0, 0.25]), pt(&[1.0]), 2.5, "capsule side");
    close_vec(
        &h.normal.unwrap(),
        &-wide(&axis::<T, D>(0)),
        NORMAL_ULPS,
        "capsule normal",
    );
    let y = lit::<T>(1.3).widen();
    let x = -(0.25 - (y - 1.0) * (y - 1.0)).sqrt();
    ray_hit(&cap, pt(&[-3.0, 1.3]), pt(&[1.0]), x + 3.0, "capsule cap");
    // A rounded cube onto a face, and from inside its margin (normal set).
    let r = Rounded::new(cube::<T, D>(), lit(0.5)).unwrap();
    ray_hit(&r, pt(&[-5.0, 0.25]), pt(&[1.0]), 3.5, "rounded face");
    let h = ray_cast(&r, pt(&[-1.25]), pt(&[1.0]), lit(1.0), &cfg())
        .unwrap()
        .unwrap();
    assert_eq!(h.t, T::zero());
    close_vec(
        &h.normal.unwrap(),
        &-wide(&axis::<T, D>(0)),
        NORMAL_ULPS,
        "margin normal",
    );
}

#[test]
fn rays() {
    for_each_precision_and_dimension!(ray_ball; 2, 3, 4);
    for_each_precision_and_dimension!(ray_box; 2, 3, 4);
    for_each_precision_and_dimension!(ray_rounded; 2, 3, 4);
}

// ---------------------------------------------------------------------------
// Shape casts
// ---------------------------------------------------------------------------

fn moved<T: Real, const D: usize, S: gjk::SupportMap<T, D>>(
    s: S,
    at: &[f64],
) -> Transformed<S, T, D> {
    Transformed::translated(s, pt(at)).unwrap()
}

#[track_caller]
fn sweep<T: Real, const D: usize>(
    a: &impl gjk::SupportMap<T, D>,
    b: &impl gjk::SupportMap<T, D>,
    v: Vector<T, D>,
    t: f64,
    what: &str,
) -> gjk::ShapeHit<T, D> {
    let hit = shape_cast(a, b, v, lit(100.0), &cfg())
        .unwrap()
        .unwrap_or_else(|| panic!("{what}: missed"));
    converged_or_stalled(&hit, what);
    let len = v.norm().widen();
    close(hit.t * T::lit(len), t * len, LOOP_ULPS * 10.0, what);
    // The witnesses touch.
    let gap = (hit.point_b - hit.point_a).norm().widen();
    assert!(
        gap <= LOOP_ULPS * 10.0 * T::EPSILON.widen(),
        "{what}: witnesses {gap:e} apart"
    );
    hit
}

fn sweeps<T: Real, const D: usize>() {
    // Ball against ball, off-centre.
    let a = Ball::new(Vector::<T, D>::zeros(), T::one()).unwrap();
    let b = Ball::new(pt(&[10.0, 0.5]), T::one()).unwrap();
    let h = shape_cast(&a, &b, pt(&[-2.0]), lit(10.0), &cfg())
        .unwrap()
        .unwrap();
    let x = 3.75f64.sqrt();
    close(h.t, (10.0 - x) / 2.0, CLOSED_ULPS * 10.0, "ball–ball t");
    let n = P::<D>::from_fn(|i, _| [x / 2.0, 0.25].get(i).copied().unwrap_or(0.0));
    close_vec(&h.normal.unwrap(), &n, NORMAL_ULPS, "ball–ball normal");
    close_vec(&h.point_a, &n, NORMAL_ULPS, "ball–ball point_a");
    // Box against box: along an axis, along a diagonal onto a face, corner
    // to corner.
    let big = cube::<T, D>();
    let small = |at: &[f64]| moved(Cuboid::new(ones::<T, D>() * lit::<T>(0.5)).unwrap(), at);
    let h = sweep(&big, &small(&[5.0, 0.25]), pt(&[-1.0]), 3.5, "box axis");
    close_vec(
        &h.normal.unwrap(),
        &wide(&axis::<T, D>(0)),
        NORMAL_ULPS,
        "box axis normal",
    );
    let h = sweep(
        &big,
        &small(&[5.0, 3.0]),
        pt(&[-1.0, -0.5]),
        3.5,
        "box diagonal",
    );
    close_vec(
        &h.normal.unwrap(),
        &wide(&axis::<T, D>(0)),
        NORMAL_ULPS,
        "box diagonal normal",
    );
    let h = sweep(
        &big,
        &small(&[5.0, 5.0]),
        pt(&[-1.0, -1.0]),
        3.5,
        "box corner",
    );
    let n = h.normal.unwrap();
    assert!(
        n[0] >= T::zero() && n[1] >= T::zero(),
        "corner normal {n:?}"
    );
    // A capsule against a box.
    let cap = Capsule::new(pt::<T, D>(&[4.0, -1.0]), pt(&[4.0, 1.0]), lit(0.5)).unwrap();
    let h = sweep(&big, &cap, pt(&[-1.0]), 2.5, "capsule–box");
    close_vec(
        &h.normal.unwrap(),
        &wide(&axis::<T, D>(0)),
        NORMAL_ULPS,
        "capsule–box normal",
    );
    // Parallel motion that never touches; sliding in contact touches at 0.
    let above = small(&[0.0, 3.0]);
    assert!(shape_cast(&big, &above, pt(&[-1.0]), lit(100.0), &cfg())
        .unwrap()
        .is_none());
    let sliding = small(&[0.0, 1.5]);
    let h = shape_cast(&big, &sliding, pt(&[-1.0]), lit(100.0), &cfg())
        .unwrap()
        .unwrap();
    assert_eq!(h.t, T::zero());
    // Touching balls at t = 0: the normal between the centres; cores that
    // overlap at t = 0: no normal.
    let touching = Ball::new(pt(&[2.0]), T::one()).unwrap();
    let h = shape_cast(&a, &touching, pt(&[0.0, 1.0]), lit(1.0), &cfg())
        .unwrap()
        .unwrap();
    assert_eq!(h.t, T::zero());
    close_vec(
        &h.normal.unwrap(),
        &wide(&axis::<T, D>(0)),
        NORMAL_ULPS,
        "touching normal",
    );
    let h = shape_cast(&big, &small(&[0.5]), pt(&[1.0]), lit(1.0), &cfg())
        .unwrap()
        .unwrap();
    assert_eq!((h.t, h.normal), (T::zero(), None));
    // A target separation: the box stops 0.25 short.
    let h = shape_cast_with_separation(
        &big,
        &small(&[5.0, 0.25]),
        pt(&[-1.0]),
        lit(100.0),
        lit(0.25),
        &cfg(),
    )
    .unwrap()
    .unwrap();
    close(h.t, 3.25, LOOP_ULPS * 10.0, "separation t");
    close(
        (h.point_b - h.point_a).norm(),
        0.25,
        LOOP_ULPS * 10.0,
        "separation gap",
    );
}

#[test]
fn shape_casts() {
    for_each_precision_and_dimension!(sweeps; 2, 3, 4);
}

// ---------------------------------------------------------------------------
// Property: against an oracle that bisects `gjk::distance` on t
// ---------------------------------------------------------------------------

/// The oracle and the cast agree: the distance at the cast's `t` is the
/// target separation within this many ulps of the scene's scale (for each
/// of the two precisions; the oracle's own distances are held to a few
/// ulps by `tests/distance/properties.rs`), and `t` is within that distance budget
/// divided by the rate at which the distance falls.
const ORACLE_ULPS: f64 = 64.0;

/// A random convex shape of scale about one at precision `T`: a hull, a
/// box or a ball, with its support map delegated.
#[derive(Clone, Debug)]
enum Shape<T: Real, const D: usize> {
    Hull(Vec<Vector<T, D>>),
    Box(Transformed<Cuboid<T, D>, T, D>),
    Ball(Ball<T, D>),
}

impl<T: TestReal, const D: usize> Shape<T, D> {
    fn random(r: &mut impl Source, center: &P<D>) -> Self {
        match r.int(0, 2) {
            0 => {
                let n = r.int(3, 8);
                Shape::Hull(point_set(r, n, center, 1.0).iter().map(to_t).collect())
            }
            1 => {
                let h = P::<D>::from_fn(|_, _| r.range(0.1, 1.0));
                let cube = Cuboid::new(to_t(&h)).unwrap();
                Shape::Box(Transformed::translated(cube, to_t(center)).unwrap())
            }
            _ => Shape::Ball(Ball::new(to_t(center), T::of_f64(r.range(0.1, 1.0))).unwrap()),
        }
    }
}

impl<T: Real, const D: usize> gjk::SupportMap<T, D> for Shape<T, D> {
    fn core_support(&self, dir: &Vector<T, D>) -> Vector<T, D> {
        match self {
            Shape::Hull(p) => Scanned::new(p).unwrap().core_support(dir),
            Shape::Box(b) => b.core_support(dir),
            Shape::Ball(b) => b.core_support(dir),
        }
    }
    fn margin(&self) -> T {
        match self {
            Shape::Ball(b) => b.margin(),
            _ => T::zero(),
        }
    }
    fn core_point(&self) -> Option<Vector<T, D>> {
        match self {
            Shape::Ball(b) => b.core_point(),
            _ => None,
        }
    }
}

/// The distance between `a` and `b` moved by `t v`, minus `s`, in `f64`.
fn gap<T: TestReal, const D: usize>(
    a: &Shape<T, D>,
    b: &Shape<T, D>,
    v: &P<D>,
    s: f64,
    t: f64,
) -> f64 {
    let moved = Transformed::translated(b.clone(), to_t::<T, D>(&(v * t))).unwrap();
    distance(a, &moved, &cfg()).unwrap().distance.as_f64() - s
}

fn prop_cast<T: TestReal, const D: usize>(seed: u64) -> Result<(), String> {
    // The seed in the message reproduces a failing case.
    case_cast::<T, D>(seed).map_err(|e| format!("seed {seed}, D = {D}: {e}"))
}

fn case_cast<T: TestReal, const D: usize>(seed: u64) -> Result<(), String> {
    let mut r = Rng::new(seed);
    let a = Shape::<T, D>::random(&mut r, &P::<D>::zeros());
    let at = unit_vector::<D>(&mut r) * r.range(2.5, 6.0);
    let b = Shape::<T, D>::random(&mut r, &at);
    // Aimed near A, so that about half the casts hit.
    let aim = -at + unit_vector::<D>(&mut r) * r.range(0.0, 2.0);
    let v = to_t::<T, D>(&(aim * r.range(0.5, 2.0)));
    let vf = v.map(|x| x.as_f64());
    let s = if r.chance(0.3) { 0.25 } else { 0.0 };
    let max_t = 4.0;
    let hit = shape_cast_with_separation(&a, &b, v, T::of_f64(max_t), T::of_f64(s), &cfg())
        .map_err(|e| format!("error {e:?}"))?;
    let budget = ORACLE_ULPS * T::eps() * 8.0;
    let f = |t: f64| gap(&a, &b, &vf, s, t);
    // The oracle: the distance is convex in t; find its minimum on
    // [0, max_t] by golden sections, then the first root by bisection.
    let (mut lo, mut hi) = (0.0, max_t);
    for _ in 0..80 {
        let (m1, m2) = (lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618);
        if f(m1) <= f(m2) {
            hi = m2
        } else {
            lo = m1
        }
    }
    let t_min = 0.5 * (lo + hi);
    let f_min = f(t_min);
    let root = if f(0.0) <= 0.0 {
        Some(0.0)
    } else if f_min <= 0.0 {
        let (mut lo, mut hi) = (0.0, t_min);
        for _ in 0..80 {
            let m = 0.5 * (lo + hi);
            if f(m) > 0.0 {
                lo = m
            } else {
                hi = m
            }
        }
        Some(hi)
    } else {
        None
    };
    match (hit, root) {
        (None, None) => Ok(()),
        (None, Some(_)) if f_min > -budget => Ok(()), // grazing, within rounding
        (Some(h), None) if f_min < budget || f(h.t.as_f64()) < budget => Ok(()),
        // A hit that did not converge says contact may never happen.
        (Some(h), None) if h.status != Status::Converged => Ok(()),
        (Some(h), Some(root)) => {
            let t = h.t.as_f64();
            if !holds(&h, t, 0.0) {
                return Err(format!("bracket {h:?}"));
            }
            if h.status != Status::Converged {
                return if holds(&h, root, budget) {
                    Ok(())
                } else {
                    Err(format!("the bracket of {h:?} misses the root {root}"))
                };
            }
            let ft = if t > 0.0 { f(t) } else { f(0.0).max(0.0) };
            // The rate the distance falls at the root, from a secant over
            // the last hundredth of the approach. (The gap is convex in t,
            // so it falls slowest at the root: a secant from t = 0 can
            // overstate that rate by orders of magnitude where the
            // approach ends grazing, and the time of contact is known only
            // to the gap's rounding over the rate at the root.)
            let slope = if root > 0.0 {
                let h = 0.01 * root;
                (f(root - h) - f(root)) / h
            } else {
                f64::INFINITY
            };
            let dt = budget / slope + budget / vf.norm();
            if ft.abs() <= budget && (t - root).abs() <= dt {
                Ok(())
            } else {
                Err(format!(
                    "t = {t} vs root {root} (budget {dt:e}), gap at t {ft:e} {h:?}"
                ))
            }
        }
        (h, root) => Err(format!("cast {h:?} vs oracle {root:?} (min gap {f_min:e})")),
    }
}

/// 150 cases per (scalar, dimension) under `GJK_FULL_SWEEPS=1`, 50
/// otherwise.
fn run_prop<T: TestReal, const D: usize>() {
    let tests = if support::full_sweeps() { 150 } else { 50 };
    QuickCheck::new()
        .tests(tests)
        .quickcheck(prop_cast::<T, D> as fn(u64) -> Result<(), String>);
}

#[test]
fn against_the_oracle() {
    for_each_precision_and_dimension!(run_prop; 2, 3, 4);
}

// ---------------------------------------------------------------------------
// Scale, translation, bad input
// ---------------------------------------------------------------------------

/// The same casts scaled by 1e-3 and 1e4 and moved 1e4 from the origin: the
/// error is relative to the coordinates (held to `LOOP_ULPS` of them).
#[test]
fn scale_and_translation() {
    for (k, shift) in [(1.0, 0.0), (1e-3, 0.0), (1e4, 0.0), (1.0, 1e4), (1e-3, 1e4)] {
        let off = Vector::<f64, 3>::repeat(shift);
        let scale = (5.0 * k + shift).max(1e-300);
        let budget = LOOP_ULPS * f64::EPSILON * scale;
        // A capsule ray onto its side: t = 2.5 for a unit direction.
        let cap = Capsule::new(
            V3::new(0.0, -k, 0.0) + off,
            V3::new(0.0, k, 0.0) + off,
            0.5 * k,
        )
        .unwrap();
        let o = V3::new(-3.0 * k, 0.25 * k, 0.0) + off;
        let h = ray_cast(&cap, o, Vector::x() * k, 10.0, &cfg())
            .unwrap()
            .unwrap();
        assert!(
            (h.t - 2.5).abs() * k <= budget,
            "capsule ×{k} +{shift}: {h:?}"
        );
        // A box swept diagonally onto a box face.
        let big = Transformed::translated(Cuboid::new(Vector::repeat(k)).unwrap(), off).unwrap();
        let small = Transformed::translated(
            Cuboid::new(Vector::repeat(0.5 * k)).unwrap(),
            V3::new(5.0 * k, 3.0 * k, 0.0) + off,
        )
        .unwrap();
        let v = V3::new(-k, -0.5 * k, 0.0);
        let h = shape_cast(&big, &small, v, 10.0, &cfg()).unwrap().unwrap();
        assert!(
            (h.t - 3.5).abs() * k <= budget,
            "boxes ×{k} +{shift}: {h:?}"
        );
        assert_eq!(h.status, Status::Converged);
    }
    // Powers of two scale exactly.
    let cast = |k: f64| {
        let a = Ball::new(Vector::<f64, 3>::zeros(), k).unwrap();
        let hull = [
            V3::new(3.0, 0.1, 0.2),
            V3::new(4.0, 1.0, -0.3),
            V3::new(3.5, -1.0, 0.4),
            V3::new(3.7, 0.2, 1.0),
        ]
        .map(|p| p * k);
        let b = Scanned::new(&hull).unwrap();
        shape_cast(&a, &b, V3::new(-1.0, 0.05, 0.0) * k, 10.0, &cfg())
            .unwrap()
            .unwrap()
    };
    let one = cast(1.0);
    for e in [-30, 20] {
        let k = 2f64.powi(e);
        let h = cast(k);
        assert_eq!(h.t, one.t, "2^{e}");
        assert_eq!(h.point_a, one.point_a * k, "2^{e}");
    }
}

#[test]
fn bad_input() {
    let c = Cuboid::new(Vector::<f64, 3>::repeat(1.0)).unwrap();
    let (o, d) = (V3::new(-5.0, 0.0, 0.0), Vector::x());
    let config = cfg();
    let ray = |o, d, t| ray_cast(&c, o, d, t, &config).map(|_| ());
    assert_eq!(ray(o.map(|_| f64::NAN), d, 1.0), Err(Error::NonFinite));
    assert_eq!(ray(o, d * f64::INFINITY, 1.0), Err(Error::NonFinite));
    // No motion is not bad input: the origin is outside the cube, a miss.
    assert_eq!(ray(o, Vector::zeros(), 1.0), Ok(()));
    assert_eq!(ray(o, d, -1.0), Err(Error::InvalidConfig));
    assert_eq!(ray(o, d, f64::NAN), Err(Error::InvalidConfig));
    assert!(ray(o, d, f64::INFINITY).is_ok());
    let b = Transformed::translated(c, -o).unwrap();
    let sweep = |v, t, s| shape_cast_with_separation(&c, &b, v, t, s, &config).map(|_| ());
    assert_eq!(sweep(-d * f64::NAN, 1.0, 0.0), Err(Error::NonFinite));
    // B at rest, 5 away from A: a miss.
    assert!(
        shape_cast_with_separation(&c, &b, Vector::zeros(), 1.0, 0.0, &config)
            .is_ok_and(|hit| hit.is_none())
    );
    assert_eq!(sweep(-d, -1.0, 0.0), Err(Error::InvalidConfig));
    assert_eq!(sweep(-d, 1.0, -0.5), Err(Error::InvalidConfig));
    assert_eq!(sweep(-d, 1.0, f64::NAN), Err(Error::InvalidConfig));
    let bad = Config {
        tolerance: -1.0,
        ..config
    };
    assert_eq!(
        ray_cast(&c, o, d, 1.0, &bad).map(|_| ()),
        Err(Error::InvalidConfig)
    );
}

/// Seeds on which `against_the_oracle` failed, found by running it on
/// 1.8·10⁶ seeds (3·10⁵ in each precision and dimension; it draws 900 at
/// random per run, so about one run in 300 met one). All six were the
/// oracle's faults, not the casts':
/// * five `Converged` casts "later" than the oracle's root by more than
///   its time budget, which divided the gap's rounding by the rate of fall
///   of a secant from `t = 0`. The gap is convex in `t`, so that secant
///   overstates the rate at the root; where an approach ends grazing (a
///   box sliding down onto another at 0.0058 per unit time against 4.7
///   along it, `f32`) the oracle's own `f32` distance reads touching 2.4e-4
///   early, while the cast's `t` is the exact closing time of the faces.
///   The budget now takes the rate over the last hundredth of the approach;
/// * one `Stalled` `f32` hit where the oracle finds no contact, which a
///   hit that did not converge allows ("contact may still never happen").
///
/// With both fixed, the same 1.8·10⁶ seeds all pass.
#[test]
fn against_the_oracle_on_grazing_seeds() {
    let failures: Vec<String> = [
        (14_091_058_967_830_388_201_u64, "f32", 4),
        (9_974_639_670_239_768_418, "f32", 4),
        (10_858_111_624_240_852_163, "f32", 3),
        (11_624_389_589_537_557_254, "f32", 3),
        (7_920_541_209_053_235_472, "f32", 3),
        (4_750_979_734_589_482_613, "f64", 3),
    ]
    .into_iter()
    .filter_map(|(seed, t, d)| {
        let r = match (t, d) {
            ("f32", 4) => prop_cast::<f32, 4>(seed),
            ("f32", 3) => prop_cast::<f32, 3>(seed),
            _ => prop_cast::<f64, 3>(seed),
        };
        r.err().map(|e| format!("{seed} {t} {d}D: {e}"))
    })
    .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}
