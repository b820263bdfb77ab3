//! The order of a welded build: hull vertices marked to be added first or
//! last (see [`super::weld`]).

/// Mark of a hull vertex kept first in a welded build.
pub(super) const FIRST: u32 = 1;

/// Mark of a hull vertex added last in a welded build.
pub(super) const LAST: u32 = 2;

/// The points a build adds after all others: those marked [`LAST`] in the
/// slice, if any.
#[derive(Clone, Copy)]
pub(super) struct Defer<'d>(pub(super) Option<&'d [u32]>);

impl Defer<'_> {
    /// 0 for a deferred point, 1 for the others.
    pub(super) fn rank(self, p: u32) -> u8 {
        match self.0 {
            Some(marks) if marks.get(p as usize) == Some(&LAST) => 0,
            _ => 1,
        }
    }
}
