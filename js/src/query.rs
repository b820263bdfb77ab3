//! The queries between two placed shapes: `intersects`, `distance` and
//! `contact` (the size-first core of the package; manifolds and casts are
//! in [`crate::more`]).

use gjk::Config;
use wasm_bindgen::prelude::*;

use crate::js;
use crate::on_pair;
use crate::pose::pair;
use crate::shape::Shape;

/// Whether the shapes overlap or touch, decided from certified bounds.
/// Throws on invalid input (NaN poses, shapes of two dimensions) or when
/// the iteration cap leaves the answer undecided.
#[cfg(feature = "more")]
#[wasm_bindgen]
pub fn intersects(
    a: &Shape,
    #[wasm_bindgen(js_name = poseA, unchecked_param_type = "Pose")] pose_a: &[f64],
    b: &Shape,
    #[wasm_bindgen(js_name = poseB, unchecked_param_type = "Pose")] pose_b: &[f64],
) -> Result<bool, JsError> {
    let hit = on_pair!(pair(a, pose_a, b, pose_b)?, |a, b| {
        gjk::intersects(&a, &b, &Config::default())
    })?;
    Ok(hit)
}

/// The distance between the shapes, their closest points, the normal and
/// certified bounds (`lower ≤ distance ≤ upper`).
#[wasm_bindgen(unchecked_return_type = "Distance")]
pub fn distance(
    a: &Shape,
    #[wasm_bindgen(js_name = poseA, unchecked_param_type = "Pose")] pose_a: &[f64],
    b: &Shape,
    #[wasm_bindgen(js_name = poseB, unchecked_param_type = "Pose")] pose_b: &[f64],
) -> Result<JsValue, JsError> {
    let answer = on_pair!(pair(a, pose_a, b, pose_b)?, |a, b| {
        gjk::distance(&a, &b, &Config::default()).map(|d| js::distance(&d))
    })?;
    Ok(answer)
}

/// The contact between the shapes: the signed distance (negative when they
/// overlap: minus the penetration depth, by EPA), the normal from A to B
/// and a point on each; `null` when they are proven farther apart than
/// `maxSeparation` (default 0).
#[wasm_bindgen(unchecked_return_type = "Contact | null")]
pub fn contact(
    a: &Shape,
    #[wasm_bindgen(js_name = poseA, unchecked_param_type = "Pose")] pose_a: &[f64],
    b: &Shape,
    #[wasm_bindgen(js_name = poseB, unchecked_param_type = "Pose")] pose_b: &[f64],
    #[wasm_bindgen(js_name = maxSeparation)] max_separation: Option<f64>,
) -> Result<JsValue, JsError> {
    let cutoff = max_separation.unwrap_or(0.0);
    let answer = on_pair!(pair(a, pose_a, b, pose_b)?, |a, b| {
        gjk::contact(&a, &b, cutoff, &Config::default()).map(|c| js::contact(c.as_ref()))
    })?;
    Ok(answer)
}
