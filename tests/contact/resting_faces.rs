//! Parallel faces a hair apart: GJK converges, and nothing reports overlap.
//!
//! Found: two axis-aligned boxes 8.8e-10 apart along y, their faces
//! overlapping in a 0.011 × 0.014 corner. The origin's foot on the
//! Minkowski difference's face lay within rounding of the diagonal of that
//! face, so GJK's simplex was that diagonal (a segment) and its closest
//! point `v`, rounded, tilted across the face by `ε L / ‖v‖` (5e-7 rad).
//! The support along `−v` came back to the diagonal's end; the bound along
//! the segment's own normal still paid the tilt times the face's width, and
//! `distance` stalled at iteration 2 with a lower bound of 0, so
//! `penetration` answered `Some` (depth 0) for shapes proven apart.
//!
//! Must hold: for two boxes whose parallel faces are `g` apart and whose
//! Minkowski face holds the origin's foot exactly on its diagonal (the
//! construction below, in 3D and 4D, f32 and f64), `distance` converges
//! with a positive lower bound, within `16 ε L` of `g` (`L` the scene's
//! largest coordinate), `intersects` is `false` and `penetration` and
//! `contact` at zero are `None`.

use crate::support;

use gjk::{
    contact, distance, intersects, penetration, Config, Cuboid, Status, Transformed, Vector,
};
use support::{Rng, Source, TestReal};

/// The found pair, as reported.
#[test]
fn boxes_apart_by_a_hair_with_a_corner_of_overlap() {
    let v = Vector::<f64, 3>::new;
    let a = Cuboid::new(v(0.34552829039546734, 1.1838018807543074, 1.38172518361888)).unwrap();
    let b = Cuboid::new(v(
        0.7845392701958371,
        1.456018478476959,
        0.050678220545319536,
    ))
    .unwrap();
    let a = Transformed::translated(
        a,
        v(0.9042686557484725, -8.235930842283068, 4.332981499188657),
    )
    .unwrap();
    let b = Transformed::translated(
        b,
        v(2.023035540733864, -10.875751202396827, 5.751060869311214),
    )
    .unwrap();
    let config = Config::default();
    let d = distance(&a, &b, &config).unwrap();
    assert_eq!(d.status, Status::Converged, "{d:?}");
    let gap = 8.8249e-10;
    assert!((d.distance - gap).abs() < 1e-13 && d.lower > 0.0, "{d:?}");
    assert!(
        (d.normal.unwrap() + Vector::<f64, 3>::y()).norm() < 1e-12,
        "{d:?}"
    );
    assert_eq!(penetration(&a, &b, &config).unwrap(), None);
    assert_eq!(contact(&a, &b, 0.0, &config).unwrap(), None);
    assert!(!intersects(&a, &b, &config).unwrap());
}

/// Two boxes whose faces normal to the last axis are `gap` apart, with the
/// corner of their overlap placed so that the Minkowski face's diagonal
/// runs through the origin's foot (the overlap along each other axis the
/// same fraction of the face's width along it).
fn diagonal_pairs<T: TestReal, const D: usize>(seed: u64, cases: usize) {
    let mut rng = Rng::new(seed);
    let config = Config::<T, _>::default();
    let top = D - 1;
    for case in 0..cases {
        let ha: Vector<f64, D> = Vector::from_fn(|_, _| rng.range(0.05, 2.0));
        let hb: Vector<f64, D> = Vector::from_fn(|_, _| rng.range(0.05, 2.0));
        let fraction = 10f64.powf(rng.range(-3.0, -0.5));
        let centre: Vector<f64, D> = Vector::from_fn(|_, _| rng.range(-10.0, 10.0));
        let scale = centre.amax() + 4.0;
        let gap = scale * T::eps() * 10f64.powf(rng.range(3.0, 6.0));
        let offset: Vector<f64, D> = Vector::from_fn(|i, _| {
            let side = if rng.chance(0.5) { 1.0 } else { -1.0 };
            if i == top {
                side * (ha[i] + hb[i] + gap)
            } else {
                // Overlapping by `fraction` of the Minkowski face's width.
                side * (ha[i] + hb[i]) * (1.0 - 2.0 * fraction)
            }
        });
        // In `T`, then the gap as the rounded shapes have it.
        let to_t = |v: &Vector<f64, D>| Vector::<T, D>::from_fn(|i, _| T::of_f64(v[i]));
        let (ca, cb) = (to_t(&centre), to_t(&(centre + offset)));
        let (hta, htb) = (to_t(&ha), to_t(&hb));
        let top_of = |c: &Vector<T, D>, h: &Vector<T, D>, up: bool| {
            let (c, h) = (c[top].as_f64(), h[top].as_f64());
            if up {
                c + h
            } else {
                c - h
            }
        };
        let up = offset[top] > 0.0;
        let true_gap = if up {
            top_of(&cb, &htb, false) - top_of(&ca, &hta, true)
        } else {
            top_of(&ca, &hta, false) - top_of(&cb, &htb, true)
        };
        let a = Transformed::translated(Cuboid::new(hta).unwrap(), ca).unwrap();
        let b = Transformed::translated(Cuboid::new(htb).unwrap(), cb).unwrap();
        let d = distance(&a, &b, &config).unwrap();
        let budget = 16.0 * T::eps() * scale;
        let what = format!("case {case}: gap {true_gap:e}, {d:?}");
        assert_eq!(d.status, Status::Converged, "{what}");
        assert!(d.lower.as_f64() > 0.0, "{what}");
        assert!((d.distance.as_f64() - true_gap).abs() <= budget, "{what}");
        assert!(!intersects(&a, &b, &config).unwrap(), "{what}");
        assert_eq!(penetration(&a, &b, &config).unwrap(), None, "{what}");
        assert_eq!(contact(&a, &b, T::zero(), &config).unwrap(), None, "{what}");
    }
}

#[test]
fn parallel_faces_converge_in_3d_and_4d() {
    diagonal_pairs::<f64, 3>(1, 400);
    diagonal_pairs::<f32, 3>(2, 400);
    diagonal_pairs::<f64, 4>(3, 200);
    diagonal_pairs::<f32, 4>(4, 200);
}
