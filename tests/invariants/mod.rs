//! Invariants of the GJK/EPA queries, shared by the fuzz targets (`fuzz/`)
//! and the quickcheck properties (`tests/every_query/fuzz_invariants.rs`).
//!
//! Every check panics (`assert!`) with a message naming the broken rule, so
//! libFuzzer reports it as a crash and quickcheck as a failed property.
//!
//! # Budget
//!
//! Accuracy is judged against the coordinate scale `L`: the largest absolute
//! coordinate of the two shapes' points plus their radii. A converged answer
//! may be off by [`BUDGET_ULPS`]` · ε · L` (plus the relative GJK tolerance
//! times the distance), where `ε` is the scalar's machine epsilon. Distances
//! are 1-Lipschitz in the coordinates, and each support-point difference
//! carries about `ε·L` of rounding, so this leaves a wide margin over the
//! crate's documented accuracy. Normals are only as accurate as
//! `budget / core distance` (the direction of a short difference vector is
//! ill-defined), so checks that use a normal widen by that angle times the
//! shapes' extent.
//!
//! Accuracy checks run only in the *sane* range, where squares of the
//! coordinates neither overflow nor underflow (`√MIN_POSITIVE · 10³ ≤ L ≤
//! √MAX · 10⁻³`). Outside it, and for every status other than `Converged`,
//! only the structural rules hold: no panic, typed errors, finite
//! non-negative distances, iteration caps, witness points inside the shapes.
// Each fuzz target and test crate uses a part of this module.
#![allow(dead_code, unused_imports, unexpected_cfgs)]
// Shared with the fuzz crate, still on edition 2021, which has no `let`
// chains to collapse these into.
#![allow(clippy::collapsible_if)]

mod casts;
mod checks;
mod input;
mod manifolds;
mod primitives;
mod shapes;
mod warm;

pub use checks::*;
pub use input::*;
pub use manifolds::*;
pub use primitives::*;
pub use shapes::*;
pub use warm::*;

/// Accuracy budget of a converged answer, in units of `ε · L`.
pub const BUDGET_ULPS: f64 = 1e3;

// The scalars under test: the tests' own trait, which the fuzz crate, not
// having the tests' support module, includes by path.
#[cfg(fuzzing)]
#[path = "../support/real.rs"]
mod real;
#[cfg(not(fuzzing))]
pub use crate::support::TestReal;
#[cfg(fuzzing)]
pub use real::TestReal;

/// Whether the coordinate scale `l` is in the range where accuracy is judged.
pub fn sane<T: TestReal>(l: f64) -> bool {
    l == 0.0 || (l >= T::smallest_normal().sqrt() * 1e3 && l <= T::largest().sqrt() * 1e-3)
}

/// The budget for a value of size `d` at coordinate scale `l` with GJK
/// relative tolerance `tolerance`.
pub fn budget<T: TestReal>(l: f64, d: f64, tolerance: f64) -> f64 {
    BUDGET_ULPS * T::eps() * l + tolerance * d.abs() + 1e3 * T::smallest_normal()
}

/// Calls `$f::<T, D>($arg)` for the precision and dimension of an input.
macro_rules! dispatch {
    ($prec:expr, $dim:expr, $f:ident, $($arg:expr),*) => {
        match ($prec, $dim) {
            (Prec::F32, Dim::D2) => $f::<f32, 2>($($arg),*),
            (Prec::F32, Dim::D3) => $f::<f32, 3>($($arg),*),
            (Prec::F32, Dim::D4) => $f::<f32, 4>($($arg),*),
            (Prec::F64, Dim::D2) => $f::<f64, 2>($($arg),*),
            (Prec::F64, Dim::D3) => $f::<f64, 3>($($arg),*),
            (Prec::F64, Dim::D4) => $f::<f64, 4>($($arg),*),
        }
    };
}

/// Which queries a pair target exercises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `distance`, `closest_points` and the swapped query.
    Distance,
    /// `intersects` against `distance`.
    Intersects,
    /// `penetration` and `contact` against `distance`.
    Penetration,
    /// `shape_cast` and `ray_cast` against the swept shapes.
    Cast,
    /// `contact_manifold` on the pair's hulls built by `Hull` (2D and 3D).
    Manifold,
}

/// Runs the invariants of `query` on a pair input.
pub fn run_pair(input: &PairInput, query: Query) {
    if query == Query::Manifold {
        return dispatch!(input.prec, input.dim, manifold_case, input);
    }
    dispatch!(input.prec, input.dim, pair_case, input, query)
}

/// Runs the invariants of the shape constructors.
pub fn run_shape(input: &ShapeInput) {
    match input {
        ShapeInput::Hull {
            prec,
            dim,
            cloud,
            other,
            probe,
        } => dispatch!(*prec, *dim, hull_case, cloud, other, probe),
        ShapeInput::Polygon {
            prec,
            spec,
            other,
            probe,
        } => match prec {
            Prec::F32 => polygon_case::<f32>(spec, other, probe),
            Prec::F64 => polygon_case::<f64>(spec, other, probe),
        },
        ShapeInput::Transformed {
            prec,
            dim,
            cloud,
            matrix,
            translation,
            other,
        } => dispatch!(
            *prec,
            *dim,
            transformed_case,
            cloud,
            matrix,
            translation,
            other
        ),
    }
}

/// Runs the invariants of the bare simplex.
pub fn run_simplex(input: &SimplexInput) {
    dispatch!(input.prec, input.dim, simplex_case, &input.cloud, input.op)
}

/// Runs the invariants of a warm-start sequence.
pub fn run_warm(input: &WarmInput) {
    dispatch!(input.prec, input.dim, warm_case, input)
}
