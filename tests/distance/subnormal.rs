//! Scenes below the normal floating-point range are refused, not answered.
//!
//! Found: an `f32` scene at scale 1e-44 (balls and boxes whose coordinates
//! are subnormal, holding one or two significant digits) gave a distance of
//! 1.4e-44 for a true 3e-45, and overlapping shapes reported apart, each
//! `Converged`: the kernel's power-of-two frame made the numbers normal, but
//! they had lost their digits before the query started (and the shapes'
//! own arithmetic, a rotation, rounds to the subnormal spacing).
//!
//! Must hold: every query on a scene whose coordinates and margins all lie
//! below `MIN_POSITIVE` (but not all zero) returns `Error::Subnormal`, in
//! both precisions and D = 2, 3; the same scene scaled up by a power of two
//! into the normal range is answered, `Converged`, exactly scaled.

use gjk::nalgebra::SMatrix;
use gjk::{
    contact, contact_manifold, distance, intersects, penetration, Ball, Config, Cuboid, Error,
    Real, Status, Transformed, Vector,
};

fn scene<T: Real + core::fmt::Debug, const D: usize>(unit: T) {
    assert!(unit > T::zero());
    let v =
        |x: f64| Vector::<T, D>::from_fn(|i, _| if i == 0 { T::lit(x) * unit } else { T::zero() });
    let half = Vector::<T, D>::repeat(T::lit(3.0) * unit);
    let turn = SMatrix::<T, D, D>::from_fn(|i, j| match (i, j) {
        (0, 0) | (1, 1) => T::lit(0.6),
        (0, 1) => T::lit(-0.8),
        (1, 0) => T::lit(0.8),
        _ if i == j => T::one(),
        _ => T::zero(),
    });
    let a = Cuboid::new(half).unwrap();
    let b = Transformed::new(Cuboid::new(half).unwrap(), turn, v(8.0)).unwrap();
    let ball = Ball::new(v(-7.0), T::lit(2.0) * unit).unwrap();
    let config = Config::<T, _>::default();
    // The scene spans about 12 units: wholly subnormal below 2⁻⁴ of the floor.
    let subnormal = unit * T::lit(16.0) < T::MIN_POSITIVE;
    let expect = |what: &str, e: Option<Error>| {
        if subnormal {
            assert_eq!(e, Some(Error::Subnormal), "{what} at unit {unit:?}");
        } else {
            assert_eq!(e, None, "{what} at unit {unit:?}");
        }
    };
    expect("distance", distance(&a, &b, &config).err());
    expect("intersects", intersects(&a, &b, &config).err());
    expect("penetration", penetration(&a, &b, &config).err());
    expect("contact", contact(&a, &ball, unit, &config).err());
    expect("ball distance", distance(&ball, &a, &config).err());
    expect("ball intersects", intersects(&ball, &a, &config).err());
    if D <= 3 {
        expect(
            "manifold",
            contact_manifold(&a, &b, T::zero(), &config).err(),
        );
    }
    if !subnormal {
        let d = distance(&ball, &a, &config).unwrap();
        assert_eq!(d.status, Status::Converged);
        assert_eq!(d.distance, T::lit(2.0) * unit, "ball 2 units from the box");
    }
}

/// `2ᵏ` for `k ≤ 0`, by exact halvings (down to the smallest subnormal,
/// where `powi` of a negative power underflows through its reciprocal).
fn pow2<T: Real>(k: i32) -> T {
    (0..-k).fold(T::one(), |x, _| x * T::lit(0.5))
}

#[test]
fn subnormal_scenes_are_refused() {
    for k in [-149, -140, -131] {
        scene::<f32, 2>(pow2(k));
        scene::<f32, 3>(pow2(k));
    }
    for k in [-1074, -1060, -1027] {
        scene::<f64, 2>(pow2(k));
        scene::<f64, 3>(pow2(k));
    }
    // The normal range, from its floor up: answered.
    for k in [-126, -100, 0] {
        scene::<f32, 3>(pow2::<f32>(k) * 64.0);
    }
    scene::<f64, 3>(pow2::<f64>(-1022) * 64.0);
}

/// Found by the `distance` fuzz target: a hull of size one whose centre
/// lies within 1e-40 of a point at the origin. The first search direction
/// (between the centres) is subnormal, every product with it underflows,
/// and the first support point came out as a subnormal vertex: the scene
/// was refused as subnormal. Its size is taken from the supports along the
/// axes instead: answered, at distance zero (the point is a vertex of the
/// hull), in both precisions.
#[test]
fn a_subnormal_first_direction_does_not_make_the_scene_subnormal() {
    fn check<T: Real + core::fmt::Debug>() {
        let v = |x: f64, y: f64, z: f64| Vector::<T, 3>::new(T::lit(x), T::lit(y), T::lit(z));
        let points = [
            v(1.61498e-40, -0.0, 1.0),
            v(-0.0, -0.0, -2.71364e-40),
            v(0.0, 0.0, -1.0),
            v(0.0, 0.0, 0.0),
        ];
        let hull = gjk::hull::Scanned::new(points).unwrap();
        let origin = gjk::Point::new(Vector::<T, 3>::zeros()).unwrap();
        // (The hull is flat: the loop may stall on it, its bracket still
        // holding the answer.)
        let d = distance(&hull, &origin, &Config::default()).unwrap();
        assert!(
            d.distance <= T::lit(1e-30) && d.lower <= d.distance,
            "{d:?}"
        );
    }
    check::<f32>();
    check::<f64>();
}
