//! Rays and shape casts against half-spaces, against their closed forms,
//! and the answers under scaling.
//!
//! Budgets: `t` within `16 ε` relative (`t = h / s`: two dot products of
//! order-one numbers and a division), hit points within `16 ε L`; under a
//! scaling of the scene by `k` (`1e-30 … 1e30` in `f64`, `1e-6 … 1e6` in
//! `f32`), the gap scales to the same relative budget and `t` does not
//! change (a velocity scaled with the scene).

use super::exact::plane;
use crate::support::{TestReal, P};
use gjk::{
    half_space_contact, half_space_ray_cast, half_space_shape_cast, Ball, Config, Cuboid,
    Transformed, Vector,
};

fn rays<T: TestReal, const D: usize>() {
    let config = Config::default();
    let budget = 16.0 * T::eps();
    let n = P::<D>::from_fn(|i, _| {
        if i == 1 {
            3.0
        } else if i == 0 {
            4.0
        } else {
            0.0
        }
    });
    let h = plane::<T, D>(n.into(), 1.0);
    let u = n.normalize();
    let origin = P::<D>::from_fn(|i, _| [2.0, 1.5, -1.0][i % 3]);
    let height = u.dot(&origin) - 1.0;
    for dir in [
        [-1.0, -0.5, 0.3],
        [0.5, -2.0, 0.0],
        [-0.2, 0.1, 1.0],
        [1.0, 1.0, 0.0],
    ] {
        let d = P::<D>::from_fn(|i, _| dir[i % 3]);
        let speed = -u.dot(&d);
        let got = half_space_ray_cast(
            &h,
            origin.map(T::of_f64),
            d.map(T::of_f64),
            T::of_f64(100.0),
            &config,
        )
        .unwrap();
        if speed <= 0.0 {
            assert!(got.is_none(), "{} {D}D {d:?}: {got:?}", T::NAME);
            continue;
        }
        let t = height / speed;
        let hit = got.unwrap();
        assert!(
            (hit.t.as_f64() - t).abs() <= budget * t,
            "{} {D}D: {:?} against {t}",
            T::NAME,
            hit.t
        );
        let p = origin + d * t;
        assert!(
            (hit.point.map(|x| x.as_f64()) - p).norm() <= budget * 8.0,
            "{hit:?}"
        );
        assert_eq!(hit.normal, Some(h.normal()));
        // A certified bracket around the hit, as tight as the rounding.
        assert!(hit.lower <= hit.t && hit.t <= hit.upper, "{hit:?}");
        assert!(
            hit.lower.as_f64() <= t * (1.0 + budget) && hit.upper.as_f64() >= t * (1.0 - budget)
        );
        // Its width is the rounding of the height, `(2D + 8) ε` of the
        // terms `|offset| + Σ |nᵢ oᵢ|`, over the speed, and of the speed.
        let size = 1.0
            + u.iter()
                .zip(origin.iter())
                .map(|(a, b)| (a * b).abs())
                .sum::<f64>();
        let width = 4.0 * (2.0 * D as f64 + 8.0) * T::eps() * (size / speed + t);
        assert!((hit.upper - hit.lower).as_f64() <= width, "{hit:?}");
        // Cut short by max_t.
        let short = half_space_ray_cast(
            &h,
            origin.map(T::of_f64),
            d.map(T::of_f64),
            T::of_f64(t * 0.9),
            &config,
        );
        assert!(short.unwrap().is_none());
    }
    // From inside, and on the boundary: a hit at 0 with no normal.
    for start in [origin - u * (height + 0.5), origin - u * height] {
        let d = P::<D>::from_fn(|i, _| if i == 0 { 1.0 } else { 0.0 });
        let hit = half_space_ray_cast(
            &h,
            start.map(T::of_f64),
            d.map(T::of_f64),
            T::one(),
            &config,
        );
        let hit = hit.unwrap().unwrap();
        assert_eq!((hit.t, hit.normal), (T::zero(), None));
    }
    // A zero direction from outside: a miss.
    let zero = Vector::<T, D>::zeros();
    assert!(
        half_space_ray_cast(&h, origin.map(T::of_f64), zero, T::one(), &config)
            .unwrap()
            .is_none()
    );
}

#[test]
fn rays_against_their_closed_form() {
    for_each_precision_and_dimension!(rays; 2, 3);
}

fn shape_casts<T: TestReal>() {
    let config = Config::default();
    let budget = 16.0 * T::eps();
    let t = T::of_f64;
    let ground = plane::<T, 3>([0.0, 0.0, 1.0], 0.0);
    let ball = Ball::new(Vector::<T, 3>::new(t(1.0), t(2.0), t(5.0)), t(1.0)).unwrap();
    let v = Vector::<T, 3>::new(t(1.0), T::zero(), t(-2.0));
    let hit = half_space_shape_cast(&ground, &ball, v, t(10.0), &config)
        .unwrap()
        .unwrap();
    assert!((hit.t.as_f64() - 2.0).abs() <= 2.0 * budget, "{hit:?}");
    let b = hit.point_b.map(|x| x.as_f64());
    assert!(
        (b - P::<3>::new(3.0, 2.0, 0.0)).norm() <= 8.0 * budget,
        "{hit:?}"
    );
    assert_eq!(hit.point_a.z, T::zero());
    assert_eq!(hit.normal, Some(Vector::<T, 3>::z()));
    // Away, sideways, or too late: misses.
    assert!(half_space_shape_cast(&ground, &ball, -v, t(10.0), &config)
        .unwrap()
        .is_none());
    assert!(
        half_space_shape_cast(&ground, &ball, Vector::<T, 3>::x(), t(10.0), &config)
            .unwrap()
            .is_none()
    );
    assert!(half_space_shape_cast(&ground, &ball, v, t(1.9), &config)
        .unwrap()
        .is_none());
    // Already touching: t = 0; only the margin in: the normal, the points
    // of `half_space_distance`; the core in: no normal.
    let sunk = Ball::new(Vector::<T, 3>::new(t(1.0), t(2.0), t(0.5)), t(1.0)).unwrap();
    let hit = half_space_shape_cast(&ground, &sunk, v, t(10.0), &config)
        .unwrap()
        .unwrap();
    assert_eq!((hit.t, hit.normal), (T::zero(), Some(Vector::<T, 3>::z())));
    assert_eq!((hit.point_a.z, hit.point_b.z), (T::zero(), t(-0.5)));
    let deep = Ball::new(Vector::<T, 3>::new(t(1.0), t(2.0), t(-0.5)), t(1.0)).unwrap();
    let hit = half_space_shape_cast(&ground, &deep, v, t(10.0), &config)
        .unwrap()
        .unwrap();
    assert_eq!((hit.t, hit.normal), (T::zero(), None));
    // A box falling onto a tilted plane.
    let slope = plane::<T, 2>([-1.0, 1.0], 0.0);
    let square = Cuboid::new(Vector::<T, 2>::repeat(t(0.5))).unwrap();
    let up = Transformed::translated(square, Vector::<T, 2>::new(t(0.0), t(3.0))).unwrap();
    let down = Vector::<T, 2>::new(T::zero(), -T::one());
    let hit = half_space_shape_cast(&slope, &up, down, t(10.0), &Config::default())
        .unwrap()
        .unwrap();
    // Its corner (0.5, 2.5) reaches y = x at t = 2.
    assert!((hit.t.as_f64() - 2.0).abs() <= 4.0 * budget, "{hit:?}");
}

#[test]
fn shape_casts_against_their_closed_form() {
    shape_casts::<f32>();
    shape_casts::<f64>();
}

/// The same scene scaled by `k`: the gap scales, `t` stays.
fn scaled<T: TestReal>(scales: &[f64]) {
    let config = Config::default();
    let budget = 16.0 * T::eps();
    let u = P::<3>::new(1.0, -2.0, 2.0) / 3.0;
    for &k in scales {
        let h = plane::<T, 3>([1.0, -2.0, 2.0], 0.5 * k);
        let c = P::<3>::new(1.0, -2.0, 3.0) * k;
        let ball = Ball::new(c.map(T::of_f64), T::of_f64(0.75 * k)).unwrap();
        let gap = u.dot(&c) - 0.5 * k - 0.75 * k;
        let got = half_space_contact(&h, &ball, T::zero(), &config);
        assert!(got.unwrap().is_none(), "{} scale {k:e}", T::NAME);
        let got = half_space_contact(&h, &ball, T::of_f64(10.0 * k), &config)
            .unwrap()
            .unwrap();
        let rel = (got.distance.as_f64() - gap).abs() / gap;
        assert!(
            rel <= budget,
            "{} scale {k:e}: {got:?} against {gap:e}",
            T::NAME
        );
        let v = (-u * 2.0 * k).map(T::of_f64);
        let hit = half_space_shape_cast(&h, &ball, v, T::of_f64(1e3), &config)
            .unwrap()
            .unwrap();
        let t = gap / (2.0 * k);
        assert!(
            (hit.t.as_f64() - t).abs() <= budget * t,
            "{} scale {k:e}: {hit:?}",
            T::NAME
        );
        let o = c.map(T::of_f64);
        let ray = half_space_ray_cast(&h, o, v, T::of_f64(1e3), &config)
            .unwrap()
            .unwrap();
        let t = (u.dot(&c) - 0.5 * k) / (2.0 * k);
        assert!(
            (ray.t.as_f64() - t).abs() <= budget * t,
            "{} scale {k:e}: {ray:?}",
            T::NAME
        );
    }
}

#[test]
fn extreme_scales() {
    scaled::<f32>(&[1e-6, 1e-3, 1.0, 1e3, 1e6]);
    scaled::<f64>(&[1e-30, 1e-10, 1.0, 1e10, 1e30]);
}

/// A point on a tilted plane (within rounding), moving along it or away:
/// whenever `half_space_intersects` says it touches, the cast hits at 0,
/// never a `None`; rays from such points likewise. Oracle: the boolean
/// query on the same inputs (budget: exact agreement).
fn grazing<T: TestReal>() {
    let config = Config::<T, 3>::default();
    let t = T::of_f64;
    let plane = gjk::HalfSpace::new(Vector::<T, 3>::new(t(0.3), t(0.4), t(0.866)), t(0.7)).unwrap();
    let n = plane.normal();
    let tangent = Vector::<T, 3>::new(t(0.4), t(-0.3), T::zero());
    let (mut touching, mut state) = (0, 0x2545_f491_u32);
    for _ in 0..400 {
        let mut next = || {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            t(f64::from(state >> 8) / f64::from(1 << 20) - 8.0)
        };
        let q = plane.project(&Vector::<T, 3>::new(next(), next(), next()));
        let point = gjk::Point::new(q).unwrap();
        for velocity in [tangent, n, tangent + n * t(1e-7)] {
            let cast = half_space_shape_cast(&plane, &point, velocity, T::one(), &config).unwrap();
            if gjk::half_space_intersects(&plane, &point, &config).unwrap() {
                touching += 1;
                assert_eq!(cast.map(|h| h.t), Some(T::zero()), "{q:?} {velocity:?}");
            }
            let ray = half_space_ray_cast(&plane, q, velocity, T::one(), &config).unwrap();
            if plane.signed_distance(&q) <= T::zero() {
                assert_eq!(ray.map(|h| h.t), Some(T::zero()));
            }
            if let Some(hit) = ray {
                assert!(hit.lower <= hit.t && hit.t <= hit.upper, "{hit:?}");
            }
        }
    }
    assert!(touching > 600, "{touching}");
}

#[test]
fn grazing_casts_agree_with_intersects() {
    grazing::<f32>();
    grazing::<f64>();
}
