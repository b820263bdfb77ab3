//! The scalar seam: the one place that knows about floating-point precision.
//!
//! Every algorithm in the crate is written once, generically over [`Real`], and
//! monomorphised for `f32` and `f64`. The tolerances below are the only
//! precision-dependent numbers in the crate; each is *relative*, so that a query
//! scaled by any power of ten behaves the same way.

use nalgebra::RealField;

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

/// A floating-point scalar the kernel runs on: `f32` or `f64`.
///
/// The trait is sealed; its constants are the crate's named tolerances.
///
/// # Example
///
/// ```
/// use gjk::{distance, Ball, Config, Real, Vector};
///
/// // The gap between two unit discs whose centres are `x` apart, in any precision.
/// fn gap<T: Real>(x: f64) -> T {
///     let a = Ball::new(Vector::<T, 2>::zeros(), T::one()).unwrap();
///     let b = Ball::new(Vector::<T, 2>::new(T::lit(x), T::zero()), T::one()).unwrap();
///     distance(&a, &b, &Config::default()).unwrap().distance
/// }
/// assert_eq!(gap::<f32>(5.0), 3.0);
/// assert_eq!(gap::<f64>(5.0), 3.0);
/// assert!(<f32 as Real>::GJK_TOLERANCE.widen() > <f64 as Real>::GJK_TOLERANCE);
/// ```
pub trait Real: RealField + Copy + sealed::Sealed {
    /// Zero, as a constant (for arrays filled from a constant template,
    /// which compile to one block fill).
    const ZERO: Self;

    /// The machine epsilon: the gap between 1 and the next representable number.
    const EPSILON: Self;

    /// The smallest positive (subnormal) value: the most a product can
    /// lose to underflow.
    const TINIEST: Self;

    /// Default relative tolerance of the GJK termination test.
    ///
    /// GJK stops once the gap between the upper bound ‖v‖ and the lower bound
    /// v·w/‖v‖ on the distance is at most this fraction of the distance. Shapes
    /// whose cores are polytopes (every built-in shape) terminate exactly, well
    /// before this test matters; it bounds the work on curved user shapes.
    const GJK_TOLERANCE: Self;

    /// Rounding floor, relative to the magnitude of the coordinates involved.
    ///
    /// Differences of two support points carry an absolute rounding error of a
    /// few ulps of the larger point; quantities below `ROUNDING_FLOOR × scale`
    /// are indistinguishable from zero. It decides "touching" (distance zero)
    /// and relaxes the GJK gap test when the distance is tiny compared to the
    /// shapes.
    const ROUNDING_FLOOR: Self;

    /// Sine of the angle between an edge and the span of other edges below
    /// which the edges count as affinely dependent (a flat triangle, a
    /// collapsed tetrahedron).
    ///
    /// Barycentric weights of a face are solved with a condition number up to
    /// about `1 / DEGENERACY`, so their relative error stays below about
    /// `EPSILON / DEGENERACY`.
    const DEGENERACY: Self;

    /// Slack on angles: how far a matrix the caller supplies may be from
    /// orthogonal, and how far two polytope facets may be from coplanar to
    /// count as one face. About `√EPSILON`.
    const ANGLE_SLACK: Self;

    /// The smallest positive normal value: squared lengths below it have
    /// lost precision to underflow.
    const MIN_POSITIVE: Self;

    /// Squared lengths strictly between `1 / SAFE_SQUARE` and `SAFE_SQUARE`
    /// (`2^±500` in `f64`, `2^±60` in `f32`) leave every product the kernel
    /// forms from a few of them far from overflow and underflow: a first
    /// search direction of that size is used as it is.
    const SAFE_SQUARE: Self;

    /// Converts an `f64` constant to this precision (rounding to nearest).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::Real;
    ///
    /// assert_eq!(<f32 as Real>::lit(0.1), 0.1_f32); // rounded to the nearest f32
    /// assert_eq!(<f64 as Real>::lit(0.1), 0.1_f64);
    /// ```
    fn lit(x: f64) -> Self;

    /// The power of two `σ` that brings a magnitude `m` to order one
    /// (`m · σ` in `[1, 2)`), read off `m`'s exponent bits.
    ///
    /// Clamped to the normal powers of two, so that `σ` and `1 / σ` are
    /// finite (a subnormal `m` then scales to at least `2⁻⁵²` in `f64`,
    /// `2⁻²³` in `f32`); `1` for a zero, negative or non-finite `m`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::Real;
    ///
    /// // 6 · 2⁻² = 1.5, in [1, 2).
    /// assert_eq!(f64::unit_scale(6.0), 0.25);
    /// assert_eq!(f32::unit_scale(0.1), 16.0); // 0.1 · 16 = 1.6
    /// assert_eq!(f64::unit_scale(0.0), 1.0);
    /// assert_eq!(f64::unit_scale(f64::NAN), 1.0);
    /// ```
    fn unit_scale(m: Self) -> Self;

    /// The value as an `f64`, exactly (`f32` widens without rounding).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::Real;
    ///
    /// let x = 0.1_f32;
    /// assert_eq!(x.widen(), f64::from(x));
    /// assert_ne!(x.widen(), 0.1_f64); // the f32 nearest 0.1, exactly
    /// assert_eq!(0.1_f64.widen(), 0.1);
    /// ```
    fn widen(self) -> f64;
}

impl Real for f64 {
    const ZERO: Self = 0.0;
    const EPSILON: Self = f64::EPSILON;
    const TINIEST: Self = 5e-324;
    const GJK_TOLERANCE: Self = 1e-12;
    const ROUNDING_FLOOR: Self = 8.0 * f64::EPSILON;
    const DEGENERACY: Self = 8.0 * f64::EPSILON;
    const ANGLE_SLACK: Self = 1e-7;
    const MIN_POSITIVE: Self = f64::MIN_POSITIVE;
    // 2^500
    const SAFE_SQUARE: Self = 3.273390607896142e150;

    #[inline(always)]
    fn lit(x: f64) -> Self {
        x
    }

    #[inline]
    fn unit_scale(m: Self) -> Self {
        if !(m > 0.0 && m.is_finite()) {
            return 1.0;
        }
        // Unbiased exponent; a subnormal `m` reads as -1023.
        let e = i64::try_from((m.to_bits() >> 52) & 0x7ff).unwrap_or(1023) - 1023;
        let biased = 1023 - e.clamp(-1022, 1022);
        f64::from_bits(u64::try_from(biased).unwrap_or(1023) << 52)
    }

    #[inline(always)]
    fn widen(self) -> f64 {
        self
    }
}

impl Real for f32 {
    const ZERO: Self = 0.0;
    const EPSILON: Self = f32::EPSILON;
    const TINIEST: Self = 1e-45;
    const GJK_TOLERANCE: Self = 1e-6;
    const ROUNDING_FLOOR: Self = 8.0 * f32::EPSILON;
    const DEGENERACY: Self = 8.0 * f32::EPSILON;
    const ANGLE_SLACK: Self = 1e-3;
    const MIN_POSITIVE: Self = f32::MIN_POSITIVE;
    // 2^60
    const SAFE_SQUARE: Self = 1.152_921_5e18;

    #[inline(always)]
    fn lit(x: f64) -> Self {
        x as f32
    }

    #[inline]
    fn unit_scale(m: Self) -> Self {
        if !(m > 0.0 && m.is_finite()) {
            return 1.0;
        }
        // Unbiased exponent; a subnormal `m` reads as -127.
        let e = i32::try_from((m.to_bits() >> 23) & 0xff).unwrap_or(127) - 127;
        let biased = 127 - e.clamp(-126, 126);
        f32::from_bits(u32::try_from(biased).unwrap_or(127) << 23)
    }

    #[inline(always)]
    fn widen(self) -> f64 {
        f64::from(self)
    }
}

/// `true` when every coordinate of `v` is finite.
#[inline]
pub(crate) fn all_finite<T: Real, const D: usize>(v: &nalgebra::SVector<T, D>) -> bool {
    v.iter().all(|x| x.is_finite())
}

/// The largest absolute coordinate of `v` (the ∞-norm), used as a scale.
#[inline]
pub(crate) fn max_abs<T: Real, const D: usize>(v: &nalgebra::SVector<T, D>) -> T {
    v.iter().fold(T::zero(), |m, x| m.max(x.abs()))
}

/// The Euclidean length of `v`, also where its squared length would
/// underflow into subnormals (or overflow): such a vector is first divided by
/// its largest coordinate.
#[inline]
pub(crate) fn robust_norm<T: Real, const D: usize>(v: &nalgebra::SVector<T, D>) -> T {
    let n2 = v.length_squared();
    if n2 >= T::MIN_POSITIVE && n2.is_finite() {
        n2.sqrt()
    } else {
        rescaled_norm(v)
    }
}

/// [`robust_norm`] off its fast path.
#[cold]
#[inline(never)]
fn rescaled_norm<T: Real, const D: usize>(v: &nalgebra::SVector<T, D>) -> T {
    let m = max_abs(v);
    if m > T::zero() && m.is_finite() {
        m * (v / m).length()
    } else {
        v.length()
    }
}

/// `v / ‖v‖`, divided by its largest coordinate first so that a tiny `v`
/// (whose squared length would be subnormal) or a huge one normalises to
/// full precision; `None` for a zero or non-finite `v`.
#[inline]
pub(crate) fn unit<T: Real, const D: usize>(
    v: &nalgebra::SVector<T, D>,
) -> Option<nalgebra::SVector<T, D>> {
    let u = v / max_abs(v);
    let n = u / u.length();
    all_finite(&n).then_some(n)
}

/// The unit vector along axis `i` (the zero vector when `i ≥ D`).
#[inline]
pub(crate) fn axis<T: Real, const D: usize>(i: usize) -> nalgebra::SVector<T, D> {
    let mut e = nalgebra::SVector::<T, D>::zeros();
    if let Some(x) = e.get_mut(i) {
        *x = T::one();
    }
    e
}

/// Lengths of fixed-size vectors through nalgebra's dot product.
///
/// `norm_squared` (and `norm`, built on it) walks a matrix's columns
/// through bounds-checked views; a size-optimised build may keep it out of
/// line, where the checks stay and a panic path survives. The dot product
/// of a vector with itself is the same number, bit for bit (the same
/// products summed in the same order), with no check left to fail.
pub(crate) trait Length<T> {
    /// `‖v‖²`.
    fn length_squared(&self) -> T;
    /// `‖v‖`.
    fn length(&self) -> T;
}

impl<T: Real, const D: usize> Length<T> for nalgebra::SVector<T, D> {
    #[inline(always)]
    fn length_squared(&self) -> T {
        self.dot(self)
    }
    #[inline(always)]
    fn length(&self) -> T {
        self.dot(self).sqrt()
    }
}
