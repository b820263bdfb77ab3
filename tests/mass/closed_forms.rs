//! Every solid against its textbook formulas, written here independently of
//! the library's (inertia tensors from tables, converted to second
//! moments). Budget: 1e-12 relative in `f64`, 2e-6 in `f32` (a few dozen
//! roundings of `f32`'s 6e-8).

use core::f64::consts::PI;

use gjk::hull::Polygon;
use gjk::{
    Ball, Capsule, Cone, Cuboid, Cylinder, Ellipsoid, MassProperties, Real, Solid, Transformed,
    Triangle, Vector,
};
use nalgebra::{Matrix2, Matrix3, Rotation3, SMatrix, Vector2, Vector3};

use super::{diagonal, error, hull2, second_from_inertia, UNIT_BALL};

const F64_BUDGET: f64 = 1e-12;
const F32_BUDGET: f64 = 2e-6;

/// Cast an `f64` vector to `T`.
fn to<T: Real, const D: usize>(v: &Vector<f64, D>) -> Vector<T, D> {
    v.map(T::lit)
}

fn balls_in<T: Real, const D: usize>() -> f64 {
    let mut worst = 0.0_f64;
    for (r, density) in [(1.0, 1.0), (0.3, 2.5), (7.25, 0.125)] {
        let center = Vector::<f64, D>::from_fn(|i, _| 0.5 * i as f64 - 1.0);
        let ball = Ball::new(to::<T, D>(&center), T::lit(r)).unwrap();
        let got = ball.mass_properties(T::lit(density));
        let m = density * UNIT_BALL[D] * r.powi(D as i32);
        let want = diagonal(m, center, [m * r * r / (D as f64 + 2.0); D]);
        worst = worst.max(error(&got, &want));
    }
    worst
}

fn cuboids_in<T: Real, const D: usize>() -> f64 {
    let half = Vector::<f64, D>::from_fn(|i, _| 0.5 + 0.75 * i as f64);
    let got = Cuboid::new(to::<T, D>(&half))
        .unwrap()
        .mass_properties(T::lit(3.0));
    let m = 3.0 * half.iter().map(|h| 2.0 * h).product::<f64>();
    let want = diagonal(
        m,
        Vector::zeros(),
        core::array::from_fn(|i| m * half[i] * half[i] / 3.0),
    );
    error(&got, &want)
}

fn ellipsoids_in<T: Real, const D: usize>() -> f64 {
    let axes = Vector::<f64, D>::from_fn(|i, _| 2.0 - 0.375 * i as f64);
    let got = Ellipsoid::new(to::<T, D>(&axes))
        .unwrap()
        .mass_properties(T::lit(0.5));
    let m = 0.5 * UNIT_BALL[D] * axes.iter().product::<f64>();
    let c = core::array::from_fn(|i| m * axes[i] * axes[i] / (D as f64 + 2.0));
    error(&got, &diagonal(m, Vector::zeros(), c))
}

fn generic_shapes<T: Real>() -> f64 {
    let balls = [
        balls_in::<T, 1>(),
        balls_in::<T, 2>(),
        balls_in::<T, 3>(),
        balls_in::<T, 4>(),
    ];
    let boxes = [
        cuboids_in::<T, 1>(),
        cuboids_in::<T, 2>(),
        cuboids_in::<T, 3>(),
        cuboids_in::<T, 4>(),
    ];
    let ellipsoids = [
        ellipsoids_in::<T, 1>(),
        ellipsoids_in::<T, 2>(),
        ellipsoids_in::<T, 3>(),
        ellipsoids_in::<T, 4>(),
    ];
    let worst = |e: [f64; 4]| e.into_iter().fold(0.0, f64::max);
    let (b, c, e) = (worst(balls), worst(boxes), worst(ellipsoids));
    eprintln!(
        "  D = 1..4, {} bits: ball {b:.2e}, cuboid {c:.2e}, ellipsoid {e:.2e}",
        T::EPSILON.widen().log2().abs() + 1.0
    );
    b.max(c).max(e)
}

#[test]
fn balls_boxes_and_ellipsoids_in_one_to_four_dimensions() {
    // Budget: F64_BUDGET in f64, F32_BUDGET in f32.
    let (e64, e32) = (generic_shapes::<f64>(), generic_shapes::<f32>());
    eprintln!("ball/cuboid/ellipsoid D=1..4: f64 {e64:.2e}, f32 {e32:.2e}");
    assert!(e64 < F64_BUDGET, "{e64}");
    assert!(e32 < F32_BUDGET, "{e32}");
}

/// A 3D capsule along `y` from the tables: a cylinder of length `l` and
/// two hemispheres, `I_y = m_c r²/2 + m_s 2r²/5` and
/// `I_x = m_c (l²/12 + r²/4) + m_s (2r²/5 + l²/4 + 3 l r / 8)`.
fn capsule3_along_y(l: f64, r: f64, density: f64) -> MassProperties<f64, 3> {
    let (mc, ms) = (
        density * PI * r * r * l,
        density * 4.0 / 3.0 * PI * r * r * r,
    );
    let iy = mc * r * r / 2.0 + ms * 2.0 * r * r / 5.0;
    let ix = mc * (l * l / 12.0 + r * r / 4.0)
        + ms * (2.0 * r * r / 5.0 + l * l / 4.0 + 3.0 * l * r / 8.0);
    let inertia = Matrix3::from_diagonal(&Vector3::new(ix, iy, ix));
    MassProperties {
        mass: mc + ms,
        center: Vector3::zeros(),
        second_moment: second_from_inertia(&inertia),
    }
}

fn capsules<T: Real>() -> f64 {
    let mut worst = 0.0_f64;
    // Along y, then along a turned axis: the turn checked by rotating the table's tensor.
    let (l, r, density) = (2.5, 0.75, 1.5);
    let turn = Rotation3::from_euler_angles(0.3, -1.1, 0.7);
    let centre = Vector3::new(1.0, -2.0, 0.5);
    let a = turn * Vector3::new(0.0, -l / 2.0, 0.0) + centre;
    let b = turn * Vector3::new(0.0, l / 2.0, 0.0) + centre;
    let capsule = Capsule::new(to::<T, 3>(&a), to::<T, 3>(&b), T::lit(r)).unwrap();
    let want = capsule3_along_y(l, r, density).transformed(turn.matrix(), &centre);
    worst = worst.max(error(&capsule.mass_properties(T::lit(density)), &want));
    // A capsule of no length is a ball.
    let p = Vector3::new(0.5, 0.5, 0.5);
    let dot = Capsule::new(to::<T, 3>(&p), to::<T, 3>(&p), T::lit(r)).unwrap();
    let m = density * 4.0 / 3.0 * PI * r.powi(3);
    worst = worst.max(error(
        &dot.mass_properties(T::lit(density)),
        &diagonal(m, p, [m * r * r / 5.0; 3]),
    ));
    // 2D: a rectangle l × 2r and a disc split at the ends.
    let (a, b) = (Vector2::new(-1.0_f64, 0.5), Vector2::new(1.4_f64, 1.2));
    let l: f64 = (b - a).norm();
    let (mr, md) = (density * l * 2.0 * r, density * PI * r * r);
    let along =
        mr * l * l / 12.0 + md * (r * r / 4.0 + l * l / 4.0) + density * 4.0 * l * r * r * r / 3.0;
    let across = mr * r * r / 3.0 + md * r * r / 4.0;
    let u: Vector2<f64> = (b - a) / l;
    let c = u * u.transpose() * along + (Matrix2::identity() - u * u.transpose()) * across;
    let want = MassProperties {
        mass: mr + md,
        center: (a + b) / 2.0,
        second_moment: c,
    };
    let capsule = Capsule::new(to::<T, 2>(&a), to::<T, 2>(&b), T::lit(r)).unwrap();
    worst = worst.max(error(&capsule.mass_properties(T::lit(density)), &want));
    // 1D: a segment of length l + 2r.
    let (a, b) = (Vector::<f64, 1>::new(-1.0), Vector::<f64, 1>::new(2.0));
    let capsule = Capsule::new(to::<T, 1>(&a), to::<T, 1>(&b), T::lit(r)).unwrap();
    let len = 3.0 + 2.0 * r;
    let want = diagonal(
        density * len,
        Vector::<f64, 1>::new(0.5),
        [density * len.powi(3) / 12.0],
    );
    worst.max(error(&capsule.mass_properties(T::lit(density)), &want))
}

#[test]
fn capsules_in_one_two_and_three_dimensions() {
    // Budget: F64_BUDGET in f64, F32_BUDGET in f32.
    let (e64, e32) = (capsules::<f64>(), capsules::<f32>());
    eprintln!("capsule D=1..3: f64 {e64:.2e}, f32 {e32:.2e}");
    assert!(e64 < F64_BUDGET, "{e64}");
    assert!(e32 < F32_BUDGET, "{e32}");
}

fn revolutions<T: Real>() -> f64 {
    let (h, r, density) = (1.5, 0.625, 2.0);
    // Cylinder: I_axis = m r²/2, I_across = m (3r² + H²)/12.
    let m = density * PI * r * r * 2.0 * h;
    let ia = m * r * r / 2.0;
    let ix = m * (3.0 * r * r + 4.0 * h * h) / 12.0;
    let want = MassProperties {
        mass: m,
        center: Vector3::zeros(),
        second_moment: second_from_inertia(&Matrix3::from_diagonal(&Vector3::new(ix, ia, ix))),
    };
    let cylinder = Cylinder::new(T::lit(h), T::lit(r)).unwrap();
    let e1 = error(&cylinder.mass_properties(T::lit(density)), &want);
    // Cone of height H: I_axis = 3/10 m r², I_across = m (3r²/20 + 3H²/80)
    // about the centroid, a quarter of the height above the base.
    let big_h = 2.0 * h;
    let m = density * PI * r * r * big_h / 3.0;
    let ia = 0.3 * m * r * r;
    let ix = m * (3.0 * r * r / 20.0 + 3.0 * big_h * big_h / 80.0);
    let want = MassProperties {
        mass: m,
        center: Vector3::new(0.0, -h + big_h / 4.0, 0.0),
        second_moment: second_from_inertia(&Matrix3::from_diagonal(&Vector3::new(ix, ia, ix))),
    };
    let cone = Cone::new(T::lit(h), T::lit(r)).unwrap();
    e1.max(error(&cone.mass_properties(T::lit(density)), &want))
}

#[test]
fn cylinders_and_cones() {
    // Budget: F64_BUDGET in f64, F32_BUDGET in f32.
    let (e64, e32) = (revolutions::<f64>(), revolutions::<f32>());
    eprintln!("cylinder/cone: f64 {e64:.2e}, f32 {e32:.2e}");
    assert!(e64 < F64_BUDGET, "{e64}");
    assert!(e32 < F32_BUDGET, "{e32}");
}

/// A simple polygon's properties by Green's theorem over its boundary
/// (counter-clockwise): `A = ½ Σ cᵢ`, `∫x = ⅙ Σ cᵢ (xᵢ + xᵢ₊₁)`,
/// `∫x² = 1/12 Σ cᵢ (xᵢ² + xᵢ xᵢ₊₁ + xᵢ₊₁²)`,
/// `∫xy = 1/24 Σ cᵢ (xᵢ yᵢ₊₁ + 2 xᵢ yᵢ + 2 xᵢ₊₁ yᵢ₊₁ + xᵢ₊₁ yᵢ)`,
/// `cᵢ = xᵢ yᵢ₊₁ − xᵢ₊₁ yᵢ`.
pub fn green(vertices: &[Vector2<f64>], density: f64) -> MassProperties<f64, 2> {
    let (mut a, mut fx, mut fy, mut xx, mut yy, mut xy) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    for (i, p) in vertices.iter().enumerate() {
        let q = vertices[(i + 1) % vertices.len()];
        let c = p.x * q.y - q.x * p.y;
        a += c / 2.0;
        fx += c * (p.x + q.x) / 6.0;
        fy += c * (p.y + q.y) / 6.0;
        xx += c * (p.x * p.x + p.x * q.x + q.x * q.x) / 12.0;
        yy += c * (p.y * p.y + p.y * q.y + q.y * q.y) / 12.0;
        xy += c * (p.x * q.y + 2.0 * p.x * p.y + 2.0 * q.x * q.y + q.x * p.y) / 24.0;
    }
    let center = Vector2::new(fx / a, fy / a);
    let about = Matrix2::new(xx, xy, xy, yy) - center * center.transpose() * a;
    MassProperties {
        mass: density * a,
        center,
        second_moment: about * density,
    }
}

/// A convex polygon away from the origin, counter-clockwise.
pub fn heptagon() -> Vec<Vector2<f64>> {
    (0..7)
        .map(|k| {
            let t = 2.0 * PI * k as f64 / 7.0 + 0.2;
            Vector2::new(3.0 + 1.5 * t.cos() + 0.2 * (2.0 * t).sin(), -1.0 + t.sin())
        })
        .collect()
}

fn polygons<T: Real>() -> f64 {
    let density = 0.75;
    let v = heptagon();
    let want = green(&v, density);
    let vt: Vec<Vector2<T>> = v.iter().map(to::<T, 2>).collect();
    let polygon = Polygon::new(vt.clone()).unwrap();
    let e = error(&polygon.mass_properties(T::lit(density)), &want);
    let e = e.max(error(&hull2(&vt, T::lit(density)), &want));
    // Triangles in either order.
    let (a, b, c) = (
        Vector2::new(0.25, -0.5),
        Vector2::new(1.5, 0.25),
        Vector2::new(-0.5, 1.0),
    );
    let want = green(&[a, b, c], density);
    let t = |a, b, c| Triangle::new(to::<T, 2>(&a), to::<T, 2>(&b), to::<T, 2>(&c)).unwrap();
    let e = e.max(error(&t(a, b, c).mass_properties(T::lit(density)), &want));
    e.max(error(&t(a, c, b).mass_properties(T::lit(density)), &want))
}

#[test]
fn polygons_hulls_and_triangles_in_the_plane() {
    // Budget: F64_BUDGET in f64, F32_BUDGET in f32.
    let (e64, e32) = (polygons::<f64>(), polygons::<f32>());
    eprintln!("polygon/hull2/triangle: f64 {e64:.2e}, f32 {e32:.2e}");
    assert!(e64 < F64_BUDGET, "{e64}");
    assert!(e32 < F32_BUDGET, "{e32}");
}

#[test]
fn transformed_solids_move_their_properties() {
    // Budget: F64_BUDGET; a rotation about y leaves a cylinder's tensor
    // unchanged, a quarter turn about z swaps its x and y entries.
    let drum = Cylinder::new(1.5_f64, 0.5).unwrap();
    let m = drum.mass_properties(1.0);
    let quarter = SMatrix::<f64, 3, 3>::new(0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0);
    let t = Vector3::new(1.0, 2.0, 3.0);
    let moved = Transformed::new(drum, quarter, t)
        .unwrap()
        .mass_properties(1.0);
    let c = m.second_moment;
    let want = diagonal(m.mass, t, [c[(1, 1)], c[(0, 0)], c[(2, 2)]]);
    assert!(error(&moved, &want) < F64_BUDGET);
}
