//! Answers at any scale: a query on shapes scaled by `s` answers `s ×` the
//! query at scale 1, across the whole finite range of `f32` and `f64`.
//!
//! The kernel computes on support points multiplied by a power of two
//! chosen from the first one, so for `s = 2ᵏ` the scaled query computes with
//! exactly the numbers of the unscaled one. Accuracy budget: **exact** (bit
//! for bit) for powers of two while every input coordinate stays a normal
//! number; `64 ε` relative for other scales (the inputs themselves are
//! rounded once by the scaling).
//!
//! Before the kernel had its own frame, `f64` shapes below about `1e-154`
//! (`f32` below `1e-20`) collapsed to distance 0 with status `Converged`, and
//! shapes near `√MAX` stalled and answered `penetration = None` while
//! overlapping.

use crate::support;

use gjk::nalgebra::SMatrix;
use gjk::{
    contact, distance, hull::Scanned, intersects, penetration, Ball, Capsule, Config, Cuboid,
    Rounded, Status, SupportMap, Transformed, Vector,
};
use support::{rotation, Rng, TestReal};

/// The answers a scale test compares, as `f64`, with the points flattened.
#[derive(Debug, PartialEq)]
struct Answers {
    distance: Vec<f64>,
    penetration: Option<Vec<f64>>,
    intersects: bool,
    statuses: Vec<Status>,
}

fn flat<T: TestReal, const D: usize>(x: &[T], points: &[&Vector<T, D>]) -> Vec<f64> {
    x.iter()
        .map(|v| v.as_f64())
        .chain(points.iter().flat_map(|p| p.iter().map(|v| v.as_f64())))
        .collect()
}

/// Every query on `a`, `b`, in one record (an error fails the test).
fn answers<T: TestReal, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
) -> Answers {
    let config = Config::default();
    let d = distance(a, b, &config).expect("distance");
    let p = penetration(a, b, &config).expect("penetration");
    let c = contact(a, b, T::of_f64(0.0), &config).expect("contact");
    let mut statuses = vec![d.status];
    statuses.extend(p.map(|p| p.status));
    statuses.extend(c.map(|c| c.status));
    Answers {
        distance: flat(&[d.distance, d.lower], &[&d.point_a, &d.point_b]),
        penetration: p.map(|p| flat(&[p.depth, p.upper], &[&p.point_a, &p.point_b, &p.normal])),
        intersects: intersects(a, b, &config).expect("intersects"),
        statuses,
    }
}

/// The answers at scale `s`, divided by `s` (normals are left as they are).
fn unscaled(mut x: Answers, s: f64, dims: usize) -> Answers {
    for v in &mut x.distance {
        *v /= s;
    }
    if let Some(p) = &mut x.penetration {
        let lengths = 2 + 2 * dims;
        for v in p.iter_mut().take(lengths) {
            *v /= s;
        }
    }
    x
}

/// The scene of one case, scaled by `s`: a rotated box, a hull, a capsule
/// and a rounded hull, in pairs that are apart, touching only by their
/// margins, and overlapping.
fn scenes<T: TestReal, const D: usize>(seed: u64, s: f64) -> Vec<Answers> {
    let mut rng = Rng::new(seed);
    let r: SMatrix<f64, D, D> = rotation::<D>(&mut rng);
    let v = |x: [f64; 4]| Vector::<T, D>::from_fn(|i, _| T::of_f64(x[i] * s));
    let m = r.map(T::of_f64);
    let cuboid = Cuboid::new(v([1.0, 0.75, 0.5, 0.625])).unwrap();
    let points: Vec<Vector<T, D>> = (0..8)
        .map(|k| {
            let k = f64::from(k);
            v([
                (1.3 * k).sin(),
                (2.1 * k).cos(),
                (0.7 * k).sin(),
                (1.9 * k).cos(),
            ])
        })
        .collect();
    let hull = Scanned::new(&points).unwrap();
    let capsule = Capsule::new(v([0.0; 4]), v([0.5, 1.0, 0.25, 0.0]), T::of_f64(0.25 * s)).unwrap();
    let ball = Ball::new(v([0.25, 0.0, 0.0, 0.0]), T::of_f64(0.5 * s)).unwrap();
    let mut out = Vec::new();
    for offset in [3.5, 2.25, 1.0, 0.25] {
        let placed = Transformed::new(cuboid, m, v([offset, 0.3, -0.2, 0.1])).unwrap();
        out.push(answers(&hull, &placed));
        out.push(answers(&placed, &capsule));
        let rounded = Rounded::new(&hull, T::of_f64(0.125 * s)).unwrap();
        let moved = Transformed::new(&rounded, m, v([offset, -0.5, 0.0, 0.0])).unwrap();
        out.push(answers(&moved, &ball));
    }
    out
}

/// Powers of two from `2^lo` to `2^hi` against scale 1, bit for bit.
fn powers_of_two<T: TestReal, const D: usize>(lo: i32, hi: i32, step: usize) {
    for seed in 1..=3 {
        let reference = scenes::<T, D>(seed, 1.0);
        for k in (lo..=hi).step_by(step) {
            let s = 2f64.powi(k);
            let scaled: Vec<Answers> = scenes::<T, D>(seed, s)
                .into_iter()
                .map(|x| unscaled(x, s, D))
                .collect();
            for (i, (x, r)) in scaled.iter().zip(&reference).enumerate() {
                assert_eq!(
                    x,
                    r,
                    "{} D = {D}, seed {seed}, scene {i}: scale 2^{k} differs from scale 1",
                    T::NAME
                );
            }
        }
    }
}

// The smallest scales keep every product the shapes' own support maps form
// (rotation entries times coordinates, down to about 1e-4 of the scale)
// normal, so that the inputs themselves scale exactly; the largest keep the
// coordinates, and their sums, finite.

#[test]
fn powers_of_two_f64_2d() {
    powers_of_two::<f64, 2>(-1008, 1018, 7);
}

#[test]
fn powers_of_two_f64_3d() {
    powers_of_two::<f64, 3>(-1008, 1018, 7);
}

/// Every power in `f32` under `GJK_FULL_SWEEPS=1`, every third otherwise
/// (both ends included: 122 = -112 + 3·78).
#[test]
fn powers_of_two_f32_3d() {
    powers_of_two::<f32, 3>(-112, 122, support::sweep_size(1, 3));
}

/// As in 3D.
#[test]
fn powers_of_two_f32_4d() {
    powers_of_two::<f32, 4>(-112, 122, support::sweep_size(1, 3));
}

/// Decimal scales: the scaled inputs are rounded once, so the answers agree
/// to a few ulps of the scale (`64 ε` relative to the scene's size).
fn decimal<T: TestReal, const D: usize>(exponents: &[i32]) {
    let eps = T::eps();
    for seed in 1..=3 {
        let reference = scenes::<T, D>(seed, 1.0);
        for &e in exponents {
            let s = 10f64.powi(e);
            let scaled = scenes::<T, D>(seed, s);
            for (x, r) in scaled.into_iter().zip(&reference) {
                let x = unscaled(x, s, D);
                assert_eq!(
                    x.intersects,
                    r.intersects,
                    "{} 1e{e}: {x:?} vs {r:?}",
                    T::NAME
                );
                assert_eq!(x.penetration.is_some(), r.penetration.is_some());
                let pairs = x.distance.iter().zip(&r.distance).chain(
                    x.penetration
                        .iter()
                        .flatten()
                        .zip(r.penetration.iter().flatten()),
                );
                for (a, b) in pairs {
                    assert!(
                        (a - b).abs() <= 64.0 * eps * 4.0,
                        "{} D = {D} at 1e{e}: {a:e} against {b:e}",
                        T::NAME
                    );
                }
            }
        }
    }
}

#[test]
fn decimal_scales_f64() {
    decimal::<f64, 3>(&[-300, -200, -160, -155, -150, 150, 154, 155, 160, 200, 300]);
    decimal::<f64, 2>(&[-300, -155, 155, 300]);
}

#[test]
fn decimal_scales_f32() {
    decimal::<f32, 3>(&[-35, -30, -22, -20, -19, 19, 20, 30, 35]);
    decimal::<f32, 2>(&[-35, -20, 20, 35]);
}
