//! Time of impact of rotating shapes: gjk's `time_of_impact` (conservative
//! advancement with certified steps) beside parry's `cast_shapes_nonlinear`
//! on the same motions, `f64`, 3D.
//!
//! Scenes (64 seeded motions each): a box at rest and a box 3 away moving
//! towards it while spinning at up to 6 rad/s; and a capsule spinning about
//! its middle with a ball at rest within its reach. Both libraries cast over
//! `t ∈ [0, 1]`. The run prints hit/miss agreement and the largest `t`
//! gap, and writes `gjk-toi.csv` beside criterion's estimates.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gjk::nalgebra::{Isometry3, Translation3, UnitQuaternion, Vector3};
use gjk::{time_of_impact, Ball, Capsule, Config, Cuboid, RigidMotion, SupportMap};
use gjk_benches::Lcg;
use parry3d_f64::math::{Pose as PPose, Rotation, Vector};
use parry3d_f64::query::{cast_shapes_nonlinear, NonlinearRigidMotion};
use parry3d_f64::shape::{Ball as PBall, Capsule as PCapsule, Cuboid as PCuboid, Shape};

/// One motion: start position, axis-angle orientation, velocity, spin.
#[derive(Clone, Copy)]
struct Motion {
    at: Vector3<f64>,
    turn: Vector3<f64>,
    velocity: Vector3<f64>,
    spin: Vector3<f64>,
}

impl Motion {
    fn ours(&self) -> RigidMotion<f64, 3> {
        let pose = Isometry3::from_parts(
            Translation3::from(self.at),
            UnitQuaternion::from_scaled_axis(self.turn),
        );
        RigidMotion::spatial(&pose, self.velocity, self.spin).expect("finite motion")
    }

    fn parry(&self) -> NonlinearRigidMotion {
        let q = UnitQuaternion::from_scaled_axis(self.turn);
        let r = Rotation::from_xyzw(q.i, q.j, q.k, q.w).normalize();
        let v = |x: &Vector3<f64>| Vector::new(x.x, x.y, x.z);
        NonlinearRigidMotion {
            start: PPose::from_parts(v(&self.at), r),
            local_center: Vector::ZERO,
            linvel: v(&self.velocity),
            angvel: v(&self.spin),
        }
    }
}

/// Boxes: A at rest at the origin, B 3 away closing at 2–5 per unit of time
/// while spinning.
fn box_motions(rng: &mut Lcg) -> Vec<(Motion, Motion)> {
    (0..64)
        .map(|_| {
            let dir = rng.direction::<3>();
            let rest = Motion {
                at: Vector3::zeros(),
                turn: rng.direction::<3>() * rng.range(0.0, 3.0),
                velocity: Vector3::zeros(),
                spin: Vector3::zeros(),
            };
            let moving = Motion {
                at: dir * 3.0,
                turn: rng.direction::<3>() * rng.range(0.0, 3.0),
                velocity: -dir * rng.range(2.0, 5.0) + rng.direction::<3>() * 0.5,
                spin: rng.direction::<3>() * rng.range(0.0, 6.0),
            };
            (rest, moving)
        })
        .collect()
}

/// A capsule of half-length 1.5 spinning about its middle at 1–4 rad/s, a
/// ball at rest 0.5–1.4 from the pivot.
fn rod_motions(rng: &mut Lcg) -> Vec<(Motion, Motion)> {
    (0..64)
        .map(|_| {
            let rod = Motion {
                at: Vector3::zeros(),
                turn: Vector3::zeros(),
                velocity: Vector3::zeros(),
                spin: Vector3::z() * rng.range(1.0, 4.0),
            };
            let angle = rng.range(0.5, 3.0);
            let r = rng.range(0.5, 1.4);
            let ball = Motion {
                at: Vector3::new(r * angle.cos(), r * angle.sin(), rng.range(-0.1, 0.1)),
                turn: Vector3::zeros(),
                velocity: Vector3::zeros(),
                spin: Vector3::zeros(),
            };
            (rod, ball)
        })
        .collect()
}

fn ours<A: SupportMap<f64, 3>, B: SupportMap<f64, 3>>(
    a: &A,
    b: &B,
    motions: &[(RigidMotion<f64, 3>, RigidMotion<f64, 3>)],
    config: &Config<f64, 3>,
) -> Vec<Option<(f64, u32)>> {
    motions
        .iter()
        .map(|(ma, mb)| {
            time_of_impact(a, ma, b, mb, 1.0, 0.0, config)
                .ok()
                .flatten()
                .map(|h| (h.t, h.iterations))
        })
        .collect()
}

fn theirs(
    a: &dyn Shape,
    b: &dyn Shape,
    motions: &[(NonlinearRigidMotion, NonlinearRigidMotion)],
) -> Vec<Option<f64>> {
    motions
        .iter()
        .map(|(ma, mb)| {
            cast_shapes_nonlinear(ma, a, mb, b, 0.0, 1.0, true)
                .ok()
                .flatten()
                .map(|h| h.time_of_impact)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut report =
        String::from("scene,inputs,gjk_hits,parry_hits,disagree,max_t_gap,gjk_iters\n");
    let config = Config {
        max_iterations: 1000,
        ..Config::default()
    };
    let mut rng = Lcg::new(0x701);
    let cube = Cuboid::new(Vector3::new(0.5, 0.5, 0.5)).unwrap();
    let rod = Capsule::new(
        Vector3::new(-1.5, 0.0, 0.0),
        Vector3::new(1.5, 0.0, 0.0),
        0.05,
    )
    .unwrap();
    let ball = Ball::new(Vector3::zeros(), 0.1).unwrap();
    let (pcube, prod, pball) = (
        PCuboid::new(Vector::new(0.5, 0.5, 0.5)),
        PCapsule::new(
            Vector::new(-1.5, 0.0, 0.0),
            Vector::new(1.5, 0.0, 0.0),
            0.05,
        ),
        PBall::new(0.1),
    );
    let mut group = c.benchmark_group("toi-f64");
    for (name, scene) in [
        ("box-box", box_motions(&mut rng)),
        ("rod-ball", rod_motions(&mut rng)),
    ] {
        let our_motions: Vec<_> = scene.iter().map(|(a, b)| (a.ours(), b.ours())).collect();
        let their_motions: Vec<_> = scene.iter().map(|(a, b)| (a.parry(), b.parry())).collect();
        let (mine, other) = if name == "box-box" {
            (
                ours(&cube, &cube, &our_motions, &config),
                theirs(&pcube, &pcube, &their_motions),
            )
        } else {
            (
                ours(&rod, &ball, &our_motions, &config),
                theirs(&prod, &pball, &their_motions),
            )
        };
        let disagree = mine
            .iter()
            .zip(&other)
            .filter(|(m, o)| m.is_some() != o.is_some())
            .count();
        let gap = mine
            .iter()
            .zip(&other)
            .filter_map(|(m, o)| Some((m.as_ref()?.0 - (*o)?).abs()))
            .fold(0.0, f64::max);
        let iters: Vec<u32> = mine.iter().flatten().map(|m| m.1).collect();
        let _ = writeln!(
            report,
            "{name},{},{},{},{disagree},{gap:.3e},{:.2}",
            mine.len(),
            mine.iter().flatten().count(),
            other.iter().flatten().count(),
            gjk_benches::mean(iters.iter().copied()),
        );
        eprintln!(
            "toi {name}: gjk hits {}, parry hits {}, hit/miss disagree {disagree}, max t gap {gap:.3e}",
            mine.iter().flatten().count(),
            other.iter().flatten().count()
        );
        if name == "box-box" {
            group.bench_with_input(BenchmarkId::new("gjk", name), &our_motions, |bench, m| {
                bench.iter(|| ours(&cube, &cube, black_box(m), &config))
            });
            group.bench_with_input(
                BenchmarkId::new("parry", name),
                &their_motions,
                |bench, m| bench.iter(|| theirs(&pcube, &pcube, black_box(m))),
            );
        } else {
            group.bench_with_input(BenchmarkId::new("gjk", name), &our_motions, |bench, m| {
                bench.iter(|| ours(&rod, &ball, black_box(m), &config))
            });
            group.bench_with_input(
                BenchmarkId::new("parry", name),
                &their_motions,
                |bench, m| bench.iter(|| theirs(&prod, &pball, black_box(m))),
            );
        }
    }
    group.finish();
    gjk_benches::save_report("gjk-toi.csv", &report);
}

criterion_group! {
    name = benches;
    config = gjk_benches::criterion_config();
    targets = bench
}
criterion_main!(benches);
