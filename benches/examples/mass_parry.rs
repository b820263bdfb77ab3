//! parry's mass properties of the shapes `tests/mass/versus_parry.rs`
//! builds with gjk, written to `tests/data/mass/parry.txt` for that test
//! to compare against (parry is not a dependency of the gjk crate).
//!
//! `cargo run --release --example mass_parry`
//!
//! One line per shape and density: the shape's name, the density, the
//! mass, the centre of mass, then in 3D the nine entries (row by row) of
//! the inertia tensor about the centre of mass in the shape's frame, in 2D
//! the one moment about the centre; every number with 17 significant
//! digits.

use std::fmt::Write as _;

use parry2d_f64::math::Vector as V2;
use parry3d_f64::math::Vector as V3;

/// The points of the 3D hull, with an interior point and a repeated one.
const POINTS_3D: [[f64; 3]; 12] = [
    [1.0, 0.0, 0.0],
    [-1.0, 0.25, 0.0],
    [0.0, 1.5, 0.125],
    [0.0, -1.0, 0.5],
    [0.25, 0.0, 1.0],
    [0.0, 0.5, -1.25],
    [0.75, 0.75, 0.75],
    [-0.5, -0.5, -0.75],
    [0.625, -0.5, -0.5],
    [-0.5, 0.75, 0.625],
    [0.0, 0.0, 0.0],
    [1.0, 0.0, 0.0],
];

/// The points of the 2D hull, with an interior point.
const POINTS_2D: [[f64; 2]; 8] = [
    [1.0, 0.0],
    [0.5, 1.0],
    [-0.75, 0.875],
    [-1.25, -0.25],
    [-0.25, -1.0],
    [0.75, -0.625],
    [0.0, 0.0],
    [0.25, 0.5],
];

fn number(out: &mut String, x: f64) {
    let _ = write!(out, " {x:.16e}");
}

fn line3(out: &mut String, name: &str, density: f64, shape: &dyn parry3d_f64::shape::Shape) {
    let m = shape.mass_properties(density);
    let _ = write!(out, "{name} {density:.16e}");
    number(out, m.mass());
    for x in m.local_com.to_array() {
        number(out, x);
    }
    let inertia = m.reconstruct_inertia_matrix();
    for row in 0..3 {
        for x in inertia.row(row).to_array() {
            number(out, x);
        }
    }
    out.push('\n');
}

fn line2(out: &mut String, name: &str, density: f64, shape: &dyn parry2d_f64::shape::Shape) {
    let m = shape.mass_properties(density);
    let _ = write!(out, "{name} {density:.16e}");
    number(out, m.mass());
    for x in m.local_com.to_array() {
        number(out, x);
    }
    number(out, m.principal_inertia());
    out.push('\n');
}

fn main() -> Result<(), Box<dyn core::error::Error>> {
    use parry2d_f64::shape as s2;
    use parry3d_f64::shape as s3;

    let p3: Vec<V3> = POINTS_3D
        .iter()
        .map(|p| V3::new(p[0], p[1], p[2]))
        .collect();
    let p2: Vec<V2> = POINTS_2D.iter().map(|p| V2::new(p[0], p[1])).collect();
    let hull3 = s3::ConvexPolyhedron::from_convex_hull(&p3).ok_or("3D hull")?;
    let hull2 = s2::ConvexPolygon::from_convex_hull(&p2).ok_or("2D hull")?;

    let mut out = String::new();
    for density in [1.0, 2.5] {
        line3(&mut out, "ball3", density, &s3::Ball::new(0.75));
        let cuboid = s3::Cuboid::new(V3::new(0.5, 1.25, 2.0));
        line3(&mut out, "cuboid3", density, &cuboid);
        let capsule = s3::Capsule::new(V3::new(0.5, -1.0, 0.25), V3::new(-0.25, 1.5, 1.0), 0.625);
        line3(&mut out, "capsule3", density, &capsule);
        line3(
            &mut out,
            "cylinder",
            density,
            &s3::Cylinder::new(1.5, 0.625),
        );
        line3(&mut out, "cone", density, &s3::Cone::new(1.25, 0.875));
        line3(&mut out, "hull3", density, &hull3);

        line2(&mut out, "ball2", density, &s2::Ball::new(0.75));
        line2(
            &mut out,
            "cuboid2",
            density,
            &s2::Cuboid::new(V2::new(0.5, 1.25)),
        );
        let capsule = s2::Capsule::new(V2::new(0.5, -1.0), V2::new(-0.25, 1.5), 0.625);
        line2(&mut out, "capsule2", density, &capsule);
        line2(&mut out, "hull2", density, &hull2);
        let triangle =
            s2::Triangle::new(V2::new(0.25, -0.5), V2::new(1.5, 0.25), V2::new(-0.5, 1.0));
        line2(&mut out, "triangle2", density, &triangle);
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/mass/parry.txt");
    std::fs::write(path, out)?;
    println!("wrote {path}");
    Ok(())
}
