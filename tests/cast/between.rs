//! `RigidMotion::between`: the motion from one pose to another over a time
//! step, integrated to the end of the step, reproduces the end pose.
//!
//! Random poses in 2D and 3D, `f32` and `f64`, with relative rotations of
//! every size: zero, tiny (down to `1e-12` rad), generic, and near and at a
//! half turn (`π − δ`, `δ` down to `1e-12`, and `δ = 0`), the end quaternion
//! negated at random. Budgets, in the precision `T` under test:
//!
//! * each axis of the placed shape within [`AXIS_ULPS`]` · ε_T` of the end
//!   pose's (unit vectors; the rounding of the relative quaternion, of its
//!   angle and axis, and of Rodrigues' formula);
//! * the origin within [`ORIGIN_ULPS`]` · ε_T · (|x₀| + |x₁|)` of the end
//!   translation (`x₀ + T ((x₁ − x₀) / T)`, three roundings);
//! * the turn never longer than half a turn: `|ω| T ≤ π (1 + 4 ε_T)`.
//!
//! Measured over the sweep: at most 6 ε on the axes, 1.1 ε on the origin.

use crate::support;

use core::f64::consts::PI;

use gjk::nalgebra::{Isometry2, Isometry3, Translation3, UnitQuaternion, Vector2, Vector3};
use gjk::{Point, RigidMotion, ShapeError, Vector};
use support::{unit_vector, Rng, Source, TestReal};

/// Budget on each axis at the end of the step, in `ε_T` (unit vectors).
const AXIS_ULPS: f64 = 16.0;

/// Budget on the origin at the end of the step, in `ε_T · (|x₀| + |x₁|)`.
const ORIGIN_ULPS: f64 = 4.0;

/// A relative angle of the kind `k`: zero, tiny, generic, or near or at a
/// half turn.
fn angle(r: &mut Rng, k: usize) -> f64 {
    match k % 6 {
        0 => 0.0,
        1 => 10f64.powf(r.range(-12.0, -3.0)),
        2 | 3 => r.range(0.0, PI),
        4 => PI - 10f64.powf(r.range(-12.0, -3.0)),
        _ => PI,
    }
}

/// The worst axis and origin errors at the end of the step, in the units of
/// the budgets.
fn end_errors<T: TestReal, const D: usize>(
    motion: &RigidMotion<T, D>,
    duration: T,
    axes: [Vector<T, D>; D],
    from: Vector<T, D>,
    to: Vector<T, D>,
) -> (f64, f64) {
    let placed = motion.place(Point::new(Vector::<T, D>::zeros()).unwrap(), duration);
    let mut axis = 0.0_f64;
    for (i, want) in axes.iter().enumerate() {
        let got = placed.direction_to_world(&support::scene::axis::<T, D>(i));
        let e = (0..D).fold(0.0_f64, |m, j| {
            m.max((got[j].as_f64() - want[j].as_f64()).abs())
        });
        axis = axis.max(e / T::eps());
    }
    let size = from.norm().as_f64() + to.norm().as_f64();
    let got = placed.translation();
    let e = (0..D).fold(0.0_f64, |m, j| {
        m.max((got[j].as_f64() - to[j].as_f64()).abs())
    });
    (axis, e / (T::eps() * size.max(f64::MIN_POSITIVE)))
}

fn check_shortest<T: TestReal, const D: usize>(
    motion: &RigidMotion<T, D>,
    duration: T,
    what: &str,
) {
    let turn = motion.angular_speed().as_f64() * duration.as_f64();
    assert!(
        turn <= PI * (1.0 + 4.0 * T::eps()),
        "{what}: turned {turn} > π"
    );
}

fn poses_3d<T: TestReal>() {
    let mut r = Rng::new(0xbe7);
    let (mut worst_axis, mut worst_origin) = (0.0_f64, 0.0_f64);
    for k in 0..600 {
        let of = |v: Vector3<f64>| Vector3::<T>::from_fn(|i, _| T::of_f64(v[i]));
        let q0 = UnitQuaternion::from_scaled_axis(unit_vector::<3>(&mut r) * r.range(0.0, PI));
        let dq = UnitQuaternion::from_scaled_axis(unit_vector::<3>(&mut r) * angle(&mut r, k));
        let q0 = UnitQuaternion::new_normalize(gjk::nalgebra::Quaternion::from(
            q0.into_inner().coords.map(T::of_f64),
        ));
        let mut q1 = UnitQuaternion::new_normalize(gjk::nalgebra::Quaternion::from(
            dq.into_inner().coords.map(T::of_f64),
        )) * q0;
        if r.chance(0.5) {
            q1 = UnitQuaternion::new_unchecked(-q1.into_inner());
        }
        let x0 = of(Vector3::from_fn(|_, _| r.range(-10.0, 10.0)));
        let x1 = of(Vector3::from_fn(|_, _| r.range(-10.0, 10.0)));
        let start = Isometry3::from_parts(Translation3::from(x0), q0);
        let end = Isometry3::from_parts(Translation3::from(x1), q1);
        let duration = T::of_f64([1.0, 0.3, 2.5][k % 3]);
        let what = format!("3D case {k} [{}]", T::NAME);
        let motion = RigidMotion::between(&start, &end, duration).unwrap();
        check_shortest(&motion, duration, &what);
        let axes = [q1 * Vector3::x(), q1 * Vector3::y(), q1 * Vector3::z()];
        let (a, o) = end_errors(&motion, duration, axes, x0, x1);
        assert!(a <= AXIS_ULPS, "{what}: axes off by {a} ε");
        assert!(o <= ORIGIN_ULPS, "{what}: origin off by {o} ε (|x|)");
        (worst_axis, worst_origin) = (worst_axis.max(a), worst_origin.max(o));
        // The end quaternion's sign does not change the motion.
        let flipped = Isometry3::from_parts(
            end.translation,
            UnitQuaternion::new_unchecked(-q1.into_inner()),
        );
        assert_eq!(
            RigidMotion::between(&start, &flipped, duration),
            Ok(motion),
            "{what}: sign"
        );
    }
    eprintln!(
        "between 3D [{}]: worst axis {worst_axis:.1} ε, origin {worst_origin:.1} ε",
        T::NAME
    );
}

fn poses_2d<T: TestReal>() {
    let mut r = Rng::new(0x2be7);
    let (mut worst_axis, mut worst_origin) = (0.0_f64, 0.0_f64);
    for k in 0..600 {
        let of = |v: Vector2<f64>| Vector2::<T>::from_fn(|i, _| T::of_f64(v[i]));
        let a0 = r.range(-PI, PI);
        let turn = if r.chance(0.5) {
            angle(&mut r, k)
        } else {
            -angle(&mut r, k)
        };
        let x0 = of(Vector2::from_fn(|_, _| r.range(-10.0, 10.0)));
        let x1 = of(Vector2::from_fn(|_, _| r.range(-10.0, 10.0)));
        let start = Isometry2::new(x0, T::of_f64(a0));
        let end = Isometry2::new(x1, T::of_f64(a0 + turn));
        let duration = T::of_f64([1.0, 0.3, 2.5][k % 3]);
        let what = format!("2D case {k} [{}]", T::NAME);
        let motion = RigidMotion::between(&start, &end, duration).unwrap();
        check_shortest(&motion, duration, &what);
        let axes = [end.rotation * Vector2::x(), end.rotation * Vector2::y()];
        let (a, o) = end_errors(&motion, duration, axes, x0, x1);
        assert!(a <= AXIS_ULPS, "{what}: axes off by {a} ε");
        assert!(o <= ORIGIN_ULPS, "{what}: origin off by {o} ε (|x|)");
        (worst_axis, worst_origin) = (worst_axis.max(a), worst_origin.max(o));
    }
    eprintln!(
        "between 2D [{}]: worst axis {worst_axis:.1} ε, origin {worst_origin:.1} ε",
        T::NAME
    );
}

#[test]
fn integrating_to_the_end_reproduces_the_end_pose() {
    poses_3d::<f32>();
    poses_3d::<f64>();
    poses_2d::<f32>();
    poses_2d::<f64>();
}

#[test]
fn equal_rotations_do_not_turn_and_half_turns_are_deterministic() {
    let a = Isometry3::new(Vector3::new(1.0, 2.0, 3.0), Vector3::new(0.3, -0.2, 0.1));
    let b = Isometry3::from_parts(Translation3::new(4.0, 2.0, 3.0), a.rotation);
    let motion = RigidMotion::between(&a, &b, 3.0).unwrap();
    assert_eq!(motion.angular_speed(), 0.0);
    assert_eq!(motion.velocity(), Vector3::new(1.0, 0.0, 0.0));
    // A half turn about y, from either sign of the quaternion: the same motion.
    let half = UnitQuaternion::new_unchecked(gjk::nalgebra::Quaternion::new(0.0, 0.0, 1.0, 0.0));
    let neg = UnitQuaternion::new_unchecked(-half.into_inner());
    let id = Isometry3::identity();
    let m1 = RigidMotion::between(
        &id,
        &Isometry3::from_parts(Translation3::identity(), half),
        1.0,
    );
    let m2 = RigidMotion::between(
        &id,
        &Isometry3::from_parts(Translation3::identity(), neg),
        1.0,
    );
    assert_eq!(m1, m2);
    assert!((m1.unwrap().angular_speed() - PI).abs() < 1e-15);
    // In the plane, a half turn is counter-clockwise whatever the sign of zero.
    let p = Isometry2::rotation(PI);
    let m = RigidMotion::between(&Isometry2::identity(), &p, 1.0).unwrap();
    let x = m
        .place(Point::<f64, 2>::new(Vector2::zeros()).unwrap(), 0.5)
        .direction_to_world(&Vector2::x());
    assert!((x - Vector2::y()).norm() < 1e-15, "{x}");
}

#[test]
fn bad_durations_are_refused() {
    let (a, b) = (Isometry2::identity(), Isometry2::translation(1.0, 0.0));
    assert_eq!(
        RigidMotion::between(&a, &b, 0.0).err(),
        Some(ShapeError::Negative)
    );
    assert_eq!(
        RigidMotion::between(&a, &b, -1.0).err(),
        Some(ShapeError::Negative)
    );
    assert_eq!(
        RigidMotion::between(&a, &b, f64::NAN).err(),
        Some(ShapeError::NonFinite)
    );
    assert_eq!(
        RigidMotion::between(&a, &b, f64::INFINITY).err(),
        Some(ShapeError::NonFinite)
    );
    // A velocity past the range is not finite.
    let far = Isometry2::translation(1e300, 0.0);
    assert_eq!(
        RigidMotion::between(&a, &far, 1e-300).err(),
        Some(ShapeError::NonFinite)
    );
}
