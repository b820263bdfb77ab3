//! EPA on curved support maps: the polytope must reach the tolerance within
//! its default capacity, and say so.
//!
//! A curved boundary is only ever approximated by facets, and the gap
//! between a facet and the arc it spans shrinks with the square of its
//! angular width, so the depth converges quadratically in the normal's
//! angle: a relative tolerance `τ` on the depth `d` pins the normal to
//! `θ ≤ √(2 (τ d + 64 ε L) / R)` for a boundary of curvature radius `R`.
//! That is each test's normal budget; the depth's is `τ d + 64 ε L`, `L` the
//! largest coordinate. Oracles: closed forms (two parallel cylinders; an
//! ellipse or ellipsoid resting on a wide box).

use crate::support;

use gjk::{
    penetration, Config, Cuboid, Status, SupportMap, Vector, DEFAULT_EPA_FACETS,
    DEFAULT_EPA_VERTICES,
};
use support::TestReal;

/// A cylinder of radius `r` and half-height `h` about the last axis (in 3D;
/// in 2D a box of half-width `r`, which keeps the example comparable), as a
/// user would write it.
#[derive(Clone, Copy)]
struct Cylinder<T: TestReal> {
    center: Vector<T, 3>,
    radius: T,
    half_height: T,
}

impl<T: TestReal> SupportMap<T, 3> for Cylinder<T> {
    fn core_support(&self, d: &Vector<T, 3>) -> Vector<T, 3> {
        let xy = (d.x * d.x + d.y * d.y).sqrt();
        let (x, y) = if xy > T::zero() {
            (self.radius * d.x / xy, self.radius * d.y / xy)
        } else {
            (self.radius, T::zero())
        };
        let z = if d.z >= T::zero() {
            self.half_height
        } else {
            -self.half_height
        };
        self.center + Vector::<T, 3>::new(x, y, z)
    }
    fn center(&self) -> Vector<T, 3> {
        self.center
    }
}

/// An axis-aligned ellipsoid with semi-axes `axes`.
#[derive(Clone, Copy)]
struct Ellipsoid<T: TestReal, const D: usize> {
    center: Vector<T, D>,
    axes: Vector<T, D>,
}

impl<T: TestReal, const D: usize> SupportMap<T, D> for Ellipsoid<T, D> {
    fn core_support(&self, d: &Vector<T, D>) -> Vector<T, D> {
        // s(d) = c + A² d / ‖A d‖ for A = diag(axes).
        let ad = d.component_mul(&self.axes);
        let n = ad.norm();
        if n > T::zero() {
            self.center + ad.component_mul(&self.axes) / n
        } else {
            self.center
        }
    }
    fn center(&self) -> Vector<T, D> {
        self.center
    }
}

fn budgets<T: TestReal>(depth: f64, scale: f64, curvature: f64) -> (f64, f64) {
    let tau = T::GJK_TOLERANCE.as_f64();
    let depth_budget = tau * depth + 64.0 * T::eps() * scale;
    (depth_budget, (2.0 * depth_budget / curvature).sqrt())
}

/// `penetration` of two cylinders of radius 1 and half-height 2 about the
/// last axis, the second moved by `c` along (0.6, 0.8) and `dz` along the
/// axis.
/// With the speed-first build's default room (64 vertices, 192 facets),
/// which these cases measure; the size-first build's smaller default is
/// checked by [`parallel_cylinders_in_the_default_room`].
fn cylinders<T: TestReal>(c: f64, dz: f64) -> gjk::Penetration<T, 3> {
    cylinders_with::<T, 64, 192>(c, dz, Config::default())
}

/// [`cylinders`] with room for `V` vertices and `F` facets.
fn cylinders_with<T: TestReal, const V: usize, const F: usize>(
    c: f64,
    dz: f64,
    config: Config<T, 3>,
) -> gjk::Penetration<T, 3> {
    let a = Cylinder {
        center: Vector::<T, 3>::zeros(),
        radius: T::of_f64(1.0),
        half_height: T::of_f64(2.0),
    };
    let b = Cylinder {
        center: Vector::<T, 3>::new(T::of_f64(0.6 * c), T::of_f64(0.8 * c), T::of_f64(dz)),
        ..a
    };
    support::penetration_with_capacity::<T, 3, V, F>(&a, &b, &config)
        .unwrap()
        .unwrap()
}

/// Two parallel cylinders of radius 1 whose axes are `c` apart along
/// (0.6, 0.8): depth `2 − c` along that direction (the heights overlap by
/// far more). The default capacity used to run out with the normal 2.4e-5
/// rad off. Overlaps up to 60 % of the diameter converge; deeper ones
/// (`deep`) may run out of room, and then bracket the depth.
fn parallel_cylinders<T: TestReal>() {
    let cases = [(1.9, 0.0), (1.5, 0.3), (1.2, 0.5), (0.8, 0.1)];
    let deep = [(0.3, -0.2), (0.05, 0.0)];
    for (c, dz) in deep {
        bracketed(&cylinders::<T>(c, dz), c);
    }
    for (c, dz) in cases {
        converged_to(&cylinders::<T>(c, dz), c);
    }
}

/// The bounds bracket the depth `2 − c` within its budget.
fn bracketed<T: TestReal>(p: &gjk::Penetration<T, 3>, c: f64) {
    let (depth_budget, _) = budgets::<T>(2.0 - c, 3.0, 2.0);
    let (lower, upper) = (p.depth.as_f64(), p.upper.as_f64());
    assert!(
        lower <= 2.0 - c + depth_budget && 2.0 - c <= upper + depth_budget,
        "{} c = {c}: bounds do not bracket {}: {p:?}",
        T::NAME,
        2.0 - c
    );
}

/// In the default room of either build, every case converges or runs out
/// of room, and brackets the depth either way (the size-first room of 32
/// vertices runs out on the shallower overlaps too).
fn parallel_cylinders_default<T: TestReal>() {
    let cases = [
        (1.9, 0.0),
        (1.5, 0.3),
        (1.2, 0.5),
        (0.8, 0.1),
        (0.3, -0.2),
        (0.05, 0.0),
    ];
    for (c, dz) in cases {
        let p =
            cylinders_with::<T, DEFAULT_EPA_VERTICES, DEFAULT_EPA_FACETS>(c, dz, Config::default());
        assert!(
            matches!(p.status, Status::Converged | Status::OutOfCapacity),
            "{} c = {c}: {p:?}",
            T::NAME
        );
        bracketed(&p, c);
    }
}

#[test]
fn parallel_cylinders_in_the_default_room() {
    parallel_cylinders_default::<f64>();
    parallel_cylinders_default::<f32>();
}

/// The answer within the depth and normal budgets, converged.
fn converged_to<T: TestReal>(p: &gjk::Penetration<T, 3>, c: f64) {
    let what = format!("{} c = {c}: {p:?}", T::NAME);
    assert_eq!(p.status, Status::Converged, "{what}");
    let (depth_budget, angle_budget) = budgets::<T>(2.0 - c, 3.0, 2.0);
    assert!(
        (p.depth.as_f64() - (2.0 - c)).abs() <= depth_budget,
        "{what}"
    );
    let n = Vector::<f64, 3>::from_fn(|i, _| p.normal[i].as_f64());
    let angle = (n - Vector::<f64, 3>::new(0.6, 0.8, 0.0)).norm();
    assert!(
        angle <= angle_budget,
        "normal {angle:e} rad off (budget {angle_budget:e}); {what}"
    );
}

/// Nearly coaxial cylinders need room in proportion to `1 / √c` (the
/// depth is flat across directions; see `contact_with_capacity`): the
/// deep cases that run out of the default room converge when given it, and
/// the iterations to use it.
#[test]
fn deep_parallel_cylinders_given_room() {
    let config = Config {
        max_iterations: 256,
        ..Config::default()
    };
    for (c, dz) in [(0.8, 0.0), (0.3, -0.2)] {
        converged_to(&cylinders_with::<f64, 128, 384>(c, dz, config), c);
    }
    // Built size first, a polytope numbers at most 256 facets (byte
    // indices): these two need more.
    if !cfg!(feature = "small") {
        for (c, dz) in [(0.2, 0.0), (0.05, 0.0)] {
            converged_to(&cylinders_with::<f64, 256, 768>(c, dz, config), c);
        }
    }
    let config = Config {
        max_iterations: 256,
        ..Config::default()
    };
    converged_to(&cylinders_with::<f32, 128, 384>(0.3, -0.2, config), 0.3);
}

#[test]
fn parallel_cylinders_f64() {
    parallel_cylinders::<f64>();
}

#[test]
fn parallel_cylinders_f32() {
    parallel_cylinders::<f32>();
}

/// An ellipsoid sunk `sink` into the top face (at height 1) of a wide box:
/// depth `sink` straight up. The curvature radius of the bottom of an
/// ellipsoid with semi-axes `a` (last axis `b`) is `a² / b`.
fn ellipsoid_on_a_box<T: TestReal, const D: usize>() {
    for sink in [0.5, 0.1, 1e-3] {
        let mut half = Vector::<T, D>::repeat(T::of_f64(10.0));
        half[D - 1] = T::of_f64(1.0);
        let floor = Cuboid::new(half).unwrap();
        let mut axes = Vector::<T, D>::repeat(T::of_f64(1.5));
        axes[D - 1] = T::of_f64(0.75);
        let mut center = Vector::<T, D>::from_fn(|i, _| T::of_f64(0.1 * i as f64));
        center[D - 1] = T::of_f64(1.0 + 0.75 - sink);
        let blob = Ellipsoid { center, axes };
        let p = penetration(&floor, &blob, &Config::default())
            .unwrap()
            .unwrap();
        let what = format!("{} D = {D}, sink {sink}: {p:?}", T::NAME);
        assert_eq!(p.status, Status::Converged, "{what}");
        let (depth_budget, angle_budget) = budgets::<T>(sink, 10.0, 1.5 * 1.5 / 0.75);
        assert!((p.depth.as_f64() - sink).abs() <= depth_budget, "{what}");
        let mut up = Vector::<f64, D>::zeros();
        up[D - 1] = 1.0;
        let n = Vector::<f64, D>::from_fn(|i, _| p.normal[i].as_f64());
        let angle = (n - up).norm();
        assert!(
            angle <= angle_budget,
            "normal {angle:e} rad off (budget {angle_budget:e}); {what}"
        );
    }
}

#[test]
fn ellipsoid_on_a_box_2d_3d() {
    ellipsoid_on_a_box::<f64, 2>();
    ellipsoid_on_a_box::<f64, 3>();
    ellipsoid_on_a_box::<f32, 2>();
    ellipsoid_on_a_box::<f32, 3>();
}
