//! `Polygon`'s logarithmic support search against a scan of its vertices,
//! on polygons with repeated vertices and on tiny polygons far from the
//! origin (short edges whose directions rounding knows only roughly).
//!
//! Budget: the search may stop at a vertex whose dot product is below the
//! best by the rounding of the coordinates, `64 ε L` (`L` the largest
//! coordinate), as a polygon may turn right by that much (see
//! `Polygon::new`).

use crate::support::Rng;

use gjk::nalgebra::Vector2;
use gjk::{hull::Polygon, Real, SupportMap};

/// The worst shortfall of the support value against the best vertex, over
/// 256 directions, in units of `ε L`.
fn worst_shortfall<T: Real + Into<f64>>(vertices: &[Vector2<T>]) -> f64 {
    let polygon = Polygon::new(vertices).expect("convex, counter-clockwise");
    let scale: f64 = vertices
        .iter()
        .flat_map(|v| [v.x.into().abs(), v.y.into().abs()])
        .fold(0.0, f64::max);
    let eps: f64 = T::EPSILON.into();
    (0..256)
        .map(|k| {
            let a = f64::from(k) * core::f64::consts::TAU / 256.0;
            let d = Vector2::new(T::lit(a.cos()), T::lit(a.sin()));
            let got: f64 = polygon.support(&d).dot(&d).into();
            let best = vertices
                .iter()
                .map(|v| v.dot(&d).into())
                .fold(f64::MIN, f64::max);
            (best - got) / (eps * scale)
        })
        .fold(0.0, f64::max)
}

/// Found by the `shapes` fuzz target (`f32`): 20 vertices, two of them
/// repeated, within 0.01 of each other 19.4 from the origin. The search
/// stopped on a repeated vertex (its copy ties with it), 2.7e-3 short of
/// the best vertex along one direction, 3,000 ε L.
#[test]
#[allow(clippy::excessive_precision)] // the f32 inputs as the fuzzer printed them
fn repeated_vertices_do_not_stop_the_search() {
    let points: [[f32; 2]; 20] = [
        [19.398027, 0.0017428864],
        [19.398027, 0.0017428864],
        [19.398016, 0.0017641278],
        [19.398016, 0.0017641278],
        [19.398006, 0.0017853038],
        [19.39575, 0.0037113745],
        [19.392792, 0.003497199],
        [19.390837, 0.0012662862],
        [19.391012, -0.0016948583],
        [19.391617, -0.0026012543],
        [19.392448, -0.003305143],
        [19.393444, -0.0037517271],
        [19.393467, -0.0037582773],
        [19.39349, -0.0037646883],
        [19.394547, -0.0039062218],
        [19.395624, -0.0037500677],
        [19.397131, -0.002916127],
        [19.397835, -0.0020845365],
        [19.398283, -0.001090665],
        [19.398438, -1.1885547e-5],
    ];
    let vertices: Vec<_> = points.iter().map(|p| Vector2::new(p[0], p[1])).collect();
    let worst = worst_shortfall(&vertices);
    assert!(worst <= 64.0, "short by {worst} ε L");
}

/// Regular polygons of 17 to 64 vertices, each vertex repeated up to three
/// times, at the origin and far from it, in both precisions.
#[test]
fn repeated_vertices_on_regular_polygons() {
    let mut rng = Rng::xorshift(0x2545_f491_4f6c_dd1d);
    for n in [17, 24, 40, 64] {
        for (centre, radius) in [(0.0, 1.0), (1e3, 0.01), (19.4, 0.004)] {
            let mut ring = Vec::new();
            for k in 0..n {
                let a = f64::from(k) * core::f64::consts::TAU / f64::from(n);
                let copies = 1 + rng.next_u64() % 3;
                for _ in 0..copies {
                    ring.push([centre + radius * a.cos(), radius * a.sin()]);
                }
            }
            let r64: Vec<_> = ring.iter().map(|p| Vector2::new(p[0], p[1])).collect();
            let r32: Vec<_> = ring
                .iter()
                .map(|p| Vector2::new(p[0] as f32, p[1] as f32))
                .collect();
            let worst = worst_shortfall(&r64);
            assert!(worst <= 64.0, "f64 n {n} at {centre}: short by {worst} ε L");
            if Polygon::new(&r32).is_ok() {
                let worst = worst_shortfall(&r32);
                assert!(worst <= 64.0, "f32 n {n} at {centre}: short by {worst} ε L");
            }
        }
    }
}
