//! A small driver for profiling one bench row under callgrind, `f64`.
//!
//! ```sh
//! cargo build --release --example profile
//! valgrind --tool=callgrind target/release/examples/profile hull256 distance gjk 200
//! ```
//!
//! Arguments: the shapes (`box`, `ball-ball`, `capsule-box`, `ball-box`, `hull<N>`,
//! `polygon<N>`), the query (`intersects`, `distance`, `closest_points`,
//! `contact`, and `ray`: a ray from B's centre towards A's, against A; ours
//! only), the library (`gjk` or `parry`) and the number of passes over
//! the 64 pose pairs. Running it with 0 passes measures the set-up alone, so
//! `(Ir(R) − Ir(0)) / (64 R)` is the instruction count of one query.
//!
//! A real mesh of `benches/meshes` comes as `mesh-<name>` (`mesh-panda_finger`):
//! `Hull` built from its normalised vertices against parry's
//! `ConvexPolyhedron`, on the pose pairs of its `real_meshes` row.
//!
//! Hulls come as `hull<N>` (`Scanned`), `hull<N>-packed` (`Packed`),
//! `hull<N>-climb` (`Climbing`, on parry's triangulation of the
//! points) and `hull<N>-auto` (`Hull`, built from the points); parry uses its `ConvexPolyhedron` for all three. The query
//! `support` times the support map of shape A alone, along 64 fixed unit
//! directions per pass: `(Ir(R) − Ir(0)) / (64 R N)` is the cost per point
//! (a fifth argument `f32` runs it in `f32`, as it does our side of
//! `box manifold`).
//!
//! The query `reduce` with a set `d<D>k<K>` (`d3k4`: four points in 3D)
//! times one reduction of Johnson's sub-algorithm through the public API:
//! a copy of a filled `Simplex::<f64, D>` and `reduce()`, over 64 fixed
//! simplices of `K` points made as GJK makes them: `K − 1` points drawn
//! from the box `[-1, 3]^D` whose closest point `v` lies inside their hull,
//! and a newest point past the plane through `v` normal to it (the origin
//! inside some of the results); the library argument is ignored.

use std::hint::black_box;

use gjk::nalgebra::{
    Isometry2, Isometry3, Matrix3, Quaternion, Translation3, UnitQuaternion, Vector3,
};
use gjk::{
    closest_points, contact, contact_manifold_into, distance, hull::Block, hull::Built,
    hull::Climbing, hull::Packed, hull::Polygon, hull::Scanned, intersects, ray_cast, Ball,
    Capsule, Config, Cuboid, Faces, Hull, Manifold, Real, Shape3, Simplex, SupportMap,
    SupportPoint, Transformed, Vector,
};
use gjk_benches::{
    box_low, polygon_points, pose_pairs, sphere_points, turned_resting_poses, Lcg, Pose, PosePair,
    BALL_A, BALL_B, BOX_A, BOX_B, CAPSULE_HALF_HEIGHT, CAPSULE_RADIUS, MAX_DIST, POSES, RESTING,
    SLAB,
};
use parry3d_f64::math::{Pose as PPose, Rotation, Vector as PVector};
use parry3d_f64::query::{self as pq, ClosestPoints};
use parry3d_f64::shape::{
    Ball as PBall, Capsule as PCapsule, ConvexPolyhedron, Cuboid as PCuboid, Shape,
};

fn answer<const D: usize>(
    query: &str,
    a: &impl SupportMap<f64, D>,
    b: &impl SupportMap<f64, D>,
) -> f64 {
    let config = Config::default();
    match query {
        "intersects" => f64::from(u8::from(intersects(a, b, &config) == Ok(true))),
        "distance" => distance(a, b, &config).map_or(0.0, |d| d.distance),
        "closest_points" => match closest_points(a, b, MAX_DIST, &config) {
            Ok(Some(d)) => d.point_a[0],
            _ => 0.0,
        },
        // A ray from B's centre towards A's, against A.
        "ray" => {
            let (from, to) = (b.center(), a.center());
            ray_cast(a, from, to - from, 10.0, &config).map_or(0.0, |h| h.map_or(0.0, |h| h.t))
        }
        _ => match contact(a, b, MAX_DIST, &config) {
            Ok(Some(c)) => c.distance,
            _ => 0.0,
        },
    }
}

fn iso3(p: &Pose<3>) -> Isometry3<f64> {
    let [x, y, z, w] = p.quaternion();
    Isometry3::from_parts(
        Translation3::from(p.translation),
        UnitQuaternion::new_normalize(Quaternion::new(w, x, y, z)),
    )
}

fn ppose(p: &Pose<3>) -> PPose {
    let [x, y, z, w] = p.quaternion();
    let t = p.translation;
    PPose::from_parts(
        PVector::new(t.x, t.y, t.z),
        Rotation::from_xyzw(x, y, z, w).normalize(),
    )
}

fn pshape_of(points: &[Vector3<f64>]) -> ConvexPolyhedron {
    let p: Vec<PVector> = points.iter().map(|v| PVector::new(v.x, v.y, v.z)).collect();
    ConvexPolyhedron::from_convex_hull(&p).unwrap()
}

fn run_ours3<A, B>(query: &str, a: A, b: B, pairs: &[PosePair<3>], reps: usize) -> f64
where
    A: SupportMap<f64, 3> + Copy,
    B: SupportMap<f64, 3> + Copy,
{
    let poses: Vec<_> = pairs.iter().map(|p| (iso3(&p.a), iso3(&p.b))).collect();
    let mut acc = 0.0;
    for _ in 0..reps {
        for (pa, pb) in black_box(&poses) {
            let ta = Transformed::from_isometry3(a, pa);
            let tb = Transformed::from_isometry3(b, pb);
            acc += answer(query, &ta, &tb);
        }
    }
    acc
}

/// [`run_ours3`], or [`run_enum3`] for the library `enum`.
fn run_ours_or_enum3<A, B>(query: &str, a: A, b: B, pairs: &[PosePair<3>], reps: usize) -> f64
where
    A: SupportMap<f64, 3> + Copy + Into<Shape3<f64>>,
    B: SupportMap<f64, 3> + Copy + Into<Shape3<f64>>,
{
    if matches!(std::env::args().nth(3).as_deref(), Some("enum" | "pair")) {
        run_enum3(query, &a.into(), &b.into(), pairs, reps)
    } else {
        run_ours3(query, a, b, pairs, reps)
    }
}

/// [`run_ours3`] with both shapes held in the shape enum, as an engine
/// holds its bodies.
fn run_enum3(
    query: &str,
    a: &Shape3<f64>,
    b: &Shape3<f64>,
    pairs: &[PosePair<3>],
    reps: usize,
) -> f64 {
    let poses: Vec<_> = pairs.iter().map(|p| (iso3(&p.a), iso3(&p.b))).collect();
    let once_per_pair = std::env::args().nth(3).as_deref() == Some("pair");
    let mut acc = 0.0;
    for _ in 0..reps {
        for (pa, pb) in black_box(&poses) {
            if once_per_pair {
                acc += a.dispatch_pair(b, Answer { query, pa, pb });
                continue;
            }
            let ta = Transformed::from_isometry3(a, pa);
            let tb = Transformed::from_isometry3(b, pb);
            acc += answer(query, &ta, &tb);
        }
    }
    acc
}

/// [`answer`] on two shapes placed by their poses, for `dispatch_pair`.
struct Answer<'q> {
    query: &'q str,
    pa: &'q Isometry3<f64>,
    pb: &'q Isometry3<f64>,
}

impl gjk::PairFn<f64, 3> for Answer<'_> {
    type Output = f64;
    fn call<A, B>(self, a: &A, b: &B) -> f64
    where
        A: Faces<f64, 3> + ?Sized,
        B: Faces<f64, 3> + ?Sized,
    {
        let ta = Transformed::from_isometry3(a, self.pa);
        let tb = Transformed::from_isometry3(b, self.pb);
        answer(self.query, &ta, &tb)
    }
}

/// Storage for a `Hull` of `n` points: indices and facets.
fn hull_storage(n: usize) -> (Vec<u32>, Vec<[u32; 3]>) {
    (
        vec![0; Hull::<f64, 3>::indices_needed(n)],
        vec![[0; 3]; Hull::<f64, 3>::facets_needed(n)],
    )
}

/// `reps` passes of the support map of our hull of `points` (`kind`:
/// `scan`, `packed` or `climb`) in precision `T`, over the 64 directions.
fn support_pass<T: Real>(points: &[Vector3<f64>], kind: &str, reps: usize) -> f64 {
    let to_t = |v: &Vector3<f64>| v.map(T::lit);
    let p: Vec<Vector3<T>> = points.iter().map(to_t).collect();
    let dirs: Vec<Vector3<T>> = directions().iter().map(to_t).collect();
    let acc = match kind {
        "packed" => {
            let mut blocks = vec![Block::default(); Packed::<T, 3>::blocks_needed(p.len())];
            run_support(Packed::new(&p, &mut blocks).unwrap(), &dirs, reps)
        }
        "climb" => {
            let storage = Storage::new(points);
            let vertices: Vec<Vector3<T>> = storage.vertices.iter().map(to_t).collect();
            let (mut offsets, mut neighbours) = (storage.offsets, storage.neighbours);
            let hull = Climbing::new(&vertices, &storage.triangles, &mut offsets, &mut neighbours);
            run_support(hull.unwrap(), &dirs, reps)
        }
        _ => run_support(Scanned::new(&p).unwrap(), &dirs, reps),
    };
    acc.to_subset().unwrap_or(f64::NAN)
}

/// Storage for our large-hull shapes of one point set.
struct Storage {
    points: Vec<Vector3<f64>>,
    blocks: Vec<Block<f64, 3>>,
    vertices: Vec<Vector3<f64>>,
    triangles: Vec<[u32; 3]>,
    offsets: Vec<u32>,
    neighbours: Vec<u32>,
}

impl Storage {
    fn new(points: &[Vector3<f64>]) -> Self {
        let p: Vec<PVector> = points.iter().map(|v| PVector::new(v.x, v.y, v.z)).collect();
        let (vertices, triangles) = parry3d_f64::transformation::convex_hull(&p);
        let vertices: Vec<_> = vertices
            .iter()
            .map(|v| Vector3::new(v.x, v.y, v.z))
            .collect();
        Self {
            points: points.to_vec(),
            blocks: vec![Block::default(); Packed::<f64, 3>::blocks_needed(points.len())],
            offsets: vec![0; Climbing::<f64, 3>::offsets_needed(vertices.len())],
            neighbours: vec![0; Climbing::<f64, 3>::neighbours_needed(triangles.len())],
            vertices,
            triangles,
        }
    }

    fn packed(&mut self) -> Packed<'_, f64, 3> {
        Packed::new(&self.points, &mut self.blocks).unwrap()
    }

    fn climbing(&mut self) -> Climbing<'_, f64, 3> {
        Climbing::new(
            &self.vertices,
            &self.triangles,
            &mut self.offsets,
            &mut self.neighbours,
        )
        .unwrap()
    }
}

/// 64 fixed unit directions.
fn directions() -> Vec<Vector3<f64>> {
    let mut rng = Lcg::new(99);
    (0..64).map(|_| rng.direction::<3>()).collect()
}

#[inline(never)]
fn run_support<T: Real>(shape: impl SupportMap<T, 3>, dirs: &[Vector3<T>], reps: usize) -> T {
    let mut acc = T::zero();
    for _ in 0..reps {
        for d in black_box(dirs) {
            acc += shape.core_support(d).x;
        }
    }
    acc
}

fn run_parry(
    query: &str,
    s1: &dyn Shape,
    s2: &dyn Shape,
    poses: &[(PPose, PPose)],
    reps: usize,
) -> f64 {
    let mut acc = 0.0;
    for _ in 0..reps {
        for (p1, p2) in black_box(poses) {
            acc += match query {
                "intersects" => f64::from(u8::from(
                    pq::intersection_test(p1, s1, p2, s2).is_ok_and(|r| r.intersecting),
                )),
                "distance" => pq::distance(p1, s1, p2, s2).map_or(0.0, |d| d.distance),
                "closest_points" => match pq::closest_points(p1, s1, p2, s2, MAX_DIST) {
                    Ok(ClosestPoints::WithinMargin(a, _)) => a.x,
                    _ => 0.0,
                },
                _ => match pq::contact(p1, s1, p2, s2, MAX_DIST) {
                    Ok(Some(c)) => c.dist,
                    _ => 0.0,
                },
            };
        }
    }
    acc
}

/// `reps` passes of one reduction over 64 simplices of `k` points in `D`
/// dimensions (see the module's documentation).
fn reduce_pass<const D: usize>(k: usize, reps: usize) -> f64 {
    let mut rng = Lcg::new(1000 + 10 * D as u64 + k as u64);
    let mut simplices: Vec<Simplex<f64, D>> = Vec::new();
    while simplices.len() < 64 {
        // `k − 1` points whose closest point `v` lies inside their hull...
        let mut s = Simplex::new();
        for _ in 1..k {
            let p = Vector::<f64, D>::from_fn(|_, _| rng.range(-1.0, 3.0));
            s.push(SupportPoint::from_point(p));
        }
        let Some(v) = s.closest_point_full() else {
            continue;
        };
        // ...and a newest point beyond the plane through `v` normal to it,
        // as GJK's support point along `−v` is.
        let w = -v * rng.range(0.2, 1.5) + Vector::<f64, D>::from_fn(|_, _| rng.range(-1.0, 1.0));
        if s.len() + 1 == k && w.dot(&v) < 0.9 * v.dot(&v) {
            s.push(SupportPoint::from_point(w));
            simplices.push(s);
        }
    }
    let mut acc = 0.0;
    for _ in 0..reps {
        for s in black_box(&simplices) {
            let mut copy = *s;
            acc += copy.reduce().map_or(0.0, |v| v[0]);
        }
    }
    acc
}

/// Builds the hull of a cloud `reps` times: `set` is a mesh under
/// `benches/meshes` (without `.obj`) or `sphere<N>`; parry's `convex_hull`
/// when not `ours`. Per build: `(Ir(R) − Ir(0)) / R`.
fn build_pass(set: &str, ours: bool, reps: usize) -> f64 {
    let points: Vec<Vector3<f64>> = match set.strip_prefix("sphere") {
        Some(n) => sphere_points::<3>(n.parse().expect("sphere<N>"), 5),
        None => {
            let path = format!("{}/meshes/{set}.obj", env!("CARGO_MANIFEST_DIR"));
            gjk_benches::obj::read_vertices(path).expect("a mesh")
        }
    };
    let n = points.len();
    let mut acc = 0.0;
    if ours {
        let mut vertices = vec![0; Built::<3>::vertices_needed(n)];
        let mut facets = vec![[0; 3]; Built::<3>::facets_needed(n)];
        let mut work = vec![0; Built::<3>::work_needed(n)];
        for _ in 0..reps {
            let hull = Built::<3>::build(black_box(&points), &mut vertices, &mut facets, &mut work)
                .expect("a hull");
            acc += hull.facets().len() as f64;
        }
    } else {
        let cloud: Vec<PVector> = points.iter().map(|p| PVector::new(p.x, p.y, p.z)).collect();
        for _ in 0..reps {
            let (_, tris) = parry3d_f64::transformation::convex_hull(black_box(&cloud));
            acc += tris.len() as f64;
        }
    }
    acc
}

/// `reps` passes of a contact manifold (prediction `MAX_DIST`) over the 64
/// pose pairs of `box`, `box-rest` or `hull<N>` (gjk's `Hull`, parry's
/// `ConvexPolyhedron`), each manifold built afresh.
fn manifold_pass(set: &str, ours: bool, reps: usize) -> f64 {
    use parry3d_f64::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
    let n: usize = set.strip_prefix("hull").map_or(0, |n| n.parse().unwrap());
    let (a, b) = (
        sphere_points::<3>(n.max(4), 7 * n as u64),
        sphere_points::<3>(n.max(4), 7 * n as u64 + 1),
    );
    let (mut ia, mut fa) = hull_storage(a.len());
    let (mut ib, mut fb) = hull_storage(b.len());
    let ha = Hull::<f64, 3>::new(&a, &mut ia, &mut fa).unwrap();
    let hb = Hull::<f64, 3>::new(&b, &mut ib, &mut fb).unwrap();
    // `box-rest`: the resting box on the slab of the `manifolds` bench, the
    // scene turned at random, tilts up to 1e-3 rad (its `box-rest-turned`).
    let resting = set == "box-rest";
    let (dims_a, dims_b) = if resting {
        (SLAB, RESTING)
    } else {
        (BOX_A, BOX_B)
    };
    let (box_a, box_b) = (
        Cuboid::new(Vector3::from(dims_a)).unwrap(),
        Cuboid::new(Vector3::from(dims_b)).unwrap(),
    );
    let pairs = if n > 0 {
        pose_pairs(&ha, &hb, 7)
    } else if resting {
        turned_resting_poses(&Matrix3::identity(), &box_low, POSES, 23)
    } else {
        pose_pairs(&box_a, &box_b, 7)
    };
    let mut acc = 0.0;
    if ours {
        let poses: Vec<_> = pairs.iter().map(|p| (iso3(&p.a), iso3(&p.b))).collect();
        let config = Config::default();
        let mut m = Manifold::new();
        let mut one = |a: &dyn Faces<f64, 3>, b: &dyn Faces<f64, 3>| {
            if let Ok(true) = contact_manifold_into(a, b, MAX_DIST, &config, &mut m) {
                acc += m.points().map(|p| p.distance).sum::<f64>();
            }
        };
        for _ in 0..reps {
            for (pa, pb) in black_box(&poses) {
                if n > 0 {
                    let ta = Transformed::from_isometry3(ha, pa);
                    let tb = Transformed::from_isometry3(hb, pb);
                    one(&ta, &tb);
                } else {
                    let ta = Transformed::from_isometry3(box_a, pa);
                    let tb = Transformed::from_isometry3(box_b, pb);
                    one(&ta, &tb);
                }
            }
        }
    } else {
        let poses: Vec<_> = pairs.iter().map(|p| (ppose(&p.a), ppose(&p.b))).collect();
        let (sa, sb): (Box<dyn Shape>, Box<dyn Shape>) = if n > 0 {
            (Box::new(pshape_of(&a)), Box::new(pshape_of(&b)))
        } else {
            (
                Box::new(PCuboid::new(PVector::from(dims_a))),
                Box::new(PCuboid::new(PVector::from(dims_b))),
            )
        };
        let mut out = ContactManifold::<(), ()>::new();
        for _ in 0..reps {
            for (pa, pb) in black_box(&poses) {
                out.clear();
                let pos12 = pa.inv_mul(pb);
                let _ = DefaultQueryDispatcher.contact_manifold_convex_convex(
                    &pos12, &*sa, &*sb, None, None, MAX_DIST, &mut out,
                );
                acc += out.points.iter().map(|p| p.dist).sum::<f64>();
            }
        }
    }
    acc
}

/// `reps` passes of our box–box manifold in `T` over the same 64 pose
/// pairs, placed as the `manifolds` bench places them (`Pose::isometry`);
/// ours only (`box manifold gjk R f32`).
fn box_manifold_pass<T: Real>(reps: usize) -> f64 {
    let cuboid =
        |h: [f64; 3]| Cuboid::new(Vector3::new(T::lit(h[0]), T::lit(h[1]), T::lit(h[2]))).unwrap();
    let (a, b) = (cuboid(BOX_A), cuboid(BOX_B));
    let shape = |h: [f64; 3]| Cuboid::new(Vector3::from(h)).unwrap();
    let pairs = pose_pairs(&shape(BOX_A), &shape(BOX_B), 7);
    let poses: Vec<(Isometry3<T>, Isometry3<T>)> = pairs
        .iter()
        .map(|p| (p.a.isometry(), p.b.isometry()))
        .collect();
    let config = Config::default();
    let mut m = Manifold::new();
    let mut points = 0;
    for _ in 0..reps {
        for (pa, pb) in black_box(&poses) {
            let ta = Transformed::from_isometry3(a, pa);
            let tb = Transformed::from_isometry3(b, pb);
            if let Ok(true) = contact_manifold_into(&ta, &tb, T::lit(MAX_DIST), &config, &mut m) {
                points += m.len();
            }
        }
    }
    points as f64
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let set = args.get(1).map_or("hull256", String::as_str);
    let query = args.get(2).map_or("distance", String::as_str);
    let lib = args.get(3).map_or("gjk", String::as_str);
    let reps: usize = args.get(4).and_then(|r| r.parse().ok()).unwrap_or(100);
    // `enum`: ours, with the shapes held in `Shape3` (boxes, balls,
    // capsules and `hull<N>-auto` only).
    // `pair`: the same, dispatched once per query (`dispatch_pair`).
    let ours = matches!(lib, "gjk" | "enum" | "pair");
    let box_a = Cuboid::new(Vector3::from(BOX_A)).unwrap();
    let box_b = Cuboid::new(Vector3::from(BOX_B)).unwrap();
    let pbox_a = PCuboid::new(PVector::from(BOX_A));
    let pbox_b = PCuboid::new(PVector::from(BOX_B));

    let result = if query == "manifold" {
        match (set, ours, args.get(5).map(String::as_str)) {
            ("box", true, Some("f32")) => box_manifold_pass::<f32>(reps),
            _ => manifold_pass(set, ours, reps),
        }
    } else if query == "build" {
        build_pass(set, ours, reps)
    } else if query == "reduce" {
        let (d, k) = set
            .strip_prefix('d')
            .and_then(|r| r.split_once('k'))
            .and_then(|(d, k)| Some((d.parse::<usize>().ok()?, k.parse::<usize>().ok()?)))
            .expect("a set d<D>k<K>");
        match d {
            1 => reduce_pass::<1>(k, reps),
            2 => reduce_pass::<2>(k, reps),
            3 => reduce_pass::<3>(k, reps),
            _ => reduce_pass::<4>(k, reps),
        }
    } else if let Some(name) = set.strip_prefix("mesh-") {
        let mesh = gjk_benches::meshes()
            .into_iter()
            .find(|m| m.name == name)
            .expect("a mesh of benches/meshes");
        let hull = gjk_benches::our_hull(&mesh.points).expect("a hull");
        // The seed of the mesh's row in the `real_meshes` bench.
        let row = gjk_benches::MESH_FILES.iter().position(|&(n, _)| n == name);
        let pairs = pose_pairs(&hull, &hull, 5000 + row.unwrap_or(0) as u64);
        if ours {
            run_ours3(query, hull, hull, &pairs, reps)
        } else {
            let poses: Vec<_> = pairs.iter().map(|p| (ppose(&p.a), ppose(&p.b))).collect();
            let shape = pshape_of(&mesh.points);
            run_parry(query, &shape, &shape, &poses, reps)
        }
    } else if let Some(n) = set.strip_prefix("polygon") {
        let n: usize = n.parse().unwrap();
        let (a, b) = (
            polygon_points(n, 31 * n as u64),
            polygon_points(n, 31 * n as u64 + 1),
        );
        let (qa, qb) = (Polygon::new(&a).unwrap(), Polygon::new(&b).unwrap());
        let pairs = pose_pairs(&qa, &qb, 7);
        if ours {
            let poses: Vec<_> = pairs
                .iter()
                .map(|p| {
                    let f = |q: &Pose<2>| Isometry2::new(q.translation, q.angle());
                    (f(&p.a), f(&p.b))
                })
                .collect();
            let mut acc = 0.0;
            for _ in 0..reps {
                for (pa, pb) in black_box(&poses) {
                    let ta = Transformed::from_isometry2(qa, pa);
                    let tb = Transformed::from_isometry2(qb, pb);
                    acc += answer(query, &ta, &tb);
                }
            }
            acc
        } else {
            use parry2d_f64::math::{Pose as P2, Vector as V2};
            use parry2d_f64::shape::ConvexPolygon;
            let poly = |v: &[gjk::nalgebra::Vector2<f64>]| {
                ConvexPolygon::from_convex_polyline(v.iter().map(|p| V2::new(p.x, p.y)).collect())
                    .unwrap()
            };
            let (s1, s2) = (poly(&a), poly(&b));
            let poses: Vec<_> = pairs
                .iter()
                .map(|p| {
                    let f =
                        |q: &Pose<2>| P2::new(V2::new(q.translation.x, q.translation.y), q.angle());
                    (f(&p.a), f(&p.b))
                })
                .collect();
            let mut acc = 0.0;
            for _ in 0..reps {
                for (p1, p2) in black_box(&poses) {
                    acc += match query {
                        "intersects" => f64::from(u8::from(
                            parry2d_f64::query::intersection_test(p1, &s1, p2, &s2)
                                .is_ok_and(|r| r.intersecting),
                        )),
                        "distance" => parry2d_f64::query::distance(p1, &s1, p2, &s2)
                            .map_or(0.0, |d| d.distance),
                        "closest_points" => {
                            match parry2d_f64::query::closest_points(p1, &s1, p2, &s2, MAX_DIST) {
                                Ok(parry2d_f64::query::ClosestPoints::WithinMargin(a, _)) => a.x,
                                _ => 0.0,
                            }
                        }
                        _ => match parry2d_f64::query::contact(p1, &s1, p2, &s2, MAX_DIST) {
                            Ok(Some(c)) => c.dist,
                            _ => 0.0,
                        },
                    };
                }
            }
            acc
        }
    } else if let Some(rest) = set.strip_prefix("hull") {
        let (n, kind) = rest.split_once('-').unwrap_or((rest, "scan"));
        let n: usize = n.parse().unwrap();
        let (a, b) = (
            sphere_points::<3>(n, 7 * n as u64),
            sphere_points::<3>(n, 7 * n as u64 + 1),
        );
        let (ha, hb) = (Scanned::new(&a).unwrap(), Scanned::new(&b).unwrap());
        let pairs = pose_pairs(&ha, &hb, 7);
        let (mut sa, mut sb) = (Storage::new(&a), Storage::new(&b));
        match (ours, query, kind) {
            (true, "support", _) if args.get(5).is_some_and(|p| p == "f32") => {
                support_pass::<f32>(&a, kind, reps)
            }
            (true, "support", _) => support_pass::<f64>(&a, kind, reps),
            (true, _, "auto") if lib == "enum" || lib == "pair" => {
                let ha = Shape3::from(gjk::OwnedHull::<f64, 3>::new(a.clone()).unwrap());
                let hb = Shape3::from(gjk::OwnedHull::<f64, 3>::new(b.clone()).unwrap());
                run_enum3(query, &ha, &hb, &pairs, reps)
            }
            (true, _, "auto") => {
                let (mut ia, mut fa) = hull_storage(a.len());
                let (mut ib, mut fb) = hull_storage(b.len());
                let ha = Hull::<f64, 3>::new(&a, &mut ia, &mut fa).unwrap();
                let hb = Hull::<f64, 3>::new(&b, &mut ib, &mut fb).unwrap();
                run_ours3(query, ha, hb, &pairs, reps)
            }
            (true, _, "packed") => run_ours3(query, sa.packed(), sb.packed(), &pairs, reps),
            (true, _, "climb") => run_ours3(query, sa.climbing(), sb.climbing(), &pairs, reps),
            (true, _, _) => run_ours3(query, ha, hb, &pairs, reps),
            (false, "support", _) => {
                use parry3d_f64::shape::SupportMap as _;
                let s = pshape_of(&a);
                let mut acc = 0.0;
                for _ in 0..reps {
                    for d in black_box(&directions()) {
                        acc += s.local_support_point(PVector::new(d.x, d.y, d.z)).x;
                    }
                }
                acc
            }
            (false, _, _) => {
                let poses: Vec<_> = pairs.iter().map(|p| (ppose(&p.a), ppose(&p.b))).collect();
                run_parry(query, &pshape_of(&a), &pshape_of(&b), &poses, reps)
            }
        }
    } else if set == "ball-ball" {
        let ball_a = Ball::new(Vector3::zeros(), BALL_A).unwrap();
        let ball_b = Ball::new(Vector3::zeros(), BALL_B).unwrap();
        let pairs = pose_pairs(&ball_a, &ball_b, 7);
        if ours {
            run_ours3(query, ball_a, ball_b, &pairs, reps)
        } else {
            let poses: Vec<_> = pairs.iter().map(|p| (ppose(&p.a), ppose(&p.b))).collect();
            run_parry(
                query,
                &PBall::new(BALL_A),
                &PBall::new(BALL_B),
                &poses,
                reps,
            )
        }
    } else if set == "capsule-box" || set == "ball-box" {
        let ball = Ball::new(Vector3::zeros(), BALL_A).unwrap();
        let capsule = Capsule::new(
            Vector3::new(0.0, -CAPSULE_HALF_HEIGHT, 0.0),
            Vector3::new(0.0, CAPSULE_HALF_HEIGHT, 0.0),
            CAPSULE_RADIUS,
        )
        .unwrap();
        let pairs = if set == "ball-box" {
            pose_pairs(&ball, &box_b, 7)
        } else {
            pose_pairs(&capsule, &box_b, 7)
        };
        let poses: Vec<_> = pairs.iter().map(|p| (ppose(&p.a), ppose(&p.b))).collect();
        match (ours, set) {
            (true, "ball-box") => run_ours_or_enum3(query, ball, box_b, &pairs, reps),
            (true, _) => run_ours_or_enum3(query, capsule, box_b, &pairs, reps),
            (false, "ball-box") => run_parry(query, &PBall::new(BALL_A), &pbox_b, &poses, reps),
            (false, _) => run_parry(
                query,
                &PCapsule::new_y(CAPSULE_HALF_HEIGHT, CAPSULE_RADIUS),
                &pbox_b,
                &poses,
                reps,
            ),
        }
    } else {
        let pairs = pose_pairs(&box_a, &box_b, 7);
        if ours {
            run_ours_or_enum3(query, box_a, box_b, &pairs, reps)
        } else {
            let poses: Vec<_> = pairs.iter().map(|p| (ppose(&p.a), ppose(&p.b))).collect();
            run_parry(query, &pbox_a, &pbox_b, &poses, reps)
        }
    };
    println!("{set} {query} {lib} x{reps}: {result}");
}
