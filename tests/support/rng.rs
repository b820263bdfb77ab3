//! Randomness: one trait for a source of uniform numbers, served by
//! quickcheck's generator and by the one seeded generator of the sweeps.

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

/// The seeded generator of the sweeps: one type, two streams, each the same
/// on every machine and kept as it was when the tests that depend on its
/// exact values were written.
///
/// * [`Rng::new`]: a 64-bit linear congruential generator (Knuth's MMIX
///   constants), read from its high bits; most sweeps use it.
/// * [`Rng::split_mix`]: SplitMix64, the stream of the recorded answers and
///   of EPA's box sweep.
/// * [`Rng::xorshift`]: Marsaglia's xorshift64 (shifts 13, 7, 17), the
///   vertex repeats of the regular polygons.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
    stream: Stream,
}

/// The algorithm behind an [`Rng`].
#[derive(Clone, Copy, Debug)]
enum Stream {
    Lcg,
    SplitMix,
    Xorshift,
}

impl Rng {
    /// The linear congruential stream started from `seed`.
    pub fn new(seed: u64) -> Self {
        let mut g = Rng {
            state: seed ^ 0x9e37_79b9_7f4a_7c15,
            stream: Stream::Lcg,
        };
        g.next_u64();
        g
    }

    /// The SplitMix64 stream started from `seed`.
    pub fn split_mix(seed: u64) -> Self {
        Rng {
            state: seed,
            stream: Stream::SplitMix,
        }
    }

    /// The xorshift64 stream started from `seed` (not zero).
    pub fn xorshift(seed: u64) -> Self {
        Rng {
            state: seed,
            stream: Stream::Xorshift,
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        match self.stream {
            Stream::Lcg => {
                self.state = self
                    .state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                self.state
            }
            Stream::SplitMix => {
                self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = self.state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^ (z >> 31)
            }
            Stream::Xorshift => {
                self.state ^= self.state << 13;
                self.state ^= self.state >> 7;
                self.state ^= self.state << 17;
                self.state
            }
        }
    }
}

/// Uniform in `[0, 1)`: the high 53 bits of the next draw.
impl Source for Rng {
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}
