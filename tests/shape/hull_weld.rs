//! Welded hulls (`Built::build_welded`, `Hull::new_welded`): what a weld
//! tolerance `tol` promises, in 2D and 3D, for `f32` and `f64`.
//!
//! * `tol = 0` builds exactly the exact hull (same vertices, same facets);
//! * the welded hull is a closed surface (a counter-clockwise cycle in 2D)
//!   whose vertices are input points, and lies inside the exact hull: each
//!   welded vertex is on or below every exact facet, to the `f64` check's
//!   own rounding, [`PLANE_ULPS`]` · ε₆₄ · |b − a| |c − a| |p − a|`;
//! * every input point is inside the welded hull or within `tol` of it:
//!   its distance, computed in `f64` by brute force over the facets, is at
//!   most `tol · (1 + 2⁻⁴⁰) + `[`DISTANCE_ULPS`]` · ε₆₄ · s`, `s` the
//!   largest coordinate (the builder's rounding, about `2⁻⁴⁸ s`, and this
//!   check's);
//! * on real robot meshes (`examples/panda_link1.obj`, and
//!   `benches/meshes/panda_link6.obj` and `iiwa_link0.obj` when present)
//!   every welded hull keeps these promises, the count never grows with the
//!   tolerance, and `panda_link1`'s 152 points are all exact vertices;
//! * `panda_link1` with the midpoints of its hull's edges written to 7
//!   decimals, as the file's coordinates are (a mesh with rounded edge
//!   midpoints): 405 exact vertices in `f64` (416 in `f32`), and exactly
//!   the 152 corners welded to any tolerance from `1e-7` to `1e-4`.
//!
//! Measured over the random sweep: the farthest point outside a welded hull
//! is at 0.997 `tol` (no point needs the rounding allowance).

use crate::support;

use super::hull_build::oracle;
use gjk::{hull::Built, Hull, ShapeError, Vector};
use support::{unit_vector, Rng, Source, TestReal, P};

/// Slack of the `f64` facet-plane check, in units of `ε₆₄ |b − a| |c − a| |p − a|`.
const PLANE_ULPS: f64 = 16.0;

/// Rounding allowed to a welded point's distance, in `ε₆₄` times the
/// largest coordinate.
const DISTANCE_ULPS: f64 = 64.0;

type Building<const D: usize> = (Vec<u32>, Vec<[u32; D]>);

fn welded3<T: TestReal>(points: &[Vector<T, 3>], tol: T) -> Result<Building<3>, ShapeError> {
    let n = points.len();
    let mut v = vec![0; Built::<3>::vertices_needed(n)];
    let mut f = vec![[0; 3]; Built::<3>::facets_needed(n)];
    let mut w = vec![0; Built::<3>::work_needed(n)];
    let hull = Built::<3>::build_welded(points, tol, &mut v, &mut f, &mut w)?;
    Ok((hull.vertices().to_vec(), hull.facets().to_vec()))
}

fn welded2<T: TestReal>(points: &[Vector<T, 2>], tol: T) -> Result<Building<2>, ShapeError> {
    let n = points.len();
    let mut v = vec![0; Built::<2>::vertices_needed(n)];
    let mut f = vec![[0; 2]; Built::<2>::facets_needed(n)];
    let mut w = vec![0; Built::<2>::work_needed(n)];
    let hull = Built::<2>::build_welded(points, tol, &mut v, &mut f, &mut w)?;
    Ok((hull.vertices().to_vec(), hull.facets().to_vec()))
}

fn exact3<T: TestReal>(points: &[Vector<T, 3>]) -> Building<3> {
    let n = points.len();
    let mut v = vec![0; Built::<3>::vertices_needed(n)];
    let mut f = vec![[0; 3]; Built::<3>::facets_needed(n)];
    let mut w = vec![0; Built::<3>::work_needed(n)];
    let hull = Built::<3>::build(points, &mut v, &mut f, &mut w).unwrap();
    (hull.vertices().to_vec(), hull.facets().to_vec())
}

fn exact2<T: TestReal>(points: &[Vector<T, 2>]) -> Building<2> {
    let n = points.len();
    let mut v = vec![0; Built::<2>::vertices_needed(n)];
    let mut f = vec![[0; 2]; Built::<2>::facets_needed(n)];
    let mut w = vec![0; Built::<2>::work_needed(n)];
    let hull = Built::<2>::build(points, &mut v, &mut f, &mut w).unwrap();
    (hull.vertices().to_vec(), hull.facets().to_vec())
}

/// The distance from `p` to the segment `ab`.
fn to_segment<const D: usize>(p: &P<D>, a: &P<D>, b: &P<D>) -> f64 {
    let ab = b - a;
    let t = if ab.norm_squared() > 0.0 {
        ((p - a).dot(&ab) / ab.norm_squared()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p - (a + ab * t)).norm()
}

/// The distance from `p` to the triangle `abc`: to its plane when `p`
/// projects inside it, else to its nearest edge.
fn to_triangle(p: &P<3>, a: &P<3>, b: &P<3>, c: &P<3>) -> f64 {
    let n = (b - a).cross(&(c - a));
    let inside = [(a, b), (b, c), (c, a)]
        .iter()
        .all(|(u, v)| (*v - *u).cross(&(p - *u)).dot(&n) >= 0.0);
    if inside && n.norm() > 0.0 {
        return ((p - a).dot(&n) / n.norm()).abs();
    }
    to_segment(p, a, b)
        .min(to_segment(p, b, c))
        .min(to_segment(p, c, a))
}

/// Whether `p` is on or below the plane of facet `abc`, to the check's
/// rounding.
fn below(p: &P<3>, a: &P<3>, b: &P<3>, c: &P<3>) -> bool {
    let (u, v, w) = (b - a, c - a, p - a);
    u.cross(&v).dot(&w) <= PLANE_ULPS * f64::EPSILON * u.norm() * v.norm() * w.norm()
}

/// Whether `p` is on or left of the edge `ab`, to the check's rounding.
fn left(p: &P<2>, a: &P<2>, b: &P<2>) -> bool {
    let (u, w) = (b - a, p - a);
    u.perp(&w) >= -PLANE_ULPS * f64::EPSILON * u.norm() * w.norm()
}

fn largest<const D: usize>(points: &[P<D>]) -> f64 {
    points.iter().fold(0.0_f64, |m, p| m.max(p.amax()))
}

/// The welded 3D hull's promises against the exact one; returns the
/// largest distance of a point outside it, over `tol`.
fn check3<T: TestReal>(points: &[Vector<T, 3>], tol: T, what: &str) -> f64 {
    let (verts, facets) = welded3(points, tol).unwrap_or_else(|e| panic!("{what}: {e:?}"));
    let v = oracle::check_surface(&facets).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(v, verts.len(), "{what}: facets use {v} vertices");
    let p64: Vec<P<3>> = points.iter().map(support::to_f64).collect();
    let (_, exact) = exact3(points);
    for &i in &verts {
        let p = &p64[i as usize];
        for f in &exact {
            let [a, b, c] = f.map(|k| p64[k as usize]);
            assert!(
                below(p, &a, &b, &c),
                "{what}: vertex {i} outside the exact hull"
            );
        }
    }
    let (tol, scale) = (tol.as_f64(), largest(&p64));
    let budget = tol * (1.0 + 2f64.powi(-40)) + DISTANCE_ULPS * f64::EPSILON * scale;
    let mut worst = 0.0_f64;
    for (i, p) in p64.iter().enumerate() {
        let facet = |f: &[u32; 3]| f.map(|k| p64[k as usize]);
        if facets.iter().all(|f| {
            let [a, b, c] = facet(f);
            below(p, &a, &b, &c)
        }) {
            continue;
        }
        let d = facets.iter().fold(f64::INFINITY, |m, f| {
            let [a, b, c] = facet(f);
            m.min(to_triangle(p, &a, &b, &c))
        });
        assert!(
            d <= budget,
            "{what}: point {i} is {d} from the hull (tol {tol})"
        );
        worst = worst.max(d);
    }
    if tol > 0.0 {
        worst / tol
    } else {
        0.0
    }
}

/// The welded 2D hull's promises against the exact one.
fn check2<T: TestReal>(points: &[Vector<T, 2>], tol: T, what: &str) {
    let (verts, edges) = welded2(points, tol).unwrap_or_else(|e| panic!("{what}: {e:?}"));
    oracle::check_cycle(&verts, &edges).unwrap_or_else(|e| panic!("{what}: {e}"));
    let p64: Vec<P<2>> = points.iter().map(support::to_f64).collect();
    let (_, exact) = exact2(points);
    for &i in &verts {
        for e in &exact {
            let (a, b) = (p64[e[0] as usize], p64[e[1] as usize]);
            assert!(
                left(&p64[i as usize], &a, &b),
                "{what}: vertex {i} outside the exact hull"
            );
        }
    }
    let (tol, scale) = (tol.as_f64(), largest(&p64));
    let budget = tol * (1.0 + 2f64.powi(-40)) + DISTANCE_ULPS * f64::EPSILON * scale;
    for (i, p) in p64.iter().enumerate() {
        let ends = |e: &[u32; 2]| (p64[e[0] as usize], p64[e[1] as usize]);
        if edges.iter().all(|e| left(p, &ends(e).0, &ends(e).1)) {
            continue;
        }
        let d = edges.iter().fold(f64::INFINITY, |m, e| {
            m.min(to_segment(p, &ends(e).0, &ends(e).1))
        });
        assert!(
            d <= budget,
            "{what}: point {i} is {d} from the hull (tol {tol})"
        );
    }
}

/// A rounded mesh: points on a sphere of radius `radius` (the corners),
/// points on the chords between neighbours pushed out by up to `bulge`
/// (the rounded midpoints), and points inside; shifted by `offset`.
fn rounded_cloud<const D: usize>(
    r: &mut Rng,
    n: usize,
    radius: f64,
    bulge: f64,
    offset: f64,
) -> Vec<P<D>> {
    let corners: Vec<P<D>> = (0..n).map(|_| unit_vector::<D>(r) * radius).collect();
    let mut points = corners.clone();
    for _ in 0..n {
        let (a, b) = (corners[r.int(0, n - 1)], corners[r.int(0, n - 1)]);
        let t = r.range(0.2, 0.8);
        let mid = a * (1.0 - t) + b * t;
        let out = if mid.norm() > 0.0 {
            mid / mid.norm()
        } else {
            mid
        };
        points.push(mid + out * (bulge * r.unit()));
        points.push(mid * r.range(0.0, 0.9));
    }
    points.iter().map(|p| p.add_scalar(offset)).collect()
}

fn sweep3<T: TestReal>() {
    let mut r = Rng::new(0x3e1d);
    let mut worst = 0.0_f64;
    for k in 0..support::sweep_size(48, 6) {
        let (radius, offset) = [(1.0, 0.0), (1e-3, 0.0), (1e3, 0.0), (1.0, 5.0)][k % 4];
        let bulge = radius * [1e-9, 1e-6, 1e-3][k % 3];
        let n = r.int(8, 120);
        let points: Vec<Vector<T, 3>> =
            support::points_t(&rounded_cloud::<3>(&mut r, n, radius, bulge, offset));
        for rel in [0.0, 1e-9, 1e-6, 1e-4, 1e-2, 0.3] {
            let what = format!("3D case {k}, tol {rel} · radius [{}]", T::NAME);
            worst = worst.max(check3(&points, T::of_f64(rel * radius), &what));
        }
    }
    eprintln!("weld 3D [{}]: farthest point at {worst:.3} tol", T::NAME);
}

fn sweep2<T: TestReal>() {
    let mut r = Rng::new(0x2e1d);
    for k in 0..support::sweep_size(48, 12) {
        let (radius, offset) = [(1.0, 0.0), (1e-3, 0.0), (1e3, 0.0), (1.0, 5.0)][k % 4];
        let bulge = radius * [1e-9, 1e-6, 1e-3][k % 3];
        let n = r.int(4, 200);
        let points: Vec<Vector<T, 2>> =
            support::points_t(&rounded_cloud::<2>(&mut r, n, radius, bulge, offset));
        for rel in [0.0, 1e-9, 1e-6, 1e-4, 1e-2, 0.3, 10.0] {
            let what = format!("2D case {k}, tol {rel} · radius [{}]", T::NAME);
            check2(&points, T::of_f64(rel * radius), &what);
        }
    }
}

#[test]
fn welded_hulls_keep_their_promises_3d() {
    sweep3::<f32>();
    sweep3::<f64>();
}

#[test]
fn welded_hulls_keep_their_promises_2d() {
    sweep2::<f32>();
    sweep2::<f64>();
}

#[test]
fn a_zero_tolerance_builds_the_exact_hull() {
    let mut r = Rng::new(0x0e1d);
    for k in 0..8 {
        let c3 = rounded_cloud::<3>(&mut r, 60, 1.0, 1e-9, 0.0);
        let c2 = rounded_cloud::<2>(&mut r, 60, 1.0, 1e-9, 0.0);
        let (p3, p2): (Vec<Vector<f32, 3>>, Vec<Vector<f32, 2>>) =
            (support::points_t(&c3), support::points_t(&c2));
        assert_eq!(welded3(&c3, 0.0).unwrap(), exact3(&c3), "3D case {k}");
        assert_eq!(welded3(&p3, 0.0).unwrap(), exact3(&p3), "3D case {k} f32");
        assert_eq!(welded2(&c2, 0.0).unwrap(), exact2(&c2), "2D case {k}");
        assert_eq!(welded2(&p2, 0.0).unwrap(), exact2(&p2), "2D case {k} f32");
    }
    let panda = panda_link1();
    assert_eq!(welded3(&panda, 0.0).unwrap(), exact3(&panda));
}

#[test]
fn bad_tolerances_are_refused() {
    let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    let square = [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)];
    let cube: Vec<Vector<f64, 3>> = (0..8)
        .map(|i| {
            Vector::<f64, 3>::new(f64::from(i & 1), f64::from((i >> 1) & 1), f64::from(i >> 2))
        })
        .collect();
    for (tol, err) in [
        (-1e-9, ShapeError::Negative),
        (f64::NAN, ShapeError::NonFinite),
        (f64::INFINITY, ShapeError::NonFinite),
    ] {
        assert_eq!(welded2(&square, tol).err(), Some(err));
        assert_eq!(welded3(&cube, tol).err(), Some(err));
        let mut indices = vec![0; Hull::<f64, 3>::indices_needed(8)];
        let mut facets = vec![[0; 3]; Hull::<f64, 3>::facets_needed(8)];
        assert_eq!(
            Hull::<f64, 3>::new_welded(&cube, tol, &mut indices, &mut facets).err(),
            Some(err)
        );
    }
    // A tolerance wider than the polygon keeps the exact one (a polygon
    // needs three corners).
    assert_eq!(welded2(&square, 5.0).unwrap(), exact2(&square));
}

/// The vertex positions of an OBJ text.
fn obj_vertices(text: &str) -> Vec<Vector<f64, 3>> {
    text.lines()
        .filter_map(|line| line.strip_prefix("v "))
        .map(|xyz| {
            let c: Vec<f64> = xyz.split_whitespace().map(|w| w.parse().unwrap()).collect();
            Vector::<f64, 3>::new(c[0], c[1], c[2])
        })
        .collect()
}

/// The vertices of `examples/panda_link1.obj`.
fn panda_link1() -> Vec<Vector<f64, 3>> {
    obj_vertices(include_str!("../../examples/panda_link1.obj"))
}

/// Tolerances of the mesh sweep, in the meshes' units (metres).
const MESH_TOLERANCES: [f64; 7] = [0.0, 1e-9, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3];

/// Welded vertex counts of a mesh for each of [`MESH_TOLERANCES`], in
/// `f64` and in `f32`, each hull checked when `check` is set.
fn mesh_counts(name: &str, points: &[Vector<f64, 3>], check: bool) -> Vec<(f64, usize, usize)> {
    let p32: Vec<Vector<f32, 3>> = points.iter().map(|p| p.map(|x| x as f32)).collect();
    let mut counts = vec![];
    for tol in MESH_TOLERANCES {
        let what = format!("{name}, tol {tol}");
        if check {
            check3(points, tol, &what);
            check3(&p32, tol as f32, &format!("{what} [f32]"));
        }
        let (v64, _) = welded3(points, tol).unwrap();
        let (v32, _) = welded3(&p32, tol as f32).unwrap();
        let mut indices = vec![0; Hull::<f64, 3>::indices_needed(points.len())];
        let mut facets = vec![[0; 3]; Hull::<f64, 3>::facets_needed(points.len())];
        let hull = Hull::<f64, 3>::new_welded(points, tol, &mut indices, &mut facets).unwrap();
        assert_eq!(
            hull.vertices(),
            v64.as_slice(),
            "{what}: Hull and Built agree"
        );
        counts.push((tol, v64.len(), v32.len()));
    }
    eprintln!("{name}: (tol, f64 vertices, f32 vertices) {counts:?}");
    counts
}

#[test]
fn real_meshes_weld() {
    let counts = mesh_counts("panda_link1", &panda_link1(), true);
    // Every one of its 152 points is a vertex of the exact hull.
    assert_eq!((counts[0].1, counts[0].2), (152, 152));
    for pair in counts.windows(2) {
        assert!(pair[1].1 <= pair[0].1, "{pair:?}");
    }
    for name in ["panda_link6", "iiwa_link0"] {
        let path = format!("{}/benches/meshes/{name}.obj", env!("CARGO_MANIFEST_DIR"));
        if let Ok(text) = std::fs::read_to_string(&path) {
            // The larger meshes are checked in the full sweeps only.
            mesh_counts(name, &obj_vertices(&text), support::full_sweeps());
        }
    }
}

/// `panda_link1`'s points and the midpoints of its hull's edges, written
/// with as many digits as the mesh file (`{:.7}`): about half of them round
/// to just outside the hull.
fn panda_with_rounded_midpoints() -> Vec<Vector<f64, 3>> {
    let mut points = panda_link1();
    let (_, facets) = exact3(&points);
    let mut edges = std::collections::BTreeSet::new();
    for f in &facets {
        for i in 0..3 {
            let (a, b) = (f[i], f[(i + 1) % 3]);
            edges.insert((a.min(b), a.max(b)));
        }
    }
    let round = |x: f64| format!("{x:.7}").parse::<f64>().unwrap();
    let mids: Vec<_> = edges
        .iter()
        .map(|&(a, b)| ((points[a as usize] + points[b as usize]) * 0.5).map(round))
        .collect();
    points.extend(mids);
    points
}

#[test]
fn rounded_edge_midpoints_weld_away() {
    let points = panda_with_rounded_midpoints();
    // Each hull's promises are checked by brute force in the full sweeps
    // (seconds unoptimised); the counts always.
    let what = "panda_link1 with rounded edge midpoints";
    let counts = mesh_counts(what, &points, support::full_sweeps());
    let exact = counts[0].1;
    assert!(
        exact > 152,
        "some midpoints round to outside the hull: {exact}"
    );
    // The rounding moves a midpoint by at most 5e-8 per coordinate (under
    // 1e-7 in all): a weld of 1e-7 to 1e-4 leaves exactly the 152 corners.
    for &(tol, v64, v32) in &counts {
        if (1e-7..=1e-4).contains(&tol) {
            assert_eq!((v64, v32), (152, 152), "tol {tol}");
        }
    }
}
