//! Degenerate and ill-conditioned input: duplicate, collinear and coplanar
//! points, flat and zero-size boxes, thin triangles, nearly touching shapes,
//! large and degenerate polygons, and scale/translation invariance.
//!
//! Every case must give the correct answer (within the stated budget) or a
//! documented status; none may panic or hang.

use crate::support::scene;
use gjk::nalgebra::{Isometry3, Matrix3, Vector2, Vector3};
use gjk::{
    distance, hull::Polygon, hull::Scanned, intersects, Ball, Capsule, Config, Cuboid, Distance,
    Point, Real, Segment, ShapeError, Status, SupportMap, Transformed, Triangle, Vector,
};
use scene::{axis, lit, near, ones, ulps};

// Accuracy budgets, in units of `T::EPSILON` times the largest coordinate
// magnitude of the scene (the scale the library's own tolerances use).

/// Degenerate hulls, zero-size boxes, polygons: exact features, a few solves
/// (1 ulp held on this kernel; 2 leaves one rounding of headroom).
const DEGENERATE_ULPS: f64 = 2.0;
/// Thin triangles (aspect 1e-8): the distance stays within one ulp even
/// though the triangle's Gram matrix is nearly singular (0.5 held).
const THIN_ULPS: f64 = 1.0;
/// Nearly touching shapes: the error on a tiny distance is absolute, a few
/// ulps of the coordinates; for f64 and a 1e-9 gap, 2 ulps of scale 2 is a
/// relative error of 9e-7 on the gap (1 ulp held).
const NEAR_TOUCH_ULPS: f64 = 2.0;
/// Scale invariance: the scaled query agrees with the scaled reference to
/// this many ulps of the scaled coordinates (0.5 held).
const SCALE_ULPS: f64 = 2.0;

/// Distance query that must succeed without hitting the iteration cap, and
/// whose answer must agree with `intersects`.
#[track_caller]
fn query<T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
) -> Distance<T, D> {
    let config = Config::default();
    let d = distance(a, b, &config).expect("distance query failed");
    assert_ne!(
        d.status,
        Status::IterationLimit,
        "iteration cap (D = {D}): {d:?}"
    );
    assert!(d.distance.is_finite() && d.distance >= T::zero(), "{d:?}");
    let hit = intersects(a, b, &config).expect("intersects failed");
    assert_eq!(
        hit,
        d.distance == T::zero(),
        "intersects disagrees with distance (D = {D}): {d:?}"
    );
    d
}

#[track_caller]
fn expect_distance<T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    expected: T,
    tol: T,
    what: &str,
) -> Distance<T, D> {
    let d = query(a, b);
    near(d.distance, expected, tol, what);
    if expected > tol {
        near((d.point_b - d.point_a).norm(), expected, tol, what);
    }
    d
}

// ---------------------------------------------------------------- hulls

fn duplicate_vertices_case<T: Real, const D: usize>() {
    // The standard simplex {0, e_i}, every vertex three times, plus interior points.
    let mut vertices = Vec::new();
    for _ in 0..3 {
        vertices.push(Vector::<T, D>::zeros());
        for i in 0..D {
            vertices.push(axis::<T, D>(i));
        }
        vertices.push(ones::<T, D>() * lit::<T>(0.5 / D as f64));
    }
    let hull = Scanned::new(&vertices).unwrap();
    let dim = D as f64;
    let tol = ulps(DEGENERATE_ULPS, 2.0);
    // From (1, ..., 1) the closest point is the centre of the far facet.
    let p = Point::new(ones::<T, D>()).unwrap();
    let d = expect_distance(
        &hull,
        &p,
        lit((1.0 - 1.0 / dim) * dim.sqrt()),
        tol,
        "duplicated simplex facet",
    );
    assert!((d.point_a - ones::<T, D>() / lit::<T>(dim)).amax() <= tol);
    // From -(1, ..., 1) the closest point is the (triplicated) origin vertex.
    let p = Point::new(-ones::<T, D>()).unwrap();
    expect_distance(&hull, &p, lit(dim.sqrt()), tol, "duplicated vertex");
    // Against a copy of itself: the origin is enclosed many times over.
    assert_eq!(query(&hull, &hull).distance, T::zero());
}

#[test]
fn duplicate_vertices() {
    for_each_precision_and_dimension!(duplicate_vertices_case; 2, 3, 4, 5, 6);
}

fn collinear_hull_case<T: Real, const D: usize>() {
    // Points on the line c + t u, t in [-1, 2], u the unit diagonal.
    let u = ones::<T, D>() / lit::<T>((D as f64).sqrt());
    let perp = (axis::<T, D>(0) - axis::<T, D>(1)) / lit::<T>(2f64.sqrt());
    let c = Vector::<T, D>::from_fn(|i, _| lit(0.5 - 0.25 * i as f64));
    let ts = [0.5, -1.0, 2.0, 0.0, 2.0, 1.25, -1.0];
    let vertices: Vec<_> = ts.iter().map(|&t| c + u * lit::<T>(t)).collect();
    let line = Scanned::new(&vertices).unwrap();
    let tol = ulps(DEGENERATE_ULPS, 8.0);
    // Beside the middle of the segment.
    let p = Point::new(c + u * lit::<T>(0.5) + perp * lit::<T>(2.0)).unwrap();
    expect_distance(&line, &p, lit(2.0), tol, "collinear hull, side");
    // Beyond an end, along the line.
    let p = Point::new(c + u * lit::<T>(5.0)).unwrap();
    expect_distance(&line, &p, lit(3.0), tol, "collinear hull, end");
    // A ball crossing the line touches it.
    let ball = Ball::new(c + perp * lit::<T>(0.5), lit(0.75)).unwrap();
    assert_eq!(query(&line, &ball).distance, T::zero());
    // Two collinear hulls on the same line, apart by 1.
    let others: Vec<_> = [3.0, 4.0, 3.5]
        .iter()
        .map(|&t| c + u * lit::<T>(t))
        .collect();
    expect_distance(
        &line,
        &Scanned::new(&others).unwrap(),
        lit(1.0),
        tol,
        "collinear hulls on one line",
    );
}

#[test]
fn collinear_hulls() {
    for_each_precision_and_dimension!(collinear_hull_case; 2, 3, 4, 5);
}

fn coplanar_hull_case<T: Real, const D: usize>() {
    // A 5 x 5 grid (with repeated corners) in the plane of e0, e1 at height
    // 0.25 along every other axis: a flat square [-1, 1]^2.
    let lift = Vector::<T, D>::from_fn(|i, _| lit(if i >= 2 { 0.25 } else { 0.0 }));
    let mut grid = Vec::new();
    for i in 0..5 {
        for j in 0..5 {
            let x = axis::<T, D>(0) * lit::<T>(i as f64 * 0.5 - 1.0);
            let y = axis::<T, D>(1) * lit::<T>(j as f64 * 0.5 - 1.0);
            grid.push(x + y + lift);
        }
    }
    grid.push(grid[0]);
    grid.push(grid[24]);
    let square = Scanned::new(&grid).unwrap();
    let tol = ulps(DEGENERATE_ULPS, 4.0);
    let up = axis::<T, D>(D - 1);
    // Above the interior.
    let p = Point::new(lift + up * lit::<T>(1.5) + axis::<T, D>(0) * lit::<T>(0.3)).unwrap();
    let d = expect_distance(&square, &p, lit(1.5), tol, "coplanar hull, above");
    let n = d.normal.expect("normal");
    assert!(
        (n - up).amax() <= tol,
        "normal {n:?} is not the plane normal"
    );
    // Above and beyond an edge: sqrt(1^2 + 1.5^2).
    let p = Point::new(lift + up * lit::<T>(1.5) + axis::<T, D>(0) * lit::<T>(2.0)).unwrap();
    expect_distance(
        &square,
        &p,
        lit(3.25f64.sqrt()),
        tol,
        "coplanar hull, beyond an edge",
    );
    // In the plane, beyond the edge.
    let p = Point::new(lift + axis::<T, D>(1) * lit::<T>(3.0)).unwrap();
    expect_distance(&square, &p, lit(2.0), tol, "coplanar hull, in plane");
    // Two coplanar squares side by side: the Minkowski difference is flat.
    let shifted: Vec<_> = grid
        .iter()
        .map(|p| p + axis::<T, D>(0) * lit::<T>(2.5))
        .collect();
    let d = expect_distance(
        &square,
        &Scanned::new(&shifted).unwrap(),
        lit(0.5),
        tol,
        "coplanar squares",
    );
    assert!((d.normal.unwrap() - axis::<T, D>(0)).amax() <= tol);
    // Coplanar and overlapping.
    let overlapping: Vec<_> = grid
        .iter()
        .map(|p| p + axis::<T, D>(0) * lit::<T>(1.5))
        .collect();
    assert_eq!(
        query(&square, &Scanned::new(&overlapping).unwrap()).distance,
        T::zero()
    );
}

#[test]
fn coplanar_hulls() {
    for_each_precision_and_dimension!(coplanar_hull_case; 3, 4, 5);
}

fn one_point_hull_case<T: Real, const D: usize>() {
    let only = [Vector::<T, D>::from_fn(|i, _| lit(1.0 + i as f64))];
    let hull = Scanned::new(&only).unwrap();
    let tol = ulps(DEGENERATE_ULPS, 4.0);
    let ball = Ball::new(only[0] + axis::<T, D>(0) * lit::<T>(3.0), lit(0.5)).unwrap();
    let d = expect_distance(&hull, &ball, lit(2.5), tol, "one-point hull vs ball");
    assert_eq!(d.point_a, only[0]);
    let cube = Cuboid::new(ones::<T, D>() * lit::<T>(0.5)).unwrap();
    // From (1, 2, ..., D) to the box [-0.5, 0.5]^D.
    let expected = (0..D).map(|i| (0.5 + i as f64).powi(2)).sum::<f64>().sqrt();
    expect_distance(&hull, &cube, lit(expected), tol, "one-point hull vs box");
    // Against itself: coincident points.
    let d = query(&hull, &hull);
    assert_eq!(d.distance, T::zero());
}

#[test]
fn one_point_hull() {
    for_each_precision_and_dimension!(one_point_hull_case; 2, 3, 4, 6);
}

fn zero_size_box_case<T: Real, const D: usize>() {
    let tol = ulps(DEGENERATE_ULPS, 4.0);
    let dot = Cuboid::new(Vector::<T, D>::zeros()).unwrap();
    let t = Vector::<T, D>::from_fn(|i, _| {
        lit(if i == 0 {
            3.0
        } else if i == 1 {
            4.0
        } else {
            0.0
        })
    });
    let other = Transformed::translated(dot, t).unwrap();
    expect_distance(&dot, &other, lit(5.0), tol, "two zero-size boxes");
    assert_eq!(query(&dot, &dot).distance, T::zero());
    // A box flat in the last axis, against a point above it and beside it.
    let mut h = ones::<T, D>();
    h[D - 1] = T::zero();
    let flat = Cuboid::new(h).unwrap();
    let up = axis::<T, D>(D - 1);
    expect_distance(
        &flat,
        &Point::new(up * lit::<T>(0.75)).unwrap(),
        lit(0.75),
        tol,
        "flat box, above",
    );
    let p = up * lit::<T>(0.75) + axis::<T, D>(0) * lit::<T>(2.0);
    expect_distance(
        &flat,
        &Point::new(p).unwrap(),
        lit(1.25),
        tol,
        "flat box, beside",
    );
    // Two flat boxes stacked face to face, and in the same plane overlapping.
    let stacked = Transformed::translated(flat, up * lit::<T>(0.5)).unwrap();
    expect_distance(&flat, &stacked, lit(0.5), tol, "stacked flat boxes");
    let slid = Transformed::translated(flat, axis::<T, D>(0) * lit::<T>(1.5)).unwrap();
    assert_eq!(query(&flat, &slid).distance, T::zero());
}

#[test]
fn zero_size_boxes() {
    for_each_precision_and_dimension!(zero_size_box_case; 2, 3, 4, 5);
}

// ---------------------------------------------------------------- thin triangles

fn thin_triangle_case<T: Real>() {
    // Aspect ratio 1e-8: base [0, 1] on x, apex 1e-8 above the midpoint.
    let h = 1e-8;
    let v = |x: f64, y: f64, z: f64| Vector3::new(lit::<T>(x), lit(y), lit(z));
    let tri = Triangle::new(v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.5, h, 0.0)).unwrap();
    let tol = ulps(THIN_ULPS, 1.0);
    let p = |x, y, z| Point::new(v(x, y, z)).unwrap();
    // Straight above the interior.
    let d = expect_distance(
        &tri,
        &p(0.5, 0.5 * h, 1.0),
        lit(1.0),
        tol,
        "thin triangle, above",
    );
    // The loop stops once the distance is right to the tolerance; the
    // normal is then right only to about the square root of it.
    let angle = (T::lit(2.0) * (T::GJK_TOLERANCE + T::ROUNDING_FLOOR)).sqrt();
    let n = d.normal.unwrap();
    assert!(
        (n - v(0.0, 0.0, 1.0)).amax() <= angle,
        "thin triangle normal {n:?}"
    );
    // In the plane, below the long edge.
    expect_distance(
        &tri,
        &p(0.3, -1.0, 0.0),
        lit(1.0),
        tol,
        "thin triangle, below base",
    );
    // In the plane, above the apex.
    expect_distance(
        &tri,
        &p(0.5, 1.0, 0.0),
        lit(1.0 - h),
        tol,
        "thin triangle, above apex",
    );
    // Beyond the sharp corners.
    expect_distance(
        &tri,
        &p(-2.0, 0.0, 0.0),
        lit(2.0),
        tol,
        "thin triangle, beyond corner",
    );
    // A parallel thin triangle 0.5 above, shifted along the base.
    let other = Triangle::new(v(0.25, 0.0, 0.5), v(1.25, 0.0, 0.5), v(0.75, h, 0.5)).unwrap();
    expect_distance(&tri, &other, lit(0.5), tol, "stacked thin triangles");
    // A segment piercing the thin triangle.
    let pierce = Segment::new(v(0.5, 0.25 * h, -1.0), v(0.5, 0.25 * h, 1.0)).unwrap();
    let d = query(&tri, &pierce);
    assert!(d.distance <= tol, "piercing segment: {d:?}");
}

#[test]
fn thin_triangles() {
    thin_triangle_case::<f32>();
    thin_triangle_case::<f64>();
}

// ---------------------------------------------------------------- nearly touching

#[test]
fn nearly_touching_f64() {
    let gap = 1e-9;
    let tol = NEAR_TOUCH_ULPS * f64::EPSILON * 2.0;
    let cube = Cuboid::new(Vector3::new(1.0, 1.0, 1.0)).unwrap();
    // Face to face; `t - 2` is exact (Sterbenz), so the reference is exact.
    let t = 2.0 + gap;
    let other = Transformed::translated(cube, Vector3::new(t, 0.3, -0.2)).unwrap();
    let d = expect_distance(&cube, &other, t - 2.0, tol, "boxes 1e-9 apart");
    assert!(d.distance > 0.0);
    // Corner to corner in 3D and 4D.
    let s = 2.0 + gap;
    let other = Transformed::translated(cube, Vector3::repeat(s)).unwrap();
    expect_distance(
        &cube,
        &other,
        (s - 2.0) * 3f64.sqrt(),
        tol,
        "corners 1e-9 apart",
    );
    let cube4 = Cuboid::new(Vector::<f64, 4>::repeat(1.0)).unwrap();
    let other4 = Transformed::translated(cube4, Vector::<f64, 4>::repeat(s)).unwrap();
    expect_distance(
        &cube4,
        &other4,
        (s - 2.0) * 2.0,
        tol,
        "4D corners 1e-9 apart",
    );
    // Balls.
    let a = Ball::new(Vector3::zeros(), 1.0).unwrap();
    let b = Ball::new(Vector3::new(t, 0.0, 0.0), 1.0).unwrap();
    expect_distance(&a, &b, t - 2.0, tol, "balls 1e-9 apart");
    // Rotated boxes: the same pair turned by a generic rotation, so the
    // faces are not axis-aligned; rounding of the rotation costs a few ulps.
    let pose = Isometry3::new(Vector3::zeros(), Vector3::new(0.3, -0.7, 0.4));
    let r = pose.rotation.to_rotation_matrix().into_inner();
    let a = Transformed::new(cube, r, Vector3::new(0.1, 0.2, 0.3)).unwrap();
    let b = Transformed::new(
        cube,
        r,
        Vector3::new(0.1, 0.2, 0.3) + r * Vector3::new(t, 0.5, 0.25),
    )
    .unwrap();
    let d = expect_distance(&a, &b, gap, 4.0 * tol, "rotated boxes 1e-9 apart");
    assert!(d.distance > 0.0 && d.normal.is_some());
    // Tetrahedra vertex to face, 1e-9 apart along the face normal.
    let tet = [
        Vector3::new(0.0, 0.0, 0.0),
        Vector3::new(1.0, 0.0, 0.0),
        Vector3::new(0.0, 1.0, 0.0),
        Vector3::new(0.0, 0.0, 1.0),
    ];
    let apex = Vector3::new(0.25, 0.25, -gap);
    let below = [
        apex,
        apex + Vector3::new(0.0, 0.0, -1.0),
        apex + Vector3::new(1.0, 0.0, -1.0),
        apex + Vector3::new(0.0, 1.0, -1.0),
    ];
    let d = expect_distance(
        &Scanned::new(&tet).unwrap(),
        &Scanned::new(&below).unwrap(),
        gap,
        tol,
        "tetrahedra 1e-9 apart",
    );
    assert!((d.normal.unwrap() - Vector3::new(0.0, 0.0, -1.0)).amax() <= 1e-6);
}

#[test]
fn nearly_touching_f32() {
    // A 1e-9 relative gap is below f32 resolution: 0 or the true gap, within budget.
    let tol = NEAR_TOUCH_ULPS as f32 * f32::EPSILON * 2.0;
    let cube = Cuboid::new(Vector3::new(1.0f32, 1.0, 1.0)).unwrap();
    let other = Transformed::translated(cube, Vector3::new(2.0 + 1e-9, 0.3, -0.2)).unwrap();
    let d = query(&cube, &other);
    assert!(
        d.distance <= tol || (d.distance - 1e-9).abs() <= tol,
        "{d:?}"
    );
    // One ulp at this scale, 2^-22: below the documented touching floor
    // (`Real::ROUNDING_FLOOR` = 32 ulps of scale), so 0 or the gap.
    let gap = 2f32.powi(-22);
    let other = Transformed::translated(cube, Vector3::new(2.0 + gap, 0.3, -0.2)).unwrap();
    expect_distance(&cube, &other, gap, tol, "f32 boxes one ulp apart");
    // 256 ulps, above the floor: resolved and exact.
    let gap = 2f32.powi(-14);
    let other = Transformed::translated(cube, Vector3::new(2.0 + gap, 0.3, -0.2)).unwrap();
    let d = expect_distance(&cube, &other, gap, tol, "f32 boxes 256 ulps apart");
    assert!(d.distance > 0.0 && d.normal.is_some(), "{d:?}");
    let pose = Isometry3::new(Vector3::zeros(), Vector3::new(0.3f32, -0.7, 0.4));
    let r = pose.rotation.to_rotation_matrix().into_inner();
    let a = Transformed::new(cube, r, Vector3::zeros()).unwrap();
    let b = Transformed::new(cube, r, r * Vector3::new(2.0 + 1e-9, 0.5, 0.25)).unwrap();
    let d = query(&a, &b);
    assert!(d.distance <= 4.0 * tol, "{d:?}");
}

// ---------------------------------------------------------------- polygons

fn brute_force_max<T: Real>(vertices: &[Vector2<T>], d: &Vector2<T>) -> T {
    vertices
        .iter()
        .map(|v| v.dot(d))
        .fold(T::min_value().unwrap(), |m, x| m.max(x))
}

/// The polygon's support must reach the brute-force maximum exactly, and be
/// one of its vertices.
#[track_caller]
fn check_support<T: Real>(poly: &impl SupportMap<T, 2>, vertices: &[Vector2<T>], d: &Vector2<T>) {
    let s = poly.core_support(d);
    assert!(vertices.contains(&s), "support {s:?} is not a vertex");
    let best = brute_force_max(vertices, d);
    assert!(
        s.dot(d) == best,
        "support along {d:?}: {s:?} reaches {:?}, a vertex reaches {best:?}",
        s.dot(d)
    );
}

fn regular_polygon<T: Real>(n: usize, radius: f64) -> Vec<Vector2<T>> {
    (0..n)
        .map(|i| {
            let a = core::f64::consts::TAU * i as f64 / n as f64 + 0.1;
            Vector2::new(lit(radius * a.cos()), lit(radius * a.sin()))
        })
        .collect()
}

fn large_polygon_case<T: Real>() {
    let n = 1000;
    let vertices = regular_polygon::<T>(n, 3.0);
    let poly = Polygon::new(&vertices).unwrap();
    // Many generic directions, including the axes.
    for k in 0..2000 {
        let a = core::f64::consts::TAU * k as f64 / 2000.0;
        check_support(&poly, &vertices, &Vector2::new(lit(a.cos()), lit(a.sin())));
    }
    for d in [Vector2::x(), Vector2::y(), -Vector2::x(), -Vector2::y()] {
        check_support(&poly, &vertices, &d);
    }
    // Exactly the edge normals (ties between the two ends of the edge), and
    // exactly the vertex directions, at two lengths.
    for i in 0..n {
        let e = vertices[(i + 1) % n] - vertices[i];
        check_support(&poly, &vertices, &Vector2::new(e.y, -e.x));
        check_support(&poly, &vertices, &(Vector2::new(e.y, -e.x) * lit::<T>(1e6)));
        check_support(&poly, &vertices, &vertices[i]);
    }
    // Queries against the polygon agree with the same points as a hull.
    let hull = Scanned::new(&vertices).unwrap();
    let ball = Ball::new(Vector2::new(lit(5.0), lit(1.0)), lit(0.5)).unwrap();
    let dp = query(&poly, &ball);
    let dh = query(&hull, &ball);
    near(
        dp.distance,
        dh.distance,
        ulps(DEGENERATE_ULPS, 5.0),
        "polygon vs hull",
    );
}

#[test]
fn large_polygon_support() {
    large_polygon_case::<f32>();
    large_polygon_case::<f64>();
}

fn degenerate_polygon_case<T: Real>() {
    let v = |x: f64, y: f64| Vector2::new(lit::<T>(x), lit::<T>(y));
    // A square with collinear midpoints and repeated corners (small: linear scan).
    let small = [
        v(-1.0, -1.0),
        v(0.0, -1.0),
        v(1.0, -1.0),
        v(1.0, -1.0),
        v(1.0, 0.0),
        v(1.0, 1.0),
        v(-1.0, 1.0),
        v(-1.0, 1.0),
        v(-1.0, 1.0),
        v(-1.0, 0.0),
    ];
    // A square with 12 points per edge and every fourth point repeated
    // (over 16 vertices: the binary search path).
    let mut big = Vec::new();
    let corners = [v(-1.0, -1.0), v(1.0, -1.0), v(1.0, 1.0), v(-1.0, 1.0)];
    for c in 0..4 {
        let (p, q) = (corners[c], corners[(c + 1) % 4]);
        for k in 0..12 {
            let x = p + (q - p) * lit::<T>(k as f64 / 12.0);
            big.push(x);
            if k % 4 == 0 {
                big.push(x);
            }
        }
    }
    let tol = ulps(DEGENERATE_ULPS, 4.0);
    for vertices in [&small[..], &big[..]] {
        let poly = Polygon::new(vertices).unwrap();
        for k in 0..360 {
            let a = (k as f64).to_radians();
            check_support(&poly, vertices, &v(a.cos(), a.sin()));
        }
        let p = Point::new(v(3.0, 0.5)).unwrap();
        expect_distance(&poly, &p, lit(2.0), tol, "degenerate polygon, face");
        let p = Point::new(v(-3.0, -3.0)).unwrap();
        expect_distance(
            &poly,
            &p,
            lit(2.0 * 2f64.sqrt()),
            tol,
            "degenerate polygon, corner",
        );
    }
    // All vertices the same point, and flat polygons (segments): convex,
    // degenerate, and documented as accepted ("collinear vertices").
    let same = [v(1.0, 2.0), v(1.0, 2.0), v(1.0, 2.0)];
    let poly = Polygon::new(&same).unwrap();
    expect_distance(
        &poly,
        &Point::new(v(4.0, 6.0)).unwrap(),
        lit(5.0),
        tol,
        "one-point polygon",
    );
    let diagonal = [v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0)];
    let poly = Polygon::new(&diagonal).unwrap();
    let p = Point::new(v(0.0, 2.0)).unwrap();
    expect_distance(&poly, &p, lit(2f64.sqrt()), tol, "flat diagonal polygon");
}

/// Zero-area polygons (all vertices on one line) are convex and documented
/// as accepted; acceptance must not depend on the line's orientation.
fn flat_polygon_case<T: Real>() {
    let v = |x: f64, y: f64| Vector2::new(lit::<T>(x), lit::<T>(y));
    let tol = ulps(DEGENERATE_ULPS, 4.0);
    let p = Point::new(v(1.0, -3.0)).unwrap();
    for (flat, expected) in [
        (&[v(0.0, 0.0), v(2.0, 0.0)][..], 3.0),
        (&[v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0)][..], 3.0),
        (&[v(0.0, 2.0), v(0.0, 0.0)][..], 10f64.sqrt()),
    ] {
        let poly =
            Polygon::new(flat).unwrap_or_else(|e| panic!("flat polygon {flat:?} rejected: {e:?}"));
        expect_distance(&poly, &p, lit(expected), tol, "flat polygon");
    }
}

#[test]
fn flat_polygons_are_accepted() {
    flat_polygon_case::<f32>();
    flat_polygon_case::<f64>();
}

#[test]
fn polygons_with_collinear_and_repeated_vertices() {
    degenerate_polygon_case::<f32>();
    degenerate_polygon_case::<f64>();
}

#[test]
fn non_convex_and_clockwise_polygons_are_rejected() {
    let v = |x: f64, y: f64| Vector2::new(x, y);
    let clockwise = [v(-1.0, -1.0), v(-1.0, 1.0), v(1.0, 1.0), v(1.0, -1.0)];
    assert_eq!(Polygon::new(&clockwise).unwrap_err(), ShapeError::NotConvex);
    let dent = [
        v(-1.0, -1.0),
        v(1.0, -1.0),
        v(0.0, -0.5),
        v(1.0, 1.0),
        v(-1.0, 1.0),
    ];
    assert_eq!(Polygon::new(&dent).unwrap_err(), ShapeError::NotConvex);
    let reflex = [
        v(0.0, 0.0),
        v(2.0, 0.0),
        v(2.0, 2.0),
        v(1.0, 1.0),
        v(0.0, 2.0),
    ];
    assert_eq!(Polygon::new(&reflex).unwrap_err(), ShapeError::NotConvex);
    // A pentagram: every turn is to the left, but it winds twice.
    let pentagon = regular_polygon::<f64>(5, 1.0);
    let star: Vec<_> = [0, 2, 4, 1, 3].iter().map(|&i| pentagon[i]).collect();
    assert_eq!(Polygon::new(&star).unwrap_err(), ShapeError::NotConvex);
    // A large regular polygon listed clockwise.
    let mut large = regular_polygon::<f64>(1000, 1.0);
    large.reverse();
    assert_eq!(Polygon::new(&large).unwrap_err(), ShapeError::NotConvex);
    // f32 too.
    let clockwise32: Vec<Vector2<f32>> = clockwise.iter().map(|p| p.cast()).collect();
    assert_eq!(
        Polygon::new(&clockwise32).unwrap_err(),
        ShapeError::NotConvex
    );
}

// ---------------------------------------------------------------- scale invariance

/// Runs `query(scale, offset)` at scale 1 and checks that scaling by 1e-3 and
/// 1e4, and translating by 1e4, change the distance accordingly.
fn check_scale_invariance(name: &str, query_at: impl Fn(f64, Vector3<f64>) -> f64) {
    let reference = query_at(1.0, Vector3::zeros());
    assert!(reference > 0.1, "{name}: reference distance {reference}");
    // Coordinates in these scenes are at most about 4.
    let extent = 4.0;
    for s in [1e-3, 1e4] {
        let d = query_at(s, Vector3::zeros());
        let tol = SCALE_ULPS * f64::EPSILON * extent * s;
        assert!(
            (d - reference * s).abs() <= tol,
            "{name} scaled by {s}: {d} vs {}",
            reference * s
        );
    }
    let offset = Vector3::new(1e4, -1e4, 1e4);
    let d = query_at(1.0, offset);
    let tol = SCALE_ULPS * f64::EPSILON * (1e4 + extent);
    assert!(
        (d - reference).abs() <= tol,
        "{name} translated by 1e4: {d} vs {reference}"
    );
}

#[test]
fn scale_and_translation_invariance() {
    let r = Isometry3::new(Vector3::zeros(), Vector3::new(0.2, 0.5, -0.3))
        .rotation
        .to_rotation_matrix()
        .into_inner();
    check_scale_invariance("box-box", |s, o| {
        let a =
            Transformed::new(Cuboid::new(Vector3::new(1.0, 0.5, 0.75) * s).unwrap(), r, o).unwrap();
        let b = Transformed::new(
            Cuboid::new(Vector3::new(0.5, 0.5, 0.5) * s).unwrap(),
            Matrix3::identity(),
            o + Vector3::new(2.5, 1.0, 0.5) * s,
        )
        .unwrap();
        query(&a, &b).distance
    });
    let tet = [
        Vector3::new(0.0, 0.0, 0.0),
        Vector3::new(1.0, 0.0, 0.0),
        Vector3::new(0.0, 1.0, 0.0),
        Vector3::new(0.2, 0.3, 1.0),
    ];
    let other = [
        Vector3::new(2.0, 1.5, 0.5),
        Vector3::new(3.0, 2.0, 0.0),
        Vector3::new(2.5, 3.0, 1.0),
        Vector3::new(2.2, 2.0, 2.0),
        Vector3::new(2.4, 2.1, 0.9),
    ];
    check_scale_invariance("hull-hull", |s, o| {
        let a: Vec<_> = tet.iter().map(|p| p * s + o).collect();
        let b: Vec<_> = other.iter().map(|p| p * s + o).collect();
        query(&Scanned::new(&a).unwrap(), &Scanned::new(&b).unwrap()).distance
    });
    check_scale_invariance("capsule-triangle", |s, o| {
        let cap = Capsule::new(
            Vector3::new(-1.0, 0.0, 2.0) * s + o,
            Vector3::new(1.0, 0.5, 2.5) * s + o,
            0.25 * s,
        )
        .unwrap();
        let tri = Triangle::new(
            Vector3::new(0.0, 0.0, 0.0) * s + o,
            Vector3::new(2.0, 0.0, 0.5) * s + o,
            Vector3::new(0.0, 2.0, -0.5) * s + o,
        )
        .unwrap();
        query(&cap, &tri).distance
    });
}
