//! Orthonormal bases of subspaces, built one vector at a time.
//!
//! Both Johnson's sub-algorithm and EPA need the part of a vector orthogonal
//! to the span of some edges. Forming the Gram matrix of the edges and solving
//! its normal equations squares their condition number, and thin simplices
//! (which GJK builds near contact) are badly conditioned. Orthogonalising the
//! edges themselves (a QR factorisation by modified Gram–Schmidt, with a
//! second pass, "twice is enough") keeps the error proportional to the
//! condition number instead, and the residual of a projection stays accurate
//! to working precision however thin the simplex is.

use nalgebra::SVector;

use crate::math::real::{robust_norm, Real};

/// An orthonormal basis `q₀ … q_{r−1}` of a subspace of `R^D`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Basis<T: Real, const D: usize> {
    vectors: [SVector<T, D>; D],
    rank: usize,
}

impl<T: Real, const D: usize> Basis<T, D> {
    /// The basis of the zero subspace.
    #[must_use]
    pub fn new() -> Self {
        Self {
            vectors: [SVector::zeros(); D],
            rank: 0,
        }
    }

    /// The dimension of the subspace.
    #[must_use]
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// The basis vectors.
    #[must_use]
    pub fn vectors(&self) -> &[SVector<T, D>] {
        self.vectors.get(..self.rank).unwrap_or(&[])
    }

    /// The component of `u` orthogonal to the subspace.
    #[must_use]
    pub fn reject(&self, u: &SVector<T, D>) -> SVector<T, D> {
        let mut r = *u;
        for _ in 0..2 {
            for q in self.vectors() {
                r -= q * q.dot(&r);
            }
        }
        r
    }

    /// Adds the direction of `e` unless `e` lies in the subspace within
    /// [`Real::DEGENERACY`]: its rejection must be longer than that fraction
    /// of `‖e‖`, i.e. the sine of the angle between `e` and the subspace must
    /// exceed it.
    ///
    /// On success returns the column of the QR factorisation: the coordinates
    /// `qⱼ · e` of `e` in the old basis and the length of its rejection, so
    /// that `e = Σ coordᵢ qᵢ + length · q_new`.
    pub fn extend(&mut self, e: &SVector<T, D>) -> Option<([T; D], T)> {
        let mut coords = [T::zero(); D];
        let mut r = *e;
        for _ in 0..2 {
            for (c, q) in coords.iter_mut().zip(self.vectors()) {
                let x = q.dot(&r);
                r -= q * x;
                *c += x;
            }
        }
        let length = robust_norm(&r);
        let slot = self.vectors.get_mut(self.rank)?;
        if length > T::DEGENERACY * robust_norm(e) && length.is_finite() {
            *slot = r / length;
            self.rank += 1;
            Some((coords, length))
        } else {
            None
        }
    }

    /// Adds the direction of `e` unless it lies in the subspace (see
    /// [`extend`](Self::extend)); returns whether it was added.
    pub fn add(&mut self, e: &SVector<T, D>) -> bool {
        self.extend(e).is_some()
    }

    /// Keeps only the first `rank` vectors.
    pub fn truncate(&mut self, rank: usize) {
        self.rank = self.rank.min(rank);
    }
}
