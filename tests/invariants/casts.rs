//! Invariants of the casts: `ray_cast` and `shape_cast` on two (rounded)
//! convex hulls, against the swept shapes.
//!
//! A cast's answer is checked with queries on shapes that the cast never
//! builds: the segment the ray covers, and B swept along its motion (the
//! Minkowski sum of B and the segment `[0, t v]`). A proven miss (`None`)
//! means the whole sweep up to `max_t` stays off A; any `Some` is a proven
//! hit: the shapes touch by `upper ≤ max_t` (distance within the budget);
//! a converged hit at `t` means the shapes touch at `t` and the sweep up to
//! `t` overlaps A by no more than the budget (nothing was passed).
//! Accuracy is judged in the sane range of the scale of the sweep.

use gjk::{
    distance, penetration, ray_cast, shape_cast, Error, MinkowskiSum, Penetration, Point, Segment,
    Status, SupportMap, Transformed, Vector,
};

use super::checks::{to64, Pair};
use super::{budget, sane, TestReal};

/// How deep the sweep `[0, t]` of `b` along `v` goes into `a`: zero when
/// they are apart or touch, `None` when the oracle cannot say.
fn sweep_depth<T: TestReal, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    v: &Vector<T, D>,
    t: T,
    pair: &Pair<T, D>,
) -> Option<f64> {
    let path = Segment::new(Vector::zeros(), v * t).ok()?;
    let swept = MinkowskiSum::new(b, path);
    let depth = |answer: Result<Option<Penetration<T, D>>, Error>| match answer {
        Ok(None) => Some(0.0),
        Ok(Some(p)) if p.status == Status::Converged => Some(p.depth.as_f64()),
        _ => None,
    };
    // Both orders, the deeper kept: each depth is a certified lower bound,
    // so the deeper is one too, and a depth claimed beyond the truth in
    // either order (EPA on a needle-thin sweep at extreme scales once did)
    // fails the cast's invariant.
    let forward = depth(penetration(a, &swept, &pair.config))?;
    let backward = depth(penetration(&swept, a, &pair.config))?;
    Some(forward.max(backward))
}

/// Runs the cast invariants on a pair: B cast towards A along the line of
/// their centres, past it by half, and a ray from B's centre along it.
pub fn check_casts<T: TestReal, const D: usize>(
    pair: &Pair<T, D>,
    sa: &impl SupportMap<T, D>,
    sb: &impl SupportMap<T, D>,
) {
    let v = (sa.center() - sb.center()) * T::of_f64(1.5);
    let max_t = T::of_f64(1.0);
    let reach = to64(&v).norm() * max_t.as_f64();
    let scale = pair.scale + reach;
    let judged = pair.config_ok && sane::<T>(scale) && reach.is_finite();
    // The loop stops within its tolerance of the margins' distance.
    let tol = budget::<T>(
        scale,
        pair.ra.as_f64() + pair.rb.as_f64(),
        pair.config.tolerance.as_f64(),
    );
    match shape_cast(sa, sb, v, max_t, &pair.config) {
        Err(e) => assert!(
            !judged || e == Error::IterationLimit,
            "shape_cast failed with {e:?} on a sane input (scale {scale:e})"
        ),
        Ok(None) if judged => {
            if let Some(depth) = sweep_depth(sa, sb, &v, max_t, pair) {
                assert!(
                    depth <= tol,
                    "shape_cast: a proven miss, but the sweep goes {depth:e} into A (budget {tol:e})"
                );
            }
        }
        Ok(Some(hit)) if judged => {
            let what = format!(
                "shape_cast {hit:?} along {v:?}, A = {:?} + {:?}, B = {:?} + {:?}, config {:?}",
                pair.at, pair.ra, pair.bt, pair.rb, pair.config
            );
            assert!(
                hit.lower <= hit.t && hit.t <= hit.upper && hit.t <= max_t,
                "bracket out of order; {what}"
            );
            let before = hit.lower > T::of_f64(0.0);
            if let Some(depth) = sweep_depth(sa, sb, &v, hit.lower, pair).filter(|_| before) {
                assert!(
                    depth <= tol,
                    "the sweep to lower goes {depth:e} into A (budget {tol:e}); {what}"
                );
            }
            // A `Some` is a proven contact: by `upper` at the latest, the
            // shapes touch (whatever the status).
            assert!(hit.upper <= max_t, "a hit past max_t; {what}");
            let moved = Transformed::translated(sb, v * hit.upper).expect("finite");
            if let Ok(d) = distance(sa, &moved, &pair.config) {
                assert!(
                    d.lower.as_f64() <= tol,
                    "a Some proven apart by {:e} at upper (budget {tol:e}); {what}",
                    d.lower.as_f64()
                );
            }
            if hit.status == Status::Converged {
                let moved = Transformed::translated(sb, v * hit.t).expect("finite");
                if let Ok(d) = distance(sa, &moved, &pair.config) {
                    assert!(
                        d.lower.as_f64() <= tol,
                        "proven apart by {:e} at the hit (budget {tol:e}); {what}",
                        d.lower.as_f64()
                    );
                }
            }
        }
        Ok(_) => {}
    }
    let origin = sb.center();
    match ray_cast(sa, origin, v, max_t, &pair.config) {
        Err(e) => assert!(
            !judged || e == Error::IterationLimit,
            "ray_cast failed with {e:?} on a sane input (scale {scale:e})"
        ),
        Ok(None) if judged => {
            let dot = Point::new(origin).expect("finite");
            if let Some(depth) = sweep_depth(sa, &dot, &v, max_t, pair) {
                assert!(
                    depth <= tol,
                    "ray_cast: a proven miss, but the ray goes {depth:e} into A (budget {tol:e})"
                );
            }
        }
        Ok(Some(hit)) if judged => {
            let what = format!(
                "ray_cast {hit:?} from {origin:?} along {v:?}, A = {:?} + {:?}, config {:?}",
                pair.at, pair.ra, pair.config
            );
            assert!(
                hit.lower <= hit.t && hit.t <= hit.upper,
                "bracket out of order; {what}"
            );
            let dot = Point::new(origin).expect("finite");
            let before = hit.lower > T::of_f64(0.0);
            if let Some(depth) = sweep_depth(sa, &dot, &v, hit.lower, pair).filter(|_| before) {
                assert!(
                    depth <= tol,
                    "the ray to lower goes {depth:e} into A (budget {tol:e}); {what}"
                );
            }
            // A `Some` is a proven hit: the ray is in A by `upper`.
            assert!(hit.upper <= max_t, "a hit past max_t; {what}");
            let last = Point::new(origin + v * hit.upper).expect("finite");
            if let Ok(d) = distance(sa, &last, &pair.config) {
                assert!(
                    d.lower.as_f64() <= tol,
                    "a Some proven {:e} off A at upper (budget {tol:e}); {what}",
                    d.lower.as_f64()
                );
            }
            if hit.status == Status::Converged {
                let at = Point::new(hit.point).expect("finite");
                if let Ok(d) = distance(sa, &at, &pair.config) {
                    assert!(
                        d.lower.as_f64() <= tol,
                        "the hit point is proven {:e} off A (budget {tol:e}); {what}",
                        d.lower.as_f64()
                    );
                }
            }
        }
        Ok(_) => {}
    }
}
