//! Inputs found by the fuzzers (`fuzz/`) on penetration and contact,
//! minimised, as plain tests.

use gjk::{contact_manifold, distance, hull::Scanned, Config, Error, Status, Vector};

use crate::support::boxes::{in_boxes, outside, placed, BoxParts};
use crate::support::data;

/// Found by the `penetration` target (f64, 3D): hulls flat to within a few
/// rounding units (thickness about 5e60 at coordinates of 5e74) holding the
/// origin, against a point at the origin.
///
/// In the first, EPA's polytope is flat too: only its two large faces get
/// normals, and the origin's projection lies in a facet too thin to have
/// one; the contact points came from the nearest facet with a normal, 1e74
/// away. In the second (one vertex moved by 2e59), completing GJK's triangle
/// added a vertex a rounding error above it, and the polytope's facets got
/// normals from that noise: a depth of 1.5e74, twice the hull's extent along
/// an axis. Both must report a depth within rounding of zero and contact
/// points with `point_a − point_b = depth · normal`.
#[test]
fn penetration_of_a_flat_hull() {
    let p = Vector::<f64, 3>::new;
    let first = data::points::<f64, 3>(data_file!("contact/flat_hull.txt"));
    let mut second = first.clone();
    second[4] = p(
        -2.0865111380222715e74,
        7.08399115741185e73,
        5.448402001611902e72,
    );
    let b = [Vector::<f64, 3>::zeros()];
    for a in [first, second] {
        let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
        let pen = gjk::penetration(&ha, &hb, &Config::default())
            .unwrap()
            .expect("the origin is in A to rounding");
        // Rounding budget: a thousand ulps of the coordinate scale.
        let budget = 1e3 * f64::EPSILON * 4.9e74;
        assert!(pen.depth <= budget, "depth {:e}", pen.depth);
        let off = (pen.point_a - pen.point_b - pen.normal * pen.depth).norm();
        assert!(
            off <= budget,
            "point_a − point_b off depth·normal by {off:e}"
        );
    }
}

/// Found by the `penetration` target (f32): radii of `f32::MAX` whose sum
/// overflows. `penetration` returned an infinite depth; the sum of the
/// margins must be finite, else `Error::Overflow`.
#[test]
fn margins_whose_sum_overflows() {
    let a = gjk::Ball::new(Vector::<f32, 3>::zeros(), f32::MAX).unwrap();
    let b = gjk::Ball::new(Vector::<f32, 3>::new(1.0, 0.0, 0.0), f32::MAX).unwrap();
    let config = Config::default();
    assert_eq!(
        gjk::penetration(&a, &b, &config).err(),
        Some(Error::Overflow)
    );
    assert_eq!(distance(&a, &b, &config).err(), Some(Error::Overflow));
}

/// Found by the `penetration` target (f64, 3D): a hull with coordinates of
/// 1e-155 around the origin, whose squared lengths underflow into
/// subnormals. The polytope's normals came out 6% longer than unit; lengths
/// are now taken on rescaled vectors.
#[test]
fn penetration_normal_is_unit_at_subnormal_scale() {
    let a = data::points::<f64, 3>(data_file!("contact/subnormal_hull.txt"));
    let b = [Vector::<f64, 3>::zeros()];
    let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
    if let Ok(Some(pen)) = gjk::penetration(&ha, &hb, &Config::default()) {
        let n = pen.normal.norm();
        assert!((n - 1.0).abs() <= 1e-12, "normal length {n}");
    }
}

/// Found by the `penetration` target (f64, 4D, coordinates up to 9): hulls
/// with repeated and nearly repeated points. Rounding bends EPA's polytope so
/// that no facet holds `q = depth · normal` (the nearest boundary point of
/// the polytope is 0.8 away from it), and the contact points came from the
/// wrong face although depth and normal were right. `point_a − point_b`
/// must be `depth · normal`, each point on its shape's support plane.
/// Rounding also leaves a facet with the origin outside it here, after which
/// EPA's planes bound nothing: the answer then stops with the last sound
/// bounds (`Stalled`), which must bracket the exact depth.
#[test]
fn contact_points_when_no_facet_holds_the_projection() {
    // As found, repeats included: they steer the expansion.
    let a = data::points::<f64, 4>(data_file!("contact/no_facet_holds_the_projection_a.txt"));
    let b = data::points::<f64, 4>(data_file!("contact/no_facet_holds_the_projection_b.txt"));
    let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
    let config = Config {
        tolerance: 1e-12,
        ..Config::default()
    };
    let pen = gjk::penetration(&ha, &hb, &config)
        .unwrap()
        .expect("the hulls overlap");
    // Rounding breaks EPA's polytope on this input (a facet ends up with the
    // origin outside it); the answer must then bracket the exact depth
    // (0.8269352225115235, from the hull of the Minkowski difference's
    // vertices) and may not claim convergence unless it found it.
    let exact = 0.8269352225115235;
    let slack = 1e3 * f64::EPSILON * 90.0;
    assert!(
        pen.depth <= exact + slack && exact <= pen.upper + slack,
        "{pen:?}"
    );
    if pen.status != Status::Converged {
        return;
    }
    assert!((pen.depth - exact).abs() <= slack, "{pen:?}");
    let n = pen.normal;
    // Oracle: the support planes along the normal, by brute force.
    let high_a = a.iter().map(|x| x.dot(&n)).fold(f64::MIN, f64::max);
    let low_b = b.iter().map(|x| x.dot(&n)).fold(f64::MAX, f64::min);
    // Budget: a thousand ulps of the coordinate scale (90).
    let budget = 1e3 * f64::EPSILON * 90.0;
    assert!(
        (high_a - low_b - pen.depth).abs() <= budget,
        "depth {:e}",
        pen.depth
    );
    assert!((pen.point_a.dot(&n) - high_a).abs() <= budget);
    assert!((pen.point_b.dot(&n) - low_b).abs() <= budget);
    let off = (pen.point_a - pen.point_b - n * pen.depth).norm();
    assert!(
        off <= budget,
        "point_a − point_b off depth·normal by {off:e}"
    );
}

/// The contact points' identities on an EPA answer: `point_a` on A's
/// support plane along the normal, `point_b` on B's within `slack`, and
/// `point_a − point_b = depth · normal` within `slack`.
fn assert_contact_points_on_planes<const D: usize>(
    a: &[Vector<f64, D>],
    b: &[Vector<f64, D>],
    rb: f64,
    p: &gjk::Penetration<f64, D>,
    slack: f64,
) {
    let n = p.normal;
    let high_a = a
        .iter()
        .map(|x| x.dot(&n))
        .fold(f64::NEG_INFINITY, f64::max);
    let low_b = b.iter().map(|x| x.dot(&n)).fold(f64::INFINITY, f64::min) - rb;
    assert!(
        (p.point_a.dot(&n) - high_a).abs() <= slack,
        "point_a off A's plane: {p:?}"
    );
    assert!(
        (p.point_b.dot(&n) - low_b).abs() <= slack,
        "point_b off B's plane: {p:?}"
    );
    let gap = (p.point_a - p.point_b - n * p.depth).norm();
    assert!(
        gap <= slack,
        "point_a - point_b misses depth * normal by {gap:e}: {p:?}"
    );
}

/// Found by the `penetration` target (f64, 3D): a sliver about 1e19 long
/// and 1e17 wide holding the point (-1, 0, 0), 6.5e7 deep. EPA's facet
/// weights carried the rounding of the long edges, and `point_a` was 8e7
/// off A's support plane along the normal. The points are now put on the
/// planes along the normal (one support call). Budget: `1e3 ε L`, L = 1.3e19.
#[test]
fn epa_contact_points_of_a_sliver_lie_on_the_support_planes() {
    let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    let a = data::points::<f64, 3>(data_file!("contact/sliver_holding_a_point.txt"));
    let b = [v(-1.0, 1.26755828937214e-309, 0.0)];
    let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
    let p = gjk::penetration(&ha, &hb, &Config::default())
        .unwrap()
        .unwrap();
    assert_contact_points_on_planes(&a, &b, 0.0, &p, 1e3 * f64::EPSILON * 1.4e19);
}

/// Found by the `penetration` target (f64, 3D): a needle 1e75 long and
/// about 1e65 wide (rounded by 53) around a point near the origin. The
/// contact points missed `depth · normal` by 3e64. Budget: `1e3 ε L`,
/// L = 3.1e74 (the needle's coordinates).
///
/// B's witness lies on the needle's surface (inside it by 3e59, by exact
/// arithmetic on its facets), but GJK from that point to the needle
/// stalls at 4e64, so the witness check cannot prove it in B within
/// `64 ε L`: the answer is `Stalled`, and its points are right all the
/// same.
#[test]
fn epa_contact_points_of_a_needle_differ_by_depth_along_the_normal() {
    let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    let a = [v(86.3671875, -7.909011040616725e21, -42.0703125)];
    let mut b = diagonal_needle().to_vec();
    b.extend([
        v(
            1.2748710706334776e74,
            1.2748710706334776e74,
            1.2748710706334776e74,
        ),
        v(
            1.2748710692444856e74,
            1.274871069529407e74,
            1.274871069529407e74,
        ),
    ]);
    let ha = Scanned::new(&a).unwrap();
    let hb = gjk::Rounded::new(Scanned::new(&b[..]).unwrap(), 53.20703125).unwrap();
    let config = Config {
        max_iterations: 77,
        ..Config::default()
    }
    .starting_along(Some(v(f64::NEG_INFINITY, 0.0, 0.0)));
    let p = gjk::penetration(&ha, &hb, &config).unwrap().unwrap();
    assert!(
        matches!(p.status, Status::Converged | Status::Stalled),
        "{p:?}"
    );
    // The budget of the fuzz invariant: `1e3 ε` of the largest coordinate.
    let slack = 1e3 * f64::EPSILON * 3.1e74;
    assert_contact_points_on_planes(&a, &b, 53.20703125, &p, slack);
}

/// Found by the `penetration` target (f64, 4D): a hull and a long segment
/// overlapping by 0.1293068 (the exact depth, from the hull of the
/// Minkowski difference's vertices). After a few expansions rounding broke
/// EPA's polytope (a facet with the origin outside it), and the answer came
/// back `Converged` at depth 0.1294787 along a normal 0.006 rad off. A broken
/// polytope now ends the expansion with the last sound bounds and
/// `Stalled`. Budget: converged answers within `τ d + 1e3 ε L` of the exact
/// depth; any answer's bounds bracket it.
#[test]
fn broken_epa_polytope_is_not_converged() {
    let v = |x: [f64; 4]| Vector::<f64, 4>::from(x);
    let a = data::points::<f64, 4>(data_file!("contact/broken_polytope_hull.txt"));
    let b = [
        v([
            5e-324,
            2.2250738585072014e-308,
            1e-6,
            3.5023522403586017e-150,
        ]),
        v([53.58984375, 31.12109375, 7.75, -11.4921875]),
    ];
    let exact = 0.12930678203526066;
    let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
    let budget = 1e-12 * exact + 1e3 * f64::EPSILON * 100.0;
    for tolerance in [1e-30, 1e-12] {
        let config = Config {
            tolerance,
            max_iterations: 161,
            first_direction: None,
        };
        let p = gjk::penetration(&ha, &hb, &config).unwrap().unwrap();
        assert!(
            p.depth <= exact + budget && exact <= p.upper + budget,
            "bounds miss the exact depth {exact}: {p:?}"
        );
        if p.status == Status::Converged {
            assert!((p.depth - exact).abs() <= budget, "{p:?}");
        }
    }
}

/// A 4D EPA polytope whose horizon stopped closing (rounding among
/// coordinates from 1e-304 to 1e30): its facets still reported a depth of
/// 2.27186e29 as `Converged`, 5.4e-4 above the exact 2.2706389e29 (qhull on
/// the 63 Minkowski-difference vertices). A horizon that does not close now
/// ends the expansion with the last sound bounds. Oracle: that exact depth;
/// the answer must bracket it (budget `1e3 ε` of the scale `4e30`) and may
/// claim convergence only at it.
#[test]
fn epa_horizon_that_does_not_close_is_not_converged() {
    let a = data::points::<f64, 4>(data_file!("contact/horizon_a.txt"));
    let b = data::points::<f64, 4>(data_file!("contact/horizon_b.txt"));
    let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
    let pen = gjk::penetration(&ha, &hb, &Config::default())
        .unwrap()
        .expect("the hulls overlap");
    let exact = 2.2706388765501293e29;
    let slack = 1e3 * f64::EPSILON * 4e30;
    assert!(
        pen.depth <= exact + slack && exact <= pen.upper + slack,
        "{pen:?}"
    );
    if pen.status == Status::Converged {
        assert!((pen.depth - exact).abs() <= slack, "{pen:?}");
    }
}

/// Found by the `manifold` target's box pairs: a segment (a box of no
/// width, 6e70 long) lying along the inside of a needle, both on the
/// diagonal. EPA's facets are slivers there, and its witnesses'
/// weights carry an error that, left all on B, put `point_b` 1.5e64 off
/// the segment (status `Converged`). Oracle: each contact point lies in
/// its own box; budget `64 ε L` (`L` = 3e74, the coordinates' size).
#[test]
fn contact_on_a_needle_keeps_its_points_on_the_shapes() {
    use gjk::contact;
    // A needle 9e74 long and 2e65 across, and a segment inside it.
    let [(ha, ua, ca), (hb, ub, cb)] = data::boxes(data_file!("contact/segment_in_a_needle.txt"));
    let (a, b) = (placed(ha, ua, ca), placed(hb, ub, cb));
    let budget = 64.0 * f64::EPSILON * 3e74;
    let c = contact(&a, &b, 0.0, &Config::default()).unwrap().unwrap();
    assert!(c.distance < 0.0, "{c:?}");
    in_boxes(
        &c.point_a,
        &c.point_b,
        (ha, ua, ca),
        (hb, ub, cb),
        budget,
        &c,
    );
}

/// Found by the `manifold` target's box pairs: a point (a box of no size)
/// near the origin, just inside a needle 8e74 long. EPA's polytope could
/// not hold its projection, and the witnesses found by GJK on the shifted
/// pair had their mismatch put on B: `point_b` 9e64 from B's one point.
/// Oracle: `point_b` is B's point; budget `64 ε L` (`L` = 2.6e74).
#[test]
fn contact_with_a_point_in_a_needle_keeps_to_the_point() {
    use gjk::contact;
    let [(half, axes, centre)] = data::boxes(data_file!("contact/needle_around_a_point.txt"));
    let a = placed(half, axes, centre);
    let point = Vector::<f64, 3>::new(-120.75390625, 0.796875, 31.12109375);
    let b =
        gjk::Transformed::translated(gjk::Cuboid::new(Vector::zeros()).unwrap(), point).unwrap();
    let budget = 64.0 * f64::EPSILON * 2.6e74;
    for (c, on_b) in [
        (contact(&a, &b, 0.0, &Config::default()), false),
        (contact(&b, &a, 0.0, &Config::default()), true),
    ] {
        let c = c.unwrap().unwrap();
        let p = if on_b { c.point_a } else { c.point_b };
        let off = (p - point).norm();
        assert!(
            off <= budget,
            "the point's witness {off:e} from it (budget {budget:e}); {c:?}"
        );
    }
}

/// Found by the `manifold` target's box pairs: two needles apart (by 9e71,
/// at coordinates 3e74), B's nearest corner over A's long side. The
/// distance's witnesses were right, but `contact`, to put them exactly
/// `distance · normal` apart, moved B's across the normal by their whole
/// sideways miss: 1.8e63 off B (status `Converged`). Oracle: each contact
/// point in its own box, `point_b` at the distance's; budget `64 ε L`.
#[test]
fn contact_apart_keeps_the_narrow_side_on_its_shape() {
    use gjk::contact;
    let [(ha, ua, ca), (hb, ub, cb)] = data::boxes(data_file!("contact/needles_apart.txt"));
    let (a, b) = (placed(ha, ua, ca), placed(hb, ub, cb));
    let config = Config::default();
    let budget = 64.0 * f64::EPSILON * 3.5e74;
    let d = distance(&a, &b, &config).unwrap();
    let c = contact(&a, &b, 1e73, &config).unwrap().unwrap();
    assert_eq!(c.status, Status::Converged);
    in_boxes(
        &c.point_a,
        &c.point_b,
        (ha, ua, ca),
        (hb, ub, cb),
        budget,
        &c,
    );
    let moved = (c.point_b - d.point_b).norm();
    assert!(
        moved <= budget,
        "B's witness {moved:e} from the distance's; {c:?}"
    );
}

/// Two needles on the diagonal at 1e74, parallel to 1e-9 (9e74 and 2e74
/// long, 1e65 and 1e64 across), as the `manifold` target's box pairs built
/// them: half extents, axes and centre of each.
fn parallel_needles() -> (BoxParts, BoxParts) {
    let [a, b] = data::boxes(data_file!("contact/parallel_needles.txt"));
    (a, b)
}

/// Found by the `manifold` target's box pairs: two rounded needles on the
/// diagonal at 1e74, parallel to 1e-9 (9e74 and 2e74 long, 1e65 and 1e64
/// across).
/// Their contact's witnesses, reconciled across the normal by the weights'
/// error model, left `point_b` 1.4e64 off B (status `Converged`), and
/// neither box's support set is one point to pin it to. Oracle: each point
/// in its own box (budget `64 ε L`, `L` = 3e74), or a status other than
/// `Converged`, for the contact and the manifold made from it.
#[test]
fn contact_with_a_witness_off_its_box_is_not_converged() {
    use gjk::{contact, Status};
    let (a, b) = parallel_needles();
    // Rounded by 31 as the fuzzer had them (nothing at this scale, but the
    // loop's path differs).
    let round = |s| gjk::Rounded::new(s, 31.12109375).unwrap();
    let (sa, sb) = (round(placed(a.0, a.1, a.2)), round(placed(b.0, b.1, b.2)));
    let budget = 64.0 * f64::EPSILON * 3e74;
    // The fuzzer's first search direction and iteration cap.
    let config = Config {
        tolerance: 1e-12,
        max_iterations: 31,
        first_direction: None,
    }
    .starting_along(Some(Vector::<f64, 3>::new(
        31.12109375,
        2.214202139660348e-52,
        53.20703125,
    )));
    let c = contact(&sa, &sb, 0.0, &config).unwrap().unwrap();
    let inside =
        |pa, pb| outside(pa, a.0, a.1, a.2) <= budget && outside(pb, b.0, b.1, b.2) <= budget;
    assert!(
        c.status != Status::Converged || inside(&c.point_a, &c.point_b),
        "{c:?}"
    );
    let m = contact_manifold(&sa, &sb, 0.0, &config).unwrap().unwrap();
    assert!(
        m.status != Status::Converged || m.points().all(|p| inside(&p.point_a, &p.point_b)),
        "{m:?}"
    );
}

/// The same two needles as placed boxes, from GJK's default start: the loop
/// stalls on rounding after two iterations with no gap proven (the needles
/// overlap), and its bound on the gap, zero, had been passed on as a
/// lower bound on the *signed* distance: `penetration` gave
/// `upper = 0` (status `Stalled`) for a depth of 7.68e64. Oracle:
/// the depth of two parallelepipeds is the least overlap over their
/// separating axes (face normals and edge crossings), computed in exact
/// rational arithmetic from these inputs: 7.684578e64. The bounds must
/// bracket it.
#[test]
fn penetration_of_a_stalled_run_bounds_the_depth() {
    let depth = 7.684577978065558e64;
    let (a, b) = parallel_needles();
    let (a, b) = (placed(a.0, a.1, a.2), placed(b.0, b.1, b.2));
    let slack = 1e-9 * depth;
    for (p, q) in [(&a, &b), (&b, &a)] {
        let pen = gjk::penetration(p, q, &Config::default()).unwrap().unwrap();
        assert!(
            pen.depth <= depth + slack && pen.upper >= depth - slack,
            "{pen:?}"
        );
    }
}

/// Found by the `penetration` target once its witnesses were probed along
/// every facet plane of their hulls (not only the axes and the normal): a
/// needle of 8 points and a thin triangle, both along the diagonal at
/// 1e74, overlapping. EPA's facets are slivers, and the witnesses,
/// reconciled across the normal by the weights' error model, left
/// `point_b` 2.3e63 off the triangle's plane `y = z` (status `Converged`,
/// budget 3e62). Oracle: every point of B has `y = z` exactly (so do its
/// three points, as given); the point must lie within `(64 ε + 1e-12) L`
/// (`L` = 3.1e74, the tolerance the answer converged to included) of that
/// plane, or the status must not be `Converged`.
#[test]
fn penetration_witness_off_a_thin_hull_is_not_converged() {
    use gjk::{contact, penetration, Status};
    let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    let a = diagonal_needle();
    let b = [
        v(
            2.179618282050784e74,
            2.179618282050784e74,
            2.179618282050784e74,
        ),
        v(
            2.179618281445326e74,
            2.179618282050784e74,
            2.179618282050784e74,
        ),
        v(
            1.19262132314377e74,
            1.19262132314377e74,
            1.19262132314377e74,
        ),
    ];
    assert!(b.iter().all(|p| p.y == p.z));
    let (ha, hb) = (Scanned::new(&a[..]).unwrap(), Scanned::new(&b[..]).unwrap());
    let config = Config {
        tolerance: 1e-12,
        max_iterations: 128,
        first_direction: None,
    };
    let budget = (64.0 * f64::EPSILON + 1e-12) * 3.1e74;
    let off = |p: &Vector<f64, 3>| (p.y - p.z).abs() / 2f64.sqrt();
    let p = penetration(&ha, &hb, &config).unwrap().unwrap();
    assert!(
        p.status != Status::Converged || off(&p.point_b) <= budget,
        "point_b {:e} off B; {p:?}",
        off(&p.point_b)
    );
    let c = contact(&ha, &hb, 0.0, &config).unwrap().unwrap();
    assert!(
        c.status != Status::Converged || off(&c.point_b) <= budget,
        "point_b {:e} off B; {c:?}",
        off(&c.point_b)
    );
    // Swapped, B's witness is `point_a`.
    let c = contact(&hb, &ha, 0.0, &config).unwrap().unwrap();
    assert!(
        c.status != Status::Converged || off(&c.point_a) <= budget,
        "point_a {:e} off B; {c:?}",
        off(&c.point_a)
    );
}

/// Found by the `manifold` target's box pairs once its points were probed
/// along every facet plane of their shapes: two needles on the diagonal
/// through the origin (2e74 and 4e74 long, about 1e62 across),
/// overlapping there by 6.8e62. EPA's reconciled witnesses left `point_b`
/// 3.1e62 outside B across its long side (status `Converged`): the check of
/// a box's witness allowed the tolerance times the coordinates' scale
/// (3e62 here), where the tolerance is relative to the depth. Oracle: each
/// point in its own box within `64 ε L` (`L` = 3.3e74), or a status other
/// than `Converged`.
#[test]
fn contact_witness_off_a_needle_through_the_origin_is_not_converged() {
    use gjk::{contact, Status};
    let [a, b] = data::boxes(data_file!("contact/needles_through_the_origin.txt"));
    let (sa, sb) = (placed(a.0, a.1, a.2), placed(b.0, b.1, b.2));
    let config = Config {
        tolerance: 1e-12,
        max_iterations: 128,
        first_direction: None,
    };
    let budget = 64.0 * f64::EPSILON * 3.3e74;
    let inside =
        |pa, pb| outside(pa, a.0, a.1, a.2) <= budget && outside(pb, b.0, b.1, b.2) <= budget;
    let c = contact(&sa, &sb, 0.0, &config).unwrap().unwrap();
    assert!(
        c.status != Status::Converged || inside(&c.point_a, &c.point_b),
        "{c:?}"
    );
    let m = contact_manifold(&sa, &sb, 0.0, &config).unwrap().unwrap();
    assert!(
        m.status != Status::Converged || m.points().all(|p| inside(&p.point_a, &p.point_b)),
        "{m:?}"
    );
}

/// The first six points of a needle on the diagonal at 1e74, 1e65 across,
/// as the `penetration` target built two of its inputs.
fn diagonal_needle() -> Vec<Vector<f64, 3>> {
    data::points::<f64, 3>(data_file!("contact/diagonal_needle.txt"))
}

/// How far `p` lies outside the hull of `points` (3D), probed along the
/// normal of the plane through every three of them, both ways: a point
/// outside the hull is beyond one facet's plane, and a normal that
/// rounding tilts only weakens the probe. Differences are taken at the
/// cloud's scale, so that none overflows.
fn outside_hull(p: &Vector<f64, 3>, points: &[Vector<f64, 3>]) -> f64 {
    let size = points.iter().map(|q| q.amax()).fold(0.0, f64::max);
    let q: Vec<Vector<f64, 3>> = points.iter().map(|q| q / size).collect();
    let mut worst = f64::NEG_INFINITY;
    for i in 0..q.len() {
        for j in i + 1..q.len() {
            for k in j + 1..q.len() {
                let n = (q[j] - q[i]).cross(&(q[k] - q[i]));
                if !(n.norm() > 0.0) {
                    continue;
                }
                for u in [n.normalize(), -n.normalize()] {
                    let high = points.iter().map(|b| b.dot(&u)).fold(f64::MIN, f64::max);
                    worst = worst.max(p.dot(&u) - high);
                }
            }
        }
    }
    worst
}

/// Found by the `penetration` target with witnesses probed along every
/// facet plane of their hulls: a needle of 6 points and a needle
/// tetrahedron, both along the diagonal at 1e74. EPA's witnesses were
/// reconciled across the normal, and their check asked `intersects`
/// whether a point 1.3e64 outside B met it: GJK stalled on the sliver
/// simplex, and `intersects` calls a stall touching, so the witness passed
/// and the answer stayed `Converged`. The check now needs a proof of
/// contact. Oracle: `point_b` within `(64 ε + 1e-12) L` (`L` = 3.1e74) of
/// the tetrahedron B, by its facets' planes ([`outside_hull`]), or a
/// status other than `Converged`.
#[test]
fn witness_certified_only_by_a_proof_of_contact() {
    use gjk::{contact, penetration};
    let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    // The needle of the tests above, three of its points moved.
    let mut a = diagonal_needle();
    a[2] = v(
        -1.2748710731977708e74,
        -1.274871069565022e74,
        -1.274871069565022e74,
    );
    a[3] = v(
        -3.0843654875559706e74,
        -3.0843654886956563e74,
        -3.0843654875915854e74,
    );
    a[5] = v(
        -1.1926213220753143e74,
        -1.192621321256165e74,
        -1.1926213249601442e74,
    );
    let b = [
        v(
            2.1796182823000902e74,
            2.179618282050784e74,
            2.1796182822644752e74,
        ),
        v(
            2.179618282050784e74,
            2.179618281445326e74,
            2.179618282050784e74,
        ),
        v(
            1.0281218302656506e74,
            1.0281218302656506e74,
            1.028121832082025e74,
        ),
        v(-7.909011601373458e21, 0.0, -3.125988620198723e-185),
    ];
    let (ha, hb) = (Scanned::new(&a[..]).unwrap(), Scanned::new(&b[..]).unwrap());
    let config = Config {
        tolerance: 1e-12,
        max_iterations: 127,
        first_direction: None,
    };
    let budget = (64.0 * f64::EPSILON + 1e-12) * 3.1e74;
    let p = penetration(&ha, &hb, &config).unwrap().unwrap();
    let out = outside_hull(&p.point_b, &b);
    assert!(
        p.status != Status::Converged || out <= budget,
        "point_b {out:e} outside B; {p:?}"
    );
    let c = contact(&ha, &hb, 0.0, &config).unwrap().unwrap();
    let out = outside_hull(&c.point_b, &b);
    assert!(
        c.status != Status::Converged || out <= budget,
        "point_b {out:e} outside B; {c:?}"
    );
}

/// Found by the `manifold` target's box pairs with witnesses probed along
/// every facet plane: a plate (7e74 by 7e65 by 1.3e65) and a needle
/// (2.7e74 long, 3e63 and 1.8e64 across) inside it, both along the
/// diagonal at 1e74. EPA's sliver facet gave witnesses whose difference
/// missed `depth · n` by the whole depth (1.5e65) *along* the normal.
/// Putting `point_b` `depth` below A's support plane moved it 1.46e65
/// outside the needle, and since nothing had moved across the normal the
/// witnesses were not checked: the manifold's one point was `Converged`.
/// Oracle: each point in its own box (by its frame's inverse) within
/// `64 ε L` (`L` = 3.5e74), or a status other than `Converged`.
#[test]
fn epa_witness_moved_along_the_normal_is_checked() {
    use gjk::contact;
    let [a, b] = data::boxes(data_file!("contact/needle_in_a_plate.txt"));
    let (sa, sb) = (placed(a.0, a.1, a.2), placed(b.0, b.1, b.2));
    let config = Config {
        tolerance: 1e-12,
        max_iterations: 128,
        first_direction: None,
    };
    let budget = 64.0 * f64::EPSILON * 3.5e74;
    let c = contact(&sa, &sb, 0.0, &config).unwrap().unwrap();
    if c.status == Status::Converged {
        in_boxes(&c.point_a, &c.point_b, a, b, budget, &c);
    }
    let m = contact_manifold(&sa, &sb, 0.0, &config).unwrap().unwrap();
    if m.status == Status::Converged {
        for p in m.points() {
            in_boxes(&p.point_a, &p.point_b, a, b, budget, &m);
        }
    }
}
