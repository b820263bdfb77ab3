//! The dispatcher: gjk answers the pairs of convex shapes, parry's
//! [`DefaultQueryDispatcher`] every other pair and every question gjk
//! cannot certify.
//!
//! This file serves both dimensions: `super` is `dim2` or `dim3`.

use std::sync::Arc;

use gjk::Config;

use super::convert::{place, to_iso, to_na, GjkShape, Hulls, D};
use super::parry::math::{Pose, Real, Vector};
use super::parry::query::{
    ClosestPoints, Contact, DefaultQueryDispatcher, NonlinearRigidMotion, QueryDispatcher,
    ShapeCastHit, ShapeCastOptions, ShapeDistance, ShapeIntersection, Unsupported,
};
use super::parry::shape::Shape;
use super::queries;
use super::shapes::convert;
use crate::cache::{Held, DEFAULT_CACHE_LIMIT};
use crate::stats::{Counters, Stats};

/// A parry query dispatcher whose convex pairs are answered by gjk.
///
/// Balls, cuboids, capsules, segments, triangles, convex polyhedra (3D) or
/// polygons (2D), cylinders and cones (3D), and their rounded forms, are
/// converted to gjk's shapes (hulls once per shape, through a cache) and
/// queried by gjk; every other pair, and every query gjk answers with an
/// error or an uncertified status, goes to parry's
/// [`DefaultQueryDispatcher`]. Linear casts that start apart are gjk's;
/// rotating casts are parry's.
///
/// Thread-safe: rapier may call it from several threads at once. A clone
/// shares the original's hull cache and counters (keep one to read
/// [`stats`](Self::stats) after handing the other to rapier).
#[derive(Clone)]
pub struct GjkDispatcher {
    pub(super) config: Config<f32, D>,
    pub(super) hulls: Arc<Hulls>,
    pub(super) counters: Arc<Counters>,
}

/// parry's dispatcher, for the pairs and questions passed on.
pub(super) const FALLBACK: DefaultQueryDispatcher = DefaultQueryDispatcher;

impl Default for GjkDispatcher {
    fn default() -> Self {
        Self::new()
    }
}

impl GjkDispatcher {
    /// A dispatcher with gjk's default configuration.
    pub fn new() -> Self {
        Self::with_config(Config::default())
    }

    /// A dispatcher running gjk with `config`.
    pub fn with_config(config: Config<f32, D>) -> Self {
        Self {
            config,
            hulls: Arc::new(Hulls::with_limit(DEFAULT_CACHE_LIMIT)),
            counters: Arc::new(Counters::default()),
        }
    }

    /// How the queries so far were answered.
    pub fn stats(&self) -> Stats {
        self.counters.snapshot()
    }

    /// The hull cache's hits and builds so far.
    pub fn cache_counts(&self) -> (u64, u64) {
        self.hulls.counts()
    }

    /// How many converted hulls the cache holds.
    pub fn cached_hulls(&self) -> usize {
        self.hulls.len()
    }

    /// gjk's own contact for a pair, with its certified bounds
    /// (`lower ≤ distance ≤ upper`), in `g1`'s frame: what
    /// [`contact`](QueryDispatcher::contact) answers from, for checks.
    /// `None` when either shape is not taken by gjk.
    pub fn certified_contact(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
        prediction: Real,
    ) -> Option<Result<Option<gjk::Contact<f32, D>>, gjk::Error>> {
        let (a, b) = self.pair(g1, g2)?;
        let placed = place(&b, &to_iso(pos12));
        Some(gjk::contact(&*a, &placed, prediction, &self.config))
    }

    /// Both shapes as gjk's, or `None` when either is not taken.
    pub(super) fn pair(
        &self,
        g1: &dyn Shape,
        g2: &dyn Shape,
    ) -> Option<(Held<GjkShape>, Held<GjkShape>)> {
        Some((convert(g1, &self.hulls)?, convert(g2, &self.hulls)?))
    }

    /// gjk's answer when both shapes convert and gjk certifies one,
    /// else parry's; counted either way.
    fn answer<R>(
        &self,
        (g1, g2): (&dyn Shape, &dyn Shape),
        gjk: impl FnOnce(&GjkShape, &GjkShape) -> Option<R>,
        parry: impl FnOnce() -> Result<R, Unsupported>,
    ) -> Result<R, Unsupported> {
        let Some((a, b)) = self.pair(g1, g2) else {
            self.counters.passed_on();
            return parry();
        };
        match gjk(&a, &b) {
            Some(r) => {
                self.counters.answered();
                Ok(r)
            }
            None => {
                self.counters.fell_back();
                parry()
            }
        }
    }
}

impl QueryDispatcher for GjkDispatcher {
    fn intersection_test(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
    ) -> Result<ShapeIntersection, Unsupported> {
        let iso = to_iso(pos12);
        self.answer(
            (g1, g2),
            |a, b| queries::intersection(a, b, &iso, &self.config),
            || FALLBACK.intersection_test(pos12, g1, g2),
        )
    }

    fn distance(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
    ) -> Result<ShapeDistance, Unsupported> {
        let iso = to_iso(pos12);
        self.answer(
            (g1, g2),
            |a, b| queries::distance(a, b, &iso, &self.config),
            || FALLBACK.distance(pos12, g1, g2),
        )
    }

    fn contact(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
        prediction: Real,
    ) -> Result<Option<Contact>, Unsupported> {
        let iso = to_iso(pos12);
        self.answer(
            (g1, g2),
            |a, b| queries::contact(a, b, &iso, prediction, &self.config),
            || FALLBACK.contact(pos12, g1, g2, prediction),
        )
    }

    fn closest_points(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
        max_dist: Real,
    ) -> Result<ClosestPoints, Unsupported> {
        let iso = to_iso(pos12);
        self.answer(
            (g1, g2),
            |a, b| queries::closest_points(a, b, &iso, max_dist, &self.config),
            || FALLBACK.closest_points(pos12, g1, g2, max_dist),
        )
    }

    /// gjk's linear cast for casts that start apart and stop at the first
    /// contact; parry's for the others (see `queries::cast`).
    fn cast_shapes(
        &self,
        pos12: &Pose,
        local_vel12: Vector,
        g1: &dyn Shape,
        g2: &dyn Shape,
        options: ShapeCastOptions,
    ) -> Result<Option<ShapeCastHit>, Unsupported> {
        let (iso, vel) = (to_iso(pos12), to_na(local_vel12));
        self.answer(
            (g1, g2),
            |a, b| queries::cast(a, b, (&iso, &vel), &options, &self.config),
            || FALLBACK.cast_shapes(pos12, local_vel12, g1, g2, options),
        )
    }

    /// parry's answer: rotating casts are not routed to gjk.
    fn cast_shapes_nonlinear(
        &self,
        motion1: &NonlinearRigidMotion,
        g1: &dyn Shape,
        motion2: &NonlinearRigidMotion,
        g2: &dyn Shape,
        start_time: Real,
        end_time: Real,
        stop_at_penetration: bool,
    ) -> Result<Option<ShapeCastHit>, Unsupported> {
        self.counters.passed_on();
        FALLBACK.cast_shapes_nonlinear(
            motion1,
            g1,
            motion2,
            g2,
            start_time,
            end_time,
            stop_at_penetration,
        )
    }
}
