//! gjk's answers to parry's questions on two converted shapes, the second
//! placed in the first one's frame by `pos12`; `None` where gjk gives no
//! certified answer (an error value, or a status other than converged or
//! stalled on rounding), and the dispatcher then asks parry.
//!
//! This file serves both dimensions: `super` is `dim2` or `dim3`.

use gjk::{Config, Status};

use super::convert::{from_na, place, GjkShape, Iso, Vect, D};
use super::parry::math::Vector;
use super::parry::query::{
    ClosestPoints, Contact, ShapeCastHit, ShapeCastOptions, ShapeCastStatus, ShapeDistance,
    ShapeIntersection,
};

/// gjk's configuration for this dimension.
pub(super) type Cfg = Config<f32, D>;

/// Whether an answer with this status is certified: converged, or stopped
/// by rounding with its bounds still valid.
pub(super) fn trusted(status: Status) -> bool {
    matches!(status, Status::Converged | Status::Stalled)
}

/// A point of the first shape's frame in the second shape's frame.
pub(super) fn to_second(pos12: &Iso, p: &Vect) -> Vector {
    from_na(&pos12.inverse_transform_vector(&(p - pos12.translation.vector)))
}

/// Whether the shapes overlap or touch.
pub(super) fn intersection(
    a: &GjkShape,
    b: &GjkShape,
    pos12: &Iso,
    config: &Cfg,
) -> Option<ShapeIntersection> {
    let hit = gjk::intersects(a, &place(b, pos12), config).ok()?;
    Some(ShapeIntersection::new(hit))
}

/// The distance between the shapes (zero when they overlap).
pub(super) fn distance(
    a: &GjkShape,
    b: &GjkShape,
    pos12: &Iso,
    config: &Cfg,
) -> Option<ShapeDistance> {
    let d = gjk::distance(a, &place(b, pos12), config).ok()?;
    trusted(d.status).then(|| ShapeDistance::new(d.distance))
}

/// The contact within `prediction`, in each shape's own frame.
pub(super) fn contact(
    a: &GjkShape,
    b: &GjkShape,
    pos12: &Iso,
    prediction: f32,
    config: &Cfg,
) -> Option<Option<Contact>> {
    match gjk::contact(a, &place(b, pos12), prediction, config).ok()? {
        None => Some(None),
        Some(c) if trusted(c.status) => Some(Some(Contact::new(
            from_na(&c.point_a),
            to_second(pos12, &c.point_b),
            from_na(&c.normal),
            from_na(&pos12.inverse_transform_vector(&-c.normal)),
            c.distance,
        ))),
        Some(_) => None,
    }
}

/// The closest points when the shapes are apart by at most `max_dist`.
pub(super) fn closest_points(
    a: &GjkShape,
    b: &GjkShape,
    pos12: &Iso,
    max_dist: f32,
    config: &Cfg,
) -> Option<ClosestPoints> {
    let answer = match gjk::closest_points(a, &place(b, pos12), max_dist, config).ok()? {
        None => ClosestPoints::Disjoint,
        Some(d) if !trusted(d.status) => return None,
        Some(d) if d.distance <= 0.0 => ClosestPoints::Intersecting,
        Some(d) if d.distance > max_dist => ClosestPoints::Disjoint,
        Some(d) => ClosestPoints::WithinMargin(from_na(&d.point_a), to_second(pos12, &d.point_b)),
    };
    Some(answer)
}

/// The first contact of the second shape moving at `vel` relative to the
/// first (in the first one's frame), for casts that start apart and stop
/// at the first contact; `None` (parry answers) for casts that start in
/// contact or within the target distance (parry's conventions for the
/// geometry at `t = 0` are its own) or that pass through contacts
/// (`stop_at_penetration` off).
pub(super) fn cast(
    a: &GjkShape,
    b: &GjkShape,
    (pos12, vel): (&Iso, &Vect),
    options: &ShapeCastOptions,
    config: &Cfg,
) -> Option<Option<ShapeCastHit>> {
    if !options.stop_at_penetration {
        return None;
    }
    let (max_t, gap) = (options.max_time_of_impact, options.target_distance);
    let placed = place(b, pos12);
    let Some(hit) = gjk::shape_cast_with_separation(a, &placed, *vel, max_t, gap, config).ok()?
    else {
        return Some(None);
    };
    let normal = hit.normal.filter(|_| trusted(hit.status) && hit.t > 0.0)?;
    // B's witness at the time of impact, carried back to B's own frame.
    let at_rest = hit.point_b - vel * hit.t;
    Some(Some(ShapeCastHit {
        time_of_impact: hit.t,
        witness1: from_na(&hit.point_a),
        witness2: to_second(pos12, &at_rest),
        normal1: from_na(&normal),
        normal2: from_na(&pos12.inverse_transform_vector(&-normal)),
        status: ShapeCastStatus::Converged,
        subshape1: 0,
        subshape2: 0,
    }))
}
