//! Warm starts on a coherent motion sequence, gjk alone, `f64`, 3D.
//!
//! Body B orbits body A over 256 frames ([`warm_sequence`]), spinning and
//! swinging between overlap and 0.5 apart: the kind of motion a simulation
//! feeds the same pair every step. Each frame is queried three ways:
//!
//! - `cold`: [`distance`] with the default start (the centres' direction);
//! - `direction`: [`distance`] starting along the previous frame's normal
//!   ([`Config::starting_along`]);
//! - `cache`: [`distance_cached`] from the previous frame's simplex
//!   ([`SimplexCache`]).
//!
//! One timed pass runs the whole sequence in order (the warm variants carry
//! their state from frame to frame). The mean iterations per frame go to
//! `target/gjk-warm-iterations.csv`.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gjk::nalgebra::{Rotation3, SVector, Vector3};
use gjk::{
    distance, distance_cached, hull::Scanned, Config, Cuboid, SimplexCache, SupportMap, Transformed,
};
use gjk_benches::{sphere_points, warm_sequence, BOX_A, BOX_B, WARM_FRAMES};

type Placed<S> = Transformed<S, f64, 3>;

fn place<S: Copy>(s: S, pose: &(Rotation3<f64>, Vector3<f64>)) -> Placed<S> {
    Transformed::new(s, *pose.0.matrix(), pose.1).unwrap()
}

/// Cold, direction and cache runs of the whole sequence; each returns the
/// sum of distances (kept alive) and the iterations.
fn cold<S: SupportMap<f64, 3> + Copy>(a: &Placed<S>, bs: &[Placed<S>]) -> (f64, u32) {
    let config = Config::default();
    bs.iter()
        .fold((0.0, 0), |(s, n), b| match distance(a, b, &config) {
            Ok(d) => (s + d.distance, n + d.iterations),
            Err(_) => (s, n),
        })
}

fn direction<S: SupportMap<f64, 3> + Copy>(a: &Placed<S>, bs: &[Placed<S>]) -> (f64, u32) {
    let mut config = Config::default().starting_along(None);
    bs.iter()
        .fold((0.0, 0), |(s, n), b| match distance(a, b, &config) {
            Ok(d) => {
                config = config.starting_along(d.normal);
                (s + d.distance, n + d.iterations)
            }
            Err(_) => (s, n),
        })
}

fn cache<S: SupportMap<f64, 3> + Copy>(a: &Placed<S>, bs: &[Placed<S>]) -> (f64, u32) {
    let config = Config::default();
    let mut cache = SimplexCache::new();
    bs.iter().fold((0.0, 0), |(s, n), b| {
        match distance_cached(a, b, &config, &mut cache) {
            Ok(d) => (s + d.distance, n + d.iterations),
            Err(_) => (s, n),
        }
    })
}

fn rows<S: SupportMap<f64, 3> + Copy>(
    c: &mut Criterion,
    report: &mut String,
    name: &str,
    a: S,
    b: S,
) {
    let poses = warm_sequence();
    let pa = place(a, &(Rotation3::identity(), Vector3::zeros()));
    let bs: Vec<Placed<S>> = poses.iter().map(|p| place(b, p)).collect();
    let frames = WARM_FRAMES as f64;
    let per_frame = |(_, n): (f64, u32)| f64::from(n) / frames;
    let _ = writeln!(
        report,
        "{name},{:.2},{:.2},{:.2}",
        per_frame(cold(&pa, &bs)),
        per_frame(direction(&pa, &bs)),
        per_frame(cache(&pa, &bs))
    );
    let mut group = c.benchmark_group("warm-distance");
    group.bench_function(BenchmarkId::new("cold", name), |bench| {
        bench.iter(|| cold(black_box(&pa), black_box(&bs)))
    });
    group.bench_function(BenchmarkId::new("direction", name), |bench| {
        bench.iter(|| direction(black_box(&pa), black_box(&bs)))
    });
    group.bench_function(BenchmarkId::new("cache", name), |bench| {
        bench.iter(|| cache(black_box(&pa), black_box(&bs)))
    });
    group.finish();
}

fn all(c: &mut Criterion) {
    let mut report = String::from("set,cold_iters,direction_iters,cache_iters\n");
    let v = |x: [f64; 3]| SVector::<f64, 3>::from(x);
    let (ba, bb) = (
        Cuboid::new(v(BOX_A)).unwrap(),
        Cuboid::new(v(BOX_B)).unwrap(),
    );
    rows(c, &mut report, "box-box", ba, bb);
    for n in [32, 256] {
        let pa = sphere_points::<3>(n, 700 + n as u64);
        let pb = sphere_points::<3>(n, 800 + n as u64);
        let (ha, hb) = (Scanned::new(&pa).unwrap(), Scanned::new(&pb).unwrap());
        rows(c, &mut report, &format!("hull{n}-hull{n}"), ha, hb);
    }
    gjk_benches::save_report("gjk-warm-iterations.csv", &report);
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_millis(1500))
        .sample_size(20)
        .configure_from_args();
    targets = all
}
criterion_main!(benches);
