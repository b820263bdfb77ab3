//! `Hull`, the hull built from a point cloud that picks its support method
//! by size, against independent oracles: a brute-force scan of every input
//! point for its supports, `Scanned` over every input point for its
//! queries, and the method it picks against the documented thresholds.
//! 2D and 3D, `f32` and `f64`, clouds with interior points and duplicates,
//! on both sides of the thresholds.

use crate::support;

use gjk::{distance, hull::Scanned, Config, Hull, ShapeError, SupportMap, Transformed, Vector};
use support::{unit_vector, Rng, Source, TestReal, P};

/// `h` hull vertices on a unit sphere (circle) off the origin, the same
/// number of interior points, and every tenth vertex repeated.
fn cloud<T: TestReal, const D: usize>(h: usize, seed: u64) -> Vec<Vector<T, D>> {
    let mut r = Rng::new(seed);
    let mut points: Vec<P<D>> = (0..h).map(|_| unit_vector::<D>(&mut r)).collect();
    let centroid = points.iter().sum::<P<D>>() / h as f64;
    // Halfway from the centroid (inside) to a random mix of three vertices
    // (in the hull): strictly inside.
    let interior: Vec<P<D>> = (0..h)
        .map(|_| {
            let w = [r.range(0.1, 1.0), r.range(0.1, 1.0), r.range(0.1, 1.0)];
            let mix = (0..3).map(|k| points[r.int(0, h - 1)] * w[k]).sum::<P<D>>()
                / w.iter().sum::<f64>();
            (centroid + mix) * 0.5
        })
        .collect();
    let repeated: Vec<P<D>> = points.iter().step_by(10).copied().collect();
    points.extend(repeated);
    points.extend(interior);
    // Off the origin, so that no stray zero point (unused storage) can pass
    // for a support point.
    let offset = P::<D>::from_fn(|i, _| if i == 0 { 2.5 } else { -1.25 });
    points.iter().map(|p| (p + offset).map(T::of_f64)).collect()
}

/// The largest support value of `points` along `d`, by scanning them all.
fn brute<T: TestReal, const D: usize>(points: &[Vector<T, D>], d: &Vector<T, D>) -> f64 {
    points
        .iter()
        .map(|p| {
            p.iter()
                .zip(d.iter())
                .map(|(x, y)| x.as_f64() * y.as_f64())
                .sum::<f64>()
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

/// Supports of the hull of `points` along random directions: a point of the
/// cloud, with the brute-force support value within `64 ε · 4` (`|p| ≤ 4`, the
/// rounding of the dot products, and a climb stopping next to an edge whose
/// rise rounds to nothing; sphere points have no short edges).
fn check_supports<T: TestReal, const D: usize>(
    hull: &Hull<'_, T, D>,
    points: &[Vector<T, D>],
    seed: u64,
    what: &str,
) {
    let mut r = Rng::new(seed);
    for _ in 0..200 {
        let d = unit_vector::<D>(&mut r).map(T::of_f64);
        let s = hull.core_support(&d);
        assert!(
            points.contains(&s),
            "{what}: support {s:?} is not an input point"
        );
        let got: f64 = s
            .iter()
            .zip(d.iter())
            .map(|(x, y)| x.as_f64() * y.as_f64())
            .sum();
        let want = brute(points, &d);
        assert!(
            (got - want).abs() <= 64.0 * T::eps() * 4.0,
            "{what}: support value {got}, a scan gives {want}"
        );
    }
}

/// Builds `Hull`s of `h` vertices for sizes around the thresholds and checks
/// the vertex count (interior points and repeats are not vertices), the
/// method, the supports and a distance query.
macro_rules! around_thresholds {
    ($name:ident, $t:ty, $d:literal) => {
        #[test]
        fn $name() {
            let threshold = Hull::<$t, $d>::SCAN_UP_TO;
            let config = Config::<$t, _>::default();
            for (k, h) in [$d + 2, 8, threshold, threshold + 1, 64, 500]
                .into_iter()
                .enumerate()
            {
                let what = format!("{} D = {} with {h} vertices", <$t as TestReal>::NAME, $d);
                let points = cloud::<$t, $d>(h, 11 + k as u64);
                let n = points.len();
                let mut indices = vec![0; Hull::<$t, $d>::indices_needed(n)];
                let mut facets = vec![[0; $d]; Hull::<$t, $d>::facets_needed(n)];
                let hull = Hull::<$t, $d>::new(&points, &mut indices, &mut facets).unwrap();
                // Only sphere points are vertices, each once; in `f32` a
                // sphere point rounded inside its neighbours' edge is not.
                let corners: Vec<_> = hull
                    .vertices()
                    .iter()
                    .map(|&v| points[v as usize])
                    .collect();
                assert!(
                    corners.iter().all(|c| points[..h].contains(c)),
                    "{what}: a vertex inside"
                );
                for (i, c) in corners.iter().enumerate() {
                    assert!(!corners[..i].contains(c), "{what}: a vertex twice");
                }
                let lost = if <$t as TestReal>::NAME == "f32" {
                    h / 50
                } else {
                    0
                };
                assert!(
                    corners.len() + lost >= h,
                    "{what}: {} vertices",
                    corners.len()
                );
                assert_eq!(hull.climbs(), corners.len() > threshold, "{what}: method");
                check_supports(&hull, &points, 100 + k as u64, &what);

                // Distance to a placed copy: the same as the scan of every
                // input point, within the tolerance (plus rounding).
                let every = Scanned::new(&points).unwrap();
                let mut r = Rng::new(7 + k as u64);
                for _ in 0..20 {
                    let t = Vector::<$t, $d>::from_fn(|_, _| <$t>::of_f64(r.range(-3.0, 3.0)));
                    let ours = distance(&hull, &Transformed::translated(hull, t).unwrap(), &config)
                        .unwrap();
                    let scan =
                        distance(&every, &Transformed::translated(every, t).unwrap(), &config)
                            .unwrap();
                    let (x, y) = (ours.distance.as_f64(), scan.distance.as_f64());
                    let tol =
                        config.tolerance.as_f64() * x.max(y) + 64.0 * <$t as TestReal>::eps() * 4.0;
                    assert!(
                        (x - y).abs() <= tol,
                        "{what}: distance {x}, scanning every point {y}"
                    );
                }
            }
        }
    };
}

around_thresholds!(thresholds_f64_3d, f64, 3);
around_thresholds!(thresholds_f32_3d, f32, 3);
around_thresholds!(thresholds_f64_2d, f64, 2);
around_thresholds!(thresholds_f32_2d, f32, 2);

/// Bad input is reported, never built: no points, a NaN, a flat cloud, and
/// storage one entry short of what the sizing functions ask.
#[test]
fn bad_input_is_an_error() {
    let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    let (mut indices, mut facets) = (vec![0; 4096], vec![[0; 3]; 1024]);
    assert_eq!(
        Hull::<f64, 3>::new(&[], &mut indices, &mut facets).err(),
        Some(ShapeError::Empty)
    );
    let nan = [
        v(0.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
        v(0.0, 1.0, 0.0),
        v(0.0, 0.0, f64::NAN),
    ];
    assert_eq!(
        Hull::<f64, 3>::new(&nan, &mut indices, &mut facets).err(),
        Some(ShapeError::NonFinite)
    );
    let flat: Vec<_> = (0..20)
        .map(|i| v(f64::from(i % 5), f64::from(i / 5), 2.0))
        .collect();
    assert_eq!(
        Hull::<f64, 3>::new(&flat, &mut indices, &mut facets).err(),
        Some(ShapeError::Degenerate)
    );

    let points = cloud::<f64, 3>(100, 5);
    let n = points.len();
    let (i, f) = (
        Hull::<f64, 3>::indices_needed(n),
        Hull::<f64, 3>::facets_needed(n),
    );
    let (mut indices, mut facets) = (vec![0; i], vec![[0; 3]; f]);
    assert_eq!(
        Hull::<f64, 3>::new(&points, &mut indices[..i - 1], &mut facets).err(),
        Some(ShapeError::StorageTooSmall)
    );
    assert_eq!(
        Hull::<f64, 3>::new(&points, &mut indices, &mut facets[..f - 1]).err(),
        Some(ShapeError::StorageTooSmall)
    );
    assert!(Hull::<f64, 3>::new(&points, &mut indices, &mut facets).is_ok());

    let points = cloud::<f64, 2>(100, 6);
    let n = points.len();
    let (i, f) = (
        Hull::<f64, 2>::indices_needed(n),
        Hull::<f64, 2>::facets_needed(n),
    );
    let (mut indices, mut facets) = (vec![0; i], vec![[0; 2]; f]);
    assert_eq!(
        Hull::<f64, 2>::new(&points, &mut indices[..i - 1], &mut facets).err(),
        Some(ShapeError::StorageTooSmall)
    );
    assert!(Hull::<f64, 2>::new(&points, &mut indices, &mut facets).is_ok());
}

/// The centre is inside the hull: every facet plane has it on its inner
/// side (3D), so the first search direction is well defined.
#[test]
fn centre_is_inside() {
    let points = cloud::<f64, 3>(40, 9);
    let n = points.len();
    let (mut indices, mut facets) = (
        vec![0; Hull::<f64, 3>::indices_needed(n)],
        vec![[0; 3]; Hull::<f64, 3>::facets_needed(n)],
    );
    let hull = Hull::<f64, 3>::new(&points, &mut indices, &mut facets).unwrap();
    let c = hull.center();
    for f in hull.facets() {
        let [a, b, d] = f.map(|i| points[i as usize]);
        let normal = (b - a).cross(&(d - a));
        assert!(normal.dot(&(c - a)) < 0.0, "centre outside facet {f:?}");
    }
}
