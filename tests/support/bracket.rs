//! The bracket every answer carries, read through [`gjk::Certified`]: its
//! best value between certified bounds, `lower ≤ value ≤ upper`, and the
//! truth inside them.

use core::fmt::Debug;

use gjk::{Certified, Real};

/// Whether `answer`'s bracket holds `truth` within `slack`:
/// `lower − slack ≤ truth ≤ upper + slack` (compared in `f64`, exactly).
pub fn holds<T: Real>(answer: &impl Certified<T>, truth: f64, slack: f64) -> bool {
    answer.lower().widen() - slack <= truth && truth <= answer.upper().widen() + slack
}

/// Asserts that `answer`'s bounds are in order about its value:
/// `lower ≤ value ≤ upper`.
#[track_caller]
pub fn assert_ordered<T: Real>(answer: &(impl Certified<T> + Debug), what: &str) {
    let (lower, value, upper) = (answer.lower(), answer.value(), answer.upper());
    assert!(
        lower <= value && value <= upper,
        "{what}: the bracket [{lower:?}, {upper:?}] misses its value {value:?}; {answer:?}"
    );
}

/// Asserts that `answer`'s bounds are in order about its value and hold
/// `truth` within `slack` ([`holds`]).
#[track_caller]
pub fn assert_brackets<T: Real>(
    answer: &(impl Certified<T> + Debug),
    truth: f64,
    slack: f64,
    what: &str,
) {
    assert_ordered(answer, what);
    assert!(
        holds(answer, truth, slack),
        "{what}: the bracket [{:?}, {:?}] misses {truth:e} (slack {slack:e}); {answer:?}",
        answer.lower(),
        answer.upper()
    );
}
