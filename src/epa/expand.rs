//! EPA's entry: the polytope started from GJK's simplex, and restarted in
//! narrowing cones about the best normal when it runs out of room.

use nalgebra::SVector;

use super::polytope::Polytope;
use super::run::run_epa;
use super::watch::EpaWatch;
use crate::engine::config::{Config, Error, Status};
use crate::engine::pair::Pair;
use crate::engine::{CoreAnswer, Extent, Verdict};
use crate::math::basis::Basis;
use crate::math::real::{all_finite, axis, max_abs, Length, Real};
use crate::shape::SupportMap;
use crate::simplex::Simplex;

/// A unit vector orthogonal to the affine hull of the simplex's vertices, or
/// `None` when they already span the space. Each axis is orthogonalised
/// against the hull's edges; the one with the largest remainder (at least
/// `1/√D` of its length) wins.
fn orthogonal_direction<T: Real, const D: usize>(simplex: &Simplex<T, D>) -> Option<SVector<T, D>> {
    let first = simplex.vertex(0)?.w;
    let mut edges = Basis::new();
    for (p, _) in simplex.iter().skip(1) {
        edges.add(&(p.w - first));
    }
    if edges.rank() >= D {
        return None;
    }
    let mut best: Option<(SVector<T, D>, T)> = None;
    for i in 0..D {
        let u = edges.reject(&axis(i));
        let n = u.length();
        if best.is_none_or(|(_, m)| n > m) {
            best = Some((u, n));
        }
    }
    best.and_then(|(u, n)| (n > T::zero()).then(|| u / n))
}

/// Runs EPA from the simplex of a GJK run that found the cores overlapping.
///
/// The answer's distance is minus the depth (a certified lower bound on
/// it), its bound minus the smallest support value seen (an upper bound),
/// its points the point of A's core deepest in B's and vice versa.
pub(crate) fn expand<T, const D: usize, const V: usize, const F: usize, A, B>(
    pair: &Pair<'_, A, B, T>,
    config: &Config<T, D>,
    simplex: &Simplex<T, D>,
    watch: &mut impl EpaWatch<T, D>,
) -> Result<CoreAnswer<T, D>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    let mut extent = Extent::of(simplex);
    // The polytope orients its facets away from its centroid, which lies
    // `h / (D + 1)` above a facet when the opposite vertex stands `h` above
    // it, and tells the side only beyond `DEGENERACY` times the facet's
    // extent (up to `2√D · scale`). A vertex less than `thin` above the
    // others' affine hull is therefore rounding: it is dropped, and a
    // direction with no more extent than that means touching.
    let dims = T::from_usize(2 * D * (D + 1)).unwrap_or(T::one());
    let thin = |extent: Extent<T>| extent.rounding() * dims;
    let mut full = Simplex::new();
    let mut kept = Basis::new();
    for (p, _) in simplex.iter() {
        let stands_out = match full.vertex(0) {
            None => true,
            Some(first) => {
                let e = p.w - first.w;
                kept.reject(&e).length() > thin(extent) && kept.add(&e)
            }
        };
        if stands_out {
            full.push(*p);
        }
    }
    while !full.is_full() {
        let Some(u) = orthogonal_direction(&full) else {
            break;
        };
        let up = pair.support(&u);
        let down = pair.support(&-u);
        if !all_finite(&up.w) || !all_finite(&down.w) {
            return Err(Error::NonFinite);
        }
        extent.include(&up);
        extent.include(&down);
        let base = full.vertex(0).map_or(SVector::zeros(), |p| p.w);
        let (h_up, h_down) = (u.dot(&(up.w - base)), -u.dot(&(down.w - base)));
        if h_up <= thin(extent) || h_down <= thin(extent) {
            // `A − B` has no extent beyond the origin's hyperplane along ±u
            // that the polytope could orient: the shapes touch, to within
            // that extent, and moving B by it along that side separates
            // them. The extent bounds the depth from above; within the
            // rounding of the coordinates, the touch is proven.
            let (normal, h) = if h_up <= h_down {
                (u, h_up)
            } else {
                (-u, h_down)
            };
            let upper = h.max(T::zero()) + extent.rounding();
            let status = if h <= extent.rounding() {
                Status::Converged
            } else {
                Status::Stalled
            };
            return Ok(touching(simplex, normal, upper, status, extent));
        }
        full.push(if h_up >= h_down { up } else { down });
    }
    let mut poly = Polytope::<T, D, V, F>::new();
    if !poly.start(&full) {
        return Err(Error::InvalidConfig);
    }
    let mut best = run_epa(pair, config, &mut poly, extent, watch)?;
    // Out of room, typically on a curved boundary (the polytope spent its
    // vertices all around `A − B`, while only the neighbourhood of the
    // deepest normal matters), or stalled by rounding (a polytope broken by
    // rounding, whose planes no longer bound the depth). Any polytope inside `A − B` around the origin
    // bounds the depth from below, so a new one is started from support
    // points in a cone about the best normal (and one on the far side, to
    // hold the origin), narrower each time: its room goes where the answer
    // is. The bounds of every polytope hold, so the best of each is kept.
    let mut cone = T::lit(LOCAL_CONE);
    for _ in 0..LOCAL_RESTARTS {
        let stuck = matches!(best.status, Status::OutOfCapacity | Status::Stalled);
        if !stuck || best.depth() <= T::zero() {
            break;
        }
        let Some(local) = best.normal.and_then(|n| local_simplex(pair, &n, cone)) else {
            break;
        };
        cone *= T::lit(LOCAL_NARROWING);
        // The origin is inside when it is on the inner side of every
        // facet's plane: a facet too thin for a normal cannot say which
        // side it is on, and the start is not taken.
        let inside = poly.start(&local)
            && poly.oriented()
            && poly.closest_facet().is_some_and(|c| c.least >= T::zero());
        if !inside {
            break;
        }
        let mut budget = *config;
        budget.max_iterations = config.max_iterations.saturating_sub(best.iterations);
        let next = run_epa(pair, &budget, &mut poly, extent, watch)?;
        // Every sound lower bound is below every upper bound: a restart that
        // contradicts the bounds already held was bent by rounding (a far
        // vertex makes its planes coarse), and is not taken.
        let slack = extent.rounding();
        if next.depth() > best.depth_bound() + slack || next.depth_bound() < best.depth() - slack {
            break;
        }
        let (lower, upper) = (
            best.depth().max(next.depth()),
            best.depth_bound().min(next.depth_bound()),
        );
        let iterations = best.iterations + next.iterations;
        if next.status == Status::Converged || next.depth() >= best.depth() {
            best = next;
        }
        // The kept estimate, within the bracket both polytopes certify (set
        // in place: no copy of the answer onto itself).
        let upper = upper.max(lower);
        best.distance = best.distance.max(-upper).min(-lower);
        best.certain = -lower;
        best.bound = -upper;
        best.iterations = iterations;
    }
    Ok(best)
}

/// Restarts of EPA in a cone about the best normal once the polytope is
/// full, each cone [`LOCAL_NARROWING`] times the previous.
const LOCAL_RESTARTS: usize = 3;

/// How much narrower each restart's cone is.
const LOCAL_NARROWING: f64 = 0.1;

/// Half-angle (radians, roughly) of the cone of directions a second EPA
/// polytope starts from around the best normal of the first.
const LOCAL_CONE: f64 = 0.3;

/// A full simplex of support points around the origin: `D` along
/// directions in a cone of half-angle about `spread` around `n`, and one
/// along `−n`; `None` when they are not affinely independent (flat faces
/// answer the cone with one vertex).
fn local_simplex<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    n: &SVector<T, D>,
    spread: T,
) -> Option<Simplex<T, D>>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    // An orthonormal basis of the plane orthogonal to `n`, from the axes.
    let mut normal = Basis::new();
    normal.add(n);
    let mut across = Basis::new();
    for i in 0..D {
        let e = normal.reject(&across.reject(&axis(i)));
        if across.rank() + 1 < D && e.length() > T::lit(0.5) {
            across.add(&e);
        }
    }
    let mut simplex = Simplex::new();
    simplex.push(pair.support(&-n));
    // The cone's directions surround `n`: the basis vectors and minus
    // their sum.
    let mut sum = SVector::<T, D>::zeros();
    for b in across.vectors() {
        sum += b;
        simplex.push(pair.support(&(n + b * spread)));
    }
    simplex.push(pair.support(&(n - sum * spread)));
    // Affinely independent, each vertex standing out of the others' span by
    // more than the polytope can orient (as for GJK's simplex above).
    let first = simplex.vertex(0)?.w;
    let mut edges = Basis::new();
    let mut thin = false;
    for (p, _) in simplex.iter().skip(1) {
        let e = p.w - first;
        thin |= !all_finite(&e) || edges.reject(&e).length() <= T::ROUNDING_FLOOR * max_abs(&e);
        edges.add(&e);
    }
    (!thin && edges.rank() == D && simplex.is_full()).then_some(simplex)
}

/// Depth zero at GJK's contact point, along `normal`, with `upper` the
/// bound on the depth (the extent of `A − B` beyond the origin's plane).
fn touching<T: Real, const D: usize>(
    simplex: &Simplex<T, D>,
    normal: SVector<T, D>,
    upper: T,
    status: Status,
    extent: Extent<T>,
) -> CoreAnswer<T, D> {
    CoreAnswer::from_simplex(
        simplex,
        Verdict::Overlap,
        (T::zero(), -upper),
        Some(normal),
        extent,
        (0, status),
    )
}
