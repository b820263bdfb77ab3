//! The package's shape enum answers every query as the crate's `Shape2`
//! and `Shape3` do, to the bit: it forwards every method of the shape
//! traits (a method it dropped would lose a fast path and change answers
//! or iteration counts).

use gjk::nalgebra::{Isometry2, Isometry3, Vector2, Vector3};
use gjk::{
    contact, contact_manifold, distance, ray_cast, Ball, Capsule, Config, Cuboid, OwnedHull,
    Shape2, Shape3, Transformed,
};
use gjk_js::kind::Kind;

fn kinds3() -> Vec<(Kind<3>, Shape3<f64>)> {
    let v = Vector3::new;
    let ball = Ball::new(v(0.0, 0.0, 0.0), 0.7).unwrap();
    let cuboid = Cuboid::new(v(1.0, 0.5, 0.25)).unwrap();
    let capsule = Capsule::new(v(0.0, -0.8, 0.0), v(0.0, 0.8, 0.0), 0.3).unwrap();
    let points = vec![
        v(0.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
        v(0.0, 1.0, 0.0),
        v(0.0, 0.0, 1.0),
    ];
    let hull = OwnedHull::<f64, 3>::new(points).unwrap();
    vec![
        (Kind::Ball(ball), ball.into()),
        (Kind::Cuboid(cuboid), cuboid.into()),
        (Kind::Capsule(capsule), capsule.into()),
        (Kind::Hull(hull.clone()), hull.into()),
    ]
}

fn kinds2() -> Vec<(Kind<2>, Shape2<f64>)> {
    let v = Vector2::new;
    let ball = Ball::new(v(0.0, 0.0), 0.7).unwrap();
    let cuboid = Cuboid::new(v(1.0, 0.5)).unwrap();
    let capsule = Capsule::new(v(0.0, -0.8), v(0.0, 0.8), 0.3).unwrap();
    let hull = OwnedHull::<f64, 2>::new(vec![v(0.0, 0.0), v(1.5, 0.2), v(0.3, 1.0)]).unwrap();
    vec![
        (Kind::Ball(ball), ball.into()),
        (Kind::Cuboid(cuboid), cuboid.into()),
        (Kind::Capsule(capsule), capsule.into()),
        (Kind::Hull(hull.clone()), hull.into()),
    ]
}

#[test]
fn three_d_answers_as_the_crates_enum() {
    let config = Config::default();
    let kinds = kinds3();
    for k in 0..40 {
        let t = f64::from(k) * 0.37;
        let pa = Isometry3::new(
            Vector3::new(0.1, -0.2, 0.05 * t),
            Vector3::new(t, 0.3, -0.2),
        );
        let pb = Isometry3::new(
            Vector3::new(1.9 - 0.04 * t, 0.2, 0.1),
            Vector3::new(0.5, t, 0.1),
        );
        for (ka, ea) in &kinds {
            for (kb, eb) in &kinds {
                let (a, b) = (
                    Transformed::from_isometry3(ka, &pa),
                    Transformed::from_isometry3(kb, &pb),
                );
                let (c, d) = (
                    Transformed::from_isometry3(ea, &pa),
                    Transformed::from_isometry3(eb, &pb),
                );
                assert_eq!(distance(&a, &b, &config), distance(&c, &d, &config));
                assert_eq!(contact(&a, &b, 0.5, &config), contact(&c, &d, 0.5, &config));
                assert_eq!(
                    contact_manifold(&a, &b, 0.2, &config),
                    contact_manifold(&c, &d, 0.2, &config)
                );
                let (o, r) = (
                    Vector3::new(-5.0, 0.1 * t, 0.0),
                    Vector3::new(1.0, 0.0, 0.02),
                );
                assert_eq!(
                    ray_cast(&a, o, r, 20.0, &config),
                    ray_cast(&c, o, r, 20.0, &config)
                );
            }
        }
    }
}

#[test]
fn two_d_answers_as_the_crates_enum() {
    let config = Config::default();
    let kinds = kinds2();
    for k in 0..40 {
        let t = f64::from(k) * 0.41;
        let pa = Isometry2::new(Vector2::new(0.1, -0.2), t);
        let pb = Isometry2::new(Vector2::new(1.8 - 0.04 * t, 0.3), -0.5 * t);
        for (ka, ea) in &kinds {
            for (kb, eb) in &kinds {
                let (a, b) = (
                    Transformed::from_isometry2(ka, &pa),
                    Transformed::from_isometry2(kb, &pb),
                );
                let (c, d) = (
                    Transformed::from_isometry2(ea, &pa),
                    Transformed::from_isometry2(eb, &pb),
                );
                assert_eq!(distance(&a, &b, &config), distance(&c, &d, &config));
                assert_eq!(contact(&a, &b, 0.5, &config), contact(&c, &d, 0.5, &config));
                assert_eq!(
                    contact_manifold(&a, &b, 0.2, &config),
                    contact_manifold(&c, &d, 0.2, &config)
                );
            }
        }
    }
}
