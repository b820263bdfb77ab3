//! The answer on the cores, and the one place it becomes an answer for the
//! shapes.
//!
//! Queries run on the shapes' *cores* in the kernel's frame (support points
//! multiplied by a power of two `σ`, see [`Pair`](crate::pair::Pair)); GJK
//! and EPA both end in a [`CoreAnswer`]. The shapes' answer is that one
//! divided by `σ`, with the margins (radii) `r_A + r_B` taken off the signed
//! distance and the witnesses pushed out along the normal by their radius:
//! [`CoreAnswer::for_shapes`].

use nalgebra::SVector;

use super::extent::Extent;
use crate::pair::Pair;
use crate::query::{GjkError, Status};
use crate::real::{all_finite, unit, Length, Real};
use crate::simplex::Simplex;
use crate::support::SupportMap;

/// What a query learned about the cores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The cores touch or overlap.
    Overlap,
    /// The cores are apart; the answer is their closest points.
    Apart,
    /// The lower bound exceeded the caller's cutoff.
    BeyondCutoff,
    /// ‖v‖ fell to or below the caller's margin (boolean test only).
    WithinMargin,
}

/// A query's answer on the cores, in the kernel's frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CoreAnswer<T: Real, const D: usize> {
    pub verdict: Verdict,
    /// Signed distance between the cores: `‖v‖` when apart (an upper
    /// bound), minus the depth found by EPA when overlapping (so again an
    /// upper bound), zero when GJK found them overlapping and no depth was
    /// asked for.
    pub distance: T,
    /// The certified bound on the other side: the lower bound on the gap
    /// (which may round a hair above `distance` once they agree), or minus
    /// the upper bound on the depth.
    pub bound: T,
    /// Unit normal from A towards B; `None` when GJK found the cores
    /// overlapping (no direction is defined there), or stopped at a cutoff.
    pub normal: Option<SVector<T, D>>,
    /// The witness points on the cores: closest points when apart, a common
    /// point when GJK found overlap, the deepest points after EPA.
    pub point_a: SVector<T, D>,
    pub point_b: SVector<T, D>,
    /// The coordinates seen, for the rounding allowance of the answer.
    pub extent: Extent<T>,
    pub iterations: u32,
    pub status: Status,
}

impl<T: Real, const D: usize> CoreAnswer<T, D> {
    /// The answer of a GJK run that ended with `simplex`, with its closest
    /// point `v` (`upper = ‖v‖`) and its best lower bound. An apart answer
    /// without a `normal` of its own takes `−v / ‖v‖`.
    #[must_use]
    pub fn from_simplex(
        simplex: &Simplex<T, D>,
        verdict: Verdict,
        (upper, lower): (T, T),
        normal: Option<SVector<T, D>>,
        extent: Extent<T>,
        (iterations, status): (u32, Status),
    ) -> Self {
        let (point_a, point_b) = simplex.witnesses();
        let normal = match verdict {
            Verdict::Apart => normal.or_else(|| separating_normal(simplex)),
            _ => normal,
        };
        Self {
            verdict,
            distance: if verdict == Verdict::Overlap {
                T::zero()
            } else {
                upper
            },
            bound: lower,
            normal,
            point_a,
            point_b,
            extent,
            iterations,
            status,
        }
    }

    /// For cores apart: the witnesses made `distance · normal` apart along
    /// the normal, when the simplex's barycentric witnesses miss that by
    /// more than rounding. Weights on a long simplex edge carry their
    /// rounding along the normal (up to `ε` times the edge over the
    /// weights), which is harmless across it and not along it: A's witness
    /// is put on A's support plane along the normal (one support call, on
    /// this path only) and B's `distance` beyond it.
    #[must_use]
    pub fn witnesses_on_planes<A, B>(self, pair: &Pair<'_, A, B, T>) -> Self
    where
        A: SupportMap<T, D> + ?Sized,
        B: SupportMap<T, D> + ?Sized,
    {
        let Some(n) = self.normal.filter(|_| self.verdict != Verdict::Overlap) else {
            return self;
        };
        let miss = self.point_b - self.point_a - n * self.distance;
        if !(miss.length() > self.extent.rounding()) {
            return self;
        }
        let s = pair.support(&n);
        let lift = n.dot(&s.a) - n.dot(&self.point_a);
        if !(lift.is_finite() && all_finite(&s.w)) {
            return self;
        }
        let point_a = self.point_a + n * lift;
        Self {
            point_a,
            point_b: point_a + n * self.distance,
            ..self
        }
    }

    /// The depth of overlapping cores (EPA's certified lower bound).
    #[inline]
    #[must_use]
    pub fn depth(&self) -> T {
        -self.distance
    }

    /// The upper bound on the depth of overlapping cores.
    #[inline]
    #[must_use]
    pub fn depth_bound(&self) -> T {
        -self.bound
    }

    /// The answer for the shapes in their own frame: the kernel's frame of
    /// scale `sigma` undone, the margins `ra`, `rb` added.
    ///
    /// # Errors
    ///
    /// [`GjkError::Overflow`] when the distance or a point is beyond the
    /// largest finite value (huge margins around deep cores, or coordinates
    /// that leave the range once unscaled). The bound may be infinite (an
    /// EPA that took no support yet has none), not NaN.
    #[inline(always)]
    pub fn for_shapes(&self, sigma: T, ra: T, rb: T) -> Result<ShapeAnswer<T, D>, GjkError> {
        let margin = ra + rb;
        // `σ` is a power of two of normal range, so `1/σ` is exact and
        // multiplying by it rounds exactly as dividing by `σ` would (both
        // round the same exact quotient), without the divisions' latency.
        let unscale = sigma.recip();
        let (pa, pb) = (self.point_a * unscale, self.point_b * unscale);
        let (point_a, point_b) = match self.normal {
            Some(n) => (pa + n * ra, pb - n * rb),
            None => (pa, pb),
        };
        // Adding `+0` turns a `-0` (the minus of a zero depth) into `+0`:
        // a reported distance is never negative zero.
        let answer = ShapeAnswer {
            distance: self.distance * unscale - margin + T::zero(),
            // A lower bound on a gap may round above the gap once they agree.
            bound: self.bound.min(self.distance) * unscale - margin + T::zero(),
            normal: self.normal,
            point_a,
            point_b,
            iterations: self.iterations,
            status: self.status,
        };
        let finite = answer.distance.is_finite() && answer.bound.partial_cmp(&T::zero()).is_some();
        if finite && all_finite(&answer.point_a) && all_finite(&answer.point_b) {
            Ok(answer)
        } else {
            Err(GjkError::Overflow)
        }
    }
}

/// A query's answer for the shapes themselves, in their frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ShapeAnswer<T: Real, const D: usize> {
    /// Signed distance: the gap when apart, minus the depth when the shapes
    /// overlap (an upper bound in both cases).
    pub distance: T,
    /// The certified lower bound on the signed distance.
    pub bound: T,
    /// Unit normal from A towards B, as in [`CoreAnswer::normal`].
    pub normal: Option<SVector<T, D>>,
    /// The witnesses, pushed out of the cores by the margins along the
    /// normal.
    pub point_a: SVector<T, D>,
    pub point_b: SVector<T, D>,
    pub iterations: u32,
    pub status: Status,
}

/// Both margins, checked: finite and non-negative (else `NonFinite`), and a
/// finite sum (else `Overflow`).
pub(crate) fn margins<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
) -> Result<(T, T), GjkError> {
    let (ra, rb) = (a.margin(), b.margin());
    if !(ra.is_finite() && rb.is_finite() && ra >= T::zero() && rb >= T::zero()) {
        Err(GjkError::NonFinite)
    } else if !(ra + rb).is_finite() {
        Err(GjkError::Overflow)
    } else {
        Ok((ra, rb))
    }
}

/// The unit normal from A towards B for cores apart: `−v / ‖v‖`.
///
/// Taken from the simplex's closest point (whose direction is accurate to
/// working precision on facets) rather than from the witness difference, and
/// normalised by its own length, so pushing the witnesses out by the margins
/// always lands them on the rounded surfaces.
fn separating_normal<T: Real, const D: usize>(simplex: &Simplex<T, D>) -> Option<SVector<T, D>> {
    unit(&-simplex.closest_point())
}

#[cfg(test)]
mod tests {
    use nalgebra::SVector;

    use super::*;
    use crate::simplex::SupportPoint;

    /// EPA's answer for cores that only touch is minus a zero depth,
    /// `-0.0`; the shapes' answer must report `+0.0` (and the public
    /// depth, its negation clamped, `+0.0` too).
    #[test]
    fn a_zero_depth_is_reported_as_positive_zero() {
        let simplex = Simplex::from_point(SupportPoint::<f64, 3>::from_point(SVector::zeros()));
        let mut answer = CoreAnswer::from_simplex(
            &simplex,
            Verdict::Overlap,
            (0.0, 0.0),
            Some(SVector::x()),
            Extent::new(),
            (1, Status::Converged),
        );
        answer.distance = -0.0;
        answer.bound = -0.0;
        let shapes = answer.for_shapes(1.0, 0.0, 0.0).unwrap();
        assert!(shapes.distance.is_sign_positive(), "{:?}", shapes.distance);
        assert!(shapes.bound.is_sign_positive(), "{:?}", shapes.bound);
    }
}
