//! EPA's restarts in a cone: a start whose facets cannot all be oriented
//! proves nothing.
//!
//! When a polytope stalls (rounding broke it) or fills, EPA starts again
//! from support points in a cone about its best normal, provided the origin
//! lies inside the new simplex. That is known only from the facets' planes:
//! a facet too thin to be given a normal cannot say on which side of it the
//! origin lies. The input below (found by the `penetration` fuzz target,
//! `f32`, D = 4, a flat triangle core against a hull with a far vertex)
//! restarted from such a simplex, with the origin outside it, and answered
//! a depth 0.29 too deep, `Converged`. Its `f64` answer is the reference.

use gjk::{hull::Scanned, penetration, Config, Rounded, Status, Vector};

const A: [[f32; 4]; 4] = [
    [1.0039061, 1.0039059, 1.5859371, 1.0039059],
    [1.0038964, 1.0038986, 1.5859371, 1.0038986],
    [0.0, -1.0, -0.0, -0.0],
    [1.0039061, 1.0039059, 1.5859371, 1.0039059],
];

const B: [[f32; 4]; 9] = [
    [0.0, 1.0039063, 1.0351563, -105.99609],
    [1.0353788, 0.10434007, 0.96133, 0.8832566],
    [1.0353788, 0.10434007, 0.96133, 0.8832566],
    [0.0, 1.0039063, 1.0351563, -105.99609],
    [0.21959586, 1.6614807, 3.004345, -3.3406837],
    [1.0353788, 1.2303243, 0.96133, 0.8832566],
    [1.0353788, 0.98622984, 0.96133, -0.093121365],
    [0.21959586, 1.6614807, 3.004345, -3.3406837],
    [-90.35547, -90.35547, -1.0, 0.0],
];

const RADII: (f32, f32) = (65.25391, 95.58594);

const FIRST_DIRECTION: [f32; 4] = [1.0039063, -0.0, 1.0039063, -90.35547];

/// The depth of the cores in `f64` (the same points, exactly widened).
fn reference_core_depth() -> f64 {
    let widen = |p: &[[f32; 4]]| -> Vec<Vector<f64, 4>> {
        p.iter().map(|q| Vector::from(q.map(f64::from))).collect()
    };
    let (a, b) = (widen(&A), widen(&B));
    let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
    let p = penetration(&ha, &hb, &Config::default()).unwrap().unwrap();
    assert_eq!(p.status, Status::Converged);
    p.depth
}

/// Budget: the `f32` answer within `2¹⁰ ε` of the scale (about 270: the
/// margins plus the far vertex) of the `f64` one when converged, and its
/// bracket around it within the same when not.
#[test]
fn restart_from_an_unoriented_simplex_is_not_taken() {
    let truth = reference_core_depth() + f64::from(RADII.0) + f64::from(RADII.1);
    let points = |p: &[[f32; 4]]| -> Vec<Vector<f32, 4>> { p.iter().map(|&q| q.into()).collect() };
    let (a, b) = (points(&A), points(&B));
    let sa = Rounded::new(Scanned::new(&a).unwrap(), RADII.0).unwrap();
    let sb = Rounded::new(Scanned::new(&b).unwrap(), RADII.1).unwrap();
    let slack = 1024.0 * f64::from(f32::EPSILON) * 270.0;
    for initial_direction in [Some(Vector::from(FIRST_DIRECTION)), None] {
        for tolerance in [0.0, 1e-6] {
            let config = Config {
                tolerance,
                max_iterations: 205,
                first_direction: None,
            }
            .starting_along(initial_direction);
            let p = penetration(&sa, &sb, &config).unwrap().unwrap();
            let (depth, upper) = (f64::from(p.depth), f64::from(p.upper));
            assert!(
                depth <= truth + slack && upper >= truth - slack,
                "{p:?}: the bracket misses the depth {truth}"
            );
            if p.status == Status::Converged {
                let budget = f64::from(tolerance) * truth + slack;
                assert!((depth - truth).abs() <= budget, "{p:?} against {truth}");
            }
        }
    }
}
