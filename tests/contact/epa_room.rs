//! How much of EPA's polytope real overlaps use: the room behind the
//! default capacity, measured.
//!
//! For every overlapping pair of a survey (rotated boxes, hulls of 8, 32
//! and 256 points on a sphere, random thin and flat hulls, capsules on
//! boxes; 2D polygons; `f32` and `f64`), `penetration` is run with the
//! speed-first build's default capacity (64 vertices, 192 facets; the
//! size-first build's, 32 and 60, is a rung) and with a ladder of smaller
//! ones. A polytope that
//! never fills computes exactly the same numbers whatever its room, so the
//! smallest rung whose answer is identical to the default's, bit for bit,
//! is the room that pair needs. The test asserts that every pair converges
//! within the default room and prints the distribution
//! (`cargo test --release --test suite contact::epa_room -- --nocapture`).

use crate::support;

use gjk::{
    hull::Scanned, Capsule, Config, Cuboid, Penetration, Status, SupportMap, Transformed,
    DEFAULT_EPA_FACETS, DEFAULT_EPA_VERTICES,
};
use support::{point_set, rotation, Rng, Source, TestReal, P};

/// Pairs per shape family and precision: 300 under `GJK_FULL_SWEEPS=1`
/// (as in CI), 40 otherwise.
fn pairs() -> usize {
    support::sweep_size(300, 40)
}

/// The rungs tried, as (vertices, facets); the last is the full room.
const RUNGS: [&str; 6] = ["12/20", "16/28", "24/44", "32/60", "48/92", "64/192"];

/// The full room: the speed-first build's default.
const FULL_V: usize = 64;
/// See [`FULL_V`].
const FULL_F: usize = 192;

fn run<T: TestReal, const D: usize, const V: usize, const F: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
) -> Option<Penetration<T, D>> {
    support::penetration_with_capacity::<T, D, V, F>(a, b, &Config::default())
        .ok()
        .flatten()
}

/// The index of the smallest rung that answers as the full room does;
/// `None` when the pair does not overlap (or the full room did not
/// converge, which the caller reports).
fn room<T: TestReal, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
) -> Option<(usize, Status)> {
    let reference = run::<T, D, FULL_V, FULL_F>(a, b)?;
    let rungs = [
        run::<T, D, 12, 20>(a, b),
        run::<T, D, 16, 28>(a, b),
        run::<T, D, 24, 44>(a, b),
        run::<T, D, 32, 60>(a, b),
        run::<T, D, 48, 92>(a, b),
    ];
    let first = rungs
        .iter()
        .position(|r| *r == Some(reference))
        .unwrap_or(rungs.len());
    Some((first, reference.status))
}

/// A placed shape from local points.
fn placed<T: TestReal, const D: usize, S>(shape: S, r: &mut Rng, at: P<D>) -> Transformed<S, T, D> {
    let m = rotation::<D>(r).map(T::of_f64);
    Transformed::new(shape, m, at.map(T::of_f64)).unwrap()
}

fn sphere_points<const D: usize>(r: &mut Rng, n: usize) -> Vec<P<D>> {
    (0..n).map(|_| support::unit_vector::<D>(r)).collect()
}

/// Tallies of rungs, with the worst status seen.
#[derive(Default)]
struct Tally {
    counts: [usize; 7],
    unconverged: usize,
}

impl Tally {
    fn add(&mut self, room: Option<(usize, Status)>) {
        match room {
            Some((rung, status)) => {
                self.counts[rung] += 1;
                if status != Status::Converged {
                    self.unconverged += 1;
                }
            }
            None => self.counts[6] += 1,
        }
    }
}

/// The survey in dimension `D` for precision `T`: family name and tally.
fn survey<T: TestReal, const D: usize>(seed: u64) -> Vec<(String, Tally)> {
    let mut r = Rng::new(seed);
    let mut out = Vec::new();
    let offset = |r: &mut Rng, reach: f64| P::<D>::from_fn(|_, _| r.range(-reach, reach));

    let mut boxes = Tally::default();
    for _ in 0..pairs() {
        let ha = P::<D>::from_fn(|_, _| r.range(0.2, 1.0)).map(T::of_f64);
        let hb = P::<D>::from_fn(|_, _| r.range(0.2, 1.0)).map(T::of_f64);
        let a = placed(Cuboid::new(ha).unwrap(), &mut r, P::zeros());
        let at = offset(&mut r, 1.2);
        let b = placed(Cuboid::new(hb).unwrap(), &mut r, at);
        boxes.add(room(&a, &b));
    }
    out.push(("box-box".to_string(), boxes));

    for n in [8, 32, 256] {
        let mut hulls = Tally::default();
        for _ in 0..pairs() {
            let pa: Vec<_> = sphere_points::<D>(&mut r, n)
                .iter()
                .map(|p| p.map(T::of_f64))
                .collect();
            let pb: Vec<_> = sphere_points::<D>(&mut r, n)
                .iter()
                .map(|p| p.map(T::of_f64))
                .collect();
            let a = placed(Scanned::new(&pa).unwrap(), &mut r, P::zeros());
            let at = offset(&mut r, 1.4);
            let b = placed(Scanned::new(&pb).unwrap(), &mut r, at);
            hulls.add(room(&a, &b));
        }
        out.push((format!("hull{n}"), hulls));
    }

    let mut random = Tally::default();
    for _ in 0..pairs() {
        let n = r.int(D + 1, 40);
        let (sa, sb) = (r.range(0.2, 3.0), r.range(0.2, 3.0));
        let pa: Vec<_> = point_set::<D>(&mut r, n, &P::zeros(), sa);
        let at = offset(&mut r, 2.0);
        let pb: Vec<_> = point_set::<D>(&mut r, n, &at, sb);
        let (pa, pb): (Vec<_>, Vec<_>) = (
            pa.iter().map(|p| p.map(T::of_f64)).collect(),
            pb.iter().map(|p| p.map(T::of_f64)).collect(),
        );
        let (Ok(a), Ok(b)) = (Scanned::new(&pa), Scanned::new(&pb)) else {
            continue;
        };
        random.add(room(&a, &b));
    }
    out.push(("random hulls".to_string(), random));

    let mut capsules = Tally::default();
    for _ in 0..pairs() {
        let half = P::<D>::from_fn(|_, _| r.range(0.2, 1.0)).map(T::of_f64);
        let a = placed(Cuboid::new(half).unwrap(), &mut r, P::zeros());
        let axis = support::unit_vector::<D>(&mut r) * r.range(0.1, 1.0);
        let capsule = Capsule::new(
            (-axis).map(T::of_f64),
            axis.map(T::of_f64),
            T::of_f64(r.range(0.05, 0.5)),
        )
        .unwrap();
        let at = offset(&mut r, 1.2);
        let b = placed(capsule, &mut r, at);
        capsules.add(room(&a, &b));
    }
    out.push(("capsule-box".to_string(), capsules));
    out
}

fn report<T: TestReal, const D: usize>(name: &str) -> usize {
    let mut unconverged = 0;
    println!("EPA room, D = {D}, {name} (pairs needing each rung; '-': apart)");
    println!(
        "  {:<14} {}  -",
        "family",
        RUNGS.map(|r| format!("{r:>8}")).join("")
    );
    for (family, tally) in survey::<T, D>(7 + D as u64) {
        let cells: String = tally.counts[..6]
            .iter()
            .map(|c| format!("{c:>8}"))
            .collect();
        println!("  {family:<14} {cells}  {}", tally.counts[6]);
        unconverged += tally.unconverged;
    }
    unconverged
}

/// Every overlapping pair of the survey converges within the full room,
/// and the default room (in both builds) is one of the rungs.
#[test]
fn survey_converges_within_the_default_room() {
    let rooms = [
        (12, 20),
        (16, 28),
        (24, 44),
        (32, 60),
        (48, 92),
        (FULL_V, FULL_F),
    ];
    assert!(rooms.contains(&(DEFAULT_EPA_VERTICES, DEFAULT_EPA_FACETS)));
    let unconverged = report::<f64, 3>("f64")
        + report::<f32, 3>("f32")
        + report::<f64, 2>("f64")
        + report::<f32, 2>("f32");
    assert_eq!(
        unconverged, 0,
        "pairs that did not converge in the full room"
    );
}
