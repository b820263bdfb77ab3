//! Casts decide hit or miss as the other queries do (issue 38): a `Some`
//! is a proven hit, `None` a proven miss, and a cast that cannot tell says
//! so with an error. Regressions, each with what was found:
//!
//! * zero relative motion was `Err(InvalidConfig)`; bodies at rest are a
//!   miss when apart and a hit at `t = 0` when touching;
//! * rays missing a flat hull, a cylinder or a cone by `1e-9` of the size
//!   (1,000 times the `f64` tolerance), and a box cast past a flat hull
//!   `1.45e-9` clear, came back `Some` with `Stalled` and `upper = max_t`;
//! * a ray tangent to a cylinder's side stopped at the iteration cap at
//!   `t = 4.9999999` for an exact touch at 5;
//! * a cylinder's ray normals were up to `4e-6` rad off its normal at the
//!   returned point (the last support plane's);
//! * `point_b − point_a = separation · normal` was documented for shapes
//!   already in contact at `t = 0`, where the witnesses are `gap · normal`
//!   with a gap between their distance and the separation.
//!
//! Oracles are analytic (tangent planes built from the shapes' own support
//! functions in `f64`, closed-form normals). Budgets, in `ε` of the type
//! times the scene's scale (5, the rays' start): miss distances are
//! `1,000 ×` the type's default tolerance times the size (`1e-9` in `f64`,
//! `1e-3` in `f32`), far beyond rounding; a tangent touch, 8; normals, 64.

use crate::support;

use gjk::{
    distance, ray_cast, shape_cast, shape_cast_with_separation, Ball, Cone, Config, Cuboid,
    Cylinder, Hull, Rounded, Status, SupportMap, Transformed, Vector,
};
use support::{unit_vector, Hidden, Rng, TestReal, P};

/// Rays per shape in the random sweeps.
const RAYS: usize = 400;

fn narrow<T: TestReal, const D: usize>(v: &P<D>) -> Vector<T, D> {
    Vector::<T, D>::from_fn(|i, _| T::of_f64(v[i]))
}

fn wide<T: TestReal, const D: usize>(v: &Vector<T, D>) -> P<D> {
    P::<D>::from_fn(|i, _| v[i].as_f64())
}

/// The miss distance of the sweeps: 1,000 times the default tolerance.
fn miss_by<T: TestReal>() -> f64 {
    1000.0 * T::GJK_TOLERANCE.as_f64()
}

/// The slab `[-1, 1]² × [-0.01, 0.01]` as a hull: flat, so a ray over it
/// runs parallel to a large face.
fn slab_points<T: TestReal>() -> [Vector<T, 3>; 8] {
    let mut out = [Vector::<T, 3>::zeros(); 8];
    for (i, p) in out.iter_mut().enumerate() {
        let s = |bit: usize| if i >> bit & 1 == 1 { 1.0 } else { -1.0 };
        *p = narrow(&P::<3>::new(s(0), s(1), 0.01 * s(2)));
    }
    out
}

/// A unit direction orthogonal to `n`, at random.
fn across(r: &mut Rng, n: &P<3>) -> P<3> {
    loop {
        let u: P<3> = unit_vector(r);
        let t = u - n * n.dot(&u);
        if t.norm() > 0.1 {
            return t.normalize();
        }
    }
}

/// Rays that pass `shape` at `e` times its size (1) along random tangent
/// planes: the support plane along `n`, moved out by `e`, holds the whole
/// ray, so every one is a miss. None may come back `Some`; `proven` says
/// whether every one must be `None` (a closed form, or a loop that can
/// certify it) rather than possibly undecided.
fn misses<T: TestReal>(name: &str, shape: &impl SupportMap<T, 3>, proven: bool, seed: u64) {
    let e = miss_by::<T>();
    let mut r = Rng::new(seed);
    let config = Config::<T, _>::default();
    let mut undecided = 0;
    for _ in 0..RAYS {
        let n: P<3> = unit_vector(&mut r);
        let p = wide(&shape.support(&narrow(&n)));
        let u = across(&mut r, &n);
        let start = p + n * (e + 8.0 * T::eps()) - u * 5.0;
        let answer = ray_cast(shape, narrow(&start), narrow(&u), T::of_f64(10.0), &config);
        match answer {
            Ok(None) => {}
            Ok(Some(hit)) => panic!("{name} [{}]: a ray {e:e} clear hit: {hit:?}", T::NAME),
            Err(_) => undecided += 1,
        }
    }
    assert!(
        !proven || undecided == 0,
        "{name} [{}]: {undecided} of {RAYS} misses undecided",
        T::NAME
    );
}

fn misses_all<T: TestReal>() {
    let mut i = [0; Hull::<f64, 3>::indices_needed(8)];
    let mut f = [[0; 3]; Hull::<f64, 3>::facets_needed(8)];
    let points = slab_points::<T>();
    let slab = Hull::<T, 3>::new(&points, &mut i, &mut f).expect("a slab");
    misses("flat hull", &slab, true, 1);
    let one = T::of_f64(1.0);
    let cylinder = Cylinder::new(one, one).expect("a cylinder");
    misses("cylinder", &cylinder, true, 2);
    misses("cylinder (loop)", &Hidden(cylinder), false, 3);
    let cone = Cone::new(one, one).expect("a cone");
    misses("cone", &cone, false, 4);
}

#[test]
fn rays_that_miss_by_a_thousand_tolerances_are_not_hits_f32() {
    misses_all::<f32>();
}

#[test]
fn rays_that_miss_by_a_thousand_tolerances_are_not_hits_f64() {
    misses_all::<f64>();
}

/// A box cast past the flat hull, clear of it by `1.45e-9` (`f64`; `1.45e-3`
/// in `f32`) along random tangent planes of the pair: never `Some`.
fn box_past<T: TestReal>() {
    let mut i = [0; Hull::<f64, 3>::indices_needed(8)];
    let mut f = [[0; 3]; Hull::<f64, 3>::facets_needed(8)];
    let points = slab_points::<T>();
    let slab = Hull::<T, 3>::new(&points, &mut i, &mut f).expect("a slab");
    let cube = Cuboid::new(narrow(&P::<3>::new(0.1, 0.2, 0.15))).expect("a box");
    let e = 1.45 * miss_by::<T>();
    let mut r = Rng::new(5);
    let config = Config::<T, _>::default();
    for _ in 0..RAYS {
        let n: P<3> = unit_vector(&mut r);
        let touch = wide(&slab.support(&narrow(&n))) - wide(&cube.support(&narrow(&-n)));
        let u = across(&mut r, &n);
        let at = touch + n * e - u * 5.0;
        let moving = Transformed::translated(cube, narrow(&at)).expect("finite");
        let answer = shape_cast(&slab, &moving, narrow(&u), T::of_f64(10.0), &config);
        assert!(
            !matches!(answer, Ok(Some(_))),
            "[{}] a box {e:e} clear hit: {answer:?}",
            T::NAME
        );
    }
}

#[test]
fn a_box_cast_past_a_flat_hull_is_not_a_hit_f32() {
    box_past::<f32>();
}

#[test]
fn a_box_cast_past_a_flat_hull_is_not_a_hit_f64() {
    box_past::<f64>();
}

/// The ray `(-5, 0.3, 1) + t x` touches the unit cylinder's side at `t = 5`
/// exactly: converged there, with the side's normal `z`.
fn tangent<T: TestReal>() {
    let one = T::of_f64(1.0);
    let cylinder = Cylinder::new(one, one).expect("a cylinder");
    let (o, u) = (P::<3>::new(-5.0, 0.3, 1.0), P::<3>::x());
    let config = Config::<T, _>::default();
    let hit = ray_cast(&cylinder, narrow(&o), narrow(&u), T::of_f64(10.0), &config)
        .expect("decided")
        .expect("a touch");
    assert_eq!(hit.status, Status::Converged);
    let budget = 8.0 * T::eps() * 5.0;
    assert!((hit.t.as_f64() - 5.0).abs() <= budget, "{hit:?}");
    let n = wide(&hit.normal.expect("a normal"));
    assert!((n - P::<3>::z()).norm() <= budget, "{hit:?}");
}

#[test]
fn a_ray_tangent_to_a_cylinder_touches_at_five_f32() {
    tangent::<f32>();
}

#[test]
fn a_ray_tangent_to_a_cylinder_touches_at_five_f64() {
    tangent::<f64>();
}

/// The cylinder's outward normal at `q` (radius 1, half-height 1): the cap's
/// or the side's, whichever surface `q` is on; `None` within `near` of the
/// rim, where the normal is any of a cone of them.
fn cylinder_normal(q: &P<3>, near: f64) -> Option<P<3>> {
    let radial = q.x.hypot(q.z);
    let (to_cap, to_side) = ((1.0 - q.y.abs()).abs(), (1.0 - radial).abs());
    if to_cap <= near && to_side <= near {
        None
    } else if to_cap < to_side {
        Some(P::<3>::new(0.0, q.y.signum(), 0.0))
    } else {
        Some(P::<3>::new(q.x / radial, 0.0, q.z / radial))
    }
}

/// Random rays aimed into the unit cylinder from 5 away: every hit's normal
/// is the cylinder's normal at the hit point the cast returns, to 64 `ε`.
fn normals<T: TestReal>() -> usize {
    let one = T::of_f64(1.0);
    let cylinder = Cylinder::new(one, one).expect("a cylinder");
    let config = Config::<T, _>::default();
    let budget = 64.0 * T::eps() * 5.0;
    let mut r = Rng::new(6);
    let mut checked = 0;
    for _ in 0..RAYS {
        // A point inside: radius below 0.85, height within 0.9.
        let mut c = || 2.0 * support::Source::unit(&mut r) - 1.0;
        let aim = P::<3>::new(0.6 * c(), 0.9 * c(), 0.6 * c());
        let start: P<3> = unit_vector::<3>(&mut r) * 5.0;
        let dir = aim - start;
        let answer = ray_cast(&cylinder, narrow(&start), narrow(&dir), one, &config);
        let hit = answer.expect("decided").expect("aimed inside");
        assert_eq!(hit.status, Status::Converged, "{hit:?}");
        let Some(expected) = cylinder_normal(&wide(&hit.point), budget) else {
            continue;
        };
        let n = wide(&hit.normal.expect("a normal"));
        let off = (n - expected).norm();
        assert!(off <= budget, "[{}] normal {off:e} off: {hit:?}", T::NAME);
        checked += 1;
    }
    checked
}

#[test]
fn cylinder_ray_normals_are_the_normals_at_the_hit_f32() {
    assert!(normals::<f32>() > RAYS / 2);
}

#[test]
fn cylinder_ray_normals_are_the_normals_at_the_hit_f64() {
    assert!(normals::<f64>() > RAYS / 2);
}

/// No relative motion: a ray with a zero direction and a cast with a zero
/// velocity are a hit at `t = 0` when the shapes touch or overlap, a miss
/// when they are apart (here by 1,000 tolerances), through the closed
/// forms and the loop.
fn at_rest<T: TestReal>() {
    let config = Config::<T, _>::default();
    let zero = Vector::<T, 3>::zeros();
    let max_t = T::of_f64(1.0);
    let cube = Cuboid::new(narrow(&P::<3>::repeat(1.0))).expect("a cube");
    let e = miss_by::<T>();
    let inside = narrow(&P::<3>::new(0.5, -0.25, 1.0));
    let outside = narrow(&P::<3>::new(0.5, -0.25, 1.0 + e));
    for (what, at, hit) in [("on", inside, true), ("beside", outside, false)] {
        let direct = ray_cast(&cube, at, zero, max_t, &config).expect("decided");
        let looped = ray_cast(&Hidden(cube), at, zero, max_t, &config).expect("decided");
        for answer in [direct, looped] {
            assert_eq!(
                answer.is_some(),
                hit,
                "a ray at rest {what} the cube: {answer:?}"
            );
            if let Some(h) = answer {
                assert_eq!((h.t, h.status, h.point), (T::zero(), Status::Converged, at));
            }
        }
    }
    let half = T::of_f64(0.5);
    for (gap, hit) in [(0.0, true), (-0.25, true), (e, false)] {
        let centre = narrow(&P::<3>::new(1.5 + gap, 0.0, 0.0));
        let ball = Ball::new(centre, half).expect("a ball");
        let block = Transformed::translated(
            Cuboid::new(narrow(&P::<3>::repeat(0.5))).expect("a box"),
            centre,
        )
        .expect("finite");
        let answers = [
            shape_cast(&cube, &ball, zero, max_t, &config),
            shape_cast(&cube, &block, zero, max_t, &config),
            shape_cast(&Hidden(cube), &Hidden(ball), zero, max_t, &config),
        ];
        for answer in answers {
            let answer = answer.expect("decided");
            assert_eq!(answer.is_some(), hit, "at rest {gap} apart: {answer:?}");
            if let Some(h) = answer {
                assert_eq!((h.t, h.status), (T::zero(), Status::Converged));
            }
        }
    }
}

#[test]
fn shapes_at_rest_are_a_miss_apart_and_a_hit_touching_f32() {
    at_rest::<f32>();
}

#[test]
fn shapes_at_rest_are_a_miss_apart_and_a_hit_touching_f64() {
    at_rest::<f64>();
}

/// Witnesses: `point_b − point_a = gap · normal`, the gap being the
/// separation asked for when `t > 0` (oracle: `gjk::distance` on the moved
/// shapes) and, when the shapes start already that close (here `0.055`
/// apart for a separation of `0.11`), between their distance and the
/// separation. Budget 64 `ε` of the scale.
fn witnesses<T: TestReal>() {
    let config = Config::<T, _>::default();
    let sep = T::of_f64(0.11);
    let cube = Rounded::new(
        Cuboid::new(narrow(&P::<3>::repeat(1.0))).expect("a cube"),
        T::of_f64(0.25),
    )
    .expect("rounded");
    let budget = 64.0 * T::eps() * 4.0;
    for (x, moving) in [(3.5, true), (2.305, false)] {
        let centre = narrow(&P::<3>::new(x, 0.2, -0.1));
        let ball = Ball::new(centre, T::of_f64(1.0)).expect("a ball");
        let v = narrow(&P::<3>::new(-1.0, 0.0, 0.0));
        let hit = shape_cast_with_separation(&cube, &Hidden(ball), v, T::of_f64(4.0), sep, &config)
            .expect("decided")
            .expect("a hit");
        assert_eq!(hit.t > T::zero(), moving, "{hit:?}");
        let n = wide(&hit.normal.expect("a normal"));
        let apart = wide(&hit.point_b) - wide(&hit.point_a);
        let gap = apart.dot(&n);
        let off = (apart - n * gap).norm();
        assert!(
            off <= budget,
            "[{}] witnesses {off:e} off the normal: {hit:?}",
            T::NAME
        );
        if moving {
            assert!((gap - 0.11).abs() <= budget, "gap {gap} at {hit:?}");
            let moved = Transformed::translated(ball, v * hit.t).expect("finite");
            let d = distance(&cube, &moved, &config)
                .expect("a distance")
                .distance
                .as_f64();
            assert!((d - 0.11).abs() <= budget, "distance {d} at {hit:?}");
        } else {
            // Already within the separation: the witnesses are that close
            // (their gap at least the shapes' distance, 0.055).
            assert!(
                gap <= 0.11 + budget && gap >= 0.055 - budget,
                "gap {gap} at {hit:?}"
            );
        }
    }
}

#[test]
fn witnesses_are_the_gap_apart_along_the_normal_f32() {
    witnesses::<f32>();
}

#[test]
fn witnesses_are_the_gap_apart_along_the_normal_f64() {
    witnesses::<f64>();
}
