//! Throughput of the batch queries (`gjk::batch`) beside this crate's
//! scalar queries and parry's per-pair queries, on the same 10⁴ pose pairs
//! per kind (a third separated, a third within 1e-5 of touching, a third
//! overlapping; `pose_pairs`), placements built before timing on every
//! side.
//!
//! Rows per precision, query and kind: `parry` (its `intersection_test`,
//! `distance` and `contact` per pair, shapes as `&dyn Shape`), `gjk` (the
//! scalar query per pair), `batch` (the batch query into caller storage)
//! and, for `distance`, `supports`: the support calls alone that the batch
//! made (each pair's first support point, then, per batch of lanes, the
//! lane support maps as many times as the batch's longest-running lane
//! iterated), the bound any batch GJK pays; and `par`, the batch split over
//! the machine's threads (feature `rayon`). Times per pair go to
//! `target/gjk-batch.csv`, and the table with the ratios is printed at the
//! end.
//!
//! The same `RUSTFLAGS` for both libraries (the whole bench is one build);
//! the default target has SSE2, where `f32x8` runs as two `f32x4`.

use std::cell::Cell;
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gjk::batch::{self, LaneReal, LaneShape, Lanes, Wide};
use gjk::nalgebra::Vector3;
use gjk::{contact, distance, intersects, Ball, Capsule, Config, Cuboid, Error, Real, SupportMap};
use gjk::{Transformed, Vector};
use gjk_benches::peers::{per_query, timed};
use gjk_benches::{
    our_hull, pose_pairs, sphere_points, PosePair, BALL_B, BOX_A, BOX_B, CAPSULE_HALF_HEIGHT,
    CAPSULE_RADIUS, MAX_DIST,
};

/// Pairs per kind.
const PAIRS: usize = 10_000;

/// `PAIRS` seeded pose pairs for `a` and `b` (`pose_pairs` in rounds).
fn many_poses<A, B>(a: &A, b: &B) -> Vec<PosePair<3>>
where
    A: SupportMap<f64, 3> + Copy,
    B: SupportMap<f64, 3> + Copy,
{
    (0..)
        .flat_map(|seed| pose_pairs(a, b, 1000 + seed))
        .take(PAIRS)
        .collect()
}

/// Each pair placed, in `T`.
fn placed<T: Real, A: Copy, B: Copy>(
    a: A,
    b: B,
    poses: &[PosePair<3>],
) -> Vec<(Transformed<A, T, 3>, Transformed<B, T, 3>)> {
    poses
        .iter()
        .map(|p| {
            (
                Transformed::from_isometry3(a, &p.a.isometry::<T>()),
                Transformed::from_isometry3(b, &p.b.isometry::<T>()),
            )
        })
        .collect()
}

/// The support calls alone of a batch `distance` that took `iterations`
/// per pair: each pair's first support point, then per batch of lanes the
/// lane maps as often as its longest lane iterated.
fn supports_only<A, B, T>(pairs: &[(A, B)], iterations: &[u32]) -> T
where
    A: LaneShape<T, 3>,
    B: LaneShape<T, 3>,
    T: LaneReal,
{
    let width = T::Lanes::WIDTH;
    let mut acc = Vector::<T, 3>::zeros();
    for (chunk, its) in pairs.chunks(width).zip(iterations.chunks(width)) {
        for (a, b) in chunk {
            let d = b.center() - a.center();
            acc += a.core_support(&d) - b.core_support(&-d);
        }
        let pa = A::pack::<T::Lanes>(|l| &chunk[l % chunk.len()].0);
        let pb = B::pack::<T::Lanes>(|l| &chunk[l % chunk.len()].1);
        let mut d =
            Wide::<T::Lanes, 3>::splat(&Vector::<T, 3>::new(T::one(), T::zero(), T::zero()));
        for _ in 0..its.iter().copied().max().unwrap_or(0) {
            let w = A::lane_support(&pa, &-d) - B::lane_support(&pb, &d);
            d = w;
        }
        acc += d.lane(0);
    }
    acc.x
}

/// The kinds of pairs, as `(name, A, B)` for the two precisions' macro.
macro_rules! kinds {
    ($T:ty, $hull_a:expr, $hull_b:expr, $each:ident) => {{
        let boxes = (
            Cuboid::new(Vector3::from(BOX_A).map(|x| x as $T)).unwrap(),
            Cuboid::new(Vector3::from(BOX_B).map(|x| x as $T)).unwrap(),
        );
        let ball = Ball::new(Vector3::<$T>::zeros(), BALL_B as $T).unwrap();
        let h = CAPSULE_HALF_HEIGHT as $T;
        let capsule = Capsule::new(
            Vector3::new(0.0, -h, 0.0),
            Vector3::new(0.0, h, 0.0),
            CAPSULE_RADIUS as $T,
        )
        .unwrap();
        $each!("box-box", boxes.0, boxes.1, 0);
        $each!("ball-box", ball, boxes.0, 1);
        $each!("capsule-box", capsule, boxes.0, 2);
        $each!("hull8-hull8", $hull_a, $hull_b, 3);
    }};
}

/// The f64 shape of a kind, for the pose pairs (found in `f64`).
fn f64_pairs(kind: usize) -> Vec<PosePair<3>> {
    let boxes = (
        Cuboid::new(Vector3::from(BOX_A)).unwrap(),
        Cuboid::new(Vector3::from(BOX_B)).unwrap(),
    );
    let ball = Ball::new(Vector3::zeros(), BALL_B).unwrap();
    let h = CAPSULE_HALF_HEIGHT;
    let capsule = Capsule::new(
        Vector3::new(0.0, -h, 0.0),
        Vector3::new(0.0, h, 0.0),
        CAPSULE_RADIUS,
    )
    .unwrap();
    match kind {
        0 => many_poses(&boxes.0, &boxes.1),
        1 => many_poses(&ball, &boxes.0),
        2 => many_poses(&capsule, &boxes.0),
        _ => {
            let a = our_hull(&sphere_points::<3>(8, 56)).unwrap();
            let b = our_hull(&sphere_points::<3>(8, 57)).unwrap();
            many_poses(&a, &b)
        }
    }
}

/// One precision's rows.
macro_rules! bench_precision {
    ($fn:ident, $T:ty, $parry:ident, $label:expr) => {
        fn $fn(c: &mut Criterion, report: &mut String) {
            use $parry::math::{Pose as PPose, Rotation, Vector as PVector};
            use $parry::query;
            use $parry::shape::{
                Ball as PBall, Capsule as PCapsule, ConvexPolyhedron, Cuboid as PCuboid, Shape,
            };
            let label = $label;
            let config = Config::<$T, 3>::default();
            let to_parry = |p: &gjk_benches::Pose<3>| {
                let [x, y, z, w] = p.quaternion();
                let t = p.translation;
                let r = Rotation::from_xyzw(x as $T, y as $T, z as $T, w as $T).normalize();
                PPose::from_parts(PVector::new(t.x as $T, t.y as $T, t.z as $T), r)
            };
            let hull_points = |seed| -> Vec<Vector3<$T>> {
                sphere_points::<3>(8, seed)
                    .iter()
                    .map(|p| p.map(|x| x as $T))
                    .collect()
            };
            let (ha, hb) = (hull_points(56), hull_points(57));
            let hull_a = our_hull(&ha).unwrap();
            let hull_b = our_hull(&hb).unwrap();
            let parry_hull = |points: &[Vector3<$T>]| -> Box<dyn Shape> {
                let p: Vec<PVector> = points.iter().map(|v| PVector::new(v.x, v.y, v.z)).collect();
                Box::new(ConvexPolyhedron::from_convex_hull(&p).unwrap())
            };
            let parry_shapes = |kind: usize| -> (Box<dyn Shape>, Box<dyn Shape>) {
                let cube = |h: [f64; 3]| {
                    Box::new(PCuboid::new(PVector::new(
                        h[0] as $T, h[1] as $T, h[2] as $T,
                    )))
                };
                match kind {
                    0 => (cube(BOX_A), cube(BOX_B)),
                    1 => (Box::new(PBall::new(BALL_B as $T)), cube(BOX_A)),
                    2 => (
                        Box::new(PCapsule::new_y(
                            CAPSULE_HALF_HEIGHT as $T,
                            CAPSULE_RADIUS as $T,
                        )),
                        cube(BOX_A),
                    ),
                    _ => (parry_hull(&ha), parry_hull(&hb)),
                }
            };
            macro_rules! each {
                ($name:expr, $a:expr, $b:expr, $kind:expr) => {{
                    let poses = f64_pairs($kind);
                    let ours = placed::<$T, _, _>($a, $b, &poses);
                    let theirs: Vec<(PPose, PPose)> = poses
                        .iter()
                        .map(|p| (to_parry(&p.a), to_parry(&p.b)))
                        .collect();
                    let (s1, s2) = parry_shapes($kind);
                    let mut d = vec![Err(Error::InvalidConfig); PAIRS];
                    batch::distance(&ours, &config, &mut d);
                    let iterations: Vec<u32> = d
                        .iter()
                        .map(|x| x.as_ref().map_or(0, |x| x.iterations))
                        .collect();
                    let mut b = vec![Err(Error::InvalidConfig); PAIRS];
                    let mut c_out = vec![Err(Error::InvalidConfig); PAIRS];
                    let sep = MAX_DIST as $T;
                    for query in ["intersects", "distance", "contact"] {
                        let mut group = c.benchmark_group(format!("batch-{query}-{label}"));
                        group.throughput(Throughput::Elements(PAIRS as u64));
                        let tallies: [Cell<(Duration, u64)>; 5] = Default::default();
                        group.bench_function(BenchmarkId::new("parry", $name), |bench| {
                            timed(bench, &tallies[0], || {
                                let mut acc: $T = 0.0;
                                for (p1, p2) in black_box(&theirs) {
                                    acc += match query {
                                        "intersects" => match query::intersection_test(
                                            p1,
                                            s1.as_ref(),
                                            p2,
                                            s2.as_ref(),
                                        ) {
                                            Ok(r) if r.intersecting => 1.0,
                                            _ => 0.0,
                                        },
                                        "distance" => {
                                            query::distance(p1, s1.as_ref(), p2, s2.as_ref())
                                                .map_or(0.0, |d| d.distance)
                                        }
                                        _ => match query::contact(
                                            p1,
                                            s1.as_ref(),
                                            p2,
                                            s2.as_ref(),
                                            sep,
                                        ) {
                                            Ok(Some(c)) => c.dist,
                                            _ => 0.0,
                                        },
                                    };
                                }
                                acc
                            })
                        });
                        group.bench_function(BenchmarkId::new("gjk", $name), |bench| {
                            timed(bench, &tallies[1], || {
                                let mut acc: $T = 0.0;
                                for (a, b) in black_box(&ours) {
                                    acc += match query {
                                        "intersects" => {
                                            intersects(a, b, &config).map_or(0.0, |x| x as u8 as $T)
                                        }
                                        "distance" => {
                                            distance(a, b, &config).map_or(0.0, |d| d.distance)
                                        }
                                        _ => contact(a, b, sep, &config)
                                            .ok()
                                            .flatten()
                                            .map_or(0.0, |c| c.distance),
                                    };
                                }
                                acc
                            })
                        });
                        group.bench_function(BenchmarkId::new("batch", $name), |bench| {
                            timed(bench, &tallies[2], || match query {
                                "intersects" => {
                                    batch::intersects(black_box(&ours), &config, &mut b)
                                }
                                "distance" => batch::distance(black_box(&ours), &config, &mut d),
                                _ => batch::contact(black_box(&ours), sep, &config, &mut c_out),
                            })
                        });
                        if query == "distance" {
                            group.bench_function(BenchmarkId::new("supports", $name), |bench| {
                                timed(bench, &tallies[3], || {
                                    supports_only(black_box(&ours), &iterations)
                                })
                            });
                            group.bench_function(BenchmarkId::new("par", $name), |bench| {
                                timed(bench, &tallies[4], || {
                                    batch::par_distance(black_box(&ours), &config, &mut d)
                                })
                            });
                        }
                        group.finish();
                        let ns = tallies.each_ref().map(|t| per_query(t, PAIRS));
                        let cell = |x: Option<f64>| x.map_or("".to_string(), |x| format!("{x:.1}"));
                        let _ = writeln!(
                            report,
                            "{label},{query},{},{},{},{},{},{}",
                            $name,
                            cell(ns[0]),
                            cell(ns[1]),
                            cell(ns[2]),
                            cell(ns[3]),
                            cell(ns[4]),
                        );
                    }
                }};
            }
            kinds!($T, hull_a, hull_b, each);
        }
    };
}

bench_precision!(bench_f32, f32, parry3d, "f32");
bench_precision!(bench_f64, f64, parry3d_f64, "f64");

fn benches(c: &mut Criterion) {
    let mut report =
        String::from("precision,query,kind,parry_ns,gjk_ns,batch_ns,supports_ns,par_ns\n");
    bench_f32(c, &mut report);
    bench_f64(c, &mut report);
    gjk_benches::save_report("gjk-batch.csv", &report);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("\n| precision | query | kind | parry ns | gjk ns | batch ns | parry/batch | gjk/batch | batch/supports | batch/par ({threads} threads) |");
    println!("|---|---|---|--:|--:|--:|--:|--:|--:|--:|");
    for line in report.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let x = |i: usize| f.get(i).and_then(|s| s.parse::<f64>().ok());
        let ratio = |p: Option<f64>, q: Option<f64>| match (p, q) {
            (Some(p), Some(q)) => format!("{:.2}", p / q),
            _ => "–".to_string(),
        };
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            f[0],
            f[1],
            f[2],
            f[3],
            f[4],
            f[5],
            ratio(x(3), x(5)),
            ratio(x(4), x(5)),
            ratio(x(5), x(6)),
            ratio(x(5), x(7)),
        );
    }
}

criterion_group! {
    name = batch_benches;
    config = gjk_benches::criterion_config();
    targets = benches
}
criterion_main!(batch_benches);
