//! Random batches of every lane kind in 2D and 3D, `f32` and `f64`: pairs
//! apart, touching and overlapping, degenerate poses (coincident shapes,
//! faces exactly in contact, a zero rotation), batches whose length is not
//! a multiple of the width, and a bad pair (NaN) among good ones.

use gjk::batch::LaneReal;
use gjk::nalgebra::SMatrix;
use gjk::{
    batch, contact, distance, hull::Polygon, intersects, Ball, Capsule, Config, Cuboid, Error,
    Hull, LaneShape, Rounded, Segment, SupportMap, Transformed, Vector,
};

use crate::support::{rotation, to_t, Rng, Source, TestReal, P};

/// Places `shape` at a random rotation and a translation along a random
/// direction: `kind` 0 apart, 1 near contact, 2 overlapping, 3 coincident
/// (the first shape's pose).
fn pose<T: TestReal, const D: usize>(
    rng: &mut Rng,
    kind: usize,
    reach: f64,
) -> (SMatrix<T, D, D>, Vector<T, D>) {
    let r: SMatrix<f64, D, D> = if rng.chance(0.1) {
        SMatrix::identity()
    } else {
        rotation(rng)
    };
    let mut dir = P::<D>::from_fn(|_, _| rng.range(-1.0, 1.0));
    if dir.norm() < 1e-3 {
        dir = P::<D>::from_fn(|i, _| if i == 0 { 1.0 } else { 0.0 });
    }
    let dist = match kind {
        0 => reach * rng.range(1.05, 2.0),
        1 => reach * rng.range(0.95, 1.05),
        2 => reach * rng.range(0.0, 0.9),
        _ => 0.0,
    };
    (r.map(T::of_f64), to_t::<T, D>(&(dir.normalize() * dist)))
}

/// Every batch query against the scalar one on `pairs`.
fn agree<T, A, B, const D: usize>(pairs: &[(A, B)], what: &str)
where
    T: TestReal + LaneReal,
    A: LaneShape<T, D> + core::fmt::Debug,
    B: LaneShape<T, D> + core::fmt::Debug,
{
    let config = Config::<T, D>::default();
    let n = pairs.len();
    let mut d = vec![Err(Error::InvalidConfig); n];
    batch::distance(pairs, &config, &mut d);
    let mut i = vec![Err(Error::InvalidConfig); n];
    batch::intersects(pairs, &config, &mut i);
    let sep = T::of_f64(0.05);
    let mut c = vec![Err(Error::InvalidConfig); n];
    batch::contact(pairs, sep, &config, &mut c);
    for (k, (a, b)) in pairs.iter().enumerate() {
        let same = |batch: String, scalar: String, q: &str| {
            assert_eq!(
                batch,
                scalar,
                "{what} {} pair {k}, {q}: {a:?} {b:?}",
                T::NAME
            );
        };
        same(
            format!("{:?}", d[k]),
            format!("{:?}", distance(a, b, &config)),
            "distance",
        );
        same(
            format!("{:?}", i[k]),
            format!("{:?}", intersects(a, b, &config)),
            "intersects",
        );
        same(
            format!("{:?}", c[k]),
            format!("{:?}", contact(a, b, sep, &config)),
            "contact",
        );
    }
}

/// `count` pairs of `make`'s shapes, placed by [`pose`], the kinds mixed.
fn placed_pairs<T, S, const D: usize>(
    rng: &mut Rng,
    count: usize,
    reach: f64,
    make: impl Fn(&mut Rng) -> S,
) -> Vec<(Transformed<S, T, D>, Transformed<S, T, D>)>
where
    T: TestReal,
    S: SupportMap<T, D> + Copy,
{
    (0..count)
        .map(|_| {
            let kind = rng.int(0, 3);
            let (ra, ta) = pose::<T, D>(rng, 3, reach);
            let (rb, tb) = pose::<T, D>(rng, kind, reach);
            let at = |s, r, t| Transformed::new(s, r, t).unwrap();
            (at(make(rng), ra, ta), at(make(rng), rb, tb))
        })
        .collect()
}

fn boxes<T: TestReal, const D: usize>(rng: &mut Rng) -> Cuboid<T, D> {
    Cuboid::new(to_t::<T, D>(&P::<D>::from_fn(|_, _| rng.range(0.05, 1.0)))).unwrap()
}

fn balls<T: TestReal, const D: usize>(rng: &mut Rng) -> Ball<T, D> {
    Ball::new(Vector::<T, D>::zeros(), T::of_f64(rng.range(0.05, 1.0))).unwrap()
}

fn capsules<T: TestReal, const D: usize>(rng: &mut Rng) -> Capsule<T, D> {
    let h = to_t::<T, D>(&P::<D>::from_fn(|_, _| rng.range(-1.0, 1.0)));
    Capsule::new(-h, h, T::of_f64(rng.range(0.05, 0.5))).unwrap()
}

fn segments<T: TestReal, const D: usize>(rng: &mut Rng) -> Segment<T, D> {
    let h = to_t::<T, D>(&P::<D>::from_fn(|_, _| rng.range(-1.0, 1.0)));
    Segment::new(-h, h).unwrap()
}

fn round_boxes<T: TestReal, const D: usize>(rng: &mut Rng) -> Rounded<Cuboid<T, D>, T> {
    Rounded::new(boxes(rng), T::of_f64(rng.range(0.01, 0.2))).unwrap()
}

macro_rules! kinds {
    ($($name:ident: $t:ty, $d:literal;)*) => {$(
        #[test]
        fn $name() {
            let mut rng = Rng::new(0x5eed + $d);
            let n = 101;
            agree(&placed_pairs::<$t, _, $d>(&mut rng, n, 1.6, boxes), "box-box");
            agree(&placed_pairs::<$t, _, $d>(&mut rng, n, 1.6, round_boxes), "rounded box-box");
            let mixed: Vec<_> = placed_pairs::<$t, _, $d>(&mut rng, n, 1.2, boxes)
                .into_iter()
                .zip(placed_pairs::<$t, _, $d>(&mut rng, n, 1.2, balls))
                .map(|((a, _), (_, b))| (a, b))
                .collect();
            agree(&mixed, "box-ball");
            let mixed: Vec<_> = placed_pairs::<$t, _, $d>(&mut rng, n, 1.5, capsules)
                .into_iter()
                .zip(placed_pairs::<$t, _, $d>(&mut rng, n, 1.5, boxes))
                .map(|((a, _), (_, b))| (a, b))
                .collect();
            agree(&mixed, "capsule-box");
            agree(&placed_pairs::<$t, _, $d>(&mut rng, n, 1.5, segments), "segment-segment");
            agree(&placed_pairs::<$t, _, $d>(&mut rng, n, 1.5, capsules), "capsule-capsule");
        }
    )*};
}

kinds! {
    primitives_f64_3d: f64, 3;
    primitives_f32_3d: f32, 3;
    primitives_f64_2d: f64, 2;
    primitives_f32_2d: f32, 2;
}

/// Hulls of `points` random points on a sphere (8 in 3D, up to 16 in 2D:
/// every point a vertex, scanned in lanes), placed at random poses.
macro_rules! hull_pairs {
    ($t:ty, $d:literal, $points:expr, $seed:expr) => {{
        let mut rng = Rng::new($seed);
        let (count, points) = (77, $points);
        let clouds: Vec<Vec<Vector<$t, $d>>> = (0..2 * count)
            .map(|_| {
                (0..points)
                    .map(|_| {
                        let p = P::<$d>::from_fn(|_, _| rng.range(-1.0, 1.0));
                        to_t::<$t, $d>(&(p.normalize() * rng.range(0.5, 1.0)))
                    })
                    .collect()
            })
            .collect();
        let mut indices = vec![vec![0u32; Hull::<$t, $d>::indices_needed(points)]; clouds.len()];
        let mut facets =
            vec![vec![[0u32; $d]; Hull::<$t, $d>::facets_needed(points)]; clouds.len()];
        let hulls: Vec<Hull<'_, $t, $d>> = clouds
            .iter()
            .zip(indices.iter_mut())
            .zip(facets.iter_mut())
            .map(|((c, i), f)| Hull::<$t, $d>::new(c, i, f).unwrap())
            .collect();
        let pairs: Vec<_> = (0..count)
            .map(|k| {
                let kind = rng.int(0, 3);
                let (ra, ta) = pose::<$t, $d>(&mut rng, 3, 1.5);
                let (rb, tb) = pose::<$t, $d>(&mut rng, kind, 1.5);
                (
                    Transformed::new(&hulls[2 * k], ra, ta).unwrap(),
                    Transformed::new(&hulls[2 * k + 1], rb, tb).unwrap(),
                )
            })
            .collect();
        agree(&pairs, "hull-hull");
        hulls.iter().filter(|h| h.fits_lanes()).count()
    }};
}

#[test]
fn hulls_in_lanes() {
    assert_eq!(hull_pairs!(f64, 3, 8, 1), 154);
    assert_eq!(hull_pairs!(f32, 3, 8, 2), 154);
    assert_eq!(hull_pairs!(f64, 2, 16, 3), 154);
    assert_eq!(hull_pairs!(f32, 2, 12, 4), 154);
}

/// A hull too large for the lanes runs the scalar loop in its batch, with
/// the same answers.
#[test]
fn hulls_beyond_the_lanes() {
    assert!(hull_pairs!(f64, 3, 40, 5) < 154);
}

/// A bad pair's error is its own: the pairs around it answer as alone.
#[test]
fn a_bad_pair_is_its_own() {
    use gjk::nalgebra::Isometry3;
    let cube = Cuboid::new(Vector::<f64, 3>::repeat(0.5)).unwrap();
    let at = |x: f64| Transformed::from_isometry3(cube, &Isometry3::translation(x, 0.0, 0.0));
    let mut pairs: Vec<_> = (0..11)
        .map(|k| (at(0.0), at(1.0 + k as f64 * 0.25)))
        .collect();
    pairs[5].1 = at(f64::NAN);
    pairs[7].1 = at(f64::MAX);
    pairs[8].0 = at(f64::INFINITY);
    agree(&pairs, "bad pair");
    let config = Config::default();
    let mut d = vec![Err(Error::InvalidConfig); 11];
    batch::distance(&pairs, &config, &mut d);
    assert_eq!(d[5], Err(Error::NonFinite));
    assert!(d[8].is_err());
    for k in [0, 1, 2, 3, 4, 6, 9, 10] {
        let want = k as f64 * 0.25;
        assert!(
            (d[k].as_ref().unwrap().distance - want).abs() < 1e-12,
            "pair {k}"
        );
    }
    // Storage for three answers: the first three pairs are asked.
    let mut short = vec![Err(Error::InvalidConfig); 3];
    batch::distance(&pairs, &config, &mut short);
    assert_eq!(short[..], d[..3]);
}

/// 2D polygons of 3 to 16 vertices (points on a circle at sorted random
/// angles: convex, counterclockwise), scanned in lanes.
fn polygon_pairs<T: TestReal + LaneReal>(seed: u64) {
    let mut rng = Rng::new(seed);
    let count = 77;
    let polygons: Vec<Vec<Vector<T, 2>>> = (0..2 * count)
        .map(|_| {
            let n = rng.int(3, 16);
            let mut angles: Vec<f64> = (0..n)
                .map(|_| rng.range(0.0, core::f64::consts::TAU))
                .collect();
            angles.sort_by(f64::total_cmp);
            let r = rng.range(0.3, 1.0);
            angles
                .iter()
                .map(|t| to_t::<T, 2>(&(P::<2>::new(t.cos(), t.sin()) * r)))
                .collect()
        })
        .collect();
    let shapes: Vec<Polygon<&[Vector<T, 2>], T>> = polygons
        .iter()
        .map(|p| Polygon::new(p.as_slice()).unwrap())
        .collect();
    assert!(shapes.iter().all(|p| p.fits_lanes()));
    let pairs: Vec<_> = (0..count)
        .map(|k| {
            let kind = rng.int(0, 3);
            let (ra, ta) = pose::<T, 2>(&mut rng, 3, 1.2);
            let (rb, tb) = pose::<T, 2>(&mut rng, kind, 1.2);
            (
                Transformed::new(&shapes[2 * k], ra, ta).unwrap(),
                Transformed::new(&shapes[2 * k + 1], rb, tb).unwrap(),
            )
        })
        .collect();
    agree(&pairs, "polygon-polygon");
}

#[test]
fn polygons_in_lanes() {
    polygon_pairs::<f64>(21);
    polygon_pairs::<f32>(22);
}

/// Boxes and balls in 1D (lanes, segments only) and in 4D (the scalar loop
/// in the batch, beyond the lanes' closed form).
#[test]
fn other_dimensions() {
    let mut rng = Rng::new(31);
    agree(
        &placed_pairs::<f64, _, 1>(&mut rng, 40, 1.5, boxes),
        "1D box-box",
    );
    agree(
        &placed_pairs::<f32, _, 1>(&mut rng, 40, 1.5, balls),
        "1D ball-ball",
    );
    agree(
        &placed_pairs::<f64, _, 4>(&mut rng, 40, 1.5, boxes),
        "4D box-box",
    );
    agree(
        &placed_pairs::<f32, _, 4>(&mut rng, 40, 1.5, capsules),
        "4D capsule-capsule",
    );
}

/// Faces exactly in contact (axis-aligned boxes exactly the sum of their
/// half-extents apart), edges and corners exactly touching, at scales from
/// 1e-6 to 1e6: the touching decisions the lanes make are the scalar ones.
#[test]
fn exact_contact() {
    use gjk::nalgebra::Isometry3;
    let mut pairs = Vec::new();
    for scale in [1e-6, 1.0, 1e6] {
        let cube = Cuboid::new(Vector::<f64, 3>::repeat(0.5 * scale)).unwrap();
        let at = |x: f64, y: f64, z: f64| {
            Transformed::from_isometry3(
                cube,
                &Isometry3::translation(x * scale, y * scale, z * scale),
            )
        };
        for offset in [
            (1.0, 0.0, 0.0),
            (1.0, 1.0, 0.0),
            (1.0, 1.0, 1.0),
            (1.0, 0.5, 0.25),
            (0.0, 0.0, 0.0),
            (1.0 + 1e-15, 0.0, 0.0),
            (1.0 - 1e-15, 0.0, 0.0),
        ] {
            pairs.push((at(0.0, 0.0, 0.0), at(offset.0, offset.1, offset.2)));
        }
    }
    agree(&pairs, "exact contact");
}

/// Shapes the lanes do not hold (cylinders, cones, triangles) and the
/// shape enums run the scalar loop in a batch: the scalar answers.
#[test]
fn shapes_beyond_the_lanes() {
    use gjk::{Cone, Cylinder, Shape3, Triangle};
    let mut rng = Rng::new(41);
    let cylinders =
        |rng: &mut Rng| Cylinder::new(rng.range(0.1, 1.0), rng.range(0.1, 1.0)).unwrap();
    agree(
        &placed_pairs::<f64, _, 3>(&mut rng, 30, 1.5, cylinders),
        "cylinder-cylinder",
    );
    let cones =
        |rng: &mut Rng| Cone::new(rng.range(0.1, 1.0) as f32, rng.range(0.1, 1.0) as f32).unwrap();
    agree(
        &placed_pairs::<f32, _, 3>(&mut rng, 30, 1.5, cones),
        "cone-cone",
    );
    let triangles = |rng: &mut Rng| {
        let p = |rng: &mut Rng| Vector::<f64, 2>::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
        Triangle::new(p(rng), p(rng), p(rng)).unwrap()
    };
    agree(
        &placed_pairs::<f64, _, 2>(&mut rng, 30, 1.0, triangles),
        "triangle-triangle",
    );
    let mixed: Vec<(Shape3<f64>, Shape3<f64>)> =
        placed_pairs::<f64, _, 3>(&mut rng, 30, 1.5, boxes)
            .into_iter()
            .zip(placed_pairs::<f64, _, 3>(&mut rng, 30, 1.5, cylinders))
            .enumerate()
            .map(|(k, ((a, _), (_, b)))| {
                let a = Shape3::from(*a.shape());
                if k % 2 == 0 {
                    (a, Shape3::from(*b.shape()))
                } else {
                    (a, Shape3::from(Ball::new(b.translation(), 0.5).unwrap()))
                }
            })
            .collect();
    agree(&mixed, "enum pairs");
}
