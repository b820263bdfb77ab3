//! Cylinders, cones, ellipsoids and affine maps, in every query.
//!
//! Oracles, all closed forms written independently of the support maps:
//! * support functions: `r ‖d⊥‖ + h |d_y|` (cylinder), `max(h d_y,
//!   −h d_y + r ‖d⊥‖)` (cone), `‖A d‖` (ellipsoid), and the largest of the
//!   mapped corners (an affine box);
//! * a placed shape against a wide, thick slab whose face has normal `n` and
//!   stands `g` beyond the shape's support plane: the distance is `g` when
//!   `g > 0`, and the penetration depth `−g` along `n` when `g < 0` (a
//!   convex shape enters a half-space by its support function); a ray along
//!   `−n` through the support point meets the shape there; the slab moving
//!   along `−n` at speed 2 touches at `t = g / 2`.
//!
//! Budgets: support values within `16 ε L`; distances and times within
//! `τ L` with `τ = 1e-11` (`f64`) or `2e-5` (`f32`) and `L` the largest
//! coordinate (GJK and EPA approach a curved boundary to their relative
//! tolerance, 1e-12 or 1e-6 of the squared distance, plus rounding);
//! normals within `√τ` radians (depth converges quadratically in the
//! normal's angle on a curved boundary).

use crate::support;

use gjk::nalgebra::{Matrix3, SMatrix};
use gjk::{
    closest_points, contact, distance, hull::Scanned, intersects, penetration, ray_cast,
    shape_cast, Affine, Ball, Cone, Config, Cuboid, Cylinder, Ellipsoid, ShapeError, Status,
    SupportMap, Transformed, Vector,
};
use support::{rotation, unit_vector, Rng, Source, TestReal, P};

/// The closed-form support function of a test shape, in `f64`.
trait Oracle<const D: usize> {
    fn h(&self, n: &P<D>) -> f64;
}

struct CylinderForm(f64, f64);
struct ConeForm(f64, f64);
struct EllipsoidForm<const D: usize>(P<D>);
struct CornersForm(Vec<P<3>>);

impl Oracle<3> for CylinderForm {
    fn h(&self, n: &P<3>) -> f64 {
        self.0 * n.x.hypot(n.z) + self.1 * n.y.abs()
    }
}

impl Oracle<3> for ConeForm {
    fn h(&self, n: &P<3>) -> f64 {
        (self.1 * n.y).max(-self.1 * n.y + self.0 * n.x.hypot(n.z))
    }
}

impl<const D: usize> Oracle<D> for EllipsoidForm<D> {
    fn h(&self, n: &P<D>) -> f64 {
        n.component_mul(&self.0).norm()
    }
}

impl Oracle<3> for CornersForm {
    fn h(&self, n: &P<3>) -> f64 {
        self.0.iter().map(|c| c.dot(n)).fold(f64::MIN, f64::max)
    }
}

/// Tolerances of the query budgets, by precision.
fn tau<T: TestReal>() -> f64 {
    if T::NAME == "f64" {
        1e-11
    } else {
        2e-5
    }
}

/// The support values of `shape` against its closed form, along random,
/// axis-aligned, tiny and huge directions.
fn supports_match<T: TestReal, const D: usize>(
    shape: &impl SupportMap<T, D>,
    oracle: &impl Oracle<D>,
    size: f64,
    what: &str,
) {
    let mut r = Rng::new(3);
    let scales: [f64; 3] = if T::NAME == "f64" {
        [1.0, 1e-150, 1e150]
    } else {
        [1.0, 1e-18, 1e18]
    };
    for k in 0..600 {
        let n = if k < 2 * D {
            let mut e = P::<D>::zeros();
            e[k / 2] = if k % 2 == 0 { 1.0 } else { -1.0 };
            e
        } else {
            unit_vector::<D>(&mut r)
        };
        let n = n.map(|x| T::of_f64(x).as_f64());
        for s in scales {
            let p = shape.support(&(n * s).map(T::of_f64)).map(T::as_f64);
            assert!(p.iter().all(|x| x.is_finite()), "{what}: {p:?}");
            let got = p.dot(&n);
            let want = oracle.h(&n);
            assert!(
                (got - want).abs() <= 16.0 * T::eps() * size,
                "{what} {}: along {n:?} × {s:e}: {got:e}, closed form {want:e}",
                T::NAME
            );
        }
    }
    // Any point of the shape is right for a zero direction: a finite one.
    assert!(shape
        .support(&Vector::<T, D>::zeros())
        .iter()
        .all(|x| x.as_f64().is_finite()));
}

#[test]
fn support_functions_match_closed_forms() {
    let cyl = Cylinder::new(0.75, 1.5).unwrap();
    supports_match::<f64, 3>(&cyl, &CylinderForm(1.5, 0.75), 2.0, "cylinder");
    let cyl32 = Cylinder::new(0.75, 1.5f32).unwrap();
    supports_match::<f32, 3>(&cyl32, &CylinderForm(1.5, 0.75), 2.0, "cylinder");
    let cone = Cone::new(1.25, 0.8).unwrap();
    supports_match::<f64, 3>(&cone, &ConeForm(0.8, 1.25), 2.0, "cone");
    let cone32 = Cone::new(1.25, 0.8f32).unwrap();
    supports_match::<f32, 3>(&cone32, &ConeForm(0.8, 1.25), 2.0, "cone");
    let a3 = P::<3>::new(2.0, 0.5, 1.25);
    supports_match::<f64, 3>(
        &Ellipsoid::new(a3).unwrap(),
        &EllipsoidForm(a3),
        2.0,
        "ellipsoid",
    );
    let a2 = P::<2>::new(3.0, 0.25);
    supports_match::<f64, 2>(
        &Ellipsoid::new(a2).unwrap(),
        &EllipsoidForm(a2),
        3.0,
        "ellipse",
    );
    let a4 = P::<4>::new(1.0, 2.0, 0.5, 0.125);
    supports_match::<f64, 4>(&Ellipsoid::new(a4).unwrap(), &EllipsoidForm(a4), 2.0, "4D");
    let a32 = a3.map(|x| x as f32);
    supports_match::<f32, 3>(
        &Ellipsoid::new(a32).unwrap(),
        &EllipsoidForm(a3),
        2.0,
        "ellipsoid",
    );
    // A flat ellipsoid (a disc) is still convex.
    let flat = P::<3>::new(1.0, 0.0, 2.0);
    supports_match::<f64, 3>(
        &Ellipsoid::new(flat).unwrap(),
        &EllipsoidForm(flat),
        2.0,
        "disc",
    );
}

/// An orthogonal map taking the first axis to the unit vector `n` (a
/// Householder reflection, or the identity).
fn frame_of<const D: usize>(n: &P<D>) -> SMatrix<f64, D, D> {
    let mut v = -n;
    v[0] += 1.0;
    let vv = v.norm_squared();
    if vv < 1e-20 {
        return SMatrix::identity();
    }
    SMatrix::<f64, D, D>::identity() - v * v.transpose() * (2.0 / vv)
}

/// `shape` placed by a random rigid motion, against slabs at gaps from
/// `0.3` to `−0.05` along random normals: every query against the closed
/// form.
fn against_slabs<T, S, const D: usize>(shape: S, oracle: &impl Oracle<D>, seed: u64, what: &str)
where
    T: TestReal,
    S: SupportMap<T, D> + Copy,
{
    let mut r = Rng::new(seed);
    let config = Config::<T, _>::default();
    let tau = tau::<T>();
    for case in 0..40 {
        let rot = rotation::<D>(&mut r).map(T::of_f64);
        let shift = P::<D>::from_fn(|_, _| r.range(-3.0, 3.0)).map(T::of_f64);
        let placed = Transformed::new(shape, rot, shift).unwrap();
        let (rot, shift) = (rot.map(T::as_f64), shift.map(T::as_f64));
        let n = unit_vector::<D>(&mut r);
        let reach = n.dot(&shift) + oracle.h(&(rot.transpose() * n));
        let wide = 50.0;
        let l = shift.amax() + 3.0 + 2.0 * wide;
        for &gap in &[0.3, 1e-3, -1e-3, -0.05] {
            let center = n * (reach + gap + wide);
            let slab = Transformed::new(
                Cuboid::new(Vector::<T, D>::repeat(T::of_f64(wide))).unwrap(),
                frame_of(&n).map(T::of_f64),
                center.map(T::of_f64),
            )
            .unwrap();
            // The slab's placement rounds: its face stands where it stands.
            let face = n.dot(&center.map(|x| T::of_f64(x).as_f64())) - wide;
            let g = face - reach;
            let budget = tau * l;
            let tag = format!("{what} {} case {case} gap {gap:e}", T::NAME);

            assert_eq!(
                intersects(&placed, &slab, &config).unwrap(),
                gap < 0.0,
                "{tag}"
            );
            // The slab's coordinates (about 50) set the rounding: a small
            // gap may end `Stalled` on it, with a bracket that must hold
            // the gap and be within the budget.
            let d = distance(&placed, &slab, &config).unwrap();
            let (lo, hi) = (d.lower.as_f64(), d.distance.as_f64());
            assert!(
                matches!(d.status, Status::Converged | Status::Stalled),
                "{tag}: {d:?}"
            );
            assert!((hi - g.max(0.0)).abs() <= budget, "{tag}: {d:?} want {g:e}");
            assert!(
                lo - budget <= g.max(0.0) && hi - lo <= budget,
                "{tag}: {d:?} want {g:e}"
            );
            let near = closest_points(&placed, &slab, T::of_f64(0.1), &config).unwrap();
            assert_eq!(near.is_none(), gap > 0.1, "{tag}");

            let c = contact(&placed, &slab, T::of_f64(0.5), &config)
                .unwrap()
                .unwrap();
            assert!((c.distance.as_f64() - g).abs() <= budget, "{tag}: {c:?}");
            let normal = c.normal.map(T::as_f64);
            assert!(
                (normal - n).norm() <= tau.sqrt() * 4.0,
                "{tag}: {normal:?} against {n:?}"
            );
            if gap < 0.0 {
                let p = penetration(&placed, &slab, &config).unwrap().unwrap();
                assert!(
                    matches!(p.status, Status::Converged | Status::Stalled),
                    "{tag}: {p:?}"
                );
                let (lo, hi) = (p.depth.as_f64(), p.upper.as_f64());
                assert!((lo + g).abs() <= budget, "{tag}: {p:?} want {:e}", -g);
                assert!(lo - budget <= -g && -g <= hi + budget, "{tag}: {p:?}");
            } else {
                assert_eq!(penetration(&placed, &slab, &config).unwrap(), None, "{tag}");
                // The slab moving along `−n` at speed 2 touches at `g / 2`.
                let hit = shape_cast(&placed, &slab, (-n * 2.0).map(T::of_f64), T::one(), &config)
                    .unwrap()
                    .unwrap();
                assert!((hit.t.as_f64() - g / 2.0).abs() <= budget, "{tag}: {hit:?}");
            }
        }
        // A ray along `−n` through the support point meets the shape there.
        let s = placed.support(&n.map(T::of_f64)).map(T::as_f64);
        let origin = s + n * 5.0;
        let hit = ray_cast(
            &placed,
            origin.map(T::of_f64),
            (-n).map(T::of_f64),
            T::of_f64(10.0),
            &config,
        )
        .unwrap()
        .unwrap();
        assert!(
            (hit.t.as_f64() - 5.0).abs() <= tau * l,
            "{what} {} case {case}: ray {hit:?}",
            T::NAME
        );
    }
}

#[test]
fn cylinders_cones_and_ellipsoids_against_slabs() {
    against_slabs::<f64, _, 3>(
        Cylinder::new(2.0, 1.0).unwrap(),
        &CylinderForm(1.0, 2.0),
        1,
        "cyl",
    );
    against_slabs::<f32, _, 3>(
        Cylinder::new(2.0, 1.0f32).unwrap(),
        &CylinderForm(1.0, 2.0),
        2,
        "cyl",
    );
    against_slabs::<f64, _, 3>(Cone::new(1.5, 1.0).unwrap(), &ConeForm(1.0, 1.5), 3, "cone");
    against_slabs::<f32, _, 3>(
        Cone::new(1.5, 1.0f32).unwrap(),
        &ConeForm(1.0, 1.5),
        4,
        "cone",
    );
    let a3 = P::<3>::new(2.0, 0.75, 1.25);
    against_slabs::<f64, _, 3>(
        Ellipsoid::new(a3).unwrap(),
        &EllipsoidForm(a3),
        5,
        "ellipsoid",
    );
    let a2 = P::<2>::new(2.5, 0.5);
    against_slabs::<f64, _, 2>(
        Ellipsoid::new(a2).unwrap(),
        &EllipsoidForm(a2),
        6,
        "ellipse",
    );
    against_slabs::<f32, _, 2>(
        Ellipsoid::new(a2.map(|x| x as f32)).unwrap(),
        &EllipsoidForm(a2),
        7,
        "ellipse",
    );
    let a4 = P::<4>::new(1.0, 1.5, 0.5, 0.75);
    against_slabs::<f64, _, 4>(Ellipsoid::new(a4).unwrap(), &EllipsoidForm(a4), 8, "4D");
}

/// A sheared, stretched box: `Affine` against the hull of its mapped
/// corners, and in every query against slabs.
#[test]
fn affine_maps_match_their_images() {
    let half = P::<3>::new(1.0, 0.5, 0.25);
    let m = Matrix3::new(1.5, 0.4, 0.0, 0.0, 0.8, -0.3, 0.2, 0.0, 1.1);
    let t = P::<3>::new(0.5, -1.0, 2.0);
    let sheared = Affine::new(Cuboid::new(half).unwrap(), m, t).unwrap();
    let corners: Vec<P<3>> = (0..8)
        .map(|i| {
            let c = P::<3>::new(
                if i & 1 == 0 { -half.x } else { half.x },
                if i & 2 == 0 { -half.y } else { half.y },
                if i & 4 == 0 { -half.z } else { half.z },
            );
            m * c + t
        })
        .collect();
    let hull = Scanned::new(&corners).unwrap();
    supports_match::<f64, 3>(&sheared, &CornersForm(corners.clone()), 4.0, "affine box");
    supports_match::<f64, 3>(&hull, &CornersForm(corners.clone()), 4.0, "its hull");
    // Placed at the origin (the slab test places it again).
    let at_origin = Affine::new(Cuboid::new(half).unwrap(), m, P::zeros()).unwrap();
    let local: Vec<P<3>> = corners.iter().map(|c| c - t).collect();
    against_slabs::<f64, _, 3>(at_origin, &CornersForm(local), 9, "affine box");

    // The unit ball stretched is the ellipsoid, to rounding.
    let a = P::<3>::new(2.0, 0.5, 1.0);
    let ball = Ball::new(P::<3>::zeros(), 1.0).unwrap();
    let stretched = Affine::new(ball, Matrix3::from_diagonal(&a), P::zeros()).unwrap();
    supports_match::<f64, 3>(&stretched, &EllipsoidForm(a), 2.0, "stretched ball");
    against_slabs::<f64, _, 3>(stretched, &EllipsoidForm(a), 10, "stretched ball");
}

#[test]
fn bad_parameters_are_errors() {
    assert_eq!(Cylinder::new(1.0, f64::NAN), Err(ShapeError::NonFinite));
    assert_eq!(Cylinder::new(-1.0, 1.0), Err(ShapeError::Negative));
    assert_eq!(Cone::new(1.0, -1.0), Err(ShapeError::Negative));
    assert_eq!(Cone::new(f64::INFINITY, 1.0), Err(ShapeError::NonFinite));
    assert_eq!(
        Ellipsoid::new(P::<2>::new(1.0, -0.5)),
        Err(ShapeError::Negative)
    );
    assert_eq!(
        Ellipsoid::new(P::<2>::new(f64::NAN, 0.5)),
        Err(ShapeError::NonFinite)
    );
    let nan = Matrix3::from_element(f64::NAN);
    assert!(Affine::new(Cuboid::new(P::<3>::repeat(1.0)).unwrap(), nan, P::zeros()).is_err());
    // Degenerate but valid: a cylinder of zero radius is a segment.
    let needle = Cylinder::new(1.0, 0.0).unwrap();
    let d = distance(
        &needle,
        &Ball::new(P::<3>::new(2.0, 0.0, 0.0), 0.5).unwrap(),
        &Config::default(),
    )
    .unwrap();
    assert!((d.distance - 1.5).abs() < 1e-12);
}
