//! Inputs found by the fuzzers (`fuzz/`) on polygons, minimised, as plain
//! tests.

use crate::support::data;

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

/// Found by the `shapes` target (f32): a small circle of vertices around
/// (0, 1) with a spike to (0, 9.19) spliced in at its right side. Where the
/// spike comes back, the polygon doubles back onto the circle: a right turn
/// of almost 180° whose vertex lies within rounding of the spike's edge
/// line, which the convexity check forgave as rounding. The half turns
/// cancel, so the total turning passed too, and the logarithmic support
/// search missed the spike by 0.72. A right turn that doubles back is a
/// dent: the polygon must be rejected.
#[test]
fn polygon_that_doubles_back_is_rejected() {
    let vertices = data::points::<f32, 2>(data_file!("shape/polygon_that_doubles_back.txt"));
    assert_eq!(
        gjk::hull::Polygon::new(&vertices).err(),
        Some(gjk::ShapeError::NotConvex)
    );
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
    let vertices = data::points::<f32, 2>(data_file!("shape/polygon_with_rounding_dents.txt"));
    let polygon = Polygon::new(vertices.as_slice()).unwrap();
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
