//! A small deterministic generator (a 64-bit linear congruential one) for
//! the scenes and tests: the same seed gives the same scene everywhere.

/// Knuth's MMIX linear congruential generator.
#[derive(Clone, Debug)]
pub struct Lcg(u64);

impl Lcg {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// A float uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let unit = (self.0 >> 40) as f32 / (1u64 << 24) as f32;
        lo + (hi - lo) * unit
    }
}
