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
//! `eᵢ = yᵢ − y₀`. The projection is `v = y₀ + Σ μᵢ eᵢ` with `v` orthogonal
//! to every edge, and `λ₀ = 1 − Σ μᵢ`. With a QR factorisation `E = Q R` of the
//! face's edges,
//!
//! ```text
//!   v = y₀ − Q Qᵀ y₀,        R μ = −Qᵀ y₀.
//! ```
//!
//! Faces are visited depth first, each extending its parent by one vertex of
//! higher index, so the factorisation of a face is its parent's plus one
//! column, and its projection is its parent's minus one rank-one term:
//! `v ← v − (q · v) q`. The diagonal entries of `R` are the square roots of
//! ratios of successive Gram determinants, which are Johnson's
//! sub-determinants `Δ(X)`: each is computed once for all the faces that share
//! it. An edge nearly in the span of its predecessors (a vanishing diagonal
//! entry) marks an affinely dependent face, and every face containing it is
//! skipped.
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
//!   origin do not cancel; in the GJK loop the base is the newest vertex,
//!   which every candidate face contains.
//! * Orthogonalising the edges themselves, rather than solving the normal
//!   equations of their Gram matrix, keeps the projection `v` accurate to
//!   working precision for thin faces and the weights' error proportional to
//!   the condition number, not its square.
//! * An edge whose angle with the span of the others has a sine below
//!   [`Real::DEGENERACY`] counts as affinely dependent.

use nalgebra::SVector;

use crate::math::basis::Basis;
use crate::math::real::{axis, Length, Real};

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

/// Depth-first search state: the edges and the QR factorisation of the face
/// currently visited.
struct Search<T: Real, const D: usize> {
    y0: SVector<T, D>,
    m: usize,
    edges: [SVector<T, D>; D],
    /// Vertices of the current face, in increasing order.
    idx: [usize; D],
    /// Orthonormal basis of the current face's edges (`Q`).
    basis: Basis<T, D>,
    /// Column `k` of `R`: entries `0 ..= k` (the last is the diagonal).
    r: [[T; D]; D],
    /// `c = −Qᵀ y₀`, accumulated as `c_k = −q_k · v_k` with `v_k` the
    /// projection onto the affine hull of `y₀` and the first `k` edges.
    c: [T; D],
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
    let norm2 = y0.length_squared();
    if !norm2.is_finite() {
        return None;
    }
    let m = m.min(D);
    let mut s = Search {
        y0: *y0,
        m,
        edges: [SVector::zeros(); D],
        idx: [0; D],
        basis: Basis::new(),
        r: [[T::zero(); D]; D],
        c: [T::zero(); D],
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
    for (i, e) in s.edges.iter_mut().enumerate().take(m) {
        *e = vertex(i) - y0;
    }
    // The base vertex alone: optimal when every edge points away from it.
    s.optimal = s.kkt_holds(y0, 0);
    if !s.optimal {
        s.search();
    }
    Some(s.best)
}

impl<T: Real, const D: usize> Search<T, D> {
    fn depth(&self) -> usize {
        self.basis.rank()
    }

    /// The current face's projection of the origin.
    fn projection(&self) -> SVector<T, D> {
        self.basis
            .vectors()
            .iter()
            .zip(&self.c)
            .fold(self.y0, |v, (q, &c)| v + q * c)
    }

    /// The projection onto a face of dimension `D − 1`, along its normal.
    ///
    /// `y₀ − Q Qᵀ y₀` is accurate to about `ε ‖y₀‖` in each coordinate, which
    /// is a large error in *direction* when `‖v‖` is small; the search
    /// direction would then pick the wrong support point near contact. A
    /// facet's normal is instead the rejection of the coordinate axis most
    /// orthogonal to it, accurate in direction to a few `ε`; only the length
    /// `n · y₀` carries the `ε ‖y₀‖` error.
    fn facet_projection(&self) -> SVector<T, D> {
        // The squared rejection of axis `i` is `1 − Σ_q qᵢ²`: the axis with
        // the smallest `Σ_q qᵢ²` is the most orthogonal to the facet (its
        // rejection is at least `1/√D` long).
        let mut weight = [T::zero(); D];
        for q in self.basis.vectors() {
            for (w, x) in weight.iter_mut().zip(q.iter()) {
                *w += *x * *x;
            }
        }
        let mut best = 0;
        let mut least = None;
        for (i, &w) in weight.iter().enumerate() {
            if least.is_none_or(|l| w < l) {
                best = i;
                least = Some(w);
            }
        }
        let u = self.basis.reject(&axis(best));
        let n2 = u.length_squared();
        if n2 > T::zero() {
            let n = u / n2.sqrt();
            n * n.dot(&self.y0)
        } else {
            self.projection()
        }
    }

    /// Visits the faces in depth-first (lexicographic) order until one is
    /// optimal. The current face's vertex list doubles as the search stack,
    /// so no recursion is needed; every step moves forward in the order, so
    /// the loop ends after at most `2^m · m` steps.
    fn search(&mut self) {
        let mut next = 0;
        loop {
            if next < self.m {
                if self.push(next) {
                    self.evaluate();
                    if self.optimal {
                        return;
                    }
                }
                // Descend past `next` (or, if it was dependent, skip it).
                next += 1;
                continue;
            }
            // Every extension of the current face is done: backtrack.
            let Some(top) = self.depth().checked_sub(1) else {
                return;
            };
            next = self.idx[top.min(D - 1)] + 1;
            self.basis.truncate(top);
        }
    }

    /// Adds vertex `i` to the current face, extending the factorisation by
    /// one column. Returns `false` (and leaves the face unchanged) when the
    /// new face is affinely dependent.
    fn push(&mut self, i: usize) -> bool {
        let k = self.depth();
        if k >= D || i >= D {
            return false;
        }
        let v = self.projection();
        let Some((coords, length)) = self.basis.extend(&self.edges[i]) else {
            return false;
        };
        let Some(&q) = self.basis.vectors().last() else {
            return false;
        };
        self.r[k] = coords;
        self.r[k][k] = length;
        self.c[k] = -q.dot(&v);
        self.idx[k] = i;
        true
    }

    /// Solves for the current face's weights and records it if it is valid
    /// and better than the best so far.
    fn evaluate(&mut self) {
        let n = self.depth().min(D);
        // Back substitution: R μ = c, with column k of R stored in r[k].
        let mut mu = [T::zero(); D];
        for k in (0..n).rev() {
            let mut s = self.c[k];
            for j in k + 1..n {
                s -= self.r[j][k] * mu[j];
            }
            mu[k] = s / self.r[k][k];
        }
        let sum = mu[..n].iter().fold(T::zero(), |s, &x| s + x);
        let base_weight = T::one() - sum;
        if !(base_weight > T::zero()) || mu[..n].iter().any(|&x| !(x > T::zero())) {
            return;
        }
        let v = if n + 1 == D {
            self.facet_projection()
        } else {
            self.projection()
        };
        let norm2 = v.length_squared();
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
    /// on the origin's side of the plane through `v` normal to `v`, beyond
    /// the rounding of `(yⱼ − v) · v` (a strict test would reject the optimal
    /// face over a last-bit negative zero).
    fn kkt_holds(&self, v: &SVector<T, D>, mask: u32) -> bool {
        self.edges
            .iter()
            .take(self.m)
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) == 0)
            .all(|(_, e)| supports(v, &(self.y0 + e)))
    }
}

/// Whether vertex `y` lies on the far side of the plane through `v` normal
/// to `v` (the optimality condition for `v` as the closest point), up to
/// rounding: `(y − v) · v ≥ −τ` with `τ = ROUNDING_FLOOR · ‖v‖ · (‖y − v‖ + ‖v‖)`.
/// The `‖v‖²` part is the rounding of `v` itself, which enters `y − v` even
/// when `y` is close to `v`. Accepting a violation of size `τ` costs at most
/// `2τ` in `‖v‖²`: relatively, a few `ROUNDING_FLOOR`.
pub(super) fn supports<T: Real, const D: usize>(v: &SVector<T, D>, y: &SVector<T, D>) -> bool {
    let d = y - v;
    let gain = d.dot(v);
    if gain >= T::zero() {
        return true;
    }
    let n = v.length();
    gain >= -T::ROUNDING_FLOOR * n * (d.length() + n)
}
