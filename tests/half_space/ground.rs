//! The `f32` ground: what a half-space fixes over a huge box standing in
//! for the ground.
//!
//! Found: a ground modelled as a box of half-extent `1e5` (its top at
//! `y = 0`) rounds the contact at its own size, an `f32` ulp of `1e5`
//! being `0.0078`. Measured with the generic `contact`, for shapes sunk
//! `0.001` into it: a ball (at `x = 0` and at `x = 1e5`) and a box turned
//! 0.3 rad about `z` (at `x = 0`) report a distance of `0`, a cylinder
//! turned the same way at `x = 1e5` reports `−0.0357`. (An axis-aligned
//! box, a hull or a capsule resting flat come out right: the box–box
//! separating axes and the flat faces keep the depth; they are checked
//! here too.)
//!
//! Must hold: the half-space `y ≤ 0` reports `−0.001` (the truth for the
//! `f32` inputs) within `8 ε_f32` (`9.5e-7`: the inputs rounded to `f32`,
//! a rotation applied in `f32`, and the subtractions, all on numbers of
//! order one: the plane's zero coefficients drop the `1e5`) for every
//! case, its bracket holding the truth of its support point; the box
//! ground is off by more than `5e-4` where it was found to be.

use super::exact::signed;
use gjk::nalgebra::{Rotation3, Vector3};
use gjk::{
    contact, half_space_contact, half_space_manifold, Ball, Capsule, Config, Cuboid, Cylinder,
    HalfSpace, SupportMap, Transformed,
};

/// `8 ε` of `f32` on numbers of order one.
const BUDGET: f64 = 8.0 * f32::EPSILON as f64;

fn ground() -> (HalfSpace<f32, 3>, Transformed<Cuboid<f32, 3>, f32, 3>) {
    let plane = HalfSpace::new(Vector3::y(), 0.0).unwrap();
    let slab = Cuboid::new(Vector3::repeat(1e5_f32)).unwrap();
    let slab = Transformed::translated(slab, Vector3::new(0.0, -1e5, 0.0)).unwrap();
    (plane, slab)
}

/// The half-space's answer and the box ground's, for a shape whose truth
/// is `truth`; asserts the half-space's.
fn both(shape: &impl SupportMap<f32, 3>, truth: f64, what: &str) -> (f64, f64) {
    let (plane, slab) = ground();
    let config = Config::default();
    let c = half_space_contact(&plane, shape, 0.0, &config)
        .unwrap()
        .unwrap();
    let got = f64::from(c.distance);
    assert!(
        (got - truth).abs() <= BUDGET,
        "{what}: half-space {got} against {truth}"
    );
    let exact = signed(
        &plane,
        &shape.core_support(&-plane.normal()),
        shape.margin(),
    );
    assert!(
        f64::from(c.lower) <= exact && exact <= f64::from(c.upper),
        "{what}: {c:?}"
    );
    let boxed = contact(&slab, shape, 0.0, &config)
        .unwrap()
        .map(|c| c.distance);
    let boxed = f64::from(boxed.unwrap_or(f32::NAN));
    println!("{what}, 0.001 deep: half-space {got:e}, box ground {boxed:e}");
    (got, boxed)
}

#[test]
fn round_and_turned_shapes_sunk_a_thousandth() {
    let turn = *Rotation3::from_axis_angle(&Vector3::z_axis(), 0.3_f32).matrix();
    // The turned shapes' lowest point: half-extent 0.5 along two axes.
    let low = 0.5 * (0.3_f32.cos() + 0.3_f32.sin());
    for x in [0.0_f32, 1e5] {
        let ball = Ball::new(Vector3::new(x, 0.999, 0.0), 1.0).unwrap();
        let (_, boxed) = both(
            &ball,
            f64::from(0.999_f32) - 1.0,
            &format!("ball at x = {x}"),
        );
        assert!(!((boxed + 0.001).abs() <= 5e-4), "box ground: {boxed}");
        let cube = Cuboid::new(Vector3::repeat(0.5_f32)).unwrap();
        let at = Vector3::new(x, low - 0.001, 0.0);
        let turned = Transformed::new(cube, turn, at).unwrap();
        let (_, boxed) = both(&turned, -0.001, &format!("turned box at x = {x}"));
        if x == 0.0 {
            assert!(!((boxed + 0.001).abs() <= 5e-4), "box ground: {boxed}");
        }
        let drum = Transformed::new(Cylinder::new(0.5_f32, 0.5).unwrap(), turn, at).unwrap();
        let (_, boxed) = both(&drum, -0.001, &format!("turned cylinder at x = {x}"));
        if x == 1e5 {
            assert!(!((boxed + 0.001).abs() <= 5e-4), "box ground: {boxed}");
        }
    }
}

#[test]
fn flat_shapes_sunk_a_thousandth() {
    let (plane, _) = ground();
    for x in [0.0_f32, 1e5] {
        let cube = Cuboid::new(Vector3::repeat(0.5_f32)).unwrap();
        let resting = Transformed::translated(cube, Vector3::new(x, 0.499, -0.3)).unwrap();
        let truth = f64::from(0.499_f32) - 0.5;
        both(&resting, truth, &format!("box at x = {x}"));
        let m = half_space_manifold(&plane, &resting, 0.0, &Config::default());
        let m = m.unwrap().unwrap();
        assert_eq!(m.len(), 4);
        assert!(m
            .points()
            .all(|p| (f64::from(p.distance) - truth).abs() <= BUDGET));
        let (a, b) = (
            Vector3::new(x, 0.499, 0.0),
            Vector3::new(x + 1.0, 0.499, 0.0),
        );
        let capsule = Capsule::new(a, b, 0.5).unwrap();
        both(&capsule, truth, &format!("capsule at x = {x}"));
    }
}
