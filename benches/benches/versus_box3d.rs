//! gjk and Box3D side by side on identical 3D inputs, `f32`.
//!
//! Box3D is Erin Catto's 3D successor of Box2D v3, as `boxddd-sys` bundles
//! and builds it (its version is printed at the start; `boxddd-sys` 0.4.0
//! vendors upstream commit 781673be); the timed loops call its C functions
//! directly through `boxddd-sys`'s raw FFI, not through `boxddd`'s checked
//! wrappers. `boxddd-sys` compiles Box3D with the system C compiler at `-O2`
//! and `-ffp-contract=off`, without `NDEBUG` (Box3D's asserts on), with its
//! SSE2 paths on x86-64.
//! Every row runs one query over a set of seeded pose pairs from
//! `pose_pairs` (a third separated, a third nearly touching, a third
//! overlapping, under general rotation); the time per query is the measured
//! time divided by the number of poses. Both libraries get the same `f32`
//! numbers: the same vertices (the points `b3CreateHull` keeps, fed to our
//! `Hull` too; a box's corners) and the same world poses (quaternion and
//! translation rounded once from `f64`). Inside the timed loop each side
//! places its shapes from the world poses: ours with
//! `Transformed::from_isometry3`, Box3D's with the relative transform
//! `b3InvMulTransforms(A, B)` (written out here: it is inline C), the form
//! its functions take.
//!
//! - `distance`: `gjk::distance` against `b3ShapeDistance` (proxies built
//!   once, radii applied, a zeroed simplex cache for every query), for
//!   box–box, hull–hull with 8 and 32 points on the unit sphere
//!   (`sphere_points`), ball–box and capsule–box.
//! - `manifold`: `gjk::contact_manifold_into` against `b3CollideHulls`
//!   (box–box, hull8–hull8, hull32–hull32) and `b3CollideHullAndCapsule`
//!   (box–capsule) on the touching and overlapping pose pairs, and
//!   `b3CollideHulls` for a box and a hull32 resting on a slab with the
//!   scene turned at random (`turned_resting_poses`). Ours keeps points up
//!   to Box3D's speculative distance (0.02), beyond which Box3D gives no
//!   manifold; Box3D gets a zeroed `b3SATCache` (or simplex cache) for
//!   every query, as ours has none; both write into storage the caller
//!   keeps across queries.
//! - `cast`: `gjk::shape_cast_with_separation` against `b3ShapeCast`, a
//!   hull8 moving against a hull8, both stopping at Box3D's target
//!   separation (`B3_LINEAR_SLOP`, 0.005).
//!
//! Untimed, on the same inputs, each row compares the answers: the largest
//! difference of distances (or of cast fractions), and for manifolds the
//! poses where the point counts differ and the largest differences of
//! matched points' separations, of the deepest separation and of the
//! normals. They are printed before timing and written with the mean times
//! (all of criterion's runs of the row, warm-up included) to
//! `target/gjk-box3d.csv`.

use std::fmt::Write as _;
use std::hint::black_box;

use boxddd_sys::ffi as b3;
use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};
use gjk::nalgebra::{Isometry3, Matrix3, Quaternion, Translation3, UnitQuaternion, Vector3};
use gjk::{
    contact_manifold, contact_manifold_into, distance, shape_cast_with_separation, Ball, Capsule,
    Config, Cuboid, Faces, Manifold, SupportMap, Transformed,
};
use gjk_benches::peers::{bench_per_query, in_contact, Row};
use gjk_benches::{
    box_low, facet_down, our_hull, pose_pairs, sphere_points, turned_resting_poses, Kind, Lcg,
    Pose, PosePair, BALL_A, BOX_A, BOX_B, CAPSULE_HALF_HEIGHT, CAPSULE_RADIUS, POSES, RESTING,
    SLAB,
};

/// Box3D's `B3_LINEAR_SLOP` (at one length unit per metre, checked at the
/// start).
const LINEAR_SLOP: f32 = 0.005;
/// Box3D's `B3_SPECULATIVE_DISTANCE`: the manifolds' largest separation.
const SPECULATIVE: f32 = 4.0 * LINEAR_SLOP;
/// Box3D's `B3_MAX_MANIFOLD_POINTS`: the capacity given to its manifolds.
const MANIFOLD_CAPACITY: usize = 4;
/// Box3D's `B3_MAX_SHAPE_CAST_POINTS`: the most points of a proxy.
const MAX_PROXY_POINTS: usize = 64;
/// Hull sizes of the hull–hull rows.
const HULL_SIZES: [usize; 2] = [8, 32];
/// Where a cast's moving shape starts, from the other's centre.
const CAST_START: f64 = 4.0;

/// Box3D's side: thin wrappers of the C functions, each with its one
/// `unsafe` call.
mod box3d {
    use std::marker::PhantomData;
    use std::ptr::NonNull;

    use super::*;

    pub use b3::{
        b3BoxHull, b3Capsule, b3FeaturePair, b3HullData, b3LocalManifoldPoint, b3Quat,
        b3ShapeProxy, b3Transform, b3Vec3,
    };

    pub fn vec3(x: f32, y: f32, z: f32) -> b3Vec3 {
        b3Vec3 { x, y, z }
    }

    /// The version of the linked Box3D.
    pub fn version() -> (i32, i32, i32) {
        // SAFETY: no arguments; returns a plain struct by value.
        let v = unsafe { b3::b3GetVersion() };
        (v.major, v.minor, v.revision)
    }

    /// Box3D's length units per metre (which scale its slop).
    pub fn length_units() -> f32 {
        // SAFETY: no arguments; reads a global float.
        unsafe { b3::b3GetLengthUnitsPerMeter() }
    }

    fn cross(a: b3Vec3, b: b3Vec3) -> b3Vec3 {
        vec3(
            a.y * b.z - a.z * b.y,
            a.z * b.x - a.x * b.z,
            a.x * b.y - a.y * b.x,
        )
    }

    fn dot(a: b3Vec3, b: b3Vec3) -> f32 {
        a.x * b.x + a.y * b.y + a.z * b.z
    }

    /// `a + s · b` (`b3MulAdd`).
    fn mul_add(a: b3Vec3, s: f32, b: b3Vec3) -> b3Vec3 {
        vec3(a.x + s * b.x, a.y + s * b.y, a.z + s * b.z)
    }

    /// `a − s · b` (`b3MulSub`).
    fn mul_sub(a: b3Vec3, s: f32, b: b3Vec3) -> b3Vec3 {
        vec3(a.x - s * b.x, a.y - s * b.y, a.z - s * b.z)
    }

    /// `q⁻¹ · v` (`b3InvRotateVector`, operation for operation).
    #[inline]
    pub fn inv_rotate(q: &b3Quat, v: b3Vec3) -> b3Vec3 {
        let t1 = cross(q.v, v);
        let t2 = mul_sub(t1, q.s, v);
        let t3 = cross(q.v, t2);
        mul_add(v, 2.0, t3)
    }

    /// `b3InvMulTransforms(a, b)`: B's pose in A's frame (inline C, so
    /// written out here, operation for operation, with `b3InvMulQuat`).
    #[inline]
    pub fn inv_mul(a: &b3Transform, b: &b3Transform) -> b3Transform {
        let d = vec3(b.p.x - a.p.x, b.p.y - a.p.y, b.p.z - a.p.z);
        let (q1, q2) = (a.q, b.q);
        let t1 = cross(q2.v, q1.v);
        let t2 = mul_add(t1, q1.s, q2.v);
        let t3 = mul_sub(t2, q2.s, q1.v);
        b3Transform {
            p: inv_rotate(&a.q, d),
            q: b3Quat {
                v: t3,
                s: q1.s * q2.s + dot(q1.v, q2.v),
            },
        }
    }

    /// A distance proxy of 1 to 64 points and a radius, borrowing the
    /// points (Box3D's proxy holds a pointer to them).
    #[derive(Clone, Copy)]
    pub struct Proxy<'a> {
        raw: b3ShapeProxy,
        points: PhantomData<&'a [b3Vec3]>,
    }

    pub fn proxy(points: &[b3Vec3], radius: f32) -> Proxy<'_> {
        assert!((1..=MAX_PROXY_POINTS).contains(&points.len()));
        Proxy {
            raw: b3ShapeProxy {
                points: points.as_ptr(),
                count: points.len() as i32,
                radius,
            },
            points: PhantomData,
        }
    }

    /// A hull for Box3D's collide functions, borrowed from its owner (a
    /// [`Hull`] or a [`BoxHull`]): a pointer to the whole allocation, as
    /// the hull's arrays follow its header at the offsets it records.
    #[derive(Clone, Copy)]
    pub struct HullRef<'a> {
        ptr: *const b3HullData,
        owner: PhantomData<&'a b3HullData>,
    }

    impl<'a> HullRef<'a> {
        /// The hull's points, in its vertex order.
        pub fn points(&self) -> &'a [b3Vec3] {
            // SAFETY: `ptr` points to a live hull (its owner outlives 'a)
            // that Box3D laid out: `vertexCount` points at `pointOffset`
            // bytes from the header, inside the same allocation, which
            // nothing writes to while it is borrowed.
            unsafe {
                let header = &*self.ptr;
                let first = self
                    .ptr
                    .cast::<u8>()
                    .add(header.pointOffset as usize)
                    .cast::<b3Vec3>();
                std::slice::from_raw_parts(first, header.vertexCount as usize)
            }
        }
    }

    /// A hull made by `b3CreateHull`, destroyed on drop.
    pub struct Hull(NonNull<b3HullData>);

    impl Hull {
        /// The convex hull of 4 to 128 points, as `b3CreateHull` welds and
        /// orders them, keeping up to all of them.
        pub fn new(points: &[b3Vec3]) -> Self {
            let count = points.len() as i32;
            // SAFETY: `points` is a live slice of `count` vectors, and
            // `b3CreateHull` only reads them; it returns a fresh allocation
            // or null.
            let hull = unsafe { b3::b3CreateHull(points.as_ptr(), count, count) };
            Self(NonNull::new(hull).expect("Box3D refused the hull"))
        }

        pub fn hull(&self) -> HullRef<'_> {
            HullRef {
                ptr: self.0.as_ptr(),
                owner: PhantomData,
            }
        }
    }

    impl Drop for Hull {
        fn drop(&mut self) {
            // SAFETY: the pointer came from `b3CreateHull`, is destroyed
            // only here, and no `HullRef` outlives `self`.
            unsafe { b3::b3DestroyHull(self.0.as_ptr()) }
        }
    }

    /// A box as Box3D's engine makes it (`b3MakeBoxHull`): a hull whose
    /// arrays are in the struct, at offsets from its start.
    pub struct BoxHull(b3BoxHull);

    impl BoxHull {
        pub fn new(h: [f32; 3]) -> Self {
            // SAFETY: plain values in, a plain struct out.
            Self(unsafe { b3::b3MakeBoxHull(h[0], h[1], h[2]) })
        }

        pub fn hull(&self) -> HullRef<'_> {
            HullRef {
                ptr: std::ptr::from_ref(&self.0).cast::<b3HullData>(),
                owner: PhantomData,
            }
        }
    }

    /// `b3ShapeDistance` with radii, B at `transform` in A's frame and a
    /// zeroed simplex cache: the distance and the points in A's frame.
    #[inline]
    pub fn distance(a: &Proxy, b: &Proxy, transform: b3Transform) -> b3::b3DistanceOutput {
        let input = b3::b3DistanceInput {
            proxyA: a.raw,
            proxyB: b.raw,
            transform,
            useRadii: true,
        };
        let mut cache = empty_simplex_cache();
        // SAFETY: `input` and `cache` are live locals; the proxies' points
        // are borrowed for as long as `a` and `b`; no debug simplexes
        // (null with capacity 0, which Box3D never writes).
        unsafe { b3::b3ShapeDistance(&input, &mut cache, std::ptr::null_mut(), 0) }
    }

    fn empty_simplex_cache() -> b3::b3SimplexCache {
        b3::b3SimplexCache {
            metric: 0.0,
            count: 0,
            indexA: [0; 4],
            indexB: [0; 4],
        }
    }

    /// A manifold written by Box3D into storage the caller keeps: the
    /// normal in A's frame and up to [`MANIFOLD_CAPACITY`] points.
    pub struct Manifold3 {
        pub normal: b3Vec3,
        pub count: usize,
        pub points: [b3LocalManifoldPoint; MANIFOLD_CAPACITY],
    }

    impl Manifold3 {
        pub fn new() -> Self {
            let point = b3LocalManifoldPoint {
                point: vec3(0.0, 0.0, 0.0),
                separation: 0.0,
                pair: b3FeaturePair {
                    owner1: 0,
                    index1: 0,
                    owner2: 0,
                    index2: 0,
                },
                triangleIndex: 0,
            };
            Self {
                normal: vec3(0.0, 0.0, 0.0),
                count: 0,
                points: [point; MANIFOLD_CAPACITY],
            }
        }

        pub fn points(&self) -> &[b3LocalManifoldPoint] {
            &self.points[..self.count]
        }

        /// Box3D's manifold header over this storage.
        fn raw(&mut self) -> b3::b3LocalManifold {
            b3::b3LocalManifold {
                normal: vec3(0.0, 0.0, 0.0),
                triangleNormal: vec3(0.0, 0.0, 0.0),
                points: self.points.as_mut_ptr(),
                pointCount: 0,
                triangleIndex: 0,
                i1: 0,
                i2: 0,
                i3: 0,
                squaredDistance: 0.0,
                feature: 0,
                triangleFlags: 0,
            }
        }

        fn set(&mut self, raw: &b3::b3LocalManifold) {
            self.normal = raw.normal;
            self.count = (raw.pointCount.max(0) as usize).min(MANIFOLD_CAPACITY);
        }
    }

    /// `b3CollideHulls`, B at `transform` in A's frame, with a zeroed SAT
    /// cache.
    #[inline]
    pub fn collide_hulls(a: HullRef, b: HullRef, transform: b3Transform, out: &mut Manifold3) {
        let mut raw = out.raw();
        let mut cache = b3::b3SATCache {
            separation: 0.0,
            type_: 0,
            indexA: 0,
            indexB: 0,
            hit: 0,
        };
        // SAFETY: both hulls are live Box3D hulls (`HullRef`), only read;
        // `raw.points` is `out`'s buffer of `MANIFOLD_CAPACITY` points,
        // the capacity passed, which Box3D writes within; `cache` is a
        // live local.
        unsafe {
            b3::b3CollideHulls(
                &mut raw,
                MANIFOLD_CAPACITY as i32,
                a.ptr,
                b.ptr,
                transform,
                &mut cache,
            );
        }
        out.set(&raw);
    }

    /// `b3CollideHullAndCapsule`, the capsule at `transform` in the hull's
    /// frame, with a zeroed simplex cache.
    #[inline]
    pub fn collide_hull_capsule(
        a: HullRef,
        b: &b3Capsule,
        transform: b3Transform,
        out: &mut Manifold3,
    ) {
        let mut raw = out.raw();
        let mut cache = empty_simplex_cache();
        // SAFETY: as in `collide_hulls`; the capsule is a live struct,
        // only read.
        unsafe {
            b3::b3CollideHullAndCapsule(
                &mut raw,
                MANIFOLD_CAPACITY as i32,
                a.ptr,
                b,
                transform,
                &mut cache,
            );
        }
        out.set(&raw);
    }

    /// `b3ShapeCast` of B (at `transform` in A's frame) moving by
    /// `translation` (in A's frame), up to fraction 1.
    #[inline]
    pub fn cast(
        a: &Proxy,
        b: &Proxy,
        transform: b3Transform,
        translation: b3Vec3,
    ) -> b3::b3CastOutput {
        let input = b3::b3ShapeCastPairInput {
            proxyA: a.raw,
            proxyB: b.raw,
            transform,
            translationB: translation,
            maxFraction: 1.0,
            canEncroach: false,
        };
        // SAFETY: `input` is a live local, only read; the proxies' points
        // are borrowed for as long as `a` and `b`.
        unsafe { b3::b3ShapeCast(&input) }
    }
}

use box3d::{b3Transform, b3Vec3, HullRef, Manifold3};

/// The world poses of a set, both ways, from the same `f32` numbers.
struct Placed {
    ours: Vec<(Isometry3<f32>, Isometry3<f32>)>,
    theirs: Vec<(b3Transform, b3Transform)>,
    kinds: Vec<Kind>,
}

/// A pose as quaternion `[x, y, z, w]` and translation in `f32`.
fn pose_f32(p: &Pose<3>) -> ([f32; 4], [f32; 3]) {
    let q = p.quaternion().map(|x| x as f32);
    let t = p.translation;
    (q, [t.x as f32, t.y as f32, t.z as f32])
}

fn placed(pairs: &[PosePair<3>]) -> Placed {
    let ours_of = |p: &Pose<3>| {
        let ([x, y, z, w], [tx, ty, tz]) = pose_f32(p);
        Isometry3::from_parts(
            Translation3::new(tx, ty, tz),
            UnitQuaternion::new_unchecked(Quaternion::new(w, x, y, z)),
        )
    };
    let theirs_of = |p: &Pose<3>| {
        let ([x, y, z, w], [tx, ty, tz]) = pose_f32(p);
        b3Transform {
            p: box3d::vec3(tx, ty, tz),
            q: box3d::b3Quat {
                v: box3d::vec3(x, y, z),
                s: w,
            },
        }
    };
    Placed {
        ours: pairs
            .iter()
            .map(|p| (ours_of(&p.a), ours_of(&p.b)))
            .collect(),
        theirs: pairs
            .iter()
            .map(|p| (theirs_of(&p.a), theirs_of(&p.b)))
            .collect(),
        kinds: pairs.iter().map(|p| p.kind).collect(),
    }
}

fn v64(v: &Vector3<f32>) -> Vector3<f64> {
    v.map(f64::from)
}

fn b3v(v: &Vector3<f32>) -> b3Vec3 {
    box3d::vec3(v.x, v.y, v.z)
}

fn v3(v: b3Vec3) -> Vector3<f32> {
    Vector3::new(v.x, v.y, v.z)
}

/// A vector of a Box3D frame turned into the world, in `f64`.
fn world_vector(x: &b3Transform, v: b3Vec3) -> Vector3<f64> {
    let q = x.q;
    let q = UnitQuaternion::new_unchecked(Quaternion::new(
        f64::from(q.s),
        f64::from(q.v.x),
        f64::from(q.v.y),
        f64::from(q.v.z),
    ));
    q * v64(&v3(v))
}

/// A point of a Box3D frame in the world, in `f64`.
fn world(x: &b3Transform, p: b3Vec3) -> Vector3<f64> {
    world_vector(x, p) + v64(&v3(x.p))
}

/// Our distances over a set of poses, folded into a number.
#[inline]
fn our_distances<A, B>(a: A, b: B, poses: &[(Isometry3<f32>, Isometry3<f32>)]) -> f32
where
    A: SupportMap<f32, 3> + Copy,
    B: SupportMap<f32, 3> + Copy,
{
    let config = Config::default();
    let mut acc = 0.0;
    for (pa, pb) in poses {
        let ta = Transformed::from_isometry3(a, pa);
        let tb = Transformed::from_isometry3(b, pb);
        acc += distance(&ta, &tb, &config).map_or(0.0, |d| d.distance);
    }
    acc
}

/// Box3D's distances over a set of poses, folded into a number.
#[inline]
fn their_distances(
    a: &box3d::Proxy,
    b: &box3d::Proxy,
    poses: &[(b3Transform, b3Transform)],
) -> f32 {
    let mut acc = 0.0;
    for (xa, xb) in poses {
        acc += box3d::distance(a, b, box3d::inv_mul(xa, xb)).distance;
    }
    acc
}

/// A distance row: agreement, then both timings.
fn distance_row<A, B>(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    (a, b): (A, B),
    (pa, pb): (box3d::Proxy, box3d::Proxy),
    pairs: &[PosePair<3>],
    note: &str,
) -> Row
where
    A: SupportMap<f32, 3> + Copy,
    B: SupportMap<f32, 3> + Copy,
{
    let p = placed(pairs);
    let config = Config::default();
    let mut row = Row {
        query: "distance",
        name: name.to_string(),
        poses: p.ours.len(),
        note: note.to_string(),
        ..Row::default()
    };
    let mut worst = (0.0, Kind::Separated);
    for (((ia, ib), (xa, xb)), kind) in p.ours.iter().zip(&p.theirs).zip(&p.kinds) {
        let ta = Transformed::from_isometry3(a, ia);
        let tb = Transformed::from_isometry3(b, ib);
        let ours = distance(&ta, &tb, &config).map_or(f64::NAN, |d| f64::from(d.distance));
        let theirs = f64::from(box3d::distance(&pa, &pb, box3d::inv_mul(xa, xb)).distance);
        let gap = (ours - theirs).abs();
        if gap > worst.0 || gap.is_nan() {
            worst = (gap, *kind);
        }
    }
    row.max_gap = Some(worst.0);
    if worst.0 > 0.0 {
        let kind = format!("largest on a {:?} pose", worst.1).to_lowercase();
        row.note = [row.note.as_str(), kind.as_str()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("; ");
    }
    row.print();

    row.gjk_ns = bench_per_query(group, "gjk", name, row.poses, || {
        our_distances(a, b, black_box(&p.ours))
    });
    row.peer_ns = bench_per_query(group, "box3d", name, row.poses, || {
        their_distances(&pa, &pb, black_box(&p.theirs))
    });
    row
}

/// The two seeded point clouds of a hull–hull row of `n` points, `f32`,
/// on the unit sphere (the seeds of `versus_parry`).
fn hull_clouds(n: usize) -> [Vec<b3Vec3>; 2] {
    [7 * n as u64, 7 * n as u64 + 1].map(|seed| {
        sphere_points::<3>(n, seed)
            .iter()
            .map(|p| box3d::vec3(p.x as f32, p.y as f32, p.z as f32))
            .collect()
    })
}

/// Box3D's hull of a cloud, and its points (those both libraries use).
fn box3d_hull(cloud: &[b3Vec3]) -> (box3d::Hull, Vec<Vector3<f32>>) {
    let hull = box3d::Hull::new(cloud);
    let points = hull.hull().points().iter().map(|p| v3(*p)).collect();
    (hull, points)
}

fn f64_points(v: &[Vector3<f32>]) -> Vec<Vector3<f64>> {
    v.iter().map(v64).collect()
}

fn cuboid(h: [f64; 3]) -> Cuboid<f64, 3> {
    Cuboid::new(Vector3::from(h)).expect("a box")
}

fn cuboid32(h: [f64; 3]) -> Cuboid<f32, 3> {
    Cuboid::new(Vector3::from(h).map(|x| x as f32)).expect("a box")
}

fn f32s(h: [f64; 3]) -> [f32; 3] {
    h.map(|x| x as f32)
}

fn capsule<T: gjk::Real>() -> Capsule<T, 3> {
    let h = T::lit(CAPSULE_HALF_HEIGHT);
    Capsule::new(
        Vector3::new(T::zero(), -h, T::zero()),
        Vector3::new(T::zero(), h, T::zero()),
        T::lit(CAPSULE_RADIUS),
    )
    .expect("a capsule")
}

fn distances(c: &mut Criterion, rows: &mut Vec<Row>) {
    let mut group = c.benchmark_group("box3d-distance");

    // Box–box: the corners of Box3D's box hulls.
    let (ba, bb) = (
        box3d::BoxHull::new(f32s(BOX_A)),
        box3d::BoxHull::new(f32s(BOX_B)),
    );
    let pairs = pose_pairs(&cuboid(BOX_A), &cuboid(BOX_B), 4000);
    rows.push(distance_row(
        &mut group,
        "box-box",
        (cuboid32(BOX_A), cuboid32(BOX_B)),
        (
            box3d::proxy(ba.hull().points(), 0.0),
            box3d::proxy(bb.hull().points(), 0.0),
        ),
        &pairs,
        "",
    ));

    // Hull–hull: the points Box3D's hull keeps, ours a `Hull` of them.
    for (i, n) in HULL_SIZES.into_iter().enumerate() {
        let [ca, cb] = hull_clouds(n);
        let ((ha, va), (hb, vb)) = (box3d_hull(&ca), box3d_hull(&cb));
        let pairs = pose_pairs(
            &our_hull(&f64_points(&va)).expect("a hull"),
            &our_hull(&f64_points(&vb)).expect("a hull"),
            4001 + i as u64,
        );
        let note = if va.len() == n && vb.len() == n {
            String::new()
        } else {
            format!("Box3D kept {} and {} of {n} points", va.len(), vb.len())
        };
        rows.push(distance_row(
            &mut group,
            &format!("hull{n}-hull{n}"),
            (
                our_hull(&va).expect("our hull"),
                our_hull(&vb).expect("our hull"),
            ),
            (
                box3d::proxy(ha.hull().points(), 0.0),
                box3d::proxy(hb.hull().points(), 0.0),
            ),
            &pairs,
            &note,
        ));
    }

    // Ball–box: a point with a radius against the box's corners.
    let origin = [box3d::vec3(0.0, 0.0, 0.0)];
    let pairs = pose_pairs(
        &Ball::new(Vector3::zeros(), BALL_A).unwrap(),
        &cuboid(BOX_B),
        4003,
    );
    rows.push(distance_row(
        &mut group,
        "ball-box",
        (
            Ball::new(Vector3::zeros(), BALL_A as f32).unwrap(),
            cuboid32(BOX_B),
        ),
        (
            box3d::proxy(&origin, BALL_A as f32),
            box3d::proxy(bb.hull().points(), 0.0),
        ),
        &pairs,
        "",
    ));

    // Capsule–box: a segment with a radius against the box's corners.
    let h = CAPSULE_HALF_HEIGHT as f32;
    let segment = [box3d::vec3(0.0, -h, 0.0), box3d::vec3(0.0, h, 0.0)];
    let pairs = pose_pairs(&capsule::<f64>(), &cuboid(BOX_B), 4004);
    rows.push(distance_row(
        &mut group,
        "capsule-box",
        (capsule::<f32>(), cuboid32(BOX_B)),
        (
            box3d::proxy(&segment, CAPSULE_RADIUS as f32),
            box3d::proxy(bb.hull().points(), 0.0),
        ),
        &pairs,
        "",
    ));
    group.finish();
}

/// Our manifolds over a set of poses, into one manifold kept across
/// queries, folded into a number.
#[inline]
fn our_manifolds<A, B>(a: A, b: B, poses: &[(Isometry3<f32>, Isometry3<f32>)]) -> f32
where
    A: Faces<f32, 3> + Copy,
    B: Faces<f32, 3> + Copy,
{
    let config = Config::default();
    let mut m = Manifold::new();
    let mut acc = 0.0;
    for (pa, pb) in poses {
        let ta = Transformed::from_isometry3(a, pa);
        let tb = Transformed::from_isometry3(b, pb);
        if let Ok(true) = contact_manifold_into(&ta, &tb, SPECULATIVE, &config, &mut m) {
            for p in m.points() {
                acc += p.distance;
            }
        }
    }
    acc
}

/// Box3D's manifolds over a set of poses, into one manifold kept across
/// queries, folded into a number.
#[inline]
fn their_manifolds(
    collide: impl Fn(b3Transform, &mut Manifold3),
    poses: &[(b3Transform, b3Transform)],
) -> f32 {
    let mut m = Manifold3::new();
    let mut acc = 0.0;
    for (xa, xb) in poses {
        collide(box3d::inv_mul(xa, xb), &mut m);
        for p in m.points() {
            acc += p.separation;
        }
    }
    acc
}

/// Manifold agreement over a set of poses.
#[derive(Clone, Copy, Default)]
struct Agreement {
    poses: usize,
    /// Poses where the point counts differ.
    mismatches: usize,
    /// The largest difference of separations of matched points.
    sep_gap: f64,
    /// The largest difference of the deepest separations.
    deepest_gap: f64,
    /// The largest angle between the normals (radians).
    angle: f64,
    /// The largest |deepest separation| of ours and of Box3D's.
    deepest_ours: f64,
    deepest_theirs: f64,
}

impl Agreement {
    fn add(&mut self, other: &Self) {
        self.poses += other.poses;
        self.mismatches += other.mismatches;
        self.sep_gap = self.sep_gap.max(other.sep_gap);
        self.deepest_gap = self.deepest_gap.max(other.deepest_gap);
        self.angle = self.angle.max(other.angle);
        self.deepest_ours = self.deepest_ours.max(other.deepest_ours);
        self.deepest_theirs = self.deepest_theirs.max(other.deepest_theirs);
    }
}

/// Compares the manifolds of every pose: point counts, the separations of
/// points matched by place (each of ours with the nearest of Box3D's, both
/// taken midway between the surfaces), the deepest separations and the
/// normals; over all poses (the row's columns) and over the touching poses
/// alone (the note, with how far each side's deepest separation is from 0:
/// those poses are within 1e-5 of contact). Box3D keeps up to four clipped points however far
/// apart when there are no more (its solver treats the far ones as
/// speculative); the counts and the deepest point compare only its points
/// within [`SPECULATIVE`], those ours keeps.
fn compare_manifolds<A, B>(
    a: A,
    b: B,
    collide: &impl Fn(b3Transform, &mut Manifold3),
    p: &Placed,
    row: &mut Row,
) where
    A: Faces<f32, 3> + Copy,
    B: Faces<f32, 3> + Copy,
{
    let config = Config::default();
    let (mut all, mut touching) = (Agreement::default(), Agreement::default());
    let (mut ours_total, mut theirs_total, mut theirs_all) = (0, 0, 0);
    let mut theirs = Manifold3::new();
    for (((ia, ib), (xa, xb)), kind) in p.ours.iter().zip(&p.theirs).zip(&p.kinds) {
        let ta = Transformed::from_isometry3(a, ia);
        let tb = Transformed::from_isometry3(b, ib);
        let ours = contact_manifold(&ta, &tb, SPECULATIVE, &config)
            .ok()
            .flatten();
        collide(box3d::inv_mul(xa, xb), &mut theirs);
        theirs_all += theirs.count;
        let theirs_points: Vec<(Vector3<f64>, f64)> = theirs
            .points()
            .iter()
            .filter(|q| q.separation <= SPECULATIVE)
            .map(|q| (world(xa, q.point), f64::from(q.separation)))
            .collect();
        let ours_points: Vec<(Vector3<f64>, f64)> = ours
            .iter()
            .flat_map(|m| m.points())
            .map(|q| (v64(&((q.point_a + q.point_b) * 0.5)), f64::from(q.distance)))
            .collect();
        ours_total += ours_points.len();
        theirs_total += theirs_points.len();
        let mut pose = Agreement {
            poses: 1,
            mismatches: usize::from(ours_points.len() != theirs_points.len()),
            ..Agreement::default()
        };
        if !ours_points.is_empty() && !theirs_points.is_empty() {
            for (x, s) in &ours_points {
                let nearest = theirs_points
                    .iter()
                    .min_by(|u, v| (u.0 - x).norm().total_cmp(&(v.0 - x).norm()))
                    .expect("a point");
                pose.sep_gap = pose.sep_gap.max((nearest.1 - s).abs());
            }
            let deepest =
                |pts: &[(Vector3<f64>, f64)]| pts.iter().map(|q| q.1).fold(f64::MAX, f64::min);
            let (ours_deepest, theirs_deepest) = (deepest(&ours_points), deepest(&theirs_points));
            pose.deepest_gap = (ours_deepest - theirs_deepest).abs();
            pose.deepest_ours = ours_deepest.abs();
            pose.deepest_theirs = theirs_deepest.abs();
            if let Some(m) = &ours {
                let n = world_vector(xa, theirs.normal);
                let cos = v64(&m.normal).dot(&n) / (n.norm() * v64(&m.normal).norm());
                pose.angle = cos.clamp(-1.0, 1.0).acos();
            }
        }
        all.add(&pose);
        if *kind == Kind::Touching {
            touching.add(&pose);
        }
    }
    row.mismatches = Some(all.mismatches);
    row.max_gap = Some(all.sep_gap);
    row.deepest_gap = Some(all.deepest_gap);
    row.normal_angle = Some(all.angle);
    row.note = format!(
        "points: gjk {ours_total}, Box3D {theirs_total} within {SPECULATIVE} ({theirs_all} in all)"
    );
    if touching.poses > 0 {
        let _ = write!(
            row.note,
            "; the {} touching poses (within 1e-5 of contact): {} mismatched, \
             normals within {:.3e} rad, deepest separation within {:.1e} of 0 (gjk) \
             and {:.1e} (Box3D)",
            touching.poses,
            touching.mismatches,
            touching.angle,
            touching.deepest_ours,
            touching.deepest_theirs,
        );
    }
}

/// A manifold row: agreement, then both timings. `collide` is Box3D's
/// query with B at the given transform in A's frame.
fn manifold_row<A, B, F>(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    (a, b): (A, B),
    collide: F,
    pairs: &[PosePair<3>],
) -> Row
where
    A: Faces<f32, 3> + Copy,
    B: Faces<f32, 3> + Copy,
    F: Fn(b3Transform, &mut Manifold3) + Copy,
{
    let p = placed(pairs);
    let mut row = Row {
        query: "manifold",
        name: name.to_string(),
        poses: p.ours.len(),
        ..Row::default()
    };
    compare_manifolds(a, b, &collide, &p, &mut row);
    row.print();
    row.gjk_ns = bench_per_query(group, "gjk", name, row.poses, || {
        our_manifolds(a, b, black_box(&p.ours))
    });
    row.peer_ns = bench_per_query(group, "box3d", name, row.poses, || {
        their_manifolds(collide, black_box(&p.theirs))
    });
    row
}

/// `b3CollideHulls` of two borrowed hulls, as a manifold query.
fn hulls<'a>(a: HullRef<'a>, b: HullRef<'a>) -> impl Fn(b3Transform, &mut Manifold3) + Copy + 'a {
    move |x, out| box3d::collide_hulls(a, b, x, out)
}

fn manifolds(c: &mut Criterion, rows: &mut Vec<Row>) {
    let mut group = c.benchmark_group("box3d-manifold");

    let (ba, bb) = (
        box3d::BoxHull::new(f32s(BOX_A)),
        box3d::BoxHull::new(f32s(BOX_B)),
    );
    let pairs = in_contact(pose_pairs(&cuboid(BOX_A), &cuboid(BOX_B), 4100));
    rows.push(manifold_row(
        &mut group,
        "box-box",
        (cuboid32(BOX_A), cuboid32(BOX_B)),
        hulls(ba.hull(), bb.hull()),
        &pairs,
    ));

    let mut hull32 = None;
    for (i, n) in HULL_SIZES.into_iter().enumerate() {
        let [ca, cb] = hull_clouds(n);
        let ((ha, va), (hb, vb)) = (box3d_hull(&ca), box3d_hull(&cb));
        let pairs = in_contact(pose_pairs(
            &our_hull(&f64_points(&va)).expect("a hull"),
            &our_hull(&f64_points(&vb)).expect("a hull"),
            4101 + i as u64,
        ));
        rows.push(manifold_row(
            &mut group,
            &format!("hull{n}-hull{n}"),
            (
                our_hull(&va).expect("our hull"),
                our_hull(&vb).expect("our hull"),
            ),
            hulls(ha.hull(), hb.hull()),
            &pairs,
        ));
        if n == 32 {
            hull32 = Some((ha, va));
        }
    }

    // Box–capsule: the hull is A in `b3CollideHullAndCapsule`.
    let h = CAPSULE_HALF_HEIGHT as f32;
    let capsule3 = box3d::b3Capsule {
        center1: box3d::vec3(0.0, -h, 0.0),
        center2: box3d::vec3(0.0, h, 0.0),
        radius: CAPSULE_RADIUS as f32,
    };
    let pairs = in_contact(pose_pairs(&cuboid(BOX_B), &capsule::<f64>(), 4103));
    let box_b = bb.hull();
    rows.push(manifold_row(
        &mut group,
        "box-capsule",
        (cuboid32(BOX_B), capsule::<f32>()),
        |x, out: &mut Manifold3| box3d::collide_hull_capsule(box_b, &capsule3, x, out),
        &pairs,
    ));

    // Resting on a slab, the scene turned at random.
    let (slab, resting) = (
        box3d::BoxHull::new(f32s(SLAB)),
        box3d::BoxHull::new(f32s(RESTING)),
    );
    rows.push(manifold_row(
        &mut group,
        "box-rest-turned",
        (cuboid32(SLAB), cuboid32(RESTING)),
        hulls(slab.hull(), resting.hull()),
        &turned_resting_poses(&Matrix3::identity(), &box_low, POSES, 4200),
    ));

    let (h32, v32) = hull32.expect("a hull32 row");
    let w32 = f64_points(&v32);
    let down = facet_down(&w32);
    let hull_low = |r: &Matrix3<f64>| w32.iter().map(|p| (r * p).y).fold(f64::INFINITY, f64::min);
    rows.push(manifold_row(
        &mut group,
        "hull32-rest-turned",
        (cuboid32(SLAB), our_hull(&v32).expect("our hull")),
        hulls(slab.hull(), h32.hull()),
        &turned_resting_poses(&down, &hull_low, POSES, 4201),
    ));
    group.finish();
}

/// A cast set: the rotations and A's place of seeded pose pairs; B starts
/// [`CAST_START`] from A's centre (along the pair's direction from A to B)
/// and moves, up to `t = 1`, to a point beside A's centre, offset across the
/// path by up to 1.6 in a random direction: most hit, some graze, some
/// miss.
fn cast_set(pairs: &[PosePair<3>], seed: u64) -> (Vec<PosePair<3>>, Vec<Vector3<f32>>) {
    let mut rng = Lcg::new(seed);
    pairs
        .iter()
        .map(|p| {
            let d = p.b.translation - p.a.translation;
            let u = if d.norm() > 1e-9 {
                d.normalize()
            } else {
                Vector3::x()
            };
            let start = p.a.translation + u * CAST_START;
            let side = loop {
                let w = rng.direction::<3>();
                let w = w - u * u.dot(&w);
                if w.norm() > 0.1 {
                    break w.normalize();
                }
            };
            let aim = p.a.translation + side * rng.range(-1.6, 1.6);
            let v = aim - start;
            let mut q = *p;
            q.b.translation = start;
            (q, v.map(|x| x as f32))
        })
        .unzip()
}

fn casts(c: &mut Criterion, rows: &mut Vec<Row>) {
    let mut group = c.benchmark_group("box3d-cast");
    let [ca, cb] = hull_clouds(8);
    let ((ha, va), (hb, vb)) = (box3d_hull(&ca), box3d_hull(&cb));
    let pairs = pose_pairs(
        &our_hull(&f64_points(&va)).expect("a hull"),
        &our_hull(&f64_points(&vb)).expect("a hull"),
        4300,
    );
    let (pairs, velocities) = cast_set(&pairs, 4301);
    let p = placed(&pairs);
    let (a, b) = (
        our_hull(&va).expect("our hull"),
        our_hull(&vb).expect("our hull"),
    );
    let pa = box3d::proxy(ha.hull().points(), 0.0);
    let pb = box3d::proxy(hb.hull().points(), 0.0);
    let config = Config::default();
    let ours = |ia: &Isometry3<f32>, ib: &Isometry3<f32>, v: &Vector3<f32>| {
        let ta = Transformed::from_isometry3(a, ia);
        let tb = Transformed::from_isometry3(b, ib);
        shape_cast_with_separation(&ta, &tb, *v, 1.0, LINEAR_SLOP, &config)
            .ok()
            .flatten()
            .map(|h| h.t)
    };
    let theirs = |xa: &b3Transform, xb: &b3Transform, v: &Vector3<f32>| {
        let out = box3d::cast(
            &pa,
            &pb,
            box3d::inv_mul(xa, xb),
            box3d::inv_rotate(&xa.q, b3v(v)),
        );
        out.hit.then_some(out.fraction)
    };

    let name = "hull8-hull8";
    let mut row = Row {
        query: "cast",
        name: name.to_string(),
        poses: p.ours.len(),
        ..Row::default()
    };
    let (mut mismatches, mut gap, mut hits) = (0, 0.0f64, 0);
    for (((ia, ib), (xa, xb)), v) in p.ours.iter().zip(&p.theirs).zip(&velocities) {
        match (ours(ia, ib, v), theirs(xa, xb, v)) {
            (Some(t), Some(f)) => {
                hits += 1;
                gap = gap.max((f64::from(t) - f64::from(f)).abs());
            }
            (None, None) => {}
            _ => mismatches += 1,
        }
    }
    row.max_gap = Some(gap);
    row.mismatches = Some(mismatches);
    row.note = format!("{hits} hit by both; Box3D stops within 0.00125 of the target");
    row.print();

    row.gjk_ns = bench_per_query(&mut group, "gjk", name, row.poses, || {
        let mut acc = 0.0f32;
        for ((ia, ib), v) in black_box(&p.ours).iter().zip(&velocities) {
            acc += ours(ia, ib, v).unwrap_or(2.0);
        }
        acc
    });
    row.peer_ns = bench_per_query(&mut group, "box3d", name, row.poses, || {
        let mut acc = 0.0f32;
        for ((xa, xb), v) in black_box(&p.theirs).iter().zip(&velocities) {
            acc += theirs(xa, xb, v).unwrap_or(2.0);
        }
        acc
    });
    rows.push(row);
    group.finish();
}

fn all(c: &mut Criterion) {
    let (major, minor, revision) = box3d::version();
    eprintln!("Box3D {major}.{minor}.{revision}, from boxddd-sys");
    assert_eq!(
        box3d::length_units(),
        1.0,
        "the slop constants here assume one length unit per metre"
    );
    let mut rows = Vec::new();
    eprintln!("distance (max |gjk − Box3D| over the poses):");
    distances(c, &mut rows);
    eprintln!("manifold (separations of matched points, deepest, normals):");
    manifolds(c, &mut rows);
    eprintln!("cast (max |t_gjk − t_Box3D| where both hit):");
    casts(c, &mut rows);

    let mut report = String::from(
        "row,poses,gjk_ns_per_query,peer_ns_per_query,peer_over_gjk,max_gap,\
         deepest_gap,max_normal_angle,mismatches,note\n",
    );
    for row in &rows {
        report.push_str(&row.csv());
    }
    gjk_benches::save_report("gjk-box3d.csv", &report);
}

criterion_group! {
    name = benches;
    config = gjk_benches::criterion_config();
    targets = all
}
criterion_main!(benches);
