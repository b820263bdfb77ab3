//! Flat features of the shapes of revolution: a cylinder's caps and the
//! lines along its side, a cone's base and the lines from its apex.
//!
//! A cap is a disc; a [`Face`] holds at most [`MAX_FACE_POINTS`] vertices,
//! so a cap is given as the regular polygon of that many vertices
//! inscribed in it (the same polygon whatever the direction, so its ids
//! stay). Every point clipped against it lies on the cap; the polygon
//! covers `(n / 2π) sin(2π / n)` of the disc (0.90 for `n = 8`), and a
//! contact beyond it, near the rim, is the contact's own point, which the
//! manifold adds when clipping misses it. A side is ruled: along each line
//! from one cap to the other (or from the apex to the rim) it is flat, and
//! that segment, with the side's normal there, is the face a box or a
//! capsule lying along it touches.

use nalgebra::{SVector, Vector3};

use super::face::{single, Face, Faces, MAX_FACE_POINTS};
use crate::math::real::{unit, Real};
use crate::shape::{Cone, Cylinder};

/// Writes into `out` the cap of radius `r` at height `y`, its vertices
/// (ids from `first`) the inscribed regular polygon, and its normal.
fn cap<T: Real>(r: T, y: T, normal: Vector3<T>, (id, first): (u32, u32), out: &mut Face<T, 3>) {
    out.reset(normal, id);
    let step = T::lit(core::f64::consts::TAU) / T::from_usize(MAX_FACE_POINTS).unwrap_or(T::one());
    for k in 0..MAX_FACE_POINTS {
        let angle = step * T::from_usize(k).unwrap_or(T::zero());
        let (s, c) = angle.sin_cos();
        out.push(Vector3::new(r * c, y, r * s), first + k as u32);
    }
}

/// The unit direction across the axis (`y`) that `dir` leans towards, or
/// `None` when `dir` is along the axis.
fn across<T: Real>(dir: &Vector3<T>) -> Option<Vector3<T>> {
    unit(&Vector3::new(dir.x, T::zero(), dir.z))
}

/// The bottom cap (face id 0, vertices 0 to 7), the top cap (id 1,
/// vertices 8 to 15), or the side's line on the side `dir` leans towards
/// (id 2, its bottom end 16 and top end 17), whichever normal is most
/// aligned with `dir`.
impl<T: Real> Faces<T, 3> for Cylinder<T> {
    fn face_into(&self, dir: &SVector<T, 3>, out: &mut Face<T, 3>) {
        let (r, h) = (self.radius(), self.half_height());
        let n = MAX_FACE_POINTS as u32;
        match across(dir) {
            Some(u) if u.dot(dir) > dir.y.abs() => {
                out.reset(u, 2);
                out.push(u * r - Vector3::y() * h, 2 * n);
                out.push(u * r + Vector3::y() * h, 2 * n + 1);
            }
            _ if dir.y >= T::zero() => cap(r, h, Vector3::y(), (1, n), out),
            _ => cap(r, -h, -Vector3::y(), (0, 0), out),
        }
    }
}

/// The base (face id 0, vertices 0 to 7), or the side's line from the apex
/// (id 8) to the rim (id 9) on the side `dir` leans towards (face id 1),
/// whichever normal is most aligned with `dir`; straight up, where every
/// line of the side is alike, the apex alone.
impl<T: Real> Faces<T, 3> for Cone<T> {
    fn face_into(&self, dir: &SVector<T, 3>, out: &mut Face<T, 3>) {
        let (r, h) = (self.radius(), self.half_height());
        let n = MAX_FACE_POINTS as u32;
        let apex = Vector3::new(T::zero(), h, T::zero());
        let Some(u) = across(dir) else {
            return if dir.y > T::zero() {
                single(apex, dir, out)
            } else {
                cap(r, -h, -Vector3::y(), (0, 0), out)
            };
        };
        // The side's outward normal over the line through `u`: across the
        // slope `(r, −2h)` in the plane of the axis and `u`.
        let side = unit(&(u * (h + h) + Vector3::y() * r));
        match side {
            Some(s) if s.dot(dir) > -dir.y => {
                out.reset(s, 1);
                out.push(apex, n);
                out.push(u * r - Vector3::y() * h, n + 1);
            }
            _ => cap(r, -h, -Vector3::y(), (0, 0), out),
        }
    }
}
