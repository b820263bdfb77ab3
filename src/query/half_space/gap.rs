//! The one number every half-space query needs: the signed gap between the
//! plane and the lowest point of the shape, with its rounding bound.

use nalgebra::SVector;

use crate::engine::config::{Config, Error};
use crate::math::real::{all_finite, Real};
use crate::shape::{HalfSpace, SupportMap};

/// The shape's lowest point along the half-space's normal and its gap.
#[derive(Clone, Copy, Debug)]
pub(super) struct Gap<T: Real, const D: usize> {
    /// The core's support point along `−n`.
    pub core: SVector<T, D>,
    /// The shape's margin.
    pub margin: T,
    /// `n · core − offset`: the core's gap.
    pub core_gap: T,
    /// `core_gap − margin`: the shape's signed distance to the half-space.
    pub gap: T,
    /// A bound on the rounding of `gap` (see the module docs).
    pub slack: T,
}

impl<T: Real, const D: usize> Gap<T, D> {
    /// The gap of `shape` to `plane`, its inputs checked.
    ///
    /// [`Error::InvalidConfig`] for a bad configuration,
    /// [`Error::NonFinite`] for a non-finite or negative margin or a
    /// non-finite support point, [`Error::Overflow`] when the gap leaves
    /// the range.
    pub(super) fn of(
        plane: &HalfSpace<T, D>,
        shape: &(impl SupportMap<T, D> + ?Sized),
        config: &Config<T, D>,
    ) -> Result<Self, Error> {
        config.check()?;
        let margin = shape.margin();
        if !(margin.is_finite() && margin >= T::zero()) {
            return Err(Error::NonFinite);
        }
        let n = plane.normal();
        let core = shape.core_support(&-n);
        if !all_finite(&core) {
            return Err(Error::NonFinite);
        }
        let core_gap = plane.signed_distance(&core);
        let gap = core_gap - margin;
        let slack = rounding(&n, &core, plane.offset(), margin);
        if !(gap.is_finite() && slack.is_finite()) {
            return Err(Error::Overflow);
        }
        Ok(Self {
            core,
            margin,
            core_gap,
            gap,
            slack,
        })
    }

    /// The certified lower bound on the signed distance.
    pub(super) fn lower(&self) -> T {
        self.gap - self.slack
    }

    /// The certified upper bound on the signed distance.
    pub(super) fn upper(&self) -> T {
        self.gap + self.slack
    }

    /// The shape's lowest point, `core − margin · n`.
    pub(super) fn lowest(&self, n: &SVector<T, D>) -> SVector<T, D> {
        self.core - n * self.margin
    }
}

/// `(2D + 8) ε (Σ |nᵢ pᵢ| + |offset| + margin) + (D + 2) τ`: a bound on
/// the rounding of `n · p − offset − margin` (see the module docs), also
/// covering the rounding of this sum itself.
pub(super) fn rounding<T: Real, const D: usize>(
    n: &SVector<T, D>,
    p: &SVector<T, D>,
    offset: T,
    margin: T,
) -> T {
    let size = n
        .iter()
        .zip(p.iter())
        .fold(offset.abs() + margin.abs(), |s, (a, b)| s + (*a * *b).abs());
    let d = T::from_usize(D).unwrap_or_else(T::one);
    let two = T::one() + T::one();
    (two * d + T::lit(8.0)) * T::EPSILON * size + (d + two) * T::TINIEST
}
