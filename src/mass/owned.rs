//! Mass properties of shapes behind pointers and of owned hulls, read
//! from the shapes they hold (feature `alloc`).

use alloc::{boxed::Box, rc::Rc, sync::Arc};

use super::{MassProperties, RoundedSolid, Solid};
use crate::math::real::Real;
use crate::shape::OwnedHull;

/// The traits through an owning pointer, as for `&S`.
macro_rules! forward_solid {
    ($($pointer:ty),*) => {$(
        impl<S: Solid<T, D> + ?Sized, T: Real, const D: usize> Solid<T, D> for $pointer {
            fn mass_properties(&self, density: T) -> MassProperties<T, D> {
                (**self).mass_properties(density)
            }
            fn volume(&self) -> T {
                (**self).volume()
            }
        }
        impl<S: RoundedSolid<T, D> + ?Sized, T: Real, const D: usize> RoundedSolid<T, D> for $pointer {
            fn rounded_mass_properties(&self, radius: T, density: T) -> MassProperties<T, D> {
                (**self).rounded_mass_properties(radius, density)
            }
        }
    )*};
}

forward_solid!(Box<S>, Rc<S>, Arc<S>);

/// As the borrowed hull it reads back: the same simplices, the same sums.
impl<T: Real> Solid<T, 2> for OwnedHull<T, 2> {
    fn mass_properties(&self, density: T) -> MassProperties<T, 2> {
        self.as_hull().mass_properties(density)
    }
}

/// As the borrowed hull it reads back.
impl<T: Real> Solid<T, 3> for OwnedHull<T, 3> {
    fn mass_properties(&self, density: T) -> MassProperties<T, 3> {
        self.as_hull().mass_properties(density)
    }
}

/// As the borrowed hull it reads back.
impl<T: Real> RoundedSolid<T, 2> for OwnedHull<T, 2> {
    fn rounded_mass_properties(&self, radius: T, density: T) -> MassProperties<T, 2> {
        self.as_hull().rounded_mass_properties(radius, density)
    }
}
