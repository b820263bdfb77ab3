//! `Hull::face` picks, among the facets through the support vertex along a
//! direction, the one most aligned with it, and passes over facets whose
//! raw normal proves them behind the best so far without normalising it.
//! Oracle: every facet's unit normal recomputed in `f64` from the hull's
//! points; the chosen facet passes through the hull's support vertex, whose
//! support value is the largest (to the rounding of a dot product in `T`),
//! and its alignment `n̂ · d` is at least that of every other facet through
//! that vertex (in 2D, of every facet: the best edge is always at the
//! support vertex), each
//! give or take how far rounding in `T` moves its normal
//! (`16 ε_T ‖e₁‖ ‖e₂‖ / ‖e₁ × e₂‖ · ‖d‖`, `ε_T` the precision's epsilon: a
//! thin facet's normal is known worse). And the facet is the one a scan of
//! the facets through the hull's support point, in `T` and without passing
//! any over, picks: the pruning never changes the answer. Directions are
//! random, and also facet normals themselves nudged by 1e-9 (near ties
//! between a face's coplanar facets and its neighbours), in D = 2 and 3,
//! `f32` and `f64`, at scales from 1e-6 to 1e6 and off the origin.

use crate::support;

use gjk::{Faces, Hull, SupportMap, Vector};
use support::{point_set, points_t, to_f64, unit_vector, Rng, Source, TestReal, P};

/// The facet's unit normal in `f64`: the cross product of two edges in 3D,
/// the edge turned clockwise in 2D (the hull's facets are outward).
fn unit_normal<const D: usize>(corners: &[P<D>]) -> Option<P<D>> {
    let e1 = corners[1] - corners[0];
    let n = if D == 2 {
        P::<D>::from_fn(|i, _| if i == 0 { e1[1] } else { -e1[0] })
    } else {
        let e2 = corners[2] - corners[0];
        P::<D>::from_fn(|i, _| {
            let (j, k) = ((i + 1) % 3, (i + 2) % 3);
            e1[j] * e2[k] - e1[k] * e2[j]
        })
    };
    let length = n.norm();
    (length > 0.0).then(|| n / length)
}

/// A hull builder for one dimension (`Hull::new` is per dimension).
type Build<T, const D: usize> =
    for<'a> fn(&'a [Vector<T, D>], &'a mut [u32], &'a mut [[u32; D]]) -> Option<Hull<'a, T, D>>;

/// The facet through vertex `apex` (any facet for `None`) a scan of those
/// facets' unit normals picks, with its `n̂ · d`, computed in `T` as
/// `Hull::face` computes it without passing any facet over: the raw normal
/// (the edges' cross product, or the edge turned), divided by its largest
/// entry, then by its length; the first strictly largest `n̂ · d`.
fn unpruned<T: TestReal, const D: usize>(
    points: &[Vector<T, D>],
    facets: &[[u32; D]],
    apex: Option<u32>,
    d: &Vector<T, D>,
) -> Option<(usize, T)> {
    let mut best: Option<(usize, T)> = None;
    let through = |f: &[u32; D]| apex.is_none_or(|v| f.contains(&v));
    for (k, f) in facets.iter().enumerate().filter(|(_, f)| through(f)) {
        let p0 = points[f[0] as usize];
        let e1 = points[f[1] as usize] - p0;
        let raw = if D == 2 {
            Vector::<T, D>::from_fn(|i, _| if i == 0 { e1[1] } else { -e1[0] })
        } else {
            let e2 = points[f[2] as usize] - p0;
            Vector::<T, D>::from_fn(|i, _| {
                let (j, k) = ((i + 1) % 3, (i + 2) % 3);
                e1[j] * e2[k] - e1[k] * e2[j]
            })
        };
        let largest = raw.iter().fold(T::zero(), |m, x| m.max(x.abs()));
        let u = raw / largest;
        let n = u / u.dot(&u).sqrt();
        if !n.iter().all(|x| x.is_finite()) {
            continue;
        }
        let along = n.dot(d);
        if best.is_none_or(|(_, m)| along > m) {
            best = Some((k, along));
        }
    }
    best
}

/// `‖e₁ × e₂‖` of a 3D facet.
fn unit_area<const D: usize>(corners: &[P<D>]) -> f64 {
    let (e1, e2) = (corners[1] - corners[0], corners[2] - corners[0]);
    let c = P::<D>::from_fn(|i, _| {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        e1[j] * e2[k] - e1[k] * e2[j]
    });
    c.norm()
}

fn check<T: TestReal, const D: usize>(build: Build<T, D>, seed: u64) {
    let mut r = Rng::new(seed);
    let (mut checked, mut climbing) = (0, 0);
    for case in 0..200 {
        let n = r.int(D + 2, 48);
        let size = 10f64.powf(r.range(-6.0, 6.0));
        let center = unit_vector::<D>(&mut r) * size * r.range(0.0, 3.0);
        // One case in four on a stretched sphere: every point a vertex, so
        // that hulls of more than `Hull::SCAN_UP_TO` vertices (which find the
        // facets at a vertex from their own list) come in 2D as well.
        let cloud = if case % 4 == 3 {
            let stretch = P::<D>::from_fn(|_, _| r.range(0.3, 1.0));
            (0..n)
                .map(|_| center + unit_vector::<D>(&mut r).component_mul(&stretch) * size)
                .collect()
        } else {
            point_set::<D>(&mut r, n, &center, size)
        };
        let points = points_t::<T, D>(&cloud);
        let mut indices = vec![0; Hull::<T, D>::indices_needed(n)];
        let mut facets = vec![[0; D]; Hull::<T, D>::facets_needed(n)];
        let Some(hull) = build(&points, &mut indices, &mut facets) else {
            continue; // flat sets have no hull of dimension D
        };
        climbing += usize::from(hull.climbs());
        // Each facet's unit normal in f64 and how far rounding in `T` can
        // move it: `ε_T ‖e₁‖ ‖e₂‖ / ‖e₁ × e₂‖` (one edge and the edge's
        // length in 2D), times a small constant.
        let facets: Vec<Option<(P<D>, f64)>> = hull
            .facets()
            .iter()
            .map(|f| {
                let corners: Vec<P<D>> = f.iter().map(|&i| to_f64(&points[i as usize])).collect();
                let n = unit_normal(&corners)?;
                let e1 = (corners[1] - corners[0]).norm();
                let condition = if D == 2 {
                    1.0
                } else {
                    let e2 = (corners[2] - corners[0]).norm();
                    let area = unit_area(&corners);
                    e1 * e2 / area
                };
                Some((n, 16.0 * T::eps() * condition))
            })
            .collect();
        let normals: Vec<P<D>> = facets.iter().flatten().map(|(n, _)| *n).collect();
        for k in 0..40 {
            let d64 = if k % 2 == 0 || normals.is_empty() {
                unit_vector::<D>(&mut r) * r.range(0.5, 2.0)
            } else {
                let nudge = unit_vector::<D>(&mut r) * 1e-9;
                normals[r.int(0, normals.len() - 1)] + nudge
            };
            let d = Vector::<T, D>::from_fn(|i, _| T::of_f64(d64[i]));
            let d64 = to_f64(&d);
            let length = d64.norm();
            let face = hull.face(&d);
            // The support point in `T`, and the vertex it is.
            let top = hull.support(&d);
            let apex = *hull
                .vertices()
                .iter()
                .find(|&&v| points[v as usize] == top)
                .expect("the support point is a vertex");
            // Every facet when none at the support vertex leans towards
            // `d` (a hull flatter than rounding).
            let at_apex = unpruned(hull.points(), hull.facets(), Some(apex), &d);
            let everywhere = !at_apex.is_some_and(|(_, along)| along > T::zero());
            let expected = if everywhere {
                unpruned(hull.points(), hull.facets(), None, &d)
            } else {
                at_apex
            };
            let id = expected.map(|(k, _)| k).expect("a facet");
            let Some(Some((chosen, err))) = facets.get(id) else {
                panic!("{} D={D} case {case}: facet {id} has no normal", T::NAME);
            };
            // The face's normal is the best facet's; its id names the face
            // it lies on: the first facet in that plane (the best itself
            // when no other lies in it).
            let normal = to_f64(&face.normal);
            assert!(
                (normal - chosen).norm() <= 4.0 * err + 8.0 * T::eps(),
                "{} D={D} case {case}: normal {normal:?}, not facet {id}'s {chosen:?}",
                T::NAME
            );
            let first = facets.get(face.id as usize).and_then(|f| f.as_ref());
            assert!(
                face.id as usize <= id
                    && first.is_some_and(|(n, e)| (n - chosen).norm() <= 4.0 * (e + err)),
                "{} D={D} case {case}: face id {} is not a facet in facet {id}'s plane",
                T::NAME,
                face.id
            );
            // Through the support vertex, which is farthest along `d` to
            // the rounding of a dot product in `T`, and the best there (in
            // 2D, the best of all). Where the support is that ambiguous, a
            // facet through another vertex as high may lean closer to `d`.
            let facet = hull.facets()[id];
            let height = |v: u32| to_f64(&points[v as usize]).dot(&d64);
            let highest = hull
                .vertices()
                .iter()
                .map(|&v| height(v))
                .fold(f64::MIN, f64::max);
            let reach = hull
                .vertices()
                .iter()
                .map(|&v| to_f64(&points[v as usize]).abs().dot(&d64.abs()))
                .fold(0.0, f64::max);
            assert!(
                height(apex) >= highest - 8.0 * D as f64 * T::eps() * reach,
                "{} D={D} case {case}: vertex {apex} is no support vertex",
                T::NAME
            );
            assert!(
                everywhere || facet.contains(&apex),
                "{} D={D} case {case}: facet {id} is not at the support vertex",
                T::NAME,
            );
            let got = chosen.dot(&d64) + err * length;
            let best = facets
                .iter()
                .zip(hull.facets())
                .filter(|(_, f)| D == 2 || everywhere || f.contains(&apex))
                .filter_map(|(n, _)| n.as_ref())
                .map(|(n, err)| n.dot(&d64) - err * length)
                .fold(f64::MIN, f64::max);
            assert!(
                got >= best,
                "{} D={D} case {case}: facet {id} has n·d = {:e}, another at least {best:e}; \
                 direction {d64:?}",
                T::NAME,
                chosen.dot(&d64)
            );
            checked += 1;
        }
    }
    assert!(checked > 2000, "too few hulls were built: {checked} checks");
    assert!(climbing >= 20, "{climbing} hulls climb");
}

fn hull3<'a, T: TestReal>(
    p: &'a [Vector<T, 3>],
    i: &'a mut [u32],
    f: &'a mut [[u32; 3]],
) -> Option<Hull<'a, T, 3>> {
    Hull::<T, 3>::new(p, i, f).ok()
}

fn hull2<'a, T: TestReal>(
    p: &'a [Vector<T, 2>],
    i: &'a mut [u32],
    f: &'a mut [[u32; 2]],
) -> Option<Hull<'a, T, 2>> {
    Hull::<T, 2>::new(p, i, f).ok()
}

#[test]
fn the_chosen_face_is_the_most_aligned_facet_at_the_support_vertex_3d() {
    check::<f64, 3>(hull3, 31);
    check::<f32, 3>(hull3, 32);
}

#[test]
fn the_chosen_face_is_the_most_aligned_facet_at_the_support_vertex_2d() {
    check::<f64, 2>(hull2, 33);
    check::<f32, 2>(hull2, 34);
}
