//! The 3D scenes, each run with parry's dispatcher and with gjk's: a
//! pyramid of boxes, and convex hulls dropped on a floor. Prints rest
//! heights, penetration and the time of a frame and of its narrow phase,
//! with rapier's contact recycling on (its default) and off (every pair in
//! contact asks the dispatcher every frame).
//!
//! `cargo run --release --example scene3d -- [frames]` (default 300).

use gjk_rapier::dim3::{scene, world::run_both};
use gjk_rapier::summary::comparison;

fn main() {
    let frames = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    for recycling in [true, false] {
        println!("== {frames} frames, contact recycling {recycling}");
        let (parry, gjk) = run_both(|gjk| scene::pyramid(gjk, 6), frames, recycling);
        print!("{}", comparison("pyramid of boxes, 6 layers", &parry, &gjk));
        let (parry, gjk) = run_both(|gjk| scene::hulls(gjk, 100), frames, recycling);
        print!(
            "{}",
            comparison("100 hulls dropped on a floor", &parry, &gjk)
        );
    }
}
