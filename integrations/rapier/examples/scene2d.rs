//! The 2D scenes, each run with parry's dispatcher and with gjk's: a
//! pyramid of boxes, and convex polygons dropped on a floor. Prints rest
//! heights, penetration and the time of a frame and of its narrow phase,
//! with rapier's contact recycling on (its default) and off.
//!
//! `cargo run --release --example scene2d -- [frames]` (default 300).

use gjk_rapier::dim2::{scene, world::run_both};
use gjk_rapier::summary::comparison;

fn main() {
    let frames = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    for recycling in [true, false] {
        println!("== {frames} frames, contact recycling {recycling}");
        let (parry, gjk) = run_both(|gjk| scene::pyramid(gjk, 20), frames, recycling);
        print!("{}", comparison("pyramid of boxes, 20 rows", &parry, &gjk));
        let (parry, gjk) = run_both(|gjk| scene::polygons(gjk, 60), frames, recycling);
        print!(
            "{}",
            comparison("60 polygons dropped on a floor", &parry, &gjk)
        );
    }
}
