//! Helpers shared by the analytic and degenerate test files: instantiation
//! over precisions and dimensions, literals, ulp budgets and assertions.
#![allow(dead_code)]

use gjk::{Real, Vector};

/// Instantiates a generic case for f32 and f64 in the listed dimensions.
macro_rules! for_each_precision_and_dimension {
    ($case:ident; $($d:literal),+) => {
        $( $case::<f32, $d>(); $case::<f64, $d>(); )+
    };
}

pub fn lit<T: Real>(x: f64) -> T {
    T::lit(x)
}

/// `n` ulps of a scene whose coordinates are of order `scale`.
pub fn ulps<T: Real>(n: f64, scale: f64) -> T {
    T::lit(n * scale) * T::EPSILON
}

pub fn axis<T: Real, const D: usize>(i: usize) -> Vector<T, D> {
    let mut e = Vector::<T, D>::zeros();
    e[i] = T::one();
    e
}

pub fn ones<T: Real, const D: usize>() -> Vector<T, D> {
    Vector::<T, D>::repeat(T::one())
}

#[track_caller]
pub fn near<T: Real>(actual: T, expected: T, tol: T, what: &str) {
    assert!(
        (actual - expected).abs() <= tol,
        "{what}: got {actual:?}, expected {expected:?} (budget {tol:?}) [T = {}]",
        core::any::type_name::<T>()
    );
}
