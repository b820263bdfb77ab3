//! What each side of a compound query provides: its convex pieces, placed
//! in the query's frame, and a box for each.

use nalgebra::SVector;

use crate::bounds::Aabb;
use crate::engine::config::Error;
use crate::math::real::Real;
use crate::query::manifold::Faces;
use crate::shape::{Placement, Transformed};

use super::boxes::{box_gap, placed_box};
use super::part::{Compound, Part};

/// One side of a compound query: convex pieces in the query's frame, each
/// with a box that holds it there.
///
/// Implemented by a placed [`Compound`](super::Compound) ([`Placed`]) and
/// by a single convex shape ([`Single`]), so a compound meets a shape or
/// another compound through the same queries.
///
/// # Example
///
/// ```
/// use gjk::compound::{Pieces, Single};
/// use gjk::{Ball, Vector};
///
/// let ball = Ball::new(Vector::<f64, 2>::new(1.0, 0.0), 0.5).unwrap();
/// let one = Single::new(&ball).unwrap();
/// assert_eq!(one.count(), 1);
/// assert!((one.bounds(0).unwrap().max.x - 1.5).abs() < 1e-12);
/// assert!(one.piece(1).is_none());
/// ```
pub trait Pieces<T: Real, const D: usize> {
    /// A piece, placed in the query's frame.
    type Piece<'p>: Faces<T, D>
    where
        Self: 'p;

    /// The number of pieces.
    fn count(&self) -> usize;

    /// Piece `i` (`None` past the last).
    fn piece(&self, i: usize) -> Option<Self::Piece<'_>>;

    /// A box holding piece `i` in the query's frame (`None` past the last).
    fn bounds(&self, i: usize) -> Option<Aabb<T, D>>;
}

/// A [`Compound`](super::Compound) placed by a body's pose: its parts
/// moved into the query's frame as they are asked for.
///
/// # Example
///
/// ```
/// use gjk::compound::{Compound, Part, Pieces};
/// use gjk::nalgebra::Isometry2;
/// use gjk::{Cuboid, SupportMap, Transformed, Vector};
///
/// let square = Cuboid::new(Vector::<f64, 2>::new(0.5, 0.5)).unwrap();
/// let right = Transformed::translated(square, Vector::<f64, 2>::new(1.0, 0.0)).unwrap();
/// let parts = [Part::new(right).unwrap()];
/// let body = Compound::new(parts).unwrap();
/// let placed = body.placed(&Isometry2::new(Vector::<f64, 2>::new(0.0, 5.0), core::f64::consts::FRAC_PI_2));
/// // The part at x = 1 of the body, turned a quarter, sits at (0, 6).
/// let c = placed.piece(0).unwrap().center();
/// assert!((c - Vector::<f64, 2>::new(0.0, 6.0)).norm() < 1e-12);
/// assert!(placed.bounds(0).unwrap().contains_point(&Vector::<f64, 2>::new(0.4, 6.4)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed<'c, S, T: Real, const D: usize> {
    parts: &'c [Part<S, T, D>],
    axes: [SVector<T, D>; D],
    translation: SVector<T, D>,
}

impl<P, S, T, const D: usize> Compound<P, S, T, D>
where
    P: AsRef<[Part<S, T, D>]>,
    T: Real,
{
    /// The compound placed by a body's `pose` (an `Isometry2`/`Isometry3`
    /// or any [`Placement`]), for the queries.
    #[must_use]
    pub fn placed(&self, pose: &impl Placement<T, D>) -> Placed<'_, S, T, D> {
        Placed::new(self.parts(), pose.axes(), pose.translation())
    }
}

impl<'c, S, T: Real, const D: usize> Placed<'c, S, T, D> {
    /// `parts` turned by the rotation whose columns are `axes`, then moved
    /// by `translation`.
    fn new(
        parts: &'c [Part<S, T, D>],
        axes: [SVector<T, D>; D],
        translation: SVector<T, D>,
    ) -> Self {
        Self {
            parts,
            axes,
            translation,
        }
    }

    /// The rotation applied to `v`.
    fn rotate(&self, v: &SVector<T, D>) -> SVector<T, D> {
        let mut out = SVector::zeros();
        for (axis, &x) in self.axes.iter().zip(v.iter()) {
            out += axis * x;
        }
        out
    }
}

impl<S: Faces<T, D>, T: Real, const D: usize> Pieces<T, D> for Placed<'_, S, T, D> {
    type Piece<'p>
        = Transformed<&'p S, T, D>
    where
        Self: 'p;

    fn count(&self) -> usize {
        self.parts.len()
    }

    fn piece(&self, i: usize) -> Option<Self::Piece<'_>> {
        let part = self.parts.get(i)?.shape();
        let mut axes = [SVector::zeros(); D];
        for (out, axis) in axes.iter_mut().zip(part.axes()) {
            *out = self.rotate(&axis);
        }
        let translation = self.rotate(&part.translation()) + self.translation;
        Some(Transformed::placed(part.shape(), axes, translation))
    }

    fn bounds(&self, i: usize) -> Option<Aabb<T, D>> {
        let part = self.parts.get(i)?;
        Some(placed_box(part.bounds(), &self.axes, &self.translation))
    }
}

/// One convex shape, already in the query's frame, as the one piece of a
/// side of a compound query.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Single<'s, S: ?Sized, T: Real, const D: usize> {
    shape: &'s S,
    bounds: Aabb<T, D>,
}

impl<'s, S: Faces<T, D> + ?Sized, T: Real, const D: usize> Single<'s, S, T, D> {
    /// The shape with its box.
    ///
    /// # Errors
    ///
    /// As [`Aabb::of`]: [`Error::NonFinite`] or [`Error::Overflow`].
    pub fn new(shape: &'s S) -> Result<Self, Error> {
        Ok(Self {
            shape,
            bounds: Aabb::of(shape)?,
        })
    }
}

impl<S: Faces<T, D> + ?Sized, T: Real, const D: usize> Pieces<T, D> for Single<'_, S, T, D> {
    type Piece<'p>
        = &'p S
    where
        Self: 'p;

    fn count(&self) -> usize {
        1
    }

    fn piece(&self, i: usize) -> Option<Self::Piece<'_>> {
        (i == 0).then_some(self.shape)
    }

    fn bounds(&self, i: usize) -> Option<Aabb<T, D>> {
        (i == 0).then_some(self.bounds)
    }
}

/// Every pair of pieces of `a` and `b`, in order, with the gap between
/// their boxes (a lower bound on their distance; zero where a box is
/// missing, so such a pair is never skipped). Each of `a`'s boxes is
/// placed once, not once per pair.
pub(super) fn pairs_with_gaps<'p, T: Real, const D: usize>(
    a: &'p impl Pieces<T, D>,
    b: &'p impl Pieces<T, D>,
) -> impl Iterator<Item = (usize, usize, T)> + 'p {
    (0..a.count()).flat_map(move |i| {
        let box_a = a.bounds(i);
        (0..b.count()).map(move |j| {
            let gap = match (&box_a, b.bounds(j)) {
                (Some(x), Some(y)) => box_gap(x, &y),
                _ => T::zero(),
            };
            (i, j, gap)
        })
    })
}
