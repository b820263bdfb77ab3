//! Inputs found by the fuzzers (`fuzz/`) on contact manifolds, minimised,
//! as plain tests.

use gjk::{contact_manifold, distance, Config, Error, Hull, Vector};

use crate::support::boxes::{in_boxes, placed, BoxParts};
use crate::support::data;

/// Found by the `manifold` target: A is a sliver whose facet `[1, 0, 3]`
/// has its three vertices collinear to rounding (1e-7 apart, near
/// (14, 51, 51)), B a needle reaching 4.6e15 along (1, 1, 1). The facet's
/// rounded normal happened to align with the contact normal, so it was
/// taken as the reference face; its three side planes were parallel and
/// bounded nothing, and B's far vertices came through the clip as points
/// "3.8e8 deep" into shapes 63 apart. A reference face must now be steady
/// (its normal tilted by at most `√ε`), else the contact's single point is
/// the manifold. Oracle: `distance` (63.23, converged); every manifold
/// point is no deeper than that distance to rounding and lies within A's
/// bounding box. Budget: `1e-9` relative on the distance (the coordinates'
/// rounding at 4.6e15 is about 1), the box exactly.
#[test]
fn manifold_on_a_sliver_facet_keeps_to_the_contact() {
    type V = Vector<f64, 3>;
    let a = [
        V::new(13.945312505511811, 51.19921875551181, 51.25433686574803),
        V::new(13.945312542519686, 51.19921879251969, 51.2543369027559),
        V::new(13.945312540157481, 51.19921879015748, 51.60079359330709),
        V::new(13.945312432283465, 51.199218682283465, 51.25433679251969),
    ];
    let b = [
        V::new(4586099597241561.0, 4586099597241561.0, 4586102093725141.0),
        V::new(51.19921875, 51.19921875, 0.0),
        V::new(4586102093725134.0, 4586099597241561.0, 4586099597241568.0),
        V::new(4586099200073720.0, 4586099200073720.0, 4586099200073727.0),
    ];
    let config = Config::<f64, _> {
        tolerance: 1e-12,
        max_iterations: 128,
        first_direction: None,
    };
    let storage = || {
        (
            vec![0; Hull::<f64, 3>::indices_needed(4)],
            vec![[0; 3]; Hull::<f64, 3>::facets_needed(4)],
        )
    };
    let ((mut ia, mut fa), (mut ib, mut fb)) = (storage(), storage());
    let ha = Hull::<f64, 3>::new(&a, &mut ia, &mut fa).unwrap();
    let hb = Hull::<f64, 3>::new(&b, &mut ib, &mut fb).unwrap();
    let d = distance(&ha, &hb, &config).unwrap();
    assert!((d.distance - 63.2297).abs() < 1e-3, "{d:?}");
    let m = contact_manifold(&ha, &hb, d.distance + 0.05 * 4586102093725141.0, &config)
        .unwrap()
        .unwrap();
    let (lo, hi) = a
        .iter()
        .fold((a[0], a[0]), |(l, h), p| (l.inf(p), h.sup(p)));
    for p in m.points() {
        assert!(p.distance >= d.distance * (1.0 - 1e-9), "{m:?}");
        let inside = (0..3).all(|k| lo[k] <= p.point_a[k] && p.point_a[k] <= hi[k]);
        assert!(inside, "{m:?}");
    }
}

/// Found by the manifold invariants on boxes spanning fuzzed clouds
/// (`f32`, 2D): B is a box of no extent (a point) rounded by 1.56, 69,292
/// from a turned box A. B's "face" along the normal was the best aligned,
/// so it was taken as the reference; its two ends coincide, so no side
/// plane could be formed, nothing was clipped, and A's whole face came
/// through as points "on" B up to 84 away from it. A segment that bounds
/// nothing (ends not apart across the normal) is no reference face now:
/// the contact's single point is the manifold. The same held in 3D for a
/// capsule of no length (a ball) over a box's edge: the box's face came
/// through as points 4.5 off the ball. Oracle: B (the ball) is a ball, so
/// every point on it lies on its sphere; budget `64 ε L` in `f32` (`L` the
/// coordinates' size, 7e4), `1e-12` in `f64` (coordinates near 5).
#[test]
fn manifold_against_a_point_keeps_to_the_point() {
    use gjk::nalgebra::{Matrix2, Vector2};
    use gjk::{Capsule, Cuboid, Rounded, Transformed};
    let turn = Matrix2::new(0.9112674_f32, 0.41181514, -0.41181514, 0.9112674);
    let a = Transformed::new(
        Cuboid::new(Vector2::new(41.588947_f32, 45.742184)).unwrap(),
        turn,
        Vector2::new(-5.318472, -156.33237),
    )
    .unwrap();
    let centre = Vector2::new(69306.31_f32, -541.3221);
    let point = Transformed::translated(Cuboid::new(Vector2::zeros()).unwrap(), centre).unwrap();
    let b = Rounded::new(point, 1.5585938).unwrap();
    let config = Config::<f32, _>::default();
    let budget = 64.0 * f32::EPSILON * 7e4;
    let d = distance(&a, &b, &config).unwrap();
    for (m, flipped) in [
        (
            contact_manifold(&a, &b, d.distance + 3500.0, &config),
            false,
        ),
        (contact_manifold(&b, &a, d.distance + 3500.0, &config), true),
    ] {
        let m = m.unwrap().unwrap();
        for p in m.points() {
            let on_b = if flipped { p.point_a } else { p.point_b };
            let off = ((on_b - centre).norm() - 1.5585938).abs();
            assert!(off <= budget, "a point {off} off the ball; {m:?}");
        }
    }
    // In 3D: a capsule of no length (a ball of radius 0.5) over an edge of
    // a box, sunk about 0.22: the normal leans 45° from both faces at the
    // edge, so the capsule's "face" (its one point) is the best aligned.
    let slab = Cuboid::new(Vector::<f64, 3>::new(5.0, 5.0, 1.0)).unwrap();
    let centre = Vector::<f64, 3>::new(5.2, 0.0, 1.2);
    let ball = Capsule::new(centre, centre, 0.5).unwrap();
    let config = Config::default();
    for flipped in [false, true] {
        let m = if flipped {
            contact_manifold(&ball, &slab, 0.5, &config)
        } else {
            contact_manifold(&slab, &ball, 0.5, &config)
        };
        let m = m.unwrap().unwrap();
        for p in m.points() {
            let on_ball = if flipped { p.point_a } else { p.point_b };
            let off = ((on_ball - centre).norm() - 0.5).abs();
            assert!(off < 1e-12, "a point {off} off the ball; {m:?}");
        }
    }
}

/// Found by the manifold invariants on boxes: A a box 2e303 across,
/// rounded by `f64::MAX`, B a small turned box inside it. `contact`
/// reports `Overflow` (the depth is beyond the range), but the boxes'
/// separating axes found a face contact and the manifold came back
/// `Converged` with positions at infinity and distances of `−∞`. A
/// manifold that overflows now takes the general path, whose error it
/// returns. Oracle: `contact`'s answer (an error here), and every point of
/// any manifold finite.
#[test]
fn manifold_that_overflows_is_an_error() {
    use gjk::nalgebra::{Matrix2, Vector2};
    use gjk::{contact, Cuboid, Rounded, Transformed};
    let a = Transformed::translated(
        Cuboid::new(Vector2::new(1.580810619171267e303, 2.0727671734118186e303)).unwrap(),
        Vector2::new(-1.888315413323624e302, -6.502426189471288e302),
    )
    .unwrap();
    let a = Rounded::new(a, f64::MAX).unwrap();
    let (c, s) = (0.7071067811865475, 0.7071067811865475);
    let b = Transformed::new(
        Cuboid::new(Vector2::new(3.9791618377212066, 0.10300374371615084)).unwrap(),
        Matrix2::new(c, -s, s, c),
        Vector2::new(-2.6216282588620112, -2.7672975502005945),
    )
    .unwrap();
    let config = Config::default();
    assert_eq!(contact(&a, &b, 0.0, &config), Err(Error::Overflow));
    for m in [
        contact_manifold(&a, &b, 0.0, &config),
        contact_manifold(&b, &a, 0.0, &config),
    ] {
        assert_eq!(m, Err(Error::Overflow), "{m:?}");
    }
}

/// Asserts that the manifold of boxes `a` and `b` (both orders) at
/// `separation` exists, is `deep` where asked, and has every point in its
/// own box within `budget`.
fn manifold_in_boxes(a: BoxParts, b: BoxParts, separation: f64, deep: bool, budget: f64) {
    let (sa, sb) = (placed(a.0, a.1, a.2), placed(b.0, b.1, b.2));
    let config = Config::default();
    for flipped in [false, true] {
        let m = if flipped {
            contact_manifold(&sb, &sa, separation, &config)
        } else {
            contact_manifold(&sa, &sb, separation, &config)
        };
        let m = m.unwrap().unwrap();
        assert!(!deep || m.points().all(|p| p.distance < 0.0), "{m:?}");
        for p in m.points() {
            let (pa, pb) = if flipped {
                (p.point_b, p.point_a)
            } else {
                (p.point_a, p.point_b)
            };
            in_boxes(&pa, &pb, a, b, budget, &m);
        }
    }
}

/// Found by the `manifold` target's box pairs: two needles crossing at an
/// angle of about 1e-7 (the edge pair's axis wins the separating-axis
/// test). The closest points of the edges' lines, solved by dividing by
/// the sine squared, carried an error along the edges that left
/// `point_b − point_a` 8e62 off `distance · normal`. Oracle: the manifold's
/// own convention, and each point in its own box; budget `64 ε L` (`L` =
/// 3.1e74).
#[test]
fn edge_contact_of_near_parallel_boxes_is_consistent() {
    let [(ha, ua, ca), (hb, ub, cb)] =
        data::boxes(data_file!("manifold/near_parallel_needles.txt"));
    let (a, b) = (placed(ha, ua, ca), placed(hb, ub, cb));
    let budget = 64.0 * f64::EPSILON * 3.1e74;
    let m = contact_manifold(&a, &b, 0.0, &Config::default())
        .unwrap()
        .unwrap();
    for p in m.points() {
        let off = (p.point_b - p.point_a - m.normal * p.distance).norm();
        assert!(
            off <= budget,
            "point_b − point_a {off:e} off distance · normal; {m:?}"
        );
        in_boxes(
            &p.point_a,
            &p.point_b,
            (ha, ua, ca),
            (hb, ub, cb),
            budget,
            &m,
        );
    }
}

/// Found by the `manifold` target's box pairs (whose frames, from
/// Gram–Schmidt on a fuzzed cloud, are orthogonal only to about 1e-12): a
/// rotation a little off orthogonal (as `Transformed::new` accepts, up to
/// `ANGLE_SLACK`) maps a face's normal by `R⁻ᵀ`, not `R`; taken as `R n`,
/// the reference plane tilted, and the points were measured from it as
/// twice as deep as the shapes overlap. Here the box's frame leans its
/// third axis by `δ` toward the first: its top face stays at `z = 1`, and
/// a unit cube sunk 0.01 into it at `x = −0.9 w` must give four points
/// 0.01 deep, and a cube turned so that the slab's leaning axis is the
/// separating axis of least overlap must give the normal `z` (the axes
/// gave the leaning axis, off by `δ`: a skewed frame's axes are not its
/// faces' normals). Oracle: the depth and the face's normal; budget
/// `64 ε w` (`w` the half-width), against an error of about `2 δ w`
/// before, and `64 ε` on the normal's tilt.
#[test]
fn manifold_on_a_skewed_box_measures_from_its_face() {
    fn case<T: gjk::Real + Into<f64>>(delta: T, w: T) {
        use gjk::nalgebra::{Matrix3, Vector3};
        use gjk::{Cuboid, Transformed};
        let (one, zero) = (T::one(), T::zero());
        let lean = Matrix3::new(one, zero, delta, zero, one, zero, zero, zero, one);
        let slab = Transformed::new(
            Cuboid::new(Vector3::new(w, w, one)).unwrap(),
            lean,
            Vector3::zeros(),
        )
        .unwrap();
        let half = T::from_subset(&0.5);
        let sunk = T::from_subset(&0.01);
        let x = T::from_subset(&-0.9) * w;
        let budget = 64.0 * T::default_epsilon().into() * w.into();
        // Upright (four points), and turned 0.3 rad about `(1, 2, 0)` so
        // that no axis of the cube, nor any edge pair's, is `z` (the
        // slab's leaning axis is then the separating axis of least
        // overlap): a corner, or a few points, at most 0.01 deep.
        for turn in [0.0, 0.3] {
            let r = gjk::nalgebra::Rotation3::from_axis_angle(
                &gjk::nalgebra::Unit::new_normalize(Vector3::new(1.0, 2.0, 0.0_f64)),
                turn,
            );
            let r = r.matrix().map(|x| T::from_subset(&x));
            let reach = (0..3).fold(zero, |s, j| s + r[(2, j)].abs()) * half;
            let cube = Transformed::new(
                Cuboid::new(Vector3::repeat(half)).unwrap(),
                r,
                Vector3::new(x, zero, one + reach - sunk),
            )
            .unwrap();
            for (a, b) in [
                (
                    &slab as &dyn gjk::Faces<T, 3>,
                    &cube as &dyn gjk::Faces<T, 3>,
                ),
                (&cube, &slab),
            ] {
                let m = contact_manifold(a, b, zero, &Config::default())
                    .unwrap()
                    .unwrap();
                if turn == 0.0 {
                    assert_eq!(m.len(), 4, "{m:?}");
                }
                let deepest = m.points().map(|p| p.distance.into()).fold(0.0, f64::min);
                assert!(
                    (deepest + 0.01).abs() <= budget,
                    "deepest {deepest:e}; {m:?}"
                );
                // The face's normal is `z`; the leaning axis is off it by `δ`.
                let tilt = m.normal.x.into().abs() + m.normal.y.into().abs();
                assert!(
                    tilt <= 64.0 * T::default_epsilon().into(),
                    "normal {:?}",
                    m.normal
                );
                for p in m.points().filter(|_| turn == 0.0) {
                    let err = (p.distance.into() + 0.01).abs();
                    assert!(
                        err <= budget,
                        "a point {:e} deep, not 0.01 (budget {budget:e}); {m:?}",
                        -p.distance.into()
                    );
                }
            }
        }
    }
    case(1e-8_f64, 1000.0);
    case(1e-4_f32, 100.0);
}

/// Found by the `manifold` target's box pairs: a box 7e127 wide 1e132 from
/// a needle-thin box (2.6e132 long, 3e116 wide), whose thin face leans
/// 0.03 rad from the contact normal. The test of whether a face's plane is
/// known well enough to clip against squared its doubled area (1e497):
/// infinite, so the sliver passed and became the reference face, and A's
/// corners, measured onto its plane, landed up to 2e126 off B. Oracle:
/// each point in its own box; budget `64 ε L` (`L` = 1.4e132).
#[test]
fn manifold_refuses_a_sliver_whose_area_overflows() {
    let [a, b] = data::boxes(data_file!("manifold/sliver_whose_area_overflows.txt"));
    manifold_in_boxes(a, b, 1.1e132, false, 64.0 * f64::EPSILON * 1.4e132);
}

/// Found by the `manifold` target's box pairs (two inputs, from seeds
/// beyond CI's): a plate (1.4e74 or 1.8e73 long,
/// thin) whose end lies in a needle 9e74 long on the diagonal. No face is
/// aligned with the contact normal, so the manifold is the contact's
/// single point; EPA's facets are slivers there, and the witnesses' shared
/// disagreement put `point_b` up to 1.4e64 across the plate's end (status
/// `Converged`); so did the contact's own. The plate's support set along
/// the normal is its end, a point at this scale, so its witness is that
/// point. Oracle: each point in its own box; budget `64 ε L` (`L` = 3e74).
#[test]
fn manifold_pins_a_plate_end_to_its_point() {
    let [a1, b1, a2, b2] = data::boxes(data_file!("manifold/plate_ends_in_needles.txt"));
    let budget = 64.0 * f64::EPSILON * 3e74;
    for (a, b) in [(a1, b1), (a2, b2)] {
        manifold_in_boxes(a, b, 0.0, true, budget);
        // The contact itself, whose single point the manifold is.
        let (sa, sb) = (placed(a.0, a.1, a.2), placed(b.0, b.1, b.2));
        let c = gjk::contact(&sa, &sb, 0.0, &Config::default());
        let c = c.unwrap().unwrap();
        in_boxes(&c.point_a, &c.point_b, a, b, budget, &c);
    }
}
