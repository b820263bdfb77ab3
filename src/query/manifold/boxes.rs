//! Two boxes by separating axes, without GJK and EPA.
//!
//! The overlaps along the boxes' face axes and edge pairs' axes, with
//! their rounding bounds, are [`BoxAxes`]'s (Gottschalk, Lin & Manocha,
//! "OBBTree: A Hierarchical Structure for Rapid Interference Detection",
//! SIGGRAPH 1996); the penetration depth is the least overlap over those
//! axes, attained at the depth's own direction.
//!
//! Three answers are given, each only when certain net of the rounding of
//! every overlap compared (which for an edge axis grows as its cross
//! product shortens): a separating axis with a gap beyond the caller's
//! cutoff proves the boxes apart; a face axis with the least overlap (to
//! rounding) gives a face contact's normal; an edge axis certainly below
//! every other gives two crossing edges, whose closest points are the
//! contact.
//!
//! Apart within the cutoff, any separating axis bounds the distance from
//! below by its gap, so a pair of points, one on each box, that attains the
//! gap makes it the distance and the axis its direction (unique for convex
//! shapes apart): the other box's nearest corner over a separating face
//! axis's face, or the closest points of the two edges of a separating edge
//! axis when they lie inside both edges.
//!
//! Touching within rounding, the axes cannot tell overlap from a gap, but
//! need not: an axis certainly least (to rounding) is the depth's
//! direction if the boxes overlap, and if the pair of points above attains
//! its gap it is the distance's if they are apart, so either way the
//! contact is along it. Everything else (edges or corners apart otherwise,
//! near ties) is left to the general path, so the answer is the general
//! path's up to rounding.

use nalgebra::SVector;

use crate::math::real::{max_abs, Real};
use crate::query::box_sat::{next3, BoxAxes, EdgeAxis};
use crate::shape::BoxFrame;

/// What separating axes tell of two boxes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Sat<T: Real, const D: usize> {
    /// Proven farther apart than the cutoff (along some axis, net of its
    /// rounding).
    Apart,
    /// A face contact with this unit normal, from A towards B: overlapping,
    /// or apart (within the cutoff) with one box's corner over the other's
    /// face.
    Face(SVector<T, D>),
    /// An edge of each crossing, overlapping or apart (within the cutoff):
    /// the unit normal from A towards B, the closest points of the two
    /// edges (on A's, on B's) and the depth along the normal (negative
    /// apart).
    Edges {
        normal: SVector<T, D>,
        point_a: SVector<T, D>,
        point_b: SVector<T, D>,
        depth: T,
    },
    /// Anything else: the general path decides.
    Undecided,
}

/// An edge pair's axis with its overlap, and the axis of A and the axis
/// of B the edges run along.
#[derive(Clone, Copy, Debug)]
struct Edge<T: Real> {
    axis: EdgeAxis<T>,
    pair: (usize, usize),
}

/// The contact of two boxes whose least overlap is along edge pair `m`:
/// A's edge along its axis `i` farthest along the normal, B's along its
/// axis `j` farthest against it, and the closest points of their lines
/// (kept on the edges). With `within`, the closest points must lie inside
/// both edges by that margin (else [`Sat::Undecided`]): for boxes apart
/// along the axis, the two points then attain its gap, which makes it the
/// distance and the axis its direction.
fn edge_contact<T: Real, const D: usize>(
    a: &BoxFrame<T, D>,
    b: &BoxFrame<T, D>,
    m: &Edge<T>,
    d: &SVector<T, D>,
    within: Option<T>,
) -> Sat<T, D> {
    let (i, j) = m.pair;
    let (Some(&a1), Some(&a2)) = (a.axes.get(next3(i)), a.axes.get(next3(next3(i)))) else {
        return Sat::Undecided;
    };
    let axis = (a1 * m.axis.local.0 + a2 * m.axis.local.1) / m.axis.length;
    let n = if axis.dot(d) < T::zero() { -axis } else { axis };
    // The middle of the edge of `b` along axis `k` farthest along `dir`.
    let middle = |b: &BoxFrame<T, D>, k: usize, dir: &SVector<T, D>| {
        b.axes
            .iter()
            .zip(b.half.iter())
            .enumerate()
            .filter(|&(q, _)| q != k)
            .fold(b.centre, |c, (_, (v, h))| {
                if v.dot(dir) < T::zero() {
                    c - v * *h
                } else {
                    c + v * *h
                }
            })
    };
    let (Some(&u), Some(&w), Some(&hu), Some(&hw)) =
        (a.axes.get(i), b.axes.get(j), a.half.get(i), b.half.get(j))
    else {
        return Sat::Undecided;
    };
    let (ca, cb) = (middle(a, i, &n), middle(b, j, &-n));
    // Lines `ca + s u` and `cb + t w` (unit directions, not parallel).
    let r = ca - cb;
    let (cos, along_u, along_w) = (u.dot(&w), u.dot(&r), w.dot(&r));
    let sine2 = T::one() - cos * cos;
    if !(sine2 > T::zero()) {
        return Sat::Undecided;
    }
    let (s, t) = (
        (cos * along_w - along_u) / sine2,
        (along_w - cos * along_u) / sine2,
    );
    if let Some(margin) = within
        && !(s.abs() < hu - margin && t.abs() < hw - margin)
    {
        return Sat::Undecided;
    }
    // The solve divides by the sine squared: for edges near parallel its
    // parameters carry `ε L / sin² θ`, which would leave `point_b −
    // point_a` off the normal. Projecting B's point onto A's line and back
    // (well conditioned at any angle, and a fixed point for the exact
    // closest points) leaves the difference square to `w`, and off the
    // normal only by A's point's error times `sin θ`; beyond rounding of
    // the coordinates, the edges are too near parallel to name the points.
    let t = t.max(-hw).min(hw);
    let s = u.dot(&(cb + w * t - ca)).max(-hu).min(hu);
    let point_a = ca + u * s;
    let t = w.dot(&(point_a - cb)).max(-hw).min(hw);
    let point_b = cb + w * t;
    let gap = point_a - point_b;
    let depth = gap.dot(&n);
    let size = max_abs(&ca).max(max_abs(&cb)) + hu + hw;
    if !(max_abs(&(gap - n * depth)) <= T::ROUNDING_FLOOR * size) {
        return Sat::Undecided;
    }
    Sat::Edges {
        normal: n,
        point_a,
        point_b,
        depth,
    }
}

/// Boxes `a` and `b` (`D = 2, 3`): [`Sat::Apart`] when an axis separates
/// them by more than `cutoff`; [`Sat::Face`] when they overlap and a face
/// axis has the least overlap to rounding, or a face axis separates them
/// with the other box's nearest corner over that face, or both may hold
/// (touching within rounding); [`Sat::Edges`] when an edge pair's axis has
/// it, certainly below every other axis, or separates them with the two
/// edges' closest points inside both, or both may hold.
///
/// Everything is computed in A's frame from the rotation `Rᵢⱼ = aᵢ · bⱼ`
/// and the centres' offset `tᵢ = aᵢ · (c_B − c_A)` (Gottschalk's form): an
/// edge pair's axis `aᵢ × bⱼ` has components `Rₖⱼ` there, and its overlap
/// is a few products of them.
///
/// Kept out of line: inlined into `contact_manifold`, a box–box manifold
/// ran 5 % more instructions (callgrind).
#[inline(never)]
pub(super) fn separating_axes<T: Real, const D: usize>(
    a: &BoxFrame<T, D>,
    b: &BoxFrame<T, D>,
    pair: &BoxAxes<T, D>,
    cutoff: T,
) -> Sat<T, D> {
    if !(2..=3).contains(&D) {
        return Sat::Undecided;
    }
    let d = b.centre - a.centre;
    let face_error = pair.face_error;
    let apart = |o: T, error: T| -o - error > cutoff;

    // The face axes, A's then B's: the least overlap, unless one separates.
    let mut best: Option<(T, Axis)> = None;
    // The least of each box's own face axes.
    let (mut best_a, mut best_b) = (None::<(T, Axis)>, None::<(T, Axis)>);
    let mut overlapping = true;
    // Whether every face axis's overlap is a number (the least of them,
    // net of its rounding, then stands for them all).
    let mut faces_compare = true;
    for k in 0..2 * D {
        let o = pair.face(k);
        let axis = if k < D { Axis::A(k) } else { Axis::B(k - D) };
        if apart(o, face_error) {
            return Sat::Apart;
        }
        // Apart, touching within rounding, or not finite: no face contact.
        overlapping &= o > face_error;
        faces_compare &= o.partial_cmp(&o).is_some();
        if best.is_none_or(|(m, _)| o < m) {
            best = Some((o, axis));
        }
        let own = if k < D { &mut best_a } else { &mut best_b };
        if own.is_none_or(|(m, _)| o < m) {
            *own = Some((o, axis));
        }
    }
    let Some((least, chosen)) = best else {
        return Sat::Undecided;
    };
    // Apart along a face axis, with the other box's nearest corner over
    // that face: the corner and its foot are as far apart as the axis
    // separates the boxes, so the axis is their distance's direction.
    if least < -face_error
        && let Some(n) = over_face(a, b, chosen, &d, face_error)
    {
        return Sat::Face(n);
    }
    // The face axis has the least overlap to rounding.
    let mut face = least.is_finite();
    // The edge pair with the least overlap, and whether every other axis
    // is certainly above it.
    let mut edge: Option<Edge<T>> = None;
    // The least `o − error` over the edge axes other than `edge`, and
    // whether every one of them is a number.
    let mut others_low = T::max_value().unwrap_or(T::one());
    let mut others_compare = true;
    // The edge pair whose axis separates the boxes most (within the cutoff).
    let mut gap: Option<Edge<T>> = None;
    // With the other box's deepest corner over a face by at least that
    // face's overlap, no edge pair's axis can have less: then none is
    // weighed, however ill-conditioned (two nearly parallel edges' axis
    // carries a rounding allowance growing as one over the sine of their
    // angle, which would otherwise veto the face). Either box's best face
    // will do (a box flat on another ties with it to rounding): an edge
    // axis above a face axis is above the least of them.
    let shielded = overlapping
        && least > face_error
        && [best_a, best_b]
            .iter()
            .flatten()
            .any(|&(o, axis)| shields(a, b, axis, &d, o, face_error));
    if D == 3 && !shielded {
        for i in 0..3 {
            for j in 0..3 {
                // Parallel edges span no facet of their own; edges both
                // exactly across the chosen axis span its own facet (a box
                // turned about that axis on another), whose overlap is the
                // face's.
                let across = match chosen {
                    Axis::A(k) => k != i && pair.r(k, j) == T::zero(),
                    Axis::B(k) => k != j && pair.r(i, k) == T::zero(),
                };
                let Some(axis) = pair.edge(i, j).filter(|_| !across) else {
                    continue;
                };
                let (o, error) = (axis.overlap, axis.error);
                if apart(o, error) {
                    return Sat::Apart;
                }
                if o < -error && gap.is_none_or(|g: Edge<T>| o < g.axis.overlap) {
                    gap = Some(Edge { axis, pair: (i, j) });
                }
                overlapping &= o > error;
                face &= o - error >= least - face_error;
                let candidate = Edge { axis, pair: (i, j) };
                let mut other = |o: T, error: T| {
                    let low = o - error;
                    others_compare &= low.partial_cmp(&low).is_some();
                    others_low = others_low.min(low);
                };
                match edge {
                    Some(m) if m.axis.overlap <= o => other(o, error),
                    _ => {
                        if let Some(m) = edge {
                            other(m.axis.overlap, m.axis.error);
                        }
                        edge = Some(candidate);
                    }
                }
            }
        }
    }
    // Apart along an edge pair's axis, with the two edges' closest points
    // inside both: those points attain the gap.
    if let Some(m) = gap {
        let sat = edge_contact(a, b, &m, &d, Some(face_error + m.axis.error));
        if sat != Sat::Undecided {
            return sat;
        }
    }
    if let (false, Some(m)) = (face, edge) {
        let (least_edge, its_error) = (m.axis.overlap, m.axis.error);
        let bar = least_edge + its_error;
        let clear = others_compare && others_low > bar && faces_compare && least - face_error > bar;
        if clear && overlapping {
            return edge_contact(a, b, &m, &d, None);
        }
        // Touching within rounding: the axis is the depth's if the boxes
        // overlap, and the distance's if the edges' closest points, inside
        // both edges, attain its gap; either way the answer is this one.
        if clear && least_edge.abs() <= its_error {
            return edge_contact(a, b, &m, &d, Some(face_error + its_error));
        }
    }
    // Touching within rounding along the face axis with the least
    // overlap: it is the depth's axis if the boxes overlap (no other axis
    // certainly below it), and the distance's if they are apart with the
    // other box's nearest corner over the face.
    let touching = least.abs() <= face_error && over_face(a, b, chosen, &d, face_error).is_some();
    if !(face && (overlapping || touching)) {
        return Sat::Undecided;
    }
    let l = match chosen {
        Axis::A(k) => a.axes.get(k),
        Axis::B(k) => b.axes.get(k),
    };
    match l {
        Some(&l) => Sat::Face(if l.dot(&d) < T::zero() { -l } else { l }),
        None => Sat::Undecided,
    }
}

/// The unit normal from A towards B when the boxes, apart along face axis
/// `chosen`, are nearest across that face: the corner of the other box
/// deepest towards it lies over the face, net of `margin` (the rounding of
/// the positions compared).
///
/// Any separating axis bounds the distance from below by its gap, and the
/// corner with its foot on the face attains that gap: the distance is the
/// gap, and its direction (unique for convex shapes apart) is the axis.
fn over_face<T: Real, const D: usize>(
    a: &BoxFrame<T, D>,
    b: &BoxFrame<T, D>,
    chosen: Axis,
    d: &SVector<T, D>,
    margin: T,
) -> Option<SVector<T, D>> {
    let (owner, k, out, r) = deepest_corner(a, b, chosen, d)?;
    let over = owner
        .axes
        .iter()
        .zip(owner.half.iter())
        .enumerate()
        .all(|(l, (u, &h))| l == k || u.dot(&r).abs() < h - margin);
    over.then_some(match chosen {
        Axis::A(_) => out,
        Axis::B(_) => -out,
    })
}

/// Whether face axis `chosen`, with overlap `least` (the least of the face
/// axes', overlapping), has no more overlap than any edge pair's axis,
/// proven from where the other box's deepest corner lies, whatever the
/// edge axes' directions (net of `error`, the rounding of the overlaps
/// and positions compared).
///
/// Let the chosen face of box `P` have unit normal `n` towards the other
/// box `Q`, and let `q*`, `Q`'s corner deepest along `−n`, lie `least` below
/// the face with its foot inside it by at least `ρ` along each of the
/// face's axes. The overlap of the two boxes' projections on a unit axis
/// `L` is `min(h(L), h(−L))`, with `h` the support function of `P − Q`,
/// and `h(L) ≥ L · x` for every `x` in `P − Q`. Every edge pair's axis is
/// perpendicular to an axis of `P`: either to `n` (it lies in the face's
/// plane) or to one of the face's axes (it lies in the plane of `n` and
/// the face's other axis `u`). In the second case write `L = cos ψ n +
/// sin ψ u`. `P − Q` holds `least · n + r u` for `|r| ≤ ρ` (points of the
/// face around the foot, minus `q*`), so for `ψ ≤ π/2`, `h(L) ≥ least cos ψ
/// + ρ sin ψ`, a sinusoid concave over the quarter turn, at least
/// `min(least, ρ)`; and it holds `−(t − least) n + r u` (points of the
/// opposite face, `t` the box's thickness across it, minus `q*`), so for
/// `ψ ≥ π/2`, `h(L) ≥ min(t − least, ρ)`. In the face's plane (`ψ = π/2`)
/// the foot is at least `ρ` from the face's border along any direction.
/// With `ρ ≥ least` and `t − least ≥ least`, every edge axis's overlap is at
/// least `least`: the face axis is the least of all.
fn shields<T: Real, const D: usize>(
    a: &BoxFrame<T, D>,
    b: &BoxFrame<T, D>,
    chosen: Axis,
    d: &SVector<T, D>,
    least: T,
    error: T,
) -> bool {
    let Some((owner, k, _, r)) = deepest_corner(a, b, chosen, d) else {
        return false;
    };
    // The overlap's own rounding and the positions' (each `error` at most).
    let need = least + error + error;
    owner
        .axes
        .iter()
        .zip(owner.half.iter())
        .enumerate()
        .all(|(l, (u, &h))| {
            if l == k {
                h + h - least >= need
            } else {
                h - u.dot(&r).abs() >= need
            }
        })
}

/// The face's box, its axis index, the axis towards the other box and the
/// deepest corner's offset (see [`deepest_corner`]).
type Corner<'f, T, const D: usize> = (&'f BoxFrame<T, D>, usize, SVector<T, D>, SVector<T, D>);

/// For face axis `chosen`: the box it belongs to, the axis's index, its
/// direction towards the other box, and the other box's corner deepest
/// towards that face, relative to the owner's centre (`d` runs from A's
/// centre to B's).
fn deepest_corner<'f, T: Real, const D: usize>(
    a: &'f BoxFrame<T, D>,
    b: &'f BoxFrame<T, D>,
    chosen: Axis,
    d: &SVector<T, D>,
) -> Option<Corner<'f, T, D>> {
    let (owner, other, k, towards) = match chosen {
        Axis::A(k) => (a, b, k, *d),
        Axis::B(k) => (b, a, k, -d),
    };
    let &axis = owner.axes.get(k)?;
    let out = if axis.dot(&towards) < T::zero() {
        -axis
    } else {
        axis
    };
    let corner = other
        .axes
        .iter()
        .zip(other.half.iter())
        .fold(other.centre, |c, (v, &h)| {
            if v.dot(&out) > T::zero() {
                c - v * h
            } else {
                c + v * h
            }
        });
    Some((owner, k, out, corner - owner.centre))
}

/// A face axis: A's `k`-th or B's.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Axis {
    A(usize),
    B(usize),
}

#[cfg(test)]
mod tests {
    use nalgebra::{Matrix3, Rotation3, Vector3};

    use super::{separating_axes, Sat};
    use crate::query::box_sat::BoxAxes;
    use crate::shape::BoxFrame;
    use crate::test_lcg::Lcg;

    fn frame(
        rotation: &Matrix3<f64>,
        centre: Vector3<f64>,
        half: Vector3<f64>,
    ) -> BoxFrame<f32, 3> {
        let axes = [0, 1, 2].map(|k| rotation.column(k).into_owned().cast::<f32>());
        BoxFrame {
            centre: centre.cast(),
            axes,
            half: half.cast(),
        }
    }

    /// `f32` boxes touching within the axes' rounding allowance (a gap of
    /// up to `±2e-5` either way, at coordinates near 2): B's corner deepest
    /// towards A's top face, over its interior. The axes cannot tell overlap
    /// from a gap there, but the face axis is the depth's direction in the
    /// one case and the distance's in the other, so every pair is decided
    /// as a face contact with A's top normal (to rounding).
    #[test]
    fn touching_corners_are_face_contacts() {
        let mut rng = Lcg(11);
        let mut decided = 0;
        for _ in 0..500 {
            let mut r = |lo: f64, hi: f64| lo + (hi - lo) * rng.next();
            let turn = |r: &mut dyn FnMut(f64, f64) -> f64| {
                Rotation3::from_euler_angles(r(-3.0, 3.0), r(-3.0, 3.0), r(-3.0, 3.0)).into_inner()
            };
            let (ra, rb) = (turn(&mut r), turn(&mut r));
            let (sa, sb) = (
                Vector3::new(r(0.3, 1.2), r(0.3, 1.2), r(0.3, 1.2)),
                Vector3::new(r(0.3, 1.2), r(0.3, 1.2), r(0.3, 1.2)),
            );
            let gap = r(-2e-5, 2e-5);
            let corner = Vector3::new(r(-0.8, 0.8) * sa.x, r(-0.8, 0.8) * sa.y, sa.z + gap);
            let m = ra.transpose() * rb;
            let centre = (0..3).fold(corner, |c, j| {
                c + m.column(j) * (sb[j] * m[(2, j)].signum())
            });
            let a = frame(&ra, Vector3::zeros(), sa);
            let b = frame(&rb, ra * centre, sb);
            let up = ra.column(2).into_owned();
            match separating_axes(&a, &b, &BoxAxes::new(&a, &b), 0.05) {
                Sat::Face(n) => {
                    assert!((n.cast::<f64>() - up).norm() < 1e-6, "{n:?} {up:?}");
                    decided += 1;
                }
                Sat::Undecided => {}
                other => panic!("{other:?}"),
            }
        }
        assert!(decided >= 475, "{decided} of 500 decided");
    }

    /// A box resting on a wide floor, the whole scene turned at random and
    /// the box tilted by up to 1e-3 rad (and not at all in one case in
    /// four), its lowest corner 1e-3 deep at a random place on the floor's
    /// top: every pair is a face contact along the floor's normal, in f32
    /// and f64. The edge pairs of nearly parallel axes, whose rounding
    /// allowance grows as one over their sine, no longer veto it.
    #[test]
    fn tilted_resting_boxes_are_face_contacts() {
        /// To the precision tested, and back.
        type Casts<T> = (fn(f64) -> T, fn(T) -> f64);
        fn case<T: crate::math::real::Real>(rng: &mut Lcg, (cast, back): Casts<T>) {
            let mut r = |lo: f64, hi: f64| lo + (hi - lo) * rng.next();
            let world = Rotation3::from_euler_angles(r(-3.0, 3.0), r(-3.0, 3.0), r(-3.0, 3.0));
            let tilt = if r(0.0, 1.0) < 0.25 {
                0.0
            } else {
                r(0.0, 1e-3)
            };
            let axis = Vector3::new(r(-1.0, 1.0), r(-1.0, 1.0), 0.0).normalize();
            let turn = Rotation3::from_axis_angle(&Vector3::z_axis(), r(0.0, 6.3))
                * Rotation3::from_axis_angle(&nalgebra::Unit::new_normalize(axis), tilt);
            let (floor, half) = (
                Vector3::new(3.0, 3.0, 0.5),
                Vector3::new(r(0.2, 0.8), r(0.2, 0.8), r(0.1, 0.5)),
            );
            let m = turn.into_inner();
            let low = (0..3).map(|j| half[j] * m[(2, j)].abs()).sum::<f64>();
            let centre = Vector3::new(r(-1.5, 1.5), r(-1.5, 1.5), 0.5 - 1e-3 + low);
            let frame = |rot: &Matrix3<f64>, c: Vector3<f64>, h: Vector3<f64>| BoxFrame {
                centre: c.map(cast),
                axes: [0, 1, 2].map(|k| rot.column(k).into_owned().map(cast)),
                half: h.map(cast),
            };
            let w = world.into_inner();
            let a = frame(&w, Vector3::zeros(), floor);
            let b = frame(&(w * m), w * centre, half);
            let up = w.column(2).into_owned();
            match separating_axes(&a, &b, &BoxAxes::new(&a, &b), cast(0.0)) {
                Sat::Face(n) => {
                    let n = n.map(back);
                    assert!((n - up).norm() < 1e-6, "{n:?} {up:?}");
                }
                other => panic!("tilt {tilt}: {other:?}"),
            }
        }
        let mut rng = Lcg(5);
        for _ in 0..500 {
            case::<f64>(&mut rng, (|x| x, |x| x));
            case::<f32>(&mut rng, (|x| x as f32, f64::from));
        }
    }
}
