//! The points as the predicates see them: in `f64`, multiplied by one power
//! of two that brings the largest coordinate to order one.
//!
//! Widening `f32` to `f64` and multiplying by a power of two are both exact
//! (short of underflow), so every orientation is decided on the caller's
//! points themselves, while the exact products stay far from overflow and,
//! for coordinates within `2²⁵⁰` of the largest, from underflow. A smaller
//! coordinate is taken as zero ([`FLUSH`]): its products could underflow
//! and an orientation come out zero where it is not (a point `2.9e-317`
//! off a line of points `0.37` long). The hull is then exactly that of
//! points moved by at most `2⁻²⁵⁰` of the largest coordinate.

use core::cmp::Ordering;

use nalgebra::SVector;

use super::exact::Sign;
use super::exact::{orient2, orient3};
use crate::math::real::Real;
use crate::shape::ShapeError;

/// Scaled coordinates below this magnitude are taken as zero: every
/// coordinate left is at least `2⁻²⁵⁰`, so the exact predicates' products
/// of differences (three factors in 3D, each part at least `2⁻³⁰⁵`) stay
/// above the range where rounding underflows.
const FLUSH: f64 = 5.527_147_875_260_445e-76; // 2⁻²⁵⁰, exactly

/// The builder's view of a point set.
pub(super) struct Scaled<'p, T: Real, const D: usize> {
    points: &'p [SVector<T, D>],
    scale: f64,
    /// Whether some nonzero coordinate is below [`FLUSH`] once scaled
    /// (most point sets have none, and then no coordinate is tested).
    flush: bool,
}

impl<'p, T: Real, const D: usize> Scaled<'p, T, D> {
    /// The view of `points`; fails on a NaN or infinite coordinate.
    pub(super) fn new(points: &'p [SVector<T, D>]) -> Result<Self, ShapeError> {
        // The largest and the smallest nonzero magnitude; a NaN or an
        // infinity makes the sum of magnitudes non-finite.
        let (mut largest, mut smallest, mut sum) = (0.0_f64, f64::INFINITY, 0.0_f64);
        for p in points {
            for x in p.as_slice() {
                let a = x.widen().abs();
                sum += a;
                largest = largest.max(a);
                smallest = smallest.min(if a > 0.0 { a } else { f64::INFINITY });
            }
        }
        if !sum.is_finite() {
            // Finite magnitudes can sum past the range; only a NaN or an
            // infinite coordinate is an error.
            let bad = points
                .iter()
                .any(|p| p.as_slice().iter().any(|x| !x.widen().is_finite()));
            if bad {
                return Err(ShapeError::NonFinite);
            }
        }
        let scale = <f64 as Real>::unit_scale(largest);
        Ok(Self {
            points,
            scale,
            flush: smallest * scale < FLUSH,
        })
    }

    /// Points `a` and `b` in lexicographic order (first coordinate, then
    /// the next) as the predicates see them, so that a sort agrees with the
    /// orientations; the points are finite, so the order is total (`−0` and
    /// `+0` are equal).
    pub(super) fn lexicographic(&self, a: u32, b: u32) -> Ordering {
        match (self.at(a), self.at(b)) {
            (Ok(p), Ok(q)) => p
                .iter()
                .zip(q.iter())
                .map(|(x, y)| x.partial_cmp(y).unwrap_or(Ordering::Equal))
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal),
            _ => Ordering::Equal,
        }
    }

    /// A length `x` of the caller's points as the predicates see it.
    pub(super) fn scale_length(&self, x: f64) -> f64 {
        x * self.scale
    }

    /// The number of points.
    pub(super) fn len(&self) -> usize {
        self.points.len()
    }

    /// Point `i`, scaled, in `f64`.
    #[inline]
    pub(super) fn at(&self, i: u32) -> Result<[f64; D], ShapeError> {
        let p = self
            .points
            .get(i as usize)
            .ok_or(ShapeError::Inconsistent)?;
        let mut out = [0.0; D];
        for (o, x) in out.iter_mut().zip(p.iter()) {
            *o = x.widen() * self.scale;
        }
        if self.flush {
            for o in &mut out {
                if o.abs() < FLUSH {
                    *o = 0.0;
                }
            }
        }
        Ok(out)
    }
}

impl<T: Real> Scaled<'_, T, 3> {
    /// The exact orientation of point `d` against the triangle `abc`.
    #[inline]
    pub(super) fn orient(&self, [a, b, c]: [u32; 3], d: u32) -> Result<Sign, ShapeError> {
        Ok(orient3(
            &self.at(a)?,
            &self.at(b)?,
            &self.at(c)?,
            &self.at(d)?,
        ))
    }
}

impl<T: Real> Scaled<'_, T, 2> {
    /// The exact orientation of the turn `a → b → c`.
    #[inline]
    pub(super) fn orient(&self, a: u32, b: u32, c: u32) -> Result<Sign, ShapeError> {
        Ok(orient2(&self.at(a)?, &self.at(b)?, &self.at(c)?))
    }
}
