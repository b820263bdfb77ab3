//! Invariants of the warm-started queries: `distance_cached` and
//! `intersects_cached` give the cold answers whatever filled the cache.
//!
//! A sequence of steps moves three rounded hulls (a little, not at all, or
//! anywhere) and queries two of them, in either order, through one cache per
//! query kind. Each cached answer is compared with the cold query on the same
//! placed shapes: both bounds of one bracket the other's distance (bounds are
//! certified whatever the status), converged distances agree within twice
//! the budget, and the boolean agrees outside the touching band.

use gjk::nalgebra::SMatrix;
use gjk::{
    distance, distance_cached, hull::Scanned, intersects_cached, penetration, Config, Distance,
    Error, Rounded, SimplexCache, Status, Transformed, Vector,
};

use super::checks::{config_of, hull_ok, max_coord, to64, to_t, P};
use super::input::{
    vec_of, Num, PoseSpec, WarmInput, WarmStep, MAX_HULL_POINTS, MAX_WARM_STEPS, WARM_SHAPES,
};
use super::{budget, sane, TestReal};

/// A shape of the sequence as the queries see it.
type Shape<'a, T, const D: usize> =
    Transformed<Rounded<Scanned<&'a [Vector<T, D>], T, D>, T>, T, D>;

/// A pose `x ↦ R x + t`, in `f64`.
#[derive(Clone, Copy, Debug)]
struct Pose<const D: usize> {
    rot: SMatrix<f64, D, D>,
    pos: P<D>,
}

/// The product of one Givens rotation per plane of axes, by `angle(k)` for
/// the `k`-th plane.
fn givens<const D: usize>(angle: impl Fn(usize) -> f64) -> SMatrix<f64, D, D> {
    let mut m = SMatrix::<f64, D, D>::identity();
    let mut k = 0;
    for i in 0..D {
        for j in i + 1..D {
            let (s, c) = angle(k).sin_cos();
            k += 1;
            let mut g = SMatrix::<f64, D, D>::identity();
            g[(i, i)] = c;
            g[(j, j)] = c;
            g[(i, j)] = -s;
            g[(j, i)] = s;
            m = g * m;
        }
    }
    m
}

impl<const D: usize> Pose<D> {
    fn identity() -> Self {
        Pose {
            rot: SMatrix::identity(),
            pos: P::<D>::zeros(),
        }
    }

    /// The pose after `spec`, for a shape of size `size`.
    fn then(&self, spec: &PoseSpec, size: f64) -> Self {
        match spec {
            PoseSpec::Keep => *self,
            PoseSpec::Nudge { angles, shift } => Pose {
                rot: givens::<D>(|k| f64::from(angles[k % 6]) / 127.0 * 0.1) * self.rot,
                pos: self.pos
                    + P::<D>::from_fn(|i, _| f64::from(shift[i]) / 127.0 * 0.1 * size.max(1e-300)),
            },
            PoseSpec::Jump {
                angles,
                translation,
            } => Pose {
                rot: givens::<D>(|k| f64::from(angles[k % 6]) / 65536.0 * core::f64::consts::TAU),
                pos: P::<D>::from(vec_of::<D>(&translation.map(Num::value))),
            },
        }
    }
}

/// One shape of the sequence: its points, its radius, its pose.
struct Body<T: TestReal, const D: usize> {
    points: Vec<Vector<T, D>>,
    radius: T,
    pose: Pose<D>,
}

impl<T: TestReal, const D: usize> Body<T, D> {
    /// The shape placed at its pose (`None` for a pose out of range), and
    /// the largest coordinate it involves.
    fn placed(&self) -> Option<(Shape<'_, T, D>, f64)> {
        let rot = self.pose.rot.map(T::of_f64);
        let pos = to_t::<T, D>(&self.pose.pos);
        let hull = Scanned::new(&self.points[..]).ok()?;
        let shape = Transformed::new(Rounded::new(hull, self.radius).ok()?, rot, pos).ok()?;
        let (r64, t64) = (rot.map(|x| x.as_f64()), to64(&pos));
        let local: Vec<P<D>> = self.points.iter().map(to64).collect();
        let world: Vec<P<D>> = local.iter().map(|p| r64 * p + t64).collect();
        let scale = max_coord(&local).max(max_coord(&world)) + self.radius.as_f64();
        Some((shape, scale))
    }
}

/// Runs the checks of one warm-start sequence.
pub fn warm_case<T: TestReal, const D: usize>(input: &WarmInput) {
    let mut bodies: Vec<Body<T, D>> = Vec::with_capacity(WARM_SHAPES);
    for (cloud, margin) in input.shapes.iter().zip(&input.margins) {
        let points: Vec<Vector<T, D>> = cloud
            .points::<D>(MAX_HULL_POINTS)
            .into_iter()
            .map(|p| to_t(&P::<D>::from(p)))
            .collect();
        let radius = T::of_f64(margin.map_or(0.0, Num::value));
        // The constructors are checked by the other targets; here only the
        // shapes they accept take part.
        let radius_ok = radius.is_finite() && radius >= T::zero();
        if !hull_ok(&points) || !radius_ok {
            return;
        }
        bodies.push(Body {
            points,
            radius,
            pose: Pose::identity(),
        });
    }
    let (config, config_ok) = config_of::<T, D>(&input.config);
    let mut distance_cache = SimplexCache::<T, D>::new();
    let mut boolean_cache = SimplexCache::<T, D>::new();
    for (n, step) in input.steps.iter().take(MAX_WARM_STEPS).enumerate() {
        let WarmStep {
            pair: (i, j),
            first,
            second,
            query,
        } = step;
        let (i, j) = (usize::from(*i) % WARM_SHAPES, usize::from(*j) % WARM_SHAPES);
        for (k, spec) in [(i, first), (j, second)] {
            let size = max_coord(&bodies[k].points.iter().map(to64).collect::<Vec<_>>());
            bodies[k].pose = bodies[k].pose.then(spec, size);
        }
        let (Some((a, la)), Some((b, lb))) = (bodies[i].placed(), bodies[j].placed()) else {
            continue;
        };
        let case = Case {
            config,
            config_ok,
            scale: la.max(lb),
            radii: bodies[i].radius.as_f64() + bodies[j].radius.as_f64(),
            what: format!(
                "{} D={D} step {n} (shapes {i}, {j}; {:?} / {:?})",
                T::NAME,
                first,
                second
            ),
        };
        let cold = distance(&a, &b, &config);
        if query % 2 == 0 {
            let warm = distance_cached(&a, &b, &config, &mut distance_cache);
            assert!(
                distance_cache.len() <= D + 1,
                "{}: cache overfull",
                case.what
            );
            case.check_distance(&cold, &warm);
        } else {
            // The same start as a distance query: the boolean follows its
            // iterations until it decides.
            let probe = distance_cached(&a, &b, &config, &mut boolean_cache.clone());
            let warm = intersects_cached(&a, &b, &config, &mut boolean_cache);
            assert!(
                boolean_cache.len() <= D + 1,
                "{}: cache overfull",
                case.what
            );
            case.check_intersects(&a, &b, &cold, &probe, warm);
        }
    }
}

/// The context of one step's comparison.
struct Case<T: TestReal, const D: usize> {
    config: Config<T, D>,
    config_ok: bool,
    /// Coordinate scale `L` of the two placed shapes.
    scale: f64,
    radii: f64,
    what: String,
}

impl<T: TestReal, const D: usize> Case<T, D> {
    fn sane(&self) -> bool {
        sane::<T>(self.scale)
    }

    /// The budget for a cores' distance of about `d`.
    fn tol(&self, d: f64) -> f64 {
        budget::<T>(self.scale, d + self.radii, self.config.tolerance.as_f64())
    }

    /// Errors: on invalid settings both fail; in the sane range both fail
    /// alike or neither does.
    fn check_errors<A: core::fmt::Debug, B: core::fmt::Debug>(
        &self,
        cold: &Result<A, Error>,
        warm: &Result<B, Error>,
    ) {
        let what = &self.what;
        if !self.config_ok {
            assert!(
                warm.is_err(),
                "{what}: cached query accepted invalid settings"
            );
            return;
        }
        if self.sane() {
            assert_eq!(
                cold.as_ref().err(),
                warm.as_ref().err(),
                "{what}: cold {cold:?}, cached {warm:?}"
            );
        }
    }

    fn check_distance(
        &self,
        cold: &Result<Distance<T, D>, Error>,
        warm: &Result<Distance<T, D>, Error>,
    ) {
        self.check_errors(cold, warm);
        let what = &self.what;
        let Ok(w) = warm else {
            return;
        };
        let (dist, lower) = (w.distance.as_f64(), w.lower.as_f64());
        assert!(
            w.iterations <= self.config.max_iterations,
            "{what}: {} iterations over the cap",
            w.iterations
        );
        assert!(
            dist.is_finite() && lower >= 0.0 && lower <= dist,
            "{what}: cached distance {dist:e}, lower bound {lower:e}"
        );
        let Ok(c) = cold else {
            return;
        };
        if !self.sane() {
            return;
        }
        let (cd, cl) = (c.distance.as_f64(), c.lower.as_f64());
        let tol = self.tol(cd.max(dist));
        // Each distance is an upper bound and each lower bound certified,
        // whatever the status: a seed that is not a point of the shapes
        // breaks this.
        assert!(
            lower <= cd + tol && cl <= dist + tol,
            "{what}: cached [{lower:e}, {dist:e}] and cold [{cl:e}, {cd:e}] do not overlap (budget {tol:e}); cached {w:?}"
        );
        // A converged answer is within the tolerance of the truth, or, where
        // rounding limits how well the direction between the cores is known,
        // within `ROUNDING_FLOOR · L² / d` (`d` the cores' distance): so are
        // two converged answers of each other.
        if w.status == Status::Converged && c.status == Status::Converged {
            let core = cd.max(dist) + self.radii;
            let rounding =
                T::ROUNDING_FLOOR.as_f64() * self.scale * self.scale / core.max(f64::MIN_POSITIVE);
            let slack = 2.0 * tol + rounding.min(core);
            assert!(
                dist - lower <= tol + rounding,
                "{what}: cached answer converged with bounds {lower:e} .. {dist:e} (budget {:e}); {w:?}",
                tol + rounding
            );
            assert!(
                (dist - cd).abs() <= slack,
                "{what}: cached distance {dist:e}, cold {cd:e} (budget {slack:e}); cached {w:?}; cold {c:?}"
            );
        }
    }

    /// `probe` is `distance_cached` from the same cache state as `warm`.
    fn check_intersects(
        &self,
        a: &Shape<'_, T, D>,
        b: &Shape<'_, T, D>,
        cold: &Result<Distance<T, D>, Error>,
        probe: &Result<Distance<T, D>, Error>,
        warm: Result<bool, Error>,
    ) {
        let what = &self.what;
        let hit = match warm {
            // The cap may strike either query while its bounds straddle
            // contact.
            Err(Error::IterationLimit) => return,
            Err(e) => {
                assert!(
                    !self.config_ok || !self.sane(),
                    "{what}: intersects_cached failed with {e:?}"
                );
                return;
            }
            Ok(hit) => hit,
        };
        assert!(
            self.config_ok,
            "{what}: cached query accepted invalid settings"
        );
        let Ok(d) = cold else {
            return;
        };
        if !self.sane() {
            return;
        }
        // A certified separation (the cold lower bound, whatever its
        // status) rules out a hit; a seed that is not a point of the shapes
        // breaks this.
        let (dist, lower) = (d.distance.as_f64(), d.lower.as_f64());
        let tol = self.tol(dist);
        assert!(
            !hit || lower <= tol,
            "{what}: intersects_cached = true but the shapes are at least {lower:e} apart (budget {tol:e}); cold {d:?}; probe {probe:?}; radii {}", self.radii
        );
        // A miss needs a separating plane, or a start from which the loop
        // stalls (the boolean then answers from the stalled bounds, as a
        // cold query from such a start does): where the same start converges
        // as a distance query, EPA must find the overlap in the touching
        // band.
        let converges = matches!(probe, Ok(p) if p.status == Status::Converged);
        if !hit && dist == 0.0 && d.status == Status::Converged && converges {
            if let Ok(Some(p)) = penetration(a, b, &self.config) {
                if p.status == Status::Converged {
                    assert!(
                        p.depth.as_f64() <= tol,
                        "{what}: intersects_cached = false but penetration depth {:e} (budget {tol:e})",
                        p.depth.as_f64()
                    );
                }
            }
        }
    }
}
