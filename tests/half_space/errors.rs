//! Bad input gets an error value, never a panic: NaN, infinite and zero
//! normals; NaN offsets, poses, support points and margins; bad query
//! arguments; lengths past the range.

use gjk::nalgebra::{Matrix3, Vector2, Vector3};
use gjk::{
    half_space_contact, half_space_distance, half_space_intersects, half_space_manifold,
    half_space_ray_cast, half_space_shape_cast, Ball, Config, Cuboid, Error, Face, Faces,
    HalfSpace, ShapeError, SupportMap, Transformed,
};

#[test]
fn bad_planes_are_refused() {
    let nan = Vector3::new(f64::NAN, 1.0, 0.0);
    assert_eq!(HalfSpace::new(nan, 0.0), Err(ShapeError::NonFinite));
    let inf = Vector3::new(f32::INFINITY, 1.0, 0.0);
    assert_eq!(HalfSpace::new(inf, 0.0), Err(ShapeError::NonFinite));
    assert_eq!(
        HalfSpace::new(Vector3::<f64>::zeros(), 0.0),
        Err(ShapeError::Degenerate)
    );
    assert_eq!(
        HalfSpace::new(Vector3::<f64>::y(), f64::NAN),
        Err(ShapeError::NonFinite)
    );
    assert_eq!(
        HalfSpace::through(nan, Vector3::y()),
        Err(ShapeError::NonFinite)
    );
    assert_eq!(
        HalfSpace::through(Vector3::zeros(), nan),
        Err(ShapeError::NonFinite)
    );
    let far = Vector2::new(f32::MAX, f32::MAX);
    assert_eq!(
        HalfSpace::through(far, Vector2::new(1.0, 1.0)),
        Err(ShapeError::NonFinite)
    );
    // Tiny and huge normals are made unit without loss.
    for s in [1e-310, 1e-200, 1e200, f64::MAX] {
        let h = HalfSpace::new(Vector3::new(0.0, s, 0.0), 1.0).unwrap();
        assert_eq!(h.normal(), Vector3::y());
    }
    for s in [1e-300, 1e-200, 1e200, f64::MAX] {
        let h = HalfSpace::new(Vector3::new(0.375 * s, 0.5 * s, 0.0), 1.0).unwrap();
        assert!((h.normal() - Vector3::new(0.6, 0.8, 0.0)).norm() <= 4.0 * f64::EPSILON);
    }
    assert!(HalfSpace::new(Vector3::new(0.0, 5e-324, 0.0), 1.0).is_ok());
}

#[test]
fn nan_poses_are_refused_where_the_shape_is_built() {
    let cube = Cuboid::new(Vector3::repeat(1.0_f64)).unwrap();
    let t = Transformed::translated(cube, Vector3::new(0.0, f64::NAN, 0.0));
    assert_eq!(t.err(), Some(ShapeError::NonFinite));
    let mut m = Matrix3::identity();
    m[(1, 2)] = f64::NAN;
    let t = Transformed::new(cube, m, Vector3::zeros());
    assert_eq!(t.err(), Some(ShapeError::NonFinite));
}

/// A shape that answers NaN, or a NaN or negative margin.
struct Broken(f64, f64);

impl SupportMap<f64, 3> for Broken {
    fn core_support(&self, _: &Vector3<f64>) -> Vector3<f64> {
        Vector3::new(0.0, self.0, 0.0)
    }
    fn margin(&self) -> f64 {
        self.1
    }
}

impl Faces<f64, 3> for Broken {
    fn face_into(&self, dir: &Vector3<f64>, out: &mut Face<f64, 3>) {
        out.reset(*dir, 0);
        out.push(Vector3::new(f64::NAN, 0.0, 0.0), 0);
    }
}

#[test]
fn broken_shapes_give_errors() {
    let plane = HalfSpace::new(Vector3::y(), 0.0).unwrap();
    let config = Config::default();
    let one = 1.0;
    for shape in [
        Broken(f64::NAN, 0.0),
        Broken(f64::INFINITY, 0.0),
        Broken(0.0, f64::NAN),
        Broken(0.0, -1.0),
    ] {
        assert_eq!(
            half_space_intersects(&plane, &shape, &config),
            Err(Error::NonFinite)
        );
        assert_eq!(
            half_space_distance(&plane, &shape, &config),
            Err(Error::NonFinite)
        );
        assert_eq!(
            half_space_contact(&plane, &shape, one, &config),
            Err(Error::NonFinite)
        );
        assert_eq!(
            half_space_manifold(&plane, &shape, one, &config),
            Err(Error::NonFinite)
        );
        let v = Vector3::y();
        assert_eq!(
            half_space_shape_cast(&plane, &shape, v, one, &config),
            Err(Error::NonFinite)
        );
    }
    // A finite support point whose face is not.
    let shape = Broken(0.5, 0.0);
    assert_eq!(
        half_space_manifold(&plane, &shape, one, &config),
        Err(Error::NonFinite)
    );
}

#[test]
fn bad_arguments_give_errors() {
    let plane = HalfSpace::new(Vector3::y(), 0.0).unwrap();
    let ball = Ball::new(Vector3::new(0.0, 2.0, 0.0), 1.0).unwrap();
    let config = Config::default();
    let bad = Config {
        tolerance: -1.0,
        ..Config::default()
    };
    assert_eq!(
        half_space_distance(&plane, &ball, &bad),
        Err(Error::InvalidConfig)
    );
    assert_eq!(
        half_space_intersects(&plane, &ball, &bad),
        Err(Error::InvalidConfig)
    );
    for cut in [f64::NAN, -1.0, f64::INFINITY] {
        assert_eq!(
            half_space_contact(&plane, &ball, cut, &config),
            Err(Error::InvalidConfig)
        );
        assert_eq!(
            half_space_manifold(&plane, &ball, cut, &config),
            Err(Error::InvalidConfig)
        );
    }
    let (o, d) = (Vector3::new(0.0, 1.0, 0.0), -Vector3::y());
    let nan = Vector3::new(f64::NAN, 0.0, 0.0);
    assert_eq!(
        half_space_ray_cast(&plane, nan, d, 1.0, &config),
        Err(Error::NonFinite)
    );
    assert_eq!(
        half_space_ray_cast(&plane, o, nan, 1.0, &config),
        Err(Error::NonFinite)
    );
    for max_t in [f64::NAN, -1.0] {
        assert_eq!(
            half_space_ray_cast(&plane, o, d, max_t, &config),
            Err(Error::InvalidConfig)
        );
        assert_eq!(
            half_space_shape_cast(&plane, &ball, d, max_t, &config),
            Err(Error::InvalidConfig)
        );
    }
    assert_eq!(
        half_space_shape_cast(&plane, &ball, nan, 1.0, &config),
        Err(Error::NonFinite)
    );
    assert_eq!(
        half_space_ray_cast(&plane, o, d, 1.0, &bad),
        Err(Error::InvalidConfig)
    );
    // Unbounded casts are fine.
    let hit = half_space_ray_cast(&plane, o, d, f64::INFINITY, &config)
        .unwrap()
        .unwrap();
    assert_eq!(hit.t, 1.0);
}

#[test]
fn lengths_past_the_range_overflow() {
    let config = Config::<f32, 3>::default();
    let tilted = HalfSpace::new(Vector3::new(1.0_f32, 1.0, 0.0), 0.0).unwrap();
    let far = Ball::new(Vector3::new(3e38_f32, 3e38, 0.0), 1.0).unwrap();
    assert_eq!(
        half_space_distance(&tilted, &far, &config),
        Err(Error::Overflow)
    );
    let o = Vector3::new(3e38_f32, 3e38, 0.0);
    let d = Vector3::new(-1.0_f32, -1.0, 0.0);
    assert_eq!(
        half_space_ray_cast(&tilted, o, d, f32::INFINITY, &config),
        Err(Error::Overflow)
    );
    // A hit past the range: a miss within a finite max_t, an overflow without one.
    let ground = HalfSpace::new(Vector3::y(), 0.0).unwrap();
    let up = Vector3::new(0.0_f32, 3e38, 0.0);
    let creeping = Vector3::new(1.0_f32, -1e-30, 0.0);
    assert_eq!(
        half_space_ray_cast(&ground, up, creeping, 1e30, &config),
        Ok(None)
    );
    assert_eq!(
        half_space_ray_cast(&ground, up, creeping, f32::INFINITY, &config),
        Err(Error::Overflow)
    );
}

/// `through` puts the point on the boundary: exactly for an axis normal,
/// within `4 ε Σ |nᵢ pᵢ|` otherwise.
#[test]
fn planes_through_a_point() {
    let p = Vector3::new(1e5_f32, -3.25, 7.0);
    let h = HalfSpace::through(p, Vector3::new(0.0, 0.0, -2.0)).unwrap();
    assert_eq!((h.offset(), h.signed_distance(&p)), (-7.0, 0.0));
    let n = Vector3::new(1.0_f64, -2.0, 2.0);
    let p = Vector3::new(0.3, 1.7, -2.9);
    let h = HalfSpace::through(p, n).unwrap();
    let size: f64 = h
        .normal()
        .iter()
        .zip(p.iter())
        .map(|(a, b)| (a * b).abs())
        .sum();
    assert!(h.signed_distance(&p).abs() <= 4.0 * f64::EPSILON * size);
    assert!(h.contains(&(p - n)) && !h.contains(&(p + n)));
    assert!((h.project(&(p + n * 3.0)) - p).norm() <= 1e-14);
}
