//! One batch row for callgrind: `batch_profile <kind> <query> <passes>`
//! (`box`, `hull8`, `resting`: a box on a slab in turned, tilted poses;
//! `distance`, `intersects`, `scalar`, `contact`, `scalar-contact`, or
//! `scaling`: the
//! batch on one thread against `par_distance`, timed), `f32`, 10⁴ pose
//! pairs; with 0 passes the set-up alone runs, so
//! `(Ir(R) − Ir(0)) / (R · 10⁴)` is the instruction count per pair.

use std::hint::black_box;

use gjk::nalgebra::{Matrix3, Vector3};
use gjk::{batch, contact, distance, Config, Cuboid, Error, SupportMap, Transformed};
use gjk_benches::{
    box_low, our_hull, pose_pairs, sphere_points, turned_resting_poses, PosePair, BOX_A, BOX_B,
    RESTING, SLAB,
};

fn poses<A: SupportMap<f64, 3> + Copy, B: SupportMap<f64, 3> + Copy>(
    a: &A,
    b: &B,
) -> Vec<PosePair<3>> {
    (0..)
        .flat_map(|s| pose_pairs(a, b, 1000 + s))
        .take(10_000)
        .collect()
}

fn run<A: gjk::LaneShape<f32, 3> + Copy + Sync, B: gjk::LaneShape<f32, 3> + Copy + Sync>(
    a: A,
    b: B,
    poses: &[PosePair<3>],
    query: &str,
    passes: usize,
) {
    let pairs: Vec<_> = poses
        .iter()
        .map(|p| {
            (
                Transformed::from_isometry3(a, &p.a.isometry::<f32>()),
                Transformed::from_isometry3(b, &p.b.isometry::<f32>()),
            )
        })
        .collect();
    let config = Config::default();
    let mut d = vec![Err(Error::InvalidConfig); pairs.len()];
    let mut i = vec![Err(Error::InvalidConfig); pairs.len()];
    let mut c = vec![Err(Error::InvalidConfig); pairs.len()];
    for _ in 0..passes {
        match query {
            "distance" => batch::distance(black_box(&pairs), &config, &mut d),
            "intersects" => batch::intersects(black_box(&pairs), &config, &mut i),
            "contact" => batch::contact(black_box(&pairs), 0.1, &config, &mut c),
            "scalar-contact" => {
                for (k, (a, b)) in pairs.iter().enumerate() {
                    c[k] = contact(a, b, 0.1, &config);
                }
            }
            "scaling" => {
                // Best of 20 passes, one thread against rayon's pool.
                let time = |f: &mut dyn FnMut()| {
                    (0..20)
                        .map(|_| {
                            let t = std::time::Instant::now();
                            f();
                            t.elapsed().as_secs_f64()
                        })
                        .fold(f64::INFINITY, f64::min)
                };
                let one = time(&mut || batch::distance(black_box(&pairs), &config, &mut d));
                let many = time(&mut || batch::par_distance(black_box(&pairs), &config, &mut d));
                let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
                println!(
                    "batch {:.1} ns/pair, par {:.1} ns/pair on {threads} threads: {:.2}x",
                    one * 1e9 / pairs.len() as f64,
                    many * 1e9 / pairs.len() as f64,
                    one / many
                );
            }
            _ => {
                for (k, (a, b)) in pairs.iter().enumerate() {
                    d[k] = distance(a, b, &config);
                }
            }
        }
        black_box((&d, &i, &c));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let passes: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let query = args.get(2).map_or("distance", |s| s.as_str());
    match args.get(1).map_or("box", |s| s.as_str()) {
        "resting" => {
            // A box resting on a slab, the scene turned at random and the
            // box tilted by up to 1e-3 rad (`turned_resting_poses`).
            let p = turned_resting_poses(&Matrix3::identity(), &box_low, 10_000, 77);
            let c = |h: [f64; 3]| Cuboid::new(Vector3::from(h).map(|x| x as f32)).unwrap();
            run(c(SLAB), c(RESTING), &p, query, passes);
        }
        "hull8" => {
            let a64 = our_hull(&sphere_points::<3>(8, 56)).unwrap();
            let b64 = our_hull(&sphere_points::<3>(8, 57)).unwrap();
            let p = poses(&a64, &b64);
            let f = |s| {
                sphere_points::<3>(8, s)
                    .iter()
                    .map(|p| p.map(|x| x as f32))
                    .collect::<Vec<_>>()
            };
            run(
                our_hull(&f(56)).unwrap(),
                our_hull(&f(57)).unwrap(),
                &p,
                query,
                passes,
            );
        }
        _ => {
            let (a, b) = (
                Cuboid::new(Vector3::from(BOX_A)).unwrap(),
                Cuboid::new(Vector3::from(BOX_B)).unwrap(),
            );
            let p = poses(&a, &b);
            let c = |h: [f64; 3]| Cuboid::new(Vector3::from(h).map(|x| x as f32)).unwrap();
            run(c(BOX_A), c(BOX_B), &p, query, passes);
        }
    }
}
