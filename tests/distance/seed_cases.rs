//! The classic uses: boolean intersection of rotated boxes and tetrahedra in
//! 3D, and 2D polygon–polygon / polygon–circle distance the way Box2D's
//! `b2Distance` is used (a polygon with a skin radius is a rounded polygon).
//! Expected values are computed by hand in the comments.

use gjk::nalgebra::{Isometry2, Isometry3, Translation3, UnitQuaternion, Vector2, Vector3};
use gjk::{
    closest_points, distance, hull::Polygon, hull::Scanned, intersects, Ball, Config, Cuboid, Real,
    Rounded, Segment, SupportMap, Transformed,
};

/// f64 budget: 8 ulps of the scene's scale (coordinates up to about 5).
const F64_TOL: f64 = 8.0 * f64::EPSILON * 5.0;
/// f32 budget: the same 8 ulps of scale 5.
const F32_TOL: f32 = 8.0 * f32::EPSILON * 5.0;

#[track_caller]
fn check_distance<T: Real, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    expected: T,
    tol: T,
) {
    let config = Config::default();
    let d = distance(a, b, &config).unwrap();
    assert!(
        (d.distance - expected).abs() <= tol,
        "distance {d:?}, expected {expected:?}"
    );
    let hit = intersects(a, b, &config).unwrap();
    assert_eq!(
        hit,
        expected <= tol,
        "intersects for expected distance {expected:?}: {d:?}"
    );
    if expected > tol {
        assert!((d.point_b - d.point_a).norm() - expected <= tol);
        assert!(closest_points(a, b, expected * T::lit(0.5), &config)
            .unwrap()
            .is_none());
        assert!(closest_points(a, b, expected * T::lit(1.5), &config)
            .unwrap()
            .is_some());
    }
}

// ---------------------------------------------------------------- 3D boxes

#[test]
fn rotated_boxes_3d() {
    let cube = Cuboid::new(Vector3::new(1.0, 1.0, 1.0)).unwrap();
    let fixed = |x: f64| Transformed::from_isometry3(cube, &Isometry3::translation(x, 0.0, 0.0));
    let s2 = 2f64.sqrt();
    let s3 = 3f64.sqrt();

    // A cube turned 45° about z reaches sqrt 2 along x (a vertical edge).
    let turned = Transformed::from_isometry3(
        cube,
        &Isometry3::new(
            Vector3::zeros(),
            Vector3::z() * core::f64::consts::FRAC_PI_4,
        ),
    );
    for (x, expected) in [(3.0, 2.0 - s2), (1.0 + s2, 0.0), (2.0, 0.0), (0.5, 0.0)] {
        check_distance(&turned, &fixed(x), expected, F64_TOL);
    }

    // A cube turned so that its corner (1, 1, 1) points along +x reaches
    // sqrt 3 along x, meeting the other cube's face at its centre.
    let corner =
        UnitQuaternion::rotation_between(&Vector3::new(1.0, 1.0, 1.0), &Vector3::x()).unwrap();
    let tipped = Transformed::from_isometry3(
        cube,
        &Isometry3::from_parts(Translation3::identity(), corner),
    );
    for (x, expected) in [(3.5, 2.5 - s3), (1.0 + s3, 0.0), (2.5, 0.0)] {
        check_distance(&tipped, &fixed(x), expected, F64_TOL);
    }
    let d = distance(&tipped, &fixed(3.5), &Config::default()).unwrap();
    assert!(
        (d.point_a - Vector3::new(s3, 0.0, 0.0)).norm() <= 1e-12,
        "{d:?}"
    );

    // Both boxes moved by the same rigid motion: distances unchanged.
    let pose = Isometry3::new(Vector3::new(10.0, -3.0, 2.0), Vector3::new(0.4, -1.1, 0.7));
    let a = Transformed::from_isometry3(
        cube,
        &(pose
            * Isometry3::new(
                Vector3::zeros(),
                Vector3::z() * core::f64::consts::FRAC_PI_4,
            )),
    );
    let b = Transformed::from_isometry3(cube, &(pose * Isometry3::translation(3.0, 0.0, 0.0)));
    check_distance(&a, &b, 2.0 - s2, 4.0 * F64_TOL);
    let b = Transformed::from_isometry3(cube, &(pose * Isometry3::translation(2.0, 0.0, 0.0)));
    check_distance(&a, &b, 0.0, 4.0 * F64_TOL);

    // The same in f32.
    let cube32 = Cuboid::new(Vector3::new(1.0f32, 1.0, 1.0)).unwrap();
    let turned32 = Transformed::from_isometry3(
        cube32,
        &Isometry3::new(
            Vector3::zeros(),
            Vector3::z() * core::f32::consts::FRAC_PI_4,
        ),
    );
    let fixed32 =
        |x: f32| Transformed::from_isometry3(cube32, &Isometry3::translation(x, 0.0, 0.0));
    check_distance(&turned32, &fixed32(3.0), 2.0 - 2f32.sqrt(), F32_TOL);
    check_distance(&turned32, &fixed32(2.0), 0.0, F32_TOL);
}

// ---------------------------------------------------------------- tetrahedra

#[test]
fn tetrahedra_3d() {
    // T1 = hull {0, e_x, e_y, e_z}; T2 = its point reflection through
    // (s, s, s)/2... written as vertices c - p with c = (s, s, s). T1's face
    // x + y + z = 1 faces T2's face x + y + z = 3s - 1, and the two faces
    // overlap when projected, so the distance is (3s - 2) / sqrt 3.
    let t1 = [
        Vector3::new(0.0, 0.0, 0.0),
        Vector3::new(1.0, 0.0, 0.0),
        Vector3::new(0.0, 1.0, 0.0),
        Vector3::new(0.0, 0.0, 1.0),
    ];
    let a = Scanned::new(&t1).unwrap();
    for (s, expected) in [
        (1.0, 1.0 / 3f64.sqrt()),
        (2.0, 4.0 / 3f64.sqrt()),
        (0.5, 0.0),
        (0.25, 0.0),
    ] {
        let c = Vector3::repeat(s);
        let t2: Vec<_> = t1.iter().map(|p| c - p).collect();
        check_distance(&a, &Scanned::new(&t2).unwrap(), expected, F64_TOL);
    }
    // Touching face to face: s = 2/3 up to rounding of s.
    let c = Vector3::repeat(2.0 / 3.0);
    let t2: Vec<_> = t1.iter().map(|p| c - p).collect();
    let d = distance(&a, &Scanned::new(&t2).unwrap(), &Config::default()).unwrap();
    assert!(d.distance <= F64_TOL, "{d:?}");
    assert!(intersects(&a, &Scanned::new(&t2).unwrap(), &Config::default()).unwrap());

    // Vertex to vertex: T1 shifted by (t, 0, 0) meets T1's vertex e_x with
    // its own vertex (t, 0, 0): distance t - 1.
    for (t, expected) in [(3.0, 2.0), (1.0, 0.0), (0.5, 0.0)] {
        let shifted: Vec<_> = t1.iter().map(|p| p + Vector3::new(t, 0.0, 0.0)).collect();
        check_distance(&a, &Scanned::new(&shifted).unwrap(), expected, F64_TOL);
    }

    // Both tetrahedra under one rigid motion (through Transformed).
    let pose = Isometry3::new(Vector3::new(-2.0, 5.0, 1.0), Vector3::new(1.2, 0.3, -0.5));
    let t2: Vec<_> = t1.iter().map(|p| Vector3::repeat(1.0) - p).collect();
    let b = Scanned::new(&t2).unwrap();
    let ma = Transformed::from_isometry3(a, &pose);
    let mb = Transformed::from_isometry3(b, &pose);
    check_distance(&ma, &mb, 1.0 / 3f64.sqrt(), 4.0 * F64_TOL);

    // In f32.
    let t1f: Vec<Vector3<f32>> = t1.iter().map(|p| p.cast()).collect();
    let t2f: Vec<Vector3<f32>> = t1f.iter().map(|p| Vector3::repeat(1.0) - p).collect();
    check_distance(
        &Scanned::new(&t1f).unwrap(),
        &Scanned::new(&t2f).unwrap(),
        1.0 / 3f32.sqrt(),
        F32_TOL,
    );
}

// ---------------------------------------------------------------- 2D, Box2D style

fn square<T: Real>(h: f64) -> [Vector2<T>; 4] {
    let h = T::lit(h);
    [
        Vector2::new(-h, -h),
        Vector2::new(h, -h),
        Vector2::new(h, h),
        Vector2::new(-h, h),
    ]
}

fn polygon_polygon_case<T: Real>(tol: T) {
    let l = |x: f64| T::lit(x);
    let sq = square::<T>(1.0);
    let a = Polygon::new(&sq).unwrap();

    // Box2D's own distance check: the box [-1, 1]^2 and the segment
    // x = 2, y in [-1, 1] are 1 apart.
    let seg = Segment::new(Vector2::new(l(2.0), l(-1.0)), Vector2::new(l(2.0), l(1.0))).unwrap();
    check_distance(&a, &seg, T::one(), tol);

    // A triangle whose vertex (3, 0) faces the square's right edge: 2.
    let tri = [
        Vector2::new(l(3.0), l(0.0)),
        Vector2::new(l(5.0), l(-1.0)),
        Vector2::new(l(5.0), l(1.0)),
    ];
    let b = Polygon::new(&tri).unwrap();
    check_distance(&a, &b, l(2.0), tol);
    let d = distance(&a, &b, &Config::default()).unwrap();
    assert!((d.point_a - Vector2::new(l(1.0), l(0.0))).amax() <= tol);
    assert!((d.point_b - Vector2::new(l(3.0), l(0.0))).amax() <= tol);

    // With Box2D-style skins (radius 0.1 on each): 2 - 0.2.
    let ra = Rounded::new(a, l(0.1)).unwrap();
    let rb = Rounded::new(b, l(0.1)).unwrap();
    check_distance(&ra, &rb, l(1.8), tol);
    let d = distance(&ra, &rb, &Config::default()).unwrap();
    assert!((d.point_a - Vector2::new(l(1.1), l(0.0))).amax() <= tol);
    assert!((d.point_b - Vector2::new(l(2.9), l(0.0))).amax() <= tol);
    // Skins overlapping but cores apart: distance 0, intersecting.
    let thick = Rounded::new(b, l(2.0)).unwrap();
    check_distance(&ra, &thick, T::zero(), tol);

    // A square turned 45° about its centre at (4, 0): its vertex reaches
    // x = 4 - sqrt 2, so the gap is 3 - sqrt 2.
    let turned = Transformed::from_isometry2(
        a,
        &Isometry2::new(
            Vector2::new(l(4.0), T::zero()),
            l(core::f64::consts::FRAC_PI_4),
        ),
    );
    check_distance(&a, &turned, l(3.0 - 2f64.sqrt()), tol);
    // Moved to x = 1 + sqrt 2 it touches; to x = 2 it overlaps.
    let touching = Transformed::from_isometry2(
        a,
        &Isometry2::new(
            Vector2::new(l(1.0 + 2f64.sqrt()), T::zero()),
            l(core::f64::consts::FRAC_PI_4),
        ),
    );
    check_distance(&a, &touching, T::zero(), tol);
    let over =
        Transformed::from_isometry2(a, &Isometry2::new(Vector2::new(l(2.0), l(0.5)), l(0.3)));
    check_distance(&a, &over, T::zero(), tol);
}

#[test]
fn polygon_polygon_2d() {
    polygon_polygon_case::<f64>(F64_TOL);
    polygon_polygon_case::<f32>(F32_TOL);
}

fn polygon_circle_case<T: Real>(tol: T) {
    let l = |x: f64| T::lit(x);
    let sq = square::<T>(1.0);
    let a = Polygon::new(&sq).unwrap();
    // Circle of radius 1 at (3, 3): nearest the corner, 2 sqrt 2 - 1.
    let c = Ball::new(Vector2::new(l(3.0), l(3.0)), T::one()).unwrap();
    check_distance(&a, &c, l(2.0 * 2f64.sqrt() - 1.0), tol);
    let d = distance(&a, &c, &Config::default()).unwrap();
    assert!((d.point_a - Vector2::new(l(1.0), l(1.0))).amax() <= tol);
    let n = d.normal.unwrap();
    assert!((n - Vector2::new(l(0.5f64.sqrt()), l(0.5f64.sqrt()))).amax() <= tol);
    // Circle of radius 0.5 at (0.3, 2): nearest the top edge, 0.5.
    let c = Ball::new(Vector2::new(l(0.3), l(2.0)), l(0.5)).unwrap();
    check_distance(&a, &c, l(0.5), tol);
    // Skinned polygon (radius 0.25) against the same circle: 0.25.
    check_distance(&Rounded::new(a, l(0.25)).unwrap(), &c, l(0.25), tol);
    // Circle centre inside the polygon, and a circle just touching an edge.
    let inside = Ball::new(Vector2::new(l(0.5), l(-0.25)), l(0.1)).unwrap();
    check_distance(&a, &inside, T::zero(), tol);
    let touching = Ball::new(Vector2::new(l(-1.5), l(0.25)), l(0.5)).unwrap();
    check_distance(&a, &touching, T::zero(), tol);
    // A regular hexagon of circumradius 2 and a circle beyond an edge
    // midpoint: the apothem is sqrt 3, so from (0, 4) the gap is 4 - sqrt 3 - 1.
    let hex: Vec<_> = (0..6)
        .map(|i| {
            let a = core::f64::consts::FRAC_PI_3 * i as f64;
            Vector2::new(l(2.0 * a.cos()), l(2.0 * a.sin()))
        })
        .collect();
    let h = Polygon::new(&hex).unwrap();
    let c = Ball::new(Vector2::new(T::zero(), l(4.0)), T::one()).unwrap();
    check_distance(&h, &c, l(3.0 - 3f64.sqrt()), tol);
}

#[test]
fn polygon_circle_2d() {
    polygon_circle_case::<f64>(F64_TOL);
    polygon_circle_case::<f32>(F32_TOL);
}
