//! Randomness: one trait for a source of uniform numbers, served by
//! quickcheck's generator and by a seeded generator for the sweeps.

use quickcheck::{Arbitrary, Gen};

/// A source of uniform numbers in `[0, 1]`, so that the same generators serve
/// quickcheck (with shrinking) and the deterministic sweeps.
pub trait Source {
    /// A number in `[0, 1]`.
    fn unit(&mut self) -> f64;

    /// A number in `[lo, hi]`.
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// An integer in `lo..=hi`.
    fn int(&mut self, lo: usize, hi: usize) -> usize {
        let span = (hi - lo + 1) as f64;
        lo + ((self.unit() * span) as usize).min(hi - lo)
    }

    /// `true` with probability `p`.
    fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
}

/// quickcheck's generator, through bounded `u32`s (about one draw in ten is
/// a "problem value" 0, 1 or `u32::MAX`, i.e. an endpoint of the range: a
/// welcome source of shared coordinates and degenerate configurations).
impl Source for Gen {
    fn unit(&mut self) -> f64 {
        f64::from(u32::arbitrary(self)) / f64::from(u32::MAX)
    }
}

/// A 64-bit linear congruential generator (Knuth's MMIX constants), read from
/// its high bits: enough for reproducible sweeps without a dependency.
#[derive(Clone, Debug)]
pub struct Lcg(u64);

impl Lcg {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        let mut g = Lcg(seed ^ 0x9e37_79b9_7f4a_7c15);
        g.next_u64();
        g
    }

    /// The next raw state.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0
    }
}

impl Source for Lcg {
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}
