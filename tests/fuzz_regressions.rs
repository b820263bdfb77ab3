//! Inputs found by the fuzzers (`fuzz/`), minimised, as plain tests.
//!

use gjk::{contact_manifold, distance, hull::Scanned, Config, Error, Hull, Status, Vector};

/// Found by the `distance` target: two single points whose difference
/// (about 1.2e165) is finite but whose squared norm overflows. `distance`
/// returned `Ok` with `distance = inf`, status `Stalled` and the normal
/// `Some([0, 0])`. Coordinates beyond `√f64::MAX` are outside the supported
/// range: the answer must be a finite distance with a unit normal, or
/// `Error::Overflow`.
#[test]
fn overflow_distance_between_far_points() {
    let a = [Vector::<f64, 2>::new(1e-6, 1.4664373397665477e-87)];
    let b = [Vector::<f64, 2>::new(
        2.3799379487306496e16,
        1.1984021901257394e165,
    )];
    let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
    match distance(&ha, &hb, &Config::default()) {
        Ok(d) => {
            assert!(d.distance.is_finite(), "distance {:e}", d.distance);
            let n = d.normal.expect("apart: a normal");
            assert!((n.norm() - 1.0).abs() < 1e-12, "normal {n:?}");
        }
        Err(e) => assert_eq!(e, Error::Overflow),
    }
}

/// Found by the `shapes` target (f32): a polygon whose first vertex is a
/// spike far below the rest. Its two edges turn clockwise by a sine of only
/// 1.8e-4, which an angle slack accepted, but the dent is about 0.15 units
/// deep: the polygon is not convex and its logarithmic support search
/// returned a point 30 units short. It must be rejected.
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 inputs the fuzzer found
fn polygon_with_a_long_thin_dent_is_rejected() {
    let p = |x: f32, y: f32| gjk::nalgebra::Vector2::new(x, y);
    let vertices = [
        p(39.16787338256836, -853.6849975585938),
        p(15.498156547546387, 4.998615741729736),
        p(15.439363479614258, 5.413110256195068),
        p(15.369486808776855, 5.825880527496338),
        p(-4.990860462188721, 17.818201065063477),
        p(-13.936907768249512, -4.0525031089782715),
        p(8.991316795349121, -9.767046928405762),
        p(10.306680679321289, -8.731915473937988),
        p(15.245614051818848, -0.4105445146560669),
        p(15.331826210021973, -0.0008745286613702774),
        p(15.524219512939453, 1.2399274110794067),
        p(15.56611442565918, 1.6564691066741943),
        p(15.596835136413574, 2.073983669281006),
        p(15.61635971069336, 2.492171287536621),
        p(15.624673843383789, 2.9107320308685303),
        p(15.621770858764648, 3.3293650150299072),
        p(15.607653617858887, 3.747770071029663),
    ];
    assert_eq!(
        gjk::hull::Polygon::new(&vertices).err(),
        Some(gjk::ShapeError::NotConvex)
    );
}

/// Found by the `simplex` target (f64, 4D): with repeated vertices, the
/// optimal triangle and a neighbouring edge have the same `‖v‖` to the last
/// bit (moving along the face changes it only to second order), and a strict
/// optimality test rejected the triangle over a `-2e-13` rounding residue.
/// `closest_point_full` must return a point no vertex improves on.
#[test]
fn simplex_prefers_the_optimal_face_among_norm_ties() {
    let pts = [
        [
            -0.44881889764464566,
            54.25781249999575,
            -54.72265624999992,
            -4.015748031496063e-12,
        ],
        [
            -0.44881889764464566,
            54.25781249999575,
            -54.72265624999992,
            -4.015748031496063e-12,
        ],
        [1e-6, -17.55078125, 0.0, 113.44140625],
        [1e-6, -17.55078125, 0.0, 113.44140625],
        [2.5437609196969298e-297, 54.2578125, -54.72265625, 0.0],
    ];
    // Rounding of the dot product: a few ulps of |v|·(|y − v| + |v|) ≈ 5e3.
    assert_closest_point_is_optimal(&pts, 1e-11);
}

/// Found by the `simplex` target (f64, 4D): four points within 1e-11 of one
/// line. The optimal edge's closest point rounds to a `y` of exactly `-1`,
/// which made its own vertex look like a 6.6e-23 improvement and failed a
/// test that ignored the rounding of `v` itself; the lone vertex, off by
/// 5.8e-12, was returned instead.
#[test]
fn simplex_optimality_allows_for_the_rounding_of_v() {
    let pts = [
        [0.0, -1.0, 0.0, 0.0],
        [0.7952755905511811, -1.0, 0.0, 0.0],
        [
            0.7165354330731496,
            -0.9999999999941732,
            9.37007874015748e-12,
            2.125984251968504e-12,
        ],
        [
            0.2125984251989764,
            -1.0000000000000788,
            7.952755905511812e-12,
            -1.9685039370078738e-12,
        ],
    ];
    // Rounding of the dot product: a few ulps of |v|·(|y − v| + |v|) ≈ 1.
    assert_closest_point_is_optimal(&pts, 1e-14);
}

/// `closest_point_full` of the simplex on `pts` is a point `v` that no
/// vertex improves on: `v · (y − v) ≥ −slack` for every vertex `y`.
fn assert_closest_point_is_optimal(pts: &[[f64; 4]], slack: f64) {
    let mut s = gjk::Simplex::<f64, 4>::new();
    for &p in pts {
        assert!(s.push(gjk::SupportPoint::from_point(Vector::from(p))));
    }
    let v = s.closest_point_full().unwrap();
    for &p in pts {
        let y = Vector::<f64, 4>::from(p);
        let gain = v.dot(&(y - v));
        assert!(gain >= -slack, "vertex {y:?} improves on {v:?} by {gain:e}");
    }
}

/// Found by the `intersects` target (f32): a segment a million units long
/// and a ball 197 units from its end. GJK stalls with a weak lower bound
/// (rounding turns the search direction by about 0.004 rad, and along a
/// segment this long that costs thousands of units of bound), and the
/// boolean test read "converged with the bounds straddling the margin" as
/// touching. The upper bound is the distance to working precision; it decides.
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 inputs the fuzzer found
fn intersects_decides_by_the_distance_when_the_lower_bound_is_weak() {
    use gjk::{intersects, Rounded};
    let segment = [
        Vector::<f32, 3>::new(37.144_531_25, 37.144_531_25, 37.144_531_25),
        Vector::<f32, 3>::new(-100.660_156_25, -127.722_656_25, 1_000_000.0),
    ];
    let centre = [Vector::<f32, 3>::new(113.425_781_25, 0.0, 1_000_000.0)];
    let a = Scanned::new(&segment).unwrap();
    let b = Rounded::new(Scanned::new(&centre).unwrap(), 52.203_125).unwrap();
    let config = Config::default();
    let d = distance(&a, &b, &config).unwrap();
    assert!((d.distance - 197.1).abs() < 0.5, "distance {}", d.distance);
    assert!(!intersects(&a, &b, &config).unwrap());
    assert!(!intersects(&b, &a, &config).unwrap());
}

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
#[allow(clippy::excessive_precision)] // the exact inputs the fuzzer found
fn penetration_of_a_flat_hull() {
    let p = Vector::<f64, 3>::new;
    let first = [
        p(
            -8.579918214073733e73,
            -3.8634410455357716e73,
            4.13223112542286e74,
        ),
        p(
            -2.086511138022252e74,
            7.083991157412042e73,
            5.4484020016138254e72,
        ),
        p(
            -2.086511138022252e74,
            7.083991157412042e73,
            5.4484020016138254e72,
        ),
        p(
            1.8391255734621825e73,
            -6.27144234475576e73,
            3.420053262562424e74,
        ),
        p(
            -2.086511138022252e74,
            7.083991157412042e73,
            5.44840200161005e72,
        ),
        p(
            1.2754108063164695e74,
            -9.419740033520634e72,
            -2.088217570831161e74,
        ),
        p(
            1.388110449325303e74,
            3.193022483039372e73,
            -4.831044983373643e74,
        ),
        p(1.3184004068818389e-303, 1.69759663277e-313, 0.0),
    ];
    let mut second = first;
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

/// Found by the `distance` target (f64, 2D and 4D): the distance is tiny
/// against the coordinates (1e-8 and 2e-9 of them), GJK stops when a push
/// no longer shortens `v` (the new edge is nearly orthogonal to it), and the
/// lower bound is far below the distance. The stall was labelled
/// `Converged` because a noise allowance of `ROUNDING_FLOOR · scale²`
/// exceeded `‖v‖²` itself; the answers were 4× and 1.3× the true distance.
/// A converged answer must be accurate; an inaccurate one must say it stalled.
#[test]
#[allow(clippy::excessive_precision)] // the exact inputs the fuzzer found
fn stalls_far_from_the_distance_are_not_converged() {
    let p = Vector::<f64, 2>::new;
    let a = [
        p(1e-6, 4.115231245026597e-304),
        p(-0.08661316448818897, 8.74015748031496e-9),
        p(0.3700797438582677, 3.700787401574803e-9),
        p(0.3700797438582677, 8.661417322834646e-10),
        p(9.939370078740156e-7, 4.115231245026597e-304),
    ];
    let b = [p(0.3700797438582677, 0.0)];
    let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
    let config = Config::default().starting_along(Some(p(5.25390625, 0.0)));
    // The nearest point of A is its vertex straight above B's point.
    let truth = 8.661417322834646e-10;
    for d in [
        distance(&ha, &hb, &config).unwrap(),
        distance(&hb, &ha, &Config::default()).unwrap(),
    ] {
        assert!(d.lower <= truth && truth <= d.distance * (1.0 + 1e-12));
        // Budget: a thousand ulps of the coordinate scale (0.37).
        let accurate = (d.distance - truth).abs() <= 1e3 * f64::EPSILON * 0.37;
        assert!(accurate || d.status == Status::Stalled, "{d:?}");
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
#[allow(clippy::excessive_precision)] // the exact inputs the fuzzer found
fn penetration_normal_is_unit_at_subnormal_scale() {
    let p = Vector::<f64, 3>::new;
    let a = [
        p(
            -1.2040930618439334e-155,
            -4.368882213759799e-155,
            -1.9478296609513953e-155,
        ),
        p(
            -1.2401292347207564e-155,
            -4.2898351385237e-155,
            -1.8687825857152965e-155,
        ),
        p(
            5.184847304271821e-155,
            2.250224636131655e-155,
            -2.454839758948827e-155,
        ),
        p(
            1.0377919155303355e-155,
            -2.0119139944976805e-155,
            -2.1032744681885634e-155,
        ),
        p(
            -4.461365029295206e-155,
            6.598392360060991e-156,
            3.8117755719403155e-155,
        ),
    ];
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
#[allow(clippy::excessive_precision)] // the exact inputs the fuzzer found
fn contact_points_when_no_facet_holds_the_projection() {
    let p = Vector::<f64, 4>::new;
    // As found, repeats included: they steer the expansion.
    let a = [
        p(
            1.052004300949178,
            1.052004300949178,
            1.1297143388991706,
            1.0460266057222554,
        ),
        p(
            2.7449176867759495,
            2.7449176867759495,
            3.5706592207889343,
            2.738939991549027,
        ),
        p(
            2.7449176867759495,
            2.7449176867759495,
            3.5706592207889343,
            2.738939991549027,
        ),
        p(
            0.9512374385524842,
            0.9512374385524842,
            -8.140837001596651,
            1.6506277801024178,
        ),
        p(
            2.7449176867759495,
            2.7449176867759495,
            3.5706592207889343,
            2.738939991549027,
        ),
        p(
            1.052004300949178,
            1.052004300949178,
            1.6808954412613752,
            0.3216171569033579,
        ),
        p(
            0.2796852087802336,
            0.2796852087802336,
            -0.4197051327697001,
            0.3334844658225361,
        ),
        p(-1.0, -90.35546875, 1.0, -2.498335393122883e-127),
        p(
            0.32674089566929143,
            0.32674089566929143,
            1.051150344488189,
            1.6023314468503937,
        ),
        p(
            0.9512374385524842,
            0.9512374385524842,
            -8.140837001596651,
            1.6506277801024178,
        ),
        p(
            -2.7892723679011433,
            -3.285335360027127,
            2.9921033243546606,
            -3.008675585900227,
        ),
        p(
            0.2796852087802336,
            0.2796852087802336,
            -0.4197051327697001,
            0.3334844658225361,
        ),
    ];
    let b = [
        p(
            0.08661417322834646,
            0.08661517322834646,
            0.08661417322834646,
            1.0905204232283465,
        ),
        p(
            0.08661417322834646,
            0.08661517322834646,
            0.08661417322834646,
            1.0905204232283465,
        ),
        p(
            -1.8031496062992125,
            -1.8031486062992126,
            -1.0551181102362202,
            -0.7992433562992125,
        ),
        p(
            -3.5354330708661412,
            -4.259841519685039,
            -4.464566929133858,
            -2.5315268208661412,
        ),
        p(
            3.346456692913386,
            2.1181112362204724,
            2.8425196850393704,
            2.9172920767716537,
        ),
        p(
            0.08661417322834646,
            0.6377962755905513,
            -0.6377952755905512,
            0.36611097440944884,
        ),
        p(
            -1.0,
            -2.563716018557957e-69,
            -2.5637160159163056e-69,
            7.74860420423614e-304,
        ),
        p(
            0.08661417322834646,
            0.08661517322834646,
            0.08661417322834646,
            1.0905204232283465,
        ),
        p(
            0.08661417322834646,
            0.08661517322834646,
            0.39370078740157477,
            1.0905204232283465,
        ),
        p(
            -0.48031496062992124,
            -0.8267706535433069,
            -0.4881889763779528,
            0.5157172736220472,
        ),
        p(
            0.08661417322834646,
            -0.6377942755905511,
            -0.6377952755905512,
            1.0905204232283465,
        ),
        p(
            0.08661417322834646,
            0.6377962755905513,
            -0.6377952755905512,
            0.36611097440944884,
        ),
        p(
            0.08661417322834646,
            0.08661517322834646,
            0.08661417322834646,
            1.0905204232283465,
        ),
        p(
            -7.165354330708661,
            -6.645668291338581,
            -7.881889763779527,
            -6.877983513779527,
        ),
        p(
            -2.5637160159163056e-69,
            -2.5637160159163056e-69,
            -2.5637160159163056e-69,
            -2.5637160159163056e-69,
        ),
        p(
            1.9055118110236218,
            1.9055128110236217,
            1.9055118110236218,
            2.9094180610236218,
        ),
    ];
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

/// Found by the `penetration` target (f64, 2D), through its check that
/// moving B out along the normal gives the expected distance: a point and
/// a segment 2e41 long pointing away from it, the search started along the
/// x axis (towards the segment's far end), tolerance 48. GJK stopped when
/// the gap between the bounds was within the tolerance of the *upper*
/// bound, which any gap is once the tolerance reaches 1: the answer was the
/// far end, 1e10 times the distance. The gap is now measured against the
/// lower bound, so a converged distance is within the tolerance of the true
/// one whatever the tolerance.
#[test]
#[allow(clippy::excessive_precision)] // the exact inputs the fuzzer found
fn converged_distance_is_within_tolerance_of_the_truth() {
    let p = Vector::<f64, 2>::new;
    let a = [p(0.2125986377952756, -68.99609353740158)];
    let near = p(27.10546875, 27.10546875);
    let normal = (near - a[0]).normalize();
    for shift in [1e30, 4.420919864939978e31] {
        let b = [
            p(127.10546875, 1.9910053056378507e41) + normal * shift,
            near + normal * shift,
        ];
        // Oracle: the segment runs away from the point, so the near end is
        // the closest point.
        let truth = (b[1] - a[0]).norm();
        let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
        for tolerance in [1e-12, 0.5, 1.0, 48.19140625] {
            let config = Config {
                tolerance,
                max_iterations: 49,
                first_direction: None,
            }
            .starting_along(Some(p(1.0, 0.0)));
            let d = distance(&ha, &hb, &config).unwrap();
            assert_eq!(d.status, Status::Converged);
            // Budget: the tolerance, plus rounding (a thousand ulps of the
            // coordinates, 2e41: distances far below that are lost).
            let budget = tolerance * truth + 1e3 * f64::EPSILON * 2e41;
            assert!(
                (d.distance - truth).abs() <= budget,
                "shift {shift:e}, tolerance {tolerance}: distance {:e}, truth {truth:e}",
                d.distance
            );
        }
    }
}

/// Found by the quickcheck form of the `distance` invariants (f64, 3D): a
/// cloud a millionth of a unit wide beside a hull a million units long and
/// thin. From one order GJK stalled with its bounds 1e-6 apart (about 2800
/// ulps of the coordinates) and the old stall test, which allowed a gap of
/// `ROUNDING_FLOOR · L² / d` for an imprecise direction, called that
/// `Converged`: the distance was 5.7e-7 above the true one. Budget: each
/// order's answer within `τ d + 8 ε L` of its own certified lower bound, and
/// the two orders within twice that.
#[test]
#[allow(clippy::excessive_precision)] // the exact inputs the fuzzer found
fn stalled_distance_is_not_converged_unless_certified() {
    let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    let a = [
        v(-0.9999998700363041, 70.63671933322209, 98.04687479577419),
        v(-1.0000008004748016, 70.63671839078137, 98.04687412685581),
        v(-0.9999999962433821, 70.63671868793355, 98.0468754073258),
        v(-0.9999995178686241, 70.63671925282962, 98.04687554367169),
        v(-1.0000005433421777, 70.6367182609458, 98.04687442211),
        v(-0.9999992666517592, 70.63671864230253, 98.04687586369333),
        v(-1.0000002110681774, 70.63671954782296, 98.04687427815445),
        v(-1.0000008004748016, 70.63671839078137, 98.04687412685581),
    ];
    let b = [
        v(-129.8545091043307, -81959.04797141052, -688037.0211264668),
        v(-129.8781311515748, -88474.86945562933, -742768.7889954795),
        v(-129.81750123031497, 64178.15514876775, 539515.2997286998),
        v(-129.73009965551182, -93128.72417157864, -781862.7486094538),
        v(-129.71041461614175, 96756.35784545222, 813173.4422233693),
        v(-129.68443036417324, -108021.74099489988, -906963.7477206278),
        v(-129.76553272637796, 1813.8778605588561, 15655.433027430217),
    ];
    let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
    let config =
        Config::default().starting_along(Some(v(1.1920928955078125e-7, 23.69921875, 127.99609375)));
    let scale = 906963.7477206278_f64;
    let slack = config.tolerance * 168.1 + 8.0 * f64::EPSILON * scale;
    let ab = distance(&ha, &hb, &config).unwrap();
    let ba = distance(&hb, &ha, &config).unwrap();
    for d in [&ab, &ba] {
        if d.status == Status::Converged {
            assert!(d.distance - d.lower <= slack, "{d:?}");
        }
    }
    if ab.status == Status::Converged && ba.status == Status::Converged {
        assert!(
            (ab.distance - ba.distance).abs() <= 2.0 * slack,
            "{ab:?} {ba:?}"
        );
    }
    // Either way, each answer's bracket holds the other's certified bound.
    assert!(ab.lower <= ba.distance + slack && ba.lower <= ab.distance + slack);
}

/// Found by the `distance` target (f64, 2D): a point at the origin and a
/// hull with a vertex at `(MIN_POSITIVE, MIN_POSITIVE)` and others near
/// `-2.8e18`. The first support point is the tiny vertex; a frame scaled by
/// it alone (`2^1022`) overflowed at the next support point and the query
/// failed with `NonFinite`. The frame's scale takes the shapes' centres into
/// account: the answer is touching (the gap, 3e-308, is far below the
/// rounding of coordinates of 2.8e18).
#[test]
fn frame_scale_covers_the_shapes_not_only_the_first_support_point() {
    let m = f64::MIN_POSITIVE;
    let a = [Vector::<f64, 2>::zeros()];
    let far = -2.8483943054992686e18;
    let b = [
        Vector::<f64, 2>::new(m, m),
        Vector::<f64, 2>::new(far, far),
        Vector::<f64, 2>::new(m, -1.0),
    ];
    let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
    for d in [
        distance(&ha, &hb, &Config::default()).unwrap(),
        distance(&hb, &ha, &Config::default()).unwrap(),
    ] {
        assert_eq!(d.status, Status::Converged);
        assert!(d.distance <= 64.0 * f64::EPSILON * far.abs(), "{d:?}");
    }
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
#[allow(clippy::excessive_precision)] // the exact inputs the fuzzer found
fn epa_contact_points_of_a_sliver_lie_on_the_support_planes() {
    let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    let a = [
        v(2.214357987652429e-52, 53.20703125, 53.20703125),
        v(
            -5.184935873370409e18,
            -1.316389388863705e19,
            -1.7222109918491643e18,
        ),
        v(
            9.782897890179067e16,
            2.4837535667439722e17,
            3.249454687899371e16,
        ),
        v(
            -9.782897861129077e16,
            -2.4837535638389706e17,
            -3.249454658849381e16,
        ),
        v(
            -9.149165370543334e18,
            -1.08934254667296e19,
            3.84738869589418e18,
        ),
    ];
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
#[allow(clippy::excessive_precision)] // the exact inputs the fuzzer found
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
#[allow(clippy::excessive_precision)] // the exact inputs the fuzzer found
fn broken_epa_polytope_is_not_converged() {
    let v = |x: [f64; 4]| Vector::<f64, 4>::from(x);
    let a = [
        v([2.625953494094488; 4]),
        v([
            3.1692605807086616,
            3.53146530511811,
            2.783433809055118,
            2.783433809055118,
        ]),
        v([
            0.36611097440944884,
            1.0905204232283465,
            0.8385519192913387,
            1.1062684547244095,
        ]),
        v([
            4.350362942913386,
            3.1220164862204722,
            3.8464259350393704,
            2.9172920767716537,
        ]),
        v([
            1.0905204232283465,
            1.6417015255905514,
            0.36611097440944884,
            0.36611097440944884,
        ]),
        v([-1.0, -2.4443950227360474e-127, -90.35546875, 1.0]),
        v([-1.0, -1.0, -90.3984375, -90.72265625]),
        v([
            -6.846487450787402,
            -5.7756213090551185,
            -6.169322096456693,
            -5.814991387795276,
        ]),
    ];
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

/// Found by the `shapes` target (f32): a small circle of vertices around
/// (0, 1) with a spike to (0, 9.19) spliced in at its right side. Where the
/// spike comes back, the polygon doubles back onto the circle: a right turn
/// of almost 180° whose vertex lies within rounding of the spike's edge
/// line, which the convexity check forgave as rounding. The half turns
/// cancel, so the total turning passed too, and the logarithmic support
/// search missed the spike by 0.72. A right turn that doubles back is a
/// dent: the polygon must be rejected.
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 inputs the fuzzer found
fn polygon_that_doubles_back_is_rejected() {
    let p = |x: f32, y: f32| gjk::nalgebra::Vector2::new(x, y);
    let vertices = [
        p(-0.0006428739870898426, 9.194963455200195),
        p(0.07809296995401382, 1.0061432123184204),
        p(0.07808834314346313, 1.0062992572784424),
        p(0.07808340340852737, 1.0064553022384644),
        p(0.07807815074920654, 1.0066113471984863),
        p(0.07807259261608124, 1.0067673921585083),
        p(0.07806672155857086, 1.0069234371185303),
        p(0.07704419642686844, 1.0168564319610596),
        p(0.07476303726434708, 1.0265779495239258),
        p(0.06659380346536636, 1.0447570085525513),
        p(0.054090674966573715, 1.0602774620056152),
        p(0.03806734085083008, 1.0721293687820435),
        p(0.019566597416996956, 1.0795413255691528),
        p(-0.00020753192075062543, 1.082031011581421),
        p(-0.019968155771493912, 1.0794363021850586),
        p(-0.03842925652861595, 1.0719261169433594),
        p(-0.05438939854502678, 1.059989333152771),
        p(-0.06680990010499954, 1.0444025993347168),
        p(-0.07488243281841278, 1.026180386543274),
        p(-0.0780816450715065, 1.0065085887908936),
        p(-0.07619933784008026, 0.9866674542427063),
        p(-0.06935799866914749, 0.9679481387138367),
        p(-0.05800286680459976, 0.9515690207481384),
        p(-0.04287293180823326, 0.9385960102081299),
        p(-0.0249528419226408, 0.9298733472824097),
        p(-0.005408830475062132, 0.9259687066078186),
        p(0.014487186446785927, 0.927136242389679),
        p(0.03344038128852844, 0.9332998991012573),
        p(0.050217289477586746, 0.9440585970878601),
        p(0.06372607499361038, 0.9587122201919556),
        p(0.07308758795261383, 0.9763069748878479),
        p(0.07601097226142883, 0.985854983329773),
        p(0.07769259065389633, 0.9956979155540466),
        p(0.07810498028993607, 1.005674958229065),
    ];
    assert_eq!(
        gjk::hull::Polygon::new(&vertices).err(),
        Some(gjk::ShapeError::NotConvex)
    );
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
    let a: [[f64; 4]; 9] = [
        [
            7.74860428129693e-304,
            1.00390625,
            1.00390625,
            -4.2569840423659755e-63,
        ],
        [
            2.3262945255825082e+29,
            1.7915760776624522e+29,
            2.6383840120411967e+29,
            -2.4976859229472485e+28,
        ],
        [
            -1.4521885359131184e+29,
            -5.7022339520535625e+28,
            -8.977986049161624e+28,
            -3.7236851095498324e+28,
        ],
        [
            -3.925380759318981e+30,
            -1.5236327657917438e+30,
            -2.4865005022108658e+30,
            -1.0090681718688803e+30,
        ],
        [
            -1.4521885359131184e+29,
            -5.7022339520535625e+28,
            -8.977986049161624e+28,
            -3.7236851095498324e+28,
        ],
        [
            -3.9209090469654196e+30,
            -1.5293821102463223e+30,
            -2.4628643083420433e+30,
            -1.0053949795784552e+30,
        ],
        [
            2.235856176780499e+27,
            1.00390625,
            1.00390625,
            -4.2569840423659755e-63,
        ],
        [
            3.815215704573549e+29,
            -5.061056367982869e+30,
            -2.856604422860761e+30,
            2.3769900924608907e+30,
        ],
        [
            -7.477380575734214e+30,
            5.664993454279885e+30,
            1.2651319846286803e+31,
            -1.2730524372992716e+31,
        ],
    ];
    let b: [[f64; 4]; 7] = [
        [-90.35546875, 1.64453125, 1.00390625, -77.015625],
        [
            -2.7623869753111344e+29,
            2.7440182389976565e+29,
            2.623913204218994e+29,
            -2.3137887079249696e+28,
        ],
        [
            1.634885188542191e+29,
            -1.144660458281318e+29,
            -8.9592552004187e+28,
            -3.905744138057344e+28,
        ],
        [
            4.424411065872055e+30,
            -3.0770083962862475e+30,
            -2.4234706164666103e+30,
            -1.0590226296290439e+30,
        ],
        [
            1.4783733551237285e+30,
            1.0635946881746155e+30,
            2.567893289815964e+30,
            -2.696543283200724e+30,
        ],
        [
            3.180309813755125e+30,
            -1.5103284480703695e+31,
            -6.364997335818929e+30,
            5.102947434110046e+30,
        ],
        [-90.35546875, 1.64453125, 1.00390625, -77.015625],
    ];
    let to = |s: &[[f64; 4]]| {
        s.iter()
            .map(|&q| Vector::<f64, 4>::from(q))
            .collect::<Vec<_>>()
    };
    let (a, b) = (to(&a), to(&b));
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

/// A point a subnormal distance outside a thin hull: the loop found
/// `v·w > 0` by a subnormal amount (rounding of a dot product of vectors of
/// order one) and `intersects` answered `false` and `penetration` `None`,
/// while `distance` could prove no gap. A lower bound now proves a gap only
/// beyond its rounding; the booleans follow the distance's bracket.
#[test]
fn a_gap_within_rounding_is_no_proof() {
    let far = -8.740157480314961e-11;
    let a = [
        [5e-324, 0.0, 0.0],
        [far, far, far],
        [
            0.022421810138806543,
            -0.024888209166020143,
            -0.024888209166020143,
        ],
        [
            -0.007191901351891745,
            0.007983010500599836,
            0.007983010399812435,
        ],
    ];
    let a: Vec<Vector<f64, 3>> = a.iter().map(|&q| Vector::<f64, 3>::from(q)).collect();
    let b = [Vector::<f64, 3>::repeat(5e-324)];
    let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
    let config = Config::default();
    let d = distance(&ha, &hb, &config).unwrap();
    let proven = d.lower > 0.0;
    let apart = gjk::intersects(&ha, &hb, &config) == Ok(false);
    let none = matches!(gjk::penetration(&ha, &hb, &config), Ok(None));
    assert!(!apart || proven, "intersects = false, unproven: {d:?}");
    assert!(!none || proven, "penetration = None, unproven: {d:?}");
}

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

/// A box placed by half-extents, axes (the rotation's columns) and centre.
type Placed = gjk::Transformed<gjk::Cuboid<f64, 3>, f64, 3>;

fn placed(half: [f64; 3], axes: [[f64; 3]; 3], centre: [f64; 3]) -> Placed {
    use gjk::nalgebra::Matrix3;
    let columns = axes.map(Vector::<f64, 3>::from);
    gjk::Transformed::new(
        gjk::Cuboid::new(Vector::<f64, 3>::from(half)).unwrap(),
        Matrix3::from_columns(&columns),
        Vector::<f64, 3>::from(centre),
    )
    .unwrap()
}

/// How far `p` lies outside the box (`half`, `axes`, `centre`): the most
/// its coordinates in the box's frame (by the inverse of the axes' matrix,
/// which may be a little off orthogonal) exceed the half-extents.
fn outside(p: &Vector<f64, 3>, half: [f64; 3], axes: [[f64; 3]; 3], centre: [f64; 3]) -> f64 {
    use gjk::nalgebra::Matrix3;
    let m = Matrix3::from_columns(&axes.map(Vector::<f64, 3>::from));
    let local = m.try_inverse().unwrap() * (p - Vector::<f64, 3>::from(centre));
    (0..3)
        .map(|i| local[i].abs() - half[i])
        .fold(f64::NEG_INFINITY, f64::max)
}

/// Half-extents, axes and centre of a placed box.
type BoxParts = ([f64; 3], [[f64; 3]; 3], [f64; 3]);

/// Asserts that `pa` lies in box `a` and `pb` in box `b` within `budget`.
fn in_boxes(
    pa: &Vector<f64, 3>,
    pb: &Vector<f64, 3>,
    (ha, ua, ca): BoxParts,
    (hb, ub, cb): BoxParts,
    budget: f64,
    answer: &dyn core::fmt::Debug,
) {
    let (out_a, out_b) = (outside(pa, ha, ua, ca), outside(pb, hb, ub, cb));
    assert!(
        out_a <= budget && out_b <= budget,
        "points outside their boxes by {out_a:e} (A) and {out_b:e} (B), budget {budget:e}; {answer:?}"
    );
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
    // A needle 9e74 long and 2e65 across, its frame off the diagonal by 1e-9.
    let (ha, ua, ca) = (
        [
            4.55874366991742e74,
            1.6475455961823529e65,
            2.107564401361679e65,
        ],
        [
            [-0.5773502691479591, -0.577350269272959, -0.5773502691479591],
            [0.8164965809571889, -0.40824829047859434, -0.408248290390206],
            [
                2.355138688280614e-16,
                0.7071067811100011,
                -0.707106781263094,
            ],
        ],
        [
            -4.523736028023063e73,
            -4.523736019230563e73,
            -4.5237360410226017e73,
        ],
    );
    let a = placed(ha, ua, ca);
    let (hb, ub, cb) = (
        [
            3.0843654907969525e70,
            6.129982163463556e54,
            1.3792459867793e55,
        ],
        [
            [0.5773502691896258, 0.5773502691896258, 0.5773502691896258],
            [
                0.8164965809277258,
                -0.40824829046386313,
                -0.40824829046386313,
            ],
            [
                -3.9252311467094373e-16,
                0.7071067811865474,
                -0.7071067811865477,
            ],
        ],
        [
            -1.7807592463908125e70,
            -1.7807592463908125e70,
            -1.7807592463908143e70,
        ],
    );
    let b = placed(hb, ub, cb);
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

/// Found by the `manifold` target's box pairs: a point (a box of no size)
/// near the origin, just inside a needle 8e74 long. EPA's polytope could
/// not hold its projection, and the witnesses found by GJK on the shifted
/// pair had their mismatch put on B: `point_b` 9e64 from B's one point.
/// Oracle: `point_b` is B's point; budget `64 ε L` (`L` = 2.6e74).
#[test]
#[allow(clippy::approx_constant)] // the exact inputs the fuzzer found
fn contact_with_a_point_in_a_needle_keeps_to_the_point() {
    use gjk::contact;
    let a = placed(
        [
            3.365634978002191e74,
            4.1324299332611766e65,
            1.435473298194324e65,
        ],
        [
            [
                -0.5773502689515305,
                -0.5773502693086734,
                -0.5773502693086734,
            ],
            [
                0.8164965810960847,
                -0.40824829029550425,
                -0.40824829029550425,
            ],
            [
                -7.850462293418876e-17,
                0.7071067811865475,
                -0.7071067811865476,
            ],
        ],
        [
            6.68279189918587e73,
            6.68279190707209e73,
            6.682791886771439e73,
        ],
    );
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

/// Found by the `manifold` target's box pairs: two needles crossing at an
/// angle of about 1e-7 (the edge pair's axis wins the separating-axis
/// test). The closest points of the edges' lines, solved by dividing by
/// the sine squared, carried an error along the edges that left
/// `point_b − point_a` 8e62 off `distance · normal`. Oracle: the manifold's
/// own convention, and each point in its own box; budget `64 ε L` (`L` =
/// 3.1e74).
#[test]
#[allow(clippy::approx_constant)] // the exact inputs the fuzzer found
fn edge_contact_of_near_parallel_boxes_is_consistent() {
    let (ha, ua, ca) = (
        [
            4.558743669752921e74,
            2.006497665114461e65,
            1.0451241511021463e65,
        ],
        [
            [
                -0.5773502689832767,
                -0.5773502692928004,
                -0.5773502692928004,
            ],
            [
                0.8164965810736369,
                -0.40824829031795223,
                -0.40824829031795223,
            ],
            [
                -2.3551386880256624e-16,
                0.7071067811865474,
                -0.7071067811865477,
            ],
        ],
        [
            -4.523736041150162e73,
            -4.5237360232959144e73,
            -4.52373602667937e73,
        ],
    );
    let (hb, ub, cb) = (
        [
            4.9827667670073414e73,
            4.7078263015400106e57,
            9.415652603080021e57,
        ],
        [
            [
                -0.5788473780280762,
                -0.5743443443615014,
                -0.5788473780280762,
            ],
            [
                0.8154359036429666,
                -0.4077055184026751,
                -0.41090205318784234,
            ],
            [
                7.819986318453453e-17,
                0.7098625108878219,
                -0.704340269781614,
            ],
        ],
        [
            9.258616826054669e73,
            9.281054392559193e73,
            9.258616826054665e73,
        ],
    );
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

/// Found by the `manifold` target's box pairs: two needles apart (by 9e71,
/// at coordinates 3e74), B's nearest corner over A's long side. The
/// distance's witnesses were right, but `contact`, to put them exactly
/// `distance · normal` apart, moved B's across the normal by their whole
/// sideways miss: 1.8e63 off B (status `Converged`). Oracle: each contact
/// point in its own box, `point_b` at the distance's; budget `64 ε L`.
#[test]
fn contact_apart_keeps_the_narrow_side_on_its_shape() {
    use gjk::contact;
    let (ha, ua, ca) = (
        [
            4.558743669742639e74,
            1.9919578888227502e65,
            4.029391496587856e64,
        ],
        [
            [
                -0.5773502689832767,
                -0.5773502692928004,
                -0.5773502692928004,
            ],
            [
                0.8164965810736369,
                -0.40824829031795223,
                -0.40824829031795223,
            ],
            [
                -2.3551386880256624e-16,
                0.7071067811865474,
                -0.7071067811865477,
            ],
        ],
        [
            -4.523736041328237e73,
            -4.523736027836847e73,
            -4.5237360221384363e73,
        ],
    );
    let (hb, ub, cb) = (
        [
            2.777630684577294e74,
            1.8053160745367326e72,
            7.084493946100793e60,
        ],
        [
            [0.5655212445590988, 0.5831748116835782, 0.5831748116732677],
            [-0.8247337279100269, 0.39988390663278406, 0.3998839072327523],
            [
                -3.5399500826761617e-10,
                0.7071067813519581,
                -0.707106781021137,
            ],
        ],
        [
            1.7336753844350684e74,
            1.8156595785905632e74,
            1.8156595786082593e74,
        ],
    );
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

/// Found by the `manifold` target's box pairs: a box 7e127 wide 1e132 from
/// a needle-thin box (2.6e132 long, 3e116 wide), whose thin face leans
/// 0.03 rad from the contact normal. The test of whether a face's plane is
/// known well enough to clip against squared its doubled area (1e497):
/// infinite, so the sliver passed and became the reference face, and A's
/// corners, measured onto its plane, landed up to 2e126 off B. Oracle:
/// each point in its own box; budget `64 ε L` (`L` = 1.4e132).
#[test]
fn manifold_refuses_a_sliver_whose_area_overflows() {
    let a = (
        [
            3.340501542198315e127,
            1.284665302482075e127,
            6.762544360882521e124,
        ],
        [
            [0.661413931401318, -0.35386340189191656, 0.6612959278188038],
            [
                -0.2464066483905494,
                -0.9352833837118166,
                -0.2540251085651005,
            ],
            [
                -0.7083892820880618,
                -0.005068032562502576,
                0.7058037546433893,
            ],
        ],
        [
            2.5307948433106867e127,
            1.9479144090136354e125,
            2.530624280460153e127,
        ],
    );
    let b = (
        [
            1.2771704944302007e132,
            1.5760802478557792e116,
            1.526827740110286e116,
        ],
        [
            [0.636419726085753, 0.5412426291109665, 0.5495692392064752],
            [0.7713429407526428, -0.4465685333538251, -0.4534386538102796],
            [
                -1.5582434962010738e-16,
                0.7124836569713457,
                -0.7016887048747027,
            ],
        ],
        [
            5.771102663942916e131,
            -6.54761698573222e131,
            -7.106028804132663e131,
        ],
    );
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
    let needles = [
        (
            [
                4.558743669968826e74,
                2.406689233187142e65,
                2.0338875474527514e65,
            ],
            [
                [
                    -0.5773502692352607,
                    -0.5773502687888321,
                    -0.5773502695447844,
                ],
                [
                    0.8164965808954573,
                    -0.4082482902288622,
                    -0.40824829076340124,
                ],
                [
                    7.850462288279383e-17,
                    0.707106781649472,
                    -0.7071067807236231,
                ],
            ],
            [
                -4.523736050735165e73,
                -4.523736019393799e73,
                -4.523736025092225e73,
            ],
        ),
        (
            [
                4.576551262381328e74,
                9.989208238737273e64,
                2.173297806646224e65,
            ],
            [
                [
                    -0.5773502691481213,
                    -0.5773502692726348,
                    -0.5773502691481213,
                ],
                [0.8164965809570742, -0.4082482904785371, -0.4082482903904927],
                [0.0, 0.7071067811102988, -0.7071067812627961],
            ],
            [
                -4.4209238482089346e73,
                -4.420923841532126e73,
                -4.4209238494554653e73,
            ],
        ),
    ];
    let plates = [
        (
            [
                7.090542780587044e73,
                6.277101735386681e57,
                30.659858951763557,
            ],
            [
                [0.2704601626708593, 0.3365144232132215, -0.902002961956071],
                [
                    0.9627311672570138,
                    -0.09453703041800553,
                    0.25339978190932366,
                ],
                [
                    -1.4812123040249006e-17,
                    0.9369209106692079,
                    0.3495414240841593,
                ],
            ],
            [
                1.9177093538622584e73,
                2.3860699140779208e73,
                -6.395690589965749e73,
            ],
        ),
        (
            [
                8.903796231954063e72,
                3.9231885846166755e56,
                3.9231885846166755e56,
            ],
            [
                [
                    -0.2330012607313977,
                    -0.24907031319563205,
                    0.9400395691577079,
                ],
                [
                    0.9724764328751516,
                    -0.05967619885015437,
                    0.22522952469251808,
                ],
                [0.0, 0.9666450901832723, 0.2561196392793286],
            ],
            [
                2.0745957473407647e72,
                2.2176713161228865e72,
                -8.36992077375412e72,
            ],
        ),
    ];
    let budget = 64.0 * f64::EPSILON * 3e74;
    for (a, b) in needles.into_iter().zip(plates) {
        manifold_in_boxes(a, b, 0.0, true, budget);
        // The contact itself, whose single point the manifold is.
        let (sa, sb) = (placed(a.0, a.1, a.2), placed(b.0, b.1, b.2));
        let c = gjk::contact(&sa, &sb, 0.0, &Config::default());
        let c = c.unwrap().unwrap();
        in_boxes(&c.point_a, &c.point_b, a, b, budget, &c);
    }
}

/// Two needles on the diagonal at 1e74, parallel to 1e-9 (9e74 and 2e74
/// long, 1e65 and 1e64 across), as the `manifold` target's box pairs built
/// them: half extents, axes and centre of each.
#[allow(clippy::approx_constant)] // the exact inputs the fuzzer found
fn parallel_needles() -> (BoxParts, BoxParts) {
    let a = (
        [
            4.55874366991742e74,
            2.73972139931173e65,
            1.7124939753543048e65,
        ],
        [
            [
                -0.5773502695943877,
                -0.5773502689872448,
                -0.5773502689872448,
            ],
            [0.816496580641516, -0.4082482907500729, -0.4082482907500729],
            [
                -7.850462293418876e-17,
                0.7071067811865475,
                -0.7071067811865476,
            ],
        ],
        [
            -4.523736029544128e73,
            -4.5237360229553145e73,
            -4.523736035776787e73,
        ],
    );
    let b = (
        [
            9.972251791611948e73,
            2.1809852750618376e63,
            2.14061974464226e64,
        ],
        [
            [
                -0.5773502695765306,
                -0.5773502694515306,
                -0.5773502685408163,
            ],
            [0.816496580654143, -0.4082482910594322, -0.40824829041545996],
            [
                -7.850462299610548e-17,
                0.707106780628851,
                -0.707106781744244,
            ],
        ],
        [
            1.6038700563006777e74,
            1.6038700559979486e74,
            1.603870057208866e74,
        ],
    );
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

/// Found by the `shapes` target (f32): a polygon of 48 vertices, a round
/// end of radius 0.004 near x = 19.39 with a straight side of 26 vertices
/// a few ulps apart, whose directions zig-zag by 0.08 rad from one edge to
/// the next (right turns within rounding, so accepted). The binary search
/// over the edges' normals, which assumes they turn monotonically, landed
/// on the straight side, opposite the support along `(−0.96, 0.29)`, and
/// the climb after it stopped on a tie: 7e-3 short, the polygon's width.
/// Oracle: the brute-force maximum over the vertices, exactly (a polygon
/// with such turns is scanned).
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 inputs the fuzzer found
fn polygon_with_rounding_dents_is_scanned() {
    use gjk::nalgebra::Vector2;
    use gjk::{hull::Polygon, SupportMap};
    let p = |x: f32, y: f32| Vector2::new(x, y);
    let vertices = [
        p(19.39842414855957, 0.00031155170290730894),
        p(19.398422241210938, 0.00033461046405136585),
        p(19.398420333862305, 0.00035765746724791825),
        p(19.398418426513672, 0.0003806919266935438),
        p(19.39841651916504, 0.0004037130274809897),
        p(19.398414611816406, 0.00042671995470300317),
        p(19.39841079711914, 0.0004497119225561619),
        p(19.398408889770508, 0.00047268811613321304),
        p(19.398405075073242, 0.0004956477205269039),
        p(19.39840316772461, 0.0005185899208299816),
        p(19.398399353027344, 0.0005415139021351933),
        p(19.39839744567871, 0.0005644189659506083),
        p(19.398393630981445, 0.0005873041227459908),
        p(19.39838981628418, 0.0006101687322370708),
        p(19.398386001586914, 0.0006330119795165956),
        p(19.398380279541016, 0.0006672348827123642),
        p(19.39837646484375, 0.0006900210282765329),
        p(19.398372650146484, 0.0007127829594537616),
        p(19.398366928100586, 0.0007355199195444584),
        p(19.39836311340332, 0.0007582310936413705),
        p(19.398359298706055, 0.0007809156086295843),
        p(19.398353576660156, 0.0008035727660171688),
        p(19.39834976196289, 0.0008262017508968711),
        p(19.398344039916992, 0.0008488016901537776),
        p(19.398338317871094, 0.0008713718852959573),
        p(19.398338317871094, 0.0008770096465013921),
        p(19.398046493530273, 0.0017044699052348733),
        p(19.398040771484375, 0.0017148719634860754),
        p(19.398035049438477, 0.0017252590041607618),
        p(19.39714813232422, 0.002899747109040618),
        p(19.395889282226563, 0.003662473289296031),
        p(19.394437789916992, 0.003905130550265312),
        p(19.39299964904785, 0.0035932620521634817),
        p(19.39252471923828, 0.003351887222379446),
        p(19.392087936401367, 0.003048395738005638),
        p(19.391319274902344, 0.0022218695376068354),
        p(19.390764236450195, 0.0010321802692487836),
        p(19.390626907348633, -8.917144441511482e-5),
        p(19.39081573486328, -0.001203063759021461),
        p(19.391315460205078, -0.002216317690908909),
        p(19.3920841217041, -0.003044172888621688),
        p(19.393056869506836, -0.003617377718910575),
        p(19.394153594970703, -0.0038879828061908484),
        p(19.395282745361328, -0.0038333514239639044),
        p(19.39634895324707, -0.003458053572103381),
        p(19.397262573242188, -0.0027934834361076355),
        p(19.397947311401367, -0.0018952337559312582),
        p(19.398345947265625, -0.0008384445682168007),
    ];
    let polygon = Polygon::new(vertices).unwrap();
    for k in 0..64 {
        let angle = k as f32 * core::f32::consts::TAU / 64.0;
        let d = Vector2::new(angle.cos(), angle.sin());
        let best = vertices
            .iter()
            .map(|v| v.dot(&d))
            .fold(f32::NEG_INFINITY, f32::max);
        assert_eq!(polygon.support(&d).dot(&d), best, "along {d:?}");
    }
    let d = Vector2::new(-0.9569403357322088_f32, 0.2902846772544624);
    let best = vertices
        .iter()
        .map(|v| v.dot(&d))
        .fold(f32::NEG_INFINITY, f32::max);
    assert_eq!(polygon.support(&d).dot(&d), best);
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
#[allow(clippy::excessive_precision)] // the exact inputs the fuzzer found
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
#[allow(clippy::excessive_precision, clippy::approx_constant)] // the exact inputs the fuzzer found
fn contact_witness_off_a_needle_through_the_origin_is_not_converged() {
    use gjk::{contact, Status};
    let a = (
        [
            9.438024005887653e73,
            5.219206087167625e62,
            3.458243659076584e62,
        ],
        [
            [0.5773502691851106, 0.5773502691892924, 0.5773502691944743],
            [
                0.8164965809309188,
                -0.40824829045883826,
                -0.4082482904625024,
            ],
            [
                7.850462293383646e-17,
                0.7071067811897207,
                -0.7071067811833743,
            ],
        ],
        [
            5.4490457004173863e73,
            5.449045700417387e73,
            5.449045700417386e73,
        ],
    );
    let b = (
        [
            2.154718688131238e74,
            1.3286427388206218e62,
            1.7754782258541227e62,
        ],
        [
            [-0.5773502691897112, -0.577350269189583, -0.577350269189583],
            [0.8164965809276656, -0.4082482904639234, -0.4082482904639234],
            [
                7.850462293418876e-17,
                0.7071067811865476,
                -0.7071067811865475,
            ],
        ],
        [
            1.079527921779414e74,
            1.0795279217808033e74,
            1.0795279217794316e74,
        ],
    );
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
fn diagonal_needle() -> [Vector<f64, 3>; 6] {
    let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    [
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
            -1.2748710731977708e74,
            -1.274871069778713e74,
            -1.2748710688527183e74,
        ),
        v(
            -3.0843654875559706e74,
            -3.0843654886956563e74,
            -3.0843654875559706e74,
        ),
        v(
            6.1687311347392114e72,
            6.168731181038951e72,
            6.168730999401508e72,
        ),
        v(
            -1.069246702372206e74,
            -1.069246702372206e74,
            -1.069246702372206e74,
        ),
    ]
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
#[allow(clippy::excessive_precision)] // the exact inputs the fuzzer found
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
#[allow(clippy::excessive_precision)] // the exact inputs the fuzzer found
fn epa_witness_moved_along_the_normal_is_checked() {
    use gjk::contact;
    let a: BoxParts = (
        [
            3.4902881232138663e74,
            3.620419863848312e65,
            6.547772873057249e64,
        ],
        [
            [
                -0.5773502689515306,
                -0.5773502693086734,
                -0.5773502693086734,
            ],
            [
                0.8164965810960847,
                -0.40824829029550436,
                -0.40824829029550436,
            ],
            [
                -7.850462293418875e-17,
                0.7071067811865474,
                -0.7071067811865477,
            ],
        ],
        [
            6.374355357805835e73,
            6.374355366251723e73,
            6.374355356991788e73,
        ],
    );
    let b: BoxParts = (
        [
            1.3355694351940768e74,
            1.5703237098364798e63,
            9.166891061306647e63,
        ],
        [
            [
                -0.5773502693096257,
                -0.5773502685229591,
                -0.5773502697362924,
            ],
            [0.8164965808428734, -0.4082482901197377, -0.4082482909776939],
            [0.0, 0.7071067819295593, -0.7071067804435356],
        ],
        [
            1.4085269101122868e74,
            1.4085269110788826e74,
            1.408526909588031e74,
        ],
    );
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
