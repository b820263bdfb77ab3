//! Depths that are exactly representable come out exact.
//!
//! Found: boxes 1×1×1 at (−0.5, 0.5, 0.2) and 0.5×1×1.5 at the origin
//! overlap by 0.25, reported as 0.2499999999999997; a cube turned 45° about
//! z against a cube overlaps by 1, reported as 0.9999999999999988. The
//! depth was EPA's certified lower bound (the facet's distance net of its
//! rounding), which libccd's own tests (`boxboxSeparate`) compare at
//! `DBL_EPSILON` and fail.
//!
//! Must hold: the depth is the best estimate (the overlap along the
//! converged normal, exact here), and the certified bracket stays in the
//! bounds: `lower ≤ depth ≤ upper`, the truth inside, in f32
//! and f64. Budget: 0 (bit-exact) for the depths, and the bracket within
//! the tolerance of the depth.

use crate::support::assert_brackets;

use gjk::nalgebra::{Rotation3, Vector3};
use gjk::{penetration, Config, Cuboid, Real, Status, Transformed};

fn check<T: Real + core::fmt::Debug>(
    a: &impl gjk::SupportMap<T, 3>,
    b: &impl gjk::SupportMap<T, 3>,
    truth: T,
) {
    let config = Config::<T, _>::default();
    let p = penetration(a, b, &config).unwrap().unwrap();
    assert_eq!(p.status, Status::Converged, "{p:?}");
    assert_eq!(p.depth, truth, "{p:?}");
    assert_brackets(&p, truth.widen(), 0.0, "depth");
    assert!(
        p.upper - p.lower <= config.tolerance * truth + T::lit(1e-6),
        "{p:?}"
    );
    // The witnesses are the depth apart along the normal.
    let gap = p.point_a - p.point_b - p.normal * p.depth;
    assert!(gap.norm() <= T::lit(8.0) * T::EPSILON, "{p:?}");
}

fn boxes<T: Real + core::fmt::Debug>() {
    let v = |x: f64, y: f64, z: f64| Vector3::new(T::lit(x), T::lit(y), T::lit(z));
    let unit = Cuboid::new(v(0.5, 0.5, 0.5)).unwrap();
    let a = Transformed::translated(unit, v(-0.5, 0.5, 0.2)).unwrap();
    let b = Cuboid::new(v(0.25, 0.5, 0.75)).unwrap();
    check(&a, &b, T::lit(0.25));
    check(&b, &a, T::lit(0.25));
    let turn = Rotation3::from_axis_angle(&Vector3::z_axis(), T::lit(core::f64::consts::FRAC_PI_4));
    let turned = Transformed::new(unit, turn.into_inner(), v(0.0, 0.0, 0.0)).unwrap();
    check(&turned, &unit, T::lit(1.0));
    check(&unit, &turned, T::lit(1.0));
}

#[test]
fn representable_depths_are_exact() {
    boxes::<f64>();
    boxes::<f32>();
}
