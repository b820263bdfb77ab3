//! Answers as plain JavaScript objects (points as arrays of numbers), and
//! the TypeScript types that describe them.

use gjk::nalgebra::SVector;
use gjk::{Contact, Distance, Status};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** A pose: `[x, y, angle]` or `[x, y]` in 2D; `[x, y, z, qx, qy, qz, qw]`
 * (translation and rotation quaternion, normalised) or `[x, y, z]` in 3D. */
export type Pose = ArrayLike<number>;
/** A point or vector: `[x, y]` or `[x, y, z]`. */
export type Point = number[];
/** Why a query stopped: `"converged"` (the bounds met within the
 * tolerance), `"stalled"` (rounding stopped progress), `"iterationLimit"`,
 * `"outOfCapacity"` (EPA's room); the bounds hold in every case. */
export type Status = "converged" | "stalled" | "iterationLimit" | "outOfCapacity";
/** The answer of `distance`. */
export interface Distance {
  /** The distance (zero when the shapes touch or overlap). */
  distance: number;
  /** A certified lower bound on the distance. */
  lower: number;
  /** A certified upper bound on the distance. */
  upper: number;
  /** The witness point on A (the closest point when apart). */
  pointA: Point;
  /** The witness point on B. */
  pointB: Point;
  /** Unit normal from A towards B; `null` when the cores touch or overlap. */
  normal: Point | null;
  /** GJK iterations. */
  iterations: number;
  status: Status;
}
/** The answer of `contact`: the signed distance (negative: depth). */
export interface Contact {
  /** The gap when apart, minus the depth when overlapping. */
  distance: number;
  /** A certified lower bound on the signed distance. */
  lower: number;
  /** A certified upper bound on the signed distance. */
  upper: number;
  /** Unit normal from A towards B. */
  normal: Point;
  /** The closest point of A, or its point deepest in B. */
  pointA: Point;
  /** The closest point of B, or its point deepest in A. */
  pointB: Point;
  /** GJK plus EPA iterations. */
  iterations: number;
  status: Status;
}
"#;

/// A plain object under construction.
pub struct Obj(Object);

impl Obj {
    /// An empty object.
    pub fn new() -> Self {
        Self(Object::new())
    }

    /// Sets `key` (setting a plain object's own property cannot fail).
    pub fn set(self, key: &str, value: impl Into<JsValue>) -> Self {
        let _ = Reflect::set(&self.0, &JsValue::from_str(key), &value.into());
        self
    }

    /// The object.
    pub fn done(self) -> JsValue {
        self.0.into()
    }
}

/// A vector as an array of numbers.
pub fn point<const D: usize>(v: &SVector<f64, D>) -> JsValue {
    v.iter()
        .map(|&x| JsValue::from_f64(x))
        .collect::<Array>()
        .into()
}

/// A vector, or `null`.
pub fn maybe_point<const D: usize>(v: Option<&SVector<f64, D>>) -> JsValue {
    v.map_or(JsValue::NULL, point)
}

/// The status's name.
pub fn status(s: Status) -> &'static str {
    match s {
        Status::Converged => "converged",
        Status::Stalled => "stalled",
        Status::IterationLimit => "iterationLimit",
        Status::OutOfCapacity => "outOfCapacity",
    }
}

/// A [`Distance`] as its TypeScript interface.
pub fn distance<const D: usize>(d: &Distance<f64, D>) -> JsValue {
    Obj::new()
        .set("distance", d.distance)
        .set("lower", d.lower)
        .set("upper", d.upper)
        .set("pointA", point(&d.point_a))
        .set("pointB", point(&d.point_b))
        .set("normal", maybe_point(d.normal.as_ref()))
        .set("iterations", d.iterations)
        .set("status", status(d.status))
        .done()
}

/// A [`Contact`] as its TypeScript interface, `null` for none.
pub fn contact<const D: usize>(c: Option<&Contact<f64, D>>) -> JsValue {
    let Some(c) = c else {
        return JsValue::NULL;
    };
    Obj::new()
        .set("distance", c.distance)
        .set("lower", c.lower)
        .set("upper", c.upper)
        .set("normal", point(&c.normal))
        .set("pointA", point(&c.point_a))
        .set("pointB", point(&c.point_b))
        .set("iterations", c.iterations)
        .set("status", status(c.status))
        .done()
}
