//! Witnesses checked against the shapes they belong to: pinned to a box's
//! support set where that set is one point, and otherwise certified in
//! their shapes or reported as not converged.
//!
//! A contact's witnesses are barycentric combinations of the simplex's or
//! the polytope's support points, then moved onto the support planes along
//! the normal. On a sliver facet of `A − B` (a needle's end in a plate, a
//! point in a needle) the weights are known only to `ε` times the facet's
//! conditioning: the witnesses' sideways disagreement, shared by the
//! vertices' spread ([`Simplex::share_of_a`](crate::Simplex)), and their
//! miss of the depth along the normal, which moves `point_b` by as much,
//! can leave one of them outside its shape. Only answers whose witnesses
//! were so moved (beyond rounding, or along the normal beyond the bounds'
//! gap) are checked; the others are combinations of support points, in
//! their shapes to rounding.
//!
//! For a box that is checked cheaply: a witness outside the box (beyond
//! rounding and the tolerance the contact converged to) is wrong. Where
//! the box's support set along the normal is then a single point (a
//! corner, a needle's end), that point is the witness, and both witnesses
//! move across the normal onto it together, so that `point_b − point_a`
//! keeps its value; if the other shape is a box too, its witness must then
//! lie in it.
//!
//! Any other shape has no such test, so its witness is certified by GJK
//! between the point and the shape (run only for moved witnesses): it
//! must prove them within that same slack of each other. A stall proves
//! nothing here, though [`intersects`](crate::intersects) counts it as
//! touching. A witness left outside its box, or not certified in its
//! shape, is the best the weights' precision gives: a converged answer is
//! then reported [`Stalled`](crate::Status::Stalled).

use nalgebra::SVector;

use super::termination::proven_within;
use super::{begin, gjk_loop, Exits, ShapeAnswer};
use crate::engine::config::{Config, Status};
use crate::math::real::{max_abs, Real};
use crate::shape::{BoxFrame, Point, SupportMap};
use crate::simplex::Simplex;

/// `answer` with reconciled witnesses pinned to boxes
/// ([`pinned_to_boxes`]), then, where converged, each witness of a shape
/// that is not a box certified in it ([`certified_in`]), or the answer
/// marked stalled; `tolerance` is the relative tolerance it converged to,
/// and `size` the largest coordinate of the shape points it was computed
/// from, which its witnesses' rounding is relative to.
pub(crate) fn checked_witnesses<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    answer: ShapeAnswer<T, D>,
    tolerance: T,
    size: T,
) -> ShapeAnswer<T, D> {
    if !answer.reconciled {
        return answer;
    }
    let answer = pinned_to_boxes(a, b, answer, tolerance);
    if answer.status != Status::Converged {
        return answer;
    }
    let mut scale = max_abs(&answer.point_a).max(max_abs(&answer.point_b));
    if size.is_finite() {
        scale = scale.max(size);
    }
    let allowed = allowance(scale, tolerance, answer.distance);
    // (A box's witness was checked above.)
    let in_a = a.core_box().is_some() || certified_in(a, &answer.point_a, allowed, tolerance);
    if in_a && (b.core_box().is_some() || certified_in(b, &answer.point_b, allowed, tolerance)) {
        answer
    } else {
        ShapeAnswer {
            status: Status::Stalled,
            ..answer
        }
    }
}

/// The rounding of a witness computed from coordinates up to `scale`, in
/// units of `ε`: barycentric combinations of support points, each rounded
/// to a few ulps of the largest, on facets that may be slivers.
const WITNESS_ULPS: f64 = 64.0;

/// How far a witness may lie outside its shape: [`WITNESS_ULPS`] of the
/// coordinates' scale, and the tolerance the answer converged to, relative
/// to its `distance` as every tolerance of the queries is.
fn allowance<T: Real>(scale: T, tolerance: T, distance: T) -> T {
    T::lit(WITNESS_ULPS) * T::EPSILON * scale + tolerance.abs() * distance.abs()
}

/// Whether `p` is certified to lie in `shape` within `slack`: GJK between
/// the point and the shape, stopped once contact within `slack` is
/// decided, proved it ([`proven_within`]). A distance query would stall
/// on the very shapes that need this check (needles at the range's end,
/// where GJK's simplices are slivers); proving the point within a margin
/// of the shape is what GJK does first. [`intersects`](crate::intersects)
/// would not do either: it answers `true` after a stall, as touching to
/// working precision, where this needs a proof.
fn certified_in<T: Real, const D: usize>(
    shape: &(impl SupportMap<T, D> + ?Sized),
    p: &SVector<T, D>,
    slack: T,
    tolerance: T,
) -> bool {
    let Ok(point) = Point::new(*p) else {
        return false;
    };
    let config = Config {
        tolerance,
        ..Config::default()
    };
    if config.check().is_err() {
        return false;
    }
    let mut simplex = Simplex::new();
    let Ok(pair) = begin(&point, shape, &config, &mut simplex) else {
        return false;
    };
    let margin = slack * pair.scale();
    gjk_loop(
        &pair,
        &config,
        Exits::contact(margin),
        &mut simplex,
        &mut (),
        &mut (),
    )
    .is_ok_and(|answer| proven_within(&answer, margin))
}

/// `answer` with its witnesses moved onto a box's one-point support set
/// where they were reconciled by the weights' error model and a box's
/// witness lies outside it, or marked stalled where none can be moved
/// (see the module's docs);
/// `tolerance` is the relative tolerance the answer converged to.
fn pinned_to_boxes<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    answer: ShapeAnswer<T, D>,
    tolerance: T,
) -> ShapeAnswer<T, D> {
    let Some(n) = answer.normal.filter(|_| answer.reconciled) else {
        return answer;
    };
    let (box_a, box_b) = (a.core_box(), b.core_box());
    if box_a.is_none() && box_b.is_none() {
        return answer;
    }
    // The witnesses on the cores.
    let (core_a, core_b) = (
        answer.point_a - n * a.margin(),
        answer.point_b + n * b.margin(),
    );
    let scale = [&box_a, &box_b]
        .into_iter()
        .flatten()
        .fold(max_abs(&core_a).max(max_abs(&core_b)), |s, f| {
            s.max(max_abs(&f.centre) + f.half.iter().fold(T::zero(), |h, &x| h + x))
        });
    if !(scale.is_finite() && scale > T::zero()) {
        return answer;
    }
    // How far a witness may lie outside its box: rounding. (A support
    // point along a normal known only to the tolerance is still in its
    // shape.) The normal's tolerance does matter to whether a support set
    // is one point: `slack` below.
    let allowed = allowance(scale, tolerance, answer.distance);
    let slack = (T::ROUNDING_FLOOR + tolerance.abs()) * scale;
    let sides = [
        (&box_b, core_b, &box_a, core_a, -n),
        (&box_a, core_a, &box_b, core_b, n),
    ];
    for (own, witness, other, partner, dir) in sides {
        let Some(frame) = own else {
            continue;
        };
        if !outside(frame, &witness, allowed) {
            continue;
        }
        let Some(corner) = one_point_support(frame, &dir, slack) else {
            continue;
        };
        let off = corner - witness;
        let across = off - n * n.dot(&off);
        let finite = across.iter().all(|x| x.is_finite());
        let fits = other
            .as_ref()
            .is_none_or(|f| !outside(f, &(partner + across), allowed));
        if finite && fits {
            return ShapeAnswer {
                point_a: answer.point_a + across,
                point_b: answer.point_b + across,
                ..answer
            };
        }
    }
    // No pin: a witness still outside its box is the best the weights'
    // precision gives, and says so.
    let off = |frame: &Option<BoxFrame<T, D>>, p: &SVector<T, D>| {
        frame.as_ref().is_some_and(|f| outside(f, p, allowed))
    };
    if answer.status == Status::Converged && (off(&box_a, &core_a) || off(&box_b, &core_b)) {
        return ShapeAnswer {
            status: Status::Stalled,
            ..answer
        };
    }
    answer
}

/// Whether `p` lies outside the box by more than `slack`: its coordinates
/// along the axes exceed the half extents by more than `slack` and what
/// the frame's skew (axes a little off orthonormal, as
/// [`Transformed`](crate::Transformed) accepts) could put there.
fn outside<T: Real, const D: usize>(frame: &BoxFrame<T, D>, p: &SVector<T, D>, slack: T) -> bool {
    let d = p - frame.centre;
    let beyond = frame
        .axes
        .iter()
        .zip(frame.half.iter())
        .fold(T::zero(), |m, (u, &h)| m.max(u.dot(&d).abs() - h));
    if !(beyond > slack) {
        return false;
    }
    // Only then the skew, `max |uᵢ · uⱼ − δᵢⱼ|`, times the box's size.
    let mut skew = T::zero();
    for (i, u) in frame.axes.iter().enumerate() {
        for (j, v) in frame.axes.iter().enumerate() {
            let unit = if i == j { T::one() } else { T::zero() };
            skew = skew.max((u.dot(v) - unit).abs());
        }
    }
    let size = frame.half.iter().fold(T::zero(), |s, &h| s + h);
    beyond - skew * size > slack
}

/// The box's support point along `dir` when its support set is that one
/// point to `slack`: along every axis, the two faces differ in height by
/// more than `slack`, or the box is no wider than `slack` there.
fn one_point_support<T: Real, const D: usize>(
    frame: &BoxFrame<T, D>,
    dir: &SVector<T, D>,
    slack: T,
) -> Option<SVector<T, D>> {
    let mut corner = frame.centre;
    for (u, &h) in frame.axes.iter().zip(frame.half.iter()) {
        let along = u.dot(dir);
        let width = h + h;
        if !(width * along.abs() > slack || width <= slack) {
            return None;
        }
        corner += if along >= T::zero() { u * h } else { -u * h };
    }
    Some(corner)
}
