//! Triangles in any dimension.

use nalgebra::SVector;

use super::{farthest, finite_point, ShapeError, SupportMap};
use crate::real::Real;

/// The triangle with vertices `a`, `b`, `c` (which may be collinear or coincide).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Triangle<T: Real, const D: usize> {
    vertices: [SVector<T, D>; 3],
}

impl<T: Real, const D: usize> Triangle<T, D> {
    /// A triangle; fails on non-finite coordinates.
    pub fn new(a: SVector<T, D>, b: SVector<T, D>, c: SVector<T, D>) -> Result<Self, ShapeError> {
        let vertices = [a, b, c];
        vertices.iter().try_for_each(finite_point)?;
        Ok(Self { vertices })
    }

    /// The three vertices.
    #[must_use]
    pub fn vertices(&self) -> [SVector<T, D>; 3] {
        self.vertices
    }
}

impl<T: Real, const D: usize> SupportMap<T, D> for Triangle<T, D> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        farthest(&self.vertices, dir).unwrap_or(self.vertices[0])
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        let [a, b, c] = self.vertices;
        (a + b + c) / T::lit(3.0)
    }
}
