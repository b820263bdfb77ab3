//! A narrow phase in batches: 4,000 boxes and balls scattered in a 2D
//! field and in a 3D room, their `Aabb`s swept and pruned along x, and
//! every candidate pair asked for its contact by the batch API, one batch
//! per kind of pair (box–box, box–ball, ball–ball). Each batch answer is
//! checked against the scalar `contact` on the same pair (they agree to
//! the bit), and both are timed.
//!
//! `cargo run --release --example batch_scene`

use std::time::Instant;

use gjk::nalgebra::{SMatrix, SVector};
use gjk::{batch, contact, Aabb, Ball, Config, Contact, Cuboid, Error, Transformed};

const BODIES: usize = 4000;
/// Contacts are wanted within this gap.
const MARGIN: f64 = 0.05;

type Boxed<const D: usize> = Transformed<Cuboid<f64, D>, f64, D>;

/// A deterministic stream in `[0, 1)`.
struct Stream(u64);

impl Stream {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A body: a placed box or a ball.
enum Body<const D: usize> {
    Box(Boxed<D>),
    Ball(Ball<f64, D>),
}

/// A rotation of `D` dimensions: one Givens turn per pair of axes.
fn rotation<const D: usize>(s: &mut Stream) -> SMatrix<f64, D, D> {
    let mut m = SMatrix::<f64, D, D>::identity();
    for i in 0..D {
        for j in i + 1..D {
            let (sin, cos) = (s.next() * core::f64::consts::TAU).sin_cos();
            for k in 0..D {
                let (x, y) = (m[(i, k)], m[(j, k)]);
                m[(i, k)] = cos * x - sin * y;
                m[(j, k)] = sin * x + cos * y;
            }
        }
    }
    m
}

/// `BODIES` bodies in a cube of side `side`, two in three boxes.
fn scatter<const D: usize>(side: f64, s: &mut Stream) -> Vec<Body<D>> {
    (0..BODIES)
        .map(|i| {
            let at = SVector::<f64, D>::from_fn(|_, _| s.next() * side);
            if i % 3 == 2 {
                Body::Ball(Ball::new(at, 0.2 + 0.3 * s.next()).unwrap())
            } else {
                let half = SVector::<f64, D>::from_fn(|_, _| 0.1 + 0.4 * s.next());
                Body::Box(Transformed::new(Cuboid::new(half).unwrap(), rotation(s), at).unwrap())
            }
        })
        .collect()
}

/// Sweep and prune along x: the pairs whose boxes, grown by the margin,
/// overlap.
fn candidates<const D: usize>(boxes: &[Aabb<f64, D>]) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..boxes.len()).collect();
    order.sort_by(|&i, &j| boxes[i].min[0].total_cmp(&boxes[j].min[0]));
    let mut open: Vec<usize> = Vec::new();
    let mut pairs = Vec::new();
    for &i in &order {
        open.retain(|&j| boxes[j].max[0] >= boxes[i].min[0]);
        pairs.extend(
            open.iter()
                .filter(|&&j| boxes[i].intersects(&boxes[j]))
                .map(|&j| (j.min(i), j.max(i))),
        );
        open.push(i);
    }
    pairs
}

/// One kind of pair through the batch API and through the scalar query:
/// (contacts, batch seconds, scalar seconds).
fn kind<A, B, const D: usize>(pairs: &[(&A, &B)]) -> (usize, f64, f64)
where
    A: gjk::LaneShape<f64, D>,
    B: gjk::LaneShape<f64, D>,
{
    let config = Config::default();
    let mut out: Vec<Result<Option<Contact<f64, D>>, Error>> =
        vec![Err(Error::InvalidConfig); pairs.len()];
    let start = Instant::now();
    batch::contact(pairs, MARGIN, &config, &mut out);
    let batched = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let scalar: Vec<_> = pairs
        .iter()
        .map(|(a, b)| contact(*a, *b, MARGIN, &config))
        .collect();
    let alone = start.elapsed().as_secs_f64();
    assert_eq!(out, scalar, "the batch answers are the scalar ones");
    let found = out.iter().filter(|c| matches!(c, Ok(Some(_)))).count();
    (found, batched, alone)
}

fn scene<const D: usize>(side: f64, seed: u64) {
    let mut s = Stream(seed);
    let bodies = scatter::<D>(side, &mut s);
    let bounds: Vec<Aabb<f64, D>> = bodies
        .iter()
        .map(|b| match b {
            Body::Box(x) => Aabb::of(x),
            Body::Ball(x) => Aabb::of(x),
        })
        .map(|b| b.unwrap().loosened(MARGIN))
        .collect();
    let start = Instant::now();
    let pairs = candidates(&bounds);
    let pruned = start.elapsed().as_secs_f64();
    // The candidates sorted into one list per kind of pair, by reference.
    let (mut box_box, mut box_ball, mut ball_ball) = (Vec::new(), Vec::new(), Vec::new());
    for &(i, j) in &pairs {
        match (&bodies[i], &bodies[j]) {
            (Body::Box(a), Body::Box(b)) => box_box.push((a, b)),
            (Body::Box(a), Body::Ball(b)) | (Body::Ball(b), Body::Box(a)) => box_ball.push((a, b)),
            (Body::Ball(a), Body::Ball(b)) => ball_ball.push((a, b)),
        }
    }
    println!(
        "{D}D: {BODIES} bodies, {} candidate pairs (sweep and prune {:.2} ms)",
        pairs.len(),
        pruned * 1e3
    );
    for (name, count, (found, batched, alone)) in [
        ("box–box", box_box.len(), kind::<_, _, D>(&box_box)),
        ("box–ball", box_ball.len(), kind::<_, _, D>(&box_ball)),
        ("ball–ball", ball_ball.len(), kind::<_, _, D>(&ball_ball)),
    ] {
        println!(
            "  {name:9} {count:5} pairs, {found:5} contacts: batch {:7.1} µs, scalar {:7.1} µs",
            batched * 1e6,
            alone * 1e6
        );
    }
}

fn main() {
    scene::<2>(60.0, 1);
    scene::<3>(22.0, 2);
}
