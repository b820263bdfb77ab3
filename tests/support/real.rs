//! The scalars under test.
//!
//! Shared with the fuzz targets: `tests/invariants`, which the fuzz crate
//! includes by path, includes this file by path too under `cfg(fuzzing)`,
//! so it names nothing but `core` and `gjk`.

use core::fmt::Debug;

use gjk::Real;

/// The two scalars the crate supports, with exact conversions to `f64`.
pub trait TestReal: Real + Debug + Send + 'static {
    /// `"f32"` or `"f64"`, for messages.
    const NAME: &'static str;
    /// Rounds an `f64` to this precision (overflow gives infinity).
    fn of_f64(x: f64) -> Self;
    /// The exact value as `f64`.
    fn as_f64(self) -> f64;
    /// The machine epsilon as `f64`.
    fn eps() -> f64 {
        <Self as Real>::EPSILON.as_f64()
    }
    /// The largest finite value as `f64`.
    fn largest() -> f64;
    /// The smallest positive normal value as `f64`.
    fn smallest_normal() -> f64;
}

impl TestReal for f32 {
    const NAME: &'static str = "f32";
    fn of_f64(x: f64) -> Self {
        x as f32
    }
    fn as_f64(self) -> f64 {
        f64::from(self)
    }
    fn largest() -> f64 {
        f64::from(f32::MAX)
    }
    fn smallest_normal() -> f64 {
        f64::from(f32::MIN_POSITIVE)
    }
}

impl TestReal for f64 {
    const NAME: &'static str = "f64";
    fn of_f64(x: f64) -> Self {
        x
    }
    fn as_f64(self) -> f64 {
        self
    }
    fn largest() -> f64 {
        f64::MAX
    }
    fn smallest_normal() -> f64 {
        f64::MIN_POSITIVE
    }
}
