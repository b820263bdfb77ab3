//! What the embedded and WASM checks share: a small closed set of shapes
//! described by plain numbers, one entry point per query that builds the
//! shapes and returns the answer as `f64`s, and the comparison against an
//! expected answer.
//!
//! The case table itself (inputs and expected answers) is generated on the
//! host by `tests/embedded/expected` into `tests/embedded/generated/`.
#![no_std]

use gjk::nalgebra::{ComplexField, SMatrix, SVector, Vector2};
use gjk::{
    Ball, Capsule, hull::Scanned, Cuboid, Config, hull::Polygon, Real, ShapeError, SupportMap,
    Transformed,
};

/// `p = [cx, cy, cz, r, _, _, _]`: a ball.
pub const BALL: u8 = 0;
/// `p = [hx, hy, hz, tx, ty, tz, angle]`: a box with half-extents `h`,
/// turned by `angle` radians about z (the plane's rotation in 2D) and moved
/// by `t`.
pub const BOX: u8 = 1;
/// `p = [ax, ay, az, bx, by, bz, r]`: a capsule around the segment `ab`.
pub const CAPSULE: u8 = 2;
/// `p = [s, tx, ty, tz, _, _, _]`: the corner simplex `{0, s·e₀, …, s·e_{D−1}}`
/// moved by `t`; a `Polygon` in 2D and a `Scanned` in 3D.
pub const SIMPLEX: u8 = 3;

/// `intersects`.
pub const INTERSECTS: u8 = 0;
/// `distance`.
pub const DISTANCE: u8 = 1;
/// `penetration`.
pub const PENETRATION: u8 = 2;
/// `contact` with `param` as the largest separation.
pub const CONTACT: u8 = 3;

/// A shape as plain numbers; 2D shapes ignore the z slots.
#[derive(Clone, Copy, Debug)]
pub struct ShapeDesc {
    /// One of [`BALL`], [`BOX`], [`CAPSULE`], [`SIMPLEX`].
    pub kind: u8,
    /// Parameters, as documented on the kind.
    pub p: [f64; 7],
}

/// The answer of one query in `f64`, whatever precision it ran in.
#[derive(Clone, Copy, Debug, Default)]
pub struct Outcome {
    /// `intersects`; `Some` for penetration and contact; always true for distance.
    pub hit: bool,
    /// Distance, depth or signed distance (0 for `intersects`).
    pub value: f64,
    /// Unit normal from A towards B (zero when there is none).
    pub normal: [f64; 3],
    /// Witness or contact point on A.
    pub a: [f64; 3],
    /// Witness or contact point on B.
    pub b: [f64; 3],
    /// Iterations the query reported.
    pub iterations: u32,
}

/// Why a query could not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// A shape description was rejected.
    Shape(ShapeError),
    /// The query returned an error.
    Query(gjk::Error),
    /// Unknown shape kind, query or dimension.
    Unknown,
}

impl Failure {
    /// A negative code for foreign callers.
    pub fn code(self) -> i32 {
        match self {
            Failure::Shape(_) => -1,
            Failure::Query(_) => -2,
            Failure::Unknown => -3,
        }
    }
}

/// Room for the vertices a [`SIMPLEX`] shape borrows.
pub struct Storage<T: Real, const D: usize> {
    points: [SVector<T, D>; 4],
    polygon: [Vector2<T>; 3],
}

impl<T: Real, const D: usize> Default for Storage<T, D> {
    fn default() -> Self {
        Self {
            points: [SVector::zeros(); 4],
            polygon: [Vector2::zeros(); 3],
        }
    }
}

/// One of the suite's shapes, in `D = 2` or `D = 3`.
pub enum Shape<'a, T: Real, const D: usize> {
    /// [`BALL`].
    Ball(Ball<T, D>),
    /// [`BOX`].
    Box(Transformed<Cuboid<T, D>, T, D>),
    /// [`CAPSULE`].
    Capsule(Capsule<T, D>),
    /// [`SIMPLEX`] in 3D.
    Hull(Scanned<&'a [SVector<T, D>], T, D>),
    /// [`SIMPLEX`] in 2D.
    Polygon(Polygon<&'a [Vector2<T>], T>),
}

fn vec<T: Real, const D: usize>(p: &[f64]) -> SVector<T, D> {
    SVector::from_fn(|i, _| T::lit(p.get(i).copied().unwrap_or(0.0)))
}

impl<'a, T: Real, const D: usize> Shape<'a, T, D> {
    /// Builds the shape `desc` describes; `storage` holds borrowed vertices.
    pub fn new(desc: &ShapeDesc, storage: &'a mut Storage<T, D>) -> Result<Self, Failure> {
        let p = &desc.p;
        let shape = match desc.kind {
            BALL => Shape::Ball(Ball::new(vec(&p[0..3]), T::lit(p[3])).map_err(Failure::Shape)?),
            BOX => {
                let cuboid = Cuboid::new(vec(&p[0..3])).map_err(Failure::Shape)?;
                let (s, c) = (
                    T::lit(ComplexField::sin(p[6])),
                    T::lit(ComplexField::cos(p[6])),
                );
                let mut rotation = SMatrix::<T, D, D>::identity();
                if D >= 2 {
                    rotation[(0, 0)] = c;
                    rotation[(0, 1)] = -s;
                    rotation[(1, 0)] = s;
                    rotation[(1, 1)] = c;
                }
                Shape::Box(
                    Transformed::new(cuboid, rotation, vec(&p[3..6])).map_err(Failure::Shape)?,
                )
            }
            CAPSULE => Shape::Capsule(
                Capsule::new(vec(&p[0..3]), vec(&p[3..6]), T::lit(p[6])).map_err(Failure::Shape)?,
            ),
            SIMPLEX if D == 2 => {
                let (s, tx, ty) = (T::lit(p[0]), T::lit(p[1]), T::lit(p[2]));
                storage.polygon = [
                    Vector2::new(tx, ty),
                    Vector2::new(tx + s, ty),
                    Vector2::new(tx, ty + s),
                ];
                Shape::Polygon(Polygon::new(&storage.polygon[..]).map_err(Failure::Shape)?)
            }
            SIMPLEX if D == 3 => {
                let t: SVector<T, D> = vec(&p[1..4]);
                for (k, point) in storage.points.iter_mut().enumerate() {
                    *point = t;
                    if k > 0 {
                        point[k - 1] += T::lit(p[0]);
                    }
                }
                Shape::Hull(Scanned::new(&storage.points[..]).map_err(Failure::Shape)?)
            }
            _ => return Err(Failure::Unknown),
        };
        Ok(shape)
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Shape<'_, T, D> {
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        match self {
            Shape::Ball(s) => s.core_support(dir),
            Shape::Box(s) => s.core_support(dir),
            Shape::Capsule(s) => s.core_support(dir),
            Shape::Hull(s) => s.core_support(dir),
            Shape::Polygon(s) => {
                // Only built when D == 2.
                let v = s.core_support(&Vector2::new(dir[0], dir[1]));
                SVector::from_fn(|i, _| if i < 2 { v[i] } else { T::zero() })
            }
        }
    }

    fn margin(&self) -> T {
        match self {
            Shape::Ball(s) => s.margin(),
            Shape::Box(s) => s.margin(),
            Shape::Capsule(s) => s.margin(),
            Shape::Hull(s) => s.margin(),
            Shape::Polygon(s) => s.margin(),
        }
    }

    fn center(&self) -> SVector<T, D> {
        match self {
            Shape::Ball(s) => s.center(),
            Shape::Box(s) => s.center(),
            Shape::Capsule(s) => s.center(),
            Shape::Hull(s) => s.center(),
            Shape::Polygon(s) => {
                let v = s.center();
                SVector::from_fn(|i, _| if i < 2 { v[i] } else { T::zero() })
            }
        }
    }
}

/// The two precisions the suite runs in, widened to `f64` for reporting.
pub trait Precision: Real {
    /// Whether this is `f64`.
    const WIDE: bool;

    /// `self` as an `f64` (exact for both precisions).
    fn wide(self) -> f64;
}

impl Precision for f32 {
    const WIDE: bool = false;

    fn wide(self) -> f64 {
        f64::from(self)
    }
}

impl Precision for f64 {
    const WIDE: bool = true;

    fn wide(self) -> f64 {
        self
    }
}

fn f<T: Precision>(x: T) -> f64 {
    x.wide()
}

fn arr<T: Precision, const D: usize>(v: &SVector<T, D>) -> [f64; 3] {
    let mut out = [0.0; 3];
    for (o, x) in out.iter_mut().zip(v.iter()) {
        *o = f(*x);
    }
    out
}

/// Runs `query` between the shapes `a` and `b` in precision `T` and
/// dimension `D`.
///
/// Each query runs in a function of its own, kept out of line, so that the
/// stack a case needs is its own query's, not the sum of all of them (EPA's
/// polytope would otherwise sit in every frame).
pub fn run<T: Precision, const D: usize>(
    query: u8,
    a: &ShapeDesc,
    b: &ShapeDesc,
    param: f64,
) -> Result<Outcome, Failure> {
    let (mut sa, mut sb) = (Storage::<T, D>::default(), Storage::<T, D>::default());
    let a = Shape::new(a, &mut sa)?;
    let b = Shape::new(b, &mut sb)?;
    match query {
        INTERSECTS => intersects_case(&a, &b),
        DISTANCE => distance_case(&a, &b),
        PENETRATION => penetration_case(&a, &b),
        CONTACT => contact_case(&a, &b, T::lit(param)),
        _ => Err(Failure::Unknown),
    }
}

#[inline(never)]
fn intersects_case<T: Precision, const D: usize>(
    a: &Shape<'_, T, D>,
    b: &Shape<'_, T, D>,
) -> Result<Outcome, Failure> {
    let config = Config::<T, _>::default();
    let hit = gjk::intersects(a, b, &config).map_err(Failure::Query)?;
    Ok(Outcome {
        hit,
        ..Outcome::default()
    })
}

#[inline(never)]
fn distance_case<T: Precision, const D: usize>(
    a: &Shape<'_, T, D>,
    b: &Shape<'_, T, D>,
) -> Result<Outcome, Failure> {
    let config = Config::<T, _>::default();
    let d = gjk::distance(a, b, &config).map_err(Failure::Query)?;
    Ok(Outcome {
        hit: true,
        value: f(d.distance),
        normal: d.normal.as_ref().map(arr).unwrap_or_default(),
        a: arr(&d.point_a),
        b: arr(&d.point_b),
        iterations: d.iterations,
    })
}

#[inline(never)]
fn penetration_case<T: Precision, const D: usize>(
    a: &Shape<'_, T, D>,
    b: &Shape<'_, T, D>,
) -> Result<Outcome, Failure> {
    let config = Config::<T, _>::default();
    Ok(
        match gjk::penetration(a, b, &config).map_err(Failure::Query)? {
            Some(p) => Outcome {
                hit: true,
                value: f(p.depth),
                normal: arr(&p.normal),
                a: arr(&p.point_a),
                b: arr(&p.point_b),
                iterations: p.iterations,
            },
            None => Outcome::default(),
        },
    )
}

#[inline(never)]
fn contact_case<T: Precision, const D: usize>(
    a: &Shape<'_, T, D>,
    b: &Shape<'_, T, D>,
    max: T,
) -> Result<Outcome, Failure> {
    let config = Config::<T, _>::default();
    Ok(
        match gjk::contact(a, b, max, &config).map_err(Failure::Query)? {
            Some(c) => Outcome {
                hit: true,
                value: f(c.distance),
                normal: arr(&c.normal),
                a: arr(&c.point_a),
                b: arr(&c.point_b),
                iterations: c.iterations,
            },
            None => Outcome::default(),
        },
    )
}

/// [`run`] with the precision fixed and the dimension chosen at run time.
pub fn run_dim<T: Precision>(
    dim: u8,
    query: u8,
    a: &ShapeDesc,
    b: &ShapeDesc,
    param: f64,
) -> Result<Outcome, Failure> {
    match dim {
        2 => run::<T, 2>(query, a, b, param),
        3 => run::<T, 3>(query, a, b, param),
        _ => Err(Failure::Unknown),
    }
}

/// The expected answer of a case; the masks pick the vector components that
/// are unique (bit `i` = component `i`), since a face-to-face contact has no
/// single witness point.
#[derive(Clone, Copy, Debug)]
pub struct Expect {
    /// Expected [`Outcome::hit`].
    pub hit: bool,
    /// Expected [`Outcome::value`] (unchecked for `intersects`).
    pub value: f64,
    /// Expected normal.
    pub normal: [f64; 3],
    /// Expected point on A.
    pub a: [f64; 3],
    /// Expected point on B.
    pub b: [f64; 3],
    /// Components of the normal to check.
    pub mask_normal: u8,
    /// Components of the point on A to check.
    pub mask_a: u8,
    /// Components of the point on B to check.
    pub mask_b: u8,
}

/// One query of the suite.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// Short description.
    pub name: &'static str,
    /// 2 or 3.
    pub dim: u8,
    /// One of [`INTERSECTS`], [`DISTANCE`], [`PENETRATION`], [`CONTACT`].
    pub query: u8,
    /// Largest separation for [`CONTACT`].
    pub param: f64,
    /// Shape A.
    pub a: ShapeDesc,
    /// Shape B.
    pub b: ShapeDesc,
    /// What the query must answer.
    pub expect: Expect,
}

/// Accuracy budget of the `f64` runs: `|got − expected| ≤ TOL · max(1, |expected|)`.
pub const TOL_F64: f64 = 1e-9;
/// Accuracy budget of the `f32` runs, same form.
pub const TOL_F32: f64 = 1e-4;

/// The first disagreement between an outcome and the expectation.
#[derive(Clone, Copy, Debug)]
pub struct Mismatch {
    /// `"hit"`, `"value"`, `"normal"`, `"a"` or `"b"`.
    pub field: &'static str,
    /// Component of a vector field (0 for scalars).
    pub index: usize,
    /// Expected value (1/0 for `hit`).
    pub expected: f64,
    /// Computed value.
    pub got: f64,
}

fn close(expected: f64, got: f64, tol: f64) -> bool {
    let scale = if expected.abs() > 1.0 {
        expected.abs()
    } else {
        1.0
    };
    (got - expected).abs() <= tol * scale
}

/// `None` when `out` matches `case.expect` within `tol`.
pub fn check(case: &Case, out: &Outcome, tol: f64) -> Option<Mismatch> {
    let e = &case.expect;
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    if out.hit != e.hit {
        return Some(Mismatch {
            field: "hit",
            index: 0,
            expected: flag(e.hit),
            got: flag(out.hit),
        });
    }
    if !e.hit || case.query == INTERSECTS {
        return None;
    }
    if !close(e.value, out.value, tol) {
        return Some(Mismatch {
            field: "value",
            index: 0,
            expected: e.value,
            got: out.value,
        });
    }
    let vectors = [
        ("normal", e.mask_normal, &e.normal, &out.normal),
        ("a", e.mask_a, &e.a, &out.a),
        ("b", e.mask_b, &e.b, &out.b),
    ];
    for (field, mask, want, have) in vectors {
        for i in 0..3 {
            if mask & (1 << i) != 0 && !close(want[i], have[i], tol) {
                return Some(Mismatch {
                    field,
                    index: i,
                    expected: want[i],
                    got: have[i],
                });
            }
        }
    }
    None
}
