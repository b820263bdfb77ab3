//! Warm starts between frames, by direction (`Config::starting_along`)
//! and by simplex cache (`distance_cached`, `intersects_cached`): on a
//! coherent motion sequence the warm-started answers equal the cold ones
//! within the tolerance, and they take fewer iterations in total. A cache
//! used in any other way (the shapes swapped, another pair, incoherent
//! poses) still gives the cold answers.
//!
//! Accuracy budget: the cold and warm runs stop at different simplices, each
//! within the relative tolerance of the distance plus rounding; their
//! distances may differ by twice that, `2 (τ d + 64 ε L)`, with `L` the
//! coordinate scale.

use crate::support;

use core::cell::Cell;

use gjk::nalgebra::SMatrix;
use gjk::{
    distance, distance_cached, hull::Scanned, intersects, intersects_cached, penetration, Ball,
    Config, Cuboid, SimplexCache, Transformed, Vector,
};
use support::{rotation, to_t, unit_vector, Rng, Source, TestReal, P};

/// A shape that counts its support calls.
struct Counted<'c, S> {
    shape: S,
    calls: &'c Cell<u32>,
}

impl<T: gjk::Real, const D: usize, S: gjk::SupportMap<T, D>> gjk::SupportMap<T, D>
    for Counted<'_, S>
{
    fn core_support(&self, dir: &Vector<T, D>) -> Vector<T, D> {
        self.calls.set(self.calls.get() + 1);
        self.shape.core_support(dir)
    }
    fn margin(&self) -> T {
        self.shape.margin()
    }
    fn center(&self) -> Vector<T, D> {
        self.shape.center()
    }
}

/// `count` points on the unit sphere of `R^D`.
fn sphere<const D: usize>(rng: &mut Rng, count: usize) -> Vec<P<D>> {
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

/// Iteration totals of the cold and warm runs over one sequence, and the
/// support calls of the cold and cached runs (a seed costs one per cached
/// vertex, outside the iteration count).
struct Totals {
    cold: u32,
    warm: u32,
    cached: u32,
    frames: u32,
    cold_calls: u32,
    cached_calls: u32,
}

/// Hull B orbits hull A, spinning slowly, for `frames` frames; every frame is
/// queried cold (default settings) and warm (starting along the previous
/// frame's normal), and the answers compared.
fn orbit<T: TestReal, const D: usize>(seed: u64, frames: u32) -> Totals {
    let mut rng = Rng::new(seed);
    let local_a: Vec<Vector<T, D>> = sphere::<D>(&mut rng, 24).iter().map(to_t).collect();
    let local_b: Vec<Vector<T, D>> = sphere::<D>(&mut rng, 24).iter().map(to_t).collect();
    let start = rotation::<D>(&mut rng);
    let a = Scanned::new(&local_a).unwrap();
    let b_core = Scanned::new(&local_b).unwrap();
    let cold_config = Config::<T, _>::default();
    let mut warm_config = cold_config.starting_along(None);
    let mut totals = Totals {
        cold: 0,
        warm: 0,
        cached: 0,
        frames: 0,
        cold_calls: 0,
        cached_calls: 0,
    };
    let mut cache = SimplexCache::new();
    let mut bool_cache = SimplexCache::new();
    let a_placed = Transformed::translated(a, Vector::<T, D>::zeros()).unwrap();
    let (cold_calls, cached_calls) = (Cell::new(0), Cell::new(0));
    let a_counted = Counted {
        shape: a,
        calls: &cold_calls,
    };
    let a_counted_placed = Transformed::translated(
        Counted {
            shape: a,
            calls: &cached_calls,
        },
        Vector::<T, D>::zeros(),
    )
    .unwrap();
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

        let cold = distance(&a_counted, &b, &cold_config).unwrap();
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
        let cached = distance_cached(&a_counted_placed, &b, &cold_config, &mut cache).unwrap();
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
    totals.cold_calls = cold_calls.get();
    totals.cached_calls = cached_calls.get();
    totals
}

fn check<T: TestReal, const D: usize>() {
    let totals = orbit::<T, D>(7 + D as u64, 300);
    assert_eq!(totals.frames, 300);
    eprintln!(
        "orbit {} D={D}, 300 frames: iterations cold {}, direction {}, cache {}; support calls cold {}, cache {}",
        T::NAME,
        totals.cold,
        totals.warm,
        totals.cached,
        totals.cold_calls,
        totals.cached_calls
    );
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
    // The seed costs a support call per cached vertex, outside the
    // iteration count: the support calls must still be fewer.
    assert!(
        10 * totals.cached_calls <= 9 * totals.cold_calls,
        "{} D={D}: cached {} support calls vs cold {}",
        T::NAME,
        totals.cached_calls,
        totals.cold_calls
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
    let config = Config::default().starting_along(Some(d));
    assert_eq!(config.starting_along(None).first_direction, Some(d));
    assert_eq!(
        Config::<f64, 3>::default()
            .starting_along(None)
            .first_direction,
        None
    );
}

// ---------------------------------------------------------------------------
// A cache never changes an answer: any order, any pair, any pose sequence
// ---------------------------------------------------------------------------

/// A pose `x ↦ R x + t` in `f64`.
#[derive(Clone, Copy, Debug)]
struct Pose<const D: usize> {
    rot: SMatrix<f64, D, D>,
    pos: P<D>,
}

impl<const D: usize> Pose<D> {
    fn random(rng: &mut Rng, reach: f64) -> Self {
        Pose {
            rot: rotation::<D>(rng),
            pos: P::<D>::from_fn(|_, _| rng.range(-reach, reach)),
        }
    }

    /// Turned by up to `angle` in a random plane and moved by up to `step`
    /// along each axis.
    fn nudged(&self, rng: &mut Rng, angle: f64, step: f64) -> Self {
        let i = rng.int(0, D - 1);
        let j = (i + rng.int(1, D.max(2) - 1)) % D;
        let rot = if i == j {
            self.rot
        } else {
            turn::<D>(rng.range(-angle, angle), i, j) * self.rot
        };
        Pose {
            rot,
            pos: self.pos + P::<D>::from_fn(|_, _| rng.range(-step, step)),
        }
    }

    fn place<S, T: TestReal>(&self, shape: S) -> Transformed<S, T, D> {
        let rot = self.rot.map(T::of_f64);
        Transformed::new(shape, rot, to_t(&self.pos)).unwrap()
    }
}

/// How a cached answer compares with the cold one.
#[derive(Default, Debug)]
struct Tally {
    queries: u32,
    wrong: u32,
    worst: f64,
    first: Option<String>,
}

impl Tally {
    fn fail(&mut self, message: String) {
        self.wrong += 1;
        self.first.get_or_insert(message);
    }

    fn assert_clean(&self, what: &str) {
        assert!(
            self.wrong == 0,
            "{what}: {} of {} cached answers differ from the cold ones (worst by {:.3e}); first: {}",
            self.wrong,
            self.queries,
            self.worst,
            self.first.as_deref().unwrap_or("")
        );
    }
}

/// `distance_cached` against `distance` on the same placed shapes, within
/// the file's budget `2 (τ d + 64 ε L)`: equal distances, and neither lower
/// bound above the other answer's distance (both bounds are certified).
fn compare_distance<SA, SB, T, const D: usize>(
    a: &Transformed<SA, T, D>,
    b: &Transformed<SB, T, D>,
    cache: &mut SimplexCache<T, D>,
    scale: f64,
    tally: &mut Tally,
    what: &str,
) where
    SA: gjk::SupportMap<T, D>,
    SB: gjk::SupportMap<T, D>,
    T: TestReal,
{
    let config = Config::<T, _>::default();
    let cold = distance(a, b, &config).unwrap();
    let warm = distance_cached(a, b, &config, cache).unwrap();
    assert!(cache.len() <= D + 1);
    let d = cold.distance.as_f64();
    let budget = 2.0 * (T::GJK_TOLERANCE.as_f64() * d + 64.0 * T::eps() * scale);
    let off = (warm.distance.as_f64() - d).abs();
    tally.queries += 1;
    tally.worst = tally.worst.max(off);
    if off > budget
        || warm.lower.as_f64() > d + budget
        || cold.lower.as_f64() > warm.distance.as_f64() + budget
        || warm.status != cold.status
    {
        tally.fail(format!(
            "{} D={D} {what}: cached {:?} (lower {:?}, {:?}) vs cold {:?} (lower {:?}, {:?}), budget {budget:e}",
            T::NAME,
            warm.distance,
            warm.lower,
            warm.status,
            cold.distance,
            cold.lower,
            cold.status
        ));
    }
}

/// `intersects_cached` against `intersects`, wherever the distance is clear
/// of contact by more than the budget.
fn compare_intersects<SA, SB, T, const D: usize>(
    a: &Transformed<SA, T, D>,
    b: &Transformed<SB, T, D>,
    cache: &mut SimplexCache<T, D>,
    scale: f64,
    tally: &mut Tally,
    what: &str,
) where
    SA: gjk::SupportMap<T, D>,
    SB: gjk::SupportMap<T, D>,
    T: TestReal,
{
    let config = Config::<T, _>::default();
    let d = distance(a, b, &config).unwrap().distance.as_f64();
    let hit = intersects_cached(a, b, &config, cache).unwrap();
    let budget = 2.0 * (T::GJK_TOLERANCE.as_f64() * d + 64.0 * T::eps() * scale);
    tally.queries += 1;
    if (d > budget || d == 0.0) && hit != (d == 0.0) {
        tally.fail(format!(
            "{} D={D} {what}: intersects_cached = {hit} but the distance is {d:e}",
            T::NAME
        ));
    }
    if (d > budget || d == 0.0) && hit != intersects(a, b, &config).unwrap() {
        tally.fail(format!(
            "{} D={D} {what}: cached and cold intersects differ",
            T::NAME
        ));
    }
}

/// Half-extents for a box: `first`, then shrinking along the other axes.
fn extents<T: TestReal, const D: usize>(first: f64, ratio: f64) -> Vector<T, D> {
    Vector::<T, D>::from_fn(|k, _| T::of_f64(first * ratio.powi(k as i32)))
}

/// Two rotated boxes of different sizes near each other, queried through one
/// cache with the order swapped every frame: `(A, B)`, `(B, A)`, `(A, B)`, …
fn swapped_boxes<T: TestReal, const D: usize>(seed: u64, frames: u32) -> (Tally, Tally) {
    let mut rng = Rng::new(seed);
    let box_a = Cuboid::new(extents::<T, D>(1.0, 0.6)).unwrap();
    let box_b = Cuboid::new(extents::<T, D>(0.35, 1.7)).unwrap();
    let mut pose_a = Pose::<D>::random(&mut rng, 0.5);
    let mut pose_b = Pose::<D>::random(&mut rng, 0.5);
    let mut towards = unit_vector::<D>(&mut rng);
    let (mut dist_cache, mut hit_cache) = (SimplexCache::new(), SimplexCache::new());
    let (mut dist_tally, mut hit_tally) = (Tally::default(), Tally::default());
    for frame in 0..frames {
        pose_a = pose_a.nudged(&mut rng, 0.08, 0.03);
        pose_b = pose_b.nudged(&mut rng, 0.08, 0.03);
        towards = (towards + unit_vector::<D>(&mut rng) * 0.1).normalize();
        // Centres 0.9 to 2.9 apart: overlapping, touching and apart frames.
        let gap = 1.9 + (0.05 * f64::from(frame)).sin();
        pose_b.pos = pose_a.pos + towards * gap;
        let a = pose_a.place::<_, T>(box_a);
        let b = pose_b.place::<_, T>(box_b);
        let scale = 4.0 + pose_a.pos.amax();
        let what = format!("frame {frame}");
        if frame % 2 == 0 {
            compare_distance(&a, &b, &mut dist_cache, scale, &mut dist_tally, &what);
            compare_intersects(&a, &b, &mut hit_cache, scale, &mut hit_tally, &what);
        } else {
            compare_distance(&b, &a, &mut dist_cache, scale, &mut dist_tally, &what);
            compare_intersects(&b, &a, &mut hit_cache, scale, &mut hit_tally, &what);
        }
    }
    (dist_tally, hit_tally)
}

#[test]
fn swapped_order_gives_the_cold_answer() {
    fn run<T: TestReal, const D: usize>(seed: u64) {
        let (dist, hit) = swapped_boxes::<T, D>(seed, 600);
        eprintln!(
            "swapped order, {} D={D}: {} of {} distances off (worst {:.3e}), {} of {} booleans off",
            T::NAME,
            dist.wrong,
            dist.queries,
            dist.worst,
            hit.wrong,
            hit.queries
        );
        dist.assert_clean("distance_cached, swapped order");
        hit.assert_clean("intersects_cached, swapped order");
    }
    run::<f64, 3>(31);
    run::<f32, 3>(32);
    run::<f64, 2>(33);
    run::<f64, 4>(34);
}

/// `count` points on a sphere of radius `size`.
fn ball_points<T: TestReal, const D: usize>(
    rng: &mut Rng,
    count: usize,
    size: f64,
) -> Vec<Vector<T, D>> {
    sphere::<D>(rng, count)
        .iter()
        .map(|p| to_t(&(p * size)))
        .collect()
}

#[test]
fn one_cache_for_different_pairs_gives_the_cold_answers() {
    fn run<T: TestReal, const D: usize>(seed: u64) {
        let mut rng = Rng::new(seed);
        let big = ball_points::<T, D>(&mut rng, 24, 1.5);
        let small = ball_points::<T, D>(&mut rng, 12, 0.4);
        let (big, small) = (Scanned::new(&big).unwrap(), Scanned::new(&small).unwrap());
        let cube = Cuboid::new(extents::<T, D>(0.8, 0.7)).unwrap();
        let ball = Ball::new(Vector::<T, D>::zeros(), T::of_f64(0.5)).unwrap();
        let mut cache = SimplexCache::new();
        let mut bool_cache = SimplexCache::new();
        let mut tally = Tally::default();
        let mut hits = Tally::default();
        for step in 0..400 {
            let pa = Pose::<D>::random(&mut rng, 1.5);
            let pb = Pose::<D>::random(&mut rng, 1.5);
            let what = format!("step {step}");
            let s = 6.0;
            macro_rules! both {
                ($a:expr, $b:expr) => {{
                    let (a, b) = (pa.place::<_, T>($a), pb.place::<_, T>($b));
                    compare_distance(&a, &b, &mut cache, s, &mut tally, &what);
                    compare_intersects(&a, &b, &mut bool_cache, s, &mut hits, &what);
                }};
            }
            match rng.int(0, 5) {
                0 => both!(big, small),
                1 => both!(small, big),
                2 => both!(cube, ball),
                3 => both!(ball, cube),
                4 => both!(small, cube),
                _ => both!(big, ball),
            }
        }
        tally.assert_clean("distance_cached across pairs");
        hits.assert_clean("intersects_cached across pairs");
    }
    run::<f64, 2>(41);
    run::<f64, 3>(42);
    run::<f32, 3>(43);
    run::<f64, 4>(44);
}

/// Every cached direction finds the same point when the next pair's cores
/// are points: the seed pushes it once, and the query is the cold one.
#[test]
fn duplicate_seed_points_are_harmless() {
    let config = Config::<f64, _>::default();
    let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
    let tilted = SMatrix::<f64, 3, 3>::identity();
    let a = Transformed::new(cube, tilted, Vector::<f64, 3>::zeros()).unwrap();
    // Face to face: a final simplex of several vertices.
    let b = Transformed::new(cube, tilted, Vector::<f64, 3>::new(3.0, 0.2, 0.1)).unwrap();
    let mut cache = SimplexCache::new();
    let d = distance_cached(&a, &b, &config, &mut cache).unwrap();
    assert!((d.distance - 1.0).abs() < 1e-12);
    assert!(
        cache.len() >= 2,
        "face contact cached {} vertices",
        cache.len()
    );
    let ball = Ball::new(Vector::<f64, 3>::zeros(), 0.5).unwrap();
    let ba = Transformed::translated(ball, Vector::<f64, 3>::new(0.0, 0.0, 0.0)).unwrap();
    let bb = Transformed::translated(ball, Vector::<f64, 3>::new(3.0, 4.0, 0.0)).unwrap();
    let cold = distance(&ba, &bb, &config).unwrap();
    let warm = distance_cached(&ba, &bb, &config, &mut cache).unwrap();
    assert_eq!(warm.distance, cold.distance);
    assert_eq!(warm.distance, 4.0);
    assert_eq!(warm.iterations, cold.iterations);
    // Two point cores are answered in closed form: no simplex to keep.
    assert_eq!(cache.len(), 0);
    // Back to the boxes, then a box against a ball: every seed is fine.
    let back = distance_cached(&a, &b, &config, &mut cache).unwrap();
    assert!((back.distance - 1.0).abs() < 1e-12);
    let mixed = distance_cached(&a, &bb, &config, &mut cache).unwrap();
    let cold = distance(&a, &bb, &config).unwrap();
    assert!((mixed.distance - cold.distance).abs() < 1e-12);
}

/// Random pose sequences, mostly coherent with now and then a jump (and now
/// and then the order swapped), for distance and the boolean test.
fn pose_sequence<T: TestReal, const D: usize>(seed: u64, frames: u32) {
    let mut rng = Rng::new(seed);
    let pa = ball_points::<T, D>(&mut rng, 20, 1.0);
    let pb = ball_points::<T, D>(&mut rng, 14, 0.6);
    let ha = Scanned::new(&pa).unwrap();
    let hb = gjk::Rounded::new(Scanned::new(&pb).unwrap(), T::of_f64(0.1)).unwrap();
    let mut pose_a = Pose::<D>::random(&mut rng, 1.0);
    let mut pose_b = Pose::<D>::random(&mut rng, 1.0);
    let (mut cache, mut bool_cache) = (SimplexCache::new(), SimplexCache::new());
    let (mut tally, mut hits) = (Tally::default(), Tally::default());
    for frame in 0..frames {
        if rng.chance(0.1) {
            pose_a = Pose::random(&mut rng, 1.0);
            pose_b = Pose::random(&mut rng, 1.0);
        } else {
            pose_a = pose_a.nudged(&mut rng, 0.05, 0.05);
            pose_b = pose_b.nudged(&mut rng, 0.05, 0.05);
        }
        let (a, b) = (pose_a.place::<_, T>(ha), pose_b.place::<_, T>(hb));
        let what = format!("frame {frame}");
        let s = 4.0;
        if rng.chance(0.2) {
            compare_distance(&b, &a, &mut cache, s, &mut tally, &what);
            compare_intersects(&b, &a, &mut bool_cache, s, &mut hits, &what);
        } else {
            compare_distance(&a, &b, &mut cache, s, &mut tally, &what);
            compare_intersects(&a, &b, &mut bool_cache, s, &mut hits, &what);
        }
    }
    tally.assert_clean("distance_cached on a pose sequence");
    hits.assert_clean("intersects_cached on a pose sequence");
}

#[test]
fn pose_sequences_give_the_cold_answers() {
    pose_sequence::<f32, 2>(51, 400);
    pose_sequence::<f64, 2>(52, 400);
    pose_sequence::<f32, 3>(53, 400);
    pose_sequence::<f64, 3>(54, 400);
    pose_sequence::<f32, 4>(55, 400);
    pose_sequence::<f64, 4>(56, 400);
}

/// Two boxes: the cached boolean test decides them by their separating axes
/// as the cold one does, so the two answer alike on every pose apart or
/// overlapping under general rotation, whatever the cache holds from the
/// frame before; within 1e-9 of contact they differ only within rounding.
fn cached_boxes_agree_with_cold<T: TestReal, const D: usize>() {
    let mut rng = Rng::new(4242 + D as u64);
    let config = Config::<T, D>::default();
    let mut cache = SimplexCache::new();
    for case in 0..400 {
        let half = |rng: &mut Rng| P::<D>::from_fn(|_, _| rng.range(0.2, 1.5));
        let (ha, hb) = (half(&mut rng), half(&mut rng));
        let (ra, rb) = (rotation::<D>(&mut rng), rotation::<D>(&mut rng));
        let a = Transformed::new(
            Cuboid::new(to_t(&ha)).unwrap(),
            ra.map(T::of_f64),
            to_t(&P::<D>::zeros()),
        )
        .unwrap();
        let u = unit_vector::<D>(&mut rng);
        // The offset along `u` where the boxes touch, by bisection on the
        // cold test, then a pose apart, overlapping or within 1e-9 of it.
        let placed = |s: f64| {
            Transformed::new(
                Cuboid::new(to_t(&hb)).unwrap(),
                rb.map(T::of_f64),
                to_t(&(u * s)),
            )
            .unwrap()
        };
        let (mut lo, mut hi) = (0.0, 8.0);
        for _ in 0..60 {
            let mid = 0.5 * (lo + hi);
            if intersects(&a, &placed(mid), &config).unwrap() {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let s = match case % 3 {
            0 => hi + rng.range(0.01, 0.5),
            1 => (lo - rng.range(0.01, 0.5)).max(0.0),
            _ => lo + rng.range(-1e-9, 1e-9),
        };
        let b = placed(s);
        let (cached, cold) = (
            intersects_cached(&a, &b, &config, &mut cache).unwrap(),
            intersects(&a, &b, &config).unwrap(),
        );
        // Clear of contact the two agree exactly; within rounding of it
        // (touching counts as intersecting, and a stall as touching) they
        // may differ only where the distance is within that rounding:
        // 64 ulps of the scene's size (about 8).
        let gap = distance(&a, &b, &config).unwrap().distance.as_f64();
        assert!(
            cached == cold || (case % 3 == 2 && gap <= 64.0 * T::eps() * 8.0),
            "{} D={D} case {case}: cached {cached}, cold {cold} at offset {s:e}, gap {gap:e}",
            T::NAME
        );
    }
}

#[test]
fn cached_boxes_agree_with_cold_in_every_pose() {
    cached_boxes_agree_with_cold::<f32, 2>();
    cached_boxes_agree_with_cold::<f64, 2>();
    cached_boxes_agree_with_cold::<f32, 3>();
    cached_boxes_agree_with_cold::<f64, 3>();
}
