//! Johnson's distance sub-algorithm, in any dimension.
//!
//! # The math
//!
//! The point of a simplex closest to the origin lies in the relative interior
//! of exactly one of its faces `X`, where it coincides with the projection of
//! the origin onto the affine hull of `X`. Johnson (Gilbert, Johnson & Keerthi,
//! 1988) writes the barycentric weights of that projection as ratios of
//! sub-determinants `Δᵢ(X)`; they are the cofactors of the normal equations
//! solved here.
//!
//! For a face `X = {y₀} ∪ S`, write the edges from the base vertex,
//! `eᵢ = yᵢ − y₀`, and look for `v = y₀ + Σ μᵢ eᵢ` orthogonal to every edge:
//!
//! ```text
//!   Σⱼ (eᵢ · eⱼ) μⱼ = −eᵢ · y₀        for i ∈ S,        λ₀ = 1 − Σ μᵢ.
//! ```
//!
//! The Gram matrix `G = (eᵢ · eⱼ)` is computed once and shared by every face.
//! Faces are visited depth first, each extending its parent by one vertex of
//! higher index, so the `LDLᵀ` factor of a face is its parent's factor plus one
//! row: the pivots `dₖ` are ratios of successive leading minors of `G`, which
//! are Johnson's sub-determinants, and each is computed once for all the faces
//! that share it. A pivot that vanishes marks an affinely dependent face, and
//! every face containing it is skipped.
//!
//! A face is *valid* when all its weights are positive. A valid face is the
//! answer when the optimality (KKT) conditions hold for every vertex:
//! `(yⱼ − v) · v ≥ 0`, i.e. no vertex lies on the origin's side of the plane
//! through `v` orthogonal to `v`; this is Johnson's test, and the search stops
//! at the first face that passes it. Should rounding make every face fail, the
//! valid face of smallest `‖v‖` is the answer (in exact arithmetic the two
//! coincide).
//!
//! # Accuracy
//!
//! * Edges are differences from the base vertex, so coordinates far from the
//!   origin do not cancel in the Gram matrix; in the GJK loop the base is the
//!   newest vertex, which every candidate face contains.
//! * `v` is rebuilt as `y₀ + Σ μᵢ eᵢ`: an error in `μ` moves `v` within the
//!   face's affine hull, which changes `‖v‖` only to second order.
//! * A pivot below [`Real::DEGENERACY`] times the squared length of its edge
//!   (the squared sine of the angle between the edge and the span of the
//!   others) counts as affinely dependent.

use nalgebra::SVector;

use crate::real::Real;

/// The closest face found for one base vertex.
pub(super) struct Face<T: Real, const D: usize> {
    /// Bit `i` set: vertex `i` (below the base) belongs to the face.
    pub mask: u32,
    /// Weights of the vertices below the base (zero outside the face).
    pub mu: [T; D],
    /// Weight of the base vertex.
    pub base_weight: T,
    /// The face's closest point to the origin.
    pub v: SVector<T, D>,
    pub norm2: T,
}

/// Depth-first search state: the shared Gram system and the `LDLᵀ` factor of
/// the face currently visited.
struct Search<T: Real, const D: usize> {
    y0: SVector<T, D>,
    m: usize,
    edges: [SVector<T, D>; D],
    gram: [[T; D]; D],
    rhs: [T; D],
    /// Vertices of the current face, in increasing order.
    idx: [usize; D],
    depth: usize,
    /// Unit lower factor (row `k`, columns `< k`), pivots, and `L⁻¹ · rhs`.
    l: [[T; D]; D],
    d: [T; D],
    z: [T; D],
    best: Face<T, D>,
    best_size: usize,
    optimal: bool,
}

/// The face of the simplex `{y0} ∪ {vertex(0) … vertex(m − 1)}` that contains
/// `y0` and is closest to the origin, or `None` when `y0` is not finite.
pub(super) fn closest_face<T: Real, const D: usize>(
    y0: &SVector<T, D>,
    m: usize,
    vertex: impl Fn(usize) -> SVector<T, D>,
) -> Option<Face<T, D>> {
    let norm2 = y0.norm_squared();
    if !norm2.is_finite() {
        return None;
    }
    let m = m.min(D);
    let mut s = Search {
        y0: *y0,
        m,
        edges: [SVector::zeros(); D],
        gram: [[T::zero(); D]; D],
        rhs: [T::zero(); D],
        idx: [0; D],
        depth: 0,
        l: [[T::zero(); D]; D],
        d: [T::zero(); D],
        z: [T::zero(); D],
        best: Face {
            mask: 0,
            mu: [T::zero(); D],
            base_weight: T::one(),
            v: *y0,
            norm2,
        },
        best_size: 0,
        optimal: false,
    };
    for i in 0..m {
        s.edges[i] = vertex(i) - y0;
        s.rhs[i] = -s.edges[i].dot(y0);
        for j in 0..=i {
            let g = s.edges[i].dot(&s.edges[j]);
            s.gram[i][j] = g;
            s.gram[j][i] = g;
        }
    }
    // The base vertex alone: optimal when every edge points away from it.
    s.optimal = s.kkt_holds(y0, 0);
    if !s.optimal {
        s.extend(0);
    }
    Some(s.best)
}

impl<T: Real, const D: usize> Search<T, D> {
    /// Visits every face made of the current one plus vertices `≥ start`.
    fn extend(&mut self, start: usize) {
        for i in start..self.m {
            if self.push(i) {
                self.evaluate();
                if !self.optimal {
                    self.extend(i + 1);
                }
                self.depth -= 1;
                if self.optimal {
                    return;
                }
            }
        }
    }

    /// Adds vertex `i` to the current face, extending the factor by one row.
    /// Returns `false` (and leaves the face unchanged) when the new face is
    /// affinely dependent.
    fn push(&mut self, i: usize) -> bool {
        let k = self.depth;
        if k >= D || i >= D {
            return false;
        }
        for j in 0..k {
            // Stored indices are below `D`; the clamp lets the compiler see it.
            let mut s = self.gram[i][self.idx[j].min(D - 1)];
            for q in 0..j {
                s -= self.l[k][q] * self.l[j][q] * self.d[q];
            }
            self.l[k][j] = s / self.d[j];
        }
        let diag = self.gram[i][i];
        let mut p = diag;
        let mut z = self.rhs[i];
        for q in 0..k {
            p -= self.l[k][q] * self.l[k][q] * self.d[q];
            z -= self.l[k][q] * self.z[q];
        }
        if !(p > T::DEGENERACY * diag) || !p.is_finite() {
            return false;
        }
        self.d[k] = p;
        self.z[k] = z;
        self.idx[k] = i;
        self.depth = k + 1;
        true
    }

    /// Solves for the current face's weights and records it if it is valid
    /// and better than the best so far.
    fn evaluate(&mut self) {
        let n = self.depth.min(D);
        let mut mu = [T::zero(); D];
        for k in 0..n {
            mu[k] = self.z[k] / self.d[k];
        }
        for k in (0..n).rev() {
            for q in k + 1..n {
                mu[k] -= self.l[q][k] * mu[q];
            }
        }
        let sum = mu[..n].iter().fold(T::zero(), |s, &x| s + x);
        let base_weight = T::one() - sum;
        if !(base_weight > T::zero()) || mu[..n].iter().any(|&x| !(x > T::zero())) {
            return;
        }
        let mut v = self.y0;
        for k in 0..n {
            v += self.edges[self.idx[k].min(D - 1)] * mu[k];
        }
        let norm2 = v.norm_squared();
        let mut mask = 0u32;
        for &i in &self.idx[..n] {
            mask |= 1 << i;
        }
        let optimal = self.kkt_holds(&v, mask);
        if optimal || norm2 < self.best.norm2 || (norm2 == self.best.norm2 && n < self.best_size) {
            self.best.mask = mask;
            self.best.mu = [T::zero(); D];
            for k in 0..n {
                self.best.mu[self.idx[k].min(D - 1)] = mu[k];
            }
            self.best.base_weight = base_weight;
            self.best.v = v;
            self.best.norm2 = norm2;
            self.best_size = n;
            self.optimal = optimal;
        }
    }

    /// Johnson's test for the vertices outside `mask`: none of them lies
    /// strictly on the origin's side of the plane through `v` normal to `v`.
    fn kkt_holds(&self, v: &SVector<T, D>, mask: u32) -> bool {
        let offset = (self.y0 - v).dot(v);
        self.edges
            .iter()
            .take(self.m)
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) == 0)
            .all(|(_, e)| e.dot(v) + offset >= T::zero())
    }
}
