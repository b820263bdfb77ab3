//! Warm starts between frames: the search directions of one query's final
//! simplex seed the next.
//!
//! The math is in the docs of the public item it serves, [`SimplexCache`](crate::SimplexCache).
//!
//! # Following the vertices
//!
//! The loop reports every edit of its simplex to a `Trail`: the restart
//! along the first direction, and each reduction after a push (the new
//! vertex is the support along `−v`, `v` the closest point before it) with
//! the vertices it kept, by their former indices (survivors keep their
//! order), or the new vertex dropped when the push made no progress.
//! `Directions` applies the same edits to its list, so at the end direction
//! `i` belongs to vertex `i` of the final simplex. Cold queries pass `()`,
//! which records nothing and compiles away.

mod directions;

use crate::engine::config::{Config, Error, Status};
use crate::engine::{begin_along, margins, point_core, traced_loop, within, CoreAnswer, Exits};
use crate::math::real::{all_finite, max_abs, Real};
use crate::query::distance::Distance;
use crate::shape::{SupportMap, Transformed};
use crate::simplex::Simplex;

use crate::engine::Trail;
use directions::Directions;

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
    directions: Directions<T, D>,
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

/// Runs the loop from a simplex of fresh support points along the cached
/// directions, and refills the cache with the final simplex's directions;
/// `margin` (the summed margins) asks for the boolean test's early exits.
/// Returns the answer on the cores and the scale of the kernel's frame.
fn run_cached<SA, SB, T, const D: usize>(
    a: &Transformed<SA, T, D>,
    b: &Transformed<SB, T, D>,
    config: &Config<T, D>,
    margin: Option<T>,
    cache: &mut SimplexCache<T, D>,
) -> Result<(CoreAnswer<T, D>, T), Error>
where
    T: Real,
    SA: SupportMap<T, D>,
    SB: SupportMap<T, D>,
{
    let cached = core::mem::replace(&mut cache.directions, Directions::new());
    let mut seeds = cached.iter().map(|local| a.direction_to_world(local));
    let mut simplex = Simplex::new();
    let (pair, first) = begin_along(a, b, config, seeds.next(), &mut simplex)?;
    let mut trail = Directions::new();
    trail.restart(&first);
    for dir in seeds {
        let p = pair.support(&dir);
        // A vertex found along two directions is pushed once.
        if simplex.iter().all(|(q, _)| q.w != p.w) {
            simplex.push(p);
            trail.push(&dir);
        }
    }
    if simplex.len() > 1 {
        // The cached simplex held the previous answer in its relative
        // interior, so after a small motion the newest vertex is almost
        // always in the new answer's face: one reduction through it, unless
        // its answer is not the simplex's closest point.
        match simplex.reduce_seed() {
            Some((v, kept)) if all_finite(&v) => trail.keep(kept),
            _ => return Err(Error::NonFinite),
        }
    }
    let scale = pair.scale();
    let exits = margin.map_or(Exits::NONE, |m| Exits::contact(m * scale));
    let mut run = traced_loop(&pair, config, exits, &mut simplex, &mut trail, &mut ())?;
    if run.status == Status::Stalled && cached.len() > 0 {
        // Rounding stopped the seeded run short of a certificate: where the
        // loop stalls depends on where it started, so the answer (and any
        // boolean drawn from its bracket) is the cold query's, exactly.
        let (pair, first) = begin_along(a, b, config, None, &mut simplex)?;
        trail.restart(&first);
        let exits = margin.map_or(Exits::NONE, |m| Exits::contact(m * pair.scale()));
        run = traced_loop(&pair, config, exits, &mut simplex, &mut trail, &mut ())?;
        return finish_cache(a, &trail, cache, run, pair.scale());
    }
    finish_cache(a, &trail, cache, run, scale)
}

/// The answer of a pair with a point core, in closed form as for a cold
/// query ([`point_core`]); the cache is emptied, there being no simplex to
/// keep.
fn closed_form<SA, SB, T, const D: usize>(
    a: &Transformed<SA, T, D>,
    b: &Transformed<SB, T, D>,
    config: &Config<T, D>,
    cache: &mut SimplexCache<T, D>,
) -> Result<Option<CoreAnswer<T, D>>, Error>
where
    T: Real,
    SA: SupportMap<T, D>,
    SB: SupportMap<T, D>,
{
    config.check().inspect_err(|_| cache.clear())?;
    let core = point_core(a, b);
    if core.is_some() {
        cache.clear();
    }
    Ok(core)
}

/// Refills the cache with the directions of the final simplex, and hands on
/// the answer and the frame's scale.
fn finish_cache<SA, T, const D: usize>(
    a: &Transformed<SA, T, D>,
    trail: &Directions<T, D>,
    cache: &mut SimplexCache<T, D>,
    run: CoreAnswer<T, D>,
    scale: T,
) -> Result<(CoreAnswer<T, D>, T), Error>
where
    T: Real,
{
    for dir in trail.iter() {
        let local = a.direction_to_local(dir);
        // Scaled, so that a direction found near contact (a tiny `−v`)
        // is not lost to underflow in the next support calls.
        let m = max_abs(&local);
        if m > T::zero() && m.is_finite() {
            cache.directions.push(&(local / m));
        }
    }
    Ok((run, scale))
}

/// [`distance`](crate::distance) between two placed shapes, seeded from the
/// cache and refilling it.
///
/// The answer is that of [`distance`](crate::distance) up to the tolerance
/// and rounding, whatever query filled the cache; it usually takes one
/// iteration when that was the previous frame's query on the same pair, in
/// the same order (see [`SimplexCache`]).
///
/// # Errors
///
/// As for [`distance`](crate::distance); on an error the cache is emptied.
///
/// # Example
///
/// ```
/// use gjk::{distance_cached, Cuboid, Config, SimplexCache, Transformed, Vector};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let a = Transformed::translated(cube, Vector::<f64, 3>::zeros()).unwrap();
/// let mut cache = SimplexCache::new();
/// for frame in 0..5 {
///     let x = 3.0 + 0.1 * f64::from(frame); // B drifts away along x
///     let b = Transformed::translated(cube, Vector::<f64, 3>::new(x, 0.5, 0.0)).unwrap();
///     let d = distance_cached(&a, &b, &Config::default(), &mut cache).unwrap();
///     assert!((d.distance - (x - 2.0)).abs() < 1e-12); // face to face
/// }
/// assert!(!cache.is_empty());
/// ```
pub fn distance_cached<SA, SB, T, const D: usize>(
    a: &Transformed<SA, T, D>,
    b: &Transformed<SB, T, D>,
    config: &Config<T, D>,
    cache: &mut SimplexCache<T, D>,
) -> Result<Distance<T, D>, Error>
where
    T: Real,
    SA: SupportMap<T, D>,
    SB: SupportMap<T, D>,
{
    let (ra, rb) = margins(a, b).inspect_err(|_| cache.clear())?;
    if let Some(core) = closed_form(a, b, config, cache)? {
        // Beyond the closed form's range (its unscaled answer overflows) the
        // scaled loop decides, as it does for every other pair.
        if let Ok(answer) = core.for_shapes(T::one(), ra, rb) {
            return Ok(Distance::from_answer(answer));
        }
    }
    let (run, scale) = run_cached(a, b, config, None, cache)?;
    run.for_shapes(scale, ra, rb).map(Distance::from_answer)
}

/// [`intersects`](crate::intersects) for two placed shapes, seeded from the
/// cache and refilling it.
///
/// The answer is that of [`intersects`](crate::intersects) whatever query
/// filled the cache (up to the tolerance and rounding, for shapes that
/// touch); fastest for the same pair in the same order (see
/// [`SimplexCache`]).
///
/// # Errors
///
/// As for [`intersects`](crate::intersects); on an error the cache is
/// emptied.
///
/// # Example
///
/// ```
/// use gjk::{intersects_cached, Cuboid, Config, SimplexCache, Transformed, Vector};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let a = Transformed::translated(cube, Vector::<f64, 3>::zeros()).unwrap();
/// let mut cache = SimplexCache::new();
/// for frame in 0..8 {
///     let x = 3.1 - 0.2 * f64::from(frame); // B closes in along x
///     let b = Transformed::translated(cube, Vector::<f64, 3>::new(x, 0.3, 0.0)).unwrap();
///     let hit = intersects_cached(&a, &b, &Config::default(), &mut cache).unwrap();
///     assert_eq!(hit, x < 2.0); // the faces meet at x = 2
/// }
/// ```
pub fn intersects_cached<SA, SB, T, const D: usize>(
    a: &Transformed<SA, T, D>,
    b: &Transformed<SB, T, D>,
    config: &Config<T, D>,
    cache: &mut SimplexCache<T, D>,
) -> Result<bool, Error>
where
    T: Real,
    SA: SupportMap<T, D>,
    SB: SupportMap<T, D>,
{
    let (ra, rb) = margins(a, b).inspect_err(|_| cache.clear())?;
    if let Some(core) = closed_form(a, b, config, cache)? {
        return within(&core, ra + rb, config);
    }
    let (run, scale) = run_cached(a, b, config, Some(ra + rb), cache)?;
    within(&run, (ra + rb) * scale, config)
}
