//! The 2D scenes: a pyramid of boxes, and convex polygons dropped on a
//! floor. The floor's top is the line `y = 0`.

use super::rapier::prelude::*;
use super::world::World;
use crate::rng::Lcg;

/// Half the side of a pyramid's box.
pub const HALF: f32 = 0.5;
/// The gap between neighbouring boxes of a row.
pub const GAP: f32 = 0.05;

/// A world with gravity and the floor (a wide cuboid, top at `y = 0`).
fn floored(with_gjk: bool) -> World {
    let mut world = World::new(with_gjk, Vector::new(0.0, -9.81));
    let floor = ColliderBuilder::cuboid(100.0, 1.0).translation(Vector::new(0.0, -1.0));
    world.add_fixed(floor);
    world
}

/// A pyramid of `rows` rows of boxes resting on the floor: row `k` (from
/// the bottom) has `rows − k` boxes.
pub fn pyramid(with_gjk: bool, rows: usize) -> World {
    let mut world = floored(with_gjk);
    let pitch = 2.0 * HALF + GAP;
    for k in 0..rows {
        let n = rows - k;
        let offset = (n - 1) as f32 / 2.0;
        for i in 0..n {
            let x = (i as f32 - offset) * pitch;
            let y = HALF + k as f32 * 2.0 * HALF;
            let body = RigidBodyBuilder::dynamic().translation(Vector::new(x, y));
            world.add_dynamic(body, ColliderBuilder::cuboid(HALF, HALF));
        }
    }
    world
}

/// The points of a polygon with a flat base (`y = −0.3`) and `extra`
/// random points above it: it lands on its base.
pub fn polygon_points(rng: &mut Lcg, extra: usize) -> Vec<Vector> {
    let a = rng.range(0.3, 0.5);
    let mut points = vec![Vector::new(-a, -0.3), Vector::new(a, -0.3)];
    for _ in 0..extra {
        points.push(Vector::new(rng.range(-a, a), rng.range(-0.2, 0.4)));
    }
    points
}

/// `count` convex polygons (random tops on flat bases, 1.5 apart)
/// dropped from heights between 0.5 and 2 onto the floor.
pub fn polygons(with_gjk: bool, count: usize) -> World {
    let mut world = floored(with_gjk);
    let mut rng = Lcg::new(7);
    for i in 0..count {
        let Some(collider) = ColliderBuilder::convex_hull(&polygon_points(&mut rng, 5)) else {
            continue;
        };
        let x = (i as f32 - count as f32 / 2.0) * 1.5;
        let y = rng.range(0.8, 2.3);
        let body = RigidBodyBuilder::dynamic().translation(Vector::new(x, y));
        world.add_dynamic(body, collider);
    }
    world
}
