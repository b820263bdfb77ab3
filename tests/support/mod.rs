//! Shared helpers for the integration tests.
//!
//! * `real`: the scalars under test (`TestReal`), shared with the fuzz
//!   targets through `tests/invariants`.
//! * `rng`: a source of uniform numbers (`Source`) for quickcheck and the
//!   seeded sweeps, and the one seeded generator (`Rng`, three streams).
//! * `generators`: bounded random point sets, rotations, motions and
//!   placed pairs, with quickcheck's shrinking.
//! * `oracle`: an independent brute-force oracle for the distance between
//!   the convex hulls of two small point sets, in `f64`, and an optimality
//!   certificate that checks any distance answer against the support
//!   functions of the shapes.
//! * `bracket`: the bracket every answer carries (`gjk::Certified`),
//!   ordered and holding the truth.
//! * `scene`: instantiation over precisions and dimensions, literals, ulp
//!   budgets.
//! * `boxes`: boxes placed by half-extents, axes and centre, as the fuzz
//!   targets build them.
//! * `data`: inputs kept as text under `tests/data/` (`data_file!`).
//! * Here: sweep sizes, conversions between precisions, and shapes with
//!   their optional capabilities hidden.
#![allow(dead_code)]

#[macro_use]
pub mod scene;

pub mod boxes;
#[macro_use]
pub mod data;

mod bracket;
mod generators;
mod oracle;
mod real;
mod rng;

pub use bracket::*;
pub use generators::*;
pub use oracle::*;
pub use real::*;
pub use rng::*;

use gjk::{Face, Faces, Real, SupportMap, Vector};

/// A point in `f64`, the precision of the oracle.
pub type P<const D: usize> = Vector<f64, D>;

// ---------------------------------------------------------------------------
// Sweep sizes
// ---------------------------------------------------------------------------

/// Whether the longest sweeps run at full size: `GJK_FULL_SWEEPS=1` (CI sets
/// it). Without it they run fewer cases, from the same seeds, which keeps a
/// plain `cargo test` on the unoptimised test profile within a few minutes.
pub fn full_sweeps() -> bool {
    std::env::var_os("GJK_FULL_SWEEPS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// `full` under `GJK_FULL_SWEEPS=1`, `quick` otherwise.
pub fn sweep_size(full: usize, quick: usize) -> usize {
    if full_sweeps() {
        full
    } else {
        quick
    }
}

/// An `f64` point rounded to precision `T`.
pub fn to_t<T: TestReal, const D: usize>(p: &P<D>) -> Vector<T, D> {
    p.map(T::of_f64)
}

/// A point of precision `T`, exactly, in `f64`.
pub fn to_f64<T: TestReal, const D: usize>(p: &Vector<T, D>) -> P<D> {
    p.map(|x| x.as_f64())
}

/// Rounds every point to precision `T` and back: the exact values a `T` query sees.
pub fn rounded_to<T: TestReal, const D: usize>(points: &[P<D>]) -> Vec<P<D>> {
    points.iter().map(|p| to_f64(&to_t::<T, D>(p))).collect()
}

/// The points in precision `T`.
pub fn points_t<T: TestReal, const D: usize>(points: &[P<D>]) -> Vec<Vector<T, D>> {
    points.iter().map(to_t::<T, D>).collect()
}

/// The largest absolute coordinate of a set of point sets (at least a tiny
/// positive number): the scale that rounding errors are proportional to.
pub fn scale_of<const D: usize>(sets: &[&[P<D>]]) -> f64 {
    sets.iter()
        .flat_map(|s| s.iter())
        .flat_map(|p| p.iter())
        .fold(f64::MIN_POSITIVE, |m, x| m.max(x.abs()))
}

// ---------------------------------------------------------------------------
// Capabilities hidden
// ---------------------------------------------------------------------------

/// A shape seen through its support map (and, when it has them, its faces)
/// alone: every optional capability (point cores, closed-form rays, box
/// frames) is hidden, so queries take their general path. Tests of a fast
/// path compare it with this.
pub struct Hidden<S>(pub S);

impl<T: Real, const D: usize, S: SupportMap<T, D>> SupportMap<T, D> for Hidden<S> {
    fn core_support(&self, dir: &Vector<T, D>) -> Vector<T, D> {
        self.0.core_support(dir)
    }
    fn margin(&self) -> T {
        self.0.margin()
    }
    fn center(&self) -> Vector<T, D> {
        self.0.center()
    }
}

impl<T: Real, const D: usize, S: Faces<T, D>> Faces<T, D> for Hidden<S> {
    fn face_into(&self, dir: &Vector<T, D>, out: &mut Face<T, D>) {
        self.0.face_into(dir, out);
    }
}

/// [`gjk::penetration`] with room for `V` polytope vertices and `F` facets:
/// the sized contact query at a query distance of zero, read as a depth.
pub fn penetration_with_capacity<T: Real, const D: usize, const V: usize, const F: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    config: &gjk::Config<T, D>,
) -> Result<Option<gjk::Penetration<T, D>>, gjk::Error> {
    let contact = gjk::contact_with_capacity::<T, D, V, F>(a, b, T::zero(), config)?;
    Ok(contact.map(|c| c.penetration()))
}
