//! Reading a [`Hull`] back from storage it was built in, for an owner of
//! that storage ([`OwnedHull`](crate::OwnedHull)).

use nalgebra::SVector;

use super::{Hull, Method, SCAN_UP_TO};
use crate::math::real::Real;
use crate::shape::hull::build::Built;
use crate::shape::hull::climbing::Climbing;
use crate::shape::hull::incidence::Incidence;

/// What a [`Hull`] holds besides its storage: enough for the owner of the
/// storage (an [`OwnedHull`](crate::OwnedHull)) to read the hull back from
/// it without building anything again.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Layout<T: Real, const D: usize> {
    /// How many of the vertex indices and facets are the hull's.
    vertices: usize,
    facets: usize,
    centroid: SVector<T, D>,
    scale: T,
    /// The climbing graph's own centroid, for a hull that climbs.
    climbing: Option<SVector<T, D>>,
}

impl<T: Real, const D: usize> Layout<T, D> {
    /// The number of facets the hull uses (the storage after them is spare).
    pub(crate) fn facets(&self) -> usize {
        self.facets
    }

    /// The mean of the hull's vertices.
    pub(crate) fn centroid(&self) -> SVector<T, D> {
        self.centroid
    }
}

impl<'a, T: Real, const D: usize> Hull<'a, T, D> {
    /// What the hull holds besides its storage.
    pub(crate) fn layout(&self) -> Layout<T, D> {
        Layout {
            vertices: self.vertices.len(),
            facets: self.facets.len(),
            centroid: self.centroid,
            scale: self.scale,
            climbing: match &self.method {
                Method::Scan { .. } => None,
                Method::Climb(hull) => Some(hull.centroid()),
            },
        }
    }

    /// A hull with no vertices and no facets whose supports are `centroid`.
    pub(crate) fn unreadable(centroid: SVector<T, D>) -> Self {
        Self {
            points: &[],
            vertices: &[],
            facets: &[],
            method: Method::Scan {
                corners: [SVector::zeros(); SCAN_UP_TO],
                len: 0,
            },
            centroid,
            scale: T::zero(),
            incidence: None,
        }
    }

    /// The hull built over `points` into `indices` and `facets`, with
    /// `layout`, read back from that storage in `O(min(n, 16))` (the
    /// vertices a small hull scans are copied inline); `None` when the
    /// storage is not the one the layout describes.
    pub(crate) fn rejoin(
        points: &'a [SVector<T, D>],
        indices: &'a [u32],
        facets: &'a [[u32; D]],
        layout: &Layout<T, D>,
    ) -> Option<Self> {
        let (vertices, work) =
            indices.split_at_checked(Built::<D>::vertices_needed(points.len()))?;
        let vertices = vertices.get(..layout.vertices)?;
        let facets = facets.get(..layout.facets)?;
        let mut incidence = None;
        let method = match layout.climbing {
            None => {
                let mut corners = [SVector::zeros(); SCAN_UP_TO];
                for (slot, &v) in corners.iter_mut().zip(vertices) {
                    *slot = *points.get(v as usize)?;
                }
                Method::Scan {
                    corners,
                    len: vertices.len(),
                }
            }
            Some(centroid) => {
                let (offsets, rest) =
                    work.split_at_checked(Climbing::<T, D>::offsets_needed(points.len()))?;
                let (neighbours, rest) =
                    rest.split_at_checked(Climbing::<T, D>::neighbours_needed(facets.len()))?;
                incidence = Some(Incidence::rejoin(points.len(), rest)?);
                Method::Climb(Climbing::rejoin(points, offsets, neighbours, centroid)?)
            }
        };
        Some(Self {
            points,
            vertices,
            facets,
            method,
            centroid: layout.centroid,
            scale: layout.scale,
            incidence,
        })
    }
}
