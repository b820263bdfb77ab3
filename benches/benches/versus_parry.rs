//! gjk and parry side by side on identical inputs.
//!
//! Every row runs one query over a set of `POSES` seeded pose pairs (a third
//! separated, a third nearly touching, a third overlapping); the time per
//! query is the measured time divided by `POSES`. Both libraries receive the
//! same numbers: local shapes plus world poses, converted from `f64` into
//! each library's types. Poses are turned into placed shapes inside the timed
//! loop on both sides (`Transformed::from_isometry*` here, the relative pose
//! `pos1⁻¹ · pos2` inside parry).
//!
//! Mean GJK iterations are written to `target/gjk-iterations.csv` beside
//! criterion's own output.

use std::cell::Cell;
use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gjk::nalgebra::{Isometry2, Isometry3, Vector2, Vector3};
use gjk::{
    closest_points, contact, distance, hull::Block, hull::Climbing, hull::Packed, hull::Polygon,
    hull::Scanned, intersects, Ball, Capsule, Config, Cuboid, Real, SupportMap, Transformed,
};
use gjk_benches::{
    mean, polygon_points, pose_pairs, sphere_points, Pose, PosePair, BALL_A, BALL_B, BOX_A, BOX_B,
    CAPSULE_HALF_HEIGHT, CAPSULE_RADIUS, HULL_SIZES, MAX_DIST, POLYGON_SIZES,
};

/// The four queries compared.
#[derive(Clone, Copy, Debug)]
enum Query {
    Intersects,
    Distance,
    ClosestPoints,
    Contact,
}

const QUERIES: [(Query, &str); 4] = [
    (Query::Intersects, "intersects"),
    (Query::Distance, "distance"),
    (Query::ClosestPoints, "closest_points"),
    (Query::Contact, "contact"),
];

/// One query on placed shapes, folded into a number so nothing is optimised
/// away.
#[inline]
fn answer<T: Real, const D: usize>(
    query: Query,
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    max_dist: T,
    config: &Config<T, D>,
) -> T {
    match query {
        Query::Intersects => match intersects(a, b, config) {
            Ok(true) => T::one(),
            _ => T::zero(),
        },
        Query::Distance => distance(a, b, config).map_or(T::zero(), |d| d.distance),
        Query::ClosestPoints => match closest_points(a, b, max_dist, config) {
            Ok(Some(d)) => d.point_a[0] + d.point_b[0],
            _ => T::zero(),
        },
        Query::Contact => match contact(a, b, max_dist, config) {
            Ok(Some(c)) => c.distance + c.normal[0],
            _ => T::zero(),
        },
    }
}

fn iso3<T: Real>(p: &Pose<3>) -> Isometry3<T> {
    p.isometry()
}

fn iso2<T: Real>(p: &Pose<2>) -> Isometry2<T> {
    let t = p.translation;
    Isometry2::new(Vector2::new(T::lit(t.x), T::lit(t.y)), T::lit(p.angle()))
}

/// A local shape of a 3D set, in `f64`; hulls index the set's point lists.
/// The three hull kinds are the same point set as different shapes of ours
/// (parry gets the same `ConvexPolyhedron` for all three).
#[derive(Clone, Copy, Debug)]
enum Spec {
    Ball(f64),
    Cuboid([f64; 3]),
    Capsule(f64, f64),
    /// `Scanned`: a scan of the point slice.
    Hull(usize),
    /// `Packed`: a scan of SIMD blocks.
    Packed(usize),
    /// `Climbing`: a walk on the edge graph.
    Climb(usize),
}

/// Our hull shapes over a list of point sets, built once, outside the timed
/// loops. Their storage is leaked: it lives as long as the bench.
struct Hulls<T: Real> {
    points: Vec<Vec<Vector3<T>>>,
    packed: Vec<Packed<'static, T, 3>>,
    climbing: Vec<Climbing<'static, T, 3>>,
}

impl<T: Real> Hulls<T> {
    /// `triangulate` returns the hull's vertices and triangles.
    fn new(
        points: Vec<Vec<Vector3<T>>>,
        triangulate: impl Fn(&[Vector3<T>]) -> (Vec<Vector3<T>>, Vec<[u32; 3]>),
    ) -> Self {
        let packed = points
            .iter()
            .map(|p| {
                let n = Packed::<T, 3>::blocks_needed(p.len());
                let storage = vec![Block::default(); n].leak();
                Packed::new(p, storage).unwrap()
            })
            .collect();
        let climbing = points
            .iter()
            .map(|p| {
                let (vertices, triangles) = triangulate(p);
                let vertices = vertices.leak();
                let n = Climbing::<T, 3>::offsets_needed(vertices.len());
                let m = Climbing::<T, 3>::neighbours_needed(triangles.len());
                let (offsets, neighbours) = (vec![0; n].leak(), vec![0; m].leak());
                Climbing::new(vertices, &triangles, offsets, neighbours).unwrap()
            })
            .collect();
        Self {
            points,
            packed,
            climbing,
        }
    }
}

/// Something done with a pair of our shapes, whatever their types.
trait Visit<T: Real> {
    type Out;
    fn visit<A, B>(self, a: A, b: B) -> Self::Out
    where
        A: SupportMap<T, 3> + Copy,
        B: SupportMap<T, 3> + Copy;
}

fn v3<T: Real>(x: [f64; 3]) -> Vector3<T> {
    Vector3::new(T::lit(x[0]), T::lit(x[1]), T::lit(x[2]))
}

/// Builds our shapes for `a` and `b` and hands them to `v`.
fn dispatch<T: Real, V: Visit<T>>(a: Spec, b: Spec, hulls: &Hulls<T>, v: V) -> V::Out {
    fn second<T: Real, A: SupportMap<T, 3> + Copy, V: Visit<T>>(
        a: A,
        b: Spec,
        hulls: &Hulls<T>,
        v: V,
    ) -> V::Out {
        match b {
            Spec::Ball(r) => v.visit(a, Ball::new(Vector3::zeros(), T::lit(r)).unwrap()),
            Spec::Cuboid(h) => v.visit(a, Cuboid::new(v3(h)).unwrap()),
            Spec::Capsule(h, r) => v.visit(a, capsule(h, r)),
            Spec::Hull(i) => v.visit(a, Scanned::new(&hulls.points[i]).unwrap()),
            Spec::Packed(i) => v.visit(a, hulls.packed[i]),
            Spec::Climb(i) => v.visit(a, hulls.climbing[i]),
        }
    }
    match a {
        Spec::Ball(r) => second(Ball::new(Vector3::zeros(), T::lit(r)).unwrap(), b, hulls, v),
        Spec::Cuboid(h) => second(Cuboid::new(v3(h)).unwrap(), b, hulls, v),
        Spec::Capsule(h, r) => second(capsule(h, r), b, hulls, v),
        Spec::Hull(i) => second(Scanned::new(&hulls.points[i]).unwrap(), b, hulls, v),
        Spec::Packed(i) => second(hulls.packed[i], b, hulls, v),
        Spec::Climb(i) => second(hulls.climbing[i], b, hulls, v),
    }
}

fn capsule<T: Real>(h: f64, r: f64) -> Capsule<T, 3> {
    Capsule::new(v3([0.0, -h, 0.0]), v3([0.0, h, 0.0]), T::lit(r)).unwrap()
}

/// Seeded pose pairs for a pair of shapes (in `f64`).
struct Calibrate(u64);

impl Visit<f64> for Calibrate {
    type Out = Vec<PosePair<3>>;
    fn visit<A, B>(self, a: A, b: B) -> Self::Out
    where
        A: SupportMap<f64, 3> + Copy,
        B: SupportMap<f64, 3> + Copy,
    {
        pose_pairs(&a, &b, self.0)
    }
}

/// The timed loop on our side.
struct Run<'a, T: Real> {
    query: Query,
    poses: &'a [(Isometry3<T>, Isometry3<T>)],
}

impl<T: Real> Visit<T> for Run<'_, T> {
    type Out = T;
    #[inline]
    fn visit<A, B>(self, a: A, b: B) -> T
    where
        A: SupportMap<T, 3> + Copy,
        B: SupportMap<T, 3> + Copy,
    {
        let config = Config::default();
        let max_dist = T::lit(MAX_DIST);
        let mut acc = T::zero();
        for (pa, pb) in self.poses {
            let a = Transformed::from_isometry3(a, pa);
            let b = Transformed::from_isometry3(b, pb);
            acc += answer(self.query, &a, &b, max_dist, &config);
        }
        acc
    }
}

/// Our mean iterations (distance, contact) and distances, untimed.
struct Stats<'a, T: Real> {
    poses: &'a [(Isometry3<T>, Isometry3<T>)],
}

impl<T: Real> Visit<T> for Stats<'_, T> {
    type Out = (f64, f64, Vec<f64>);
    fn visit<A, B>(self, a: A, b: B) -> Self::Out
    where
        A: SupportMap<T, 3> + Copy,
        B: SupportMap<T, 3> + Copy,
    {
        let config = Config::default();
        let mut gjk_iters = Vec::new();
        let mut contact_iters = Vec::new();
        let mut distances = Vec::new();
        for (pa, pb) in self.poses {
            let a = Transformed::from_isometry3(a, pa);
            let b = Transformed::from_isometry3(b, pb);
            if let Ok(d) = distance(&a, &b, &config) {
                gjk_iters.push(d.iterations);
                distances.push(format!("{}", d.distance).parse().unwrap_or(f64::NAN));
            }
            if let Ok(Some(c)) = contact(&a, &b, T::lit(MAX_DIST), &config) {
                contact_iters.push(c.iterations);
            }
        }
        (mean(gjk_iters), mean(contact_iters), distances)
    }
}

/// parry's side for one `parry3d*` crate and scalar type.
macro_rules! parry3 {
    ($m:ident, $parry:ident, $T:ty) => {
        mod $m {
            use super::*;
            use $parry::math::{Pose as PPose, Rotation, Vector};
            use $parry::query::{self, ClosestPoints};
            use $parry::shape::{
                Ball as PBall, Capsule as PCapsule, ConvexPolyhedron, Cuboid as PCuboid, Shape,
                SupportMap as PSupport,
            };

            pub fn pose(p: &Pose<3>) -> PPose {
                let [x, y, z, w] = p.quaternion();
                let t = p.translation;
                let r = Rotation::from_xyzw(x as $T, y as $T, z as $T, w as $T).normalize();
                PPose::from_parts(Vector::new(t.x as $T, t.y as $T, t.z as $T), r)
            }

            fn vector(x: [f64; 3]) -> Vector {
                Vector::new(x[0] as $T, x[1] as $T, x[2] as $T)
            }

            /// parry's shape for a spec, and for hulls their vertices as
            /// parry keeps them (fed to our side too).
            pub fn shape(spec: Spec, hulls: &[Vec<Vector3<f64>>]) -> Box<dyn Shape> {
                match spec {
                    Spec::Ball(r) => Box::new(PBall::new(r as $T)),
                    Spec::Cuboid(h) => Box::new(PCuboid::new(vector(h))),
                    Spec::Capsule(h, r) => Box::new(PCapsule::new_y(h as $T, r as $T)),
                    Spec::Hull(i) | Spec::Packed(i) | Spec::Climb(i) => {
                        let points: Vec<Vector> =
                            hulls[i].iter().map(|p| vector([p.x, p.y, p.z])).collect();
                        Box::new(ConvexPolyhedron::from_convex_hull(&points).unwrap())
                    }
                }
            }

            /// The vertices and triangles of parry's convex hull of `points`.
            pub fn triangulate(points: &[Vector3<$T>]) -> (Vec<Vector3<$T>>, Vec<[u32; 3]>) {
                let p: Vec<Vector> = points.iter().map(|p| Vector::new(p.x, p.y, p.z)).collect();
                let (vertices, triangles) = $parry::transformation::convex_hull(&p);
                let vertices = vertices
                    .iter()
                    .map(|v| Vector3::new(v.x, v.y, v.z))
                    .collect();
                (vertices, triangles)
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

            #[inline]
            pub fn run(
                query: Query,
                s1: &dyn Shape,
                s2: &dyn Shape,
                poses: &[(PPose, PPose)],
            ) -> $T {
                let max_dist = MAX_DIST as $T;
                let mut acc: $T = 0.0;
                for (p1, p2) in poses {
                    acc += match query {
                        Query::Intersects => match query::intersection_test(p1, s1, p2, s2) {
                            Ok(r) if r.intersecting => 1.0,
                            _ => 0.0,
                        },
                        Query::Distance => {
                            query::distance(p1, s1, p2, s2).map_or(0.0, |d| d.distance)
                        }
                        Query::ClosestPoints => {
                            match query::closest_points(p1, s1, p2, s2, max_dist) {
                                Ok(ClosestPoints::WithinMargin(a, b)) => a.x + b.x,
                                Ok(ClosestPoints::Intersecting) => 1.0,
                                _ => 0.0,
                            }
                        }
                        Query::Contact => match query::contact(p1, s1, p2, s2, max_dist) {
                            Ok(Some(c)) => c.dist + c.normal1.x,
                            _ => 0.0,
                        },
                    };
                }
                acc
            }

            /// Counts support calls of the shape it wraps.
            pub struct Counted<'a> {
                pub inner: &'a dyn PSupport,
                pub calls: Cell<u32>,
            }

            impl PSupport for Counted<'_> {
                fn local_support_point(&self, dir: Vector) -> Vector {
                    self.calls.set(self.calls.get() + 1);
                    self.inner.local_support_point(dir)
                }
                fn local_support_point_toward(&self, dir: Vector) -> Vector {
                    self.calls.set(self.calls.get() + 1);
                    self.inner.local_support_point_toward(dir)
                }
            }

            /// Mean GJK iterations of parry's support-map distance (support
            /// calls on A minus the initial one), and its distances.
            pub fn stats(
                s1: &dyn Shape,
                s2: &dyn Shape,
                poses: &[(PPose, PPose)],
            ) -> (Option<f64>, Vec<f64>) {
                let distances = poses
                    .iter()
                    .map(|(p1, p2)| {
                        query::distance(p1, s1, p2, s2).map_or(f64::NAN, |d| d.distance as f64)
                    })
                    .collect();
                let (Some(m1), Some(m2)) = (s1.as_support_map(), s2.as_support_map()) else {
                    return (None, distances);
                };
                let iterations = poses.iter().map(|(p1, p2)| {
                    let pos12 = p1.inv_mul(p2);
                    let c1 = Counted {
                        inner: m1,
                        calls: Cell::new(0),
                    };
                    let c2 = Counted {
                        inner: m2,
                        calls: Cell::new(0),
                    };
                    query::details::distance_support_map_support_map(&pos12, &c1, &c2);
                    c1.calls.get().saturating_sub(1)
                });
                (Some(mean(iterations)), distances)
            }
        }
    };
}

parry3!(parry_f32, parry3d, f32);
parry3!(parry_f64, parry3d_f64, f64);

/// parry's 2D side for one `parry2d*` crate and scalar type.
macro_rules! parry2 {
    ($m:ident, $parry:ident, $T:ty) => {
        mod $m {
            use super::*;
            use $parry::math::{Pose as PPose, Vector};
            use $parry::query::{self, ClosestPoints};
            use $parry::shape::{ConvexPolygon, Shape};

            pub fn pose(p: &Pose<2>) -> PPose {
                let t = p.translation;
                PPose::new(Vector::new(t.x as $T, t.y as $T), p.angle() as $T)
            }

            pub fn polygon(points: &[Vector2<f64>]) -> ConvexPolygon {
                let points = points
                    .iter()
                    .map(|p| Vector::new(p.x as $T, p.y as $T))
                    .collect();
                ConvexPolygon::from_convex_polyline(points).unwrap()
            }

            pub fn vertices(p: &ConvexPolygon) -> Vec<Vector2<$T>> {
                p.points().iter().map(|v| Vector2::new(v.x, v.y)).collect()
            }

            #[inline]
            pub fn run(
                query: Query,
                s1: &dyn Shape,
                s2: &dyn Shape,
                poses: &[(PPose, PPose)],
            ) -> $T {
                let max_dist = MAX_DIST as $T;
                let mut acc: $T = 0.0;
                for (p1, p2) in poses {
                    acc += match query {
                        Query::Intersects => match query::intersection_test(p1, s1, p2, s2) {
                            Ok(r) if r.intersecting => 1.0,
                            _ => 0.0,
                        },
                        Query::Distance => {
                            query::distance(p1, s1, p2, s2).map_or(0.0, |d| d.distance)
                        }
                        Query::ClosestPoints => {
                            match query::closest_points(p1, s1, p2, s2, max_dist) {
                                Ok(ClosestPoints::WithinMargin(a, b)) => a.x + b.x,
                                Ok(ClosestPoints::Intersecting) => 1.0,
                                _ => 0.0,
                            }
                        }
                        Query::Contact => match query::contact(p1, s1, p2, s2, max_dist) {
                            Ok(Some(c)) => c.dist + c.normal1.x,
                            _ => 0.0,
                        },
                    };
                }
                acc
            }

            struct Counted<'a> {
                inner: &'a ConvexPolygon,
                calls: Cell<u32>,
            }

            impl $parry::shape::SupportMap for Counted<'_> {
                fn local_support_point(&self, dir: Vector) -> Vector {
                    self.calls.set(self.calls.get() + 1);
                    self.inner.local_support_point(dir)
                }
                fn local_support_point_toward(&self, dir: Vector) -> Vector {
                    self.calls.set(self.calls.get() + 1);
                    self.inner.local_support_point_toward(dir)
                }
            }

            pub fn stats(
                s1: &ConvexPolygon,
                s2: &ConvexPolygon,
                poses: &[(PPose, PPose)],
            ) -> (Option<f64>, Vec<f64>) {
                let distances = poses
                    .iter()
                    .map(|(p1, p2)| {
                        query::distance(p1, s1, p2, s2).map_or(f64::NAN, |d| d.distance as f64)
                    })
                    .collect();
                let iterations = poses.iter().map(|(p1, p2)| {
                    let pos12 = p1.inv_mul(p2);
                    let c1 = Counted {
                        inner: s1,
                        calls: Cell::new(0),
                    };
                    let c2 = Counted {
                        inner: s2,
                        calls: Cell::new(0),
                    };
                    query::details::distance_support_map_support_map(&pos12, &c1, &c2);
                    c1.calls.get().saturating_sub(1)
                });
                (Some(mean(iterations)), distances)
            }
        }
    };
}

parry2!(parry2_f32, parry2d, f32);
parry2!(parry2_f64, parry2d_f64, f64);

/// One 3D row: a named pair of shapes and its pose pairs.
struct Set3 {
    name: String,
    a: Spec,
    b: Spec,
    /// Whether parry's dispatcher answers `distance` for this pair with GJK.
    parry_gjk: bool,
    pairs: Vec<PosePair<3>>,
}

fn sets3(hulls: &Hulls<f64>) -> Vec<Set3> {
    let mut rows = vec![
        (
            "ball-ball".to_string(),
            Spec::Ball(BALL_A),
            Spec::Ball(BALL_B),
            false,
        ),
        (
            "box-box".to_string(),
            Spec::Cuboid(BOX_A),
            Spec::Cuboid(BOX_B),
            false,
        ),
        (
            "ball-box".to_string(),
            Spec::Ball(BALL_A),
            Spec::Cuboid(BOX_B),
            false,
        ),
        (
            "capsule-box".to_string(),
            Spec::Capsule(CAPSULE_HALF_HEIGHT, CAPSULE_RADIUS),
            Spec::Cuboid(BOX_B),
            true,
        ),
    ];
    for (k, n) in HULL_SIZES.iter().enumerate() {
        rows.push((
            format!("hull{n}-hull{n}"),
            Spec::Hull(2 * k),
            Spec::Hull(2 * k + 1),
            true,
        ));
    }
    let mut sets: Vec<Set3> = rows
        .into_iter()
        .enumerate()
        .map(|(i, (name, a, b, parry_gjk))| {
            let pairs = dispatch(a, b, hulls, Calibrate(1000 + i as u64));
            Set3 {
                name,
                a,
                b,
                parry_gjk,
                pairs,
            }
        })
        .collect();
    // The large hulls again as our other hull shapes, on the same poses.
    for (k, n) in HULL_SIZES.iter().enumerate() {
        if *n < 256 {
            continue;
        }
        let Some(pairs) = sets.iter().find(|s| s.name == format!("hull{n}-hull{n}")) else {
            continue;
        };
        let pairs = pairs.pairs.clone();
        let (a, b) = (2 * k, 2 * k + 1);
        sets.push(Set3 {
            name: format!("hull{n}-packed"),
            a: Spec::Packed(a),
            b: Spec::Packed(b),
            parry_gjk: true,
            pairs: pairs.clone(),
        });
        sets.push(Set3 {
            name: format!("hull{n}-climb"),
            a: Spec::Climb(a),
            b: Spec::Climb(b),
            parry_gjk: true,
            pairs,
        });
    }
    sets
}

fn max_gap(a: &[f64], b: &[f64]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
}

/// Generates the 3D benches for one precision.
macro_rules! bench3 {
    ($fn:ident, $T:ty, $parry:ident, $label:expr) => {
        fn $fn(c: &mut Criterion, report: &mut String) {
            let label = $label;
            let spec_hulls: Vec<Vec<Vector3<f64>>> = HULL_SIZES
                .iter()
                .flat_map(|&n| {
                    [
                        sphere_points::<3>(n, 7 * n as u64),
                        sphere_points::<3>(n, 7 * n as u64 + 1),
                    ]
                })
                .collect();
            let sets = sets3(&Hulls::new(spec_hulls.clone(), parry_f64::triangulate));
            let parry_hulls: Vec<Box<dyn $parry::Shape>> = (0..spec_hulls.len())
                .map(|i| $parry::shape(Spec::Hull(i), &spec_hulls))
                .collect();
            let our_hulls: Vec<Vec<Vector3<$T>>> = parry_hulls
                .iter()
                .map(|s| $parry::hull_vertices(s.as_ref()))
                .collect();
            let our_hulls = Hulls::new(our_hulls, $parry::triangulate);
            struct Prepared {
                name: String,
                a: Spec,
                b: Spec,
                s1: Box<dyn $parry::Shape>,
                s2: Box<dyn $parry::Shape>,
                ours: Vec<(Isometry3<$T>, Isometry3<$T>)>,
                theirs: Vec<($parry::PPose, $parry::PPose)>,
            }
            let prepared: Vec<Prepared> = sets
                .iter()
                .map(|s| {
                    let (our_gjk, our_contact, our_d) = dispatch(
                        s.a,
                        s.b,
                        &our_hulls,
                        Stats {
                            poses: &poses_ours(&s.pairs),
                        },
                    );
                    let theirs: Vec<_> = s
                        .pairs
                        .iter()
                        .map(|p| ($parry::pose(&p.a), $parry::pose(&p.b)))
                        .collect();
                    let s1 = $parry::shape(s.a, &spec_hulls);
                    let s2 = $parry::shape(s.b, &spec_hulls);
                    let (their_gjk, their_d) = $parry::stats(s1.as_ref(), s2.as_ref(), &theirs);
                    let their_gjk = their_gjk.filter(|_| s.parry_gjk);
                    let _ = writeln!(
                        report,
                        "{label},{},{:.2},{:.2},{},{:.3e}",
                        s.name,
                        our_gjk,
                        our_contact,
                        their_gjk.map_or("n/a".to_string(), |x| format!("{x:.2}")),
                        max_gap(&our_d, &their_d),
                    );
                    Prepared {
                        name: s.name.clone(),
                        a: s.a,
                        b: s.b,
                        s1,
                        s2,
                        ours: poses_ours(&s.pairs),
                        theirs,
                    }
                })
                .collect();
            for (query, qname) in QUERIES {
                let mut group = c.benchmark_group(format!("{qname}-{label}"));
                for p in &prepared {
                    group.bench_with_input(BenchmarkId::new("gjk", &p.name), p, |bench, p| {
                        bench.iter(|| {
                            dispatch(
                                p.a,
                                p.b,
                                &our_hulls,
                                Run {
                                    query,
                                    poses: black_box(&p.ours),
                                },
                            )
                        })
                    });
                    group.bench_with_input(BenchmarkId::new("parry", &p.name), p, |bench, p| {
                        bench.iter(|| {
                            $parry::run(query, p.s1.as_ref(), p.s2.as_ref(), black_box(&p.theirs))
                        })
                    });
                }
                group.finish();
            }
        }
    };
}

fn poses_ours<T: Real>(pairs: &[PosePair<3>]) -> Vec<(Isometry3<T>, Isometry3<T>)> {
    pairs.iter().map(|p| (iso3(&p.a), iso3(&p.b))).collect()
}

mod parry_f32_types {
    pub use super::parry_f32::*;
    pub use parry3d::math::Pose as PPose;
    pub use parry3d::shape::Shape;
}
mod parry_f64_types {
    pub use super::parry_f64::*;
    pub use parry3d_f64::math::Pose as PPose;
    pub use parry3d_f64::shape::Shape;
}

bench3!(bench3_f32, f32, parry_f32_types, "f32");
bench3!(bench3_f64, f64, parry_f64_types, "f64");

/// Generates the 2D polygon benches for one precision.
macro_rules! bench2 {
    ($fn:ident, $T:ty, $parry:ident, $parry_crate:ident, $label:expr) => {
        fn $fn(c: &mut Criterion, report: &mut String) {
            let label = $label;
            struct Prepared {
                name: String,
                pa: $parry_crate::shape::ConvexPolygon,
                pb: $parry_crate::shape::ConvexPolygon,
                va: Vec<Vector2<$T>>,
                vb: Vec<Vector2<$T>>,
                ours: Vec<(Isometry2<$T>, Isometry2<$T>)>,
                theirs: Vec<($parry_crate::math::Pose, $parry_crate::math::Pose)>,
            }
            let prepared: Vec<Prepared> = POLYGON_SIZES
                .iter()
                .enumerate()
                .map(|(i, &n)| {
                    let a = polygon_points(n, 31 * n as u64);
                    let b = polygon_points(n, 31 * n as u64 + 1);
                    let pairs = pose_pairs(
                        &Polygon::new(&a).unwrap(),
                        &Polygon::new(&b).unwrap(),
                        2000 + i as u64,
                    );
                    let pa = $parry::polygon(&a);
                    let pb = $parry::polygon(&b);
                    let va = $parry::vertices(&pa);
                    let vb = $parry::vertices(&pb);
                    let ours: Vec<_> = pairs.iter().map(|p| (iso2(&p.a), iso2(&p.b))).collect();
                    let theirs: Vec<_> = pairs
                        .iter()
                        .map(|p| ($parry::pose(&p.a), $parry::pose(&p.b)))
                        .collect();
                    let config = Config::default();
                    let (qa, qb) = (Polygon::new(&va).unwrap(), Polygon::new(&vb).unwrap());
                    let mut gjk_iters = Vec::new();
                    let mut contact_iters = Vec::new();
                    let mut our_d = Vec::new();
                    for (ia, ib) in &ours {
                        let ta = Transformed::from_isometry2(qa, ia);
                        let tb = Transformed::from_isometry2(qb, ib);
                        if let Ok(d) = distance(&ta, &tb, &config) {
                            gjk_iters.push(d.iterations);
                            our_d.push(d.distance as f64);
                        }
                        if let Ok(Some(c)) = contact(&ta, &tb, MAX_DIST as $T, &config) {
                            contact_iters.push(c.iterations);
                        }
                    }
                    let (their_gjk, their_d) = $parry::stats(&pa, &pb, &theirs);
                    let name = format!("polygon{n}-polygon{n}");
                    let _ = writeln!(
                        report,
                        "{label},{name},{:.2},{:.2},{},{:.3e}",
                        mean(gjk_iters),
                        mean(contact_iters),
                        their_gjk.map_or("n/a".to_string(), |x| format!("{x:.2}")),
                        max_gap(&our_d, &their_d),
                    );
                    Prepared {
                        name,
                        pa,
                        pb,
                        va,
                        vb,
                        ours,
                        theirs,
                    }
                })
                .collect();
            for (query, qname) in QUERIES {
                let mut group = c.benchmark_group(format!("{qname}-{label}"));
                for p in &prepared {
                    group.bench_with_input(BenchmarkId::new("gjk", &p.name), p, |bench, p| {
                        let config = Config::default();
                        let (qa, qb) = (Polygon::new(&p.va).unwrap(), Polygon::new(&p.vb).unwrap());
                        bench.iter(|| {
                            let mut acc: $T = 0.0;
                            for (ia, ib) in black_box(&p.ours) {
                                let ta = Transformed::from_isometry2(qa, ia);
                                let tb = Transformed::from_isometry2(qb, ib);
                                acc += answer(query, &ta, &tb, MAX_DIST as $T, &config);
                            }
                            acc
                        })
                    });
                    group.bench_with_input(BenchmarkId::new("parry", &p.name), p, |bench, p| {
                        bench.iter(|| $parry::run(query, &p.pa, &p.pb, black_box(&p.theirs)))
                    });
                }
                group.finish();
            }
        }
    };
}

bench2!(bench2_f32, f32, parry2_f32, parry2d, "f32");
bench2!(bench2_f64, f64, parry2_f64, parry2d_f64, "f64");

fn all(c: &mut Criterion) {
    let mut report =
        String::from("precision,set,gjk_distance_iters,gjk_contact_iters,parry_distance_iters,max_distance_gap\n");
    bench3_f32(c, &mut report);
    bench3_f64(c, &mut report);
    bench2_f32(c, &mut report);
    bench2_f64(c, &mut report);
    gjk_benches::save_report("gjk-iterations.csv", &report);
}

criterion_group! {
    name = benches;
    config = gjk_benches::criterion_config();
    targets = all
}
criterion_main!(benches);
