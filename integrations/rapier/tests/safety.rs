//! The dispatcher never answers from a stale hull and never panics on bad
//! input: it hands such queries to parry.

use gjk_rapier::dim3::GjkDispatcher;
use gjk_rapier::rng::Lcg;
use parry3d::math::{Pose, Vector};
use parry3d::query::{DefaultQueryDispatcher, QueryDispatcher};
use parry3d::shape::SharedShape;

/// Hulls made and dropped one after the other (the allocator hands the
/// freed addresses out again): each answer is its own hull's, checked
/// against parry within 10⁻³ (parry's `f32` GJK stops at a relative 3·10⁻⁴).
#[test]
fn a_new_hull_at_a_freed_address_is_rebuilt() {
    let d = GjkDispatcher::new();
    let mut rng = Lcg::new(5);
    let ball = SharedShape::ball(0.5);
    let pose = Pose::translation(2.0, 0.0, 0.0);
    let mut addresses = std::collections::HashSet::new();
    for _ in 0..200 {
        let points: Vec<Vector> = (0..10)
            .map(|_| {
                Vector::new(
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                )
            })
            .collect();
        let hull = SharedShape::convex_hull(&points).unwrap();
        addresses.insert(std::ptr::from_ref(&*hull).cast::<()>() as usize);
        let ours = d.distance(&pose, &*hull, &*ball).unwrap().distance;
        let theirs = DefaultQueryDispatcher
            .distance(&pose, &*hull, &*ball)
            .unwrap()
            .distance;
        assert!((ours - theirs).abs() <= 1e-3, "{ours} against {theirs}");
    }
    let (_, builds) = d.cache_counts();
    assert_eq!(builds, 200, "one build per hull, reused addresses included");
    println!("{} distinct addresses for 200 hulls", addresses.len());
}

/// A non-finite pose: parry's answer, counted as a fallback, no panic.
#[test]
fn a_non_finite_pose_falls_back_to_parry() {
    let d = GjkDispatcher::new();
    let (a, b) = (SharedShape::cuboid(1.0, 1.0, 1.0), SharedShape::ball(0.5));
    let pose = Pose::translation(f32::NAN, 0.0, 0.0);
    let _ = d.distance(&pose, &*a, &*b);
    let _ = d.contact(&pose, &*a, &*b, 0.1);
    let _ = d.intersection_test(&pose, &*a, &*b);
    assert_eq!(d.stats().fell_back, 3);
    assert_eq!(d.stats().answered, 0);
}

/// Pairs gjk does not take go to parry, counted.
#[test]
fn composites_and_half_spaces_are_passed_on() {
    let d = GjkDispatcher::new();
    let ball = SharedShape::ball(0.5);
    let ground = SharedShape::halfspace(Vector::Y);
    let pose = Pose::translation(0.0, 0.4, 0.0);
    let ours = d.contact(&Pose::IDENTITY, &*ground, &*ball, 0.0).unwrap();
    let theirs = DefaultQueryDispatcher
        .contact(&Pose::IDENTITY, &*ground, &*ball, 0.0)
        .unwrap();
    assert_eq!(ours, theirs);
    let _ = d.distance(&pose, &*ground, &*ball);
    assert_eq!(d.stats().passed_on, 2);
}
