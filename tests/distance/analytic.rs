//! Analytic cases with exact, hand-derived answers, in dimensions 2 to 6 and
//! for both `f32` and `f64`.
//!
//! Every case is written once, generically over the scalar `T` and the
//! dimension `D`, and instantiated by `for_each_precision_and_dimension!`.
//! Expected values come from geometry (clamping to a box, projecting onto a
//! face), never from the library itself.

use crate::support::assert_ordered;
use crate::support::scene;
use gjk::{
    closest_points, distance, hull::Scanned, intersects, Ball, Capsule, Config, Cuboid, Distance,
    MinkowskiSum, Point, Real, Rounded, Segment, Status, SupportMap, Transformed, Vector,
};
use scene::{axis, lit, near, ones, ulps};

// Accuracy budgets, in units of `T::EPSILON` and relative to the coordinate
// scale of the scene (every scene below has coordinates of order 1-10, so the
// scale is taken as the largest coordinate magnitude involved).

/// Ball–ball and ball–point: one iteration, one norm and one subtraction
/// (1 ulp held; 2 leaves room for normalising the normal).
const BALL_ULPS: f64 = 2.0;
/// Polytope cases (boxes, hulls, segments, capsules, sums, rotations): a few
/// Johnson solves on a small Gram matrix (2 ulps is too tight for f32
/// box–box in D = 5, 6; 4 holds everywhere).
const POLYTOPE_ULPS: f64 = 4.0;
/// Touching and overlapping cases: the distance must be zero, or within this
/// budget of zero: the library's documented touching floor,
/// `Real::ROUNDING_FLOOR` = 32 ulps of scale (every case here gives exactly 0).
const CONTACT_ULPS: f64 = 32.0;

#[track_caller]
fn near_vec<T: Real, const D: usize>(
    actual: &Vector<T, D>,
    expected: &Vector<T, D>,
    tol: T,
    what: &str,
) {
    assert!(
        (actual - expected).amax() <= tol,
        "{what} (D = {D}): got {actual:?}, expected {expected:?} (budget {tol:?}) [T = {}]",
        core::any::type_name::<T>()
    );
}

/// Euclidean distance from `p` to the box `|x_i - c_i| <= h_i`, by clamping.
fn dist_to_box<T: Real, const D: usize>(p: &Vector<T, D>, c: &Vector<T, D>, h: &Vector<T, D>) -> T {
    let mut s = T::zero();
    for i in 0..D {
        let excess = ((p[i] - c[i]).abs() - h[i]).max(T::zero());
        s += excess * excess;
    }
    s.sqrt()
}

#[track_caller]
fn in_box<T: Real, const D: usize>(
    p: &Vector<T, D>,
    c: &Vector<T, D>,
    h: &Vector<T, D>,
    tol: T,
    what: &str,
) {
    for i in 0..D {
        assert!(
            (p[i] - c[i]).abs() <= h[i] + tol,
            "{what} (D = {D}): coordinate {i} of {p:?} outside box centre {c:?} half-extents {h:?}"
        );
    }
}

/// The checks every separated case shares: the distance, its bounds, the
/// witnesses' separation, the normal, `intersects` and the early exit of
/// `closest_points`. Returns the answer for case-specific witness checks.
#[track_caller]
fn separated<T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    expected: T,
    expected_normal: Option<Vector<T, D>>,
    tol: T,
) -> Distance<T, D> {
    let config = Config::default();
    let d = distance(a, b, &config).expect("distance query failed");
    assert_eq!(d.status, Status::Converged, "status (D = {D}): {d:?}");
    near(d.distance, expected, tol, "distance");
    // Ordering within rounding here; exact ordering has its own test below.
    assert!(
        d.lower <= d.distance + tol,
        "lower bound above distance: {d:?}"
    );
    // The stopping test lets the bounds differ by the relative tolerance
    // plus the rounding floor of the coordinates involved, amplified by
    // `scale / distance` where rounding limits the search direction (the
    // documented bound on `Distance::lower`); and the bound is
    // certified net of the rounding of its dot product, at most twice the
    // floor of the support points' coordinates (`reach`).
    let scale = d.point_a.amax().max(d.point_b.amax());
    let reach = (0..D)
        .flat_map(|i| [axis::<T, D>(i), -axis::<T, D>(i)])
        .fold(T::zero(), |m, u| {
            m.max(a.support(&u).amax()).max(b.support(&u).amax())
        });
    near(
        d.lower,
        expected,
        tol + expected * T::GJK_TOLERANCE
            + T::ROUNDING_FLOOR * scale * (scale / expected).max(T::one())
            + T::ROUNDING_FLOOR * reach * T::lit(2.0),
        "lower bound",
    );
    near(
        (d.point_b - d.point_a).norm(),
        expected,
        tol,
        "witness separation",
    );
    let n = d.normal.expect("separated shapes must have a normal");
    near(n.norm(), T::one(), ulps(BALL_ULPS, 1.0), "normal length");
    near_vec(
        &(n * expected),
        &(d.point_b - d.point_a),
        tol,
        "normal points from A to B",
    );
    // A unit normal is the witness difference over the distance: its error
    // is the witnesses' error divided by the distance.
    let tol_normal = tol * lit::<T>(2.0) / expected.min(T::one());
    if let Some(m) = expected_normal {
        near_vec(&n, &m, tol_normal, "normal direction");
    }
    assert!(
        !intersects(a, b, &config).unwrap(),
        "separated shapes reported as intersecting (D = {D})"
    );
    assert!(intersects(b, a, &config).is_ok_and(|x| !x));

    let half = expected * lit::<T>(0.5);
    assert!(
        closest_points(a, b, half, &config).unwrap().is_none(),
        "closest_points must exit early beyond max_dist (D = {D})"
    );
    let within = closest_points(a, b, expected * lit::<T>(2.0), &config)
        .unwrap()
        .expect("closest_points within max_dist must answer");
    near(within.distance, expected, tol, "closest_points distance");

    // Swapping the shapes gives the same distance and the opposite normal.
    let r = distance(b, a, &config).unwrap();
    near(r.distance, expected, tol, "swapped distance");
    near_vec(
        &r.normal.expect("swapped normal"),
        &-n,
        tol_normal,
        "swapped normal",
    );
    d
}

/// The checks for touching or overlapping shapes.
#[track_caller]
fn in_contact<T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    tol: T,
) -> Distance<T, D> {
    let config = Config::default();
    let d = distance(a, b, &config).expect("distance query failed");
    assert_ne!(d.status, Status::IterationLimit, "{d:?}");
    assert!(
        d.distance >= T::zero() && d.distance <= tol,
        "contact distance (D = {D}): {d:?}"
    );
    assert_ordered(&d, "distance");
    assert!(
        intersects(a, b, &config).unwrap(),
        "contact not reported as intersecting (D = {D}): {d:?}"
    );
    assert!(intersects(b, a, &config).unwrap());
    let c = closest_points(a, b, T::zero(), &config).unwrap();
    assert!(
        c.is_some_and(|c| c.distance <= tol),
        "closest_points at max_dist 0 (D = {D})"
    );
    d
}

// ---------------------------------------------------------------- balls

fn ball_ball_case<T: Real, const D: usize>() {
    // Centres 5 apart along (3, 4, 0, ...), radii 1 and 1.5: distance 2.5,
    // every intermediate exactly representable.
    let o = Vector::<T, D>::repeat(lit(0.5));
    let mut step = Vector::<T, D>::zeros();
    step[0] = lit(3.0);
    step[1] = lit(4.0);
    let a = Ball::new(o, T::one()).unwrap();
    let b = Ball::new(o + step, lit(1.5)).unwrap();
    let n = step / lit::<T>(5.0);
    let tol = ulps(BALL_ULPS, 5.0);
    let d = separated(&a, &b, lit(2.5), Some(n), tol);
    assert_eq!(
        d.iterations, 0,
        "ball-ball is answered in closed form, with no GJK iteration"
    );
    assert_eq!(
        d.distance,
        lit(2.5),
        "ball-ball distance must be exact here"
    );
    near_vec(&d.point_a, &(o + n), tol, "point on A");
    near_vec(
        &d.point_b,
        &(o + step - n * lit::<T>(1.5)),
        tol,
        "point on B",
    );
    near((d.point_a - o).norm(), T::one(), tol, "point_a at radius");
    near(
        (d.point_b - o - step).norm(),
        lit(1.5),
        tol,
        "point_b at radius",
    );

    // A generic direction (1, 2, ..., D): the distance is one rounded norm.
    let dir = Vector::<T, D>::from_fn(|i, _| lit((i + 1) as f64));
    let len = ((D * (D + 1) * (2 * D + 1)) as f64 / 6.0).sqrt();
    let b = Ball::new(o + dir, lit(0.25)).unwrap();
    let d = separated(&a, &b, lit(len - 1.25), None, ulps(BALL_ULPS, len));
    assert_eq!(d.iterations, 0);

    // Exactly touching: 5 = 2 + 3.
    let b = Ball::new(o + step, lit(4.0)).unwrap();
    let d = in_contact(&a, &b, T::zero());
    assert_eq!(d.distance, T::zero());
    // Concentric: the cores coincide, so no normal is defined.
    let b = Ball::new(o, lit(0.1)).unwrap();
    let d = in_contact(&a, &b, T::zero());
    assert!(d.normal.is_none(), "concentric balls have no normal: {d:?}");
}

fn ball_point_case<T: Real, const D: usize>() {
    let c = Vector::<T, D>::from_fn(|i, _| lit(i as f64 * 0.25 - 0.5));
    let ball = Ball::new(c, lit(0.5)).unwrap();
    let p = c + ones::<T, D>() * lit::<T>(2.0);
    let point = Point::new(p).unwrap();
    let len = 2.0 * (D as f64).sqrt();
    let tol = ulps(BALL_ULPS, len + 2.0);
    let n = ones::<T, D>() / lit::<T>((D as f64).sqrt());
    let d = separated(&ball, &point, lit(len - 0.5), Some(n), tol);
    assert_eq!(d.iterations, 0);
    near_vec(&d.point_b, &p, T::zero(), "the point is its own witness");
    near((d.point_a - c).norm(), lit(0.5), tol, "point_a at radius");

    // A point inside the ball.
    let inside = Point::new(c + axis::<T, D>(D - 1) * lit::<T>(0.3)).unwrap();
    in_contact(&ball, &inside, T::zero());
}

#[test]
fn ball_ball() {
    for_each_precision_and_dimension!(ball_ball_case; 2, 3, 4, 5, 6);
}

#[test]
fn ball_point() {
    for_each_precision_and_dimension!(ball_point_case; 2, 3, 4, 5, 6);
}

// ---------------------------------------------------------------- boxes

/// Box A: half-extents 1 at the origin. Box B: half-extents 0.5, shifted by
/// 1.5 + gap along the first `k` axes and by 0.2 along the others, so the
/// closest features are a (D - k)-face of each box and the distance is
/// gap·sqrt(k).
fn box_pair<T: Real, const D: usize>(
    k: usize,
    gap: f64,
) -> (Cuboid<T, D>, Transformed<Cuboid<T, D>, T, D>, Vector<T, D>) {
    let a = Cuboid::new(ones::<T, D>()).unwrap();
    let t = Vector::<T, D>::from_fn(|i, _| lit(if i < k { 1.5 + gap } else { 0.2 }));
    let b =
        Transformed::translated(Cuboid::new(ones::<T, D>() * lit::<T>(0.5)).unwrap(), t).unwrap();
    (a, b, t)
}

fn box_box_case<T: Real, const D: usize>() {
    let gap = 0.25;
    let tol = ulps(POLYTOPE_ULPS, 2.0);
    for k in 1..=D {
        let (a, b, t) = box_pair::<T, D>(k, gap);
        let n = Vector::<T, D>::from_fn(|i, _| if i < k { T::one() } else { T::zero() })
            / lit::<T>((k as f64).sqrt());
        let d = separated(&a, &b, lit(gap * (k as f64).sqrt()), Some(n), tol);
        let ha = ones::<T, D>();
        let hb = ones::<T, D>() * lit::<T>(0.5);
        in_box(&d.point_a, &Vector::zeros(), &ha, tol, "point_a on box A");
        in_box(&d.point_b, &t, &hb, tol, "point_b on box B");
        for i in 0..D {
            if i < k {
                near(d.point_a[i], T::one(), tol, "point_a on A's face");
                near(d.point_b[i], lit(1.25), tol, "point_b on B's face");
            } else {
                // The free coordinates lie in the overlap [-0.3, 0.7].
                assert!(
                    d.point_a[i] >= lit::<T>(-0.3) - tol && d.point_a[i] <= lit::<T>(0.7) + tol
                );
                near(d.point_a[i], d.point_b[i], tol, "free coordinates agree");
            }
        }

        // The same pair touching along the same feature.
        let (a, b, _) = box_pair::<T, D>(k, 0.0);
        in_contact(&a, &b, ulps(CONTACT_ULPS, 2.0));
    }
}

#[test]
fn box_box_face_edge_vertex() {
    for_each_precision_and_dimension!(box_box_case; 2, 3, 4, 5, 6);
}

fn deep_overlap_and_nesting_case<T: Real, const D: usize>() {
    let tol = ulps(CONTACT_ULPS, 2.0);
    // Two boxes overlapping by most of their volume.
    let a = Cuboid::new(ones::<T, D>()).unwrap();
    let t = ones::<T, D>() * lit::<T>(0.3);
    let hb = ones::<T, D>() * lit::<T>(0.5);
    let b = Transformed::translated(Cuboid::new(hb).unwrap(), t).unwrap();
    let d = in_contact(&a, &b, T::zero());
    assert_eq!(d.distance, T::zero());
    assert!(
        d.normal.is_none(),
        "overlapping cores have no normal: {d:?}"
    );
    // Both witnesses are a point common to both cores.
    for p in [d.point_a, d.point_b] {
        in_box(&p, &Vector::zeros(), &ones::<T, D>(), tol, "witness in A");
        in_box(&p, &t, &hb, tol, "witness in B");
    }

    // A small box nested inside a big ball whose centre is outside the box.
    let small = Cuboid::new(ones::<T, D>() * lit::<T>(0.1)).unwrap();
    let big = Ball::new(axis::<T, D>(0) * lit::<T>(0.3), lit(5.0)).unwrap();
    let d = in_contact(&small, &big, T::zero());
    assert_eq!(d.distance, T::zero());
    let d = in_contact(&big, &small, T::zero());
    assert_eq!(d.distance, T::zero());
    // A small box nested inside a big box.
    let big_box =
        Transformed::translated(Cuboid::new(ones::<T, D>() * lit::<T>(3.0)).unwrap(), t).unwrap();
    let d = in_contact(&small, &big_box, T::zero());
    assert!(d.normal.is_none());
}

#[test]
fn deep_overlap_and_nesting() {
    for_each_precision_and_dimension!(deep_overlap_and_nesting_case; 2, 3, 4, 5, 6);
}

// ---------------------------------------------------------------- hulls

fn point_hull_case<T: Real, const D: usize>() {
    // The cross-polytope: the hull of ±e_i, i.e. sum |x_i| <= 1.
    let mut vertices = Vec::new();
    for i in 0..D {
        vertices.push(axis::<T, D>(i));
        vertices.push(-axis::<T, D>(i));
    }
    let hull = Scanned::new(&vertices).unwrap();
    let tol = ulps(POLYTOPE_ULPS, 3.0);
    let on_hull = |p: &Vector<T, D>| {
        assert!(
            p.lp_norm(1) <= T::one() + tol,
            "{p:?} outside the cross-polytope"
        );
    };
    let dim = D as f64;

    // Facet: from (1, ..., 1) the closest point is (1/D, ..., 1/D).
    let p = ones::<T, D>();
    let n = -ones::<T, D>() / lit::<T>(dim.sqrt());
    let d = separated(
        &Point::new(p).unwrap(),
        &hull,
        lit((1.0 - 1.0 / dim) * dim.sqrt()),
        Some(n),
        tol,
    );
    near_vec(
        &d.point_b,
        &(ones::<T, D>() / lit::<T>(dim)),
        tol,
        "facet witness",
    );
    on_hull(&d.point_b);

    // Vertex: from 3 e0 the closest point is e0.
    let p = axis::<T, D>(0) * lit::<T>(3.0);
    let d = separated(&hull, &Point::new(p).unwrap(), lit(2.0), Some(axis(0)), tol);
    near_vec(&d.point_a, &axis(0), tol, "vertex witness");

    // Edge: from 2 e0 + 2 e1 the closest point is (1/2, 1/2, 0, ...).
    let p = (axis::<T, D>(0) + axis::<T, D>(1)) * lit::<T>(2.0);
    let d = separated(
        &hull,
        &Point::new(p).unwrap(),
        lit(1.5 * 2f64.sqrt()),
        None,
        tol,
    );
    near_vec(
        &d.point_a,
        &((axis::<T, D>(0) + axis::<T, D>(1)) * lit::<T>(0.5)),
        tol,
        "edge witness",
    );
    on_hull(&d.point_a);

    // A point inside.
    let inside = Point::new(ones::<T, D>() * lit::<T>(0.5 / dim)).unwrap();
    in_contact(&hull, &inside, T::zero());
}

#[test]
fn point_hull() {
    for_each_precision_and_dimension!(point_hull_case; 2, 3, 4, 5, 6);
}

// ---------------------------------------------------------------- segments

fn segment_segment_case<T: Real, const D: usize>() {
    let e0 = axis::<T, D>(0);
    let e1 = axis::<T, D>(1);
    let s1 = Segment::new(-e0, e0).unwrap();
    let tol = ulps(POLYTOPE_ULPS, 3.0);

    // Skew in D >= 3 (closest points interior to both segments); in 2D the
    // second segment ends 0.5 above the first (endpoint to interior).
    let (s2, pa, pb) = if D >= 3 {
        let e2 = axis::<T, D>(2);
        let base = e0 * lit::<T>(0.25) + e2 * lit::<T>(0.5);
        (
            Segment::new(base - e1, base + e1 * lit::<T>(3.0)).unwrap(),
            e0 * lit::<T>(0.25),
            base,
        )
    } else {
        let base = e0 * lit::<T>(0.25) + e1 * lit::<T>(0.5);
        (
            Segment::new(base, base + e1 * lit::<T>(3.0)).unwrap(),
            e0 * lit::<T>(0.25),
            base,
        )
    };
    let n = (pb - pa) / lit::<T>(0.5);
    let d = separated(&s1, &s2, lit(0.5), Some(n), tol);
    near_vec(&d.point_a, &pa, tol, "skew witness on S1");
    near_vec(&d.point_b, &pb, tol, "skew witness on S2");

    // Parallel and overlapping on x in [0, 1], 0.5 apart, in both orientations.
    let lift = e1 * lit::<T>(0.5);
    for s2 in [
        Segment::new(lift, e0 * lit::<T>(2.0) + lift).unwrap(),
        Segment::new(e0 * lit::<T>(2.0) + lift, lift).unwrap(),
    ] {
        let d = separated(&s1, &s2, lit(0.5), Some(e1), tol);
        let (x, y) = (d.point_a[0], d.point_b[0]);
        assert!(
            x >= -tol && x <= T::one() + tol,
            "S1 witness outside the overlap: {d:?}"
        );
        near(x, y, tol, "parallel witnesses face each other");
        near_vec(&d.point_a, &(e0 * x), tol, "point_a on S1");
        near_vec(&d.point_b, &(e0 * y + lift), tol, "point_b on S2");
    }

    // Crossing segments touch.
    let s3 = Segment::new(e0 * lit::<T>(0.25) - e1, e0 * lit::<T>(0.25) + e1).unwrap();
    in_contact(&s1, &s3, ulps(CONTACT_ULPS, 1.0));
}

#[test]
fn segment_segment() {
    for_each_precision_and_dimension!(segment_segment_case; 2, 3, 4, 5, 6);
}

// ---------------------------------------------------------------- rounded shapes

fn capsule_box_case<T: Real, const D: usize>() {
    let h = ones::<T, D>();
    let cube = Cuboid::new(h).unwrap();
    let e0 = axis::<T, D>(0);
    let e1 = axis::<T, D>(1);
    let tol = ulps(POLYTOPE_ULPS, 4.0);

    // A capsule lying flat 3 above the box's centre: face to side.
    let lying = Capsule::new(
        e1 * lit::<T>(3.0) - e0 * lit::<T>(2.0),
        e1 * lit::<T>(3.0) + e0 * lit::<T>(2.0),
        lit(0.5),
    )
    .unwrap();
    let d = separated(&cube, &lying, lit(1.5), Some(e1), tol);
    in_box(&d.point_a, &Vector::zeros(), &h, tol, "point_a on the box");
    near(d.point_a[1], T::one(), tol, "point_a on the top face");
    near(
        d.point_b[1],
        lit(2.5),
        tol,
        "point_b on the capsule's underside",
    );
    near(d.point_a[0], d.point_b[0], tol, "witnesses aligned");

    // A capsule pointing at the box's corner from (2, ..., 2).
    let dim = D as f64;
    let pointing = Capsule::new(
        ones::<T, D>() * lit::<T>(2.0),
        ones::<T, D>() * lit::<T>(3.0),
        lit(0.5),
    )
    .unwrap();
    let n = ones::<T, D>() / lit::<T>(dim.sqrt());
    let d = separated(&cube, &pointing, lit(dim.sqrt() - 0.5), Some(n), tol);
    near_vec(&d.point_a, &h, tol, "corner witness");
    near_vec(
        &d.point_b,
        &(ones::<T, D>() * lit::<T>(2.0) - n * lit::<T>(0.5)),
        tol,
        "capsule tip",
    );

    // Sinking the lying capsule to height 1.4 makes it overlap the box.
    let sunk = Capsule::new(
        e1 * lit::<T>(1.4) - e0 * lit::<T>(2.0),
        e1 * lit::<T>(1.4) + e0 * lit::<T>(2.0),
        lit(0.5),
    )
    .unwrap();
    in_contact(&cube, &sunk, T::zero());
}

#[test]
fn capsule_box() {
    for_each_precision_and_dimension!(capsule_box_case; 2, 3, 4, 5, 6);
}

fn rounded_box_ball_case<T: Real, const D: usize>() {
    let h = ones::<T, D>();
    let rounded = Rounded::new(Cuboid::new(h).unwrap(), lit(0.25)).unwrap();
    let c = (axis::<T, D>(0) + axis::<T, D>(1)) * lit::<T>(3.0);
    let ball = Ball::new(c, lit(0.5)).unwrap();
    let tol = ulps(POLYTOPE_ULPS, 4.0);
    let n = (axis::<T, D>(0) + axis::<T, D>(1)) / lit::<T>(2f64.sqrt());
    let d = separated(&rounded, &ball, lit(2.0 * 2f64.sqrt() - 0.75), Some(n), tol);
    // point_a is on the rounded surface: 0.25 from the box.
    near(
        dist_to_box(&d.point_a, &Vector::zeros(), &h),
        lit(0.25),
        tol,
        "point_a on the rounding",
    );
    near(
        (d.point_b - c).norm(),
        lit(0.5),
        tol,
        "point_b on the sphere",
    );

    // Against the flat face the rounding adds exactly its radius.
    let ball = Ball::new(axis::<T, D>(D - 1) * lit::<T>(-4.0), lit(0.5)).unwrap();
    let d = separated(&rounded, &ball, lit(2.25), Some(-axis::<T, D>(D - 1)), tol);
    near(
        d.point_a[D - 1],
        lit(-1.25),
        tol,
        "point_a on the rounded face",
    );

    // Within the rounding: the ball reaches 0.1 into the margin.
    let ball = Ball::new(axis::<T, D>(0) * lit::<T>(1.65), lit(0.5)).unwrap();
    in_contact(&rounded, &ball, T::zero());
}

#[test]
fn rounded_box_ball() {
    for_each_precision_and_dimension!(rounded_box_ball_case; 2, 3, 4, 5, 6);
}

// ---------------------------------------------------------------- combinators

fn minkowski_sum_case<T: Real, const D: usize>() {
    let e0 = axis::<T, D>(0);
    let e1 = axis::<T, D>(1);
    let tol = ulps(POLYTOPE_ULPS, 4.0);
    // A box of half-extent 0.5 swept along [-e0, e0]: the box with
    // half-extents (1.5, 0.5, ..., 0.5).
    let swept = MinkowskiSum::new(
        Cuboid::new(ones::<T, D>() * lit::<T>(0.5)).unwrap(),
        Segment::new(-e0, e0).unwrap(),
    );
    let mut h = ones::<T, D>() * lit::<T>(0.5);
    h[0] = lit(1.5);

    let far = Point::new(e0 * lit::<T>(4.0)).unwrap();
    let d = separated(&swept, &far, lit(2.5), Some(e0), tol);
    near_vec(
        &d.point_a,
        &(e0 * lit::<T>(1.5)),
        tol,
        "sum witness on the face",
    );

    let p = e0 * lit::<T>(3.0) + e1 * lit::<T>(2.0);
    let d = separated(
        &swept,
        &Point::new(p).unwrap(),
        lit(1.5 * 2f64.sqrt()),
        None,
        tol,
    );
    in_box(
        &d.point_a,
        &Vector::zeros(),
        &h,
        tol,
        "sum witness in the swept box",
    );
    near(
        dist_to_box(&p, &Vector::zeros(), &h),
        lit(1.5 * 2f64.sqrt()),
        tol,
        "independent check",
    );

    // Ball ⊕ point is the translated ball; margins add.
    let c = ones::<T, D>() * lit::<T>(0.5);
    let moved = MinkowskiSum::new(
        Ball::new(c, lit(0.75)).unwrap(),
        Point::new(e1 * lit::<T>(2.0)).unwrap(),
    );
    let target = Ball::new(c + e1 * lit::<T>(6.0), lit(0.25)).unwrap();
    let d = separated(&moved, &target, lit(3.0), Some(e1), tol);
    near_vec(
        &d.point_a,
        &(c + e1 * lit::<T>(2.75)),
        tol,
        "sum witness on the sphere",
    );
}

#[test]
fn minkowski_sum() {
    for_each_precision_and_dimension!(minkowski_sum_case; 2, 3, 4, 5, 6);
}

/// The rotation by `angle` in the plane of axes `i` and `j`.
fn givens<T: Real, const D: usize>(i: usize, j: usize, angle: f64) -> nalgebra::SMatrix<T, D, D> {
    let mut r = nalgebra::SMatrix::<T, D, D>::identity();
    let (s, c) = angle.sin_cos();
    r[(i, i)] = lit(c);
    r[(j, j)] = lit(c);
    r[(i, j)] = lit(-s);
    r[(j, i)] = lit(s);
    r
}

fn transformed_rotation_case<T: Real, const D: usize>() {
    let e1 = axis::<T, D>(1);
    let h = ones::<T, D>();
    let t = Vector::<T, D>::from_fn(|i, _| {
        lit(match i {
            0 => 0.5,
            1 => -0.25,
            _ => 0.125,
        })
    });
    let r = givens::<T, D>(0, 1, core::f64::consts::FRAC_PI_4);
    let rotated = Transformed::new(Cuboid::new(h).unwrap(), r, t).unwrap();
    let tol = ulps(POLYTOPE_ULPS, 4.0);

    // The corner (1, 1) turns to (0, sqrt 2): a point 3 above the centre is
    // 3 - sqrt 2 from the rotated box.
    let q = t + e1 * lit::<T>(3.0);
    let d = separated(
        &rotated,
        &Point::new(q).unwrap(),
        lit(3.0 - 2f64.sqrt()),
        Some(e1),
        tol,
    );
    near_vec(
        &d.point_a,
        &(t + e1 * lit::<T>(2f64.sqrt())),
        tol,
        "rotated corner",
    );
    let local = r.transpose() * (d.point_a - t);
    in_box(
        &local,
        &Vector::zeros(),
        &h,
        tol,
        "witness on the rotated box",
    );

    // A general orthogonal map (a Householder reflection through the
    // diagonal) against a point: compare with clamping in the box's frame.
    let u = ones::<T, D>() / lit::<T>((D as f64).sqrt());
    let m = nalgebra::SMatrix::<T, D, D>::identity() - u * u.transpose() * lit::<T>(2.0);
    let reflected = Transformed::new(Cuboid::new(h).unwrap(), m, t).unwrap();
    let q =
        t + Vector::<T, D>::from_fn(|i, _| lit(if i == 0 { 3.0 } else { 0.5 - i as f64 * 0.75 }));
    let expected = dist_to_box(&(m.transpose() * (q - t)), &Vector::zeros(), &h);
    let d = separated(&reflected, &Point::new(q).unwrap(), expected, None, tol);
    in_box(
        &(m.transpose() * (d.point_a - t)),
        &Vector::zeros(),
        &h,
        tol,
        "witness on the reflected box",
    );
}

#[test]
fn transformed_rotation() {
    for_each_precision_and_dimension!(transformed_rotation_case; 2, 3, 4, 5, 6);
}

// ---------------------------------------------------------------- bounds

fn lower_bound_ordering_case<T: Real, const D: usize>() {
    // A ball and a point: one iteration, lower bound v·w/|v| = |v|²/|v|.
    let a = Ball::new(Vector::<T, D>::zeros(), lit(0.5)).unwrap();
    let b = Point::new(Vector::<T, D>::from_fn(|i, _| lit(1.0 + i as f64))).unwrap();
    let d = distance(&a, &b, &Config::default()).unwrap();
    assert_ordered(
        &d,
        &format!("distance (D = {D}, T = {})", core::any::type_name::<T>()),
    );
}

/// `Distance::lower` is documented as a certified lower bound, so it
/// may never exceed `Distance::distance`, not even by one rounding.
#[test]
fn lower_bound_never_exceeds_distance() {
    for_each_precision_and_dimension!(lower_bound_ordering_case; 2, 3, 4, 5, 6);
}
