//! Orthonormal bases of subspaces, built one vector at a time.

use nalgebra::SVector;

use crate::real::Real;

/// An orthonormal basis of a subspace of `R^D`, grown by modified
/// Gram–Schmidt with a second pass ("twice is enough") so the vectors stay
/// orthogonal to working precision.
pub(crate) struct Basis<T: Real, const D: usize> {
    vectors: [SVector<T, D>; D],
    rank: usize,
}

impl<T: Real, const D: usize> Basis<T, D> {
    /// The basis of the zero subspace.
    pub fn new() -> Self {
        Self {
            vectors: [SVector::zeros(); D],
            rank: 0,
        }
    }

    /// The dimension of the subspace.
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// The component of `u` orthogonal to the subspace.
    pub fn reject(&self, u: &SVector<T, D>) -> SVector<T, D> {
        let mut r = *u;
        for _ in 0..2 {
            for q in self.vectors.iter().take(self.rank) {
                r -= q * q.dot(&r);
            }
        }
        r
    }

    /// Adds the direction of `e` unless it lies in the subspace: its
    /// rejection must keep more than [`Real::DEGENERACY`] of `‖e‖²`.
    pub fn add(&mut self, e: &SVector<T, D>) -> bool {
        let r = self.reject(e);
        let n2 = r.norm_squared();
        let Some(slot) = self.vectors.get_mut(self.rank) else {
            return false;
        };
        if n2 > T::DEGENERACY * e.norm_squared() && n2 > T::zero() && n2.is_finite() {
            *slot = r / n2.sqrt();
            self.rank += 1;
            true
        } else {
            false
        }
    }
}
