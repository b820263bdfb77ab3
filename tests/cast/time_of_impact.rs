//! Time of impact of rotating shapes (conservative advancement).
//!
//! Oracles: the closed form of a spinning rod meeting a ball (D = 2, 3, 4,
//! the 3D scene also turned by a random rotation), the linear shape cast
//! for motions without rotation, and dense sampling of `distance` along
//! random tumbling motions (no sampled time before the answer is closer
//! than the target). Budgets: the answer is never later than the truth by
//! more than 16 ulps of it, and earlier by at most the distance tolerance
//! (`τ` times the shapes' radii plus `8 ε` of the coordinates, stated by
//! the query) over the closing speed at contact, times 4.

use crate::support;

use gjk::nalgebra::{Isometry3, SMatrix, Translation3, UnitQuaternion};
use gjk::{
    distance, hull::Scanned, shape_cast, time_of_impact, Ball, Capsule, Config, Cuboid, Error,
    RigidMotion, ShapeError, Status, Transformed, Vector,
};
use support::{rotation, unit_vector, Rng, Source, TestReal, P};

fn narrow<T: TestReal, const D: usize>(v: &P<D>) -> Vector<T, D> {
    Vector::<T, D>::from_fn(|i, _| T::of_f64(v[i]))
}

/// A motion turning at `omega` in the plane of the first two axes, after
/// the scene is turned by `q`, with `q · translation` as its start.
fn planar_spin<T: TestReal, const D: usize>(
    q: &SMatrix<f64, D, D>,
    translation: &P<D>,
    velocity: &P<D>,
    omega: f64,
) -> RigidMotion<T, D> {
    let mut plane = SMatrix::<f64, D, D>::zeros();
    plane[(1, 0)] = omega;
    plane[(0, 1)] = -omega;
    RigidMotion::new(
        q.map(T::of_f64),
        narrow(&(q * translation)),
        narrow(&(q * velocity)),
        (q * plane * q.transpose()).map(T::of_f64),
    )
    .unwrap()
}

/// A rod of half-length 2 and radius `r` along the first axis spinning at
/// `omega` about its middle; a ball of radius `s` at distance `rho` from
/// the pivot at angle `phi` in the plane of the spin. The rod's line comes
/// within `r + s` of the ball's centre at `θ* = φ − asin((r + s) / ρ)`.
fn spinning_rod<T: TestReal, const D: usize>(turned: bool) {
    let mut rng = Rng::new(0x70 + D as u64);
    // Contacts near the pivot close at a small fraction of the rod end's
    // speed: the advancement needs hundreds of steps to the tolerance.
    let config = Config::<T, _> {
        max_iterations: 2000,
        ..Config::default()
    };
    for case in 0..200 {
        let q = if turned {
            rotation::<D>(&mut rng)
        } else {
            SMatrix::identity()
        };
        let (r, s) = (rng.range(0.01, 0.2), rng.range(0.01, 0.3));
        let rho = rng.range(r + s + 0.2, 1.9);
        let phi = rng.range(0.3, 3.0);
        let omega = rng.range(0.2, 5.0);
        let separation = if rng.chance(0.3) {
            rng.range(0.0, 0.1)
        } else {
            0.0
        };
        let reach = r + s + separation;
        if rho * phi.sin() <= reach {
            continue;
        }
        let mut end = P::<D>::zeros();
        end[0] = 2.0;
        let rod = Capsule::new(narrow::<T, D>(&-end), narrow(&end), T::of_f64(r)).unwrap();
        let ball = Ball::new(Vector::<T, D>::zeros(), T::of_f64(s)).unwrap();
        let mut at = P::<D>::zeros();
        at[0] = rho * phi.cos();
        at[1] = rho * phi.sin();
        let spin = planar_spin::<T, D>(&q, &P::<D>::zeros(), &P::<D>::zeros(), omega);
        let rest = planar_spin::<T, D>(&q, &at, &P::<D>::zeros(), 0.0);
        let hit = time_of_impact(
            &rod,
            &spin,
            &ball,
            &rest,
            T::of_f64(10.0),
            T::of_f64(separation),
            &config,
        )
        .unwrap();
        let expected = (phi - (reach / rho).asin()) / omega;
        let Some(hit) = hit else {
            assert!(
                expected > 10.0,
                "{} D = {D}, case {case}: no hit before {expected}",
                T::NAME
            );
            continue;
        };
        let what = format!(
            "{} D = {D}, case {case}: expected {expected}, {hit:?}",
            T::NAME
        );
        assert_eq!(hit.status, Status::Converged, "{what}");
        let tau = T::GJK_TOLERANCE.as_f64();
        let closing = omega * (rho * rho - reach * reach).sqrt();
        let early = 4.0 * (tau * 4.5 + 8.0 * T::eps() * 6.0) / closing + 16.0 * T::eps() * expected;
        let t = hit.t.as_f64();
        assert!(
            t <= expected + 16.0 * T::eps() * expected,
            "later than the truth; {what}"
        );
        assert!(
            expected - t <= early,
            "{:e} early (budget {early:e}); {what}",
            expected - t
        );
    }
}

#[test]
fn spinning_rod_meets_a_ball() {
    spinning_rod::<f64, 2>(false);
    spinning_rod::<f32, 2>(false);
    spinning_rod::<f64, 3>(true);
    spinning_rod::<f32, 3>(true);
    spinning_rod::<f64, 4>(true);
}

/// Without rotation the time of impact is the linear shape cast's.
fn translation_only<T: TestReal>() {
    let mut rng = Rng::new(0x11);
    let config = Config::<T, _>::default();
    let still = SMatrix::<f64, 3, 3>::zeros();
    for case in 0..200 {
        let a = Cuboid::new(narrow::<T, 3>(&P::<3>::from_fn(|_, _| rng.range(0.2, 1.0)))).unwrap();
        let b = Cuboid::new(narrow::<T, 3>(&P::<3>::from_fn(|_, _| rng.range(0.2, 1.0)))).unwrap();
        let (ra, rb) = (rotation::<3>(&mut rng), rotation::<3>(&mut rng));
        let start_b = unit_vector::<3>(&mut rng) * 5.0;
        let velocity = -start_b * rng.range(0.2, 1.0) + unit_vector::<3>(&mut rng) * 0.5;
        let ma = RigidMotion::new(
            ra.map(T::of_f64),
            Vector::zeros(),
            Vector::zeros(),
            still.map(T::of_f64),
        )
        .unwrap();
        let mb = RigidMotion::new(
            rb.map(T::of_f64),
            narrow(&start_b),
            narrow(&velocity),
            still.map(T::of_f64),
        )
        .unwrap();
        let toi =
            time_of_impact(&a, &ma, &b, &mb, T::of_f64(100.0), T::of_f64(0.0), &config).unwrap();
        let placed_a = Transformed::new(a, ra.map(T::of_f64), Vector::zeros()).unwrap();
        let placed_b = Transformed::new(b, rb.map(T::of_f64), narrow(&start_b)).unwrap();
        let cast = shape_cast(
            &placed_a,
            &placed_b,
            narrow(&velocity),
            T::of_f64(100.0),
            &config,
        )
        .unwrap();
        let what = format!("{} case {case}: {toi:?} against {cast:?}", T::NAME);
        match (toi, cast) {
            (Some(x), Some(y)) => {
                let speed = velocity.norm();
                let budget = 4.0 * (T::GJK_TOLERANCE.as_f64() * 4.0 + 8.0 * T::eps() * 8.0) / speed
                    + 16.0 * T::eps() * y.t.as_f64();
                assert!(
                    (x.t.as_f64() - y.t.as_f64()).abs() <= budget,
                    "{:e} apart (budget {budget:e}); {what}",
                    (x.t - y.t).as_f64()
                );
            }
            (None, None) => {}
            _ => panic!("hit and miss disagree; {what}"),
        }
    }
}

#[test]
fn without_rotation_it_is_the_shape_cast() {
    translation_only::<f64>();
    translation_only::<f32>();
}

/// Tumbling hulls: no sampled time before the answer has the shapes closer
/// than the target (the advancement never skips a contact), and at the
/// answer they are within the tolerance. 60 cases under
/// `GJK_FULL_SWEEPS=1`, the first 21 otherwise (2000 distance queries each).
#[test]
fn tumbling_hulls_never_pass_a_contact() {
    let cases = support::sweep_size(60, 21);
    let mut rng = Rng::new(0x7u64);
    let config = Config::<f64, _> {
        max_iterations: 2000,
        ..Config::default()
    };
    let mut hits = 0;
    for case in 0..cases {
        let cloud = |rng: &mut Rng| -> Vec<Vector<f64, 3>> {
            (0..12)
                .map(|_| unit_vector::<3>(rng) * rng.range(0.3, 1.0))
                .collect()
        };
        let (pa, pb) = (cloud(&mut rng), cloud(&mut rng));
        let (a, b) = (Scanned::new(&pa).unwrap(), Scanned::new(&pb).unwrap());
        let pose = |rng: &mut Rng, at: P<3>| {
            Isometry3::from_parts(
                Translation3::from(at),
                UnitQuaternion::from_scaled_axis(unit_vector::<3>(rng) * rng.range(0.0, 3.0)),
            )
        };
        let start = unit_vector::<3>(&mut rng) * 4.0;
        let ma = RigidMotion::spatial(
            &pose(&mut rng, P::<3>::zeros()),
            unit_vector::<3>(&mut rng) * 0.3,
            unit_vector::<3>(&mut rng) * rng.range(0.0, 6.0),
        )
        .unwrap();
        let mb = RigidMotion::spatial(
            &pose(&mut rng, start),
            -start * rng.range(0.1, 0.4) + unit_vector::<3>(&mut rng) * 0.3,
            unit_vector::<3>(&mut rng) * rng.range(0.0, 6.0),
        )
        .unwrap();
        let separation = if case % 3 == 0 { 0.05 } else { 0.0 };
        let max_t = 10.0;
        let answer = time_of_impact(&a, &ma, &b, &mb, max_t, separation, &config).unwrap();
        let end = answer.map_or(max_t, |h| h.t);
        let what = format!("case {case}: {answer:?}");
        for k in 0..2000 {
            let t = end * f64::from(k) / 2000.0;
            let d = distance(&ma.place(&a, t), &mb.place(&b, t), &config).unwrap();
            assert!(
                d.distance >= separation - 1e-12,
                "closer than the target at t = {t}; {what}"
            );
        }
        if let Some(h) = answer {
            assert_eq!(h.status, Status::Converged, "{what}");
            let d = distance(&ma.place(&a, h.t), &mb.place(&b, h.t), &config).unwrap();
            assert!(
                d.distance - separation <= 1e-9,
                "not in contact at t; {what}"
            );
            hits += 1;
        }
    }
    assert!(
        hits >= cases / 3,
        "too few hits ({hits} of {cases}) to test the contact"
    );
}

#[test]
fn misses_are_proven() {
    let config = Config::<f64, _>::default();
    let rod = Capsule::new(
        Vector::<f64, 2>::new(-2.0, 0.0),
        Vector::<f64, 2>::new(2.0, 0.0),
        0.1,
    )
    .unwrap();
    let ball = Ball::new(Vector::<f64, 2>::zeros(), 0.1).unwrap();
    let spin = planar_spin::<f64, 2>(
        &SMatrix::identity(),
        &P::<2>::zeros(),
        &P::<2>::zeros(),
        3.0,
    );
    // Beyond the rod's reach.
    let far = planar_spin::<f64, 2>(
        &SMatrix::identity(),
        &P::<2>::new(0.0, 2.5),
        &P::<2>::zeros(),
        0.0,
    );
    assert!(
        time_of_impact(&rod, &spin, &ball, &far, 100.0, 0.0, &config)
            .unwrap()
            .is_none()
    );
    // Moving away from a rod that does not turn.
    let still = planar_spin::<f64, 2>(
        &SMatrix::identity(),
        &P::<2>::zeros(),
        &P::<2>::zeros(),
        0.0,
    );
    let away = planar_spin::<f64, 2>(
        &SMatrix::identity(),
        &P::<2>::new(0.0, 1.0),
        &P::<2>::new(0.0, 1.0),
        0.0,
    );
    assert!(
        time_of_impact(&rod, &still, &ball, &away, 100.0, 0.0, &config)
            .unwrap()
            .is_none()
    );
    // A contact after max_t.
    let near = planar_spin::<f64, 2>(
        &SMatrix::identity(),
        &P::<2>::new(0.0, 1.0),
        &P::<2>::zeros(),
        0.0,
    );
    let slow = planar_spin::<f64, 2>(
        &SMatrix::identity(),
        &P::<2>::zeros(),
        &P::<2>::zeros(),
        0.1,
    );
    assert!(time_of_impact(&rod, &slow, &ball, &near, 1.0, 0.0, &config)
        .unwrap()
        .is_none());
    assert!(
        time_of_impact(&rod, &slow, &ball, &near, 100.0, 0.0, &config)
            .unwrap()
            .is_some()
    );
}

#[test]
fn bad_motions_and_settings_are_errors() {
    let z = Vector::<f64, 4>::zeros();
    let eye = SMatrix::<f64, 4, 4>::identity();
    // Not skew-symmetric.
    let mut sym = SMatrix::<f64, 4, 4>::zeros();
    sym[(0, 1)] = 1.0;
    sym[(1, 0)] = 1.0;
    assert_eq!(
        RigidMotion::new(eye, z, z, sym),
        Err(ShapeError::NotOrthogonal)
    );
    // Turning in two planes at once (not one plane).
    let mut two = SMatrix::<f64, 4, 4>::zeros();
    two[(1, 0)] = 1.0;
    two[(0, 1)] = -1.0;
    two[(3, 2)] = 1.0;
    two[(2, 3)] = -1.0;
    assert_eq!(
        RigidMotion::new(eye, z, z, two),
        Err(ShapeError::NotOrthogonal)
    );
    let mut nan = z;
    nan[0] = f64::NAN;
    assert_eq!(
        RigidMotion::new(eye, z, nan, SMatrix::zeros()),
        Err(ShapeError::NonFinite)
    );
    assert_eq!(
        RigidMotion::new(eye * 2.0, z, z, SMatrix::zeros()),
        Err(ShapeError::NotOrthogonal)
    );
    let m = RigidMotion::new(eye, z, z, SMatrix::zeros()).unwrap();
    let ball = Ball::new(z, 1.0).unwrap();
    let config = Config::default();
    for (max_t, sep) in [
        (f64::NAN, 0.0),
        (-1.0, 0.0),
        (1.0, -1.0),
        (1.0, f64::INFINITY),
    ] {
        assert_eq!(
            time_of_impact(&ball, &m, &ball, &m, max_t, sep, &config).unwrap_err(),
            Error::InvalidConfig
        );
    }
    // Shapes that start overlapping hit at once.
    let hit = time_of_impact(&ball, &m, &ball, &m, 1.0, 0.0, &config)
        .unwrap()
        .unwrap();
    assert_eq!(hit.t, 0.0);
}
