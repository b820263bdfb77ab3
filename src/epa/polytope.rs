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

use nalgebra::SVector;

use crate::real::Real;
use crate::simplex::{Simplex, SupportPoint};

/// A facet's slot is unused.
const DEAD: u8 = 0;
/// A facet is on the boundary.
const LIVE: u8 = 1;
/// A facet sees the point being added and is about to be removed.
const DOOMED: u8 = 2;

/// One `(D − 1)`-simplex of the boundary.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Facet<T: Real, const D: usize> {
    pub vertices: [u16; D],
    pub adjacent: [u16; D],
    /// Unit outward normal; zero for a facet too degenerate to have one.
    pub normal: SVector<T, D>,
    /// Signed distance of the facet's hyperplane from the origin.
    pub distance: T,
    state: u8,
}

impl<T: Real, const D: usize> Facet<T, D> {
    fn empty() -> Self {
        Self {
            vertices: [0; D],
            adjacent: [0; D],
            normal: SVector::zeros(),
            distance: T::zero(),
            state: DEAD,
        }
    }

    /// Whether the facet is on the boundary and has a normal.
    pub fn is_candidate(&self) -> bool {
        self.state == LIVE && self.normal != SVector::<T, D>::zeros()
    }
}

/// Why a point could not be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Grow {
    /// The point was added.
    Added,
    /// No room left for its vertex or its facets; nothing changed.
    Full,
}

/// A convex polytope around the origin, stored inline with room for `V`
/// vertices and `F` facets.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Polytope<T: Real, const D: usize, const V: usize, const F: usize> {
    vertices: [SupportPoint<T, D>; V],
    vertex_count: usize,
    facets: [Facet<T, D>; F],
    /// Slots at or above this index have never been used.
    facet_end: usize,
    interior: SVector<T, D>,
}

impl<T: Real, const D: usize, const V: usize, const F: usize> Polytope<T, D, V, F> {
    /// The polytope of a full simplex (`D + 1` affinely independent
    /// vertices), or `None` when the simplex is not full or the capacity
    /// cannot hold it.
    pub fn from_simplex(simplex: &Simplex<T, D>) -> Option<Self> {
        if !simplex.is_full() || V < D + 1 || F < D + 1 || V > usize::from(u16::MAX) {
            return None;
        }
        let first = *simplex.vertex(0)?;
        let mut poly = Self {
            vertices: [first; V],
            vertex_count: D + 1,
            facets: [Facet::empty(); F],
            facet_end: D + 1,
            interior: SVector::zeros(),
        };
        let mut sum = SVector::zeros();
        for (slot, (p, _)) in poly.vertices.iter_mut().zip(simplex.iter()) {
            *slot = *p;
            sum += p.w - first.w;
        }
        poly.interior = first.w + sum / T::from_usize(D + 1)?;
        // Facet `f` leaves out vertex `f`; the facet across its ridge opposite
        // vertex `v` is the one leaving out `v`.
        for f in 0..=D {
            let mut facet = Facet::empty();
            for (k, v) in (0..=D).filter(|&v| v != f).enumerate() {
                facet.vertices[k] = v as u16;
                facet.adjacent[k] = v as u16;
            }
            facet.state = LIVE;
            poly.facets[f] = facet;
            poly.orient(f);
        }
        Some(poly)
    }

    pub fn vertex(&self, i: u16) -> &SupportPoint<T, D> {
        &self.vertices[usize::from(i)]
    }

    pub fn facet(&self, f: usize) -> &Facet<T, D> {
        &self.facets[f]
    }

    /// Indices of the live facets that have a normal.
    pub fn live_facets(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.facet_end).filter(|&f| self.facets[f].is_candidate())
    }

    /// The live facet with a normal that is closest to the origin.
    pub fn closest_facet(&self) -> Option<usize> {
        let mut best: Option<(usize, T)> = None;
        for (i, f) in self.facets[..self.facet_end].iter().enumerate() {
            if f.is_candidate() && best.is_none_or(|(_, d)| f.distance < d) {
                best = Some((i, f.distance));
            }
        }
        best.map(|(i, _)| i)
    }

    /// Computes the outward unit normal and plane distance of facet `f`.
    ///
    /// The normal is the component of `y₀ − interior` orthogonal to the
    /// facet's edges, found by modified Gram–Schmidt (run twice for
    /// orthogonality to working precision). A facet whose edges are dependent
    /// still gets the normal of the span they have; a facet whose plane holds
    /// the interior point gets none.
    fn orient(&mut self, f: usize) {
        let verts = self.facets[f].vertices;
        let y0 = self.vertex(verts[0]).w;
        let mut basis = [SVector::<T, D>::zeros(); D];
        let mut rank = 0;
        for &v in &verts[1..] {
            let mut e = self.vertex(v).w - y0;
            let len2 = e.norm_squared();
            for _ in 0..2 {
                for q in &basis[..rank] {
                    e -= q * q.dot(&e);
                }
            }
            let n2 = e.norm_squared();
            if n2 > T::DEGENERACY * len2 && n2 > T::zero() {
                basis[rank] = e / n2.sqrt();
                rank += 1;
            }
        }
        let mut u = y0 - self.interior;
        let len2 = u.norm_squared();
        for _ in 0..2 {
            for q in &basis[..rank] {
                u -= q * q.dot(&u);
            }
        }
        let n2 = u.norm_squared();
        let facet = &mut self.facets[f];
        if n2 > T::DEGENERACY * len2 && n2 > T::zero() && n2.is_finite() {
            facet.normal = u / n2.sqrt();
            // The plane's offset, averaged over the vertices.
            let mut sum = T::zero();
            for &v in &verts {
                sum += facet.normal.dot(&self.vertices[usize::from(v)].w);
            }
            facet.distance = sum / T::from_usize(D).unwrap_or(T::one());
        } else {
            facet.normal = SVector::zeros();
            facet.distance = T::max_value().unwrap_or(T::one());
        }
    }

    /// Adds `w`, which facet `seen` must see, and rebuilds the boundary.
    pub fn add(&mut self, w: SupportPoint<T, D>, seen: usize) -> Grow {
        if self.vertex_count >= V {
            return Grow::Full;
        }
        let new_vertex = self.vertex_count as u16;
        let mut stack = [0u16; F];
        let mut doomed = [0u16; F];
        let mut doomed_count = 0;
        // Flood the facets that see `w`.
        let mut top = 1;
        stack[0] = seen as u16;
        self.facets[seen].state = DOOMED;
        while top > 0 {
            top -= 1;
            let f = usize::from(stack[top]);
            doomed[doomed_count] = f as u16;
            doomed_count += 1;
            for k in 0..D {
                let g = usize::from(self.facets[f].adjacent[k]);
                let facet = &self.facets[g];
                if facet.state == LIVE && self.sees(g, &w.w) {
                    self.facets[g].state = DOOMED;
                    stack[top] = g as u16;
                    top += 1;
                }
            }
        }
        // One new facet per horizon ridge; check the room first so that a
        // full polytope is left untouched.
        let mut horizon = 0;
        for &f in &doomed[..doomed_count] {
            let f = usize::from(f);
            for k in 0..D {
                let g = usize::from(self.facets[f].adjacent[k]);
                if self.facets[g].state == LIVE {
                    horizon += 1;
                }
            }
        }
        let free = self.facets[..self.facet_end]
            .iter()
            .filter(|f| f.state == DEAD)
            .count()
            + (F - self.facet_end);
        if horizon > free {
            for &f in &doomed[..doomed_count] {
                self.facets[usize::from(f)].state = LIVE;
            }
            return Grow::Full;
        }
        self.vertices[self.vertex_count] = w;
        self.vertex_count += 1;

        let mut created = [0u16; F];
        let mut created_count = 0;
        let mut slot = 0;
        for &f in &doomed[..doomed_count] {
            let f = usize::from(f);
            for k in 0..D {
                let g = usize::from(self.facets[f].adjacent[k]);
                if self.facets[g].state != LIVE {
                    continue;
                }
                // Next slot that is neither live nor still needed (doomed
                // facets are read until the end of this loop, so only dead
                // slots and never-used ones qualify).
                while slot < F && self.facets[slot].state != DEAD && slot < self.facet_end {
                    slot += 1;
                }
                if slot >= self.facet_end {
                    slot = self.facet_end;
                    self.facet_end += 1;
                }
                let mut facet = Facet::empty();
                let mut j = 0;
                for (q, &v) in self.facets[f].vertices.iter().enumerate() {
                    if q != k {
                        facet.vertices[j] = v;
                        j += 1;
                    }
                }
                facet.vertices[D - 1] = new_vertex;
                facet.adjacent[D - 1] = g as u16;
                facet.state = LIVE;
                if let Some(back) = self.facets[g]
                    .adjacent
                    .iter_mut()
                    .find(|a| usize::from(**a) == f)
                {
                    *back = slot as u16;
                }
                self.facets[slot] = facet;
                created[created_count] = slot as u16;
                created_count += 1;
                slot += 1;
            }
        }
        for &f in &doomed[..doomed_count] {
            self.facets[usize::from(f)].state = DEAD;
        }
        self.link(&created[..created_count]);
        for &f in &created[..created_count] {
            self.orient(usize::from(f));
        }
        Grow::Added
    }

    /// Whether facet `f` sees `p`: `p` lies strictly beyond its hyperplane.
    fn sees(&self, f: usize, p: &SVector<T, D>) -> bool {
        let facet = &self.facets[f];
        facet.normal != SVector::<T, D>::zeros() && facet.normal.dot(p) > facet.distance
    }

    /// Links new facets to each other across their ridges through the new
    /// vertex: facets `i` and `j` are adjacent across the ridge of `i`
    /// opposite its `k`-th horizon vertex when `j`'s horizon ridge holds all
    /// of `i`'s other horizon vertices.
    fn link(&mut self, created: &[u16]) {
        for &i in created {
            let i = usize::from(i);
            for k in 0..D - 1 {
                let mut found = None;
                for &j in created {
                    let j = usize::from(j);
                    if j == i {
                        continue;
                    }
                    let shares = (0..D - 1).filter(|&q| q != k).all(|q| {
                        let v = self.facets[i].vertices[q];
                        self.facets[j].vertices[..D - 1].contains(&v)
                    });
                    if shares {
                        found = Some(j);
                        break;
                    }
                }
                if let Some(j) = found {
                    self.facets[i].adjacent[k] = j as u16;
                }
            }
        }
    }
}
