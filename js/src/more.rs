//! Contact manifolds and casts (feature `more`).

use gjk::nalgebra::SVector;
use gjk::{Config, Manifold, RayHit, ShapeHit, Side, Status};
use js_sys::{Array, BigInt};
use wasm_bindgen::prelude::*;

use crate::js::{maybe_point, point, status, Key, Obj};
use crate::js::{
    DISTANCE, ID_A, ID_B, ITERATIONS, LOWER, NORMAL, POINT, POINTS, POINT_A, POINT_B, REFERENCE,
    REFERENCE_FACE, STATUS, TIME, UPPER,
};
use crate::pose::{one, pair, vector};
use crate::shape::Shape;
use crate::{on_one, on_pair};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** One point of a contact manifold. */
export interface ManifoldPoint {
  /** The point on A's surface. */
  pointA: Point;
  /** The point on B's surface: `pointB − pointA = distance · normal`. */
  pointB: Point;
  /** Signed distance along the normal (negative: overlap there). */
  distance: number;
  /** The feature of A the point comes from (a stable id for warm starts). */
  idA: bigint;
  /** The feature of B the point comes from. */
  idB: bigint;
}
/** The answer of `contactManifold`: up to four points sharing one normal. */
export interface Manifold {
  /** Unit normal from A towards B. */
  normal: Point;
  status: Status;
  /** The shape whose face the points were clipped against. */
  reference: "A" | "B";
  /** The id of the reference face. */
  referenceFace: number;
  points: ManifoldPoint[];
}
/** The answer of `rayCast`. */
export interface RayHit {
  /** The first hit is `origin + t · direction`; 0 when the ray starts inside. */
  t: number;
  /** A certified lower bound on `t`. */
  lower: number;
  /** An upper bound on `t` (equal to `t` when converged). */
  upper: number;
  /** The hit point. */
  point: Point;
  /** The outward unit normal there; `null` when the ray starts inside the core. */
  normal: Point | null;
  iterations: number;
  status: Status;
}
/** The answer of `shapeCast`: B moved by `t · velocity` first touches A. */
export interface ShapeHit {
  /** The time of first contact. */
  t: number;
  /** A certified lower bound on `t`. */
  lower: number;
  /** An upper bound on `t`. */
  upper: number;
  /** The witness on A at contact. */
  pointA: Point;
  /** The witness on B (moved) at contact. */
  pointB: Point;
  /** Unit normal from A towards B; `null` when the cores already overlap. */
  normal: Point | null;
  iterations: number;
  status: Status;
}
"#;

/// The points of a manifold, each an object.
fn manifold_points<const D: usize>(m: &Manifold<f64, D>) -> Array {
    m.points()
        .map(|p| {
            Obj::new()
                .set(&POINT_A, point(&p.point_a))
                .set(&POINT_B, point(&p.point_b))
                .set(&DISTANCE, p.distance)
                .set(&ID_A, BigInt::from(p.id_a))
                .set(&ID_B, BigInt::from(p.id_b))
                .done()
        })
        .collect()
}

fn manifold<const D: usize>(m: Option<&Manifold<f64, D>>) -> JsValue {
    let Some(m) = m else {
        return JsValue::NULL;
    };
    let reference = match m.reference {
        Side::A => "A",
        Side::B => "B",
    };
    Obj::new()
        .set(&NORMAL, point(&m.normal))
        .set(&STATUS, status(m.status))
        .set(&REFERENCE, reference)
        .set(&REFERENCE_FACE, m.reference_face)
        .set(&POINTS, manifold_points(m))
        .done()
}

/// A cast's hit: `t` and its bounds, the named points, the normal.
fn hit<const D: usize>(
    [t, lower, upper]: [f64; 3],
    points: &[(&'static Key, &SVector<f64, D>)],
    normal: Option<&SVector<f64, D>>,
    (iterations, s): (u32, Status),
) -> JsValue {
    let head = Obj::new()
        .set(&TIME, t)
        .set(&LOWER, lower)
        .set(&UPPER, upper);
    let with_points = points.iter().fold(head, |o, (k, p)| o.set(k, point(p)));
    with_points
        .set(&NORMAL, maybe_point(normal))
        .set(&ITERATIONS, iterations)
        .set(&STATUS, status(s))
        .done()
}

fn ray_hit<const D: usize>(h: Option<&RayHit<f64, D>>) -> JsValue {
    h.map_or(JsValue::NULL, |h| {
        let points = &[(&POINT, &h.point)];
        hit(
            [h.t, h.lower, h.upper],
            points,
            h.normal.as_ref(),
            (h.iterations, h.status),
        )
    })
}

fn shape_hit<const D: usize>(h: Option<&ShapeHit<f64, D>>) -> JsValue {
    h.map_or(JsValue::NULL, |h| {
        let points = &[(&POINT_A, &h.point_a), (&POINT_B, &h.point_b)];
        hit(
            [h.t, h.lower, h.upper],
            points,
            h.normal.as_ref(),
            (h.iterations, h.status),
        )
    })
}

/// The contact points a solver needs when the shapes touch along a face
/// (up to four, with their depths and feature ids), within
/// `maxSeparation` (default 0); `null` when proven farther apart.
#[wasm_bindgen(js_name = contactManifold, unchecked_return_type = "Manifold | null")]
pub fn contact_manifold(
    a: &Shape,
    #[wasm_bindgen(js_name = poseA, unchecked_param_type = "Pose")] pose_a: &[f64],
    b: &Shape,
    #[wasm_bindgen(js_name = poseB, unchecked_param_type = "Pose")] pose_b: &[f64],
    #[wasm_bindgen(js_name = maxSeparation)] max_separation: Option<f64>,
) -> Result<JsValue, JsError> {
    let cutoff = max_separation.unwrap_or(0.0);
    let answer = on_pair!(pair(a, pose_a, b, pose_b)?, |a, b| {
        gjk::contact_manifold(&a, &b, cutoff, &Config::default()).map(|m| manifold(m.as_ref()))
    })?;
    Ok(answer)
}

/// The first hit of the ray `origin + t · direction`, `0 ≤ t ≤ maxT`, on
/// the placed shape; `null` when a miss is proven.
#[wasm_bindgen(js_name = rayCast, unchecked_return_type = "RayHit | null")]
pub fn ray_cast(
    shape: &Shape,
    #[wasm_bindgen(unchecked_param_type = "Pose")] pose: &[f64],
    #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] origin: &[f64],
    #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] direction: &[f64],
    #[wasm_bindgen(js_name = maxT)] max_t: f64,
) -> Result<JsValue, JsError> {
    let answer = on_one!(one(shape, pose)?, |s| {
        let (o, d) = (vector(origin)?, vector(direction)?);
        gjk::ray_cast(&s, o, d, max_t, &Config::default()).map(|h| ray_hit(h.as_ref()))
    })?;
    Ok(answer)
}

/// The first time `t ≤ maxT` at which B, moved by `t · velocity` (B's
/// velocity relative to A), touches A; `null` when it provably does not.
#[wasm_bindgen(js_name = shapeCast, unchecked_return_type = "ShapeHit | null")]
pub fn shape_cast(
    a: &Shape,
    #[wasm_bindgen(js_name = poseA, unchecked_param_type = "Pose")] pose_a: &[f64],
    b: &Shape,
    #[wasm_bindgen(js_name = poseB, unchecked_param_type = "Pose")] pose_b: &[f64],
    #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] velocity: &[f64],
    #[wasm_bindgen(js_name = maxT)] max_t: f64,
) -> Result<JsValue, JsError> {
    let answer = on_pair!(pair(a, pose_a, b, pose_b)?, |a, b| {
        let v = vector(velocity)?;
        gjk::shape_cast(&a, &b, v, max_t, &Config::default()).map(|h| shape_hit(h.as_ref()))
    })?;
    Ok(answer)
}
