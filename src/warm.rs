//! Warm starts between frames: the final simplex of one query, kept in the
//! shapes' own frames, seeds the next.
//!
//! A simulation asks about the same pair of shapes every frame, and they move
//! little in between. GJK's final simplex holds the closest features; its
//! vertices are points `a ∈ A` and `b ∈ B`, and in each shape's own frame
//! they do not move at all. Mapped through the new poses they are still
//! points of the shapes, so `a − b` are points of the new `A − B`: a valid
//! simplex, usually one iteration from the answer. This is the role of the
//! simplex cache in Box2D, which keeps vertex indices; keeping local
//! coordinates instead works for every support map, curved cores included.
//!
//! The cache changes where the search starts, never what counts as an
//! answer: every stopping test runs on fresh support points, so a cached
//! query answers within the same tolerance as a cold one.

use crate::gjk::{
    begin, finish, gjk_loop, margins, within, Distance, Exits, GjkConfig, GjkError, Run,
};
use crate::real::{all_finite, Real};
use crate::simplex::{Simplex, SupportPoint};
use crate::support::{SupportMap, Transformed};

/// The closest features of the previous query on a pair of moving shapes,
/// in the shapes' own frames. Empty at first; each cached query refills it.
///
/// Keep one per pair of shapes, and pass the shapes in the same order every
/// time (a cache filled for `(A, B)` seeds `(B, A)` with points of the
/// wrong shapes; the answer would still be correct, only slower).
///
/// # Example
///
/// ```
/// use gjk::{distance, distance_cached, Cuboid, GjkConfig, SimplexCache, Transformed, Vector};
/// use gjk::nalgebra::{Isometry3, Vector3};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let config = GjkConfig::default();
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
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SimplexCache<T: Real, const D: usize> {
    /// Vertices with `a` and `b` in the frames of A and B (`w` unused).
    local: Simplex<T, D>,
}

impl<T: Real, const D: usize> Default for SimplexCache<T, D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Real, const D: usize> SimplexCache<T, D> {
    /// An empty cache: the next query starts cold.
    pub fn new() -> Self {
        Self {
            local: Simplex::new(),
        }
    }

    /// Forgets the cached features (e.g. after a teleport).
    pub fn clear(&mut self) {
        self.local.clear();
    }

    /// How many simplex vertices are cached (0 ..= D + 1).
    pub fn len(&self) -> usize {
        self.local.len()
    }

    /// Whether the cache is empty.
    pub fn is_empty(&self) -> bool {
        self.local.is_empty()
    }
}

/// The closest point of a simplex seeded with points of the shapes, or
/// `None` when the seed is empty or unusable (non-finite points,
/// overflowing lengths).
fn seed<T: Real, const D: usize>(simplex: &mut Simplex<T, D>) -> Option<()> {
    let usable = !simplex.is_empty()
        && simplex
            .iter()
            .all(|(p, _)| all_finite(&p.a) && all_finite(&p.b) && all_finite(&p.w));
    // The cached simplex held the previous answer in its relative interior
    // (reduction drops the vertices of zero weight), so after a small motion
    // the newest vertex is almost always in the new answer's face: one
    // reduction through it, rather than one per base vertex. Any point of
    // the simplex is a valid start, should the face have changed.
    let v = if usable {
        simplex.reduce()?
    } else {
        return None;
    };
    (all_finite(&v) && v.norm_squared().is_finite()).then_some(())
}

/// Runs the loop from the cached simplex and refills the cache; `margin`
/// (the summed margins) asks for the boolean test's early exits. Returns
/// the run, the final simplex and the scale of the frame they are in.
fn run_cached<SA, SB, T, const D: usize>(
    a: &Transformed<SA, T, D>,
    b: &Transformed<SB, T, D>,
    config: &GjkConfig<T, D>,
    margin: Option<T>,
    cache: &mut SimplexCache<T, D>,
) -> Result<(Run<T, D>, Simplex<T, D>, T), GjkError>
where
    T: Real,
    SA: SupportMap<T, D>,
    SB: SupportMap<T, D>,
{
    let taken = cache.local;
    cache.local.clear();
    let mut cold = Simplex::new();
    let pair = begin(a, b, config, &mut cold)?;
    let scale = pair.scale();
    let mut simplex = Simplex::new();
    for (p, _) in taken.iter() {
        simplex.push(SupportPoint::new(
            a.to_world(&p.a) * scale,
            b.to_world(&p.b) * scale,
        ));
    }
    if seed(&mut simplex).is_none() {
        simplex = cold;
    }
    let exits = margin.map_or(Exits::NONE, |m| Exits::contact(m * scale));
    let run = gjk_loop(&pair, config, exits, &mut simplex)?;
    for (p, _) in simplex.iter() {
        let (la, lb) = (a.to_local(&(p.a / scale)), b.to_local(&(p.b / scale)));
        cache.local.push(SupportPoint {
            w: la - lb,
            a: la,
            b: lb,
        });
    }
    Ok((run, simplex, scale))
}

/// [`distance`](crate::distance) between two placed shapes, starting from
/// (and refilling) the cache of the previous query on the same pair.
///
/// # Errors
///
/// As for [`distance`](crate::distance); on an error the cache is emptied.
pub fn distance_cached<SA, SB, T, const D: usize>(
    a: &Transformed<SA, T, D>,
    b: &Transformed<SB, T, D>,
    config: &GjkConfig<T, D>,
    cache: &mut SimplexCache<T, D>,
) -> Result<Distance<T, D>, GjkError>
where
    T: Real,
    SA: SupportMap<T, D>,
    SB: SupportMap<T, D>,
{
    let (ra, rb) = margins(a, b)?;
    let (run, simplex, scale) = run_cached(a, b, config, None, cache)?;
    finish(run, &simplex, scale, ra, rb)
}

/// [`intersects`](crate::intersects) for two placed shapes, starting from
/// (and refilling) the cache of the previous query on the same pair.
///
/// # Errors
///
/// As for [`intersects`](crate::intersects); on an error the cache is
/// emptied.
pub fn intersects_cached<SA, SB, T, const D: usize>(
    a: &Transformed<SA, T, D>,
    b: &Transformed<SB, T, D>,
    config: &GjkConfig<T, D>,
    cache: &mut SimplexCache<T, D>,
) -> Result<bool, GjkError>
where
    T: Real,
    SA: SupportMap<T, D>,
    SB: SupportMap<T, D>,
{
    let (ra, rb) = margins(a, b)?;
    let (run, _, scale) = run_cached(a, b, config, Some(ra + rb), cache)?;
    within(&run, (ra + rb) * scale, config)
}
