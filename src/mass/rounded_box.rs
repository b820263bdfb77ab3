//! Boxes rounded by a radius, in any dimension.
//!
//! The rounded box `|xᵢ| ≤ hᵢ` grown by `r` splits by the set `J` of axes
//! along which a point lies beyond the box: for each `J`, the pieces are
//! the box's extent `2hᵢ` along the axes outside `J` times the orthants of
//! a `|J|`-ball of radius `r` at the corners over `J` (in 3D: the box,
//! 6 slabs, 12 quarter cylinders, 8 sphere octants). The `2^|J|` orthants
//! of one `J` make a whole ball, so with `Vₖ` the volume of the unit
//! `k`-ball and `eₖ` the coefficient of `zᵏ` in `∏ (2hⱼ + z)`:
//!
//! * volume `Σₖ eₖ Vₖ rᵏ`;
//! * along axis `i`, with `cₖ` the coefficients of the product over the
//!   other axes: `Σₖ cₖ [Vₖ rᵏ · 2hᵢ³/3 + V_{k+1} r^{k+1} hᵢ² +
//!   4 hᵢ Vₖ r^{k+2}/(k+2) + V_{k+1} r^{k+3}/(k+3)]`, the first term for
//!   `i ∉ J`, the rest for `i ∈ J` (the half balls pushed out by `hᵢ`: each
//!   has the first moment `Vₖ r^{k+2}/(k+2)` from its flat face).
//!
//! Every piece is symmetric about the centre, so the second moment is
//! diagonal and the centre is the box's.

use nalgebra::{SMatrix, SVector};

use super::moments::{count, scale_of, unit_ball_volume, Moments};
use super::MassProperties;
use crate::math::real::Real;

/// The coefficients `c₀ … c_{D−1}` of `∏_{j ≠ skip} (2hⱼ + z)`.
fn coefficients<T: Real, const D: usize>(h: &SVector<T, D>, skip: usize) -> SVector<T, D> {
    let mut c = SVector::<T, D>::zeros();
    if let Some(c0) = c.get_mut(0) {
        *c0 = T::one();
    }
    let others = h.iter().enumerate().filter(|&(j, _)| j != skip);
    for &hj in others.map(|(_, hj)| hj) {
        // Multiply by (2hⱼ + z), highest coefficient first.
        for k in (0..D).rev() {
            let below = k.checked_sub(1).and_then(|k1| c.get(k1)).copied();
            if let Some(ck) = c.get_mut(k) {
                *ck = *ck * (hj + hj) + below.unwrap_or(T::zero());
            }
        }
    }
    c
}

/// `Vₖ rᵏ` for `k = 0 …`, one at a time.
fn ball_term<T: Real>(k: usize, r: T) -> T {
    unit_ball_volume::<T>(k) * r.powi(i32::try_from(k).unwrap_or(i32::MAX))
}

/// The box of half-extents `half` grown by `radius`, at `density`.
pub(super) fn rounded_box<T: Real, const D: usize>(
    half: &SVector<T, D>,
    radius: T,
    density: T,
) -> MassProperties<T, D> {
    let sigma = scale_of(half.iter().copied().chain([radius]));
    let (h, r) = (half * sigma, radius * sigma);
    let mut volume = T::zero();
    let mut second = SVector::<T, D>::zeros();
    for (i, (&hi, slot)) in h.iter().zip(second.iter_mut()).enumerate() {
        let c = coefficients(&h, i);
        let mut along = T::zero();
        for (k, &ck) in c.iter().enumerate() {
            let (flat, round) = (ball_term::<T>(k, r), ball_term::<T>(k + 1, r));
            let outside = flat * (hi + hi) * hi * hi / T::lit(3.0);
            let inside = round * hi * hi
                + T::lit(4.0) * hi * flat * r * r / count::<T>(k + 2)
                + round * r * r / count::<T>(k + 3);
            along += ck * (outside + inside);
            if i == 0 {
                // The full product is this one times (2h₀ + z).
                volume += ck * ((hi + hi) * flat + round);
            }
        }
        *slot = along;
    }
    let second = SMatrix::from_diagonal(&second);
    Moments::centered(volume, second).finish(density, &[sigma], &SVector::zeros())
}
