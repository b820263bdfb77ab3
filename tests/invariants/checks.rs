//! Invariants of the pair queries: `distance`, `closest_points`,
//! `intersects`, `penetration` and `contact` on two (rounded) convex hulls.
//!
//! The reference for every check is computed in `f64` from the exact input
//! values, by brute force over the points (support values `max pᵢ·u + r‖u‖`),
//! sharing no code with the crate.

use gjk::{
    closest_points, contact, distance, hull::Scanned, intersects, penetration, Config, Distance,
    Error, Rounded, ShapeError, Status, SupportMap, Vector,
};

use super::input::{small_of_exp, unit_of, vec_of, Num, PairInput, Placement, MAX_HULL_POINTS};
use super::{budget, sane, Query, TestReal};

/// A point in `f64`.
pub type P<const D: usize> = Vector<f64, D>;

/// The exact `f64` value of a point of precision `T`.
pub fn to64<T: TestReal, const D: usize>(p: &Vector<T, D>) -> P<D> {
    p.map(|x| x.as_f64())
}

/// A point rounded to precision `T`.
pub fn to_t<T: TestReal, const D: usize>(p: &P<D>) -> Vector<T, D> {
    p.map(T::of_f64)
}

/// The largest absolute coordinate of some points.
pub fn max_coord<const D: usize>(points: &[P<D>]) -> f64 {
    points
        .iter()
        .flat_map(|p| p.iter())
        .fold(0.0, |m, x| m.max(x.abs()))
}

/// A shape as the reference sees it: its points and radius, in `f64`.
#[derive(Clone, Debug)]
pub struct Body<const D: usize> {
    /// The hull's points.
    pub points: Vec<P<D>>,
    /// The rounding radius.
    pub radius: f64,
}

impl<const D: usize> Body<D> {
    /// `max_{x ∈ S} x·u` (for a unit `u`).
    pub fn high(&self, u: &P<D>) -> f64 {
        let core = self
            .points
            .iter()
            .map(|p| p.dot(u))
            .fold(f64::NEG_INFINITY, f64::max);
        core + self.radius * u.norm()
    }

    /// `min_{x ∈ S} x·u` (for a unit `u`).
    pub fn low(&self, u: &P<D>) -> f64 {
        -self.high(&-u)
    }
}

/// Unit probe directions: the axes, both ways.
pub fn axis_probes<const D: usize>() -> Vec<P<D>> {
    (0..2 * D)
        .map(|k| {
            let mut u = P::<D>::zeros();
            u[k / 2] = if k % 2 == 0 { 1.0 } else { -1.0 };
            u
        })
        .collect()
}

/// Unit normals of the hyperplanes through every `D` of `points`, both
/// ways (`D = 2, 3`; none otherwise): a point outside the hull of `points`
/// is beyond the plane of one of its facets, and every facet's plane runs
/// through `D` of the points, so probing a witness along these (with
/// [`Body::high`]) tests that it lies in the shape, not just between its
/// support planes along the axes. Any unit direction gives a valid test,
/// so a normal that rounding tilts (points nearly dependent) only weakens
/// it, never makes it fail a point that is inside. The differences are
/// scaled by the cloud's size first, so that none overflows.
pub fn facet_probes<const D: usize>(points: &[P<D>]) -> Vec<P<D>> {
    let size = max_coord(points);
    let mut out = Vec::new();
    if !(size > 0.0 && size.is_finite()) {
        return out;
    }
    let q: Vec<P<D>> = points.iter().map(|p| p / size).collect();
    let mut push = |n: P<D>| {
        let l = n.norm();
        if l > 0.0 && l.is_finite() {
            out.push(n / l);
            out.push(-n / l);
        }
    };
    let n = q.len();
    for i in 0..n {
        for j in i + 1..n {
            let e = q[j] - q[i];
            if D == 2 {
                push(P::<D>::from_fn(|k, _| if k == 0 { -e[1] } else { e[0] }));
                continue;
            }
            if D != 3 {
                continue;
            }
            for r in &q[j + 1..] {
                let f = r - q[i];
                push(P::<D>::from_fn(|k, _| {
                    let (a, b) = ((k + 1) % 3, (k + 2) % 3);
                    e[a] * f[b] - e[b] * f[a]
                }));
            }
        }
    }
    out
}

/// Two shapes ready for queries, with their reference description.
pub struct Pair<T: TestReal, const D: usize> {
    /// Points of A and B at precision `T`.
    pub at: Vec<Vector<T, D>>,
    /// Points of B.
    pub bt: Vec<Vector<T, D>>,
    /// Reference of A.
    pub a: Body<D>,
    /// Reference of B.
    pub b: Body<D>,
    /// Radii at precision `T`.
    pub ra: T,
    /// Radius of B.
    pub rb: T,
    /// Query settings.
    pub config: Config<T, D>,
    /// Whether the settings are valid.
    pub config_ok: bool,
    /// Coordinate scale `L`.
    pub scale: f64,
}

/// Checks a radius against `Rounded::new`; `Some(r)` when it is accepted.
fn radius<T: TestReal, const D: usize>(
    hull: Scanned<&[Vector<T, D>], T, D>,
    r: Option<Num>,
) -> Option<T> {
    let r = T::of_f64(r.map_or(0.0, Num::value));
    let got = Rounded::new(hull, r).map(|s| s.radius());
    let expect = if !r.is_finite() {
        Err(ShapeError::NonFinite)
    } else if r < T::zero() {
        Err(ShapeError::Negative)
    } else {
        Ok(r)
    };
    assert_eq!(got, expect, "Rounded::new({r:?})");
    got.ok()
}

/// Checks `Scanned::new`: `Some` when the points are accepted.
pub fn hull_ok<T: TestReal, const D: usize>(points: &[Vector<T, D>]) -> bool {
    let got = Scanned::new(points).map(|_| ());
    let expect = if points.is_empty() {
        Err(ShapeError::Empty)
    } else if points.iter().any(|p| p.iter().any(|x| !x.is_finite())) {
        Err(ShapeError::NonFinite)
    } else {
        Ok(())
    };
    assert_eq!(got, expect, "Scanned::new on {points:?}");
    got.is_ok()
}

/// The settings of an input, and whether they are valid.
pub fn config_of<T: TestReal, const D: usize>(
    spec: &super::input::ConfigSpec,
) -> (Config<T, D>, bool) {
    let mut config = Config::<T, D>::default();
    if let Some(k) = spec.max_iterations {
        config.max_iterations = u32::from(k);
    }
    if let Some(t) = spec.tolerance {
        config.tolerance = T::of_f64(t.value());
    }
    if let Some(d) = spec.initial {
        config.first_direction = Some(to_t(&P::<D>::from(vec_of::<D>(&d.map(Num::value)))));
    }
    let ok = config.tolerance.is_finite() && config.tolerance >= T::zero();
    (config, ok)
}

/// Decodes a pair input; `None` (after checking the constructors' errors)
/// when a shape is rejected.
pub fn build_pair<T: TestReal, const D: usize>(input: &PairInput) -> Option<Pair<T, D>> {
    let round = |pts: Vec<[f64; D]>| -> Vec<Vector<T, D>> {
        pts.into_iter().map(|p| to_t(&P::<D>::from(p))).collect()
    };
    let at = round(input.a.points::<D>(MAX_HULL_POINTS));
    let a64: Vec<P<D>> = at.iter().map(to64).collect();
    let mut b64: Vec<P<D>> = input
        .b
        .points::<D>(MAX_HULL_POINTS)
        .into_iter()
        .map(P::<D>::from)
        .collect();
    let ra_hint = input.margin_a.map_or(0.0, Num::value);
    let rb_hint = input.margin_b.map_or(0.0, Num::value);
    let shift = match &input.place {
        Placement::AsIs => P::<D>::zeros(),
        Placement::Shift(t) => P::<D>::from(vec_of::<D>(&t.map(Num::value))),
        Placement::Touch { dir, gap, gap_exp } => {
            let u = P::<D>::from(unit_of::<D>(dir, 0));
            let a_body = Body {
                points: a64.clone(),
                radius: ra_hint,
            };
            let b_body = Body {
                points: b64.clone(),
                radius: rb_hint,
            };
            let l = max_coord(&a64).max(max_coord(&b64));
            let g = f64::from(*gap) / 127.0 * small_of_exp(*gap_exp) * l;
            u * (a_body.high(&u) - b_body.low(&u) + g)
        }
    };
    for p in &mut b64 {
        *p += shift;
    }
    let bt: Vec<Vector<T, D>> = b64.iter().map(to_t).collect();
    if !hull_ok(&at) || !hull_ok(&bt) {
        return None;
    }
    let ra = radius(Scanned::new(&at[..]).ok()?, input.margin_a)?;
    let rb = radius(Scanned::new(&bt[..]).ok()?, input.margin_b)?;
    let a = Body {
        points: a64,
        radius: ra.as_f64(),
    };
    let b = Body {
        points: bt.iter().map(to64).collect(),
        radius: rb.as_f64(),
    };
    let scale = max_coord(&a.points).max(max_coord(&b.points)) + a.radius + b.radius;
    let (config, config_ok) = config_of::<T, D>(&input.config);
    Some(Pair {
        at,
        bt,
        a,
        b,
        ra,
        rb,
        config,
        config_ok,
        scale,
    })
}

/// Prints the pair when `GJK_FUZZ_DUMP` is set (under the fuzzer), to
/// decode a finding.
pub fn dump<T: TestReal, const D: usize>(pair: &Pair<T, D>) {
    #[cfg(fuzzing)]
    if std::env::var_os("GJK_FUZZ_DUMP").is_some() {
        eprintln!(
            "{} D={D}\nA = {:?}\nB = {:?}\nradii {:?} {:?}\nconfig {:?}",
            T::NAME,
            pair.at,
            pair.bt,
            pair.ra,
            pair.rb,
            pair.config
        );
    }
    #[cfg(not(fuzzing))]
    let _ = pair;
}

/// Runs the checks of one pair query.
pub fn pair_case<T: TestReal, const D: usize>(input: &PairInput, query: Query) {
    let Some(pair) = build_pair::<T, D>(input) else {
        return;
    };
    dump(&pair);
    let ha = Scanned::new(&pair.at).expect("checked");
    let hb = Scanned::new(&pair.bt).expect("checked");
    let sa = Rounded::new(ha, pair.ra).expect("checked");
    let sb = Rounded::new(hb, pair.rb).expect("checked");
    let Some(d) = check_distance(&pair, &sa, &sb, &pair.a, &pair.b) else {
        return;
    };
    match query {
        Query::Distance => {
            check_swap(&pair, &sa, &sb, &d);
            check_closest_points(&pair, &sa, &sb, &d);
            check_scaled(&pair, &d);
        }
        Query::Intersects => check_intersects(&pair, &sa, &sb, &d),
        Query::Penetration => check_penetration(&pair, &sa, &sb, &d),
        Query::Cast => super::casts::check_casts(&pair, &sa, &sb),
        Query::Manifold => {} // `run_pair` sends it to `manifold_case`
    }
}

/// The query's view of an error when the input is finite: only invalid
/// settings, or overflow (`NonFinite` support points, `Overflow` squared
/// lengths) outside the sane range, may fail.
pub fn expect_error<T: TestReal, const D: usize>(pair: &Pair<T, D>, what: &str, e: Error) {
    if !pair.config_ok {
        // Either fault may be reported first when both are present.
        let overflow = matches!(e, Error::Overflow | Error::Subnormal) && !sane::<T>(pair.scale);
        assert!(
            e == Error::InvalidConfig || overflow,
            "{what}: invalid settings, but {e:?}"
        );
        return;
    }
    assert!(
        matches!(e, Error::NonFinite | Error::Overflow | Error::Subnormal)
            && !sane::<T>(pair.scale),
        "{what} failed with {e:?} on finite input of scale {:e} ({})",
        pair.scale,
        T::NAME
    );
}

/// `distance(a, b)` and its invariants; the answer when there is one.
pub fn check_distance<T: TestReal, const D: usize>(
    pair: &Pair<T, D>,
    sa: &impl SupportMap<T, D>,
    sb: &impl SupportMap<T, D>,
    a: &Body<D>,
    b: &Body<D>,
) -> Option<Distance<T, D>> {
    let d = match distance(sa, sb, &pair.config) {
        Ok(d) => d,
        Err(e) => {
            expect_error(pair, "distance", e);
            return None;
        }
    };
    assert!(pair.config_ok, "distance accepted invalid settings");
    check_distance_answer(pair, a, b, &d);
    Some(d)
}

/// The rules every distance answer obeys.
pub fn check_distance_answer<T: TestReal, const D: usize>(
    pair: &Pair<T, D>,
    a: &Body<D>,
    b: &Body<D>,
    d: &Distance<T, D>,
) {
    let dist = d.distance.as_f64();
    let lower = d.lower.as_f64();
    let cap = pair.config.max_iterations;
    assert!(
        d.iterations <= cap,
        "distance: {} iterations over the cap {cap}",
        d.iterations
    );
    assert!(
        dist >= 0.0 && dist.is_finite(),
        "distance {dist:e} on finite input ({d:?})"
    );
    assert!(
        lower >= 0.0 && lower <= dist && lower.is_finite(),
        "lower bound {lower:e} vs distance {dist:e}"
    );
    if !sane::<T>(pair.scale) {
        return;
    }
    let tolerance = pair.config.tolerance.as_f64();
    // The relative tolerance applies to the cores' distance, radii included.
    let radii = pair.a.radius + pair.b.radius;
    let tol = budget::<T>(pair.scale, dist + radii, tolerance);
    let (pa, pb) = (to64(&d.point_a), to64(&d.point_b));
    assert!(
        pa.iter().chain(pb.iter()).all(|x| x.is_finite()),
        "non-finite witnesses {pa:?} {pb:?}"
    );
    let mut probes = axis_probes::<D>();
    if let Some(n) = d.normal {
        let n = to64(&n);
        if n.norm() > 0.0 {
            probes.push(n / n.norm());
        }
    }
    // Witnesses lie in their shapes, whatever the status: below every
    // facet's plane of their own shape.
    for u in facet_probes(&a.points) {
        let out = pa.dot(&u) - a.high(&u);
        assert!(
            out <= tol,
            "point_a outside A by {out:e} along {u:?} (budget {tol:e}); {d:?}"
        );
    }
    for u in facet_probes(&b.points) {
        let out = pb.dot(&u) - b.high(&u);
        assert!(
            out <= tol,
            "point_b outside B by {out:e} along {u:?} (budget {tol:e}); {d:?}"
        );
    }
    for u in &probes {
        let (ha, lb) = (a.high(u), b.low(u));
        assert!(
            pa.dot(u) <= ha + tol && pb.dot(u) >= lb - tol,
            "witness outside its shape along {u:?}: point_a·u = {:e} > {ha:e} or point_b·u = {:e} < {lb:e} (budget {tol:e})",
            pa.dot(u),
            pb.dot(u)
        );
        // The reported distance is an upper bound, so it beats every
        // separating gap.
        assert!(
            dist >= lb - ha - tol,
            "distance {dist:e} below the gap {:e} along {u:?} (budget {tol:e})",
            lb - ha
        );
    }
    if d.status != Status::Converged {
        return;
    }
    match d.normal {
        None => {
            assert!(
                dist == 0.0,
                "converged without normal but distance {dist:e}"
            );
            let sep = (pb - pa).norm();
            assert!(
                sep <= tol,
                "overlap: witnesses {sep:e} apart (budget {tol:e})"
            );
        }
        Some(n) => {
            let n = to64(&n);
            let margins = a.radius + b.radius;
            let core = (pb - pa).dot(&n) / n.norm().max(f64::MIN_POSITIVE) + margins;
            // The relative tolerance applies to the cores' distance, which
            // exceeds the (clamped) distance when the margins overlap.
            let tol = budget::<T>(pair.scale, core, tolerance);
            let angle = (tol / core.max(f64::MIN_POSITIVE)).min(2.0);
            assert!(
                (n.norm() - 1.0).abs() <= 2.0 * angle + 1e3 * T::eps(),
                "normal of length {:e}",
                n.norm()
            );
            let n = n / n.norm();
            let plane = tol + 2.0 * pair.scale * angle;
            let (ha, lb) = (a.high(&n), b.low(&n));
            assert!(
                (pa.dot(&n) - ha).abs() <= plane && (pb.dot(&n) - lb).abs() <= plane,
                "witnesses off the support planes: point_a·n = {:e} vs {ha:e}, point_b·n = {:e} vs {lb:e} (budget {plane:e}); {d:?}; A {:?}; B {:?}",
                pa.dot(&n),
                pb.dot(&n),
                pair.a,
                pair.b
            );
            // With only the margins overlapping the gap is negative and the
            // distance zero; otherwise the gap along the normal certifies it.
            assert!(
                dist == 0.0 || lb - ha >= dist - plane,
                "converged distance {dist:e} not certified by the gap {:e} along the normal (budget {plane:e})",
                lb - ha
            );
            assert!(
                dist - lower <= plane,
                "converged but bounds {lower:e} .. {dist:e} apart (budget {plane:e})"
            );
            if dist > 0.0 {
                let sep = (pb - pa).norm();
                assert!(
                    (sep - dist).abs() <= tol,
                    "witnesses {sep:e} apart for distance {dist:e} (budget {tol:e})"
                );
            }
        }
    }
}

/// Swapping the shapes mirrors the answer.
pub fn check_swap<T: TestReal, const D: usize>(
    pair: &Pair<T, D>,
    sa: &impl SupportMap<T, D>,
    sb: &impl SupportMap<T, D>,
    d: &Distance<T, D>,
) {
    let Some(e) = check_distance(pair, sb, sa, &pair.b, &pair.a) else {
        // `check_distance` only lets an error through outside the sane
        // range, where overflow may strike in one order and not the other.
        assert!(
            !sane::<T>(pair.scale),
            "distance(B, A) failed where distance(A, B) succeeded"
        );
        return;
    };
    if !sane::<T>(pair.scale) || d.status != Status::Converged || e.status != Status::Converged {
        return;
    }
    let (x, y) = (d.distance.as_f64(), e.distance.as_f64());
    let radii = pair.a.radius + pair.b.radius;
    let tol = budget::<T>(pair.scale, x.max(y) + radii, pair.config.tolerance.as_f64());
    assert!(
        (x - y).abs() <= 2.0 * tol,
        "d(A, B) = {x:e} but d(B, A) = {y:e} (budget {tol:e}); {d:?}; {e:?}; {:?}; A {:?}; B {:?}",
        pair.config,
        pair.a,
        pair.b
    );
    if let (Some(n), Some(m)) = (d.normal, e.normal) {
        // The cores' distance (not the shapes', which is clamped at zero
        // when only the margins overlap): `point_b − point_a` along the
        // normal, plus the radii the witnesses were pushed out by.
        let gap = (to64(&d.point_b) - to64(&d.point_a)).dot(&to64(&n));
        let core = gap + pair.a.radius + pair.b.radius;
        // Rounding moves the normal by about `budget / core`. GJK stops once
        // the squared distance can no longer drop by more than `τ·d²` (the
        // relative tolerance) or the rounding floor `8ε·L²`; the distance
        // changes only to second order in the angle, so either slack lets
        // the normal turn by up to its square root, `√(2τ)` and
        // `√(16ε)·L / d`: near ties (two witnesses at equal distance up to
        // rounding) GJK may answer with either.
        let tolerance = pair.config.tolerance.as_f64();
        let core = core.max(f64::MIN_POSITIVE);
        let rounding = budget::<T>(pair.scale, 0.0, 0.0) / core;
        let floor = (16.0 * T::eps()).sqrt() * pair.scale / core;
        let angle = (rounding + (2.0 * tolerance).sqrt() + floor).min(2.0);
        let off = (to64(&n) + to64(&m)).norm();
        assert!(
            off <= 4.0 * angle + 1e3 * T::eps(),
            "swapped normals not opposite: {n:?} vs {m:?} (d(A, B): {d:?}; d(B, A): {e:?})"
        );
    }
}

/// `closest_points` agrees with `distance`.
pub fn check_closest_points<T: TestReal, const D: usize>(
    pair: &Pair<T, D>,
    sa: &impl SupportMap<T, D>,
    sb: &impl SupportMap<T, D>,
    d: &Distance<T, D>,
) {
    if !sane::<T>(pair.scale) {
        return;
    }
    let dist = d.distance.as_f64();
    let radii = pair.a.radius + pair.b.radius;
    let tol = budget::<T>(pair.scale, dist + radii, pair.config.tolerance.as_f64());
    let max_dist = T::of_f64(1.5 * dist + 2.0 * tol);
    match closest_points(sa, sb, max_dist, &pair.config) {
        Ok(None) => panic!("closest_points: None within {max_dist:?} but distance {dist:e}"),
        Ok(Some(c)) => {
            check_distance_answer(pair, &pair.a, &pair.b, &c);
            if c.status == Status::Converged && d.status == Status::Converged {
                assert!(
                    (c.distance.as_f64() - dist).abs() <= 2.0 * tol,
                    "closest_points {:e} vs distance {dist:e}",
                    c.distance.as_f64()
                );
            }
        }
        Err(e) => panic!("closest_points failed with {e:?} where distance succeeded"),
    }
}

/// An upper bound on the penetration depth: the smallest overlap along the
/// probe directions.
fn depth_bound<const D: usize>(a: &Body<D>, b: &Body<D>, extra: &[P<D>]) -> f64 {
    axis_probes::<D>()
        .iter()
        .chain(extra)
        .map(|u| a.high(u) - b.low(u))
        .fold(f64::INFINITY, f64::min)
}

/// `intersects` agrees with `distance` outside the touching band.
pub fn check_intersects<T: TestReal, const D: usize>(
    pair: &Pair<T, D>,
    sa: &impl SupportMap<T, D>,
    sb: &impl SupportMap<T, D>,
    d: &Distance<T, D>,
) {
    let hit = match intersects(sa, sb, &pair.config) {
        Ok(hit) => hit,
        Err(Error::IterationLimit) => {
            assert!(
                d.status != Status::Converged,
                "intersects hit the iteration cap where distance converged ({d:?})"
            );
            return;
        }
        Err(e) => panic!("intersects failed with {e:?} where distance succeeded"),
    };
    // One rule decides every boolean: `false` only when proven, and the
    // same answer from `penetration`, whose loop is the same up to exits.
    if !hit {
        assert!(
            may_be_apart(pair, d),
            "intersects = false but distance does not prove a gap ({d:?})"
        );
    }
    if let Ok(p) = penetration(sa, sb, &pair.config) {
        let core = d.distance.as_f64() + pair.a.radius + pair.b.radius;
        let band = budget::<T>(pair.scale, core, pair.config.tolerance.as_f64());
        assert!(
            hit == p.is_some() || d.distance.as_f64() <= band,
            "intersects = {hit} but penetration = {p:?} ({d:?})"
        );
    }
    if !sane::<T>(pair.scale) || d.status != Status::Converged {
        return;
    }
    let dist = d.distance.as_f64();
    // The relative tolerance applies to the cores' distance (the margins
    // are subtracted from it afterwards).
    let core = dist + pair.a.radius + pair.b.radius;
    let tol = budget::<T>(pair.scale, core, pair.config.tolerance.as_f64());
    if dist > tol {
        assert!(
            !hit,
            "intersects = true but distance {dist:e} (budget {tol:e}); {d:?}; A {:?}; B {:?}",
            pair.a, pair.b
        );
    }
    if !hit && dist == 0.0 {
        // `distance` says touching or overlapping, `intersects` found a
        // separating plane: both hold only within the touching band, so
        // EPA, where it converges, must find the depth inside that band.
        // (Overlap along fixed axes is no evidence: disjoint shapes can
        // overlap along every axis.)
        if let Ok(Some(p)) = penetration(sa, sb, &pair.config) {
            if p.status == Status::Converged {
                assert!(
                    p.depth.as_f64() <= tol,
                    "intersects = false but penetration depth {:e} (budget {tol:e})",
                    p.depth.as_f64()
                );
            }
        }
    }
}

/// Whether a boolean "apart" (`intersects = false`, `penetration = None`)
/// agrees with the distance answer: that answer proves a gap (a positive
/// lower bound, or a positive distance the loop converged on), or its
/// distance is inside the touching band, where either answer is right to
/// working precision. An undecided distance (stalled, capped) whose bracket
/// reaches zero from beyond the band never allows "apart".
pub fn may_be_apart<T: TestReal, const D: usize>(pair: &Pair<T, D>, d: &Distance<T, D>) -> bool {
    let converged = d.status == Status::Converged;
    let core = d.distance.as_f64() + pair.a.radius + pair.b.radius;
    let band = budget::<T>(pair.scale, core, pair.config.tolerance.as_f64());
    d.lower.as_f64() > 0.0
        || (converged && d.distance.as_f64() > 0.0)
        || d.distance.as_f64() <= band
        || !sane::<T>(pair.scale)
}

/// The pair scaled by `2^k` for the largest and the smallest `k` that keep
/// its coordinates finite (with room for their sums) and its smallest
/// non-zero coordinate at least `2^60` times the smallest normal number:
/// `distance` answers `2^k ×` the answer at scale 1, within the budget, with
/// the same decision (apart or touching) outside the touching band.
pub fn check_scaled<T: TestReal, const D: usize>(pair: &Pair<T, D>, d: &Distance<T, D>) {
    if !pair.config_ok || !sane::<T>(pair.scale) || pair.scale == 0.0 {
        return;
    }
    let coords = || {
        let points = pair
            .at
            .iter()
            .chain(&pair.bt)
            .flat_map(|p| p.iter().copied());
        points.chain([pair.ra, pair.rb]).map(|x| x.as_f64().abs())
    };
    let smallest = coords().filter(|&x| x > 0.0).fold(f64::INFINITY, f64::min);
    let up = (T::largest() / (8.0 * pair.scale)).log2().floor() as i32;
    let down = (T::smallest_normal() * 2f64.powi(60) / smallest)
        .log2()
        .ceil() as i32;
    // A pair whose coordinates span more than the exponent range allows
    // only scales between the two.
    // `2^k` itself must be finite and normal.
    let limit = T::largest().log2().floor() as i32 - 3;
    for k in [up, down.min(up)].map(|k| k.clamp(-limit, limit)) {
        let s = 2f64.powi(k);
        let grow = |p: &Vector<T, D>| p.map(|x| T::of_f64(x.as_f64() * s));
        let at: Vec<Vector<T, D>> = pair.at.iter().map(grow).collect();
        let bt: Vec<Vector<T, D>> = pair.bt.iter().map(grow).collect();
        let (ra, rb) = (
            T::of_f64(pair.ra.as_f64() * s),
            T::of_f64(pair.rb.as_f64() * s),
        );
        let ha = Scanned::new(&at).unwrap_or_else(|e| panic!("2^{k}: {e:?} {at:?}"));
        let hb = Scanned::new(&bt).unwrap_or_else(|e| panic!("2^{k}: {e:?} {bt:?}"));
        let sa = Rounded::new(ha, ra).expect("finite");
        let sb = Rounded::new(hb, rb).expect("finite");
        // A shape whose extent dwarfs its first support point and centre
        // may overflow the kernel's frame at the top of the range: an
        // error, never a wrong answer.
        let e = match distance(&sa, &sb, &pair.config) {
            Ok(e) => e,
            Err(Error::Overflow) => continue,
            Err(e) => panic!("distance at scale 2^{k} failed with {e:?} ({d:?})"),
        };
        if d.status != Status::Converged || e.status != Status::Converged {
            continue;
        }
        let radii = pair.a.radius + pair.b.radius;
        let scaled = e.distance.as_f64() / s;
        // Each answer is within the tolerance of the truth, relative to
        // itself: the larger sets the budget.
        let far = d.distance.as_f64().max(scaled) + radii;
        let tol = budget::<T>(pair.scale, far, pair.config.tolerance.as_f64());
        assert!(
            (scaled - d.distance.as_f64()).abs() <= 2.0 * tol,
            "distance {:e} at scale 1 but {scaled:e} (x 2^{k}) at scale 2^{k} (budget {tol:e}); {d:?}; {e:?}",
            d.distance.as_f64()
        );
    }
}

/// `penetration` and `contact` agree with `distance`, and the depth moves
/// the shapes apart.
pub fn check_penetration<T: TestReal, const D: usize>(
    pair: &Pair<T, D>,
    sa: &impl SupportMap<T, D>,
    sb: &impl SupportMap<T, D>,
    d: &Distance<T, D>,
) {
    let p = match penetration(sa, sb, &pair.config) {
        Ok(p) => p,
        Err(Error::IterationLimit) => {
            // Undecided: only when `distance`, on the same loop, ended at
            // the cap with its bracket straddling contact, or a gap within
            // the rounding allowance of the coordinates (`8 ε L`), which
            // proves nothing.
            let band = 8.0 * T::eps() * pair.scale;
            assert!(
                d.status == Status::IterationLimit && d.lower.as_f64() <= band,
                "penetration hit the iteration cap where distance decided ({d:?})"
            );
            return;
        }
        Err(e) => {
            expect_error(pair, "penetration", e);
            return;
        }
    };
    // `None` means proven apart: by the lower bound, or by a converged
    // distance beyond the touching band.
    if p.is_none() {
        assert!(
            may_be_apart(pair, d),
            "penetration = None but distance does not prove a gap ({d:?})"
        );
    }
    let sane = sane::<T>(pair.scale);
    let dist = d.distance.as_f64();
    let tolerance = pair.config.tolerance.as_f64();
    let radii = pair.a.radius + pair.b.radius;
    let tol = budget::<T>(pair.scale, dist + radii, tolerance);
    let Some(p) = p else {
        // Not overlapping while `distance` says 0: only in the touching band,
        // so the shapes may overlap by at most the budget along the normal
        // `distance` found (when the cores were apart and it has one).
        if let (true, Status::Converged, 0.0, Some(n)) = (sane, d.status, dist, d.normal) {
            let deep = depth_bound(&pair.a, &pair.b, &[to64(&n)]);
            assert!(
                deep <= tol,
                "penetration = None but distance 0 and overlap {deep:e} along the normal (budget {tol:e})"
            );
        }
        return;
    };
    // Never overlap beside a proven gap: `distance`'s certified lower bound
    // beyond the rounding allowance of the coordinates (`8 ε L`).
    let band = 8.0 * T::eps() * pair.scale;
    assert!(
        !(sane && d.lower.as_f64() > band),
        "penetration = Some beside a proven gap: {p:?}; {d:?}"
    );
    // The estimate within its certified bracket.
    assert!(
        p.lower <= p.depth && p.depth <= p.upper,
        "depth outside its bracket: {p:?}"
    );
    let cap = pair.config.max_iterations;
    assert!(
        p.iterations <= 2 * cap,
        "penetration: {} iterations over twice the cap {cap}",
        p.iterations
    );
    let depth = p.depth.as_f64();
    let n = to64(&p.normal);
    assert!(
        depth.is_finite() && depth >= 0.0 && p.upper.as_f64() >= depth,
        "depth {depth:e}, upper bound {:?}",
        p.upper
    );
    assert!(
        n.iter().all(|x| x.is_finite()) && (n.norm() - 1.0).abs() <= 1e3 * T::eps(),
        "penetration normal {n:?}"
    );
    if !sane || p.status != Status::Converged {
        return;
    }
    // The relative tolerance applies to what the loop converged on: EPA's
    // depth of the cores, or, for rounded shapes whose cores are apart, the
    // cores' distance (at most the sum of the radii), from which the depth
    // is `radii − distance`.
    // EPA stops once the support value along the facet's normal is within
    // the tolerance of the facet's distance: relative to the upper bound.
    let upper = p.upper.as_f64().min(depth + pair.scale);
    let tol = budget::<T>(pair.scale, upper.max(depth) + radii, tolerance);
    let (pa, pb) = (to64(&p.point_a), to64(&p.point_b));
    let (ha, lb) = (pair.a.high(&n), pair.b.low(&n));
    assert!(
        (ha - lb - depth).abs() <= tol,
        "depth {depth:e} but the overlap along the normal is {:e} (budget {tol:e}); {p:?}; {d:?}; {:?}; A {:?}; B {:?}",
        ha - lb,
        pair.config,
        pair.a,
        pair.b
    );
    let deep = depth_bound(&pair.a, &pair.b, &[]);
    assert!(
        depth <= deep + tol,
        "depth {depth:e} exceeds the overlap {deep:e} along an axis (budget {tol:e})"
    );
    assert!(
        (pa.dot(&n) - ha).abs() <= tol && (pb.dot(&n) - lb).abs() <= tol,
        "contact points off the support planes: point_a·n = {:e} vs {ha:e}, point_b·n = {:e} vs {lb:e} (budget {tol:e})",
        pa.dot(&n),
        pb.dot(&n)
    );
    assert!(
        (pa - pb - n * depth).norm() <= 2.0 * tol,
        "point_a - point_b = {:?}, not depth · normal",
        pa - pb
    );
    // Each point in its own shape: below every facet's plane.
    for (q, body, name) in [(pa, &pair.a, "point_a"), (pb, &pair.b, "point_b")] {
        for u in facet_probes(&body.points) {
            let out = q.dot(&u) - body.high(&u);
            assert!(
                out <= tol,
                "{name} outside its shape by {out:e} along {u:?} (budget {tol:e}); {p:?}"
            );
        }
    }
    if d.status == Status::Converged {
        assert!(
            dist <= tol,
            "penetration depth {depth:e} but distance {dist:e} (budget {tol:e})"
        );
    }
    check_contact(pair, sa, sb, depth, tol);
    check_separation(pair, sa, depth, &n);
}

/// `contact` reports minus the depth.
fn check_contact<T: TestReal, const D: usize>(
    pair: &Pair<T, D>,
    sa: &impl SupportMap<T, D>,
    sb: &impl SupportMap<T, D>,
    depth: f64,
    tol: f64,
) {
    match contact(sa, sb, T::zero(), &pair.config) {
        Ok(Some(c)) => {
            if c.status == Status::Converged {
                assert!(
                    (c.distance.as_f64() + depth).abs() <= 2.0 * tol,
                    "contact distance {:e} vs depth {depth:e} (budget {tol:e})",
                    c.distance.as_f64()
                );
                let (pa, pb) = (to64(&c.point_a), to64(&c.point_b));
                let off = (pb - pa - to64(&c.normal) * c.distance.as_f64()).norm();
                assert!(
                    off <= 2.0 * tol,
                    "contact points not distance · normal apart by {off:e}"
                );
            }
        }
        Ok(None) => assert!(
            depth <= tol,
            "contact = None but penetration depth {depth:e}"
        ),
        Err(e) => panic!("contact failed with {e:?} where penetration succeeded"),
    }
}

/// Translating B by `(depth + δ) · normal` leaves the shapes `δ` apart.
fn check_separation<T: TestReal, const D: usize>(
    pair: &Pair<T, D>,
    sa: &impl SupportMap<T, D>,
    depth: f64,
    n: &P<D>,
) {
    let tolerance = pair.config.tolerance.as_f64();
    let radii = pair.a.radius + pair.b.radius;
    let delta = 0.5 * depth + 1e3 * budget::<T>(pair.scale, depth + radii, tolerance);
    let moved: Vec<P<D>> = pair
        .b
        .points
        .iter()
        .map(|p| p + n * (depth + delta))
        .collect();
    let mt: Vec<Vector<T, D>> = moved.iter().map(to_t).collect();
    // Moved out of the precision's range (f32 overflows first): nothing to check.
    let Ok(hull) = Scanned::new(&mt) else {
        return;
    };
    let sb = Rounded::new(hull, pair.rb).expect("valid radius");
    let body = Body {
        points: mt.iter().map(to64).collect(),
        radius: pair.b.radius,
    };
    let scale = pair
        .scale
        .max(max_coord(&body.points) + pair.a.radius + body.radius);
    let moved_pair = Pair {
        at: pair.at.clone(),
        bt: mt.clone(),
        a: pair.a.clone(),
        b: body.clone(),
        ra: pair.ra,
        rb: pair.rb,
        config: pair.config,
        config_ok: pair.config_ok,
        scale,
    };
    let Some(e) = check_distance(&moved_pair, sa, &sb, &pair.a, &body) else {
        return;
    };
    if e.status != Status::Converged || !sane::<T>(scale) {
        return;
    }
    let got = e.distance.as_f64();
    let tol = 4.0 * budget::<T>(scale, depth + delta + radii, tolerance);
    assert!(
        (got - delta).abs() <= tol,
        "B moved by (depth {depth:e} + {delta:e}) along the normal: distance {got:e}, expected {delta:e} (budget {tol:e})"
    );
}
