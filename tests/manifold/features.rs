//! Manifolds on faces of any vertex count, with ids that name features.
//!
//! Found: a hull face of more than eight vertices (a cylinder's 32-sided
//! cap) fell back to one triangle of it, so a box resting on the cap got 1
//! to 3 points instead of its four corners; a face merged from coplanar
//! facets took the id of whichever facet was best aligned, so a 1e-6 tilt
//! flipped it; clipped points kept 13 and 14 bits of each vertex index,
//! and the reduction to four points picked a different four after a 1e-6
//! move where the region was symmetric.
//!
//! Must hold, in f32 and f64 under general rotations of the whole scene:
//! - a box resting inside a 32-gon cap gets its four bottom corners, each
//!   at the resting depth (budget `64 ε L`), and a box covering the cap
//!   gets four points spanning the cap's best inscribed square (the best
//!   four of its 32 vertices, to 1e-9 relative);
//! - a hull's merged face has the same id whatever tiny tilt asks for it;
//! - on random face-on-face scenes (boxes and prisms of 3 to 40 sides, on
//!   each other, turned about the normal), at least 99 % keep their set of
//!   point ids under a 1e-6 move and a 1e-6 rad turn;
//! - each point's anchors are its positions in its shapes' own frames
//!   (against the placements inverted in f64), the manifold names its
//!   reference shape and face (swapping the shapes swaps the side), and a
//!   slide of 1e-3 matches every point to the one before, carrying its
//!   data and keeping its anchor on the sliding body.

use crate::support;

use gjk::nalgebra::{Matrix3, Rotation3, Vector3};
use gjk::{contact_manifold, Config, Cuboid, Faces, Hull, Manifold, Transformed, Vector};
use support::{rotation, unit_vector, Rng, Source, TestReal};

type V3 = Vector3<f64>;

/// The corners of a prism over a regular `n`-gon of circumradius `r`,
/// from `z = −h` to `z = h`.
fn prism(n: usize, r: f64, h: f64) -> Vec<V3> {
    let mut points = Vec::new();
    for z in [-h, h] {
        for k in 0..n {
            let (s, c) = (core::f64::consts::TAU * k as f64 / n as f64).sin_cos();
            points.push(V3::new(r * c, r * s, z));
        }
    }
    points
}

/// A hull's storage, kept by the test while the hull borrows it.
struct Storage<T: TestReal> {
    points: Vec<Vector<T, 3>>,
    indices: Vec<u32>,
    facets: Vec<[u32; 3]>,
}

impl<T: TestReal> Storage<T> {
    fn new(points: &[V3]) -> Self {
        let n = points.len();
        Self {
            points: points.iter().map(|p| p.map(T::of_f64)).collect(),
            indices: vec![0; Hull::<T, 3>::indices_needed(n)],
            facets: vec![[0; 3]; Hull::<T, 3>::facets_needed(n)],
        }
    }

    fn hull(&mut self) -> Hull<'_, T, 3> {
        Hull::<T, 3>::new(&self.points, &mut self.indices, &mut self.facets).unwrap()
    }
}

/// `shape` placed by the rotation `m` and translation `at` (in f64, then
/// rounded to `T`).
fn placed<S, T: TestReal>(shape: S, m: &Matrix3<f64>, at: &V3) -> Transformed<S, T, 3> {
    Transformed::new(shape, m.map(T::of_f64), at.map(T::of_f64)).unwrap()
}

/// The sorted id pairs of a manifold's points.
fn ids<T: TestReal>(m: &Manifold<T, 3>) -> Vec<(u64, u64)> {
    let mut v: Vec<_> = m.points().map(|p| (p.id_a, p.id_b)).collect();
    v.sort_unstable();
    v
}

/// Twice the area of the quadrilateral of four points in angular order
/// about their centroid, in the plane across `normal`.
fn quad_area(points: &[V3], normal: &V3) -> f64 {
    let c = points.iter().sum::<V3>() / points.len() as f64;
    let u = (points[0] - c).normalize();
    let w = normal.cross(&u);
    let mut p: Vec<V3> = points.to_vec();
    p.sort_by(|a, b| {
        let angle = |x: &V3| w.dot(&(x - c)).atan2(u.dot(&(x - c)));
        angle(a).total_cmp(&angle(b))
    });
    (0..p.len())
        .map(|i| (p[i] - c).cross(&(p[(i + 1) % p.len()] - c)).dot(normal))
        .sum::<f64>()
        .abs()
}

fn box_on_a_many_sided_cap<T: TestReal>(seed: u64) {
    let mut rng = Rng::new(seed);
    let config = Config::<T, _>::default();
    let mut store = Storage::<T>::new(&prism(32, 1.0, 0.5));
    let cap = store.hull();
    for case in 0..50 {
        // The scene turned as a whole; the cap's top at z = 0.5 in its frame.
        let world = rotation::<3>(&mut rng);
        let up = world * V3::z();
        let yaw = rng.range(0.0, core::f64::consts::TAU);
        let depth = 1e-3;
        // A box well inside the cap (its corners within 0.9 of the axis).
        let half = V3::new(rng.range(0.1, 0.45), rng.range(0.1, 0.45), 0.2);
        let turn = world * Rotation3::from_axis_angle(&V3::z_axis(), yaw).into_inner();
        let at = world * V3::new(0.0, 0.0, 0.5 + 0.2 - depth);
        let lower = placed(cap, &world, &V3::zeros());
        let upper = placed(Cuboid::new(half.map(T::of_f64)).unwrap(), &turn, &at);
        let m = contact_manifold(&lower, &upper, T::zero(), &config)
            .unwrap()
            .unwrap();
        assert_eq!(m.len(), 4, "{} case {case}: {m:?}", T::NAME);
        let budget = 64.0 * T::eps() * 2.0;
        for p in m.points() {
            assert!(
                (p.distance.as_f64() + depth).abs() <= budget,
                "{} case {case}: a point {} deep, not {depth}",
                T::NAME,
                -p.distance.as_f64()
            );
            // One of the box's bottom corners, in the box's frame.
            let local = turn.transpose() * (p.point_b.map(|x| x.as_f64()) - at);
            let corner = (local.x.abs() - half.x)
                .abs()
                .max((local.y.abs() - half.y).abs());
            assert!(
                corner <= budget && (local.z + half.z).abs() <= budget,
                "{} case {case}: {local:?} is not a bottom corner",
                T::NAME
            );
        }
        // A wide box covers the cap: its region is the whole cap, and the
        // four points span the cap's best inscribed square (area 2 r²).
        let wide = Cuboid::new(Vector3::new(2.0, 2.0, 0.2).map(T::of_f64)).unwrap();
        let m = contact_manifold(&lower, &placed(wide, &turn, &at), T::zero(), &config)
            .unwrap()
            .unwrap();
        let kept: Vec<V3> = m.points().map(|p| p.point_a.map(|x| x.as_f64())).collect();
        assert_eq!(kept.len(), 4, "{} case {case}: {m:?}", T::NAME);
        let area = quad_area(&kept, &up) / 2.0;
        assert!(
            (area - 2.0).abs() <= 1e-9 + 64.0 * T::eps(),
            "{} case {case}: the points span {area}, not the cap's best 2",
            T::NAME
        );
    }
}

#[test]
fn a_box_on_a_many_sided_cap_gets_four_corners() {
    box_on_a_many_sided_cap::<f64>(1);
    box_on_a_many_sided_cap::<f32>(2);
}

fn merged_face_id<T: TestReal>() {
    // A cube as a hull: each face two triangles, either of which can be
    // the better aligned with a direction that tilts a little.
    let cube: Vec<V3> = (0..8)
        .map(|i| {
            V3::new(f64::from(i & 1), f64::from(i >> 1 & 1), f64::from(i >> 2)) * 2.0
                - V3::repeat(1.0)
        })
        .collect();
    let mut store = Storage::<T>::new(&cube);
    let hull = store.hull();
    let mut rng = Rng::new(7);
    for axis in 0..3 {
        for sign in [-1.0, 1.0] {
            let mut seen = None;
            for _ in 0..200 {
                let tilt = unit_vector::<3>(&mut rng) * 1e-6;
                let dir = (V3::ith(axis, sign) + tilt).map(T::of_f64);
                let face = hull.face(&dir);
                assert_eq!(face.len(), 4, "{}: {face:?}", T::NAME);
                assert_eq!(
                    *seen.get_or_insert(face.id),
                    face.id,
                    "{}: the id flipped",
                    T::NAME
                );
            }
        }
    }
}

#[test]
fn a_merged_face_has_one_id() {
    merged_face_id::<f64>();
    merged_face_id::<f32>();
}

/// What rests on what in a random face-on-face scene.
enum Body {
    Box(V3),
    Prism(usize, f64, f64),
}

impl Body {
    fn random(rng: &mut Rng) -> Self {
        if rng.chance(0.5) {
            Body::Box(V3::new(
                rng.range(0.2, 1.0),
                rng.range(0.2, 1.0),
                rng.range(0.1, 0.5),
            ))
        } else {
            Body::Prism(rng.int(3, 40), rng.range(0.2, 1.0), rng.range(0.1, 0.5))
        }
    }

    fn half_height(&self) -> f64 {
        match *self {
            Body::Box(h) => h.z,
            Body::Prism(_, _, h) => h,
        }
    }
}

/// A rotation and a translation.
type Pose = (Matrix3<f64>, V3);

/// The manifold of `lower` under `upper`, both placed by `(rotation,
/// translation)`.
fn scene<T: TestReal>(
    bodies: (&Body, &Body),
    stores: (&mut Storage<T>, &mut Storage<T>),
    poses: (&Pose, &Pose),
) -> Option<Manifold<T, 3>> {
    let config = Config::<T, _>::default();
    let (sa, sb) = stores;
    let (pa, pb) = poses;
    macro_rules! with {
        ($body:expr, $store:expr, $pose:expr, |$s:ident| $then:expr) => {
            match $body {
                Body::Box(h) => {
                    let $s = placed(Cuboid::new(h.map(T::of_f64)).unwrap(), &$pose.0, &$pose.1);
                    $then
                }
                Body::Prism(..) => {
                    let $s = placed($store.hull(), &$pose.0, &$pose.1);
                    $then
                }
            }
        };
    }
    with!(bodies.0, sa, pa, |a| with!(bodies.1, sb, pb, |b| {
        contact_manifold(&a, &b, T::zero(), &config).unwrap()
    }))
}

fn ids_stay<T: TestReal>(seed: u64) {
    let mut rng = Rng::new(seed);
    let cases = support::sweep_size(400, 150);
    let (mut stable, mut total) = (0, 0);
    for case in 0..cases {
        let (lower, upper) = (Body::random(&mut rng), Body::random(&mut rng));
        let store = |b: &Body| match *b {
            Body::Prism(n, r, h) => Storage::<T>::new(&prism(n, r, h)),
            Body::Box(_) => Storage::<T>::new(&[]),
        };
        let (mut sa, mut sb) = (store(&lower), store(&upper));
        let world = rotation::<3>(&mut rng);
        let yaw = rng.range(0.0, core::f64::consts::TAU);
        let shift = V3::new(rng.range(-0.2, 0.2), rng.range(-0.2, 0.2), 0.0);
        let height = lower.half_height() + upper.half_height() - 1e-3;
        let turn = Rotation3::from_axis_angle(&V3::z_axis(), yaw).into_inner();
        let pose_a = (world, V3::zeros());
        let pose_b = (world * turn, world * (shift + V3::z() * height));
        let Some(m) = scene((&lower, &upper), (&mut sa, &mut sb), (&pose_a, &pose_b)) else {
            panic!("{} case {case}: resting shapes reported apart", T::NAME);
        };
        // A 1e-6 move and a 1e-6 rad turn of the upper body.
        let nudge = Rotation3::from_scaled_axis(unit_vector::<3>(&mut rng) * 1e-6).into_inner();
        let moved = (
            nudge * pose_b.0,
            pose_b.1 + unit_vector::<3>(&mut rng) * 1e-6,
        );
        let Some(n) = scene((&lower, &upper), (&mut sa, &mut sb), (&pose_a, &moved)) else {
            panic!("{} case {case}: a 1e-6 move parted resting shapes", T::NAME);
        };
        total += 1;
        stable += usize::from(ids(&m) == ids(&n));
    }
    let rate = stable as f64 / total as f64;
    println!("{}: {stable} of {total} scenes kept their ids", T::NAME);
    assert!(
        rate >= 0.99,
        "{}: {stable} of {total} scenes kept their ids ({rate})",
        T::NAME
    );
}

#[test]
fn ids_stay_under_a_small_motion() {
    ids_stay::<f64>(11);
    ids_stay::<f32>(12);
}

fn anchors_and_reference<T: TestReal>(seed: u64) {
    let mut rng = Rng::new(seed);
    let config = Config::<T, _>::default();
    let budget = 64.0 * T::eps() * 4.0;
    let floor = Cuboid::new(Vector3::new(3.0, 3.0, 0.5).map(T::of_f64)).unwrap();
    for case in 0..50 {
        let world = rotation::<3>(&mut rng);
        let yaw = Rotation3::from_axis_angle(&V3::z_axis(), rng.range(0.0, 6.3)).into_inner();
        let half = V3::new(
            rng.range(0.2, 0.8),
            rng.range(0.2, 0.8),
            rng.range(0.1, 0.5),
        );
        let depth = 1e-3;
        let below = world * V3::new(0.0, 0.0, -0.5);
        let at = |dx: f64| world * V3::new(dx, 0.1, half.z - depth);
        let turn = world * yaw;
        let ground = placed(floor, &world, &below);
        let block = |dx: f64| placed(Cuboid::new(half.map(T::of_f64)).unwrap(), &turn, &at(dx));
        let m = contact_manifold(&ground, &block(0.0), T::zero(), &config)
            .unwrap()
            .unwrap();
        assert_eq!(m.len(), 4, "{} case {case}: {m:?}", T::NAME);
        // The floor's +z face (id 5) is the reference; B's anchors are the
        // block's bottom corners in its own frame, A's the feet on the
        // floor's top in the floor's frame.
        assert_eq!((m.reference, m.reference_face), (gjk::Side::A, 5));
        for p in m.points() {
            let b = p.anchor_b.map(|x| x.as_f64());
            let corner = (b.x.abs() - half.x).abs().max((b.y.abs() - half.y).abs());
            assert!(corner <= budget && (b.z + half.z).abs() <= budget, "{b:?}");
            let a = p.anchor_a.map(|x| x.as_f64());
            let foot = world.transpose() * (p.point_a.map(|x| x.as_f64()) - below);
            assert!(
                (a - foot).norm() <= budget && (a.z - 0.5).abs() <= budget,
                "{a:?}"
            );
        }
        // Swapped, the reference is B's; the anchors swap with the points.
        let swapped = contact_manifold(&block(0.0), &ground, T::zero(), &config)
            .unwrap()
            .unwrap();
        assert_eq!(
            (swapped.reference, swapped.reference_face),
            (gjk::Side::B, 5)
        );
        // A slide keeps the four corners: each matches, and carries its data.
        let slid = contact_manifold(&ground, &block(1e-3), T::zero(), &config)
            .unwrap()
            .unwrap();
        assert_eq!(slid.matches(&m).count(), 4, "{} case {case}", T::NAME);
        let carried = slid.carry(&m, &[1, 2, 3, 4]);
        let mut sorted = carried;
        sorted.sort_unstable();
        assert_eq!(sorted, [1, 2, 3, 4]);
        for (i, j) in slid.matches(&m) {
            let (p, q) = (slid.point(i).unwrap(), m.point(j).unwrap());
            assert_eq!((p.id_a, p.id_b), (q.id_a, q.id_b));
            // The same corner of the block: the same anchor on it.
            assert!((p.anchor_b - q.anchor_b).map(|x| x.as_f64()).norm() <= budget);
        }
    }
}

#[test]
fn anchors_are_body_points_and_ids_carry_data() {
    anchors_and_reference::<f64>(21);
    anchors_and_reference::<f32>(22);
}
