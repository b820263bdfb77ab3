//! Counts of how the dispatcher's queries were answered.

use std::sync::atomic::{AtomicU64, Ordering};

/// Counters shared by every query of one dispatcher.
#[derive(Default)]
pub(crate) struct Counters {
    answered: AtomicU64,
    passed_on: AtomicU64,
    fell_back: AtomicU64,
}

/// A snapshot of a dispatcher's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Queries answered by gjk.
    pub answered: u64,
    /// Queries on pairs gjk does not take (composites, meshes, height
    /// fields, half-spaces, custom shapes), passed to parry.
    pub passed_on: u64,
    /// Queries gjk took but left to parry: an error value or a status
    /// other than converged or stalled on rounding, a shape gjk's
    /// constructors reject, or a cast that starts in contact or passes
    /// through contacts (parry's own conventions).
    pub fell_back: u64,
}

impl Counters {
    pub(crate) fn answered(&self) {
        self.answered.fetch_add(1, Ordering::Relaxed);
    }
    pub(crate) fn passed_on(&self) {
        self.passed_on.fetch_add(1, Ordering::Relaxed);
    }
    pub(crate) fn fell_back(&self) {
        self.fell_back.fetch_add(1, Ordering::Relaxed);
    }
    pub(crate) fn snapshot(&self) -> Stats {
        Stats {
            answered: self.answered.load(Ordering::Relaxed),
            passed_on: self.passed_on.load(Ordering::Relaxed),
            fell_back: self.fell_back.load(Ordering::Relaxed),
        }
    }
}
