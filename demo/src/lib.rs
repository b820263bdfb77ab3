//! The browser demo's scene, natively: two 2D shapes, each a kind, two
//! sizes and a pose, made and placed by the `gjk-js` crate exactly as the
//! page (`www/demo.js`) makes and places them through the `gjk-wasm`
//! package, so that `src/bin/check.rs` can reproduce the numbers the page
//! shows.
//!
//! Kinds: 0 a regular polygon (size 1 its radius, size 2 its corner
//! count), 1 a circle (radius), 2 a capsule along x (half length, radius),
//! 3 a box (half width, half height). A pose is `x, y` and an angle in
//! radians.

use core::f64::consts::{FRAC_PI_2, TAU};

use gjk::trace::{self, Observer};
use gjk::{Config, Distance, Penetration};
use gjk_js::pose::{pair, Pair};
use gjk_js::{Failure, Shape};

/// One shape of the scene.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    pub kind: u32,
    pub size: [f64; 2],
    pub x: f64,
    pub y: f64,
    pub angle: f64,
}

/// The package's shape for `body`, and its pose (the package's capsule
/// lies along y: the scene's, along x, is turned a quarter more).
pub fn shape(body: &Body) -> Result<(Shape, [f64; 3]), Failure> {
    let [s1, s2] = body.size;
    let pose = [body.x, body.y, body.angle];
    Ok(match body.kind {
        0 => (Shape::hull2(&polygon(s1, s2))?, pose),
        1 => (Shape::ball2(s1)?, pose),
        2 => (
            Shape::capsule2(s1, s2)?,
            [body.x, body.y, body.angle + FRAC_PI_2],
        ),
        _ => (Shape::box2(s1, s2)?, pose),
    })
}

/// The corners of a regular polygon of `radius` with `corners` corners
/// (3 to 64), flat, as the page computes them.
fn polygon(radius: f64, corners: f64) -> Vec<f64> {
    let n = corners.clamp(3.0, 64.0) as usize;
    (0..n)
        .flat_map(|k| {
            let t = (k as f64 * TAU) / n as f64;
            [radius * t.cos(), radius * t.sin()]
        })
        .collect()
}

/// Sees nothing: the traced queries' answers without their pictures.
struct Blind;

impl Observer<f64, 2> for Blind {}

/// What the page asks: the distance and, with `epa` set and the shapes
/// touching, the penetration (both traced, as the page's are).
pub fn answer(
    bodies: &[Body; 2],
    epa: bool,
) -> Result<(Distance<f64, 2>, Option<Penetration<f64, 2>>), Failure> {
    let (a, pose_a) = shape(&bodies[0])?;
    let (b, pose_b) = shape(&bodies[1])?;
    let Pair::Two(a, b) = pair(&a, &pose_a, &b, &pose_b)? else {
        return Err(Failure::Input("the scene is 2D"));
    };
    let config = Config::default();
    let d = trace::distance(&a, &b, &config, &mut Blind)?;
    let p = if epa && d.distance == 0.0 {
        trace::penetration(&a, &b, &config, &mut Blind)?
    } else {
        None
    };
    Ok((d, p))
}
