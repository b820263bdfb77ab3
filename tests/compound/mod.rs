//! Compound shapes (`src/compound/`).

mod pruning;
