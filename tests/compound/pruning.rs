//! Compound queries against every pair asked without pruning.
//!
//! Oracle: brute force over all pairs of pieces with the convex queries.
//! Pruning by boxes must not change the answer: the closest distance is
//! the brute-force minimum bit for bit (the same pair's query), the
//! bracket holds it, `intersects` agrees, and the manifolds are those of
//! every pair the brute force finds within the separation (budget: zero).
//! Random compounds of boxes, balls, capsules and hulls under random
//! poses, separated, touching and overlapping, 2D and 3D, f32 and f64.

use crate::support;

use gjk::compound::{
    pieces_distance, pieces_intersect, pieces_manifolds, Compound, Part, PieceManifold, Pieces,
    Single,
};
use gjk::nalgebra::{Isometry2, Isometry3, Vector2, Vector3};
use gjk::{
    contact_manifold, distance, intersects, Aabb, Ball, Capsule, Config, Cuboid, OwnedHull, Shape2,
    Shape3, SupportMap, Transformed,
};
use support::{Rng, Source, TestReal};

/// Every query on `(a, b)` against brute force over their pieces.
fn against_brute_force<T: TestReal, const D: usize>(
    a: &impl Pieces<T, D>,
    b: &impl Pieces<T, D>,
    config: &Config<T, D>,
) {
    let pruned = pieces_distance(a, b, config).unwrap();
    let mut truth = None::<(usize, usize, gjk::Distance<T, D>)>;
    let mut any = false;
    let mut manifolds = Vec::new();
    let sep = T::of_f64(0.05);
    for i in 0..a.count() {
        for j in 0..b.count() {
            let (x, y) = (a.piece(i).unwrap(), b.piece(j).unwrap());
            let d = distance(&x, &y, config).unwrap();
            if truth.is_none_or(|(_, _, t)| d.distance < t.distance) {
                truth = Some((i, j, d));
            }
            any |= intersects(&x, &y, config).unwrap();
            if let Some(m) = contact_manifold(&x, &y, sep, config).unwrap() {
                manifolds.push(PieceManifold {
                    piece_a: i,
                    piece_b: j,
                    manifold: m,
                });
            }
            // Each piece's box holds it: the support along each axis.
            let (bx, by) = (a.bounds(i).unwrap(), b.bounds(j).unwrap());
            for k in 0..D {
                let e =
                    gjk::Vector::<T, D>::from_fn(|r, _| if r == k { T::one() } else { T::zero() });
                assert!(x.support(&e)[k] <= bx.max[k] && x.support(&-e)[k] >= bx.min[k]);
                assert!(y.support(&e)[k] <= by.max[k] && y.support(&-e)[k] >= by.min[k]);
            }
        }
    }
    let (_, _, t) = truth.unwrap();
    assert_eq!(pruned.distance.distance, t.distance, "closest distance");
    assert!(pruned.distance.lower <= t.distance && t.distance <= pruned.distance.upper);
    assert_eq!(pieces_intersect(a, b, config).unwrap(), any);
    let mut out = vec![None; manifolds.len() + 1];
    let n = pieces_manifolds(a, b, sep, config, &mut out).unwrap();
    assert_eq!(n, manifolds.len());
    let got: Vec<_> = out.into_iter().flatten().collect();
    assert_eq!(got, manifolds);
}

fn shape3<T: TestReal>(r: &mut Rng) -> Shape3<T> {
    let t = |x: f64| T::of_f64(x);
    let v =
        |r: &mut Rng, s: f64| Vector3::new(t(r.range(-s, s)), t(r.range(-s, s)), t(r.range(-s, s)));
    match r.int(0, 3) {
        0 => Cuboid::new(v(r, 1.0).abs().add_scalar(t(0.05)))
            .unwrap()
            .into(),
        1 => Ball::new(v(r, 0.2), t(r.range(0.1, 0.8))).unwrap().into(),
        2 => Capsule::new(v(r, 0.8), v(r, 0.8), t(r.range(0.05, 0.4)))
            .unwrap()
            .into(),
        _ => {
            let cloud: Vec<_> = (0..12).map(|_| v(r, 0.7)).collect();
            OwnedHull::<T, 3>::new(cloud).unwrap().into()
        }
    }
}

fn shape2<T: TestReal>(r: &mut Rng) -> Shape2<T> {
    let t = |x: f64| T::of_f64(x);
    let v = |r: &mut Rng, s: f64| Vector2::new(t(r.range(-s, s)), t(r.range(-s, s)));
    match r.int(0, 3) {
        0 => Cuboid::new(v(r, 1.0).abs().add_scalar(t(0.05)))
            .unwrap()
            .into(),
        1 => Ball::new(v(r, 0.2), t(r.range(0.1, 0.8))).unwrap().into(),
        2 => Capsule::new(v(r, 0.8), v(r, 0.8), t(r.range(0.05, 0.4)))
            .unwrap()
            .into(),
        _ => {
            let cloud: Vec<_> = (0..10).map(|_| v(r, 0.7)).collect();
            OwnedHull::<T, 2>::new(cloud).unwrap().into()
        }
    }
}

fn pose3<T: TestReal>(r: &mut Rng, reach: f64) -> Isometry3<T> {
    let t = |x: f64| T::of_f64(x);
    let mut c = || t(r.range(-reach, reach));
    Isometry3::new(Vector3::new(c(), c(), c()), Vector3::new(c(), c(), c()))
}

fn pose2<T: TestReal>(r: &mut Rng, reach: f64) -> Isometry2<T> {
    let t = |x: f64| T::of_f64(x);
    Isometry2::new(
        Vector2::new(t(r.range(-reach, reach)), t(r.range(-reach, reach))),
        t(r.range(-3.0, 3.0)),
    )
}

fn compounds_3d<T: TestReal>(seed: u64) {
    let mut r = Rng::new(seed);
    let config = Config::<T, 3>::default();
    for _ in 0..40 {
        let parts = |r: &mut Rng| -> Vec<Part<Shape3<T>, T, 3>> {
            (0..r.int(1, 5))
                .map(|_| {
                    Part::new(Transformed::from_isometry3(shape3::<T>(r), &pose3(r, 2.0))).unwrap()
                })
                .collect()
        };
        let (pa, pb) = (parts(&mut r), parts(&mut r));
        let (a, b) = (Compound::new(pa).unwrap(), Compound::new(pb).unwrap());
        let (ia, ib) = (pose3::<T>(&mut r, 3.0), pose3::<T>(&mut r, 3.0));
        against_brute_force(&a.placed(&ia), &b.placed(&ib), &config);
        let ball = Ball::new(Vector3::new(T::one(), T::zero(), T::zero()), T::of_f64(1.5)).unwrap();
        against_brute_force(&a.placed(&ia), &Single::new(&ball).unwrap(), &config);
    }
}

fn compounds_2d<T: TestReal>(seed: u64) {
    let mut r = Rng::new(seed);
    let config = Config::<T, 2>::default();
    for _ in 0..60 {
        let parts = |r: &mut Rng| -> Vec<Part<Shape2<T>, T, 2>> {
            (0..r.int(1, 5))
                .map(|_| {
                    Part::new(Transformed::from_isometry2(shape2::<T>(r), &pose2(r, 2.0))).unwrap()
                })
                .collect()
        };
        let (pa, pb) = (parts(&mut r), parts(&mut r));
        let (a, b) = (Compound::new(pa).unwrap(), Compound::new(pb).unwrap());
        let (ia, ib) = (pose2::<T>(&mut r, 3.0), pose2::<T>(&mut r, 3.0));
        against_brute_force(&a.placed(&ia), &b.placed(&ib), &config);
    }
}

#[test]
fn pruned_queries_match_every_pair_3d() {
    compounds_3d::<f64>(41);
    compounds_3d::<f32>(42);
}

#[test]
fn pruned_queries_match_every_pair_2d() {
    compounds_2d::<f64>(43);
    compounds_2d::<f32>(44);
}

/// A compound far from a ball: every pair but the nearest is skipped, and
/// an empty compound is refused.
#[test]
fn far_parts_are_skipped_and_empty_compounds_refused() {
    let v = |x: f64, y: f64| Vector2::new(x, y);
    let parts: Vec<_> = (0..50)
        .map(|k| {
            let at = v(f64::from(k) * 3.0, 0.0);
            Part::new(Transformed::translated(Cuboid::new(v(0.5, 0.5)).unwrap(), at).unwrap())
                .unwrap()
        })
        .collect();
    let row = Compound::new(parts).unwrap();
    let ball = Ball::new(v(-2.0, 0.0), 0.5).unwrap();
    let d = pieces_distance(
        &row.placed(&Isometry2::identity()),
        &Single::new(&ball).unwrap(),
        &Config::default(),
    )
    .unwrap();
    assert_eq!(d.piece_a, 0);
    assert!((d.distance.distance - 1.0).abs() < 1e-12);
    let empty: Vec<Part<Cuboid<f64, 2>, f64, 2>> = Vec::new();
    assert!(Compound::new(empty).is_err());
    let bounds: Aabb<f64, 2> = *row.bounds();
    assert!(bounds.max.x >= 147.5 && bounds.min.x <= -0.5);
}
