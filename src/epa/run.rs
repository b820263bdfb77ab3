//! The expansion loop proper: push out the facet nearest the origin until
//! its bounds meet.

use nalgebra::SVector;

use super::facet::Facet;
use super::points::{contact_points, onto_support_planes, surface_distance, touching_points};
use super::polytope::{Closest, Grow, Polytope};
use super::watch::EpaWatch;
use crate::engine::config::{Config, Error, Status};
use crate::engine::pair::Pair;
use crate::engine::{CoreAnswer, Extent, Verdict};
use crate::math::real::{all_finite, Length, Real};
use crate::shape::SupportMap;
use crate::simplex::SupportPoint;

/// The expansion loop proper (not inlined: a full polytope runs it again
/// from a narrower start, and one copy of it is enough).
#[inline(never)]
pub(super) fn run_epa<T, const D: usize, const V: usize, const F: usize, A, B>(
    pair: &Pair<'_, A, B, T>,
    config: &Config<T, D>,
    poly: &mut Polytope<T, D, V, F>,
    mut extent: Extent<T>,
    watch: &mut impl EpaWatch<T, D>,
) -> Result<CoreAnswer<T, D>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let mut upper = T::max_value().unwrap_or(T::one());
    let mut status = Status::IterationLimit;
    let mut iterations = 0;
    let mut best = poly.closest_facet().map(|c| c.facet);
    let mut sound: Option<Facet<T, D>> = None;
    let mut broken = false;
    let mut floor = upper;
    // The last support point and the normal it was taken along: the
    // witnesses below need the support along the answer's normal, which is
    // usually this one (a support map answers the same point for the same
    // direction, so it is not asked twice).
    let mut last: Option<(SVector<T, D>, SupportPoint<T, D>)> = None;
    for iteration in 1..=config.max_iterations {
        iterations = iteration;
        let Some(Closest {
            facet: f,
            least,
            unoriented,
        }) = poly.closest_facet()
        else {
            status = Status::Stalled;
            break;
        };
        let facet = poly.facet(f);
        if least < -extent.rounding() {
            // The origin is outside a facet: rounding broke the polytope
            // (a facet that saw the last point survived, or one that did
            // not was removed). Its planes bound nothing any more; the last
            // sound closest facet is the answer, not converged.
            status = Status::Stalled;
            broken = true;
            if sound.is_none() {
                // Broken from the start: nothing bounds the depth but zero.
                let mut start = facet;
                start.distance = T::zero();
                start.bound = T::zero();
                sound = Some(start);
            }
            break;
        }
        best = Some(f);
        sound = Some(facet);
        // A facet without a normal nearer than every plane bounds the
        // depth by its own distance (net of rounding); it is never expanded
        // (it sees nothing), so while it stands the planes cannot certify
        // more than it does.
        floor = unoriented - extent.rounding();
        let p = pair.support(&facet.normal);
        if !all_finite(&p.w) {
            return Err(Error::NonFinite);
        }
        last = Some((facet.normal, p));
        extent.include(&p);
        // The support value along this facet's normal bounds the depth from
        // above; the facet may be reported only when it is itself on the
        // boundary of `A − B` (a smaller bound from another normal says
        // nothing about this one).
        let support = facet.normal.dot(&p.w);
        upper = upper.min(support);
        let bound = facet.bound.min(floor);
        watch.epa(iteration, poly, f, &p, (bound.max(T::zero()), upper));
        if support - bound <= config.tolerance * bound.max(T::zero()) + extent.rounding() {
            status = Status::Converged;
            break;
        }
        match poly.add(p, f) {
            Grow::Added => {}
            Grow::Full => {
                status = Status::OutOfCapacity;
                break;
            }
            Grow::Broken => {
                // The facet just expanded still bounds the depth (the
                // polytope was whole before this point); nothing after it
                // does.
                status = Status::Stalled;
                broken = true;
                break;
            }
        }
    }
    let along_normal = |facet: &Facet<T, D>| match last {
        Some((n, p)) if n == facet.normal => p,
        _ => pair.support(&facet.normal),
    };
    let (facet, depth, pa, pb, face, s) = if broken {
        let Some(facet) = sound else {
            return Err(Error::NonFinite);
        };
        // The polytope cannot name contact points; A's support along the
        // normal can (put on the planes below).
        let s = along_normal(&facet);
        (
            facet,
            facet.bound.min(floor).max(T::zero()),
            s.a,
            s.a,
            None,
            s,
        )
    } else {
        let Some(f) = best else {
            return Err(Error::NonFinite);
        };
        let facet = poly.facet(f);
        let mut depth = facet.bound.min(floor).max(T::zero());
        let q = facet.normal * facet.distance;
        let (miss, mut face) = contact_points(poly, f, &q, extent)
            .map_or((T::max_value().unwrap_or(T::one()), None), |(m, face)| {
                (m, Some(face))
            });
        let (mut pa, mut pb) = face.map_or((q, q), |face| face.witnesses());
        if miss > extent.rounding() {
            // No facet holds `q`: rounding has bent the polytope out of
            // convex, and facet planes no longer bound the depth. The
            // distance from the origin to the closed surface itself still
            // does (any segment from the origin to the boundary of the
            // vertices' hull crosses it).
            depth = depth.min(surface_distance(poly).max(T::zero()));
            if status == Status::Converged
                && upper - depth > config.tolerance * depth + extent.rounding()
            {
                status = Status::Stalled;
            }
            if let Some((m, qa, qb, simplex)) = touching_points(pair, config, &q)
                && m < miss
            {
                (pa, pb, face) = (qa, qb, Some(simplex));
            }
        }
        (facet, depth, pa, pb, face, along_normal(&facet))
    };
    // The answer is the best estimate; the bracket stays in the bounds.
    // Once converged, that is the support value along the normal, `h(n)`
    // of `A − B`: stationary in `n` at the deepest normal (an error of `δ`
    // in the normal changes it by `O(δ²)`), and free of the facet's own
    // rounding, so an exactly representable depth comes out exact (two
    // boxes overlapping by 0.25 give 0.25, where the facet's distance net
    // of rounding gives 0.2499999999999997). Otherwise the certified lower
    // bound is the estimate. (The support value is taken along the
    // normal made unit: a rounded normal a hair short of unit length would
    // otherwise shorten it by that hair.)
    let along = facet.normal.dot(&s.w) / facet.normal.length();
    let estimate = if status == Status::Converged && along.is_finite() {
        along.max(depth).min(upper + extent.rounding())
    } else {
        depth
    };
    let upper = upper.max(estimate);
    let (pa, pb, reconciled) = onto_support_planes(
        &s,
        &facet.normal,
        (estimate, depth, upper),
        (pa, pb, face.as_ref()),
        extent.rounding(),
    );
    Ok(CoreAnswer {
        verdict: Verdict::Overlap,
        distance: -estimate,
        certain: -depth,
        bound: -upper.max(depth),
        normal: Some(facet.normal),
        point_a: pa,
        point_b: pb,
        extent,
        iterations,
        status,
        reconciled,
    })
}
