//! What every query does first, and only once: its margins and settings
//! checked, and the closed-form answer of a point core where one applies.

use super::answer::margins;
use super::config::{Config, Error};
use super::point_core::point_core;
use super::CoreAnswer;
use crate::math::real::Real;
use crate::shape::SupportMap;

/// A query's checked start.
pub(crate) struct Start<T: Real, const D: usize> {
    /// The margins of A and B, finite and non-negative, with a finite sum.
    pub ra: T,
    pub rb: T,
    /// The answer on the cores when one of them is a point and the other
    /// projects points ([`point_core`]): no loop needed.
    pub core: Option<CoreAnswer<T, D>>,
}

/// The start of every query on `a` and `b`: the margins checked (else
/// [`Error::NonFinite`] or [`Error::Overflow`]), then the settings (else
/// [`Error::InvalidConfig`]), then the point-core closed form looked for.
/// (Built size first, too: it costs flash only where a shape has a point
/// core, and answers those pairs exactly where GJK would answer within its
/// tolerance.)
/// The loop and its entry trust both checks and do not repeat them.
#[inline(always)]
pub(crate) fn start<T, A, B, const D: usize>(
    a: &A,
    b: &B,
    config: &Config<T, D>,
) -> Result<Start<T, D>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let (ra, rb) = checked(a, b, config)?;
    Ok(Start {
        ra,
        rb,
        core: point_core(a, b),
    })
}

/// The checks of [`start`] alone, for a query that has no use for the
/// point-core closed form (a manifold, which asks the contact for it): the
/// margins, then the settings.
#[inline(always)]
pub(crate) fn checked<T, A, B, const D: usize>(
    a: &A,
    b: &B,
    config: &Config<T, D>,
) -> Result<(T, T), Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let margins = margins(a, b)?;
    config.check()?;
    Ok(margins)
}
