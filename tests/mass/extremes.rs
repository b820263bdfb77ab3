//! Degenerate and extreme inputs: no panics, NaN for a NaN density, the
//! same digits at any power-of-two scale, zero volume for flat shapes.

use gjk::{
    Ball, Capsule, Cone, Cuboid, Cylinder, Ellipsoid, MassProperties, Rounded, Solid, Triangle,
};
use nalgebra::{Vector2, Vector3};

use super::{hull2, hull3};

/// Scaling a shape by `2^k` scales its mass by `2^(kD)` and its second
/// moment by `2^(k(D+2))` exactly: the computation is done at order one.
fn scaled_exactly<const D: usize>(
    unit: &MassProperties<f64, D>,
    big: &MassProperties<f64, D>,
    k: i32,
) -> bool {
    let s = 2f64.powi(k);
    big.mass == unit.mass * s.powi(D as i32)
        && big.center == unit.center * s
        && big.second_moment == unit.second_moment * s.powi(D as i32 + 2)
}

#[test]
fn powers_of_two_scale_the_properties_exactly() {
    // Budget: bit for bit, from 2^-100 to 2^100 (results within the range).
    for k in [-100, -40, -3, 5, 60, 100] {
        let s = 2f64.powi(k);
        let v = |x: f64, y: f64, z: f64| Vector3::new(x, y, z) * s;
        let pairs3: [(MassProperties<f64, 3>, MassProperties<f64, 3>); 7] = [
            (
                Ball::new(v(1.0, 0.0, 0.0), 0.75 * s)
                    .unwrap()
                    .mass_properties(1.0),
                Ball::new(v(1.0, 0.0, 0.0) / s, 0.75)
                    .unwrap()
                    .mass_properties(1.0),
            ),
            (
                Cuboid::new(v(0.5, 1.0, 3.0)).unwrap().mass_properties(1.0),
                Cuboid::new(v(0.5, 1.0, 3.0) / s)
                    .unwrap()
                    .mass_properties(1.0),
            ),
            (
                Ellipsoid::new(v(0.5, 1.0, 3.0))
                    .unwrap()
                    .mass_properties(1.0),
                Ellipsoid::new(v(0.5, 1.0, 3.0) / s)
                    .unwrap()
                    .mass_properties(1.0),
            ),
            (
                Cylinder::new(s, 0.5 * s).unwrap().mass_properties(1.0),
                Cylinder::new(1.0, 0.5).unwrap().mass_properties(1.0),
            ),
            (
                Cone::new(s, 0.5 * s).unwrap().mass_properties(1.0),
                Cone::new(1.0, 0.5).unwrap().mass_properties(1.0),
            ),
            (
                Capsule::new(v(1.0, 2.0, 3.0), v(-1.0, 0.5, 0.0), s)
                    .unwrap()
                    .mass_properties(1.0),
                Capsule::new(v(1.0, 2.0, 3.0) / s, v(-1.0, 0.5, 0.0) / s, 1.0)
                    .unwrap()
                    .mass_properties(1.0),
            ),
            (
                hull3(
                    &[
                        v(0.0, 0.0, 0.0),
                        v(1.0, 0.0, 0.0),
                        v(0.0, 2.0, 0.0),
                        v(0.0, 0.0, 3.0),
                        v(1.0, 1.0, 1.0),
                    ],
                    1.0,
                ),
                hull3(
                    &[
                        v(0.0, 0.0, 0.0) / s,
                        v(1.0, 0.0, 0.0) / s,
                        v(0.0, 2.0, 0.0) / s,
                        v(0.0, 0.0, 3.0) / s,
                        v(1.0, 1.0, 1.0) / s,
                    ],
                    1.0,
                ),
            ),
        ];
        for (i, (big, unit)) in pairs3.iter().enumerate() {
            assert!(
                scaled_exactly(unit, big, k),
                "shape {i} at 2^{k}: {big:?} vs {unit:?}"
            );
        }
        let w = |x: f64, y: f64| Vector2::new(x, y) * s;
        let square = Rounded::new(Cuboid::new(w(1.0, 0.5)).unwrap(), 0.25 * s).unwrap();
        let unit = Rounded::new(Cuboid::new(w(1.0, 0.5) / s).unwrap(), 0.25).unwrap();
        assert!(scaled_exactly(
            &unit.mass_properties(1.0),
            &square.mass_properties(1.0),
            k
        ));
        let pts = [w(0.0, 0.0), w(1.0, 0.0), w(0.25, 2.0)];
        let unit_pts = pts.map(|p| p / s);
        assert!(scaled_exactly(&hull2(&unit_pts, 1.0), &hull2(&pts, 1.0), k));
    }
}

#[test]
fn masses_in_range_survive_volumes_out_of_range() {
    // Budget: 1e-6 relative in f32, 1e-12 in f64. The volume alone would
    // overflow (an f32 cube 8e12 on a side: 5e38 > 3.4e38; an f64 hull
    // 1e110 across: 1e330), the mass at a small density does not: the
    // density is applied at order one, the size after.
    let cube = Cuboid::new(Vector3::new(4e12_f32, 4e12, 4e12))
        .unwrap()
        .mass_properties(1e-20);
    let want = 512e36_f64 * 1e-20_f64;
    assert!(
        (f64::from(cube.mass) - want).abs() / want < 1e-6,
        "{}",
        cube.mass
    );
    let s = 1e110;
    let corners = [
        Vector3::new(0.0, 0.0, 0.0),
        Vector3::new(s, 0.0, 0.0),
        Vector3::new(0.0, s, 0.0),
        Vector3::new(0.0, 0.0, s),
    ];
    let tetra = hull3(&corners, 1e-100);
    let want: f64 = 1e230 / 6.0; // s³ / 6 at density 1e-100
    assert!((tetra.mass - want).abs() / want < 1e-12, "{}", tetra.mass);
    assert!((tetra.center - Vector3::repeat(s / 4.0)).amax() < 1e-12 * s);
    // A result beyond the range is infinite, not NaN.
    let huge = Ball::new(Vector3::zeros(), 1e200)
        .unwrap()
        .mass_properties(1.0);
    assert_eq!(huge.mass, f64::INFINITY);
    assert_eq!(huge.center, Vector3::zeros());
}

#[test]
fn nan_densities_and_flat_shapes_do_not_panic() {
    let nan = f64::NAN;
    let ball = Ball::new(Vector3::zeros(), 1.0).unwrap();
    let m = ball.mass_properties(nan);
    assert!(m.mass.is_nan() && m.second_moment[(0, 0)].is_nan());
    assert!(hull3(
        &[Vector3::zeros(), Vector3::x(), Vector3::y(), Vector3::z()],
        nan
    )
    .mass
    .is_nan());
    // Zero sizes: zero volume, a finite centre.
    let flat = Cuboid::new(Vector3::new(1.0, 0.0, 1.0))
        .unwrap()
        .mass_properties(1.0);
    assert_eq!(flat.mass, 0.0);
    let v = |x: f64, y: f64| Vector2::new(x, y);
    let line = Triangle::new(v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0))
        .unwrap()
        .mass_properties(1.0);
    assert_eq!(line.mass, 0.0);
    assert!(line.center.iter().all(|x| x.is_finite()));
    let point = Triangle::new(v(1.0, 1.0), v(1.0, 1.0), v(1.0, 1.0)).unwrap();
    assert_eq!(point.mass_properties(1.0).center, v(1.0, 1.0));
    let rounded_point = Rounded::new(point, 1.0).unwrap().mass_properties(1.0);
    assert!((rounded_point.mass - core::f64::consts::PI).abs() < 1e-15);
    let dot = Capsule::new(v(0.0, 0.0), v(0.0, 0.0), 0.0)
        .unwrap()
        .mass_properties(1.0);
    assert_eq!(dot.mass, 0.0);
    assert!(dot.second_moment.iter().all(|x| x.is_finite()));
    // Negative or zero total mass in a sum keeps the centre finite.
    let zero = MassProperties::<f64, 3>::zero() + MassProperties::zero();
    assert!(zero.center.iter().all(|x| x.is_finite()));
}
