//! The batch queries over threads: the pairs cut into blocks of
//! [`BLOCK`] (a multiple of every lane width), each block a batch of its
//! own on one of rayon's threads. Each answer is the sequential batch's:
//! a pair's answer depends on nothing but the pair.

use rayon::prelude::*;

use crate::engine::config::{Config, Error};
use crate::math::lanes::LaneReal;
use crate::shape::LaneShape;

use super::queries::LoopQuery;
use super::run::run;

/// Pairs per task: large enough that a task's cost dwarfs handing it to a
/// thread, small enough that two threads share even a short batch.
pub const BLOCK: usize = 512;

/// [`run`] over rayon's threads.
pub(crate) fn run_parallel<Q, A, B, T, const D: usize>(
    query: Q,
    count: usize,
    pair: impl Fn(usize) -> Option<(A, B)> + Sync,
    config: &Config<T, D>,
    out: &mut [Result<Q::Output, Error>],
) where
    Q: LoopQuery<T, D> + Sync,
    Q::Output: Send,
    A: LaneShape<T, D>,
    B: LaneShape<T, D>,
    T: LaneReal,
{
    let count = count.min(out.len());
    let out = out.get_mut(..count).unwrap_or(&mut []);
    out.par_chunks_mut(BLOCK)
        .enumerate()
        .for_each(|(k, block)| {
            let first = k * BLOCK;
            run(query, block.len(), |i| pair(first + i), config, block);
        });
}
