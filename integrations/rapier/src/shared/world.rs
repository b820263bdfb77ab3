//! A rapier world stepped with parry's dispatcher or with gjk's, and what
//! the examples and tests measure of it: rest heights, penetration, speeds
//! and the time of each frame and of its narrow phase (rapier's own
//! counters).
//!
//! This file serves both dimensions: `super` is `dim2` or `dim3`.

use super::dispatcher::GjkDispatcher;
use super::rapier::prelude::*;
use crate::stats::Stats;

/// Time spent over the frames stepped so far.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timing {
    /// Frames stepped.
    pub frames: u32,
    /// Whole steps, in milliseconds.
    pub step_ms: f64,
    /// Narrow phases, in milliseconds.
    pub narrow_ms: f64,
}

impl Timing {
    /// Milliseconds per frame: the whole step and its narrow phase.
    pub fn per_frame(&self) -> (f64, f64) {
        let n = f64::from(self.frames.max(1));
        (self.step_ms / n, self.narrow_ms / n)
    }
}

/// The sets, pipeline and phases of one simulation.
pub struct World {
    /// The bodies.
    pub bodies: RigidBodySet,
    /// The colliders.
    pub colliders: ColliderSet,
    /// The dynamic bodies, in the order they were added.
    pub dynamic: Vec<RigidBodyHandle>,
    /// gjk's dispatcher when the world uses it (a clone of the one the
    /// narrow phase holds, sharing its counters).
    pub gjk: Option<GjkDispatcher>,
    /// Time spent so far.
    pub timing: Timing,
    gravity: Vector,
    params: IntegrationParameters,
    pipeline: PhysicsPipeline,
    islands: IslandManager,
    broad_phase: BroadPhaseBvh,
    narrow_phase: NarrowPhase,
    impulse_joints: ImpulseJointSet,
    multibody_joints: MultibodyJointSet,
    soft_bodies: SoftBodySet,
    ccd: CCDSolver,
}

impl World {
    /// An empty world under `gravity`, its narrow phase on gjk's
    /// dispatcher when `with_gjk`, else on parry's default one.
    pub fn new(with_gjk: bool, gravity: Vector) -> Self {
        let gjk = with_gjk.then(GjkDispatcher::new);
        let narrow_phase = match &gjk {
            Some(d) => NarrowPhase::with_query_dispatcher(d.clone()),
            None => NarrowPhase::new(),
        };
        let mut pipeline = PhysicsPipeline::new();
        pipeline.counters.enable();
        Self {
            bodies: RigidBodySet::new(),
            colliders: ColliderSet::new(),
            dynamic: Vec::new(),
            gjk,
            timing: Timing::default(),
            gravity,
            params: IntegrationParameters::default(),
            pipeline,
            islands: IslandManager::new(),
            broad_phase: BroadPhaseBvh::new(),
            narrow_phase,
            impulse_joints: ImpulseJointSet::new(),
            multibody_joints: MultibodyJointSet::new(),
            soft_bodies: SoftBodySet::new(),
            ccd: CCDSolver::new(),
        }
    }

    /// Turns rapier's contact recycling on (its default) or off. With it
    /// on, a pair whose bodies barely moved keeps its contacts without
    /// asking the dispatcher; off, every pair in contact is asked every
    /// frame, which measures the dispatcher rather than the recycling.
    pub fn set_contact_recycling(&mut self, on: bool) {
        self.params.contact_recycling = on;
    }

    /// A fixed collider (the ground).
    pub fn add_fixed(&mut self, collider: impl Into<Collider>) {
        self.colliders.insert(collider);
    }

    /// A dynamic body with one collider. It never sleeps, so that every
    /// frame does the whole work and the timings compare like with like.
    pub fn add_dynamic(&mut self, body: RigidBodyBuilder, collider: impl Into<Collider>) {
        let handle = self.bodies.insert(body.can_sleep(false));
        let colliders = &mut self.colliders;
        colliders.insert_with_parent(collider, handle, &mut self.bodies);
        self.dynamic.push(handle);
    }

    /// One step of the simulation, timed.
    pub fn step(&mut self) {
        self.pipeline.step(
            self.gravity,
            &self.params,
            &mut self.islands,
            &mut self.broad_phase,
            &mut self.narrow_phase,
            &mut self.bodies,
            &mut self.colliders,
            &mut self.impulse_joints,
            &mut self.multibody_joints,
            &mut self.soft_bodies,
            &mut self.ccd,
            &(),
            &(),
        );
        let counters = &self.pipeline.counters;
        self.timing.frames += 1;
        self.timing.step_ms += counters.step_time_ms();
        self.timing.narrow_ms += counters.narrow_phase_time_ms();
    }

    /// `frames` steps.
    pub fn run(&mut self, frames: u32) {
        (0..frames).for_each(|_| self.step());
    }

    /// The narrow phase (its contact pairs and manifolds).
    pub fn narrow_phase(&self) -> &NarrowPhase {
        &self.narrow_phase
    }

    /// The height (y) of each dynamic body's centre, in order.
    pub fn heights(&self) -> Vec<f32> {
        let body = |h: &RigidBodyHandle| self.bodies[*h].translation().y;
        self.dynamic.iter().map(body).collect()
    }

    /// The deepest overlap of any contact point now (0 when none overlaps).
    pub fn max_penetration(&self) -> f32 {
        let pairs = self.narrow_phase.contact_pairs();
        let manifolds = pairs.flat_map(|p| p.manifolds());
        let dists = manifolds.flat_map(|m| m.points.iter().map(|c| -c.dist));
        dists.fold(0.0, f32::max)
    }

    /// The lowest point of any dynamic body's bounding box (below `0`, the
    /// floor's top, only by the overlap the solver allows).
    pub fn lowest(&self) -> f32 {
        let colliders = self
            .dynamic
            .iter()
            .flat_map(|h| self.bodies[*h].colliders());
        let low = |c: &ColliderHandle| self.colliders[*c].compute_aabb().mins.y;
        colliders.map(low).fold(f32::MAX, f32::min)
    }

    /// The largest linear speed of a dynamic body.
    pub fn max_speed(&self) -> f32 {
        let speed = |h: &RigidBodyHandle| self.bodies[*h].linvel().length();
        self.dynamic.iter().map(speed).fold(0.0, f32::max)
    }

    /// How gjk's dispatcher answered so far (`None` on parry's).
    pub fn stats(&self) -> Option<Stats> {
        self.gjk.as_ref().map(GjkDispatcher::stats)
    }
}

impl World {
    /// The state and cost of the run so far.
    pub fn summary(&self) -> crate::summary::Summary {
        crate::summary::Summary {
            heights: self.heights(),
            max_penetration: self.max_penetration(),
            max_speed: self.max_speed(),
            per_frame_ms: self.timing.per_frame(),
            stats: self.stats(),
        }
    }
}

/// The scene `build` makes (its argument: whether on gjk's dispatcher),
/// run for `frames` frames with parry's dispatcher and with gjk's, contact
/// recycling as given: the two summaries, parry's first.
pub fn run_both(
    build: impl Fn(bool) -> World,
    frames: u32,
    recycling: bool,
) -> (crate::summary::Summary, crate::summary::Summary) {
    let run = |with_gjk| {
        let mut world = build(with_gjk);
        world.set_contact_recycling(recycling);
        world.run(frames);
        world.summary()
    };
    (run(false), run(true))
}
