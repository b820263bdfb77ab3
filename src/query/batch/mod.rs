//! Many pairs at once: `distance`, `intersects` and `contact` for a batch of
//! pairs of the same shape kinds, `WIDTH` pairs in the lanes of one SIMD
//! register (`f32x4`/`f64x2`, or `f32x8`/`f64x4` where the target has AVX:
//! [`LaneReal`]).
//!
//! Each pair is the scalar query's, step for step. Its start (the
//! point-core closed form, the boxes' separating axes, the frame) and its
//! end (witnesses, margins, EPA for `contact`) are the scalar query's own
//! code, run per pair; the GJK loop between them runs in lanes
//! (`engine/lanes.rs`), each lane its own GJK with
//! the lean loop's support points, closed form and stopping tests, masked
//! out once it stops. A lane that would leave the lean loop (a simplex the
//! closed form declines, no progress, a non-finite point, the cap) goes on
//! alone in the careful loop from where it stopped. So every answer equals
//! the scalar query's, with the same status, bounds and errors; only the
//! order of the work differs. Shapes that do not [fit the
//! lanes](LaneShape::fits_lanes), `D > 3`, and frames of extreme scale run
//! the scalar loop.
//!
//! No allocation: answers go to caller storage, one per pair, and an error
//! is that pair's alone.
//!
//! [`LaneShape`]: crate::LaneShape

#[cfg(feature = "rayon")]
mod parallel;
mod queries;
mod run;

use crate::engine::config::{Config, Error};
use crate::query::contact::Contact;
use crate::query::distance::Distance;

pub use crate::math::lanes::{LaneReal, Lanes, Wide};
pub use crate::shape::{HullLanes, LaneShape, PlacedLanes, SegmentLanes, LANE_VERTICES};

#[cfg(feature = "rayon")]
pub use parallel::BLOCK;
use queries::{ContactQuery, DistanceQuery, IntersectsQuery};
use run::run;

/// The two entry points of a batch query: over a slice of pairs, and over
/// pairs given by index.
macro_rules! batch_query {
    ($(#[$doc:meta])* $name:ident, $(#[$doc_with:meta])* $with:ident,
     ($($arg:ident: $ty:ty),*) -> $out:ty, $query:expr) => {
        $(#[$doc])*
        pub fn $name<A, B, T, const D: usize>(
            pairs: &[(A, B)],
            $($arg: $ty,)*
            config: &Config<T, D>,
            out: &mut [Result<$out, Error>],
        ) where
            A: LaneShape<T, D>,
            B: LaneShape<T, D>,
            T: LaneReal,
        {
            run($query, pairs.len(), |i| pair_at(pairs, i), config, out);
        }

        $(#[$doc_with])*
        pub fn $with<A, B, T, const D: usize>(
            count: usize,
            pair: impl Fn(usize) -> (A, B),
            $($arg: $ty,)*
            config: &Config<T, D>,
            out: &mut [Result<$out, Error>],
        ) where
            A: LaneShape<T, D>,
            B: LaneShape<T, D>,
            T: LaneReal,
        {
            run($query, count, |i| Some(pair(i)), config, out);
        }
    };
}

/// A batch query split over rayon's threads (feature `rayon`).
#[cfg(feature = "rayon")]
macro_rules! parallel_query {
    ($(#[$doc:meta])* $name:ident, ($($arg:ident: $ty:ty),*) -> $out:ty, $query:expr) => {
        $(#[$doc])*
        pub fn $name<A, B, T, const D: usize>(
            pairs: &[(A, B)],
            $($arg: $ty,)*
            config: &Config<T, D>,
            out: &mut [Result<$out, Error>],
        ) where
            A: LaneShape<T, D> + Sync,
            B: LaneShape<T, D> + Sync,
            T: LaneReal,
        {
            parallel::run_parallel($query, pairs.len(), |i| pair_at(pairs, i), config, out);
        }
    };
}

#[cfg(feature = "rayon")]
parallel_query!(
    /// [`distance`] over rayon's threads, in blocks of [`BLOCK`] pairs:
    /// the same answers.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::nalgebra::{Isometry3, Vector3};
    /// use gjk::{batch, Config, Cuboid, Error, Transformed};
    ///
    /// let cube = Cuboid::new(Vector3::new(0.5, 0.25, 0.5)).unwrap();
    /// let pairs: Vec<_> = (0..3000)
    ///     .map(|i| {
    ///         let t = i as f64 * 0.001;
    ///         let turn = Isometry3::new(Vector3::new(1.0 + t, 0.2, 0.0), Vector3::new(t, 2.0 * t, 0.5));
    ///         (Transformed::from_isometry3(cube, &Isometry3::identity()), Transformed::from_isometry3(cube, &turn))
    ///     })
    ///     .collect();
    /// let config = Config::default();
    /// let (mut one, mut many) = (vec![Err(Error::InvalidConfig); 3000], vec![Err(Error::InvalidConfig); 3000]);
    /// batch::distance(&pairs, &config, &mut one);
    /// batch::par_distance(&pairs, &config, &mut many);
    /// assert_eq!(one, many);
    /// let (mut one, mut many) = (vec![Err(Error::InvalidConfig); 3000], vec![Err(Error::InvalidConfig); 3000]);
    /// batch::contact(&pairs, 0.1, &config, &mut one);
    /// batch::par_contact(&pairs, 0.1, &config, &mut many);
    /// assert_eq!(one, many);
    /// let (mut one, mut many) = (vec![Err(Error::InvalidConfig); 3000], vec![Err(Error::InvalidConfig); 3000]);
    /// batch::intersects(&pairs, &config, &mut one);
    /// batch::par_intersects(&pairs, &config, &mut many);
    /// assert_eq!(one, many);
    /// ```
    par_distance,
    () -> Distance<T, D>,
    DistanceQuery
);

#[cfg(feature = "rayon")]
parallel_query!(
    /// [`intersects`] over rayon's threads: the same answers.
    par_intersects,
    () -> bool,
    IntersectsQuery
);

#[cfg(feature = "rayon")]
parallel_query!(
    /// [`contact`] over rayon's threads: the same answers.
    par_contact,
    (max_separation: T) -> Option<Contact<T, D>>,
    ContactQuery(max_separation)
);

batch_query!(
    /// [`distance`](crate::distance) for every pair of `pairs`, pair `i`'s
    /// answer into `out[i]` (pairs past `out.len()` are not asked).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::nalgebra::{Isometry3, Vector3};
    /// use gjk::{batch, Config, Cuboid, Transformed};
    ///
    /// let cube = Cuboid::new(Vector3::new(0.5_f32, 0.5, 0.5)).unwrap();
    /// let at = |x: f32| Transformed::from_isometry3(cube, &Isometry3::translation(x, 0.0, 0.0));
    /// let pairs: Vec<_> = (0..20).map(|i| (at(0.0), at(1.5 + i as f32))).collect();
    /// let mut out = vec![Err(gjk::Error::InvalidConfig); pairs.len()];
    /// batch::distance(&pairs, &Config::default(), &mut out);
    /// for (i, d) in out.iter().enumerate() {
    ///     assert!((d.as_ref().unwrap().distance - (0.5 + i as f32)).abs() < 1e-5);
    /// }
    /// ```
    distance,
    /// [`distance`] for pairs `0..count`, pair `i` given by `pair(i)`: the
    /// shapes placed at pose `i` (one pair of shapes at many poses, as a
    /// motion planner asks), or read from an engine's own arrays.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::nalgebra::{Isometry2, Vector2};
    /// use gjk::{batch, Ball, Config, Cuboid, Transformed};
    ///
    /// let rect = Cuboid::new(Vector2::new(1.0, 0.5)).unwrap();
    /// let ball = Ball::new(Vector2::zeros(), 0.25).unwrap();
    /// let poses: Vec<f64> = (0..10).map(|i| 2.0 + i as f64).collect();
    /// let mut out = vec![Err(gjk::Error::InvalidConfig); poses.len()];
    /// batch::distance_with(
    ///     poses.len(),
    ///     |i| (&rect, Transformed::from_isometry2(ball, &Isometry2::translation(poses[i], 0.0))),
    ///     &Config::default(),
    ///     &mut out,
    /// );
    /// assert!((out[3].as_ref().unwrap().distance - 3.75).abs() < 1e-12);
    /// ```
    distance_with,
    () -> Distance<T, D>,
    DistanceQuery
);

batch_query!(
    /// [`intersects`](crate::intersects) for every pair of `pairs`.
    intersects,
    /// [`intersects`] for pairs `0..count`, pair `i` given by `pair(i)`.
    intersects_with,
    () -> bool,
    IntersectsQuery
);

batch_query!(
    /// [`contact`](crate::contact) within `max_separation` for every pair
    /// of `pairs` (EPA, for overlapping pairs, runs per pair).
    contact,
    /// [`contact`] for pairs `0..count`, pair `i` given by `pair(i)`.
    contact_with,
    (max_separation: T) -> Option<Contact<T, D>>,
    ContactQuery(max_separation)
);

/// The shapes of `pairs[i]`, by reference.
#[inline(always)]
fn pair_at<A, B>(pairs: &[(A, B)], i: usize) -> Option<(&A, &B)> {
    pairs.get(i).map(|(a, b)| (a, b))
}
