//! Numbers in lanes: one value per pair of a batch, `WIDTH` pairs at once.
//!
//! A batch query runs one GJK per lane of a SIMD register (the `wide`
//! crate's `f32x8` for `f32`, `f64x4` for `f64`; on targets without SIMD
//! those are arrays of plain scalars, so the same code runs everywhere).
//! Lanes never branch: a comparison gives a *mask* (every bit of a lane set
//! where it holds, none where it does not), and [`Lanes::select`] blends two
//! values by one. Every operation is the IEEE one lane by lane, so a lane
//! computes exactly what the scalar code computes with the same operations
//! in the same order.

use core::ops::{Add, BitAnd, BitOr, Div, Mul, Neg, Not, Sub};

use super::real::Real;

/// The most lanes a [`Lanes`] type has.
pub const MAX_LANES: usize = 8;

/// `WIDTH` numbers of type [`Lanes::Scalar`], operated on lane by lane.
///
/// Implemented for `wide`'s `f32x4`, `f32x8`, `f64x2` and `f64x4`.
/// Sealed: the batch queries rely on every operation being IEEE-exact lane
/// by lane.
pub trait Lanes:
    Copy
    + core::fmt::Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + sealed::Sealed
{
    /// The number in each lane.
    type Scalar: Real;
    /// How many lanes.
    const WIDTH: usize;
    /// Every lane `x`.
    fn splat(x: Self::Scalar) -> Self;
    /// Lane `i` from `f(i)`.
    fn from_fn(f: impl FnMut(usize) -> Self::Scalar) -> Self;
    /// Lane `i` (lane 0 past the width).
    fn lane(self, i: usize) -> Self::Scalar;
    /// Every lane, in order (zeros past the width).
    fn array(self) -> [Self::Scalar; MAX_LANES];
    /// Lanes from `a` (its first `WIDTH` numbers).
    fn from_array(a: &[Self::Scalar; MAX_LANES]) -> Self;
    /// The square root, lane by lane.
    fn sqrt(self) -> Self;
    /// `|x|`, lane by lane.
    fn abs(self) -> Self;
    /// The larger of two lanes; either where one is NaN (callers test
    /// finiteness before a maximum can decide anything).
    fn max(self, other: Self) -> Self;
    /// Masks of `<`, `≤`, `>`, `≥` (false where either side is NaN).
    fn lt(self, other: Self) -> Self;
    /// See [`Lanes::lt`].
    fn le(self, other: Self) -> Self;
    /// See [`Lanes::lt`].
    fn gt(self, other: Self) -> Self;
    /// See [`Lanes::lt`].
    fn ge(self, other: Self) -> Self;
    /// The mask of the finite lanes.
    fn finite(self) -> Self;
    /// `if_true` in the lanes of the mask `self`, `if_false` elsewhere.
    fn select(self, if_true: Self, if_false: Self) -> Self;
    /// Bit `i` set where the mask `self` is set in lane `i`.
    fn bits(self) -> u32;
    /// The mask with no lane set.
    #[inline(always)]
    fn none_set() -> Self {
        Self::splat(Self::Scalar::ZERO).gt(Self::splat(Self::Scalar::ZERO))
    }
    /// The mask with every lane set.
    #[inline(always)]
    fn all_set() -> Self {
        !Self::none_set()
    }
    /// Whether the mask `self` is set in some lane.
    #[inline(always)]
    fn any(self) -> bool {
        self.bits() != 0
    }
    /// Whether the mask `self` is set in lane `i`.
    #[inline(always)]
    fn is_set(self, i: usize) -> bool {
        self.bits() & (1 << i) != 0
    }
    /// The mask of the lanes whose bit is set in `bits`.
    #[inline(always)]
    fn mask_of(bits: u32) -> Self {
        let one = Self::Scalar::lit(1.0);
        Self::from_fn(|i| {
            if bits & (1 << i) != 0 {
                one
            } else {
                Self::Scalar::ZERO
            }
        })
        .gt(Self::splat(Self::Scalar::ZERO))
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for wide::f32x4 {}
    impl Sealed for wide::f32x8 {}
    impl Sealed for wide::f64x2 {}
    impl Sealed for wide::f64x4 {}
}

/// One [`Lanes`] impl per `wide` type: every method is the type's own.
macro_rules! wide_lanes {
    ($($t:ty => $s:ty, $n:expr;)*) => {$(
        impl Lanes for $t {
            type Scalar = $s;
            const WIDTH: usize = $n;
            #[inline(always)]
            fn splat(x: $s) -> Self {
                <$t>::splat(x)
            }
            #[inline(always)]
            fn from_fn(f: impl FnMut(usize) -> $s) -> Self {
                <$t>::new(core::array::from_fn(f))
            }
            #[inline(always)]
            fn array(self) -> [$s; MAX_LANES] {
                let mut out = [0.0; MAX_LANES];
                for (o, x) in out.iter_mut().zip(self.to_array()) {
                    *o = x;
                }
                out
            }
            #[inline(always)]
            fn from_array(a: &[$s; MAX_LANES]) -> Self {
                <$t>::new(core::array::from_fn(|i| a[i]))
            }
            #[inline(always)]
            fn lane(self, i: usize) -> $s {
                let all = self.to_array();
                all.get(i).copied().unwrap_or(all[0])
            }
            #[inline(always)]
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            #[inline(always)]
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            #[inline(always)]
            fn max(self, other: Self) -> Self {
                self.fast_max(other)
            }
            #[inline(always)]
            fn lt(self, other: Self) -> Self {
                self.simd_lt(other)
            }
            #[inline(always)]
            fn le(self, other: Self) -> Self {
                self.simd_le(other)
            }
            #[inline(always)]
            fn gt(self, other: Self) -> Self {
                self.simd_gt(other)
            }
            #[inline(always)]
            fn ge(self, other: Self) -> Self {
                self.simd_ge(other)
            }
            #[inline(always)]
            fn finite(self) -> Self {
                self.is_finite()
            }
            #[inline(always)]
            fn select(self, if_true: Self, if_false: Self) -> Self {
                wide::Select::<$t>::select(self, if_true, if_false)
            }
            #[inline(always)]
            fn bits(self) -> u32 {
                self.to_bitmask() as u32
            }
        }
    )*};
}

wide_lanes! {
    wide::f32x4 => f32, 4;
    wide::f32x8 => f32, 8;
    wide::f64x2 => f64, 2;
    wide::f64x4 => f64, 4;
}

/// A precision with the lanes the batch queries run it in: one register's
/// worth, chosen at compile time by the target's features. With AVX (e.g.
/// `-C target-cpu=native` on a recent x86-64) 256 bits: `f32x8`, `f64x4`;
/// otherwise 128 bits: `f32x4`, `f64x2` (SSE2 on x86-64, NEON, WASM's
/// SIMD128, or arrays of scalars where a target has none). Wider lanes
/// without the registers to hold them cost more instructions per pair than
/// they save (measured: 16 % more for box–box `distance` with `f32x8` on
/// SSE2).
pub trait LaneReal: Real {
    /// The lanes.
    type Lanes: Lanes<Scalar = Self>;
}

#[cfg(target_feature = "avx")]
impl LaneReal for f32 {
    type Lanes = wide::f32x8;
}

#[cfg(target_feature = "avx")]
impl LaneReal for f64 {
    type Lanes = wide::f64x4;
}

#[cfg(not(target_feature = "avx"))]
impl LaneReal for f32 {
    type Lanes = wide::f32x4;
}

#[cfg(not(target_feature = "avx"))]
impl LaneReal for f64 {
    type Lanes = wide::f64x2;
}

/// A vector of `D` coordinates in lanes: coordinate `i` of every lane's
/// vector in one [`Lanes`] value (structure of arrays).
#[derive(Clone, Copy, Debug)]
pub struct Wide<L, const D: usize>(pub [L; D]);

impl<L: Lanes, const D: usize> Wide<L, D> {
    /// Every lane's vector `x`.
    #[inline(always)]
    pub fn splat(x: &nalgebra::SVector<L::Scalar, D>) -> Self {
        Self(core::array::from_fn(|i| L::splat(x[i])))
    }
    /// The zero vector in every lane.
    #[inline(always)]
    pub fn zeros() -> Self {
        Self([L::splat(L::Scalar::ZERO); D])
    }
    /// Lane `l`'s vector from `f(l)`.
    #[inline(always)]
    pub fn from_lanes(f: impl Fn(usize) -> nalgebra::SVector<L::Scalar, D>) -> Self {
        let mut columns = [[L::Scalar::ZERO; MAX_LANES]; D];
        for l in 0..L::WIDTH.min(MAX_LANES) {
            let v = f(l);
            for (column, x) in columns.iter_mut().zip(v.iter()) {
                column[l] = *x;
            }
        }
        Self(columns.map(|c| L::from_array(&c)))
    }
    /// Every lane's vector, in order.
    #[inline(always)]
    pub fn lanes(&self) -> [nalgebra::SVector<L::Scalar, D>; MAX_LANES] {
        let columns = self.0.map(L::array);
        core::array::from_fn(|l| nalgebra::SVector::from_fn(|i, _| columns[i][l]))
    }
    /// Lane `l`'s vector.
    #[inline(always)]
    pub fn lane(&self, l: usize) -> nalgebra::SVector<L::Scalar, D> {
        nalgebra::SVector::from_fn(|i, _| self.0[i].lane(l))
    }
    /// `Σ xᵢ yᵢ` in coordinate order (as nalgebra's `dot`).
    #[inline(always)]
    pub fn dot(&self, o: &Self) -> L {
        let mut s = self.0[0] * o.0[0];
        for i in 1..D {
            s = s + self.0[i] * o.0[i];
        }
        s
    }
    /// `‖x‖²`.
    #[inline(always)]
    pub fn norm2(&self) -> L {
        self.dot(self)
    }
    /// `max |xᵢ|` (from zero, as the scalar `max_abs`).
    #[inline(always)]
    pub fn max_abs(&self) -> L {
        self.0
            .iter()
            .fold(L::splat(L::Scalar::ZERO), |m, x| m.max(x.abs()))
    }
    /// The mask of the lanes whose every coordinate is finite.
    #[inline(always)]
    pub fn finite(&self) -> L {
        self.0.iter().fold(L::all_set(), |m, x| m & x.finite())
    }
    /// `self` times `s`, lane by lane.
    #[inline(always)]
    pub fn scale(&self, s: L) -> Self {
        Self(self.0.map(|x| x * s))
    }
    /// `if_true` in the lanes of `mask`, `if_false` elsewhere.
    #[inline(always)]
    pub fn select(mask: L, if_true: &Self, if_false: &Self) -> Self {
        Self(core::array::from_fn(|i| {
            mask.select(if_true.0[i], if_false.0[i])
        }))
    }
    /// Coordinate `i`, zero past `D`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> L {
        self.0.get(i).copied().unwrap_or(L::splat(L::Scalar::ZERO))
    }
}

impl<L: Lanes, const D: usize> Add for Wide<L, D> {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Self(core::array::from_fn(|i| self.0[i] + o.0[i]))
    }
}

impl<L: Lanes, const D: usize> Sub for Wide<L, D> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Self(core::array::from_fn(|i| self.0[i] - o.0[i]))
    }
}

impl<L: Lanes, const D: usize> Neg for Wide<L, D> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Self(self.0.map(|x| -x))
    }
}

/// The cross product's coordinates as the scalar `cross` forms them (the
/// missing coordinates of a shorter vector read as zero, the result cut
/// to `D`).
#[inline(always)]
pub(crate) fn cross<L: Lanes, const D: usize>(u: &Wide<L, D>, w: &Wide<L, D>) -> Wide<L, D> {
    let (c, d) = (|i| u.get(i), |i| w.get(i));
    let x = [
        c(1) * d(2) - c(2) * d(1),
        c(2) * d(0) - c(0) * d(2),
        c(0) * d(1) - c(1) * d(0),
    ];
    Wide(core::array::from_fn(|i| {
        x.get(i).copied().unwrap_or(L::splat(L::Scalar::ZERO))
    }))
}

/// The 2D cross product `u₀w₁ − u₁w₀` (missing coordinates zero).
#[inline(always)]
pub(crate) fn cross2<L: Lanes, const D: usize>(u: &Wide<L, D>, w: &Wide<L, D>) -> L {
    u.get(0) * w.get(1) - u.get(1) * w.get(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::ComplexField;

    /// Every lane operation is the scalar one: checked lane by lane on
    /// values that include NaN, infinities, zeros of both signs and
    /// subnormals. Budget: exact (bit for bit).
    #[test]
    fn lanes_compute_what_scalars_compute() {
        fn check<L: Lanes>() {
            let values = [
                0.0,
                -0.0,
                1.0,
                -2.5,
                3.0e-39,
                1e30,
                f64::NAN,
                f64::INFINITY,
                -7.25,
                0.5,
            ];
            for shift in 0..values.len() {
                let x = L::from_fn(|i| L::Scalar::lit(values[(i + shift) % values.len()]));
                let y = L::from_fn(|i| L::Scalar::lit(values[(i * 3 + shift + 1) % values.len()]));
                for l in 0..L::WIDTH {
                    let (a, b) = (x.lane(l), y.lane(l));
                    let same = |p: L::Scalar, q: L::Scalar| {
                        assert!(p == q || (p != p && q != q), "{p:?} vs {q:?}");
                    };
                    same((x + y).lane(l), a + b);
                    same((x - y).lane(l), a - b);
                    same((x * y).lane(l), a * b);
                    same((x / y).lane(l), a / b);
                    same(x.sqrt().lane(l), a.sqrt());
                    same(x.abs().lane(l), a.abs());
                    assert_eq!(x.lt(y).is_set(l), a < b);
                    assert_eq!(x.le(y).is_set(l), a <= b);
                    assert_eq!(x.gt(y).is_set(l), a > b);
                    assert_eq!(x.ge(y).is_set(l), a >= b);
                    assert_eq!(x.finite().is_set(l), a.is_finite());
                    let m = x.lt(y);
                    same(m.select(x, y).lane(l), if a < b { a } else { b });
                    if a.is_finite() && b.is_finite() {
                        same(x.max(y).lane(l), nalgebra::RealField::max(a, b));
                    }
                }
                let bits = (shift as u32 * 0x9e37) & ((1 << L::WIDTH) - 1);
                assert_eq!(L::mask_of(bits).bits(), bits);
            }
            assert!(!L::none_set().any());
            assert_eq!(L::all_set().bits().count_ones() as usize, L::WIDTH);
        }
        check::<wide::f32x4>();
        check::<wide::f32x8>();
        check::<wide::f64x2>();
        check::<wide::f64x4>();
    }
}
