//! The queries the pictures show: the same shapes and poses every run.

use gjk::nalgebra::{Isometry3, Translation3, UnitQuaternion, Vector2, Vector3};
use gjk::trace;
use gjk::{hull::Polygon, hull::Scanned, Config, Rounded, Transformed};

use super::picture::{draw, Answer, Plane, Record};

/// A regular polygon's corners: `n` of them, radius `r`, centre `c`, turned
/// by `turn` radians.
fn corners(c: [f64; 2], r: f64, n: usize, turn: f64) -> Vec<Vector2<f64>> {
    (0..n)
        .map(|k| {
            let t = turn + k as f64 * core::f64::consts::TAU / n as f64;
            Vector2::new(c[0] + r * t.cos(), c[1] + r * t.sin())
        })
        .collect()
}

/// `(file name, SVG)` for every picture.
pub fn all() -> Vec<(&'static str, String)> {
    let plane = Plane::first_two();
    let config = Config::<f64, _>::default();
    let mut out = Vec::new();

    // Distance: a hexagon and a rounded triangle apart, started across the
    // gap so that the loop takes a few steps.
    let hexagon = Polygon::new(corners([0.0, 0.0], 1.0, 6, 0.3)).expect("convex");
    let triangle = Polygon::new(corners([2.9, 1.2], 0.8, 3, 0.7)).expect("convex");
    let rounded = Rounded::new(triangle, 0.2).expect("a margin");
    let start = config.starting_along(Some(Vector2::new(0.3, -1.0)));
    let mut record = Record::default();
    let d = trace::distance(&hexagon, &rounded, &start, &mut record).expect("finite");
    let answer = Answer {
        title: "distance: a hexagon and a rounded triangle".into(),
        summary: format!(
            "distance {:.6} ({:?} after {} iterations), certified ≥ {:.6}",
            d.distance, d.status, d.iterations, d.lower
        ),
        witnesses: Some((d.point_a, d.point_b)),
    };
    out.push((
        "distance",
        draw(&hexagon, &rounded, &plane, &record, &answer),
    ));

    // Intersects: the same hexagon against an overlapping heptagon.
    let heptagon = Polygon::new(corners([1.2, 0.9], 0.9, 7, 0.1)).expect("convex");
    let mut record = Record::default();
    let hit = trace::intersects(&hexagon, &heptagon, &start, &mut record).expect("finite");
    let answer = Answer {
        title: "intersects: a hexagon and a heptagon".into(),
        summary: format!(
            "intersects: {hit} (the simplex encloses the origin after {} iterations)",
            record.gjk.len()
        ),
        witnesses: None,
    };
    out.push((
        "intersects",
        draw(&hexagon, &heptagon, &plane, &record, &answer),
    ));

    // Penetration: GJK finds the overlap, EPA expands to the depth.
    let mut record = Record::default();
    let p = trace::penetration(&hexagon, &heptagon, &config, &mut record)
        .expect("finite")
        .expect("overlapping");
    let answer = Answer {
        title: "penetration: GJK, then EPA".into(),
        summary: format!(
            "depth {:.6} along ({:.4}, {:.4}), ≤ {:.6} ({:?} after {} iterations)",
            p.depth, p.normal.x, p.normal.y, p.upper, p.status, p.iterations
        ),
        witnesses: Some((p.point_a, p.point_b)),
    };
    out.push((
        "penetration",
        draw(&hexagon, &heptagon, &plane, &record, &answer),
    ));

    // 3D: two hulls, one turned, drawn projected onto the xy plane.
    let cube: Vec<Vector3<f64>> = (0..8)
        .map(|k| {
            Vector3::new(f64::from(k & 1), f64::from((k >> 1) & 1), f64::from(k >> 2)) * 2.0
                - Vector3::repeat(1.0)
        })
        .collect();
    let octahedron: Vec<Vector3<f64>> = (0..6)
        .map(|k| {
            let mut v = Vector3::zeros();
            v[k / 2] = if k % 2 == 0 { 1.2 } else { -1.2 };
            v
        })
        .collect();
    let a = Scanned::new(&cube[..]).expect("points");
    let pose = Isometry3::from_parts(
        Translation3::new(2.6, 1.4, 0.5),
        UnitQuaternion::from_euler_angles(0.4, 0.3, 0.8),
    );
    let b = Transformed::from_isometry(Scanned::new(&octahedron[..]).expect("points"), &pose);
    let mut record = Record::default();
    let d = trace::distance(&a, &b, &Config::default(), &mut record).expect("finite");
    let answer = Answer {
        title: "distance in 3D: a cube and a turned octahedron, seen along (1, −1, 1)".into(),
        summary: format!(
            "distance {:.6} ({:?} after {} iterations)",
            d.distance, d.status, d.iterations
        ),
        witnesses: Some((d.point_a, d.point_b)),
    };
    out.push((
        "distance3d",
        draw(&a, &b, &Plane::<3>::first_two(), &record, &answer),
    ));
    out
}
