//! A deterministic number stream for the unit tests (a 64-bit linear
//! congruential generator, Knuth's MMIX constants).

/// The generator's state.
pub(crate) struct Lcg(pub u64);

impl Lcg {
    /// The next number, uniform in `[0, 1)`.
    pub fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}
