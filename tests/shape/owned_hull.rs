//! `OwnedHull` against the borrowed `Hull` built from the same points.
//!
//! Oracle: the borrowed hull. The owned one reads the same storage back,
//! so its vertices, facets, supports, faces and query answers must be the
//! borrowed hull's bit for bit (budget: zero), for hulls that scan and
//! hulls that climb, in 2D and 3D, f32 and f64. Bad clouds get the
//! borrowed hull's errors.

use crate::support;

use gjk::{
    contact_manifold, distance, Ball, Config, Faces, Hull, OwnedHull, ShapeError, SupportMap,
    Vector,
};
use support::{point_set, points_t, to_t, Rng, Source, TestReal, P};

macro_rules! same_hulls {
    ($t:ty, $d:literal, $seed:expr) => {{
        let mut r = Rng::new($seed);
        let config = Config::<$t, $d>::default();
        let (mut scanned, mut climbed) = (0, 0);
        for _ in 0..60 {
            let n = r.int(3, 80);
            let mut set = point_set::<$d>(&mut r, n, &P::zeros(), 1.0);
            if r.chance(0.5) {
                // On a sphere: every point extreme, so large hulls climb.
                set.iter_mut().for_each(|p| *p = p.normalize());
            }
            let cloud = points_t::<$t, $d>(&set);
            let mut indices = vec![0; Hull::<$t, $d>::indices_needed(n)];
            let mut facets = vec![[0; $d]; Hull::<$t, $d>::facets_needed(n)];
            let borrowed = Hull::<$t, $d>::new(&cloud, &mut indices, &mut facets);
            let owned = OwnedHull::<$t, $d>::new(cloud.clone());
            let (borrowed, owned) = match (borrowed, owned) {
                (Ok(b), Ok(o)) => (b, o),
                (b, o) => {
                    assert_eq!(b.err(), o.err());
                    continue;
                }
            };
            if borrowed.climbs() {
                climbed += 1
            } else {
                scanned += 1
            }
            assert_eq!(owned.vertices(), borrowed.vertices());
            assert_eq!(owned.facets(), borrowed.facets());
            assert_eq!(owned.points(), &cloud[..]);
            assert_eq!(owned.as_hull(), borrowed);
            assert_eq!(owned.center(), borrowed.center());
            let ball = Ball::new(to_t::<$t, $d>(&P::repeat(0.7)), <$t>::of_f64(0.4)).unwrap();
            for _ in 0..20 {
                let d: Vector<$t, $d> = to_t(&P::<$d>::from_fn(|_, _| r.range(-1.0, 1.0)));
                assert_eq!(owned.core_support(&d), borrowed.core_support(&d));
                assert_eq!(owned.face(&d), borrowed.face(&d));
            }
            assert_eq!(
                distance(&owned, &ball, &config),
                distance(&borrowed, &ball, &config)
            );
            assert_eq!(
                contact_manifold(&owned, &ball, <$t>::of_f64(0.5), &config),
                contact_manifold(&borrowed, &ball, <$t>::of_f64(0.5), &config)
            );
        }
        assert!(
            scanned > 5 && climbed > 5,
            "both methods: {scanned} scanned, {climbed} climbed"
        );
    }};
}

#[test]
fn owned_hulls_answer_as_borrowed_ones_2d() {
    same_hulls!(f64, 2, 31);
    same_hulls!(f32, 2, 32);
}

#[test]
fn owned_hulls_answer_as_borrowed_ones_3d() {
    same_hulls!(f64, 3, 33);
    same_hulls!(f32, 3, 34);
}

#[test]
fn bad_clouds_are_errors() {
    let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    assert_eq!(
        OwnedHull::<f64, 3>::new(Vec::new()).err(),
        Some(ShapeError::Empty)
    );
    let nan = [
        v(0.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
        v(0.0, f64::NAN, 0.0),
        v(0.0, 0.0, 1.0),
    ];
    assert_eq!(
        OwnedHull::<f64, 3>::new(&nan[..]).err(),
        Some(ShapeError::NonFinite)
    );
    let flat = [
        v(0.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
        v(0.0, 1.0, 0.0),
        v(1.0, 1.0, 0.0),
    ];
    assert_eq!(
        OwnedHull::<f64, 3>::new(&flat[..]).err(),
        Some(ShapeError::Degenerate)
    );
}
