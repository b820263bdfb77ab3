//! The expanding polytope: fixed-capacity vertices and facets with adjacency.
//!
//! A facet of a polytope in `D` dimensions is a `(D − 1)`-simplex (an edge in
//! 2D, a triangle in 3D, a tetrahedron in 4D) stored as `D` vertex indices.
//! `adjacent[k]` is the facet across the ridge opposite vertex `k` (the ridge
//! being the facet's other `D − 1` vertices), so the boundary is a closed
//! pseudo-manifold whatever the dimension, and one code path maintains it.
//!
//! Adding a point `w` removes every facet that sees it (`n · w` beyond the
//! facet's plane), flooding from a facet known to see it. The ridges between
//! removed and kept facets form the horizon; each horizon ridge joined to `w`
//! becomes a new facet. New facets are adjacent to the kept facet across
//! their horizon ridge, and to each other across ridges that contain `w`.
//!
//! Normals point away from an interior point fixed when the polytope is built
//! (the polytope only grows, so it stays interior), which makes facet
//! orientation independent of the order vertices are stored in.

use arrayvec::ArrayVec;
use nalgebra::SVector;

use super::facet::{Facet, Index, Stored, DEAD, DOOMED, LIVE, ROOM};
use super::facet_normal::outward_normal;
use crate::math::real::{robust_norm, Real};
use crate::simplex::{Simplex, SupportPoint};

/// The nearest facets of a polytope: see [`Polytope::closest_facet`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Closest<T> {
    /// The facet with a normal whose certified distance is least.
    pub facet: usize,
    /// The least plane offset of any facet with a normal.
    pub least: T,
    /// The least distance from the origin to a live facet without a normal
    /// (the largest finite value when there is none).
    pub unoriented: T,
}

/// Why a point could not be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Grow {
    /// The point was added.
    Added,
    /// No room left for its vertex or its facets; nothing changed.
    Full,
    /// The point was added, but rounding made the visible facets a region
    /// whose horizon does not close (a new facet found no neighbour across
    /// one of its ridges, or a kept facet no link back): the boundary is
    /// no longer a closed surface around the origin, and its facets bound
    /// nothing.
    Broken,
}

/// A convex polytope around the origin, stored inline with room for `V`
/// vertices and `F` facets.
///
/// The storage is filled as it grows (a vertex or facet slot is written
/// when first used): a polytope costs nothing to create however large its
/// room, which matters as most polytopes use a small part of it.
#[derive(Clone, Debug)]
pub(crate) struct Polytope<T: Real, const D: usize, const V: usize, const F: usize> {
    /// The shape points `(a, b)` of each vertex. Its point of `A − B`,
    /// `w = a − b`, is not stored: every support point of a query is made
    /// by [`SupportPoint::new`], which computes `w` as that difference, so
    /// recomputing it gives the same number to the last bit, and a third
    /// less room.
    vertices: ArrayVec<(SVector<T, D>, SVector<T, D>), V>,
    /// Every facet slot used so far, live or dead (dead ones are reused).
    facets: ArrayVec<Stored<T, D>, F>,
    /// No facet slot below this one is dead: the search for a slot to
    /// reuse starts here.
    free: usize,
    interior: SVector<T, D>,
}

impl<T: Real, const D: usize, const V: usize, const F: usize> Polytope<T, D, V, F> {
    /// An empty polytope; [`start`](Self::start) fills it.
    #[must_use]
    pub fn new() -> Self {
        Self {
            vertices: ArrayVec::new(),
            facets: ArrayVec::new(),
            free: 0,
            interior: SVector::zeros(),
        }
    }

    /// Makes this the polytope of a full simplex (`D + 1` affinely
    /// independent vertices). Returns `false` when the simplex is not full or
    /// the capacity cannot hold it (fewer than `D + 1` vertices or facets).
    /// Of a larger capacity than an [`Index`] can number, the polytope
    /// uses [`ROOM`] slots.
    pub fn start(&mut self, simplex: &Simplex<T, D>) -> bool {
        if !simplex.is_full() || V < D + 1 || F < D + 1 {
            return false;
        }
        let Some(first) = simplex.vertex(0).map(|p| p.w) else {
            return false;
        };
        let mut sum = SVector::zeros();
        self.vertices.clear();
        for (p, _) in simplex.iter() {
            if self.vertices.try_push((p.a, p.b)).is_err() {
                return false;
            }
            sum += p.w - first;
        }
        self.interior = first + sum / T::from_usize(D + 1).unwrap_or(T::one());
        // Facet `f` leaves out vertex `f`; the facet across its ridge opposite
        // vertex `v` is the one leaving out `v`.
        self.facets.clear();
        self.free = 0;
        for f in 0..=D {
            let mut facet = Facet::EMPTY;
            for (k, v) in (0..=D).filter(|&v| v != f).enumerate().take(D) {
                facet.vertices[k] = v as Index;
                facet.adjacent[k] = v as Index;
            }
            facet.state = LIVE;
            if self.facets.try_push(facet.stored()).is_err() {
                return false;
            }
            self.orient(f);
        }
        true
    }

    /// How many vertices the polytope has.
    #[must_use]
    pub fn vertex_count(&self) -> usize {
        self.vertices.len()
    }

    /// Vertex `i` (the origin for an index out of range, which a consistent
    /// polytope never produces).
    #[must_use]
    pub fn vertex(&self, i: Index) -> SupportPoint<T, D> {
        self.vertices.get(usize::from(i)).map_or_else(
            || SupportPoint::from_point(SVector::zeros()),
            |&(a, b)| SupportPoint::new(a, b),
        )
    }

    /// Facet `f` (an unused facet for an index out of range).
    #[must_use]
    pub fn facet(&self, f: usize) -> Facet<T, D> {
        self.facets.get(f).map_or(Facet::EMPTY, |s| self.read(s))
    }

    /// A stored facet read (its plane's offsets recomputed where they are
    /// not stored).
    #[inline(always)]
    fn read(&self, stored: &Stored<T, D>) -> Facet<T, D> {
        stored.read(|v| self.vertex(v).w)
    }

    /// Facet `f` as stored (an unused facet for an index out of range):
    /// for its indices, with no offsets read.
    fn stored(&self, f: usize) -> Stored<T, D> {
        self.facets.get(f).copied().unwrap_or(Facet::EMPTY.stored())
    }

    fn state(&self, f: usize) -> u8 {
        self.facets.get(f).map_or(DEAD, |facet| facet.state)
    }

    fn set_state(&mut self, f: usize, state: u8) {
        if let Some(facet) = self.facets.get_mut(f) {
            facet.state = state;
        }
    }

    fn used(&self) -> &[Stored<T, D>] {
        &self.facets
    }

    /// Indices of all the live facets, with a normal or without.
    pub fn boundary_facets(&self) -> impl Iterator<Item = usize> + '_ {
        self.used()
            .iter()
            .enumerate()
            .filter(|(_, f)| f.state == LIVE)
            .map(|(i, _)| i)
    }

    /// Whether every live facet has a normal.
    #[must_use]
    pub fn oriented(&self) -> bool {
        self.used()
            .iter()
            .all(|f| f.state != LIVE || f.has_normal())
    }

    /// The live facet with a normal whose certified distance
    /// ([`Facet::bound`]) is least: the polytope's lower bound on the depth.
    ///
    /// Every point `x` of a facet is a convex combination of its vertices
    /// `yᵢ`, so for any direction `n`, `n · x ≥ minᵢ n · yᵢ`, and the facet
    /// keeps at least that distance from the origin (`‖n‖ = 1`). This holds
    /// however far rounding has tilted `n` from the true normal: a tilt
    /// shows as a spread of `n · yᵢ` across the facet, which the minimum
    /// pays. The plane's offset (the mean of `n · yᵢ`) does not: on a
    /// sliver (a needle's facets, long edges nearly parallel) rounding tilts
    /// the normal by far more than the facet's distance, and the plane can
    /// report a depth where the origin lies on the surface. While the
    /// boundary closes around the origin, every ray from it crosses some
    /// facet, so the least of these bounds bounds the depth.
    ///
    /// A facet too thin to be given a normal (see [`orient`](Self::orient))
    /// bounds nothing by a plane, yet the origin may lie nearest to it: its
    /// own distance from the origin, the closest point of its simplex
    /// (Johnson's sub-algorithm), is what bounds the depth through it, and
    /// is returned as [`Closest::unoriented`].
    ///
    /// Returns that facet with the least plane offset of any facet (below
    /// zero, the origin is outside a plane: rounding broke the polytope).
    #[must_use]
    pub fn closest_facet(&self) -> Option<Closest<T>> {
        let mut best: Option<(usize, T)> = None;
        let far = T::max_value().unwrap_or(T::one());
        let (mut least, mut unoriented) = (far, far);
        for (i, f) in self.used().iter().enumerate() {
            if f.state != LIVE {
                continue;
            }
            let f = self.read(f);
            if f.is_candidate() {
                least = least.min(f.distance);
                if best.is_none_or(|(_, d)| f.bound < d) {
                    best = Some((i, f.bound));
                }
            } else if f.state == LIVE {
                unoriented = unoriented.min(self.simplex_distance(&f));
            }
        }
        best.map(|(facet, _)| Closest {
            facet,
            least,
            unoriented,
        })
    }

    /// The distance from the origin to facet `f` as a simplex (zero when it
    /// cannot be computed: nothing is then bounded through it).
    #[cold]
    fn simplex_distance(&self, f: &Facet<T, D>) -> T {
        let mut simplex = Simplex::new();
        for &v in &f.vertices {
            simplex.push(self.vertex(v));
        }
        simplex
            .closest_point_full()
            .map(|v| robust_norm(&v))
            .filter(|d| d.is_finite())
            .unwrap_or(T::zero())
    }

    /// Computes the outward unit normal and plane distance of facet `f`.
    ///
    /// The normal is the component of `y₀ − interior` orthogonal to the
    /// facet's edges ([`outward_normal`]). A facet whose edges are dependent
    /// still gets the normal of the span they have; a facet whose plane holds
    /// the interior point gets none.
    fn orient(&mut self, f: usize) {
        let vertices = self.facets.get(f).map_or([0; D], |s| s.vertices);
        let ys = vertices.map(|v| self.vertex(v).w);
        let y0 = ys[0];
        let mut edges = [SVector::zeros(); D];
        for (e, y) in edges.iter_mut().zip(&ys[1..]) {
            *e = y - y0;
        }
        let outward = y0 - self.interior;
        let (normal, height) = outward_normal(edges.get(..D - 1).unwrap_or(&[]), &outward);
        let oriented = height > T::DEGENERACY * robust_norm(&outward)
            && height > T::zero()
            && height.is_finite();
        let normal = if oriented { normal } else { SVector::zeros() };
        if let Some(facet) = self.facets.get_mut(f) {
            // The plane's offset, averaged over the vertices, and the least
            // offset, net of its rounding (`facet::offsets`).
            facet.set_plane(normal, oriented, &ys);
        }
    }

    /// Adds `w`, which facet `seen` must see, and rebuilds the boundary.
    pub fn add(&mut self, w: SupportPoint<T, D>, seen: usize) -> Grow {
        if self.vertices.len() >= V.min(ROOM) {
            return Grow::Full;
        }
        let mut doomed = ArrayVec::<Index, F>::new();
        self.flood(seen, &w.w, &mut doomed);

        // One new facet per horizon ridge; make sure they fit before touching
        // anything, so that a full polytope is left as it was.
        let horizon = doomed
            .iter()
            .flat_map(|&f| self.stored(usize::from(f)).adjacent)
            .filter(|&g| self.state(usize::from(g)) == LIVE)
            .count();
        // Slots never used come first; the dead ones are counted only when
        // those run short.
        let unused = F.min(ROOM).saturating_sub(self.facets.len());
        let fits = horizon <= unused
            || horizon <= unused + self.used().iter().filter(|f| f.state == DEAD).count();
        if !fits || doomed.is_empty() {
            for &f in &doomed {
                self.set_state(usize::from(f), LIVE);
            }
            return Grow::Full;
        }
        let new_vertex = self.vertices.len() as Index;
        if self.vertices.try_push((w.a, w.b)).is_err() {
            return Grow::Full;
        }
        let mut created = ArrayVec::<Index, F>::new();
        let coned = self.cone(&doomed, new_vertex, &mut created);
        for &f in &doomed {
            self.set_state(usize::from(f), DEAD);
            self.free = self.free.min(usize::from(f));
        }
        let linked = self.link(&created);
        for &f in &created {
            self.orient(usize::from(f));
        }
        if coned && linked {
            Grow::Added
        } else {
            Grow::Broken
        }
    }

    /// Marks as doomed every live facet that sees `p`, flooding from `seen`
    /// across adjacency, and lists them in `doomed`. The stack never holds
    /// a facet twice, so `F` entries suffice.
    fn flood(&mut self, seen: usize, p: &SVector<T, D>, doomed: &mut ArrayVec<Index, F>) {
        let mut stack = ArrayVec::<Index, F>::new();
        if self.state(seen) == LIVE && stack.try_push(seen as Index).is_ok() {
            self.set_state(seen, DOOMED);
        }
        while let Some(f) = stack.pop() {
            if doomed.try_push(f).is_err() {
                break;
            }
            for g in self.stored(usize::from(f)).adjacent {
                let g = usize::from(g);
                if self.state(g) == LIVE && self.sees(g, p) && stack.try_push(g as Index).is_ok() {
                    self.set_state(g, DOOMED);
                }
            }
        }
    }

    /// Joins every horizon ridge of the doomed facets to `apex`: one new
    /// facet per ridge, adjacent across it to the kept facet. Lists the new
    /// facets in `created`; `false` when a kept facet has no link back to
    /// the doomed one (or the room ran out).
    fn cone(&mut self, doomed: &[Index], apex: Index, created: &mut ArrayVec<Index, F>) -> bool {
        let mut slot = self.free;
        let closed = self.cone_from(&mut slot, doomed, apex, created);
        // Every slot below `slot` was live, doomed or just filled.
        self.free = slot;
        closed
    }

    /// [`cone`](Self::cone), filling slots from `slot` on.
    fn cone_from(
        &mut self,
        slot: &mut usize,
        doomed: &[Index],
        apex: Index,
        created: &mut ArrayVec<Index, F>,
    ) -> bool {
        for &f in doomed {
            let old = self.stored(usize::from(f));
            for (k, &g) in old.adjacent.iter().enumerate() {
                if self.state(usize::from(g)) != LIVE {
                    continue;
                }
                // The next dead or never-used slot (doomed facets are still
                // read by this loop and are not reused before it ends).
                while *slot < self.facets.len() && self.state(*slot) != DEAD {
                    *slot += 1;
                }
                let mut facet = Facet::EMPTY;
                let ridge = old.vertices.iter().enumerate().filter(|&(q, _)| q != k);
                for (dst, (_, &v)) in facet.vertices.iter_mut().zip(ridge) {
                    *dst = v;
                }
                facet.vertices[D - 1] = apex;
                facet.adjacent[D - 1] = g;
                facet.state = LIVE;
                let stored = match self.facets.get_mut(*slot) {
                    Some(dst) => {
                        *dst = facet.stored();
                        true
                    }
                    None => self.facets.try_push(facet.stored()).is_ok(),
                };
                if !stored || created.try_push(*slot as Index).is_err() {
                    return false;
                }
                let back = self
                    .facets
                    .get_mut(usize::from(g))
                    .and_then(|neighbour| neighbour.adjacent.iter_mut().find(|a| **a == f));
                match back {
                    Some(back) => *back = *slot as Index,
                    None => return false,
                }
                *slot += 1;
            }
        }
        true
    }

    /// Whether facet `f` sees `p`: `p` lies strictly beyond its hyperplane.
    fn sees(&self, f: usize, p: &SVector<T, D>) -> bool {
        let facet = self.facet(f);
        facet.oriented && facet.normal.dot(p) > facet.distance
    }

    /// Links new facets to each other across their ridges through the new
    /// vertex: facets `i` and `j` are adjacent across the ridge of `i`
    /// opposite its `k`-th horizon vertex when `j`'s horizon ridge holds all
    /// of `i`'s other horizon vertices. `false` when some ridge finds no
    /// such facet (the horizon does not close).
    fn link(&mut self, created: &[Index]) -> bool {
        let mut closed = true;
        for &i in created {
            let fi = self.stored(usize::from(i));
            for k in 0..D - 1 {
                let neighbour = created.iter().copied().find(|&j| {
                    let fj = self.stored(usize::from(j));
                    j != i
                        && (0..D - 1)
                            .filter(|&q| q != k)
                            .all(|q| fj.vertices[..D - 1].contains(&fi.vertices[q]))
                });
                match (neighbour, self.facets.get_mut(usize::from(i))) {
                    (Some(j), Some(facet)) => facet.adjacent[k] = j,
                    _ => closed = false,
                }
            }
        }
        closed
    }
}

#[cfg(test)]
mod tests {
    use nalgebra::SVector;

    use super::*;
    use crate::test_lcg::Lcg;

    /// A point on the sphere of radius `r`: a uniform point of the cube
    /// pushed out (not uniform on the sphere, which a test does not need).
    fn sphere<T: Real, const D: usize>(rng: &mut Lcg, r: f64) -> SVector<T, D> {
        let p = SVector::<f64, D>::from_fn(|_, _| 2.0 * rng.next() - 1.0);
        let n = p.norm().max(1e-3);
        (p * (r / n)).map(T::lit)
    }

    /// The slot invariants and a closed boundary: no dead slot below
    /// `free`, every live facet's neighbours live and linked back to it
    /// across one ridge, and its vertices distinct.
    fn check<T: Real, const D: usize, const V: usize, const F: usize>(poly: &Polytope<T, D, V, F>) {
        let facets = poly.used();
        assert!(
            facets.iter().take(poly.free).all(|f| f.state != DEAD),
            "a dead slot below {}",
            poly.free
        );
        for (i, f) in facets.iter().enumerate().filter(|(_, f)| f.state == LIVE) {
            for (k, &g) in f.adjacent.iter().enumerate() {
                let neighbour = facets[usize::from(g)];
                assert_eq!(neighbour.state, LIVE, "facet {i} next to a removed facet");
                let back = neighbour.adjacent.iter().filter(|&&a| usize::from(a) == i);
                assert_eq!(back.count(), 1, "facet {i} and {g} not linked once");
                // The shared ridge: every vertex of `f` but its `k`-th.
                for (q, v) in f.vertices.iter().enumerate() {
                    assert!(
                        q == k || neighbour.vertices.contains(v),
                        "ridge of {i} not in {g}"
                    );
                }
            }
            for (q, v) in f.vertices.iter().enumerate() {
                assert!(
                    !f.vertices[q + 1..].contains(v),
                    "facet {i} repeats a vertex"
                );
            }
        }
    }

    /// Grows polytopes from a simplex around the origin with points on a
    /// sphere, each added through a facet that sees it, checking the
    /// boundary after every step; reused slots must keep it closed.
    fn grow<T: Real, const D: usize>(seed: u64) -> usize {
        let mut rng = Lcg(seed);
        let mut poly = Polytope::<T, D, 64, 400>::new();
        let mut start = Simplex::new();
        // A simplex with the origin inside: the axes and minus their sum.
        let mut sum = SVector::<T, D>::zeros();
        for i in 0..D {
            let e = crate::math::real::axis::<T, D>(i);
            sum += e;
            start.push(SupportPoint::from_point(e));
        }
        start.push(SupportPoint::from_point(-sum));
        assert!(poly.start(&start));
        check(&poly);
        let mut added = 0;
        for _ in 0..200 {
            let w = sphere::<T, D>(&mut rng, 3.0);
            let Some(seen) = poly.boundary_facets().find(|&f| poly.sees(f, &w)) else {
                continue;
            };
            let lowest = poly.used().iter().position(|f| f.state == DEAD);
            match poly.add(SupportPoint::from_point(w), seen) {
                Grow::Added => added += 1,
                Grow::Full => break,
                Grow::Broken => panic!("a well-spread point broke the boundary"),
            }
            check(&poly);
            // The first new facet took the lowest dead slot.
            if let Some(slot) = lowest {
                assert_ne!(poly.used()[slot].state, DEAD, "slot {slot} passed over");
            }
        }
        added
    }

    #[test]
    fn growing_keeps_the_boundary_closed_and_reuses_the_lowest_slots() {
        for seed in 1..6 {
            assert!(grow::<f64, 2>(seed) > 20);
            assert!(grow::<f64, 3>(seed) > 40);
            assert!(grow::<f32, 3>(seed) > 40);
            assert!(grow::<f64, 4>(seed) > 40);
        }
    }
}
