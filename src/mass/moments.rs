//! Unit-density moments in coordinates brought to order one by a power of
//! two, the simplex formulas that fill them, and the step back to the
//! caller's coordinates and density.

use nalgebra::{SMatrix, SVector};

use super::products::outer;
use super::MassProperties;
use crate::math::real::Real;

/// The volume, centroid and central second moment of a solid of density
/// one, in coordinates `y = σ (x − origin)` for the `origin` and power of
/// two `σ` its [`finish`](Self::finish) is given.
#[derive(Clone, Copy, Debug)]
pub(super) struct Moments<T: Real, const D: usize> {
    pub(super) volume: T,
    pub(super) center: SVector<T, D>,
    pub(super) second: SMatrix<T, D, D>,
}

impl<T: Real, const D: usize> Moments<T, D> {
    /// A solid centred at the scaled frame's origin.
    pub(super) fn centered(volume: T, second: SMatrix<T, D, D>) -> Self {
        Self {
            volume,
            center: SVector::zeros(),
            second,
        }
    }

    /// The mass properties at `density` in the caller's coordinates,
    /// `x = origin + y / σ` for each `σ` of `scales` in turn. Each `1 / σ`
    /// is a power of two, so the step back rounds nothing unless the result
    /// itself overflows or underflows.
    pub(super) fn finish(
        self,
        density: T,
        scales: &[T],
        origin: &SVector<T, D>,
    ) -> MassProperties<T, D> {
        let (mut mass, mut center, mut second) =
            (self.volume * density, self.center, self.second * density);
        for &sigma in scales {
            let inv = T::one() / sigma;
            center *= inv;
            for _ in 0..D {
                mass *= inv;
                second *= inv;
            }
            second *= inv * inv;
        }
        MassProperties {
            mass,
            center: origin + center,
            second_moment: second,
        }
    }
}

/// The volume of the unit ball in `k` dimensions: `V₀ = 1`, `V₁ = 2`,
/// `Vₖ = 2π Vₖ₋₂ / k`.
pub(super) fn unit_ball_volume<T: Real>(k: usize) -> T {
    let two_pi = T::two_pi();
    let even = k.is_multiple_of(2);
    let mut v = if even { T::one() } else { T::lit(2.0) };
    let mut j = if even { 2 } else { 3 };
    while j <= k {
        v = v * two_pi / count(j);
        j += 2;
    }
    v
}

/// `n` as a scalar.
pub(super) fn count<T: Real>(n: usize) -> T {
    T::from_usize(n).unwrap_or(T::zero())
}

/// Sums of simplices' moments about the origin of the scaled frame.
///
/// For a simplex with vertices `w₀ … w_D` and signed volume `V`,
/// `∫ x dV = V/(D+1) · s` and
/// `∫ x xᵀ dV = V/((D+1)(D+2)) · (Σ wₖ wₖᵀ + s sᵀ)`, `s = Σ wₖ`: the
/// moments of the standard simplex carried by the affine map onto it.
#[derive(Clone, Copy, Debug)]
pub(super) struct SimplexSum<T: Real, const D: usize> {
    volume: T,
    first: SVector<T, D>,
    second: SMatrix<T, D, D>,
}

impl<T: Real, const D: usize> SimplexSum<T, D> {
    pub(super) fn new() -> Self {
        Self {
            volume: T::zero(),
            first: SVector::zeros(),
            second: SMatrix::zeros(),
        }
    }

    /// Adds the simplex `apex, others…` of signed volume `volume`.
    pub(super) fn add(&mut self, volume: T, apex: &SVector<T, D>, others: &[SVector<T, D>; D]) {
        let mut sum = *apex;
        let mut squares = outer(apex, apex);
        for w in others {
            sum += w;
            squares += outer(w, w);
        }
        let n = count::<T>(D + 1);
        self.volume += volume;
        self.first += sum * (volume / n);
        self.second += (squares + outer(&sum, &sum)) * (volume / (n * (n + T::one())));
    }

    /// Adds a part given by its volume, `∫ x dV` and `∫ x xᵀ dV` about the
    /// origin.
    pub(super) fn add_raw(&mut self, volume: T, first: &SVector<T, D>, second: &SMatrix<T, D, D>) {
        self.volume += volume;
        self.first += first;
        self.second += second;
    }

    /// The sum's volume, centroid and central second moment; the centroid
    /// is the origin when the volume is zero or not a number.
    pub(super) fn moments(&self) -> Moments<T, D> {
        let center = if self.volume != T::zero() && self.volume.is_finite() {
            self.first / self.volume
        } else {
            SVector::zeros()
        };
        let second = self.second - outer(&center, &self.first);
        Moments {
            volume: self.volume,
            center,
            second: (second + second.transpose()) * T::lit(0.5),
        }
    }
}

/// The power of two bringing the largest of `lengths` to `[1, 2)`.
pub(super) fn scale_of<T: Real>(lengths: impl IntoIterator<Item = T>) -> T {
    T::unit_scale(lengths.into_iter().fold(T::zero(), |m, x| m.max(x.abs())))
}
