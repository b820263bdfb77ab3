//! The manifold agrees with the contact it is built from: its deepest
//! point is the contact's.
//!
//! Found: a box against a `Hull` in deep overlap (depth 0.147), whose
//! contact normal is 0.9987 aligned with a hull facet but not its normal
//! (an edge of the box across that facet's corner). Clipping the box's
//! face against the facet's side planes kept only shallow points: the
//! manifold said +0.0102 ("apart") at a separation of 0.05, and all four
//! points positive at 1.0, beside a converged contact of −0.147.
//!
//! Must hold: at every separation, the least point distance equals the
//! contact's distance (budget: the contact's own relative tolerance plus
//! `64 ε L`), and no point is deeper than it.

use crate::support;

use gjk::nalgebra::{Isometry3, Quaternion, Translation3, UnitQuaternion, Vector3};
use gjk::{contact, contact_manifold, Config, Cuboid, Hull, Transformed};
use support::TestReal;

/// The hull's 30 points, as found (f32 literals).
const CLOUD: [[f32; 3]; 30] = [
    [-0.26674026, -0.035141706, 0.36589438],
    [0.08428764, -0.3460009, 0.08637291],
    [-0.4132136, 0.090529084, 0.3191164],
    [0.3809573, 0.26714748, -0.24892843],
    [0.31795436, 0.351875, 0.13688725],
    [0.36731613, 0.23312026, -0.37871134],
    [0.27657992, 0.39632732, 0.23804623],
    [0.06717527, -0.35191166, 0.48390913],
    [0.33067483, 0.12213212, -0.41096073],
    [0.33811653, -0.40917516, 0.4252898],
    [-0.05303365, -0.3300315, -0.42231667],
    [0.13315803, -0.13768649, -0.13966024],
    [-0.23065603, 0.24387729, -0.48888296],
    [0.35709512, -0.10699427, 0.2808326],
    [-0.32043445, -0.2473476, -0.20802265],
    [-0.122636974, 0.42612123, -0.053964555],
    [0.22219312, -0.19187272, -0.4056601],
    [-0.13557673, -0.084768295, 0.10439438],
    [-0.44552106, 0.30527723, -0.017674565],
    [0.4800256, -0.4758728, -0.21103501],
    [0.47181618, -0.11206299, 0.2622816],
    [0.4291913, -0.27399194, -0.14027709],
    [0.26620984, -0.08129364, -0.09719187],
    [-0.20255023, 0.35516644, 0.28953505],
    [-0.19352108, -0.005838692, -0.004810989],
    [0.40115857, -0.43835133, 0.22171837],
    [0.1569221, -0.066557825, -0.3488047],
    [-0.49426413, -0.02585727, 0.3934093],
    [0.2932617, 0.008299649, 0.24737525],
    [0.15592021, -0.17992032, 0.4223652],
];

/// A unit quaternion normalised in f32, then converted to `T`.
fn turn<T: TestReal>(w: f32, x: f32, y: f32, z: f32) -> UnitQuaternion<T> {
    let q = UnitQuaternion::from_quaternion(Quaternion::new(w, x, y, z)).into_inner();
    let t = |c: f32| T::of_f64(f64::from(c));
    UnitQuaternion::new_unchecked(Quaternion::new(t(q.w), t(q.i), t(q.j), t(q.k)))
}

fn box_against_hull<T: TestReal>() {
    let t = |c: f32| T::of_f64(f64::from(c));
    let points: Vec<Vector3<T>> = CLOUD
        .iter()
        .map(|p| Vector3::new(t(p[0]), t(p[1]), t(p[2])))
        .collect();
    let mut indices = vec![0; Hull::<T, 3>::indices_needed(points.len())];
    let mut facets = vec![[0; 3]; Hull::<T, 3>::facets_needed(points.len())];
    let hull = Hull::<T, 3>::new(&points, &mut indices, &mut facets).unwrap();
    let cuboid = Cuboid::new(Vector3::new(t(0.5), t(0.3), t(0.2))).unwrap();
    let a = Transformed::from_isometry3(
        cuboid,
        &Isometry3::from_parts(
            Translation3::identity(),
            turn(-0.093502276, 0.47453344, 0.5157481, -0.7071628),
        ),
    );
    let b = Transformed::from_isometry3(
        hull,
        &Isometry3::from_parts(
            Translation3::new(t(0.577555), t(0.32332608), t(0.18299747)),
            turn(0.029981725, -0.286599, -0.932893, -0.21603869),
        ),
    );
    let config = Config::<T, _>::default();
    let c = contact(&a, &b, T::zero(), &config).unwrap().unwrap();
    let depth = c.distance.as_f64();
    assert!((depth + 0.147107).abs() < 1e-5, "contact {depth}");
    let budget = config.tolerance.as_f64() * depth.abs() + 64.0 * T::eps();
    for separation in [0.0, 0.05, 0.2, 1.0] {
        let m = contact_manifold(&a, &b, T::of_f64(separation), &config)
            .unwrap()
            .unwrap();
        let least = m
            .points()
            .map(|p| p.distance.as_f64())
            .fold(f64::INFINITY, f64::min);
        assert!(
            (least - depth).abs() <= budget,
            "separation {separation}: deepest point {least} beside a contact of {depth}; {m:?}"
        );
        let mut ids: Vec<_> = m.points().map(|p| (p.id_a, p.id_b)).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), m.len(), "ids shared: {m:?}");
    }
}

#[test]
fn a_box_deep_in_a_hull_keeps_the_contact_point() {
    box_against_hull::<f64>();
    box_against_hull::<f32>();
}
