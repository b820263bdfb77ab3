//! The answer on the cores, and the one place it becomes an answer for the
//! shapes.
//!
//! Queries run on the shapes' *cores* in the kernel's frame (support points
//! multiplied by a power of two `σ`, see [`Pair`](crate::engine::pair::Pair)); GJK
//! and EPA both end in a [`CoreAnswer`]. The shapes' answer is that one
//! divided by `σ`, with the margins (radii) `r_A + r_B` taken off the signed
//! distance and the witnesses pushed out along the normal by their radius:
//! [`CoreAnswer::for_shapes`].

use nalgebra::SVector;

use super::extent::Extent;
use crate::engine::config::{Error, Status};
use crate::engine::pair::Pair;
use crate::math::real::{all_finite, max_abs, unit, Length, Real};
use crate::shape::SupportMap;
use crate::simplex::{Simplex, SupportPoint};

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
    /// Signed distance between the cores, the best estimate: `‖v‖` when
    /// apart, minus the depth found by EPA when overlapping (the support
    /// value along its normal once converged, exact where the answer is
    /// representable), zero when GJK found them overlapping and no depth
    /// was asked for.
    pub distance: T,
    /// The certified upper bound on the signed distance: `distance` when
    /// apart (`‖v‖`), minus EPA's certified lower bound on the depth.
    pub certain: T,
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
    /// Whether the witnesses disagreed across the normal beyond rounding
    /// and were made to agree by the weights' error model
    /// ([`Simplex::share_of_a`]): a model, not a proof, so the witnesses
    /// are then checked against their shapes
    /// ([`checked_witnesses`](super::checked_witnesses)).
    pub reconciled: bool,
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
            certain: if verdict == Verdict::Overlap {
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
            reconciled: false,
        }
    }

    /// For cores apart, as [`contact`](crate::contact) promises them: the
    /// witnesses exactly `distance · normal` apart, when they still miss
    /// that by more than rounding after [`Self::aligned`] (which leaves a
    /// sideways miss where moving a witness across could take it off its
    /// shape, or leaves a stalled answer alone). A's witness is put on A's
    /// support plane along the normal (one support call, on this path
    /// only) and B's `distance` beyond it; the sideways miss is shared
    /// between them as the spread of `simplex`'s vertices on each shape
    /// says ([`Simplex::share_of_a`]), so that a needle or a vertex keeps
    /// its own witness: the vector relation is the contract of a contact,
    /// where the distance's witnesses only promise their length.
    #[must_use]
    pub fn witnesses_on_planes<A, B>(
        self,
        pair: &Pair<'_, A, B, T>,
        simplex: &Simplex<T, D>,
    ) -> Self
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
        // The miss across the normal, from A's witness towards B's.
        let along = n.dot(&miss);
        let across = miss - n * along;
        let point_a = self.point_a + n * lift + across * simplex.share_of_a(&across);
        // Moved by more than the simplex's own points could be off their
        // shapes: across by more than rounding, or along by more than the
        // bracket and rounding (see `checked_witnesses`).
        let rounding = self.extent.rounding();
        let bracket = (self.distance - self.bound).max(T::zero()) + rounding;
        let reconciled = max_abs(&across) > rounding
            || !(lift.abs() <= bracket)
            || !((lift - along).abs() <= bracket);
        Self {
            point_a,
            point_b: point_a + n * self.distance,
            reconciled,
            ..self
        }
    }

    /// For a signed answer from GJK: its bound made a lower bound on the
    /// *signed* distance. The loop's bound is a gap clipped at zero, which
    /// for cores it did not prove apart (a run stalled on rounding) says
    /// nothing of how deep they may overlap. The gap along the normal,
    /// `−h_{A−B}(n)` (negative where the cores overlap along it), does:
    /// translating B by it along `n` separates them, so no signed distance
    /// is below it. One support call, on cores not proven apart only.
    #[must_use]
    pub fn signed_bound<A, B>(self, pair: &Pair<'_, A, B, T>) -> Self
    where
        A: SupportMap<T, D> + ?Sized,
        B: SupportMap<T, D> + ?Sized,
    {
        if self.verdict == Verdict::Overlap || self.bound > T::zero() {
            return self;
        }
        let gap = self.normal.map(|n| -n.dot(&pair.support(&n).w));
        let floor = -T::max_value().unwrap_or_else(T::one);
        let bound = match gap {
            Some(g) if g.is_finite() => (g - self.extent.rounding()).min(self.bound),
            _ => floor,
        };
        Self { bound, ..self }
    }

    /// For cores apart, converged: the normal and witnesses made to agree, so that
    /// `point_b − point_a = distance · normal` along the normal to rounding,
    /// and pushing the witnesses out by the margins leaves them the shapes'
    /// distance apart.
    ///
    /// The barycentric witnesses `Σ λᵢ aᵢ`, `Σ λᵢ bᵢ` and the closest point
    /// `v` (a projection) round differently, and on ill-conditioned
    /// simplices they can disagree by far more than `ε`:
    ///
    /// * weights on a long edge carry their rounding along the normal, up
    ///   to `ε` times the edge over the weights, which shortens or
    ///   lengthens the witnesses' difference;
    /// * on a thin face seen from afar (a large ball over a sliver), the
    ///   face's plane is tilted by its rounding, and `v`, projected on that
    ///   plane, leans sideways while the weights still put the witnesses on
    ///   the true closest features. Radius `r` times that tilt moves a
    ///   pushed-out witness sideways: 1e-7 for `r = 53` and a tilt of 2e-9.
    ///
    /// Only when they disagree by more than rounding (a path that costs up
    /// to two support calls) two normals compete: the one found (`−v / ‖v‖`
    /// or the face bound's) and the witnesses' own direction. Each one's
    /// gap between the cores' support planes is a certified lower bound on
    /// the distance; the direction of the true closest points has the
    /// largest, so the larger gap wins, and a tie (both within the gap's
    /// rounding) goes to the witnesses' direction, which keeps them where
    /// they are. If they still disagree, A's witness is put on A's support
    /// plane along the normal and B's `distance` beyond it; only where the
    /// sideways miss would show once the margins are added, and one side's
    /// witness is a single point, is the other moved sideways too (see the
    /// body).
    #[must_use]
    pub fn aligned<A, B>(self, pair: &Pair<'_, A, B, T>, simplex: &Simplex<T, D>) -> Self
    where
        A: SupportMap<T, D> + ?Sized,
        B: SupportMap<T, D> + ?Sized,
    {
        // Only a converged answer's normal and distance are certified; a
        // stalled bracket leaves the witnesses where the weights put them.
        let settled = self.verdict == Verdict::Apart && self.status == Status::Converged;
        let Some(found) = self.normal.filter(|_| settled) else {
            return self;
        };
        let rounding = self.extent.rounding();
        let between = self.point_b - self.point_a;
        if !((between - found * self.distance).length() > rounding) {
            return self;
        }
        // The certified gap along `n`, and the support point that gave it.
        let gap = |n: &SVector<T, D>| {
            let s = pair.support(n);
            let g = -n.dot(&s.w);
            (all_finite(&s.w) && g.is_finite()).then_some((g, s))
        };
        let Some((found_gap, found_support)) = gap(&found) else {
            return self;
        };
        let own = unit(&between).and_then(|n| Some((n, gap(&n)?)));
        let (normal, gap, support) = match own {
            Some((n, (g, s))) if g >= found_gap - rounding => (n, g, s),
            _ => (found, found_gap, found_support),
        };
        if !((between - normal * self.distance).length() > rounding) {
            return Self {
                normal: Some(normal),
                ..self
            };
        }
        // Along the normal, A's witness goes onto A's support plane and B's
        // `distance` beyond it. Across it, a sideways miss `δ` shows in the
        // shapes' answer as `√(d² + δ²) − d`, `d` the distance left once
        // the margins are pushed along the normal: nothing when `d` is
        // large (the witnesses then stay where the weights put them, in
        // their shapes), everything when margins close the gap. Only then,
        // and only when one side's simplex points are all one point (a
        // point core, or the single vertex the other side's feature faces),
        // whose witness no weight can move, is the other witness moved
        // sideways, `distance` beyond it. Between two features of more than
        // a point neither witness is known to be the better one, and moving
        // either can take it off its shape.
        let lift_a = |p: SVector<T, D>| p + normal * (normal.dot(&support.a) - normal.dot(&p));
        let lift_b = |p: SVector<T, D>| p + normal * (normal.dot(&support.b) - normal.dot(&p));
        let across = (between - normal * normal.dot(&between)).length();
        let margins = (pair.a.margin() + pair.b.margin()) * pair.scale();
        let left = (self.distance - margins).abs();
        let shows = (left * left + across * across).sqrt() - left;
        // How far the normal may be off: a unit direction at angle `θ` from
        // the closest points' direction certifies a gap of at most
        // `distance · cos θ`, so a gap within `unsure` of the distance
        // leaves `θ ≤ √(2 unsure / distance)`, and a witness put `distance`
        // along the normal may land up to `√(2 unsure · distance)` to the
        // side of the closest point: on a long feature the normal grazes,
        // off the feature. A witness is moved across only when the miss it
        // removes is larger than that, or is first order in the shapes'
        // answer (the margins close the gap, `shows` near `across`);
        // a miss that shows only to second order (`across² / 2d`) leaves
        // the witnesses on their shapes.
        let unsure = (self.distance - gap).max(T::zero()) + rounding;
        let wobble = (T::lit(2.0) * unsure * self.distance).sqrt();
        let first_order = shows + shows > across;
        let move_across = shows > rounding && (shows > wobble || first_order);
        let (a_exact, b_exact) = (one_point(simplex, |p| p.a), one_point(simplex, |p| p.b));
        let (point_a, point_b) = if move_across && a_exact && !b_exact {
            let a = lift_a(self.point_a);
            (a, a + normal * self.distance)
        } else if move_across && b_exact && !a_exact {
            let b = lift_b(self.point_b);
            (b - normal * self.distance, b)
        } else {
            let a = lift_a(self.point_a);
            let b = self.point_b
                + normal * (normal.dot(&a) + self.distance - normal.dot(&self.point_b));
            (a, b)
        };
        if !(all_finite(&point_a) && all_finite(&point_b)) {
            return Self {
                normal: Some(normal),
                ..self
            };
        }
        Self {
            normal: Some(normal),
            point_a,
            point_b,
            ..self
        }
    }

    /// The depth of overlapping cores (EPA's certified lower bound).
    #[inline]
    #[must_use]
    pub fn depth(&self) -> T {
        -self.certain
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
    /// [`Error::Overflow`] when the distance or a point is beyond the
    /// largest finite value (huge margins around deep cores, or coordinates
    /// that leave the range once unscaled). The bound may be infinite (an
    /// EPA that took no support yet has none), not NaN.
    #[inline(always)]
    pub fn for_shapes(&self, sigma: T, ra: T, rb: T) -> Result<ShapeAnswer<T, D>, Error> {
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
            certain: self.certain * unscale - margin + T::zero(),
            // A lower bound on a gap may round above the gap once they agree.
            bound: self.bound.min(self.distance) * unscale - margin + T::zero(),
            normal: self.normal,
            point_a,
            point_b,
            iterations: self.iterations,
            status: self.status,
            reconciled: self.reconciled,
        };
        let finite = answer.distance.is_finite() && answer.bound.partial_cmp(&T::zero()).is_some();
        if finite && all_finite(&answer.point_a) && all_finite(&answer.point_b) {
            Ok(answer)
        } else {
            Err(Error::Overflow)
        }
    }
}

/// A query's answer for the shapes themselves, in their frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ShapeAnswer<T: Real, const D: usize> {
    /// Signed distance: the gap when apart, minus the depth when the shapes
    /// overlap (the best estimate, as [`CoreAnswer::distance`]).
    pub distance: T,
    /// The certified upper bound on the signed distance.
    pub certain: T,
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
    /// As in [`CoreAnswer::reconciled`].
    pub reconciled: bool,
}

/// Both margins, checked: finite and non-negative (else `NonFinite`), and a
/// finite sum (else `Overflow`).
pub(crate) fn margins<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
) -> Result<(T, T), Error> {
    let (ra, rb) = (a.margin(), b.margin());
    if !(ra.is_finite() && rb.is_finite() && ra >= T::zero() && rb >= T::zero()) {
        Err(Error::NonFinite)
    } else if !(ra + rb).is_finite() {
        Err(Error::Overflow)
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

/// Whether one side's points of the simplex (`side` picks `a` or `b`) are
/// all the same point.
fn one_point<T: Real, const D: usize>(
    simplex: &Simplex<T, D>,
    side: impl Fn(&SupportPoint<T, D>) -> SVector<T, D>,
) -> bool {
    let mut points = simplex.iter().map(|(p, _)| side(p));
    let first = points.next();
    points.all(|q| Some(q) == first)
}

#[cfg(test)]
mod tests {
    use nalgebra::SVector;

    use super::*;

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
