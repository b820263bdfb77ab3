//! Ray casts, linear shape casts and the time of impact of rotating shapes
//! (`src/query/cast`): closed forms against the loop, hit-or-miss
//! decisions and casts warm-started by a first direction.

mod between;
mod casts;
mod closed_forms;
mod decisions;
mod time_of_impact;
mod warm;
