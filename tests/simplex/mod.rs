//! The bare simplex (`src/simplex`): its closest point and the reduction
//! to the face that holds it.

mod fuzz_regressions;
