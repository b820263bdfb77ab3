//! parry 0.31's mass properties of the same shapes (written by
//! `benches/examples/mass_parry.rs` to `tests/data/mass/parry.txt`):
//! budget 1e-9 relative.
//!
//! parry gives, in 3D, the inertia tensor about the centre of mass through
//! its principal values and frame (here rebuilt as a matrix, so its
//! eigen-decomposition's rounding is in the figures), and in 2D the moment
//! about the centre: `tr(C)` here.
//!
//! parry 0.31's 2D capsule puts each half disc's centroid `3r/8` from its
//! flat side, the half ball's value in 3D; the half disc's is `4r/(3π)`.
//! Its moment is short by `L · m_disc · r (4/(3π) − 3/8)` (1.8% on the
//! capsule below), which the comparison adds back: the rest agrees to
//! rounding.
//!
//! parry 0.31's 2D triangle reports its moment about its first vertex
//! (`(|e₁|² + e₁·e₂ + |e₂|²)/6` per unit area, Box2D's formula before the
//! shift to the centroid) with the centroid as its centre: it is compared
//! with the moment about that vertex here.

use gjk::hull::Polygon;
use gjk::{Ball, Capsule, Cone, Cuboid, Cylinder, MassProperties, Solid, Triangle, Vector};
use nalgebra::{Matrix3, Vector2, Vector3};

use super::{error, hull2, hull3, second_from_inertia};

const DATA: &str = include_str!("../data/mass/parry.txt");

/// The same points as the example's.
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

fn ours3(name: &str, density: f64) -> MassProperties<f64, 3> {
    match name {
        "ball3" => Ball::new(Vector3::zeros(), 0.75)
            .unwrap()
            .mass_properties(density),
        "cuboid3" => Cuboid::new(Vector3::new(0.5, 1.25, 2.0))
            .unwrap()
            .mass_properties(density),
        "capsule3" => Capsule::new(
            Vector3::new(0.5, -1.0, 0.25),
            Vector3::new(-0.25, 1.5, 1.0),
            0.625,
        )
        .unwrap()
        .mass_properties(density),
        "cylinder" => Cylinder::new(1.5, 0.625).unwrap().mass_properties(density),
        "cone" => Cone::new(1.25, 0.875).unwrap().mass_properties(density),
        "hull3" => hull3(&POINTS_3D.map(Vector3::from), density),
        _ => panic!("unknown 3D shape {name}"),
    }
}

fn ours2(name: &str, density: f64) -> MassProperties<f64, 2> {
    let v = Vector2::new;
    match name {
        "ball2" => Ball::new(Vector2::zeros(), 0.75)
            .unwrap()
            .mass_properties(density),
        "cuboid2" => Cuboid::new(v(0.5, 1.25)).unwrap().mass_properties(density),
        "capsule2" => Capsule::new(v(0.5, -1.0), v(-0.25, 1.5), 0.625)
            .unwrap()
            .mass_properties(density),
        "hull2" => hull2(&POINTS_2D.map(Vector2::from), density),
        "triangle2" => Triangle::new(v(0.25, -0.5), v(1.5, 0.25), v(-0.5, 1.0))
            .unwrap()
            .mass_properties(density),
        _ => panic!("unknown 2D shape {name}"),
    }
}

#[test]
fn the_same_shapes_as_parry_within_1e_9() {
    // Budget: 1e-9 relative (see `super::error`); in 2D the polar moment
    // relative to itself.
    let mut seen = 0;
    let mut worst = 0.0_f64;
    for line in DATA.lines() {
        let mut words = line.split_whitespace();
        let name = words.next().unwrap();
        let x: Vec<f64> = words.map(|w| w.parse().unwrap()).collect();
        let (density, mass) = (x[0], x[1]);
        let e = if x.len() == 2 + 3 + 9 {
            let center = Vector3::new(x[2], x[3], x[4]);
            let inertia = Matrix3::from_row_slice(&x[5..14]);
            let want = MassProperties {
                mass,
                center,
                second_moment: second_from_inertia(&inertia),
            };
            let got = ours3(name, density);
            let e = error(&got, &want);
            // The tensor itself, entry by entry against its largest.
            e.max((got.inertia() - inertia).amax() / inertia.amax())
        } else {
            let center = Vector::<f64, 2>::new(x[2], x[3]);
            let got = ours2(name, density);
            let want_moment = if name == "capsule2" {
                let (length, r) = ((Vector2::new(-0.75, 2.5_f64)).norm(), 0.625);
                let disc = density * core::f64::consts::PI * r * r;
                x[4] + length * disc * r * (4.0 / (3.0 * core::f64::consts::PI) - 3.0 / 8.0)
            } else {
                x[4]
            };
            let ours = if name == "triangle2" {
                got.polar_moment_about(&Vector2::new(0.25, -0.5))
            } else {
                got.polar_moment()
            };
            let moment = (ours - want_moment).abs() / want_moment;
            let masses = (got.mass - mass).abs() / mass;
            let gyration = (x[4] / mass).sqrt();
            let centres = (got.center - center).amax() / center.amax().max(gyration);
            moment.max(masses).max(centres)
        };
        eprintln!("{name} density {density}: {e:.2e}");
        worst = worst.max(e);
        assert!(e < 1e-9, "{name} at density {density}: {e}");
        seen += 1;
    }
    eprintln!("worst against parry: {worst:.2e}");
    assert_eq!(seen, 22);
}

/// The polygon form agrees with the hull of the same points.
#[test]
fn the_polygon_of_the_hull_vertices_agrees() {
    // Budget: 1e-12 relative.
    let points = POINTS_2D.map(Vector2::from);
    let mut indices = vec![0; gjk::Hull::<f64, 2>::indices_needed(8)];
    let mut facets = vec![[0; 2]; gjk::Hull::<f64, 2>::facets_needed(8)];
    let hull = gjk::Hull::<f64, 2>::new(&points, &mut indices, &mut facets).unwrap();
    let ring: Vec<_> = hull
        .vertices()
        .iter()
        .map(|&i| points[i as usize])
        .collect();
    let polygon = Polygon::new(ring).unwrap();
    assert!(error(&polygon.mass_properties(1.0), &hull.mass_properties(1.0)) < 1e-12);
}
