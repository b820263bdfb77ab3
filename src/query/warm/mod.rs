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

mod cache;
mod directions;

use crate::engine::config::{Config, Error, Status};
use crate::engine::{begin_along, gjk_loop, start, within, CoreAnswer, Exits, Start};
use crate::math::real::{all_finite, max_abs, Real};
use crate::query::distance::{boxes_intersect, Distance};
use crate::shape::{SupportMap, Transformed};
use crate::simplex::Simplex;

use crate::engine::Trail;
pub use cache::SimplexCache;
use directions::Directions;

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
    let mut run = gjk_loop(&pair, config, exits, &mut simplex, &mut trail, &mut ())?;
    if run.status == Status::Stalled && cached.len() > 0 {
        // Rounding stopped the seeded run short of a certificate: where the
        // loop stalls depends on where it started, so the answer (and any
        // boolean drawn from its bracket) is the cold query's, exactly.
        let (pair, first) = begin_along(a, b, config, None, &mut simplex)?;
        trail.restart(&first);
        let exits = margin.map_or(Exits::NONE, |m| Exits::contact(m * pair.scale()));
        run = gjk_loop(&pair, config, exits, &mut simplex, &mut trail, &mut ())?;
        return finish_cache(a, &trail, cache, run, pair.scale());
    }
    finish_cache(a, &trail, cache, run, scale)
}

/// A cached query's start, as every query's ([`start`]): on an error, or
/// for a pair with a point core (answered in closed form, with no simplex
/// to keep), the cache is emptied.
fn start_cached<SA, SB, T, const D: usize>(
    a: &Transformed<SA, T, D>,
    b: &Transformed<SB, T, D>,
    config: &Config<T, D>,
    cache: &mut SimplexCache<T, D>,
) -> Result<Start<T, D>, Error>
where
    T: Real,
    SA: SupportMap<T, D>,
    SB: SupportMap<T, D>,
{
    let start = start(a, b, config).inspect_err(|_| cache.clear())?;
    if start.core.is_some() {
        cache.clear();
    }
    Ok(start)
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
    let Start { ra, rb, core } = start_cached(a, b, config, cache)?;
    if let Some(core) = core {
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
    let Start { ra, rb, core } = start_cached(a, b, config, cache)?;
    if let Some(core) = core {
        return within(&core, ra + rb, config);
    }
    // Two boxes are decided by their separating axes where those prove it,
    // as the cold query decides them; the cache keeps its directions.
    if let Some(answer) = boxes_intersect(a, b, ra + rb) {
        return Ok(answer);
    }
    let (run, scale) = run_cached(a, b, config, Some(ra + rb), cache)?;
    within(&run, (ra + rb) * scale, config)
}
