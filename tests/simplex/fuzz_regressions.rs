//! Inputs found by the fuzzers (`fuzz/`) on the bare simplex, minimised, as
//! plain tests.

use gjk::Vector;

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
