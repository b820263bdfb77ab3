//! Where a ray enters a cylinder, in closed form.
//!
//! The solid cylinder `x² + z² ≤ r²`, `|y| ≤ h` is the intersection of the
//! slab `|y| ≤ h` and the infinite solid circular cylinder about the `y`
//! axis. The ray `o + λ u` is inside the slab for `λ` between the two
//! parameters where it crosses `y = ±h`, and inside the infinite cylinder
//! between the two roots of `‖o⊥ + λ u⊥‖² = r²` (`⊥`: the `x, z` part).
//! The entry is the larger of the two intervals' starts, its normal the
//! cap's (`±y`) or the side's at the entry point, `(x, 0, z) / r`: the
//! shape's own normal at the point the caller gets back.
//!
//! The roots are taken without cancellation: the line's distance from the
//! axis `h⊥ = ‖o⊥ − u⊥ (o⊥·u⊥)/‖u⊥‖²‖` gives the discriminant as
//! `‖u⊥‖² (r − h⊥)(r + h⊥)` (zero, and the touch exact, for a tangent
//! ray), and the two roots as `q / ‖u⊥‖²` and `c / q` with
//! `q = −(b + sign(b) √disc)`, `b = o⊥·u⊥` and `c = (‖o⊥‖ − r)(‖o⊥‖ + r)`, so
//! neither subtracts nearly equal numbers. A ray that passes the side by
//! more than rounding is a miss (`h⊥ > r`), however nearly it grazes.

use nalgebra::{SVector, Vector2};

use super::RayEntry;
use crate::math::real::{robust_norm, Real};

/// An interval of the ray parameter and the outward normal where it
/// starts (`None` for an interval that starts at `−∞`).
pub(super) type Span<T> = (T, T, Option<SVector<T, 3>>);

/// Where the ray `o + λ u` meets the slab `|y| ≤ h`: `None` for a miss.
pub(super) fn slab<T: Real>(o: &SVector<T, 3>, u: &SVector<T, 3>, h: T) -> Option<Span<T>> {
    if u.y == T::zero() {
        return (o.y.abs() <= h).then_some((-T::lit(f64::INFINITY), T::lit(f64::INFINITY), None));
    }
    let (near, far, up) = if u.y > T::zero() {
        (-h - o.y, h - o.y, -T::one())
    } else {
        (h - o.y, -h - o.y, T::one())
    };
    let normal = SVector::<T, 3>::new(T::zero(), up, T::zero());
    Some((near / u.y, far / u.y, Some(normal)))
}

/// Where the ray `o + λ u` meets the infinite solid cylinder of radius `r`
/// about the `y` axis: `None` for a miss. The normal is filled in by the
/// caller, at the entry point.
fn side<T: Real>(o: &SVector<T, 3>, u: &SVector<T, 3>, r: T) -> Option<(T, T)> {
    let (o2, u2) = (Vector2::new(o.x, o.z), Vector2::new(u.x, u.z));
    let dist = robust_norm(&o2);
    let a = u2.dot(&u2);
    if a == T::zero() {
        return (dist <= r).then_some((-T::lit(f64::INFINITY), T::lit(f64::INFINITY)));
    }
    let b = o2.dot(&u2);
    let h = robust_norm(&(o2 - u2 * (b / a)));
    if !(h <= r) {
        return None;
    }
    let root = (a * (r - h) * (r + h)).sqrt();
    let q = if b < T::zero() { root - b } else { -b - root };
    if q == T::zero() {
        // `b = 0` and a tangent ray: the touch is at the start.
        return Some((T::zero(), T::zero()));
    }
    let c = (dist - r) * (dist + r);
    let (x, y) = (q / a, c / q);
    Some((x.min(y), x.max(y)))
}

/// The unit direction away from the `y` axis at `at`, as its `x` and `z`,
/// when `at` is farther than `beyond` from the axis (and that distance is
/// finite): the horizontal part of a side's normal, for a cylinder or a
/// cone.
pub(super) fn radial<T: Real>(at: &SVector<T, 3>, beyond: T) -> Option<(T, T)> {
    let n = robust_norm(&Vector2::new(at.x, at.z));
    (n > beyond && n.is_finite()).then(|| (at.x / n, at.z / n))
}

/// The cylinder's entry for the ray `o + λ u` (see the module docs); `None`
/// for a degenerate cylinder (a disc or a segment, left to the loop) or a
/// length out of range.
pub(super) fn cylinder_entry<T: Real>(
    o: &SVector<T, 3>,
    u: &SVector<T, 3>,
    (r, h): (T, T),
) -> Option<RayEntry<T, 3>> {
    if !(r > T::zero() && h > T::zero()) {
        return None;
    }
    let Some((cap_in, cap_out, cap_normal)) = slab(o, u, h) else {
        return Some(RayEntry::Miss);
    };
    let Some((side_in, side_out)) = side(o, u, r) else {
        return Some(RayEntry::Miss);
    };
    let (enter, exit) = (cap_in.max(side_in), cap_out.min(side_out));
    if exit < T::zero() || enter > exit {
        return Some(RayEntry::Miss);
    }
    if enter <= T::zero() {
        return Some(RayEntry::Inside);
    }
    if !enter.is_finite() {
        return None;
    }
    let normal = if cap_in >= side_in {
        cap_normal?
    } else {
        let (x, z) = radial(&(o + u * enter), T::zero())?;
        SVector::<T, 3>::new(x, T::zero(), z)
    };
    Some(RayEntry::At {
        lambda: enter,
        normal,
    })
}
