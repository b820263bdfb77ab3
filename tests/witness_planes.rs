//! Witness points of cores apart, in `penetration` and `contact`: a
//! rounded hull and a segment 2e8 long, in 4D, whose cores are apart while
//! the margin (22) makes the shapes overlap. Found by the `penetration`
//! fuzz target: the witnesses, barycentric combinations over the long
//! segment, were `depth · normal` apart only to 3e-4 (1e4 ulps of the
//! scale) along the normal. They are now put on A's support plane along the
//! normal and B's `distance` beyond it whenever the simplex's witnesses
//! miss that. Oracle: `point_a − point_b = depth · normal` and each point
//! on its shape's support plane along the normal, within `64 ε L`
//! (`L = 2.2e8`).

use gjk::{contact, penetration, ConvexHull, GjkConfig, Rounded, SupportMap, Vector};

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
