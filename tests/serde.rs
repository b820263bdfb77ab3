//! Shapes, configs and results through `serde` (feature `serde`), as JSON.
//!
//! Oracles: the value read back equals the value written, bit for bit
//! (`PartialEq` on every field, the floats compared exactly), and a query
//! on the shapes read back gives the same answer, bit for bit; documents
//! that describe no valid shape are refused with the constructor's error.
//! D = 2, 3, 4 (where the shape exists), `f32` and `f64`.
#![cfg(feature = "serde")]

use gjk::nalgebra::{Isometry3, Matrix2, Matrix3, Vector2, Vector3};
use gjk::{
    distance, hull::Polygon, hull::Scanned, penetration, Aabb, Affine, Ball, Capsule, Cone, Config,
    Cuboid, Cylinder, Distance, Ellipsoid, Point, Rounded, Segment, Status, Transformed, Triangle,
    Vector,
};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Written and read back: equal, and the JSON reads back to the same JSON.
fn round_trip<X: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug>(x: &X) -> X {
    let text = serde_json::to_string(x).unwrap();
    let back: X = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(&back, x, "{text}");
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
    back
}

/// Numbers with every bit of the mantissa in use (JSON must keep them).
fn awkward<const D: usize>(k: f64) -> Vector<f64, D> {
    Vector::<f64, D>::from_fn(|i, _| (k + i as f64) / 3.0 + 1e-7 * (i as f64 + 0.1).sqrt())
}

fn primitives<const D: usize>() {
    let c = awkward::<D>(1.0);
    round_trip(&Point::new(c).unwrap());
    round_trip(&Ball::new(c, 0.7).unwrap());
    round_trip(&Cuboid::new(awkward::<D>(2.0).abs()).unwrap());
    round_trip(&Segment::new(c, awkward::<D>(5.0)).unwrap());
    round_trip(&Capsule::new(c, awkward::<D>(5.0), 0.25).unwrap());
    round_trip(&Triangle::new(c, awkward::<D>(2.0), -c).unwrap());
    round_trip(&Ellipsoid::new(awkward::<D>(3.0).abs()).unwrap());
    let points = [c, -c, awkward::<D>(7.0), awkward::<D>(-4.0)];
    round_trip(&Scanned::new(points).unwrap());
    round_trip(&Scanned::new(points.to_vec()).unwrap());
    round_trip(&Rounded::new(Ball::new(c, 0.5).unwrap(), 0.125).unwrap());
    round_trip(&Aabb::of(&Ball::new(c, 0.5).unwrap()).unwrap());
    // f32 too.
    let c32 = c.map(|x| x as f32);
    round_trip(&Capsule::new(c32, -c32, 0.25f32).unwrap());
}

#[test]
fn primitives_round_trip_in_every_dimension() {
    primitives::<2>();
    primitives::<3>();
    primitives::<4>();
}

#[test]
fn placed_shapes_round_trip_and_answer_the_same() {
    let pose = Isometry3::new(Vector3::new(0.3, -1.1, 2.0), Vector3::new(0.4, 0.2, -0.7));
    let a = Transformed::from_isometry3(Cuboid::new(Vector3::new(1.0, 0.5, 0.25)).unwrap(), &pose);
    let b = Rounded::new(
        Transformed::from_isometry3(
            Cylinder::new(0.75, 0.5).unwrap(),
            &Isometry3::new(Vector3::new(1.7, -0.4, 2.2), Vector3::new(-0.2, 0.9, 0.1)),
        ),
        0.05,
    )
    .unwrap();
    let c = Affine::new(
        Cone::new(0.5, 0.25).unwrap(),
        Matrix3::new(1.0, 0.2, 0.0, 0.0, 2.0, 0.1, 0.3, 0.0, 0.5),
        Vector3::new(-1.5, 0.2, 1.9),
    )
    .unwrap();
    let (a2, b2, c2) = (round_trip(&a), round_trip(&b), round_trip(&c));
    let config = Config::default();
    assert_eq!(distance(&a, &b, &config), distance(&a2, &b2, &config));
    assert_eq!(penetration(&a, &c, &config), penetration(&a2, &c2, &config));
    let square = [
        Vector2::new(0.0, 0.0),
        Vector2::new(1.0, 0.1),
        Vector2::new(1.1, 1.0),
        Vector2::new(0.1, 0.9),
    ];
    round_trip(&Polygon::new(square).unwrap());
    round_trip(&Polygon::new(square.to_vec()).unwrap());
    let placed = Transformed::new(
        Polygon::new(square).unwrap(),
        Matrix2::identity(),
        square[2],
    )
    .unwrap();
    round_trip(&placed);
}

#[test]
fn configs_and_results_round_trip() {
    let config = Config {
        tolerance: 1e-9,
        max_iterations: 33,
        first_direction: None,
    };
    round_trip(&config);
    round_trip(&config.starting_along(Some(Vector3::new(1.0, -2.0, 0.5))));
    let a = Ball::new(Vector3::new(0.1, 0.2, 0.3), 0.5).unwrap();
    let b = Cuboid::new(Vector3::new(0.5, 1.0 / 3.0, 0.25)).unwrap();
    let d: Distance<f64, 3> = distance(
        &a,
        &Transformed::translated(b, Vector3::x() * 3.0).unwrap(),
        &config,
    )
    .unwrap();
    assert_eq!(d.status, Status::Converged);
    round_trip(&d);
    round_trip(&penetration(&a, &b, &config).unwrap().unwrap());
    round_trip(&gjk::Error::Overflow);
}

/// Documents that describe no valid shape: refused, with the constructor's
/// error in the message.
#[test]
fn invalid_documents_are_refused() {
    let refused = |text: &str, check: fn(&str) -> bool| assert!(check(text), "accepted: {text}");
    refused(r#"{"center":[0.0,0.0,0.0],"radius":-1.0}"#, |t| {
        serde_json::from_str::<Ball<f64, 3>>(t).is_err()
    });
    refused(r#"{"half_extents":[1.0,-0.5]}"#, |t| {
        serde_json::from_str::<Cuboid<f64, 2>>(t).is_err()
    });
    // A shear is not a rotation.
    refused(
        r#"{"shape":{"center":[0.0,0.0],"radius":1.0},"rotation":[1.0,0.0,0.5,1.0],"translation":[0.0,0.0]}"#,
        |t| serde_json::from_str::<Transformed<Ball<f64, 2>, f64, 2>>(t).is_err(),
    );
    // Not convex: the third vertex is inside.
    refused(
        r#"{"vertices":[[0.0,0.0],[2.0,0.0],[1.0,0.2],[2.0,2.0],[0.0,2.0]]}"#,
        |t| serde_json::from_str::<Polygon<Vec<Vector2<f64>>, f64>>(t).is_err(),
    );
    refused(r#"{"points":[]}"#, |t| {
        serde_json::from_str::<Scanned<Vec<Vector3<f64>>, f64, 3>>(t).is_err()
    });
    refused(r#"{"shape":{"position":[0.0]},"radius":-0.5}"#, |t| {
        serde_json::from_str::<Rounded<Point<f64, 1>, f64>>(t).is_err()
    });
    // And a valid one is read.
    let ok: Ball<f64, 3> =
        serde_json::from_str(r#"{"center":[0.0,1.0,0.0],"radius":0.5}"#).unwrap();
    assert_eq!(ok, Ball::new(Vector3::new(0.0, 1.0, 0.0), 0.5).unwrap());
}
