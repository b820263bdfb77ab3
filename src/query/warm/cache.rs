//! The warm-start cache: the search directions of the last answer's
//! closest features, kept between frames.

use super::directions::Directions;
use crate::math::real::Real;

/// The search directions of the previous query's closest features, in the
/// frame of its first shape. Empty at first; each cached query refills it.
///
/// What is safe: a cache may be used with any pair of shapes, in any order,
/// and the answer is that of a cold query up to the tolerance and rounding
/// (every seeded vertex is a support point of the shapes being queried).
/// What is fast: the same pair in the same order from frame to frame, where
/// the seed is usually the answer's face and one iteration confirms it. So
/// keep one cache per pair and pass the shapes in the same order; mixing
/// pairs or orders only costs iterations.
///
/// The seed costs one support call per cached vertex (up to `D + 1`), made
/// before the first iteration and not counted in
/// [`Distance::iterations`](crate::Distance::iterations).
///
/// # Example
///
/// ```
/// use gjk::{distance, distance_cached, Cuboid, Config, SimplexCache, Transformed, Vector};
/// use gjk::nalgebra::{Isometry3, Vector3};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let config = Config::default();
/// let a = Transformed::from_isometry3(cube, &Isometry3::identity());
/// let mut cache = SimplexCache::new();
/// let (mut cold, mut cached) = (0, 0);
/// for frame in 0..20 {
///     let t = 0.02 * f64::from(frame);
///     let pose = Isometry3::new(Vector3::new(3.0, t, 0.0), Vector3::new(0.3, 0.2 + t, 0.1));
///     let b = Transformed::from_isometry3(cube, &pose);
///     let warm = distance_cached(&a, &b, &config, &mut cache).unwrap();
///     let fresh = distance(&a, &b, &config).unwrap();
///     assert!((warm.distance - fresh.distance).abs() < 1e-12);
///     cached += warm.iterations;
///     cold += fresh.iterations;
/// }
/// assert!(cached < cold);
/// // Safe with the shapes swapped (or another pair): only slower.
/// let b = Transformed::from_isometry3(cube, &Isometry3::translation(3.0, 0.5, 0.0));
/// let swapped = distance_cached(&b, &a, &config, &mut cache).unwrap();
/// assert!((swapped.distance - distance(&b, &a, &config).unwrap().distance).abs() < 1e-12);
/// ```
///
/// A simulation asks about the same pair of shapes every frame, and they move
/// little in between. GJK's final simplex holds the closest features: each
/// vertex `wᵢ = s_A(dᵢ) − s_B(−dᵢ)` is the support point of `A − B` along
/// the search direction `dᵢ` it was found along. The cache keeps those
/// directions (in A's own frame, so that they turn with A) and the next query
/// starts from a simplex of *fresh* support points along them,
///
/// ```text
///   w′ᵢ = s_A′(R_A dᵢ) − s_B′(−R_A dᵢ),
/// ```
///
/// taken from the current shapes. After a small motion a support map usually
/// answers the same feature along the same direction (a polytope's vertex
/// keeps the whole cone of directions it is extreme for), so the seed is the
/// previous answer's face moved with the shapes, and one iteration confirms
/// it. This is the role of the simplex cache in Box2D, which keeps vertex
/// indices and reads the vertices from the current shapes; a direction does
/// the same for any support map, curved cores included.
///
/// # Why directions and not points
///
/// Whatever the cache holds, a seeded vertex is a support point of the
/// shapes now being queried, so it is a point of the current `A − B`. That is
/// all the loop's certificates need: `‖v‖` of any point of the seeded simplex
/// is a distance between two points of the shapes (an upper bound), a seeded
/// simplex that encloses the origin proves an overlap, and every later
/// stopping test runs on fresh support points as in a cold query. A cache
/// filled for the pair `(A, B)` and used for `(B, A)`, or for a different
/// pair altogether, seeds with support points along unrelated directions:
/// a worse start, never a wrong answer, and no identity check is needed.
/// (Points kept in the shapes' own frames and mapped through the new poses
/// would be points of the right shapes only when the cache is used for the
/// same pair in the same order; otherwise they bound nothing.)
///
/// The price is one support call per cached vertex before the first
/// iteration (up to `D + 1`), where mapping a kept point through the poses
/// cost a few multiplications: cheap shapes hardly notice, but a hull whose
/// support is a scan over many points pays for the seed about what the
/// saved iterations would have cost. Two directions may find the same vertex
/// (after a motion, or for another pair); it is pushed once, and nearly
/// coincident vertices are dropped by Johnson's sub-algorithm as an
/// affinely dependent face.
#[derive(Clone, Copy, Debug)]
pub struct SimplexCache<T: Real, const D: usize> {
    /// One direction per vertex of the last final simplex, in the first
    /// shape's frame, scaled to a largest coordinate of 1.
    pub(super) directions: Directions<T, D>,
}

impl<T: Real, const D: usize> Default for SimplexCache<T, D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Real, const D: usize> SimplexCache<T, D> {
    /// An empty cache: the next query starts cold.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::SimplexCache;
    ///
    /// let cache = SimplexCache::<f64, 3>::new();
    /// assert!(cache.is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self {
            directions: Directions::new(),
        }
    }

    /// Forgets the cached features (e.g. after a teleport).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{distance_cached, Config, SimplexCache, Transformed, Triangle, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let t = Triangle::new(v(0.0, 0.0), v(1.0, -1.0), v(1.0, 1.0)).unwrap();
    /// let a = Transformed::translated(t, v(0.0, 0.0)).unwrap();
    /// let b = Transformed::translated(t, v(3.0, 0.0)).unwrap(); // its tip 2 from A's edge
    /// let mut cache = SimplexCache::new();
    /// distance_cached(&a, &b, &Config::default(), &mut cache).unwrap();
    /// assert!(!cache.is_empty());
    /// cache.clear(); // the next query starts cold
    /// assert_eq!(cache.len(), 0);
    /// ```
    pub fn clear(&mut self) {
        self.directions.clear();
    }

    /// How many simplex vertices are cached (0 ..= D + 1).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{distance_cached, Config, SimplexCache, Transformed, Triangle, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let t = Triangle::new(v(0.0, 0.0), v(1.0, -1.0), v(1.0, 1.0)).unwrap();
    /// let a = Transformed::translated(t, v(0.0, 0.0)).unwrap();
    /// let b = Transformed::translated(t, v(3.0, 0.0)).unwrap(); // its tip 2 from A's edge
    /// let mut cache = SimplexCache::new();
    /// let d = distance_cached(&a, &b, &Config::default(), &mut cache).unwrap();
    /// assert!((d.distance - 2.0).abs() < 1e-12);
    /// // A vertex against an edge: one direction per vertex of that final segment.
    /// assert_eq!(cache.len(), 2);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.directions.len()
    }

    /// Whether the cache is empty.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{intersects_cached, Config, SimplexCache, Transformed, Triangle, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let t = Triangle::new(v(0.0, 0.0), v(1.0, -1.0), v(1.0, 1.0)).unwrap();
    /// let a = Transformed::translated(t, v(0.0, 0.0)).unwrap();
    /// let b = Transformed::translated(t, v(0.5, 0.0)).unwrap(); // overlapping
    /// let mut cache = SimplexCache::new();
    /// assert!(cache.is_empty()); // the first query starts cold
    /// assert!(intersects_cached(&a, &b, &Config::default(), &mut cache).unwrap());
    /// assert!(!cache.is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.directions.len() == 0
    }
}
