//! The facets at each vertex of a hull, built from its facets into storage
//! the caller provides, in compressed sparse row (CSR) form.
//!
//! The facets through vertex `v` are `facets[offsets[v]..offsets[v + 1]]`,
//! in ascending order. A face query of a large hull starts from its support
//! vertex, and weighs the few facets there instead of every facet: the
//! degree of a vertex, not the size of the hull.
//!
//! Built in `O(V + F)` without allocating: each vertex's facets are
//! counted, the counts summed into segment starts, each facet written at
//! its vertices' cursors (which end at the next segment's start), and the
//! starts recovered by moving the cursors one place along.

use crate::shape::ShapeError;

/// Vertex-to-facet incidence in compressed sparse row form, borrowing its
/// storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Incidence<'a> {
    /// `vertices + 1` entries: where each vertex's facets start, and the
    /// total at the end.
    offsets: &'a [u32],
    facets: &'a [u32],
}

impl<'a> Incidence<'a> {
    /// Entries of storage for `vertices` vertices and `facets` facets of
    /// `K` vertices each (saturating instead of overflowing).
    pub(crate) const fn storage_needed(vertices: usize, facets: usize, k: usize) -> usize {
        vertices
            .saturating_add(1)
            .saturating_add(facets.saturating_mul(k))
    }

    /// The incidence of `vertices` vertices and `facets`, in `storage` (at
    /// least [`storage_needed`](Self::storage_needed) entries).
    pub(crate) fn from_facets<const K: usize>(
        vertices: usize,
        facets: &[[u32; K]],
        storage: &'a mut [u32],
    ) -> Result<Self, ShapeError> {
        let total = facets.len().saturating_mul(K);
        if total >= u32::MAX as usize || facets.len() >= u32::MAX as usize {
            return Err(ShapeError::TooLarge);
        }
        let (offsets, rest) = storage
            .split_at_mut_checked(vertices.saturating_add(1))
            .ok_or(ShapeError::StorageTooSmall)?;
        let entries = rest.get_mut(..total).ok_or(ShapeError::StorageTooSmall)?;
        if facets.iter().flatten().any(|&v| v as usize >= vertices) {
            return Err(ShapeError::BadIndex);
        }
        // Counts, one place along, then their running sums: `offsets[v]` is
        // where vertex `v`'s facets start.
        offsets.fill(0);
        for &v in facets.iter().flatten() {
            if let Some(count) = offsets.get_mut((v as usize).saturating_add(1)) {
                *count += 1;
            }
        }
        let mut sum = 0;
        for o in offsets.iter_mut() {
            sum += *o;
            *o = sum;
        }
        // Each facet at its vertices' cursors, in ascending order; a cursor
        // ends where the next vertex's facets start.
        for (f, facet) in facets.iter().enumerate() {
            for &v in facet {
                let Some(cursor) = offsets.get_mut(v as usize) else {
                    continue;
                };
                if let Some(slot) = entries.get_mut(*cursor as usize) {
                    *slot = f as u32;
                }
                *cursor += 1;
            }
        }
        // The cursor of `v` is the start of `v + 1`.
        for v in (1..=vertices).rev() {
            let before = offsets.get(v - 1).copied().unwrap_or(0);
            if let Some(o) = offsets.get_mut(v) {
                *o = before;
            }
        }
        if let Some(first) = offsets.first_mut() {
            *first = 0;
        }
        Ok(Self {
            offsets,
            facets: entries,
        })
    }

    #[cfg(feature = "alloc")]
    /// The incidence [`from_facets`](Self::from_facets) left in `storage`
    /// for `vertices` vertices, read back without being built again
    /// (`None` when the storage is shorter than it left it).
    pub(crate) fn rejoin(vertices: usize, storage: &'a [u32]) -> Option<Self> {
        let (offsets, rest) = storage.split_at_checked(vertices.checked_add(1)?)?;
        let facets = rest.get(..*offsets.last()? as usize)?;
        Some(Self { offsets, facets })
    }

    /// The facets through `v`, ascending (none for an index out of range).
    #[inline]
    pub(crate) fn at(&self, v: u32) -> &'a [u32] {
        let v = v as usize;
        let (Some(&lo), Some(&hi)) = (self.offsets.get(v), self.offsets.get(v.saturating_add(1)))
        else {
            return &[];
        };
        self.facets.get(lo as usize..hi as usize).unwrap_or(&[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Budget: exact. Against a scan of every facet, on a tetrahedron, a
    /// square's edges and an unused vertex.
    #[test]
    fn lists_the_facets_through_each_vertex_in_order() {
        let tetra = [[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]];
        let mut storage = [0; Incidence::storage_needed(5, 4, 3)];
        let inc = Incidence::from_facets(5, &tetra, &mut storage).unwrap();
        for v in 0..5 {
            let scan = (0..4).filter(|&f| tetra[f as usize].contains(&v));
            assert!(inc.at(v).iter().copied().eq(scan), "vertex {v}");
        }
        assert!(inc.at(4).is_empty() && inc.at(9).is_empty());

        let square = [[0, 1], [1, 2], [2, 3], [3, 0]];
        let mut storage = [0; Incidence::storage_needed(4, 4, 2)];
        let inc = Incidence::from_facets(4, &square, &mut storage).unwrap();
        assert_eq!(inc.at(0), [0, 3]);
        assert_eq!(inc.at(2), [1, 2]);
    }

    #[test]
    fn short_storage_and_bad_indices_are_errors() {
        let tetra = [[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]];
        let mut short = [0; Incidence::storage_needed(4, 4, 3) - 1];
        assert_eq!(
            Incidence::from_facets(4, &tetra, &mut short).err(),
            Some(ShapeError::StorageTooSmall)
        );
        let mut storage = [0; Incidence::storage_needed(3, 4, 3)];
        assert_eq!(
            Incidence::from_facets(3, &tetra, &mut storage).err(),
            Some(ShapeError::BadIndex)
        );
    }
}
