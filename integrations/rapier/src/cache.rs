//! The cache of converted hulls: a parry convex polyhedron or polygon is
//! built into a gjk hull once, not once per query.
//!
//! Entries are keyed by the address of the parry shape, and an entry is
//! used only when the points it was built from (kept beside it) equal the
//! shape's points now, bit for bit up to `-0.0 == 0.0`, and its border
//! radius is the same: a shape whose points were edited in place, or a new
//! shape at the address of a freed one, rebuilds its entry instead of
//! reading a stale hull. The check costs one comparison of the point
//! lists per query (a few dozen floats for a typical hull), far less than
//! the hull's construction or the query itself.
//!
//! The map sits behind a [`RwLock`]: lookups share it, builds take it
//! briefly, so one cache serves rapier's parallel narrow phase. When it
//! holds more than its limit of entries (shapes freed long ago keep theirs
//! until then) it is emptied and refilled on demand.

use std::collections::HashMap;
use std::ops::Deref;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

/// How many entries a cache holds before it is emptied.
pub const DEFAULT_CACHE_LIMIT: usize = 4096;

/// One converted shape and the input it was built from.
struct Entry<P, V> {
    points: Box<[P]>,
    radius: f32,
    value: Arc<V>,
}

/// Converted hulls of type `V`, built from point lists of `P`.
pub struct HullCache<P, V> {
    map: RwLock<HashMap<usize, Entry<P, V>>>,
    limit: usize,
    hits: AtomicU64,
    builds: AtomicU64,
}

impl<P: PartialEq + Copy, V> HullCache<P, V> {
    /// An empty cache holding at most `limit` entries.
    pub fn with_limit(limit: usize) -> Self {
        Self {
            map: RwLock::new(HashMap::new()),
            limit,
            hits: AtomicU64::new(0),
            builds: AtomicU64::new(0),
        }
    }

    /// The value built from `points` and `radius` for the shape at `key`:
    /// the cached one when its input equals this one, else `build()`'s,
    /// then cached. `None` when `build` fails (the shape is then not
    /// answered by gjk).
    pub fn get_or_build(
        &self,
        key: usize,
        points: &[P],
        radius: f32,
        build: impl FnOnce() -> Option<V>,
    ) -> Option<Arc<V>> {
        if let Some(value) = self.lookup(key, points, radius) {
            self.hits.fetch_add(1, Ordering::Relaxed);
            return Some(value);
        }
        let value = Arc::new(build()?);
        self.builds.fetch_add(1, Ordering::Relaxed);
        self.insert(key, points, radius, value.clone());
        Some(value)
    }

    /// The cached value for `key` if built from the same input.
    fn lookup(&self, key: usize, points: &[P], radius: f32) -> Option<Arc<V>> {
        let map = self.map.read().ok()?;
        let entry = map.get(&key)?;
        let same = entry.radius == radius && *entry.points == *points;
        same.then(|| entry.value.clone())
    }

    /// Stores `value` for `key` (a poisoned lock just skips the store).
    fn insert(&self, key: usize, points: &[P], radius: f32, value: Arc<V>) {
        if let Ok(mut map) = self.map.write() {
            if map.len() >= self.limit {
                map.clear();
            }
            let points = points.into();
            map.insert(
                key,
                Entry {
                    points,
                    radius,
                    value,
                },
            );
        }
    }

    /// How many lookups found their hull, and how many hulls were built.
    pub fn counts(&self) -> (u64, u64) {
        (
            self.hits.load(Ordering::Relaxed),
            self.builds.load(Ordering::Relaxed),
        )
    }

    /// How many entries the cache holds.
    pub(crate) fn len(&self) -> usize {
        self.map.read().map_or(0, |m| m.len())
    }
}

/// A converted shape: built for one query, or shared from the cache.
pub enum Held<V> {
    /// Built for this query (cheap shapes: balls, boxes, capsules, ...).
    Own(V),
    /// A hull from the cache.
    Shared(Arc<V>),
}

impl<V> Deref for Held<V> {
    type Target = V;
    fn deref(&self) -> &V {
        match self {
            Held::Own(v) => v,
            Held::Shared(v) => v,
        }
    }
}

/// The address of a shape, the cache's key.
pub fn address<S: ?Sized>(shape: &S) -> usize {
    (shape as *const S).cast::<()>() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edited_points_rebuild_and_same_points_hit() {
        let cache = HullCache::<f32, Vec<f32>>::with_limit(2);
        let mut pts = vec![1.0, 2.0];
        let a = cache
            .get_or_build(7, &pts, 0.0, || Some(pts.clone()))
            .unwrap();
        let b = cache.get_or_build(7, &pts, 0.0, || None).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        pts[1] = 3.0;
        let c = cache
            .get_or_build(7, &pts, 0.0, || Some(pts.clone()))
            .unwrap();
        assert_eq!(*c, vec![1.0, 3.0]);
        assert!(cache.get_or_build(7, &pts, 0.5, || None).is_none());
        assert_eq!(cache.counts(), (1, 2));
        // Over the limit: emptied, then refilled.
        for key in 0..3 {
            cache.get_or_build(key, &pts, 0.0, || Some(vec![]));
        }
        assert!(cache.len() <= 2);
    }
}
