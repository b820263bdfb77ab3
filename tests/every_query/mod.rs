//! Tests across every query: the recorded answers (proof that a move of
//! code changed none), bad input, and the fuzzers' invariants as
//! quickcheck properties.

mod bad_input;
mod fuzz_invariants;
mod recorded_answers;
