//! The vertex adjacency of a hull, built from its facets into storage the
//! caller provides, in compressed sparse row (CSR) form.
//!
//! The neighbours of vertex `v` are `neighbours[offsets[v]..offsets[v + 1]]`.
//! Every pair of distinct vertices of a facet is an edge, stored in both
//! directions, once. The construction never allocates:
//!
//! 1. count, for every vertex, an upper bound of its degree (`K − 1` per facet
//!    it belongs to) and turn the counts into segment starts by a prefix sum;
//! 2. fill each vertex's segment, skipping neighbours already present (a
//!    linear search of the segment, which stays short on real hulls);
//! 3. slide the segments to the left so that they are contiguous.
//!
//! Step 2 needs the upper bound, `K(K − 1)` entries per facet, of room in the
//! neighbour storage; the finished adjacency uses about half of it for a
//! triangulated 3D hull, where every edge is shared by two facets.

use crate::shape::ShapeError;

/// Marks a free slot of a segment during the fill.
const FREE: u32 = u32::MAX;

/// Neighbour entries needed to build the adjacency of `facets` facets of
/// `facet_size` vertices each (saturating instead of overflowing).
pub(crate) const fn neighbour_room(facets: usize, facet_size: usize) -> usize {
    facets.saturating_mul(facet_size.saturating_mul(facet_size.saturating_sub(1)))
}

/// Vertex adjacency in compressed sparse row form, borrowing its storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Adjacency<'a> {
    /// `vertices + 1` entries: where each vertex's neighbours start, and the
    /// total at the end.
    offsets: &'a [u32],
    neighbours: &'a [u32],
}

impl<'a> Adjacency<'a> {
    /// The adjacency of `vertices` vertices joined by `facets`.
    ///
    /// `offsets` needs `vertices + 1` entries and `neighbours`
    /// [`neighbour_room`]`(facets.len(), K)`; longer slices are fine, only
    /// their beginnings are used.
    pub(crate) fn from_facets<const K: usize>(
        vertices: usize,
        facets: &[[u32; K]],
        offsets: &'a mut [u32],
        neighbours: &'a mut [u32],
    ) -> Result<Self, ShapeError> {
        let room = neighbour_room(facets.len(), K);
        // Every index and every offset must fit in a `u32` below `FREE`.
        if vertices >= FREE as usize || room >= FREE as usize {
            return Err(ShapeError::TooLarge);
        }
        let offsets = offsets
            .get_mut(..=vertices)
            .ok_or(ShapeError::StorageTooSmall)?;
        let neighbours = neighbours
            .get_mut(..room)
            .ok_or(ShapeError::StorageTooSmall)?;
        if facets.iter().flatten().any(|&v| v as usize >= vertices) {
            return Err(ShapeError::BadIndex);
        }

        // 1. Upper bounds of the degrees, then segment starts.
        offsets.fill(0);
        let bound = K.saturating_sub(1) as u32;
        for &v in facets.iter().flatten() {
            if let Some(count) = offsets.get_mut(v as usize + 1) {
                *count += bound;
            }
        }
        let mut total = 0;
        for o in offsets.iter_mut() {
            total += *o;
            *o = total;
        }

        // 2. Fill, without duplicates.
        neighbours.fill(FREE);
        for facet in facets {
            for &a in facet {
                for &b in facet {
                    if a != b {
                        insert(offsets, neighbours, a, b);
                    }
                }
            }
        }

        // 3. Compact: segment `v` moves to `write`, which never passes its
        // old start, so nothing unread is overwritten.
        let mut write = 0_u32;
        for v in 0..vertices {
            let (Some(&lo), Some(&hi)) = (offsets.get(v), offsets.get(v + 1)) else {
                break;
            };
            if let Some(o) = offsets.get_mut(v) {
                *o = write;
            }
            for read in lo..hi {
                let Some(&u) = neighbours.get(read as usize) else {
                    break;
                };
                if u == FREE {
                    break;
                }
                if let Some(slot) = neighbours.get_mut(write as usize) {
                    *slot = u;
                }
                write += 1;
            }
        }
        if let Some(end) = offsets.get_mut(vertices) {
            *end = write;
        }
        let offsets: &'a [u32] = offsets;
        let neighbours: &'a [u32] = neighbours;
        Ok(Self {
            offsets,
            neighbours: neighbours.get(..write as usize).unwrap_or(&[]),
        })
    }

    #[cfg(feature = "alloc")]
    /// The adjacency [`from_facets`](Self::from_facets) left in `offsets`
    /// and `neighbours` for `vertices` vertices, read back without being
    /// built again (`None` when the storage is shorter than it left it).
    pub(crate) fn rejoin(
        vertices: usize,
        offsets: &'a [u32],
        neighbours: &'a [u32],
    ) -> Option<Self> {
        let offsets = offsets.get(..=vertices)?;
        let neighbours = neighbours.get(..*offsets.last()? as usize)?;
        Some(Self {
            offsets,
            neighbours,
        })
    }

    /// The neighbours of `v` (none for an index out of range).
    #[inline]
    pub(crate) fn neighbours(&self, v: usize) -> &'a [u32] {
        let (Some(&lo), Some(&hi)) = (self.offsets.get(v), self.offsets.get(v + 1)) else {
            return &[];
        };
        self.neighbours.get(lo as usize..hi as usize).unwrap_or(&[])
    }

    /// The number of distinct directed edges (twice the number of edges).
    pub(crate) fn entries(&self) -> usize {
        self.neighbours.len()
    }
}

/// Adds `b` to the segment of `a` during the fill, unless it is there.
fn insert(offsets: &[u32], neighbours: &mut [u32], a: u32, b: u32) {
    let a = a as usize;
    let (Some(&lo), Some(&hi)) = (offsets.get(a), offsets.get(a + 1)) else {
        return;
    };
    let Some(segment) = neighbours.get_mut(lo as usize..hi as usize) else {
        return;
    };
    for slot in segment {
        if *slot == b {
            return;
        }
        if *slot == FREE {
            *slot = b;
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tetrahedron_edges_once_each() {
        let facets = [[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]];
        let mut offsets = [0; 5];
        let mut neighbours = [0; neighbour_room(4, 3)];
        let adj = Adjacency::from_facets(4, &facets, &mut offsets, &mut neighbours).unwrap();
        assert_eq!(adj.entries(), 12);
        assert_eq!(adj.neighbours(0), &[1, 2, 3]);
        assert_eq!(adj.neighbours(3), &[0, 1, 2]);
        assert_eq!(adj.neighbours(4), &[] as &[u32]);
    }

    #[test]
    fn storage_and_index_errors() {
        let facets = [[0, 1, 2]];
        let (mut o, mut n) = ([0; 4], [0; 6]);
        assert_eq!(
            Adjacency::from_facets(3, &facets, &mut o[..3], &mut n).map(|_| ()),
            Err(ShapeError::StorageTooSmall)
        );
        assert_eq!(
            Adjacency::from_facets(3, &facets, &mut o, &mut n[..5]).map(|_| ()),
            Err(ShapeError::StorageTooSmall)
        );
        assert_eq!(
            Adjacency::from_facets(2, &facets, &mut o, &mut n).map(|_| ()),
            Err(ShapeError::BadIndex)
        );
    }
}
