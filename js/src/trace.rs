//! Pictures of a query (feature `trace`): GJK's simplex at every
//! iteration, EPA's last polytope, and support points for outlines, as
//! the browser demo draws them.

use gjk::nalgebra::SVector;
use gjk::trace::{EpaPolytope, EpaStep, GjkStep, Observer};
use gjk::{Config, Penetration, SupportMap};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::js::{self, point, Obj};
use crate::js::{
    CLOSEST, DEPTH, LOWER, NORMAL, PENETRATION, POINTS, POINT_A, POINT_B, POLYTOPE, STEPS, UPPER,
};
use crate::pose::{one, pair, vector};
use crate::shape::Shape;
use crate::{on_one, on_pair};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** One GJK iteration: the simplex it starts from (points of A − B of the
 * cores) and the simplex's point closest to the origin. */
export interface TraceStep {
  points: Point[];
  closest: Point;
  /** The bounds on the cores' distance after the iteration. */
  lower: number;
  upper: number;
}
/** `distance` with GJK's iterations. */
export interface TracedDistance extends Distance {
  steps: TraceStep[];
}
/** `penetration` (the depth of overlapping shapes) with GJK's iterations
 * and EPA's last polytope (its facets, each `dim` points of A − B). */
export interface TracedPenetration {
  /** `null` when the shapes do not overlap. */
  penetration: { depth: number; pointA: Point; pointB: Point; normal: Point } | null;
  steps: TraceStep[];
  polytope: Point[][];
}
"#;

/// What an observer saw, as JavaScript values.
struct Seen {
    steps: Array,
    polytope: Array,
}

impl<const D: usize> Observer<f64, D> for Seen {
    fn gjk_step(&mut self, step: &GjkStep<f64, D>) {
        let points: Array = step.simplex.iter().map(|(p, _)| point(&p.w)).collect();
        let step = Obj::new()
            .set(&POINTS, points)
            .set(&CLOSEST, point(&step.simplex.closest_point()))
            .set(&LOWER, step.lower)
            .set(&UPPER, step.upper)
            .done();
        self.steps.push(&step);
    }

    fn epa_step(&mut self, _: &EpaStep<f64, D>, polytope: &dyn EpaPolytope<f64, D>) {
        self.polytope = Array::new();
        polytope.for_each_facet(&mut |facet, _| {
            let facet: Array = facet.iter().map(point).collect();
            self.polytope.push(&facet);
        });
    }
}

impl Seen {
    fn new() -> Self {
        Self {
            steps: Array::new(),
            polytope: Array::new(),
        }
    }
}

fn penetration<const D: usize>(p: Option<&Penetration<f64, D>>) -> JsValue {
    let Some(p) = p else {
        return JsValue::NULL;
    };
    Obj::new()
        .set(&DEPTH, p.depth)
        .set(&POINT_A, point(&p.point_a))
        .set(&POINT_B, point(&p.point_b))
        .set(&NORMAL, point(&p.normal))
        .done()
}

/// `distance`, with GJK's simplex at every iteration (`steps`).
#[wasm_bindgen(js_name = traceDistance, unchecked_return_type = "TracedDistance")]
pub fn trace_distance(
    a: &Shape,
    #[wasm_bindgen(js_name = poseA, unchecked_param_type = "Pose")] pose_a: &[f64],
    b: &Shape,
    #[wasm_bindgen(js_name = poseB, unchecked_param_type = "Pose")] pose_b: &[f64],
) -> Result<JsValue, JsError> {
    let mut seen = Seen::new();
    let answer = on_pair!(pair(a, pose_a, b, pose_b)?, |a, b| {
        gjk::trace::distance(&a, &b, &Config::default(), &mut seen).map(|d| js::distance(&d))
    })?;
    STEPS
        .with(|k| js_sys::Reflect::set(&answer, k, &seen.steps))
        .ok();
    Ok(answer)
}

/// The penetration depth of overlapping shapes (`null` inside when they
/// are apart), with GJK's iterations and EPA's last polytope.
#[wasm_bindgen(js_name = tracePenetration, unchecked_return_type = "TracedPenetration")]
pub fn trace_penetration(
    a: &Shape,
    #[wasm_bindgen(js_name = poseA, unchecked_param_type = "Pose")] pose_a: &[f64],
    b: &Shape,
    #[wasm_bindgen(js_name = poseB, unchecked_param_type = "Pose")] pose_b: &[f64],
) -> Result<JsValue, JsError> {
    let mut seen = Seen::new();
    let found = on_pair!(pair(a, pose_a, b, pose_b)?, |a, b| {
        gjk::trace::penetration(&a, &b, &Config::default(), &mut seen)
            .map(|p| penetration(p.as_ref()))
    })?;
    Ok(Obj::new()
        .set(&PENETRATION, found)
        .set(&STEPS, seen.steps)
        .set(&POLYTOPE, seen.polytope)
        .done())
}

/// The point of the placed shape farthest along `direction` (its
/// support point); with `core` set, that of its core (the shape less its
/// radius: a ball's centre, a capsule's segment).
#[wasm_bindgen(unchecked_return_type = "Point")]
pub fn support(
    shape: &Shape,
    #[wasm_bindgen(unchecked_param_type = "Pose")] pose: &[f64],
    #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] direction: &[f64],
    core: Option<bool>,
) -> Result<JsValue, JsError> {
    let found = on_one!(one(shape, pose)?, |s| {
        let d = vector(direction)?;
        point(&farthest(&s, &d, core.unwrap_or(false)))
    });
    Ok(found)
}

fn farthest<const D: usize>(
    s: &impl SupportMap<f64, D>,
    d: &SVector<f64, D>,
    core: bool,
) -> SVector<f64, D> {
    if core {
        s.core_support(d)
    } else {
        s.support(d)
    }
}
