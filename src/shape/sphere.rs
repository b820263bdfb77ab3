//! Where a ray enters a ball, in closed form.
//!
//! The ray `d + λ u` (relative to the ball's centre) meets the ball of
//! radius `ρ` where `‖d + λ u‖ = ρ`, the smaller root of
//! `‖u‖² λ² + 2 (u·d) λ + ‖d‖² − ρ² = 0`. Both factors are taken in their
//! cancellation-free forms: the discriminant as `‖u‖² (ρ − h)(ρ + h)` with
//! `h` the ray's distance from the centre (the component of `d` orthogonal
//! to `u`), and the root as `(−u·d − √disc) / ‖u‖²` while the two roots are
//! well apart, else as `(‖d‖ − ρ)(‖d‖ + ρ) / (√disc − u·d)`, which
//! subtracts nothing when the ray approaches (`u·d < 0`).

use nalgebra::SVector;

use crate::math::real::{Length, Real};

/// Where a ray meets a ball.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Entry<T> {
    /// The ray starts inside or on the ball.
    Inside,
    /// The ray never meets the ball (it moves away, or passes beside it).
    Miss,
    /// The ray enters the ball at this parameter (positive).
    At(T),
}

/// Where the ray `d + λ u`, `λ ≥ 0`, first meets the ball of radius `rho`
/// about the origin (`d` the ray's start relative to the ball's centre).
pub(crate) fn entry<T: Real, const D: usize>(
    d: &SVector<T, D>,
    u: &SVector<T, D>,
    rho: T,
) -> Entry<T> {
    let dd = d.length();
    if dd <= rho {
        return Entry::Inside;
    }
    let (a, b) = (u.length_squared(), u.dot(d));
    if !(b < T::zero() && a > T::zero()) {
        return Entry::Miss;
    }
    let h = (d - u * (b / a)).length();
    if !(h <= rho) {
        return Entry::Miss;
    }
    let root = (a * (rho - h) * (rho + h)).sqrt();
    // The nearer root's two forms: the first subtracts nothing it cannot
    // afford while the roots are well apart relative to `−u·d` (a grazing
    // ray: exact when tangent), the second where the start is near the
    // sphere (`√disc ≈ −u·d`).
    let lambda = if root <= -b * T::lit(0.5) {
        (-b - root) / a
    } else {
        (dd - rho) * (dd + rho) / (root - b)
    };
    if lambda.is_finite() {
        Entry::At(lambda.max(T::zero()))
    } else {
        Entry::Miss
    }
}

#[cfg(test)]
mod tests {
    use nalgebra::Vector2;

    use super::*;

    #[test]
    fn head_on_grazing_and_away() {
        let u = Vector2::new(-1.0, 0.0);
        assert_eq!(entry(&Vector2::new(5.0, 0.0), &u, 2.0), Entry::At(3.0));
        // Tangent: the ray touches the circle at its top.
        assert_eq!(entry(&Vector2::new(5.0, 2.0), &u, 2.0), Entry::At(5.0));
        assert_eq!(entry(&Vector2::new(5.0, 2.5), &u, 2.0), Entry::Miss);
        assert_eq!(entry(&Vector2::new(5.0, 0.0), &-u, 2.0), Entry::Miss);
        assert_eq!(entry(&Vector2::new(1.0, 0.0), &u, 2.0), Entry::Inside);
    }
}
