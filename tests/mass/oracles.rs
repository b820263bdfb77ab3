//! Independent oracles: hulls of a box's corners are the box, hulls of
//! sampled circles and spheres approach the ball, a cube cut into
//! tetrahedra sums to the cube, moving the points moves the properties,
//! and parts sum to the whole.

use core::f64::consts::PI;

use gjk::{Ball, Cuboid, MassProperties, Solid, Transformed};
use nalgebra::{Vector2, Vector3};

use super::{error, hull2, hull3};
use crate::support::{rotation, Rng, Source};

/// Budget for exact decompositions: 1e-12 relative in `f64`.
const BUDGET: f64 = 1e-12;

#[test]
fn hulls_of_box_corners_are_boxes() {
    // Budget: BUDGET, in 2D and 3D, centred and moved far off.
    let half = Vector3::new(0.5, 1.25, 2.0);
    let corners: Vec<Vector3<f64>> = (0..8)
        .map(|i| half.component_mul(&Vector3::new(sign(i, 0), sign(i, 1), sign(i, 2))))
        .collect();
    let want = Cuboid::new(half).unwrap().mass_properties(1.5);
    let mut worst = error(&hull3(&corners, 1.5), &want);
    let far = Vector3::new(1e4, -3e3, 7e2);
    let moved: Vec<_> = corners.iter().map(|p| p + far).collect();
    let want_far = MassProperties {
        center: far,
        ..want
    };
    worst = worst.max(error(&hull3(&moved, 1.5), &want_far));
    let half2 = Vector2::new(0.75, 0.25);
    let corners2: Vec<Vector2<f64>> = (0..4)
        .map(|i| half2.component_mul(&Vector2::new(sign(i, 0), sign(i, 1))))
        .collect();
    worst = worst.max(error(
        &hull2(&corners2, 2.0),
        &Cuboid::new(half2).unwrap().mass_properties(2.0),
    ));
    // The same in f32: budget 1e-6 (a few dozen roundings of 6e-8).
    let corners32: Vec<Vector3<f32>> = corners.iter().map(|p| p.cast()).collect();
    let e32 = error(&hull3(&corners32, 1.5_f32), &want);
    assert!(e32 < 1e-6, "{e32}");
    eprintln!("hull of box corners: {worst:.2e} (f32 {e32:.2e})");
    assert!(worst < 1e-11, "{worst}"); // 1e-11 for the far-off box: its 1e4 offset costs 4 bits
}

fn sign(i: usize, bit: usize) -> f64 {
    if i >> bit & 1 == 1 {
        1.0
    } else {
        -1.0
    }
}

#[test]
fn a_cube_cut_into_six_tetrahedra_sums_to_the_cube() {
    // Budget: BUDGET. The six tetrahedra around the diagonal from (0,0,0)
    // to (1,1,1), each along one order of the axes.
    let v = |x: f64, y: f64, z: f64| Vector3::new(x, y, z);
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let parts: MassProperties<f64, 3> = orders
        .iter()
        .map(|order| {
            let mut p = Vector3::zeros();
            let mut points = vec![p];
            for &axis in order {
                p[axis] = 1.0;
                points.push(p);
            }
            hull3(&points, 1.0)
        })
        .sum();
    let cube =
        Transformed::translated(Cuboid::new(Vector3::repeat(0.5)).unwrap(), v(0.5, 0.5, 0.5))
            .unwrap();
    let e = error(&parts, &cube.mass_properties(1.0));
    eprintln!("cube as six tetrahedra: {e:.2e}");
    assert!(e < BUDGET, "{e}");
}

#[test]
fn hulls_of_sampled_circles_and_spheres_approach_the_ball() {
    // Budgets: a regular n-gon inscribed in the unit circle misses about
    // (2π/n)²/6 of the disc's area: 4e-7 for n = 4096, within 1e-6. The
    // sphere's Fibonacci samples: the error shrinks about as 1/n, 5e-2 at
    // n = 200 and 1e-2 at n = 1000 (measured 4.9e-2 and 9.7e-3), and falls
    // by at least 4 between them.
    let disc = Ball::new(Vector2::new(0.5, -0.25), 1.0)
        .unwrap()
        .mass_properties(1.0);
    let circle: Vec<Vector2<f64>> = (0..4096)
        .map(|k| {
            let t = 2.0 * PI * k as f64 / 4096.0;
            Vector2::new(0.5 + t.cos(), -0.25 + t.sin())
        })
        .collect();
    let e2 = error(&hull2(&circle, 1.0), &disc);
    let sphere = Ball::new(Vector3::zeros(), 1.0)
        .unwrap()
        .mass_properties(1.0);
    let fibonacci = |n: usize| -> Vec<Vector3<f64>> {
        let golden = PI * (3.0 - 5f64.sqrt());
        (0..n)
            .map(|k| {
                let y = 1.0 - 2.0 * (k as f64 + 0.5) / n as f64;
                let r = (1.0 - y * y).sqrt();
                let t = golden * k as f64;
                Vector3::new(r * t.cos(), y, r * t.sin())
            })
            .collect()
    };
    let (coarse, fine) = (
        error(&hull3(&fibonacci(200), 1.0), &sphere),
        error(&hull3(&fibonacci(1000), 1.0), &sphere),
    );
    eprintln!(
        "sampled circle (4096): {e2:.2e}; sampled sphere 200: {coarse:.2e}, 1000: {fine:.2e}"
    );
    assert!(e2 < 1e-6, "{e2}");
    assert!(
        coarse < 6e-2 && fine < 1.2e-2 && fine * 4.0 < coarse,
        "{coarse} {fine}"
    );
}

#[test]
fn moving_the_points_moves_the_properties() {
    // Budget: 1e-12 after a motion within 10 of the origin (the motion's
    // rounding of the points).
    let mut rng = Rng::new(11);
    for _ in 0..20 {
        let points: Vec<Vector3<f64>> = (0..30)
            .map(|_| {
                Vector3::new(
                    rng.range(-1.0, 2.0),
                    rng.range(-1.0, 1.0),
                    rng.range(-0.5, 0.5),
                )
            })
            .collect();
        let r = rotation::<3>(&mut rng);
        let t = Vector3::new(
            rng.range(-10.0, 10.0),
            rng.range(-10.0, 10.0),
            rng.range(-10.0, 10.0),
        );
        let moved: Vec<_> = points.iter().map(|p| r * p + t).collect();
        let want = hull3(&points, 2.0).transformed(&r, &t);
        let e = error(&hull3(&moved, 2.0), &want);
        assert!(e < 1e-12, "{e}");
        let flat: Vec<Vector2<f64>> = points.iter().map(|p| p.xy()).collect();
        let r2 = rotation::<2>(&mut rng);
        let moved2: Vec<_> = flat.iter().map(|p| r2 * p + t.xy()).collect();
        let e2 = error(
            &hull2(&moved2, 2.0),
            &hull2(&flat, 2.0).transformed(&r2, &t.xy()),
        );
        assert!(e2 < 1e-12, "{e2}");
    }
}

#[test]
fn two_half_boxes_sum_to_the_whole() {
    // Budget: BUDGET; with the half boxes as hulls too.
    let whole = Cuboid::new(Vector3::new(1.0, 0.5, 0.25))
        .unwrap()
        .mass_properties(3.0);
    let half = Cuboid::new(Vector3::new(0.5, 0.5, 0.25)).unwrap();
    let at = |x: f64| {
        Transformed::translated(half, Vector3::new(x, 0.0, 0.0))
            .unwrap()
            .mass_properties(3.0)
    };
    let e = error(&(at(-0.5) + at(0.5)), &whole);
    let corners = |x0: f64| -> Vec<Vector3<f64>> {
        (0..8)
            .map(|i| {
                Vector3::new(
                    x0 + if i & 1 == 1 { 1.0 } else { 0.0 },
                    0.5 * sign(i, 1),
                    0.25 * sign(i, 2),
                )
            })
            .collect()
    };
    let e = e.max(error(
        &(hull3(&corners(-1.0), 3.0) + hull3(&corners(0.0), 3.0)),
        &whole,
    ));
    eprintln!("two half boxes: {e:.2e}");
    assert!(e < BUDGET, "{e}");
}
