//! Inputs found by the fuzzers (`fuzz/`) on distance and intersection,
//! minimised, as plain tests.

use gjk::{distance, hull::Scanned, Config, Error, Status, Vector};

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
