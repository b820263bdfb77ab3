//! How large the numbers of a query are, and so how well its lengths are
//! known.
//!
//! Every length the kernel computes (`‖v‖`, a bound `v · w / ‖v‖`, a facet's
//! distance) is built from the coordinates of support points, and rounding
//! leaves it uncertain by about `ε` times the largest coordinate involved,
//! whatever the length itself. The kernel's absolute allowances are all
//! [`Real::ROUNDING_FLOOR`] times that coordinate, the *extent*, tracked
//! here and nowhere else.

use crate::math::real::{max_abs, Real};
use crate::simplex::{Simplex, SupportPoint};

/// The largest coordinate of the shape points a query has seen (both
/// points of each support point, not only their difference: the
/// difference carries their rounding).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Extent<T>(T);

impl<T: Real> Extent<T> {
    /// Nothing seen yet.
    #[must_use]
    pub fn new() -> Self {
        Self(T::zero())
    }

    /// The extent of the points of a simplex.
    #[must_use]
    pub fn of<const D: usize>(simplex: &Simplex<T, D>) -> Self {
        let mut e = Self::new();
        simplex.for_each(|p, _| e.include(p));
        e
    }

    /// Takes support point `p` into account.
    /// The extent of coordinates up to `size` (as a batch lane's maximum
    /// reads back).
    #[must_use]
    pub fn of_size(size: T) -> Self {
        Self(size)
    }

    #[inline]
    pub fn include<const D: usize>(&mut self, p: &SupportPoint<T, D>) {
        self.0 = self.0.max(max_abs(&p.a)).max(max_abs(&p.b));
    }

    /// The largest coordinate seen, `L`.
    #[inline]
    #[must_use]
    pub fn size(self) -> T {
        self.0
    }

    /// How well a length computed from the points seen is known:
    /// `ROUNDING_FLOOR · L`.
    #[inline]
    #[must_use]
    pub fn rounding(self) -> T {
        T::ROUNDING_FLOOR * self.0
    }
}
