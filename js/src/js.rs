//! Answers as plain JavaScript objects (points as arrays of numbers), and
//! the TypeScript types that describe them.

use gjk::nalgebra::SVector;
use gjk::{Contact, Distance, Status};
use js_sys::{Array, JsString, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsThreadLocal;

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

/// Declares JavaScript strings made once, when the module starts: a key
/// given as a Rust `&str` would be decoded into a new JavaScript string on
/// every answer.
macro_rules! keys {
    ($($name:ident = $text:tt,)*) => {
        /// The strings (a build without `more` or `trace` leaves some
        /// unused).
        #[allow(dead_code)]
        mod key {
            use js_sys::JsString;
            use wasm_bindgen::prelude::*;

            #[wasm_bindgen]
            extern "C" {
                $(
                    #[wasm_bindgen(thread_local_v2, static_string)]
                    pub static $name: JsString = $text;
                )*
            }
        }
        #[allow(unused_imports)]
        pub use key::{$($name),*};
    };
}

keys! {
    CLOSEST = "closest",
    DEPTH = "depth",
    DISTANCE = "distance",
    ID_A = "idA",
    ID_B = "idB",
    ITERATIONS = "iterations",
    LOWER = "lower",
    NORMAL = "normal",
    PENETRATION = "penetration",
    POINT = "point",
    POINT_A = "pointA",
    POINT_B = "pointB",
    POINTS = "points",
    POLYTOPE = "polytope",
    REFERENCE = "reference",
    REFERENCE_FACE = "referenceFace",
    STATUS = "status",
    STEPS = "steps",
    TIME = "t",
    UPPER = "upper",
    CONVERGED = "converged",
    STALLED = "stalled",
    ITERATION_LIMIT = "iterationLimit",
    OUT_OF_CAPACITY = "outOfCapacity",
}

/// A property name (or a status), made once.
pub type Key = JsThreadLocal<JsString>;

/// A plain object under construction.
pub struct Obj(Object);

impl Obj {
    /// An empty object.
    pub fn new() -> Self {
        Self(Object::new())
    }

    /// Sets `key` (setting a plain object's own property cannot fail).
    pub fn set(self, key: &'static Key, value: impl Into<JsValue>) -> Self {
        let value = value.into();
        key.with(|k| {
            let _ = Reflect::set(&self.0, k, &value);
        });
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
pub fn status(s: Status) -> JsValue {
    let name = match s {
        Status::Converged => &CONVERGED,
        Status::Stalled => &STALLED,
        Status::IterationLimit => &ITERATION_LIMIT,
        Status::OutOfCapacity => &OUT_OF_CAPACITY,
    };
    name.with(|n| n.clone().into())
}

/// A [`Distance`] as its TypeScript interface.
pub fn distance<const D: usize>(d: &Distance<f64, D>) -> JsValue {
    Obj::new()
        .set(&DISTANCE, d.distance)
        .set(&LOWER, d.lower)
        .set(&UPPER, d.upper)
        .set(&POINT_A, point(&d.point_a))
        .set(&POINT_B, point(&d.point_b))
        .set(&NORMAL, maybe_point(d.normal.as_ref()))
        .set(&ITERATIONS, d.iterations)
        .set(&STATUS, status(d.status))
        .done()
}

/// A [`Contact`] as its TypeScript interface, `null` for none.
pub fn contact<const D: usize>(c: Option<&Contact<f64, D>>) -> JsValue {
    let Some(c) = c else {
        return JsValue::NULL;
    };
    Obj::new()
        .set(&DISTANCE, c.distance)
        .set(&LOWER, c.lower)
        .set(&UPPER, c.upper)
        .set(&NORMAL, point(&c.normal))
        .set(&POINT_A, point(&c.point_a))
        .set(&POINT_B, point(&c.point_b))
        .set(&ITERATIONS, c.iterations)
        .set(&STATUS, status(c.status))
        .done()
}
