//! What dimension costs: the same generic code on box–box and hull–hull (32
//! vertices on the unit sphere) in D = 2, 3, 4 and 6, `f64`, gjk alone.
//!
//! Poses are random rotations (Gram–Schmidt) and translations, seeded, a third
//! separated, a third nearly touching, a third overlapping; the placed shapes
//! are built before timing (`Transformed::new` checks orthogonality, O(D³)).

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gjk::nalgebra::SVector;
use gjk::{contact, distance, hull::Scanned, intersects, Config, Cuboid, SupportMap, Transformed};
use gjk_benches::{mean, pose_pairs, sphere_points, Lcg, PosePair, MAX_DIST};

/// Shapes A and B placed by each pose pair.
type Placed<S, const D: usize> = (Transformed<S, f64, D>, Transformed<S, f64, D>);

fn place<S: Copy, const D: usize>(a: S, b: S, pairs: &[PosePair<D>]) -> Vec<Placed<S, D>> {
    pairs
        .iter()
        .map(|p| {
            (
                Transformed::new(a, p.a.rotation, p.a.translation).unwrap(),
                Transformed::new(b, p.b.rotation, p.b.translation).unwrap(),
            )
        })
        .collect()
}

fn rows<S, const D: usize>(
    c: &mut Criterion,
    report: &mut String,
    name: &str,
    placed: &[Placed<S, D>],
) where
    S: SupportMap<f64, D> + Copy,
{
    let config = Config::default();
    let iterations = mean(
        placed
            .iter()
            .filter_map(|(a, b)| distance(a, b, &config).ok().map(|d| d.iterations)),
    );
    let contact_iterations = mean(placed.iter().filter_map(|(a, b)| {
        contact(a, b, MAX_DIST, &config)
            .ok()
            .flatten()
            .map(|c| c.iterations)
    }));
    let _ = writeln!(report, "{D},{name},{iterations:.2},{contact_iterations:.2}");
    let id = format!("{name}-D{D}");
    c.benchmark_group("dim-intersects")
        .bench_function(BenchmarkId::new("gjk", &id), |bench| {
            bench.iter(|| {
                black_box(placed)
                    .iter()
                    .filter(|(a, b)| intersects(a, b, &config) == Ok(true))
                    .count()
            })
        });
    c.benchmark_group("dim-distance")
        .bench_function(BenchmarkId::new("gjk", &id), |bench| {
            bench.iter(|| {
                black_box(placed)
                    .iter()
                    .map(|(a, b)| distance(a, b, &config).map_or(0.0, |d| d.distance))
                    .sum::<f64>()
            })
        });
    c.benchmark_group("dim-contact")
        .bench_function(BenchmarkId::new("gjk", &id), |bench| {
            bench.iter(|| {
                black_box(placed)
                    .iter()
                    .map(|(a, b)| match contact(a, b, MAX_DIST, &config) {
                        Ok(Some(c)) => c.distance,
                        _ => 0.0,
                    })
                    .sum::<f64>()
            })
        });
}

fn dimension<const D: usize>(c: &mut Criterion, report: &mut String) {
    let mut rng = Lcg::new(40 + D as u64);
    let boxes = [
        Cuboid::new(SVector::<f64, D>::from_fn(|_, _| rng.range(0.4, 1.0))).unwrap(),
        Cuboid::new(SVector::<f64, D>::from_fn(|_, _| rng.range(0.4, 1.0))).unwrap(),
    ];
    let pairs = pose_pairs(&boxes[0], &boxes[1], 3000 + D as u64);
    rows(c, report, "box-box", &place(boxes[0], boxes[1], &pairs));

    let pa = sphere_points::<D>(32, 500 + D as u64);
    let pb = sphere_points::<D>(32, 600 + D as u64);
    let (ha, hb) = (Scanned::new(&pa).unwrap(), Scanned::new(&pb).unwrap());
    let pairs = pose_pairs(&ha, &hb, 4000 + D as u64);
    rows(c, report, "hull32-hull32", &place(ha, hb, &pairs));
}

fn all(c: &mut Criterion) {
    let mut report = String::from("dimension,set,gjk_distance_iters,gjk_contact_iters\n");
    dimension::<2>(c, &mut report);
    dimension::<3>(c, &mut report);
    dimension::<4>(c, &mut report);
    dimension::<6>(c, &mut report);
    gjk_benches::save_report("gjk-dimension-iterations.csv", &report);
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
