//! gjk and Box2D v3 side by side on identical 2D inputs, `f32`.
//!
//! Box2D is the C library as `boxdd-sys` bundles and builds it (its version
//! is printed at the start); the timed loops call its C functions directly
//! through `boxdd-sys`'s raw FFI, not through `boxdd`'s checked wrappers.
//! `boxdd-sys` compiles Box2D with the system C compiler at `-O2` and
//! `-ffp-contract=off`, without `NDEBUG` (Box2D's asserts on; building it
//! with `CFLAGS=-DNDEBUG` changed none of these rows measurably).
//! Every row runs one query over a set of seeded pose pairs from
//! `pose_pairs` (a third separated, a third nearly touching, a third
//! overlapping, under general rotation); the time per query is the measured
//! time divided by the number of poses. Both libraries get the same `f32`
//! numbers: the same vertices (the hull `b2ComputeHull` keeps, fed to
//! `gjk::hull::Polygon` too) and the same world poses (cosine, sine and
//! translation rounded once from `f64`). Inside the timed loop each side
//! places its shapes from the world poses: ours with
//! `Transformed::from_isometry2`, Box2D's with the relative transform
//! `b2InvMulTransforms(A, B)` (written out here: it is inline C), the form
//! its functions take.
//!
//! - `distance`: `gjk::distance` against `b2ShapeDistance` (proxies built
//!   once, radii applied, a zeroed simplex cache for every query), for
//!   polygon–polygon with 4, 8 and 64 vertices (Box2D stops at
//!   `B2_MAX_POLYGON_VERTICES` = 8: the 64 row is ours alone),
//!   polygon(8)–circle and capsule–polygon(8).
//! - `manifold`: `gjk::contact_manifold` against `b2CollidePolygons`, ours
//!   keeping points up to Box2D's speculative distance (0.02), beyond which
//!   Box2D gives no manifold, for box–box and 8-gon–8-gon on the touching
//!   and overlapping pose pairs, and for a box resting on a slab with the
//!   scene turned at random.
//! - `cast`: `gjk::shape_cast_with_separation` against `b2ShapeCast`, an
//!   8-gon moving against an 8-gon, both stopping at Box2D's target
//!   separation (`B2_LINEAR_SLOP`, 0.005).
//!
//! Untimed, on the same inputs, each row compares the answers: the largest
//! difference of distances (or of cast fractions), and for manifolds the
//! poses where the point counts differ and the largest differences of
//! matched points' separations, of the deepest separation and of the
//! normals. They are printed before timing and written with the mean times
//! (all of criterion's runs of the row, warm-up included) to
//! `target/gjk-box2d.csv`.

use std::hint::black_box;

use boxdd_sys::ffi as b2;
use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};
use gjk::nalgebra::{Isometry2, Translation2, UnitComplex, Vector2};
use gjk::{
    contact_manifold, distance, hull::Polygon, shape_cast_with_separation, Ball, Capsule, Config,
    Cuboid, Faces, SupportMap, Transformed,
};
use gjk_benches::peers::{bench_per_query, in_contact, Row};
use gjk_benches::{
    polygon_points, pose_pairs, Kind, Lcg, Pose, PosePair, BALL_B, BOX_A, BOX_B,
    CAPSULE_HALF_HEIGHT, CAPSULE_RADIUS, POSES, RESTING, SINK, SLAB,
};

/// Box2D's largest polygon (`B2_MAX_POLYGON_VERTICES`).
const B2_MAX_VERTICES: usize = 8;
/// Box2D's `B2_LINEAR_SLOP` (at one length unit per metre).
const LINEAR_SLOP: f32 = 0.005;
/// Box2D's `B2_SPECULATIVE_DISTANCE`: the manifolds' largest separation.
const SPECULATIVE: f32 = 4.0 * LINEAR_SLOP;
/// Polygon sizes of the polygon–polygon distance rows.
const DISTANCE_SIZES: [usize; 3] = [4, 8, 64];
/// Where a cast's moving shape starts, from the other's centre.
const CAST_START: f64 = 4.0;

/// Box2D's side: thin wrappers of the C functions, each with its one
/// `unsafe` call.
mod box2d {
    use super::*;

    pub use b2::{b2LocalManifold, b2Polygon, b2ShapeProxy, b2Transform, b2Vec2};

    pub fn vec2(x: f32, y: f32) -> b2Vec2 {
        b2Vec2 { x, y }
    }

    /// The version of the linked Box2D.
    pub fn version() -> (i32, i32, i32) {
        // SAFETY: no arguments; returns a plain struct by value.
        let v = unsafe { b2::b2GetVersion() };
        (v.major, v.minor, v.revision)
    }

    /// `b2InvMulTransforms(a, b)`: B's pose in A's frame (inline C, so
    /// written out here, operation for operation).
    #[inline]
    pub fn inv_mul(a: &b2Transform, b: &b2Transform) -> b2Transform {
        let (qa, qb) = (a.q, b.q);
        let (dx, dy) = (b.p.x - a.p.x, b.p.y - a.p.y);
        b2Transform {
            p: vec2(qa.c * dx + qa.s * dy, -qa.s * dx + qa.c * dy),
            q: b2::b2Rot {
                c: qa.c * qb.c + qa.s * qb.s,
                s: qa.c * qb.s - qa.s * qb.c,
            },
        }
    }

    /// `q · v` for a rotation of a transform.
    pub fn rotate(q: &b2::b2Rot, v: b2Vec2) -> b2Vec2 {
        vec2(q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y)
    }

    /// `q⁻¹ · v`.
    pub fn inv_rotate(q: &b2::b2Rot, v: b2Vec2) -> b2Vec2 {
        vec2(q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y)
    }

    /// A distance proxy of 1 to 8 points and a radius.
    pub fn proxy(points: &[b2Vec2], radius: f32) -> b2ShapeProxy {
        assert!((1..=B2_MAX_VERTICES).contains(&points.len()));
        let count = points.len() as i32;
        // SAFETY: `points` is a live slice of `count` vectors, and
        // `b2MakeProxy` copies at most `count` of them.
        unsafe { b2::b2MakeProxy(points.as_ptr(), count, radius) }
    }

    /// The convex hull of 3 to 8 points, as `b2ComputeHull` welds and
    /// orders them.
    pub fn hull(points: &[b2Vec2]) -> Vec<b2Vec2> {
        assert!((3..=B2_MAX_VERTICES).contains(&points.len()));
        let count = points.len() as i32;
        // SAFETY: `points` is a live slice of `count` vectors, and
        // `b2ComputeHull` reads at most `count` of them.
        let hull = unsafe { b2::b2ComputeHull(points.as_ptr(), count) };
        hull.points[..hull.count as usize].to_vec()
    }

    /// A polygon of a hull of `points`, radius zero.
    pub fn polygon(points: &[b2Vec2]) -> b2Polygon {
        let count = points.len() as i32;
        // SAFETY: as in `hull`.
        let hull = unsafe { b2::b2ComputeHull(points.as_ptr(), count) };
        assert!(hull.count >= 3, "Box2D refused the hull");
        // SAFETY: `hull` is a live hull straight from `b2ComputeHull`,
        // which `b2MakePolygon` only reads.
        unsafe { b2::b2MakePolygon(&hull, 0.0) }
    }

    /// A box with half extents `hx`, `hy`.
    pub fn make_box(hx: f32, hy: f32) -> b2Polygon {
        // SAFETY: plain values in, a plain struct out.
        unsafe { b2::b2MakeBox(hx, hy) }
    }

    /// `b2ShapeDistance` with radii, B at `transform` in A's frame and a
    /// zeroed simplex cache: the distance and the points in A's frame.
    #[inline]
    pub fn distance(
        a: &b2ShapeProxy,
        b: &b2ShapeProxy,
        transform: b2Transform,
    ) -> b2::b2DistanceOutput {
        let input = b2::b2DistanceInput {
            proxyA: *a,
            proxyB: *b,
            transform,
            useRadii: true,
        };
        let mut cache = b2::b2SimplexCache {
            count: 0,
            indexA: [0; 3],
            indexB: [0; 3],
        };
        // SAFETY: `input` and `cache` are live locals; no debug simplexes
        // (null with capacity 0, which Box2D never writes).
        unsafe { b2::b2ShapeDistance(&input, &mut cache, std::ptr::null_mut(), 0) }
    }

    /// `b2CollidePolygons`, B at `transform` in A's frame.
    #[inline]
    pub fn collide(a: &b2Polygon, b: &b2Polygon, transform: b2Transform) -> b2LocalManifold {
        // SAFETY: both polygons are live and were made by Box2D's own
        // constructors; the function only reads them.
        unsafe { b2::b2CollidePolygons(a, b, transform) }
    }

    /// `b2ShapeCast` of B (at `transform` in A's frame) moving by
    /// `translation` (in A's frame), up to fraction 1.
    #[inline]
    pub fn cast(
        a: &b2ShapeProxy,
        b: &b2ShapeProxy,
        transform: b2Transform,
        translation: b2Vec2,
    ) -> b2::b2CastOutput {
        let input = b2::b2ShapeCastPairInput {
            proxyA: *a,
            proxyB: *b,
            transform,
            translationB: translation,
            maxFraction: 1.0,
            canEncroach: false,
        };
        // SAFETY: `input` is a live local, only read.
        unsafe { b2::b2ShapeCast(&input) }
    }
}

use box2d::{b2Transform, b2Vec2};

/// The world poses of a set, both ways, from the same `f32` numbers.
struct Placed {
    ours: Vec<(Isometry2<f32>, Isometry2<f32>)>,
    theirs: Vec<(b2Transform, b2Transform)>,
    kinds: Vec<Kind>,
}

/// A pose as cosine, sine and translation in `f32`.
fn pose_f32(p: &Pose<2>) -> [f32; 4] {
    let r = p.rotation;
    let t = p.translation;
    [r[(0, 0)] as f32, r[(1, 0)] as f32, t.x as f32, t.y as f32]
}

fn placed(pairs: &[PosePair<2>]) -> Placed {
    let ours_of = |p: &Pose<2>| {
        let [c, s, x, y] = pose_f32(p);
        Isometry2::from_parts(
            Translation2::new(x, y),
            UnitComplex::from_cos_sin_unchecked(c, s),
        )
    };
    let theirs_of = |p: &Pose<2>| {
        let [c, s, x, y] = pose_f32(p);
        b2Transform {
            p: box2d::vec2(x, y),
            q: b2::b2Rot { c, s },
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

/// A point of a Box2D frame in the world, in `f64`.
fn world(x: &b2Transform, p: b2Vec2) -> Vector2<f64> {
    let (c, s) = (f64::from(x.q.c), f64::from(x.q.s));
    let (px, py) = (f64::from(p.x), f64::from(p.y));
    Vector2::new(
        c * px - s * py + f64::from(x.p.x),
        s * px + c * py + f64::from(x.p.y),
    )
}

fn v64(v: &Vector2<f32>) -> Vector2<f64> {
    Vector2::new(f64::from(v.x), f64::from(v.y))
}

fn b2v(v: &Vector2<f32>) -> b2Vec2 {
    box2d::vec2(v.x, v.y)
}

fn v2(v: b2Vec2) -> Vector2<f32> {
    Vector2::new(v.x, v.y)
}

/// Our distances over a set of poses, folded into a number.
#[inline]
fn our_distances<A, B>(a: A, b: B, poses: &[(Isometry2<f32>, Isometry2<f32>)]) -> f32
where
    A: SupportMap<f32, 2> + Copy,
    B: SupportMap<f32, 2> + Copy,
{
    let config = Config::default();
    let mut acc = 0.0;
    for (pa, pb) in poses {
        let ta = Transformed::from_isometry2(a, pa);
        let tb = Transformed::from_isometry2(b, pb);
        acc += distance(&ta, &tb, &config).map_or(0.0, |d| d.distance);
    }
    acc
}

/// Box2D's distances over a set of poses, folded into a number.
#[inline]
fn their_distances(
    a: &box2d::b2ShapeProxy,
    b: &box2d::b2ShapeProxy,
    poses: &[(b2Transform, b2Transform)],
) -> f32 {
    let mut acc = 0.0;
    for (xa, xb) in poses {
        acc += box2d::distance(a, b, box2d::inv_mul(xa, xb)).distance;
    }
    acc
}

/// A distance row: agreement, then both timings (Box2D's when it has
/// proxies for the shapes).
fn distance_row<A, B>(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    (a, b): (A, B),
    proxies: Option<(box2d::b2ShapeProxy, box2d::b2ShapeProxy)>,
    pairs: &[PosePair<2>],
    note: &str,
) -> Row
where
    A: SupportMap<f32, 2> + Copy,
    B: SupportMap<f32, 2> + Copy,
{
    let p = placed(pairs);
    let config = Config::default();
    let ours: Vec<f64> = p
        .ours
        .iter()
        .map(|(pa, pb)| {
            let ta = Transformed::from_isometry2(a, pa);
            let tb = Transformed::from_isometry2(b, pb);
            distance(&ta, &tb, &config).map_or(f64::NAN, |d| f64::from(d.distance))
        })
        .collect();
    let mut row = Row {
        query: "distance",
        name: name.to_string(),
        poses: p.ours.len(),
        note: note.to_string(),
        ..Row::default()
    };
    if let Some((pa, pb)) = &proxies {
        let mut worst = (0.0, Kind::Separated);
        for ((ours, (xa, xb)), kind) in ours.iter().zip(&p.theirs).zip(&p.kinds) {
            let theirs = f64::from(box2d::distance(pa, pb, box2d::inv_mul(xa, xb)).distance);
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
    }
    row.print();

    row.gjk_ns = bench_per_query(group, "gjk", name, row.poses, || {
        our_distances(a, b, black_box(&p.ours))
    });
    if let Some((pa, pb)) = &proxies {
        row.peer_ns = bench_per_query(group, "box2d", name, row.poses, || {
            their_distances(pa, pb, black_box(&p.theirs))
        });
    }
    row
}

/// The local vertices of a seeded polygon of `n` vertices, `f32`: for up to
/// 8 vertices the hull Box2D keeps of them (its order, welded), else the
/// points as they are.
fn polygon_vertices(n: usize, seed: u64) -> Vec<Vector2<f32>> {
    let points: Vec<Vector2<f32>> = polygon_points(n, seed)
        .iter()
        .map(|p| Vector2::new(p.x as f32, p.y as f32))
        .collect();
    if n > B2_MAX_VERTICES {
        return points;
    }
    let b2points: Vec<b2Vec2> = points.iter().map(b2v).collect();
    let hull: Vec<Vector2<f32>> = box2d::hull(&b2points).into_iter().map(v2).collect();
    assert_eq!(hull.len(), n, "Box2D's hull dropped vertices");
    hull
}

fn f64_points(v: &[Vector2<f32>]) -> Vec<Vector2<f64>> {
    v.iter().map(v64).collect()
}

fn distances(c: &mut Criterion, rows: &mut Vec<Row>) {
    let mut group = c.benchmark_group("box2d-distance");

    let mut octagon = None;
    for (i, n) in DISTANCE_SIZES.into_iter().enumerate() {
        let va = polygon_vertices(n, 31 * n as u64);
        let vb = polygon_vertices(n, 31 * n as u64 + 1);
        let (wa, wb) = (f64_points(&va), f64_points(&vb));
        let pairs = pose_pairs(
            &Polygon::new(&wa[..]).unwrap(),
            &Polygon::new(&wb[..]).unwrap(),
            3000 + i as u64,
        );
        let proxies = (n <= B2_MAX_VERTICES).then(|| {
            let pa: Vec<b2Vec2> = va.iter().map(b2v).collect();
            let pb: Vec<b2Vec2> = vb.iter().map(b2v).collect();
            (box2d::proxy(&pa, 0.0), box2d::proxy(&pb, 0.0))
        });
        let note = if proxies.is_none() {
            "Box2D: n/a, at most 8 vertices"
        } else {
            ""
        };
        let shapes = (
            Polygon::new(&va[..]).unwrap(),
            Polygon::new(&vb[..]).unwrap(),
        );
        let name = format!("polygon{n}-polygon{n}");
        rows.push(distance_row(
            &mut group, &name, shapes, proxies, &pairs, note,
        ));
        if n == 8 {
            octagon = Some(va);
        }
    }
    let octagon = octagon.expect("an 8-gon row");
    let octagon64 = f64_points(&octagon);
    let proxy8 = box2d::proxy(&octagon.iter().map(b2v).collect::<Vec<_>>(), 0.0);
    let origin = box2d::vec2(0.0, 0.0);

    // Polygon(8)–circle.
    let pairs = pose_pairs(
        &Polygon::new(&octagon64[..]).unwrap(),
        &Ball::new(Vector2::zeros(), BALL_B).unwrap(),
        3100,
    );
    let shapes = (
        Polygon::new(&octagon[..]).unwrap(),
        Ball::new(Vector2::zeros(), BALL_B as f32).unwrap(),
    );
    let proxies = (proxy8, box2d::proxy(&[origin], BALL_B as f32));
    rows.push(distance_row(
        &mut group,
        "polygon8-circle",
        shapes,
        Some(proxies),
        &pairs,
        "",
    ));

    // Capsule–polygon(8).
    let (h, r) = (CAPSULE_HALF_HEIGHT, CAPSULE_RADIUS);
    let capsule64 = Capsule::new(Vector2::new(0.0, -h), Vector2::new(0.0, h), r).unwrap();
    let pairs = pose_pairs(&capsule64, &Polygon::new(&octagon64[..]).unwrap(), 3200);
    let (h, r) = (h as f32, r as f32);
    let shapes = (
        Capsule::new(Vector2::new(0.0, -h), Vector2::new(0.0, h), r).unwrap(),
        Polygon::new(&octagon[..]).unwrap(),
    );
    let segment = [box2d::vec2(0.0, -h), box2d::vec2(0.0, h)];
    let proxies = (box2d::proxy(&segment, r), proxy8);
    rows.push(distance_row(
        &mut group,
        "capsule-polygon8",
        shapes,
        Some(proxies),
        &pairs,
        "",
    ));
    group.finish();
}

/// Our manifolds over a set of poses, folded into a number.
#[inline]
fn our_manifolds<A, B>(a: A, b: B, poses: &[(Isometry2<f32>, Isometry2<f32>)]) -> f32
where
    A: Faces<f32, 2> + Copy,
    B: Faces<f32, 2> + Copy,
{
    let config = Config::default();
    let mut acc = 0.0;
    for (pa, pb) in poses {
        let ta = Transformed::from_isometry2(a, pa);
        let tb = Transformed::from_isometry2(b, pb);
        if let Ok(Some(m)) = contact_manifold(&ta, &tb, SPECULATIVE, &config) {
            for p in m.points() {
                acc += p.distance;
            }
        }
    }
    acc
}

/// Box2D's manifolds over a set of poses, folded into a number.
#[inline]
fn their_manifolds(
    a: &box2d::b2Polygon,
    b: &box2d::b2Polygon,
    poses: &[(b2Transform, b2Transform)],
) -> f32 {
    let mut acc = 0.0;
    for (xa, xb) in poses {
        let m = box2d::collide(a, b, box2d::inv_mul(xa, xb));
        for p in &m.points[..m.pointCount as usize] {
            acc += p.separation;
        }
    }
    acc
}

/// Compares the manifolds of every pose: point counts, the separations of
/// points matched by place (each of ours with the nearest of Box2D's, both
/// taken midway between the surfaces), the deepest separations and the
/// normals. Box2D's clipper keeps both clipped points of the incident edge
/// however far apart (its solver treats the far ones as speculative); the
/// counts and the deepest point compare only its points within
/// [`SPECULATIVE`], those ours keeps.
fn compare_manifolds<A, B>(
    a: A,
    b: B,
    pa: &box2d::b2Polygon,
    pb: &box2d::b2Polygon,
    p: &Placed,
    row: &mut Row,
) where
    A: Faces<f32, 2> + Copy,
    B: Faces<f32, 2> + Copy,
{
    let config = Config::default();
    let (mut mismatches, mut sep_gap, mut deepest_gap, mut angle) = (0, 0.0f64, 0.0f64, 0.0f64);
    let (mut ours_total, mut theirs_total, mut theirs_all) = (0, 0, 0);
    for ((ia, ib), (xa, xb)) in p.ours.iter().zip(&p.theirs) {
        let ta = Transformed::from_isometry2(a, ia);
        let tb = Transformed::from_isometry2(b, ib);
        let ours = contact_manifold(&ta, &tb, SPECULATIVE, &config)
            .ok()
            .flatten();
        let theirs = box2d::collide(pa, pb, box2d::inv_mul(xa, xb));
        let all = &theirs.points[..theirs.pointCount as usize];
        theirs_all += all.len();
        let theirs_points: Vec<(Vector2<f64>, f64)> = all
            .iter()
            .filter(|q| q.separation <= SPECULATIVE)
            .map(|q| (world(xa, q.point), f64::from(q.separation)))
            .collect();
        let ours_points: Vec<(Vector2<f64>, f64)> = ours
            .iter()
            .flat_map(|m| m.points())
            .map(|q| (v64(&((q.point_a + q.point_b) * 0.5)), f64::from(q.distance)))
            .collect();
        ours_total += ours_points.len();
        theirs_total += theirs_points.len();
        if ours_points.len() != theirs_points.len() {
            mismatches += 1;
        }
        if ours_points.is_empty() || theirs_points.is_empty() {
            continue;
        }
        for (x, s) in &ours_points {
            let nearest = theirs_points
                .iter()
                .min_by(|u, v| (u.0 - x).norm().total_cmp(&(v.0 - x).norm()))
                .expect("a point");
            sep_gap = sep_gap.max((nearest.1 - s).abs());
        }
        let deepest =
            |pts: &[(Vector2<f64>, f64)]| pts.iter().map(|q| q.1).fold(f64::MAX, f64::min);
        deepest_gap = deepest_gap.max((deepest(&ours_points) - deepest(&theirs_points)).abs());
        if let Some(m) = &ours {
            let n = v64(&v2(box2d::rotate(&xa.q, theirs.normal)));
            let cos = v64(&m.normal).dot(&n) / (n.norm() * v64(&m.normal).norm());
            angle = angle.max(cos.clamp(-1.0, 1.0).acos());
        }
    }
    row.mismatches = Some(mismatches);
    row.max_gap = Some(sep_gap);
    row.deepest_gap = Some(deepest_gap);
    row.normal_angle = Some(angle);
    row.note = format!(
        "points: gjk {ours_total}, Box2D {theirs_total} within {SPECULATIVE} ({theirs_all} in all)"
    );
}

/// A manifold row: agreement, then both timings.
fn manifold_row<A, B>(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    (a, b): (A, B),
    (pa, pb): (box2d::b2Polygon, box2d::b2Polygon),
    pairs: &[PosePair<2>],
) -> Row
where
    A: Faces<f32, 2> + Copy,
    B: Faces<f32, 2> + Copy,
{
    let p = placed(pairs);
    let mut row = Row {
        query: "manifold",
        name: name.to_string(),
        poses: p.ours.len(),
        ..Row::default()
    };
    compare_manifolds(a, b, &pa, &pb, &p, &mut row);
    row.print();
    row.gjk_ns = bench_per_query(group, "gjk", name, row.poses, || {
        our_manifolds(a, b, black_box(&p.ours))
    });
    row.peer_ns = bench_per_query(group, "box2d", name, row.poses, || {
        their_manifolds(&pa, &pb, black_box(&p.theirs))
    });
    row
}

/// A box resting on a slab in 2D: the slab at the origin and the box on its
/// top face at a random place, turned by a random quarter turn plus a tilt
/// of up to 1e-3 rad (none in one pose in four), its lowest corner `SINK`
/// below the slab's top; the whole scene turned by a random rotation.
fn resting_poses(seed: u64) -> Vec<PosePair<2>> {
    let mut rng = Lcg::new(seed);
    let rotation = |t: f64| gjk::nalgebra::Rotation2::new(t).into_inner();
    (0..POSES)
        .map(|i| {
            let world = rotation(rng.range(-3.1, 3.1));
            let tilt = if i % 4 == 0 {
                0.0
            } else {
                rng.range(-1e-3, 1e-3)
            };
            let quarter = (rng.next_u64() >> 62) as f64 * core::f64::consts::FRAC_PI_2;
            let local = rotation(quarter + tilt);
            let low = -(RESTING[0] * local[(1, 0)].abs() + RESTING[1] * local[(1, 1)].abs());
            let place = Vector2::new(rng.range(-1.0, 1.0), SLAB[1] - low - SINK);
            PosePair {
                a: Pose {
                    rotation: world,
                    translation: Vector2::zeros(),
                },
                b: Pose {
                    rotation: world * local,
                    translation: world * place,
                },
                kind: Kind::Overlapping,
            }
        })
        .collect()
}

fn manifolds(c: &mut Criterion, rows: &mut Vec<Row>) {
    let mut group = c.benchmark_group("box2d-manifold");
    let cuboid = |h: [f64; 3]| Cuboid::new(Vector2::new(h[0], h[1])).unwrap();
    let cuboid32 = |h: [f64; 3]| Cuboid::new(Vector2::new(h[0] as f32, h[1] as f32)).unwrap();
    let b2box = |h: [f64; 3]| box2d::make_box(h[0] as f32, h[1] as f32);

    let pairs = in_contact(pose_pairs(&cuboid(BOX_A), &cuboid(BOX_B), 3300));
    rows.push(manifold_row(
        &mut group,
        "box-box",
        (cuboid32(BOX_A), cuboid32(BOX_B)),
        (b2box(BOX_A), b2box(BOX_B)),
        &pairs,
    ));

    rows.push(manifold_row(
        &mut group,
        "box-box-rest-turned",
        (cuboid32(SLAB), cuboid32(RESTING)),
        (b2box(SLAB), b2box(RESTING)),
        &resting_poses(3400),
    ));

    let va = polygon_vertices(8, 31 * 8);
    let vb = polygon_vertices(8, 31 * 8 + 1);
    let (wa, wb) = (f64_points(&va), f64_points(&vb));
    let pairs = in_contact(pose_pairs(
        &Polygon::new(&wa[..]).unwrap(),
        &Polygon::new(&wb[..]).unwrap(),
        3500,
    ));
    let polygon = |v: &[Vector2<f32>]| box2d::polygon(&v.iter().map(b2v).collect::<Vec<_>>());
    rows.push(manifold_row(
        &mut group,
        "polygon8-polygon8",
        (
            Polygon::new(&va[..]).unwrap(),
            Polygon::new(&vb[..]).unwrap(),
        ),
        (polygon(&va), polygon(&vb)),
        &pairs,
    ));
    group.finish();
}

/// A cast set: the rotations and A's place of seeded pose pairs; B starts
/// [`CAST_START`] from A's centre (along the pair's direction from A to B)
/// and moves, up to `t = 1`, to a point beside A's centre, offset across the
/// path by up to 1.6: most hit, some graze, some miss.
fn cast_set(pairs: &[PosePair<2>], seed: u64) -> (Vec<PosePair<2>>, Vec<Vector2<f32>>) {
    let mut rng = Lcg::new(seed);
    pairs
        .iter()
        .map(|p| {
            let d = p.b.translation - p.a.translation;
            let u = if d.norm() > 1e-9 {
                d.normalize()
            } else {
                Vector2::x()
            };
            let start = p.a.translation + u * CAST_START;
            let aim = p.a.translation + Vector2::new(-u.y, u.x) * rng.range(-1.6, 1.6);
            let v = aim - start;
            let mut q = *p;
            q.b.translation = start;
            (q, Vector2::new(v.x as f32, v.y as f32))
        })
        .unzip()
}

fn casts(c: &mut Criterion, rows: &mut Vec<Row>) {
    let mut group = c.benchmark_group("box2d-cast");
    let va = polygon_vertices(8, 31 * 8);
    let vb = polygon_vertices(8, 31 * 8 + 1);
    let (wa, wb) = (f64_points(&va), f64_points(&vb));
    let pairs = pose_pairs(
        &Polygon::new(&wa[..]).unwrap(),
        &Polygon::new(&wb[..]).unwrap(),
        3600,
    );
    let (pairs, velocities) = cast_set(&pairs, 3601);
    let p = placed(&pairs);
    let (a, b) = (
        Polygon::new(&va[..]).unwrap(),
        Polygon::new(&vb[..]).unwrap(),
    );
    let pa = box2d::proxy(&va.iter().map(b2v).collect::<Vec<_>>(), 0.0);
    let pb = box2d::proxy(&vb.iter().map(b2v).collect::<Vec<_>>(), 0.0);
    let config = Config::default();
    let ours = |ia: &Isometry2<f32>, ib: &Isometry2<f32>, v: &Vector2<f32>| {
        let ta = Transformed::from_isometry2(a, ia);
        let tb = Transformed::from_isometry2(b, ib);
        shape_cast_with_separation(&ta, &tb, *v, 1.0, LINEAR_SLOP, &config)
            .ok()
            .flatten()
            .map(|h| h.t)
    };
    let theirs = |xa: &b2Transform, xb: &b2Transform, v: &Vector2<f32>| {
        let out = box2d::cast(
            &pa,
            &pb,
            box2d::inv_mul(xa, xb),
            box2d::inv_rotate(&xa.q, b2v(v)),
        );
        out.hit.then_some(out.fraction)
    };

    let name = "polygon8-polygon8";
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
    row.note = format!("{hits} hit by both; Box2D stops within 0.00125 of the target");
    row.print();

    row.gjk_ns = bench_per_query(&mut group, "gjk", name, row.poses, || {
        let mut acc = 0.0f32;
        for ((ia, ib), v) in black_box(&p.ours).iter().zip(&velocities) {
            acc += ours(ia, ib, v).unwrap_or(2.0);
        }
        acc
    });
    row.peer_ns = bench_per_query(&mut group, "box2d", name, row.poses, || {
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
    let (major, minor, revision) = box2d::version();
    eprintln!(
        "Box2D {major}.{minor}.{revision} (upstream {}), from boxdd-sys",
        boxdd_sys::UPSTREAM_SHA
    );
    let mut rows = Vec::new();
    eprintln!("distance (max |gjk − Box2D| over the poses):");
    distances(c, &mut rows);
    eprintln!("manifold (separations of matched points, deepest, normals):");
    manifolds(c, &mut rows);
    eprintln!("cast (max |t_gjk − t_Box2D| where both hit):");
    casts(c, &mut rows);

    let mut report = String::from(
        "row,poses,gjk_ns_per_query,peer_ns_per_query,peer_over_gjk,max_gap,\
         deepest_gap,max_normal_angle,mismatches,note\n",
    );
    for row in &rows {
        report.push_str(&row.csv());
    }
    gjk_benches::save_report("gjk-box2d.csv", &report);
}

criterion_group! {
    name = benches;
    config = gjk_benches::criterion_config();
    targets = all
}
criterion_main!(benches);
