//! Booleans and `None` mean *proven*: `intersects = false`,
//! `penetration = None`, `contact = None` and `closest_points = None` only
//! when a bound certifies the gap; a query that runs out of iterations with
//! its bracket straddling contact says so (`Error::IterationLimit`).
//!
//! Oracle: the certified bracket `[lower, distance]` of `distance` on
//! the same pair and settings, and the analytic overlap of boxes placed a
//! known depth into each other. No accuracy budget: the checks are exact
//! implications.

use crate::support;

use gjk::nalgebra::SMatrix;
use gjk::{
    closest_points, contact, distance, hull::Built, hull::Scanned, intersects, penetration, Config,
    Cuboid, Error, Point, Transformed, Vector,
};
use support::{point_to_hull, points_t, rotation, to_f64, to_t, Hidden, Rng, Source, TestReal, P};

/// A box and a rotated copy moved by `offset` along the first axis.
fn boxes<T: TestReal, const D: usize>(
    seed: u64,
    offset: f64,
) -> (Cuboid<T, D>, Transformed<Cuboid<T, D>, T, D>) {
    let mut rng = Rng::new(seed);
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
        let config = Config {
            max_iterations: cap,
            ..Config::default()
        };
        let d = distance(&a, &b, &config).unwrap();
        let proven = d.lower > T::of_f64(0.0);
        let what = format!("{} D = {D}, offset {offset}, cap {cap}: {d:?}", T::NAME);
        match penetration(&a, &b, &config) {
            Ok(None) => assert!(proven, "penetration = None unproven; {what}"),
            Ok(Some(_)) => assert!(!proven, "penetration = Some but a gap is proven; {what}"),
            Err(e) => assert_eq!(e, Error::IterationLimit, "{what}"),
        }
        match contact(&a, &b, T::of_f64(0.0), &config) {
            Ok(None) => assert!(proven, "contact = None unproven; {what}"),
            Ok(Some(_)) => assert!(!proven, "contact = Some but a gap is proven; {what}"),
            Err(e) => assert_eq!(e, Error::IterationLimit, "{what}"),
        }
        // GJK's boolean (the boxes' separating axes hidden), and the axes'
        // own, which need no iteration: proven either way, or left to GJK.
        match intersects(&Hidden(a), &Hidden(b), &config) {
            Ok(false) => assert!(proven, "intersects = false unproven; {what}"),
            Ok(true) => assert!(!proven, "intersects = true but a gap is proven; {what}"),
            Err(e) => assert_eq!(e, Error::IterationLimit, "{what}"),
        }
        let truth = distance(&a, &b, &Config::default()).unwrap();
        match intersects(&a, &b, &config) {
            Ok(false) => assert!(truth.lower > T::of_f64(0.0), "intersects = false; {what}"),
            Ok(true) => assert!(truth.lower <= T::of_f64(0.0), "intersects = true; {what}"),
            Err(e) => assert_eq!(e, Error::IterationLimit, "{what}"),
        }
        if let Some(c) = closest_points(&a, &b, T::of_f64(0.0), &config).unwrap() {
            assert!(c.lower <= T::of_f64(0.0) || c.distance > T::of_f64(0.0));
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
        let config = Config {
            max_iterations: cap,
            ..Config::default()
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

/// A point a few hundred ulps from the middle of a nearly flat simplex (its
/// apex `1e-14 … 1e-6` above a unit base, the whole rotated): the case in
/// which `distance` can stall with a bracket `[0, ~1e-13]`. Every boolean
/// and `None` must agree with the bracket (false only when a gap is
/// proven), and the bracket must hold the true distance (budget `64 ε` on
/// coordinates of order one).
fn point_in_a_flat_simplex<T: TestReal, const D: usize>(
    cases: usize,
    outside: fn(&[Vector<T, D>], &Vector<T, D>) -> Option<bool>,
) {
    let config = Config::default();
    let mut rng = Rng::new(750 + D as u64);
    for case in 0..cases {
        let height = 10f64.powf(rng.range(-14.0, -6.0));
        let r = rotation::<D>(&mut rng);
        let mut corners: Vec<P<D>> = (0..D)
            .map(|_| P::<D>::from_fn(|i, _| if i + 1 < D { rng.range(-1.0, 1.0) } else { 0.0 }))
            .collect();
        let mut apex = P::<D>::from_fn(|_, _| rng.range(-0.1, 0.1));
        apex[D - 1] = height;
        let centroid = corners.iter().sum::<P<D>>() / D as f64;
        corners.push(apex);
        let mut offset = P::<D>::zeros();
        offset[D - 1] = rng.range(-1000.0, 1000.0) * T::eps();
        let corners: Vec<P<D>> = corners.iter().map(|c| r * c).collect();
        let vertices = points_t::<T, D>(&corners);
        let p = to_t::<T, D>(&(r * ((centroid + apex) / 2.0 + offset)));
        let hull = Scanned::new(&vertices).unwrap();
        let dot = Point::new(p).unwrap();
        let d = distance(&hull, &dot, &config).unwrap();
        let what = format!("{} D = {D}, case {case}: {d:?}", T::NAME);
        let budget = 64.0 * T::eps();
        // The point is `|offset|` from the midpoint of the centroid and the
        // apex, which is inside: an upper bound on the truth in any D.
        assert!(
            d.lower.as_f64() <= offset.norm() + budget,
            "a gap beyond the offset; {what}"
        );
        // Where exact orientation tests are available (D = 2, 3), the truth
        // itself: zero inside, else brute force (whose rounded orientations
        // a sliver defeats, so it decides nothing inside).
        if let Some(out) = outside(&vertices, &p) {
            let truth = if out {
                point_to_hull(
                    &to_f64(&p),
                    &vertices.iter().map(to_f64).collect::<Vec<_>>(),
                )
            } else {
                0.0
            };
            assert!(
                d.lower.as_f64() <= truth + budget && truth <= d.distance.as_f64() + budget,
                "bracket misses the truth {truth:e}; {what}"
            );
        }
        let proven = d.lower > T::of_f64(0.0);
        let apart = |answer: Result<bool, Error>, name: &str| match answer {
            Ok(true) => assert!(proven, "{name} apart without proof; {what}"),
            Ok(false) => assert!(!proven, "{name} in contact despite a proven gap; {what}"),
            Err(e) => assert_eq!(e, Error::IterationLimit, "{name}; {what}"),
        };
        apart(intersects(&hull, &dot, &config).map(|x| !x), "intersects");
        apart(
            penetration(&hull, &dot, &config).map(|x| x.is_none()),
            "penetration",
        );
        apart(
            contact(&hull, &dot, T::of_f64(0.0), &config).map(|x| x.is_none()),
            "contact",
        );
    }
}

/// Whether `p` is a vertex of the hull of `vertices` and `p`: outside the
/// simplex (or on its boundary), by the exact orientation tests of
/// [`Built`] (themselves tested against integer arithmetic).
macro_rules! exact_outside {
    ($d:literal) => {
        |vertices, p| {
            let mut points = vertices.to_vec();
            points.push(*p);
            let n = points.len();
            let mut v = vec![0; Built::<$d>::vertices_needed(n)];
            let mut f = vec![[0; $d]; Built::<$d>::facets_needed(n)];
            let mut w = vec![0; Built::<$d>::work_needed(n)];
            let hull = Built::<$d>::build(&points, &mut v, &mut f, &mut w).ok()?;
            Some(hull.vertices().contains(&(n as u32 - 1)))
        }
    };
}

#[test]
fn points_in_flat_simplices_follow_the_bracket() {
    point_in_a_flat_simplex::<f64, 2>(3000, exact_outside!(2));
    point_in_a_flat_simplex::<f64, 3>(3000, exact_outside!(3));
    point_in_a_flat_simplex::<f32, 3>(3000, exact_outside!(3));
    point_in_a_flat_simplex::<f64, 4>(1000, |_, _| None);
}
