//! Bounding volumes ([`Aabb`], [`BoundingBall`]) against brute force.
//!
//! Oracles, independent of the crate's support maps:
//! * the box of a hull is the componentwise min and max of its points
//!   (placed by `R p + t` in `f64`), grown by the margin;
//! * a rotated box's bounding box is `t ± |R| h` (closed form);
//! * a ball holds a shape when every vertex, pushed out by the margin, is
//!   inside it.
//!
//! Budgets: a box face may stand outside the brute-force extreme by the
//! rounding allowance `ROUNDING_FLOOR · L` plus the rounding of the
//! brute force itself (`4 ε L`), never inside it by more than that rounding;
//! `L` is the largest coordinate involved.

use crate::support;

use gjk::nalgebra::{SMatrix, Vector2, Vector3};
use gjk::{
    hull::Scanned, intersects, Aabb, Ball, BoundingBall, Capsule, Config, Cuboid, Error, Real,
    Rounded, SupportMap, Transformed, Vector,
};
use support::{point_set, rotation, Rng, Source, TestReal, P};

/// A point rounded to `T`.
fn to_t<T: TestReal, const D: usize>(p: &P<D>) -> Vector<T, D> {
    p.map(T::of_f64)
}

/// The boxes and balls of random placed, rounded hulls against their
/// points.
fn hulls_against_brute_force<T: TestReal, const D: usize>(seed: u64) {
    let mut r = Rng::new(seed);
    for case in 0..300 {
        let reach = if case % 5 == 0 { 1e3 } else { 4.0 };
        let center = P::<D>::from_fn(|_, _| r.range(-reach, reach));
        let n = r.int(1, 24);
        let size = r.range(0.01, 3.0);
        let points: Vec<Vector<T, D>> = point_set::<D>(&mut r, n, &P::zeros(), size)
            .iter()
            .map(to_t)
            .collect();
        let hull = Scanned::new(&points).unwrap();
        let radius = if r.chance(0.5) {
            r.range(0.0, 0.5)
        } else {
            0.0
        };
        let rot = SMatrix::<T, D, D>::from_fn(|_, _| T::zero());
        let rot = rot + rotation::<D>(&mut r).map(T::of_f64);
        let placed = Transformed::new(
            Rounded::new(hull, T::of_f64(radius)).unwrap(),
            rot,
            to_t(&center),
        )
        .unwrap();
        // Brute force in f64 from the rounded inputs.
        let rot64 = rot.map(T::as_f64);
        let world: Vec<P<D>> = points
            .iter()
            .map(|p| rot64 * p.map(T::as_f64) + center.map(|x| T::of_f64(x).as_f64()))
            .collect();
        let l = world
            .iter()
            .fold(radius, |m, p| m.max(p.amax()))
            .max(center.amax());
        let eps = T::eps();
        let allowance = (<T as Real>::ROUNDING_FLOOR.as_f64() + 4.0 * eps) * l;

        let bounds = placed.aabb().unwrap();
        for i in 0..D {
            let hi = world.iter().map(|p| p[i]).fold(f64::MIN, f64::max) + radius;
            let lo = world.iter().map(|p| p[i]).fold(f64::MAX, f64::min) - radius;
            let (bhi, blo) = (bounds.max[i].as_f64(), bounds.min[i].as_f64());
            assert!(
                bhi >= hi - 4.0 * eps * l && bhi - hi <= allowance + 4.0 * eps * l,
                "{} D={D} case {case}: max[{i}] {bhi:e} against {hi:e} (allowance {allowance:e})",
                T::NAME
            );
            assert!(
                blo <= lo + 4.0 * eps * l && lo - blo <= allowance + 4.0 * eps * l,
                "{} D={D} case {case}: min[{i}] {blo:e} against {lo:e}",
                T::NAME
            );
        }
        // The same box through a trait object and through `Aabb::of`.
        let dynamic: &dyn SupportMap<T, D> = &placed;
        assert_eq!(Aabb::of(dynamic).unwrap(), bounds);

        for ball in [
            placed.bounding_ball().unwrap(),
            BoundingBall::of(&placed).unwrap(),
        ] {
            let c = ball.center.map(T::as_f64);
            let worst = world
                .iter()
                .map(|p| (p - c).norm() + radius)
                .fold(0.0, f64::max);
            assert!(
                worst <= ball.radius.as_f64() + 4.0 * eps * l,
                "{} D={D} case {case}: a point {worst:e} from the centre, radius {:e}",
                T::NAME,
                ball.radius.as_f64()
            );
        }
    }
}

#[test]
fn hull_boxes_and_balls_hold_their_points() {
    hulls_against_brute_force::<f64, 2>(1);
    hulls_against_brute_force::<f64, 3>(2);
    hulls_against_brute_force::<f64, 4>(3);
    hulls_against_brute_force::<f32, 2>(4);
    hulls_against_brute_force::<f32, 3>(5);
    hulls_against_brute_force::<f64, 1>(6);
}

/// A rotated box: `t ± |R| h`, and a ball about the translation through the
/// box's corners whatever the rotation.
fn rotated_boxes<T: TestReal, const D: usize>(seed: u64) {
    let mut r = Rng::new(seed);
    for _ in 0..200 {
        let h = P::<D>::from_fn(|_, _| r.range(0.01, 2.0));
        let t = P::<D>::from_fn(|_, _| r.range(-10.0, 10.0));
        let rot = rotation::<D>(&mut r).map(T::of_f64);
        let cube = Cuboid::new(to_t(&h)).unwrap();
        let placed = Transformed::new(cube, rot, to_t(&t)).unwrap();
        let (h64, t64) = (
            h.map(|x| T::of_f64(x).as_f64()),
            t.map(|x| T::of_f64(x).as_f64()),
        );
        let reach = rot.map(|x| x.as_f64().abs()) * h64;
        let bounds = placed.aabb().unwrap();
        let l = t64.amax() + h64.norm();
        let budget = (<T as Real>::ROUNDING_FLOOR.as_f64() + 8.0 * T::eps()) * l;
        for i in 0..D {
            assert!((bounds.max[i].as_f64() - (t64[i] + reach[i])).abs() <= budget);
            assert!((bounds.min[i].as_f64() - (t64[i] - reach[i])).abs() <= budget);
        }
        let ball = placed.bounding_ball().unwrap();
        assert!((ball.center.map(T::as_f64) - t64).amax() <= budget);
        assert!((ball.radius.as_f64() - h64.norm()).abs() <= budget);
    }
}

#[test]
fn rotated_boxes_in_closed_form() {
    rotated_boxes::<f64, 2>(11);
    rotated_boxes::<f64, 3>(12);
    rotated_boxes::<f32, 3>(13);
    rotated_boxes::<f64, 5>(14);
}

#[test]
fn balls_and_capsules_are_tight() {
    let ball = Ball::new(Vector3::new(1.0, -2.0, 3.0), 0.5).unwrap();
    let b = Aabb::of(&ball).unwrap();
    // Budget: the rounding allowance, 8 ε of the largest coordinate.
    let slack = 8.0 * f64::EPSILON * 3.0;
    assert!((b.min - Vector3::new(0.5, -2.5, 2.5)).amax() <= slack);
    assert!((b.max - Vector3::new(1.5, -1.5, 3.5)).amax() <= slack);
    let bb = BoundingBall::of(&ball).unwrap();
    assert!((bb.center - Vector3::new(1.0, -2.0, 3.0)).amax() <= slack);
    assert!((bb.radius - 0.5).abs() <= 2.0 * slack);

    let capsule = Capsule::new(Vector2::new(-1.0_f64, 0.0), Vector2::new(3.0, 0.0), 0.25).unwrap();
    let cb = BoundingBall::of(&capsule).unwrap();
    assert!((cb.center - Vector2::new(1.0, 0.0)).amax() <= 1e-15);
    assert!((cb.radius - 2.25).abs() <= 1e-14);
}

/// Shapes that intersect have intersecting boxes and balls (the broad
/// phase's promise), on random placed hulls and balls that touch, overlap or
/// stand apart.
#[test]
fn intersecting_shapes_have_intersecting_bounds() {
    let mut r = Rng::new(21);
    let config = Config::default();
    let mut met = 0;
    for _ in 0..2000 {
        let points = point_set::<3>(&mut r, 8, &P::zeros(), 1.0);
        let hull = Scanned::new(&points).unwrap();
        let a = Transformed::new(
            hull,
            rotation::<3>(&mut r),
            P::<3>::from_fn(|_, _| r.range(-0.5, 0.5)),
        )
        .unwrap();
        let b = Ball::new(
            P::<3>::from_fn(|_, _| r.range(-1.2, 1.2)),
            r.range(0.0, 0.7),
        )
        .unwrap();
        let (ba, bb) = (a.aabb().unwrap(), Aabb::of(&b).unwrap());
        let (sa, sb) = (a.bounding_ball().unwrap(), BoundingBall::of(&b).unwrap());
        if intersects(&a, &b, &config).unwrap() {
            met += 1;
            assert!(ba.intersects(&bb) && bb.intersects(&ba));
            assert!(sa.intersects(&sb) && sb.intersects(&sa));
        }
        let both = ba.merged(&bb);
        assert!(both.contains_point(&ba.min) && both.contains_point(&bb.max));
    }
    assert!(met > 200, "too few intersecting pairs: {met}");
}

/// A support map that answers NaN.
struct Broken;

impl SupportMap<f64, 2> for Broken {
    fn core_support(&self, _: &Vector<f64, 2>) -> Vector<f64, 2> {
        Vector2::new(f64::NAN, 0.0)
    }
}

#[test]
fn bad_shapes_give_errors() {
    assert_eq!(Aabb::of(&Broken), Err(Error::NonFinite));
    assert_eq!(BoundingBall::of(&Broken), Err(Error::NonFinite));
    let huge = Ball::new(Vector2::new(f64::MAX, 0.0), f64::MAX).unwrap();
    assert_eq!(Aabb::of(&huge), Err(Error::Overflow));
    assert!(Aabb::new(Vector2::new(1.0, 0.0), Vector2::new(0.0, 1.0)).is_err());
    assert!(Aabb::new(Vector2::new(f64::NAN, 0.0), Vector2::new(0.0, 1.0)).is_err());
    let unit = Aabb::new(Vector2::new(0.0, 0.0), Vector2::new(1.0, 1.0)).unwrap();
    assert_eq!(unit.center(), Vector2::new(0.5, 0.5));
    assert_eq!(unit.half_extents(), Vector2::new(0.5, 0.5));
    assert!(unit.intersects(&unit.loosened(0.0)));
    // Loosening never shrinks the box, whatever the amount.
    assert_eq!(unit.loosened(-0.5), unit);
    assert_eq!(unit.loosened(f64::NAN), unit);
    assert_eq!(unit.loosened(0.25).min, Vector2::new(-0.25, -0.25));
}
