//! Where a ray enters a cone, in closed form.
//!
//! The solid cone of [`Cone`](super::Cone) (apex `(0, h, 0)`, base disc of
//! radius `r` at `y = −h`) is the slab `|y| ≤ h` intersected with the solid
//! nappe `‖p⊥‖ ≤ k (h − y)`, `k = r / 2h` (`⊥`: the `x, z` part). Along the
//! ray `o + λ u` the slab is an interval (as for the cylinder), and so is the
//! nappe: `k (h − y) − ‖p⊥‖` is concave in `λ`, so the set where it is not
//! negative is connected. Its ends are roots of the quadratic
//! `f(λ) = ‖o⊥ + λ u⊥‖² − k² (s − λ u_y)²`, `s = h − o_y`, which vanishes
//! on both nappes of the double cone:
//!
//! * `a = ‖u⊥‖² − k² u_y² > 0` (the ray is flatter than the cone's side):
//!   `f ≤ 0` between the roots, a piece of one nappe, which is ours where
//!   `h − y ≥ 0` at its middle;
//! * `a < 0` (steeper): `f ≤ 0` outside the roots, one half-line in each
//!   nappe; ours is the one `h − y` grows along, the later one for a ray
//!   going down (`u_y < 0`), the earlier one going up;
//! * `a = 0` (parallel to a generator): `f` is linear, one half-line.
//!
//! The roots are taken without subtracting nearly equal numbers,
//! `q / a` and `c / q` with `q = −(b + sign(b) √(b² − a c))`. The entry is
//! the later of the two intervals' starts; its normal the base's (`−y`) or
//! the side's at the entry point, `(p⊥ / ‖p⊥‖, k) / √(1 + k²)`. An entry at
//! or near the apex, where no normal is defined or the side's normal turns
//! with the rounding of the entry point, and cones flatter or sharper than
//! `k ∈ [2⁻⁶, 2⁶]`, whose discriminant loses more than `2⁶ ε` to rounding,
//! are left to the loop, and so is every miss that is not clear: a ray
//! whose nearest point to the solid lies within `√ε` of the scene's size
//! of it (a graze of the side, the rim or the apex, a start on the
//! surface), and a ray along a generator.

use nalgebra::{SVector, Vector2};

use super::cylinder_ray::{radial, slab, Span};
use super::RayEntry;
use crate::math::real::{max_abs, robust_norm, Real};

/// The steepest and flattest sides answered in closed form: `k = r / 2h`
/// within `[1 / SLOPE_RANGE, SLOPE_RANGE]`.
const SLOPE_RANGE: f64 = 64.0;

/// The share of the base's radius around the axis where a side entry is
/// left to the loop: there the side's normal, from the entry point's
/// distance to the axis, would carry that point's rounding magnified by
/// more than 16.
const APEX_SHARE: f64 = 0.0625;

/// Where a ray meets the solid nappe: an interval of its parameter (ends
/// infinite where it runs on inside), a miss by more than rounding, or a
/// case rounding cannot decide (a graze, a ray along a generator).
enum Along<T> {
    Span(T, T),
    /// A miss, with the parameter where the ray comes nearest the side.
    Miss(T),
    Unsure,
}

/// Where the ray `o + λ u` meets the solid nappe `‖p⊥‖ ≤ k (h − y)`.
fn nappe<T: Real>(o: &SVector<T, 3>, u: &SVector<T, 3>, k: T, h: T) -> Along<T> {
    // The roots are found from the ray point nearest the axis (or, for a
    // ray along it, from its crossing of `y = 0`): there the quadratic's
    // coefficients are of the size of the cone, not of the ray's start, and
    // `b² − a c` cancels no more than the cone's own numbers.
    let flat = u.x * u.x + u.z * u.z;
    let shift = if flat >= u.y * u.y {
        -(o.x * u.x + o.z * u.z) / flat
    } else {
        -o.y / u.y
    };
    let shift = if shift.is_finite() { shift } else { T::zero() };
    let near = o + u * shift;
    match nappe_from(&near, u, k, h) {
        Along::Span(lo, hi) => Along::Span(lo + shift, hi + shift),
        Along::Miss(nearest) => Along::Miss(nearest + shift),
        Along::Unsure => Along::Unsure,
    }
}

/// [`nappe`] from the ray's start `o` as it is.
fn nappe_from<T: Real>(o: &SVector<T, 3>, u: &SVector<T, 3>, k: T, h: T) -> Along<T> {
    let infinity = T::lit(f64::INFINITY);
    let (o2, u2) = (Vector2::new(o.x, o.z), Vector2::new(u.x, u.z));
    let (kk, s) = (k * k, h - o.y);
    let a = u2.dot(&u2) - kk * u.y * u.y;
    let b = o2.dot(&u2) + kk * s * u.y;
    let c = o2.dot(&o2) - kk * s * s;
    if a == T::zero() {
        // Along a generator: left to the loop.
        return Along::Unsure;
    }
    let disc = b * b - a * c;
    if disc < T::zero() && a > T::zero() {
        // `f` is least, the ray nearest the side, at `−b / a`.
        return Along::Miss(-b / a);
    }
    let root = disc.max(T::zero()).sqrt();
    let q = if b < T::zero() { root - b } else { -b - root };
    let first = q / a;
    let second = if q == T::zero() { first } else { c / q };
    let (lo, hi) = (first.min(second), first.max(second));
    if a > T::zero() {
        // A chord of one nappe: ours where `h − y ≥ 0` at its middle.
        let middle = lo * T::lit(0.5) + hi * T::lit(0.5);
        return if s - middle * u.y >= T::zero() {
            Along::Span(lo, hi)
        } else {
            Along::Miss(middle)
        };
    }
    Along::Span(
        if u.y < T::zero() { hi } else { -infinity },
        if u.y < T::zero() { infinity } else { lo },
    )
}

/// Whether `p` lies within `delta` of the cone of slope `k` and half-height
/// `h`, in its slab and inside its side.
fn near_solid<T: Real>(p: &SVector<T, 3>, (k, h): (T, T), delta: T) -> bool {
    let across = robust_norm(&Vector2::new(p.x, p.z));
    p.y.abs() <= h + delta && across <= k * (h - p.y) + delta * (T::one() + k)
}

/// The cone's entry for the ray `o + λ u` (see the module docs): `None` for
/// a degenerate or extreme cone, an entry at the apex, or a length out of
/// range, all left to the loop.
pub(super) fn cone_entry<T: Real>(
    o: &SVector<T, 3>,
    u: &SVector<T, 3>,
    (r, h): (T, T),
) -> Option<RayEntry<T, 3>> {
    if !(r > T::zero() && h > T::zero()) {
        return None;
    }
    let k = r / (h + h);
    let range = T::lit(SLOPE_RANGE);
    if !(k >= range.recip() && k <= range) {
        return None;
    }
    // A miss is answered only where the ray's nearest point to the solid
    // is clearly outside it, by `√ε` of the scene: the parameters of a ray
    // that grazes the side, the rim or the apex, or of one nearly parallel
    // to the base, carry rounding magnified by the graze (the slab's
    // crossing by `1 / |u_y|`), and the loop decides those.
    let miss = |nearest: T| {
        let scale = max_abs(o) + r + h + max_abs(u) * nearest.abs();
        let near = near_solid(&(o + u * nearest), (k, h), T::EPSILON.sqrt() * scale);
        (!near).then_some(RayEntry::Miss)
    };
    let Some((cap_in, cap_out, cap_normal)): Option<Span<T>> = slab(o, u, h) else {
        // Parallel to the base and beyond the slab: nearest at the start.
        return miss(T::zero());
    };
    let (side_in, side_out) = match nappe(o, u, k, h) {
        Along::Span(lo, hi) => (lo, hi),
        Along::Miss(nearest) => return miss(nearest.max(T::zero())),
        Along::Unsure => return None,
    };
    let (enter, exit) = (cap_in.max(side_in), cap_out.min(side_out));
    if exit < T::zero() {
        return miss(T::zero());
    }
    if enter > exit {
        return miss((enter * T::lit(0.5) + exit * T::lit(0.5)).max(T::zero()));
    }
    if enter <= T::zero() {
        return Some(RayEntry::Inside);
    }
    if !enter.is_finite() {
        return None;
    }
    let normal = if cap_in >= side_in {
        // Only the base is a face: through the plane of the apex a ray
        // enters at the apex alone.
        cap_normal.filter(|n| n.y < T::zero())?
    } else {
        // Near the apex the side's normal turns with the rounding of the
        // entry point across the axis: there the loop decides.
        let (x, z) = radial(&(o + u * enter), r * T::lit(APEX_SHARE))?;
        SVector::<T, 3>::new(x, k, z) / (T::one() + k * k).sqrt()
    };
    Some(RayEntry::At {
        lambda: enter,
        normal,
    })
}
