//! Point cores in closed form against GJK on the same shapes.
//!
//! A shape with a point core (ball, point) against one whose core projects
//! points (box, segment, capsule, ball, point, placed or rounded) is
//! answered by one projection. The same pair with the capability hidden
//! (the `Gjk` wrapper forwards the support map only) runs the GJK loop,
//! and the two must agree: distances and bounds within the tolerance plus
//! `64 ε L` (`L` the largest coordinate), witness points within
//! `√(tolerance) L` (the loop's witnesses are only as good as its relative
//! tolerance allows across a face) and normals within `√(tolerance)`, and
//! every boolean and `None` the same outside that band. 2D and 3D, `f32`
//! and `f64`.

use crate::support;

use gjk::nalgebra::SMatrix;
use gjk::{
    closest_points, contact, distance, intersects, penetration, Ball, Capsule, Config, Cuboid,
    Point, Rounded, Segment, SupportMap, Transformed, Vector,
};
use support::{rotation, to_t, Hidden, Rng, Source, TestReal, P};

/// Both paths on one pair: every query, compared.
fn compare<T: TestReal, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    size: f64,
    what: &str,
) {
    let config = Config::<T, _>::default();
    let (ga, gb) = (Hidden(a), Hidden(b));
    let tol = config.tolerance.as_f64();
    let band = |d: f64| tol * d.abs() + 64.0 * T::eps() * size;
    let fast = distance(a, b, &config).unwrap();
    let slow = distance(&ga, &gb, &config).unwrap();
    let (df, ds) = (fast.distance.as_f64(), slow.distance.as_f64());
    assert!(
        (df - ds).abs() <= band(ds),
        "{what}: distance {df} in closed form, {ds} by GJK"
    );
    assert!(fast.lower.as_f64() <= df && slow.lower.as_f64() <= ds);
    assert!(
        fast.lower.as_f64() >= slow.lower.as_f64() - band(ds),
        "{what}: closed form's lower bound below GJK's"
    );
    let witness = tol.sqrt() * size + 64.0 * T::eps() * size;
    if ds > band(ds) {
        for (p, q) in [(fast.point_a, slow.point_a), (fast.point_b, slow.point_b)] {
            let miss = (p - q).norm().as_f64();
            assert!(miss <= witness, "{what}: witnesses {p:?}, {q:?} ({miss})");
        }
        let (Some(nf), Some(ns)) = (fast.normal, slow.normal) else {
            panic!("{what}: apart without a normal");
        };
        assert!((nf - ns).norm().as_f64() <= tol.sqrt() + 64.0 * T::eps());
    }
    // Booleans and `None`s agree outside the band around contact, and so
    // do the signed distances of contact and penetration.
    let settled = ds > band(ds) || df == 0.0 && ds == 0.0;
    if settled {
        assert_eq!(
            intersects(a, b, &config).unwrap(),
            intersects(&ga, &gb, &config).unwrap(),
            "{what}: intersects"
        );
    }
    let cutoff = T::of_f64(0.25 * size);
    let (cf, cs) = (
        closest_points(a, b, cutoff, &config).unwrap(),
        closest_points(&ga, &gb, cutoff, &config).unwrap(),
    );
    if (ds - 0.25 * size).abs() > band(ds) {
        assert_eq!(cf.is_some(), cs.is_some(), "{what}: closest_points");
    }
    let (kf, ks) = (
        contact(a, b, cutoff, &config).unwrap(),
        contact(&ga, &gb, cutoff, &config).unwrap(),
    );
    if let (Some(kf), Some(ks)) = (kf, ks) {
        let (x, y) = (kf.distance.as_f64(), ks.distance.as_f64());
        assert!((x - y).abs() <= band(y), "{what}: contact {x} and {y}");
    } else if (ds - 0.25 * size).abs() > band(ds) {
        assert_eq!(kf.is_some(), ks.is_some(), "{what}: contact");
    }
    let (pf, ps) = (
        penetration(a, b, &config).unwrap(),
        penetration(&ga, &gb, &config).unwrap(),
    );
    if let (Some(pf), Some(ps)) = (pf, ps) {
        let (x, y) = (pf.depth.as_f64(), ps.depth.as_f64());
        assert!((x - y).abs() <= band(y), "{what}: depth {x} and {y}");
    } else if settled {
        assert_eq!(pf.is_some(), ps.is_some(), "{what}: penetration");
    }
}

fn sweep<T: TestReal, const D: usize>(seed: u64, cases: usize) {
    let mut r = Rng::new(seed);
    for case in 0..cases {
        // Sizes from 1e-3 to 1e3; shapes placed around the origin so that
        // a third overlap, a third are near contact, a third apart.
        let size = 10f64.powf(r.range(-3.0, 3.0));
        let v = |r: &mut Rng| to_t::<T, D>(&(P::<D>::from_fn(|_, _| r.range(-1.0, 1.0)) * size));
        let radius = T::of_f64(r.range(0.0, 0.6) * size);
        let m: SMatrix<T, D, D> = rotation::<D>(&mut r).map(T::of_f64);
        let c = v(&mut r);
        let ball = Ball::new(c, radius).unwrap();
        let point = Point::new(c).unwrap();
        let half = to_t::<T, D>(&P::<D>::from_fn(|_, _| r.range(0.05, 0.8) * size));
        let cube = Transformed::new(Cuboid::new(half).unwrap(), m, v(&mut r)).unwrap();
        let (p, q) = (v(&mut r), v(&mut r));
        let segment = Segment::new(p, q).unwrap();
        let capsule = Capsule::new(p, q, radius).unwrap();
        let placed_ball = Transformed::new(ball, m, v(&mut r) * T::of_f64(0.5)).unwrap();
        let rounded = Rounded::new(point, radius).unwrap();
        let what = |s: &str| format!("{} D = {D} case {case}: {s}", T::NAME);
        compare(&ball, &cube, size, &what("ball-box"));
        compare(&cube, &ball, size, &what("box-ball"));
        compare(&point, &cube, size, &what("point-box"));
        compare(&ball, &segment, size, &what("ball-segment"));
        compare(&capsule, &ball, size, &what("capsule-ball"));
        compare(&ball, &placed_ball, size, &what("ball-ball"));
        compare(&rounded, &cube, size, &what("rounded point-box"));
        compare(&placed_ball, &capsule, size, &what("placed ball-capsule"));
    }
}

/// 3000 cases per precision under `GJK_FULL_SWEEPS=1`, the first 1000
/// otherwise.
#[test]
fn closed_form_agrees_with_gjk_2d() {
    let cases = support::sweep_size(3000, 1000);
    sweep::<f64, 2>(1, cases);
    sweep::<f32, 2>(2, cases);
}

/// As in 2D.
#[test]
fn closed_form_agrees_with_gjk_3d() {
    let cases = support::sweep_size(3000, 1000);
    sweep::<f64, 3>(3, cases);
    sweep::<f32, 3>(4, cases);
}

/// A ball centred inside a box: the cores overlap, and penetration and
/// contact take the EPA path (the projection cannot measure depth).
#[test]
fn point_inside_a_core_overlaps() {
    let config = Config::<f64, _>::default();
    let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 2.0, 3.0)).unwrap();
    let ball = Ball::new(Vector::<f64, 3>::new(0.5, 0.0, 0.0), 0.25).unwrap();
    let d = distance(&cube, &ball, &config).unwrap();
    assert_eq!((d.distance, d.lower, d.normal), (0.0, 0.0, None));
    assert!(intersects(&cube, &ball, &config).unwrap());
    let p = penetration(&cube, &ball, &config).unwrap().unwrap();
    assert!((p.depth - 0.75).abs() < 1e-12, "{p:?}");
    assert!((p.normal - Vector::<f64, 3>::x()).norm() < 1e-12);
}

/// A box placed by a matrix a little off orthonormal (entries up to `1e-8`
/// off, which `Transformed::new` accepts) is the slightly skewed set that
/// matrix makes. A point `1e-9` outside the middle of one of its faces
/// (half extents 20 to 60, placed up to 90 from the origin) is `1e-9` from
/// it. Mapping the point into the box's frame by the
/// transpose, as for a rotation, misplaces it by up to `1e-8` times the
/// box's size, far more than the gap: the closed form must leave such
/// placements to GJK. The answer within `64 ε L` (`L = 200`) of the gap,
/// `f64`, D = 2 and 3.
#[test]
fn skewed_placements_are_measured_as_placed() {
    fn each<const D: usize>() {
        let mut r = Rng::new(0x5ce + D as u64);
        let config = Config::<f64, _>::default();
        let budget = 64.0 * f64::EPSILON * 200.0;
        for case in 0..200 {
            let m = rotation::<D>(&mut r).map(|x| x + 1e-8 * r.range(-1.0, 1.0));
            let half = P::<D>::from_fn(|_, _| r.range(20.0, 60.0));
            let at = P::<D>::from_fn(|_, _| r.range(-90.0, 90.0));
            let cube = Transformed::new(Cuboid::new(half).unwrap(), m, at).unwrap();
            // On face `k`, away from its edges; out along the face's
            // normal in the world, `M⁻ᵀ eₖ`.
            let k = r.int(0, D - 1);
            let mut local = P::<D>::from_fn(|i, _| 0.6 * half[i] * r.range(-1.0, 1.0));
            local[k] = half[k];
            let inverse: SMatrix<f64, D, D> = m.try_inverse().unwrap();
            let normal: P<D> = (inverse.transpose()
                * P::<D>::from_fn(|i, _| f64::from(u8::from(i == k))))
            .normalize();
            let point = Point::new(m * local + at + normal * 1e-9).unwrap();
            for (what, d) in [
                ("closed form", distance(&point, &cube, &config).unwrap()),
                (
                    "GJK",
                    distance(&Hidden(point), &Hidden(cube), &config).unwrap(),
                ),
            ] {
                assert!(
                    (d.distance - 1e-9).abs() <= budget,
                    "D = {D} case {case}: {} by {what}, for 1e-9",
                    d.distance
                );
            }
        }
    }
    each::<2>();
    each::<3>();
}
