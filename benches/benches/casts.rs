//! Ray casts and linear shape casts, gjk and parry side by side on identical
//! inputs (3D, `f32` and `f64`).
//!
//! Every row runs one query over [`POSES`] seeded inputs; the time per query
//! is the measured time divided by [`POSES`].
//!
//! - Rays against a ball, a box, a capsule and a hull of 32 points, each
//!   placed by a random pose. A ray starts 5 from the shape's centre and aims
//!   at a point beside the centre, offset across the ray by `s`; the offset
//!   `s*` where the ray just touches is found by bisection on
//!   `gjk::intersects` with the ray's segment, in `f64`. A third of the rays
//!   aim within half of `s*` (head-on), a third within 1e-4 to 1e-2 relative
//!   of `s*` on either side (grazing hits and near misses), a third beyond
//!   (misses). Both sides take the world ray and the pose, bring the ray into
//!   the shape's frame and cast it there, solid, with its normal.
//! - Shape casts on the pose pairs of `pose_pairs` (their rotations, A's
//!   position and the approach direction): B starts 5 from A's centre along
//!   the approach direction and moves towards a point beside A's centre, the
//!   offset found by bisection on `gjk::intersects` of A with B swept along
//!   its path. A third head-on, a third grazing hits (1e-4 to 1e-2 relative
//!   inside the touching offset), a third misses: two thirds hit. Ours places
//!   both shapes with `Transformed::from_isometry3` inside the timed loop;
//!   parry's `cast_shapes` takes both poses, A at rest, B with the velocity.
//!
//! Both queries use `max_t` = [`MAX_T`] (the aim point is reached at
//! `t = 1`). Before timing, hit or miss and `t` are compared between the
//! libraries (relative [`T_TOL_F64`] in `f64`, [`T_TOL_F32`] in `f32`);
//! every `f64` disagreement is printed with `gjk::distance` from the shape
//! to each answer, to tell who is right. The counts and our mean iterations
//! go to `target/gjk-casts.csv`.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gjk::nalgebra::{Isometry3, Point3, Vector3};
use gjk::{
    distance, hull::Scanned, intersects, ray_cast, shape_cast, Ball, Capsule, Config, Cuboid,
    MinkowskiSum, Point, Real, Segment, Status, SupportMap, Transformed,
};
use gjk_benches::{
    mean, pose_pairs, sphere_points, Lcg, Pose, BALL_A, BALL_B, BOX_A, BOX_B, CAPSULE_HALF_HEIGHT,
    CAPSULE_RADIUS, POSES,
};

/// The cast bound of both queries; the aim point is reached at `t = 1`.
const MAX_T: f64 = 2.0;
/// The distance from the shape's (A's) centre where a ray (B) starts.
const START: f64 = 5.0;
/// Relative agreement of `t` required in `f64`.
const T_TOL_F64: f64 = 1e-9;
/// Relative agreement of `t` counted in `f32`.
const T_TOL_F32: f64 = 1e-4;
/// Hull size of the hull sets.
const HULL_N: usize = 32;

/// A local shape, in `f64`; hulls index a list of point sets.
#[derive(Clone, Copy, Debug)]
enum Spec {
    Ball(f64),
    Cuboid([f64; 3]),
    Capsule(f64, f64),
    Hull(usize),
}

fn v3<T: Real>(x: [f64; 3]) -> Vector3<T> {
    Vector3::new(T::lit(x[0]), T::lit(x[1]), T::lit(x[2]))
}

fn vlit<T: Real>(x: &Vector3<f64>) -> Vector3<T> {
    v3([x.x, x.y, x.z])
}

fn iso3<T: Real>(p: &Pose<3>) -> Isometry3<T> {
    p.isometry()
}

/// Something done with one of our shapes, whatever its type.
trait Visit<T: Real> {
    type Out;
    fn visit<S: SupportMap<T, 3> + Copy>(self, s: S) -> Self::Out;
}

/// Builds our shape for `spec` and hands it to `v`.
fn dispatch<T: Real, V: Visit<T>>(spec: Spec, hulls: &[Vec<Vector3<T>>], v: V) -> V::Out {
    match spec {
        Spec::Ball(r) => v.visit(Ball::new(Vector3::zeros(), T::lit(r)).unwrap()),
        Spec::Cuboid(h) => v.visit(Cuboid::new(v3(h)).unwrap()),
        Spec::Capsule(h, r) => {
            v.visit(Capsule::new(v3([0.0, -h, 0.0]), v3([0.0, h, 0.0]), T::lit(r)).unwrap())
        }
        Spec::Hull(i) => v.visit(Scanned::new(&hulls[i]).unwrap()),
    }
}

/// Something done with a pair of our shapes.
trait Visit2<T: Real> {
    type Out;
    fn visit2<A, B>(self, a: A, b: B) -> Self::Out
    where
        A: SupportMap<T, 3> + Copy,
        B: SupportMap<T, 3> + Copy;
}

/// Builds our shapes for `a` and `b` and hands them to `v`.
fn dispatch2<T: Real, V: Visit2<T>>(a: Spec, b: Spec, hulls: &[Vec<Vector3<T>>], v: V) -> V::Out {
    struct First<'h, T: Real, V> {
        b: Spec,
        hulls: &'h [Vec<Vector3<T>>],
        v: V,
    }
    struct Second<A, V> {
        a: A,
        v: V,
    }
    impl<T: Real, A: SupportMap<T, 3> + Copy, V: Visit2<T>> Visit<T> for Second<A, V> {
        type Out = V::Out;
        fn visit<S: SupportMap<T, 3> + Copy>(self, s: S) -> V::Out {
            self.v.visit2(self.a, s)
        }
    }
    impl<T: Real, V: Visit2<T>> Visit<T> for First<'_, T, V> {
        type Out = V::Out;
        fn visit<S: SupportMap<T, 3> + Copy>(self, s: S) -> V::Out {
            dispatch(self.b, self.hulls, Second { a: s, v: self.v })
        }
    }
    dispatch(a, hulls, First { b, hulls, v })
}

/// The three kinds of input, a third each.
const KINDS: [&str; 3] = ["head-on", "grazing", "miss"];

/// A ray in the world and the pose of the shape it is cast against.
#[derive(Clone, Copy, Debug)]
struct RayInput {
    pose: Pose<3>,
    origin: Vector3<f64>,
    dir: Vector3<f64>,
}

/// A pose pair and B's velocity relative to A (A at rest).
#[derive(Clone, Copy, Debug)]
struct CastInput {
    a: Pose<3>,
    b: Pose<3>,
    velocity: Vector3<f64>,
}

/// A unit vector orthogonal to the unit `w`.
fn across(rng: &mut Lcg, w: &Vector3<f64>) -> Vector3<f64> {
    loop {
        let p = rng.direction::<3>();
        let q = p - w * w.dot(&p);
        if q.norm() > 0.1 {
            return q.normalize();
        }
    }
}

/// The offset `s ≥ 0` where `hit(s)` turns false, `hit` being true on
/// `[0, s*]` and false beyond.
fn touching_offset(hit: impl Fn(f64) -> bool) -> f64 {
    let (mut lo, mut hi) = (0.0, 1.0);
    while hit(hi) {
        lo = hi;
        hi *= 2.0;
    }
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if hit(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The offset of input `i` of its kind, from the touching offset `s*`;
/// `grazing_hits` keeps the grazing ones inside (all hit).
fn offset(rng: &mut Lcg, i: usize, touch: f64, grazing_hits: bool) -> f64 {
    match i % 3 {
        0 => touch * rng.range(0.0, 0.5),
        1 => {
            let e = rng.range(1e-4, 1e-2);
            let inside = grazing_hits || (i / 3).is_multiple_of(2);
            touch * if inside { 1.0 - e } else { 1.0 + e }
        }
        _ => touch + rng.range(0.1, 1.5),
    }
}

/// Seeded rays against a local shape (in `f64`).
struct MakeRays(u64);

impl Visit<f64> for MakeRays {
    type Out = Vec<RayInput>;
    fn visit<S: SupportMap<f64, 3> + Copy>(self, s: S) -> Vec<RayInput> {
        let mut rng = Lcg::new(self.0);
        let config = Config::default();
        (0..POSES)
            .map(|i| {
                let pose = Pose {
                    rotation: rng.rotation::<3>(),
                    translation: rng.direction::<3>() * rng.range(0.0, 3.0),
                };
                let placed = Transformed::new(s, pose.rotation, pose.translation).unwrap();
                let c = pose.translation;
                let w = rng.direction::<3>();
                let p = across(&mut rng, &w);
                let origin = c + w * START;
                let aim = |s: f64| c + p * s - origin;
                let touch = touching_offset(|s| {
                    let seg = Segment::new(origin, origin + aim(s) * MAX_T).unwrap();
                    intersects(&placed, &seg, &config).unwrap()
                });
                let dir = aim(offset(&mut rng, i, touch, false));
                RayInput { pose, origin, dir }
            })
            .collect()
    }
}

/// Seeded shape casts for a pair of local shapes (in `f64`).
struct MakeCasts(u64);

impl Visit2<f64> for MakeCasts {
    type Out = Vec<CastInput>;
    fn visit2<A, B>(self, a: A, b: B) -> Vec<CastInput>
    where
        A: SupportMap<f64, 3> + Copy,
        B: SupportMap<f64, 3> + Copy,
    {
        let mut rng = Lcg::new(self.0 ^ 0x5eed);
        let config = Config::default();
        pose_pairs(&a, &b, self.0)
            .into_iter()
            .enumerate()
            .map(|(i, pair)| {
                let ca = pair.a.translation;
                let u = pair.b.translation - ca;
                let w = if u.norm() > 1e-9 {
                    u.normalize()
                } else {
                    rng.direction::<3>()
                };
                let p = across(&mut rng, &w);
                let b0 = Pose {
                    rotation: pair.b.rotation,
                    translation: ca + w * START,
                };
                let pa = Transformed::new(a, pair.a.rotation, ca).unwrap();
                let pb = Transformed::new(b, b0.rotation, b0.translation).unwrap();
                let velocity = |s: f64| ca + p * s - b0.translation;
                let touch = touching_offset(|s| {
                    let path = Segment::new(Vector3::zeros(), velocity(s) * MAX_T).unwrap();
                    intersects(&pa, &MinkowskiSum::new(pb, path), &config).unwrap()
                });
                CastInput {
                    a: pair.a,
                    b: b0,
                    velocity: velocity(offset(&mut rng, i, touch, true)),
                }
            })
            .collect()
    }
}

/// Our rays, in our types: the pose, origin and direction.
type OurRays<T> = Vec<(Isometry3<T>, Vector3<T>, Vector3<T>)>;
/// Our casts, in our types: both poses and the velocity.
type OurCasts<T> = Vec<(Isometry3<T>, Isometry3<T>, Vector3<T>)>;

fn our_rays<T: Real>(inputs: &[RayInput]) -> OurRays<T> {
    inputs
        .iter()
        .map(|r| (iso3(&r.pose), vlit(&r.origin), vlit(&r.dir)))
        .collect()
}

fn our_casts<T: Real>(inputs: &[CastInput]) -> OurCasts<T> {
    inputs
        .iter()
        .map(|c| (iso3(&c.a), iso3(&c.b), vlit(&c.velocity)))
        .collect()
}

/// Our ray cast with the ray brought into the shape's frame.
#[inline]
fn our_ray<T: Real, S: SupportMap<T, 3>>(
    s: &S,
    (pose, origin, dir): &(Isometry3<T>, Vector3<T>, Vector3<T>),
    config: &Config<T, 3>,
) -> Option<gjk::RayHit<T, 3>> {
    let o = pose.inverse_transform_point(&Point3::from(*origin)).coords;
    let d = pose.inverse_transform_vector(dir);
    ray_cast(s, o, d, T::lit(MAX_T), config).ok().flatten()
}

/// Our shape cast with both shapes placed.
#[inline]
fn our_cast<T: Real, A: SupportMap<T, 3> + Copy, B: SupportMap<T, 3> + Copy>(
    a: A,
    b: B,
    (pa, pb, v): &(Isometry3<T>, Isometry3<T>, Vector3<T>),
    config: &Config<T, 3>,
) -> Option<gjk::ShapeHit<T, 3>> {
    let a = Transformed::from_isometry3(a, pa);
    let b = Transformed::from_isometry3(b, pb);
    shape_cast(&a, &b, *v, T::lit(MAX_T), config).ok().flatten()
}

/// The timed ray loop on our side.
struct RunRays<'a, T: Real>(&'a OurRays<T>);

impl<T: Real> Visit<T> for RunRays<'_, T> {
    type Out = T;
    #[inline]
    fn visit<S: SupportMap<T, 3> + Copy>(self, s: S) -> T {
        let config = Config::default();
        let mut acc = T::zero();
        for r in self.0 {
            if let Some(h) = our_ray(&s, r, &config) {
                acc += h.t + h.normal.map_or(T::zero(), |n| n[0]);
            }
        }
        acc
    }
}

/// The timed shape-cast loop on our side.
struct RunCasts<'a, T: Real>(&'a OurCasts<T>);

impl<T: Real> Visit2<T> for RunCasts<'_, T> {
    type Out = T;
    #[inline]
    fn visit2<A, B>(self, a: A, b: B) -> T
    where
        A: SupportMap<T, 3> + Copy,
        B: SupportMap<T, 3> + Copy,
    {
        let config = Config::default();
        let mut acc = T::zero();
        for c in self.0 {
            if let Some(h) = our_cast(a, b, c, &config) {
                acc += h.t + h.normal.map_or(T::zero(), |n| n[0]);
            }
        }
        acc
    }
}

/// Our answers, untimed: `t` (or `None`), iterations, not converged.
type Answers = (Vec<Option<f64>>, Vec<u32>, usize);

fn to_f64<T: Real>(x: T) -> f64 {
    format!("{x}").parse().unwrap_or(f64::NAN)
}

struct RayAnswers<'a, T: Real>(&'a OurRays<T>);

impl<T: Real> Visit<T> for RayAnswers<'_, T> {
    type Out = Answers;
    fn visit<S: SupportMap<T, 3> + Copy>(self, s: S) -> Answers {
        let config = Config::default();
        let hits: Vec<_> = self.0.iter().map(|r| our_ray(&s, r, &config)).collect();
        (
            hits.iter().map(|h| h.map(|h| to_f64(h.t))).collect(),
            hits.iter().flatten().map(|h| h.iterations).collect(),
            hits.iter()
                .flatten()
                .filter(|h| h.status != Status::Converged)
                .count(),
        )
    }
}

struct CastAnswers<'a, T: Real>(&'a OurCasts<T>);

impl<T: Real> Visit2<T> for CastAnswers<'_, T> {
    type Out = Answers;
    fn visit2<A, B>(self, a: A, b: B) -> Answers
    where
        A: SupportMap<T, 3> + Copy,
        B: SupportMap<T, 3> + Copy,
    {
        let config = Config::default();
        let hits: Vec<_> = self.0.iter().map(|c| our_cast(a, b, c, &config)).collect();
        (
            hits.iter().map(|h| h.map(|h| to_f64(h.t))).collect(),
            hits.iter().flatten().map(|h| h.iterations).collect(),
            hits.iter()
                .flatten()
                .filter(|h| h.status != Status::Converged)
                .count(),
        )
    }
}

/// An `f64` witness for a ray disagreement: the distance from the shape to
/// the ray point at `t`, and to the whole ray segment.
struct RayWitness<'a>(&'a RayInput, [Option<f64>; 2]);

impl Visit<f64> for RayWitness<'_> {
    type Out = String;
    fn visit<S: SupportMap<f64, 3> + Copy>(self, s: S) -> String {
        let RayWitness(r, ts) = self;
        let config = Config::default();
        let placed = Transformed::new(s, r.pose.rotation, r.pose.translation).unwrap();
        let at = |t: f64| {
            let point = Point::new(r.origin + r.dir * t).unwrap();
            distance(&placed, &point, &config).map_or(f64::NAN, |d| d.distance)
        };
        let seg = Segment::new(r.origin, r.origin + r.dir * MAX_T).unwrap();
        let gap = distance(&placed, &seg, &config).map_or(f64::NAN, |d| d.distance);
        let mut out = format!("segment gap {gap:.3e}");
        for (lib, t) in ["gjk", "parry"].iter().zip(ts) {
            if let Some(t) = t {
                let _ = write!(
                    out,
                    "; {lib} t = {t:.17}: gap at t {:.3e}, at t(1 - 1e-9) {:.3e}",
                    at(t),
                    at(t * (1.0 - 1e-9))
                );
            }
        }
        out
    }
}

/// An `f64` witness for a shape-cast disagreement: the distance between A
/// and B moved by `t v`, and between A and B's whole sweep.
struct CastWitness<'a>(&'a CastInput, [Option<f64>; 2]);

impl Visit2<f64> for CastWitness<'_> {
    type Out = String;
    fn visit2<A, B>(self, a: A, b: B) -> String
    where
        A: SupportMap<f64, 3> + Copy,
        B: SupportMap<f64, 3> + Copy,
    {
        let CastWitness(c, ts) = self;
        let config = Config::default();
        let pa = Transformed::new(a, c.a.rotation, c.a.translation).unwrap();
        let at = |t: f64| {
            let pb = Transformed::new(b, c.b.rotation, c.b.translation + c.velocity * t).unwrap();
            distance(&pa, &pb, &config).map_or(f64::NAN, |d| d.distance)
        };
        let pb = Transformed::new(b, c.b.rotation, c.b.translation).unwrap();
        let path = Segment::new(Vector3::zeros(), c.velocity * MAX_T).unwrap();
        let gap =
            distance(&pa, &MinkowskiSum::new(pb, path), &config).map_or(f64::NAN, |d| d.distance);
        let mut out = format!("sweep gap {gap:.3e}");
        for (lib, t) in ["gjk", "parry"].iter().zip(ts) {
            if let Some(t) = t {
                let _ = write!(
                    out,
                    "; {lib} t = {t:.17}: gap at t {:.3e}, at t(1 - 1e-9) {:.3e}",
                    at(t),
                    at(t * (1.0 - 1e-9))
                );
            }
        }
        out
    }
}

/// Agreement of two answer lists: both hit, gjk only, parry only, `t`
/// beyond `tol`, the largest relative `t` gap, and the indices that
/// disagree.
struct Agreement {
    both: usize,
    gjk_only: usize,
    parry_only: usize,
    t_off: usize,
    max_rel: f64,
    bad: Vec<usize>,
}

fn agreement(ours: &[Option<f64>], theirs: &[Option<f64>], tol: f64) -> Agreement {
    let mut a = Agreement {
        both: 0,
        gjk_only: 0,
        parry_only: 0,
        t_off: 0,
        max_rel: 0.0,
        bad: Vec::new(),
    };
    for (i, (x, y)) in ours.iter().zip(theirs).enumerate() {
        match (x, y) {
            (Some(x), Some(y)) => {
                a.both += 1;
                let rel = (x - y).abs() / x.abs().max(y.abs()).max(f64::MIN_POSITIVE);
                a.max_rel = a.max_rel.max(rel);
                if rel > tol {
                    a.t_off += 1;
                    a.bad.push(i);
                }
            }
            (Some(_), None) => {
                a.gjk_only += 1;
                a.bad.push(i);
            }
            (None, Some(_)) => {
                a.parry_only += 1;
                a.bad.push(i);
            }
            (None, None) => {}
        }
    }
    a
}

/// parry's side for one `parry3d*` crate and scalar type.
macro_rules! parry3 {
    ($m:ident, $parry:ident, $T:ty) => {
        mod $m {
            use super::*;
            use $parry::math::{Pose as PPose, Rotation, Vector};
            use $parry::query::{cast_shapes, Ray, ShapeCastOptions};
            use $parry::shape::{
                Ball as PBall, Capsule as PCapsule, ConvexPolyhedron, Cuboid as PCuboid, Shape,
            };

            pub fn pose(p: &Pose<3>) -> PPose {
                let [x, y, z, w] = p.quaternion();
                let t = p.translation;
                let r = Rotation::from_xyzw(x as $T, y as $T, z as $T, w as $T).normalize();
                PPose::from_parts(Vector::new(t.x as $T, t.y as $T, t.z as $T), r)
            }

            fn vector(x: &Vector3<f64>) -> Vector {
                Vector::new(x.x as $T, x.y as $T, x.z as $T)
            }

            pub fn shape(spec: Spec, hulls: &[Vec<Vector3<f64>>]) -> Box<dyn Shape> {
                match spec {
                    Spec::Ball(r) => Box::new(PBall::new(r as $T)),
                    Spec::Cuboid(h) => Box::new(PCuboid::new(vector(&Vector3::from(h)))),
                    Spec::Capsule(h, r) => Box::new(PCapsule::new_y(h as $T, r as $T)),
                    Spec::Hull(i) => {
                        let points: Vec<Vector> = hulls[i].iter().map(vector).collect();
                        Box::new(ConvexPolyhedron::from_convex_hull(&points).unwrap())
                    }
                }
            }

            /// The vertices parry's hull kept, in our type.
            pub fn hull_vertices(s: &dyn Shape) -> Vec<Vector3<$T>> {
                s.as_convex_polyhedron()
                    .map(|h| {
                        h.points()
                            .iter()
                            .map(|p| Vector3::new(p.x, p.y, p.z))
                            .collect()
                    })
                    .unwrap_or_default()
            }

            pub type Rays = Vec<(PPose, Ray)>;
            pub type Casts = Vec<(PPose, PPose, Vector)>;

            pub fn rays(inputs: &[RayInput]) -> Rays {
                inputs
                    .iter()
                    .map(|r| (pose(&r.pose), Ray::new(vector(&r.origin), vector(&r.dir))))
                    .collect()
            }

            pub fn casts(inputs: &[CastInput]) -> Casts {
                inputs
                    .iter()
                    .map(|c| (pose(&c.a), pose(&c.b), vector(&c.velocity)))
                    .collect()
            }

            /// The ray brought into the shape's frame, cast solid there
            /// with its normal.
            #[inline]
            fn ray(s: &dyn Shape, (p, r): &(PPose, Ray)) -> Option<($T, $T)> {
                let local = r.inverse_transform_by(p);
                s.cast_local_ray_and_get_normal(&local, MAX_T as $T, true)
                    .map(|h| (h.time_of_impact, h.normal.x))
            }

            #[inline]
            fn cast(
                s1: &dyn Shape,
                s2: &dyn Shape,
                (p1, p2, v): &(PPose, PPose, Vector),
            ) -> Option<($T, $T)> {
                let options = ShapeCastOptions::with_max_time_of_impact(MAX_T as $T);
                cast_shapes(p1, Vector::ZERO, s1, p2, *v, s2, options)
                    .ok()
                    .flatten()
                    .map(|h| (h.time_of_impact, h.normal1.x))
            }

            #[inline]
            pub fn run_rays(s: &dyn Shape, rays: &Rays) -> $T {
                rays.iter()
                    .filter_map(|r| ray(s, r))
                    .map(|(t, n)| t + n)
                    .sum()
            }

            #[inline]
            pub fn run_casts(s1: &dyn Shape, s2: &dyn Shape, casts: &Casts) -> $T {
                casts
                    .iter()
                    .filter_map(|c| cast(s1, s2, c))
                    .map(|(t, n)| t + n)
                    .sum()
            }

            pub fn ray_answers(s: &dyn Shape, rays: &Rays) -> Vec<Option<f64>> {
                rays.iter()
                    .map(|r| ray(s, r).map(|(t, _)| t as f64))
                    .collect()
            }

            pub fn cast_answers(s1: &dyn Shape, s2: &dyn Shape, casts: &Casts) -> Vec<Option<f64>> {
                casts
                    .iter()
                    .map(|c| cast(s1, s2, c).map(|(t, _)| t as f64))
                    .collect()
            }
        }
    };
}

parry3!(parry_f32, parry3d, f32);
parry3!(parry_f64, parry3d_f64, f64);

/// The shapes rays are cast against.
fn ray_sets() -> Vec<(String, Spec)> {
    vec![
        ("ball".into(), Spec::Ball(BALL_A)),
        ("box".into(), Spec::Cuboid(BOX_A)),
        (
            "capsule".into(),
            Spec::Capsule(CAPSULE_HALF_HEIGHT, CAPSULE_RADIUS),
        ),
        (format!("hull{HULL_N}"), Spec::Hull(0)),
    ]
}

/// The pairs of shapes cast against each other.
fn cast_sets() -> Vec<(String, Spec, Spec)> {
    vec![
        ("ball-ball".into(), Spec::Ball(BALL_A), Spec::Ball(BALL_B)),
        ("box-box".into(), Spec::Cuboid(BOX_A), Spec::Cuboid(BOX_B)),
        ("ball-box".into(), Spec::Ball(BALL_A), Spec::Cuboid(BOX_B)),
        (
            "capsule-box".into(),
            Spec::Capsule(CAPSULE_HALF_HEIGHT, CAPSULE_RADIUS),
            Spec::Cuboid(BOX_B),
        ),
        (
            format!("hull{HULL_N}-hull{HULL_N}"),
            Spec::Hull(0),
            Spec::Hull(1),
        ),
    ]
}

/// One CSV line of agreement and iterations.
fn record(
    report: &mut String,
    (label, query, name): (&str, &str, &str),
    ours: &Answers,
    theirs: &[Option<f64>],
    tol: f64,
) -> Agreement {
    let a = agreement(&ours.0, theirs, tol);
    let _ = writeln!(
        report,
        "{label},{query},{name},{},{},{},{},{},{},{:.3e},{:.2},{}",
        ours.0.len(),
        ours.0.iter().flatten().count(),
        a.both,
        a.gjk_only,
        a.parry_only,
        a.t_off,
        a.max_rel,
        mean(ours.1.iter().copied()),
        ours.2,
    );
    a
}

/// Generates the benches for one precision.
macro_rules! bench3 {
    ($fn:ident, $T:ty, $parry:ident, $label:expr, $tol:expr) => {
        fn $fn(c: &mut Criterion, report: &mut String) {
            let label = $label;
            let spec_hulls: Vec<Vec<Vector3<f64>>> = vec![
                sphere_points::<3>(HULL_N, 7 * HULL_N as u64),
                sphere_points::<3>(HULL_N, 7 * HULL_N as u64 + 1),
            ];
            let parry_hulls: Vec<_> = (0..spec_hulls.len())
                .map(|i| $parry::shape(Spec::Hull(i), &spec_hulls))
                .collect();
            // Both sides hull the vertices parry kept.
            let our_hulls: Vec<Vec<Vector3<$T>>> = parry_hulls
                .iter()
                .map(|s| $parry::hull_vertices(s.as_ref()))
                .collect();
            // The inputs are made in `f64` on parry's `f64` hull vertices.
            let f64_hulls: Vec<Vec<Vector3<f64>>> = (0..spec_hulls.len())
                .map(|i| {
                    parry_f64::hull_vertices(parry_f64::shape(Spec::Hull(i), &spec_hulls).as_ref())
                })
                .collect();

            let mut group = c.benchmark_group(format!("ray-{label}"));
            for (i, (name, spec)) in ray_sets().into_iter().enumerate() {
                let inputs = dispatch(spec, &f64_hulls, MakeRays(3000 + i as u64));
                let ours = our_rays::<$T>(&inputs);
                let theirs = $parry::rays(&inputs);
                let shape = $parry::shape(spec, &spec_hulls);
                let answers = dispatch(spec, &our_hulls, RayAnswers(&ours));
                let their_answers = $parry::ray_answers(shape.as_ref(), &theirs);
                let a = record(
                    report,
                    (label, "ray", &name),
                    &answers,
                    &their_answers,
                    $tol,
                );
                eprintln!(
                    "ray-{label}/{name}: gjk hits {}, parry hits {}, both {}, gjk only {}, \
                     parry only {}, t beyond {:.0e}: {}, max relative t gap {:.3e}, \
                     not converged {}",
                    answers.0.iter().flatten().count(),
                    their_answers.iter().flatten().count(),
                    a.both,
                    a.gjk_only,
                    a.parry_only,
                    $tol,
                    a.t_off,
                    a.max_rel,
                    answers.2,
                );
                if label == "f64" {
                    for &k in &a.bad {
                        let w = dispatch(
                            spec,
                            &f64_hulls,
                            RayWitness(&inputs[k], [answers.0[k], their_answers[k]]),
                        );
                        eprintln!("  ray {k} ({}): {w}", KINDS[k % 3]);
                    }
                }
                group.bench_with_input(BenchmarkId::new("gjk", &name), &ours, |bench, ours| {
                    bench.iter(|| dispatch(spec, &our_hulls, RunRays(black_box(ours))))
                });
                group.bench_with_input(
                    BenchmarkId::new("parry", &name),
                    &theirs,
                    |bench, theirs| {
                        bench.iter(|| $parry::run_rays(shape.as_ref(), black_box(theirs)))
                    },
                );
            }
            group.finish();

            let mut group = c.benchmark_group(format!("shape_cast-{label}"));
            for (i, (name, sa, sb)) in cast_sets().into_iter().enumerate() {
                let inputs = dispatch2(sa, sb, &f64_hulls, MakeCasts(4000 + i as u64));
                let ours = our_casts::<$T>(&inputs);
                let theirs = $parry::casts(&inputs);
                let (s1, s2) = (
                    $parry::shape(sa, &spec_hulls),
                    $parry::shape(sb, &spec_hulls),
                );
                let answers = dispatch2(sa, sb, &our_hulls, CastAnswers(&ours));
                let their_answers = $parry::cast_answers(s1.as_ref(), s2.as_ref(), &theirs);
                let a = record(
                    report,
                    (label, "shape_cast", &name),
                    &answers,
                    &their_answers,
                    $tol,
                );
                eprintln!(
                    "shape_cast-{label}/{name}: gjk hits {}, parry hits {}, both {}, gjk only {}, \
                     parry only {}, t beyond {:.0e}: {}, max relative t gap {:.3e}, \
                     not converged {}",
                    answers.0.iter().flatten().count(),
                    their_answers.iter().flatten().count(),
                    a.both,
                    a.gjk_only,
                    a.parry_only,
                    $tol,
                    a.t_off,
                    a.max_rel,
                    answers.2,
                );
                if label == "f64" {
                    for &k in &a.bad {
                        let w = dispatch2(
                            sa,
                            sb,
                            &f64_hulls,
                            CastWitness(&inputs[k], [answers.0[k], their_answers[k]]),
                        );
                        eprintln!("  cast {k} ({}): {w}", KINDS[k % 3]);
                    }
                }
                group.bench_with_input(BenchmarkId::new("gjk", &name), &ours, |bench, ours| {
                    bench.iter(|| dispatch2(sa, sb, &our_hulls, RunCasts(black_box(ours))))
                });
                group.bench_with_input(
                    BenchmarkId::new("parry", &name),
                    &theirs,
                    |bench, theirs| {
                        bench
                            .iter(|| $parry::run_casts(s1.as_ref(), s2.as_ref(), black_box(theirs)))
                    },
                );
            }
            group.finish();
        }
    };
}

bench3!(bench_f32, f32, parry_f32, "f32", T_TOL_F32);
bench3!(bench_f64, f64, parry_f64, "f64", T_TOL_F64);

fn all(c: &mut Criterion) {
    let mut report = String::from(
        "precision,query,set,inputs,gjk_hits,both_hit,gjk_only,parry_only,t_disagree,\
         max_rel_t_gap,gjk_iters,gjk_not_converged\n",
    );
    bench_f32(c, &mut report);
    bench_f64(c, &mut report);
    gjk_benches::save_report("gjk-casts.csv", &report);
}

criterion_group! {
    name = benches;
    config = gjk_benches::criterion_config();
    targets = all
}
criterion_main!(benches);
