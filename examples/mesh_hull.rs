//! From a mesh file to collision answers: read the vertices of an OBJ file,
//! build their convex hull as a `Hull`, place two copies with `Transformed`
//! and ask `distance`, `intersects` and `contact`.
//!
//! Run it with `cargo run --release --example mesh_hull [file.obj]`; without
//! an argument it reads `examples/panda_link1.obj`, a link of a robot arm.

use core::error::Error;

use gjk::nalgebra::{Isometry3, Vector3};
use gjk::{contact, distance, intersects, Config, Hull, SupportMap, Transformed};

/// The positions of the `v x y z` lines of an OBJ text; other lines are
/// skipped.
fn obj_vertices(text: &str) -> Result<Vec<Vector3<f64>>, Box<dyn Error>> {
    let mut points = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        if words.next() != Some("v") {
            continue;
        }
        let xyz: Vec<f64> = words.take(3).map(str::parse).collect::<Result<_, _>>()?;
        match xyz.as_slice() {
            [x, y, z] => points.push(Vector3::new(*x, *y, *z)),
            _ => return Err(format!("line {}: a vertex needs three numbers", i + 1).into()),
        }
    }
    Ok(points)
}

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/examples/panda_link1.obj").to_owned()
    });
    let points = obj_vertices(&std::fs::read_to_string(&path)?)?;
    let n = points.len();

    // 1. The hull: storage sized by the point count, nothing else allocated.
    let mut indices = vec![0; Hull::<f64, 3>::indices_needed(n)];
    let mut facets = vec![[0; 3]; Hull::<f64, 3>::facets_needed(n)];
    let shape = Hull::<f64, 3>::new(&points, &mut indices, &mut facets)?;
    println!("{path}");
    println!(
        "    {n} points, hull of {} vertices and {} triangles, supports by {}",
        shape.vertices().len(),
        shape.facets().len(),
        if shape.climbs() {
            "climbing its edges"
        } else {
            "a scan"
        }
    );

    // 2. Two copies: A turned a little about z, B turned another way and
    //    moved along x by a multiple of the hull's width along x (the turns
    //    change the extents, so 1.01 widths is already an overlap).
    let x = Vector3::x();
    let width = shape.support(&x).x - shape.support(&-x).x;
    let config = Config::default();
    println!("    width along x {width:.4}");
    for offset in [1.5, 1.01, 0.9] {
        let a = Transformed::from_isometry3(
            &shape,
            &Isometry3::new(Vector3::zeros(), Vector3::new(0.0, 0.0, 0.3)),
        );
        let b = Transformed::from_isometry3(
            &shape,
            &Isometry3::new(x * (offset * width), Vector3::new(0.2, -0.4, 0.0)),
        );
        // 3. The answers.
        let d = distance(&a, &b, &config)?;
        let hit = intersects(&a, &b, &config)?;
        println!("\nB at {offset} widths along x");
        println!(
            "    distance {:.6}  ({:?}, {} iterations)   intersects {hit}",
            d.distance, d.status, d.iterations
        );
        match contact(&a, &b, 0.5 * width, &config)? {
            Some(c) => println!(
                "    contact: signed distance {:.6}, normal [{:.4}, {:.4}, {:.4}], on A [{:.4}, {:.4}, {:.4}]",
                c.distance, c.normal.x, c.normal.y, c.normal.z, c.point_a.x, c.point_a.y, c.point_a.z
            ),
            None => println!("    contact: none within {:.4}", 0.5 * width),
        }
    }
    Ok(())
}
