//! The shapes the package offers, as one enum per dimension: only the
//! kinds it makes (the crate's `Shape2` and `Shape3` hold a dozen, and
//! every kind a query could meet adds its code to the module twice, once
//! per dimension).
//!
//! Every method of the shape traits is forwarded, so that a query through
//! the enum takes the shape's own fast paths (closed forms for a ball's
//! point core, the box tests of a cuboid); `tests` checks the answers
//! against the crate's `Shape3` to the bit.

use gjk::batch::{LaneShape, Lanes, Wide};
use gjk::nalgebra::SVector;
#[cfg(feature = "hull")]
use gjk::OwnedHull;
use gjk::{Ball, BoxFrame, Capsule, Cuboid, Face, Faces, RayEntry, SupportMap};

/// A shape of dimension `D`, centred on its own origin.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind<const D: usize> {
    /// A ball.
    Ball(Ball<f64, D>),
    /// A box.
    Cuboid(Cuboid<f64, D>),
    /// A capsule.
    Capsule(Capsule<f64, D>),
    /// The convex hull of points.
    #[cfg(feature = "hull")]
    Hull(OwnedHull<f64, D>),
}

/// `$body` with `$s` bound to the shape held, whatever its kind.
macro_rules! each {
    ($kind:expr, |$s:ident| $body:expr) => {
        match $kind {
            Kind::Ball($s) => $body,
            Kind::Cuboid($s) => $body,
            Kind::Capsule($s) => $body,
            #[cfg(feature = "hull")]
            Kind::Hull($s) => $body,
        }
    };
}

impl<const D: usize> SupportMap<f64, D> for Kind<D> {
    fn core_support(&self, dir: &SVector<f64, D>) -> SVector<f64, D> {
        each!(self, |s| s.core_support(dir))
    }
    fn margin(&self) -> f64 {
        each!(self, |s| s.margin())
    }
    fn center(&self) -> SVector<f64, D> {
        each!(self, |s| s.center())
    }
    fn core_point(&self) -> Option<SVector<f64, D>> {
        each!(self, |s| s.core_point())
    }
    fn project_core(&self, p: &SVector<f64, D>) -> Option<SVector<f64, D>> {
        each!(self, |s| s.project_core(p))
    }
    fn core_box(&self) -> Option<BoxFrame<f64, D>> {
        each!(self, |s| s.core_box())
    }
    fn ray_core(
        &self,
        origin: &SVector<f64, D>,
        direction: &SVector<f64, D>,
        radius: f64,
    ) -> Option<RayEntry<f64, D>> {
        each!(self, |s| s.ray_core(origin, direction, radius))
    }
    fn support(&self, dir: &SVector<f64, D>) -> SVector<f64, D> {
        each!(self, |s| s.support(dir))
    }
}

impl<const D: usize> Faces<f64, D> for Kind<D> {
    fn face(&self, dir: &SVector<f64, D>) -> Face<f64, D> {
        each!(self, |s| s.face(dir))
    }
    fn face_into(&self, dir: &SVector<f64, D>, out: &mut Face<f64, D>) {
        each!(self, |s| s.face_into(dir, out))
    }
    fn to_body(&self, p: &SVector<f64, D>) -> SVector<f64, D> {
        each!(self, |s| s.to_body(p))
    }
}

/// In a batch, the pairs run the scalar loop one by one (lanes hold one
/// kind of shape each).
impl<const D: usize> LaneShape<f64, D> for Kind<D> {
    type Packed<L: Lanes<Scalar = f64>> = ();
    fn fits_lanes(&self) -> bool {
        false
    }
    fn pack<'s, L: Lanes<Scalar = f64>>(_: impl Fn(usize) -> &'s Self) {}
    fn lane_support<L: Lanes<Scalar = f64>>(_: &(), d: &Wide<L, D>) -> Wide<L, D> {
        *d
    }
}
