//! Heights of points above the facets of a hull under construction: the
//! facet planes stored as `f64` bits, heights in floating point with an
//! error bound, and the exact orientation where the bound cannot decide.

use super::exact::{filtered_sign, Sign};
use super::slots::get;
use super::three::{sub, Quick};
use crate::math::real::Real;
use crate::shape::ShapeError;

impl<T: Real> Quick<'_, '_, T> {
    /// Facet `f`'s normal and the magnitudes of its minors' products.
    #[inline(always)]
    fn plane(&self, f: u32) -> Result<([f64; 3], [f64; 3]), ShapeError> {
        let words = get(self.planes, f as usize)?;
        let value = |j: usize| -> Result<f64, ShapeError> {
            let (hi, lo) = (get(&words, 2 * j)?, get(&words, 2 * j + 1)?);
            Ok(f64::from_bits((u64::from(hi) << 32) | u64::from(lo)))
        };
        Ok((
            [value(0)?, value(1)?, value(2)?],
            [value(3)?, value(4)?, value(5)?],
        ))
    }

    /// How far `p` is above facet `f`, in floating point, times the facet's
    /// doubled area (enough to compare points above one facet), with the
    /// permanent that bounds its error.
    ///
    /// The offset is taken from the facet's last vertex: the rows
    /// `q − c`, `b − a`, `c − a` are rounded differences like those of the
    /// orientation filter, and their exact determinant is the facet's
    /// orientation of `q`, so the filter's bound holds as it is. A new
    /// facet's last vertex is the apex it was made for, the same for the
    /// whole cone, so [`height_from`](Self::height_from) can take the
    /// offset once for all of them.
    #[inline(always)]
    pub(super) fn lift(&self, f: u32, q: &[f64; 3]) -> Result<(f64, f64), ShapeError> {
        let c = get(self.tri, f as usize)?[2];
        self.lift_from(f, &sub(q, &self.pts.at(c)?))
    }

    /// [`lift`](Self::lift) from the offset `r = q − c` of the point from
    /// the facet's last vertex `c`.
    #[inline(always)]
    fn lift_from(&self, f: u32, r: &[f64; 3]) -> Result<(f64, f64), ShapeError> {
        let (normal, minors) = self.plane(f)?;
        let det = r[0] * normal[0] + r[1] * normal[1] + r[2] * normal[2];
        let permanent = r[0].abs() * minors[0] + r[1].abs() * minors[1] + r[2].abs() * minors[2];
        Ok((det, permanent))
    }

    /// [`lift`](Self::lift)'s height, and the exact side of `p` (positive:
    /// above): the filter's sign, or the exact predicate's when the height
    /// is within its error bound. `q` is `p` as [`Scaled::at`] reads it,
    /// read once by callers that test it against several facets.
    #[inline]
    pub(super) fn height(&self, f: u32, p: u32, q: &[f64; 3]) -> Result<(f64, Sign), ShapeError> {
        let c = get(self.tri, f as usize)?[2];
        self.height_from(f, p, &sub(q, &self.pts.at(c)?))
    }

    /// [`height`](Self::height) from the offset `r` of `p` from the
    /// facet's last vertex, as [`lift_from`](Self::lift_from) takes it.
    #[inline(always)]
    pub(super) fn height_from(
        &self,
        f: u32,
        p: u32,
        r: &[f64; 3],
    ) -> Result<(f64, Sign), ShapeError> {
        let (det, permanent) = self.lift_from(f, r)?;
        let side = match filtered_sign(det, permanent) {
            Some(sign) => sign,
            None => self.exact_side(f, p)?,
        };
        Ok((det, side))
    }

    /// The side of `p` of facet `f` when the filter cannot tell: zero for a
    /// copy of a vertex (on the plane), else the exact predicate.
    #[cold]
    #[inline(never)]
    fn exact_side(&self, f: u32, p: u32) -> Result<Sign, ShapeError> {
        let face = get(self.tri, f as usize)?;
        let q = self.pts.at(p)?;
        for v in face {
            if self.pts.at(v)? == q {
                return Ok(0);
            }
        }
        self.pts.orient(face, p)
    }
}
