//! Closed-form answers: balls, boxes at tilts, capsules, hulls, cylinders
//! and rounded shapes against tilted planes, in 2D and 3D, `f32` and
//! `f64`.
//!
//! Budget: `64 ε L` on the signed distance and the witnesses (`L` the
//! scene's size, about 10 here): the inputs rounded to `T` and the shapes'
//! own support arithmetic (a rotation applied in `T`) move the answer by a
//! few ulps of `L`. The bracket is held to no budget: it must contain the
//! exact signed distance of the support point the query used (`exact`).

use super::exact::{plane, signed};
use crate::support::{TestReal, P};
use gjk::nalgebra::{Matrix2, Matrix3, Rotation3, Vector3};
use gjk::{
    half_space_contact, half_space_distance, half_space_intersects, half_space_manifold, Ball,
    Capsule, Config, Cuboid, Cylinder, HalfSpace, Hull, Rounded, SupportMap, Transformed, Vector,
};

/// `64 ε` of a scene of size 10.
fn budget<T: TestReal>() -> f64 {
    64.0 * T::eps() * 10.0
}

fn to_t<T: TestReal, const D: usize>(p: &P<D>) -> Vector<T, D> {
    p.map(T::of_f64)
}

/// The contact, distance and intersection of `shape` with `plane` against
/// the expected signed distance, and the bracket against the exact one.
#[track_caller]
fn check<T: TestReal, const D: usize>(
    plane: &HalfSpace<T, D>,
    shape: &impl SupportMap<T, D>,
    expected: f64,
    what: &str,
) {
    let config = Config::default();
    let budget = budget::<T>();
    let big = T::of_f64(100.0);
    let c = half_space_contact(plane, shape, big, &config)
        .unwrap()
        .unwrap();
    let got = c.distance.as_f64();
    let what = format!("{what} [{} {D}D]", T::NAME);
    assert!(
        (got - expected).abs() <= budget,
        "{what}: {got} against {expected}"
    );
    // The bracket holds the exact gap of the support point used.
    let n = plane.normal();
    let truth = signed(plane, &shape.core_support(&-n), shape.margin());
    assert!(
        c.lower.as_f64() <= truth && truth <= c.upper.as_f64(),
        "{what}: [{:?}, {:?}] misses {truth}",
        c.lower,
        c.upper
    );
    // Witnesses: A's on the plane, B's below it by the distance.
    let gap = (c.point_b - c.point_a - n * c.distance)
        .map(|x| x.as_f64())
        .norm();
    assert!(gap <= budget, "{what}: witnesses off the normal by {gap}");
    let on_plane = signed(plane, &c.point_a, T::zero());
    assert!(
        on_plane.abs() <= budget,
        "{what}: point_a {on_plane} off the plane"
    );
    assert_eq!(c.normal, n, "{what}");
    let d = half_space_distance(plane, shape, &config).unwrap();
    assert!(
        (d.distance.as_f64() - expected.max(0.0)).abs() <= budget,
        "{what}: {d:?}"
    );
    assert!(
        d.lower <= d.distance && d.distance <= d.upper,
        "{what}: {d:?}"
    );
    if expected.abs() > budget {
        let meets = half_space_intersects(plane, shape, &config).unwrap();
        assert_eq!(meets, expected < 0.0, "{what}");
    }
}

/// Tilted planes `n · x ≤ o` with `n` of three lengths and four offsets.
fn planes<const D: usize>() -> Vec<([f64; D], f64)> {
    let mut n = [0.0; D];
    for (i, x) in n.iter_mut().enumerate() {
        *x = [1.0, 2.0, 2.0][i % 3] * if i % 2 == 0 { 1.0 } else { -1.0 };
    }
    let mut out = Vec::new();
    for s in [1.0, 1e-3, 7.0] {
        for o in [-1.0, 0.5, 3.0, 6.0] {
            out.push((n.map(|x| x * s), o));
        }
    }
    out
}

fn unit<const D: usize>(n: &[f64; D]) -> P<D> {
    P::<D>::from_fn(|i, _| n[i]).normalize()
}

fn balls_and_capsules<T: TestReal, const D: usize>() {
    let c = P::<D>::from_fn(|i, _| [1.0, 2.0, 3.0][i % 3]);
    let e = P::<D>::from_fn(|i, _| [-2.0, 0.5, 1.5][i % 3]);
    for (n, o) in planes::<D>() {
        let h = plane::<T, D>(n, o);
        let u = unit(&n);
        let ball = Ball::new(to_t(&c), T::of_f64(0.75)).unwrap();
        check(&h, &ball, u.dot(&c) - o - 0.75, "ball");
        let capsule = Capsule::new(to_t(&c), to_t(&e), T::of_f64(0.5)).unwrap();
        let low = u.dot(&c).min(u.dot(&e));
        check(&h, &capsule, low - o - 0.5, "capsule");
        let rounded = Rounded::new(capsule, T::of_f64(0.25)).unwrap();
        check(&h, &rounded, low - o - 0.75, "rounded capsule");
    }
}

#[test]
fn balls_capsules_and_rounded_capsules() {
    for_each_precision_and_dimension!(balls_and_capsules; 2, 3, 4);
}

fn boxes_2d<T: TestReal>() {
    let half = [1.0, 0.5];
    let at = P::<2>::new(0.3, 2.0);
    for theta in [0.0, 1e-7, 0.1, core::f64::consts::FRAC_PI_4, 1.0, 2.5] {
        let (s, c) = f64::sin_cos(theta);
        let m = Matrix2::new(c, -s, s, c);
        let cube = Cuboid::new(Vector::<T, 2>::new(T::of_f64(half[0]), T::of_f64(half[1])));
        let placed = Transformed::new(cube.unwrap(), m.map(T::of_f64), to_t(&at)).unwrap();
        for (n, o) in planes::<2>() {
            let u = unit(&n);
            let low = u.dot(&at)
                - half[0] * u.dot(&m.column(0)).abs()
                - half[1] * u.dot(&m.column(1)).abs();
            let h = plane::<T, 2>(n, o);
            check(&h, &placed, low - o, "box");
            let rounded = Rounded::new(placed, T::of_f64(0.2)).unwrap();
            check(&h, &rounded, low - o - 0.2, "rounded box");
        }
    }
}

fn rotations() -> Vec<Matrix3<f64>> {
    let mut out = Vec::new();
    for (a, b) in [(0.0, 0.0), (1e-7, 0.0), (0.1, 0.2), (0.7, -1.3), (2.0, 0.5)] {
        let r = Rotation3::from_axis_angle(&Vector3::x_axis(), a)
            * Rotation3::from_axis_angle(&Vector3::z_axis(), b);
        out.push(*r.matrix());
    }
    out
}

fn shapes_3d<T: TestReal>() {
    let at = P::<3>::new(0.3, 2.0, -1.0);
    let half = [1.0, 0.5, 0.25];
    let cube = Cuboid::new(Vector::<T, 3>::from_fn(|i, _| T::of_f64(half[i]))).unwrap();
    let (hh, r) = (0.8, 0.6);
    let cylinder = Cylinder::new(T::of_f64(hh), T::of_f64(r)).unwrap();
    for m in rotations() {
        let mt = m.map(T::of_f64);
        let placed = Transformed::new(cube, mt, to_t(&at)).unwrap();
        let drum = Transformed::new(cylinder, mt, to_t(&at)).unwrap();
        for (n, o) in planes::<3>() {
            let u = unit(&n);
            let h = plane::<T, 3>(n, o);
            let low = u.dot(&at)
                - (0..3)
                    .map(|i| half[i] * u.dot(&m.column(i)).abs())
                    .sum::<f64>();
            check(&h, &placed, low - o, "box");
            check(
                &h,
                &Rounded::new(placed, T::of_f64(0.2)).unwrap(),
                low - o - 0.2,
                "rounded box",
            );
            let axis = u.dot(&m.column(1));
            let low = u.dot(&at) - hh * axis.abs() - r * (1.0 - axis * axis).max(0.0).sqrt();
            check(&h, &drum, low - o, "cylinder");
        }
    }
}

#[test]
fn boxes_cylinders_and_rounded_boxes_at_tilts() {
    boxes_2d::<f32>();
    boxes_2d::<f64>();
    shapes_3d::<f32>();
    shapes_3d::<f64>();
}

fn hull<T: TestReal>() {
    let points: Vec<P<3>> = [
        [0.0, 0.0, 0.0],
        [2.0, 0.1, 0.3],
        [0.2, 1.5, -0.4],
        [0.1, 0.3, 1.8],
        [1.0, 1.0, 1.0],
    ]
    .iter()
    .map(|p| P::<3>::from_row_slice(p))
    .collect();
    let pts: Vec<Vector<T, 3>> = points.iter().map(to_t).collect();
    let mut indices = vec![0; Hull::<T, 3>::indices_needed(pts.len())];
    let mut facets = vec![[0; 3]; Hull::<T, 3>::facets_needed(pts.len())];
    let hull = Hull::<T, 3>::new(&pts, &mut indices, &mut facets).unwrap();
    for (n, o) in planes::<3>() {
        let u = unit(&n);
        let low = points
            .iter()
            .map(|p| u.dot(p))
            .fold(f64::INFINITY, f64::min);
        check(&plane::<T, 3>(n, o), &hull, low - o, "hull");
    }
}

#[test]
fn hulls() {
    hull::<f32>();
    hull::<f64>();
}

/// Manifolds whose points are known: a box flat on the ground (its four
/// bottom corners, 2 in 2D), a capsule lying along it (its two ends), a
/// ball (one point), a cylinder on its cap (four of its cap's vertices)
/// and tipped onto its rim (the rim's lowest point, added). Budget as
/// above.
fn manifolds<T: TestReal>() {
    let t = T::of_f64;
    let config = Config::default();
    let budget = budget::<T>();
    let ground = plane::<T, 3>([0.0, 0.0, 1.0], 0.0);
    let cube = Cuboid::new(Vector::<T, 3>::repeat(t(0.5))).unwrap();
    let sunk = Transformed::translated(cube, Vector::<T, 3>::new(t(1.0), t(2.0), t(0.49))).unwrap();
    let m = half_space_manifold(&ground, &sunk, T::zero(), &config)
        .unwrap()
        .unwrap();
    assert_eq!(m.len(), 4);
    for p in m.points() {
        assert!((p.distance.as_f64() + 0.01).abs() <= budget, "{p:?}");
        assert!(p.point_a.z.as_f64().abs() <= budget, "{p:?}");
        assert!((p.anchor_b.z.as_f64() + 0.5).abs() <= budget, "{p:?}");
    }
    let ends = (
        Vector::<T, 3>::new(t(-1.0), T::zero(), t(0.4)),
        Vector::<T, 3>::new(t(1.0), T::zero(), t(0.4)),
    );
    let capsule = Capsule::new(ends.0, ends.1, t(0.5)).unwrap();
    let m = half_space_manifold(&ground, &capsule, T::zero(), &config)
        .unwrap()
        .unwrap();
    assert_eq!(m.len(), 2);
    for p in m.points() {
        assert!((p.distance.as_f64() + 0.1).abs() <= budget, "{p:?}");
        assert!((p.point_b.x.as_f64().abs() - 1.0).abs() <= budget, "{p:?}");
    }
    let ball = Ball::new(Vector::<T, 3>::new(t(5.0), t(5.0), t(0.9)), T::one()).unwrap();
    let m = half_space_manifold(&ground, &ball, T::zero(), &config)
        .unwrap()
        .unwrap();
    assert_eq!(m.len(), 1);
    let cylinder = Cylinder::new(t(0.5), t(1.0)).unwrap();
    // Standing on its cap: the axis (y) turned onto z.
    let stand = Matrix3::new(1.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 1.0, 0.0).map(t);
    let standing = Transformed::new(
        cylinder,
        stand,
        Vector::<T, 3>::new(t(0.0), t(0.0), t(0.45)),
    )
    .unwrap();
    let m = half_space_manifold(&ground, &standing, T::zero(), &config)
        .unwrap()
        .unwrap();
    assert_eq!(m.len(), 4, "{m:?}");
    for p in m.points() {
        assert!((p.distance.as_f64() + 0.05).abs() <= budget, "{p:?}");
        let rim = p.point_b.xy().map(|x| x.as_f64()).norm();
        assert!((rim - 1.0).abs() <= budget, "{p:?}");
    }
    // Turned by π/8 about its axis and tipped by 0.3 rad about x: the
    // rim's lowest point is halfway between two of the octagon's vertices;
    // it is added, and is the deepest.
    let spin = Rotation3::from_axis_angle(&Vector3::y_axis(), core::f64::consts::FRAC_PI_8);
    let tip = Rotation3::from_axis_angle(&Vector3::x_axis(), 0.3).matrix()
        * Matrix3::new(1.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 1.0, 0.0)
        * spin.matrix();
    let tipped = Transformed::new(
        cylinder,
        tip.map(t),
        Vector::<T, 3>::new(t(0.0), t(0.0), t(0.6)),
    )
    .unwrap();
    let axis = tip.column(1);
    let low = 0.6 - 0.5 * axis.z.abs() - (1.0 - axis.z * axis.z).sqrt();
    let m = half_space_manifold(&ground, &tipped, t(0.5), &config)
        .unwrap()
        .unwrap();
    let deepest = m
        .points()
        .map(|p| p.distance.as_f64())
        .fold(f64::INFINITY, f64::min);
    assert!((deepest - low).abs() <= budget, "{deepest} against {low}");
    assert!(m.points().any(|p| p.id_b & (1 << 61) != 0), "{m:?}");
    // 2D: a square's bottom edge.
    let ground2 = plane::<T, 2>([0.0, 1.0], 0.0);
    let square = Cuboid::new(Vector::<T, 2>::repeat(t(0.5))).unwrap();
    let on = Transformed::translated(square, Vector::<T, 2>::new(t(4.0), t(0.3))).unwrap();
    let m = half_space_manifold(&ground2, &on, T::zero(), &Config::default())
        .unwrap()
        .unwrap();
    assert_eq!(m.len(), 2);
    assert!(m
        .points()
        .all(|p| (p.distance.as_f64() + 0.2).abs() <= budget));
    // Beyond the prediction distance: none; within it, the points above
    // the plane too.
    let above = Transformed::translated(square, Vector::<T, 2>::new(t(4.0), t(0.8))).unwrap();
    assert!(
        half_space_manifold(&ground2, &above, t(0.2), &Config::default())
            .unwrap()
            .is_none()
    );
    let m = half_space_manifold(&ground2, &above, t(0.4), &Config::default())
        .unwrap()
        .unwrap();
    assert!(
        m.len() == 2
            && m.points()
                .all(|p| (p.distance.as_f64() - 0.3).abs() <= budget)
    );
}

#[test]
fn manifolds_of_boxes_capsules_balls_and_cylinders() {
    manifolds::<f32>();
    manifolds::<f64>();
}
