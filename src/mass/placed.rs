//! Solids moved by a rigid motion.

use super::{MassProperties, Solid};
use crate::math::real::Real;
use crate::shape::Transformed;

/// The shape's own properties, moved: centre `R c + t`, second moment
/// `R C Rᵀ`.
impl<S: Solid<T, D>, T: Real, const D: usize> Solid<T, D> for Transformed<S, T, D> {
    fn mass_properties(&self, density: T) -> MassProperties<T, D> {
        self.shape()
            .mass_properties(density)
            .transformed(&self.rotation(), &self.translation())
    }
}
