//! A compound's parts and the compound itself.

use core::marker::PhantomData;

use crate::bounds::Aabb;
use crate::engine::config::Error;
use crate::mass::{MassProperties, Solid};
use crate::math::real::Real;
use crate::shape::{SupportMap, Transformed};

/// One convex part of a [`Compound`]: a shape placed in the compound's
/// frame, and the box that holds it there.
///
/// # Example
///
/// ```
/// use gjk::compound::Part;
/// use gjk::{Cuboid, Transformed, Vector};
///
/// let plate = Cuboid::new(Vector::<f64, 3>::new(2.0, 0.1, 1.0)).unwrap();
/// let part = Part::new(Transformed::translated(plate, Vector::<f64, 3>::new(0.0, 1.0, 0.0)).unwrap()).unwrap();
/// assert!((part.bounds().max.y - 1.1).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Part<S, T: Real, const D: usize> {
    shape: Transformed<S, T, D>,
    bounds: Aabb<T, D>,
}

impl<S: SupportMap<T, D>, T: Real, const D: usize> Part<S, T, D> {
    /// The part `shape`, placed in the compound's frame, with its box.
    ///
    /// # Errors
    ///
    /// As [`Aabb::of`]: [`Error::NonFinite`] or [`Error::Overflow`].
    pub fn new(shape: Transformed<S, T, D>) -> Result<Self, Error> {
        let bounds = Aabb::of(&shape)?;
        Ok(Self { shape, bounds })
    }
}

impl<S, T: Real, const D: usize> Part<S, T, D> {
    /// The shape, placed in the compound's frame.
    #[must_use]
    pub fn shape(&self) -> &Transformed<S, T, D> {
        &self.shape
    }

    /// The box that holds the part, in the compound's frame.
    #[must_use]
    pub fn bounds(&self) -> &Aabb<T, D> {
        &self.bounds
    }
}

/// Convex parts fixed to one body, in storage `P` that lends a slice of
/// [`Part`]s (an array or slice with no allocator, a `Vec` with one).
///
/// # Example
///
/// ```
/// use gjk::compound::{pieces_distance, Compound, Part, Single};
/// use gjk::nalgebra::Isometry3;
/// use gjk::{Ball, Config, Cuboid, Transformed, Vector};
///
/// // A table: a top and four legs, as five boxes.
/// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
/// let slab = |half, at| Part::new(Transformed::translated(Cuboid::new(half).unwrap(), at).unwrap()).unwrap();
/// let mut parts = [slab(v(1.0, 0.05, 0.5), v(0.0, 1.0, 0.0)); 5];
/// for (k, (x, z)) in [(-0.9, -0.4), (0.9, -0.4), (-0.9, 0.4), (0.9, 0.4)].into_iter().enumerate() {
///     parts[k + 1] = slab(v(0.05, 0.5, 0.05), v(x, 0.45, z));
/// }
/// let table = Compound::new(parts).unwrap();
/// let ball = Ball::new(v(0.0, 2.0, 0.0), 0.5).unwrap();
/// let placed = table.placed(&Isometry3::identity());
/// let d = pieces_distance(&placed, &Single::new(&ball).unwrap(), &Config::default()).unwrap();
/// assert_eq!(d.piece_a, 0); // the top
/// assert!((d.distance.distance - 0.45).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Compound<P, S, T: Real, const D: usize> {
    parts: P,
    bounds: Aabb<T, D>,
    shape: PhantomData<fn() -> S>,
}

impl<P, S, T, const D: usize> Compound<P, S, T, D>
where
    P: AsRef<[Part<S, T, D>]>,
    T: Real,
{
    /// The compound of `parts` (at least one).
    ///
    /// # Errors
    ///
    /// [`ShapeError::Empty`](crate::ShapeError::Empty) for no parts.
    pub fn new(parts: P) -> Result<Self, crate::shape::ShapeError> {
        let mut all = parts.as_ref().iter().map(|p| p.bounds);
        let first = all.next().ok_or(crate::shape::ShapeError::Empty)?;
        let bounds = all.fold(first, |b, p| b.merged(&p));
        Ok(Self {
            parts,
            bounds,
            shape: PhantomData,
        })
    }

    /// The parts.
    #[must_use]
    pub fn parts(&self) -> &[Part<S, T, D>] {
        self.parts.as_ref()
    }

    /// The box that holds every part, in the compound's frame.
    #[must_use]
    pub fn bounds(&self) -> &Aabb<T, D> {
        &self.bounds
    }

    /// The mass properties of the parts at `density`, in the compound's
    /// frame: their sum (masses added, centres weighted, second moments
    /// moved to the common centre by the parallel-axis theorem). Parts
    /// that overlap count twice where they do.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::compound::{Compound, Part};
    /// use gjk::{Cuboid, Transformed, Vector};
    ///
    /// // Two unit squares side by side weigh as the 2 × 1 rectangle they make.
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let square = |x| Part::new(Transformed::translated(Cuboid::new(v(0.5, 0.5)).unwrap(), v(x, 0.0)).unwrap()).unwrap();
    /// let pair = Compound::new([square(-0.5), square(0.5)]).unwrap();
    /// let m = pair.mass_properties(1.0);
    /// assert!((m.mass - 2.0).abs() < 1e-15 && m.center.norm() < 1e-15);
    /// assert!((m.polar_moment() - (4.0 + 1.0) * 2.0 / 12.0).abs() < 1e-14);
    /// ```
    #[must_use]
    pub fn mass_properties(&self, density: T) -> MassProperties<T, D>
    where
        S: Solid<T, D>,
    {
        self.parts()
            .iter()
            .map(|p| p.shape.mass_properties(density))
            .sum()
    }
}
