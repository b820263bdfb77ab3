//! EPA on needles at extreme scales: facets whose planes rounding tilts.
//!
//! A facet of a needle's polytope is a sliver: long edges, nearly parallel.
//! Rounding tilts its computed normal by far more than the distance its
//! plane reports, and a depth taken from the plane's offset may be a depth
//! where the shapes only touch. Each facet's certified distance is the least
//! of `n · yᵢ` over its vertices (net of rounding): a bound on the distance
//! to the facet itself whatever the tilt. The two inputs below were found by
//! the fuzzers (`penetration` and `casts` targets) and answered a depth far
//! beyond the truth as `Converged` before facets carried that bound.

use crate::support::assert_ordered;

use gjk::{
    hull::Scanned, penetration, shape_cast, Config, MinkowskiSum, Segment, Status, SupportMap,
    Vector,
};

type V3 = Vector<f64, 3>;

fn points(p: &[[f64; 3]]) -> Vec<V3> {
    p.iter().map(|&q| V3::from(q)).collect()
}

fn hull(points: &[V3]) -> Scanned<&[V3], f64, 3> {
    Scanned::new(points).expect("a valid hull")
}

/// A point against a needle at 1e120 (points within ~1e-11, relative, of a
/// line). The depth came back 6.95e108 while the overlap along the normal
/// was about zero: B moved out by the depth plus `s` ended `s + 6.95e108`
/// away. Oracle: translating B by `(depth + s) · normal` must leave the
/// shapes at most `s` apart, within the rounding of the scale (`1e3 ε L`,
/// `L = 1.4e120`, i.e. 3e107), since the depth is a lower bound on the
/// overlap along every direction.
#[test]
fn point_against_a_needle_at_1e120() {
    let a_points = points(&[[-3.606501435248659e-143, 73.890625, 3.4028234663852886e38]]);
    let a = hull(&a_points);
    let b_points = [
        [
            -1.0453431073158463e120,
            -1.044505076820917e120,
            -1.044505076820917e120,
        ],
        [
            3.465189209367066e118,
            3.5489922588599973e118,
            3.5489922588396644e118,
        ],
        [
            4.7042774945691486e119,
            5.039489692540875e119,
            5.039489692760468e119,
        ],
        [
            3.465189209367066e118,
            3.548992259876631e118,
            3.5489922588599973e118,
        ],
        [
            -1.045343107341872e120,
            -1.044505076820917e120,
            -1.044505076820917e120,
        ],
        [
            1.4039004743997934e120,
            1.4458019991649655e120,
            1.4458019991649655e120,
        ],
        [
            1.1739076080741553e118,
            1.1739076080741553e118,
            1.1739076080741553e118,
        ],
        [1e-30, 1e-30, 4.06422257835e-312],
    ];
    let b_list = points(&b_points);
    let b = hull(&b_list);
    let config = Config {
        tolerance: 1e-12,
        max_iterations: 255,
        first_direction: None,
    }
    .starting_along(Some(V3::new(-0.0, 6.868236379029344e305, -119.61328125)));
    let scale = 1.4458019991649655e120;
    let slack = 1e3 * f64::EPSILON * scale;
    let Some(p) = penetration(&a, &b, &config).expect("finite input") else {
        return; // proven apart: nothing to check
    };
    assert_ordered(&p, "depth");
    let s = 3.2e110;
    let moved: Vec<V3> = b_points
        .iter()
        .map(|&q| V3::from(q) + p.normal * (p.depth + s))
        .collect();
    let moved = hull(&moved);
    let d = gjk::distance(&a, &moved, &Config::default()).expect("finite input");
    assert!(
        d.lower <= s + slack,
        "B moved out by depth + {s:e} is {:e} away: the depth {:e} ({:?}) exceeds the overlap",
        d.lower,
        p.depth,
        p.status
    );
}

/// A point swept against a thin hull at 1e31 (coordinates from 1e-246 to
/// 2e31): at the cast's time of impact the sweep touches the hull, and an
/// exact computation (rational arithmetic over the twelve vertices of the
/// Minkowski difference) put the origin 3e13 outside it. EPA answered a
/// depth of 1.05e19 as `Converged` in one order, from a sliver tetrahedron
/// whose facet planes rounding tilted. Oracle: at the hit, the sweep's depth
/// in either order is at most the cast's own stopping allowance, the
/// tolerance times the swept length (7e20 · 1e-12) plus `64 ε L`
/// (`L = 2e31`): 4.4e17 in all.
#[test]
fn needle_sweep_at_1e31() {
    let a_points = points(&[
        [8.309872205369172e-246, 6.068752479832783e19, 13.05078125],
        [
            3.983743581214419e30,
            7.988948130012211e29,
            5.5522712113357715e29,
        ],
        [
            3.9837435811249846e30,
            7.98894813116208e29,
            5.5522712113357715e29,
        ],
        [
            1.9367970044151682e31,
            2.617030667705949e30,
            5.5522712113357715e29,
        ],
        [8.309872205369172e-246, 13.05078125, 2.0761521641533202e19],
        [
            3.983743581214419e30,
            7.988948130012211e29,
            5.552271211128156e29,
        ],
    ]);
    let a = hull(&a_points);
    let b_points = [V3::zeros()];
    let b = hull(&b_points);
    let config = Config::default();
    let v = (a.center() - b.center()) * 1.5;
    let hit = shape_cast(&a, &b, v, 1.0, &config)
        .expect("finite input")
        .expect("the sweep reaches the hull");
    let path = Segment::new(V3::zeros(), v * hit.t).expect("a finite segment");
    let swept = MinkowskiSum::new(&b, path);
    let allowance = config.tolerance * (v * hit.t).norm() + 64.0 * f64::EPSILON * 2e31;
    for (order, answer) in [
        ("hull, sweep", penetration(&a, &swept, &config)),
        ("sweep, hull", penetration(&swept, &a, &config)),
    ] {
        if let Some(p) = answer.expect("finite input") {
            assert_ordered(&p, order);
            assert!(
                p.depth <= allowance,
                "{order}: depth {:e} ({:?}) where the sweep only touches (allowance {allowance:e})",
                p.depth,
                p.status
            );
            if p.status == Status::Converged {
                assert!(p.upper <= allowance, "{order}: {p:?}");
            }
        }
    }
}
