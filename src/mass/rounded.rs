//! The shapes whose rounding has exact mass properties, and [`Rounded`]
//! as a solid.

use nalgebra::{SVector, Vector2};

use super::capsule::capsule;
use super::polytope::{edges, largest, signed_area};
use super::round::ball;
use super::rounded_box::rounded_box;
use super::rounded_polygon::rounded_polygon;
use super::{MassProperties, Solid};
use crate::math::real::{Length, Real};
use crate::shape::hull::Polygon;
use crate::shape::{
    mean_point, Ball, Capsule, Cuboid, Hull, Rounded, SupportMap, Transformed, Triangle,
};

/// A shape whose rounding by a radius (all points within the radius of it,
/// as [`Rounded`] builds) has exact mass properties.
///
/// Implemented for balls and capsules (a larger radius), boxes in any
/// dimension, 2D polygons, hulls and triangles, and for these moved by
/// [`Transformed`] or rounded again. A rounded 3D hull is not covered (its
/// edges and vertices add wedges of cylinders and spherical polygons).
///
/// ```
/// use gjk::{Cuboid, RoundedSolid, Vector};
///
/// // A 2 × 2 square grown by 1: 4 + 4 · 2 + π.
/// let square = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
/// let m = square.rounded_mass_properties(1.0, 1.0);
/// assert!((m.mass - (12.0 + core::f64::consts::PI)).abs() < 1e-12);
/// ```
pub trait RoundedSolid<T: Real, const D: usize> {
    /// The mass properties at `density` of the shape grown by `radius`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, Rounded, RoundedSolid, Solid, Vector};
    ///
    /// let ball = Ball::new(Vector::<f64, 3>::zeros(), 1.0).unwrap();
    /// let grown = ball.rounded_mass_properties(1.0, 1.0);
    /// let bigger = Ball::new(Vector::<f64, 3>::zeros(), 2.0).unwrap();
    /// assert_eq!(grown, bigger.mass_properties(1.0));
    /// assert_eq!(Rounded::new(ball, 1.0).unwrap().mass_properties(1.0), grown);
    /// ```
    fn rounded_mass_properties(&self, radius: T, density: T) -> MassProperties<T, D>;
}

impl<S: RoundedSolid<T, D>, T: Real, const D: usize> Solid<T, D> for Rounded<S, T> {
    fn mass_properties(&self, density: T) -> MassProperties<T, D> {
        self.shape().rounded_mass_properties(self.radius(), density)
    }
}

impl<S: RoundedSolid<T, D> + ?Sized, T: Real, const D: usize> RoundedSolid<T, D> for &S {
    fn rounded_mass_properties(&self, radius: T, density: T) -> MassProperties<T, D> {
        (**self).rounded_mass_properties(radius, density)
    }
}

/// Rounded twice: the two radii add up.
impl<S: RoundedSolid<T, D>, T: Real, const D: usize> RoundedSolid<T, D> for Rounded<S, T> {
    fn rounded_mass_properties(&self, radius: T, density: T) -> MassProperties<T, D> {
        self.shape()
            .rounded_mass_properties(self.radius() + radius, density)
    }
}

/// Rounding commutes with a rigid motion.
impl<S: RoundedSolid<T, D>, T: Real, const D: usize> RoundedSolid<T, D> for Transformed<S, T, D> {
    fn rounded_mass_properties(&self, radius: T, density: T) -> MassProperties<T, D> {
        self.shape()
            .rounded_mass_properties(radius, density)
            .transformed(&self.rotation(), &self.translation())
    }
}

impl<T: Real, const D: usize> RoundedSolid<T, D> for Ball<T, D> {
    fn rounded_mass_properties(&self, radius: T, density: T) -> MassProperties<T, D> {
        ball(&self.center(), self.radius() + radius, density)
    }
}

impl<T: Real, const D: usize> RoundedSolid<T, D> for Capsule<T, D> {
    fn rounded_mass_properties(&self, radius: T, density: T) -> MassProperties<T, D> {
        let (a, b) = self.segment().endpoints();
        capsule(&a, &b, self.radius() + radius, density)
    }
}

/// The box, the slabs on its faces and the pieces of a ball at its
/// edges and corners (see `rounded_box.rs`).
impl<T: Real, const D: usize> RoundedSolid<T, D> for Cuboid<T, D> {
    fn rounded_mass_properties(&self, radius: T, density: T) -> MassProperties<T, D> {
        rounded_box(&self.half_extents(), radius, density)
    }
}

impl<P: AsRef<[Vector2<T>]>, T: Real> RoundedSolid<T, 2> for Polygon<P, T> {
    fn rounded_mass_properties(&self, radius: T, density: T) -> MassProperties<T, 2> {
        let v = self.vertices();
        let mean = mean_point(v).unwrap_or_else(Vector2::zeros);
        rounded_polygon(edges(v), &mean, largest(v.iter()), radius, density)
    }
}

impl<T: Real> RoundedSolid<T, 2> for Hull<'_, T, 2> {
    fn rounded_mass_properties(&self, radius: T, density: T) -> MassProperties<T, 2> {
        let points = self.points();
        let at = |i: &u32| points.get(*i as usize).copied();
        let edges = self
            .facets()
            .iter()
            .filter_map(move |[a, b]| Some([at(a)?, at(b)?]));
        rounded_polygon(edges, &self.center(), self.scale(), radius, density)
    }
}

/// Counter-clockwise first; a triangle of no area is a capsule about its
/// longest side.
impl<T: Real> RoundedSolid<T, 2> for Triangle<T, 2> {
    fn rounded_mass_properties(&self, radius: T, density: T) -> MassProperties<T, 2> {
        let [a, b, c] = self.vertices();
        let mean = mean_point([&a, &b, &c]).unwrap_or(a);
        let area = signed_area(&[b - a, c - a]);
        let v = if area > T::zero() {
            [a, b, c]
        } else if area < T::zero() {
            [a, c, b]
        } else {
            let sides = [(a, b), (b, c), (c, a)];
            let longest = sides.into_iter().fold((a, a), |best, side| {
                let length = |(p, q): (SVector<T, 2>, SVector<T, 2>)| (q - p).length();
                if length(side) > length(best) {
                    side
                } else {
                    best
                }
            });
            return capsule(&longest.0, &longest.1, radius, density);
        };
        rounded_polygon(edges(&v), &mean, largest(v.iter()), radius, density)
    }
}
