//! Booleans and `None` mean *proven*: `intersects = false`,
//! `penetration = None`, `contact = None` and `closest_points = None` only
//! when a bound certifies the gap; a query that runs out of iterations with
//! its bracket straddling contact says so (`GjkError::IterationLimit`).
//!
//! Oracle: the certified bracket `[lower_bound, distance]` of `distance` on
//! the same pair and settings, and the analytic overlap of boxes placed a
//! known depth into each other. No accuracy budget: the checks are exact
//! implications.

mod common;

use common::{rotation, Lcg, TestReal};
use gjk::nalgebra::SMatrix;
use gjk::{
    closest_points, contact, distance, intersects, penetration, Cuboid, GjkConfig, GjkError,
    Transformed, Vector,
};

/// A box and a rotated copy moved by `offset` along the first axis.
fn boxes<T: TestReal, const D: usize>(
    seed: u64,
    offset: f64,
) -> (Cuboid<T, D>, Transformed<Cuboid<T, D>, T, D>) {
    let mut rng = Lcg::new(seed);
    let r: SMatrix<f64, D, D> = rotation::<D>(&mut rng);
    let half = Vector::<T, D>::from_fn(|i, _| T::of_f64(1.0 - 0.125 * i as f64));
    let a = Cuboid::new(half).unwrap();
    let t = Vector::<T, D>::from_fn(|i, _| T::of_f64(if i == 0 { offset } else { 0.1 }));
    (a, Transformed::new(a, r.map(T::of_f64), t).unwrap())
}

/// Every capped query on one pair: "apart" only when `distance` proves a
/// gap, and an undecided cap reported as an error, never as an answer.
fn capped<T: TestReal, const D: usize>(seed: u64, offset: f64) {
    let (a, b) = boxes::<T, D>(seed, offset);
    for cap in 0..6 {
        let config = GjkConfig {
            max_iterations: cap,
            ..GjkConfig::default()
        };
        let d = distance(&a, &b, &config).unwrap();
        let proven = d.lower_bound > T::of_f64(0.0);
        let what = format!("{} D = {D}, offset {offset}, cap {cap}: {d:?}", T::NAME);
        match penetration(&a, &b, &config) {
            Ok(None) => assert!(proven, "penetration = None unproven; {what}"),
            Ok(Some(_)) => assert!(!proven, "penetration = Some but a gap is proven; {what}"),
            Err(e) => assert_eq!(e, GjkError::IterationLimit, "{what}"),
        }
        match contact(&a, &b, T::of_f64(0.0), &config) {
            Ok(None) => assert!(proven, "contact = None unproven; {what}"),
            Ok(Some(_)) => assert!(!proven, "contact = Some but a gap is proven; {what}"),
            Err(e) => assert_eq!(e, GjkError::IterationLimit, "{what}"),
        }
        match intersects(&a, &b, &config) {
            Ok(false) => assert!(proven, "intersects = false unproven; {what}"),
            Ok(true) => assert!(!proven, "intersects = true but a gap is proven; {what}"),
            Err(e) => assert_eq!(e, GjkError::IterationLimit, "{what}"),
        }
        if let Some(c) = closest_points(&a, &b, T::of_f64(0.0), &config).unwrap() {
            assert!(c.lower_bound <= T::of_f64(0.0) || c.distance > T::of_f64(0.0));
        } else {
            assert!(proven, "closest_points = None unproven; {what}");
        }
    }
}

/// Boxes placed from deep overlap (offset 0.25) to clearly apart (offset 4),
/// under caps of 0 to 5 iterations.
fn sweep<T: TestReal, const D: usize>() {
    for seed in 1..=8 {
        for offset in [0.25, 0.5, 1.0, 1.5, 2.5, 4.0] {
            capped::<T, D>(seed, offset);
        }
    }
}

#[test]
fn capped_queries_2d() {
    sweep::<f32, 2>();
    sweep::<f64, 2>();
}

#[test]
fn capped_queries_3d() {
    sweep::<f32, 3>();
    sweep::<f64, 3>();
}

#[test]
fn capped_queries_4d() {
    sweep::<f64, 4>();
}

/// The case that found the defect: clearly overlapping boxes (depth about
/// 1.5 along the first axis) under caps of 0, 1 and 2 iterations used to give
/// `penetration = None` while `intersects` reported the cap.
#[test]
fn overlapping_boxes_under_a_small_cap_are_never_apart() {
    let (a, b) = boxes::<f64, 3>(3, 0.5);
    for cap in 0..3 {
        let config = GjkConfig {
            max_iterations: cap,
            ..GjkConfig::default()
        };
        assert!(
            !matches!(penetration(&a, &b, &config), Ok(None)),
            "cap {cap}"
        );
        assert!(
            !matches!(contact(&a, &b, 0.0, &config), Ok(None)),
            "cap {cap}"
        );
    }
}
