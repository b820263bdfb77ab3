//! Convex hulls stored as structure-of-arrays blocks, for a support scan that
//! the compiler turns into SIMD code.
//!
//! A plain max-dot scan over `[x, y, z]` points is a chain of dependent
//! compare-and-branch steps, one point at a time. Here the points are
//! transposed into blocks of [`LANES`] points, one array per coordinate, and
//! the scan keeps [`LANES`] independent running maxima, one per lane:
//!
//! ```text
//! for each block b:      d[l] = x[l]·dx + y[l]·dy + z[l]·dz        (l = 0..LANES)
//!                        better[l] = d[l] > best[l]
//!                        best[l]   = better[l] ? d[l] : best[l]
//!                        block[l]  = better[l] ? b    : block[l]
//! reduce over the lanes: the largest best[l], the smallest point index on ties
//! ```
//!
//! There is no branch inside a block, so LLVM emits packed multiplies, adds,
//! compares and blends (SSE2 is enough; wider vector units are used when the
//! target has them). The block number of each lane's maximum is kept in the
//! scalar type itself, so the blend works on lanes of the same width as the
//! compare mask; it is exact because the number of blocks is capped below
//! `2 / EPSILON` (2²⁴ blocks in `f32`).
//!
//! The last block is filled up with copies of the last point. A copy has the
//! same dot product as the point it repeats, bit for bit, and a larger index,
//! so the tie rule never lets padding win over a real point.

use nalgebra::SVector;

use crate::math::real::Real;
use crate::shape::{finite_point, mean_point, ShapeError, SupportMap};

/// Points per block of a [`Packed`].
///
/// Eight lanes fill two SSE registers per coordinate in `f32` and four in
/// `f64`: enough independent work to hide the latency of the compares.
pub const LANES: usize = 8;

/// [`Packed::LANES`] points of a [`Packed`], stored coordinate by coordinate.
///
/// Blocks are only the storage of a [`Packed`]: create them with
/// [`Default`] (all zeros) and let [`Packed::new`] fill them.
///
/// # Example
///
/// ```
/// use gjk::{hull::Block, hull::Packed, ShapeError, SupportMap, Vector};
///
/// // Ten points on a line: two blocks of eight lanes.
/// let points: Vec<Vector<f64, 2>> =
///     (0..10).map(|i| Vector::<f64, 2>::new(f64::from(i), 0.0)).collect();
/// let mut storage = [Block::<f64, 2>::default(); 2];
/// let short = Packed::new(&points, &mut storage[..1]);
/// assert_eq!(short.err(), Some(ShapeError::StorageTooSmall));
/// let hull = Packed::new(&points, &mut storage).unwrap();
/// assert_eq!(hull.support(&Vector::<f64, 2>::x()), Vector::<f64, 2>::new(9.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(32))]
pub struct Block<T: Real, const D: usize> {
    /// `coords[k][l]`: coordinate `k` of the point in lane `l`.
    coords: [[T; LANES]; D],
}

impl<T: Real, const D: usize> Default for Block<T, D> {
    fn default() -> Self {
        Self {
            coords: [[T::zero(); LANES]; D],
        }
    }
}

impl<T: Real, const D: usize> Block<T, D> {
    /// The dot products of the block's points with `dir`, lane by lane, each
    /// summed left to right over the coordinates.
    #[inline(always)]
    fn dots(&self, dir: &SVector<T, D>) -> [T; LANES] {
        // Summing from −0 changes nothing (−0 + x is x, bit for bit), and
        // the compiler drops that first addition.
        let [w] = dir.data.0;
        let mut d = [-T::zero(); LANES];
        for (row, x) in self.coords.iter().zip(w) {
            for l in 0..LANES {
                d[l] = row[l] * x + d[l];
            }
        }
        d
    }

    /// The point in `lane`.
    #[inline]
    fn point(&self, lane: usize) -> SVector<T, D> {
        SVector::from_fn(|k, _| {
            self.coords
                .get(k)
                .and_then(|row| row.get(lane))
                .copied()
                .unwrap_or_else(T::zero)
        })
    }

    /// Writes `p` into `lane`.
    fn set(&mut self, lane: usize, p: &SVector<T, D>) {
        for (row, &x) in self.coords.iter_mut().zip(p.iter()) {
            if let Some(c) = row.get_mut(lane) {
                *c = x;
            }
        }
    }
}

/// The convex hull of a point set, copied into caller-provided blocks so that
/// its support scan runs on SIMD lanes.
///
/// The same shape as [`Scanned`](super::Scanned) of the same points:
/// the support point is the first point, in input order, with the largest
/// dot product, where dot products are summed left to right over the
/// coordinates. `Scanned` uses nalgebra's dot product, which sums in that
/// order in 2, 3, 5, 6 and 7 dimensions, so there the two give the same
/// answers, bit for bit; in 4 and 8 or more dimensions nalgebra pairs the
/// terms differently, and two points whose dot products differ only by
/// rounding can swap. The scan runs on SIMD lanes: about three times faster
/// than `Scanned`'s in `f32` on hulls of hundreds of points, less in
/// `f64`, where SSE2 holds two lanes per register.
///
/// Nothing is allocated: the caller lends a slice of at least
/// [`blocks_needed(n)`](Self::blocks_needed) [`Block`]s, which the shape
/// keeps borrowed.
///
/// # Example
///
/// ```
/// use gjk::{hull::Block, hull::Packed, SupportMap, Vector};
///
/// let points: Vec<Vector<f32, 3>> = (0..100)
///     .map(|i| {
///         let t = i as f32 * 0.1;
///         Vector::<f32, 3>::new(t.cos(), t.sin(), (i % 7) as f32 - 3.0)
///     })
///     .collect();
/// const CAPACITY: usize = Packed::<f32, 3>::blocks_needed(100);
/// let mut storage = [Block::<f32, 3>::default(); CAPACITY];
/// let hull = Packed::new(&points, &mut storage).unwrap();
///
/// let dir = Vector::<f32, 3>::new(0.0, 0.0, 1.0);
/// assert_eq!(hull.support(&dir).z, 3.0);
/// assert_eq!(hull.support_index(&dir), 6); // the first point with z = 3
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Packed<'a, T: Real, const D: usize> {
    blocks: &'a [Block<T, D>],
    len: usize,
    centroid: SVector<T, D>,
}

impl<'a, T: Real, const D: usize> Packed<'a, T, D> {
    /// Points per block.
    pub const LANES: usize = LANES;

    /// How many blocks the storage of a hull of `points` points needs.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::hull::Packed;
    ///
    /// let lanes = Packed::<f32, 3>::LANES;
    /// // Whole blocks: the last one is padded.
    /// assert_eq!(Packed::<f32, 3>::blocks_needed(lanes), 1);
    /// assert_eq!(Packed::<f32, 3>::blocks_needed(lanes + 1), 2);
    /// assert_eq!(Packed::<f32, 3>::blocks_needed(0), 0);
    /// ```
    #[must_use]
    pub const fn blocks_needed(points: usize) -> usize {
        points.div_ceil(LANES)
    }

    /// Copies `points` into `storage` and returns their hull.
    ///
    /// Fails with [`ShapeError::Empty`] for no points,
    /// [`ShapeError::NonFinite`] when a coordinate is NaN or infinite,
    /// [`ShapeError::StorageTooSmall`] when `storage` holds fewer than
    /// [`blocks_needed`](Self::blocks_needed)`(points.len())` blocks, and
    /// [`ShapeError::TooLarge`] beyond 2²⁷ points in `f32` (2⁵⁶ in `f64`).
    /// Blocks past the needed ones are left untouched.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Block, hull::Packed, ShapeError, SupportMap, Vector};
    ///
    /// // A square's corners.
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let corners = [v(-1.0, -1.0), v(1.0, -1.0), v(1.0, 1.0), v(-1.0, 1.0)];
    /// let mut storage = [Block::<f64, 2>::default(); Packed::<f64, 2>::blocks_needed(4)];
    /// let square = Packed::new(&corners, &mut storage).unwrap();
    /// assert_eq!(square.support(&v(3.0, -0.5)), v(1.0, -1.0));
    /// let mut none: [Block<f64, 2>; 0] = [];
    /// assert_eq!(Packed::new(&corners, &mut none).err(), Some(ShapeError::StorageTooSmall));
    /// ```
    pub fn new(
        points: &[SVector<T, D>],
        storage: &'a mut [Block<T, D>],
    ) -> Result<Self, ShapeError> {
        points.iter().try_for_each(finite_point)?;
        let centroid = mean_point(points).ok_or(ShapeError::Empty)?;
        let needed = Self::blocks_needed(points.len());
        // Block numbers are counted in `T`: exact up to 2 / EPSILON.
        let exact = T::from_usize(needed).is_some_and(|b| b * T::EPSILON <= T::lit(2.0));
        if !exact {
            return Err(ShapeError::TooLarge);
        }
        let blocks = storage
            .get_mut(..needed)
            .ok_or(ShapeError::StorageTooSmall)?;
        let last = points.last().ok_or(ShapeError::Empty)?;
        for (i, block) in blocks.iter_mut().enumerate() {
            for lane in 0..LANES {
                let p = points.get(i * LANES + lane).unwrap_or(last);
                block.set(lane, p);
            }
        }
        Ok(Self {
            blocks,
            len: points.len(),
            centroid,
        })
    }

    /// The number of points (padding not counted).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Block, hull::Packed, Vector};
    ///
    /// let points = [Vector::<f32, 3>::x(), Vector::<f32, 3>::y(), Vector::<f32, 3>::z()];
    /// let mut storage = [Block::<f32, 3>::default(); 4];
    /// let hull = Packed::new(&points, &mut storage).unwrap();
    /// assert_eq!(hull.len(), 3); // not the padded lanes
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always `false`: a hull has at least one point.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Block, hull::Packed, ShapeError, Vector};
    ///
    /// let mut storage = [Block::<f32, 2>::default(); 1];
    /// let one = Packed::new(&[Vector::<f32, 2>::zeros()], &mut storage).unwrap();
    /// assert!(!one.is_empty());
    /// // An empty hull cannot be built in the first place.
    /// let empty: [Vector<f32, 2>; 0] = [];
    /// assert_eq!(Packed::new(&empty, &mut storage).err(), Some(ShapeError::Empty));
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The point at `index` in the order the points were given.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Block, hull::Packed, Vector};
    ///
    /// let points: Vec<Vector<f64, 2>> =
    ///     (0..10).map(|i| Vector::<f64, 2>::new(f64::from(i), 0.0)).collect();
    /// let mut storage = [Block::<f64, 2>::default(); Packed::<f64, 2>::blocks_needed(10)];
    /// let hull = Packed::new(&points, &mut storage).unwrap();
    /// assert_eq!(hull.point(7), Some(Vector::<f64, 2>::new(7.0, 0.0)));
    /// assert_eq!(hull.point(10), None); // past the end, padding included
    /// ```
    #[must_use]
    pub fn point(&self, index: usize) -> Option<SVector<T, D>> {
        if index >= self.len {
            return None;
        }
        let block = self.blocks.get(index / LANES)?;
        Some(block.point(index % LANES))
    }

    /// The index of the support point along `dir`: the first point, in input
    /// order, with the largest dot product.
    ///
    /// When `dir` has a NaN coordinate no comparison succeeds and the answer
    /// is 0.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Block, hull::Packed, Vector};
    ///
    /// // Two copies of the top point: the first one given wins.
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let points = [v(0.0, 0.0), v(2.0, 1.0), v(0.0, 3.0), v(-1.0, 1.0), v(0.0, 3.0)];
    /// let mut storage = [Block::<f64, 2>::default(); Packed::<f64, 2>::blocks_needed(5)];
    /// let hull = Packed::new(&points, &mut storage).unwrap();
    /// assert_eq!(hull.support_index(&Vector::<f64, 2>::y()), 2);
    /// assert_eq!(hull.support_index(&Vector::<f64, 2>::x()), 1);
    /// assert_eq!(hull.support_index(&-Vector::<f64, 2>::x()), 3);
    /// ```
    #[inline]
    #[must_use]
    pub fn support_index(&self, dir: &SVector<T, D>) -> usize {
        let (best, best_block) = lane_maxima(self.blocks, dir);
        // Lane by lane, the earliest block holding the lane's maximum; across
        // lanes, the largest value and then the smallest point index.
        let index = |l: usize| -> usize {
            // A whole number below the block count, exactly (see `new`).
            let b = best_block[l].to_subset().unwrap_or(0.0) as usize;
            b.saturating_mul(LANES).saturating_add(l)
        };
        let mut lane = 0;
        for l in 1..LANES {
            if best[l] > best[lane] || (best[l] == best[lane] && index(l) < index(lane)) {
                lane = l;
            }
        }
        index(lane).min(self.len.saturating_sub(1))
    }
}

/// The largest dot product in each lane and the number of the first block
/// where the lane reaches it.
#[inline(never)]
fn lane_maxima<T: Real, const D: usize>(
    blocks: &[Block<T, D>],
    dir: &SVector<T, D>,
) -> ([T; LANES], [T; LANES]) {
    // Every finite or infinite dot product beats −∞, so the first block
    // fills every lane; NaN never wins and leaves lane 0's first point.
    let mut best = [T::lit(f64::NEG_INFINITY); LANES];
    let mut best_block = [T::zero(); LANES];
    let mut block = T::zero();
    for b in blocks {
        let d = b.dots(dir);
        for l in 0..LANES {
            let better = d[l] > best[l];
            best[l] = if better { d[l] } else { best[l] };
            best_block[l] = if better { block } else { best_block[l] };
        }
        block += T::one();
    }
    (best, best_block)
}

impl<T: Real, const D: usize> SupportMap<T, D> for Packed<'_, T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        self.point(self.support_index(dir)).unwrap_or(self.centroid)
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.centroid
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_never_wins_and_ties_go_to_the_first_point() {
        let points: [SVector<f64, 2>; 3] = [
            SVector::from([1.0, 0.0]),
            SVector::from([0.0, 1.0]),
            SVector::from([1.0, 0.0]),
        ];
        let mut storage = [Block::default(); 1];
        let hull = Packed::new(&points, &mut storage).unwrap();
        // Point 2 ties with point 0 and fills lanes 3 to 7 as padding.
        assert_eq!(hull.support_index(&SVector::from([1.0, 0.0])), 0);
        assert_eq!(hull.support_index(&SVector::from([1.0, -1.0])), 0);
        assert_eq!(hull.support_index(&SVector::from([0.0, 1.0])), 1);
        assert_eq!(hull.point(2), Some(points[2]));
        assert_eq!(hull.point(3), None);
    }
}
