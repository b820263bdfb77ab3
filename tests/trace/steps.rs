//! Traced queries (`gjk::trace`): the same answers as the untraced ones,
//! bit for bit, and steps that tell the truth about each iteration.
//!
//! Oracles, independent of the loops: the brute-force hull distance of
//! `tests/support` (every subset of the difference points) for GJK's
//! bracket, and the closed-form depth of two axis-aligned boxes (the least
//! overlap over the axes) for EPA's. Budgets: `64 ε L` (`L` the largest
//! coordinate, `ε` of the precision run) on every bound, support value and
//! barycentric identity; the config's relative tolerance on top for the
//! final bracket. D = 2 and 3, `f32` and `f64`.

use crate::support;

use gjk::trace::{self, EpaPolytope, EpaStep, GjkStep, Observer, Recording};
use gjk::{
    distance, hull::Scanned, intersects, penetration, Config, Cuboid, Status, Transformed, Vector,
};
use support::{hull_distance, max_points, to_f64, HullPair, Rng, Source, TestReal, P};

fn scale_of<const D: usize>(pair: &HullPair<D>) -> f64 {
    support::scale_of(&[&pair.a, &pair.b])
}

/// Traced and untraced answers are the same values (the observer changes
/// nothing), on random hull pairs apart, touching and overlapping.
fn same_answers<T: TestReal, const D: usize>(cases: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let config = Config::<T, _>::default();
    for case in 0..cases {
        let pair = HullPair::<D>::random(&mut rng, 8);
        let (a, b) = (
            support::points_t::<T, D>(&pair.a),
            support::points_t::<T, D>(&pair.b),
        );
        let (Ok(sa), Ok(sb)) = (Scanned::new(&a[..]), Scanned::new(&b[..])) else {
            continue;
        };
        let mut seen = Recording::<T, D, 8>::new();
        let what = format!("{} D={D} case {case}", T::NAME);
        assert_eq!(
            distance(&sa, &sb, &config),
            trace::distance(&sa, &sb, &config, &mut seen),
            "{what}"
        );
        assert_eq!(
            intersects(&sa, &sb, &config),
            trace::intersects(&sa, &sb, &config, &mut seen),
            "{what}"
        );
        assert_eq!(
            penetration(&sa, &sb, &config),
            trace::penetration(&sa, &sb, &config, &mut seen),
            "{what}"
        );
    }
}

#[test]
fn traced_queries_answer_as_untraced() {
    same_answers::<f64, 2>(400, 0x7ace);
    same_answers::<f64, 3>(400, 0x7acf);
    same_answers::<f32, 2>(300, 0x7ad0);
    same_answers::<f32, 3>(300, 0x7ad1);
}

/// Checks every GJK step of a `distance` query between hulls `a` and `b`
/// (world points, `f64`) against the brute-force distance `truth`.
fn check_gjk_steps<T: TestReal, const D: usize>(
    steps: &[GjkStep<T, D>],
    (a, b): (&[P<D>], &[P<D>]),
    truth: f64,
    budget: f64,
    what: &str,
) {
    let (mut upper, mut lower) = (f64::INFINITY, 0.0);
    for (k, step) in steps.iter().enumerate() {
        let it = format!("{what}, step {k}: {step:?}");
        assert_eq!(step.iteration as usize, k + 1, "{it}");
        let (u, l) = (step.upper.as_f64(), step.lower.as_f64());
        assert!(
            l - budget <= truth && truth <= u + budget,
            "bracket [{l}, {u}] misses {truth}; {it}"
        );
        assert!(u <= upper + budget && l >= lower, "bounds went back; {it}");
        (upper, lower) = (u, l);
        // The weights combine the vertices into the closest point.
        let (mut sum, mut v) = (0.0, P::<D>::zeros());
        for (p, w) in step.simplex.iter() {
            let w = w.as_f64();
            assert!(w >= 0.0, "negative weight; {it}");
            sum += w;
            v += to_f64(&p.w) * w;
        }
        assert!((sum - 1.0).abs() <= 1e-5, "weights sum to {sum}; {it}");
        let off = (v - to_f64(&step.simplex.closest_point())).norm();
        assert!(off <= budget, "closest point {off:e} off Σ λ w; {it}");
        assert!(
            (to_f64(&step.simplex.closest_point()).norm() - u).abs() <= budget,
            "{it}"
        );
        // The support point: A's farthest along −v, B's farthest along v.
        let Some(s) = step.support else {
            continue;
        };
        let n = to_f64(&step.direction());
        let n = n / n.norm();
        let high = a.iter().map(|x| x.dot(&n)).fold(f64::MIN, f64::max);
        let low = b.iter().map(|x| x.dot(&n)).fold(f64::MAX, f64::min);
        assert!(
            to_f64(&s.a).dot(&n) >= high - budget,
            "A's support not the farthest; {it}"
        );
        assert!(
            to_f64(&s.b).dot(&n) <= low + budget,
            "B's support not the farthest; {it}"
        );
        assert!(
            (to_f64(&s.w) - to_f64(&s.a) + to_f64(&s.b)).norm() <= budget,
            "{it}"
        );
    }
}

fn gjk_steps<T: TestReal, const D: usize>(cases: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let config = Config::<T, _>::default();
    let mut checked = 0;
    for case in 0..cases {
        let pair = HullPair::<D>::random(&mut rng, max_points(D));
        let (ra, rb) = (
            support::rounded_to::<T, D>(&pair.a),
            support::rounded_to::<T, D>(&pair.b),
        );
        let (a, b) = (
            support::points_t::<T, D>(&ra),
            support::points_t::<T, D>(&rb),
        );
        let (Ok(sa), Ok(sb)) = (Scanned::new(&a[..]), Scanned::new(&b[..])) else {
            continue;
        };
        let mut seen = Recording::<T, D, 64>::new();
        let d = trace::distance(&sa, &sb, &config, &mut seen).unwrap();
        let truth = hull_distance(&ra, &rb).distance;
        let budget = 64.0 * T::eps() * scale_of(&pair);
        let what = format!("{} D={D} case {case}", T::NAME);
        check_gjk_steps(seen.gjk(), (&ra, &rb), truth, budget, &what);
        if d.distance > T::zero() && d.status == Status::Converged {
            // Apart: one step per iteration, the last one's bracket final.
            assert_eq!(seen.gjk().len() as u32, d.iterations, "{what}");
            let last = seen.gjk().last().expect("one iteration at least");
            let room = budget + config.tolerance.as_f64() * truth;
            assert!(
                last.upper.as_f64() - last.lower.as_f64() <= room,
                "{what}: {last:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > cases / 5, "only {checked} answers apart");
}

/// 300 cases per (scalar, dimension) under `GJK_FULL_SWEEPS=1`, the first
/// 100 otherwise (each is checked against the brute-force oracle).
#[test]
fn gjk_steps_bracket_the_distance() {
    let cases = support::sweep_size(300, 100);
    gjk_steps::<f64, 2>(cases, 0x6a1);
    gjk_steps::<f64, 3>(cases, 0x6a2);
    gjk_steps::<f32, 2>(cases, 0x6a3);
    gjk_steps::<f32, 3>(cases, 0x6a4);
}

/// Keeps every EPA step and, from the last one, the polytope's facets.
struct Polytopes<T: TestReal, const D: usize> {
    steps: Vec<EpaStep<T, D>>,
    facets: Vec<(Vec<P<D>>, P<D>)>,
    gjk: usize,
}

impl<T: TestReal, const D: usize> Observer<T, D> for Polytopes<T, D> {
    fn gjk_step(&mut self, _: &GjkStep<T, D>) {
        self.gjk += 1;
    }
    fn epa_step(&mut self, step: &EpaStep<T, D>, polytope: &dyn EpaPolytope<T, D>) {
        self.steps.push(*step);
        self.facets.clear();
        polytope.for_each_facet(&mut |points, normal| {
            self.facets
                .push((points.iter().map(to_f64).collect(), to_f64(normal)));
        });
    }
}

/// Boxes of random half extents, B moved into A by a random offset: the
/// depth is the least overlap over the axes. Each EPA step brackets it,
/// its facet is the nearest of the polytope, and the polytope's facets
/// hold the origin inside (every facet's plane at a non-negative distance).
fn epa_steps<T: TestReal, const D: usize>(cases: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let config = Config::<T, _>::default();
    for case in 0..cases {
        let ha = P::<D>::from_fn(|_, _| rng.range(0.5, 2.0));
        let hb = P::<D>::from_fn(|_, _| rng.range(0.5, 2.0));
        let offset = P::<D>::from_fn(|i, _| rng.range(-0.9, 0.9) * (ha[i] + hb[i]));
        let a = Cuboid::new(support::to_t::<T, D>(&ha)).unwrap();
        let b = Transformed::translated(
            Cuboid::new(support::to_t::<T, D>(&hb)).unwrap(),
            support::to_t(&offset),
        )
        .unwrap();
        let offset = to_f64(&support::to_t::<T, D>(&offset));
        let depth = (0..D)
            .map(|i| ha[i] + hb[i] - offset[i].abs())
            .fold(f64::INFINITY, f64::min);
        let mut seen = Polytopes::<T, D> {
            steps: Vec::new(),
            facets: Vec::new(),
            gjk: 0,
        };
        let p = trace::penetration(&a, &b, &config, &mut seen)
            .unwrap()
            .expect("overlapping");
        let what = format!("{} D={D} case {case}: {p:?}", T::NAME);
        let budget = 64.0 * T::eps() * 4.0;
        assert!(
            (p.depth.as_f64() - depth).abs() <= budget + config.tolerance.as_f64() * depth,
            "{what}"
        );
        assert!(!seen.steps.is_empty(), "{what}");
        assert_eq!(
            (seen.gjk + seen.steps.len()) as u32,
            p.iterations + 1,
            "{what}"
        );
        for s in &seen.steps {
            let (l, u) = (s.lower.as_f64(), s.upper.as_f64());
            assert!(
                l - budget <= depth && depth <= u + budget,
                "[{l}, {u}] misses {depth}; {what}: {s:?}"
            );
            let n = to_f64(&s.normal);
            for v in &s.facet {
                assert!(
                    (to_f64(v).dot(&n) - s.distance.as_f64()).abs() <= budget,
                    "facet off its plane; {what}"
                );
            }
        }
        assert_eq!(
            seen.facets.len(),
            seen.steps.last().unwrap().facets,
            "{what}"
        );
        for (points, n) in &seen.facets {
            assert_eq!(points.len(), D);
            if n.norm() > 0.0 {
                assert!(
                    points[0].dot(n) >= -budget,
                    "origin outside a facet; {what}"
                );
            }
        }
    }
}

#[test]
fn epa_steps_bracket_the_depth() {
    epa_steps::<f64, 2>(200, 0xe1);
    epa_steps::<f64, 3>(200, 0xe2);
    epa_steps::<f32, 2>(200, 0xe3);
    epa_steps::<f32, 3>(200, 0xe4);
}

/// A recording that runs out of room keeps the first steps and counts the
/// rest.
#[test]
fn a_full_recording_counts_what_it_drops() {
    let corners = |c: [f64; 2], r: f64, n: usize, turn: f64| -> Vec<Vector<f64, 2>> {
        (0..n)
            .map(|k| {
                let t = turn + k as f64 * core::f64::consts::TAU / n as f64;
                Vector::<f64, 2>::new(c[0] + r * t.cos(), c[1] + r * t.sin())
            })
            .collect()
    };
    let (pa, pb) = (
        corners([0.0, 0.0], 1.0, 17, 0.1),
        corners([2.6, 1.3], 0.7, 13, 0.2),
    );
    let (square, far) = (
        Scanned::new(&pa[..]).unwrap(),
        Scanned::new(&pb[..]).unwrap(),
    );
    // Started across the true direction, the loop takes several steps.
    let config = Config::default().starting_along(Some(Vector::<f64, 2>::new(1.0, -3.0)));
    let mut all = Recording::<f64, 2, 64>::new();
    let mut two = Recording::<f64, 2, 2>::new();
    let d = trace::distance(&square, &far, &config, &mut all).unwrap();
    trace::distance(&square, &far, &config, &mut two).unwrap();
    assert!(d.iterations > 2, "{d:?}");
    assert_eq!(all.gjk().len() as u32, d.iterations);
    assert_eq!(two.gjk().len(), 2);
    assert_eq!(two.dropped() as u32, d.iterations - 2);
    assert_eq!(two.gjk()[1].upper, all.gjk()[1].upper);
    two.clear();
    assert!(two.gjk().is_empty() && two.dropped() == 0);
}
