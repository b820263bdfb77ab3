//! Warm starts between frames (`src/query/warm`): by a first direction and
//! by a simplex cache.

mod warm_start;
