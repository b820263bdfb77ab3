//! The planar hull: Andrew's monotone chain ("Another efficient algorithm
//! for convex hulls in two dimensions", Information Processing Letters 9,
//! 1979).
//!
//! The point indices are sorted by `x`, then `y`. The lower chain is built
//! left to right, the upper chain right to left: each new point pops the
//! chain's last point while the last two and the new one fail to turn
//! strictly left (counter-clockwise). With exact orientations a collinear
//! or repeated point always fails, so the chain keeps exactly the extreme
//! points, counter-clockwise, starting from the lexicographically smallest.
//! `O(n log n)` for the sort (a heapsort), `O(n)` for the chains.

use nalgebra::SVector;

use super::heapsort;
use super::scaled::Scaled;
use super::slots::{get, put};
use crate::math::real::Real;
use crate::shape::ShapeError;

/// Work entries the planar builder needs for `n` points: the sorted
/// indices, then room for both chains.
pub(super) const fn work_needed(n: usize) -> usize {
    n.saturating_mul(3).saturating_add(1)
}

/// Builds the hull of `points` into `vertices` (counter-clockwise) and
/// `facets` (the edges between consecutive vertices); returns the number of
/// vertices (also the number of edges).
pub(super) fn build<T: Real>(
    points: &[SVector<T, 2>],
    vertices: &mut [u32],
    facets: &mut [[u32; 2]],
    work: &mut [u32],
) -> Result<usize, ShapeError> {
    let pts = Scaled::new(points)?;
    let n = pts.len();
    let (order, chain) = work
        .get_mut(..work_needed(n))
        .ok_or(ShapeError::StorageTooSmall)?
        .split_at_mut_checked(n)
        .ok_or(ShapeError::StorageTooSmall)?;
    for (i, o) in order.iter_mut().enumerate() {
        *o = u32::try_from(i).map_err(|_| ShapeError::TooLarge)?;
    }
    heapsort::sort_by(order, |a, b| pts.lexicographic(a, b));

    // Lower chain, left to right.
    let mut k = 0_usize;
    for &p in order.iter() {
        k = pop_right_turns(&pts, chain, k, 2, p)?;
        put(chain, k, p)?;
        k += 1;
    }
    // Upper chain, right to left, never popping into the lower chain.
    let lower = k.saturating_add(1);
    for &p in order.iter().rev().skip(1) {
        k = pop_right_turns(&pts, chain, k, lower, p)?;
        put(chain, k, p)?;
        k += 1;
    }
    // The first point closes the chain and is not repeated.
    let m = k.saturating_sub(1);
    if m < 3 {
        return Err(ShapeError::Degenerate);
    }
    let vertices = vertices.get_mut(..m).ok_or(ShapeError::StorageTooSmall)?;
    let facets = facets.get_mut(..m).ok_or(ShapeError::StorageTooSmall)?;
    for i in 0..m {
        let a = get(chain, i)?;
        let b = get(chain, if i + 1 == m { 0 } else { i + 1 })?;
        put(vertices, i, a)?;
        put(facets, i, [a, b])?;
    }
    Ok(m)
}

/// The chain's new length once every point that does not turn strictly
/// left towards `p` is popped, keeping at least `floor − 1` points.
fn pop_right_turns<T: Real>(
    pts: &Scaled<'_, T, 2>,
    chain: &[u32],
    mut k: usize,
    floor: usize,
    p: u32,
) -> Result<usize, ShapeError> {
    // Each step pops one point: at most `k` steps.
    while k >= floor.max(2) {
        let a = get(chain, k - 2)?;
        let b = get(chain, k - 1)?;
        if pts.orient(a, b, p)? > 0 {
            break;
        }
        k -= 1;
    }
    Ok(k)
}
