//! Contact manifolds: gjk's `contact_manifold` beside parry's
//! `contact_manifold_convex_convex` (its default dispatcher: SAT and
//! clipping for box pairs, GJK/EPA and clipping for the others), on the
//! same shapes and poses, `f32` and `f64`.
//!
//! Sets: a small box resting on a slab (face contact, 0.01 deep, half of
//! the poses tilted by up to 0.05 rad); the box, and a hull32 on one of its
//! facets, resting on the slab with the whole scene turned at random and
//! tilts of up to 1e-3 rad (`*-rest-turned`); and the seeded pose pairs of the
//! other benches (a third apart, a third touching, a third overlapping)
//! for box–box, hull32–hull32 (`Hull` against `ConvexPolyhedron`) and
//! capsule–box. Both sides take the same prediction distance and write into
//! one manifold kept across calls (ours `contact_manifold_into`, parry's
//! cleared before each call), so that neither side reuses the last frame's
//! answer.
//!
//! Untimed, the resting set compares the two answers in `f64`: how many
//! points each gives, and for each of ours the nearest of parry's (points on
//! A and on B, and the distance). Printed, and written to
//! `target/gjk-manifolds.csv`.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gjk::nalgebra::{Isometry3, Matrix3, UnitQuaternion, Vector3};
use gjk::{
    contact_manifold, contact_manifold_into, Capsule, Config, Cuboid, Faces, Manifold, Real,
    SupportMap, Transformed,
};
use gjk_benches::{
    box_low, facet_down, our_hull, pose_pairs, sphere_points, turned_resting_poses, Lcg, Pose,
    PosePair, BOX_A, BOX_B, CAPSULE_HALF_HEIGHT, CAPSULE_RADIUS, RESTING, SINK, SLAB,
};

/// How far apart shapes may be and still get points (both libraries).
const PREDICTION: f64 = 0.1;

/// Number of resting poses.
const RESTING_POSES: usize = 64;

/// Resting poses: the slab at the origin, the box on it with a random yaw
/// and place, every other one tilted by up to 0.05 rad about a horizontal
/// axis (its lowest corner then deeper than `SINK`).
fn resting_poses() -> Vec<PosePair<3>> {
    let mut rng = Lcg::new(99);
    (0..RESTING_POSES)
        .map(|i| {
            let yaw = rng.range(-3.1, 3.1);
            let tilt = if i % 2 == 0 {
                0.0
            } else {
                rng.range(-0.05, 0.05)
            };
            let axis = Vector3::new(rng.range(-1.0, 1.0), 0.0, rng.range(-1.0, 1.0));
            let axis = if axis.norm() > 0.0 {
                axis.normalize()
            } else {
                Vector3::x()
            };
            let rotation = (UnitQuaternion::from_scaled_axis(axis * tilt)
                * UnitQuaternion::from_scaled_axis(Vector3::y() * yaw))
            .to_rotation_matrix()
            .into_inner();
            let place = Vector3::new(
                rng.range(-1.0, 1.0),
                SLAB[1] + RESTING[1] - SINK,
                rng.range(-1.0, 1.0),
            );
            PosePair {
                a: Pose {
                    rotation: gjk::nalgebra::Matrix3::identity(),
                    translation: Vector3::zeros(),
                },
                b: Pose {
                    rotation,
                    translation: place,
                },
                kind: gjk_benches::Kind::Overlapping,
            }
        })
        .collect()
}

fn iso3<T: Real>(p: &Pose<3>) -> Isometry3<T> {
    p.isometry()
}

fn cuboid<T: Real>(h: [f64; 3]) -> Cuboid<T, 3> {
    Cuboid::new(Vector3::new(T::lit(h[0]), T::lit(h[1]), T::lit(h[2]))).expect("a box")
}

fn capsule<T: Real>() -> Capsule<T, 3> {
    let h = T::lit(CAPSULE_HALF_HEIGHT);
    Capsule::new(
        Vector3::new(T::zero(), -h, T::zero()),
        Vector3::new(T::zero(), h, T::zero()),
        T::lit(CAPSULE_RADIUS),
    )
    .expect("a capsule")
}

/// Our manifolds over a set of poses, folded into a number.
#[inline]
fn ours<T: Real, A, B>(a: A, b: B, poses: &[(Isometry3<T>, Isometry3<T>)]) -> T
where
    A: Faces<T, 3> + SupportMap<T, 3> + Copy,
    B: Faces<T, 3> + SupportMap<T, 3> + Copy,
{
    let config = Config::default();
    let mut m = Manifold::new();
    let mut acc = T::zero();
    for (pa, pb) in poses {
        let a = Transformed::from_isometry3(a, pa);
        let b = Transformed::from_isometry3(b, pb);
        if let Ok(true) = contact_manifold_into(&a, &b, T::lit(PREDICTION), &config, &mut m) {
            for p in m.points() {
                acc += p.distance;
            }
        }
    }
    acc
}

/// parry's side for one precision.
macro_rules! parry_side {
    ($m:ident, $parry:ident, $T:ty) => {
        mod $m {
            use super::*;
            use $parry::math::{Pose as PPose, Rotation, Vector};
            use $parry::query::{
                ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher,
            };
            use $parry::shape::{Capsule as PCapsule, ConvexPolyhedron, Cuboid as PCuboid, Shape};

            pub type Boxed = Box<dyn Shape>;

            pub fn pose(p: &Pose<3>) -> PPose {
                let [x, y, z, w] = p.quaternion();
                let t = p.translation;
                let r = Rotation::from_xyzw(x as $T, y as $T, z as $T, w as $T).normalize();
                PPose::from_parts(Vector::new(t.x as $T, t.y as $T, t.z as $T), r)
            }

            pub fn cuboid(h: [f64; 3]) -> Box<dyn Shape> {
                Box::new(PCuboid::new(Vector::new(
                    h[0] as $T, h[1] as $T, h[2] as $T,
                )))
            }

            pub fn capsule() -> Box<dyn Shape> {
                Box::new(PCapsule::new_y(
                    CAPSULE_HALF_HEIGHT as $T,
                    CAPSULE_RADIUS as $T,
                ))
            }

            pub fn hull(points: &[Vector3<f64>]) -> Box<dyn Shape> {
                let points: Vec<Vector> = points
                    .iter()
                    .map(|p| Vector::new(p.x as $T, p.y as $T, p.z as $T))
                    .collect();
                Box::new(ConvexPolyhedron::from_convex_hull(&points).expect("a hull"))
            }

            /// The manifold of one pose pair, cleared first.
            pub fn manifold(
                a: &dyn Shape,
                b: &dyn Shape,
                pa: &PPose,
                pb: &PPose,
                out: &mut ContactManifold<(), ()>,
            ) {
                out.clear();
                let pos12 = pa.inv_mul(pb);
                let _ = DefaultQueryDispatcher.contact_manifold_convex_convex(
                    &pos12,
                    a,
                    b,
                    None,
                    None,
                    PREDICTION as $T,
                    out,
                );
            }

            /// parry's manifolds over a set of poses, folded into a number.
            #[inline]
            pub fn run(a: &dyn Shape, b: &dyn Shape, poses: &[(PPose, PPose)]) -> $T {
                let mut out = ContactManifold::<(), ()>::new();
                let mut acc = 0.0;
                for (pa, pb) in poses {
                    manifold(a, b, pa, pb, &mut out);
                    for p in &out.points {
                        acc += p.dist;
                    }
                }
                acc
            }

            /// parry's points (on A, on B, in the world) and distances (the
            /// agreement check runs in `f64` only).
            #[allow(dead_code)]
            pub fn points(
                a: &dyn Shape,
                b: &dyn Shape,
                pa: &PPose,
                pb: &PPose,
            ) -> Vec<([f64; 3], [f64; 3], f64)> {
                let mut out = ContactManifold::<(), ()>::new();
                manifold(a, b, pa, pb, &mut out);
                let world = |q: Vector| -> [f64; 3] { [q.x as f64, q.y as f64, q.z as f64] };
                out.points
                    .iter()
                    .map(|p| {
                        (
                            world(pa * p.local_p1),
                            world(pb * p.local_p2),
                            p.dist as f64,
                        )
                    })
                    .collect()
            }
        }
    };
}

parry_side!(parry_f32, parry3d, f32);
parry_side!(parry_f64, parry3d_f64, f64);

/// The benches of one precision.
macro_rules! bench_precision {
    ($name:ident, $T:ty, $parry:ident, $tag:expr) => {
        fn $name(c: &mut Criterion) {
            let mut group = c.benchmark_group(concat!("manifold-", $tag));
            let hull_points = sphere_points::<3>(32, 32 * 31);
            let hull_ours = our_hull(
                &hull_points
                    .iter()
                    .map(|p| p.map(|x| x as $T))
                    .collect::<Vec<_>>(),
            )
            .expect("our hull");
            let (box_a, box_b) = (cuboid::<$T>(BOX_A), cuboid::<$T>(BOX_B));
            let (slab, resting) = (cuboid::<$T>(SLAB), cuboid::<$T>(RESTING));
            let down = facet_down(&hull_points);
            let hull_low = |r: &Matrix3<f64>| {
                hull_points
                    .iter()
                    .map(|p| (r * p).y)
                    .fold(f64::INFINITY, f64::min)
            };
            let sets: [(&str, Vec<PosePair<3>>); 6] = [
                ("box-on-slab", resting_poses()),
                (
                    "box-rest-turned",
                    turned_resting_poses(&Matrix3::identity(), &box_low, RESTING_POSES, 23),
                ),
                (
                    "hull32-rest-turned",
                    turned_resting_poses(&down, &hull_low, RESTING_POSES, 29),
                ),
                (
                    "box-box",
                    pose_pairs(&cuboid::<f64>(BOX_A), &cuboid::<f64>(BOX_B), 11),
                ),
                (
                    "hull32-hull32",
                    pose_pairs(
                        &our_hull(&hull_points).expect("a hull"),
                        &our_hull(&hull_points).expect("a hull"),
                        13,
                    ),
                ),
                (
                    "capsule-box",
                    pose_pairs(&capsule::<f64>(), &cuboid::<f64>(BOX_B), 17),
                ),
            ];
            for (set, pairs) in &sets {
                let poses: Vec<(Isometry3<$T>, Isometry3<$T>)> =
                    pairs.iter().map(|p| (iso3(&p.a), iso3(&p.b))).collect();
                let theirs: Vec<_> = pairs
                    .iter()
                    .map(|p| ($parry::pose(&p.a), $parry::pose(&p.b)))
                    .collect();
                let (pa, pb): ($parry::Boxed, $parry::Boxed) = match *set {
                    "box-on-slab" | "box-rest-turned" => {
                        ($parry::cuboid(SLAB), $parry::cuboid(RESTING))
                    }
                    "hull32-rest-turned" => ($parry::cuboid(SLAB), $parry::hull(&hull_points)),
                    "box-box" => ($parry::cuboid(BOX_A), $parry::cuboid(BOX_B)),
                    "hull32-hull32" => ($parry::hull(&hull_points), $parry::hull(&hull_points)),
                    _ => ($parry::capsule(), $parry::cuboid(BOX_B)),
                };
                group.bench_with_input(BenchmarkId::new("gjk", set), &poses, |bench, poses| {
                    bench.iter(|| match *set {
                        "box-on-slab" | "box-rest-turned" => ours(slab, resting, black_box(poses)),
                        "hull32-rest-turned" => ours(slab, hull_ours, black_box(poses)),
                        "box-box" => ours(box_a, box_b, black_box(poses)),
                        "hull32-hull32" => ours(hull_ours, hull_ours, black_box(poses)),
                        _ => ours(capsule::<$T>(), box_b, black_box(poses)),
                    })
                });
                group.bench_with_input(BenchmarkId::new("parry", set), &theirs, |bench, poses| {
                    bench.iter(|| $parry::run(&*pa, &*pb, black_box(poses)))
                });
            }
            group.finish();
        }
    };
}

bench_precision!(bench_f32, f32, parry_f32, "f32");
bench_precision!(bench_f64, f64, parry_f64, "f64");

/// The resting set compared with parry in `f64`: per pose, the point
/// counts, and for each of our points the nearest of parry's.
fn agreement(_: &mut Criterion) {
    let (slab, resting) = (cuboid::<f64>(SLAB), cuboid::<f64>(RESTING));
    let (ps, pr) = (parry_f64::cuboid(SLAB), parry_f64::cuboid(RESTING));
    let config = Config::default();
    let mut csv = String::from("pose,tilted,ours,parry,max_point_gap,max_distance_gap\n");
    let (mut same_count, mut worst_point, mut worst_distance) = (0, 0.0_f64, 0.0_f64);
    for (i, p) in resting_poses().iter().enumerate() {
        let (ia, ib) = (iso3::<f64>(&p.a), iso3::<f64>(&p.b));
        let a = Transformed::from_isometry3(slab, &ia);
        let b = Transformed::from_isometry3(resting, &ib);
        let ours: Vec<_> = match contact_manifold(&a, &b, PREDICTION, &config) {
            Ok(Some(m)) => m.points().copied().collect(),
            _ => Vec::new(),
        };
        let theirs = parry_f64::points(&*ps, &*pr, &parry_f64::pose(&p.a), &parry_f64::pose(&p.b));
        let (mut point_gap, mut distance_gap) = (0.0_f64, 0.0_f64);
        for q in &ours {
            let nearest = theirs.iter().min_by(|x, y| {
                let d = |t: &([f64; 3], [f64; 3], f64)| (Vector3::from(t.0) - q.point_a).norm();
                d(x).total_cmp(&d(y))
            });
            if let Some((p1, p2, dist)) = nearest {
                point_gap = point_gap
                    .max((Vector3::from(*p1) - q.point_a).norm())
                    .max((Vector3::from(*p2) - q.point_b).norm());
                distance_gap = distance_gap.max((dist - q.distance).abs());
            }
        }
        same_count += usize::from(ours.len() == theirs.len());
        if ours.len() == theirs.len() {
            worst_point = worst_point.max(point_gap);
            worst_distance = worst_distance.max(distance_gap);
        }
        let _ = writeln!(
            csv,
            "{i},{},{},{},{point_gap:e},{distance_gap:e}",
            i % 2 == 1,
            ours.len(),
            theirs.len()
        );
    }
    println!(
        "box-on-slab (f64): {same_count}/{RESTING_POSES} poses with as many points as parry; \
         where the counts agree, points within {worst_point:e}, distances within {worst_distance:e}"
    );
    let _ = std::fs::create_dir_all("target");
    let _ = std::fs::write("target/gjk-manifolds.csv", csv);
}

criterion_group! {
    name = benches;
    config = gjk_benches::criterion_config();
    targets = agreement, bench_f32, bench_f64
}
criterion_main!(benches);
