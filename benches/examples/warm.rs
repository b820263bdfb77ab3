//! The warm-start sequence of `benches/warm_start.rs` under callgrind, `f64`.
//!
//! ```sh
//! cargo build --release --example warm
//! valgrind --tool=callgrind target/release/examples/warm hull256 cache 20
//! ```
//!
//! Arguments: the shapes (`box`, `hull32`, `hull256`), the start (`cold`,
//! `direction`, `cache`) and the number of passes over the 256 frames of
//! [`warm_sequence`]. Running it with 0 passes measures the set-up alone, so
//! `(Ir(R) − Ir(0)) / (256 R)` is the instruction count of one frame. Each
//! pass starts with an empty cache (or the default direction).

use std::hint::black_box;

use gjk::nalgebra::{Rotation3, Vector3};
use gjk::{
    distance, distance_cached, hull::Scanned, Config, Cuboid, SimplexCache, SupportMap, Transformed,
};
use gjk_benches::{sphere_points, warm_sequence, BOX_A, BOX_B};

type Placed<S> = Transformed<S, f64, 3>;

fn place<S: Copy>(s: S, pose: &(Rotation3<f64>, Vector3<f64>)) -> Placed<S> {
    Transformed::new(s, *pose.0.matrix(), pose.1).unwrap()
}

/// One pass over the sequence; the sum of distances and iterations.
#[inline(never)]
fn pass<S: SupportMap<f64, 3> + Copy>(start: &str, a: &Placed<S>, bs: &[Placed<S>]) -> (f64, u32) {
    let mut config = Config::default().starting_along(None);
    let mut cache = SimplexCache::new();
    let (mut sum, mut iterations) = (0.0, 0);
    for b in bs {
        let answer = match start {
            "cache" => distance_cached(a, b, &config, &mut cache),
            _ => distance(a, b, &config),
        };
        if let Ok(d) = answer {
            if start == "direction" {
                config = config.starting_along(d.normal);
            }
            sum += d.distance;
            iterations += d.iterations;
        }
    }
    (sum, iterations)
}

fn run<S: SupportMap<f64, 3> + Copy>(start: &str, a: S, b: S, reps: usize) -> (f64, u32) {
    let pa = place(a, &(Rotation3::identity(), Vector3::zeros()));
    let bs: Vec<Placed<S>> = warm_sequence().iter().map(|p| place(b, p)).collect();
    (0..reps).fold((0.0, 0), |(s, n), _| {
        let (ds, dn) = pass(start, black_box(&pa), black_box(&bs));
        (s + ds, n + dn)
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let set = args.get(1).map_or("hull256", String::as_str);
    let start = args.get(2).map_or("cache", String::as_str);
    let reps: usize = args.get(3).and_then(|r| r.parse().ok()).unwrap_or(20);
    let (sum, iterations) = if let Some(n) = set.strip_prefix("hull") {
        let n: usize = n.parse().unwrap();
        // The bench's point sets.
        let (a, b) = (
            sphere_points::<3>(n, 700 + n as u64),
            sphere_points::<3>(n, 800 + n as u64),
        );
        let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
        run(start, ha, hb, reps)
    } else {
        let (ba, bb) = (
            Cuboid::new(Vector3::from(BOX_A)).unwrap(),
            Cuboid::new(Vector3::from(BOX_B)).unwrap(),
        );
        run(start, ba, bb, reps)
    };
    println!("{set} {start} x{reps}: distances {sum}, iterations {iterations}");
}
