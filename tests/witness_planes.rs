//! Witness points of cores apart, in `penetration` and `contact`: a
//! rounded hull and a segment 2e8 long, in 4D, whose cores are apart while
//! the margin (22) makes the shapes overlap. Found by the `penetration`
//! fuzz target: the witnesses, barycentric combinations over the long
//! segment, were `depth · normal` apart only to 3e-4 (1e4 ulps of the
//! scale) along the normal. They are now put on A's support plane along the
//! normal and B's `distance` beyond it whenever the simplex's witnesses
//! miss that. Oracle: `point_a − point_b = depth · normal` and each point
//! on its shape's support plane along the normal, within `64 ε L`
//! (`L = 2.2e8`). Also two seeds of the fuzz targets whose witnesses must
//! stay in their shapes: segments the normal grazes, and a stalled answer.

use gjk::{contact, distance, penetration, ConvexHull, GjkConfig, Rounded, SupportMap, Vector};

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
    let sa = Rounded::new(ConvexHull::new(&a).unwrap(), 22.0859375).unwrap();
    let sb = ConvexHull::new(&b).unwrap();
    let config = GjkConfig::default();
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
    let (sa, sb) = (
        ConvexHull::new(&a[..]).unwrap(),
        ConvexHull::new(&b[..]).unwrap(),
    );
    let budget = 64.0 * f64::EPSILON * 94.0;
    let starts = [Some(V4::new(-92.36328125, -92.109375, 0.0, 0.0)), None];
    for first in starts {
        let config = GjkConfig {
            tolerance: -0.0,
            max_iterations: 163,
        }
        .toward(first);
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
    let (sa, sb) = (
        ConvexHull::new(&a[..]).unwrap(),
        ConvexHull::new(&b[..]).unwrap(),
    );
    let config = GjkConfig {
        tolerance: 1e-12,
        max_iterations: 128,
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
