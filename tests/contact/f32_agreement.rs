//! An `f32` answer agrees with the `f64` answer on the same inputs widened.
//!
//! Found: a ball whose centre lies 7.6e-4 beyond a face of a rotated box
//! (coordinates about 3) got, in `f32`, a normal 1.7e-4 rad off the face's
//! axis, `Converged` in 0 iterations: the closed form took the normal along
//! `q − c`, the difference of two points each rounded by `ε L`, across a
//! distance far smaller than `L`. Moving the ball by the reported depth
//! along that normal left an overlap of 6.4e-4.
//!
//! Must hold: for a ball near a rotated box (the rotation rounded to `f32`,
//! then widened, so both precisions place the same box), the `f32` normal
//! of `contact` is within `8 ε₃₂ (1 + L / g)` rad of the `f64` one, `g` the
//! distance from the centre to the box and `L` the scene's coordinates (the
//! centre's local coordinates carry `ε₃₂ L` each); beyond a single face,
//! within `8 ε₃₂`. The depth agrees within `8 ε₃₂ L`.

use crate::support;

use gjk::nalgebra::{Matrix3, Vector3};
use gjk::{contact, penetration, Ball, Config, Cuboid, Transformed};
use support::{rotation, Rng, Source};

#[test]
fn a_ball_beyond_a_face_of_a_turned_box_takes_the_face_axis() {
    let m = Matrix3::<f32>::from_columns(&[
        Vector3::new(0.16729869, -0.90806305, 0.38396963),
        Vector3::new(0.98181385, 0.18889819, 0.018947573),
        Vector3::new(0.08973677, -0.37381682, -0.9231513),
    ]);
    let half = Vector3::new(1.9090593_f32, 0.7261437, 1.0659373);
    let at = Vector3::new(-2.087048_f32, 1.6766099, 0.8564735);
    let centre = Vector3::new(-1.8512567_f32, 3.0069296, -0.8147975);
    let radius = 0.28407788_f32;
    let bx = Transformed::new(Cuboid::new(half).unwrap(), m, at).unwrap();
    let ball = Ball::new(centre, radius).unwrap();
    let p = penetration(&ball, &bx, &Config::default())
        .unwrap()
        .unwrap();
    let axis = -m.column(2).into_owned();
    let off = p.normal.cross(&axis).norm();
    assert!(
        off <= 4.0 * f32::EPSILON,
        "normal {:?} is {off:e} rad off the face axis",
        p.normal
    );
    // Moved by the depth along the normal, the ball touches the box.
    let moved = Ball::new(centre - p.normal * p.depth, radius).unwrap();
    let c = contact(&moved, &bx, 1.0, &Config::default())
        .unwrap()
        .unwrap();
    assert!(c.distance.abs() <= 8.0 * f32::EPSILON * 4.0, "{c:?}");
}

#[test]
fn balls_near_turned_boxes_agree_across_precisions() {
    let mut rng = Rng::new(38);
    for case in 0..2000 {
        let r64 = rotation::<3>(&mut rng);
        let r32 = r64.map(|x| x as f32);
        let half = Vector3::new(
            rng.range(0.1, 2.0),
            rng.range(0.1, 2.0),
            rng.range(0.1, 2.0),
        );
        let at = Vector3::new(
            rng.range(-3.0, 3.0),
            rng.range(-3.0, 3.0),
            rng.range(-3.0, 3.0),
        );
        // Beyond one face, or an edge, or a corner, by a gap from 1e-3 to 1.
        let mut local = Vector3::from_fn(|i, _| rng.range(-1.0, 1.0) * half[i]);
        let beyond = rng.int(1, 4);
        for k in 0..beyond {
            let axis = (case + k) % 3;
            let side = if rng.chance(0.5) { 1.0 } else { -1.0 };
            local[axis] = side * (half[axis] + 10f64.powf(rng.range(-3.0, 0.0)));
        }
        let (half32, at32) = (half.map(|x| x as f32), at.map(|x| x as f32));
        let centre32 = (r32.map(f64::from) * local + at32.map(f64::from)).map(|x| x as f32);
        let radius32 = rng.range(0.0, 1.0) as f32;
        let box32 = Transformed::new(Cuboid::new(half32).unwrap(), r32, at32).unwrap();
        let ball32 = Ball::new(centre32, radius32).unwrap();
        let widen = |v: Vector3<f32>| v.map(f64::from);
        let box64 = Transformed::new(
            Cuboid::new(widen(half32)).unwrap(),
            r32.map(f64::from),
            widen(at32),
        )
        .unwrap();
        let ball64 = Ball::new(widen(centre32), f64::from(radius32)).unwrap();
        let c32 = contact(&ball32, &box32, 10.0, &Config::default())
            .unwrap()
            .unwrap();
        let c64 = contact(&ball64, &box64, 10.0, &Config::default())
            .unwrap()
            .unwrap();
        let gap = c64.distance + f64::from(radius32);
        let scale = 6.0;
        let eps = f64::from(f32::EPSILON);
        let budget = if beyond == 1 {
            8.0 * eps
        } else {
            8.0 * eps * (1.0 + scale / gap)
        };
        let off = widen(c32.normal).cross(&c64.normal).norm();
        assert!(
            off <= budget,
            "case {case}: f32 normal {off:e} rad off (budget {budget:e}, gap {gap:e}); {c32:?} {c64:?}"
        );
        let dd = (f64::from(c32.distance) - c64.distance).abs();
        assert!(
            dd <= 8.0 * eps * scale,
            "case {case}: distances {c32:?} {c64:?}"
        );
    }
}
