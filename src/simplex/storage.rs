//! The simplex: up to `D + 1` support points and the barycentric weights of
//! its point closest to the origin, stored on the stack for any `D`.

use nalgebra::{ArrayStorage, SVector};

use crate::math::real::Real;

use super::SupportPoint;

/// Up to `D + 1` support points and the barycentric weights of the simplex
/// point closest to the origin.
///
/// The storage is inline: `D` vertices in an array and one more beside it (a
/// `[_; D + 1]` array cannot be written generically on stable Rust), so a
/// simplex never allocates. Dimensions from 1 to 31 are supported; the cost of
/// a reduction grows as `2^D`.
///
/// # Example
///
/// ```
/// use gjk::{Simplex, SupportPoint, Vector};
///
/// // The triangle (1, -1), (1, 1), (3, 0): its closest point to the origin is (1, 0).
/// let mut s = Simplex::<f64, 2>::new();
/// for p in [[1.0, -1.0], [1.0, 1.0], [3.0, 0.0]] {
///     s.push(SupportPoint::from_point(Vector::<f64, 2>::from(p)));
/// }
/// let v = s.closest_point_full().unwrap();
/// assert!((v - Vector::<f64, 2>::new(1.0, 0.0)).norm() < 1e-15);
/// assert_eq!(s.len(), 2); // the far vertex was dropped
/// ```
///
/// A simplex here is a set of up to `D + 1` points `y₀ … y_k` of the Minkowski
/// difference `A − B`, each remembering the points `a ∈ A`, `b ∈ B` it came
/// from (`y = a − b`). The sub-algorithm finds the point `v` of the simplex
/// closest to the origin, as barycentric weights `λᵢ ≥ 0`, `Σ λᵢ = 1`,
/// `v = Σ λᵢ yᵢ`, and drops the vertices whose weight is zero, leaving the
/// smallest face that still contains `v`.
///
/// The sub-algorithm itself, its math and its accuracy arguments, live in
/// the `johnson` module beside this one (a QR search over the faces, for
/// every dimension), and in `closed_form` (signed volumes for `D ≤ 3`,
/// which hands thin and flat simplices to the QR search).
#[derive(Clone, Copy, Debug)]
pub struct Simplex<T: Real, const D: usize> {
    head: [SupportPoint<T, D>; D],
    tail: SupportPoint<T, D>,
    head_weights: [T; D],
    tail_weight: T,
    pub(super) len: usize,
    pub(super) closest: SVector<T, D>,
}

impl<T: Real, const D: usize> Default for Simplex<T, D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Real, const D: usize> Simplex<T, D> {
    const DIMENSION_OK: () = assert!(D >= 1 && D <= 31, "Simplex supports 1 <= D <= 31");

    /// An empty simplex, in a constant.
    pub(crate) const EMPTY: Self = Self {
        head: [SupportPoint::ZERO; D],
        tail: SupportPoint::ZERO,
        head_weights: [T::ZERO; D],
        tail_weight: T::ZERO,
        len: 0,
        closest: SVector::from_array_storage(ArrayStorage([[T::ZERO; D]; 1])),
    };

    /// An empty simplex.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::Simplex;
    ///
    /// let s = Simplex::<f64, 3>::new();
    /// assert!(s.is_empty());
    /// assert_eq!(s.len(), 0);
    /// assert!(s.vertex(0).is_none());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::DIMENSION_OK;
        Self {
            head: [SupportPoint::zero(); D],
            tail: SupportPoint::zero(),
            head_weights: [T::zero(); D],
            tail_weight: T::zero(),
            len: 0,
            closest: SVector::zeros(),
        }
    }

    /// A simplex holding the single point `p` (weight one).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// let w = Vector::<f64, 3>::new(1.0, 2.0, 3.0);
    /// let s = Simplex::from_point(SupportPoint::from_point(w));
    /// assert_eq!(s.len(), 1);
    /// assert_eq!(s.weight(0), Some(1.0));
    /// assert_eq!(s.closest_point(), w); // a single point is its own closest point
    /// ```
    #[must_use]
    pub fn from_point(p: SupportPoint<T, D>) -> Self {
        let mut s = Self::new();
        s.restart(p);
        s
    }

    /// Replaces the contents by the single point `p` (weight one).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// let mut s = Simplex::<f64, 2>::new();
    /// s.push(SupportPoint::from_point(Vector::<f64, 2>::new(1.0, 0.0)));
    /// s.push(SupportPoint::from_point(Vector::<f64, 2>::new(0.0, 1.0)));
    /// let w = Vector::<f64, 2>::new(-3.0, 4.0);
    /// s.restart(SupportPoint::from_point(w));
    /// assert_eq!(s.len(), 1);
    /// assert_eq!((s.closest_point(), s.weight(0)), (w, Some(1.0)));
    /// ```
    pub fn restart(&mut self, p: SupportPoint<T, D>) {
        self.len = 0;
        self.push(p);
        self.set_weight(0, T::one());
        self.closest = p.w;
    }

    /// The number of vertices, from 0 to `D + 1`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// let mut s = Simplex::<f64, 2>::new();
    /// for p in [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]] {
    ///     s.push(SupportPoint::from_point(Vector::<f64, 2>::from(p)));
    /// }
    /// assert_eq!(s.len(), 3); // D + 1 in the plane
    /// ```
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` when the simplex has no vertex.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// let mut s = Simplex::<f64, 2>::new();
    /// assert!(s.is_empty());
    /// s.push(SupportPoint::from_point(Vector::<f64, 2>::x()));
    /// assert!(!s.is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `true` when the simplex has `D + 1` vertices (it is full-dimensional
    /// unless degenerate).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// // A segment fills a simplex of dimension 1.
    /// let mut s = Simplex::<f64, 1>::new();
    /// s.push(SupportPoint::from_point(Vector::<f64, 1>::new(-1.0)));
    /// assert!(!s.is_full());
    /// s.push(SupportPoint::from_point(Vector::<f64, 1>::new(2.0)));
    /// assert!(s.is_full());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.len == D + 1
    }

    /// Appends a vertex; returns `false` (and changes nothing) when full.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// let mut s = Simplex::<f64, 1>::new();
    /// assert!(s.push(SupportPoint::from_point(Vector::<f64, 1>::new(1.0))));
    /// assert!(s.push(SupportPoint::from_point(Vector::<f64, 1>::new(2.0))));
    /// // D + 1 = 2 vertices: a third is refused.
    /// assert!(!s.push(SupportPoint::from_point(Vector::<f64, 1>::new(3.0))));
    /// assert_eq!(s.len(), 2);
    /// ```
    pub fn push(&mut self, p: SupportPoint<T, D>) -> bool {
        if self.len > D {
            return false;
        }
        self.set_vertex(self.len, p);
        self.set_weight(self.len, T::zero());
        self.len += 1;
        true
    }

    /// Removes every vertex.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// let mut s = Simplex::from_point(SupportPoint::from_point(Vector::<f64, 3>::x()));
    /// s.clear();
    /// assert!(s.is_empty());
    /// assert_eq!(s.closest_point_full(), None);
    /// ```
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Removes the newest vertex and returns it; the other vertices keep
    /// their weights from the last reduction.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// let mut s = Simplex::<f64, 2>::new();
    /// let first = SupportPoint::from_point(Vector::<f64, 2>::new(1.0, 0.0));
    /// let second = SupportPoint::from_point(Vector::<f64, 2>::new(0.0, 1.0));
    /// s.push(first);
    /// s.push(second);
    /// assert_eq!(s.pop(), Some(second)); // the newest
    /// assert_eq!(s.pop(), Some(first));
    /// assert_eq!(s.pop(), None);
    /// ```
    pub fn pop(&mut self) -> Option<SupportPoint<T, D>> {
        let last = *self.vertex(self.len.checked_sub(1)?)?;
        self.len -= 1;
        Some(last)
    }

    /// Vertex `i` (0 is the oldest, `len() - 1` the newest).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// let mut s = Simplex::<f64, 2>::new();
    /// let (x, y) = (Vector::<f64, 2>::x(), Vector::<f64, 2>::y());
    /// s.push(SupportPoint::from_point(x));
    /// s.push(SupportPoint::from_point(y));
    /// assert_eq!(s.vertex(0).map(|p| p.w), Some(x));
    /// assert_eq!(s.vertex(1).map(|p| p.w), Some(y));
    /// assert!(s.vertex(2).is_none());
    /// ```
    #[inline]
    #[must_use]
    pub fn vertex(&self, i: usize) -> Option<&SupportPoint<T, D>> {
        if i >= self.len {
            None
        } else {
            self.head.get(i).or(Some(&self.tail))
        }
    }

    /// Barycentric weight of vertex `i` from the last reduction.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// // The segment from (1, -1) to (1, 3): the origin projects a quarter of the way along.
    /// let mut s = Simplex::<f64, 2>::new();
    /// s.push(SupportPoint::from_point(Vector::<f64, 2>::new(1.0, -1.0)));
    /// s.push(SupportPoint::from_point(Vector::<f64, 2>::new(1.0, 3.0)));
    /// s.closest_point_full();
    /// assert!((s.weight(0).unwrap() - 0.75).abs() < 1e-15);
    /// assert!((s.weight(1).unwrap() - 0.25).abs() < 1e-15);
    /// assert_eq!(s.weight(2), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn weight(&self, i: usize) -> Option<T> {
        if i >= self.len {
            None
        } else {
            Some(
                self.head_weights
                    .get(i)
                    .copied()
                    .unwrap_or(self.tail_weight),
            )
        }
    }

    /// The vertices with their weights, oldest first.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// let mut s = Simplex::<f64, 2>::new();
    /// s.push(SupportPoint::from_point(Vector::<f64, 2>::new(2.0, -1.0)));
    /// s.push(SupportPoint::from_point(Vector::<f64, 2>::new(2.0, 1.0)));
    /// s.closest_point_full();
    /// // The weights are barycentric: they sum to one and rebuild the closest point.
    /// let total: f64 = s.iter().map(|(_, l)| l).sum();
    /// let v: Vector<f64, 2> = s.iter().map(|(p, l)| p.w * l).sum();
    /// assert!((total - 1.0).abs() < 1e-15);
    /// assert!((v - Vector::<f64, 2>::new(2.0, 0.0)).norm() < 1e-15);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&SupportPoint<T, D>, T)> + '_ {
        let tail = (self.len > D).then_some((&self.tail, self.tail_weight));
        self.head
            .iter()
            .zip(self.head_weights.iter().copied())
            .take(self.len.min(D))
            .chain(tail)
    }

    /// The closest point found by the last reduction.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// let mut s = Simplex::<f64, 3>::new();
    /// s.push(SupportPoint::from_point(Vector::<f64, 3>::new(-1.0, 2.0, 0.0)));
    /// s.push(SupportPoint::from_point(Vector::<f64, 3>::new(1.0, 2.0, 0.0)));
    /// let v = s.closest_point_full().unwrap();
    /// assert_eq!(s.closest_point(), v); // kept from the last reduction
    /// assert!((v - Vector::<f64, 3>::new(0.0, 2.0, 0.0)).norm() < 1e-15);
    /// ```
    #[inline]
    #[must_use]
    pub fn closest_point(&self) -> SVector<T, D> {
        self.closest
    }

    /// The same simplex with every point (and the closest point, by the
    /// same map of its `w`) mapped by `f`, which must be linear for the
    /// weights to stay right (a scaling, for tracing).
    #[must_use]
    pub(crate) fn map_points(&self, f: impl Fn(&SupportPoint<T, D>) -> SupportPoint<T, D>) -> Self {
        let mut s = *self;
        s.head = self.head.map(|p| f(&p));
        s.tail = f(&self.tail);
        s.closest = f(&SupportPoint::from_point(self.closest)).w;
        s
    }

    /// The witness points `(Σ λᵢ aᵢ, Σ λᵢ bᵢ)` on shapes A and B.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// // Two points of A against one point of B: the witness on A is their weighted mean.
    /// let b = Vector::<f64, 2>::new(0.0, 1.0);
    /// let mut s = Simplex::<f64, 2>::new();
    /// s.push(SupportPoint::new(Vector::<f64, 2>::new(-1.0, 3.0), b));
    /// s.push(SupportPoint::new(Vector::<f64, 2>::new(1.0, 3.0), b));
    /// s.closest_point_full();
    /// let (on_a, on_b) = s.witnesses();
    /// assert!((on_a - Vector::<f64, 2>::new(0.0, 3.0)).norm() < 1e-15);
    /// assert!((on_b - b).norm() < 1e-15);
    /// ```
    #[must_use]
    pub fn witnesses(&self) -> (SVector<T, D>, SVector<T, D>) {
        let mut sums = (SVector::zeros(), SVector::zeros());
        self.for_each(|p, l| sums = (sums.0 + p.a * l, sums.1 + p.b * l));
        sums
    }

    /// Calls `f` on each vertex and its weight, in order: what
    /// [`iter`](Self::iter) yields, as a plain loop (an iterator chained
    /// with the last slot costs a branch per step in the hot paths).
    #[inline(always)]
    pub(crate) fn for_each(&self, mut f: impl FnMut(&SupportPoint<T, D>, T)) {
        let head = self.len.min(D);
        for (p, &l) in self.head.iter().zip(&self.head_weights).take(head) {
            f(p, l);
        }
        if self.len > D {
            f(&self.tail, self.tail_weight);
        }
    }

    /// The share of a disagreement `e` between the witnesses that A's
    /// carries: `σ_A / (σ_A + σ_B)`, where `σ` is how far the weighted
    /// vertices of each shape spread along `e` (zero when neither does).
    ///
    /// An error `δλ` in the weights moves `Σ λᵢ aᵢ` by `Σ δλᵢ aᵢ` and
    /// `Σ λᵢ bᵢ` by `Σ δλᵢ bᵢ`, each within its own vertices' spread: a
    /// shape met at one vertex has an exact witness, and a needle's witness
    /// is off across it by no more than the needle is wide.
    pub(crate) fn share_of_a(&self, e: &SVector<T, D>) -> T {
        let mut range: Option<[(T, T); 2]> = None;
        for (p, l) in self.iter() {
            if l > T::zero() {
                let x = [e.dot(&p.a), e.dot(&p.b)];
                range = Some(match range {
                    None => x.map(|x| (x, x)),
                    Some([ra, rb]) => [
                        (ra.0.min(x[0]), ra.1.max(x[0])),
                        (rb.0.min(x[1]), rb.1.max(x[1])),
                    ],
                });
            }
        }
        let Some([(a0, a1), (b0, b1)]) = range else {
            return T::zero();
        };
        let (spread_a, spread_b) = (a1 - a0, b1 - b0);
        let total = spread_a + spread_b;
        if total > T::zero() {
            spread_a / total
        } else {
            T::zero()
        }
    }

    /// The simplex of `points` (oldest first) with their barycentric
    /// weights, and its closest point `closest`, as a reduction leaves
    /// them; at most `D + 1` points are taken.
    pub(crate) fn from_weighted(
        points: impl IntoIterator<Item = (SupportPoint<T, D>, T)>,
        closest: SVector<T, D>,
    ) -> Self {
        let mut s = Self::EMPTY;
        for (p, weight) in points.into_iter().take(D + 1) {
            s.set_vertex(s.len, p);
            s.set_weight(s.len, weight);
            s.len += 1;
        }
        s.closest = closest;
        s
    }

    pub(super) fn w(&self, i: usize) -> SVector<T, D> {
        self.vertex(i).map_or_else(SVector::zeros, |p| p.w)
    }

    pub(super) fn set_vertex(&mut self, i: usize, p: SupportPoint<T, D>) {
        match self.head.get_mut(i) {
            Some(slot) => *slot = p,
            None => self.tail = p,
        }
    }

    /// Moves vertex `from` into slot `to < from` by a swap (the vertex
    /// that was in slot `to` is being dropped): no copy through a
    /// temporary, which a size-first build would pay for with `memmove`.
    #[cfg(feature = "small")]
    pub(super) fn swap_down(&mut self, to: usize, from: usize) {
        let Some(slots) = self.head.get_mut(to..=from.min(D - 1)) else {
            return;
        };
        // Two disjoint borrows, so the swap needs no overlap check.
        let Some((first, rest)) = slots.split_first_mut() else {
            return;
        };
        let other = if from < D {
            rest.last_mut()
        } else {
            Some(&mut self.tail)
        };
        if let Some(other) = other {
            core::mem::swap(first, other);
        }
    }

    pub(super) fn set_weight(&mut self, i: usize, l: T) {
        match self.head_weights.get_mut(i) {
            Some(slot) => *slot = l,
            None => self.tail_weight = l,
        }
    }
}
