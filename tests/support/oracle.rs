//! An independent brute-force oracle for the distance between the convex
//! hulls of two small point sets, in `f64`, sharing no code with the crate;
//! and an optimality certificate that checks any distance answer against
//! the support functions of the shapes.

use gjk::{Distance, SupportMap};

use super::{to_f64, to_t, TestReal, P};

/// Largest subset the oracle handles (`D + 1` for `D` up to 7).
const MAX_SUBSET: usize = 8;

/// A subset whose elimination pivot falls below this fraction of the largest
/// diagonal entry of its Gram matrix is affinely dependent (squared sine of
/// the angle between an edge and the span of the others below 1e-12); its
/// hull is covered by its smaller subsets (Carathéodory).
const ORACLE_PIVOT_FLOOR: f64 = 1e-12;

/// Barycentric weights down to this negative value are rounding noise: they
/// are clamped to zero (which moves the projection within its face, changing
/// its norm only to second order).
const ORACLE_WEIGHT_SLACK: f64 = 1e-9;

/// The point of a convex hull nearest to the origin.
#[derive(Clone, Debug)]
pub struct Projection<const D: usize> {
    /// The nearest point (a convex combination of the input points).
    pub point: P<D>,
    /// Its norm.
    pub norm: f64,
    /// `(index, weight)` of the points it combines; weights ≥ 0, sum 1.
    pub weights: Vec<(usize, f64)>,
}

/// Solves `m · x = rhs` (`n × n`, `n ≤ MAX_SUBSET`) by Gaussian elimination
/// with partial pivoting; `None` when a pivot is below `floor`.
fn gauss_solve(
    m: &mut [[f64; MAX_SUBSET]; MAX_SUBSET],
    rhs: &mut [f64; MAX_SUBSET],
    n: usize,
    floor: f64,
) -> Option<[f64; MAX_SUBSET]> {
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if !(m[pivot][col].abs() > floor) {
            return None;
        }
        m.swap(col, pivot);
        rhs.swap(col, pivot);
        for row in col + 1..n {
            let f = m[row][col] / m[col][col];
            for k in col..n {
                m[row][k] -= f * m[col][k];
            }
            rhs[row] -= f * rhs[col];
        }
    }
    let mut x = [0.0; MAX_SUBSET];
    for row in (0..n).rev() {
        let mut s = rhs[row];
        for k in row + 1..n {
            s -= m[row][k] * x[k];
        }
        x[row] = s / m[row][row];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

/// Projects the origin onto the affine hull of `points[subset]`; returns the
/// barycentric weights when the projection lies in their convex hull.
fn project_subset<const D: usize>(points: &[P<D>], subset: &[usize]) -> Option<Projection<D>> {
    let base = points[subset[0]];
    let k = subset.len() - 1;
    let mut edges = [P::<D>::zeros(); MAX_SUBSET];
    for (e, &i) in edges.iter_mut().zip(&subset[1..]) {
        *e = points[i] - base;
    }
    // Normal equations: Σⱼ (eᵢ·eⱼ) μⱼ = −eᵢ·base.
    let mut m = [[0.0; MAX_SUBSET]; MAX_SUBSET];
    let mut rhs = [0.0; MAX_SUBSET];
    let mut largest = 0.0f64;
    for i in 0..k {
        for j in 0..k {
            m[i][j] = edges[i].dot(&edges[j]);
        }
        rhs[i] = -edges[i].dot(&base);
        largest = largest.max(m[i][i]);
    }
    let mu = gauss_solve(&mut m, &mut rhs, k, ORACLE_PIVOT_FLOOR * largest)?;
    let mut weights = Vec::with_capacity(k + 1);
    weights.push((subset[0], 1.0 - mu[..k].iter().sum::<f64>()));
    weights.extend(subset[1..].iter().zip(&mu[..k]).map(|(&i, &w)| (i, w)));
    if weights.iter().any(|&(_, w)| w < -ORACLE_WEIGHT_SLACK) {
        return None;
    }
    for (_, w) in &mut weights {
        *w = w.max(0.0);
    }
    let total: f64 = weights.iter().map(|&(_, w)| w).sum();
    for (_, w) in &mut weights {
        *w /= total;
    }
    // Rebuilt as a convex combination: always a point of the hull.
    let point = weights
        .iter()
        .fold(P::<D>::zeros(), |s, &(i, w)| s + points[i] * w);
    Some(Projection {
        point,
        norm: point.norm(),
        weights,
    })
}

fn visit_subsets<const D: usize>(
    points: &[P<D>],
    start: usize,
    subset: &mut Vec<usize>,
    best: &mut Option<Projection<D>>,
) {
    if !subset.is_empty()
        && let Some(p) = project_subset(points, subset)
        && best.as_ref().is_none_or(|b| p.norm < b.norm)
    {
        *best = Some(p);
    }
    if subset.len() == (D + 1).min(MAX_SUBSET) {
        return;
    }
    for i in start..points.len() {
        subset.push(i);
        visit_subsets(points, i + 1, subset, best);
        subset.pop();
    }
}

/// The point of the convex hull of `points` nearest to the origin, by brute
/// force over every subset of at most `D + 1` points.
///
/// # Panics
///
/// When `points` is empty.
pub fn closest_to_origin<const D: usize>(points: &[P<D>]) -> Projection<D> {
    assert!(!points.is_empty(), "the oracle needs at least one point");
    let mut best = None;
    visit_subsets(points, 0, &mut Vec::with_capacity(D + 1), &mut best);
    // Single points always project (weight 1), so `best` is set.
    best.expect("a single point always projects")
}

/// The oracle's answer for two hulls.
#[derive(Clone, Debug)]
pub struct OracleDistance<const D: usize> {
    /// The distance between the hulls.
    pub distance: f64,
    /// A closest point on hull A.
    pub point_a: P<D>,
    /// A closest point on hull B.
    pub point_b: P<D>,
}

/// The distance between the convex hulls of `a` and `b`: the nearest point
/// to the origin of the hull of the differences `aᵢ − bⱼ`.
pub fn hull_distance<const D: usize>(a: &[P<D>], b: &[P<D>]) -> OracleDistance<D> {
    let pairs: Vec<(usize, usize)> = (0..a.len())
        .flat_map(|i| (0..b.len()).map(move |j| (i, j)))
        .collect();
    let diffs: Vec<P<D>> = pairs.iter().map(|&(i, j)| a[i] - b[j]).collect();
    let p = closest_to_origin(&diffs);
    let (mut point_a, mut point_b) = (P::<D>::zeros(), P::<D>::zeros());
    for &(k, w) in &p.weights {
        let (i, j) = pairs[k];
        point_a += a[i] * w;
        point_b += b[j] * w;
    }
    OracleDistance {
        distance: p.norm,
        point_a,
        point_b,
    }
}

/// Distance from the point `p` to the convex hull of `hull`.
pub fn point_to_hull<const D: usize>(p: &P<D>, hull: &[P<D>]) -> f64 {
    hull_distance(core::slice::from_ref(p), hull).distance
}

// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Certificate
// ---------------------------------------------------------------------------

/// Support value `max_{x ∈ S} x·n` of a shape (core plus margin), with `n`
/// rounded to the shape's precision and the dot product taken in `f64`.
pub fn support_value<T: TestReal, const D: usize>(s: &impl SupportMap<T, D>, n: &P<D>) -> f64 {
    to_f64(&s.support(&to_t::<T, D>(n))).dot(n)
}

/// Checks that a distance answer proves itself through the support functions.
///
/// With a normal `n` (from A towards B): the witness points lie on the
/// supporting planes of their shapes, `point_a·n = max_A x·n` and
/// `point_b·n = min_B x·n`, and the support gap `min_B x·n − max_A x·n`, a
/// lower bound on the true distance, reaches the reported distance; the
/// witnesses are `distance` apart along `n`. Without a normal the distance is
/// zero and the witnesses coincide.
///
/// `tol` is the absolute budget on the distance. A normal computed from a
/// difference vector `v` carries a direction error up to `tol / ‖v‖`, which
/// tilts the supporting planes by up to that angle across the shapes' extent
/// (at most `2 * scale`); the plane checks allow for it.
pub fn check_certificate<T: TestReal, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    d: &Distance<T, D>,
    tol: f64,
    scale: f64,
) -> Result<(), String> {
    let dist = d.distance.as_f64();
    let pa = to_f64(&d.point_a);
    let pb = to_f64(&d.point_b);
    let Some(n_t) = d.normal else {
        if dist != 0.0 {
            return Err(format!("no normal but distance {dist:e} != 0"));
        }
        let sep = (pb - pa).norm();
        if sep > tol {
            return Err(format!(
                "no normal (overlap) but witnesses {sep:e} apart (tol {tol:e})"
            ));
        }
        return Ok(());
    };
    let n_raw = to_f64(&n_t);
    let len = n_raw.norm();
    let margins = a.margin().as_f64() + b.margin().as_f64();
    // Separation of the cores along n: the reported one plus the margins.
    let core = (pb - pa).dot(&n_raw) / len + margins;
    let angle = (tol / core.max(f64::MIN_POSITIVE)).min(1.0);
    if (len - 1.0).abs() > 2.0 * angle + 1e-6 {
        return Err(format!("normal has length {len}"));
    }
    let n = n_raw / len;
    let plane_tol = tol + 2.0 * (scale + margins) * angle;
    let h_a = support_value(a, &n);
    let low_b = -support_value(b, &-n);
    let (on_a, on_b) = (pa.dot(&n), pb.dot(&n));
    if (on_a - h_a).abs() > plane_tol {
        return Err(format!(
            "point_a off A's supporting plane: point_a·n = {on_a:e}, max_A x·n = {h_a:e} (tol {plane_tol:e})"
        ));
    }
    if (on_b - low_b).abs() > plane_tol {
        return Err(format!(
            "point_b off B's supporting plane: point_b·n = {on_b:e}, min_B x·n = {low_b:e} (tol {plane_tol:e})"
        ));
    }
    let gap = low_b - h_a;
    // The gap is negative when only the margins overlap (distance zero).
    if dist > 0.0 && gap < dist - plane_tol {
        return Err(format!(
            "support gap {gap:e} along the normal does not confirm distance {dist:e} (tol {plane_tol:e})"
        ));
    }
    if dist > 0.0 {
        let diff = pb - pa;
        let along = diff.dot(&n);
        if (diff.norm() - dist).abs() > tol || (diff - n * along).norm() > tol + dist * angle {
            return Err(format!(
                "witnesses differ by {diff:?} (norm {:e}), not distance {dist:e} along the normal",
                diff.norm()
            ));
        }
    } else if gap > plane_tol {
        return Err(format!(
            "distance 0 but the support gap {gap:e} separates the shapes"
        ));
    }
    Ok(())
}
