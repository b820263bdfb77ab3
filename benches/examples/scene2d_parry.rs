//! The 2D scene of `examples/scene2d.rs` written with parry, for the
//! comparison of the two programs' length: the same 200 bodies (hexagons
//! at the same poses, and circles), the same sweep and prune on bounding
//! boxes and `contact` within 0.05.
//!
//! `cargo run --release --example scene2d_parry`

use parry2d_f64::bounding_volume::BoundingVolume;
use parry2d_f64::math::{Pose, Vector};
use parry2d_f64::query;
use parry2d_f64::shape::{Ball, ConvexPolygon, SharedShape};

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
    let hexagon: Vec<Vector> = (0..6)
        .map(|i| {
            let a = f64::from(i) * core::f64::consts::PI / 3.0;
            Vector::new(a.cos(), a.sin()) * 0.6
        })
        .collect();
    let hexagon = SharedShape::new(ConvexPolygon::from_convex_polyline(hexagon).ok_or("hexagon")?);

    // 200 bodies in a 40 × 40 field: hexagons at random poses, and circles.
    let mut bodies: Vec<(Pose, SharedShape)> = Vec::new();
    for i in 0..200 {
        let at = Vector::new(n.next() * 40.0, n.next() * 40.0);
        if i % 2 == 0 {
            bodies.push((Pose::new(at, n.next() * 6.0), hexagon.clone()));
        } else {
            let ball = SharedShape::new(Ball::new(0.3 + 0.4 * n.next()));
            bodies.push((Pose::new(at, 0.0), ball));
        }
    }

    // Broad phase: boxes sorted by their left edge, swept left to right.
    let boxes: Vec<_> = bodies.iter().map(|(p, s)| s.compute_aabb(p)).collect();
    let mut order: Vec<usize> = (0..bodies.len()).collect();
    order.sort_by(|&i, &j| boxes[i].mins.x.total_cmp(&boxes[j].mins.x));
    let mut candidates = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        for &j in &order[k + 1..] {
            if boxes[j].mins.x > boxes[i].maxs.x {
                break;
            }
            if boxes[i].intersects(&boxes[j]) {
                candidates.push((i, j));
            }
        }
    }

    // Narrow phase: contacts within 0.05, deepest first.
    let mut contacts = Vec::new();
    for &(i, j) in &candidates {
        let ((pi, si), (pj, sj)) = (&bodies[i], &bodies[j]);
        if let Some(c) = query::contact(pi, &**si, pj, &**sj, 0.05)? {
            contacts.push((i, j, c));
        }
    }
    contacts.sort_by(|a, b| a.2.dist.total_cmp(&b.2.dist));
    println!(
        "{} bodies, {} box pairs, {} contacts",
        bodies.len(),
        candidates.len(),
        contacts.len()
    );
    for (i, j, c) in contacts.iter().take(5) {
        println!(
            "  {i:3} – {j:3}: signed distance {:+.4}, normal ({:+.3}, {:+.3})",
            c.dist, c.normal1.x, c.normal1.y
        );
    }
    Ok(())
}
