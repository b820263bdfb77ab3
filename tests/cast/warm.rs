//! Casts warm-started by a first search direction (`Config::toward`):
//! the previous frame's normal, as an engine feeds it back, or any other
//! direction, never changes an answer beyond the loop's tolerance, only
//! where the loop starts.
//!
//! Oracle: the cold cast of the same shapes (the loop's certificates do not
//! depend on the start), hit or miss the same and `t` within the budget
//! `16 ε L / |v| + tolerance · t` (`L` the coordinate scale, `v` the
//! velocity). Hulls of 12 random points against boxes and rounded hulls in
//! D = 2, 3, 4, `f32` and `f64`; hints: the previous frame's normal, random
//! unit vectors, zero, NaN and infinite vectors.

use crate::support;

use gjk::{
    hull::Scanned, ray_cast, shape_cast, Config, Cuboid, Rounded, ShapeHit, Status, Transformed,
    Vector,
};
use support::{rotation, unit_vector, Rng, Source, TestReal, P};

fn narrow<T: TestReal, const D: usize>(v: &P<D>) -> Vector<T, D> {
    Vector::<T, D>::from_fn(|i, _| T::of_f64(v[i]))
}

/// The hinted answer against the cold one.
fn same_cast<T: TestReal, const D: usize>(
    cold: &Option<ShapeHit<T, D>>,
    warm: &Option<ShapeHit<T, D>>,
    budget: f64,
    what: &str,
) {
    // Only converged answers make a claim to compare.
    let done = |h: &Option<ShapeHit<T, D>>| h.filter(|h| h.status == Status::Converged);
    match (done(cold), done(warm)) {
        (Some(c), Some(w)) => {
            let (tc, tw) = (c.t.as_f64(), w.t.as_f64());
            let room = budget + T::GJK_TOLERANCE.as_f64() * tc;
            assert!((tc - tw).abs() <= room, "t {tc} cold, {tw} warm; {what}");
        }
        (None, Some(h)) | (Some(h), None) => {
            // A converged hit against a non-converged answer or a miss:
            // only a grazing contact may differ, at the end of the sweep.
            let other = if cold.is_some() { warm } else { cold };
            assert!(
                other.is_some_and(|o| o.status != Status::Converged),
                "hit {h:?} against {other:?}; {what}"
            );
        }
        (None, None) => assert_eq!(cold.is_some(), warm.is_some(), "{what}"),
    }
}

fn sweeps<T: TestReal, const D: usize>(cases: usize) {
    let mut rng = Rng::new(0x3a77 + D as u64);
    let config = Config::<T, _>::default();
    let (mut cold_iterations, mut warm_iterations) = (0u64, 0u64);
    for case in 0..cases {
        let points: Vec<Vector<T, D>> = (0..12)
            .map(|_| narrow(&P::<D>::from_fn(|_, _| rng.range(-1.0, 1.0))))
            .collect();
        let hull = Rounded::new(Scanned::new(&points[..]).unwrap(), T::of_f64(0.05)).unwrap();
        let half = narrow::<T, D>(&P::<D>::from_fn(|_, _| rng.range(0.2, 0.8)));
        let start = P::<D>::from_fn(|_, _| rng.range(-1.0, 1.0)) + unit_vector::<D>(&mut rng) * 5.0;
        let aim = -start + P::<D>::from_fn(|_, _| rng.range(-1.5, 1.5));
        let r = rotation::<D>(&mut rng);
        let budget = 16.0 * T::eps() * 8.0 / aim.norm() * 8.0;
        let mut previous: Option<Vector<T, D>> = None;
        // Frames: the box slides along its aim.
        for frame in 0..6 {
            let t = start + aim * (0.05 * f64::from(frame));
            let placed =
                Transformed::new(Cuboid::new(half).unwrap(), r.map(T::of_f64), narrow(&t)).unwrap();
            let v = narrow::<T, D>(&(-aim));
            let what = format!("{} D = {D}, case {case}, frame {frame}", T::NAME);
            let cold = shape_cast(&placed, &hull, v, T::of_f64(2.0), &config).unwrap();
            let warm = shape_cast(
                &placed,
                &hull,
                v,
                T::of_f64(2.0),
                &config.starting_along(previous),
            )
            .unwrap();
            same_cast(&cold, &warm, budget, &what);
            cold_iterations += u64::from(cold.map_or(0, |h| h.iterations));
            warm_iterations += u64::from(warm.map_or(0, |h| h.iterations));
            if let Some(n) = warm.and_then(|h| h.normal) {
                previous = Some(n);
            }
            // Any other hint, good or bad, changes nothing either.
            let random = narrow::<T, D>(&unit_vector::<D>(&mut rng));
            let nan = Vector::<T, D>::repeat(T::of_f64(f64::NAN));
            let inf = Vector::<T, D>::repeat(T::of_f64(f64::INFINITY));
            for hint in [random, Vector::zeros(), nan, inf] {
                let other = shape_cast(
                    &placed,
                    &hull,
                    v,
                    T::of_f64(2.0),
                    &config.starting_along(Some(hint)),
                )
                .unwrap();
                same_cast(&cold, &other, budget, &format!("{what}, hint {hint:?}"));
            }
            // A ray from the start against the hull, hinted by the ray's
            // own direction reversed (the worst start).
            let (o, d) = (narrow::<T, D>(&t), narrow::<T, D>(&(-t)));
            let ray_cold = ray_cast(&hull, o, d, T::of_f64(2.0), &config).unwrap();
            let ray_warm =
                ray_cast(&hull, o, d, T::of_f64(2.0), &config.starting_along(Some(d))).unwrap();
            match (ray_cold, ray_warm) {
                (Some(c), Some(w))
                    if c.status == Status::Converged && w.status == Status::Converged =>
                {
                    assert!(
                        (c.t.as_f64() - w.t.as_f64()).abs() <= budget + 16.0 * T::eps(),
                        "ray t {:?} cold, {:?} warm; {what}",
                        c.t,
                        w.t
                    );
                }
                (c, w) => assert_eq!(c.is_some(), w.is_some(), "ray {c:?} {w:?}; {what}"),
            }
        }
    }
    // The previous normal is a good start: never more iterations in all.
    assert!(
        warm_iterations <= cold_iterations,
        "{} D = {D}: {warm_iterations} iterations warm, {cold_iterations} cold",
        T::NAME
    );
}

#[test]
fn hinted_casts_answer_as_cold_ones() {
    sweeps::<f64, 2>(60);
    sweeps::<f64, 3>(60);
    sweeps::<f64, 4>(30);
    sweeps::<f32, 2>(60);
    sweeps::<f32, 3>(60);
}
