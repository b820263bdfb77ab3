//! Ray casts and linear shape casts: analytic cases in D = 2, 3, 4 for
//! `f32` and `f64`, a property against an independent oracle (bisection on
//! `gjk::distance`), scale and translation tests, and bad input.
//!
//! Budgets are in units of `T::EPSILON` times the coordinate scale of the
//! scene (the largest coordinate involved), stated by each constant; a `t`
//! is held through the length `|Δt| · |direction|` it moves the ray point.

#[macro_use]
mod scene;
mod common;

use common::{point_set, unit_vector, Lcg, Source, TestReal, P};
use gjk::{
    distance, ray_cast, shape_cast, shape_cast_with_separation, Ball, Capsule, ConvexHull, Cuboid,
    GjkConfig, GjkError, Real, Rounded, Status, Transformed, Vector,
};
use scene::{axis, lit, ones};

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
fn converged_or_stalled<T: Real>(status: Status, lo: T, t: T, hi: T, what: &str) {
    assert!(
        matches!(status, Status::Converged | Status::Stalled),
        "{what}: {status:?}"
    );
    assert!(lo <= t && t <= hi, "{what}: bracket [{lo:?}, {hi:?}] misses {t:?}");
    if status == Status::Converged {
        assert_eq!(t, hi, "{what}: a converged cast's upper bound is its t");
    }
}

fn cfg<T: Real, const D: usize>() -> GjkConfig<T, D> {
    GjkConfig::default()
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
fn close_vec<T: Real, const D: usize>(a: &Vector<T, D>, e: &Vector<f64, D>, budget: f64, what: &str) {
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
    let n = (P::<D>::from_fn(|i, _| if i == 0 { x } else if i == 1 { 1.25 } else { 0.0 })
        - wide(&c))
        / 1.5;
    close_vec(&hit.normal.unwrap(), &n, NORMAL_ULPS, "ray–ball normal");
    // Away, beside, and cut short by max_t.
    assert!(ray_cast(&ball, o, -d, lit(10.0), &cfg()).unwrap().is_none());
    let beside = pt::<T, D>(&[-2.0, 2.25]);
    assert!(ray_cast(&ball, beside, d, lit(10.0), &cfg()).unwrap().is_none());
    assert!(ray_cast(&ball, o, d, lit(t * 0.99), &cfg()).unwrap().is_none());
    // From inside: t = 0, normal from the centre to the origin.
    let inside = ray_cast(&ball, pt(&[3.5, 0.5]), d, lit(1.0), &cfg()).unwrap().unwrap();
    assert_eq!(inside.t, T::zero());
    close_vec(&inside.normal.unwrap(), &wide(&axis::<T, D>(0)), NORMAL_ULPS, "inside normal");
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
    converged_or_stalled(hit.status, hit.t_lower, hit.t, hit.t_upper, what);
    let scale = 5.0;
    let len = d.norm().widen();
    close(hit.t * T::lit(len), t * len, LOOP_ULPS * scale, what);
    assert!(hit.t_lower <= hit.t && hit.t <= hit.t_upper, "{what}: bracket");
    hit
}

fn ray_box<T: Real, const D: usize>() {
    let c = cube::<T, D>();
    // Along an axis onto a face.
    let h = ray_hit(&c, pt(&[-5.0, 0.25]), pt(&[2.0]), 2.0, "axis");
    close_vec(&h.normal.unwrap(), &-wide(&axis::<T, D>(0)), NORMAL_ULPS, "axis normal");
    close_vec(&h.point, &P::<D>::from_fn(|i, _| [-1.0, 0.25].get(i).copied().unwrap_or(0.0)), 8.0, "axis point");
    // A diagonal onto a face.
    let h = ray_hit(&c, pt(&[-3.0, -0.5]), pt(&[1.0, 0.25]), 2.0, "diagonal face");
    close_vec(&h.normal.unwrap(), &-wide(&axis::<T, D>(0)), NORMAL_ULPS, "diagonal normal");
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
    assert!(ray_cast(&c, pt(&[-5.0, 1.0625]), pt(&[1.0]), lit(100.0), &cfg()).unwrap().is_none());
    assert!(ray_cast(&c, pt(&[-5.0]), pt(&[-1.0]), lit(100.0), &cfg()).unwrap().is_none());
    // max_t before the hit, and exactly at it.
    assert!(ray_cast(&c, pt(&[-5.0]), pt(&[2.0]), lit(1.875), &cfg()).unwrap().is_none());
    assert!(ray_cast(&c, pt(&[-5.0]), pt(&[2.0]), lit(2.0), &cfg()).unwrap().is_some());
    // From inside the core: t = 0, no normal.
    let h = ray_cast(&c, pt(&[0.25, -0.5]), pt(&[1.0]), lit(3.0), &cfg()).unwrap().unwrap();
    assert_eq!((h.t, h.normal), (T::zero(), None));
}

fn ray_rounded<T: Real, const D: usize>() {
    // A capsule along axis 1: its side, then its cap.
    let cap = Capsule::new(pt::<T, D>(&[0.0, -1.0]), pt(&[0.0, 1.0]), lit(0.5)).unwrap();
    let h = ray_hit(&cap, pt(&[-3.0, 0.25]), pt(&[1.0]), 2.5, "capsule side");
    close_vec(&h.normal.unwrap(), &-wide(&axis::<T, D>(0)), NORMAL_ULPS, "capsule normal");
    let y = lit::<T>(1.3).widen();
    let x = -(0.25 - (y - 1.0) * (y - 1.0)).sqrt();
    ray_hit(&cap, pt(&[-3.0, 1.3]), pt(&[1.0]), x + 3.0, "capsule cap");
    // A rounded cube onto a face, and from inside its margin (normal set).
    let r = Rounded::new(cube::<T, D>(), lit(0.5)).unwrap();
    ray_hit(&r, pt(&[-5.0, 0.25]), pt(&[1.0]), 3.5, "rounded face");
    let h = ray_cast(&r, pt(&[-1.25]), pt(&[1.0]), lit(1.0), &cfg()).unwrap().unwrap();
    assert_eq!(h.t, T::zero());
    close_vec(&h.normal.unwrap(), &-wide(&axis::<T, D>(0)), NORMAL_ULPS, "margin normal");
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

fn moved<T: Real, const D: usize, S: gjk::SupportMap<T, D>>(s: S, at: &[f64]) -> Transformed<S, T, D> {
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
    converged_or_stalled(hit.status, hit.t_lower, hit.t, hit.t_upper, what);
    let len = v.norm().widen();
    close(hit.t * T::lit(len), t * len, LOOP_ULPS * 10.0, what);
    // The witnesses touch.
    let gap = (hit.point_b - hit.point_a).norm().widen();
    assert!(gap <= LOOP_ULPS * 10.0 * T::EPSILON.widen(), "{what}: witnesses {gap:e} apart");
    hit
}

fn sweeps<T: Real, const D: usize>() {
    // Ball against ball, off-centre.
    let a = Ball::new(Vector::<T, D>::zeros(), T::one()).unwrap();
    let b = Ball::new(pt(&[10.0, 0.5]), T::one()).unwrap();
    let h = shape_cast(&a, &b, pt(&[-2.0]), lit(10.0), &cfg()).unwrap().unwrap();
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
    close_vec(&h.normal.unwrap(), &wide(&axis::<T, D>(0)), NORMAL_ULPS, "box axis normal");
    let h = sweep(&big, &small(&[5.0, 3.0]), pt(&[-1.0, -0.5]), 3.5, "box diagonal");
    close_vec(&h.normal.unwrap(), &wide(&axis::<T, D>(0)), NORMAL_ULPS, "box diagonal normal");
    let h = sweep(&big, &small(&[5.0, 5.0]), pt(&[-1.0, -1.0]), 3.5, "box corner");
    let n = h.normal.unwrap();
    assert!(n[0] >= T::zero() && n[1] >= T::zero(), "corner normal {n:?}");
    // A capsule against a box.
    let cap = Capsule::new(pt::<T, D>(&[4.0, -1.0]), pt(&[4.0, 1.0]), lit(0.5)).unwrap();
    let h = sweep(&big, &cap, pt(&[-1.0]), 2.5, "capsule–box");
    close_vec(&h.normal.unwrap(), &wide(&axis::<T, D>(0)), NORMAL_ULPS, "capsule–box normal");
    // Parallel motion that never touches; sliding in contact touches at 0.
    let above = small(&[0.0, 3.0]);
    assert!(shape_cast(&big, &above, pt(&[-1.0]), lit(100.0), &cfg()).unwrap().is_none());
    let sliding = small(&[0.0, 1.5]);
    let h = shape_cast(&big, &sliding, pt(&[-1.0]), lit(100.0), &cfg()).unwrap().unwrap();
    assert_eq!(h.t, T::zero());
    // Touching balls at t = 0: the normal between the centres; cores that
    // overlap at t = 0: no normal.
    let touching = Ball::new(pt(&[2.0]), T::one()).unwrap();
    let h = shape_cast(&a, &touching, pt(&[0.0, 1.0]), lit(1.0), &cfg()).unwrap().unwrap();
    assert_eq!(h.t, T::zero());
    close_vec(&h.normal.unwrap(), &wide(&axis::<T, D>(0)), NORMAL_ULPS, "touching normal");
    let h = shape_cast(&big, &small(&[0.5]), pt(&[1.0]), lit(1.0), &cfg()).unwrap().unwrap();
    assert_eq!((h.t, h.normal), (T::zero(), None));
    // A target separation: the box stops 0.25 short.
    let h = shape_cast_with_separation(&big, &small(&[5.0, 0.25]), pt(&[-1.0]), lit(100.0), lit(0.25), &cfg())
        .unwrap()
        .unwrap();
    close(h.t, 3.25, LOOP_ULPS * 10.0, "separation t");
    close((h.point_b - h.point_a).norm(), 0.25, LOOP_ULPS * 10.0, "separation gap");
}

#[test]
fn shape_casts() {
    for_each_precision_and_dimension!(sweeps; 2, 3, 4);
}
