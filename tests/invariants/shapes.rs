//! Invariants of the shape constructors (`Scanned::new`, `Polygon::new`,
//! `Transformed::new`) and of the bare `Simplex`.

use gjk::nalgebra::SMatrix;
use gjk::{
    distance, hull::Polygon, hull::Scanned, Config, ShapeError, Simplex, Status, SupportMap,
    SupportPoint, Transformed, Vector,
};

use super::checks::{
    axis_probes, check_distance, check_swap, max_coord, to64, to_t, Body, Pair, P,
};
use super::input::{unit_of, vec_of, Cloud, MatrixSpec, Num, PolygonSpec, SimplexOp};
use super::{budget, sane, TestReal, MAX_HULL_POINTS};

/// A cloud's points at precision `T`.
fn cloud_t<T: TestReal, const D: usize>(cloud: &Cloud, max: usize) -> Vec<Vector<T, D>> {
    cloud
        .points::<D>(max)
        .into_iter()
        .map(|p| to_t(&P::<D>::from(p)))
        .collect()
}

/// Whether every coordinate is finite.
fn finite<T: TestReal, const D: usize>(points: &[Vector<T, D>]) -> bool {
    points.iter().all(|p| p.iter().all(|x| x.is_finite()))
}

/// A pair of sharp shapes with default settings, for the distance checks.
fn plain_pair<T: TestReal, const D: usize>(a: &[P<D>], bt: &[Vector<T, D>]) -> Pair<T, D> {
    let b: Vec<P<D>> = bt.iter().map(to64).collect();
    Pair {
        at: a.iter().map(to_t).collect(),
        bt: bt.to_vec(),
        scale: max_coord(a).max(max_coord(&b)),
        a: Body {
            points: a.to_vec(),
            radius: 0.0,
        },
        b: Body {
            points: b,
            radius: 0.0,
        },
        ra: T::zero(),
        rb: T::zero(),
        config: Config::default().starting_along(None),
        config_ok: true,
    }
}

/// `shape`'s support along each probe is one of `points` (up to `near`) and
/// attains the maximum dot product up to `tol`.
fn check_support<T: TestReal, const D: usize>(
    what: &str,
    shape: &impl SupportMap<T, D>,
    points: &[P<D>],
    probes: &[P<D>],
    near: f64,
    tol: f64,
) {
    for u in probes {
        let s = to64(&shape.support(&to_t::<T, D>(u)));
        let best = points
            .iter()
            .map(|p| p.dot(u))
            .fold(f64::NEG_INFINITY, f64::max);
        assert!(
            s.dot(u) >= best - tol,
            "{what}: support along {u:?} reaches {:e}, the points {best:e} (budget {tol:e}); points {points:?}",
            s.dot(u)
        );
        let miss = points
            .iter()
            .map(|p| (p - s).norm())
            .fold(f64::INFINITY, f64::min);
        assert!(
            miss <= near,
            "{what}: support {s:?} is {miss:e} from every point"
        );
    }
}

/// `Scanned::new`, its support map, and a distance query from it.
pub fn hull_case<T: TestReal, const D: usize>(cloud: &Cloud, other: &Cloud, probe: &[i8; 4]) {
    assert_eq!(
        Scanned::<&[Vector<T, D>], T, D>::new(&[]).map(|_| ()),
        Err(ShapeError::Empty)
    );
    let pts = cloud_t::<T, D>(cloud, MAX_HULL_POINTS);
    let Ok(hull) = Scanned::new(&pts) else {
        assert!(!finite(&pts), "Scanned::new rejected finite points {pts:?}");
        return;
    };
    assert!(finite(&pts), "Scanned::new accepted {pts:?}");
    let p64: Vec<P<D>> = pts.iter().map(to64).collect();
    let scale = max_coord(&p64);
    if !sane::<T>(scale) {
        return;
    }
    let mut probes = axis_probes::<D>();
    probes.push(P::<D>::from(unit_of::<D>(probe, 1)));
    probes.extend(p64.iter().filter(|p| p.norm() > 0.0).map(|p| p / p.norm()));
    let tol = budget::<T>(scale, 0.0, 0.0);
    check_support("hull", &hull, &p64, &probes, 0.0, tol);

    let ot = cloud_t::<T, D>(other, MAX_HULL_POINTS);
    if !finite(&ot) {
        return;
    }
    let pair = plain_pair::<T, D>(&p64, &ot);
    let ob = Scanned::new(&ot).expect("finite");
    if let Some(d) = check_distance(&pair, &hull, &ob, &pair.a, &pair.b) {
        check_swap(&pair, &hull, &ob, &d);
    }
}

/// `Polygon::new`: rejects what it must, accepts clean convex polygons, and
/// answers like the hull of its vertices.
pub fn polygon_case<T: TestReal>(spec: &PolygonSpec, other: &Cloud, probe: &[i8; 2]) {
    let (verts, clean) = spec.vertices();
    let vt: Vec<Vector<T, 2>> = verts.iter().map(|p| to_t(&P::<2>::from(*p))).collect();
    let result = Polygon::new(&vt);
    if vt.is_empty() {
        assert_eq!(result.map(|_| ()), Err(ShapeError::Empty));
        return;
    }
    if !finite(&vt) {
        assert_eq!(result.map(|_| ()), Err(ShapeError::NonFinite), "{vt:?}");
        return;
    }
    let v64: Vec<P<2>> = vt.iter().map(to64).collect();
    let scale = max_coord(&v64);
    let slack = T::ANGLE_SLACK.as_f64();
    let poly = match result {
        Ok(poly) => poly,
        Err(e) => {
            assert_eq!(e, ShapeError::NotConvex, "Polygon::new on {vt:?}");
            // A clean recipe whose edges are long enough for rounding to stay
            // well inside the angle slack must be accepted.
            if let Some((step, r)) = clean {
                let margin = 1e2 * T::eps() * scale / slack;
                assert!(
                    !(sane::<T>(scale) && step * r >= margin),
                    "convex counter-clockwise polygon rejected (step {step:e}, radius {r:e}): {vt:?}"
                );
            }
            return;
        }
    };
    if !sane::<T>(scale) {
        return;
    }
    let strict = budget::<T>(scale, 0.0, 0.0);
    let tol = if clean.is_some() {
        strict
    } else {
        strict + 4.0 * slack * scale
    };
    let mut probes: Vec<P<2>> = (0..64)
        .map(|k| {
            let (s, c) = (f64::from(k) / 64.0 * core::f64::consts::TAU).sin_cos();
            P::<2>::new(c, s)
        })
        .collect();
    probes.push(P::<2>::from(unit_of::<2>(&[probe[0], probe[1], 0, 0], 0)));
    for w in v64.windows(2) {
        let e = w[1] - w[0];
        if e.norm() > 0.0 {
            probes.push(P::<2>::new(e.y, -e.x) / e.norm());
        }
    }
    check_support("polygon", &poly, &v64, &probes, 0.0, tol);

    let ot = cloud_t::<T, 2>(other, MAX_HULL_POINTS);
    if !finite(&ot) {
        return;
    }
    let pair = plain_pair::<T, 2>(&v64, &ot);
    let ob = Scanned::new(&ot).expect("finite");
    let as_hull = Scanned::new(&vt).expect("finite");
    let Ok(h) = distance(&as_hull, &ob, &Config::default()) else {
        return;
    };
    let got = if clean.is_some() {
        check_distance(&pair, &poly, &ob, &pair.a, &pair.b)
    } else {
        distance(&poly, &ob, &Config::default()).ok()
    };
    if let Some(g) = got {
        if g.status == Status::Converged && h.status == Status::Converged {
            let pair_scale = pair.scale;
            let tol = tol + budget::<T>(pair_scale, h.distance.as_f64(), T::GJK_TOLERANCE.as_f64());
            assert!(
                (g.distance.as_f64() - h.distance.as_f64()).abs() <= 2.0 * tol,
                "polygon distance {:e}, hull of the same vertices {:e} (budget {tol:e})",
                g.distance.as_f64(),
                h.distance.as_f64()
            );
        }
    }
}

/// The largest entry of `RᵀR − I`, in `f64`.
fn defect<const D: usize>(r: &SMatrix<f64, D, D>) -> f64 {
    (r.transpose() * r - SMatrix::<f64, D, D>::identity())
        .iter()
        .fold(0.0, |m, x| {
            if x.is_nan() {
                f64::INFINITY
            } else {
                m.max(x.abs())
            }
        })
}

/// `Transformed::new` with arbitrary matrices: typed errors, and the moved
/// shape answers like the hull of the moved points.
pub fn transformed_case<T: TestReal, const D: usize>(
    cloud: &Cloud,
    matrix: &MatrixSpec,
    translation: &[Num; 4],
    other: &Cloud,
) {
    let pts = cloud_t::<T, D>(cloud, MAX_HULL_POINTS);
    let Ok(hull) = Scanned::new(&pts) else {
        return;
    };
    let entries = matrix.entries::<D>();
    let rt = SMatrix::<T, D, D>::from_fn(|i, j| T::of_f64(entries[i][j]));
    let tt = to_t::<T, D>(&P::<D>::from(vec_of::<D>(&translation.map(Num::value))));
    let result = Transformed::new(hull, rt, tt);
    let r64 = rt.map(|x| x.as_f64());
    let slack = T::ANGLE_SLACK.as_f64();
    if rt.iter().chain(tt.iter()).any(|x| !x.is_finite()) {
        assert_eq!(result.map(|_| ()), Err(ShapeError::NonFinite));
        return;
    }
    let bad = defect(&r64);
    let moved_shape = match result {
        Ok(m) => {
            assert!(
                bad <= 2.0 * slack,
                "Transformed::new accepted a matrix {bad:e} from orthogonal (slack {slack:e}): {r64:?}"
            );
            m
        }
        Err(e) => {
            assert_eq!(e, ShapeError::NotOrthogonal, "Transformed::new on {r64:?}");
            assert!(
                bad >= 0.5 * slack,
                "Transformed::new rejected a matrix only {bad:e} from orthogonal: {r64:?}"
            );
            return;
        }
    };
    let t64 = to64(&tt);
    let moved: Vec<P<D>> = pts.iter().map(|p| r64 * to64(p) + t64).collect();
    let scale =
        max_coord(&moved) + r64.norm() * max_coord(&pts.iter().map(to64).collect::<Vec<_>>());
    if !sane::<T>(scale) {
        return;
    }
    let tol = budget::<T>(scale, 0.0, 0.0);
    let mut probes = axis_probes::<D>();
    probes.extend(
        moved
            .iter()
            .filter(|p| p.norm() > 0.0)
            .map(|p| p / p.norm()),
    );
    check_support("transformed", &moved_shape, &moved, &probes, tol, tol);

    let ot = cloud_t::<T, D>(other, MAX_HULL_POINTS);
    if !finite(&ot) {
        return;
    }
    let mt: Vec<Vector<T, D>> = moved.iter().map(to_t).collect();
    let mut pair = plain_pair::<T, D>(&moved, &ot);
    pair.scale = pair.scale.max(scale);
    let ob = Scanned::new(&ot).expect("finite");
    let Some(g) = check_distance(&pair, &moved_shape, &ob, &pair.a, &pair.b) else {
        return;
    };
    let mh = Scanned::new(&mt).expect("finite");
    if let Ok(h) = distance(&mh, &ob, &Config::default()) {
        if g.status == Status::Converged && h.status == Status::Converged {
            let tol = budget::<T>(pair.scale, h.distance.as_f64(), T::GJK_TOLERANCE.as_f64());
            assert!(
                (g.distance.as_f64() - h.distance.as_f64()).abs() <= 2.0 * tol,
                "transformed distance {:e}, hull of the moved points {:e} (budget {tol:e})",
                g.distance.as_f64(),
                h.distance.as_f64()
            );
        }
    }
}

/// The state of a simplex after a reduction: weights, closest point and, for
/// the kept face, orthogonality.
fn check_reduced<T: TestReal, const D: usize>(s: &Simplex<T, D>, v: &Vector<T, D>, scale: f64) {
    let tol = budget::<T>(scale, 0.0, 0.0);
    let v = to64(v);
    assert!(
        !s.is_empty() && s.len() <= D + 1,
        "simplex of {} vertices",
        s.len()
    );
    let mut sum = 0.0;
    let mut combo = P::<D>::zeros();
    for (p, l) in s.iter() {
        let l = l.as_f64();
        assert!(l >= -1e3 * T::eps(), "negative weight {l:e} in {s:?}");
        sum += l;
        combo += to64(&p.w) * l;
    }
    assert!(
        (sum - 1.0).abs() <= 1e3 * T::eps(),
        "weights sum to {sum} in {s:?}"
    );
    assert!(
        (combo - v).norm() <= tol,
        "closest point {v:?} is not the weighted vertices {combo:?}"
    );
    assert!(
        (to64(&s.closest_point()) - v).norm() == 0.0,
        "closest_point() differs from the returned point"
    );
    for (p, _) in s.iter() {
        let y = to64(&p.w);
        let off = v.dot(&(y - v));
        assert!(
            off.abs() <= tol * (scale + v.norm()),
            "closest point {v:?} not orthogonal to the kept face: v·(y - v) = {off:e}"
        );
    }
}

/// The bare simplex: pushes, `reduce`, `closest_point_full`.
pub fn simplex_case<T: TestReal, const D: usize>(cloud: &Cloud, op: SimplexOp) {
    let pts = cloud_t::<T, D>(cloud, D + 2);
    let ok = finite(&pts);
    let p64: Vec<P<D>> = pts.iter().map(to64).collect();
    let scale = max_coord(&p64);
    let judge = ok && sane::<T>(scale);
    let tol = budget::<T>(scale, 0.0, 0.0);
    let mut s = Simplex::<T, D>::new();
    assert!(s.reduce().is_none() && s.closest_point_full().is_none());
    for p in &pts {
        let full = s.is_full();
        let pushed = s.push(SupportPoint::from_point(*p));
        assert_eq!(pushed, !full, "push on a simplex of {} vertices", s.len());
        if op == SimplexOp::Incremental {
            let v = s.reduce();
            if judge {
                let v = v.expect("non-empty simplex");
                check_reduced(&s, &v, scale);
                if pushed {
                    let newest = s.vertex(s.len() - 1).map(|q| q.w);
                    assert_eq!(newest, Some(*p), "reduce dropped the newest vertex");
                    assert!(
                        to64(&v).norm() <= to64(p).norm() + tol,
                        "reduce moved away from the newest vertex"
                    );
                }
            }
        }
    }
    let pushed: Vec<P<D>> = p64.iter().take(D + 1).copied().collect();
    match op {
        SimplexOp::Incremental => {}
        SimplexOp::Reduce => {
            let newest = s.vertex(s.len() - 1).map(|q| q.w);
            let v = s.reduce();
            if judge {
                let v = v.expect("non-empty simplex");
                check_reduced(&s, &v, scale);
                assert_eq!(
                    s.vertex(s.len() - 1).map(|q| q.w),
                    newest,
                    "reduce dropped the newest vertex"
                );
            }
        }
        SimplexOp::Full => {
            let v = s.closest_point_full();
            if judge {
                let v = v.expect("non-empty simplex");
                check_reduced(&s, &v, scale);
                let v = to64(&v);
                // Optimal in norm: when `g = v·(y − v) < 0`, moving from `v`
                // towards a vertex `y` lowers ‖v‖² by at most `g² / ‖y − v‖²`
                // (or `−2g − ‖y − v‖²` when that optimum lies beyond `y`).
                // (The point's *position* along a thin face is
                // ill-conditioned, about `ε / sin θ` for its thinnest angle
                // θ, but its norm, the distance, is not.)
                for y in &pushed {
                    let d = y - v;
                    let gain = v.dot(&d);
                    // Along the segment from `v` to `y` (stopping at `y`).
                    let dd = d.norm_squared();
                    let drop = if gain >= 0.0 {
                        0.0
                    } else if -gain >= dd {
                        -2.0 * gain - dd
                    } else {
                        (gain / d.norm()).powi(2)
                    };
                    assert!(
                        drop <= tol * (scale + v.norm()),
                        "closest_point_full {v:?} is not optimal: vertex {y:?} lowers ‖v‖² by {drop:e}; pushed {pushed:?}"
                    );
                }
            }
        }
    }
}
