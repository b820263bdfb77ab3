//! The batch driver: pairs opened one by one, their loops run `WIDTH` at a
//! time in lanes, and closed one by one.

use crate::engine::config::{Config, Error};
use crate::engine::pair::Pair;
use crate::engine::{finish_lane, gjk_loop, lanes_loop, Exits, LaneOutcome, LaneStart, Opened};
use crate::math::lanes::{LaneReal, Lanes};
use crate::shape::LaneShape;
use crate::simplex::Simplex;

use super::queries::LoopQuery;

/// The most lanes a batch runs at once (`f32x8`: 8).
const MAX_WIDTH: usize = 8;

/// A pair's loop, as its query opened it.
type Looping<'s, A, B, T, C> = (Pair<'s, A, B, T>, Exits<T>, C);

/// Each lane's loop, where its query opened one.
type Loops<'s, A, B, T, C> = [Option<Looping<'s, A, B, T, C>>; MAX_WIDTH];

/// Answers `query` for pairs `0..count` (`pair(i)` the shapes of pair
/// `i`; `None` leaves `out[i]` as it is), pair `i`'s answer into `out[i]`;
/// pairs past `out` are not asked.
pub(crate) fn run<Q, A, B, T, const D: usize>(
    query: Q,
    count: usize,
    pair: impl Fn(usize) -> Option<(A, B)>,
    config: &Config<T, D>,
    out: &mut [Result<Q::Output, Error>],
) where
    Q: LoopQuery<T, D>,
    A: LaneShape<T, D>,
    B: LaneShape<T, D>,
    T: LaneReal,
{
    let width = T::Lanes::WIDTH.min(MAX_WIDTH);
    let count = count.min(out.len());
    let mut first = 0;
    while first < count {
        let n = width.min(count - first);
        let shapes: [Option<(A, B)>; MAX_WIDTH] =
            core::array::from_fn(|l| (l < n).then(|| pair(first + l)).flatten());
        let answers = out.get_mut(first..first + n).unwrap_or(&mut []);
        batch::<Q, A, B, T, D>(query, &shapes, config, answers);
        first += n;
    }
}

/// One batch: up to `WIDTH` pairs.
fn batch<Q, A, B, T, const D: usize>(
    query: Q,
    shapes: &[Option<(A, B)>; MAX_WIDTH],
    config: &Config<T, D>,
    out: &mut [Result<Q::Output, Error>],
) where
    Q: LoopQuery<T, D>,
    A: LaneShape<T, D>,
    B: LaneShape<T, D>,
    T: LaneReal,
{
    let mut simplexes = [Simplex::<T, D>::new(); MAX_WIDTH];
    let mut loops: Loops<'_, A, B, T, Q::Ctx> = Default::default();
    for (((slot, looping), simplex), pair) in out
        .iter_mut()
        .zip(loops.iter_mut())
        .zip(simplexes.iter_mut())
        .zip(shapes.iter())
    {
        let Some((a, b)) = pair else { continue };
        match query.open(a, b, config, simplex) {
            Ok(Opened::Answered(answer)) => *slot = Ok(answer),
            Ok(Opened::Looping(pair, exits, ctx)) => *looping = Some((pair, exits, ctx)),
            Err(e) => *slot = Err(e),
        }
    }
    // The lanes: pairs whose shapes fit them, in a frame of ordinary size.
    let laned = |l: &Option<Looping<'_, A, B, T, Q::Ctx>>| {
        l.as_ref().is_some_and(|(pair, _, _)| {
            D <= 3 && !pair.is_huge() && pair.a.fits_lanes() && pair.b.fits_lanes()
        })
    };
    let mut outcomes: [Option<LaneOutcome<T, D>>; MAX_WIDTH] = [None; MAX_WIDTH];
    if let Some(any) = loops.iter().position(laned) {
        let starts: [Option<LaneStart<'_, T, D>>; MAX_WIDTH] = core::array::from_fn(|l| {
            let looping = loops.get(l).filter(|x| laned(x))?.as_ref()?;
            Some(LaneStart {
                scale: looping.0.scale(),
                exits: looping.1,
                simplex: simplexes.get(l)?,
            })
        });
        // Idle lanes hold a copy of a working lane's shapes.
        let shapes: [Option<(&A, &B)>; MAX_WIDTH] = core::array::from_fn(|l| {
            let pick = if loops.get(l).is_some_and(laned) {
                l
            } else {
                any
            };
            loops.get(pick)?.as_ref().map(|(p, _, _)| (p.a, p.b))
        });
        if let Some((a0, b0)) = shapes.get(any).copied().flatten() {
            let pa = A::pack::<T::Lanes>(|l| shapes.get(l).copied().flatten().map_or(a0, |s| s.0));
            let pb = B::pack::<T::Lanes>(|l| shapes.get(l).copied().flatten().map_or(b0, |s| s.1));
            lanes_loop::<T::Lanes, A, B, D>((&pa, &pb), &starts, config, &mut outcomes);
        }
    }
    for (((slot, looping), simplex), outcome) in out
        .iter_mut()
        .zip(loops.iter())
        .zip(simplexes.iter_mut())
        .zip(outcomes.iter())
    {
        let Some((pair, exits, ctx)) = looping else {
            continue;
        };
        let answer = match outcome {
            Some(outcome) => finish_lane(pair, config, *exits, outcome, simplex),
            None => gjk_loop(pair, config, *exits, simplex, &mut (), &mut ()),
        };
        *slot = answer.and_then(|answer| query.close(&answer, pair, simplex, *ctx, config));
    }
}
