//! Witness points of cores apart, in `penetration` and `contact`: a
//! rounded hull and a segment 2e8 long, in 4D, whose cores are apart while
//! the margin (22) makes the shapes overlap. Found by the `penetration`
//! fuzz target: the witnesses, barycentric combinations over the long
//! segment, were `depth · normal` apart only to 3e-4 (1e4 ulps of the
//! scale) along the normal. Whenever the simplex's witnesses miss that, the
//! one on the side whose points spread least is now put on its support
//! plane along the normal and the other `distance` beyond it. Oracle: `point_a − point_b = depth · normal` and each point
//! on its shape's support plane along the normal, within `64 ε L`
//! (`L = 2.2e8`).
//!
//! And the converse, a large ball over a sliver (found by the same
//! target): the weights put the hull's witness on the true closest edge,
//! but `v`, projected on a face whose plane rounding had tilted by 2e-9,
//! leaned sideways, and the ball's witness, pushed out by its radius 53
//! along that normal, landed 1.07e-7 to the side: 1e4 times the distance
//! apart. The normal now comes from whichever direction certifies the
//! larger gap, the witnesses' own on a tie.

use crate::support;

use gjk::{
    contact, distance, hull::Scanned, penetration, Ball, Config, Distance, Rounded, Status,
    SupportMap, Vector,
};
use support::{rotation, Rng, Source, TestReal, P};

type V = Vector<f64, 4>;

#[test]
fn witnesses_of_cores_apart_lie_on_the_support_planes() {
    let a: Vec<V> = [
        [
            2.7449176867759495,
            2.7449176867759495,
            3.633651346773186,
            2.738939991549027,
        ],
        [
            1.0246776941975322,
            1.0246776941975322,
            -1.3843334822522393,
            1.20998624623213,
        ],
        [
            1.052004300949178,
            1.052004300949178,
            1.6808954412613752,
            0.3216171569033579,
        ],
        [
            0.2796852087802336,
            0.2796852087802336,
            -0.4197051327697001,
            0.3334844658225361,
        ],
        [
            -2.4981099761779277e-127,
            85.33203125,
            -2.4983353906950004e-127,
            -101.99609375,
        ],
        [
            -3.3730163863751894,
            -3.3730163863751894,
            -10.444629839824517,
            -2.8290461207252413,
        ],
    ]
    .iter()
    .map(|&p| V::from(p))
    .collect();
    let b: Vec<V> = [
        [
            999990.1595880638,
            -9.840411936156636,
            -215721152.75569966,
            -9.840410936156637,
        ],
        [
            -9.840411936156636,
            -9.840411936156636,
            -8.836505686156636,
            -8.836505686156636,
        ],
    ]
    .iter()
    .map(|&p| V::from(p))
    .collect();
    assert_contact_witnesses(&a, 22.0859375, &b);
}

/// The core of the rounded hull (radius 22.0859375) in the penetration
/// target's later inputs of the family: a tetrahedron reaching 1e2 out.
fn fuzzed_tetrahedron() -> [V; 4] {
    [
        [1.00390625, 1.00390625, 1.00390625, 1.00390625],
        [
            0.2796852087802336,
            0.2796852087802336,
            -0.4197051327697001,
            0.3334844658225361,
        ],
        [-2.4981099761778753e-127, 85.33203125, -1.0, -101.99609375],
        [
            -3.3730163863751894,
            -3.3730163863751894,
            -10.444629839824517,
            -2.8290461207252413,
        ],
    ]
    .map(V::from)
}

/// A second input of the family, where the witnesses were `distance`
/// apart along the normal but 1.5e-4 apart across it (the alignment of
/// `distance` leaves such a miss where moving a witness sideways could take
/// it off its shape; a contact promises the vector relation).
#[test]
fn contact_witnesses_are_depth_times_normal_apart_across_too() {
    let a = fuzzed_tetrahedron();
    let far = [
        999990.159556215,
        -9.840443784975534,
        -215720128.75573152,
        -9.840442784975535,
    ];
    let near = [
        -9.840443784975534,
        -9.840443784975534,
        -8.836537534975534,
        -8.836537534975534,
    ];
    let b = [far, near, far, far].map(V::from);
    assert_contact_witnesses(&a, 22.0859375, &b);
}

/// `penetration` and `contact` of the hull of `a` rounded by `radius`
/// against the hull of `b`: their points `depth · normal` apart and each
/// on its shape's support plane along the normal, within `64 ε L`
/// (`L = 2.2e8`, the segment's length).
fn assert_contact_witnesses(a: &[V], radius: f64, b: &[V]) {
    let sa = Rounded::new(Scanned::new(a).unwrap(), radius).unwrap();
    let sb = Scanned::new(b).unwrap();
    let config = Config::default();
    let budget = 64.0 * f64::EPSILON * 2.2e8;
    let p = penetration(&sa, &sb, &config)
        .unwrap()
        .expect("the margin overlaps");
    let n = p.normal;
    let off = (p.point_a - p.point_b - n * p.depth).norm();
    assert!(
        off <= budget,
        "points {off:e} from depth · normal apart: {p:?}"
    );
    // A's point on A's support plane along n, B's on B's along −n.
    let (ha, lb) = (sa.support(&n).dot(&n), sb.support(&-n).dot(&n));
    assert!((p.point_a.dot(&n) - ha).abs() <= budget, "{p:?}");
    assert!((p.point_b.dot(&n) - lb).abs() <= budget, "{p:?}");
    let c = contact(&sa, &sb, 0.0, &config)
        .unwrap()
        .expect("overlapping");
    let off = (c.point_b - c.point_a - c.normal * c.distance).norm();
    assert!(
        off <= budget,
        "contact points {off:e} from distance · normal apart: {c:?}"
    );
}

/// `distance` answers whose witnesses agree with the distance and the
/// normal, each on its shape: `‖(point_b − point_a) − distance · normal‖`,
/// the point on the ball `r` from its centre, and the point on the hull
/// not below the hull's support plane along the normal and the axes, all
/// within `budget`.
fn assert_aligned<T: TestReal, const D: usize>(
    d: &Distance<T, D>,
    ball: (&Vector<T, D>, T, bool),
    hull: &Scanned<&[Vector<T, D>], T, D>,
    budget: f64,
    what: &str,
) {
    let f = |v: &Vector<T, D>| P::<D>::from_fn(|i, _| v[i].as_f64());
    let (centre, r, ball_is_a) = ball;
    let (pa, pb) = (f(&d.point_a), f(&d.point_b));
    let n = f(&d.normal.expect("apart"));
    let off = (pb - pa - n * d.distance.as_f64()).norm();
    assert!(
        off <= budget,
        "witnesses {off:e} off distance · normal; {what}: {d:?}"
    );
    let (on_ball, on_hull, towards_hull) = if ball_is_a { (pa, pb, n) } else { (pb, pa, -n) };
    let radial = ((on_ball - f(centre)).norm() - r.as_f64()).abs();
    assert!(
        radial <= budget,
        "ball's witness {radial:e} off its sphere; {what}: {d:?}"
    );
    let axis = |i: usize, s: f64| P::<D>::from_fn(|j, _| if i == j { s } else { 0.0 });
    let mut probes: Vec<P<D>> = (0..D).flat_map(|i| [axis(i, 1.0), axis(i, -1.0)]).collect();
    probes.push(towards_hull);
    for u in probes {
        // The least of `u · x` over the hull: at its support point along −u.
        let low = f(&hull.support(&support::to_t(&-u))).dot(&u);
        assert!(
            on_hull.dot(&u) >= low - budget,
            "hull's witness {:e} below its support plane along {u:?}; {what}: {d:?}",
            low - on_hull.dot(&u)
        );
    }
}

/// The campaign's input, decoded: a hull of 12 points that is a sliver
/// (0.4 long, 1e-9 thick, with one point 60 away in its plane) under a
/// ball of radius 53.2 held as a rounded one-point hull, started along the
/// fuzzer's first direction. The distance, 7.87281351222191e-12, is the
/// hull's distance from the centre less the radius, computed in exact
/// rational arithmetic (the least over the hull's vertices, edges and
/// triangles); the nearest point is on the edge from (0, −4.6e-10, −7.9e-12)
/// to (0.417, 4.2e-10, 4.8e-10), 6.2e-8 along it.
#[test]
fn a_large_ball_over_a_sliver_gets_aligned_witnesses() {
    type V3 = Vector<f64, 3>;
    let centre = V3::new(1.3196745452727656e-64, 2.2250738585072014e-308, 53.20703125);
    let points: Vec<V3> = [
        [
            0.4173228337716535,
            7.952755905511811e-10,
            7.086614173228348e-11,
        ],
        [
            0.4173228350629921,
            4.1732283464566935e-10,
            4.1732283464566935e-10,
        ],
        [
            0.41732283422834643,
            4.1732283464566935e-10,
            4.1732283464566935e-10,
        ],
        [
            0.40157480356692915,
            4.1732283464566935e-10,
            4.1732283464566935e-10,
        ],
        [
            0.4173228350629921,
            4.1732283464566935e-10,
            4.803149606299212e-10,
        ],
        [
            0.4173228338031496,
            4.1732283464566935e-10,
            -5.275590551181102e-10,
        ],
        [
            0.03937007883464567,
            7.874015748031497e-12,
            -7.322834645669292e-10,
        ],
        [0.0, -4.645669291338583e-10, -7.874015748031497e-12],
        [
            0.24409448818110238,
            -7.874015748031497e-12,
            -7.874015748031497e-12,
        ],
        [53.58984375, 31.12109375, -3.0463458581243437e-187],
    ]
    .iter()
    .map(|&p| V3::from(p))
    .collect();
    let ball = Rounded::new(
        Scanned::new(core::slice::from_ref(&centre)).unwrap(),
        53.20703125,
    )
    .unwrap();
    let hull = Scanned::new(&points[..]).unwrap();
    let budget = 64.0 * f64::EPSILON * 107.0;
    let exact = 7.87281351222191e-12;
    for first in [Some(V3::new(-22.6640625, 0.0, 0.0)), None] {
        let config = Config {
            tolerance: 1e-12,
            max_iterations: 140,
            first_direction: None,
        }
        .starting_along(first);
        let d = distance(&ball, &hull, &config).unwrap();
        assert_eq!(d.status, Status::Converged);
        assert!((d.distance - exact).abs() <= budget, "{d:?}");
        assert_aligned(&d, (&centre, 53.20703125, true), &hull, budget, "decoded");
    }
}

/// Balls of radius 1 to 1000 just above or just touching slivers (a
/// segment 0.05 to 1 long thickened by 1e-10 to 1e-6, with a far point in
/// the plane), at random orientations, in both orders and from random
/// first directions: every converged answer's witnesses agree with its
/// distance and normal and lie on their shapes. Budget `64 ε L` with `L`
/// the largest coordinate (the ball's centre), and in `f32` the
/// tolerance's share `1e-6 · L`.
fn balls_over_slivers<T: TestReal, const D: usize>(cases: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    for case in 0..cases {
        let turn = rotation::<D>(&mut rng);
        let length = rng.range(0.05, 1.0);
        let thick = 10f64.powf(rng.range(-10.0, -6.0));
        let mut local: Vec<P<D>> = (0..8)
            .map(|_| {
                let mut p = P::<D>::from_fn(|_, _| rng.range(-thick, thick));
                p[0] = rng.range(0.0, length);
                p
            })
            .collect();
        local.push(P::<D>::from_fn(|i, _| {
            if i + 1 == D {
                rng.range(-thick, thick)
            } else {
                rng.range(-60.0, 60.0)
            }
        }));
        let r = 10f64.powf(rng.range(0.0, 3.0));
        let gap = 10f64.powf(rng.range(-14.0, -4.0)) * r;
        let mut above = P::<D>::zeros();
        // Over the sliver's ends as often as over its middle.
        above[0] = match rng.int(0, 2) {
            0 => rng.range(-1e-7, 1e-7),
            1 => local[0][0] + rng.range(-1e-7, 1e-7),
            _ => rng.range(0.0, length),
        };
        above[D - 1] = r + gap;
        let points: Vec<Vector<T, D>> = local.iter().map(|p| support::to_t(&(turn * p))).collect();
        let centre: Vector<T, D> = support::to_t(&(turn * above));
        let Ok(hull) = Scanned::new(&points[..]) else {
            continue;
        };
        let ball = Ball::new(centre, T::of_f64(r)).unwrap();
        let as_hull = Rounded::new(
            Scanned::new(core::slice::from_ref(&centre)).unwrap(),
            T::of_f64(r),
        )
        .unwrap();
        let scale = 2.0 * r + 60.0;
        let tolerance = T::GJK_TOLERANCE.as_f64();
        let budget = 64.0 * T::eps() * scale + tolerance * scale;
        let first =
            Some(support::to_t(&support::unit_vector::<D>(&mut rng))).filter(|_| rng.chance(0.5));
        let config = Config::<T, _>::default().starting_along(first);
        let what = format!("{} D={D} case {case}", T::NAME);
        for d in [
            distance(&ball, &hull, &config),
            distance(&as_hull, &hull, &config),
        ] {
            let d = d.unwrap();
            if d.status == Status::Converged && d.distance > T::zero() {
                assert_aligned(&d, (&centre, T::of_f64(r), true), &hull, budget, &what);
            }
        }
        let d = distance(&hull, &as_hull, &config).unwrap();
        if d.status == Status::Converged && d.distance > T::zero() {
            assert_aligned(&d, (&centre, T::of_f64(r), false), &hull, budget, &what);
        }
    }
}

#[test]
fn balls_over_slivers_get_aligned_witnesses() {
    balls_over_slivers::<f64, 3>(3000, 0x51e7);
    balls_over_slivers::<f64, 2>(2000, 0x51e8);
    balls_over_slivers::<f32, 3>(2000, 0x51e9);
    balls_over_slivers::<f32, 2>(1000, 0x51ea);
}

/// A seed of the `distance` target: two segments in 4D, A 187 long in the
/// plane `x = 0`, B 0.047 long from the origin, rising by 2.1e-9 per unit
/// along it towards A, with zero tolerance and a first direction across.
/// The nearest point of B is 1.05e-9 along it, not at the origin where the
/// loop's weights left B's witness; the normal is right. Lining A's
/// witness up with B's by moving it sideways put it 1.05e-9 off A (50
/// times the budget), for a gain of 1e-18 in `‖point_b − point_a‖`. Both
/// witnesses must stay on their segments, within `64 ε L` (`L = 94`), and
/// be the distance apart to that budget.
#[test]
fn witnesses_stay_on_segments_that_the_normal_grazes() {
    type V4 = Vector<f64, 4>;
    let a = [
        [-0.0, 94.10546875, -0.0, 0.0],
        [1.1475127822069926e-54, -93.0, 1.0, -1.353206160035664e-225],
    ]
    .map(V4::from);
    let b = [
        [0.0, 0.0, 0.0, 0.0],
        [
            0.04724409441496063,
            -7.322834645669292e-11,
            9.921259842519685e-11,
            -7.322834645669292e-11,
        ],
    ]
    .map(V4::from);
    let (sa, sb) = (Scanned::new(&a[..]).unwrap(), Scanned::new(&b[..]).unwrap());
    let budget = 64.0 * f64::EPSILON * 94.0;
    let starts = [Some(V4::new(-92.36328125, -92.109375, 0.0, 0.0)), None];
    for first in starts {
        let config = Config {
            tolerance: -0.0,
            max_iterations: 163,
            first_direction: None,
        }
        .starting_along(first);
        let d = distance(&sa, &sb, &config).unwrap();
        // On a segment: the distance to its line and its parameter.
        let on = |p: &V4, s: &[V4; 2]| {
            let e = s[1] - s[0];
            let t = (p - s[0]).dot(&e) / e.norm_squared();
            let off = (p - s[0] - e * t.clamp(0.0, 1.0)).norm();
            (off, t)
        };
        let (off_a, _) = on(&d.point_a, &a);
        let (off_b, _) = on(&d.point_b, &b);
        assert!(
            off_a <= budget && off_b <= budget,
            "off A {off_a:e}, off B {off_b:e}: {d:?}"
        );
        let apart = (d.point_b - d.point_a).norm();
        assert!(
            (apart - d.distance).abs() <= budget,
            "{apart} apart for {d:?}"
        );
    }
}

/// A seed of the `penetration` target (its `distance` check), at 1e74: a
/// needle-like hull along the diagonal and a flat one from the origin's
/// neighbourhood out to 2.7e74, where the loop stalls with the bracket
/// `[0, 3.3e64]`. An uncertified normal cannot place witnesses: lifting A's
/// onto its support plane along it moved it by 3e65 and put B's 1.4e65
/// outside B. Stalled answers keep the weights' witnesses, each in its
/// shape; checked along the axes and the normal within `64 ε L` (`L =
/// 3.1e74`).
#[test]
fn stalled_answers_keep_their_witnesses_in_their_shapes() {
    type V3 = Vector<f64, 3>;
    let a: Vec<V3> = [
        [
            2.1796182765660457e74,
            2.179618282050784e74,
            2.179618282050784e74,
        ],
        [
            2.179618281445326e74,
            2.179618282050784e74,
            2.179618282050784e74,
        ],
        [
            -1.2748710731977708e74,
            -1.2748710715950874e74,
            -1.274871069565022e74,
        ],
        [
            -3.0843654875559706e74,
            -3.0843654886956563e74,
            -3.0843654875559706e74,
        ],
        [
            6.1687311347392114e72,
            6.168731181038951e72,
            6.168730999401508e72,
        ],
        [
            1.2748710706334776e74,
            1.2748710706334776e74,
            1.2748710655761214e74,
        ],
        [
            7.608101555006523e73,
            7.608101555006523e73,
            7.608101555006523e73,
        ],
        [
            1.9945563518906636e74,
            1.994556352959119e74,
            1.994556346405925e74,
        ],
    ]
    .iter()
    .map(|&p| V3::from(p))
    .collect();
    let b: Vec<V3> = [
        [
            2.541127789379927e74,
            2.7064512883364844e74,
            2.706451288087178e74,
        ],
        [
            2.1312116709083684e74,
            2.203032535065247e74,
            2.203032535065247e74,
        ],
        [
            4.021154423646028e72,
            4.156665139131356e72,
            4.156665164061985e72,
        ],
        [31.03125, 31.12109375, 0.0],
        [-6.579025838633619e-298, 8.819906955386804e-159, 31.12109375],
    ]
    .iter()
    .map(|&p| V3::from(p))
    .collect();
    let (sa, sb) = (Scanned::new(&a[..]).unwrap(), Scanned::new(&b[..]).unwrap());
    let config = Config {
        tolerance: 1e-12,
        max_iterations: 128,
        first_direction: None,
    };
    let d = distance(&sa, &sb, &config).unwrap();
    let budget = 64.0 * f64::EPSILON * 3.1e74;
    let n = d.normal.expect("apart");
    let mut probes: Vec<V3> = (0..3)
        .flat_map(|i| [V3::ith(i, 1.0), -V3::ith(i, 1.0)])
        .collect();
    probes.extend([n, -n]);
    for u in probes {
        let high_a = sa.support(&u).dot(&u);
        let low_b = sb.support(&-u).dot(&u);
        assert!(
            d.point_a.dot(&u) <= high_a + budget,
            "A's witness outside A along {u:?}: {d:?}"
        );
        assert!(
            d.point_b.dot(&u) >= low_b - budget,
            "B's witness outside B along {u:?}: {d:?}"
        );
    }
}

/// The same family apart: the rounded hull and the long segment moved
/// apart along the penetration normal until the shapes are 5.58 apart.
/// GJK's normal certifies the gap, but a gap is insensitive to second order
/// to the normal's tilt, and here the normal is tilted by 5e-5 across the
/// segment; putting B's witness `distance` along it from A's single vertex
/// (to remove a sideways miss of 2e-3 that costs the witnesses' distance
/// only 4e-7) put it 1.4e-3 off the segment. Found by the `penetration`
/// target. Oracle: B's witness on B's line (both points share `y`), and
/// `‖point_b − point_a‖` the distance, within `64 ε L` (`L = 2.2e8`).
#[test]
fn witnesses_stay_on_a_long_segment_that_the_normal_grazes() {
    let a = fuzzed_tetrahedron();
    let far = [
        999990.1721432767,
        -9.827856723386493,
        -215720128.86754772,
        -9.827855723386493,
    ];
    let near = [
        -9.827856723386493,
        -9.827856723386493,
        -8.948353723049612,
        -8.823950473386493,
    ];
    let b = [far, near, far].map(V::from);
    let sa = Rounded::new(Scanned::new(&a[..]).unwrap(), 22.0859375).unwrap();
    let config = Config::default();
    let sb = Rounded::new(Scanned::new(&b[..]).unwrap(), 0.0).unwrap();
    let p = penetration(&sa, &sb, &config).unwrap().unwrap();
    let budget = 64.0 * f64::EPSILON * 2.2e8;
    for extra in [0.0, 1e-6, 1e-4, 1e-3] {
        let moved = b.map(|q| q + p.normal * (1.5 * p.depth + extra));
        let sm = Scanned::new(&moved[..]).unwrap();
        let d = distance(&sa, &sm, &config).unwrap();
        let off_line = (d.point_b.y - moved[0].y).abs();
        assert!(off_line <= budget, "B's witness {off_line:e} off B: {d:?}");
        let apart = (d.point_b - d.point_a).norm();
        assert!(
            (apart - d.distance).abs() <= budget,
            "witnesses {apart} apart: {d:?}"
        );
    }
}
