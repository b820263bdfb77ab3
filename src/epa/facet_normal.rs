//! A facet's normal: the part of a vector orthogonal to the facet's edges.
//!
//! EPA orients every facet it creates, away from a point inside the
//! polytope: the normal is the component of `y₀ − interior` (`y₀` a vertex
//! of the facet) orthogonal to the span of the facet's `D − 1` edges. In
//! any dimension that component comes from orthogonalising the edges; in
//! the plane and in space the normal line is known in closed form, which is
//! several times cheaper, and is used wherever its own error estimate
//! vouches for it.

use nalgebra::SVector;

use crate::math::basis::Basis;
use crate::math::cross::cross;
use crate::math::real::{all_finite, robust_norm, unit, Length, Real};
use crate::simplex::vouched;

/// A facet's outward unit normal and the height of `outward` above the
/// facet's plane: `outward`'s component orthogonal to the span of the
/// facet's `edges` (the `D − 1` edges from its first vertex) is
/// `height · normal`. The height is zero or not finite when there is no
/// such component (the caller then gives the facet no normal).
///
/// In the plane and in space the normal line is known in closed form
/// ([`closed_form_normal`]); elsewhere, and for facets too thin for it,
/// the edges are orthogonalised ([`orthogonalised_normal_part`]).
#[inline]
pub(crate) fn outward_normal<T: Real, const D: usize>(
    edges: &[SVector<T, D>],
    outward: &SVector<T, D>,
) -> (SVector<T, D>, T) {
    if let Some((c, cc)) = closed_form_normal(edges) {
        // `(c · outward / c · c) c`, split into its length and direction
        // (one reciprocal serves both).
        let (co, inverse) = (c.dot(outward), cc.sqrt().recip());
        let height = co.abs() * inverse;
        let normal = c * (if co < T::zero() { -inverse } else { inverse });
        if height.is_finite() && all_finite(&normal) {
            return (normal, height);
        }
    }
    let u = orthogonalised_normal_part(edges, outward);
    let height = robust_norm(&u);
    // The direction from `u` brought to order one first: a height in the
    // subnormal range is rounded to its spacing, and `u / height` would
    // then be off unit length by as much.
    (unit(&u).unwrap_or(u / height), height)
}

/// The component of `outward` orthogonal to the span of `edges`, by
/// modified Gram–Schmidt on the edges, run twice for orthogonality to
/// working precision: any dimension, any facet, thin or with dependent
/// edges (it then rejects the span the edges have).
pub(crate) fn orthogonalised_normal_part<T: Real, const D: usize>(
    edges: &[SVector<T, D>],
    outward: &SVector<T, D>,
) -> SVector<T, D> {
    let mut basis = Basis::new();
    for e in edges {
        basis.add(e);
    }
    basis.reject(outward)
}

/// A normal `c` of the facet in closed form, with `c · c`: the edge `e`
/// turned a quarter in the plane, `(−e₁, e₀)`, and the cross product
/// `e₁ × e₂` in space.
///
/// The cross product's direction carries a relative error of about `ε / s`,
/// `s` the sine of the angle between the edges; a triangle with `s` below
/// the closed-form Johnson's floor (`2⁻⁶`, see `simplex::vouched`), a
/// product out of the normal range, or another dimension, gives `None`.
pub(crate) fn closed_form_normal<T: Real, const D: usize>(
    edges: &[SVector<T, D>],
) -> Option<(SVector<T, D>, T)> {
    match edges {
        [e] if D == 2 => {
            let at = |i: usize| e.get(i).copied().unwrap_or(T::zero());
            let c = SVector::<T, D>::from_fn(|i, _| match i {
                0 => -at(1),
                1 => at(0),
                _ => T::zero(),
            });
            let cc = c.length_squared();
            (cc >= T::MIN_POSITIVE && cc.is_finite()).then_some((c, cc))
        }
        [e1, e2] if D == 3 => {
            let c = cross(e1, e2);
            let cc = c.length_squared();
            vouched(cc, e1.length_squared() * e2.length_squared()).then_some((c, cc))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use nalgebra::{SVector, Vector2, Vector3};

    use super::*;
    use crate::test_lcg::Lcg;

    /// The closed form's `height · normal`, the component of `outward`
    /// orthogonal to the facet; `None` where the closed form declines.
    fn closed_form_normal_part<T: Real, const D: usize>(
        edges: &[SVector<T, D>],
        outward: &SVector<T, D>,
    ) -> Option<SVector<T, D>> {
        closed_form_normal(edges)?;
        let (normal, height) = outward_normal(edges, outward);
        Some(normal * height)
    }

    /// A point uniform in the cube of half-side `scale` about `offset`
    /// on every axis.
    fn point<T: Real, const D: usize>(rng: &mut Lcg, scale: f64, offset: f64) -> SVector<T, D> {
        SVector::from_fn(|_, _| T::lit(offset + scale * (2.0 * rng.next() - 1.0)))
    }

    /// The closed form against the orthogonalised edges on random facets
    /// near and far from the origin. Budget: `2¹⁰ ε` of the vertices'
    /// coordinates, the closed form's `ε / s` (`s ≥ 2⁻⁶`) and the
    /// rounding of both with room to spare. Returns how many facets the
    /// closed form answered.
    fn agree<T: Real, const D: usize>(offset: f64) -> usize {
        let mut rng = Lcg(D as u64 * 7 + 1);
        let mut answered = 0;
        for _ in 0..2000 {
            let y0: SVector<T, D> = point(&mut rng, 1.0, offset);
            let mut edges = [SVector::<T, D>::zeros(); D];
            for e in edges.iter_mut().take(D - 1) {
                *e = point::<T, D>(&mut rng, 1.0, offset) - y0;
            }
            let edges = &edges[..D - 1];
            let interior: SVector<T, D> = point(&mut rng, 1.0, offset);
            let outward = y0 - interior;
            let generic = orthogonalised_normal_part(edges, &outward);
            let Some(fast) = closed_form_normal_part(edges, &outward) else {
                continue;
            };
            answered += 1;
            let size = T::lit(offset.abs() + 2.0);
            let budget = T::lit(1024.0) * T::EPSILON * size;
            assert!(
                (fast - generic).length() <= budget,
                "{fast:?} against {generic:?}, edges {edges:?}, outward {outward:?}"
            );
            for e in edges {
                assert!(
                    fast.dot(e).abs() <= budget * e.length(),
                    "{fast:?} not normal to {e:?}"
                );
            }
        }
        answered
    }

    #[test]
    fn closed_form_agrees_with_orthogonalised_edges() {
        for offset in [0.0, 10.0, -1e3] {
            assert!(agree::<f64, 2>(offset) == 2000);
            assert!(agree::<f32, 2>(offset) == 2000);
            assert!(agree::<f64, 3>(offset) > 1800);
            assert!(agree::<f32, 3>(offset) > 1800);
        }
    }

    #[test]
    fn closed_form_leaves_thin_facets_and_other_dimensions() {
        let outward = Vector3::new(0.3, -0.2, 1.0);
        // Edges 1e-3 rad apart: sine far below 2⁻⁶.
        let thin = [Vector3::new(1.0, 0.0, 0.0), Vector3::new(1.0, 1e-3, 0.0)];
        assert!(closed_form_normal_part(&thin, &outward).is_none());
        let generic = orthogonalised_normal_part(&thin, &outward);
        assert!((generic - Vector3::new(0.0, 0.0, 1.0)).length() < 1e-12);
        // Dependent edges: the closed form declines, the generic path
        // rejects the line they span.
        let dependent = [Vector3::new(1.0, 0.0, 0.0), Vector3::new(2.0, 0.0, 0.0)];
        assert!(closed_form_normal_part(&dependent, &outward).is_none());
        let line = orthogonalised_normal_part(&dependent, &outward);
        assert!((line - Vector3::new(0.0, -0.2, 1.0)).length() < 1e-15);
        // A tetrahedron's facet in 4D is the generic path's.
        let e4 = [SVector::<f64, 4>::x(), SVector::y(), SVector::z()];
        assert!(closed_form_normal_part(&e4, &SVector::repeat(1.0)).is_none());
        // A zero edge in the plane.
        assert!(closed_form_normal_part(&[SVector::<f64, 2>::zeros()], &SVector::x()).is_none());
    }

    #[test]
    fn closed_form_is_the_height_above_the_plane() {
        // The plane z = 2 seen from the origin: the part is (0, 0, 2).
        let edges = [Vector3::new(3.0, 1.0, 0.0), Vector3::new(-1.0, 2.0, 0.0)];
        let outward = Vector3::new(5.0, -7.0, 2.0);
        let u = closed_form_normal_part(&edges, &outward).unwrap();
        assert_eq!(u, Vector3::new(0.0, 0.0, 2.0));
        // The line y = x in the plane, from (0, 2): the part is (-1, 1).
        let u =
            closed_form_normal_part(&[Vector2::new(1.0, 1.0)], &Vector2::new(0.0, 2.0)).unwrap();
        assert!((u - Vector2::new(-1.0, 1.0)).length() < 1e-15);
    }
}
