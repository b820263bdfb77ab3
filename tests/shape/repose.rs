//! Re-posing a placed shape: `from_isometry` and `set_isometry` for both
//! dimensions, against building the placement afresh. Oracle: the
//! dimension-specific constructors and a fresh shape; budget: zero (the
//! same numbers, bit for bit).

use crate::support;

use gjk::nalgebra::{Isometry2, Isometry3, Vector2, Vector3};
use gjk::{distance, Ball, Config, Cuboid, ShapeError, Transformed};
use support::{Rng, Source};

fn random_isometry3(r: &mut Rng) -> Isometry3<f64> {
    Isometry3::new(
        Vector3::new(r.range(-5.0, 5.0), r.range(-5.0, 5.0), r.range(-5.0, 5.0)),
        Vector3::new(r.range(-3.0, 3.0), r.range(-3.0, 3.0), r.range(-3.0, 3.0)),
    )
}

#[test]
fn a_re_posed_body_answers_as_a_fresh_one() {
    let mut r = Rng::new(5);
    let cube = Cuboid::new(Vector3::new(1.0, 0.5, 0.25)).unwrap();
    let ball = Ball::new(Vector3::new(0.0, 0.0, 0.0), 0.5).unwrap();
    let config = Config::default();
    let mut body = Transformed::from_isometry(cube, &random_isometry3(&mut r));
    for _ in 0..200 {
        let pose = random_isometry3(&mut r);
        body.set_isometry(&pose);
        let fresh = Transformed::from_isometry3(cube, &pose);
        assert_eq!(body, fresh);
        assert_eq!(
            body.rotation(),
            pose.rotation.to_rotation_matrix().into_inner()
        );
        let other = Transformed::from_isometry(ball, &random_isometry3(&mut r));
        assert_eq!(
            distance(&body, &other, &config),
            distance(&fresh, &other, &config)
        );
    }
}

#[test]
fn planar_poses_and_translations() {
    let mut r = Rng::new(6);
    let square = Cuboid::new(Vector2::new(1.0, 1.0)).unwrap();
    let mut body = Transformed::from_isometry(square, &Isometry2::identity());
    for _ in 0..100 {
        let pose = Isometry2::new(
            Vector2::new(r.range(-5.0, 5.0), r.range(-5.0, 5.0)),
            r.range(-4.0, 4.0),
        );
        body.set_isometry(&pose);
        assert_eq!(body, Transformed::from_isometry2(square, &pose));
    }
    let before = body;
    assert_eq!(
        body.set_translation(Vector2::new(f64::NAN, 0.0)),
        Err(ShapeError::NonFinite)
    );
    assert_eq!(body, before);
    body.set_translation(Vector2::new(1.0, 2.0)).unwrap();
    assert_eq!(body.translation(), Vector2::new(1.0, 2.0));
    assert_eq!(body.axes(), before.axes());
}
