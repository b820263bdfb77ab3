//! The 3D scenes: a pyramid of boxes, and convex hulls dropped on a floor.
//! The floor's top is the plane `y = 0`.

use super::rapier::prelude::*;
use super::world::World;
use crate::rng::Lcg;

/// Half the side of a pyramid's box.
pub const HALF: f32 = 0.5;
/// The gap between neighbouring boxes of a layer.
pub const GAP: f32 = 0.05;

/// A world with gravity and the floor (a wide cuboid, top at `y = 0`).
fn floored(with_gjk: bool) -> World {
    let mut world = World::new(with_gjk, Vector::new(0.0, -9.81, 0.0));
    let floor = ColliderBuilder::cuboid(100.0, 1.0, 100.0).translation(Vector::new(0.0, -1.0, 0.0));
    world.add_fixed(floor);
    world
}

/// A pyramid of `layers` layers of boxes resting on the floor: layer `k`
/// (from the bottom) is a square of `(layers − k)²` boxes.
pub fn pyramid(with_gjk: bool, layers: usize) -> World {
    let mut world = floored(with_gjk);
    let pitch = 2.0 * HALF + GAP;
    for k in 0..layers {
        let n = layers - k;
        let offset = (n - 1) as f32 / 2.0;
        for (i, j) in (0..n).flat_map(|i| (0..n).map(move |j| (i, j))) {
            let x = (i as f32 - offset) * pitch;
            let z = (j as f32 - offset) * pitch;
            let y = HALF + k as f32 * 2.0 * HALF;
            let body = RigidBodyBuilder::dynamic().translation(Vector::new(x, y, z));
            world.add_dynamic(body, ColliderBuilder::cuboid(HALF, HALF, HALF));
        }
    }
    world
}

/// The points of a hull with a flat rectangular base (`y = −0.3`) and
/// `extra` random points above it: it lands on its base.
pub fn hull_points(rng: &mut Lcg, extra: usize) -> Vec<Vector> {
    let (a, b) = (rng.range(0.3, 0.5), rng.range(0.3, 0.5));
    let mut points: Vec<Vector> = [(-a, -b), (a, -b), (a, b), (-a, b)]
        .iter()
        .map(|&(x, z)| Vector::new(x, -0.3, z))
        .collect();
    for _ in 0..extra {
        let (x, z) = (rng.range(-a, a), rng.range(-b, b));
        points.push(Vector::new(x, rng.range(-0.2, 0.4), z));
    }
    points
}

/// `count` convex polyhedra (random tops on flat bases, a grid apart)
/// dropped from heights between 0.5 and 2 onto the floor.
pub fn hulls(with_gjk: bool, count: usize) -> World {
    let mut world = floored(with_gjk);
    let mut rng = Lcg::new(7);
    let side = (count as f32).sqrt().ceil() as usize;
    for i in 0..count {
        let Some(collider) = ColliderBuilder::convex_hull(&hull_points(&mut rng, 8)) else {
            continue;
        };
        let grid = |k: usize| (k as f32 - side as f32 / 2.0) * 1.5;
        let (x, z) = (grid(i % side), grid(i / side));
        let y = rng.range(0.8, 2.3);
        let body = RigidBodyBuilder::dynamic().translation(Vector::new(x, y, z));
        world.add_dynamic(body, collider);
    }
    world
}
