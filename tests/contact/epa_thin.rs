//! EPA on thin shapes at ordinary scale: a needle a billionth as wide as it
//! is long, lying in (or tilted into) a box's top face by a tenth of its
//! width.
//!
//! Oracle: the box is much larger than the needle, so the shortest
//! separating translation is straight up, by the box's top height minus
//! the needle's lowest point (its support value along `−z`, taken in
//! `f64`). Budgets: the depth within `τ d + 16 ε L` (`L` the largest
//! coordinate), the normal within `16 ε L / d` rad, and the contact points
//! `point_a − point_b = depth · normal` within `16 ε L`: before the points
//! were put on the support planes, a needle 1e-9 wide sunk 1e-10 gave
//! contact points 15 % of the depth off.

use crate::support;

use gjk::nalgebra::SMatrix;
use gjk::{penetration, Config, Cuboid, Transformed, Vector};
use support::{rotation, support_value, Rng, Source, TestReal, P};

/// The needle of half-width `width / 2` and half-length 1/2, turned by a
/// random rotation (`flat`: about the vertical axis only), sunk `sink` into
/// the top face (height 1) of a box of half-extent 4.
fn needle_in_a_box<T: TestReal>(width: f64, sink: f64, flat: bool, cases: u64) {
    let config = Config::<T, _>::default();
    let floor = Cuboid::new(Vector::<T, 3>::new(
        T::of_f64(4.0),
        T::of_f64(4.0),
        T::of_f64(1.0),
    ))
    .unwrap();
    let needle = Cuboid::new(Vector::<T, 3>::new(
        T::of_f64(0.5),
        T::of_f64(width / 2.0),
        T::of_f64(width / 2.0),
    ))
    .unwrap();
    let down = P::<3>::new(0.0, 0.0, -1.0);
    for seed in 0..cases {
        let mut rng = Rng::new(seed);
        let r: SMatrix<f64, 3, 3> = if flat {
            let (s, c) = rng.range(-3.0, 3.0).sin_cos();
            SMatrix::<f64, 3, 3>::new(c, -s, 0.0, s, c, 0.0, 0.0, 0.0, 1.0)
        } else {
            rotation::<3>(&mut rng)
        };
        // The needle's lowest point relative to its centre, then its centre
        // placed so that point is `sink` below the top face.
        let turned = Transformed::new(needle, r.map(T::of_f64), Vector::<T, 3>::zeros()).unwrap();
        let low = support_value(&turned, &down);
        let x = rng.range(-2.0, 2.0);
        let centre = Vector::<T, 3>::new(T::of_f64(x), T::of_f64(0.3), T::of_f64(1.0 - sink + low));
        let placed = Transformed::new(needle, r.map(T::of_f64), centre).unwrap();
        let depth = 1.0 + support_value(&placed, &down);
        let p = penetration(&floor, &placed, &config).unwrap().unwrap();
        let what = format!("{} seed {seed}, depth {depth:e}: {p:?}", T::NAME);
        let scale = 4.0;
        let rounding = 16.0 * T::eps() * scale;
        let tau = T::GJK_TOLERANCE.as_f64();
        let (got, n) = (
            p.depth.as_f64(),
            P::<3>::from_fn(|i, _| p.normal[i].as_f64()),
        );
        assert!(
            (got - depth).abs() <= tau * depth + rounding,
            "depth; {what}"
        );
        assert!(
            (n - P::<3>::z()).norm() <= rounding / depth,
            "normal; {what}"
        );
        let gap = P::<3>::from_fn(|i, _| (p.point_a[i] - p.point_b[i]).as_f64());
        assert!(
            (gap - n * got).norm() <= rounding,
            "point_a − point_b is {gap:?}, not depth · normal; {what}"
        );
        // Each point on its own shape's support plane along the normal.
        let (a_top, b_low) = (support_value(&floor, &n), -support_value(&placed, &-n));
        assert!(
            (n.dot(&P::<3>::from_fn(|i, _| p.point_a[i].as_f64())) - a_top).abs() <= rounding,
            "point_a off A's plane; {what}"
        );
        assert!(
            (n.dot(&P::<3>::from_fn(|i, _| p.point_b[i].as_f64())) - b_low).abs() <= rounding,
            "point_b off B's plane; {what}"
        );
    }
}

#[test]
fn needle_lying_in_a_face_f64() {
    needle_in_a_box::<f64>(1e-9, 1e-10, true, 200);
}

#[test]
fn needle_tilted_into_a_face_f64() {
    needle_in_a_box::<f64>(1e-9, 1e-10, false, 200);
}

#[test]
fn needle_f32() {
    needle_in_a_box::<f32>(1e-3, 1e-4, true, 200);
    needle_in_a_box::<f32>(1e-3, 1e-4, false, 200);
}
