//! The faces of the shapes with flat sides: boxes, segments, capsules,
//! polygons, triangles, and their placed and rounded forms.

use super::face::{single, Face, Faces};
use crate::math::cross::cross3;
use crate::math::real::{axis, unit, Real};
use crate::shape::{
    hull::Polygon, Ball, Capsule, Cuboid, Point, Rounded, Segment, SupportMap, Transformed,
    Triangle,
};
use nalgebra::{SVector, Vector2};

impl<T: Real, const D: usize> Faces<T, D> for Ball<T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        single(self.center(), dir, out);
    }
}

impl<T: Real, const D: usize> Faces<T, D> for Point<T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        single(self.position(), dir, out);
    }
}

/// The box face across the axis along which `dir` is largest: id `2i` on
/// the negative side of axis `i`, `2i + 1` on the positive; its corners
/// (ids: bit `j` set for the positive side of axis `j`) in order around it
/// (Gray code over the other axes). Boxes of more than three dimensions give
/// the corner most along `dir`.
impl<T: Real, const D: usize> Faces<T, D> for Cuboid<T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        let h = self.half_extents();
        let Some((i, _)) =
            dir.iter()
                .enumerate()
                .fold(None, |best: Option<(usize, T)>, (k, &x)| match best {
                    Some((_, m)) if x.abs() <= m => best,
                    _ => Some((k, x.abs())),
                })
        else {
            return single(SVector::zeros(), dir, out);
        };
        let positive = dir.get(i).is_some_and(|&x| x >= T::zero());
        let sign = if positive { T::one() } else { -T::one() };
        out.reset(
            axis::<T, D>(i) * sign,
            (2 * i + usize::from(positive)) as u32,
        );
        let others: [usize; 2] = match (D, i) {
            (3, 0) => [1, 2],
            (3, 1) => [2, 0],
            (3, _) => [0, 1],
            (2, 0) => [1, 1],
            (2, _) => [0, 0],
            _ => return single(self.core_support(dir), dir, out),
        };
        let corners: &[(bool, bool)] = if D == 2 {
            &[(false, false), (true, true)]
        } else {
            &[(false, false), (true, false), (true, true), (false, true)]
        };
        for &(first, second) in corners {
            let mut p = SVector::<T, D>::zeros();
            let mut id = 0u32;
            for (k, x) in p.iter_mut().enumerate() {
                let hk = h.get(k).copied().unwrap_or_else(T::zero);
                let up = if k == i {
                    positive
                } else if k == others[0] {
                    first
                } else {
                    second
                };
                *x = if up { hk } else { -hk };
                id |= u32::from(up) << k;
            }
            out.push(p, id);
        }
    }
}

/// The whole segment (its ends, ids 0 and 1) with the part of `dir` across
/// it as normal: flat along its length, whatever the direction; clipping
/// and the separation test keep what touches.
impl<T: Real, const D: usize> Faces<T, D> for Segment<T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        let (a, b) = self.endpoints();
        let across = match unit(&(b - a)) {
            Some(e) => dir - e * e.dot(dir),
            None => *dir,
        };
        out.reset(
            unit(&across)
                .or_else(|| unit(dir))
                .unwrap_or_else(|| axis(0)),
            0,
        );
        out.push(a, 0);
        out.push(b, 1);
    }
}

impl<T: Real, const D: usize> Faces<T, D> for Capsule<T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        self.segment().face_into(dir, out);
    }
}

/// The edge whose outward normal is closest to `dir`: edge `k` runs from
/// vertex `k` to vertex `k + 1` (ids their indices).
impl<P: AsRef<[Vector2<T>]>, T: Real> Faces<T, 2> for Polygon<P, T> {
    fn face_into(&self, dir: &Vector2<T>, out: &mut Face<T, 2>) {
        if !aligned_edge(self.vertices(), true, dir, out) {
            single(self.core_support(dir), dir, out);
        }
    }
}

/// The edge of a convex polygon in the plane (`D = 2`; vertices in order,
/// counter-clockwise when `ccw`) whose outward normal (the edge turned
/// right, or left when clockwise) is most aligned with `dir`, into `out`:
/// its two ends, ids their vertex indices, the face's id the edge's first
/// vertex. `false` when no edge has a normal.
fn aligned_edge<T: Real, const D: usize>(
    v: &[SVector<T, D>],
    ccw: bool,
    dir: &SVector<T, D>,
    out: &mut Face<T, D>,
) -> bool {
    let n = v.len();
    let after = |k: usize| if k + 1 >= n { 0 } else { k + 1 };
    let mut best: Option<(usize, T, SVector<T, D>)> = None;
    for k in 0..n {
        let (Some(&p), Some(&q)) = (v.get(k), v.get(after(k))) else {
            continue;
        };
        let e = q - p;
        let (Some(&x), Some(&y)) = (e.get(0), e.get(1)) else {
            continue;
        };
        let (x, y) = if ccw { (x, y) } else { (-x, -y) };
        let turned = SVector::<T, D>::from_fn(|i, _| if i == 0 { y } else { -x });
        let Some(normal) = unit(&turned) else {
            continue;
        };
        let along = normal.dot(dir);
        if best.is_none_or(|(_, m, _)| along > m) {
            best = Some((k, along, normal));
        }
    }
    let Some((k, _, normal)) = best else {
        return false;
    };
    let (Some(&p), Some(&q)) = (v.get(k), v.get(after(k))) else {
        return false;
    };
    out.reset(normal, k as u32);
    out.push(p, k as u32);
    out.push(q, after(k) as u32);
    true
}

/// In 2D the edge most aligned with `dir` (its ends, ids their vertex
/// indices; the face's id the edge's first vertex); in 3D the whole
/// triangle (ids 0, 1, 2) with the normal of its side facing `dir` (face id
/// 0 for the side of `(b − a) × (c − a)`, 1 for the other), flat whatever
/// the direction, as a segment is: clipping and the separation test keep
/// what touches. Beyond 3D, the vertex most along `dir`.
impl<T: Real, const D: usize> Faces<T, D> for Triangle<T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        let v = self.vertices();
        match D {
            2 => {
                // Counter-clockwise when `(b − a) × (c − a)` points up.
                let (e1, e2) = (v[1] - v[0], v[2] - v[0]);
                let g = |w: &SVector<T, D>, i: usize| w.get(i).copied().unwrap_or_else(T::zero);
                let ccw = g(&e1, 0) * g(&e2, 1) - g(&e1, 1) * g(&e2, 0) >= T::zero();
                if !aligned_edge(&v, ccw, dir, out) {
                    single(self.core_support(dir), dir, out);
                }
            }
            3 => {
                let Some(n) = cross3(&(v[1] - v[0]), &(v[2] - v[0])).and_then(|c| unit(&c)) else {
                    return single(self.core_support(dir), dir, out);
                };
                let (normal, id) = if n.dot(dir) < T::zero() {
                    (-n, 1)
                } else {
                    (n, 0)
                };
                out.reset(normal, id);
                for (k, p) in v.iter().enumerate() {
                    out.push(*p, k as u32);
                }
            }
            _ => single(self.core_support(dir), dir, out),
        }
    }
}

impl<S: Faces<T, D>, T: Real, const D: usize> Faces<T, D> for Transformed<S, T, D> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        self.shape().face_into(&self.direction_to_local(dir), out);
        out.map(|p| self.to_world(p), |n| self.normal_to_world(n));
    }

    fn to_body(&self, p: &SVector<T, D>) -> SVector<T, D> {
        self.shape().to_body(&self.to_local(p))
    }
}

impl<S: Faces<T, D>, T: Real, const D: usize> Faces<T, D> for Rounded<S, T> {
    fn face_into(&self, dir: &SVector<T, D>, out: &mut Face<T, D>) {
        self.shape().face_into(dir, out);
    }

    fn to_body(&self, p: &SVector<T, D>) -> SVector<T, D> {
        self.shape().to_body(p)
    }
}
