//! Queries in one shape's frame (`Transformed::in_frame_of`) against the
//! same queries in the world frame: distances within the tolerance plus
//! `2⁸ ε L` (the relative placement is rounded once), witness points mapped
//! back within `√(tolerance) L`, booleans equal outside that band. Boxes,
//! hulls and capsules, 2D and 3D, `f32` and `f64`.

use crate::support;

use gjk::nalgebra::SMatrix;
use gjk::{
    distance, hull::Scanned, intersects, penetration, Capsule, Config, Cuboid, SupportMap,
    Transformed, Vector,
};
use support::{rotation, Rng, Source, TestReal, P};

fn compare<T: TestReal, const D: usize, SA, SB>(
    a: &Transformed<SA, T, D>,
    b: &Transformed<SB, T, D>,
    what: &str,
) where
    SA: SupportMap<T, D>,
    SB: SupportMap<T, D>,
{
    let config = Config::<T, _>::default();
    let tol = config.tolerance.as_f64();
    let size = 4.0;
    let band = |d: f64| tol * d + 256.0 * T::eps() * size;
    let local = b.in_frame_of(a);
    let world = distance(a, b, &config).unwrap();
    let rel = distance(a.shape(), &local, &config).unwrap();
    let (dw, dr) = (world.distance.as_f64(), rel.distance.as_f64());
    assert!(
        (dw - dr).abs() <= band(dw),
        "{what}: {dw} in the world, {dr} in A's frame"
    );
    if dw > band(dw) {
        let witness = tol.sqrt() * size + 256.0 * T::eps() * size;
        let back = a.to_world(&rel.point_a);
        assert!(
            (back - world.point_a).norm().as_f64() <= witness,
            "{what}: point_a"
        );
        let n = rel.normal.map(|n| a.direction_to_world(&n));
        let (Some(n), Some(m)) = (n, world.normal) else {
            panic!("{what}: apart without a normal");
        };
        assert!((n - m).norm().as_f64() <= tol.sqrt() + 256.0 * T::eps());
        assert_eq!(
            intersects(a, b, &config).unwrap(),
            intersects(a.shape(), &local, &config).unwrap(),
            "{what}: intersects"
        );
    }
    let (pw, pr) = (
        penetration(a, b, &config).unwrap(),
        penetration(a.shape(), &local, &config).unwrap(),
    );
    if let (Some(pw), Some(pr)) = (pw, pr) {
        let (x, y) = (pw.depth.as_f64(), pr.depth.as_f64());
        // EPA converges to its tolerance, which is looser than GJK's.
        assert!((x - y).abs() <= 1e3 * band(x), "{what}: depth {x} and {y}");
    }
}

fn sweep<T: TestReal, const D: usize>(seed: u64, cases: usize) {
    let mut r = Rng::new(seed);
    let points: Vec<Vector<T, D>> = (0..12)
        .map(|_| P::<D>::from_fn(|_, _| r.range(-1.0, 1.0)).map(T::of_f64))
        .collect();
    let hull = Scanned::new(&points).unwrap();
    let cube = Cuboid::new(Vector::<T, D>::from_fn(|i, _| {
        T::of_f64(0.3 + 0.2 * i as f64)
    }))
    .unwrap();
    let capsule = Capsule::new(
        Vector::<T, D>::zeros(),
        Vector::<T, D>::repeat(T::of_f64(0.5)),
        T::of_f64(0.2),
    )
    .unwrap();
    for case in 0..cases {
        let pose = |r: &mut Rng| {
            let m: SMatrix<T, D, D> = rotation::<D>(r).map(T::of_f64);
            let t = P::<D>::from_fn(|_, _| r.range(-1.5, 1.5)).map(T::of_f64);
            (m, t)
        };
        let ((ma, ta), (mb, tb)) = (pose(&mut r), pose(&mut r));
        let what = format!("{} D = {D} case {case}", T::NAME);
        let a = Transformed::new(&hull, ma, ta).unwrap();
        let b = Transformed::new(&cube, mb, tb).unwrap();
        compare(&a, &b, &format!("{what}: hull-box"));
        let c = Transformed::new(&capsule, mb, tb).unwrap();
        compare(&b, &c, &format!("{what}: box-capsule"));
    }
}

#[test]
fn queries_in_one_shapes_frame_agree_with_the_world_frame() {
    sweep::<f64, 2>(1, 500);
    sweep::<f64, 3>(2, 500);
    sweep::<f32, 2>(3, 500);
    sweep::<f32, 3>(4, 500);
}
