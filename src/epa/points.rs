//! The contact points of an EPA answer: the witnesses of the nearest facet
//! moved onto the support planes, and of touching cores.

use nalgebra::SVector;

use super::polytope::Polytope;
use crate::engine::config::Config;
use crate::engine::pair::Pair;
use crate::engine::{first_direction, gjk_loop, Exits, Extent};
use crate::math::real::{all_finite, max_abs, Length, Real};
use crate::shape::{SupportMap, Transformed};
use crate::simplex::{Simplex, SupportPoint};

/// The contact points moved along the normal `n` onto A's support plane
/// (`point_a`) and to `depth · n` below it (`point_b`, `depth` the
/// estimate between EPA's bounds `lower` and `upper`), and placed across
/// the normal as the weights' error model says.
///
/// The witnesses of `q` are barycentric combinations of the facet's
/// vertices (`face`: the facet, or the simplex of [`touching_points`]; a
/// broken polytope has none). On a thin polytope (a
/// needle, a sliver) the facet's weights carry the rounding of its long
/// edges, which moves the points by up to `ε · scale` times the facet's
/// condition: far more than the depth when the shapes are long and the
/// depth small. Along the normal, the support point `s` along `n` gives
/// A's plane exactly, and `point_a − point_b = depth · n` by construction;
/// `point_b` then lies on B's support plane within the gap between EPA's
/// bounds.
///
/// Across the normal the two witnesses disagree by `e`, the part of
/// `point_a − point_b` across `n`; each takes the share of it that its
/// vertices' spread gives it ([`Simplex::share_of_a`]): a shape met at one
/// vertex keeps its point exactly, and against a needle the wider shape
/// takes nearly all of it, where taking none would leave the needle's
/// point off the needle. A mismatch within rounding is left as it is.
///
/// The flag says whether the witnesses were moved by more than the facet's
/// own points could be off their shapes: across the normal by more than
/// rounding, or along it by more than the gap between EPA's bounds
/// (`depth` and `upper`) and rounding. On a sliver facet the weights can
/// miss `depth · n` by the whole depth, and `point_b`, put `depth` below
/// A's plane, then moves by as much: such witnesses are checked against
/// their shapes ([`checked_witnesses`](crate::engine::checked_witnesses)).
pub(super) fn onto_support_planes<T: Real, const D: usize>(
    s: &SupportPoint<T, D>,
    n: &SVector<T, D>,
    (depth, lower, upper): (T, T, T),
    (pa, pb, face): (SVector<T, D>, SVector<T, D>, Option<&Simplex<T, D>>),
    rounding: T,
) -> (SVector<T, D>, SVector<T, D>, bool) {
    let lift = n.dot(&s.a) - n.dot(&pa);
    if !(lift.is_finite() && all_finite(&s.w)) {
        return (pa, pb, false);
    }
    let pa = pa + n * lift;
    let across = pa - pb;
    let along = n.dot(&across);
    let e = across - n * along;
    let bracket = (upper - lower).max(T::zero()) + rounding;
    let sideways = max_abs(&e) > rounding;
    let reconciled = sideways || !(lift.abs() <= bracket) || !((along - depth).abs() <= bracket);
    let share = match face {
        Some(face) if sideways => face.share_of_a(&e),
        _ => T::zero(),
    };
    let pa = pa - e * share;
    (pa, pa - n * depth, reconciled)
}

/// The distance from the origin to the polytope's surface: the least
/// distance to a live facet (as a set, not its plane).
pub(super) fn surface_distance<T: Real, const D: usize, const V: usize, const F: usize>(
    poly: &Polytope<T, D, V, F>,
) -> T {
    let mut least = T::max_value().unwrap_or(T::one());
    for f in poly.boundary_facets() {
        let mut face = Simplex::<T, D>::new();
        for &v in &poly.facet(f).vertices {
            face.push(poly.vertex(v));
        }
        if let Some(r) = face.closest_point_full() {
            least = least.min(r.length());
        }
    }
    least
}

/// The witness points of `q`, the origin's projection on facet `f`'s plane.
///
/// The boundary face of `A − B` nearest the origin may be split into several
/// coplanar facets, and the nearest one by distance need not hold `q`. When
/// `q` falls outside the nearest facet, the facets coplanar with it (same
/// normal and offset up to rounding) are searched for the one closest to `q`,
/// and so are the facets too thin to have a normal: where `A − B` is flat to
/// rounding (shapes that are flat in some direction), the face holding `q`
/// may be one of them. Failing those, every facet is searched for the
/// boundary point nearest `q`. Returns how far that point is from `q`, with
/// its witnesses; beyond rounding, [`touching_points`] takes over.
pub(super) fn contact_points<T: Real, const D: usize, const V: usize, const F: usize>(
    poly: &Polytope<T, D, V, F>,
    start: usize,
    q: &SVector<T, D>,
    extent: Extent<T>,
) -> Option<(T, Simplex<T, D>)> {
    let tiny = extent.rounding();
    let reference = poly.facet(start);
    let coplanar = T::ANGLE_SLACK;
    let mut best: Option<(T, Simplex<T, D>)> = None;
    let likely = |f: usize| {
        let n = poly.facet(f);
        !n.has_normal()
            || ((n.distance - reference.distance).abs()
                <= tiny + coplanar * reference.distance.abs()
                && n.normal.dot(&reference.normal) >= T::one() - coplanar)
    };
    // The nearest facet, then the likely holders of `q`, then (should
    // rounding have bent the polytope so that none holds it) every other
    // facet: the answer is the boundary point nearest `q`.
    let candidates = core::iter::once(start)
        .chain(poly.boundary_facets().filter(|&f| f != start && likely(f)))
        .chain(poly.boundary_facets().filter(|&f| f != start && !likely(f)));
    for f in candidates {
        let mut face = Simplex::<T, D>::new();
        for &v in &poly.facet(f).vertices {
            let p = poly.vertex(v);
            face.push(SupportPoint { w: p.w - q, ..p });
        }
        let Some(r) = face.closest_point_full() else {
            continue;
        };
        let miss = r.length();
        if best.is_none_or(|(m, _)| miss < m) {
            best = Some((miss, face));
        }
        if miss <= tiny {
            break;
        }
    }
    best
}

/// What [`touching_points`] finds: how far from `q`, the witnesses, and
/// the simplex they are weights of.
type Touching<T, const D: usize> = (T, SVector<T, D>, SVector<T, D>, Simplex<T, D>);

/// The witness points of `q`, found on the shapes themselves.
///
/// Where rounding has bent the polytope so that none of its facets holds `q`
/// (many repeated or nearly repeated points, flat shapes), the polytope
/// cannot name the contact points. But `q` lies on the boundary of `A − B`,
/// so `A` and `B + q` touch: GJK on that pair ends at a point `pa − (pb + q)`
/// of length about zero, and `(pa, pb)` are witnesses of `q`. Returns that
/// length (how far `pa − pb` is from `q`) with the points and the simplex
/// they are weights of (the support points of `A` and `B + q`).
pub(super) fn touching_points<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    config: &Config<T, D>,
    q: &SVector<T, D>,
) -> Option<Touching<T, D>>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    // `B + q` in the shapes' own frame, queried in the pair's frame.
    let shifted = Transformed::translated(pair.b, pair.unscale_point(q)).ok()?;
    let moved = Pair::with_scale(pair.a, &shifted, pair.scale());
    let (ca, cb) = (pair.a.center(), shifted.center());
    let first = moved.support(&first_direction(&ca, &cb, config));
    let mut simplex = Simplex::from_point(first);
    let answer = gjk_loop(&moved, config, Exits::NONE, &mut simplex, &mut (), &mut ()).ok()?;
    let miss = simplex.closest_point().length();
    Some((miss, answer.point_a, answer.point_b - q, simplex))
}
