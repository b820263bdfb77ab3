//! parry2d's vectors, poses and convex shapes as gjk's.

use gjk::nalgebra::{Complex, Isometry2, Translation2, UnitComplex, Vector2};
use gjk::{Shape2, Transformed};
use parry2d::math::{Pose, Vector};
use parry2d::shape::{Shape, ShapeType};

use super::shapes::hull;
use crate::cache::{address, Held, HullCache};

/// The dimension.
pub(crate) const D: usize = 2;
/// The most points a parry manifold takes here.
pub(crate) const MAX_POINTS: usize = 2;
/// gjk's shape for any parry convex shape of this dimension.
pub(crate) type GjkShape = Shape2<f32>;
/// A rigid placement.
pub(crate) type Iso = Isometry2<f32>;
/// gjk's vector.
pub(crate) type Vect = Vector2<f32>;
/// The cache of converted polygons.
pub(crate) type Hulls = HullCache<Vector, GjkShape>;

/// A parry vector as gjk's.
#[inline]
pub(crate) fn to_na(v: Vector) -> Vect {
    Vect::new(v.x, v.y)
}

/// A gjk vector as parry's.
#[inline]
pub(crate) fn from_na(v: &Vect) -> Vector {
    Vector::new(v.x, v.y)
}

/// A parry pose as an isometry (its rotation renormalised).
#[inline]
pub(crate) fn to_iso(pose: &Pose) -> Iso {
    let (c, s) = (pose.rotation.cos(), pose.rotation.sin());
    let rotation = UnitComplex::new_normalize(Complex::new(c, s));
    Isometry2::from_parts(Translation2::from(to_na(pose.translation)), rotation)
}

/// `shape` placed by `iso`.
#[inline]
pub(crate) fn place<'a>(shape: &'a GjkShape, iso: &Iso) -> Transformed<&'a GjkShape, f32, 2> {
    Transformed::from_isometry2(shape, iso)
}

/// Whether gjk takes this 2D-only kind.
pub(crate) fn takes_own(kind: ShapeType) -> bool {
    matches!(
        kind,
        ShapeType::ConvexPolygon | ShapeType::RoundConvexPolygon
    )
}

/// The 2D-only kinds: convex polygons, rounded or not.
#[inline]
pub(crate) fn convert_own(shape: &dyn Shape, hulls: &Hulls) -> Option<Held<GjkShape>> {
    match shape.shape_type() {
        ShapeType::ConvexPolygon => {
            let points = shape.as_convex_polygon()?.points();
            hull(address(shape), points, 0.0, hulls)
        }
        ShapeType::RoundConvexPolygon => {
            let r = shape.as_round_convex_polygon()?;
            hull(
                address(shape),
                r.inner_shape.points(),
                r.border_radius,
                hulls,
            )
        }
        _ => None,
    }
}
