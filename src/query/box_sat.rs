//! Boxes in place, and what the separating axes of two of them say.
//!
//! The Minkowski difference of two boxes is a polytope whose facet normals
//! are the boxes' face normals and, in 3D, the cross products of an edge
//! direction of each (Gottschalk, Lin & Manocha, "OBBTree: A Hierarchical
//! Structure for Rapid Interference Detection", SIGGRAPH 1996). Along a
//! unit axis `l` the boxes overlap by
//!
//! `o(l) = Σᵢ aᵢ |l · uᵢ| + Σⱼ bⱼ |l · vⱼ| − |l · (c_B − c_A)|`
//!
//! (half extents `aᵢ`, `bⱼ`, axes `uᵢ`, `vⱼ`, centres `c`): the support
//! value of the difference along `l`. Two closed boxes are disjoint exactly
//! when one of these axes has `o < 0`, and then they are at least `−o`
//! apart. Everything is computed in A's frame from the rotation
//! `Rᵢⱼ = uᵢ · vⱼ` and the offset `tᵢ = uᵢ · (c_B − c_A)`, and every overlap
//! comes with a bound on its rounding error, so that what is concluded
//! holds for the exact boxes.

use nalgebra::SVector;

use crate::math::real::{Length, Real};
use crate::shape::BoxFrame;

/// The sine below which two edges count as parallel for [`BoxAxes::intersect`]:
/// their axis is not tested, and the overlaps must clear the room a missed
/// axis could hide instead (`3 (sine + 8u) · size`). Chosen near `√u`,
/// where that room and the tested axis's own error (`6u / sine · size`)
/// are alike.
fn parallel_sine<T: Real>() -> T {
    (T::EPSILON * T::lit(4.0)).sqrt()
}

/// Two boxes seen from A: the relative rotation and offset, and the size
/// their rounding is measured against.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoxAxes<T: Real, const D: usize> {
    /// `Rᵢⱼ = uᵢ · vⱼ`.
    pub rot: [[T; D]; D],
    /// `|Rᵢⱼ|`.
    abs_rot: [[T; D]; D],
    /// `tᵢ = uᵢ · (c_B − c_A)`.
    pub t: [T; D],
    /// `vⱼ · (c_B − c_A)`.
    pub t_b: [T; D],
    /// A's half extents, then B's.
    pub half_a: [T; D],
    pub half_b: [T; D],
    /// Half a unit in the last place.
    pub u: T,
    /// The sum of every half extent and of the offset's coordinates: no
    /// term of an overlap is larger.
    pub size: T,
    /// The rounding bound of a face axis's overlap.
    pub face_error: T,
    /// How far the boxes may be from the ones computed with, for axes not
    /// quite orthonormal (a user's rotation): `4 D (κ_A + κ_B) · size`,
    /// `κ` the largest entry of `UᵀU − I`. Zero for exact frames.
    pub skew_error: T,
}

/// An edge pair's axis `uᵢ × vⱼ` with its overlap.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EdgeAxis<T: Real> {
    /// The overlap along the unit axis.
    pub overlap: T,
    /// Its rounding bound (grows as the axis shortens).
    pub error: T,
    /// The axis in A's frame: its components along `u_{i+1}` and
    /// `u_{i+2}` (none along `uᵢ`), and its length (the edges' sine).
    pub local: (T, T),
    pub length: T,
}

/// The index after `i` among three.
pub(crate) fn next3(i: usize) -> usize {
    if i >= 2 {
        0
    } else {
        i + 1
    }
}

impl<T: Real, const D: usize> BoxAxes<T, D> {
    /// The pair `(a, b)`.
    pub(crate) fn new(a: &BoxFrame<T, D>, b: &BoxFrame<T, D>) -> Self {
        let d = b.centre - a.centre;
        let zero = [[T::zero(); D]; D];
        let (mut rot, mut abs_rot) = (zero, zero);
        for ((row, abs_row), p) in rot.iter_mut().zip(abs_rot.iter_mut()).zip(a.axes.iter()) {
            for ((x, y), q) in row.iter_mut().zip(abs_row.iter_mut()).zip(b.axes.iter()) {
                *x = p.dot(q);
                *y = x.abs();
            }
        }
        let along = |axes: &[SVector<T, D>; D]| {
            let mut t = [T::zero(); D];
            for (x, p) in t.iter_mut().zip(axes.iter()) {
                *x = p.dot(&d);
            }
            t
        };
        let (mut half_a, mut half_b) = ([T::zero(); D], [T::zero(); D]);
        // Every overlap is a sum of terms no larger than this; each is
        // computed within a few `u` of it, and an axis `l` off by `δ` moves
        // it by at most `δ` times it.
        let mut size = T::zero();
        for (((x, y), (&p, &q)), &z) in half_a
            .iter_mut()
            .zip(half_b.iter_mut())
            .zip(a.half.iter().zip(b.half.iter()))
            .zip(d.iter())
        {
            (*x, *y) = (p, q);
            size += p.abs() + q.abs() + z.abs();
        }
        let u = T::EPSILON * T::lit(0.5);
        // Columns `m` off orthonormal by `κ` span the box `Q (I + E) x`
        // with `‖E‖ ≲ D κ / 2`: within that times the size of the exact box
        // the overlaps are computed for, and its axes within `D κ`.
        let skew = |axes: &[SVector<T, D>; D]| {
            let mut k = T::zero();
            for (i, p) in axes.iter().enumerate() {
                k = k.max((p.length_squared() - T::one()).abs());
                for q in axes.iter().skip(i + 1) {
                    k = k.max(p.dot(q).abs());
                }
            }
            k
        };
        let skew_error =
            T::from_usize(4 * D).unwrap_or(T::one()) * (skew(&a.axes) + skew(&b.axes)) * size;
        Self {
            rot,
            abs_rot,
            t: along(&a.axes),
            t_b: along(&b.axes),
            half_a,
            half_b,
            u,
            size,
            face_error: Self::terms() * u * size + skew_error,
            skew_error,
        }
    }

    /// The number of rounded operations an overlap's bound allows for.
    fn terms() -> T {
        T::from_usize(4 * D + 4).unwrap_or(T::one())
    }

    /// `Rᵢⱼ` (zero out of range).
    pub(crate) fn r(&self, i: usize, j: usize) -> T {
        self.rot
            .get(i)
            .and_then(|row| row.get(j))
            .copied()
            .unwrap_or_else(T::zero)
    }

    /// `|Rᵢⱼ|` (zero out of range).
    fn abs_r(&self, i: usize, j: usize) -> T {
        self.abs_rot
            .get(i)
            .and_then(|row| row.get(j))
            .copied()
            .unwrap_or_else(T::zero)
    }

    fn ha(&self, i: usize) -> T {
        self.half_a.get(i).copied().unwrap_or_else(T::zero)
    }

    fn hb(&self, j: usize) -> T {
        self.half_b.get(j).copied().unwrap_or_else(T::zero)
    }

    /// The overlap along face axis `k`: A's axis `k` for `k < D`, else
    /// B's axis `k − D`. Its bound is [`face_error`](Self::face_error).
    pub(crate) fn face(&self, k: usize) -> T {
        if k < D {
            let reach_b = (0..D).fold(T::zero(), |s, j| s + self.hb(j) * self.abs_r(k, j));
            let t = self.t.get(k).copied().unwrap_or_else(T::zero);
            self.ha(k) + reach_b - t.abs()
        } else {
            let j = k - D;
            let reach_a = (0..D).fold(T::zero(), |s, i| s + self.ha(i) * self.abs_r(i, j));
            let t = self.t_b.get(j).copied().unwrap_or_else(T::zero);
            reach_a + self.hb(j) - t.abs()
        }
    }

    /// Whether both frames are orthonormal to rounding (`skew_error`
    /// within `4 D` roundings of `size`): only then is a face axis the
    /// face's normal, and an edge pair's axis their common normal, to
    /// rounding. A skewed frame's face normal is `R⁻ᵀ eₖ`, off its axis by
    /// the skew, which moves a depth by the skew times the box's size.
    pub(crate) fn orthonormal(&self) -> bool {
        T::from_usize(4 * D).is_some_and(|k| self.skew_error <= k * T::ROUNDING_FLOOR * self.size)
    }

    /// The overlap along `uᵢ × vⱼ` (3D), or `None` for edges exactly
    /// parallel to rounding (no axis of their own).
    ///
    /// Always inlined: out of line, the answer came back through memory
    /// and the caller's wide load of it stalled on the callee's narrow
    /// stores, once per axis.
    #[inline(always)]
    pub(crate) fn edge(&self, i: usize, j: usize) -> Option<EdgeAxis<T>> {
        let (scaled, (c1, c2)) = self.edge_scaled(i, j);
        let length = (c1 * c1 + c2 * c2).sqrt();
        if !(length > T::zero()) {
            return None;
        }
        // The axis's direction is off by about `3u` over its length.
        let error = (T::lit(6.0) / length + Self::terms()) * self.u * self.size
            + self.skew_error * (T::one() + T::lit(2.0) / length);
        Some(EdgeAxis {
            overlap: scaled / length,
            error,
            local: (c1, c2),
            length,
        })
    }

    /// The overlap along `uᵢ × vⱼ` times that axis's length (no square
    /// root, no division), and the axis in A's frame: its components
    /// along `u_{i+1}` and `u_{i+2}` (none along `uᵢ`), whose length has no
    /// cancellation.
    fn edge_scaled(&self, i: usize, j: usize) -> (T, (T, T)) {
        let (i1, i2) = (next3(i), next3(next3(i)));
        let (j1, j2) = (next3(j), next3(next3(j)));
        let (c1, c2) = (-self.r(i2, j), self.r(i1, j));
        let reach_a = self.ha(i1) * self.abs_r(i2, j) + self.ha(i2) * self.abs_r(i1, j);
        let reach_b = self.hb(j1) * self.abs_r(i, j2) + self.hb(j2) * self.abs_r(i, j1);
        let t = |k: usize| self.t.get(k).copied().unwrap_or_else(T::zero);
        let along = c1 * t(i1) + c2 * t(i2);
        (reach_a + reach_b - along.abs(), (c1, c2))
    }

    /// Whether the boxes, grown by `margin`, intersect (touching counts),
    /// when their axes prove it either way; `None` otherwise (`D > 3`,
    /// coordinates whose rounding is not bounded here, a contact within
    /// rounding).
    ///
    /// `false` when some axis separates the boxes by more than `margin` net
    /// of its rounding; `true` when every axis shows an overlap net of its
    /// rounding, the room a parallel pair's untested axis could hide
    /// included. Near-parallel edges' axes are not tested: the boxes seen
    /// down those edges are two rectangles whose face axes are tested, and
    /// B's departs from its rectangle by at most `(sine + 8u)` times its
    /// size.
    pub(crate) fn intersect(&self, margin: T) -> Option<bool> {
        if D > 3 || !(self.u * self.size >= T::MIN_POSITIVE) || !self.size.is_finite() {
            return None;
        }
        // The least overlap net of its bound, over every tested axis (NaN
        // stays, and decides nothing).
        let mut least = T::max_value().unwrap_or(T::one());
        let mut keep = |net: T| {
            if !(net >= least) {
                least = net;
            }
        };
        for k in 0..2 * D {
            let o = self.face(k);
            if -o - self.face_error > margin {
                return Some(false);
            }
            keep(o - self.face_error);
        }
        let mut room = T::zero();
        if D == 3 {
            // An edge axis is tested scaled by its length `ℓ ≤ λ` (`λ`
            // allows for rounding and skew): its overlap `s / ℓ` and bound
            // `(6 / ℓ + terms) u · size + skew (1 + 2 / ℓ)` become `s` and
            // the bound `e` below, no larger than the bound times `ℓ`.
            let lambda =
                T::one() + T::lit(0.25) * self.skew_error / self.size + T::lit(4.0) * self.u;
            let e = (T::lit(6.0) + Self::terms() * lambda) * self.u * self.size
                + self.skew_error * (lambda + T::lit(2.0));
            let floor = parallel_sine::<T>();
            for i in 0..3 {
                for j in 0..3 {
                    let (scaled, (c1, c2)) = self.edge_scaled(i, j);
                    let length2 = c1 * c1 + c2 * c2;
                    if length2 > floor * floor {
                        // `−s/ℓ − e/ℓ > margin` is `−s − e > margin ℓ`.
                        let reach = if margin > T::zero() {
                            margin * length2.sqrt()
                        } else {
                            margin
                        };
                        if -scaled - e > reach {
                            return Some(false);
                        }
                        // `(s − e) / ℓ ≥ (s − e) / λ` when positive.
                        keep((scaled - e) / lambda);
                    } else {
                        let sine = length2.sqrt();
                        let hidden = T::lit(3.0) * (sine + T::lit(8.0) * self.u) * self.size
                            + self.skew_error * T::lit(2.0);
                        room = room.max(hidden);
                    }
                }
            }
        }
        (least >= room).then_some(true)
    }
}

#[cfg(test)]
mod tests {
    use nalgebra::{Rotation3, Vector3};

    use super::{BoxAxes, BoxFrame};
    use crate::test_lcg::Lcg;

    /// A box of half extents in `[0.2, 1.5]` turned by random Euler
    /// angles and placed within `[−2, 2]³`.
    fn random_box(rng: &mut Lcg) -> BoxFrame<f64, 3> {
        let mut r = |lo: f64, hi: f64| lo + (hi - lo) * rng.next();
        let turn = Rotation3::from_euler_angles(r(-3.0, 3.0), r(-3.0, 3.0), r(-3.0, 3.0));
        let m = turn.matrix();
        BoxFrame {
            centre: Vector3::new(r(-2.0, 2.0), r(-2.0, 2.0), r(-2.0, 2.0)),
            axes: [m.column(0).into(), m.column(1).into(), m.column(2).into()],
            half: Vector3::new(r(0.2, 1.5), r(0.2, 1.5), r(0.2, 1.5)),
        }
    }

    /// The axes decide nearly every random pair (the rest are within
    /// rounding of contact, or have edges within `√(4ε)` of parallel
    /// and too little overlap), so `intersects` of two boxes rarely runs
    /// GJK; and what they decide matches the boxes' own corners: a
    /// corner of one inside the other proves an overlap.
    #[test]
    fn the_axes_decide_random_pairs() {
        let mut rng = Lcg(7);
        let (mut decided, mut overlapping) = (0, 0);
        for _ in 0..2000 {
            let (a, b) = (random_box(&mut rng), random_box(&mut rng));
            let answer = BoxAxes::new(&a, &b).intersect(0.0);
            decided += usize::from(answer.is_some());
            let corner_inside = |p: &BoxFrame<f64, 3>, q: &BoxFrame<f64, 3>| {
                (0..8).any(|c: usize| {
                    let corner = (0..3).fold(p.centre, |x, k| {
                        let sign = if c >> k & 1 == 1 { 1.0 } else { -1.0 };
                        x + p.axes[k] * (sign * p.half[k])
                    });
                    (0..3).all(|k| (corner - q.centre).dot(&q.axes[k]).abs() < q.half[k])
                })
            };
            if corner_inside(&a, &b) || corner_inside(&b, &a) {
                overlapping += 1;
                assert_eq!(answer, Some(true), "{a:?} {b:?}");
            }
        }
        assert!(decided >= 1990, "{decided} of 2000 decided");
        assert!(overlapping >= 200, "{overlapping} overlapping");
    }
}
