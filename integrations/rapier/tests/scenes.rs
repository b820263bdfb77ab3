//! The scenes of the examples run with gjk's dispatcher and with parry's
//! default one, and compared.
//!
//! Budgets, for bodies of size about 1 (boxes of side 1, hulls 0.6 high):
//! - rest state: for every dynamic body, `|h_gjk − h_parry| ≤ 1 % · h_parry`
//!   where `h` is the height of the body's origin above the floor's top
//!   (every origin sits at least 0.3 above it);
//! - no tunnelling: every body's bounding box stays above `−0.01` (the
//!   floor's top is `0`; the solver allows millimetres of overlap);
//! - no explosion: every body's speed is below `0.05` at the end;
//! - per contact of the settled gjk world: the dispatcher's signed distance
//!   agrees with parry's `contact` within [`CONTACT_TOL`], and lies within
//!   gjk's certified bracket `[lower, upper]`; where parry's value is
//!   farther than the tolerance, it must lie outside gjk's bracket (gjk is
//!   then right by its certificate), and the case is printed.

/// Agreement of a contact's signed distance with parry's.
const CONTACT_TOL: f32 = 1e-4;
/// The largest relative difference of a rest height.
const REST_TOL: f32 = 1e-2;
/// Frames simulated (five seconds at rapier's 60 Hz).
const FRAMES: u32 = 300;

macro_rules! scene_tests {
    ($dim:ident, $parry:ident, $pyramid:expr, $drop:ident, $count:expr) => {
        mod $dim {
            use super::*;
            use gjk_rapier::summary::Summary;
            use gjk_rapier::$dim::{scene, world::World};
            use $parry::query::{DefaultQueryDispatcher, QueryDispatcher};

            /// Runs a scene both ways; checks rest state, floor and speeds.
            fn both(build: impl Fn(bool) -> World, recycling: bool) -> World {
                let run = |gjk| {
                    let mut world = build(gjk);
                    world.set_contact_recycling(recycling);
                    world.run(FRAMES);
                    assert!(world.lowest() > -0.01, "tunnelled: {}", world.lowest());
                    assert!(world.max_speed() < 0.05, "moving: {}", world.max_speed());
                    world
                };
                let (parry, gjk) = (run(false), run(true));
                let (p, g): (Summary, Summary) = (parry.summary(), gjk.summary());
                let diff = g.max_relative_height_difference(&p);
                println!("max relative height difference {diff:.2e}");
                assert!(diff <= REST_TOL, "rest heights differ by {diff}");
                let stats = g.stats.unwrap();
                assert!(stats.answered > 0 && stats.fell_back == 0, "{stats:?}");
                gjk
            }

            #[test]
            fn pyramid_rests_as_with_parry() {
                for recycling in [true, false] {
                    both(|gjk| scene::pyramid(gjk, $pyramid), recycling);
                }
            }

            #[test]
            fn dropped_hulls_rest_as_with_parry() {
                let world = both(|gjk| scene::$drop(gjk, $count), false);
                let gjk = world.gjk.as_ref().unwrap();
                let (hits, builds) = gjk.cache_counts();
                // One build per hull, however many queries (a manifold
                // kept by coherence converts nothing).
                assert_eq!(builds as usize, $count);
                assert!(gjk.stats().answered > 10 * builds, "{hits} hits");
            }

            /// Every contact of a settled world: gjk against parry and
            /// against gjk's own certificate.
            fn check_contacts(world: &World) {
                let gjk = world.gjk.as_ref().unwrap();
                let (mut checked, mut beyond) = (0, 0);
                for pair in world.narrow_phase().contact_pairs() {
                    if pair.manifolds().iter().all(|m| m.points.is_empty()) {
                        continue;
                    }
                    let (c1, c2) = (
                        &world.colliders[pair.collider1],
                        &world.colliders[pair.collider2],
                    );
                    let pos12 = c1.position().inv_mul(c2.position());
                    let (g1, g2) = (c1.shape(), c2.shape());
                    let ours = gjk.contact(&pos12, g1, g2, 0.1).unwrap().unwrap();
                    let theirs = DefaultQueryDispatcher
                        .contact(&pos12, g1, g2, 0.1)
                        .unwrap()
                        .unwrap();
                    let cert = gjk
                        .certified_contact(&pos12, g1, g2, 0.1)
                        .unwrap()
                        .unwrap()
                        .unwrap();
                    assert!(cert.lower <= ours.dist && ours.dist <= cert.upper);
                    checked += 1;
                    if (ours.dist - theirs.dist).abs() > CONTACT_TOL {
                        beyond += 1;
                        println!(
                            "gjk {} in [{}, {}], parry {}",
                            ours.dist, cert.lower, cert.upper, theirs.dist
                        );
                        let outside = theirs.dist < cert.lower || theirs.dist > cert.upper;
                        assert!(outside, "parry's value is inside gjk's bracket");
                    }
                }
                println!("{checked} contacts checked, {beyond} beyond {CONTACT_TOL}");
                assert!(checked > 0);
            }

            #[test]
            fn settled_contacts_agree_with_parry_and_certificates() {
                for mut world in [scene::pyramid(true, $pyramid), scene::$drop(true, $count)] {
                    world.run(FRAMES);
                    check_contacts(&world);
                }
            }
        }
    };
}

scene_tests!(dim3, parry3d, 6, hulls, 100);
scene_tests!(dim2, parry2d, 12, polygons, 50);
