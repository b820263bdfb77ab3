//! The batch queries (`gjk::batch`) against the scalar queries, pair by
//! pair.
//!
//! Budget: exact. A batch runs each pair's GJK in a SIMD lane with the
//! scalar lean loop's arithmetic, and the scalar query's own code before
//! and after it, so every answer (distance, bounds, witnesses, normal,
//! iterations, status, or the error) must be the scalar query's to the last
//! bit. Compared through `Debug`, which prints every float exactly.

mod agreement;
