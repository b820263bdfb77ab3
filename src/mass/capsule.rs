//! Capsules in any dimension: a cylinder of length `L` and radius `r`
//! about a segment, closed by two half balls.

use nalgebra::{SMatrix, SVector};

use super::moments::{count, scale_of, unit_ball_volume, Moments};
use super::products::outer;
use super::round::dim;
use super::{MassProperties, Solid};
use crate::math::real::{max_abs, Length, Real};
use crate::shape::Capsule;

/// The capsule about the segment `a b` of `radius`, at `density`.
///
/// With `Vₖ` the volume of the unit `k`-ball, the cylinder has volume
/// `m_c = L V_{D−1} r^{D−1}` and the two half balls `m_b = V_D r^D`. Along
/// the axis `u`, `∫ t² = m_c L²/12 + m_b (r²/(D+2) + L²/4) + L · 2 V_{D−1}
/// r^{D+1}/(D+1)`: each half ball sits `L/2` out, its own first moment
/// `V_{D−1} r^{D+1}/(D+1)` from its flat face. Across it, each direction
/// gets `m_c r²/(D+1) + m_b r²/(D+2)`.
pub(super) fn capsule<T: Real, const D: usize>(
    a: &SVector<T, D>,
    b: &SVector<T, D>,
    radius: T,
    density: T,
) -> MassProperties<T, D> {
    let half = b * T::lit(0.5) - a * T::lit(0.5);
    let sigma = scale_of([radius, max_abs(&half)]);
    let (half, r) = (half * sigma, radius * sigma);
    let half_length = half.length();
    let length = half_length + half_length;
    let axis = if half_length > T::zero() {
        half / half_length
    } else {
        SVector::zeros()
    };
    let (ball, disc) = (
        unit_ball_volume::<T>(D),
        unit_ball_volume::<T>(D.saturating_sub(1)),
    );
    let rd = r.powi(dim(D) - 1);
    let m_c = length * disc * rd;
    let m_b = ball * rd * r;
    let r2 = r * r;
    let (n1, n2) = (count::<T>(D + 1), count::<T>(D + 2));
    let caps_along =
        m_b * (r2 / n2 + length * length / T::lit(4.0)) + length * (disc + disc) * rd * r2 / n1;
    let along = m_c * length * length / T::lit(12.0) + caps_along;
    let across = m_c * r2 / n1 + m_b * r2 / n2;
    let uu = outer(&axis, &axis);
    let second = (SMatrix::identity() - uu) * across + uu * along;
    let center = a * T::lit(0.5) + b * T::lit(0.5);
    Moments::centered(m_c + m_b, second).finish(density, &[sigma], &center)
}

impl<T: Real, const D: usize> Solid<T, D> for Capsule<T, D> {
    fn mass_properties(&self, density: T) -> MassProperties<T, D> {
        let (a, b) = self.segment().endpoints();
        capsule(&a, &b, self.radius(), density)
    }
}
