//! Two boxes in a face contact: the manifold worked out in the reference
//! box's own frame, where its face is an axis-aligned rectangle.
//!
//! This is the general path ([`along`](super::along) over the boxes'
//! [`Faces`](super::Faces)) made cheap, not a different answer: the same
//! reference face, chosen by the same rule; the same incident face, its
//! corners in the same order with the same ids; the same side planes,
//! clipped in the same order, so every point keeps the general path's
//! feature ids. Only the coordinates differ, so the points agree to
//! rounding.
//!
//! The general path clips the incident face against planes through the
//! reference face's edges, parallel to the contact normal `t`. Sliding each
//! incident point `x` along `t` onto the reference plane (`x − t s`, with
//! `s` its distance to the plane along `t`) is affine, so clipping the slid
//! polygon against the face's rectangle, with `s` carried along, is the same
//! clipping: a side plane parallel to `t` is a line of the rectangle once
//! slid. In the reference box's frame the rectangle is `|x_u| ≤ h_u` over the
//! face's two axes `u`, and each side plane is one coordinate compared with
//! one half extent.
//!
//! Both boxes' frames must be orthonormal to rounding (any rotation built
//! by the library or from a quaternion): a frame skewed by `κ` would move
//! the points by about `κ` times the boxes' size, so those are left to the
//! general path.

use nalgebra::SVector;

use super::answer::Manifold;
use super::clip::{clip_by, Carrier, Clipped, Found, Keyed};
use super::tilt::{leeway, sine, FACE_ALIGNMENT};
use crate::engine::config::Status;
use crate::math::real::{max_abs, Real};
use crate::query::box_sat::BoxAxes;
use crate::shape::BoxFrame;

/// A box face, named as [`Cuboid`](crate::Cuboid)'s [`Faces`](super::Faces)
/// names it: the axis it is across and its side.
#[derive(Clone, Copy, Debug)]
struct BoxFace {
    axis: usize,
    positive: bool,
}

impl BoxFace {
    /// The face of `frame` most aligned with `dir` (the first of equals),
    /// with its alignment `|axis · dir|`: as the box's own frame sees `dir`.
    fn along<T: Real, const D: usize>(frame: &BoxFrame<T, D>, dir: &SVector<T, D>) -> (Self, T) {
        let mut best = (
            Self {
                axis: 0,
                positive: true,
            },
            -T::one(),
        );
        for (i, u) in frame.axes.iter().enumerate() {
            let x = u.dot(dir);
            if x.abs() > best.1 {
                best = (
                    Self {
                        axis: i,
                        positive: x >= T::zero(),
                    },
                    x.abs(),
                );
            }
        }
        best
    }

    /// The face's id.
    fn id(self) -> u32 {
        (2 * self.axis + usize::from(self.positive)) as u32
    }

    /// The two axes across the face, in the order its corners run: the
    /// first turns at corners 0 → 1 and 2 → 3, the second at 1 → 2 and
    /// 3 → 0 (in 2D both are the face's one other axis).
    fn others<const D: usize>(self) -> [usize; 2] {
        match (D, self.axis) {
            (3, 0) => [1, 2],
            (3, 1) => [2, 0],
            (3, _) => [0, 1],
            (_, 0) => [1, 1],
            _ => [0, 0],
        }
    }

    /// The face's corners in order around it, each as the side of every
    /// axis it is on (bit `i` set on the positive side of axis `i`: the
    /// ids), and how many there are.
    fn corners<const D: usize>(self) -> ([u32; 4], usize) {
        let [first, second] = self.others::<D>();
        let own = u32::from(self.positive) << self.axis;
        let (f, s) = (1 << first, 1 << second);
        if D == 2 {
            ([own, own | f, 0, 0], 2)
        } else {
            ([own, own | f, own | f | s, own | s], 4)
        }
    }

    /// The face's tilt from `n` and its diameter, as
    /// [`tilt`](super::tilt) measures a face: the sine of the angle
    /// between its axis and `n`, and twice its diagonal.
    fn tilt<T: Real, const D: usize>(self, frame: &BoxFrame<T, D>, n: &SVector<T, D>) -> (T, T) {
        let axis = frame
            .axes
            .get(self.axis)
            .copied()
            .unwrap_or_else(SVector::zeros);
        let [u, v] = self.others::<D>();
        let h = |i: usize| frame.half.get(i).copied().unwrap_or_else(T::zero);
        let diagonal = if D == 3 {
            (h(u) * h(u) + h(v) * h(v)).sqrt()
        } else {
            h(u)
        };
        let reach = diagonal + diagonal;
        (sine(&axis, n), reach + reach)
    }

    /// The size [`along`](super::along) weighs equally aligned faces by:
    /// the sum of the face's squared edge lengths, `8 Σ h²` over the axes
    /// across it.
    fn spread<T: Real, const D: usize>(self, half: &SVector<T, D>) -> T {
        let sum = half
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != self.axis)
            .fold(T::zero(), |s, (_, &h)| s + h * h);
        T::lit(8.0) * sum
    }
}

/// Which of two boxes' faces along the normal is the reference, chosen as
/// [`along`](super::along) chooses.
struct Choice<T: Real> {
    /// A's face along `n` and B's along `−n`.
    faces: (BoxFace, BoxFace),
    a_is_reference: bool,
    /// The reference face's alignment with `n`.
    alignment: T,
    /// The size of every coordinate involved (for the slack that keeps
    /// points on a face's border to rounding).
    scale: T,
}

impl<T: Real> Choice<T> {
    /// `None` when the frames are not orthonormal to rounding, their
    /// coordinates' size overflows, or `D` is not 2 or 3 (the general path
    /// then).
    fn new<const D: usize>(
        (a, b): (&BoxFrame<T, D>, &BoxFrame<T, D>),
        pair: &BoxAxes<T, D>,
        n: &SVector<T, D>,
    ) -> Option<Self> {
        if !(2..=3).contains(&D) || !pair.orthonormal() {
            return None;
        }
        let (fa, align_a) = BoxFace::along(a, n);
        let (fb, align_b) = BoxFace::along(b, &-n);
        let a_is_reference = if (align_a - align_b).abs() <= T::ANGLE_SLACK {
            fa.spread(&a.half) >= fb.spread(&b.half)
        } else {
            align_a > align_b
        };
        let extent =
            |f: &BoxFrame<T, D>| max_abs(&f.centre) + f.half.iter().fold(T::zero(), |s, &h| s + h);
        let scale = extent(a).max(extent(b));
        // Coordinates whose size overflows have no rounding bound here.
        if !scale.is_finite() {
            return None;
        }
        Some(Self {
            faces: (fa, fb),
            a_is_reference,
            alignment: if a_is_reference { align_a } else { align_b },
            scale,
        })
    }

    /// The faces' ids.
    fn ids(&self) -> (u32, u32) {
        (self.faces.0.id(), self.faces.1.id())
    }

    /// Whether the reference face is to be clipped against: aligned with
    /// the normal and steady.
    fn clips<const D: usize>(&self, (a, b): (&BoxFrame<T, D>, &BoxFrame<T, D>)) -> bool {
        let (frame, face) = if self.a_is_reference {
            (a, self.faces.0)
        } else {
            (b, self.faces.1)
        };
        self.alignment >= T::lit(FACE_ALIGNMENT) && steady(frame, face, self.scale)
    }
}

/// The ids of the two boxes' faces along `n` when neither is to be
/// clipped against (the manifold is then the contact's single point with
/// these ids), as [`along`](super::along) gives them; `None` when one is,
/// or the frames are not orthonormal to rounding.
pub(super) fn unaligned<T: Real, const D: usize>(
    boxes: (&BoxFrame<T, D>, &BoxFrame<T, D>),
    pair: &BoxAxes<T, D>,
    n: &SVector<T, D>,
) -> Option<(u32, u32)> {
    let choice = Choice::new(boxes, pair, n)?;
    (!choice.clips(boxes)).then(|| choice.ids())
}

/// Writes into `out` the manifold of two boxes `a` and `b` (their cores,
/// with margins `ra` and `rb`) along the unit normal `n` from A towards B,
/// as [`along`](super::along) gives it; `None` when the frames are not
/// orthonormal to rounding or `D` is not 2 or 3 (the general path then).
#[inline(always)]
pub(super) fn face_manifold<T: Real, const D: usize>(
    (a, b): (&BoxFrame<T, D>, &BoxFrame<T, D>),
    pair: &BoxAxes<T, D>,
    n: &SVector<T, D>,
    (ra, rb): (T, T),
    max_separation: T,
    status: Status,
    out: &mut Manifold<T, D>,
) -> Option<Result<(), (u32, u32)>> {
    let choice = Choice::new((a, b), pair, n)?;
    let ids = choice.ids();
    let a_is_reference = choice.a_is_reference;
    let (fa, fb) = choice.faces;
    let (reference, face, incident, other, r_ref, r_inc, towards) = if a_is_reference {
        (a, fa, b, fb, ra, rb, *n)
    } else {
        (b, fb, a, fa, rb, ra, -n)
    };
    let slack = T::ROUNDING_FLOOR * choice.scale;
    if !choice.clips((a, b)) {
        return Some(Err(ids));
    }

    // Coordinates in the reference box's frame, its axes taken in the
    // order (first across the face, second across it, the face's own) so
    // that each has a fixed place: `slot[i]` is the axis in place `i`.
    let k = face.axis;
    let [u, v] = face.others::<D>();
    let slot: [usize; D] = core::array::from_fn(|i| match (i + 1 == D, i) {
        (true, _) => k,
        (false, 0) => u,
        _ => v,
    });
    let last = D - 1;
    // The incident box there: its centre and axes; and the direction `t`.
    let (centre, axes): (SVector<T, D>, [SVector<T, D>; D]) = if a_is_reference {
        (
            SVector::from_fn(|i, _| {
                slot.get(i)
                    .and_then(|&s| pair.t.get(s))
                    .copied()
                    .unwrap_or_else(T::zero)
            }),
            core::array::from_fn(|j| {
                SVector::from_fn(|i, _| slot.get(i).map_or(T::zero(), |&s| pair.r(s, j)))
            }),
        )
    } else {
        (
            SVector::from_fn(|i, _| {
                slot.get(i)
                    .and_then(|&s| pair.t_b.get(s))
                    .map_or(T::zero(), |&x| -x)
            }),
            core::array::from_fn(|j| {
                SVector::from_fn(|i, _| slot.get(i).map_or(T::zero(), |&s| pair.r(j, s)))
            }),
        )
    };
    let along_axis = |i: usize| {
        reference
            .axes
            .get(i)
            .copied()
            .unwrap_or_else(SVector::zeros)
    };
    let t = SVector::<T, D>::from_fn(|i, _| {
        slot.get(i)
            .map_or(T::zero(), |&s| along_axis(s).dot(&towards))
    });
    let sign = if face.positive { T::one() } else { -T::one() };
    let h_k = reference.half.get(k).copied().unwrap_or_else(T::zero);
    let coordinate = |x: &SVector<T, D>, i: usize| x.get(i).copied().unwrap_or_else(T::zero);
    let slope = sign * coordinate(&t, last);

    // Each incident corner slid along `t` onto the reference plane, its
    // distance along `t` in place of the coordinate across the face.
    let slid = |x: SVector<T, D>| {
        let s = (sign * coordinate(&x, last) - h_k) / slope;
        let mut y = x - t * s;
        if let Some(y_k) = y.get_mut(last) {
            *y_k = s;
        }
        y
    };
    let corner = |bits: u32| {
        axes.iter()
            .zip(incident.half.iter())
            .enumerate()
            .fold(centre, |c, (q, (v, &h))| {
                if bits >> q & 1 == 1 {
                    c + v * h
                } else {
                    c - v * h
                }
            })
    };
    let mut work = [Clipped::new(), Clipped::new()];
    let [first, second] = &mut work;
    let (mut poly, mut spare) = (first, second);
    let (corners, count) = other.corners::<D>();
    for &id in corners.iter().take(count) {
        let _ = poly.try_push(Keyed {
            p: slid(corner(id)),
            id: u64::from(id),
            out: Carrier::Incident(id),
        });
    }

    // The side planes in the order the general path takes the reference
    // face's edges (corner i to corner i + 1): across the second axis on
    // its negative side, the first on its positive, the second on its
    // positive, the first on its negative; in 2D the two ends.
    let planes: &[(usize, bool)] = if D == 2 {
        &[(0, false), (0, true)]
    } else {
        &[(1, false), (0, true), (1, true), (0, false)]
    };
    // Each plane named by the reference corner its edge starts at.
    let (starts, _) = face.corners::<D>();
    for (&(place, positive), &plane) in planes.iter().zip(starts.iter()) {
        let half = slot.get(place).and_then(|&s| reference.half.get(s));
        let limit = half.copied().unwrap_or_else(T::zero) + slack;
        let beyond = |p: &SVector<T, D>| {
            let x = coordinate(p, place);
            (if positive { x } else { -x }) - limit
        };
        clip_by(poly, beyond, plane, spare);
        core::mem::swap(&mut poly, &mut spare);
    }

    // Back to world coordinates: the foot on the reference face, and the
    // incident point `s` beyond it along `t`.
    let origin = reference.centre + along_axis(k) * (sign * h_k);
    let (e_u, e_v) = (along_axis(u), along_axis(v));
    let leeway = leeway(slack, [face.tilt(reference, n), other.tilt(incident, n)]);
    let mut found = Found::new(a_is_reference, face.id(), leeway);
    for p in poly.iter() {
        let s = coordinate(&p.p, last);
        let distance = s - r_ref - r_inc;
        if !(distance <= max_separation + slack) {
            continue;
        }
        let foot = if D == 2 {
            origin + e_u * coordinate(&p.p, 0)
        } else {
            origin + e_u * coordinate(&p.p, 0) + e_v * coordinate(&p.p, 1)
        };
        let at = foot + towards * s;
        let on_reference = foot + towards * r_ref;
        let on_incident = at - towards * r_inc;
        if !found.add((on_reference, on_incident), distance, p.id, at) {
            break;
        }
    }
    Some(if found.write(*n, status, out) {
        Ok(())
    } else {
        Err(ids)
    })
}

/// [`steady`](super::steady) for a box face: its normal tilts by rounding
/// at most `√ε` (`ε L P / ‖2A‖`, the perimeter `P = 4 (h_u + h_v)` and the
/// doubled area `‖2A‖ = 8 h_u h_v`, with `L` the size of the coordinates);
/// in 2D, as [`clip`](super::clip) asks of a segment, longer than the
/// slack `ROUNDING_FLOOR · L` (a box of no width is a point).
fn steady<T: Real, const D: usize>(frame: &BoxFrame<T, D>, face: BoxFace, scale: T) -> bool {
    let [u, v] = face.others::<D>();
    let (hu, hv) = (
        frame.half.get(u).copied().unwrap_or_else(T::zero),
        frame.half.get(v).copied().unwrap_or_else(T::zero),
    );
    if D != 3 {
        return hu + hu > T::ROUNDING_FLOOR * scale;
    }
    // `ε L 4 (h_u + h_v) < √ε 8 h_u h_v`, divided through by `4 (h_u + h_v)`
    // so that no product of half extents overflows (a face of no extent
    // divides zero by zero, and is not steady).
    let across = hu / (hu + hv) * hv;
    T::EPSILON.sqrt() * scale < across + across && scale.is_finite()
}
