//! Penetration depth (EPA) and signed contact: analytic cases in 2, 3 and 4
//! dimensions, quickcheck properties on random hulls, regressions for failures
//! seen in other libraries, and hostile input.
//!
//! Every comparison states its accuracy budget as a named constant below.
//! Budgets are in units of the machine epsilon of the scalar under test times
//! the coordinate scale of the shapes (the largest absolute coordinate), plus
//! the query's own relative tolerance where the algorithm is allowed it.
//!
//! `cargo test --test suite contact::epa::report -- --nocapture` prints the
//! worst depth and normal errors over the analytic cases and the mean
//! iteration count of 3D box–box penetration.

use crate::support;
use gjk::nalgebra::{SMatrix, UnitQuaternion, Vector3};
use gjk::{
    contact, distance, hull::Scanned, intersects, penetration, Ball, Capsule, Config, Cuboid,
    Error, Penetration, Point, Status, SupportMap, Transformed, Vector,
};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

use helpers::*;

// ---------------------------------------------------------------------------
// Budgets
// ---------------------------------------------------------------------------

/// Depth error on the analytic cases, in ulps of the shape scale. Every core
/// there is a polytope or a point, so EPA ends on an exact boundary facet and
/// only rounding separates the answer from the analytic value (measured: under
/// one ulp); 8 ulps leaves room for the rounded inputs of the reference.
const DEPTH_ULPS: f64 = 8.0;

/// Normal error, as an angle in ulps (radians per unit of `scale / feature`).
/// A facet normal is a Gram–Schmidt remainder of vertex differences of size
/// `scale`; its direction is exact to a few ulps of `scale / edge length`.
const NORMAL_ULPS: f64 = 64.0;

/// Contact-point error, in ulps of the shape scale: points are barycentric
/// combinations of support points, exact to a few ulps of the coordinates.
const POINT_ULPS: f64 = 128.0;

/// Properties on random hulls, in ulps of the shape scale, on top of the
/// query's relative tolerance: EPA may stop anywhere within
/// `tolerance · depth + ROUNDING_FLOOR · scale` (ROUNDING_FLOOR is 32 ulps),
/// and the checks compare two such answers (depth against distance or
/// support values).
const PROPERTY_ULPS: f64 = 64.0;

/// The translation beyond (or short of) the depth used by the separation
/// property, as a fraction of the shape scale: large against every budget,
/// small against the shapes.
const SEPARATION_STEP: f64 = 0.05;

/// Step of the capsule sweep across contact, and the largest jump allowed
/// between consecutive samples, in steps: the points and the signed distance
/// move exactly one step per sample (the geometry is chosen so that they are
/// unique), so 1.5 steps leaves room for rounding and nothing else.
const SWEEP_STEP: f64 = 0.01;
const SWEEP_MAX_JUMP_STEPS: f64 = 1.5;

/// quickcheck cases per property, scalar and dimension: 8 properties × 2
/// scalars × 2 dimensions × this stays under a few seconds at opt-level 1.
const QC_TESTS: u64 = 120;
/// Fixed quickcheck seed, so that failures reproduce.
const QC_SEED: u64 = 0x00e9_a5ee_d000_0001;
/// quickcheck's size parameter (the generators bound themselves).
const QC_SIZE: usize = 16;

/// Random rotated overlapping 3D box pairs for the iteration statistic.
const BOX_PAIRS: usize = 400;

fn depth_budget<T: TestReal>(scale: f64) -> f64 {
    DEPTH_ULPS * T::eps() * scale
}

/// How far below the truth the depth (a certified lower bound) may sit: the
/// depth budget plus the certification margin, what EPA takes off each
/// facet's offset for the rounding of `n · y`: `(D + 2) u Σ |nᵢ yᵢ|` for the
/// dot product and the difference `y = a − b`, and `2D u |n · y|` for the
/// normal's length, with `Σ |nᵢ yᵢ| ≤ ‖y‖ ≤ 2√D · scale`.
fn lower_budget<T: TestReal, const D: usize>(scale: f64) -> f64 {
    let certification = (3 * D + 2) as f64 * 2.0 * (D as f64).sqrt();
    depth_budget::<T>(scale) + certification * T::eps() * scale
}

fn normal_budget<T: TestReal>(scale_over_feature: f64) -> f64 {
    NORMAL_ULPS * T::eps() * scale_over_feature.max(1.0)
}

fn point_budget<T: TestReal>(scale: f64) -> f64 {
    POINT_ULPS * T::eps() * scale
}

fn property_budget<T: TestReal>(depth: f64, scale: f64) -> f64 {
    T::GJK_TOLERANCE.as_f64() * depth.abs() + PROPERTY_ULPS * T::eps() * scale
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

mod helpers {
    use core::cell::Cell;
    use core::fmt::Debug;

    use gjk::nalgebra::SMatrix;
    use gjk::{SupportMap, Vector};

    pub use crate::support::TestReal;

    pub type P<const D: usize> = Vector<f64, D>;

    /// The first `D` entries of `xs`, at precision `T`.
    pub fn v<T: TestReal, const D: usize>(xs: &[f64]) -> Vector<T, D> {
        Vector::<T, D>::from_fn(|i, _| T::of_f64(xs[i]))
    }

    pub fn to_t<T: TestReal, const D: usize>(p: &P<D>) -> Vector<T, D> {
        p.map(T::of_f64)
    }

    pub fn to64<T: TestReal, const D: usize>(p: &Vector<T, D>) -> P<D> {
        p.map(|x| x.as_f64())
    }

    pub fn axis<const D: usize>(i: usize, sign: f64) -> P<D> {
        let mut e = P::<D>::zeros();
        e[i] = sign;
        e
    }

    /// The angle between two non-zero vectors, accurate for tiny angles.
    pub fn angle<const D: usize>(a: &P<D>, b: &P<D>) -> f64 {
        let (a, b) = (a.normalize(), b.normalize());
        2.0 * (a - b).norm().atan2((a + b).norm())
    }

    /// `h(u) = max u·x` over a shape, for a direction of precision `T`.
    pub fn support_value<T: TestReal, const D: usize>(
        s: &impl SupportMap<T, D>,
        u: &Vector<T, D>,
    ) -> f64 {
        to64(&s.support(u)).dot(&to64(u))
    }

    /// How far A reaches into B along unit `u`: `max_A u·x − min_B u·x`, the
    /// translation of B along `u` that separates the shapes.
    pub fn overlap<T: TestReal, const D: usize>(
        a: &impl SupportMap<T, D>,
        b: &impl SupportMap<T, D>,
        u: &Vector<T, D>,
    ) -> f64 {
        let n = to64(u).norm();
        (support_value(a, u) + support_value(b, &-u)) / n
    }

    pub use crate::support::{Rng, Source};

    /// A random unit vector: a cube sample of norm in `(0.1, 1]`, normalised.
    pub fn unit<const D: usize>(rng: &mut Rng) -> P<D> {
        loop {
            let p = P::<D>::from_fn(|_, _| rng.range(-1.0, 1.0));
            let n = p.norm();
            if n > 0.1 && n <= 1.0 {
                return p / n;
            }
        }
    }

    /// A random orthogonal matrix (Gram–Schmidt on random columns).
    pub fn rotation<const D: usize>(rng: &mut Rng) -> SMatrix<f64, D, D> {
        let mut m = SMatrix::<f64, D, D>::zeros();
        let mut j = 0;
        while j < D {
            let mut c = unit::<D>(rng);
            for _ in 0..2 {
                for k in 0..j {
                    let q = m.column(k).into_owned();
                    c -= q * q.dot(&c);
                }
            }
            if c.norm() > 0.1 {
                m.set_column(j, &c.normalize());
                j += 1;
            }
        }
        m
    }

    /// A ball given by its support function alone (zero margin): a curved
    /// core that EPA can only approximate with many vertices.
    pub struct Sphere<T: TestReal, const D: usize> {
        pub center: Vector<T, D>,
        pub radius: T,
    }

    impl<T: TestReal, const D: usize> SupportMap<T, D> for Sphere<T, D> {
        fn core_support(&self, dir: &Vector<T, D>) -> Vector<T, D> {
            let n = dir.norm();
            if n > T::zero() {
                self.center + dir * (self.radius / n)
            } else {
                self.center
            }
        }
        fn center(&self) -> Vector<T, D> {
            self.center
        }
    }

    /// Wraps a shape and answers NaN from the `after`-th support call on.
    pub struct Poisoned<S> {
        pub inner: S,
        pub calls: Cell<u32>,
        pub after: u32,
    }

    impl<T: TestReal, const D: usize, S: SupportMap<T, D>> SupportMap<T, D> for Poisoned<S> {
        fn core_support(&self, dir: &Vector<T, D>) -> Vector<T, D> {
            let k = self.calls.get();
            self.calls.set(k + 1);
            if k >= self.after {
                Vector::<T, D>::repeat(T::of_f64(f64::NAN))
            } else {
                self.inner.core_support(dir)
            }
        }
        fn margin(&self) -> T {
            self.inner.margin()
        }
    }

    /// Worst errors seen over a set of analytic cases.
    #[derive(Default, Debug)]
    pub struct Measure {
        /// Largest |depth − analytic| and the same in ulps of the scale.
        pub depth: f64,
        pub depth_ulps: f64,
        /// Largest angle between the normal and the analytic one (radians).
        pub normal: f64,
        pub cases: usize,
    }
}

// ---------------------------------------------------------------------------
// Analytic cases
// ---------------------------------------------------------------------------

/// What an analytic case expects.
struct Expect<'a, const D: usize> {
    name: &'a str,
    depth: f64,
    /// Accepted normals (several when the answer is not unique).
    normals: &'a [P<D>],
    /// Largest absolute coordinate of the shapes.
    scale: f64,
    /// Expected contact points, when unique.
    points: Option<(P<D>, P<D>)>,
}

/// Runs `penetration` and `contact` on an analytic case and checks depth,
/// normal, points and bounds against their budgets.
fn check<T: TestReal, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    e: &Expect<'_, D>,
    m: &mut Measure,
) -> Penetration<T, D> {
    let tag = format!("{} ({}, D = {D})", e.name, T::NAME);
    let config = Config::default();
    let p = penetration(a, b, &config)
        .unwrap_or_else(|err| panic!("{tag}: error {err:?}"))
        .unwrap_or_else(|| panic!("{tag}: penetration returned None"));
    let (depth, upper) = (p.depth.as_f64(), p.upper.as_f64());
    let n = to64(&p.normal);
    let (pa, pb) = (to64(&p.point_a), to64(&p.point_b));
    let db = depth_budget::<T>(e.scale);
    let lb = lower_budget::<T, D>(e.scale);
    let nb = normal_budget::<T>(e.scale / e.depth.max(e.scale * 1e-3).min(1.0));
    let pbud = point_budget::<T>(e.scale);

    assert_eq!(p.status, Status::Converged, "{tag}: {p:?}");
    assert!(
        depth - e.depth <= db && e.depth - depth <= lb,
        "{tag}: depth {depth} vs {}, budget {db:e} above, {lb:e} below",
        e.depth
    );
    // `upper ≥ depth` exactly is checked by its own test; here within
    // the budget so that the remaining checks run.
    assert!(
        depth <= upper + db && upper - e.depth <= db,
        "{tag}: upper bound {upper} vs {}",
        e.depth
    );
    assert!((n.norm() - 1.0).abs() <= nb, "{tag}: normal {n:?} not unit");
    // Translating B by depth·normal must separate: A reaches into B along the
    // normal by the depth. The support values move to first order with the
    // normal's angle, times the width of the shapes (at most 2·scale each).
    let along = overlap(a, b, &p.normal);
    let ob = db + nb * 4.0 * e.scale;
    assert!(
        (along - depth).abs() <= ob,
        "{tag}: support overlap along the normal is {along}, depth {depth}"
    );
    let normal_err = e
        .normals
        .iter()
        .map(|u| angle(&n, u))
        .fold(f64::INFINITY, f64::min);
    assert!(
        normal_err <= nb,
        "{tag}: normal {n:?}, expected one of {:?}, angle {normal_err:e}",
        e.normals
    );
    let gap = pa - pb - n * depth;
    assert!(
        gap.norm() <= pbud,
        "{tag}: point_a − point_b − depth·normal = {gap:?}"
    );
    if let Some((ea, eb)) = e.points {
        assert!(
            (pa - ea).norm() <= pbud,
            "{tag}: point_a {pa:?}, expected {ea:?}"
        );
        assert!(
            (pb - eb).norm() <= pbud,
            "{tag}: point_b {pb:?}, expected {eb:?}"
        );
    }

    // `contact` is the same answer, signed.
    let c = contact(a, b, T::zero(), &config)
        .unwrap_or_else(|err| panic!("{tag}: contact error {err:?}"))
        .unwrap_or_else(|| panic!("{tag}: contact returned None"));
    assert!(
        (c.distance.as_f64() + depth).abs() <= db,
        "{tag}: contact distance {:?}",
        c.distance
    );
    assert!(
        angle(&to64(&c.normal), &n) <= nb,
        "{tag}: contact normal {:?}",
        c.normal
    );
    let signed = to64(&c.point_b) - to64(&c.point_a) - to64(&c.normal) * c.distance.as_f64();
    assert!(signed.norm() <= pbud, "{tag}: contact points {c:?}");

    m.depth = m.depth.max((depth - e.depth).abs());
    m.depth_ulps = m
        .depth_ulps
        .max((depth - e.depth).abs() / (T::eps() * e.scale));
    m.normal = m.normal.max(normal_err);
    m.cases += 1;
    p
}

const HA: [f64; 4] = [1.0, 0.8, 1.2, 0.9];
const HB: [f64; 4] = [0.5, 0.6, 0.7, 0.4];

fn ball_ball<T: TestReal, const D: usize>(m: &mut Measure) {
    let u = P::<D>::from_fn(|i, _| [1.0, 2.0, -3.0, 0.5][i]).normalize();
    let (ra, rb, d) = (1.0, 0.75, 1.2);
    let a = Ball::new(Vector::<T, D>::zeros(), T::of_f64(ra)).unwrap();
    let cb = to_t::<T, D>(&(u * d));
    let b = Ball::new(cb, T::of_f64(rb)).unwrap();
    let (cb, u) = (to64(&cb), to64(&cb).normalize());
    let dist = cb.norm();
    check(
        &a,
        &b,
        &Expect {
            name: "ball–ball",
            depth: ra + rb - dist,
            normals: &[u],
            scale: 2.0,
            points: Some((u * ra, cb - u * rb)),
        },
        m,
    );
    // Coincident centres: any direction is a normal, the depth is the sum of
    // the radii.
    let b = Ball::new(Vector::<T, D>::zeros(), T::of_f64(rb)).unwrap();
    let p = penetration(&a, &b, &Config::default()).unwrap().unwrap();
    let err = p.depth.as_f64() - (ra + rb);
    assert!(
        err <= depth_budget::<T>(2.0) && -err <= lower_budget::<T, D>(2.0),
        "coincident balls: {p:?}"
    );
    assert!(
        (to64(&p.normal).norm() - 1.0).abs() <= normal_budget::<T>(1.0),
        "{p:?}"
    );
    m.depth = m.depth.max(err);
}

/// Axis-aligned boxes: the depth is the smallest overlap of the projections.
fn box_box_expect<const D: usize>(ha: &P<D>, hb: &P<D>, t: &P<D>) -> (f64, Vec<P<D>>) {
    let overlaps: Vec<f64> = (0..D).map(|i| ha[i] + hb[i] - t[i].abs()).collect();
    let depth = overlaps.iter().copied().fold(f64::INFINITY, f64::min);
    let normals = (0..D)
        .filter(|&i| overlaps[i] == depth)
        .flat_map(|i| {
            if t[i] == 0.0 {
                vec![axis::<D>(i, 1.0), axis::<D>(i, -1.0)]
            } else {
                vec![axis::<D>(i, t[i].signum())]
            }
        })
        .collect();
    (depth, normals)
}

fn box_pair<T: TestReal, const D: usize>(
    name: &str,
    ha: &[f64],
    hb: &[f64],
    t: &[f64],
    m: &mut Measure,
) -> Penetration<T, D> {
    let (ha, hb, t) = (v::<T, D>(ha), v::<T, D>(hb), v::<T, D>(t));
    let a = Cuboid::new(ha).unwrap();
    let b = Transformed::translated(Cuboid::new(hb).unwrap(), t).unwrap();
    let (depth, normals) = box_box_expect(&to64(&ha), &to64(&hb), &to64(&t));
    let scale = (to64(&ha).amax()).max(to64(&t).abs().max() + to64(&hb).amax());
    check(
        &a,
        &b,
        &Expect {
            name,
            depth,
            normals: &normals,
            scale,
            points: None,
        },
        m,
    )
}

fn box_box<T: TestReal, const D: usize>(m: &mut Measure) {
    // Overlaps 1.2, 0.15, 1.7, 1.2: depth 0.15 along +y.
    let p = box_pair::<T, D>("box–box +y", &HA, &HB, &[0.3, 1.25, -0.2, 0.1], m);
    // The contact points lie on A's top face and B's bottom face.
    let pbud = point_budget::<T>(2.0);
    assert!((p.point_a[1].as_f64() - 0.8).abs() <= pbud, "{p:?}");
    assert!((p.point_b[1].as_f64() - 0.65).abs() <= pbud, "{p:?}");
    // Overlaps 0.1, 1.2, 1.6, 1.2: depth 0.1 along −x.
    box_pair::<T, D>("box–box −x", &HA, &HB, &[-1.4, 0.2, 0.3, -0.1], m);
}

fn ball_box<T: TestReal, const D: usize>(m: &mut Measure) {
    let a = Cuboid::new(v::<T, D>(&HA)).unwrap();
    // Centre outside the box, 0.2 beyond the face x = 1: depth r − 0.2.
    let c = [1.2, 0.3, 0.1, -0.2];
    let b = Ball::new(v::<T, D>(&c), T::of_f64(0.5)).unwrap();
    let cc = to64(&v::<T, D>(&c));
    let face = cc - axis::<D>(0, cc[0] - 1.0);
    check(
        &a,
        &b,
        &Expect {
            name: "ball–box, centre outside",
            depth: 0.5 - (cc[0] - 1.0),
            normals: &[axis(0, 1.0)],
            scale: 1.7,
            points: Some((face, cc - axis::<D>(0, 0.5))),
        },
        m,
    );
    // Centre inside, 0.2 below the face y = 0.8: depth 0.2 + r.
    let c = [0.1, 0.6, 0.2, 0.1];
    let b = Ball::new(v::<T, D>(&c), T::of_f64(0.5)).unwrap();
    let cc = to64(&v::<T, D>(&c));
    check(
        &a,
        &b,
        &Expect {
            name: "ball–box, centre inside",
            depth: HA[1] - cc[1] + 0.5,
            normals: &[axis(1, 1.0)],
            scale: 1.2,
            points: Some((cc + axis::<D>(1, 0.8 - cc[1]), cc - axis::<D>(1, 0.5))),
        },
        m,
    );
}

fn capsule_box<T: TestReal, const D: usize>(m: &mut Measure) {
    let a = Cuboid::new(v::<T, D>(&HA)).unwrap();
    // A tilted capsule over the top face y = 0.8; its lowest core point is the
    // endpoint (−0.4, low): unique contact points.
    for (name, low) in [
        ("capsule–box, core apart", 0.9),
        ("capsule–box, core inside", 0.7),
    ] {
        let p0 = v::<T, D>(&[-0.4, low, 0.1, 0.2]);
        let p1 = v::<T, D>(&[0.4, low + 0.2, 0.1, 0.2]);
        let r = 0.25;
        let b = Capsule::new(p0, p1, T::of_f64(r)).unwrap();
        let e0 = to64(&p0);
        check(
            &a,
            &b,
            &Expect {
                name,
                depth: 0.8 - e0[1] + r,
                normals: &[axis(1, 1.0)],
                scale: 1.2,
                points: Some((e0 + axis::<D>(1, 0.8 - e0[1]), e0 - axis::<D>(1, r))),
            },
            m,
        );
    }
}

fn touching<T: TestReal, const D: usize>(m: &mut Measure) {
    // Faces x = 1 of A and x = 1 of B (B spans [1, 2] in x): depth 0.
    let p = box_pair::<T, D>("touching boxes", &HA, &HB, &[1.5, 0.2, -0.3, 0.1], m);
    assert!(
        (p.point_a[0].as_f64() - 1.0).abs() <= point_budget::<T>(2.0),
        "{p:?}"
    );
    // Touching balls: the cores are apart, the answer is exact.
    let a = Ball::new(Vector::<T, D>::zeros(), T::of_f64(1.0)).unwrap();
    let b = Ball::new(v::<T, D>(&[0.0, 1.5, 0.0, 0.0]), T::of_f64(0.5)).unwrap();
    check(
        &a,
        &b,
        &Expect {
            name: "touching balls",
            depth: 0.0,
            normals: &[axis(1, 1.0)],
            scale: 2.0,
            points: Some((axis(1, 1.0), axis(1, 1.0))),
        },
        m,
    );
}

fn deep<T: TestReal, const D: usize>(m: &mut Measure) {
    // A small box inside a large one; escape distances 0.9, 0.5, 1.3, 0.9.
    box_pair::<T, D>(
        "small box inside large box",
        &HA,
        &[0.2, 0.2, 0.2, 0.2],
        &[0.3, -0.5, 0.1, 0.2],
        m,
    );
    // A point inside a box, both orders.
    let a = Cuboid::new(v::<T, D>(&HA)).unwrap();
    let q = [0.3, -0.5, 0.1, 0.2];
    let pts = [v::<T, D>(&q)];
    let hull = Scanned::new(&pts).unwrap();
    let qq = to64(&pts[0]);
    check(
        &a,
        &hull,
        &Expect {
            name: "one-point hull inside box",
            depth: 0.3,
            normals: &[axis(1, -1.0)],
            scale: 1.2,
            points: Some((qq - axis::<D>(1, 0.3), qq)),
        },
        m,
    );
    check(
        &Point::new(pts[0]).unwrap(),
        &a,
        &Expect {
            name: "point inside box, reversed",
            depth: 0.3,
            normals: &[axis(1, 1.0)],
            scale: 1.2,
            points: Some((qq, qq - axis::<D>(1, 0.3))),
        },
        m,
    );
}

fn coincident<T: TestReal, const D: usize>(m: &mut Measure) {
    let h = [0.5; 4];
    let p = box_pair::<T, D>("coincident cubes", &h, &h, &[0.0; 4], m);
    // The normal is one of the 2D axis directions, exactly.
    let n = to64(&p.normal);
    assert!(
        n.iter()
            .filter(|x| x.abs() > normal_budget::<T>(1.0))
            .count()
            == 1,
        "coincident cubes: normal {n:?} is not an axis"
    );
}

/// A cube rotated 45° about z whose vertical edge digs 0.1 into the face
/// x = 1 of an axis-aligned cube, crossing that cube's top edge.
fn rotated_edge_3d<T: TestReal>(m: &mut Measure) {
    let s2 = 2f64.sqrt();
    let a = Cuboid::new(v::<T, 3>(&[1.0, 1.0, 1.0])).unwrap();
    let rot = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), core::f64::consts::FRAC_PI_4);
    let rm: SMatrix<T, 3, 3> = rot.to_rotation_matrix().into_inner().map(T::of_f64);
    let t = v::<T, 3>(&[1.0 + s2 - 0.1, 0.0, 1.8]);
    let b = Transformed::new(a, rm, t).unwrap();
    // B's edge reaches x = tx − √2 (as rounded); the depth along +x beats
    // 0.2 along z and every diagonal.
    let edge_x = to64(&b.core_support(&v::<T, 3>(&[-1.0, 0.0, 0.0])))[0];
    let p = check(
        &a,
        &b,
        &Expect {
            name: "45° box edge into face",
            depth: 1.0 - edge_x,
            normals: &[axis(0, 1.0)],
            scale: 3.0,
            points: None,
        },
        m,
    );
    // The contact points lie on B's edge (y = 0, z in [0.8, 1]) and on A's face.
    let pbud = point_budget::<T>(3.0);
    let (pa, pb) = (to64(&p.point_a), to64(&p.point_b));
    assert!(
        (pa.x - 1.0).abs() <= pbud && (pb.x - edge_x).abs() <= pbud,
        "{p:?}"
    );
    assert!(
        pb.y.abs() <= pbud && (0.8 - pbud..=1.0 + pbud).contains(&pb.z),
        "{p:?}"
    );
}

/// Two cubes with crossed ridges: A rotated 45° about x (ridge along x at
/// z = √2), B rotated 45° about y (ridge along y), 0.1 deep.
fn crossed_ridges_3d<T: TestReal>(m: &mut Measure) {
    let s2 = 2f64.sqrt();
    let cube = Cuboid::new(v::<T, 3>(&[1.0, 1.0, 1.0])).unwrap();
    let q = core::f64::consts::FRAC_PI_4;
    let ra = UnitQuaternion::from_axis_angle(&Vector3::x_axis(), q).to_rotation_matrix();
    let rb = UnitQuaternion::from_axis_angle(&Vector3::y_axis(), q).to_rotation_matrix();
    let a = Transformed::new(cube, ra.into_inner().map(T::of_f64), Vector::zeros()).unwrap();
    let tb = v::<T, 3>(&[0.0, 0.0, 2.0 * s2 - 0.1]);
    let b = Transformed::new(cube, rb.into_inner().map(T::of_f64), tb).unwrap();
    let top = to64(&a.core_support(&v::<T, 3>(&[0.0, 0.0, 1.0])))[2];
    let bottom = to64(&b.core_support(&v::<T, 3>(&[0.0, 0.0, -1.0])))[2];
    check(
        &a,
        &b,
        &Expect {
            name: "crossed ridges (edge–edge)",
            depth: top - bottom,
            normals: &[axis(2, 1.0)],
            scale: 3.0,
            points: Some((axis(2, top), axis(2, bottom))),
        },
        m,
    );
}

/// Runs one case, turning a failed assertion into a message so that every
/// case of a suite runs and reports.
fn attempt(failures: &mut Vec<String>, name: &str, case: impl FnOnce()) {
    if let Err(e) = std::panic::catch_unwind(core::panic::AssertUnwindSafe(case)) {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        failures.push(format!("{name}: {msg}"));
    }
}

fn analytic_suite<T: TestReal, const D: usize>(m: &mut Measure) -> Vec<String> {
    let mut f = Vec::new();
    let tag = |s: &str| format!("{s} ({}, D = {D})", T::NAME);
    attempt(&mut f, &tag("ball_ball"), || ball_ball::<T, D>(m));
    attempt(&mut f, &tag("box_box"), || box_box::<T, D>(m));
    attempt(&mut f, &tag("ball_box"), || ball_box::<T, D>(m));
    attempt(&mut f, &tag("capsule_box"), || capsule_box::<T, D>(m));
    attempt(&mut f, &tag("touching"), || touching::<T, D>(m));
    attempt(&mut f, &tag("deep"), || deep::<T, D>(m));
    attempt(&mut f, &tag("coincident"), || coincident::<T, D>(m));
    f
}

fn analytic_3d<T: TestReal>(m: &mut Measure) -> Vec<String> {
    let mut f = Vec::new();
    attempt(&mut f, &format!("rotated_edge_3d ({})", T::NAME), || {
        rotated_edge_3d::<T>(m)
    });
    attempt(&mut f, &format!("crossed_ridges_3d ({})", T::NAME), || {
        crossed_ridges_3d::<T>(m)
    });
    f
}

fn analytic_all<T: TestReal>() -> (Measure, Vec<String>) {
    let mut m = Measure::default();
    let mut f = analytic_suite::<T, 2>(&mut m);
    f.extend(analytic_suite::<T, 3>(&mut m));
    f.extend(analytic_suite::<T, 4>(&mut m));
    f.extend(analytic_3d::<T>(&mut m));
    (m, f)
}

fn assert_none_failed(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "failed cases:\n{}",
        failures.join("\n")
    );
}

macro_rules! analytic_tests {
    ($($name:ident: $t:ty, $d:literal;)*) => {$(
        #[test]
        fn $name() {
            assert_none_failed(analytic_suite::<$t, $d>(&mut Measure::default()));
        }
    )*};
}

analytic_tests! {
    analytic_f32_d2: f32, 2;
    analytic_f32_d3: f32, 3;
    analytic_f32_d4: f32, 4;
    analytic_f64_d2: f64, 2;
    analytic_f64_d3: f64, 3;
    analytic_f64_d4: f64, 4;
}

#[test]
fn analytic_rotated_3d() {
    let mut f = analytic_3d::<f32>(&mut Measure::default());
    f.extend(analytic_3d::<f64>(&mut Measure::default()));
    assert_none_failed(f);
}

/// Random rotated overlapping 3D boxes: checks each answer against the
/// support functions and returns (mean, max) iterations.
fn box_iterations<T: TestReal>() -> (f64, u32) {
    let mut rng = Rng::split_mix(0xb0c5);
    let (mut total, mut worst, mut count) = (0u64, 0u32, 0usize);
    for _ in 0..BOX_PAIRS {
        let ha = P::<3>::from_fn(|_, _| rng.range(0.2, 1.0));
        let hb = P::<3>::from_fn(|_, _| rng.range(0.2, 1.0));
        let ra = rotation::<3>(&mut rng);
        let rb = rotation::<3>(&mut rng);
        let ta = P::<3>::from_fn(|_, _| rng.range(-1.0, 1.0));
        let tb = ta + unit::<3>(&mut rng) * rng.range(0.0, 0.6);
        let a = Transformed::new(
            Cuboid::new(to_t(&ha)).unwrap(),
            ra.map(T::of_f64),
            to_t(&ta),
        );
        let b = Transformed::new(
            Cuboid::new(to_t(&hb)).unwrap(),
            rb.map(T::of_f64),
            to_t(&tb),
        );
        let (a, b) = (a.unwrap(), b.unwrap());
        let p = penetration(&a, &b, &Config::default()).unwrap().unwrap();
        assert_eq!(p.status, Status::Converged, "{p:?}");
        let scale = 3.0;
        let over = overlap(&a, &b, &p.normal);
        assert!(
            (over - p.depth.as_f64()).abs() <= property_budget::<T>(p.depth.as_f64(), scale),
            "box pair: support overlap {over} along the normal vs depth {:?}",
            p.depth
        );
        for _ in 0..16 {
            let u = to_t::<T, 3>(&unit::<3>(&mut rng));
            let o = overlap(&a, &b, &u);
            assert!(o >= p.depth.as_f64() - property_budget::<T>(p.depth.as_f64(), scale));
        }
        total += u64::from(p.iterations);
        worst = worst.max(p.iterations);
        count += 1;
    }
    (total as f64 / count as f64, worst)
}

#[test]
fn report() {
    // Failed cases are reported by the analytic tests; here they only count.
    for (name, (m, failed)) in [
        ("f32", analytic_all::<f32>()),
        ("f64", analytic_all::<f64>()),
    ] {
        println!(
            "analytic ({name}, {} cases passed, {} failed): worst depth error {:.3e} ({:.1} ulps of scale), worst normal error {:.3e} rad",
            m.cases, failed.len(), m.depth, m.depth_ulps, m.normal
        );
    }
    for (name, (mean, worst)) in [
        ("f32", box_iterations::<f32>()),
        ("f64", box_iterations::<f64>()),
    ] {
        println!(
            "3D rotated box–box penetration ({name}, {BOX_PAIRS} pairs): mean iterations {mean:.2}, max {worst}"
        );
    }
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

/// Coordinates on a 1e-4 grid in [-1, 1], from a bounded integer.
fn coord(g: &mut Gen) -> f64 {
    f64::from(u32::arbitrary(g) % 20_001) / 10_000.0 - 1.0
}

fn point<const D: usize>(g: &mut Gen) -> P<D> {
    P::<D>::from_fn(|_, _| coord(g))
}

fn hull_points<const D: usize>(g: &mut Gen) -> Vec<P<D>> {
    let n = 4 + (u32::arbitrary(g) % 5) as usize;
    (0..n).map(|_| point::<D>(g)).collect()
}

/// Two hulls of 4–8 points that share a point: B is shifted so that its
/// vertex centroid lands on a random convex combination of A's points.
#[derive(Clone, Debug)]
struct Overlapping<const D: usize> {
    a: Vec<P<D>>,
    b: Vec<P<D>>,
    /// Directions to test the depth against.
    dirs: Vec<P<D>>,
}

impl<const D: usize> Arbitrary for Overlapping<D> {
    fn arbitrary(g: &mut Gen) -> Self {
        let a = hull_points::<D>(g);
        let b = hull_points::<D>(g);
        let w: Vec<f64> = a.iter().map(|_| coord(g) + 1.001).collect();
        let mix = a
            .iter()
            .zip(&w)
            .fold(P::<D>::zeros(), |s, (p, w)| s + p * *w)
            / w.iter().sum::<f64>();
        let centroid = b.iter().fold(P::<D>::zeros(), |s, p| s + p) / b.len() as f64;
        let b = b.iter().map(|p| p - centroid + mix).collect();
        let dirs = (0..24)
            .map(|_| point::<D>(g))
            .filter(|d| d.norm() > 0.1)
            .collect();
        Self { a, b, dirs }
    }
}

/// Two hulls at a random offset: apart or overlapping.
#[derive(Clone, Debug)]
struct AnyPair<const D: usize> {
    a: Vec<P<D>>,
    b: Vec<P<D>>,
}

impl<const D: usize> Arbitrary for AnyPair<D> {
    fn arbitrary(g: &mut Gen) -> Self {
        let a = hull_points::<D>(g);
        let offset = point::<D>(g) * 2.5;
        let b = hull_points::<D>(g).iter().map(|p| p + offset).collect();
        Self { a, b }
    }
}

fn cast<T: TestReal, const D: usize>(pts: &[P<D>]) -> Vec<Vector<T, D>> {
    pts.iter().map(to_t::<T, D>).collect()
}

fn scale_of<T: TestReal, const D: usize>(sets: &[&[Vector<T, D>]]) -> f64 {
    sets.iter()
        .flat_map(|s| s.iter())
        .map(|p| to64(p).amax())
        .fold(1e-3, f64::max)
}

type Outcome = Result<(), String>;

fn ensure(ok: bool, msg: impl FnOnce() -> String) -> Outcome {
    if ok {
        Ok(())
    } else {
        Err(msg())
    }
}

fn qc<T: TestReal, const D: usize, A: quickcheck::Testable>(prop: A) {
    let seed = QC_SEED ^ ((D as u64) << 40) ^ T::eps().to_bits();
    let passed = QuickCheck::new()
        .rng(Gen::from_size_and_seed(QC_SIZE, seed))
        .tests(QC_TESTS)
        .max_tests(QC_TESTS * 10)
        .quicktest(prop)
        .unwrap_or_else(|r| panic!("({}, D = {D}) {r:?}", T::NAME));
    // Discarded cases (overlap lost to rounding) must stay rare.
    assert!(passed >= QC_TESTS, "only {passed} cases passed");
}

fn to_result(o: Outcome) -> TestResult {
    match o {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(e),
    }
}

/// The depth, normal and points of one overlapping pair, checked against
/// every property that needs only the pair itself.
fn prop_overlapping<T: TestReal, const D: usize>(case: Overlapping<D>) -> TestResult {
    let (at, bt) = (cast::<T, D>(&case.a), cast::<T, D>(&case.b));
    let a = Scanned::new(&at).unwrap();
    let b = Scanned::new(&bt).unwrap();
    let scale = scale_of::<T, D>(&[&at, &bt]);
    let config = Config::default();
    let p = match penetration(&a, &b, &config) {
        Ok(Some(p)) => p,
        // Sharing a point only up to rounding: nothing to measure.
        Ok(None) => return TestResult::discard(),
        Err(e) => return TestResult::error(format!("penetration failed: {e:?}")),
    };
    to_result(check_overlapping(&a, &b, &p, scale, &case.dirs))
}

fn check_overlapping<T: TestReal, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    p: &Penetration<T, D>,
    scale: f64,
    dirs: &[P<D>],
) -> Outcome {
    let config = Config::default();
    let depth = p.depth.as_f64();
    let n = to64(&p.normal);
    let budget = property_budget::<T>(depth, scale);
    ensure(p.status == Status::Converged, || {
        format!("not converged: {p:?}")
    })?;
    ensure(
        (n.norm() - 1.0).abs() <= normal_budget::<T>(scale / depth.max(1e-3)),
        || format!("normal not unit: {p:?}"),
    )?;
    ensure(
        depth >= 0.0 && depth <= p.upper.as_f64() + budget && p.upper.as_f64() - depth <= budget,
        || format!("bounds: {p:?}"),
    )?;

    // The normal realises the depth, and no direction does better.
    let along = overlap(a, b, &p.normal);
    ensure((along - depth).abs() <= budget, || {
        format!("support overlap along the normal {along} vs depth {depth}: {p:?}")
    })?;
    for u in dirs
        .iter()
        .chain((0..D).map(|i| axis::<D>(i, 1.0)).collect::<Vec<_>>().iter())
    {
        for s in [1.0, -1.0] {
            let ut = to_t::<T, D>(&(u * s));
            let o = overlap(a, b, &ut);
            ensure(o >= depth - budget, || {
                format!("direction {ut:?} overlaps only {o} < depth {depth}: {p:?}")
            })?;
        }
    }

    // The points: point_a − point_b = depth·normal, each in its shape and
    // extreme along the normal.
    let (pa, pb) = (to64(&p.point_a), to64(&p.point_b));
    ensure((pa - pb - n * depth).norm() <= budget, || {
        format!("point gap: {p:?}")
    })?;
    let ha = support_value(a, &p.normal);
    let hb = -support_value(b, &-p.normal);
    ensure((pa.dot(&n) - ha).abs() <= budget, || {
        format!("point_a·n = {} but max_A n·x = {ha}: {p:?}", pa.dot(&n))
    })?;
    ensure((pb.dot(&n) - hb).abs() <= budget, || {
        format!("point_b·n = {} but min_B n·x = {hb}: {p:?}", pb.dot(&n))
    })?;
    for u in dirs {
        let ut = to_t::<T, D>(u);
        let un = u.norm();
        ensure(
            pa.dot(u) / un <= support_value(a, &ut) / un + budget,
            || format!("point_a {pa:?} outside A along {u:?}"),
        )?;
        ensure(
            pb.dot(u) / un <= support_value(b, &ut) / un + budget,
            || format!("point_b {pb:?} outside B along {u:?}"),
        )?;
    }

    // Separation: B moved by depth + δ along the normal is δ away; moved by
    // depth − δ it still overlaps.
    let step = SEPARATION_STEP * scale;
    let apart = Transformed::translated(b, to_t::<T, D>(&(n * (depth + step)))).unwrap();
    let d = distance(a, &apart, &config).map_err(|e| format!("distance: {e:?}"))?;
    ensure((d.distance.as_f64() - step).abs() <= 2.0 * budget, || {
        format!("moved by depth + {step}: distance {:?}, {p:?}", d.distance)
    })?;
    let back = step.min(depth / 2.0);
    if back > 4.0 * budget {
        let still = Transformed::translated(b, to_t::<T, D>(&(n * (depth - back)))).unwrap();
        ensure(intersects(a, &still, &config) == Ok(true), || {
            format!("moved by depth − {back}: no longer intersecting, {p:?}")
        })?;
    }

    // Swapping the shapes keeps the depth and flips the normal (or finds
    // another direction of the same depth).
    let q = penetration(b, a, &config)
        .map_err(|e| format!("swapped: {e:?}"))?
        .ok_or_else(|| format!("swapped: None, {p:?}"))?;
    ensure((q.depth.as_f64() - depth).abs() <= budget, || {
        format!("swapped depth {:?} vs {depth}", q.depth)
    })?;
    let flipped = angle(&to64(&q.normal), &-n) <= normal_budget::<T>(scale / depth.max(1e-3));
    let tie = (overlap(a, b, &-q.normal) - depth).abs() <= budget;
    ensure(flipped || tie, || {
        format!("swapped normal {:?} vs {n:?}", q.normal)
    })?;
    Ok(())
}

/// `contact` agrees with `distance` when apart and with `penetration` when
/// overlapping.
fn prop_contact<T: TestReal, const D: usize>(case: AnyPair<D>) -> TestResult {
    let (at, bt) = (cast::<T, D>(&case.a), cast::<T, D>(&case.b));
    let a = Scanned::new(&at).unwrap();
    let b = Scanned::new(&bt).unwrap();
    let scale = scale_of::<T, D>(&[&at, &bt]);
    let config = Config::default();
    let run = || -> Outcome {
        let c = contact(&a, &b, T::of_f64(10.0), &config)
            .map_err(|e| format!("contact: {e:?}"))?
            .ok_or("contact: None within 10")?;
        let d = distance(&a, &b, &config).map_err(|e| format!("distance: {e:?}"))?;
        let p = penetration(&a, &b, &config).map_err(|e| format!("penetration: {e:?}"))?;
        let budget = property_budget::<T>(c.distance.as_f64(), scale);
        let gap = to64(&c.point_b) - to64(&c.point_a) - to64(&c.normal) * c.distance.as_f64();
        ensure(gap.norm() <= budget, || {
            format!("point_b − point_a ≠ distance·normal: {c:?}")
        })?;
        if c.distance.as_f64() > budget {
            ensure(
                (c.distance.as_f64() - d.distance.as_f64()).abs() <= budget,
                || format!("apart: contact {c:?} vs distance {d:?}"),
            )?;
            ensure(p.is_none(), || format!("apart but penetration {p:?}"))?;
            let dn = d.normal.ok_or("apart but no distance normal")?;
            ensure(
                angle(&to64(&c.normal), &to64(&dn))
                    <= normal_budget::<T>(scale / c.distance.as_f64()),
                || format!("apart: normals {c:?} vs {d:?}"),
            )?;
        } else if c.distance.as_f64() < -budget {
            let p = p.ok_or_else(|| format!("overlapping but penetration None: {c:?}"))?;
            ensure(
                (c.distance.as_f64() + p.depth.as_f64()).abs() <= budget,
                || format!("overlapping: contact {c:?} vs penetration {p:?}"),
            )?;
            ensure(
                angle(&to64(&c.normal), &to64(&p.normal)) <= normal_budget::<T>(1.0),
                || format!("overlapping: normals {c:?} vs {p:?}"),
            )?;
            ensure(d.distance.as_f64() == 0.0, || {
                format!("overlapping: distance {d:?}")
            })?;
        }
        Ok(())
    };
    to_result(run())
}

macro_rules! property_tests {
    ($($name:ident: $t:ty, $d:literal;)*) => {$(
        #[test]
        fn $name() {
            qc::<$t, $d, _>(prop_overlapping::<$t, $d> as fn(Overlapping<$d>) -> TestResult);
            qc::<$t, $d, _>(prop_contact::<$t, $d> as fn(AnyPair<$d>) -> TestResult);
        }
    )*};
}

property_tests! {
    properties_f32_d2: f32, 2;
    properties_f32_d3: f32, 3;
    properties_f64_d2: f64, 2;
    properties_f64_d3: f64, 3;
}

/// A few random overlapping 4D hull pairs through the same checks.
#[test]
fn properties_hull_hull_4d() {
    let mut g = Gen::from_size_and_seed(QC_SIZE, QC_SEED ^ 4);
    let mut checked = 0;
    for _ in 0..40 {
        let case = Overlapping::<4>::arbitrary(&mut g);
        let r = prop_overlapping::<f64, 4>(case.clone());
        assert!(!r.is_failure(), "4D case {case:?}: {r:?}");
        let r = prop_overlapping::<f32, 4>(case.clone());
        assert!(!r.is_failure(), "4D f32 case {case:?}: {r:?}");
        checked += 1;
    }
    assert_eq!(checked, 40);
}

// ---------------------------------------------------------------------------
// Regressions
// ---------------------------------------------------------------------------

fn unit_cubes_face_to_face<T: TestReal>() {
    // [0, 1]³ and [1, 2]³: touching on the face x = 1, every edge and vertex
    // of that face shared.
    let cube = Cuboid::new(v::<T, 3>(&[0.5, 0.5, 0.5])).unwrap();
    let a = Transformed::translated(cube, v::<T, 3>(&[0.5, 0.5, 0.5])).unwrap();
    let b = Transformed::translated(cube, v::<T, 3>(&[1.5, 0.5, 0.5])).unwrap();
    let config = Config::default();
    let p = penetration(&a, &b, &config)
        .unwrap()
        .unwrap_or_else(|| panic!("touching cubes ({}): None", T::NAME));
    let (pa, pb) = (to64(&p.point_a), to64(&p.point_b));
    let pbud = point_budget::<T>(2.0);
    assert!(p.depth.as_f64() <= depth_budget::<T>(2.0), "{p:?}");
    assert!(
        angle(&to64(&p.normal), &Vector3::x()) <= normal_budget::<T>(1.0),
        "{p:?}"
    );
    for q in [pa, pb] {
        assert!(
            (q.x - 1.0).abs() <= pbud,
            "contact point {q:?} off the face x = 1: {p:?}"
        );
        assert!((-pbud..=1.0 + pbud).contains(&q.y), "{p:?}");
        assert!((-pbud..=1.0 + pbud).contains(&q.z), "{p:?}");
    }
    // The same through `contact`, and with the order swapped.
    let c = contact(&a, &b, T::zero(), &config).unwrap().unwrap();
    assert!(c.distance.as_f64().abs() <= depth_budget::<T>(2.0), "{c:?}");
    assert!(
        angle(&to64(&c.normal), &Vector3::x()) <= normal_budget::<T>(1.0),
        "{c:?}"
    );
    let q = penetration(&b, &a, &config).unwrap().unwrap();
    assert!(
        angle(&to64(&q.normal), &-Vector3::x()) <= normal_budget::<T>(1.0),
        "{q:?}"
    );
}

#[test]
fn regression_unit_cubes_face_to_face() {
    unit_cubes_face_to_face::<f32>();
    unit_cubes_face_to_face::<f64>();
}

fn capsule_sweep<T: TestReal>() {
    let a = Cuboid::new(v::<T, 3>(&[1.0, 1.0, 1.0])).unwrap();
    let r = 0.25;
    let config = Config::default();
    let mut prev: Option<(f64, P<3>, P<3>)> = None;
    // The lowest core point goes from 0.6 above the face y = 1 to 0.3 below:
    // separated, margins overlapping, cores overlapping.
    for k in 0..=90 {
        let low = 1.6 - SWEEP_STEP * f64::from(k);
        let p0 = v::<T, 3>(&[0.5, low, 0.2]);
        let p1 = v::<T, 3>(&[-0.5, low + 0.1, 0.2]);
        let b = Capsule::new(p0, p1, T::of_f64(r)).unwrap();
        let c = contact(&a, &b, T::of_f64(1.0), &config)
            .unwrap()
            .unwrap_or_else(|| panic!("sweep at {low}: None"));
        let e0 = to64(&p0);
        let (dist, pa, pb) = (c.distance.as_f64(), to64(&c.point_a), to64(&c.point_b));
        let want = e0.y - 1.0 - r;
        let tag = format!("capsule sweep ({}) at low = {low}: {c:?}", T::NAME);
        // `dist` is minus the certified depth: above the truth by at most
        // the certification margin.
        assert!(
            want - dist <= depth_budget::<T>(2.0) && dist - want <= lower_budget::<T, 3>(2.0),
            "{tag}"
        );
        assert!(
            (pa - Vector3::new(e0.x, 1.0, e0.z)).norm() <= point_budget::<T>(2.0),
            "{tag}"
        );
        assert!(
            (pb - (e0 - Vector3::y() * r)).norm() <= point_budget::<T>(2.0),
            "{tag}"
        );
        if let Some((d0, a0, b0)) = prev {
            let jump = SWEEP_MAX_JUMP_STEPS * SWEEP_STEP;
            assert!(
                (dist - d0).abs() <= jump,
                "{tag}: distance jumped from {d0}"
            );
            assert!(
                (pa - a0).norm() <= jump,
                "{tag}: point_a jumped from {a0:?}"
            );
            assert!(
                (pb - b0).norm() <= jump,
                "{tag}: point_b jumped from {b0:?}"
            );
        }
        prev = Some((dist, pa, pb));
    }
}

#[test]
fn regression_capsule_sweep_is_continuous() {
    capsule_sweep::<f32>();
    capsule_sweep::<f64>();
}

#[test]
fn regression_large_hull_normal_f32() {
    // A 500 × 2 × 500 slab with its top face at y = 0, and a unit box sunk
    // 0.1 into it far from the slab's centre.
    let pts: Vec<Vector<f32, 3>> = (0..8)
        .map(|i| {
            let s = |bit: usize| if i & (1 << bit) != 0 { 1.0 } else { -1.0 };
            Vector::<f32, 3>::new(250.0 * s(0), 1.0 * s(1) - 1.0, 250.0 * s(2))
        })
        .collect();
    let slab = Scanned::new(&pts).unwrap();
    let cube = Cuboid::new(Vector::<f32, 3>::new(0.5, 0.5, 0.5)).unwrap();
    let scale = 250.0;
    for (x, z) in [(0.0, 0.0), (123.4, -77.7), (-240.0, 199.5), (37.25, 248.0)] {
        let b = Transformed::translated(cube, Vector::<f32, 3>::new(x, 0.4, z)).unwrap();
        for (p, up) in [
            (penetration(&slab, &b, &Config::default()), 1.0),
            (penetration(&b, &slab, &Config::default()), -1.0),
        ] {
            let p = p
                .unwrap()
                .unwrap_or_else(|| panic!("slab at ({x}, {z}): None"));
            let tag = format!("box on a 500-wide slab at ({x}, {z}): {p:?}");
            let n = to64(&p.normal);
            assert!(
                angle(&n, &(Vector3::y() * up)) <= normal_budget::<f32>(scale),
                "{tag}"
            );
            assert!(
                p.depth.as_f64() - 0.1 <= depth_budget::<f32>(scale)
                    && 0.1 - p.depth.as_f64() <= lower_budget::<f32, 3>(scale),
                "{tag}"
            );
        }
    }
}

#[test]
fn regression_out_of_capacity_is_bracketed() {
    // Two curved cores (unit spheres by support function alone) 1 apart:
    // depth exactly 1, and far more polytope vertices than 8 to reach it.
    let a = Sphere::<f64, 3> {
        center: Vector::zeros(),
        radius: 1.0,
    };
    let b = Sphere::<f64, 3> {
        center: Vector3::new(1.0, 0.0, 0.0),
        radius: 1.0,
    };
    let p = support::penetration_with_capacity::<f64, 3, 8, 8>(&a, &b, &Config::default())
        .unwrap()
        .unwrap();
    assert_eq!(p.status, Status::OutOfCapacity, "{p:?}");
    assert!(
        p.depth <= 1.0 && 1.0 <= p.upper,
        "bounds do not bracket 1: {p:?}"
    );
    assert!(
        p.upper.is_finite() && (p.normal.norm() - 1.0).abs() < 1e-12,
        "{p:?}"
    );
    // With the default room the bounds meet; they still bracket the depth.
    let q = penetration(&a, &b, &Config::default()).unwrap().unwrap();
    assert!(q.depth <= 1.0 && 1.0 <= q.upper, "{q:?}");
    assert!(
        q.depth >= p.depth,
        "more room gave a worse bound: {q:?} vs {p:?}"
    );
    // Boxes need more than 8 facets too, but must not come back invented.
    let ca = Cuboid::new(Vector::<f64, 3>::new(1.0, 0.8, 1.2)).unwrap();
    let rot = UnitQuaternion::from_euler_angles(0.3, 0.5, 0.7).to_rotation_matrix();
    let cb = Transformed::new(ca, rot.into_inner(), Vector3::new(0.9, 0.7, 0.5)).unwrap();
    let truth = penetration(&ca, &cb, &Config::default()).unwrap().unwrap();
    assert_eq!(truth.status, Status::Converged, "{truth:?}");
    let small = support::penetration_with_capacity::<f64, 3, 8, 8>(&ca, &cb, &Config::default())
        .unwrap()
        .unwrap();
    let slack = depth_budget::<f64>(2.0);
    assert!(
        small.depth <= truth.depth + slack && truth.depth <= small.upper + slack,
        "{small:?} vs {truth:?}"
    );
    if small.status != Status::Converged {
        assert_eq!(small.status, Status::OutOfCapacity, "{small:?}");
    }
}

#[test]
fn upper_bound_is_never_below_depth() {
    // Documented as a certified upper bound; the EPA path clamps it to the
    // depth, the path for rounded shapes with apart cores must too.
    let a = Ball::new(Vector::<f64, 2>::zeros(), 1.0).unwrap();
    let mut bad = Vec::new();
    for k in 0..50 {
        let c = Vector::<f64, 2>::new(0.3 + 0.011 * f64::from(k), 0.9 - 0.013 * f64::from(k));
        let b = Ball::new(c, 0.75).unwrap();
        let p = penetration(&a, &b, &Config::default()).unwrap().unwrap();
        if p.upper < p.depth {
            bad.push(format!(
                "centre {c:?}: depth {} > upper {}",
                p.depth, p.upper
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of 50 ball pairs:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

// ---------------------------------------------------------------------------
// Degenerate and hostile input
// ---------------------------------------------------------------------------

#[test]
fn nan_support_is_an_error() {
    let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
    let other = Transformed::translated(cube, Vector3::new(0.5, 0.3, 0.2)).unwrap();
    let config = Config::default();
    // NaN from the first call: nothing can be answered.
    let bad = Poisoned {
        inner: other,
        calls: Default::default(),
        after: 0,
    };
    assert_eq!(
        penetration(&cube, &bad, &config).unwrap_err(),
        Error::NonFinite
    );
    bad.calls.set(0);
    assert_eq!(
        contact(&cube, &bad, 1.0, &config).unwrap_err(),
        Error::NonFinite
    );
    // NaN from the k-th call on, reaching GJK and then EPA: an error or an
    // answer made only of finite numbers, never a panic.
    let mut errors = 0;
    for after in 1..60 {
        let bad = Poisoned {
            inner: other,
            calls: Default::default(),
            after,
        };
        match penetration(&cube, &bad, &config) {
            Err(e) => {
                assert_eq!(e, Error::NonFinite, "after {after}");
                errors += 1;
            }
            Ok(Some(p)) => {
                let finite = p.depth.is_finite()
                    && p.upper.is_finite()
                    && p.normal
                        .iter()
                        .chain(&p.point_a)
                        .chain(&p.point_b)
                        .all(|x| x.is_finite());
                assert!(finite, "NaN after {after} call(s) leaked into {p:?}");
            }
            Ok(None) => panic!("overlapping cubes reported apart (NaN after {after})"),
        }
    }
    assert!(errors > 1, "NaN never reached the queries");
    // NaN as a shape coordinate is rejected when the shape is built.
    let nan = [Vector::<f64, 3>::new(f64::NAN, 0.0, 0.0)];
    assert!(Scanned::new(&nan).is_err());
}

fn flat_squares<T: TestReal>() {
    let sq = |x0: f64, y0: f64| -> Vec<Vector<T, 3>> {
        [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
            .iter()
            .map(|(x, y)| v::<T, 3>(&[x0 + 2.0 * x, y0 + 2.0 * y, 0.0]))
            .collect()
    };
    let (pa, pb) = (sq(-1.0, -1.0), sq(0.3, -0.4));
    let a = Scanned::new(&pa).unwrap();
    let b = Scanned::new(&pb).unwrap();
    for (p, tag) in [
        (penetration(&a, &b, &Config::default()), "A, B"),
        (penetration(&b, &a, &Config::default()), "B, A"),
    ] {
        let p = p
            .unwrap()
            .unwrap_or_else(|| panic!("flat squares ({tag}): None"));
        let n = to64(&p.normal);
        assert!(
            p.depth.as_f64() <= depth_budget::<T>(2.0),
            "flat squares ({tag}): {p:?}"
        );
        assert!(
            angle(&n, &Vector3::z()).min(angle(&n, &-Vector3::z())) <= normal_budget::<T>(1.0),
            "flat squares ({tag}, {}): normal {n:?}",
            T::NAME
        );
    }
}

#[test]
fn flat_coplanar_squares() {
    flat_squares::<f32>();
    flat_squares::<f64>();
}
