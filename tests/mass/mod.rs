//! Mass properties (`src/mass/`): closed forms in several dimensions and
//! both precisions, independent oracles (hulls of boxes and of sampled
//! balls, cubes cut into tetrahedra, moved and summed bodies), parry 0.31's
//! values on the same shapes, and extreme inputs.
//!
//! Each test states its accuracy budget: the largest relative error it
//! allows, measured by [`error`].

mod closed_forms;
mod extremes;
mod oracles;
mod rounded;
mod versus_parry;

use gjk::{Hull, MassProperties, Real, Vector};
use nalgebra::SMatrix;

/// The worst relative error of `got` against `want`, as `f64`: the mass
/// relative to the mass, the centre relative to the body's size (the
/// larger of `|c|` and the radius of gyration `√(tr C / m)`), the second
/// moment relative to its largest entry.
pub fn error<T: Real, const D: usize>(
    got: &MassProperties<T, D>,
    want: &MassProperties<f64, D>,
) -> f64 {
    let mass = (got.mass.widen() - want.mass).abs() / want.mass.abs();
    let gyration = (want.second_moment.trace() / want.mass).abs().sqrt();
    let size = want.center.amax().max(gyration);
    let center = (got.center.map(Real::widen) - want.center).amax() / size;
    let moment = (got.second_moment.map(Real::widen) - want.second_moment).amax()
        / want.second_moment.amax();
    mass.max(center).max(moment)
}

/// The properties from the mass, the centre and the second moment's
/// diagonal (the shapes' own frames make most of them diagonal).
pub fn diagonal<const D: usize>(
    mass: f64,
    center: Vector<f64, D>,
    diag: [f64; D],
) -> MassProperties<f64, D> {
    MassProperties {
        mass,
        center,
        second_moment: SMatrix::from_diagonal(&Vector::from(diag)),
    }
}

/// The second moment `C` of a 3D inertia tensor `I = tr(C)·I − C`:
/// `C = tr(I)/2 · I − I`.
pub fn second_from_inertia(inertia: &SMatrix<f64, 3, 3>) -> SMatrix<f64, 3, 3> {
    SMatrix::identity() * (inertia.trace() / 2.0) - inertia
}

/// The hull of `points` in 2D, its mass properties at `density`.
pub fn hull2<T: Real>(points: &[Vector<T, 2>], density: T) -> MassProperties<T, 2> {
    use gjk::Solid;
    let mut indices = vec![0; Hull::<T, 2>::indices_needed(points.len())];
    let mut facets = vec![[0; 2]; Hull::<T, 2>::facets_needed(points.len())];
    let hull = Hull::<T, 2>::new(points, &mut indices, &mut facets).expect("a 2D hull");
    hull.mass_properties(density)
}

/// The hull of `points` in 3D, its mass properties at `density`.
pub fn hull3<T: Real>(points: &[Vector<T, 3>], density: T) -> MassProperties<T, 3> {
    use gjk::Solid;
    let mut indices = vec![0; Hull::<T, 3>::indices_needed(points.len())];
    let mut facets = vec![[0; 3]; Hull::<T, 3>::facets_needed(points.len())];
    let hull = Hull::<T, 3>::new(points, &mut indices, &mut facets).expect("a 3D hull");
    hull.mass_properties(density)
}

/// Unit-ball volumes `V₀ … V₄`, from the Gamma function's values.
pub const UNIT_BALL: [f64; 5] = [
    1.0,
    2.0,
    core::f64::consts::PI,
    4.0 / 3.0 * core::f64::consts::PI,
    core::f64::consts::PI * core::f64::consts::PI / 2.0,
];
