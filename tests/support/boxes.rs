//! Boxes placed by half-extents, axes (the rotation's columns) and centre,
//! as the `manifold` fuzz target's box pairs build them, and how far a
//! point lies outside one.

use gjk::nalgebra::Matrix3;
use gjk::Vector;

/// A box placed by half-extents, axes (the rotation's columns) and centre.
pub type Placed = gjk::Transformed<gjk::Cuboid<f64, 3>, f64, 3>;

/// The box of half-extents `half`, axes `axes` and centre `centre`.
pub fn placed(half: [f64; 3], axes: [[f64; 3]; 3], centre: [f64; 3]) -> Placed {
    let columns = axes.map(Vector::<f64, 3>::from);
    gjk::Transformed::new(
        gjk::Cuboid::new(Vector::<f64, 3>::from(half)).unwrap(),
        Matrix3::from_columns(&columns),
        Vector::<f64, 3>::from(centre),
    )
    .unwrap()
}

/// How far `p` lies outside the box (`half`, `axes`, `centre`): the most
/// its coordinates in the box's frame (by the inverse of the axes' matrix,
/// which may be a little off orthogonal) exceed the half-extents.
pub fn outside(p: &Vector<f64, 3>, half: [f64; 3], axes: [[f64; 3]; 3], centre: [f64; 3]) -> f64 {
    let m = Matrix3::from_columns(&axes.map(Vector::<f64, 3>::from));
    let local = m.try_inverse().unwrap() * (p - Vector::<f64, 3>::from(centre));
    (0..3)
        .map(|i| local[i].abs() - half[i])
        .fold(f64::NEG_INFINITY, f64::max)
}

/// Half-extents, axes and centre of a placed box.
pub type BoxParts = ([f64; 3], [[f64; 3]; 3], [f64; 3]);

/// Asserts that `pa` lies in box `a` and `pb` in box `b` within `budget`.
pub fn in_boxes(
    pa: &Vector<f64, 3>,
    pb: &Vector<f64, 3>,
    (ha, ua, ca): BoxParts,
    (hb, ub, cb): BoxParts,
    budget: f64,
    answer: &dyn core::fmt::Debug,
) {
    let (out_a, out_b) = (outside(pa, ha, ua, ca), outside(pb, hb, ub, cb));
    assert!(
        out_a <= budget && out_b <= budget,
        "points outside their boxes by {out_a:e} (A) and {out_b:e} (B), budget {budget:e}; {answer:?}"
    );
}
