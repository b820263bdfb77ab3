//! Brute force: the support value of a hull is the least `n · p` over its
//! vertices; a manifold's points are the vertices of the face below the
//! plane; the generic manifold against a large box agrees; ids stay.
//!
//! Budgets:
//! - support value: the query's signed distance within twice its own
//!   bracket's half-width of the least exact `n · p − o` over the
//!   vertices (the bracket covers the query's rounding; the hull's choice
//!   among vertices within rounding of the least costs as much again),
//!   at scales `1e-6 … 1e6` in `f32` and `1e-30 … 1e30` in `f64`;
//! - manifold against the face vertices: `64 ε L` on positions and
//!   depths (`L` the scene's size);
//! - against `contact_manifold` on a ground box of half-extent 50 in
//!   `f64`: `1e-12` on positions, depths and the normal (the box's top
//!   face at `y = 0` is exact, its rounding of the small box is `ε · 50`).

use super::exact::signed;
use crate::support::{rotation, unit_vector, Rng, Source, TestReal, P};
use gjk::nalgebra::{Matrix3, Rotation3, SMatrix, Vector3};
use gjk::{
    contact_manifold, half_space_contact, half_space_manifold, Config, Cuboid, Cylinder, HalfSpace,
    Hull, SupportMap, Transformed, Vector,
};

/// Calls `f` with the hull of `points` (3D), when they bound one.
fn hull3<T: TestReal>(points: &[Vector<T, 3>], f: &mut dyn FnMut(&dyn SupportMap<T, 3>)) {
    let mut indices = vec![0; Hull::<T, 3>::indices_needed(points.len())];
    let mut facets = vec![[0; 3]; Hull::<T, 3>::facets_needed(points.len())];
    if let Ok(hull) = Hull::<T, 3>::new(points, &mut indices, &mut facets) {
        f(&hull);
    }
}

/// Calls `f` with the hull of `points` (2D), when they bound one.
fn hull2<T: TestReal>(points: &[Vector<T, 2>], f: &mut dyn FnMut(&dyn SupportMap<T, 2>)) {
    let mut indices = vec![0; Hull::<T, 2>::indices_needed(points.len())];
    let mut edges = vec![[0; 2]; Hull::<T, 2>::facets_needed(points.len())];
    if let Ok(hull) = Hull::<T, 2>::new(points, &mut indices, &mut edges) {
        f(&hull);
    }
}

type Build<T, const D: usize> = fn(&[Vector<T, D>], &mut dyn FnMut(&dyn SupportMap<T, D>));

fn support_values<T: TestReal, const D: usize>(scales: [f64; 3], seed: u64, build: Build<T, D>) {
    let mut rng = Rng::new(seed);
    let config = Config::default();
    let mut checked = 0;
    for case in 0..60 {
        let s = scales[case % 3];
        let n = rng.int(D + 1, 12);
        let points: Vec<Vector<T, D>> = (0..n)
            .map(|_| P::<D>::from_fn(|_, _| rng.range(-1.0, 1.0) * s).map(T::of_f64))
            .collect();
        let normal = unit_vector::<D>(&mut rng).map(T::of_f64);
        let plane = HalfSpace::new(normal, T::of_f64(rng.range(-1.5, 1.5) * s)).unwrap();
        build(&points, &mut |hull| {
            let c = half_space_contact(&plane, hull, T::of_f64(10.0 * s), &config);
            let c = c.unwrap().unwrap();
            let least = points
                .iter()
                .map(|p| signed(&plane, p, T::zero()))
                .fold(f64::INFINITY, f64::min);
            let half_width = (c.upper - c.distance).as_f64();
            let got = c.distance.as_f64();
            assert!(
                (got - least).abs() <= 2.0 * half_width,
                "{} {D}D scale {s:e}: {got:e} against {least:e} (bracket ±{half_width:e})",
                T::NAME
            );
            assert!(
                half_width <= 64.0 * T::eps() * 4.0 * s,
                "{half_width:e} at scale {s:e}"
            );
            checked += 1;
        });
    }
    assert!(checked >= 50, "{checked}");
}

#[test]
fn the_support_value_is_the_least_over_the_vertices() {
    support_values::<f32, 2>([1e-6, 1.0, 1e6], 1, hull2);
    support_values::<f32, 3>([1e-6, 1.0, 1e6], 2, hull3);
    support_values::<f64, 2>([1e-30, 1.0, 1e30], 3, hull2);
    support_values::<f64, 3>([1e-30, 1.0, 1e30], 4, hull3);
}

/// A box of these half-extents turned by `m` about `at`, in `T`.
fn placed<T: TestReal>(
    half: [f64; 3],
    m: &Matrix3<f64>,
    at: &P<3>,
) -> Transformed<Cuboid<T, 3>, T, 3> {
    let cube = Cuboid::new(Vector3::from_fn(|i, _| T::of_f64(half[i]))).unwrap();
    Transformed::new(cube, m.map(T::of_f64), at.map(T::of_f64)).unwrap()
}

fn face_vertices<T: TestReal>(seed: u64) {
    let mut rng = Rng::new(seed);
    let config = Config::default();
    let budget = 64.0 * T::eps() * 4.0;
    for _ in 0..40 {
        let u = unit_vector::<3>(&mut rng);
        let half = [
            rng.range(0.2, 1.0),
            rng.range(0.2, 1.0),
            rng.range(0.2, 1.0),
        ];
        // Turned so that its −y face leans on the plane, tilted by up to 0.1.
        let tilt = Rotation3::from_axis_angle(&Vector3::x_axis(), rng.range(-0.1, 0.1))
            * Rotation3::from_axis_angle(&Vector3::z_axis(), rng.range(-0.1, 0.1));
        let onto =
            Rotation3::rotation_between(&Vector3::y(), &u).unwrap_or_else(Rotation3::identity);
        let m = (onto * tilt).matrix().to_owned();
        let aside = P::<3>::new(0.3, -0.2, 0.1);
        let at = u * (half[1] - 0.02) + aside - u * u.dot(&aside);
        let shape = placed::<T>(half, &m, &at);
        let plane = HalfSpace::new(u.map(T::of_f64), T::zero()).unwrap();
        let mt = m.map(T::of_f64);
        let corners: Vec<P<3>> = [-1.0, 1.0]
            .iter()
            .flat_map(|&x| [-1.0, 1.0].map(move |z| (x, z)))
            .map(|(x, z)| {
                let local = Vector3::new(x * half[0], -half[1], z * half[2]).map(T::of_f64);
                (mt * local + at.map(T::of_f64)).map(|x| x.as_f64())
            })
            .collect();
        let expected: Vec<&P<3>> = corners.iter().filter(|p| u.dot(p) <= 0.0).collect();
        let m = half_space_manifold(&plane, &shape, T::zero(), &config)
            .unwrap()
            .unwrap();
        // Corners within rounding of the plane may fall either way.
        let sure = expected.iter().filter(|p| u.dot(p).abs() > budget).count();
        assert!(
            m.len() >= sure && m.len() <= expected.len().max(1),
            "{m:?} against {expected:?}"
        );
        for p in m.points() {
            let b = p.point_b.map(|x| x.as_f64());
            let near = corners.iter().any(|q| (q - b).norm() <= budget);
            assert!(near, "{} {b:?} is no corner of the bottom face", T::NAME);
            assert!((p.distance.as_f64() - u.dot(&b)).abs() <= budget, "{p:?}");
        }
    }
}

#[test]
fn manifold_points_are_the_face_vertices_below_the_plane() {
    face_vertices::<f32>(5);
    face_vertices::<f64>(6);
}

#[test]
fn agrees_with_the_generic_manifold_on_a_large_box() {
    let mut rng = Rng::new(7);
    let config = Config::default();
    let slab = Cuboid::new(Vector3::repeat(50.0_f64)).unwrap();
    let slab = Transformed::translated(slab, Vector3::new(0.0, -50.0, 0.0)).unwrap();
    let plane = HalfSpace::new(Vector3::y(), 0.0).unwrap();
    for _ in 0..40 {
        let half = [
            rng.range(0.2, 1.0),
            rng.range(0.2, 1.0),
            rng.range(0.2, 1.0),
        ];
        let tilt = Rotation3::from_axis_angle(&Vector3::x_axis(), rng.range(-0.05, 0.05))
            * Rotation3::from_axis_angle(&Vector3::z_axis(), rng.range(-0.05, 0.05))
            * Rotation3::from_axis_angle(&Vector3::y_axis(), rng.range(-3.0, 3.0));
        let at = P::<3>::new(rng.range(-5.0, 5.0), half[1] - 0.01, rng.range(-5.0, 5.0));
        let shape = placed::<f64>(half, tilt.matrix(), &at);
        let ours = half_space_manifold(&plane, &shape, 0.0, &config)
            .unwrap()
            .unwrap();
        let theirs = contact_manifold(&slab, &shape, 0.0, &config)
            .unwrap()
            .unwrap();
        assert!(
            (ours.normal - theirs.normal).norm() <= 1e-12,
            "{ours:?} {theirs:?}"
        );
        assert_eq!(ours.len(), theirs.len(), "{ours:?}\n{theirs:?}");
        for p in ours.points() {
            let twin = theirs
                .points()
                .find(|q| (q.point_b - p.point_b).norm() <= 1e-12);
            let twin = twin.unwrap_or_else(|| panic!("{p:?} not in {theirs:?}"));
            assert!(
                (twin.distance - p.distance).abs() <= 1e-12,
                "{p:?} {twin:?}"
            );
            assert!((twin.point_a - p.point_a).norm() <= 1e-12, "{p:?} {twin:?}");
        }
    }
}

/// The ids of a resting box's points, and of a standing cylinder's (eight
/// cap vertices reduced to four), stay the same under pose changes of
/// `1e-9` (`1e-6`, some 16 ulps, in `f32`).
fn stable_ids<T: TestReal>(step: f64) {
    let mut rng = Rng::new(8);
    let config = Config::default();
    let plane = HalfSpace::new(Vector3::z().map(T::of_f64), T::zero()).unwrap();
    let stand = Matrix3::new(1.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 1.0, 0.0);
    for _ in 0..20 {
        let tilt = rotation::<3>(&mut rng).map(|x| x * 1e-3) + SMatrix::<f64, 3, 3>::identity();
        let tilt = Rotation3::from_matrix(&tilt).matrix().to_owned();
        let at = P::<3>::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), 0.49);
        let nudge = |k: f64| {
            let r = Rotation3::from_axis_angle(&Vector3::x_axis(), k * step)
                * Rotation3::from_axis_angle(&Vector3::y_axis(), -k * step);
            (r.matrix() * tilt, at + P::<3>::repeat(k * step))
        };
        let ids = |m: &gjk::Manifold<T, 3>| {
            let mut ids: Vec<u64> = m.points().map(|p| p.id_b).collect();
            ids.sort_unstable();
            ids
        };
        let cylinder = Cylinder::new(T::of_f64(0.5), T::one()).unwrap();
        let mut seen: Vec<(Vec<u64>, Vec<u64>)> = Vec::new();
        for k in [0.0, 1.0, -1.0] {
            let (m, at) = nudge(k);
            let cube = placed::<T>([0.5; 3], &m, &at);
            let drum =
                Transformed::new(cylinder, (m * stand).map(T::of_f64), at.map(T::of_f64)).unwrap();
            let a = half_space_manifold(&plane, &cube, T::of_f64(0.1), &config)
                .unwrap()
                .unwrap();
            let b = half_space_manifold(&plane, &drum, T::of_f64(0.1), &config)
                .unwrap()
                .unwrap();
            assert_eq!((a.len(), b.len()), (4, 4), "{a:?}\n{b:?}");
            seen.push((ids(&a), ids(&b)));
        }
        assert!(
            seen.windows(2).all(|w| w[0] == w[1]),
            "{} {seen:?}",
            T::NAME
        );
    }
}

#[test]
fn ids_stay_under_tiny_pose_changes() {
    stable_ids::<f32>(1e-6);
    stable_ids::<f64>(1e-9);
}
