//! gjk's dispatcher against parry's `DefaultQueryDispatcher` on random
//! convex pairs (every kind gjk takes, their rounded forms included, at
//! random poses within 1.5 of each other), for each query.
//!
//! Budgets (shapes of size 0.2 to 1, `f32`):
//! - `distance`, `closest_points` (the distance of the points returned),
//!   and a separated `contact` or manifold: within [`APART_TOL`] of parry;
//! - a penetrating `contact` or manifold: depth within [`DEEP_TOL`]
//!   (parry's EPA in `f32`), normals within 2.6° (cos ≥ 0.999) when the
//!   depth exceeds 10⁻³;
//! - `intersection_test`: the same answer unless the distance is within
//!   [`APART_TOL`] of zero (touching: either answer is right);
//! - answers present or absent alike unless within [`APART_TOL`] of the
//!   cut-off (`max_dist`, `prediction`);
//! - beyond a budget, parry's value must lie outside gjk's certified
//!   bracket `[lower, upper]` (gjk is then right by its certificate; the
//!   case is counted and printed), and gjk's own value inside it, always
//!   (up to [`SLACK`]: the rounding of moving points between frames).

const APART_TOL: f32 = 1e-4;
const DEEP_TOL: f32 = 1e-3;
/// Agreement of a cast's time of impact with parry's (velocities below
/// 1.5, so at most 1.5·10⁻³ in length).
const CAST_TOL: f32 = 1e-3;
/// Rounding allowed on gjk's values taken through parry's frames.
const SLACK: f32 = 1e-6;
/// Random pairs per kind of pair (each kind against each kind).
const PAIRS: usize = 40;
/// The cut-off for `closest_points`, `contact` and the manifolds.
const CUTOFF: f32 = 0.3;

/// How the answers of one test compared with parry's.
#[derive(Default)]
struct Tally {
    /// Within the budget of parry's.
    agree: usize,
    /// Beyond it, parry outside gjk's certified bracket: gjk right.
    certified: usize,
    /// Beyond it, parry inside a bracket wider than the budget.
    inconclusive: usize,
}

impl Tally {
    /// One value against parry's; gjk's always within its bracket.
    fn value(&mut self, ours: f32, theirs: f32, tol: f32, (lo, hi): (f32, f32)) {
        assert!(
            lo - SLACK <= ours && ours <= hi + SLACK,
            "gjk {ours} outside [{lo}, {hi}]"
        );
        if (ours - theirs).abs() <= tol {
            self.agree += 1;
        } else if theirs < lo - SLACK || theirs > hi + SLACK {
            println!("gjk {ours} in [{lo}, {hi}]; parry {theirs} outside");
            self.certified += 1;
        } else {
            println!("gjk {ours} in [{lo}, {hi}], wider than {tol}; parry {theirs}");
            self.inconclusive += 1;
        }
    }

    /// An answer present or absent where parry's is the opposite: gjk's
    /// must be proven by its bracket, unless within the budget of `cutoff`.
    fn presence(&mut self, ours: bool, (lo, hi): (f32, f32), cutoff: f32) {
        if (hi - cutoff).abs() <= APART_TOL || (lo - cutoff).abs() <= APART_TOL {
            self.agree += 1;
            return;
        }
        assert!(
            if ours { hi <= cutoff } else { lo > cutoff },
            "{ours} [{lo}, {hi}]"
        );
        println!("gjk present {ours}, proven by [{lo}, {hi}]; parry not");
        self.certified += 1;
    }

    /// A class of closest points (0 overlapping, 1 within `cutoff`, 2
    /// beyond) unlike parry's: gjk's must be proven by its bracket,
    /// unless within the budget of a boundary.
    fn class(&mut self, ours: u8, (lo, hi): (f32, f32), cutoff: f32) {
        let near = |x: f32| x.abs() <= APART_TOL || (x - cutoff).abs() <= APART_TOL;
        if near(lo) || near(hi) {
            self.agree += 1;
            return;
        }
        let proven = [hi < 0.0, lo > 0.0 && hi <= cutoff, lo > cutoff][usize::from(ours)];
        assert!(proven, "class {ours} against [{lo}, {hi}]");
        println!("gjk class {ours}, proven by [{lo}, {hi}]; parry not");
        self.certified += 1;
    }

    /// Prints the counts; inconclusive cases at most 2 % of all.
    fn check(&self, what: &str) {
        let all = self.agree + self.certified + self.inconclusive;
        println!(
            "{what}: {all} answers, {} within budget, {} beyond with gjk proven right, \
             {} beyond within a wider bracket",
            self.agree, self.certified, self.inconclusive
        );
        assert!(self.inconclusive * 50 <= all, "too many inconclusive");
    }
}

macro_rules! pair_tests {
    ($dim:ident, $parry:ident, $shapes:path, $pose:path) => {
        mod $dim {
            use super::*;
            use crate::Tally;
            use gjk_rapier::rng::Lcg;
            use gjk_rapier::$dim::GjkDispatcher;
            use $parry::math::Pose;
            use $parry::query::{
                ClosestPoints, ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher,
                QueryDispatcher,
            };
            use $parry::shape::SharedShape;

            /// Every pair of random shapes at random poses.
            fn pairs(seed: u64) -> Vec<(Pose, SharedShape, SharedShape)> {
                let mut rng = Lcg::new(seed);
                let kinds = $shapes(&mut rng).len();
                let mut out = Vec::new();
                for (i, j) in (0..kinds).flat_map(|i| (0..kinds).map(move |j| (i, j))) {
                    for _ in 0..PAIRS {
                        let (a, b) = (
                            $shapes(&mut rng).swap_remove(i),
                            $shapes(&mut rng).swap_remove(j),
                        );
                        out.push(($pose(&mut rng), a, b));
                    }
                }
                out
            }

            /// gjk's certified bracket on the signed distance.
            fn bracket(
                d: &GjkDispatcher,
                p: &Pose,
                a: &SharedShape,
                b: &SharedShape,
            ) -> (f32, f32) {
                let c = d
                    .certified_contact(p, &**a, &**b, 1e3)
                    .unwrap()
                    .unwrap()
                    .unwrap();
                (c.lower, c.upper)
            }

            fn tol(dist: f32) -> f32 {
                if dist < 0.0 {
                    DEEP_TOL
                } else {
                    APART_TOL
                }
            }
            #[test]
            fn distance_and_intersection() {
                let d = GjkDispatcher::new();
                let mut tally = Tally::default();
                for (p, a, b) in pairs(1) {
                    let br = bracket(&d, &p, &a, &b);
                    let ours = d.distance(&p, &*a, &*b).unwrap().distance;
                    let theirs = DefaultQueryDispatcher
                        .distance(&p, &*a, &*b)
                        .unwrap()
                        .distance;
                    tally.value(ours, theirs, APART_TOL, (br.0.max(0.0), br.1.max(0.0)));
                    let hit = d.intersection_test(&p, &*a, &*b).unwrap().intersecting;
                    let theirs = DefaultQueryDispatcher
                        .intersection_test(&p, &*a, &*b)
                        .unwrap();
                    assert!(hit == theirs.intersecting || ours.abs() <= APART_TOL);
                    assert!(
                        !(hit && br.0 > 0.0) && !(!hit && br.1 < 0.0),
                        "{hit} {br:?}"
                    );
                }
                tally.check("distance");
                assert_eq!(d.stats().fell_back, 0);
            }

            #[test]
            fn contact_and_closest_points() {
                let d = GjkDispatcher::new();
                let mut tally = Tally::default();
                for (p, a, b) in pairs(2) {
                    let br = bracket(&d, &p, &a, &b);
                    let ours = d.contact(&p, &*a, &*b, CUTOFF).unwrap();
                    let theirs = DefaultQueryDispatcher
                        .contact(&p, &*a, &*b, CUTOFF)
                        .unwrap();
                    match (ours, theirs) {
                        (Some(o), Some(t)) => {
                            tally.value(o.dist, t.dist, tol(o.dist), br);
                            if o.dist < -1e-3 && (o.dist - t.dist).abs() <= DEEP_TOL {
                                assert!(o.normal1.dot(t.normal1) >= 0.999 || o.dist.abs() < 1e-2);
                            }
                        }
                        (None, None) => {}
                        (o, _) => tally.presence(o.is_some(), br, CUTOFF),
                    }
                    let ours = d.closest_points(&p, &*a, &*b, CUTOFF).unwrap();
                    let theirs = DefaultQueryDispatcher
                        .closest_points(&p, &*a, &*b, CUTOFF)
                        .unwrap();
                    if let (
                        ClosestPoints::WithinMargin(p1, p2),
                        ClosestPoints::WithinMargin(q1, q2),
                    ) = (ours, theirs)
                    {
                        let (o, t) = (p1.distance(p * p2), q1.distance(p * q2));
                        tally.value(o, t, APART_TOL, (br.0.max(0.0), br.1.max(0.0)));
                    } else if core::mem::discriminant(&ours) != core::mem::discriminant(&theirs) {
                        let class = match ours {
                            ClosestPoints::Intersecting => 0,
                            ClosestPoints::WithinMargin(..) => 1,
                            ClosestPoints::Disjoint => 2,
                        };
                        tally.class(class, br, CUTOFF);
                    }
                }
                tally.check("contact and closest points");
            }

            #[test]
            fn contact_manifolds() {
                let d = GjkDispatcher::new();
                let mut tally = Tally::default();
                for (p, a, b) in pairs(3) {
                    let br = bracket(&d, &p, &a, &b);
                    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
                    let none = &mut None;
                    PersistentQueryDispatcher::<(), ()>::contact_manifolds(
                        &d, &p, &*a, &*b, CUTOFF, &mut ours, none,
                    )
                    .unwrap();
                    DefaultQueryDispatcher
                        .contact_manifolds(&p, &*a, &*b, CUTOFF, &mut theirs, none)
                        .unwrap();
                    let deepest = |m: &[ContactManifold<(), ()>]| {
                        m.iter()
                            .flat_map(|m| m.points.iter().map(|c| c.dist))
                            .reduce(f32::min)
                    };
                    for m in &ours {
                        for c in &m.points {
                            let along = (p * c.local_p2 - c.local_p1).dot(m.local_n1);
                            assert!(
                                (along - c.dist).abs() <= APART_TOL,
                                "{along} against {}",
                                c.dist
                            );
                            assert!(c.dist >= br.0 - APART_TOL && c.dist <= CUTOFF + APART_TOL);
                        }
                    }
                    match (deepest(&ours), deepest(&theirs)) {
                        (Some(o), Some(t)) => {
                            if o > br.1 + tol(o) {
                                // The deepest point above the contact's
                                // bracket: a flat feature of a curved shape.
                                println!("shallow: {:?} {:?}", a.shape_type(), b.shape_type());
                            }
                            tally.value(o, t, tol(o), (br.0, br.1.max(o)))
                        }
                        (None, None) => {}
                        (o, _) => tally.presence(o.is_some(), br, CUTOFF),
                    }
                }
                tally.check("contact manifolds");
            }

            /// Linear casts from random poses along random velocities (up
            /// to 1.5 per unit time, for at most 2 units): the same hit or
            /// miss, times of impact within [`CAST_TOL`], unless parry's or
            /// gjk's time is within [`CAST_TOL`] of the limit; casts that
            /// start in contact are parry's. Beyond the budget, the earlier
            /// time must be proven wrong (a certified gap) if parry's, or a
            /// certified contact if gjk's.
            #[test]
            fn casts() {
                use $parry::query::ShapeCastOptions;
                let d = GjkDispatcher::new();
                let mut rng = Lcg::new(4);
                let options = ShapeCastOptions::with_max_time_of_impact(2.0);
                let (mut hits, mut misses, mut beyond) = (0, 0, 0);
                for (p, a, b) in pairs(4) {
                    let v = $pose(&mut rng).translation;
                    let ours = d.cast_shapes(&p, v, &*a, &*b, options).unwrap();
                    let theirs = DefaultQueryDispatcher
                        .cast_shapes(&p, v, &*a, &*b, options)
                        .unwrap();
                    match (ours, theirs) {
                        (Some(o), Some(t)) => {
                            hits += 1;
                            let (to, tt) = (o.time_of_impact, t.time_of_impact);
                            if (to - tt).abs() > CAST_TOL {
                                beyond += 1;
                                // gjk's certified gap at the earlier time.
                                let mut q = p;
                                q.translation += v * to.min(tt);
                                let (lo, hi) = bracket(&d, &q, &a, &b);
                                println!("gjk {to} parry {tt}: gap at the earlier in [{lo}, {hi}]");
                                assert!(if tt < to { lo > 0.0 } else { hi <= APART_TOL });
                            }
                        }
                        (None, None) => misses += 1,
                        (o, t) => {
                            let at_limit = |h: Option<$parry::query::ShapeCastHit>| {
                                h.is_some_and(|h| h.time_of_impact >= 2.0 - CAST_TOL)
                            };
                            assert!(at_limit(o) || at_limit(t), "{o:?} against {t:?}");
                        }
                    }
                }
                println!("casts: {hits} hits, {misses} misses, {beyond} hits beyond {CAST_TOL}");
                assert!(beyond * 100 <= hits, "more than 1 % of times beyond budget");
            }
        }
    };
}

/// One shape of each kind gjk takes in 3D, random sizes.
fn shapes3(rng: &mut gjk_rapier::rng::Lcg) -> Vec<parry3d::shape::SharedShape> {
    use parry3d::math::Vector;
    use parry3d::shape::SharedShape as S;
    let mut r = |lo: f32, hi: f32| rng.range(lo, hi);
    let v = Vector::new;
    let points: Vec<Vector> = (0..12)
        .map(|_| v(r(-0.6, 0.6), r(-0.6, 0.6), r(-0.6, 0.6)))
        .collect();
    let tri = [
        v(r(-1.0, 0.0), 0.0, 0.0),
        v(r(0.2, 1.0), r(-0.5, 0.5), 0.0),
        v(0.0, r(0.3, 1.0), r(-0.5, 0.5)),
    ];
    vec![
        S::ball(r(0.2, 1.0)),
        S::cuboid(r(0.2, 1.0), r(0.2, 1.0), r(0.2, 1.0)),
        S::capsule(
            v(0.0, -r(0.1, 0.6), 0.0),
            v(r(-0.3, 0.3), r(0.1, 0.6), 0.0),
            r(0.1, 0.5),
        ),
        S::segment(v(-r(0.2, 1.0), 0.0, 0.0), v(r(0.2, 1.0), r(-0.3, 0.3), 0.0)),
        S::triangle(tri[0], tri[1], tri[2]),
        S::cylinder(r(0.2, 1.0), r(0.2, 1.0)),
        S::cone(r(0.2, 1.0), r(0.2, 1.0)),
        S::convex_hull(&points).unwrap(),
        S::round_cuboid(r(0.2, 0.8), r(0.2, 0.8), r(0.2, 0.8), r(0.05, 0.2)),
        S::round_cylinder(r(0.2, 0.8), r(0.2, 0.8), r(0.05, 0.2)),
        S::round_cone(r(0.2, 0.8), r(0.2, 0.8), r(0.05, 0.2)),
        S::round_triangle(tri[0], tri[1], tri[2], r(0.05, 0.2)),
        S::round_convex_hull(&points, r(0.05, 0.2)).unwrap(),
    ]
}

/// A random 3D pose within 1.5 of the origin.
fn pose3(rng: &mut gjk_rapier::rng::Lcg) -> parry3d::math::Pose {
    use parry3d::math::{Pose, Vector};
    let mut r = |lo: f32, hi: f32| rng.range(lo, hi);
    let t = Vector::new(r(-1.5, 1.5), r(-1.5, 1.5), r(-1.5, 1.5));
    Pose::new(t, Vector::new(r(-3.0, 3.0), r(-3.0, 3.0), r(-3.0, 3.0)))
}

/// One shape of each kind gjk takes in 2D, random sizes.
fn shapes2(rng: &mut gjk_rapier::rng::Lcg) -> Vec<parry2d::shape::SharedShape> {
    use parry2d::math::Vector;
    use parry2d::shape::SharedShape as S;
    let mut r = |lo: f32, hi: f32| rng.range(lo, hi);
    let v = Vector::new;
    let points: Vec<Vector> = (0..8).map(|_| v(r(-0.6, 0.6), r(-0.6, 0.6))).collect();
    let tri = [
        v(r(-1.0, -0.2), 0.0),
        v(r(0.2, 1.0), r(-0.5, 0.0)),
        v(0.0, r(0.3, 1.0)),
    ];
    vec![
        S::ball(r(0.2, 1.0)),
        S::cuboid(r(0.2, 1.0), r(0.2, 1.0)),
        S::capsule(
            v(0.0, -r(0.1, 0.6)),
            v(r(-0.3, 0.3), r(0.1, 0.6)),
            r(0.1, 0.5),
        ),
        S::segment(v(-r(0.2, 1.0), 0.0), v(r(0.2, 1.0), r(-0.3, 0.3))),
        S::triangle(tri[0], tri[1], tri[2]),
        S::convex_hull(&points).unwrap(),
        S::round_cuboid(r(0.2, 0.8), r(0.2, 0.8), r(0.05, 0.2)),
        S::round_triangle(tri[0], tri[1], tri[2], r(0.05, 0.2)),
        S::round_convex_hull(&points, r(0.05, 0.2)).unwrap(),
    ]
}

/// A random 2D pose within 1.5 of the origin.
fn pose2(rng: &mut gjk_rapier::rng::Lcg) -> parry2d::math::Pose {
    use parry2d::math::{Pose, Vector};
    let mut r = |lo: f32, hi: f32| rng.range(lo, hi);
    Pose::new(Vector::new(r(-1.5, 1.5), r(-1.5, 1.5)), r(-3.0, 3.0))
}

pair_tests!(dim3, parry3d, shapes3, pose3);
pair_tests!(dim2, parry2d, shapes2, pose2);
