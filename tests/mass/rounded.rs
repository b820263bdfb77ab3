//! Rounded shapes: boxes against their pieces from the tables, polygons
//! against the exact area `A + P r + π r²` and against hulls of sampled
//! outlines, and the combinations that reduce to other solids.

use core::f64::consts::PI;

use gjk::hull::Polygon;
use gjk::{
    Ball, Capsule, Cuboid, MassProperties, Rounded, RoundedSolid, Solid, Transformed, Triangle,
    Vector,
};
use nalgebra::{Rotation3, Vector2, Vector3};

use super::closed_forms::heptagon;
use super::{diagonal, error, hull2};

/// Budget for closed forms: 1e-12 relative in `f64`.
const BUDGET: f64 = 1e-12;

/// `∫ x²` over the four quarter discs of radius `r` at `x = ±a`, each
/// `∫ (a + u)² = π r²/4 · a² + 2a r³/3 + π r⁴/16`.
fn quarters(a: f64, r: f64) -> f64 {
    4.0 * (PI * r * r / 4.0 * a * a + 2.0 * a * r.powi(3) / 3.0 + PI * r.powi(4) / 16.0)
}

/// `∫ x²` over a slab `r` thick on the face `x = a`, both sides, of face area `s`.
fn slabs(a: f64, r: f64, s: f64) -> f64 {
    2.0 * s * r * ((a + r / 2.0).powi(2) + r * r / 12.0)
}

#[test]
fn rounded_rectangles_match_their_pieces() {
    // Budget: BUDGET. Rectangle, four slabs, four quarter discs.
    let (a, b, r, density) = (1.5, 0.5, 0.25, 2.0);
    let area = 4.0 * a * b + 2.0 * r * (2.0 * a + 2.0 * b) + PI * r * r;
    let xx = 4.0 * a * b * a * a / 3.0
        + slabs(a, r, 2.0 * b)
        + 2.0 * 2.0 * a * r * a * a / 3.0
        + quarters(a, r);
    let yy = 4.0 * a * b * b * b / 3.0
        + slabs(b, r, 2.0 * a)
        + 2.0 * 2.0 * b * r * b * b / 3.0
        + quarters(b, r);
    let want = diagonal(
        density * area,
        Vector2::zeros(),
        [density * xx, density * yy],
    );
    let square = Cuboid::new(Vector2::new(a, b)).unwrap();
    let got = Rounded::new(square, r).unwrap().mass_properties(density);
    let e = error(&got, &want);
    // The same rectangle as a polygon and as a hull: the sector route.
    let corners = [
        Vector2::new(-a, -b),
        Vector2::new(a, -b),
        Vector2::new(a, b),
        Vector2::new(-a, b),
    ];
    let polygon = Polygon::new(corners).unwrap();
    let e = e.max(error(
        &Rounded::new(polygon, r).unwrap().mass_properties(density),
        &want,
    ));
    eprintln!("rounded rectangle: {e:.2e}");
    assert!(e < BUDGET, "{e}");
}

#[test]
fn rounded_boxes_match_their_26_pieces() {
    // Budget: BUDGET. The box, 6 slabs, 12 quarter cylinders, 8 sphere
    // octants, each from the tables.
    let (h, r, density) = ([0.5, 1.25, 2.0], 0.375, 1.5);
    let volume = 8.0 * h[0] * h[1] * h[2]
        + 2.0 * r * 4.0 * (h[1] * h[2] + h[0] * h[2] + h[0] * h[1])
        + PI * r * r * 2.0 * (h[0] + h[1] + h[2])
        + 4.0 / 3.0 * PI * r.powi(3);
    let along = |i: usize| {
        let (a, j, k) = (h[i], h[(i + 1) % 3], h[(i + 2) % 3]);
        let cube = 8.0 * a * j * k * a * a / 3.0;
        let own_slabs = slabs(a, r, 4.0 * j * k);
        let other_slabs = 2.0 * r * 4.0 * a * (j + k) * a * a / 3.0;
        let own_cylinders = PI * r * r * 2.0 * a * a * a / 3.0;
        let other_cylinders = (2.0 * j + 2.0 * k) * quarters(a, r);
        let octants = 8.0
            * (PI * r.powi(3) / 6.0 * a * a
                + 2.0 * a * PI * r.powi(4) / 16.0
                + PI * r.powi(5) / 30.0);
        density * (cube + own_slabs + other_slabs + own_cylinders + other_cylinders + octants)
    };
    let want = diagonal(
        density * volume,
        Vector3::zeros(),
        [along(0), along(1), along(2)],
    );
    let b = Cuboid::new(Vector3::from(h)).unwrap();
    let got = Rounded::new(b, r).unwrap().mass_properties(density);
    let e = error(&got, &want);
    eprintln!("rounded box 3D: {e:.2e}");
    assert!(e < BUDGET, "{e}");
}

#[test]
fn rounded_boxes_in_other_dimensions_reduce_to_known_solids() {
    // Budget: BUDGET. In 1D a segment of length 2h + 2r; a box of no size
    // is a ball; no rounding is the box.
    let seg = Cuboid::new(Vector::<f64, 1>::new(1.0)).unwrap();
    let got = seg.rounded_mass_properties(0.5, 2.0);
    let want = diagonal(2.0 * 3.0, Vector::zeros(), [2.0 * 27.0 / 12.0]);
    assert!(error(&got, &want) < BUDGET);
    let point = Cuboid::new(Vector::<f64, 4>::zeros()).unwrap();
    let ball = Ball::new(Vector::<f64, 4>::zeros(), 0.75).unwrap();
    assert!(
        error(
            &point.rounded_mass_properties(0.75, 1.0),
            &ball.mass_properties(1.0)
        ) < BUDGET
    );
    let b = Cuboid::new(Vector::<f64, 4>::new(0.5, 1.0, 1.5, 2.0)).unwrap();
    assert!(
        error(
            &b.rounded_mass_properties(0.0, 1.0),
            &b.mass_properties(1.0)
        ) < BUDGET
    );
    // A flat 2D box is a capsule (a stadium).
    let flat = Cuboid::new(Vector2::new(1.0, 0.0)).unwrap();
    let stadium = Capsule::new(Vector2::new(-1.0, 0.0), Vector2::new(1.0, 0.0), 0.5).unwrap();
    assert!(
        error(
            &flat.rounded_mass_properties(0.5, 1.0),
            &stadium.mass_properties(1.0)
        ) < BUDGET
    );
}

/// The hull of `outline` with a circle of `n` points of radius `r` about
/// each vertex: a polygon inscribed in the rounded outline.
fn sampled_rounding(outline: &[Vector2<f64>], r: f64, n: usize) -> MassProperties<f64, 2> {
    let mut points = Vec::new();
    for v in outline {
        for k in 0..n {
            let t = 2.0 * PI * k as f64 / n as f64;
            points.push(v + Vector2::new(t.cos(), t.sin()) * r);
        }
    }
    hull2(&points, 1.0)
}

#[test]
fn rounded_polygons_have_the_exact_area_and_converge_with_sampled_ones() {
    // Budgets: the area A + P r + π r² to BUDGET; the full properties
    // against the hull of 4096 points per vertex's circle to 1e-6 (an
    // inscribed polygon misses about (2π/n)²/6 of the disc, 4e-7 here).
    let r = 0.3;
    let v = heptagon();
    let polygon = green_area_perimeter(&v);
    let want_area = polygon.0 + polygon.1 * r + PI * r * r;
    let rounded = Rounded::new(Polygon::new(v.clone()).unwrap(), r).unwrap();
    let got = rounded.mass_properties(1.0);
    let ea = (got.mass - want_area).abs() / want_area;
    let e = error(&got, &sampled_rounding(&v, r, 4096));
    // The same from the hull of the vertices and from triangles either way.
    let mut indices = vec![0; gjk::Hull::<f64, 2>::indices_needed(v.len())];
    let mut facets = vec![[0; 2]; gjk::Hull::<f64, 2>::facets_needed(v.len())];
    let hull = gjk::Hull::<f64, 2>::new(&v, &mut indices, &mut facets).unwrap();
    let eh = error(&Rounded::new(hull, r).unwrap().mass_properties(1.0), &got);
    let tri = [
        Vector2::new(0.25, -0.5),
        Vector2::new(1.5, 0.25),
        Vector2::new(-0.5, 1.0),
    ];
    let t = Triangle::new(tri[0], tri[2], tri[1]).unwrap();
    let et = error(
        &Rounded::new(t, r).unwrap().mass_properties(1.0),
        &sampled_rounding(&tri, r, 4096),
    );
    eprintln!("rounded polygon: area {ea:.2e}, vs sampled {e:.2e}, hull vs polygon {eh:.2e}, triangle vs sampled {et:.2e}");
    assert!(ea < BUDGET, "{ea}");
    assert!(eh < BUDGET, "{eh}");
    assert!(e < 1e-6, "{e}");
    assert!(et < 1e-6, "{et}");
}

/// A polygon's area and perimeter.
fn green_area_perimeter(v: &[Vector2<f64>]) -> (f64, f64) {
    let n = v.len();
    let area = (0..n).map(|i| v[i].perp(&v[(i + 1) % n]) / 2.0).sum();
    let perimeter = (0..n).map(|i| (v[(i + 1) % n] - v[i]).norm()).sum();
    (area, perimeter)
}

#[test]
fn rounding_reduces_to_other_solids() {
    // Budget: BUDGET.
    // A flat triangle is a capsule about its longest side.
    let v = |x: f64, y: f64| Vector2::new(x, y);
    let flat = Triangle::new(v(0.0, 0.0), v(2.0, 2.0), v(1.0, 1.0)).unwrap();
    let capsule = Capsule::new(v(0.0, 0.0), v(2.0, 2.0), 0.5).unwrap();
    assert!(
        error(
            &Rounded::new(flat, 0.5).unwrap().mass_properties(1.0),
            &capsule.mass_properties(1.0)
        ) < BUDGET
    );
    // Rounded balls and capsules grow their radius; rounding twice adds up.
    let ball = Ball::new(Vector3::new(1.0, 2.0, 3.0), 1.0).unwrap();
    let twice = Rounded::new(Rounded::new(ball, 0.25).unwrap(), 0.5).unwrap();
    let bigger = Ball::new(Vector3::new(1.0, 2.0, 3.0), 1.75).unwrap();
    assert!(error(&twice.mass_properties(1.0), &bigger.mass_properties(1.0)) < BUDGET);
    let thin = Capsule::new(v(0.0, 0.0), v(2.0, 2.0), 0.25).unwrap();
    assert!(
        error(
            &Rounded::new(thin, 0.25).unwrap().mass_properties(1.0),
            &capsule.mass_properties(1.0)
        ) < BUDGET
    );
    // Rounding a moved box is moving the rounded box.
    let b = Cuboid::new(Vector3::new(0.5, 1.0, 1.5)).unwrap();
    let turn = Rotation3::from_euler_angles(0.4, 0.2, -0.9);
    let t = Vector3::new(3.0, -1.0, 2.0);
    let moved_then_rounded =
        Rounded::new(Transformed::new(b, *turn.matrix(), t).unwrap(), 0.2).unwrap();
    let rounded_then_moved =
        Transformed::new(Rounded::new(b, 0.2).unwrap(), *turn.matrix(), t).unwrap();
    let e = error(
        &moved_then_rounded.mass_properties(1.0),
        &rounded_then_moved.mass_properties(1.0),
    );
    assert!(e < BUDGET, "{e}");
}
