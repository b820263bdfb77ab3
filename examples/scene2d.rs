//! A 2D scene of 200 polygons and circles: a sweep-and-prune broad phase on
//! `Aabb`, then `contact` on the pairs whose boxes meet, each body owning
//! its shape as a `Shape2` (the hexagons as `OwnedHull`s) and its pose.
//!
//! `cargo run --release --example scene2d`

use gjk::nalgebra::{Isometry2, Vector2};
use gjk::{contact, Aabb, Ball, Config, OwnedHull, Shape2, Transformed};

/// A small deterministic number stream, so the scene is the same each run.
struct Numbers(u64);

impl Numbers {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn main() -> Result<(), Box<dyn core::error::Error>> {
    let mut n = Numbers(7);
    // A regular hexagon, shared by every polygon body.
    let hexagon: Vec<Vector2<f64>> = (0..6)
        .map(|i| {
            let a = f64::from(i) * core::f64::consts::PI / 3.0;
            Vector2::new(a.cos(), a.sin()) * 0.6
        })
        .collect();
    let hexagon = OwnedHull::<f64, 2>::new(hexagon)?;

    // 200 bodies in a 40 × 40 field: hexagons at random poses, and circles
    // (centred on their body's origin, placed by its pose).
    let mut bodies: Vec<(Shape2<f64>, Isometry2<f64>)> = Vec::new();
    for i in 0..200 {
        let at = Vector2::new(n.next() * 40.0, n.next() * 40.0);
        if i % 2 == 0 {
            let pose = Isometry2::new(at, n.next() * 6.0);
            bodies.push((hexagon.clone().into(), pose));
        } else {
            let disc = Ball::new(Vector2::zeros(), 0.3 + 0.4 * n.next())?;
            bodies.push((disc.into(), Isometry2::new(at, 0.0)));
        }
    }
    let placed: Vec<_> = bodies
        .iter()
        .map(|(shape, pose)| Transformed::from_isometry2(shape, pose))
        .collect();

    // Broad phase: boxes sorted by their left edge, swept left to right.
    let boxes = placed.iter().map(Aabb::of).collect::<Result<Vec<_>, _>>()?;
    let mut order: Vec<usize> = (0..bodies.len()).collect();
    order.sort_by(|&i, &j| boxes[i].min.x.total_cmp(&boxes[j].min.x));
    let mut candidates = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        for &j in &order[k + 1..] {
            if boxes[j].min.x > boxes[i].max.x {
                break;
            }
            if boxes[i].intersects(&boxes[j]) {
                candidates.push((i, j));
            }
        }
    }

    // Narrow phase: contacts within 0.05, deepest first.
    let config = Config::default();
    let mut contacts = Vec::new();
    for &(i, j) in &candidates {
        if let Some(c) = contact(&placed[i], &placed[j], 0.05, &config)? {
            contacts.push((i, j, c));
        }
    }
    contacts.sort_by(|a, b| a.2.distance.total_cmp(&b.2.distance));
    println!(
        "{} bodies, {} box pairs, {} contacts",
        bodies.len(),
        candidates.len(),
        contacts.len()
    );
    for (i, j, c) in contacts.iter().take(5) {
        println!(
            "  {i:3} – {j:3}: signed distance {:+.4}, normal ({:+.3}, {:+.3}), {:?}",
            c.distance, c.normal.x, c.normal.y, c.status
        );
    }
    Ok(())
}
