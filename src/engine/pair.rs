//! Two shapes queried together, in the frame the kernel computes in.
//!
//! # Why a frame of its own
//!
//! GJK and EPA square lengths: `‖v‖²`, `v · w`, the norms in Johnson's
//! factorisation and in the polytope's normals. In `f64` a squared length
//! overflows once coordinates pass `√MAX ≈ 1.3e154` and falls into subnormals
//! (losing digits, then everything) below `√MIN_POSITIVE ≈ 1.5e-154`; in
//! `f32` the limits are about `1.8e19` and `1.1e-19`. A kernel whose
//! tolerances are all relative should not care where on that range the
//! shapes sit, and a query on shapes a millionth or a billion times the
//! size of the first should give the same answer scaled.
//!
//! So every query runs on support points multiplied by one power of two `σ`,
//! chosen from the first support point so that its coordinates are of order
//! one. Multiplying by a power of two is exact (short of underflow), so the
//! scaled problem is the original one to the last bit; a query at scale
//! `2ᵏ s` computes with exactly the numbers of the query at scale `s`, and
//! its answer is exactly `2ᵏ` times the other. Directions are unaffected:
//! support maps are positively homogeneous in the direction. Answers are
//! mapped back by dividing by `σ` ([`Pair::unscale`]).
//!
//! The scale is read off the first support point and the shapes' centres.
//! A shape whose later support points exceed those by more than about
//! `2^250` in `f64` (`2^30` in `f32`), and whose squared lengths therefore
//! leave the range in the kernel's frame, can overflow inside the kernel
//! (shapes spanning more than the exponent range, from `1e-300` to
//! `1e300`, always do); that is reported as [`Error::Overflow`], never
//! answered.

use nalgebra::SVector;

use crate::engine::config::Error;
use crate::math::real::{all_finite, max_abs, Real};
use crate::shape::SupportMap;
use crate::simplex::SupportPoint;

/// Shapes `A` and `B` with the power-of-two scale `σ` their support points
/// are multiplied by.
pub(crate) struct Pair<'s, A: ?Sized, B: ?Sized, T> {
    pub a: &'s A,
    pub b: &'s B,
    scale: T,
    /// The shapes' coordinates are beyond `√MAX`-ish (`σ² <
    /// MIN_POSITIVE`): their dot products with a direction of order one
    /// could overflow, so directions are first brought below one.
    huge: bool,
}

impl<'s, T: Real, A: ?Sized, B: ?Sized> Pair<'s, A, B, T> {
    /// The pair at scale `σ = scale` (a power of two from another pair, so
    /// that both compute in one frame).
    #[must_use]
    pub fn with_scale(a: &'s A, b: &'s B, scale: T) -> Self {
        let huge = scale * scale < T::MIN_POSITIVE;
        Self { a, b, scale, huge }
    }

    /// Whether directions are brought below one before the support maps
    /// see them (coordinates beyond `√MAX`-ish).
    #[inline]
    #[must_use]
    pub fn is_huge(&self) -> bool {
        self.huge
    }

    /// The scale `σ`: kernel coordinates are `σ ×` the shapes' own.
    #[inline]
    #[must_use]
    pub fn scale(&self) -> T {
        self.scale
    }

    /// The error for a support point `w` of the kernel's frame that is not
    /// finite: NaN came from the shapes ([`Error::NonFinite`]); an
    /// infinity is theirs too, unless the frame magnified them (a shape
    /// whose first support point and centre are tiny beside its extent),
    /// which is [`Error::Overflow`].
    #[cold]
    #[must_use]
    pub fn non_finite<const D: usize>(&self, w: &SVector<T, D>) -> Error {
        if self.scale > T::one() && !w.iter().any(|x| !x.is_finite() && !(x.abs() > T::zero())) {
            Error::Overflow
        } else {
            Error::NonFinite
        }
    }

    /// A point of the kernel's frame, in the shapes' frame.
    #[inline]
    #[must_use]
    pub fn unscale_point<const D: usize>(&self, p: &SVector<T, D>) -> SVector<T, D> {
        p / self.scale
    }
}

impl<'s, T: Real, A: ?Sized, B: ?Sized> Pair<'s, A, B, T> {
    /// The pair with its scale set by the support point along `dir` and by
    /// the shapes' centres `ca`, `cb` (a support point alone may be a tiny
    /// feature of a huge shape), and that support point in the kernel's
    /// frame.
    ///
    /// Every pair is scaled, shapes of ordinary size too: the frame's
    /// numbers are then the same at every power-of-two scale of the input,
    /// and so is every choice the kernel makes on them (between the closed
    /// form and the QR search of Johnson's sub-algorithm, among others),
    /// not only its arithmetic.
    ///
    /// # Errors
    ///
    /// [`Error::NonFinite`] when the support point is not finite.
    pub fn along<const D: usize>(
        a: &'s A,
        b: &'s B,
        dir: &SVector<T, D>,
        ca: &SVector<T, D>,
        cb: &SVector<T, D>,
    ) -> Result<(Self, SupportPoint<T, D>), Error>
    where
        A: SupportMap<T, D>,
        B: SupportMap<T, D>,
    {
        let (pa, pb) = (a.core_support(dir), b.core_support(&-dir));
        if !all_finite(&pa) || !all_finite(&pb) {
            return Err(Error::NonFinite);
        }
        let scale = frame_scale(&[pa, pb, *ca, *cb], T::zero());
        let pair = Self::with_scale(a, b, scale);
        Ok((pair, SupportPoint::new(pa * scale, pb * scale)))
    }

    /// The support point of `A − B` along `dir`, in the kernel's frame.
    #[inline(always)]
    #[must_use]
    pub fn support<const D: usize>(&self, dir: &SVector<T, D>) -> SupportPoint<T, D>
    where
        A: SupportMap<T, D>,
        B: SupportMap<T, D>,
    {
        let d = if self.huge {
            small_direction(dir)
        } else {
            *dir
        };
        SupportPoint::new(
            self.a.core_support(&d) * self.scale,
            self.b.core_support(&-d) * self.scale,
        )
    }
}

/// What the GJK loop asks of a shape: its core's support point and its
/// margin. A trait object of it has these two methods, so erasing a
/// shape's type (as a size-first build does, [`Core`]) links no more of the
/// shape than that.
#[cfg(feature = "small")]
pub(crate) trait CoreSupport<T: Real, const D: usize> {
    /// [`SupportMap::core_support`].
    fn core_support_of(&self, dir: &SVector<T, D>) -> SVector<T, D>;
    /// [`SupportMap::margin`].
    fn margin_of(&self) -> T;
}

#[cfg(feature = "small")]
impl<T: Real, const D: usize, S: SupportMap<T, D>> CoreSupport<T, D> for S {
    #[inline(always)]
    fn core_support_of(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        self.core_support(dir)
    }
    #[inline(always)]
    fn margin_of(&self) -> T {
        self.margin()
    }
}

/// A shape's core of any type, behind a trait object: one type for every
/// shape, so that one copy of the loop serves every pair of shape types.
/// Only the core support and the margin are forwarded: the loop asks for
/// nothing else (its witnesses weigh the margins), and the other methods
/// answer as for a shape without them.
#[cfg(feature = "small")]
pub(crate) struct Core<'s, T, const D: usize>(&'s dyn CoreSupport<T, D>);

#[cfg(feature = "small")]
impl<T: Real, const D: usize> SupportMap<T, D> for Core<'_, T, D> {
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        self.0.core_support_of(dir)
    }
    fn margin(&self) -> T {
        self.0.margin_of()
    }
}

#[cfg(feature = "small")]
impl<'s, T: Real, A: ?Sized, B: ?Sized> Pair<'s, A, B, T> {
    /// The pair's shapes as [`Core`]s (each shape's reference is the
    /// object: a reference to a shape is a shape); [`Pair::with_scale`] at
    /// this pair's scale makes them the same pair, of one type.
    #[must_use]
    pub fn cores<const D: usize>(&self) -> (Core<'_, T, D>, Core<'_, T, D>)
    where
        A: SupportMap<T, D>,
        B: SupportMap<T, D>,
    {
        (Core(&self.a), Core(&self.b))
    }
}

/// The power of two that brings the largest coordinate of `points` (the
/// finite ones), or `at_least` if larger (a margin), to order one.
#[inline]
pub(crate) fn frame_scale<T: Real, const D: usize>(points: &[SVector<T, D>], at_least: T) -> T {
    let size = points
        .iter()
        .filter(|p| all_finite(p))
        .fold(at_least, |m, p| m.max(max_abs(p)));
    T::unit_scale(size)
}

/// `dir` scaled by a power of two (exact, the direction unchanged) to
/// coordinates below `1/8`, so that its dot product with any finite point
/// of up to eight coordinates stays finite.
#[inline]
pub(crate) fn small_direction<T: Real, const D: usize>(dir: &SVector<T, D>) -> SVector<T, D> {
    dir * (T::unit_scale(max_abs(dir)) * T::lit(0.0625))
}
