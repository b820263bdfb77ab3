//! Mass properties of the shape enums: those of the shape held, for the
//! kinds that are solids.

use super::{MassProperties, Solid};
use crate::math::real::Real;
use crate::shape_enum::{Shape2, Shape3};

impl<T: Real> Shape2<T> {
    /// The mass properties of the shape held at `density` (see
    /// [`Solid`]); `None` for a point or a segment, which bound no area,
    /// and for a rounded triangle, whose exact decomposition is not
    /// implemented.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, Segment, Shape2, Vector};
    ///
    /// let plate: Shape2<f64> = Cuboid::new(Vector::<f64, 2>::new(1.0, 0.5)).unwrap().into();
    /// assert_eq!(plate.mass_properties(3.0).map(|m| m.mass), Some(6.0));
    /// let rod: Shape2<f64> = Segment::new(Vector::<f64, 2>::zeros(), Vector::<f64, 2>::x()).unwrap().into();
    /// assert!(rod.mass_properties(1.0).is_none());
    /// ```
    #[must_use]
    pub fn mass_properties(&self, density: T) -> Option<MassProperties<T, 2>> {
        Some(match self {
            Self::Point(_) | Self::Segment(_) | Self::RoundTriangle(_) => return None,
            Self::Ball(s) => s.mass_properties(density),
            Self::Capsule(s) => s.mass_properties(density),
            Self::Triangle(s) => s.mass_properties(density),
            Self::Cuboid(s) => s.mass_properties(density),
            Self::RoundCuboid(s) => s.mass_properties(density),
            #[cfg(feature = "alloc")]
            Self::Polygon(s) => s.mass_properties(density),
            #[cfg(feature = "alloc")]
            Self::Hull(s) => s.mass_properties(density),
            #[cfg(feature = "alloc")]
            Self::RoundHull(s) => s.mass_properties(density),
        })
    }
}

impl<T: Real> Shape3<T> {
    /// The mass properties of the shape held at `density` (see
    /// [`Solid`]); `None` for a point, a segment or a triangle (no
    /// volume), and for a rounded cylinder, cone, triangle or hull, whose exact
    /// decomposition is not implemented.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, Shape3, Vector};
    ///
    /// let ball: Shape3<f64> = Ball::new(Vector::<f64, 3>::zeros(), 1.0).unwrap().into();
    /// let m = ball.mass_properties(1.0).unwrap();
    /// assert!((m.mass - 4.0 / 3.0 * core::f64::consts::PI).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn mass_properties(&self, density: T) -> Option<MassProperties<T, 3>> {
        Some(match self {
            Self::Point(_)
            | Self::Segment(_)
            | Self::Triangle(_)
            | Self::RoundCylinder(_)
            | Self::RoundCone(_)
            | Self::RoundTriangle(_) => return None,
            #[cfg(feature = "alloc")]
            Self::RoundHull(_) => return None,
            Self::Ball(s) => s.mass_properties(density),
            Self::Capsule(s) => s.mass_properties(density),
            Self::Cuboid(s) => s.mass_properties(density),
            Self::RoundCuboid(s) => s.mass_properties(density),
            Self::Cylinder(s) => s.mass_properties(density),
            Self::Cone(s) => s.mass_properties(density),
            #[cfg(feature = "alloc")]
            Self::Hull(s) => s.mass_properties(density),
        })
    }
}
