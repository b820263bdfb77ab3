//! Warm starts between frames, by direction (`GjkConfig::starting_along`)
//! and by simplex cache (`distance_cached`, `intersects_cached`): on a
//! coherent motion sequence the warm-started answers equal the cold ones
//! within the tolerance, and they take fewer iterations in total.
//!
//! Accuracy budget: the cold and warm runs stop at different simplices, each
//! within the relative tolerance of the distance plus rounding; their
//! distances may differ by twice that, `2 (τ d + 64 ε L)`, with `L` the
//! coordinate scale.

mod common;

use common::{rotation, to_t, unit_vector, Lcg, TestReal, P};
use gjk::nalgebra::SMatrix;
use gjk::{
    distance, distance_cached, intersects, intersects_cached, penetration, ConvexHull, GjkConfig,
    SimplexCache, Transformed, Vector,
};

/// `count` points on the unit sphere of `R^D`.
fn sphere<const D: usize>(rng: &mut Lcg, count: usize) -> Vec<P<D>> {
    (0..count).map(|_| unit_vector::<D>(rng)).collect()
}

/// A small rotation: the identity turned by `angle` in the plane of axes
/// `i`, `j`.
fn turn<const D: usize>(angle: f64, i: usize, j: usize) -> SMatrix<f64, D, D> {
    let mut m = SMatrix::<f64, D, D>::identity();
    let (s, c) = angle.sin_cos();
    m[(i, i)] = c;
    m[(j, j)] = c;
    m[(i, j)] = -s;
    m[(j, i)] = s;
    m
}

/// Iteration totals of the cold and warm runs over one sequence.
struct Totals {
    cold: u32,
    warm: u32,
    cached: u32,
    frames: u32,
}

/// Hull B orbits hull A, spinning slowly, for `frames` frames; every frame is
/// queried cold (default settings) and warm (starting along the previous
/// frame's normal), and the answers compared.
fn orbit<T: TestReal, const D: usize>(seed: u64, frames: u32) -> Totals {
    let mut rng = Lcg::new(seed);
    let local_a: Vec<Vector<T, D>> = sphere::<D>(&mut rng, 24).iter().map(to_t).collect();
    let local_b: Vec<Vector<T, D>> = sphere::<D>(&mut rng, 24).iter().map(to_t).collect();
    let start = rotation::<D>(&mut rng);
    let a = ConvexHull::new(&local_a).unwrap();
    let b_core = ConvexHull::new(&local_b).unwrap();
    let cold_config = GjkConfig::<T, D>::default();
    let mut warm_config = cold_config;
    let mut totals = Totals {
        cold: 0,
        warm: 0,
        cached: 0,
        frames: 0,
    };
    let mut cache = SimplexCache::new();
    let mut bool_cache = SimplexCache::new();
    let a_placed = Transformed::translated(a, Vector::<T, D>::zeros()).unwrap();
    for frame in 0..frames {
        let t = f64::from(frame) * 0.01;
        // Distance of the centres swings between 1.6 (overlap) and 2.6 (apart).
        let radius = 2.1 + 0.5 * (3.0 * t).sin();
        let centre = P::<D>::from_fn(|k, _| match k {
            0 => radius * t.cos(),
            1 => radius * t.sin(),
            _ => 0.0,
        });
        let spin = start * turn::<D>(2.0 * t, 0, D - 1);
        let rot = SMatrix::<T, D, D>::from_fn(|r, c| T::of_f64(spin[(r, c)]));
        let b = Transformed::new(b_core, rot, to_t(&centre)).unwrap();

        let cold = distance(&a, &b, &cold_config).unwrap();
        let warm = distance(&a, &b, &warm_config).unwrap();
        let d = cold.distance.as_f64();
        let scale = 4.0;
        let budget = 2.0 * (T::GJK_TOLERANCE.as_f64() * d + 64.0 * T::eps() * scale);
        let agrees = |what: &str, got: T| {
            assert!(
                (got.as_f64() - d).abs() <= budget,
                "{} D={D} frame {frame}: {what} {got:?} vs cold {:?} (budget {budget:e})",
                T::NAME,
                cold.distance
            );
        };
        agrees("warm", warm.distance);
        let cached = distance_cached(&a_placed, &b, &cold_config, &mut cache).unwrap();
        agrees("cached", cached.distance);
        assert!(!cache.is_empty() && cache.len() <= D + 1);
        // The boolean test from its own cache agrees wherever the distance
        // is clear of contact by more than the budget.
        let hit = intersects_cached(&a_placed, &b, &cold_config, &mut bool_cache).unwrap();
        if d > budget || d == 0.0 {
            assert_eq!(hit, d == 0.0, "{} D={D} frame {frame}: d = {d:e}", T::NAME);
            assert_eq!(hit, intersects(&a, &b, &cold_config).unwrap());
        }
        totals.cold += cold.iterations;
        totals.warm += warm.iterations;
        totals.cached += cached.iterations;
        totals.frames += 1;
        // Overlapping frames have no normal: feed back the penetration normal.
        let normal = match warm.normal {
            Some(n) => Some(n),
            None => penetration(&a, &b, &warm_config).unwrap().map(|p| p.normal),
        };
        warm_config = warm_config.starting_along(normal);
    }
    totals
}

fn check<T: TestReal, const D: usize>() {
    let totals = orbit::<T, D>(7 + D as u64, 300);
    assert_eq!(totals.frames, 300);
    // The cached simplex must pay off: at most two thirds of the cold
    // iterations (the previous features, confirmed by one support call, are
    // usually the answer).
    assert!(
        3 * totals.cached <= 2 * totals.cold,
        "{} D={D}: cached {} iterations vs cold {}",
        T::NAME,
        totals.cached,
        totals.cold
    );
    // The direction alone is only a hint (it saves a few percent in 2D and
    // 3D, and can cost a few in 4D): no more than a tenth extra.
    assert!(
        10 * totals.warm <= 11 * totals.cold,
        "{} D={D}: warm {} iterations vs cold {}",
        T::NAME,
        totals.warm,
        totals.cold
    );
}

#[test]
fn warm_start_agrees_and_saves_iterations() {
    check::<f32, 2>();
    check::<f64, 2>();
    check::<f32, 3>();
    check::<f64, 3>();
    check::<f64, 4>();
}

#[test]
fn starting_along_none_keeps_the_direction() {
    let d = Vector::<f64, 3>::new(1.0, 2.0, 3.0);
    let config = GjkConfig::default().starting_along(Some(d));
    assert_eq!(config.starting_along(None).initial_direction, Some(d));
    assert_eq!(
        GjkConfig::<f64, 3>::default()
            .starting_along(None)
            .initial_direction,
        None
    );
}
