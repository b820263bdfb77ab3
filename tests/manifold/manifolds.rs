//! Contact manifolds: analytic resting contacts (box on box, tilted, on an
//! edge, separated within the margin, capsule on a box, polygon on
//! polygon), mirror symmetry, stable feature ids, scale, and a random sweep
//! checked point by point.
//!
//! Oracles: the corners and depths of the analytic scenes; for random box
//! pairs, each point's certificate (the two points a `distance · normal`
//! apart, each on its own shape's surface, none farther than the asked
//! separation, none deeper than the contact, the deepest as deep where the
//! contact's deepest point lies within the clipped region), and no two
//! points with the same ids.
//! Budgets: `64 ε L` for positions and distances (`L` the scene's largest
//! coordinate).

use crate::support;

use gjk::nalgebra::{SMatrix, Vector2};
use gjk::{
    contact, contact_manifold, distance, hull::Polygon, Capsule, Config, Cuboid, Faces, Hull,
    Manifold, Point, Rounded, Transformed, Triangle, Vector,
};
use support::{rotation, Hidden, Rng, Source, TestReal};

fn v3<T: TestReal>(x: f64, y: f64, z: f64) -> Vector<T, 3> {
    Vector::<T, 3>::new(T::of_f64(x), T::of_f64(y), T::of_f64(z))
}

fn wide<T: TestReal, const D: usize>(v: &Vector<T, D>) -> Vector<f64, D> {
    Vector::<f64, D>::from_fn(|i, _| v[i].as_f64())
}

/// Rotation about the vertical axis by `yaw` and about x by `tilt`.
fn turn(yaw: f64, tilt: f64) -> SMatrix<f64, 3, 3> {
    let (s, c) = yaw.sin_cos();
    let (st, ct) = tilt.sin_cos();
    SMatrix::<f64, 3, 3>::new(c, -s, 0.0, s, c, 0.0, 0.0, 0.0, 1.0)
        * SMatrix::<f64, 3, 3>::new(1.0, 0.0, 0.0, 0.0, ct, -st, 0.0, st, ct)
}

/// A unit cube (half 0.5) turned by `r` about its centre, its lowest point
/// `sink` below the top (z = 1) of a 10 × 10 × 2 floor; the whole scene
/// turned by `q`. Returns the manifold and the cube's corners in the scene.
fn cube_on_floor<T: TestReal>(
    r: &SMatrix<f64, 3, 3>,
    q: &SMatrix<f64, 3, 3>,
    sink: f64,
    max_separation: f64,
) -> (Manifold<T, 3>, Vec<Vector<f64, 3>>) {
    let floor = Cuboid::new(v3::<T>(5.0, 5.0, 1.0)).unwrap();
    let cube = Cuboid::new(v3::<T>(0.5, 0.5, 0.5)).unwrap();
    let corners: Vec<Vector<f64, 3>> = (0..8)
        .map(|i| {
            r * Vector::<f64, 3>::new(
                f64::from(i & 1) - 0.5,
                f64::from((i >> 1) & 1) - 0.5,
                f64::from((i >> 2) & 1) - 0.5,
            )
        })
        .collect();
    let low = corners.iter().map(|c| c.z).fold(f64::MAX, f64::min);
    let centre = Vector::<f64, 3>::new(0.3, -0.2, 1.0 - sink - low);
    let placed_floor = Transformed::new(floor, q.map(T::of_f64), Vector::zeros()).unwrap();
    let placed_cube =
        Transformed::new(cube, (q * r).map(T::of_f64), (q * centre).map(T::of_f64)).unwrap();
    let m = contact_manifold(
        &placed_floor,
        &placed_cube,
        T::of_f64(max_separation),
        &Config::default(),
    )
    .unwrap()
    .expect("in contact");
    (m, corners.iter().map(|c| q * (c + centre)).collect())
}

/// Every point of `m` near one of `expected` (in the scene), each expected
/// point matched, distances as given.
fn matches_corners<T: TestReal>(
    m: &Manifold<T, 3>,
    expected: &[(Vector<f64, 3>, f64)],
    what: &str,
) {
    let budget = 64.0 * T::eps() * 8.0;
    assert_eq!(m.len(), expected.len(), "{what}: {m:?}");
    for (corner, d) in expected {
        let hit = m.points().any(|p| {
            (wide(&p.point_b) - corner).norm() <= budget
                && (p.distance.as_f64() - d).abs() <= budget
        });
        assert!(
            hit,
            "{what}: no point at {corner:?} with distance {d}: {m:?}"
        );
    }
    for p in m.points() {
        let gap = wide(&(p.point_b - p.point_a)) - wide(&m.normal) * p.distance.as_f64();
        assert!(
            gap.norm() <= budget,
            "{what}: points not distance · normal apart: {p:?}"
        );
    }
}

fn resting<T: TestReal>() {
    let mut rng = Rng::new(0x3a1f);
    for case in 0..20 {
        let q = if case == 0 {
            SMatrix::identity()
        } else {
            rotation::<3>(&mut rng)
        };
        let yaw = rng.range(-1.0, 1.0);
        let what = format!("{} case {case}", T::NAME);
        // Flat: the four bottom corners, 0.01 deep.
        let (m, corners) = cube_on_floor::<T>(&turn(yaw, 0.0), &q, 0.01, 0.001);
        let bottom: Vec<_> = corners.iter().take(4).map(|c| (*c, -0.01)).collect();
        matches_corners(&m, &bottom, &format!("{what}, flat"));
        assert!((wide(&m.normal) - q * Vector::<f64, 3>::z()).norm() <= 1e3 * T::eps());
        // Separated by 0.005 within a separation of 0.01: the same corners.
        let (m, corners) = cube_on_floor::<T>(&turn(yaw, 0.0), &q, -0.005, 0.01);
        let bottom: Vec<_> = corners.iter().take(4).map(|c| (*c, 0.005)).collect();
        matches_corners(&m, &bottom, &format!("{what}, hovering"));
        // Tilted by 0.05 rad about x: the lower edge, its two corners.
        let tilt = turn(yaw, 0.05);
        let (m, corners) = cube_on_floor::<T>(&tilt, &q, 0.01, 0.001);
        let lowest = corners
            .iter()
            .map(|c| (q.transpose() * c).z)
            .fold(f64::MAX, f64::min);
        let edge: Vec<_> = corners
            .iter()
            .filter(|c| ((q.transpose() * *c).z - lowest).abs() < 1e-6)
            .map(|c| (*c, -0.01))
            .collect();
        assert_eq!(edge.len(), 2);
        matches_corners(&m, &edge, &format!("{what}, tilted"));
        // On its edge (45°): the same two corners.
        let (m, corners) =
            cube_on_floor::<T>(&turn(yaw, core::f64::consts::FRAC_PI_4), &q, 0.01, 0.001);
        let lowest = corners
            .iter()
            .map(|c| (q.transpose() * c).z)
            .fold(f64::MAX, f64::min);
        let edge: Vec<_> = corners
            .iter()
            .filter(|c| ((q.transpose() * *c).z - lowest).abs() < 1e-6)
            .map(|c| (*c, -0.01))
            .collect();
        matches_corners(&m, &edge, &format!("{what}, on an edge"));
    }
}

#[test]
fn cube_resting_on_a_floor() {
    resting::<f64>();
    resting::<f32>();
}

/// A capsule of radius 0.2 lying along x on the floor, 0.01 deep: two
/// points below its ends, on the rounded surface.
#[test]
fn capsule_lying_on_a_box() {
    let floor = Cuboid::new(Vector::<f64, 3>::new(5.0, 5.0, 1.0)).unwrap();
    let capsule = Capsule::new(
        Vector::<f64, 3>::new(-1.0, 0.3, 1.19),
        Vector::<f64, 3>::new(1.0, 0.3, 1.19),
        0.2,
    )
    .unwrap();
    let m = contact_manifold(&floor, &capsule, 0.001, &Config::default())
        .unwrap()
        .unwrap();
    let budget = 64.0 * f64::EPSILON * 5.0;
    assert_eq!(m.len(), 2, "{m:?}");
    for x in [-1.0, 1.0] {
        let p = m
            .points()
            .find(|p| (p.point_b.x - x).abs() <= budget)
            .expect("a point under each end");
        assert!((p.distance + 0.01).abs() <= budget, "{p:?}");
        assert!(
            (p.point_b - Vector::<f64, 3>::new(x, 0.3, 0.99)).norm() <= budget,
            "{p:?}"
        );
        assert!(
            (p.point_a - Vector::<f64, 3>::new(x, 0.3, 1.0)).norm() <= budget,
            "{p:?}"
        );
    }
}

/// A square resting on a wider square in 2D, 0.02 deep: its two bottom
/// corners.
#[test]
fn polygon_on_polygon_2d() {
    let wide_box = [
        Vector2::new(-3.0, -1.0),
        Vector2::new(3.0, -1.0),
        Vector2::new(3.0, 1.0),
        Vector2::new(-3.0, 1.0),
    ];
    let small = [
        Vector2::new(0.0, 0.98),
        Vector2::new(1.0, 0.98),
        Vector2::new(1.0, 1.98),
        Vector2::new(0.0, 1.98),
    ];
    let (a, b) = (
        Polygon::new(&wide_box).unwrap(),
        Polygon::new(&small).unwrap(),
    );
    let m = contact_manifold(&a, &b, 0.0, &Config::default())
        .unwrap()
        .unwrap();
    assert_eq!(m.len(), 2, "{m:?}");
    for x in [0.0_f64, 1.0] {
        let p = m
            .points()
            .find(|p| (p.point_b.x - x).abs() < 1e-12)
            .expect("both corners");
        assert!((p.distance + 0.02).abs() < 1e-12, "{p:?}");
        assert!((p.point_a - Vector2::new(x, 1.0)).norm() < 1e-12, "{p:?}");
    }
}

/// Swapping the shapes mirrors the manifold: the normal reversed, the
/// points and ids swapped, the distances kept.
#[test]
fn swapping_mirrors() {
    let mut rng = Rng::new(9);
    let r = rotation::<3>(&mut rng);
    let (m, _) = cube_on_floor::<f64>(&turn(0.3, 0.0), &r, 0.01, 0.001);
    let floor = Transformed::new(
        Cuboid::new(v3::<f64>(5.0, 5.0, 1.0)).unwrap(),
        r,
        Vector::zeros(),
    )
    .unwrap();
    let _ = floor;
    let (a, b) = scene(&r);
    let forward = contact_manifold(&a, &b, 0.001, &Config::default())
        .unwrap()
        .unwrap();
    let back = contact_manifold(&b, &a, 0.001, &Config::default())
        .unwrap()
        .unwrap();
    assert_eq!(forward.len(), m.len());
    assert!((forward.normal + back.normal).norm() < 1e-12);
    for p in forward.points() {
        let q = back
            .points()
            .find(|q| q.id_a == p.id_b && q.id_b == p.id_a)
            .expect("the same features");
        assert!((q.point_a - p.point_b).norm() < 1e-12 && (q.point_b - p.point_a).norm() < 1e-12);
        assert!((q.distance - p.distance).abs() < 1e-12);
    }
}

/// A floor and a cube resting on it, 0.01 deep, turned by `r`.
fn scene(
    r: &SMatrix<f64, 3, 3>,
) -> (
    Transformed<Cuboid<f64, 3>, f64, 3>,
    Transformed<Cuboid<f64, 3>, f64, 3>,
) {
    let floor = Cuboid::new(v3::<f64>(5.0, 5.0, 1.0)).unwrap();
    let cube = Cuboid::new(v3::<f64>(0.5, 0.5, 0.5)).unwrap();
    (
        Transformed::new(floor, *r, Vector::zeros()).unwrap(),
        Transformed::new(
            cube,
            r * turn(0.3, 0.0),
            r * Vector::<f64, 3>::new(0.3, -0.2, 1.49),
        )
        .unwrap(),
    )
}

/// The same features after a nudge of 1e-6, and a scaled scene scales.
#[test]
fn ids_are_stable_and_the_manifold_scales() {
    let r = SMatrix::<f64, 3, 3>::identity();
    let (a, b) = scene(&r);
    let config = Config::default();
    let before = contact_manifold(&a, &b, 0.001, &config).unwrap().unwrap();
    let nudged = Transformed::translated(b, Vector::<f64, 3>::new(1e-6, -1e-6, 1e-6)).unwrap();
    let after = contact_manifold(&a, &nudged, 0.001, &config)
        .unwrap()
        .unwrap();
    let ids = |m: &Manifold<f64, 3>| {
        let mut v: Vec<(u64, u64)> = m.points().map(|p| (p.id_a, p.id_b)).collect();
        v.sort_unstable();
        v
    };
    assert_eq!(ids(&before), ids(&after));
    for s in [1e-3, 1e4] {
        let floor = Cuboid::new(v3::<f64>(5.0 * s, 5.0 * s, s)).unwrap();
        let cube = Cuboid::new(v3::<f64>(0.5 * s, 0.5 * s, 0.5 * s)).unwrap();
        let placed = Transformed::new(
            cube,
            turn(0.3, 0.0),
            Vector::<f64, 3>::new(0.3, -0.2, 1.49) * s,
        )
        .unwrap();
        let m = contact_manifold(&floor, &placed, 0.001 * s, &config)
            .unwrap()
            .unwrap();
        assert_eq!(ids(&m), ids(&before));
        for p in m.points() {
            let q = before
                .points()
                .find(|q| (q.id_a, q.id_b) == (p.id_a, p.id_b))
                .unwrap();
            assert!((p.distance - q.distance * s).abs() <= 64.0 * f64::EPSILON * 5.0 * s);
            assert!((p.point_a - q.point_a * s).norm() <= 64.0 * f64::EPSILON * 5.0 * s);
        }
    }
}

/// Random box pairs near contact: every point within the separation, the
/// points `distance · normal` apart and on their shapes' surfaces, none
/// deeper than the contact; the deepest agrees with it in most pairs
/// (counted: a deepest point clipped away is legitimate).
fn random_boxes<T: TestReal>() {
    let mut rng = Rng::new(0xb0);
    let config = Config::<T, _>::default();
    let (mut points, mut manifolds, mut agree) = (0, 0, 0);
    for case in 0..300 {
        let ha = Cuboid::new(Vector::<T, 3>::from_fn(|_, _| {
            T::of_f64(rng.range(0.2, 1.5))
        }))
        .unwrap();
        let hb = Cuboid::new(Vector::<T, 3>::from_fn(|_, _| {
            T::of_f64(rng.range(0.2, 1.5))
        }))
        .unwrap();
        let a =
            Transformed::new(ha, rotation::<3>(&mut rng).map(T::of_f64), Vector::zeros()).unwrap();
        let b = Transformed::new(
            hb,
            rotation::<3>(&mut rng).map(T::of_f64),
            Vector::<T, 3>::from_fn(|_, _| T::of_f64(rng.range(-1.5, 1.5))),
        )
        .unwrap();
        let sep = T::of_f64(0.05);
        let Some(m) = contact_manifold(&a, &b, sep, &config).unwrap() else {
            continue;
        };
        manifolds += 1;
        let c = contact(&a, &b, sep, &config).unwrap().unwrap();
        let what = format!("{} case {case}: {m:?}", T::NAME);
        // A solver matches points across frames by their ids: no two
        // points of a manifold may share them.
        let ids: Vec<_> = m.points().map(|p| (p.id_a, p.id_b)).collect();
        for (i, id) in ids.iter().enumerate() {
            assert!(!ids[..i].contains(id), "two points with ids {id:?}; {what}");
        }
        let budget = 64.0 * T::eps() * 4.0;
        let deepest = m
            .points()
            .map(|p| p.distance.as_f64())
            .fold(f64::MAX, f64::min);
        if (deepest - c.distance.as_f64()).abs() <= 1e-6_f64.max(budget) {
            agree += 1;
        }
        for p in m.points() {
            points += 1;
            let d = p.distance.as_f64();
            assert!(d <= 0.05 + budget, "beyond the separation; {what}");
            // No deeper than the contact (the shapes overlap along the
            // normal by no more than its depth).
            assert!(
                d >= c.distance.as_f64() - budget,
                "deeper than the contact; {what}"
            );
            let n = wide(&m.normal);
            assert!(
                (n - wide(&c.normal)).norm() <= budget,
                "not the contact's normal; {what}"
            );
            let gap = wide(&(p.point_b - p.point_a)) - wide(&m.normal) * d;
            assert!(gap.norm() <= budget, "not distance · normal apart; {what}");
            for (point, shape) in [(p.point_a, &a), (p.point_b, &b)] {
                let off = distance(shape, &Point::new(point).unwrap(), &config)
                    .unwrap()
                    .distance
                    .as_f64();
                assert!(off <= budget, "a point {off:e} off its shape; {what}");
            }
        }
    }
    assert!(points > 300, "too few points ({points}) to test");
    // The deepest point is the contact's unless clipping removed it (the
    // contact's deepest feature outside the reference face).
    eprintln!(
        "{}: the deepest point agrees with the contact in {agree} of {manifolds}",
        T::NAME
    );
    assert!(
        10 * agree >= 9 * manifolds,
        "the deepest point agrees with the contact in only {agree} of {manifolds}"
    );
}

#[test]
fn random_box_pairs() {
    random_boxes::<f64>();
    random_boxes::<f32>();
}

/// Faces of the shapes: a box's face most aligned with a direction.
#[test]
fn box_faces() {
    let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 2.0, 3.0)).unwrap();
    let f = cube.face(&Vector::<f64, 3>::new(0.1, -0.9, 0.2));
    assert_eq!(f.normal, Vector::<f64, 3>::new(0.0, -1.0, 0.0));
    assert_eq!(f.len(), 4);
    assert!(f.points().all(|(p, _)| p.y == -2.0));
}

/// A small box resting on a large box built as a `Hull` from its corners
/// and interior points (each face two triangles, merged into one face):
/// the small box's four bottom corners, and on a 2D hull, two.
#[test]
fn box_on_a_hull_face() {
    use gjk::Hull;
    let mut rng = Rng::new(0x4);
    let mut points: Vec<Vector<f64, 3>> = (0..8)
        .map(|i| {
            Vector::<f64, 3>::new(
                if i & 1 == 0 { -4.0 } else { 4.0 },
                if i & 2 == 0 { -4.0 } else { 4.0 },
                if i & 4 == 0 { -1.0 } else { 1.0 },
            )
        })
        .collect();
    points.extend((0..20).map(|_| {
        Vector::<f64, 3>::new(
            rng.range(-3.0, 3.0),
            rng.range(-3.0, 3.0),
            rng.range(-0.9, 0.9),
        )
    }));
    let mut indices = vec![0; Hull::<f64, 3>::indices_needed(points.len())];
    let mut facets = vec![[0; 3]; Hull::<f64, 3>::facets_needed(points.len())];
    let floor = Hull::<f64, 3>::new(&points, &mut indices, &mut facets).unwrap();
    let cube = Cuboid::new(v3::<f64>(0.5, 0.5, 0.5)).unwrap();
    let placed =
        Transformed::new(cube, turn(0.4, 0.0), Vector::<f64, 3>::new(0.7, -1.1, 1.49)).unwrap();
    let m = contact_manifold(&floor, &placed, 0.001, &Config::default())
        .unwrap()
        .unwrap();
    assert_eq!(m.len(), 4, "{m:?}");
    for p in m.points() {
        assert!((p.distance + 0.01).abs() < 1e-12, "{p:?}");
        assert!((p.point_a.z - 1.0).abs() < 1e-12, "{p:?}");
    }
    let square = [
        Vector2::new(-3.0, -1.0),
        Vector2::new(3.0, -1.0),
        Vector2::new(3.0, 1.0),
        Vector2::new(-3.0, 1.0),
        Vector2::new(0.5, 0.2),
    ];
    let mut indices = vec![0; Hull::<f64, 2>::indices_needed(square.len())];
    let mut edges = vec![[0; 2]; Hull::<f64, 2>::facets_needed(square.len())];
    let flat = Hull::<f64, 2>::new(&square, &mut indices, &mut edges).unwrap();
    let small = Cuboid::new(Vector2::new(0.5, 0.5)).unwrap();
    let resting = Transformed::translated(small, Vector2::new(0.2, 1.48)).unwrap();
    let m = contact_manifold(&flat, &resting, 0.001, &Config::default())
        .unwrap()
        .unwrap();
    assert_eq!(m.len(), 2, "{m:?}");
    assert!(m.points().all(|p| (p.distance + 0.02).abs() < 1e-12));
}

/// Two boxes take their contact from separating axes (a face contact's
/// normal, or the closest points of two crossing edges) or are proven
/// apart by them; the manifold must be the general path's (GJK and EPA
/// through `contact`) to rounding: the same points with the same ids, the
/// same normal and distances, `None` alike. Random overlapping box pairs,
/// boxes resting on a slab (flat, tilted, rounded) and boxes lifted just
/// clear of one (apart across a face, within the asked separation), f32
/// and f64, D = 2 and 3. Budget: `64 ε L`
/// (`L = 4`) for the normal, positions and distances, where the general
/// path's EPA normal is itself exact to a few ulps.
fn separating_axes_match<T: TestReal, const D: usize>() {
    let mut rng = Rng::new(0x5a7 + D as u64);
    let config = Config::<T, _>::default();
    let budget = 64.0 * T::eps() * 4.0;
    let (mut compared, mut lifted) = (0, 0);
    for case in 0..400 {
        let half = |rng: &mut Rng| {
            Cuboid::new(Vector::<T, D>::from_fn(|_, _| {
                T::of_f64(rng.range(0.2, 1.5))
            }))
            .unwrap()
        };
        let (ha, hb) = (half(&mut rng), half(&mut rng));
        // Every fourth pair rests on the other: B's rotation A's, up to a
        // small tilt, sunk a little along one of A's axes.
        let ra = rotation::<D>(&mut rng);
        let rb = if case % 4 == 0 {
            ra * small_turn::<D>(&mut rng)
        } else {
            rotation::<D>(&mut rng)
        };
        let offset = Vector::<f64, D>::from_fn(|_, _| rng.range(-1.5, 1.5));
        if case % 4 == 2 {
            // (Drawn from a generator of their own, so the other cases stay
            // those the sweep has always run.)
            let mut rng = Rng::new(0x11f7 + case as u64);
            // B lifted over one of A's faces, its corner deepest towards
            // the face at a gap of −0.04 … 0.04 (apart within `sep`, or
            // overlapping) and sideways near an edge of the face (over it,
            // or hanging past it by up to 0.3, where the distance runs to
            // the edge and its direction leans off the face's normal). B is
            // turned as in a resting pair, or at random.
            let k = case / 4 % D;
            let side = if case % 8 == 2 { 1.0 } else { -1.0 };
            let rb = if case % 16 < 8 {
                ra * small_turn::<D>(&mut rng)
            } else {
                rotation::<D>(&mut rng)
            };
            let (sa, sb) = (wide(&ha.half_extents()), wide(&hb.half_extents()));
            // B's axes in A's frame, and its corner deepest towards A.
            let m = ra.transpose() * rb;
            let corner = Vector::<f64, D>::from_fn(|l, _| {
                if l == k {
                    side * (sa[k] + rng.range(-0.04, 0.04))
                } else {
                    let edge = if rng.range(0.0, 1.0) < 0.5 { -1.0 } else { 1.0 };
                    edge * (sa[l] + rng.range(-0.3, 0.3))
                }
            });
            let local = (0..D).fold(corner, |c, j| {
                c + m.column(j) * (side * sb[j] * m[(k, j)].signum())
            });
            let a = Transformed::new(ha, ra.map(T::of_f64), Vector::zeros()).unwrap();
            let b = Transformed::new(hb, rb.map(T::of_f64), (ra * local).map(T::of_f64)).unwrap();
            let sep = T::of_f64(0.05);
            let fast = contact_manifold(&a, &b, sep, &config).unwrap();
            let general = contact_manifold(&Hidden(a), &Hidden(b), sep, &config).unwrap();
            let what = format!("{} D = {D} lifted case {case}", T::NAME);
            compared += usize::from(same_manifold(fast, general, budget, &what));
            lifted += usize::from(fast.is_some_and(|m| m.points().all(|p| p.distance > T::zero())));
            continue;
        }
        let a = Transformed::new(ha, ra.map(T::of_f64), Vector::zeros()).unwrap();
        let b = Transformed::new(hb, rb.map(T::of_f64), offset.map(T::of_f64)).unwrap();
        let margin = T::of_f64(if case % 8 == 4 { 0.05 } else { 0.0 });
        let (a, b) = (
            Rounded::new(a, margin).unwrap(),
            Rounded::new(b, margin).unwrap(),
        );
        let sep = T::of_f64(0.05);
        let fast = contact_manifold(&a, &b, sep, &config).unwrap();
        let general = contact_manifold(&Hidden(a), &Hidden(b), sep, &config).unwrap();
        let what = format!("{} D = {D} case {case}", T::NAME);
        compared += usize::from(same_manifold(fast, general, budget, &what));
    }
    assert!(compared >= 200, "only {compared} manifolds compared");
    assert!(lifted >= 20, "only {lifted} lifted boxes apart");
}

/// A turn by up to 0.05 rad in the plane of the first two axes.
fn small_turn<const D: usize>(rng: &mut Rng) -> SMatrix<f64, D, D> {
    let (s, c) = rng.range(-0.05, 0.05).sin_cos();
    let mut small = SMatrix::<f64, D, D>::identity();
    small[(0, 0)] = c;
    small[(0, 1)] = -s;
    small[(1, 0)] = s;
    small[(1, 1)] = c;
    small
}

/// Whether both manifolds exist (`false` when neither does), panicking
/// unless they are the same to `budget`: the same normal, and for each
/// point of `fast` the nearest of `general` with the same ids, positions
/// and distance.
fn same_manifold<T: TestReal, const D: usize>(
    fast: Option<Manifold<T, D>>,
    general: Option<Manifold<T, D>>,
    budget: f64,
    what: &str,
) -> bool {
    let what = format!("{what}: {fast:?} vs {general:?}");
    let (Some(fast), Some(general)) = (fast, general) else {
        assert_eq!(fast.is_none(), general.is_none(), "{what}");
        return false;
    };
    assert_eq!(fast.len(), general.len(), "{what}");
    assert!(
        (wide(&fast.normal) - wide(&general.normal)).norm() <= budget,
        "normals differ; {what}"
    );
    for p in fast.points() {
        let gap = |q: &&gjk::ManifoldPoint<T, D>| (wide(&q.point_a) - wide(&p.point_a)).norm();
        let q = general
            .points()
            .min_by(|x, y| gap(x).total_cmp(&gap(y)))
            .unwrap_or_else(|| panic!("no point; {what}"));
        assert_eq!((p.id_a, p.id_b), (q.id_a, q.id_b), "ids differ; {what}");
        for (x, y) in [(p.point_a, q.point_a), (p.point_b, q.point_b)] {
            assert!(
                (wide(&x) - wide(&y)).norm() <= budget,
                "points differ; {what}"
            );
        }
        assert!(
            (p.distance.as_f64() - q.distance.as_f64()).abs() <= budget,
            "distances differ; {what}"
        );
    }
    true
}

/// Two boxes apart across an edge of each: A's edge along `x` at the
/// corner of its `+y` and `+z` faces, B turned so that one of its edges
/// crosses A's along a common perpendicular `n` (between A's two face
/// normals there) at a gap of 0 … 0.04, with the closest points inside
/// both edges or, for one case in four, B's slid past its end; the whole
/// scene turned at random. `touching` instead crosses the edges at a gap
/// of `touching_gap` (either sign, within the axes' rounding). The
/// manifold must be the general path's (`same_manifold`), and where the
/// closest points lie inside both edges the gap is the distance: a single
/// point pair `gap` apart along `n`, at the scene's point on A's edge.
/// f32 and f64. Budget: `64 ε L` (`L = 4`).
fn edges_apart<T: TestReal>(touching: bool) {
    let mut rng = Rng::new(if touching { 0xed70 } else { 0xed9e });
    let config = Config::<T, _>::default();
    let budget = 64.0 * T::eps() * 4.0;
    let mut inside = 0;
    for case in 0..200 {
        let angle = |rng: &mut Rng| rng.range(0.2, core::f64::consts::FRAC_PI_2 - 0.2);
        let (phi, chi, psi) = (angle(&mut rng), angle(&mut rng), angle(&mut rng));
        let sizes = |rng: &mut Rng| Vector::<f64, 3>::from_fn(|_, _| rng.range(0.3, 1.2));
        let (ha, hb) = (sizes(&mut rng), sizes(&mut rng));
        let x = Vector::<f64, 3>::x();
        let n = Vector::<f64, 3>::new(0.0, phi.cos(), phi.sin());
        // B's edge direction, across `n` and turned from `x` by `psi`.
        let across = n.cross(&x);
        let e = x * psi.cos() + across * psi.sin();
        let m = e.cross(&n);
        let (u1, u2) = (n * chi.cos() + m * chi.sin(), m * chi.cos() - n * chi.sin());
        let frame = SMatrix::<f64, 3, 3>::from_columns(&[e, u1, u2]);
        let gap = if touching {
            touching_gap::<T>(&mut rng)
        } else {
            rng.range(0.0, 0.04)
        };
        let along_a = rng.range(-0.8, 0.8) * ha.x;
        let slide = if case % 4 == 3 && !touching {
            hb.x * rng.range(1.1, 1.5)
        } else {
            0.0
        };
        let on_a = Vector::<f64, 3>::new(along_a, ha.y, ha.z);
        // B's edge farthest against `n` runs through `on_a + gap n`.
        let centre = on_a + n * gap + u1 * hb.y - u2 * hb.z + e * slide;
        let turn = rotation::<3>(&mut rng);
        let cube = |h: Vector<f64, 3>| Cuboid::new(h.map(T::of_f64)).unwrap();
        let a = Transformed::new(cube(ha), turn.map(T::of_f64), Vector::zeros()).unwrap();
        let b = Transformed::new(
            cube(hb),
            (turn * frame).map(T::of_f64),
            (turn * centre).map(T::of_f64),
        )
        .unwrap();
        let sep = T::of_f64(0.05);
        let fast = contact_manifold(&a, &b, sep, &config).unwrap();
        let general = contact_manifold(&Hidden(a), &Hidden(b), sep, &config).unwrap();
        let what = format!("{} edges apart case {case}", T::NAME);
        same_manifold(fast, general, budget, &what);
        if slide == 0.0 {
            let m = fast.unwrap_or_else(|| panic!("no manifold; {what}"));
            let p = m.points().next().unwrap();
            assert_eq!(m.len(), 1, "{what}: {m:?}");
            assert!((p.distance.as_f64() - gap).abs() <= budget, "{what}: {m:?}");
            assert!(
                (wide(&m.normal) - turn * n).norm() <= budget,
                "{what}: {m:?}"
            );
            assert!(
                (wide(&p.point_a) - turn * on_a).norm() <= budget,
                "{what}: {m:?}"
            );
            inside += 1;
        }
    }
    assert!(inside >= 100, "only {inside} crossing edges inside both");
}

/// A gap within the separating axes' rounding allowance: up to
/// `±48 ε L` (`L = 4`), either sign.
fn touching_gap<T: TestReal>(rng: &mut Rng) -> f64 {
    rng.range(-48.0, 48.0) * T::eps() * 4.0
}

/// Boxes touching within rounding, where the separating axes cannot tell
/// overlap from a gap: B's corner deepest towards one of A's faces, over
/// the face's interior, at a gap of `touching_gap` (B turned at random);
/// one case in three with the corner hanging past an edge of the face.
/// Oracle: the scene's own normal and gap (the deepest point is the
/// corner, `gap` along the normal; every point's two positions are
/// `distance · normal` apart); for a hanging corner, the general path's
/// contact distance. f32 and f64, D = 2 and 3. Budget: `64 ε L` (`L = 4`).
fn touching_boxes<T: TestReal, const D: usize>() {
    let mut rng = Rng::new(0x70c4 + D as u64);
    let config = Config::<T, _>::default();
    let budget = 64.0 * T::eps() * 4.0;
    let check = |m: Option<Manifold<T, D>>,
                 normal: Vector<f64, D>,
                 deepest: Vector<f64, D>,
                 gap: f64,
                 what: &str| {
        let m = m.unwrap_or_else(|| panic!("no manifold; {what}"));
        let what = format!("{what}: {m:?}");
        assert!(
            (wide(&m.normal) - normal).norm() <= budget,
            "normal; {what}"
        );
        let low = m
            .points()
            .min_by(|p, q| p.distance.as_f64().total_cmp(&q.distance.as_f64()))
            .unwrap_or_else(|| panic!("no point; {what}"));
        assert!(
            (low.distance.as_f64() - gap).abs() <= budget,
            "depth; {what}"
        );
        assert!(
            (wide(&low.point_b) - deepest).norm() <= budget,
            "deepest point; {what}"
        );
        for p in m.points() {
            let apart = wide(&p.point_b) - wide(&p.point_a) - wide(&m.normal) * p.distance.as_f64();
            assert!(apart.norm() <= budget, "positions; {what}");
        }
    };
    let mut hanging = 0;
    for case in 0..300 {
        let sizes = |rng: &mut Rng| Vector::<f64, D>::from_fn(|_, _| rng.range(0.3, 1.2));
        let (sa, sb) = (sizes(&mut rng), sizes(&mut rng));
        let (ra, rb) = (rotation::<D>(&mut rng), rotation::<D>(&mut rng));
        let k = case % D;
        let side = if (case / D) & 1 == 0 { 1.0 } else { -1.0 };
        let gap = touching_gap::<T>(&mut rng);
        // B's axes in A's frame; its corner deepest towards A's face `k`.
        let m = ra.transpose() * rb;
        // One case in three hangs the corner past an edge of the face:
        // the contact then runs to that edge.
        let hang = if case % 3 == 2 {
            rng.range(0.001, 0.05)
        } else {
            0.0
        };
        let past = (k + 1) % D;
        let corner = Vector::<f64, D>::from_fn(|l, _| {
            if l == k {
                side * (sa[k] + gap)
            } else if l == past && hang > 0.0 {
                sa[l] + hang
            } else {
                rng.range(-0.8, 0.8) * sa[l]
            }
        });
        let centre = (0..D).fold(corner, |c, j| {
            c + m.column(j) * (side * sb[j] * m[(k, j)].signum())
        });
        let cube = |h: Vector<f64, D>| Cuboid::new(h.map(T::of_f64)).unwrap();
        let a = Transformed::new(cube(sa), ra.map(T::of_f64), Vector::zeros()).unwrap();
        let b =
            Transformed::new(cube(sb), rb.map(T::of_f64), (ra * centre).map(T::of_f64)).unwrap();
        let normal = ra * Vector::<f64, D>::from_fn(|l, _| if l == k { side } else { 0.0 });
        let what = format!("{} D = {D} corner case {case}, gap {gap:e}", T::NAME);
        let fast = contact_manifold(&a, &b, T::of_f64(0.05), &config).unwrap();
        if hang > 0.0 {
            // The general path's distance is exact to rounding at any gap.
            let c = contact(&Hidden(a), &Hidden(b), T::of_f64(0.05), &config).unwrap();
            let (Some(c), Some(m)) = (c, fast) else {
                assert_eq!(c.is_none(), fast.is_none(), "{what}: {fast:?} vs {c:?}");
                continue;
            };
            let low = m
                .points()
                .map(|p| p.distance.as_f64())
                .fold(f64::MAX, f64::min);
            assert!(
                (low - c.distance.as_f64()).abs() <= budget,
                "{what}: {m:?} vs {c:?}"
            );
            hanging += 1;
            continue;
        }
        check(fast, normal, ra * corner, gap, &what);
        let swapped = contact_manifold(&b, &a, T::of_f64(0.05), &config).unwrap();
        let swapped = swapped.map(|m| m.normal);
        assert!(
            swapped.is_some_and(|n| (wide(&n) + normal).norm() <= budget),
            "swapped normal {swapped:?}; {what}"
        );
    }
    assert!(hanging >= 80, "only {hanging} hanging corners compared");
}

#[test]
fn boxes_touching_within_rounding_take_the_scene_contact() {
    touching_boxes::<f64, 3>();
    touching_boxes::<f32, 3>();
    touching_boxes::<f64, 2>();
    touching_boxes::<f32, 2>();
    edges_apart::<f64>(true);
    edges_apart::<f32>(true);
}

#[test]
fn boxes_apart_across_edges_match_the_general_path() {
    edges_apart::<f64>(false);
    edges_apart::<f32>(false);
}

/// A box resting on a wide floor, the whole scene turned at random and
/// the box tilted by up to 1e-3 rad (and not at all in one case in four),
/// its lowest corner 1e-3 deep somewhere over the floor's top: the box
/// route (taken since edge pairs of nearly parallel axes no longer veto the
/// face) gives the general path's manifold. f32 and f64; budget `64 ε L`
/// (`L = 4`) on positions and depths, the general path's normal being
/// EPA's, within its tolerance of the floor's.
fn tilted_resting<T: TestReal>() {
    let mut rng = Rng::new(0x7117);
    let config = Config::<T, _>::default();
    let budget = 64.0 * T::eps() * 4.0;
    let floor = Cuboid::new(Vector::<f64, 3>::new(3.0, 3.0, 0.5).map(T::of_f64)).unwrap();
    for case in 0..200 {
        let world = rotation::<3>(&mut rng);
        let tilt = if case % 4 == 0 {
            0.0
        } else {
            rng.range(0.0, 1e-3)
        };
        let axis = Vector::<f64, 3>::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), 0.0);
        let turn = turn(rng.range(0.0, 6.3), 0.0)
            * gjk::nalgebra::Rotation3::from_axis_angle(
                &gjk::nalgebra::Unit::new_normalize(axis),
                tilt,
            )
            .into_inner();
        let half = Vector::<f64, 3>::new(
            rng.range(0.2, 0.8),
            rng.range(0.2, 0.8),
            rng.range(0.1, 0.5),
        );
        let low: f64 = (0..3).map(|j| half[j] * turn[(2, j)].abs()).sum();
        let centre =
            Vector::<f64, 3>::new(rng.range(-1.5, 1.5), rng.range(-1.5, 1.5), 0.5 - 1e-3 + low);
        let a = Transformed::new(floor, world.map(T::of_f64), Vector::zeros()).unwrap();
        let b = Transformed::new(
            Cuboid::new(half.map(T::of_f64)).unwrap(),
            (world * turn).map(T::of_f64),
            (world * centre).map(T::of_f64),
        )
        .unwrap();
        let fast = contact_manifold(&a, &b, T::zero(), &config).unwrap();
        let general = contact_manifold(&Hidden(a), &Hidden(b), T::zero(), &config).unwrap();
        let what = format!("{} tilted case {case} (tilt {tilt:e})", T::NAME);
        assert!(same_manifold(fast, general, budget, &what), "{what}");
    }
}

#[test]
fn tilted_resting_boxes_match_the_general_path() {
    tilted_resting::<f64>();
    tilted_resting::<f32>();
}

#[test]
fn separating_axes_match_the_general_path() {
    separating_axes_match::<f64, 3>();
    separating_axes_match::<f32, 3>();
    separating_axes_match::<f64, 2>();
    separating_axes_match::<f32, 2>();
}

/// A triangle lying on a box: in 3D flat on the top face, 0.01 deep (its
/// three corners, each 0.01 deep, with the box's top normal); in 2D on one
/// edge (that edge's two ends), its vertices in either order. f32 and f64, scene rotated. Budget: `64 ε L`
/// (`L = 4`).
fn triangle_on_a_box<T: TestReal>() {
    let config = Config::<T, _>::default();
    let budget = 64.0 * T::eps() * 4.0;
    let mut rng = Rng::new(0x7e1);
    for _ in 0..10 {
        let r = rotation::<3>(&mut rng);
        let place = |p: Vector<f64, 3>| (r * p).map(T::of_f64);
        let floor = Transformed::new(
            Cuboid::new(v3::<T>(2.0, 2.0, 1.0)).unwrap(),
            r.map(T::of_f64),
            Vector::zeros(),
        )
        .unwrap();
        let z = 1.0 - 0.01;
        let tri = Triangle::new(
            place(Vector::<f64, 3>::new(-0.5, -0.4, z)),
            place(Vector::<f64, 3>::new(0.6, -0.3, z)),
            place(Vector::<f64, 3>::new(0.1, 0.7, z)),
        )
        .unwrap();
        let m = contact_manifold(&floor, &tri, T::of_f64(0.05), &config)
            .unwrap()
            .expect("touching");
        assert_eq!(m.len(), 3, "{m:?}");
        let up = r * Vector::<f64, 3>::z();
        assert!((wide(&m.normal) - up).norm() <= budget, "{m:?}");
        for p in m.points() {
            assert!((p.distance.as_f64() + 0.01).abs() <= budget, "{m:?}");
        }
    }
    // 2D: the edge from (−0.5, 0.99) to (0.5, 0.99) on a box whose top is
    // y = 1.
    let config = Config::<T, _>::default();
    let floor = Cuboid::new(Vector::<T, 2>::new(T::of_f64(2.0), T::of_f64(1.0))).unwrap();
    let v2 = |x: f64, y: f64| Vector::<T, 2>::new(T::of_f64(x), T::of_f64(y));
    // Both orders of the vertices (counter-clockwise, then clockwise).
    for tri in [
        Triangle::new(v2(-0.5, 0.99), v2(0.5, 0.99), v2(0.0, 1.8)).unwrap(),
        Triangle::new(v2(0.5, 0.99), v2(-0.5, 0.99), v2(0.0, 1.8)).unwrap(),
    ] {
        let m = contact_manifold(&floor, &tri, T::of_f64(0.05), &config)
            .unwrap()
            .expect("touching");
        assert_eq!(m.len(), 2, "{m:?}");
        for p in m.points() {
            assert!((p.distance.as_f64() + 0.01).abs() <= budget, "{m:?}");
        }
    }
}

#[test]
fn triangle_lying_on_a_box() {
    triangle_on_a_box::<f64>();
    triangle_on_a_box::<f32>();
}

/// A rounded needle (a hull of points along one line to 1e-9 of its
/// length, 1e74 long) as the reference face for a thin tetrahedron: the
/// incident face, clipped against side planes that meet at a sharp angle,
/// folded by rounding and passed one corner of the reference face twice.
/// A fuzzed input; the manifold must hold each pair of feature ids once.
#[test]
fn a_folded_clip_names_each_corner_once() {
    let v = |[x, y, z]: [f64; 3]| Vector::<f64, 3>::new(x, y, z);
    // The fuzzed clouds as they came, repeated points included.
    let (p, q) = (
        [2.282430463378505e74; 3],
        [
            -3.084365490472854e74,
            -3.0843654905868225e74,
            -3.084365490472854e74,
        ],
    );
    let a = [
        p,
        q,
        [
            1.274871069529407e74,
            1.2748710697181675e74,
            1.2748710698891203e74,
        ],
        p,
        q,
        [
            6.168730996908445e72,
            6.16873100153842e72,
            6.1687309488279456e72,
        ],
        [
            -1.1926213230048707e74,
            -1.1926213229229558e74,
            -1.1926213232933535e74,
        ],
        p,
    ]
    .map(v);
    let first = [
        8.11979345797271e73,
        6.776208984794443e73,
        7.213383758006987e73,
    ];
    let b = [
        first,
        first,
        [
            2.592828033321961e74,
            2.505143927711885e74,
            2.6667661165965227e74,
        ],
        [
            2.9056921139434753e74,
            1.0883002308912287e74,
            1.1585131490132435e74,
        ],
        [
            8.531114980577823e73,
            -1.0677662642706395e74,
            -1.1366544103526162e74,
        ],
        [25.09765625, 25.09765625, 9.012857568433919e-188],
    ]
    .map(v);
    let storage = |n: usize| {
        (
            vec![0; Hull::<f64, 3>::indices_needed(n)],
            vec![[0; 3]; Hull::<f64, 3>::facets_needed(n)],
        )
    };
    let ((mut ia, mut fa), (mut ib, mut fb)) = (storage(a.len()), storage(b.len()));
    let ha = Hull::<f64, 3>::new(&a, &mut ia, &mut fa).unwrap();
    let hb = Hull::<f64, 3>::new(&b, &mut ib, &mut fb).unwrap();
    let ra = Rounded::new(ha, 92.09765625).unwrap();
    let config = Config {
        tolerance: -0.0,
        max_iterations: 224,
        first_direction: None,
    }
    .starting_along(Some(v([25.09765625, 1.09765625, 1.00390625])));
    // A twentieth of the largest coordinate, as the fuzz target asks.
    let separation = 0.05 * (3.0843654905868225e74 + 92.09765625);
    let m = contact_manifold(&ra, &hb, separation, &config)
        .unwrap()
        .unwrap();
    let ids: Vec<(u64, u64)> = m.points().map(|p| (p.id_a, p.id_b)).collect();
    for (i, x) in ids.iter().enumerate() {
        assert!(!ids[i + 1..].contains(x), "{x:?} twice in {m:?}");
    }
}

/// One manifold kept across pairs, as an engine keeps one per pair of
/// shapes: `contact_manifold_into` must leave nothing of the last answer
/// behind. Over a random sequence of box–box, box–ball and box–rounded-box
/// pairs (apart, touching, overlapping), with an invalid query among them,
/// each answer in the reused storage equals the fresh answer of
/// `contact_manifold`, bit for bit, and is empty when there is none.
fn reused_storage<T: TestReal, const D: usize>() {
    let mut rng = Rng::new(0x5e + D as u64);
    let config = Config::<T, _>::default();
    let mut kept = Manifold::<T, D>::new();
    let (mut full, mut empty, mut errors) = (0, 0, 0);
    for case in 0..400 {
        let half = |rng: &mut Rng| {
            Cuboid::new(Vector::<T, D>::from_fn(|_, _| {
                T::of_f64(rng.range(0.2, 1.5))
            }))
            .unwrap()
        };
        let a = Transformed::new(
            half(&mut rng),
            rotation::<D>(&mut rng).map(T::of_f64),
            Vector::zeros(),
        )
        .unwrap();
        let at = Vector::<T, D>::from_fn(|_, _| T::of_f64(rng.range(-2.0, 2.0)));
        let b =
            Transformed::new(half(&mut rng), rotation::<D>(&mut rng).map(T::of_f64), at).unwrap();
        let rounded = Rounded::new(b, T::of_f64(0.1)).unwrap();
        let ball = gjk::Ball::new(at, T::of_f64(rng.range(0.1, 1.0))).unwrap();
        // Every tenth query asks for a negative separation: an error.
        let sep = T::of_f64(if case % 10 == 9 { -1.0 } else { 0.05 });
        let other: &dyn Faces<T, D> = match case % 3 {
            0 => &b,
            1 => &ball,
            _ => &rounded,
        };
        let fresh = contact_manifold(&a, other, sep, &config);
        let touching = gjk::contact_manifold_into(&a, other, sep, &config, &mut kept);
        let what = format!("{} D = {D} case {case}: {fresh:?}", T::NAME);
        match fresh {
            Ok(Some(m)) => {
                assert_eq!(touching, Ok(true), "{what}");
                assert_eq!(kept, m, "{what}");
                full += 1;
            }
            Ok(None) => {
                assert_eq!(touching, Ok(false), "{what}");
                empty += 1;
            }
            Err(e) => {
                assert_eq!(touching, Err(e), "{what}");
                errors += 1;
            }
        }
        if touching != Ok(true) {
            assert!(kept.is_empty() && kept == Manifold::new(), "{what}");
        }
    }
    assert!(
        full > 50 && empty > 50 && errors > 20,
        "{full} {empty} {errors}"
    );
}

#[test]
fn storage_reused_across_pairs_keeps_nothing_behind() {
    reused_storage::<f64, 2>();
    reused_storage::<f32, 2>();
    reused_storage::<f64, 3>();
    reused_storage::<f32, 3>();
}

/// One `Face` kept across calls, as the manifold code keeps two: every
/// shape's `face_into` must replace all of what the face held. Over
/// random directions, shapes whose features differ in size follow each
/// other (a hull's merged eight-corner face, a box's square, a triangle,
/// a segment, a ball's point), placed and rounded; each face in the kept
/// storage equals the shape's fresh `face`, bit for bit.
#[test]
fn a_face_kept_across_shapes_keeps_nothing_behind() {
    use gjk::{Ball, Face, Segment};
    let mut rng = Rng::new(0xfa);
    // An octagonal prism: its top and bottom faces are six triangles each,
    // merged into one eight-corner face.
    let mut points: Vec<Vector<f64, 3>> = (0..16)
        .map(|i| {
            let angle = f64::from(i % 8) * core::f64::consts::FRAC_PI_4;
            let z = if i < 8 { -0.5 } else { 0.5 };
            Vector::<f64, 3>::new(2.0 * angle.cos(), 2.0 * angle.sin(), z)
        })
        .collect();
    points.push(Vector::<f64, 3>::new(0.1, 0.2, 0.0));
    let mut indices = vec![0; Hull::<f64, 3>::indices_needed(points.len())];
    let mut facets = vec![[0; 3]; Hull::<f64, 3>::facets_needed(points.len())];
    let prism = Hull::<f64, 3>::new(&points, &mut indices, &mut facets).unwrap();
    assert_eq!(prism.face(&Vector::<f64, 3>::z()).len(), 8);
    let cube = Cuboid::new(v3::<f64>(0.5, 1.0, 1.5)).unwrap();
    let (o, x, y) = (
        v3::<f64>(0.0, 0.0, 0.0),
        v3(1.0, 0.0, 0.0),
        v3(0.0, 1.0, 0.0),
    );
    let shapes: [&dyn Faces<f64, 3>; 8] = [
        &prism,
        &cube,
        &Triangle::new(o, x, y).unwrap(),
        &Segment::new(o, x).unwrap(),
        &Ball::new(y, 0.5).unwrap(),
        &Capsule::new(o, y, 0.25).unwrap(),
        &Transformed::new(prism, turn(0.3, 0.7), x).unwrap(),
        &Rounded::new(cube, 0.1).unwrap(),
    ];
    let mut kept = Face::default();
    for case in 0..2000 {
        let shape = shapes[(rng.next_u64() % shapes.len() as u64) as usize];
        let dir = Vector::<f64, 3>::from_fn(|_, _| rng.range(-1.0, 1.0));
        shape.face_into(&dir, &mut kept);
        assert_eq!(kept, shape.face(&dir), "case {case}, direction {dir:?}");
    }
    let square = Polygon::new([
        Vector2::new(-1.0, -1.0),
        Vector2::new(1.0, -1.0),
        Vector2::new(1.0, 1.0),
        Vector2::new(-1.0, 1.0),
    ])
    .unwrap();
    let flat: [&dyn Faces<f64, 2>; 3] = [
        &square,
        &Ball::new(Vector2::new(0.0, 3.0), 1.0).unwrap(),
        &Cuboid::new(Vector2::new(2.0, 0.5)).unwrap(),
    ];
    let mut kept = Face::default();
    for case in 0..600 {
        let shape = flat[case % flat.len()];
        let dir = Vector2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
        shape.face_into(&dir, &mut kept);
        assert_eq!(kept, shape.face(&dir), "2D case {case}, direction {dir:?}");
    }
}
