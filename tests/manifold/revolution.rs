//! Manifolds on cylinders and cones: caps, and the lines along their sides.
//!
//! Found: `Cylinder` and `Cone` had no `Faces`, so no manifold at all: an
//! engine stacking a box on a cylinder, or resting a cylinder or a cone on
//! its side, had no contact points.
//!
//! Must hold, in f32 and f64, under general rotations of the whole scene
//! (budget `64 ε L` on positions and depths, `L` the scene's size):
//! - every feature lies on the shape's surface: each vertex at the support
//!   value along the feature's normal, which is unit;
//! - a box resting on a cylinder's cap, inside the cap's inscribed
//!   octagon, gets its four bottom corners at the resting depth; a cone
//!   standing on its base gets four points of its base, each on the base
//!   disc, at the resting depth;
//! - a cylinder lying on a floor gets the two ends of the line it lies
//!   along; a cone lying on a floor gets its apex and the rim point below.

use crate::support;

use core::f64::consts::FRAC_PI_2;
use gjk::nalgebra::{Matrix3, Rotation3, Vector3};
use gjk::{contact_manifold, Cone, Config, Cuboid, Cylinder, Faces, Transformed};
use support::{rotation, unit_vector, Rng, Source, TestReal};

type V3 = Vector3<f64>;

fn placed<S, T: TestReal>(shape: S, m: &Matrix3<f64>, at: &V3) -> Transformed<S, T, 3> {
    Transformed::new(shape, m.map(T::of_f64), at.map(T::of_f64)).unwrap()
}

fn features_on_the_surface<T: TestReal>(seed: u64) {
    let mut rng = Rng::new(seed);
    let t = T::of_f64;
    let cylinder = Cylinder::new(t(0.7), t(0.4)).unwrap();
    let cone = Cone::new(t(0.6), t(0.5)).unwrap();
    let budget = 64.0 * T::eps();
    let check = |shape: &dyn Faces<T, 3>, dir: V3, what: &str| {
        let face = shape.face(&dir.map(t));
        let n = face.normal.map(|x| x.as_f64());
        assert!((n.norm() - 1.0).abs() <= budget, "{what}: normal {n:?}");
        // The normal leans towards the direction asked for.
        assert!(n.dot(&dir) > 0.0, "{what}: normal {n:?} against {dir:?}");
        let top = shape.support(&face.normal).map(|x| x.as_f64()).dot(&n);
        assert!(!face.is_empty(), "{what}");
        for (p, _) in face.points() {
            let h = p.map(|x| x.as_f64()).dot(&n);
            assert!(
                (h - top).abs() <= budget,
                "{} {what}: a vertex {h} below the support value {top} along {n:?}",
                T::NAME
            );
        }
    };
    for _ in 0..500 {
        let dir = unit_vector::<3>(&mut rng);
        check(&cylinder, dir, "cylinder");
        check(&cone, dir, "cone");
    }
    for dir in [V3::y(), -V3::y(), V3::x(), -V3::z()] {
        check(&cylinder, dir, "cylinder");
        check(&cone, dir, "cone");
    }
}

#[test]
fn features_lie_on_the_surface() {
    features_on_the_surface::<f64>(1);
    features_on_the_surface::<f32>(2);
}

fn resting<T: TestReal>(seed: u64) {
    let mut rng = Rng::new(seed);
    let config = Config::<T, _>::default();
    let t = T::of_f64;
    let depth = 1e-3;
    let budget = 64.0 * T::eps() * 4.0;
    // A floor whose top face is the plane y = 0 of the scene's frame.
    let floor = Cuboid::new(Vector3::new(t(3.0), t(0.5), t(3.0))).unwrap();
    for case in 0..40 {
        let world = rotation::<3>(&mut rng);
        let up = world * V3::y();
        let yaw = Rotation3::from_axis_angle(&V3::y_axis(), rng.range(0.0, 6.3)).into_inner();
        let ground = placed(floor, &world, &(world * V3::new(0.0, -0.5, 0.0)));
        let height = |p: &Vector3<T>| p.map(|x| x.as_f64()).dot(&up);

        // A box on a cylinder's cap (radius 1, so the octagon's inner
        // radius is 0.92): its four bottom corners.
        let cylinder = Cylinder::new(t(0.5), t(1.0)).unwrap();
        let post = placed(cylinder, &world, &(world * V3::new(0.0, 0.5, 0.0)));
        let half = V3::new(rng.range(0.1, 0.6), 0.2, rng.range(0.1, 0.6));
        let turn = world * yaw;
        let at = world * V3::new(0.0, 1.0 + 0.2 - depth, 0.0);
        let block = placed(Cuboid::new(half.map(t)).unwrap(), &turn, &at);
        let m = contact_manifold(&post, &block, T::zero(), &config)
            .unwrap()
            .unwrap();
        assert_eq!(m.len(), 4, "{} case {case}: {m:?}", T::NAME);
        for p in m.points() {
            let local = turn.transpose() * (p.point_b.map(|x| x.as_f64()) - at);
            let off = (local.x.abs() - half.x)
                .abs()
                .max((local.z.abs() - half.z).abs());
            assert!(
                off <= budget && (local.y + half.y).abs() <= budget,
                "{local:?}"
            );
            assert!((p.distance.as_f64() + depth).abs() <= budget, "{m:?}");
        }

        // A cone standing on its base: four points of the base disc.
        let cone = Cone::new(t(0.6), t(0.5)).unwrap();
        let standing = placed(cone, &turn, &(world * V3::new(0.0, 0.6 - depth, 0.0)));
        let m = contact_manifold(&ground, &standing, T::zero(), &config)
            .unwrap()
            .unwrap();
        assert_eq!(m.len(), 4, "{} case {case}: {m:?}", T::NAME);
        for p in m.points() {
            let b = p.point_b.map(|x| x.as_f64());
            let radial = (b - up * b.dot(&up)).norm();
            assert!(radial <= 0.5 + budget, "{} case {case}: {radial}", T::NAME);
            assert!((height(&p.point_b) + depth).abs() <= budget, "{m:?}");
            assert!((p.distance.as_f64() + depth).abs() <= budget, "{m:?}");
        }

        // A cylinder lying along its side: the two ends of the line.
        let lying = world * yaw * Rotation3::from_axis_angle(&V3::z_axis(), FRAC_PI_2);
        let roll = placed(cylinder, &lying, &(world * V3::new(0.0, 1.0 - depth, 0.0)));
        let m = contact_manifold(&ground, &roll, T::zero(), &config)
            .unwrap()
            .unwrap();
        let mut along: Vec<f64> = m
            .points()
            .map(|p| {
                (lying.transpose()
                    * (p.point_b.map(|x| x.as_f64()) - world * V3::new(0.0, 1.0 - depth, 0.0)))
                .y
            })
            .collect();
        along.sort_by(f64::total_cmp);
        assert_eq!(along.len(), 2, "{} case {case}: {m:?}", T::NAME);
        assert!(
            (along[0] + 0.5).abs() <= budget && (along[1] - 0.5).abs() <= budget,
            "{along:?}"
        );
        for p in m.points() {
            assert!((height(&p.point_b) + depth).abs() <= budget, "{m:?}");
        }

        // A cone lying on its side: its apex and the rim point below it.
        let (h, r): (f64, f64) = (0.6, 0.5);
        let slope = (r / (2.0 * h)).atan();
        let tip = world * yaw * Rotation3::from_axis_angle(&V3::z_axis(), -(FRAC_PI_2 + slope));
        // Its lowest line, in the cone's frame from the apex (0, h, 0) to
        // the rim (r, −h, 0) turned down onto the floor.
        let low = tip * V3::new(r, -h, 0.0);
        let apex = tip * V3::new(0.0, h, 0.0);
        let lift = -(low.dot(&up)).min(apex.dot(&up)) - depth;
        let centre = up * lift;
        let resting = placed(Cone::new(t(h), t(r)).unwrap(), &tip, &centre);
        let m = contact_manifold(&ground, &resting, T::zero(), &config)
            .unwrap()
            .unwrap();
        assert_eq!(m.len(), 2, "{} case {case}: {m:?}", T::NAME);
        for p in m.points() {
            let b = p.point_b.map(|x| x.as_f64());
            let near = (b - (apex + centre))
                .norm()
                .min((b - (low + centre)).norm());
            assert!(
                near <= 4.0 * budget,
                "{} case {case}: {b:?} is neither end",
                T::NAME
            );
            assert!((p.distance.as_f64() + depth).abs() <= 4.0 * budget, "{m:?}");
        }
    }
}

#[test]
fn shapes_of_revolution_rest_on_faces_and_lines() {
    resting::<f64>(3);
    resting::<f32>(4);
}
