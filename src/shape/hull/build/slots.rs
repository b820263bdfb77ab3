//! Checked reads and writes of the index slices a hull is built in: a slot
//! out of range is an inconsistent input, never a panic.

use crate::shape::ShapeError;

/// An index meaning "none".
pub(super) const NONE: u32 = u32::MAX;

/// Entry `i` of a slice, or [`ShapeError::Inconsistent`].
#[inline(always)]
pub(super) fn get<X: Copy>(s: &[X], i: usize) -> Result<X, ShapeError> {
    s.get(i).copied().ok_or(ShapeError::Inconsistent)
}

/// Sets entry `i` of a slice, or fails with [`ShapeError::Inconsistent`].
#[inline(always)]
pub(super) fn put<X>(s: &mut [X], i: usize, x: X) -> Result<(), ShapeError> {
    *s.get_mut(i).ok_or(ShapeError::Inconsistent)? = x;
    Ok(())
}
