//! When the GJK loop may stop, and what a stopped loop proves: every test
//! the loop and the boolean queries apply, by name.
//!
//! All are relative. Lengths are compared with the tolerance times the
//! length, plus the rounding allowance of the coordinates seen
//! ([`Extent::rounding`]), so the same configuration stops the same way at
//! any scale and at any distance from the origin.

use super::answer::{CoreAnswer, Verdict};
use super::extent::Extent;
use crate::engine::config::{Config, Error, Status};
use nalgebra::SVector;

use crate::math::real::{max_abs, Real};

/// The cores touch: `‖v‖²` (given as `vv`) is within the rounding of the
/// coordinates, so no direction to the origin is defined.
#[inline]
pub(super) fn touching<T: Real>(vv: T, extent: Extent<T>) -> bool {
    let r = extent.rounding();
    vv <= r * r
}

/// The bounds have met: `‖v‖² − v·w`, the gap between `‖v‖` and the lower
/// bound `v·w/‖v‖` times `‖v‖`, is within the tolerance of the lower bound
/// (so the answer is within the tolerance of the true distance, for any
/// tolerance) plus the rounding of the coordinates.
#[inline]
pub(super) fn gap_closed<T: Real>(vv: T, vw: T, norm: T, tolerance: T, extent: Extent<T>) -> bool {
    vv - vw <= tolerance * vw.max(T::zero()) + extent.rounding() * norm
}

/// An upper and a lower bound agree: they differ by at most the tolerance
/// of the lower one plus rounding.
#[inline]
pub(super) fn bounds_meet<T: Real>(upper: T, lower: T, tolerance: T, extent: Extent<T>) -> bool {
    upper - lower <= tolerance * lower + extent.rounding()
}

/// A bound found after a stall certifies the answer `‖v‖ = norm`: it is
/// positive and meets it.
#[inline]
pub(super) fn certifies<T: Real>(bound: T, norm: T, tolerance: T, extent: Extent<T>) -> bool {
    bound > T::zero() && bounds_meet(norm, bound, tolerance, extent)
}

/// A bound on the rounding of `v·w` for a support point `w` (`‖v‖` given):
/// `(D + 2) u ‖v‖ ‖w‖` with `u = ε / 2` covers the dot product (`D u` of
/// `Σ |vᵢ wᵢ|`) and the difference `a − b` that gave `w` (`u ‖w‖` per
/// coordinate), with `‖w‖ ≤ √D max |wᵢ|`, and a subnormal lost to
/// underflow per product. The lower bound `v·w / ‖v‖` is
/// certified only once this much is taken off: a gap within rounding of
/// zero is no proof.
#[inline]
pub(super) fn dot_rounding<T: Real, const D: usize>(w: &SVector<T, D>, norm: T) -> T {
    let dims = T::from_usize(D + 2).unwrap_or(T::one());
    let root = T::from_usize(D).unwrap_or(T::one()).sqrt();
    // Each product may also lose up to the smallest subnormal to underflow.
    dims * (T::EPSILON * T::lit(0.5) * root * max_abs(w) * norm + T::TINIEST)
}

/// The bound a GJK step proves with the support point `w` along `−v`
/// (`vv = ‖v‖²`, `vw = v · w`): `(v · w − rounding) / ‖v‖` when positive,
/// [`dot_rounding`] taken off. Returns `‖v‖` and the bound (`None` when the
/// step proves nothing).
#[inline(always)]
pub(super) fn step_bound<T: Real, const D: usize>(
    w: &SVector<T, D>,
    vv: T,
    vw: T,
) -> (T, Option<T>) {
    let norm = vv.sqrt();
    let proven = vw - dot_rounding(w, norm);
    (norm, (proven > T::zero()).then(|| proven / norm))
}

/// A certified lower bound on `n̂ · y`, for `n` a computed unit vector
/// (its length within `2D u` of one, `u = ε / 2`; `n̂ = n / ‖n‖`) and `y` a
/// support point: the computed `n · y` less its rounding. The dot product
/// rounds by at most `D u Σ |nᵢ yᵢ|`, the difference `a − b` that gave `y`
/// adds `u |yᵢ|` per coordinate, and dividing by `‖n‖` moves the result by
/// `2D u` of itself; each product may lose a subnormal to underflow.
/// Measured on the terms themselves rather than on the coordinates' size,
/// the allowance is small where the normal is close to an axis.
#[inline]
pub(crate) fn certified_offset<T: Real, const D: usize>(n: &SVector<T, D>, y: &SVector<T, D>) -> T {
    let u = T::EPSILON * T::lit(0.5);
    let (mut h, mut terms) = (T::zero(), T::zero());
    for (a, b) in n.iter().zip(y.iter()) {
        h += *a * *b;
        terms += (*a * *b).abs();
    }
    let dims = T::from_usize(D + 2).unwrap_or(T::one());
    let length = T::from_usize(2 * D).unwrap_or(T::one());
    h - (dims * (u * terms + T::TINIEST) + length * u * h.abs())
}

/// A certified lower bound proves the distance beyond `cutoff` when it
/// clears it by more than the rounding allowance of the coordinates: gaps
/// within rounding count as touching (the loop's early exit and
/// [`within`] decide by this one test).
#[inline]
pub(super) fn proves_beyond<T: Real>(lower: T, cutoff: T, extent: Extent<T>) -> bool {
    lower - extent.rounding() > cutoff
}

/// Whether the cores are within `cutoff` of each other, from a loop that
/// ran with `cutoff` as its `beyond` exit (`cutoff` and the answer in one
/// frame). This is the one rule every boolean answer follows:
///
/// * `false` only when proven: the lower bound (net of its rounding, see
///   [`dot_rounding`]) exceeds the cutoff by more than the rounding of the
///   coordinates ([`proves_beyond`]), or the
///   loop converged (the bounds agree within the tolerance, so `‖v‖` is
///   the distance to working precision) with `‖v‖` beyond the cutoff by
///   more than the tolerance and the rounding of the coordinates;
/// * `true` when the upper bound is within the cutoff, or when the bounds
///   straddle it after a stall: the loop can split the bracket no further,
///   and shapes that touch to working precision count as touching (on
///   slivers a stall can leave the bracket wider than rounding, so this
///   `true` is not a proof: [`proven_within`] says when it is);
/// * [`Error::IterationLimit`] when the cap was reached with the bounds
///   still straddling the cutoff.
pub(crate) fn within<T: Real, const D: usize>(
    answer: &CoreAnswer<T, D>,
    cutoff: T,
    config: &Config<T, D>,
) -> Result<bool, Error> {
    let (upper, lower) = (answer.distance, answer.bound);
    match answer.verdict {
        Verdict::Overlap | Verdict::WithinMargin => Ok(true),
        Verdict::BeyondCutoff => Ok(false),
        Verdict::Apart if proves_beyond(lower, cutoff, answer.extent) => Ok(false),
        Verdict::Apart if upper <= cutoff => Ok(true),
        Verdict::Apart => match answer.status {
            Status::Converged => {
                let slack = config.tolerance * cutoff.min(upper) + answer.extent.rounding();
                Ok(upper <= cutoff + slack)
            }
            Status::IterationLimit => Err(Error::IterationLimit),
            Status::Stalled | Status::OutOfCapacity => Ok(true),
        },
    }
}

/// Whether the cores are *proven* within `cutoff` of each other, from a
/// loop run as for [`within`]: by its verdict, or by its upper bound
/// (`‖v‖`, the length of a point of the simplex, whatever the status).
/// [`within`] also calls a stalled bracket that straddles the cutoff
/// touching, which suits a collision test; a check that must certify a
/// point (a witness in its shape) asks this one instead.
pub(crate) fn proven_within<T: Real, const D: usize>(answer: &CoreAnswer<T, D>, cutoff: T) -> bool {
    match answer.verdict {
        Verdict::Overlap | Verdict::WithinMargin => true,
        Verdict::Apart => answer.distance <= cutoff + answer.extent.rounding(),
        Verdict::BeyondCutoff => false,
    }
}

#[cfg(test)]
mod tests {
    use nalgebra::SVector;

    use super::*;
    use crate::simplex::{Simplex, SupportPoint};

    fn answer(lower: f64, upper: f64, status: Status) -> CoreAnswer<f64, 3> {
        let simplex = Simplex::from_point(SupportPoint::from_point(SVector::x() * upper));
        let mut extent = Extent::new();
        extent.include(&SupportPoint::<f64, 3>::from_point(SVector::x()));
        CoreAnswer::from_simplex(
            &simplex,
            Verdict::Apart,
            (upper, lower),
            None,
            extent,
            (3, status),
        )
    }

    /// The one boolean rule: "apart" only when proven; a bracket straddling
    /// the cutoff counts as touching after a stall and is an error at the
    /// cap. Before the rule, a stalled bracket `[0, 1e-13]` read as apart.
    #[test]
    fn within_follows_the_bracket() {
        let config = Config::<f64, _>::default();
        let check = |lower, upper, status| within(&answer(lower, upper, status), 0.0, &config);
        assert_eq!(check(0.0, 1e-13, Status::Stalled), Ok(true));
        assert_eq!(check(0.0, 0.5, Status::Stalled), Ok(true));
        assert_eq!(
            check(0.0, 0.5, Status::IterationLimit),
            Err(Error::IterationLimit)
        );
        assert_eq!(check(1e-13, 0.5, Status::IterationLimit), Ok(false));
        assert_eq!(check(1e-13, 2e-13, Status::Stalled), Ok(false));
        // Converged: the upper bound is the distance to working precision.
        assert_eq!(check(0.0, 0.5, Status::Converged), Ok(false));
        assert_eq!(check(0.0, 1e-17, Status::Converged), Ok(true));
    }

    /// A proof of contact within a cutoff takes the upper bound, whatever
    /// the status: a stalled bracket that straddles the cutoff, `true` for
    /// [`within`], proves nothing (a witness 1.3e64 outside a needle at
    /// 1e74 passed as in it that way).
    #[test]
    fn proven_within_needs_the_upper_bound() {
        let config = Config::<f64, _>::default();
        let cutoff = 1e-3;
        let stalled = answer(0.0, 0.5, Status::Stalled);
        assert_eq!(within(&stalled, cutoff, &config), Ok(true));
        assert!(!proven_within(&stalled, cutoff));
        for status in [Status::Stalled, Status::IterationLimit, Status::Converged] {
            assert!(proven_within(&answer(0.0, 0.9e-3, status), cutoff));
            assert!(!proven_within(&answer(0.0, 2e-3, status), cutoff));
        }
        let mut overlap = answer(0.0, 0.5, Status::Converged);
        overlap.verdict = Verdict::Overlap;
        assert!(proven_within(&overlap, cutoff));
        overlap.verdict = Verdict::BeyondCutoff;
        assert!(!proven_within(&overlap, 1.0));
    }
}
