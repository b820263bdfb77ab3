//! Inputs found by the fuzzers (`fuzz/`), minimised, as plain tests.
//!

use gjk::{distance, ConvexHull, GjkConfig, GjkError, Vector};

/// Found by the `distance` target: two single points whose difference
/// (about 1.2e165) is finite but whose squared norm overflows. `distance`
/// returned `Ok` with `distance = inf`, status `Stalled` and the normal
/// `Some([0, 0])`. Coordinates beyond `√f64::MAX` are outside the supported
/// range: the answer must be a finite distance with a unit normal, or
/// `GjkError::Overflow`.
#[test]
fn overflow_distance_between_far_points() {
    let a = [Vector::<f64, 2>::new(1e-6, 1.4664373397665477e-87)];
    let b = [Vector::<f64, 2>::new(
        2.3799379487306496e16,
        1.1984021901257394e165,
    )];
    let (ha, hb) = (ConvexHull::new(&a).unwrap(), ConvexHull::new(&b).unwrap());
    match distance(&ha, &hb, &GjkConfig::default()) {
        Ok(d) => {
            assert!(d.distance.is_finite(), "distance {:e}", d.distance);
            let n = d.normal.expect("apart: a normal");
            assert!((n.norm() - 1.0).abs() < 1e-12, "normal {n:?}");
        }
        Err(e) => assert_eq!(e, GjkError::Overflow),
    }
}
