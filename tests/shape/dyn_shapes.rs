//! Queries on unsized shapes: `&dyn SupportMap` (and `&dyn Faces`) passed
//! directly, as a heterogeneous scene holds them.
//!
//! Oracle: the same query on the statically typed shapes. Dispatch must not
//! change an answer, so the two are compared bit for bit (budget: zero).

use gjk::nalgebra::{Isometry2, Isometry3, Matrix3, Vector2, Vector3};
use gjk::{
    closest_points, contact, contact_manifold, distance, hull::Polygon, intersects, penetration,
    ray_cast, shape_cast, time_of_impact, Ball, Capsule, Config, Cuboid, Faces, RigidMotion,
    SupportMap, Transformed,
};

/// Every query on `(a, b)` against the same query on them as trait objects.
fn same_as_static<A, B, const D: usize>(a: &A, b: &B)
where
    A: SupportMap<f64, D>,
    B: SupportMap<f64, D>,
{
    let (da, db): (&dyn SupportMap<f64, D>, &dyn SupportMap<f64, D>) = (a, b);
    let config = Config::default();
    assert_eq!(intersects(a, b, &config), intersects(da, db, &config));
    assert_eq!(distance(a, b, &config), distance(da, db, &config));
    assert_eq!(
        closest_points(a, b, 0.5, &config),
        closest_points(da, db, 0.5, &config)
    );
    assert_eq!(penetration(a, b, &config), penetration(da, db, &config));
    assert_eq!(contact(a, b, 0.25, &config), contact(da, db, 0.25, &config));
    let towards = b.center() - a.center();
    assert_eq!(
        ray_cast(a, b.center(), -towards, 2.0, &config),
        ray_cast(da, b.center(), -towards, 2.0, &config)
    );
    assert_eq!(
        shape_cast(a, b, -towards, 2.0, &config),
        shape_cast(da, db, -towards, 2.0, &config)
    );
}

#[test]
fn planar_scene_of_trait_objects() {
    let square = [
        Vector2::new(-1.0, -1.0),
        Vector2::new(1.0, -1.0),
        Vector2::new(1.0, 1.0),
        Vector2::new(-1.0, 1.0),
    ];
    let polygon = Polygon::new(&square).unwrap();
    let ball = Ball::new(Vector2::new(0.3, 1.6), 0.7).unwrap();
    let capsule = Capsule::new(Vector2::new(-2.0, 0.5), Vector2::new(-1.5, 2.0), 0.3).unwrap();
    let cuboid = Transformed::from_isometry2(
        Cuboid::new(Vector2::new(0.5, 0.25)).unwrap(),
        &Isometry2::new(Vector2::new(2.2, 0.4), 0.6),
    );
    same_as_static(&polygon, &ball);
    same_as_static(&ball, &capsule);
    same_as_static(&capsule, &cuboid);
    same_as_static(&cuboid, &polygon);
    same_as_static(&polygon, &polygon);

    // A scene held as boxed trait objects, queried pair by pair.
    let scene: Vec<Box<dyn SupportMap<f64, 2> + '_>> = vec![
        Box::new(polygon),
        Box::new(ball),
        Box::new(capsule),
        Box::new(cuboid),
    ];
    let config = Config::default();
    for (i, a) in scene.iter().enumerate() {
        for b in &scene[i + 1..] {
            let ab = distance(&**a, &**b, &config).unwrap();
            let ba = distance(&**b, &**a, &config).unwrap();
            // Budget: the swapped pair agrees to the tolerance and rounding.
            assert!((ab.distance - ba.distance).abs() <= 1e-12 * (1.0 + ab.distance));
            assert_eq!(
                intersects(&**a, &**b, &config).unwrap(),
                ab.distance == 0.0,
                "{ab:?}"
            );
        }
    }
}

#[test]
fn spatial_trait_objects_with_faces_and_motion() {
    let floor = Cuboid::new(Vector3::new(3.0, 3.0, 0.5)).unwrap();
    let crate_ = Transformed::from_isometry3(
        Cuboid::new(Vector3::new(0.5, 0.5, 0.5)).unwrap(),
        &Isometry3::translation(0.2, -0.1, 0.99),
    );
    let ball = Ball::new(Vector3::new(2.0, 2.0, 1.2), 0.6).unwrap();
    same_as_static(&floor, &crate_);
    same_as_static(&crate_, &ball);
    same_as_static(&ball, &floor);

    let config = Config::default();
    let (df, dc): (&dyn Faces<f64, 3>, &dyn Faces<f64, 3>) = (&floor, &crate_);
    let manifold = contact_manifold(df, dc, 0.01, &config);
    assert_eq!(manifold, contact_manifold(&floor, &crate_, 0.01, &config));
    assert_eq!(manifold.unwrap().unwrap().len(), 4);

    let still = RigidMotion::at_rest(&crate_);
    let falling = RigidMotion::new(
        Matrix3::identity(),
        Vector3::zeros(),
        Vector3::new(0.0, 0.0, -1.0),
        Matrix3::zeros(),
    )
    .unwrap();
    let (sb, sf): (&dyn SupportMap<f64, 3>, &dyn SupportMap<f64, 3>) = (&ball, &floor);
    assert_eq!(
        time_of_impact(&ball, &falling, &floor, &still, 2.0, 0.0, &config),
        time_of_impact(sb, &falling, sf, &still, 2.0, 0.0, &config)
    );
}
