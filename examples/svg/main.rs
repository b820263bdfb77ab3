//! Pictures of queries at work: writes an SVG per query kind, each showing
//! the shapes with the answer's witness points and normal, the Minkowski
//! difference of the cores with GJK's simplex at every iteration (and
//! EPA's polytope), and the bounds each iteration proved.
//!
//! ```text
//! cargo run --example svg -- docs/pictures
//! ```
//!
//! writes `intersects.svg`, `distance.svg`, `penetration.svg` and
//! `distance3d.svg` (two 3D hulls projected onto a plane) into the
//! directory given (default: the current one).

mod picture;
mod scenes;

use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    std::fs::create_dir_all(&dir).expect("an output directory");
    for (name, svg) in scenes::all() {
        let path = dir.join(format!("{name}.svg"));
        std::fs::write(&path, svg).expect("a writable file");
        println!("wrote {}", path.display());
    }
}
