//! Structured inputs shared by the fuzz targets and the quickcheck properties.
//!
//! Each input is a small recipe that decodes into concrete point sets,
//! margins, poses and query settings. The recipes aim at the cases that break
//! geometry kernels: point clouds spread along one or two directions with a
//! tiny perturbation (nearly collinear, nearly coplanar), repeated points,
//! scales from 1e-6 to 1e6 and beyond, a second shape placed so that it just
//! touches the first along a chosen direction (± a tiny gap), and raw float
//! bit patterns (NaN, infinities, subnormals).
//!
//! Under `cargo fuzz` (`cfg(fuzzing)`) the types derive `arbitrary::Arbitrary`;
//! the quickcheck properties build the same types from bounded values.

/// Largest number of points taken from one cloud for a hull or a simplex.
pub const MAX_HULL_POINTS: usize = 16;

/// Largest number of polygon vertices (above 16 the polygon's support map
/// switches to its binary search).
pub const MAX_POLYGON_VERTICES: usize = 48;

/// A number: mostly small fixed-point values, sometimes a special value or a
/// raw bit pattern.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// `i / 256`.
    Small(i16),
    /// An entry of [`SPECIALS`].
    Special(u8),
    /// Any `f64`, NaN and infinities included.
    Bits(u64),
}

/// Values that tend to matter: zeros, units, the edges of both precisions.
pub const SPECIALS: [f64; 18] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    1e-6,
    1e6,
    0.5,
    f64::EPSILON,
    f32::EPSILON as f64,
    1e-30,
    1e30,
    f32::MAX as f64,
    f64::MAX,
    f64::MIN_POSITIVE,
    5e-324,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
];

/// Number of leading finite entries of [`SPECIALS`] that stay in a sane range
/// (used by the bounded generators).
pub const SANE_SPECIALS: usize = 9;

impl Num {
    /// The value.
    pub fn value(self) -> f64 {
        match self {
            Num::Small(i) => f64::from(i) / 256.0,
            Num::Special(k) => SPECIALS[usize::from(k) % SPECIALS.len()],
            Num::Bits(b) => f64::from_bits(b),
        }
    }
}

/// Scalar type of a query.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prec {
    /// `f32`.
    F32,
    /// `f64`.
    F64,
}

/// Dimension of a query.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dim {
    /// The plane.
    D2,
    /// Space.
    D3,
    /// Four dimensions.
    D4,
}

/// One point of a cloud.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub enum PointSpec {
    /// `center + scale · (Σ cₖ/127 · dirₖ + noise · n/127)`.
    Mix([i8; 4], [i8; 4]),
    /// A copy of an earlier point (index modulo the count so far).
    Duplicate(u8),
    /// Raw coordinates.
    Raw([Num; 4]),
}

/// A point cloud: points near an affine subspace of `span` directions.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub struct Cloud {
    /// Centre of the cloud.
    pub center: [Num; 4],
    /// Size: `10^e` for `|e| ≤ 6`, `2^(8e)` beyond (extreme exponents).
    pub scale_exp: i8,
    /// Number of spanning directions, `1 + span % D`.
    pub span: u8,
    /// The spanning directions (normalised; a zero one becomes an axis).
    pub dirs: [[i8; 4]; 4],
    /// Relative size of the off-subspace noise, `10^-(e % 17)`; 16 means none.
    pub noise_exp: u8,
    /// The points (at least one is always produced).
    pub points: Vec<PointSpec>,
}

/// Where the second shape goes.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub enum Placement {
    /// Left where its cloud put it.
    AsIs,
    /// Translated.
    Shift([Num; 4]),
    /// Translated along `dir` so that its support plane meets A's, then moved
    /// by `gap/127 · 10^-(gap_exp % 17) · L` along `dir` (`16`: exactly
    /// touching, up to rounding).
    Touch {
        /// Direction from A towards B.
        dir: [i8; 4],
        /// Signed gap numerator.
        gap: i8,
        /// Gap exponent.
        gap_exp: u8,
    },
}

/// Query settings.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub struct ConfigSpec {
    /// Iteration cap (`None`: the default).
    pub max_iterations: Option<u8>,
    /// Relative tolerance (`None`: the default).
    pub tolerance: Option<Num>,
    /// First search direction.
    pub initial: Option<[Num; 4]>,
}

/// Two shapes (convex hulls with optional rounding) and the query settings.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub struct PairInput {
    /// Scalar type.
    pub prec: Prec,
    /// Dimension.
    pub dim: Dim,
    /// Shape A.
    pub a: Cloud,
    /// Shape B, before placement.
    pub b: Cloud,
    /// Placement of B.
    pub place: Placement,
    /// Rounding radius of A.
    pub margin_a: Option<Num>,
    /// Rounding radius of B.
    pub margin_b: Option<Num>,
    /// Settings.
    pub config: ConfigSpec,
}

/// A 2D polygon recipe: vertices on an ellipse at increasing angles.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub struct PolygonSpec {
    /// Centre.
    pub center: [Num; 2],
    /// Size exponent, as for [`Cloud::scale_exp`].
    pub scale_exp: i8,
    /// Semi-axes relative to the size, `(1 + r) / 256`.
    pub radii: (u8, u8),
    /// Rotation of the ellipse, in 1/65536 turns.
    pub turn: u16,
    /// Angle increments (the last closes the loop).
    pub steps: Vec<u8>,
    /// Per-vertex perturbation, `n/127 · 10^-(noise_exp % 17) · size`.
    pub noise: Vec<[i8; 2]>,
    /// Noise exponent (16: none).
    pub noise_exp: u8,
    /// Vertex indices to repeat in place.
    pub repeat: Vec<u8>,
    /// List the vertices clockwise instead.
    pub reverse: bool,
}

/// A matrix recipe for [`gjk::Transformed::new`]. Plain data, sized for the
/// fuzzer's input, not boxed.
#[allow(clippy::large_enum_variant)]
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub enum MatrixSpec {
    /// A product of Givens rotations (angles in 1/65536 turns), optionally a
    /// reflection, then every entry moved by `n/127 · 10^-(e % 17)`.
    Rotation {
        /// One angle per pair of axes (the first `D(D-1)/2` are used).
        angles: [u16; 6],
        /// Flip the first column.
        reflect: bool,
        /// Entry perturbations (row-major).
        perturb: [i8; 16],
        /// Perturbation exponent (16: none).
        perturb_exp: u8,
    },
    /// Any entries (row-major).
    Raw([Num; 16]),
}

/// What the shapes target builds (plain data, not boxed).
#[allow(clippy::large_enum_variant)]
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub enum ShapeInput {
    /// `Scanned::new` on a cloud, queried against a second one.
    Hull {
        /// Scalar type.
        prec: Prec,
        /// Dimension.
        dim: Dim,
        /// The hull.
        cloud: Cloud,
        /// The other shape of a distance query.
        other: Cloud,
        /// Extra probe direction.
        probe: [i8; 4],
    },
    /// `Polygon::new`, compared with the hull of the same vertices.
    Polygon {
        /// Scalar type.
        prec: Prec,
        /// The polygon.
        spec: PolygonSpec,
        /// The other shape of a distance query.
        other: Cloud,
        /// Extra probe direction.
        probe: [i8; 2],
    },
    /// `Transformed::new` on a hull, compared with the hull of the mapped
    /// points.
    Transformed {
        /// Scalar type.
        prec: Prec,
        /// Dimension.
        dim: Dim,
        /// The shape to move.
        cloud: Cloud,
        /// The matrix.
        matrix: MatrixSpec,
        /// The translation.
        translation: [Num; 4],
        /// The other shape of a distance query.
        other: Cloud,
    },
}

/// How the bare simplex is driven.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimplexOp {
    /// Push everything, then `closest_point_full`.
    Full,
    /// Push everything, then `reduce`.
    Reduce,
    /// Push and `reduce` one point at a time, as GJK does.
    Incremental,
}

/// Points pushed into a bare `Simplex`.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub struct SimplexInput {
    /// Scalar type.
    pub prec: Prec,
    /// Dimension.
    pub dim: Dim,
    /// The points (the first `D + 2` are pushed; the last push must fail
    /// when the simplex is full).
    pub cloud: Cloud,
    /// What to call.
    pub op: SimplexOp,
}

/// How one shape of a warm-start sequence is placed at a step.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub enum PoseSpec {
    /// Where it was at its previous step.
    Keep,
    /// Moved a little from there: turned by `n/127 · 0.1` rad in each plane
    /// of axes, shifted by `n/127 · 0.1` of the shape's size along each axis.
    Nudge {
        /// One angle per pair of axes (the first `D(D-1)/2` are used).
        angles: [i8; 6],
        /// Shift per axis.
        shift: [i8; 4],
    },
    /// Anywhere: a rotation (angles in 1/65536 turns) and a translation.
    Jump {
        /// One angle per pair of axes.
        angles: [u16; 6],
        /// The translation.
        translation: [Num; 4],
    },
}

/// One query of a warm-start sequence, on two of the sequence's shapes.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub struct WarmStep {
    /// The shapes queried, in this order (indices modulo [`WARM_SHAPES`]; the
    /// same shape may appear on both sides).
    pub pair: (u8, u8),
    /// The new pose of the first shape.
    pub first: PoseSpec,
    /// The new pose of the second shape.
    pub second: PoseSpec,
    /// `distance_cached` (even) or `intersects_cached` (odd).
    pub query: u8,
}

/// Number of shapes in a warm-start sequence.
pub const WARM_SHAPES: usize = 3;

/// Longest warm-start sequence run.
pub const MAX_WARM_STEPS: usize = 12;

/// A sequence of cached queries through one cache (one per query kind) on
/// shapes that move, swap sides and change: every answer must be the cold
/// one.
#[cfg_attr(fuzzing, derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq)]
pub struct WarmInput {
    /// Scalar type.
    pub prec: Prec,
    /// Dimension.
    pub dim: Dim,
    /// The shapes: hulls of these clouds, placed by `Transformed`.
    pub shapes: [Cloud; WARM_SHAPES],
    /// Their rounding radii.
    pub margins: [Option<Num>; WARM_SHAPES],
    /// The queries, in order (at most [`MAX_WARM_STEPS`]).
    pub steps: Vec<WarmStep>,
    /// Settings.
    pub config: ConfigSpec,
}

// ---------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------

/// The size `10^e` (|e| ≤ 6) or `2^(8e)`.
pub fn scale_of_exp(e: i8) -> f64 {
    if (-6..=6).contains(&e) {
        10f64.powi(i32::from(e))
    } else {
        2f64.powi(8 * i32::from(e))
    }
}

/// `10^-(e % 17)`, and zero for 16.
pub fn small_of_exp(e: u8) -> f64 {
    let k = e % 17;
    if k == 16 {
        0.0
    } else {
        10f64.powi(-i32::from(k))
    }
}

/// The first `D` entries of `xs` as a vector.
pub fn vec_of<const D: usize>(xs: &[f64; 4]) -> [f64; D] {
    core::array::from_fn(|i| xs[i])
}

/// A unit vector from small integers (`fallback` axis when zero).
pub fn unit_of<const D: usize>(xs: &[i8; 4], fallback: usize) -> [f64; D] {
    let v: [f64; D] = core::array::from_fn(|i| f64::from(xs[i]));
    let n = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    if n > 0.0 {
        v.map(|x| x / n)
    } else {
        core::array::from_fn(|i| if i == fallback % D { 1.0 } else { 0.0 })
    }
}

impl Cloud {
    /// The points in `f64` (at least one, at most `max`).
    pub fn points<const D: usize>(&self, max: usize) -> Vec<[f64; D]> {
        let center: [f64; D] = vec_of(&self.center.map(Num::value));
        let scale = scale_of_exp(self.scale_exp);
        let span = 1 + usize::from(self.span) % D;
        let dirs: Vec<[f64; D]> = (0..span).map(|k| unit_of(&self.dirs[k], k)).collect();
        let noise = small_of_exp(self.noise_exp);
        let mut out: Vec<[f64; D]> = Vec::new();
        for spec in self.points.iter().take(max) {
            let p = match spec {
                PointSpec::Mix(c, n) => core::array::from_fn(|i| {
                    let along: f64 = dirs
                        .iter()
                        .enumerate()
                        .map(|(k, d)| f64::from(c[k]) / 127.0 * d[i])
                        .sum();
                    center[i] + scale * (along + noise * f64::from(n[i]) / 127.0)
                }),
                PointSpec::Duplicate(k) if !out.is_empty() => out[usize::from(*k) % out.len()],
                PointSpec::Duplicate(_) => center,
                PointSpec::Raw(xs) => vec_of(&xs.map(Num::value)),
            };
            out.push(p);
        }
        if out.is_empty() {
            out.push(center);
        }
        out
    }
}

impl PolygonSpec {
    /// The vertices in `f64`, and whether the recipe is a clean convex
    /// counter-clockwise polygon (no noise, no reversal, at least three
    /// vertices) together with its smallest angle step and semi-axis.
    pub fn vertices(&self) -> (Vec<[f64; 2]>, Option<(f64, f64)>) {
        let center = [self.center[0].value(), self.center[1].value()];
        let size = scale_of_exp(self.scale_exp);
        let (rx, ry) = (
            (1.0 + f64::from(self.radii.0)) / 256.0 * size,
            (1.0 + f64::from(self.radii.1)) / 256.0 * size,
        );
        let steps: Vec<f64> = self
            .steps
            .iter()
            .take(MAX_POLYGON_VERTICES + 1)
            .map(|&s| 1.0 + f64::from(s))
            .collect();
        let total: f64 = steps.iter().sum();
        let n = steps.len().saturating_sub(1);
        let tau = core::f64::consts::TAU;
        let (sin0, cos0) = (f64::from(self.turn) / 65536.0 * tau).sin_cos();
        let noise = small_of_exp(self.noise_exp) * size;
        let mut out = Vec::with_capacity(n);
        let mut angle = 0.0;
        for (k, step) in steps.iter().take(n).enumerate() {
            angle += step / total * tau;
            let (s, c) = angle.sin_cos();
            let (x, y) = (rx * c, ry * s);
            let jitter = self.noise.get(k).copied().unwrap_or([0, 0]);
            out.push([
                center[0] + cos0 * x - sin0 * y + noise * f64::from(jitter[0]) / 127.0,
                center[1] + sin0 * x + cos0 * y + noise * f64::from(jitter[1]) / 127.0,
            ]);
        }
        let mut with_repeats = Vec::with_capacity(out.len() + self.repeat.len());
        for (k, p) in out.iter().enumerate() {
            with_repeats.push(*p);
            if self.repeat.iter().any(|&r| usize::from(r) == k) {
                with_repeats.push(*p);
            }
        }
        let perturbed = noise != 0.0 && self.noise.iter().take(n).any(|j| *j != [0, 0]);
        let clean = n >= 3 && !perturbed && !self.reverse;
        let min_step = steps.iter().fold(f64::INFINITY, |m, &s| m.min(s)) / total * tau;
        let mut vertices = with_repeats;
        if self.reverse {
            vertices.reverse();
        }
        (vertices, clean.then_some((min_step, rx.min(ry))))
    }
}

impl MatrixSpec {
    /// The matrix entries (row-major, `D × D`).
    pub fn entries<const D: usize>(&self) -> [[f64; D]; D] {
        match self {
            MatrixSpec::Raw(xs) => {
                core::array::from_fn(|i| core::array::from_fn(|j| xs[4 * i + j].value()))
            }
            MatrixSpec::Rotation {
                angles,
                reflect,
                perturb,
                perturb_exp,
            } => {
                let mut m: [[f64; D]; D] =
                    core::array::from_fn(|i| core::array::from_fn(|j| f64::from(u8::from(i == j))));
                let mut k = 0;
                for i in 0..D {
                    for j in i + 1..D {
                        let t = f64::from(angles[k % 6]) / 65536.0 * core::f64::consts::TAU;
                        k += 1;
                        let (s, c) = t.sin_cos();
                        let (row_i, row_j) = (m[i], m[j]);
                        for (col, (x, y)) in row_i.iter().zip(row_j.iter()).enumerate() {
                            m[i][col] = c * x - s * y;
                            m[j][col] = s * x + c * y;
                        }
                    }
                }
                if *reflect {
                    for row in m.iter_mut() {
                        row[0] = -row[0];
                    }
                }
                let e = small_of_exp(*perturb_exp);
                for i in 0..D {
                    for j in 0..D {
                        m[i][j] += e * f64::from(perturb[4 * i + j]) / 127.0;
                    }
                }
                m
            }
        }
    }
}
