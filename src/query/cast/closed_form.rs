//! Casts answered without a loop: one shape knows where a ray enters its
//! grown core ([`SupportMap::ray_core`]), the other's core is a point.
//!
//! A ray against a shape is the shape against a point core (the ray's
//! origin). Between two shapes, when B's core is the point `c_B`, the
//! difference `A − B` is `A` moved by `−c_B`, so the cast is the ray from
//! `start + c_B` against A grown by both margins. When A's core is the
//! point `c_A`, the ray point `x` is in `c_A − B` exactly when `c_A − x` is
//! in B: the ray from `c_A − start` along the opposite direction against
//! B, whose outward normal is then the opposite of the difference's.

use nalgebra::SVector;

use super::core::Cast;
use crate::engine::config::{Error, Status};
use crate::math::real::{max_abs, unit, Real};
use crate::shape::{RayEntry, SupportMap};

/// The ray and its scaling: the start, the direction `u = k · dir` of
/// order one, and `k` (a power of two).
pub(super) type ScaledRay<T, const D: usize> = (SVector<T, D>, SVector<T, D>, T);

/// The cast in closed form, or `None` when neither shape offers one.
pub(super) fn closed_form<T, A, B, const D: usize>(
    a: &A,
    b: &B,
    (start, u, k): ScaledRay<T, D>,
    margin: T,
    max_t: T,
) -> Option<Result<Option<Cast<T, D>>, Error>>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    if let Some(cb) = b.core_point() {
        let from = start + cb;
        let entry = a.ray_core(&from, &u, margin)?;
        let hit = Hit {
            entry,
            from,
            dir: u,
            project: |y: &SVector<T, D>| a.project_core(y),
        };
        return Some(
            hit.finish(k, margin, max_t)
                .map(|c| c.map(|(core, normal, t)| cast_at(t, (core, cb), normal))),
        );
    }
    if let Some(ca) = a.core_point() {
        let from = ca - start;
        let entry = b.ray_core(&from, &-u, margin)?;
        let hit = Hit {
            entry,
            from,
            dir: -u,
            project: |y: &SVector<T, D>| b.project_core(y),
        };
        return Some(
            hit.finish(k, margin, max_t)
                .map(|c| c.map(|(core, normal, t)| cast_at(t, (ca, core), normal.map(|n| -n)))),
        );
    }
    None
}

/// A converged cast at `t` with the cores' points and the normal.
fn cast_at<T: Real, const D: usize>(
    t: T,
    (core_a, core_b): (SVector<T, D>, SVector<T, D>),
    normal: Option<SVector<T, D>>,
) -> Cast<T, D> {
    Cast {
        t,
        lower: t,
        upper: t,
        core_a,
        core_b,
        normal,
        iterations: 0,
        status: Status::Converged,
    }
}

/// A shape's answer for the ray from `from` along `dir`.
struct Hit<T: Real, const D: usize, P> {
    entry: RayEntry<T, D>,
    from: SVector<T, D>,
    dir: SVector<T, D>,
    /// The shape's projection onto its core, for a start inside.
    project: P,
}

impl<T, const D: usize, P> Hit<T, D, P>
where
    T: Real,
    P: Fn(&SVector<T, D>) -> Option<SVector<T, D>>,
{
    /// The core point nearest the hit, the shape's outward normal there,
    /// and `t`; `None` for a miss (within `max_t`).
    ///
    /// A start inside the grown core hits at `t = 0`, with the normal from
    /// the core towards the start when the start lies in the margin only
    /// (`None` inside the core, or where the shape cannot project).
    #[allow(clippy::type_complexity)]
    fn finish(
        self,
        k: T,
        margin: T,
        max_t: T,
    ) -> Result<Option<(SVector<T, D>, Option<SVector<T, D>>, T)>, Error> {
        match self.entry {
            RayEntry::Miss => Ok(None),
            RayEntry::At { lambda, normal } => {
                let t = lambda * k;
                if !(t <= max_t) {
                    return if t.is_finite() || max_t.is_finite() {
                        Ok(None)
                    } else {
                        Err(Error::Overflow)
                    };
                }
                let surface = self.from + self.dir * lambda;
                let core = surface - normal * margin;
                if max_abs(&core).is_finite() {
                    Ok(Some((core, Some(normal), t)))
                } else {
                    Err(Error::Overflow)
                }
            }
            RayEntry::Inside => {
                let Some(q) = (self.project)(&self.from) else {
                    return Ok(Some((self.from, None, T::zero())));
                };
                let away = self.from - q;
                let rounding = T::ROUNDING_FLOOR * max_abs(&self.from).max(max_abs(&q));
                let normal = if max_abs(&away) > rounding {
                    unit(&away)
                } else {
                    None
                };
                Ok(Some((q, normal, T::zero())))
            }
        }
    }
}
