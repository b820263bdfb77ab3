//! The browser demo's scene: two 2D shapes, each a kind, two sizes and a
//! pose, queried by gjk. The page calls the `extern "C"` functions of the
//! wasm32 build (no wasm-bindgen: plain numbers in, numbers read back one
//! at a time with [`out`]); `src/bin/check.rs` runs the same scene
//! natively, so that a test can check what the page shows.
//!
//! Kinds: 0 a regular polygon (size 1 its radius, size 2 its corner
//! count), 1 a circle (radius), 2 a capsule (half length, radius), 3 a box
//! (half width, half height). A pose is `x, y` and an angle in radians.

use std::sync::atomic::{AtomicU64, Ordering};

use gjk::nalgebra::{Isometry2, Vector2};
use gjk::trace::{self, EpaPolytope, EpaStep, GjkStep, Observer};
use gjk::{Ball, Capsule, Cuboid, Config, hull::Polygon, ShapeError, SupportMap, Transformed};

/// One shape of the scene.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    pub kind: u32,
    pub size: [f64; 2],
    pub x: f64,
    pub y: f64,
    pub angle: f64,
}

/// A placed shape, whatever its kind.
pub type Shape = Box<dyn SupportMap<f64, 2>>;

/// The shape of `body`, placed.
pub fn shape(body: &Body) -> Result<Shape, ShapeError> {
    let pose = Isometry2::new(Vector2::new(body.x, body.y), body.angle);
    let [s1, s2] = body.size;
    Ok(match body.kind {
        0 => {
            let n = s2.clamp(3.0, 64.0) as usize;
            let corners: Vec<Vector2<f64>> = (0..n)
                .map(|k| {
                    let t = k as f64 * core::f64::consts::TAU / n as f64;
                    Vector2::new(s1 * t.cos(), s1 * t.sin())
                })
                .collect();
            Box::new(Transformed::from_isometry(Polygon::new(corners)?, &pose))
        }
        1 => Box::new(Ball::new(Vector2::new(body.x, body.y), s1)?),
        2 => {
            let half = pose.rotation * Vector2::new(s1, 0.0);
            let c = Vector2::new(body.x, body.y);
            Box::new(Capsule::new(c - half, c + half, s2)?)
        }
        _ => Box::new(Transformed::from_isometry(
            Cuboid::new(Vector2::new(s1, s2))?,
            &pose,
        )),
    })
}

/// Directions sampled for an outline.
pub const OUTLINE: usize = 96;

/// What the page draws and shows.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    /// `gjk::distance`: the distance, witnesses, normal, status and
    /// iterations.
    pub distance: f64,
    pub lower: f64,
    pub point_a: [f64; 2],
    pub point_b: [f64; 2],
    pub normal: [f64; 2],
    pub status: String,
    pub iterations: u32,
    /// `gjk::penetration` when asked for and the shapes overlap.
    pub depth: Option<Depth>,
    /// GJK's simplices (points of `A − B` of the cores) and closest points.
    pub simplices: Vec<(Vec<[f64; 2]>, [f64; 2])>,
    /// EPA's last polytope, as edges of `A − B`.
    pub polytope: Vec<[[f64; 2]; 2]>,
    /// Outlines of A, B and `A − B` (cores).
    pub outlines: [Vec<[f64; 2]>; 3],
}

/// What `gjk::penetration` answered.
#[derive(Clone, Copy, Debug)]
pub struct Depth {
    pub depth: f64,
    pub point_a: [f64; 2],
    pub point_b: [f64; 2],
    pub normal: [f64; 2],
}

#[derive(Default)]
struct Steps {
    simplices: Vec<(Vec<[f64; 2]>, [f64; 2])>,
    polytope: Vec<[[f64; 2]; 2]>,
}

fn xy(v: &Vector2<f64>) -> [f64; 2] {
    [v.x, v.y]
}

impl Observer<f64, 2> for Steps {
    fn gjk_step(&mut self, step: &GjkStep<f64, 2>) {
        let points = step.simplex.iter().map(|(p, _)| xy(&p.w)).collect();
        self.simplices
            .push((points, xy(&step.simplex.closest_point())));
    }
    fn epa_step(&mut self, _: &EpaStep<f64, 2>, polytope: &dyn EpaPolytope<f64, 2>) {
        self.polytope.clear();
        polytope.for_each_facet(&mut |p, _| self.polytope.push([xy(&p[0]), xy(&p[1])]));
    }
}

/// Runs the scene's queries: `distance` (traced), and `penetration`
/// (traced, its EPA polytope kept) when `epa` is set and the shapes touch.
pub fn answer(bodies: &[Body; 2], epa: bool) -> Result<Answer, String> {
    let a = shape(&bodies[0]).map_err(|e| format!("{e:?}"))?;
    let b = shape(&bodies[1]).map_err(|e| format!("{e:?}"))?;
    let config = Config::<f64, _>::default();
    let mut steps = Steps::default();
    let d = trace::distance(&*a, &*b, &config, &mut steps).map_err(|e| format!("{e:?}"))?;
    let mut out = Answer {
        distance: d.distance,
        lower: d.lower,
        point_a: xy(&d.point_a),
        point_b: xy(&d.point_b),
        normal: d.normal.map_or([0.0; 2], |n| xy(&n)),
        status: format!("{:?}", d.status),
        iterations: d.iterations,
        ..Answer::default()
    };
    if epa && d.distance == 0.0 {
        let mut steps = Steps::default();
        let p = trace::penetration(&*a, &*b, &config, &mut steps).map_err(|e| format!("{e:?}"))?;
        if let Some(p) = p {
            out.depth = Some(Depth {
                depth: p.depth,
                point_a: xy(&p.point_a),
                point_b: xy(&p.point_b),
                normal: xy(&p.normal),
            });
        }
        out.polytope = steps.polytope;
        out.simplices = steps.simplices;
    } else {
        out.simplices = steps.simplices;
    }
    let around = |f: &dyn Fn(&Vector2<f64>) -> Vector2<f64>| -> Vec<[f64; 2]> {
        (0..OUTLINE)
            .map(|k| {
                let t = k as f64 * core::f64::consts::TAU / OUTLINE as f64;
                xy(&f(&Vector2::new(t.cos(), t.sin())))
            })
            .collect()
    };
    out.outlines = [
        around(&|u| a.support(u)),
        around(&|u| b.support(u)),
        around(&|u| a.core_support(u) - b.core_support(&-u)),
    ];
    Ok(out)
}

// ---------------------------------------------------------------------------
// The module's interface for the page
// ---------------------------------------------------------------------------

/// Room for one answer's numbers.
const ROOM: usize = 8192;

static BODIES: [AtomicU64; 12] = [const { AtomicU64::new(0) }; 12];
static OUT: [AtomicU64; ROOM] = [const { AtomicU64::new(0) }; ROOM];
static LEN: AtomicU64 = AtomicU64::new(0);

fn load(i: usize) -> f64 {
    BODIES
        .get(i)
        .map_or(0.0, |v| f64::from_bits(v.load(Ordering::Relaxed)))
}

/// The answer as the page reads it, number by number: distance, lower
/// bound, witnesses, normal, iterations, status (0 converged, 1 other),
/// depth (NaN without), its points and normal; then the counts of
/// simplices, polytope edges and outline points, and those in turn.
pub fn flatten(a: &Answer) -> Vec<f64> {
    let mut v = vec![a.distance, a.lower];
    v.extend(a.point_a.iter().chain(&a.point_b).chain(&a.normal));
    v.push(f64::from(a.iterations));
    v.push(if a.status == "Converged" { 0.0 } else { 1.0 });
    match a.depth {
        Some(d) => {
            v.push(d.depth);
            v.extend(d.point_a.iter().chain(&d.point_b).chain(&d.normal));
        }
        None => v.extend([f64::NAN; 7]),
    }
    v.extend([a.simplices.len(), a.polytope.len(), OUTLINE].map(|n| n as f64));
    for (points, closest) in &a.simplices {
        v.push(points.len() as f64);
        for i in 0..3 {
            v.extend(points.get(i).unwrap_or(&[0.0; 2]));
        }
        v.extend(closest);
    }
    for [p, q] in &a.polytope {
        v.extend(p.iter().chain(q));
    }
    for outline in &a.outlines {
        for p in outline {
            v.extend(p);
        }
    }
    v
}

/// Sets body `i` (0 or 1).
#[unsafe(no_mangle)]
pub extern "C" fn set_body(i: u32, kind: u32, size1: f64, size2: f64, x: f64, y: f64, angle: f64) {
    let base = 6 * (i.min(1) as usize);
    for (k, v) in [f64::from(kind), size1, size2, x, y, angle]
        .into_iter()
        .enumerate()
    {
        BODIES[base + k].store(v.to_bits(), Ordering::Relaxed);
    }
}

/// The scene as set.
pub fn bodies() -> [Body; 2] {
    [0, 6].map(|b| Body {
        kind: load(b) as u32,
        size: [load(b + 1), load(b + 2)],
        x: load(b + 3),
        y: load(b + 4),
        angle: load(b + 5),
    })
}

/// Runs the queries on the scene; returns how many numbers [`out`] holds,
/// or −1 when a shape or a query refused (the numbers are then stale).
#[unsafe(no_mangle)]
pub extern "C" fn run(epa: u32) -> i32 {
    let Ok(answer) = answer(&bodies(), epa != 0) else {
        return -1;
    };
    let numbers = flatten(&answer);
    let len = numbers.len().min(ROOM);
    for (slot, v) in OUT.iter().zip(&numbers) {
        slot.store(v.to_bits(), Ordering::Relaxed);
    }
    LEN.store(len as u64, Ordering::Relaxed);
    len as i32
}

/// Number `i` of the last answer.
#[unsafe(no_mangle)]
pub extern "C" fn out(i: u32) -> f64 {
    OUT.get(i as usize)
        .map_or(f64::NAN, |v| f64::from_bits(v.load(Ordering::Relaxed)))
}
