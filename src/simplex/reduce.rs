//! Johnson's sub-algorithm on the simplex: the face closest to the origin,
//! its vertices kept and their weights stored.

use nalgebra::SVector;

use crate::math::real::Real;

use super::johnson::Face;
use super::Simplex;

/// What [`Simplex::reduce_closed`] did.
pub(crate) enum Reduced<T: Real, const D: usize> {
    /// The closest point of the reduced simplex, nearer than before.
    Below(SVector<T, D>),
    /// The closed form's face is no nearer: the newest vertex was removed.
    NoProgress,
    /// The closed form declined the simplex: the newest vertex was removed.
    Declined,
}

impl<T: Real, const D: usize> Simplex<T, D> {
    /// among the faces that contain the newest vertex.
    ///
    /// Keeps only the vertices of that face, stores their weights, and returns
    /// the closest point; `None` for an empty simplex.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// let mut s = Simplex::<f64, 2>::new();
    /// s.push(SupportPoint::from_point(Vector::<f64, 2>::new(3.0, 0.0)));
    /// s.push(SupportPoint::from_point(Vector::<f64, 2>::new(1.0, 2.0)));
    /// // The closest point of the edge from (3, 0) to (1, 2) is (1.5, 1.5).
    /// let v = s.reduce().unwrap();
    /// assert!((v - Vector::<f64, 2>::new(1.5, 1.5)).norm() < 1e-15);
    /// assert_eq!(s.len(), 2);
    /// assert_eq!(Simplex::<f64, 2>::new().reduce(), None);
    /// ```
    pub fn reduce(&mut self) -> Option<SVector<T, D>> {
        let base = self.len.checked_sub(1)?;
        let face = self.best_face(base)?;
        self.keep(base, &face);
        Some(face.v)
    }

    /// [`reduce`](Self::reduce), but only if the new closest point is nearer
    /// the origin than `norm2` (squared); otherwise the newest vertex is
    /// removed and the simplex is left as it was before it was pushed.
    pub(crate) fn reduce_below(&mut self, norm2: T) -> Option<SVector<T, D>> {
        let base = self.len.checked_sub(1)?;
        let face = self.best_face(base);
        self.keep_below(base, face.as_ref(), norm2)
    }

    /// [`reduce_below`](Self::reduce_below) for the lean loop: the closed
    /// form alone (`D ≤ 3`). When it declines the simplex (thin, flat, or
    /// out of range) or its closest point is not below `norm2`, the newest
    /// vertex is removed and the caller hands the query to the careful
    /// loop; [`Reduced::NoProgress`] tells it that the closed form answered,
    /// so that `reduce_below` would find the same face (and fail the same
    /// way) without the QR search.
    #[inline(always)]
    pub(crate) fn reduce_closed(&mut self, norm2: T) -> Reduced<T, D> {
        let Some(base) = self.len.checked_sub(1) else {
            return Reduced::Declined;
        };
        let face = super::closed_form::closest_face(&self.w(base), base, |i| self.w(i));
        let answered = face.is_some();
        match self.keep_below(base, face.as_ref(), norm2) {
            Some(v) => Reduced::Below(v),
            None if answered => Reduced::NoProgress,
            None => Reduced::Declined,
        }
    }

    /// Keeps `face` (through vertex `base`) when its closest point is
    /// nearer the origin than `norm2` (squared), else removes the newest
    /// vertex.
    #[inline(always)]
    fn keep_below(
        &mut self,
        base: usize,
        face: Option<&Face<T, D>>,
        norm2: T,
    ) -> Option<SVector<T, D>> {
        match face {
            Some(face) if face.norm2 < norm2 => {
                self.keep(base, face);
                Some(face.v)
            }
            _ => {
                self.pop();
                None
            }
        }
    }

    /// [`reduce_below`](Self::reduce_below), also telling which vertices
    /// were kept (bit `i`: the vertex at index `i` before the reduction survived, in order) (`None`: the
    /// newest vertex was removed).
    pub(crate) fn reduce_below_kept(&mut self, norm2: T) -> Option<(SVector<T, D>, u32)> {
        let base = self.len.checked_sub(1)?;
        match &self.best_face(base) {
            Some(face) if face.norm2 < norm2 => {
                self.keep(base, face);
                Some((face.v, face.mask | 1 << base.min(D)))
            }
            _ => {
                self.pop();
                None
            }
        }
    }

    /// The closest point to the origin of the whole simplex (every face
    /// considered), reducing it to the supporting face.
    ///
    /// Use this when the simplex was filled by hand; GJK uses
    /// [`reduce`](Self::reduce), which may assume the newest vertex belongs to
    /// the answer. Returns `None` for an empty simplex.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Simplex, SupportPoint, Vector};
    ///
    /// // A tetrahedron around the origin: the closest point is the origin itself.
    /// let mut s = Simplex::<f64, 3>::new();
    /// for p in [[1.0, 1.0, 1.0], [1.0, -1.0, -1.0], [-1.0, 1.0, -1.0], [-1.0, -1.0, 1.0]] {
    ///     s.push(SupportPoint::from_point(Vector::<f64, 3>::from(p)));
    /// }
    /// let v = s.closest_point_full().unwrap();
    /// assert!(v.norm() < 1e-15);
    /// assert!(s.is_full());
    /// ```
    pub fn closest_point_full(&mut self) -> Option<SVector<T, D>> {
        let (base, face) = self.optimal_face()?;
        self.keep(base, &face);
        Some(face.v)
    }

    /// The closest point of a simplex seeded by hand with points likely near
    /// the answer (a warm start), telling which vertices were kept as
    /// [`reduce_below_kept`](Self::reduce_below_kept) does.
    ///
    /// The faces through the newest vertex are tried first, as in GJK, and
    /// their answer is taken when it passes the optimality test against
    /// every vertex; otherwise every face is considered, as in
    /// [`closest_point_full`](Self::closest_point_full). (GJK's loop
    /// assumes its `v` is the closest point of its simplex: a face that
    /// only holds the newest vertex's best point can stall it.)
    pub(crate) fn reduce_seed(&mut self) -> Option<(SVector<T, D>, u32)> {
        let base = self.len.checked_sub(1)?;
        let newest = self.best_face(base)?;
        let optimal = self
            .iter()
            .all(|(p, _)| super::johnson::supports(&newest.v, &p.w));
        let (base, face) = if optimal {
            (base, newest)
        } else {
            self.optimal_face()?
        };
        self.keep(base, &face);
        Some((face.v, face.mask | 1 << base.min(D)))
    }

    /// The base and face of the whole simplex's closest point.
    fn optimal_face(&self) -> Option<(usize, Face<T, D>)> {
        // Each base yields the closest face through it; the answer is one that
        // passes the optimality test against every vertex, else the nearest.
        // (Near-ties in `‖v‖` are common: moving along a face changes `‖v‖`
        // only to second order, below rounding, so the norm alone cannot
        // tell the optimal face.)
        let mut best: Option<(usize, Face<T, D>, bool)> = None;
        for base in 0..self.len {
            if let Some(face) = self.best_face(base) {
                let optimal = self
                    .iter()
                    .all(|(p, _)| super::johnson::supports(&face.v, &p.w));
                let better = best.as_ref().is_none_or(|(_, b, b_optimal)| {
                    (optimal && !b_optimal) || (optimal == *b_optimal && face.norm2 < b.norm2)
                });
                if better {
                    best = Some((base, face, optimal));
                }
            }
        }
        best.map(|(base, face, _)| (base, face))
    }

    /// Keeps the vertices of `face` (those in its mask, then its base), in
    /// their original order, with their weights.
    fn keep(&mut self, base: usize, face: &Face<T, D>) {
        // Compaction in place: the slot written (`out`) never passes the slot
        // read (`i`), so each vertex is read before its slot is overwritten.
        let mut out = 0;
        for i in 0..=base.min(D) {
            let weight = if i == base {
                face.base_weight
            } else if face.mask & (1 << i) != 0 {
                face.mu.get(i).copied().unwrap_or(T::zero())
            } else {
                continue;
            };
            // Size first, by a swap: a copy linked `memmove` there. (A
            // `cfg`, not a constant, so that the default build's code is
            // the same as without the choice.)
            #[cfg(feature = "small")]
            {
                if i >= self.len {
                    break;
                }
                if out != i {
                    self.swap_down(out, i);
                }
            }
            #[cfg(not(feature = "small"))]
            {
                let Some(&p) = self.vertex(i) else {
                    break;
                };
                if out != i {
                    self.set_vertex(out, p);
                }
            }
            self.set_weight(out, weight);
            out += 1;
        }
        self.len = out;
        self.closest = face.v;
    }

    /// The closest face made of vertex `base` and any subset of the vertices
    /// before it.
    ///
    /// In the plane and in space the closed form answers when it can vouch
    /// for its answer; the QR search answers otherwise, and in every other
    /// dimension. `D` is a constant, so the choice costs nothing at run time.
    #[inline]
    fn best_face(&self, base: usize) -> Option<Face<T, D>> {
        let y0 = self.w(base);
        super::closed_form::closest_face(&y0, base, |i| self.w(i))
            .or_else(|| super::johnson::closest_face(&y0, base, |i| self.w(i)))
    }
}
