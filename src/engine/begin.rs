//! How a query starts: the pair in the kernel's frame, the first search
//! direction and support point, the early exits it asks of the loop, and
//! the scenes refused before any step (below the normal range).

use nalgebra::SVector;

use crate::engine::config::{Config, Error};
use crate::engine::pair::{small_direction, Pair};
use crate::math::real::{all_finite, axis, max_abs, Length, Real};
use crate::shape::SupportMap;
use crate::simplex::Simplex;

/// Early exits of the loop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Exits<T> {
    /// Stop once the core distance is proven larger than this.
    pub beyond: Option<T>,
    /// Stop once the core distance is proven at most this.
    pub within: Option<T>,
}

impl<T: Real> Exits<T> {
    /// Run to convergence.
    pub const NONE: Self = Self {
        beyond: None,
        within: None,
    };

    /// Stop as soon as contact within `margin` is decided either way.
    #[must_use]
    pub fn contact(margin: T) -> Self {
        Self {
            beyond: Some(margin),
            within: (margin > T::zero()).then_some(margin),
        }
    }

    /// Stop once the core distance is proven beyond `cutoff`.
    #[must_use]
    pub fn beyond(cutoff: T) -> Self {
        Self {
            beyond: Some(cutoff),
            within: None,
        }
    }
}

/// The first search direction: the configured one, else from A's centre
/// `ca` towards B's `cb`, else the first axis.
pub(crate) fn first_direction<T: Real, const D: usize>(
    ca: &SVector<T, D>,
    cb: &SVector<T, D>,
    config: &Config<T, D>,
) -> SVector<T, D> {
    let d = config.first_direction.unwrap_or_else(|| cb - ca);
    let (d2, c2) = (
        d.length_squared(),
        ca.length_squared() + cb.length_squared(),
    );
    if d2 > T::SAFE_SQUARE.recip() && d2 < T::SAFE_SQUARE && c2 < T::SAFE_SQUARE {
        d
    } else if all_finite(&d) && d != SVector::<T, D>::zeros() {
        // Brought to order one by a power of two (exact, the direction
        // unchanged), so that the shapes' dot products with it neither
        // overflow nor underflow whatever the shapes' scale.
        small_direction(&d)
    } else {
        axis(0)
    }
}

/// A cold start: the pair in the kernel's frame (its scale set by the first
/// support point), with `simplex` made to hold that point.
///
/// # Errors
///
/// [`Error::InvalidConfig`] for a bad configuration,
/// [`Error::NonFinite`] for a non-finite first support point.
pub(crate) fn begin<'s, T, A, B, const D: usize>(
    a: &'s A,
    b: &'s B,
    config: &Config<T, D>,
    simplex: &mut Simplex<T, D>,
) -> Result<Pair<'s, A, B, T>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    begin_along(a, b, config, None, simplex).map(|(pair, _)| pair)
}

/// Whether a scene whose points include `points` (in the shapes' frame)
/// and whose larger margin is `margin` lies wholly below the normal range:
/// its largest magnitude is neither zero (exact) nor normal.
pub(crate) fn below_normal<T: Real, const D: usize>(points: &[SVector<T, D>], margin: T) -> bool {
    let size = points.iter().fold(margin, |s, p| s.max(max_abs(p)));
    size > T::zero() && size < T::MIN_POSITIVE
}

/// Whether two shapes lie wholly below the normal range, by their
/// support points along the axes (both ways): those are their largest
/// coordinates, exactly (the support along an axis compares coordinates,
/// with no product to underflow), where the first support point along a
/// direction of subnormal size may have come from products that all
/// underflowed to zero, and be any point of the shape. Asked only when
/// that first point and the centres are below normal.
fn shapes_below_normal<T, A, B, const D: usize>(a: &A, b: &B, margin: T) -> bool
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let mut size = margin;
    for i in 0..D {
        let e = axis::<T, D>(i);
        for d in [e, -e] {
            size = size
                .max(max_abs(&a.core_support(&d)))
                .max(max_abs(&b.core_support(&d)));
        }
    }
    size > T::zero() && size < T::MIN_POSITIVE
}

/// The pair of a query and the direction its first support point was
/// taken along.
pub(crate) type Begun<'s, A, B, T, const D: usize> = (Pair<'s, A, B, T>, SVector<T, D>);

/// [`begin`] along `dir` when it is given (a warm start's first cached
/// direction), else along the first search direction; also returns the
/// direction taken.
pub(crate) fn begin_along<'s, T, A, B, const D: usize>(
    a: &'s A,
    b: &'s B,
    config: &Config<T, D>,
    dir: Option<SVector<T, D>>,
    simplex: &mut Simplex<T, D>,
) -> Result<Begun<'s, A, B, T, D>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let (ca, cb) = (a.center(), b.center());
    let dir = dir.unwrap_or_else(|| first_direction(&ca, &cb, config));
    let (pair, first) = Pair::along(a, b, &dir, &ca, &cb)?;
    let unscale = pair.scale().recip();
    let seen = [first.a * unscale, first.b * unscale, ca, cb];
    let margin = a.margin().max(b.margin());
    if below_normal(&seen, margin) && shapes_below_normal(a, b, margin) {
        return Err(Error::Subnormal);
    }
    simplex.restart(first);
    Ok((pair, dir))
}

/// A query up to its GJK loop: answered before it (a closed form, a
/// shortcut), or the pair's loop to run, with its exits and what the query
/// needs afterwards (`C`).
pub(crate) enum Opened<'s, A: ?Sized, B: ?Sized, T, O, C> {
    /// The answer, without a loop.
    Answered(O),
    /// The pair in the kernel's frame, its first simplex written by
    /// [`begin`], the loop's exits and the query's context.
    Looping(Pair<'s, A, B, T>, Exits<T>, C),
}

/// What opening a query gives: [`Opened`], or the error that ends it.
pub(crate) type Opening<'s, A, B, T, O, C> = Result<Opened<'s, A, B, T, O, C>, Error>;
