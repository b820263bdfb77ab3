//! A contact manifold for every pair of pieces within a separation.

use crate::engine::config::{Config, Error};
use crate::math::real::Real;
use crate::query::manifold::{contact_manifold, Manifold};

use super::pieces::{pairs_with_gaps, Pieces};

/// The manifold of one pair of pieces.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceManifold<T: Real, const D: usize> {
    /// The piece of A.
    pub piece_a: usize,
    /// The piece of B.
    pub piece_b: usize,
    /// Their manifold, as [`contact_manifold`] gives it.
    pub manifold: Manifold<T, D>,
}

/// The contact manifold of every pair of pieces of `a` and `b` within
/// `max_separation`, written to `out` in the order of the pieces; returns
/// how many pairs have one.
///
/// A pair whose boxes are farther apart than `max_separation` is skipped
/// without a query. When more pairs have a manifold than `out` holds, the
/// count returned is larger than `out.len()` and the pairs past it are not
/// written (a larger `out` gets them all).
///
/// # Errors
///
/// The first error of a pair asked (see [`contact_manifold`]).
///
/// # Example
///
/// ```
/// use gjk::compound::{pieces_manifolds, Compound, Part, PieceManifold, Single};
/// use gjk::nalgebra::Isometry3;
/// use gjk::{Config, Cuboid, Transformed, Vector};
///
/// // A bench of two feet resting on a floor slab: a manifold per foot.
/// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
/// let block = |at| Part::new(Transformed::translated(Cuboid::new(v(0.2, 0.2, 0.2)).unwrap(), at).unwrap()).unwrap();
/// let bench = Compound::new([block(v(-1.0, 0.2, 0.0)), block(v(1.0, 0.2, 0.0))]).unwrap();
/// let floor = Transformed::translated(Cuboid::new(v(5.0, 0.5, 5.0)).unwrap(), v(0.0, -0.5, 0.0)).unwrap();
/// let placed = bench.placed(&Isometry3::translation(0.0, -0.01, 0.0));
/// let mut found: [Option<PieceManifold<f64, 3>>; 4] = [None; 4];
/// let floor = Single::new(&floor).unwrap();
/// let n = pieces_manifolds(&placed, &floor, 0.0, &Config::default(), &mut found).unwrap();
/// assert_eq!(n, 2);
/// let feet: Vec<_> = found.iter().flatten().map(|m| (m.piece_a, m.manifold.len())).collect();
/// assert_eq!(feet, [(0, 4), (1, 4)]); // four corners under each foot
/// ```
pub fn pieces_manifolds<T: Real, const D: usize>(
    a: &impl Pieces<T, D>,
    b: &impl Pieces<T, D>,
    max_separation: T,
    config: &Config<T, D>,
    out: &mut [Option<PieceManifold<T, D>>],
) -> Result<usize, Error> {
    let mut found = 0;
    let mut slots = out.iter_mut();
    for (i, j, gap) in pairs_with_gaps(a, b) {
        if gap > max_separation {
            continue;
        }
        let (Some(x), Some(y)) = (a.piece(i), b.piece(j)) else {
            continue;
        };
        if let Some(manifold) = contact_manifold(&x, &y, max_separation, config)? {
            found += 1;
            if let Some(slot) = slots.next() {
                *slot = Some(PieceManifold {
                    piece_a: i,
                    piece_b: j,
                    manifold,
                });
            }
        }
    }
    Ok(found)
}
