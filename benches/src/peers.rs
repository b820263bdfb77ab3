//! What the benches beside Box2D and Box3D share: criterion's loop with a
//! tally for the CSV, the rows of their reports, and the pose pairs in
//! contact.

use std::cell::Cell;
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{Bencher, BenchmarkGroup, BenchmarkId};

use crate::{Kind, PosePair};

/// The pose pairs that touch or overlap.
pub fn in_contact<const D: usize>(pairs: Vec<PosePair<D>>) -> Vec<PosePair<D>> {
    pairs
        .into_iter()
        .filter(|p| p.kind != Kind::Separated)
        .collect()
}

/// Criterion's loop, keeping the total time and iterations for the CSV's
/// mean.
pub fn timed<O>(bench: &mut Bencher, tally: &Cell<(Duration, u64)>, mut run: impl FnMut() -> O) {
    bench.iter_custom(|iters| {
        let start = Instant::now();
        for _ in 0..iters {
            black_box(run());
        }
        let elapsed = start.elapsed();
        let (t, n) = tally.get();
        tally.set((t + elapsed, n + iters));
        elapsed
    });
}

/// Mean nanoseconds per query of a tally over `poses` queries per
/// iteration.
pub fn per_query(tally: &Cell<(Duration, u64)>, poses: usize) -> Option<f64> {
    let (t, n) = tally.get();
    (n > 0).then(|| t.as_secs_f64() * 1e9 / (n as f64 * poses as f64))
}

/// One row of a report beside a peer library: times per query and how
/// far the two libraries' answers agree.
#[derive(Default)]
pub struct Row {
    /// `distance`, `manifold` or `cast`.
    pub query: &'static str,
    pub name: String,
    pub poses: usize,
    pub gjk_ns: Option<f64>,
    pub peer_ns: Option<f64>,
    /// Distances or cast fractions: the largest difference.
    pub max_gap: Option<f64>,
    /// Manifolds: the largest difference of the deepest separations.
    pub deepest_gap: Option<f64>,
    /// Manifolds: the largest angle between normals (radians).
    pub normal_angle: Option<f64>,
    /// Poses where point counts (manifolds) or hit and miss (casts) differ.
    pub mismatches: Option<usize>,
    pub note: String,
}

/// A number in scientific notation, or nothing.
pub fn opt(x: Option<f64>, precision: usize) -> String {
    x.map_or(String::new(), |x| format!("{x:.precision$e}"))
}

impl Row {
    pub fn csv(&self) -> String {
        let ratio = match (self.gjk_ns, self.peer_ns) {
            (Some(g), Some(b)) => format!("{:.3}", b / g),
            _ => String::new(),
        };
        format!(
            "{}/{},{},{},{},{},{},{},{},{},\"{}\"\n",
            self.query,
            self.name,
            self.poses,
            self.gjk_ns.map_or(String::new(), |x| format!("{x:.1}")),
            self.peer_ns.map_or(String::new(), |x| format!("{x:.1}")),
            ratio,
            opt(self.max_gap, 3),
            opt(self.deepest_gap, 3),
            opt(self.normal_angle, 3),
            self.mismatches.map_or(String::new(), |m| m.to_string()),
            self.note,
        )
    }

    pub fn print(&self) {
        let mut line = format!(
            "{:<28} {:>2} poses:",
            format!("{}/{}", self.query, self.name),
            self.poses
        );
        if let Some(g) = self.max_gap {
            let _ = write!(line, " max gap {g:.3e}");
        }
        if let Some(m) = self.mismatches {
            let _ = write!(line, ", {m} mismatched");
        }
        if let Some(d) = self.deepest_gap {
            let _ = write!(line, ", deepest gap {d:.3e}");
        }
        if let Some(a) = self.normal_angle {
            let _ = write!(line, ", normals within {a:.3e} rad");
        }
        if !self.note.is_empty() {
            let _ = write!(line, " ({})", self.note);
        }
        eprintln!("{line}");
    }
}

/// Times `run` (one pass over `poses` queries) as benchmark `lib/name` of
/// `group`, and returns its mean nanoseconds per query.
pub fn bench_per_query<O>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    lib: &str,
    name: &str,
    poses: usize,
    mut run: impl FnMut() -> O,
) -> Option<f64> {
    let tally = Cell::new((Duration::ZERO, 0));
    group.bench_function(BenchmarkId::new(lib, name), |bench| {
        timed(bench, &tally, &mut run)
    });
    per_query(&tally, poses)
}
