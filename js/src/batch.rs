//! Batch queries over typed arrays (feature `batch`): one pair of shapes
//! at many poses, through the crate's `gjk::batch` (each answer equal to
//! the single query's; a pair's error is its own, reported in its row).
//!
//! Poses are packed flat, 3 numbers per 2D pose (`x, y, angle`) and 7 per
//! 3D pose (`x, y, z, qx, qy, qz, qw`); an array holding a single pose
//! serves every pair. Pair `i`'s answer fills row `i` of `out`:
//!
//! * `distanceBatch`: `distance, lower, upper, status, iterations`, then
//!   point A, point B and the normal (`NaN`s for none): `5 + 3·dim`
//!   numbers;
//! * `contactBatch`: `distance, lower, upper, status, iterations`, then
//!   the normal, point A and point B: `5 + 3·dim` numbers.
//!
//! The status column holds a code ([`crate::batch::batch_status`] names
//! it): 0 converged, 1 stalled, 2 iteration limit, 3 out of capacity, 4 no
//! contact within the cutoff (the row's other numbers `NaN`), and a
//! negative code for an error (`NaN`s).

use alloc::string::{String, ToString};
use gjk::batch::{contact_with, distance_with, LaneShape};
use gjk::nalgebra::{Isometry2, Isometry3, SVector, Vector2};
use gjk::{Config, Contact, Distance, Error, Status, Transformed};
use wasm_bindgen::prelude::*;

use crate::failure::Failure;
use crate::kind::Kind;
use crate::pose::{isometry2, isometry3};
use crate::shape::{Inner, Shape};

/// Pairs answered per call into the crate (answers kept on the stack).
const CHUNK: usize = 32;
/// The status code of a contact proven beyond the cutoff.
const NONE: f64 = 4.0;

const POSES: &str = "a batch's poses: 3 numbers per 2D pose, 7 per 3D pose, \
                     and as many poses for A as for B (or one for all)";
const ROOM: &str = "a batch's output needs 5 + 3·dim numbers per pair";
const MIXED: &str = "the two shapes are of different dimensions";

/// A shape that a batch places by packed poses.
trait Packed<const D: usize>: Sized {
    /// The shape at `pose` (`STRIDE` numbers; NaN poses make the pair's
    /// query report non-finite input).
    fn at(&self, pose: &[f64]) -> Transformed<&Self, f64, D>;
}

impl Packed<2> for Kind<2> {
    fn at(&self, pose: &[f64]) -> Transformed<&Self, f64, 2> {
        let nan = || Isometry2::new(Vector2::repeat(f64::NAN), f64::NAN);
        Transformed::from_isometry2(self, &isometry2(pose).unwrap_or_else(|_| nan()))
    }
}

impl Packed<3> for Kind<3> {
    fn at(&self, pose: &[f64]) -> Transformed<&Self, f64, 3> {
        let nan = || Isometry3::translation(f64::NAN, f64::NAN, f64::NAN);
        Transformed::from_isometry3(self, &isometry3(pose).unwrap_or_else(|_| nan()))
    }
}

/// Packed poses: one for all pairs, or one per pair.
struct Poses<'p> {
    flat: &'p [f64],
    stride: usize,
}

impl Poses<'_> {
    fn count(&self) -> Option<usize> {
        (self.flat.len().is_multiple_of(self.stride)).then_some(self.flat.len() / self.stride)
    }

    fn at(&self, i: usize) -> &[f64] {
        let k = if self.flat.len() == self.stride { 0 } else { i };
        let nan: &[f64] = &[f64::NAN; 7];
        let pose = self.flat.get(k * self.stride..(k + 1) * self.stride);
        pose.unwrap_or(nan.get(..self.stride).unwrap_or(nan))
    }
}

/// The number of pairs: the longer list of poses, the other holding as
/// many or one.
fn pairs(a: &Poses, b: &Poses) -> Result<usize, Failure> {
    match (a.count(), b.count()) {
        (Some(n), Some(m)) if n == m || m == 1 => Ok(n),
        (Some(1), Some(m)) => Ok(m),
        _ => Err(Failure::Input(POSES)),
    }
}

/// A status as its code.
fn status_code(s: Status) -> f64 {
    match s {
        Status::Converged => 0.0,
        Status::Stalled => 1.0,
        Status::IterationLimit => 2.0,
        Status::OutOfCapacity => 3.0,
    }
}

/// An error as its (negative) code.
fn error_code(e: Error) -> f64 {
    match e {
        Error::NonFinite => -1.0,
        Error::InvalidConfig => -2.0,
        Error::IterationLimit => -3.0,
        Error::Overflow => -4.0,
        Error::Subnormal => -5.0,
    }
}

/// A row from a distance answer.
fn distance_row<const D: usize>(row: &mut [f64], d: &Result<Distance<f64, D>, Error>) {
    row.fill(f64::NAN);
    match d {
        Ok(d) => {
            let head = [
                d.distance,
                d.lower,
                d.upper,
                status_code(d.status),
                f64::from(d.iterations),
            ];
            let normal = d.normal.unwrap_or(SVector::repeat(f64::NAN));
            fill(row, head, [&d.point_a, &d.point_b, &normal]);
        }
        Err(e) => row[3] = error_code(*e),
    }
}

/// A row from a contact answer.
fn contact_row<const D: usize>(row: &mut [f64], c: &Result<Option<Contact<f64, D>>, Error>) {
    row.fill(f64::NAN);
    match c {
        Ok(Some(c)) => {
            let head = [
                c.distance,
                c.lower,
                c.upper,
                status_code(c.status),
                f64::from(c.iterations),
            ];
            fill(row, head, [&c.normal, &c.point_a, &c.point_b]);
        }
        Ok(None) => row[3] = NONE,
        Err(e) => row[3] = error_code(*e),
    }
}

/// `head`, then the three vectors, into `row`.
fn fill<const D: usize>(row: &mut [f64], head: [f64; 5], vectors: [&SVector<f64, D>; 3]) {
    let numbers = head
        .into_iter()
        .chain(vectors.into_iter().flat_map(|v| v.iter().copied()));
    for (slot, x) in row.iter_mut().zip(numbers) {
        *slot = x;
    }
}

/// A shape placed by pose `i` of `poses`.
type At<'s, S, const D: usize> = Transformed<&'s S, f64, D>;

/// Answers pairs `0..n`, `CHUNK` at a time, by `ask(count, pair, answers)`
/// and writes each answer's row by `write`; returns how many failed.
fn rows<'s, S, R, const D: usize>(
    shapes: (&'s S, &'s S),
    poses: (&Poses, &Poses),
    out: &mut [f64],
    ask: impl Fn(usize, &dyn Fn(usize) -> (At<'s, S, D>, At<'s, S, D>), &mut [R]),
    write: fn(&mut [f64], &R),
) -> Result<u32, Failure>
where
    S: Packed<D>,
    R: Copy + IsErr,
{
    let n = pairs(poses.0, poses.1)?;
    let width = 5 + 3 * D;
    let rows = out.get_mut(..n * width).ok_or(Failure::Input(ROOM))?;
    let mut answers = [R::BLANK; CHUNK];
    let mut failed = 0;
    for (c, block) in rows.chunks_mut(CHUNK * width).enumerate() {
        let (start, k) = (c * CHUNK, block.len() / width);
        let pair = |i: usize| {
            let (pa, pb) = (poses.0.at(start + i), poses.1.at(start + i));
            (shapes.0.at(pa), shapes.1.at(pb))
        };
        ask(k, &pair, &mut answers[..k]);
        for (row, answer) in block.chunks_exact_mut(width).zip(&answers) {
            write(row, answer);
            failed += u32::from(answer.is_err());
        }
    }
    Ok(failed)
}

/// An answer slot: its blank value and whether it holds an error.
trait IsErr {
    /// A slot before the query fills it.
    const BLANK: Self;
    /// Whether the query failed.
    fn is_err(&self) -> bool;
}

impl<T> IsErr for Result<T, Error> {
    const BLANK: Self = Err(Error::InvalidConfig);
    fn is_err(&self) -> bool {
        Result::is_err(self)
    }
}

fn distances<S: Packed<D>, const D: usize>(
    shapes: (&S, &S),
    poses: (&Poses, &Poses),
    out: &mut [f64],
) -> Result<u32, Failure>
where
    for<'s> At<'s, S, D>: LaneShape<f64, D>,
{
    let config = Config::default();
    let ask = |n: usize, pair: &dyn Fn(usize) -> _, answers: &mut [_]| {
        distance_with(n, pair, &config, answers);
    };
    rows(shapes, poses, out, ask, distance_row::<D>)
}

fn contacts<S: Packed<D>, const D: usize>(
    shapes: (&S, &S),
    poses: (&Poses, &Poses),
    cutoff: f64,
    out: &mut [f64],
) -> Result<u32, Failure>
where
    for<'s> At<'s, S, D>: LaneShape<f64, D>,
{
    let config = Config::default();
    let ask = |n: usize, pair: &dyn Fn(usize) -> _, answers: &mut [_]| {
        contact_with(n, pair, cutoff, &config, answers);
    };
    rows(shapes, poses, out, ask, contact_row::<D>)
}

/// The poses of A and B, packed for `a`'s dimension.
fn packed<'p>(a: &Shape, pa: &'p [f64], pb: &'p [f64]) -> (Poses<'p>, Poses<'p>) {
    let stride = if a.dim() == 2 { 3 } else { 7 };
    (Poses { flat: pa, stride }, Poses { flat: pb, stride })
}

/// `distance` for one pair of shapes at many poses: `posesA` and `posesB`
/// packed (3 numbers per 2D pose, 7 per 3D pose; one pose serves all),
/// pair `i`'s answer into row `i` of `out` (`5 + 3·dim` numbers: distance,
/// lower, upper, status code, iterations, point A, point B, normal).
/// Returns how many pairs failed (their status code negative).
#[wasm_bindgen(js_name = distanceBatch)]
pub fn distance_batch(
    a: &Shape,
    b: &Shape,
    #[wasm_bindgen(js_name = posesA)] poses_a: &[f64],
    #[wasm_bindgen(js_name = posesB)] poses_b: &[f64],
    out: &mut [f64],
) -> Result<u32, JsError> {
    let poses = packed(a, poses_a, poses_b);
    let poses = (&poses.0, &poses.1);
    let failed = match (a.inner(), b.inner()) {
        (Inner::Two(a), Inner::Two(b)) => distances((a, b), poses, out),
        (Inner::Three(a), Inner::Three(b)) => distances((a, b), poses, out),
        _ => Err(Failure::Input(MIXED)),
    }?;
    Ok(failed)
}

/// `contact` within `maxSeparation` for one pair of shapes at many poses,
/// packed as for `distanceBatch`; row `i` of `out` holds `5 + 3·dim`
/// numbers: signed distance, lower, upper, status code (4: no contact
/// within the cutoff), iterations, normal, point A, point B. Returns how
/// many pairs failed.
#[wasm_bindgen(js_name = contactBatch)]
pub fn contact_batch(
    a: &Shape,
    b: &Shape,
    #[wasm_bindgen(js_name = posesA)] poses_a: &[f64],
    #[wasm_bindgen(js_name = posesB)] poses_b: &[f64],
    #[wasm_bindgen(js_name = maxSeparation)] max_separation: f64,
    out: &mut [f64],
) -> Result<u32, JsError> {
    let poses = packed(a, poses_a, poses_b);
    let poses = (&poses.0, &poses.1);
    let cutoff = max_separation;
    let failed = match (a.inner(), b.inner()) {
        (Inner::Two(a), Inner::Two(b)) => contacts((a, b), poses, cutoff, out),
        (Inner::Three(a), Inner::Three(b)) => contacts((a, b), poses, cutoff, out),
        _ => Err(Failure::Input(MIXED)),
    }?;
    Ok(failed)
}

/// The meaning of a batch row's status code: the status's name
/// (`"converged"`, …), `"none"` (no contact within the cutoff), or the
/// message of the error the pair's query met.
#[wasm_bindgen(js_name = batchStatus)]
pub fn batch_status(code: f64) -> String {
    let statuses = [
        Status::Converged,
        Status::Stalled,
        Status::IterationLimit,
        Status::OutOfCapacity,
    ];
    let errors = [
        Error::NonFinite,
        Error::InvalidConfig,
        Error::IterationLimit,
        Error::Overflow,
        Error::Subnormal,
    ];
    if code == NONE {
        return "none".into();
    }
    if let Some(s) = statuses.into_iter().find(|&s| status_code(s) == code) {
        return crate::js::status(s).as_string().unwrap_or_default();
    }
    errors
        .into_iter()
        .find(|&e| error_code(e) == code)
        .map_or_else(|| "not a status code".into(), |e| e.to_string())
}
