//! The convex kinds parry has in both dimensions, converted to gjk's; the
//! kinds of one dimension only are left to `convert::convert_own`.
//!
//! This file serves both dimensions: `super` is `dim2` or `dim3`.

use gjk::{Ball, Capsule, Cuboid, OwnedHull, Rounded, Segment, Triangle};

use super::convert::{convert_own, takes_own, to_na, GjkShape, Hulls, Vect, D};
use super::parry;
use super::parry::math::Vector;
use super::parry::shape::{Shape, ShapeType};
use crate::cache::Held;

/// The gjk shape for `shape`, or `None` for a kind gjk does not take here
/// (composites, meshes, height fields, half-spaces, voxels, custom) or a
/// shape its constructors reject (degenerate or non-finite).
#[inline(always)]
pub(crate) fn convert(shape: &dyn Shape, hulls: &Hulls) -> Option<Held<GjkShape>> {
    let own = |s: GjkShape| Some(Held::Own(s));
    match shape.shape_type() {
        ShapeType::Ball => own(Ball::new(Vect::zeros(), shape.as_ball()?.radius)
            .ok()?
            .into()),
        ShapeType::Cuboid => own(cuboid(shape.as_cuboid()?)?.into()),
        ShapeType::Capsule => {
            let c = shape.as_capsule()?;
            let (a, b) = (to_na(c.segment.a), to_na(c.segment.b));
            own(Capsule::new(a, b, c.radius).ok()?.into())
        }
        ShapeType::Segment => {
            let s = shape.as_segment()?;
            own(Segment::new(to_na(s.a), to_na(s.b)).ok()?.into())
        }
        ShapeType::Triangle => own(triangle(shape.as_triangle()?)?.into()),
        ShapeType::RoundCuboid => {
            let r = shape.as_round_cuboid()?;
            own(rounded(cuboid(&r.inner_shape)?, r.border_radius)?.into())
        }
        ShapeType::RoundTriangle => {
            let r = shape.as_round_triangle()?;
            own(rounded(triangle(&r.inner_shape)?, r.border_radius)?.into())
        }
        _ => convert_own(shape, hulls),
    }
}

/// Whether gjk takes shapes of this kind (a shape of it may still be
/// rejected by gjk's constructors: degenerate or non-finite).
#[inline]
pub(crate) fn takes(shape: &dyn Shape) -> bool {
    use ShapeType as K;
    let kind = shape.shape_type();
    let common = [
        K::Ball,
        K::Cuboid,
        K::Capsule,
        K::Segment,
        K::Triangle,
        K::RoundCuboid,
        K::RoundTriangle,
    ];
    common.contains(&kind) || takes_own(kind)
}

/// The hull of `points` for the shape at `key` (rounded by `radius`), from
/// the cache or built.
pub(super) fn hull(
    key: usize,
    points: &[Vector],
    radius: f32,
    hulls: &Hulls,
) -> Option<Held<GjkShape>> {
    let build = || {
        let points: Vec<Vect> = points.iter().copied().map(to_na).collect();
        let h = OwnedHull::<f32, D>::new(points).ok()?;
        Some(match radius {
            0.0 => h.into(),
            r => rounded(h, r)?.into(),
        })
    };
    hulls
        .get_or_build(key, points, radius, build)
        .map(Held::Shared)
}

/// `shape` with its surface moved out by `radius`.
#[inline]
pub(super) fn rounded<S>(shape: S, radius: f32) -> Option<Rounded<S, f32>> {
    Rounded::new(shape, radius).ok()
}

#[inline]
fn cuboid(c: &parry::shape::Cuboid) -> Option<Cuboid<f32, D>> {
    Cuboid::new(to_na(c.half_extents)).ok()
}

#[inline]
fn triangle(t: &parry::shape::Triangle) -> Option<Triangle<f32, D>> {
    Triangle::new(to_na(t.a), to_na(t.b), to_na(t.c)).ok()
}
