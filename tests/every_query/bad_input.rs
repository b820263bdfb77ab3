//! Bad input: non-finite coordinates, empty vertex lists, negative radii,
//! misbehaving user shapes, invalid configurations, iteration caps and
//! non-orthogonal matrices. Every one must give an error value or a
//! documented status, never a panic or an invented answer.

use gjk::nalgebra::{Isometry3, SMatrix, Vector2, Vector3};
use gjk::{
    closest_points, distance, hull::Polygon, hull::Scanned, intersects, Ball, Capsule, Config,
    Cuboid, Error, Point, Real, Rounded, Segment, ShapeError, Status, SupportMap, Transformed,
    Triangle, Vector,
};

/// Iteration-capped answers: the true distance must lie within the reported
/// bounds, up to this many ulps of the scene's scale (4).
const BRACKET_ULPS: f64 = 4.0;

macro_rules! for_each_precision_and_dimension {
    ($case:ident; $($d:literal),+) => {
        $( $case::<f32, $d>(); $case::<f64, $d>(); )+
    };
}

fn lit<T: Real>(x: f64) -> T {
    T::lit(x)
}

fn bad_values<T: Real>() -> [T; 3] {
    [
        lit::<T>(f64::NAN),
        lit(f64::INFINITY),
        lit(f64::NEG_INFINITY),
    ]
}

fn with_bad<T: Real, const D: usize>(bad: T, at: usize) -> Vector<T, D> {
    let mut v = Vector::<T, D>::repeat(T::one());
    v[at % D] = bad;
    v
}

fn non_finite_constructors_case<T: Real, const D: usize>() {
    let ok = Vector::<T, D>::repeat(T::one());
    let nf = Err(ShapeError::NonFinite);
    for bad in bad_values::<T>() {
        for at in 0..D {
            let p = with_bad::<T, D>(bad, at);
            assert_eq!(Point::new(p).map(|_| ()), nf);
            assert_eq!(Ball::new(p, T::one()).map(|_| ()), nf);
            assert_eq!(Cuboid::new(p).map(|_| ()), nf);
            assert_eq!(Segment::new(p, ok).map(|_| ()), nf);
            assert_eq!(Segment::new(ok, p).map(|_| ()), nf);
            assert_eq!(Capsule::new(p, ok, T::one()).map(|_| ()), nf);
            assert_eq!(Capsule::new(ok, p, T::one()).map(|_| ()), nf);
            assert_eq!(Triangle::new(p, ok, ok).map(|_| ()), nf);
            assert_eq!(Triangle::new(ok, p, ok).map(|_| ()), nf);
            assert_eq!(Triangle::new(ok, ok, p).map(|_| ()), nf);
            for pos in 0..3 {
                let mut pts = [ok, -ok, ok * lit::<T>(2.0)];
                pts[pos] = p;
                assert_eq!(Scanned::new(&pts).map(|_| ()), nf);
            }
            let cube = Cuboid::new(ok).unwrap();
            assert_eq!(Transformed::translated(cube, p).map(|_| ()), nf);
            assert_eq!(
                Transformed::new(cube, SMatrix::identity(), p).map(|_| ()),
                nf
            );
            let mut m = SMatrix::<T, D, D>::identity();
            m[(at, (at + 1) % D)] = bad;
            assert_eq!(Transformed::new(cube, m, ok).map(|_| ()), nf);
        }
        assert_eq!(Ball::new(ok, bad).map(|_| ()), nf);
        assert_eq!(Capsule::new(ok, -ok, bad).map(|_| ()), nf);
        assert_eq!(Rounded::new(Cuboid::new(ok).unwrap(), bad).map(|_| ()), nf);
    }
}

#[test]
fn non_finite_input_is_rejected_by_every_constructor() {
    for_each_precision_and_dimension!(non_finite_constructors_case; 1, 2, 3, 4, 6);
}

fn polygon_non_finite_case<T: Real>() {
    for bad in bad_values::<T>() {
        let square = [
            Vector2::new(-T::one(), -T::one()),
            Vector2::new(T::one(), -T::one()),
            Vector2::new(T::one(), T::one()),
            Vector2::new(-T::one(), T::one()),
        ];
        for i in 0..4 {
            for c in 0..2 {
                let mut pts = square;
                pts[i][c] = bad;
                assert_eq!(
                    Polygon::new(&pts).map(|_| ()),
                    Err(ShapeError::NonFinite),
                    "{pts:?}"
                );
            }
        }
    }
}

#[test]
fn non_finite_polygon_is_rejected() {
    polygon_non_finite_case::<f32>();
    polygon_non_finite_case::<f64>();
}

#[test]
fn empty_vertex_lists_are_rejected() {
    let empty3: [Vector3<f64>; 0] = [];
    assert_eq!(Scanned::new(&empty3).unwrap_err(), ShapeError::Empty);
    let empty5: [Vector<f32, 5>; 0] = [];
    assert_eq!(Scanned::new(&empty5).unwrap_err(), ShapeError::Empty);
    let empty2: [Vector2<f64>; 0] = [];
    assert_eq!(Polygon::new(&empty2).unwrap_err(), ShapeError::Empty);
    let empty2f: [Vector2<f32>; 0] = [];
    assert_eq!(Polygon::new(&empty2f).unwrap_err(), ShapeError::Empty);
}

fn negative_radius_case<T: Real, const D: usize>() {
    let ok = Vector::<T, D>::repeat(T::one());
    let neg = Err(ShapeError::Negative);
    for r in [lit::<T>(-1.0), lit(-1e-30), -T::min_value().unwrap().abs()] {
        assert_eq!(Ball::new(ok, r).map(|_| ()), neg);
        assert_eq!(Capsule::new(ok, -ok, r).map(|_| ()), neg);
        assert_eq!(
            Rounded::new(Ball::new(ok, T::one()).unwrap(), r).map(|_| ()),
            neg
        );
        for at in 0..D {
            assert_eq!(Cuboid::new(with_bad::<T, D>(r, at)).map(|_| ()), neg);
        }
    }
    // Zero is a valid radius and half-extent.
    assert!(Ball::new(ok, T::zero()).is_ok());
    assert!(Cuboid::new(Vector::<T, D>::zeros()).is_ok());
}

#[test]
fn negative_radii_are_rejected() {
    for_each_precision_and_dimension!(negative_radius_case; 1, 2, 3, 5);
}

// ---------------------------------------------------------------- user shapes

/// A user shape whose support map goes bad: after `good_calls` finite
/// answers it returns `bad` in every coordinate. Optionally a bad margin.
struct Faulty<T: Real, const D: usize> {
    center: Vector<T, D>,
    bad: T,
    good_calls: usize,
    calls: core::cell::Cell<usize>,
    margin: T,
}

impl<T: Real, const D: usize> Faulty<T, D> {
    fn new(bad: T, good_calls: usize) -> Self {
        Self {
            center: Vector::repeat(lit(3.0)),
            bad,
            good_calls,
            calls: core::cell::Cell::new(0),
            margin: T::zero(),
        }
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Faulty<T, D> {
    fn core_support(&self, dir: &Vector<T, D>) -> Vector<T, D> {
        let n = self.calls.get();
        self.calls.set(n + 1);
        if n < self.good_calls {
            // A box of half-extent 1 around `center`.
            self.center + dir.map(|x| if x < T::zero() { -T::one() } else { T::one() })
        } else {
            Vector::repeat(self.bad)
        }
    }
    fn margin(&self) -> T {
        self.margin
    }
    fn center(&self) -> Vector<T, D> {
        self.center
    }
}

fn faulty_support_case<T: Real, const D: usize>() {
    let config = Config::default();
    let other = Ball::new(Vector::<T, D>::zeros(), lit(0.5)).unwrap();
    for bad in bad_values::<T>() {
        for good_calls in [0, 1, 2, 3] {
            // Each query must fail once it has seen a bad support point, and
            // may only succeed if it never asked for one.
            let check = |what: &str, query: &dyn Fn(&Faulty<T, D>) -> Option<Error>| {
                let f = Faulty::<T, D>::new(bad, good_calls);
                let err = query(&f);
                if f.calls.get() > good_calls {
                    assert_eq!(
                        err,
                        Some(Error::NonFinite),
                        "{what}: bad {bad:?} after {good_calls} (D = {D})"
                    );
                } else {
                    assert_eq!(err, None, "{what}: good calls only (D = {D})");
                }
            };
            check("distance", &|f| distance(f, &other, &config).err());
            check("distance swapped", &|f| distance(&other, f, &config).err());
            check("intersects", &|f| intersects(f, &other, &config).err());
            check("intersects swapped", &|f| {
                intersects(&other, f, &config).err()
            });
            check("closest_points", &|f| {
                closest_points(f, &other, lit(100.0), &config).err()
            });
            check("closest_points swapped", &|f| {
                closest_points(&other, f, lit(100.0), &config).err()
            });
            if good_calls <= 1 {
                // The first loop iteration always asks again: a late failure.
                let f = Faulty::<T, D>::new(bad, good_calls);
                assert_eq!(distance(&f, &other, &config).err(), Some(Error::NonFinite));
            }
        }
        // A bad margin with a good core.
        let mut g = Faulty::<T, D>::new(bad, usize::MAX);
        g.margin = bad;
        let e = Some(Error::NonFinite);
        assert_eq!(distance(&g, &other, &config).err(), e);
        assert_eq!(intersects(&other, &g, &config).err(), e);
        assert_eq!(closest_points(&g, &other, T::one(), &config).err(), e);
    }
    // A faulty shape that stays finite gives the right answer: the box
    // around (3, ..., 3) is sqrt(D)·2 - 0.5 from the ball.
    let good = Faulty::<T, D>::new(lit::<T>(f64::NAN), usize::MAX);
    let d = distance(&good, &other, &config).unwrap();
    let expected = lit::<T>(2.0 * (D as f64).sqrt() - 0.5);
    assert!(
        (d.distance - expected).abs() <= lit::<T>(16.0) * T::EPSILON * lit(4.0),
        "{d:?}"
    );
}

#[test]
fn non_finite_support_points_give_non_finite_errors() {
    for_each_precision_and_dimension!(faulty_support_case; 1, 2, 3, 4, 6);
}

#[test]
fn non_finite_isometry_gives_non_finite_error() {
    let cube = Cuboid::new(Vector3::new(1.0, 1.0, 1.0)).unwrap();
    let pose = Isometry3::translation(f64::NAN, 0.0, 0.0);
    let moved = Transformed::from_isometry3(cube, &pose);
    let config = Config::default();
    assert_eq!(
        distance(&cube, &moved, &config).map(|_| ()),
        Err(Error::NonFinite)
    );
    assert_eq!(intersects(&moved, &cube, &config), Err(Error::NonFinite));
    assert_eq!(
        closest_points(&moved, &cube, 1.0, &config).map(|_| ()),
        Err(Error::NonFinite)
    );
}

// ---------------------------------------------------------------- configuration

fn invalid_config_case<T: Real, const D: usize>() {
    let a = Ball::new(Vector::<T, D>::zeros(), T::one()).unwrap();
    let b = Cuboid::new(Vector::<T, D>::repeat(lit(0.5))).unwrap();
    let moved = Transformed::translated(b, Vector::<T, D>::repeat(lit(4.0))).unwrap();
    for tol in [
        lit::<T>(f64::NAN),
        lit(-1.0),
        lit(-1e-30),
        lit(f64::INFINITY),
        lit(f64::NEG_INFINITY),
    ] {
        let config = Config {
            tolerance: tol,
            ..Config::default()
        };
        let e = Some(Error::InvalidConfig);
        assert_eq!(distance(&a, &moved, &config).err(), e, "tolerance {tol:?}");
        assert_eq!(
            intersects(&a, &moved, &config).err(),
            e,
            "tolerance {tol:?}"
        );
        assert_eq!(closest_points(&a, &moved, T::one(), &config).err(), e);
    }
    let config = Config::default();
    for max_dist in [lit::<T>(f64::NAN), lit(-1.0), lit(f64::NEG_INFINITY)] {
        assert_eq!(
            closest_points(&a, &moved, max_dist, &config).map(|_| ()),
            Err(Error::InvalidConfig),
            "max_dist {max_dist:?}"
        );
    }
    // An infinite max_dist is no cutoff at all.
    let d = closest_points(&a, &moved, lit(f64::INFINITY), &config).unwrap();
    assert!(d.is_some());
    // A NaN or zero initial direction must not poison the answer.
    for dir in [
        Vector::<T, D>::repeat(lit::<T>(f64::NAN)),
        Vector::<T, D>::zeros(),
    ] {
        let config = Config::default().starting_along(Some(dir));
        match distance(&a, &moved, &config) {
            Ok(d) => {
                let expected = lit::<T>(3.5 * (D as f64).sqrt() - 1.0);
                assert!(
                    (d.distance - expected).abs() <= lit::<T>(16.0) * T::EPSILON * lit(4.0),
                    "{d:?}"
                );
            }
            Err(e) => assert!(matches!(e, Error::NonFinite | Error::InvalidConfig)),
        }
    }
}

#[test]
fn invalid_configurations_are_rejected() {
    for_each_precision_and_dimension!(invalid_config_case; 2, 3, 4);
}

/// Box [-1, 1]^D against a box of half-extent 0.5 at `t`: the distance is
/// the norm of the per-axis gaps max(|t_i| - 1.5, 0). One placement is apart
/// (and needs several iterations), one overlaps.
fn iteration_cap_case<T: Real, const D: usize>() {
    let a = Cuboid::new(Vector::<T, D>::repeat(T::one())).unwrap();
    let small = Cuboid::new(Vector::<T, D>::repeat(lit(0.5))).unwrap();
    let budget = lit::<T>(BRACKET_ULPS) * T::EPSILON * lit(2.0);
    let apart = Vector::<T, D>::from_fn(|i, _| lit([1.75, 0.5, 2.0, -1.625, 0.25, -0.75][i]));
    let overlapping = Vector::<T, D>::from_fn(|i, _| lit([0.75, -0.5, 1.25, 0.0, 0.5, 0.25][i]));
    for t in [apart, overlapping] {
        let truth = t.map(|x| (x.abs() - lit(1.5)).max(T::zero())).norm();
        let b = Transformed::translated(small, t).unwrap();
        let full = distance(&a, &b, &Config::default()).unwrap();
        assert!(
            (full.distance - truth).abs() <= budget,
            "uncapped: {full:?} vs {truth:?}"
        );
        for cap in [0, 1] {
            let config = Config {
                max_iterations: cap,
                ..Config::default()
            };
            let d = distance(&a, &b, &config).unwrap();
            if cap == 1 && D >= 2 && truth > T::zero() {
                assert!(
                    full.iterations > 1,
                    "the capped case must need several iterations"
                );
            }
            if full.iterations > cap {
                assert_eq!(
                    d.status,
                    Status::IterationLimit,
                    "cap {cap} (D = {D}): {d:?}"
                );
                assert!(d.iterations <= cap);
            }
            // Whatever the status, the bounds bracket the truth.
            assert!(
                d.lower <= truth + budget && truth <= d.distance + budget,
                "cap {cap} (D = {D}, t = {t:?}): [{:?}, {:?}] does not bracket {truth:?}",
                d.lower,
                d.distance
            );
            match intersects(&a, &b, &config) {
                Ok(hit) => assert_eq!(hit, truth == T::zero(), "cap {cap}: invented answer"),
                Err(e) => assert_eq!(e, Error::IterationLimit),
            }
            match closest_points(&a, &b, lit(100.0), &config).unwrap() {
                Some(c) => assert!(c.lower <= truth + budget && truth <= c.distance + budget),
                None => panic!("closest_points gave up within max_dist (cap {cap})"),
            }
        }
    }
}

#[test]
fn iteration_cap_reports_iteration_limit_with_valid_bounds() {
    for_each_precision_and_dimension!(iteration_cap_case; 2, 3, 4, 6);
}

#[test]
fn non_orthogonal_matrices_are_rejected() {
    let cube = Cuboid::new(Vector3::new(1.0, 1.0, 1.0)).unwrap();
    let t = Vector3::zeros();
    let scaled = SMatrix::<f64, 3, 3>::identity() * 2.0;
    let mut shear = SMatrix::<f64, 3, 3>::identity();
    shear[(0, 1)] = 0.5;
    let singular = SMatrix::<f64, 3, 3>::zeros();
    let slightly_off = SMatrix::<f64, 3, 3>::identity() * (1.0 + 1e-4);
    for m in [scaled, shear, singular, slightly_off] {
        assert_eq!(
            Transformed::new(cube, m, t).unwrap_err(),
            ShapeError::NotOrthogonal,
            "{m}"
        );
    }
    let m = SMatrix::<f32, 4, 4>::identity() * 0.5;
    let cube4 = Cuboid::new(Vector::<f32, 4>::repeat(1.0)).unwrap();
    assert_eq!(
        Transformed::new(cube4, m, Vector::zeros()).unwrap_err(),
        ShapeError::NotOrthogonal
    );
    // Orthogonal maps are accepted: a rotation and a reflection.
    let rot = Isometry3::new(Vector3::zeros(), Vector3::new(0.3, 0.2, -0.1))
        .rotation
        .to_rotation_matrix()
        .into_inner();
    assert!(Transformed::new(cube, rot, t).is_ok());
    let mut reflect = SMatrix::<f64, 3, 3>::identity();
    reflect[(2, 2)] = -1.0;
    assert!(Transformed::new(cube, reflect, t).is_ok());
}
