//! parry3d's vectors, poses and convex shapes as gjk's.

use gjk::nalgebra::{Isometry3, Quaternion, Translation3, UnitQuaternion, Vector3};
use gjk::{Cone, Cylinder, Shape3, Transformed};
use parry3d::math::{Pose, Vector};
use parry3d::shape::{Shape, ShapeType};

use super::shapes::{hull, rounded};
use crate::cache::{address, Held, HullCache};

/// The dimension.
pub(crate) const D: usize = 3;
/// The most points a parry manifold takes here.
pub(crate) const MAX_POINTS: usize = 4;
/// gjk's shape for any parry convex shape of this dimension.
pub(crate) type GjkShape = Shape3<f32>;
/// A rigid placement.
pub(crate) type Iso = Isometry3<f32>;
/// gjk's vector.
pub(crate) type Vect = Vector3<f32>;
/// The cache of converted polyhedra.
pub(crate) type Hulls = HullCache<Vector, GjkShape>;

/// A parry vector as gjk's.
#[inline]
pub(crate) fn to_na(v: Vector) -> Vect {
    Vect::new(v.x, v.y, v.z)
}

/// A gjk vector as parry's.
#[inline]
pub(crate) fn from_na(v: &Vect) -> Vector {
    Vector::new(v.x, v.y, v.z)
}

/// A parry pose as an isometry (its quaternion renormalised).
#[inline]
pub(crate) fn to_iso(pose: &Pose) -> Iso {
    let q = pose.rotation;
    let rotation = UnitQuaternion::new_normalize(Quaternion::new(q.w, q.x, q.y, q.z));
    Isometry3::from_parts(Translation3::from(to_na(pose.translation)), rotation)
}

/// `shape` placed by `iso`.
#[inline]
pub(crate) fn place<'a>(shape: &'a GjkShape, iso: &Iso) -> Transformed<&'a GjkShape, f32, 3> {
    Transformed::from_isometry3(shape, iso)
}

/// Whether gjk takes this 3D-only kind.
pub(crate) fn takes_own(kind: ShapeType) -> bool {
    use ShapeType as K;
    let own = [
        K::Cylinder,
        K::Cone,
        K::RoundCylinder,
        K::RoundCone,
        K::ConvexPolyhedron,
    ];
    own.contains(&kind) || kind == K::RoundConvexPolyhedron
}

/// The 3D-only kinds: cylinders, cones, convex polyhedra, rounded or not.
#[inline]
pub(crate) fn convert_own(shape: &dyn Shape, hulls: &Hulls) -> Option<Held<GjkShape>> {
    let own = |s: GjkShape| Some(Held::Own(s));
    match shape.shape_type() {
        ShapeType::Cylinder => own(cylinder(shape.as_cylinder()?)?.into()),
        ShapeType::Cone => own(cone(shape.as_cone()?)?.into()),
        ShapeType::RoundCylinder => {
            let r = shape.as_round_cylinder()?;
            own(rounded(cylinder(&r.inner_shape)?, r.border_radius)?.into())
        }
        ShapeType::RoundCone => {
            let r = shape.as_round_cone()?;
            own(rounded(cone(&r.inner_shape)?, r.border_radius)?.into())
        }
        ShapeType::ConvexPolyhedron => {
            let points = shape.as_convex_polyhedron()?.points();
            hull(address(shape), points, 0.0, hulls)
        }
        ShapeType::RoundConvexPolyhedron => {
            let r = shape.as_round_convex_polyhedron()?;
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

#[inline]
fn cylinder(c: &parry3d::shape::Cylinder) -> Option<Cylinder<f32>> {
    Cylinder::new(c.half_height, c.radius).ok()
}

#[inline]
fn cone(c: &parry3d::shape::Cone) -> Option<Cone<f32>> {
    Cone::new(c.half_height, c.radius).ok()
}
