//! gjk and parry on real convex meshes (robot links, a scanned bunny).
//!
//! Each mesh's raw vertices (see `meshes/README.md`) are centred and scaled
//! to unit extent, then made into shapes on both sides from the same
//! numbers:
//!
//! * `gjk`: our default hull (`gjk_benches::our_hull`: `Hull`, built from
//!   the raw vertices, placed by reference);
//! * `gjk-scan`: `Scanned` over the hull's vertices alone (a linear
//!   support scan);
//! * `parry`: `ConvexPolyhedron::from_convex_hull` of the raw vertices.
//!
//! A mesh is placed against a copy of itself on 64 seeded pose pairs
//! (separated, touching, overlapping) and the groups `mesh-<query>-<prec>`
//! time `intersects`, `distance` and `contact` (prediction 0.5) per set of
//! poses, as in `versus_parry.rs`. Before timing, the `f64` distances of
//! both our shapes are checked against parry's: within 1e-9 relative, or
//! else parry's is the one above the distance of our witness points with our
//! certified lower bound meeting it (counted as `parry_high` in the report).
//!
//! The group `mesh-build` times hull construction in `f64`: `Built`
//! into storage allocated once (`gjk`), `gjk_benches::hull_of` (allocation
//! and compaction of the output included, `gjk-alloc`), against parry's
//! `transformation::convex_hull`, on each mesh's raw points and on clouds of
//! 10³, 10⁴ and 10⁵ points on the unit sphere.
//!
//! Vertex counts, iterations and distance gaps go to `target/gjk-mesh.csv`,
//! the hull sizes of the build group to `target/gjk-mesh-build.csv`.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gjk::nalgebra::{Isometry3, Vector3};
use gjk::{
    contact, distance, hull::Built, hull::Scanned, intersects, Config, Real, SupportMap,
    Transformed,
};
use gjk_benches::{
    hull_of, mean, meshes, our_hull, pose_pairs, sphere_points, Mesh, Pose, PosePair, MAX_DIST,
};

/// The queries compared.
#[derive(Clone, Copy, Debug)]
enum Query {
    Intersects,
    Distance,
    Contact,
}

const QUERIES: [(Query, &str); 3] = [
    (Query::Intersects, "intersects"),
    (Query::Distance, "distance"),
    (Query::Contact, "contact"),
];

/// Sizes of the sphere clouds of the build group.
const SPHERE_CLOUDS: [usize; 3] = [1_000, 10_000, 100_000];

/// The largest relative gap allowed between the `f64` distances of gjk and
/// parry where both converged.
const AGREEMENT_F64: f64 = 1e-9;

/// The relative gap beyond which `f32` distances are reported as apart (not
/// asserted: parry's `f32` answers are looser than that).
const AGREEMENT_F32: f64 = 1e-5;

fn iso3<T: Real>(p: &Pose<3>) -> Isometry3<T> {
    p.isometry()
}

/// One query over all pose pairs on our side, folded into a number.
#[inline]
fn run_ours<T: Real, S: SupportMap<T, 3> + Copy>(
    query: Query,
    shape: S,
    poses: &[(Isometry3<T>, Isometry3<T>)],
) -> T {
    let config = Config::default();
    let max_dist = T::lit(MAX_DIST);
    let mut acc = T::zero();
    for (pa, pb) in poses {
        let a = Transformed::from_isometry3(&shape, pa);
        let b = Transformed::from_isometry3(&shape, pb);
        acc += match query {
            Query::Intersects => match intersects(&a, &b, &config) {
                Ok(true) => T::one(),
                _ => T::zero(),
            },
            Query::Distance => distance(&a, &b, &config).map_or(T::zero(), |d| d.distance),
            Query::Contact => match contact(&a, &b, max_dist, &config) {
                Ok(Some(c)) => c.distance + c.normal[0],
                _ => T::zero(),
            },
        };
    }
    acc
}

/// A converged distance of ours and its certified lower bound.
#[derive(Clone, Copy, Debug)]
struct Bracket {
    /// The distance between our witness points, so an upper bound.
    distance: f64,
    lower: f64,
}

/// Our distances where converged (`None` otherwise), and the mean GJK
/// iterations of `distance` and `contact`.
fn our_stats<T: Real, S: SupportMap<T, 3> + Copy>(
    shape: S,
    poses: &[(Isometry3<T>, Isometry3<T>)],
) -> (Vec<Option<Bracket>>, f64, f64) {
    let config = Config::default();
    let mut distances = Vec::new();
    let (mut gjk_iters, mut contact_iters) = (Vec::new(), Vec::new());
    for (pa, pb) in poses {
        let a = Transformed::from_isometry3(&shape, pa);
        let b = Transformed::from_isometry3(&shape, pb);
        let d = distance(&a, &b, &config).ok();
        if let Some(d) = &d {
            gjk_iters.push(d.iterations);
        }
        distances.push(
            d.filter(|d| d.status == gjk::Status::Converged)
                .map(|d| Bracket {
                    distance: to_f64(d.distance),
                    lower: to_f64(d.lower),
                }),
        );
        if let Ok(Some(c)) = contact(&a, &b, T::lit(MAX_DIST), &config) {
            contact_iters.push(c.iterations);
        }
    }
    (distances, mean(gjk_iters), mean(contact_iters))
}

fn to_f64<T: Real>(x: T) -> f64 {
    format!("{x}").parse().unwrap_or(f64::NAN)
}

/// How our distances compare with parry's, over the poses where both are
/// known.
#[derive(Clone, Copy, Debug, Default)]
struct Agreement {
    /// Poses where both converged.
    both: usize,
    /// The largest gap.
    max_gap: f64,
    /// Poses beyond the tolerance where parry answered more than our
    /// certified interval allows: above the distance between our witness
    /// points (true points of the two shapes), while our lower bound meets
    /// that distance. parry's answer is then too large; these poses are left
    /// out of `max_relative`.
    parry_high: usize,
    /// The largest gap of the other poses, relative to the larger distance
    /// (the shapes have unit extent, so below 1 it is measured against 1).
    max_relative: f64,
}

fn agreement(ours: &[Option<Bracket>], theirs: &[Option<f64>], tolerance: f64) -> Agreement {
    let mut out = Agreement::default();
    for (a, b) in ours.iter().zip(theirs) {
        let (Some(a), Some(b)) = (a, b) else {
            continue;
        };
        out.both += 1;
        let gap = (a.distance - b).abs();
        out.max_gap = out.max_gap.max(gap);
        let relative = gap / a.distance.max(*b).max(1.0);
        let certified = a.distance - a.lower <= 0.1 * tolerance * a.distance.max(1.0);
        if relative > tolerance && *b > a.distance && certified {
            out.parry_high += 1;
        } else {
            out.max_relative = out.max_relative.max(relative);
        }
    }
    out
}

/// parry's side for one `parry3d*` crate and scalar type.
macro_rules! parry3 {
    ($m:ident, $parry:ident, $T:ty) => {
        mod $m {
            use super::*;
            use $parry::math::{Pose as PPose, Rotation, Vector};
            use $parry::query;
            use $parry::shape::ConvexPolyhedron;

            pub type Poses = Vec<(PPose, PPose)>;

            pub fn poses(pairs: &[PosePair<3>]) -> Poses {
                pairs.iter().map(|p| (pose(&p.a), pose(&p.b))).collect()
            }

            fn pose(p: &Pose<3>) -> PPose {
                let [x, y, z, w] = p.quaternion();
                let t = p.translation;
                let r = Rotation::from_xyzw(x as $T, y as $T, z as $T, w as $T).normalize();
                PPose::from_parts(Vector::new(t.x as $T, t.y as $T, t.z as $T), r)
            }

            fn vectors(points: &[Vector3<f64>]) -> Vec<Vector> {
                points
                    .iter()
                    .map(|p| Vector::new(p.x as $T, p.y as $T, p.z as $T))
                    .collect()
            }

            /// parry's hull shape of the points.
            pub fn polyhedron(points: &[Vector3<f64>]) -> ConvexPolyhedron {
                ConvexPolyhedron::from_convex_hull(&vectors(points))
                    .expect("parry builds the hull of a real mesh")
            }

            #[inline]
            pub fn run(query: Query, s: &ConvexPolyhedron, poses: &Poses) -> $T {
                let max_dist = MAX_DIST as $T;
                let mut acc: $T = 0.0;
                for (p1, p2) in poses {
                    acc += match query {
                        Query::Intersects => match query::intersection_test(p1, s, p2, s) {
                            Ok(r) if r.intersecting => 1.0,
                            _ => 0.0,
                        },
                        Query::Distance => {
                            query::distance(p1, s, p2, s).map_or(0.0, |d| d.distance)
                        }
                        Query::Contact => match query::contact(p1, s, p2, s, max_dist) {
                            Ok(Some(c)) => c.dist + c.normal1.x,
                            _ => 0.0,
                        },
                    };
                }
                acc
            }

            pub fn distances(s: &ConvexPolyhedron, poses: &Poses) -> Vec<Option<f64>> {
                poses
                    .iter()
                    .map(|(p1, p2)| {
                        query::distance(p1, s, p2, s)
                            .ok()
                            .map(|d| d.distance as f64)
                    })
                    .collect()
            }
        }
    };
}

parry3!(parry_f32, parry3d, f32);
parry3!(parry_f64, parry3d_f64, f64);

/// Generates the query groups for one precision.
macro_rules! queries {
    ($fn:ident, $T:ty, $parry:ident, $label:expr, $tolerance:expr, $check:expr) => {
        fn $fn(c: &mut Criterion, sets: &[(Mesh, Vec<PosePair<3>>)], report: &mut String) {
            let label = $label;
            struct Prepared {
                name: &'static str,
                climb: gjk_benches::OurHull<$T>,
                scan: &'static [Vector3<$T>],
                parry: $parry::Poses,
                shape: parry_shape::$parry::Shape,
                ours: Vec<(Isometry3<$T>, Isometry3<$T>)>,
            }
            let prepared: Vec<Prepared> = sets
                .iter()
                .map(|(mesh, pairs)| {
                    let points: Vec<Vector3<$T>> = mesh.points.iter().map(|p| p.cast()).collect();
                    let climb = our_hull(&points).expect("our hull of a real mesh");
                    let (scan, _) = hull_of(&points).expect("our hull of a real mesh");
                    let scan: &'static [Vector3<$T>] = scan.leak();
                    let shape = $parry::polyhedron(&mesh.points);
                    let ours: Vec<_> = pairs.iter().map(|p| (iso3(&p.a), iso3(&p.b))).collect();
                    let theirs = $parry::poses(pairs);
                    let (d_climb, it_climb, it_contact) = our_stats(climb, &ours);
                    let (d_scan, _, _) = our_stats(Scanned::new(scan).unwrap(), &ours);
                    let d_parry = $parry::distances(&shape, &theirs);
                    let climb_vs = agreement(&d_climb, &d_parry, $tolerance);
                    let scan_vs = agreement(&d_scan, &d_parry, $tolerance);
                    let _ = writeln!(
                        report,
                        "{label},{},{},{},{},{},{:.2},{:.2},{:.3e},{:.3e},{}",
                        mesh.name,
                        mesh.points.len(),
                        scan.len(),
                        shape.points().len(),
                        climb_vs.both,
                        it_climb,
                        it_contact,
                        climb_vs.max_gap,
                        scan_vs.max_gap,
                        climb_vs.parry_high,
                    );
                    if $check {
                        assert!(
                            climb_vs.max_relative <= $tolerance
                                && scan_vs.max_relative <= $tolerance,
                            "{}: gjk and parry distances differ by {:.3e} (climbing) and \
                             {:.3e} (scan), relative",
                            mesh.name,
                            climb_vs.max_relative,
                            scan_vs.max_relative,
                        );
                    }
                    Prepared {
                        name: mesh.name,
                        climb,
                        scan,
                        parry: theirs,
                        shape,
                        ours,
                    }
                })
                .collect();
            for (query, qname) in QUERIES {
                let mut group = c.benchmark_group(format!("mesh-{qname}-{label}"));
                for p in &prepared {
                    group.bench_with_input(BenchmarkId::new("gjk", p.name), p, |bench, p| {
                        bench.iter(|| run_ours(query, p.climb, black_box(&p.ours)))
                    });
                    group.bench_with_input(BenchmarkId::new("gjk-scan", p.name), p, |bench, p| {
                        let scan = Scanned::new(p.scan).unwrap();
                        bench.iter(|| run_ours(query, scan, black_box(&p.ours)))
                    });
                    group.bench_with_input(BenchmarkId::new("parry", p.name), p, |bench, p| {
                        bench.iter(|| $parry::run(query, &p.shape, black_box(&p.parry)))
                    });
                }
                group.finish();
            }
        }
    };
}

/// parry's hull shape type per crate.
mod parry_shape {
    pub mod parry_f32 {
        pub type Shape = parry3d::shape::ConvexPolyhedron;
    }
    pub mod parry_f64 {
        pub type Shape = parry3d_f64::shape::ConvexPolyhedron;
    }
}

queries!(queries_f32, f32, parry_f32, "f32", AGREEMENT_F32, false);
queries!(queries_f64, f64, parry_f64, "f64", AGREEMENT_F64, true);

/// Hull construction, `f64`: every mesh's raw points and the sphere clouds.
fn build(c: &mut Criterion, meshes: &[Mesh], report: &mut String) {
    let mut clouds: Vec<(String, Vec<Vector3<f64>>)> = meshes
        .iter()
        .map(|m| (m.name.to_string(), m.points.clone()))
        .collect();
    for n in SPHERE_CLOUDS {
        clouds.push((format!("sphere{n}"), sphere_points::<3>(n, 17 * n as u64)));
    }
    let mut group = c.benchmark_group("mesh-build");
    group.sample_size(10);
    for (name, points) in &clouds {
        let (ours, triangles) = hull_of(points).expect("our hull of the cloud");
        let parry_points: Vec<parry3d_f64::math::Vector> = points
            .iter()
            .map(|p| parry3d_f64::math::Vector::new(p.x, p.y, p.z))
            .collect();
        let (theirs, their_triangles) = parry3d_f64::transformation::convex_hull(&parry_points);
        let _ = writeln!(
            report,
            "{name},{},{},{},{},{}",
            points.len(),
            ours.len(),
            theirs.len(),
            triangles.len(),
            their_triangles.len(),
        );
        let n = points.len();
        let mut vertices = vec![0; Built::<3>::vertices_needed(n)];
        let mut facets = vec![[0; 3]; Built::<3>::facets_needed(n)];
        let mut work = vec![0; Built::<3>::work_needed(n)];
        group.bench_with_input(BenchmarkId::new("gjk", name), points, |bench, points| {
            bench.iter(|| {
                Built::<3>::build(black_box(points), &mut vertices, &mut facets, &mut work)
                    .map_or(0, |h| h.facets().len())
            })
        });
        group.bench_with_input(
            BenchmarkId::new("gjk-alloc", name),
            points,
            |bench, points| bench.iter(|| hull_of(black_box(points)).map_or(0, |(v, _)| v.len())),
        );
        group.bench_with_input(
            BenchmarkId::new("parry", name),
            &parry_points,
            |bench, p| {
                bench.iter(|| {
                    parry3d_f64::transformation::convex_hull(black_box(p))
                        .0
                        .len()
                })
            },
        );
    }
    group.finish();
}

fn all(c: &mut Criterion) {
    let meshes = meshes();
    let sets: Vec<(Mesh, Vec<PosePair<3>>)> = meshes
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let hull = our_hull(&m.points).expect("our hull of a real mesh");
            let pairs = pose_pairs(&hull, &hull, 5000 + i as u64);
            (m.clone(), pairs)
        })
        .collect();
    let mut report = String::from(
        "precision,mesh,points,gjk_vertices,parry_vertices,both_converged,\
         gjk_distance_iters,gjk_contact_iters,max_gap_climb,max_gap_scan,parry_high\n",
    );
    queries_f32(c, &sets, &mut report);
    queries_f64(c, &sets, &mut report);
    gjk_benches::save_report("gjk-mesh.csv", &report);
    let mut report =
        String::from("cloud,points,gjk_vertices,parry_vertices,gjk_triangles,parry_triangles\n");
    build(c, &meshes, &mut report);
    gjk_benches::save_report("gjk-mesh-build.csv", &report);
}

criterion_group! {
    name = benches;
    config = gjk_benches::criterion_config();
    targets = all
}
criterion_main!(benches);
