//! Penetration depth by the Expanding Polytope Algorithm, in any dimension.
//!
//! The math is in the docs of the public item it serves, [`penetration`](crate::penetration).

mod facet_normal;
mod polytope;
mod watch;

use nalgebra::SVector;

use crate::engine::config::{Config, Error, Status};
use crate::engine::pair::Pair;
use crate::engine::{first_direction, gjk_loop, CoreAnswer, Exits, Extent, Verdict};
use crate::math::basis::Basis;
use crate::math::real::{all_finite, axis, max_abs, Length, Real};
use crate::shape::{SupportMap, Transformed};
use crate::simplex::{Simplex, SupportPoint};

pub(crate) use polytope::Polytope;
use polytope::{Closest, Facet, Grow};
pub(crate) use watch::EpaWatch;

/// Default room for polytope vertices in [`penetration`](crate::penetration)
/// and [`contact`](crate::query::contact).
///
/// # Example
///
/// ```
/// use gjk::{contact, contact_with_capacity, Cuboid, Config, Transformed, Vector};
/// use gjk::{DEFAULT_EPA_FACETS, DEFAULT_EPA_VERTICES};
///
/// let a = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let b = Transformed::translated(a, Vector::<f64, 3>::new(1.5, 0.2, 0.0)).unwrap();
/// let config = Config::default();
/// // `contact` is `contact_with_capacity` with the default room.
/// let room = contact_with_capacity::<_, _, DEFAULT_EPA_VERTICES, DEFAULT_EPA_FACETS>;
/// let c = room(&a, &b, 0.0, &config);
/// assert_eq!(c, contact(&a, &b, 0.0, &config));
/// assert!((c.unwrap().unwrap().distance + 0.5).abs() < 1e-12);
/// ```
pub const DEFAULT_EPA_VERTICES: usize = 64;
/// Default room for polytope facets in [`penetration`](crate::penetration)
/// and [`contact`](crate::query::contact).
///
/// # Example
///
/// ```
/// use gjk::{contact_with_capacity, Cuboid, Config, Transformed, Vector};
/// use gjk::{DEFAULT_EPA_FACETS, DEFAULT_EPA_VERTICES};
///
/// let a = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let b = Transformed::translated(a, Vector::<f64, 3>::new(0.0, 0.0, 1.75)).unwrap();
/// // Twice the default room (three facets per vertex in 3D).
/// const V: usize = 2 * DEFAULT_EPA_VERTICES;
/// const F: usize = 2 * DEFAULT_EPA_FACETS;
/// let c = contact_with_capacity::<f64, 3, V, F>(&a, &b, 0.0, &Config::default());
/// assert!((c.unwrap().unwrap().distance + 0.25).abs() < 1e-12);
/// ```
pub const DEFAULT_EPA_FACETS: usize = 192;

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
        let kept = if next.status == Status::Converged || next.depth() >= best.depth() {
            next
        } else {
            best
        };
        // The kept estimate, within the bracket both polytopes certify.
        let upper = upper.max(lower);
        best = CoreAnswer {
            distance: kept.distance.max(-upper).min(-lower),
            certain: -lower,
            bound: -upper,
            iterations,
            ..kept
        };
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

/// The expansion loop proper (not inlined: a full polytope runs it again
/// from a narrower start, and one copy of it is enough).
#[inline(never)]
fn run_epa<T, const D: usize, const V: usize, const F: usize, A, B>(
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
fn onto_support_planes<T: Real, const D: usize>(
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
fn surface_distance<T: Real, const D: usize, const V: usize, const F: usize>(
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
fn contact_points<T: Real, const D: usize, const V: usize, const F: usize>(
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
fn touching_points<T, A, B, const D: usize>(
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
    let answer = gjk_loop(&moved, config, Exits::NONE, &mut simplex).ok()?;
    let miss = simplex.closest_point().length();
    Some((miss, answer.point_a, answer.point_b - q, simplex))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Cuboid, Point, Transformed};

    /// GJK ended touching: its triangle lies in the plane `x = 0` through
    /// the origin, and `A − B` reaches only `d` beyond it along `x`, less
    /// than the polytope can orient (`2D(D + 1) · ROUNDING_FLOOR · L`).
    /// The depth is `d`: the exit must bracket it, not report zero as both
    /// bounds with `Converged` (as it did).
    fn thin_side<T: Real>(d: f64) -> CoreAnswer<T, 3> {
        let v = |x: f64, y: f64, z: f64| SVector::<T, 3>::new(T::lit(x), T::lit(y), T::lit(z));
        let block = Cuboid::new(v(0.5, 1.0, 1.0)).unwrap();
        let a = Transformed::translated(block, v(d - 0.5, 0.0, 0.0)).unwrap();
        let b = Point::new(v(0.0, 0.0, 0.0)).unwrap();
        let pair = Pair::with_scale(&a, &b, T::one());
        let mut simplex = Simplex::new();
        for w in [v(0.0, 1.0, 1.0), v(0.0, -1.0, 1.0), v(0.0, 0.0, -1.0)] {
            simplex.push(SupportPoint::new(w, SVector::zeros()));
        }
        let config = Config::default();
        expand::<T, 3, 64, 128, _, _>(&pair, &config, &simplex, &mut ()).unwrap()
    }

    #[test]
    fn a_thin_side_is_bracketed_not_called_touching() {
        for d in [2e-6, 1e-5, 2e-5] {
            let r = thin_side::<f32>(d);
            let (lower, upper) = (f64::from(r.depth()), f64::from(r.depth_bound()));
            assert!(lower <= d && d <= upper, "d {d:e}: [{lower:e}, {upper:e}]");
            assert_eq!(r.status, Status::Stalled, "d {d:e}");
        }
        // Within rounding of the coordinates, the touch is proven.
        let r = thin_side::<f32>(1e-8);
        assert_eq!(r.status, Status::Converged);
        assert!(f64::from(r.depth_bound()) >= 1e-8);
        // In f64 the same extents are far above what the polytope orients:
        // EPA measures them.
        let r = thin_side::<f64>(2e-5);
        assert_eq!(r.status, Status::Converged);
        assert!((r.depth() - 2e-5).abs() < 1e-15);
    }
}
