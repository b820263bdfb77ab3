//! Invariants of `contact_manifold` on two rounded hulls built by `Hull`
//! (`D = 2, 3`, the dimensions a hull is built in), and on two rounded
//! boxes spanning the same clouds (the box–box path), at two separations:
//! zero (overlapping or touching pairs only) and the pair's distance plus
//! a twentieth of the coordinate scale.
//!
//! The reference is `distance` (checked against the brute-force oracles by
//! [`check_distance`]) and `contact` on the same shapes (checked by the
//! penetration target). Each converged manifold, in the sane range, must:
//!
//! * exist only within the separation, and be `None` only beyond it;
//! * hold one to four points, with a unit normal and no two points sharing
//!   their pair of feature ids;
//! * give each point within the separation, no deeper than the contact
//!   (the contact's distance is the least a point can have), with
//!   `point_b − point_a = distance · normal`;
//! * keep each point inside its own shape: below the shape's support plane
//!   along the normal and along every axis, both ways, and below the plane
//!   of every facet of its hull (the planes through any `D` of its points).
//!
//! Budget: four times [`budget`] at the contact's distance or depth plus
//! the radii (its relative tolerance included),
//! and, for where a point lies and how deep, `16 ε L κ` more: clipping
//! measures each point from a facet's plane, whose rounded normal tilts by
//! `ε L (‖e₁‖ + ‖e₂‖) / ‖e₁ × e₂‖` and is carried across the facet (`κ`,
//! the largest such factor times the facet's longest edge, over both
//! hulls' facets; one in 2D). On sliver facets that is far more than
//! `ε L`.

use gjk::{
    contact, contact_manifold, Cuboid, Error, Faces, Hull, Manifold, Rounded, Status, SupportMap,
    Transformed, Vector,
};

use super::checks::{
    axis_probes, build_pair, check_distance, dump, expect_error, facet_probes, to64, to_t, Body,
    Pair, P,
};
use super::input::PairInput;
use super::{budget, sane, TestReal};

/// A hull builder for one dimension (`Hull::new` is per dimension).
type Build<T, const D: usize> =
    for<'a> fn(&'a [Vector<T, D>], &'a mut [u32], &'a mut [[u32; D]]) -> Option<Hull<'a, T, D>>;

fn hull2<'a, T: TestReal>(
    p: &'a [Vector<T, 2>],
    i: &'a mut [u32],
    f: &'a mut [[u32; 2]],
) -> Option<Hull<'a, T, 2>> {
    Hull::<T, 2>::new(p, i, f).ok()
}

fn hull3<'a, T: TestReal>(
    p: &'a [Vector<T, 3>],
    i: &'a mut [u32],
    f: &'a mut [[u32; 3]],
) -> Option<Hull<'a, T, 3>> {
    Hull::<T, 3>::new(p, i, f).ok()
}

/// Runs the manifold invariants on a pair input of dimension `D` (nothing
/// beyond 3D, where no hull is built).
pub fn manifold_case<T: TestReal, const D: usize>(input: &PairInput) {
    match D {
        2 => {
            manifold_in::<T, 2>(input, hull2);
            box_manifold_in::<T, 2>(input);
            box_hull_manifold_in::<T, 2>(input, hull2);
        }
        3 => {
            manifold_in::<T, 3>(input, hull3);
            box_manifold_in::<T, 3>(input);
            box_hull_manifold_in::<T, 3>(input, hull3);
        }
        _ => {}
    }
}

/// The same invariants on two placed boxes (the box–box clipping path),
/// each spanning its cloud in a frame taken from the cloud's first points.
fn box_manifold_in<T: TestReal, const D: usize>(input: &PairInput) {
    let Some(pair) = build_pair::<T, D>(input) else {
        return;
    };
    let (Some((sa, ca)), Some((sb, cb))) = (box_of(&pair.at), box_of(&pair.bt)) else {
        return;
    };
    let (Ok(sa), Ok(sb)) = (Rounded::new(sa, pair.ra), Rounded::new(sb, pair.rb)) else {
        return;
    };
    let boxed = Pair {
        at: pair.at.clone(),
        bt: pair.bt.clone(),
        a: Body {
            points: ca,
            radius: pair.a.radius,
        },
        b: Body {
            points: cb,
            radius: pair.b.radius,
        },
        ra: pair.ra,
        rb: pair.rb,
        config: pair.config,
        config_ok: pair.config_ok,
        scale: pair.scale,
    };
    // A box's faces are rectangles: no slivers, whatever the cloud.
    check_manifolds(&boxed, &sa, &sb, 1.0);
}

/// The same invariants on a placed box (spanning A's cloud) and a hull
/// (of B's): a box face against a hull's facets, the pairing where the
/// clipped points can miss the contact's own pair.
fn box_hull_manifold_in<T: TestReal, const D: usize>(input: &PairInput, build: Build<T, D>) {
    let Some(pair) = build_pair::<T, D>(input) else {
        return;
    };
    let Some((sa, ca)) = box_of(&pair.at) else {
        return;
    };
    let mut ib = vec![0; Hull::<T, D>::indices_needed(pair.bt.len())];
    let mut fb = vec![[0; D]; Hull::<T, D>::facets_needed(pair.bt.len())];
    let Some(hb) = build(&pair.bt, &mut ib, &mut fb) else {
        return;
    };
    let kappa = conditioning(&pair.b.points, hb.facets());
    let (Ok(sa), Ok(sb)) = (Rounded::new(sa, pair.ra), Rounded::new(hb, pair.rb)) else {
        return;
    };
    let boxed = Pair {
        at: pair.at.clone(),
        bt: pair.bt.clone(),
        a: Body {
            points: ca,
            radius: pair.a.radius,
        },
        b: pair.b.clone(),
        ra: pair.ra,
        rb: pair.rb,
        config: pair.config,
        config_ok: pair.config_ok,
        scale: pair.scale,
    };
    check_manifolds(&boxed, &sa, &sb, kappa);
}

/// A box placed by a rotation and a translation.
type PlacedBox<T, const D: usize> = Transformed<Cuboid<T, D>, T, D>;

/// The box spanning `points` in the orthonormal frame found by
/// Gram–Schmidt from the first points (the axes where they give none),
/// as the shape at precision `T` and its corners in `f64` (computed from
/// the rounded frame, so that they are the shape's own corners).
fn box_of<T: TestReal, const D: usize>(
    points: &[Vector<T, D>],
) -> Option<(PlacedBox<T, D>, Vec<P<D>>)> {
    let p: Vec<P<D>> = points.iter().map(to64).collect();
    let size = super::checks::max_coord(&p);
    if !(size > 0.0 && size.is_finite()) {
        return None;
    }
    let candidates = p
        .iter()
        .skip(1)
        .map(|q| q / size - p[0] / size)
        .chain((0..D).map(|k| P::<D>::from_fn(|i, _| if i == k { 1.0 } else { 0.0 })));
    let mut axes: Vec<P<D>> = Vec::with_capacity(D);
    for mut c in candidates {
        for a in &axes {
            c -= *a * a.dot(&c);
        }
        let n = c.norm();
        // (Scaled to the cloud's size first, no difference overflows.)
        if n > 1e-3 {
            axes.push(c / n);
            if axes.len() == D {
                break;
            }
        }
    }
    let rotation = gjk::nalgebra::SMatrix::<T, D, D>::from_fn(|i, j| T::of_f64(axes[j][i]));
    let r64 = gjk::nalgebra::SMatrix::<f64, D, D>::from_fn(|i, j| rotation[(i, j)].as_f64());
    let (mut low, mut high) = (
        P::<D>::repeat(f64::INFINITY),
        P::<D>::repeat(f64::NEG_INFINITY),
    );
    for q in &p {
        let local = r64.transpose() * q;
        low = low.inf(&local);
        high = high.sup(&local);
    }
    let half = to_t::<T, D>(&((high - low) / 2.0));
    let centre = to_t::<T, D>(&(r64 * (high + low) / 2.0));
    let shape = Transformed::new(Cuboid::new(half).ok()?, rotation, centre).ok()?;
    let (h64, c64) = (to64(&half), to64(&centre));
    let corners = (0..1usize << D)
        .map(|bits| {
            let local = P::<D>::from_fn(|i, _| if bits >> i & 1 == 1 { h64[i] } else { -h64[i] });
            r64 * local + c64
        })
        .collect();
    Some((shape, corners))
}

fn manifold_in<T: TestReal, const D: usize>(input: &PairInput, build: Build<T, D>) {
    let Some(pair) = build_pair::<T, D>(input) else {
        return;
    };
    let storage = |n: usize| {
        (
            vec![0; Hull::<T, D>::indices_needed(n)],
            vec![[0; D]; Hull::<T, D>::facets_needed(n)],
        )
    };
    dump(&pair);
    let (mut ia, mut fa) = storage(pair.at.len());
    let (mut ib, mut fb) = storage(pair.bt.len());
    // Flat clouds bound no solid of dimension D: `Hull` refuses them.
    let (Some(ha), Some(hb)) = (
        build(&pair.at, &mut ia, &mut fa),
        build(&pair.bt, &mut ib, &mut fb),
    ) else {
        return;
    };
    let kappa =
        conditioning(&pair.a.points, ha.facets()).max(conditioning(&pair.b.points, hb.facets()));
    let (Ok(sa), Ok(sb)) = (Rounded::new(ha, pair.ra), Rounded::new(hb, pair.rb)) else {
        return;
    };
    check_manifolds(&pair, &sa, &sb, kappa);
}

/// The manifold invariants on `sa` and `sb`, the shapes of `pair` (whose
/// bodies are their references), `kappa` the faces' conditioning.
fn check_manifolds<T: TestReal, S: Faces<T, D>, R: Faces<T, D>, const D: usize>(
    pair: &Pair<T, D>,
    sa: &S,
    sb: &R,
    kappa: f64,
) {
    let Some(d) = check_distance(pair, sa, sb, &pair.a, &pair.b) else {
        return;
    };
    // Zero, and a little beyond the pair's distance (so that every pair
    // has a manifold to check).
    let beyond = d.distance.as_f64() + 0.05 * pair.scale;
    for separation in [0.0, beyond] {
        // (Beyond the precision's range, the second is not asked.)
        let sep = T::of_f64(separation);
        if !sep.is_finite() {
            continue;
        }
        let m = match contact_manifold(sa, sb, sep, &pair.config) {
            Ok(m) => m,
            Err(Error::IterationLimit) => {
                // Undecided, as `contact` is: only where `distance`, on the
                // same loop, ended at the cap with its bracket straddling
                // the separation, or within the rounding allowance of the
                // coordinates (`8 ε L`) of it.
                let band = 8.0 * T::eps() * pair.scale;
                assert!(
                    d.status == Status::IterationLimit && d.lower.as_f64() <= sep.as_f64() + band,
                    "contact_manifold hit the iteration cap where distance decided ({d:?})"
                );
                continue;
            }
            Err(e) => {
                expect_error(pair, "contact_manifold", e);
                continue;
            }
        };
        let tolerance = pair.config.tolerance.as_f64();
        let radii = pair.a.radius + pair.b.radius;
        let sane = sane::<T>(pair.scale) && d.status == Status::Converged;
        let gap = d.distance.as_f64();
        let Some(m) = m else {
            let tol = 4.0 * budget::<T>(pair.scale, gap + radii, tolerance);
            assert!(
                !sane || gap >= sep.as_f64() - tol,
                "contact_manifold = None at separation {:e} but distance {gap:e} (budget {tol:e})",
                sep.as_f64()
            );
            continue;
        };
        // The contact the manifold's normal came from: a converged one is
        // within the relative tolerance of its depth (or distance), which
        // widens every budget below as it does for `penetration`.
        // Two boxes are decided by separating axes, with no iteration
        // cap: their manifold can stand where `contact` stopped at it, or
        // (touching, to rounding) where it found them apart; the points'
        // checks hold the distance to the separation.
        let boxes = sa.core_box().is_some() && sb.core_box().is_some();
        // Beyond the scales where accuracy is judged, the contact may fail
        // on a number out of range where the manifold did not: its
        // witnesses are pushed out by the margins (a margin near the
        // largest float takes a point past it), while the manifold's
        // points are measured from a face plane.
        let c = match contact(sa, sb, sep, &pair.config) {
            Ok(Some(c)) => Some(c),
            Ok(None) | Err(Error::IterationLimit) if boxes => None,
            Err(e @ (Error::Overflow | Error::NonFinite | Error::Subnormal)) => {
                expect_error(pair, "contact", e);
                None
            }
            other => panic!("a manifold at separation {:e} but {other:?}", sep.as_f64()),
        };
        let reach = c
            .as_ref()
            .map_or(pair.scale, |c| c.distance.as_f64().abs().min(pair.scale));
        check_points(
            pair,
            &m,
            (sep.as_f64(), d.distance.as_f64(), reach, kappa),
            sane,
        );
        let Some(c) = c.filter(|c| c.status == Status::Converged) else {
            continue;
        };
        if !sane || m.status != Status::Converged {
            continue;
        }
        let deepest = c.distance.as_f64();
        let tol = 4.0 * budget::<T>(pair.scale, reach + radii, tolerance)
            + 16.0 * T::eps() * pair.scale * kappa;
        for p in m.points() {
            assert!(
                p.distance.as_f64() >= deepest - tol,
                "a point {:e} deep, deeper than the contact's {deepest:e} (budget {tol:e}); {m:?}",
                -p.distance.as_f64()
            );
        }
        // And as deep as the contact: the manifold never has the shapes
        // shallower (or apart) where the contact has them deep; beyond the
        // budget, by no more than two nearly parallel faces' tilts spread
        // depths across them (`Σ w sin θ`, each face's diameter `w` and
        // the angle `θ` of its normal from the manifold's, when each sine
        // is at most `√ANGLE_SLACK`), measured here in f64 from the faces.
        let tol = tol + parallel_spread(sa, sb, &m.normal);
        let least = m
            .points()
            .map(|p| p.distance.as_f64())
            .fold(f64::INFINITY, f64::min);
        assert!(
            least <= deepest + tol,
            "the deepest point {least:e} is shallower than the contact's {deepest:e} \
             (budget {tol:e}); {m:?}"
        );
    }
}

/// How far two nearly parallel faces' tilts from `n` spread depths along
/// it across them: `Σ w sin θ` over A's face along `n` and B's along `−n`
/// (`w` twice a face's reach from its first vertex), when each sine is at
/// most `√ANGLE_SLACK`; otherwise zero.
fn parallel_spread<T: TestReal, const D: usize, A, B>(a: &A, b: &B, n: &Vector<T, D>) -> f64
where
    A: Faces<T, D> + ?Sized,
    B: Faces<T, D> + ?Sized,
{
    let n64 = to64(n).normalize();
    let tilt = |face: gjk::Face<T, D>| {
        let points: Vec<P<D>> = face.points().map(|(p, _)| to64(&p)).collect();
        let Some(first) = points.first() else {
            return (0.0, 0.0);
        };
        let reach = points
            .iter()
            .map(|p| (p - first).norm())
            .fold(0.0, f64::max);
        // The sine from the cross product (accurate for small angles,
        // where `√(1 − cos²)` loses every digit).
        let f = to64(&face.normal).normalize();
        let sine = if D == 3 {
            let c = |i: usize, j: usize| f[i] * n64[j] - f[j] * n64[i];
            (c(1, 2).powi(2) + c(2, 0).powi(2) + c(0, 1).powi(2)).sqrt()
        } else {
            (f[0] * n64[1] - f[1] * n64[0]).abs()
        };
        (sine, 2.0 * reach)
    };
    let faces = [tilt(a.face(n)), tilt(b.face(&-n))];
    let parallel = T::ANGLE_SLACK.as_f64().sqrt();
    // The faces' sines, computed here, differ from the crate's by rounding:
    // a hair of room on the threshold.
    if faces
        .iter()
        .all(|&(sine, _)| sine <= parallel * (1.0 + 1e-6) + 4.0 * T::eps())
    {
        faces.iter().map(|&(sine, w)| sine * w).sum::<f64>() * (1.0 + 1e-6)
    } else {
        0.0
    }
}

/// The structure of a manifold, and (`sane`: converged distance, coordinates
/// in the judged range) where its points lie.
fn check_points<T: TestReal, const D: usize>(
    pair: &Pair<T, D>,
    m: &Manifold<T, D>,
    (sep, gap, reach, kappa): (f64, f64, f64, f64),
    sane: bool,
) {
    let n = to64(&m.normal);
    assert!(
        n.iter().all(|x| x.is_finite()) && (n.norm() - 1.0).abs() <= 1e3 * T::eps(),
        "manifold normal {n:?}"
    );
    assert!(
        (1..=4).contains(&m.len()),
        "a manifold of {} points",
        m.len()
    );
    let ids: Vec<(u64, u64)> = m.points().map(|p| (p.id_a, p.id_b)).collect();
    for (i, x) in ids.iter().enumerate() {
        assert!(
            !ids[i + 1..].contains(x),
            "two points share the ids {x:?}; {m:?}"
        );
    }
    if !sane || m.status != Status::Converged {
        return;
    }
    let tolerance = pair.config.tolerance.as_f64();
    let radii = pair.a.radius + pair.b.radius;
    let tol = 4.0 * budget::<T>(pair.scale, gap.abs().max(reach) + sep + radii, tolerance);
    // A point is measured from a facet's plane, whose normal rounding
    // tilts by `ε L (‖e₁‖ + ‖e₂‖) / ‖e₁ × e₂‖`, over up to the facet's
    // diameter: on a sliver facet that is far more than `ε L`.
    let placed = tol + 16.0 * T::eps() * pair.scale * kappa;
    assert!(
        gap <= sep + tol,
        "a manifold at separation {sep:e} but distance {gap:e} (budget {tol:e})"
    );
    let mut probes: Vec<P<D>> = axis_probes::<D>();
    probes.push(n);
    probes.push(-n);
    let (facets_a, facets_b) = (facet_probes(&pair.a.points), facet_probes(&pair.b.points));
    for p in m.points() {
        let (pa, pb, dist) = (to64(&p.point_a), to64(&p.point_b), p.distance.as_f64());
        assert!(
            dist <= sep + tol,
            "a point {dist:e} apart at separation {sep:e} (budget {tol:e}); {m:?}"
        );
        assert!(
            (pb - pa - n * dist).norm() <= 2.0 * tol,
            "point_b − point_a = {:?}, not {dist:e} · normal; {m:?}",
            pb - pa
        );
        for u in &probes {
            let (out_a, out_b) = (pa.dot(u) - pair.a.high(u), pb.dot(u) - pair.b.high(u));
            assert!(
                out_a <= placed && out_b <= placed,
                "a point outside its shape along {u:?} by {out_a:e} (A) and {out_b:e} (B) \
                 (budget {placed:e}); {m:?}"
            );
        }
        // Below every facet's plane of its own shape, too.
        for (p, body, facets, name) in
            [(pa, &pair.a, &facets_a, "A"), (pb, &pair.b, &facets_b, "B")]
        {
            for u in facets {
                let out = p.dot(u) - body.high(u);
                assert!(
                    out <= placed,
                    "a point outside {name} by {out:e} along {u:?} (budget {placed:e}); {m:?}"
                );
            }
        }
    }
}

/// The largest `ℓ (‖e₁‖ + ‖e₂‖) / ‖e₁ × e₂‖` over the hull's facets in 3D
/// (`ℓ` the facet's longest edge, `e₁`, `e₂` two of its edges): how much a
/// facet's rounded normal, carried across the facet, magnifies the
/// rounding of the coordinates. One in 2D, where a facet is an edge.
fn conditioning<const D: usize>(points: &[P<D>], facets: &[[u32; D]]) -> f64 {
    if D != 3 {
        return 1.0;
    }
    facets
        .iter()
        .map(|f| {
            // Scaled to unit size first (the ratio does not change), so
            // that no square overflows or underflows.
            let [a, b, c] = [0, 1, 2].map(|k| points[f[k] as usize]);
            let size = [a, b, c].iter().map(|p| p.amax()).fold(0.0, f64::max);
            if !(size > 0.0 && size.is_finite()) {
                return f64::INFINITY;
            }
            let [a, b, c] = [a, b, c].map(|p| p / size);
            let (e1, e2) = (b - a, c - a);
            let cross = P::<D>::from_fn(|i, _| {
                let (j, k) = ((i + 1) % 3, (i + 2) % 3);
                e1[j] * e2[k] - e1[k] * e2[j]
            });
            let longest = e1.norm().max(e2.norm()).max((c - b).norm());
            let kappa = longest * (e1.norm() + e2.norm()) / cross.norm();
            // A facet with no area to rounding has no conditioning.
            if kappa.is_nan() {
                f64::INFINITY
            } else {
                kappa
            }
        })
        .fold(1.0, f64::max)
}
