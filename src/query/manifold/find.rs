//! The manifold queries: the contact first, then the faces along its
//! normal, clipped and reduced; a single point where no face is aligned.

use super::answer::{Manifold, ManifoldPoint, Side, DEEPEST, MAX_MANIFOLD_POINTS};
use super::boxes::Sat;
use super::clip::{clip, Clipped, Found};
use super::face::{Face, Faces};
use super::tilt::{leeway, spread, steady, tilt, FACE_ALIGNMENT};
use crate::engine::config::{Config, Error, Status};
use crate::engine::{below_normal, checked};
use crate::math::real::{max_abs, Real};
use crate::query::box_sat::BoxAxes;
use crate::query::contact::contact;
use nalgebra::SVector;

/// The contact manifold of `a` and `b` when their signed distance is at
/// most `max_separation`, for `D = 2` and `3`; `None` when they are proven
/// farther apart.
///
/// Every point's signed distance is at most `max_separation` (within
/// rounding), and the deepest is the contact's distance to within the
/// features' flatness (and, for two nearly parallel faces, the spread in
/// depth their tilts from the normal make across them: a face turned 1e-6
/// rad on another keeps the points it had at rest); swapping the shapes
/// mirrors the manifold. Points
/// are measured from the reference face's plane, so their positions and
/// distances are accurate to a few `ε L` (`L` the coordinates' size) times
/// the face's conditioning: a triangle's rounded normal tilts by about
/// `ε L (‖e₁‖ + ‖e₂‖) / ‖e₁ × e₂‖`, which across a sliver facet (a
/// needle's) is far more than `ε L`. A face whose normal may tilt by more
/// than `√ε` is not clipped against: the contact's single point is then
/// the manifold.
///
/// # Errors
///
/// As for [`contact`], and [`Error::Overflow`] when a point's position
/// or distance overflows where the contact's did not (coordinates and
/// margins near the end of the floating-point range).
///
/// # Example
///
/// ```
/// use gjk::{contact_manifold, Cuboid, Config, Transformed, Vector};
///
/// let floor = Cuboid::new(Vector::<f64, 3>::new(5.0, 5.0, 1.0)).unwrap();
/// let crate_ = Cuboid::new(Vector::<f64, 3>::new(0.5, 0.5, 0.5)).unwrap();
/// let resting = Transformed::translated(crate_, Vector::<f64, 3>::new(0.0, 0.0, 1.49)).unwrap();
/// let m = contact_manifold(&floor, &resting, 0.01, &Config::default()).unwrap().unwrap();
/// assert_eq!(m.len(), 4); // the crate's four bottom corners
/// assert!(m.points().all(|p| (p.distance + 0.01).abs() < 1e-12));
/// ```
///
/// The normal comes from [`contact`] (GJK when apart, EPA when
/// overlapping). Along it each shape gives its most aligned feature
/// ([`Faces`]); the one whose normal agrees better with the contact normal
/// is the *reference*, the other the *incident* feature. The incident
/// feature is clipped against the side planes of the reference face, taken
/// parallel to the normal (Sutherland & Hodgman, "Reentrant Polygon
/// Clipping", CACM 1974); each remaining point is measured along the normal
/// to the reference plane (a point of B and its foot on A's face overlap
/// along the normal no more than the shapes do, so no point is deeper than
/// the contact), and points farther apart than the caller's separation are
/// dropped; in 3D at most
/// four are kept, chosen to span the largest area (with the deepest among
/// them unless the points are level). Margins
/// (balls, capsules, rounded shapes) move the points onto the rounded
/// surfaces along the normal. When no face is aligned with the normal
/// (edge on edge, a vertex), the manifold is the single point of the
/// contact.
///
/// Feature ids name the reference face and the incident vertex, or for a
/// clipped point the incident edge and the side plane that cut it, or the
/// two side planes meeting at a corner of the reference face (where the
/// clipped polygon runs along one plane into the next), each by the ids of
/// the vertices that start them, so a solver can match the points of one
/// frame with those of the next; no two points of a manifold share them.
/// Of sets of four whose areas are equal to 1e-3, the one whose ids come
/// first is kept, so a small motion keeps the same points.
pub fn contact_manifold<T, A, B, const D: usize>(
    a: &A,
    b: &B,
    max_separation: T,
    config: &Config<T, D>,
) -> Result<Option<Manifold<T, D>>, Error>
where
    T: Real,
    A: Faces<T, D> + ?Sized,
    B: Faces<T, D> + ?Sized,
{
    let mut out = Manifold::new();
    let touching = contact_manifold_into(a, b, max_separation, config, &mut out)?;
    Ok(touching.then_some(out))
}

/// [`contact_manifold`] into the caller's storage: `out` is overwritten
/// with the manifold, and the answer is whether there is one (`false`
/// when the shapes are proven farther apart than `max_separation`, `out`
/// then empty). An engine keeping one manifold per pair of shapes updates
/// it in place, with no copy of the answer on the way.
///
/// # Errors
///
/// As for [`contact_manifold`]; `out` is then empty.
///
/// # Example
///
/// ```
/// use gjk::{contact_manifold_into, Cuboid, Config, Manifold, Transformed, Vector};
///
/// let floor = Cuboid::new(Vector::<f64, 3>::new(5.0, 5.0, 1.0)).unwrap();
/// let cube = Cuboid::new(Vector::<f64, 3>::repeat(0.5)).unwrap();
/// let config = Config::default();
/// let mut manifold = Manifold::new();
/// for height in [1.6, 1.49, 1.45] {
///     let cube = Transformed::translated(cube, Vector::<f64, 3>::new(0.0, 0.0, height)).unwrap();
///     let touching = contact_manifold_into(&floor, &cube, 0.0, &config, &mut manifold).unwrap();
///     assert_eq!(touching, height < 1.5);
///     assert_eq!(manifold.len(), if touching { 4 } else { 0 });
/// }
/// assert!(manifold.points().all(|p| (p.distance + 0.05).abs() < 1e-12));
/// ```
pub fn contact_manifold_into<T, A, B, const D: usize>(
    a: &A,
    b: &B,
    max_separation: T,
    config: &Config<T, D>,
    out: &mut Manifold<T, D>,
) -> Result<bool, Error>
where
    T: Real,
    A: Faces<T, D> + ?Sized,
    B: Faces<T, D> + ?Sized,
{
    let touching = fill(a, b, max_separation, config, out);
    if touching != Ok(true) {
        *out = Manifold::new();
    }
    for p in out.points.iter_mut().flatten() {
        p.anchor_a = a.to_body(&p.point_a);
        p.anchor_b = b.to_body(&p.point_b);
    }
    touching
}

/// [`contact_manifold_into`] before `out` is emptied on a miss (it may
/// hold a discarded attempt then).
#[inline(always)]
fn fill<T, A, B, const D: usize>(
    a: &A,
    b: &B,
    max_separation: T,
    config: &Config<T, D>,
    out: &mut Manifold<T, D>,
) -> Result<bool, Error>
where
    T: Real,
    A: Faces<T, D> + ?Sized,
    B: Faces<T, D> + ?Sized,
{
    // Two boxes: proven apart, or in a face contact whose normal (by
    // separating axes) is the contact's to rounding; every other case is
    // the contact query's.
    if !(max_separation >= T::zero()) || !max_separation.is_finite() {
        return Err(Error::InvalidConfig);
    }
    let (ra, rb) = checked(a, b, config)?;
    if let (Some(ba), Some(bb)) = (a.core_box(), b.core_box()) {
        let corners = [ba.centre, bb.centre, ba.half, bb.half];
        if below_normal(&corners, ra.max(rb)) {
            return Err(Error::Subnormal);
        }
        let cutoff = max_separation + ra + rb;
        let pair = BoxAxes::new(&ba, &bb);
        match super::boxes::separating_axes(&ba, &bb, &pair, cutoff) {
            Sat::Apart if cutoff.is_finite() => return Ok(false),
            // (Skewed frames: their axes are not their faces' normals.)
            _ if !pair.orthonormal() => {}
            Sat::Face(n) => {
                let status = Status::Converged;
                let written = match super::box_clip::face_manifold(
                    (&ba, &bb),
                    &pair,
                    &n,
                    (ra, rb),
                    max_separation,
                    status,
                    out,
                ) {
                    Some(written) => written,
                    None => along(a, b, &n, max_separation, None, status, out),
                };
                if written.is_ok() && out.is_finite() {
                    return Ok(true);
                }
            }
            Sat::Edges {
                normal: n,
                point_a,
                point_b,
                depth,
            } => {
                // The contact as `contact` gives it: the edges' closest
                // points pushed out by the margins.
                let (pa, pb) = (point_a + n * ra, point_b - n * rb);
                let distance = -depth - (ra + rb);
                let status = Status::Converged;
                // Faces aligned with the edges' normal go the general way
                // (clipping along a tilted normal is ill-conditioned where
                // an incident edge meets a side plane at a grazing angle,
                // so computed otherwise, the points could differ by more
                // than rounding); unaligned ones need only their ids.
                let deepest = Deepest {
                    points: (pa, pb),
                    distance,
                    allowance: T::zero(),
                };
                let written = match super::box_clip::unaligned((&ba, &bb), &pair, &n) {
                    Some(ids) => Err(ids),
                    None => along(a, b, &n, max_separation, Some(deepest), status, out),
                };
                if let Err(ids) = written {
                    single(&n, (pa, pb, distance), ids, status, out);
                }
                if out.is_finite() {
                    return Ok(true);
                }
            }
            _ => {}
        }
    }
    let Some(c) = contact(a, b, max_separation, config)? else {
        return Ok(false);
    };
    let n = c.normal;
    let deepest = Deepest {
        points: (c.point_a, c.point_b),
        distance: c.distance,
        allowance: config.tolerance * c.distance.abs(),
    };
    if let Err(ids) = along(a, b, &n, max_separation, Some(deepest), c.status, out) {
        single(&n, (c.point_a, c.point_b, c.distance), ids, c.status, out);
    }
    if out.is_finite() {
        Ok(true)
    } else {
        Err(Error::Overflow)
    }
}

/// Writes into `out` the manifold of one contact point, `(point_a,
/// point_b, distance)`, with the ids of the shapes' features along the
/// normal (no face aligned with it).
fn single<T: Real, const D: usize>(
    n: &SVector<T, D>,
    (point_a, point_b, distance): (SVector<T, D>, SVector<T, D>, T),
    (id_a, id_b): (u32, u32),
    status: Status,
    out: &mut Manifold<T, D>,
) {
    out.normal = *n;
    out.status = status;
    out.reference = Side::A;
    out.reference_face = id_a;
    out.points = [None; MAX_MANIFOLD_POINTS];
    out.points[0] = Some(ManifoldPoint {
        point_a,
        point_b,
        distance,
        id_a: u64::from(id_a),
        id_b: u64::from(id_b),
        anchor_a: SVector::zeros(),
        anchor_b: SVector::zeros(),
    });
}

/// The contact a manifold is built from: its points on A and B, its signed
/// distance, and how far from the truth that distance may be (the query's
/// relative tolerance on it).
#[derive(Clone, Copy)]
pub(super) struct Deepest<T: Real, const D: usize> {
    points: (SVector<T, D>, SVector<T, D>),
    distance: T,
    allowance: T,
}

/// Writes into `out` the manifold of `a` and `b` along the contact normal
/// `n`: the incident feature clipped against the reference face, measured
/// along `n`, with the contact's own point (`deepest`) added when clipping
/// lost it. When no face is aligned with `n` or no point is within
/// `max_separation` (the contact's single point is then the manifold), the
/// ids of the two features along `n` instead, `out` untouched.
fn along<T, A, B, const D: usize>(
    a: &A,
    b: &B,
    n: &SVector<T, D>,
    max_separation: T,
    deepest: Option<Deepest<T, D>>,
    status: Status,
    out: &mut Manifold<T, D>,
) -> Result<(), (u32, u32)>
where
    T: Real,
    A: Faces<T, D> + ?Sized,
    B: Faces<T, D> + ?Sized,
{
    let n = *n;
    let (mut fa, mut fb) = (Face::default(), Face::default());
    a.face_into(&n, &mut fa);
    b.face_into(&-n, &mut fb);
    let ids = (fa.id, fb.id);
    let (align_a, align_b) = (fa.normal.dot(&n), -fb.normal.dot(&n));
    // The better aligned face is the reference; faces aligned alike (a box
    // flat on a floor) choose by size, so that swapping the shapes keeps
    // the same reference and the manifold mirrors.
    let a_is_reference = if fa.len() >= 2 && fb.len() >= 2 {
        if (align_a - align_b).abs() <= T::ANGLE_SLACK {
            spread(&fa) >= spread(&fb)
        } else {
            align_a > align_b
        }
    } else {
        fa.len() >= fb.len()
    };
    let (reference, incident, alignment) = if a_is_reference {
        (&fa, &fb, align_a)
    } else {
        (&fb, &fa, align_b)
    };
    if !(2..=3).contains(&D)
        || reference.len() < 2
        || alignment < T::lit(FACE_ALIGNMENT)
        || !steady(reference)
    {
        return Err(ids);
    }
    let (r_ref, r_inc) = if a_is_reference {
        (a.margin(), b.margin())
    } else {
        (b.margin(), a.margin())
    };
    let m = reference.normal;
    let scale = reference
        .points()
        .chain(incident.points())
        .fold(T::zero(), |s, (p, _)| s.max(max_abs(&p)));
    let slack = T::ROUNDING_FLOOR * scale;
    let towards = if a_is_reference { n } else { -n };
    let mut work = [Clipped::new(), Clipped::new()];
    let Some(at) = clip(reference, incident, &towards, slack, &mut work) else {
        return Err(ids);
    };
    let clipped = work.get(at).map_or(&[][..], |c| c.as_slice());
    let Some((base, _)) = reference.points().next() else {
        return Err(ids);
    };
    let leeway = leeway(slack, [tilt(reference, &n), tilt(incident, &n)]);
    let mut found = Found::new(a_is_reference, reference.id, leeway);
    // Each incident point is measured along the contact normal (from the
    // reference shape towards the incident one) to the reference plane: a
    // point of B and its foot on A's face are no farther into each other
    // along the normal than the shapes overlap along it, so no point is
    // deeper than the contact.
    let slope = m.dot(&towards);
    for k in clipped {
        let along = m.dot(&(k.p - base)) / slope;
        let distance = along - r_ref - r_inc;
        if !(distance <= max_separation + slack) {
            continue;
        }
        let on_reference = k.p - towards * along + towards * r_ref;
        let on_incident = k.p - towards * r_inc;
        if !found.add((on_reference, on_incident), distance, k.id, k.p) {
            break;
        }
    }
    // The deepest point of the manifold is the contact's: a point of B and
    // its foot on A along `n` overlap no more than the shapes do, and the
    // contact's pair overlaps by exactly that. When the clipped feature
    // misses the contact's pair (an incident edge that dips below the
    // reference face only beside it, where the normal is not the face's),
    // the pair itself joins the manifold, so that the manifold never says
    // the shapes are shallower, or apart, where the contact has them deep.
    if let Some(c) = deepest {
        let shallowest_allowed = c.distance + c.allowance + T::lit(16.0) * slack + leeway;
        let missed = found
            .points
            .iter()
            .all(|(p, _)| p.distance > shallowest_allowed);
        if !found.points.is_empty() && missed {
            let (pa, pb) = c.points;
            let (face, deepest) = (u64::from(reference.id), DEEPEST | u64::from(incident.id));
            let (at, id_a, id_b) = if a_is_reference {
                (pb, face, deepest)
            } else {
                (pa, deepest, face)
            };
            found.put_deepest(
                ManifoldPoint {
                    point_a: pa,
                    point_b: pb,
                    distance: c.distance,
                    id_a,
                    id_b,
                    anchor_a: SVector::zeros(),
                    anchor_b: SVector::zeros(),
                },
                at,
            );
        }
    }
    if found.write(n, status, out) {
        Ok(())
    } else {
        Err(ids)
    }
}
