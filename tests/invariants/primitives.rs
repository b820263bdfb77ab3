//! The closed forms of primitive shapes (point cores projected, boxes by
//! separating axes) against the general path on the same shapes.
//!
//! Balls, points, boxes, segments and capsules, placed by
//! `Transformed::new` (rotations, reflections, skewed matrices) and
//! optionally rounded, at any scale, moved to within a fuzzed gap of
//! contact. Each query is asked twice: as is, and with every optional
//! capability hidden (the shapes seen through their support maps alone, so
//! GJK and EPA answer). The fast answer must be the general one:
//!
//! * an error from the fast path only where the general path errs too;
//! * `intersects` the same outside the touching band;
//! * `distance` within the budget of the general one when both converge,
//!   each bracket holding the other's distance;
//! * `ray_cast` (a ray from B's centre towards A's, aimed off) hits with
//!   overlapping brackets, or misses where the ray passes the shape only
//!   within the budget;
//! * `closest_points` `None`, from either path, only where the general
//!   distance reaches the cutoff (to the budget).

use gjk::nalgebra::SMatrix;
use gjk::{
    closest_points, distance, intersects, penetration, ray_cast, Ball, BoxFrame, Config, Cuboid,
    Point, RayEntry, Rounded, Segment, Status, SupportMap, Transformed, Vector,
};

use super::checks::{to_t, P};
use super::input::{scale_of_exp, small_of_exp, vec_of, Dim, MatrixSpec, Num, Prec};
use super::{budget, sane, TestReal};

/// The kind of a primitive core.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrimitiveKind {
    /// A point (rounded: a ball).
    Point,
    /// A ball of radius `|size₀|`.
    Ball,
    /// A box of half extents `size`.
    Box,
    /// A segment from `−size` to `size`.
    Segment,
}

/// One primitive: its core, placement and rounding.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub struct PrimitiveSpec {
    /// The core.
    pub kind: PrimitiveKind,
    /// Its sizes (see [`PrimitiveKind`]).
    pub size: [Num; 4],
    /// The rotation (or any matrix; `Transformed::new` may refuse it).
    pub matrix: MatrixSpec,
    /// The translation.
    pub translation: [Num; 4],
    /// A rounding radius (a capsule is a rounded segment).
    pub margin: Option<Num>,
}

/// Two primitives, a scale and a gap to contact.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub struct PrimitiveInput {
    /// Scalar type.
    pub prec: Prec,
    /// Dimension.
    pub dim: Dim,
    /// Shape A.
    pub a: PrimitiveSpec,
    /// Shape B.
    pub b: PrimitiveSpec,
    /// Every length times `10^e` (`|e| ≤ 6`) or `2^(8e)`.
    pub scale_exp: i8,
    /// B moved along the general path's normal to `gap/127 · 10^-(exp % 17)`
    /// times the scale from contact (`None`: left where placed).
    pub touch: Option<(i8, u8)>,
    /// The cutoff of `closest_points`, times the scale.
    pub cutoff: Num,
    /// A ray from B's centre towards A's, aimed off by `aim/127` of the
    /// shapes' extent, against A, up to twice the way.
    pub aim: [i8; 4],
}

/// A placed, possibly rounded primitive.
pub enum Primitive<T: TestReal, const D: usize> {
    Point(Rounded<Transformed<Point<T, D>, T, D>, T>),
    Ball(Rounded<Transformed<Ball<T, D>, T, D>, T>),
    Box(Rounded<Transformed<Cuboid<T, D>, T, D>, T>),
    Segment(Rounded<Transformed<Segment<T, D>, T, D>, T>),
}

/// Forwards a method to the variant's shape.
macro_rules! each {
    ($s:expr, $x:ident => $e:expr) => {
        match $s {
            Primitive::Point($x) => $e,
            Primitive::Ball($x) => $e,
            Primitive::Box($x) => $e,
            Primitive::Segment($x) => $e,
        }
    };
}

impl<T: TestReal, const D: usize> SupportMap<T, D> for Primitive<T, D> {
    fn core_support(&self, dir: &Vector<T, D>) -> Vector<T, D> {
        each!(self, s => s.core_support(dir))
    }
    fn margin(&self) -> T {
        each!(self, s => s.margin())
    }
    fn center(&self) -> Vector<T, D> {
        each!(self, s => s.center())
    }
    fn core_point(&self) -> Option<Vector<T, D>> {
        each!(self, s => s.core_point())
    }
    fn project_core(&self, p: &Vector<T, D>) -> Option<Vector<T, D>> {
        each!(self, s => s.project_core(p))
    }
    fn core_box(&self) -> Option<BoxFrame<T, D>> {
        each!(self, s => s.core_box())
    }
    fn ray_core(
        &self,
        origin: &Vector<T, D>,
        direction: &Vector<T, D>,
        radius: T,
    ) -> Option<RayEntry<T, D>> {
        each!(self, s => s.ray_core(origin, direction, radius))
    }
}

/// The shape seen through its support map alone.
pub struct General<'s, S>(pub &'s S);

impl<T: TestReal, const D: usize, S: SupportMap<T, D>> SupportMap<T, D> for General<'_, S> {
    fn core_support(&self, dir: &Vector<T, D>) -> Vector<T, D> {
        self.0.core_support(dir)
    }
    fn margin(&self) -> T {
        self.0.margin()
    }
    fn center(&self) -> Vector<T, D> {
        self.0.center()
    }
}

/// Builds a primitive at `scale`, moved by `shift`; `None` when a
/// constructor refuses the data (each refusal is the constructors' own
/// business, checked by the shapes target).
pub fn primitive<T: TestReal, const D: usize>(
    spec: &PrimitiveSpec,
    scale: f64,
    shift: &P<D>,
) -> Option<Primitive<T, D>> {
    let size = P::<D>::from(vec_of::<D>(&spec.size.map(Num::value))) * scale;
    let rows = spec.matrix.entries::<D>();
    let matrix = SMatrix::<T, D, D>::from_fn(|i, j| T::of_f64(rows[i][j]));
    let translation = P::<D>::from(vec_of::<D>(&spec.translation.map(Num::value))) * scale + shift;
    let translation = to_t(&translation);
    let margin = T::of_f64(spec.margin.map_or(0.0, |m| m.value().abs() * scale));
    macro_rules! placed {
        ($variant:ident, $core:expr) => {{
            let placed = Transformed::new($core, matrix, translation).ok()?;
            Primitive::$variant(Rounded::new(placed, margin).ok()?)
        }};
    }
    Some(match spec.kind {
        PrimitiveKind::Point => placed!(Point, Point::new(Vector::zeros()).ok()?),
        PrimitiveKind::Ball => {
            placed!(
                Ball,
                Ball::new(Vector::zeros(), T::of_f64(size[0].abs())).ok()?
            )
        }
        PrimitiveKind::Box => placed!(Box, Cuboid::new(to_t(&size.abs())).ok()?),
        PrimitiveKind::Segment => {
            let end = to_t(&size);
            placed!(Segment, Segment::new(-end, end).ok()?)
        }
    })
}

/// The coordinate scale of a primitive: its translation, the sizes its
/// kind uses (a point's are ignored, whatever they hold, NaN included) and
/// its margin.
fn extent_of<const D: usize>(spec: &PrimitiveSpec, scale: f64, shift: &P<D>) -> f64 {
    let t = P::<D>::from(vec_of::<D>(&spec.translation.map(Num::value))) * scale + shift;
    let s = P::<D>::from(vec_of::<D>(&spec.size.map(Num::value))) * scale;
    let size = match spec.kind {
        PrimitiveKind::Point => 0.0,
        PrimitiveKind::Ball => s[0].abs(),
        PrimitiveKind::Box | PrimitiveKind::Segment => s.amax() * (D as f64).sqrt(),
    };
    t.amax() + size + spec.margin.map_or(0.0, |m| m.value().abs() * scale)
}

/// Runs the invariants on one input.
pub fn run_primitives(input: &PrimitiveInput) {
    #[cfg(fuzzing)]
    if std::env::var_os("GJK_FUZZ_DUMP").is_some() {
        eprintln!("{input:#?}");
    }
    match (input.prec, input.dim) {
        (Prec::F32, Dim::D2) => primitive_case::<f32, 2>(input),
        (Prec::F32, Dim::D3) => primitive_case::<f32, 3>(input),
        (Prec::F32, Dim::D4) => primitive_case::<f32, 4>(input),
        (Prec::F64, Dim::D2) => primitive_case::<f64, 2>(input),
        (Prec::F64, Dim::D3) => primitive_case::<f64, 3>(input),
        (Prec::F64, Dim::D4) => primitive_case::<f64, 4>(input),
    }
}

/// Where contact is along the general path: the distance when apart (with
/// the normal from A to B), minus the depth when overlapping (normal from A
/// to B); `None` when that path did not converge.
fn signed_gap<T: TestReal, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
) -> Option<(f64, P<D>)> {
    let config = Config::<T, _>::default();
    let d = distance(&General(a), &General(b), &config).ok()?;
    if d.status != Status::Converged {
        return None;
    }
    if d.distance > T::zero() {
        let n = (d.point_b - d.point_a).map(TestReal::as_f64);
        let n = n / n.norm();
        return n
            .iter()
            .all(|x| x.is_finite())
            .then_some((d.distance.as_f64(), n));
    }
    let p = penetration(&General(a), &General(b), &config).ok()??;
    if p.status != Status::Converged {
        return None;
    }
    Some((-p.depth.as_f64(), p.normal.map(TestReal::as_f64)))
}

fn primitive_case<T: TestReal, const D: usize>(input: &PrimitiveInput) {
    let scale = scale_of_exp(input.scale_exp);
    let none = P::<D>::zeros();
    let Some(a) = primitive::<T, D>(&input.a, scale, &none) else {
        return;
    };
    let Some(mut b) = primitive::<T, D>(&input.b, scale, &none) else {
        return;
    };
    let mut l = extent_of(&input.a, scale, &none).max(extent_of(&input.b, scale, &none));
    if let Some((gap, exp)) = input.touch {
        // Along the general path's normal, to the fuzzed gap from contact.
        if let Some((now, n)) = signed_gap(&a, &b) {
            let wanted = f64::from(gap) / 127.0 * small_of_exp(exp) * l;
            let shift = n * (wanted - now);
            let Some(moved) = primitive::<T, D>(&input.b, scale, &shift) else {
                return;
            };
            b = moved;
            l = l.max(extent_of(&input.b, scale, &shift));
        }
    }
    compare(&a, &b, l, input.cutoff.value().abs() * scale);
    let aim = P::<D>::from(vec_of::<D>(&input.aim.map(|x| f64::from(x) / 127.0))) * l;
    compare_rays(&a, &b.center(), &(a.center() - b.center() + to_t(&aim)), l);
}

/// The distance from `p` to `a`: by projection onto the core where the
/// shape offers one (a clamp in the shape's frame, or the nearest point of
/// a segment or a ball), less the margin, in `f64`; otherwise by GJK (its
/// upper bound). Independent of both ray casts under test.
fn gap_to<T: TestReal, const D: usize>(a: &Primitive<T, D>, p: &Vector<T, D>) -> Option<f64> {
    if let Some(q) = a.project_core(p) {
        let away = (p.map(TestReal::as_f64) - q.map(TestReal::as_f64)).norm();
        return Some(away - a.margin().as_f64());
    }
    let config = Config::<T, _>::default();
    let point = Point::new(*p).ok()?;
    distance(&point, &General(a), &config)
        .ok()
        .map(|d| d.distance.as_f64())
}

/// Whether the ray meets `a` within the budget at the earlier answer's `t`
/// or (a cast that stopped short, whose first hit lies in its bracket) at
/// its `upper`, given as `early`, and passes it without entering deeper
/// than the budget up to `late`: a ray that grazes the surface comes within
/// rounding of it along a stretch, where any `t` meets the contract of
/// [`gjk::RayHit`].
fn grazing<T: TestReal, const D: usize>(
    a: &Primitive<T, D>,
    origin: &Vector<T, D>,
    direction: &Vector<T, D>,
    early: [T; 2],
    late: T,
    band: f64,
) -> bool {
    let config = Config::<T, _>::default();
    let at = |t: T| origin + direction * t;
    let Ok(path) = Segment::new(*origin, at(late)) else {
        return false;
    };
    let touches = early
        .iter()
        .any(|&t| gap_to(a, &at(t)).is_some_and(|g| g <= band));
    let shallow = penetration(&path, &General(a), &config)
        .is_ok_and(|p| p.is_none_or(|p| p.depth.as_f64() <= band));
    touches && shallow
}

/// A converged hit.
fn hit<T: TestReal, const D: usize>(h: &Option<gjk::RayHit<T, D>>) -> bool {
    h.is_some_and(|h| h.status == Status::Converged)
}

/// A ray against `a` by its closed form and by the cast loop: an error
/// only where both err; brackets `[lower, upper]` of two hits that
/// overlap (to the budget, over the direction's length); a miss against a
/// hit only where the ray passes within the budget of the shape.
fn compare_rays<T: TestReal, const D: usize>(
    a: &Primitive<T, D>,
    origin: &Vector<T, D>,
    direction: &Vector<T, D>,
    l: f64,
) {
    let config = Config::<T, _>::default();
    let max_t = T::of_f64(2.0);
    let fast = ray_cast(a, *origin, *direction, max_t, &config);
    let general = ray_cast(&General(a), *origin, *direction, max_t, &config);
    assert!(
        fast.is_ok() || general.is_err(),
        "ray_cast: the fast path failed with {fast:?}, the general path answered {general:?}"
    );
    let length = direction.map(TestReal::as_f64).norm();
    // The hit point `origin + t · direction` rounds at the ray's own scale.
    let l = l.max(origin.map(TestReal::as_f64).amax() + length * max_t.as_f64());
    if !sane::<T>(l) || !(length > l * 1e-3) {
        return;
    }
    // The loop stops once its bracket meets the relative tolerance, so two
    // answers may differ by that much of `t` (at most `max_t`) besides the
    // rounding of the coordinates.
    let room = budget::<T>(l, max_t.as_f64() * length, config.tolerance.as_f64()) / length;
    match (fast, general) {
        (Ok(Some(x)), Ok(Some(y))) => {
            let apart = x.lower.as_f64() > y.upper.as_f64() + room
                || y.lower.as_f64() > x.upper.as_f64() + room;
            // A grazing ray first comes within rounding of the shape
            // anywhere along a stretch: two hits may differ, as long as
            // the earlier point is on the shape to the budget and the ray
            // before the later one does not enter it deeper than that.
            let band = budget::<T>(l, 0.0, 0.0);
            let (first, last) = if x.t <= y.t { (x, y) } else { (y, x) };
            let early = [first.t, first.upper.min(last.t)];
            if apart && !grazing(a, origin, direction, early, last.t, band) {
                panic!(
                    "ray_cast: [{:e}, {:e}] by the fast path, [{:e}, {:e}] by the loop",
                    x.lower.as_f64(),
                    x.upper.as_f64(),
                    y.lower.as_f64(),
                    y.upper.as_f64()
                );
            }
        }
        // A hit the cast could not confirm (`Stalled`, capped) claims
        // nothing; only a converged hit stands against a proven miss.
        (Ok(x), Ok(y)) if (hit(&x) && y.is_none()) || (x.is_none() && hit(&y)) => {
            // The ray as a segment, measured from the shape by GJK.
            let (o, d) = (
                origin.map(TestReal::as_f64),
                direction.map(TestReal::as_f64),
            );
            let Ok(path) = Segment::new(to_t::<T, D>(&o), to_t::<T, D>(&(o + d * 2.0))) else {
                return;
            };
            if let Ok(gap) = distance(&path, &General(a), &config) {
                if gap.status == Status::Converged {
                    let band = budget::<T>(l, 0.0, 0.0);
                    assert!(
                        gap.distance.as_f64() <= band,
                        "ray_cast: {x:?} by the fast path, {y:?} by the loop, the ray {:e} away; {gap:?}",
                        gap.distance.as_f64()
                    );
                }
            }
        }
        _ => {}
    }
}

/// The fast and the general answers of every query on one pair.
fn compare<T: TestReal, const D: usize>(
    a: &Primitive<T, D>,
    b: &Primitive<T, D>,
    l: f64,
    cutoff: f64,
) {
    let config = Config::<T, _>::default();
    let (ga, gb) = (General(a), General(b));
    let judged = sane::<T>(l);
    let tol = config.tolerance.as_f64();

    let fast = intersects(a, b, &config);
    let general = intersects(&ga, &gb, &config);
    assert!(
        fast.is_ok() || general.is_err(),
        "intersects: the fast path failed with {fast:?}, the general path answered {general:?}"
    );
    if let (Ok(x), Ok(y), true) = (fast, general, judged) {
        if x != y {
            let from_contact = signed_gap(a, b).map(|(g, _)| g.abs());
            if let Some(g) = from_contact {
                // GJK's boolean counts cores within its relative tolerance of
                // the margins' reach as touching: the band includes the
                // tolerance of the cores' distance, margins and all.
                let margins = a.margin().as_f64() + b.margin().as_f64();
                let band = budget::<T>(l, margins + g, tol);
                assert!(
                    g <= band,
                    "intersects: {x} by the fast path, {y} by GJK, {g:e} from contact (band {band:e})"
                );
            }
        }
    }

    let fast = distance(a, b, &config);
    let general = distance(&ga, &gb, &config);
    assert!(
        fast.is_ok() || general.is_err(),
        "distance: the fast path failed with {fast:?}, the general path answered {general:?}"
    );
    if let (Ok(x), Ok(y)) = (&fast, &general) {
        let both = x.status == Status::Converged && y.status == Status::Converged;
        if judged && both {
            let (dx, dy) = (x.distance.as_f64(), y.distance.as_f64());
            let room = budget::<T>(l, dx.max(dy), tol);
            assert!(
                (dx - dy).abs() <= room,
                "distance: {dx:e} by the fast path, {dy:e} by GJK (budget {room:e}); {x:?} {y:?}"
            );
            assert!(
                x.lower.as_f64() <= dy + room && y.lower.as_f64() <= dx + room,
                "distance: brackets [{:e}, {dx:e}] and [{:e}, {dy:e}] disagree",
                x.lower.as_f64(),
                y.lower.as_f64()
            );
        }
    }

    let cut = T::of_f64(cutoff);
    if !cut.is_finite() {
        return;
    }
    let fast = closest_points(a, b, cut, &config);
    let general = closest_points(&ga, &gb, cut, &config);
    assert!(
        fast.is_ok() || general.is_err(),
        "closest_points: the fast path failed with {fast:?}, the general path answered {general:?}"
    );
    if let (Ok(x), Ok(y), Ok(d)) = (&fast, &general, &distance(&ga, &gb, &config)) {
        // `None` is a proof that the distance exceeds the cutoff; `Some`
        // beyond it is an answer the loop had at hand.
        if judged && d.status == Status::Converged && (x.is_none() || y.is_none()) {
            let room = budget::<T>(l, d.distance.as_f64(), tol);
            assert!(
                d.distance.as_f64() >= cutoff - room,
                "closest_points: None (fast path: {}) at distance {:e}, cutoff {cutoff:e}",
                x.is_none(),
                d.distance.as_f64()
            );
        }
    }
}
