//! Penetration depth by the Expanding Polytope Algorithm, in any dimension.
//!
//! The math is in the docs of the public item it serves, [`penetration`](crate::penetration).

mod expand;
mod facet;
mod facet_normal;
mod points;
mod polytope;
mod run;
mod watch;

pub(crate) use expand::expand;
pub(crate) use polytope::Polytope;
pub(crate) use watch::EpaWatch;

use crate::math::SIZE_FIRST;

/// Default room for polytope vertices in [`penetration`](crate::penetration)
/// and [`contact`](crate::contact): 64, or 32 when built size first (the
/// `small` feature) for queries in up to three dimensions (above three, a
/// polytope has many more facets per vertex, and queries keep the room of
/// 64 vertices and 192 facets).
///
/// The size-first room holds, to the last bit of the answer, every
/// overlapping pair of the survey in `tests/contact/epa_room.rs` (boxes,
/// hulls of 8 and 32 points, capsules on boxes, random hulls) and nearly
/// all pairs of hulls of 256 points; EPA restarts in a narrower cone when
/// it runs out, and what it cannot finish it reports as
/// [`Status::OutOfCapacity`](crate::Status::OutOfCapacity), with certified
/// bounds.
///
/// # Example
///
/// ```
/// use gjk::{contact, contact_with_capacity, Cuboid, Config, Transformed, Vector};
/// use gjk::{DEFAULT_EPA_FACETS, DEFAULT_EPA_VERTICES};
///
/// let a = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let b = Transformed::translated(a, Vector::<f64, 3>::new(1.5, 0.2, 0.0)).unwrap();
/// let config = Config::default();
/// // `contact` is `contact_with_capacity` with the default room.
/// let room = contact_with_capacity::<_, _, DEFAULT_EPA_VERTICES, DEFAULT_EPA_FACETS>;
/// let c = room(&a, &b, 0.0, &config);
/// assert_eq!(c, contact(&a, &b, 0.0, &config));
/// assert!((c.unwrap().unwrap().distance + 0.5).abs() < 1e-12);
/// ```
pub const DEFAULT_EPA_VERTICES: usize = if SIZE_FIRST { 32 } else { FULL_EPA_VERTICES };
/// Default room for polytope facets in [`penetration`](crate::penetration)
/// and [`contact`](crate::contact): 192, or 60 when built size first for
/// queries in up to three dimensions (see [`DEFAULT_EPA_VERTICES`]).
///
/// # Example
///
/// ```
/// use gjk::{contact_with_capacity, Cuboid, Config, Transformed, Vector};
/// use gjk::{DEFAULT_EPA_FACETS, DEFAULT_EPA_VERTICES};
///
/// let a = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let b = Transformed::translated(a, Vector::<f64, 3>::new(0.0, 0.0, 1.75)).unwrap();
/// // Twice the default room (three facets per vertex in 3D).
/// const V: usize = 2 * DEFAULT_EPA_VERTICES;
/// const F: usize = 2 * DEFAULT_EPA_FACETS;
/// let c = contact_with_capacity::<f64, 3, V, F>(&a, &b, 0.0, &Config::default());
/// assert!((c.unwrap().unwrap().distance + 0.25).abs() < 1e-12);
/// ```
pub const DEFAULT_EPA_FACETS: usize = if SIZE_FIRST { 60 } else { FULL_EPA_FACETS };

/// The speed-first build's default room, which the size-first build keeps
/// for queries above three dimensions.
pub(crate) const FULL_EPA_VERTICES: usize = 64;
/// See [`FULL_EPA_VERTICES`].
pub(crate) const FULL_EPA_FACETS: usize = 192;

/// Whether a query in `D` dimensions takes the default room of
/// [`DEFAULT_EPA_VERTICES`] and [`DEFAULT_EPA_FACETS`] (else the full
/// room, [`FULL_EPA_VERTICES`] and [`FULL_EPA_FACETS`]).
#[must_use]
pub(crate) const fn default_room(d: usize) -> bool {
    !SIZE_FIRST || d <= 3
}

#[cfg(test)]
mod tests {
    use nalgebra::SVector;

    use super::*;
    use crate::engine::config::{Config, Status};
    use crate::engine::pair::Pair;
    use crate::engine::CoreAnswer;
    use crate::math::real::Real;
    use crate::shape::{Cuboid, Point, Transformed};
    use crate::simplex::{Simplex, SupportPoint};

    /// GJK ended touching: its triangle lies in the plane `x = 0` through
    /// the origin, and `A − B` reaches only `d` beyond it along `x`, less
    /// than the polytope can orient (`2D(D + 1) · ROUNDING_FLOOR · L`).
    /// The depth is `d`: the exit must bracket it, not report zero as both
    /// bounds with `Converged` (as it did).
    fn thin_side<T: Real>(d: f64) -> CoreAnswer<T, 3> {
        let v = |x: f64, y: f64, z: f64| SVector::<T, 3>::new(T::lit(x), T::lit(y), T::lit(z));
        let block = Cuboid::new(v(0.5, 1.0, 1.0)).unwrap();
        let a = Transformed::translated(block, v(d - 0.5, 0.0, 0.0)).unwrap();
        let b = Point::new(v(0.0, 0.0, 0.0)).unwrap();
        let pair = Pair::with_scale(&a, &b, T::one());
        let mut simplex = Simplex::new();
        for w in [v(0.0, 1.0, 1.0), v(0.0, -1.0, 1.0), v(0.0, 0.0, -1.0)] {
            simplex.push(SupportPoint::new(w, SVector::zeros()));
        }
        let config = Config::default();
        expand::<T, 3, 64, 128, _, _>(&pair, &config, &simplex, &mut ()).unwrap()
    }

    #[test]
    fn a_thin_side_is_bracketed_not_called_touching() {
        for d in [2e-6, 1e-5, 2e-5] {
            let r = thin_side::<f32>(d);
            let (lower, upper) = (f64::from(r.depth()), f64::from(r.depth_bound()));
            assert!(lower <= d && d <= upper, "d {d:e}: [{lower:e}, {upper:e}]");
            assert_eq!(r.status, Status::Stalled, "d {d:e}");
        }
        // Within rounding of the coordinates, the touch is proven.
        let r = thin_side::<f32>(1e-8);
        assert_eq!(r.status, Status::Converged);
        assert!(f64::from(r.depth_bound()) >= 1e-8);
        // In f64 the same extents are far above what the polytope orients:
        // EPA measures them.
        let r = thin_side::<f64>(2e-5);
        assert_eq!(r.status, Status::Converged);
        assert!((r.depth() - 2e-5).abs() < 1e-15);
    }
}
