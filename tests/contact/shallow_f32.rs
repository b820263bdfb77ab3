//! A shallow `f32` overlap is bracketed, never called touching with a
//! bound below the truth.
//!
//! Found: hulls of real-mesh parts rounded to `f32` (coordinates 1 to 2.5)
//! overlapping by 2.2466e-5 gave `penetration` depth 0 with `upper`
//! 0, `Converged`: the exit before EPA called any extent of `A − B` thinner
//! than the polytope can orient (`192 ε L`, 7.8e-5 there) touching, and
//! reported zero as both bounds.
//!
//! Must hold: two hulls (boxes' corners, built by `Hull`, turned and placed
//! about 2 from the origin in `f32`) overlapping face to face by 1e-6 to
//! 1e-4 have a `penetration` whose bracket holds the depth the same inputs
//! widened to `f64` give (budget `16 ε₃₂ L`); a `Converged` answer has its
//! depth within that budget of it.

use crate::support;

use gjk::nalgebra::{Matrix3, Vector3};
use gjk::{penetration, Config, Hull, Status, Transformed};
use support::{assert_brackets, rotation, Rng, Source};

fn corners(half: Vector3<f64>) -> Vec<Vector3<f64>> {
    (0..8)
        .map(|k| Vector3::from_fn(|i, _| if k >> i & 1 == 1 { half[i] } else { -half[i] }))
        .collect()
}

#[test]
fn shallow_hull_overlaps_in_f32_are_bracketed() {
    let mut rng = Rng::new(10);
    let mut stalled = 0;
    for case in 0..300 {
        let turn = rotation::<3>(&mut rng);
        let (ha, hb) = (
            Vector3::new(
                rng.range(0.3, 1.0),
                rng.range(0.3, 1.0),
                rng.range(0.3, 1.0),
            ),
            Vector3::new(
                rng.range(0.3, 1.0),
                rng.range(0.3, 1.0),
                rng.range(0.3, 1.0),
            ),
        );
        let depth = 10f64.powf(rng.range(-6.0, -4.0));
        let at = Vector3::new(
            rng.range(1.0, 2.0),
            rng.range(-2.0, 2.0),
            rng.range(-2.0, 2.0),
        );
        // B stacked on A along A's third axis, overlapping by `depth`,
        // shifted sideways within the faces.
        let side = Vector3::new(
            rng.range(-0.2, 0.2),
            rng.range(-0.2, 0.2),
            ha.z + hb.z - depth,
        );
        let a32: Vec<Vector3<f32>> = corners(ha).iter().map(|p| p.map(|x| x as f32)).collect();
        let b32: Vec<Vector3<f32>> = corners(hb).iter().map(|p| p.map(|x| x as f32)).collect();
        let r32: Matrix3<f32> = turn.map(|x| x as f32);
        let (at32, bt32) = (at.map(|x| x as f32), (at + turn * side).map(|x| x as f32));
        let widen = |v: &Vector3<f32>| v.map(f64::from);
        let (a64, b64): (Vec<_>, Vec<_>) = (
            a32.iter().map(widen).collect(),
            b32.iter().map(widen).collect(),
        );
        let r64 = r32.map(f64::from);

        let storage = || {
            (
                vec![0; Hull::<f64, 3>::indices_needed(8)],
                vec![[0; 3]; Hull::<f64, 3>::facets_needed(8)],
            )
        };
        let mut storage32 = [storage(), storage()];
        let [(ia, fa), (ib, fb)] = &mut storage32;
        let ha32 = Hull::<f32, 3>::new(&a32, ia, fa).unwrap();
        let hb32 = Hull::<f32, 3>::new(&b32, ib, fb).unwrap();
        let mut storage64 = [storage(), storage()];
        let [(ja, ga), (jb, gb)] = &mut storage64;
        let ha64 = Hull::<f64, 3>::new(&a64, ja, ga).unwrap();
        let hb64 = Hull::<f64, 3>::new(&b64, jb, gb).unwrap();
        // (The f64 pair places the same sets: the rotation widened is not
        // orthonormal to f64's precision, and `new` accepts that skew.)
        let (Ok(pa32), Ok(pb32)) = (
            Transformed::new(ha32, r32, at32),
            Transformed::new(hb32, r32, bt32),
        ) else {
            continue;
        };
        let (Ok(pa64), Ok(pb64)) = (
            Transformed::new(ha64, r64, widen(&at32)),
            Transformed::new(hb64, r64, widen(&bt32)),
        ) else {
            continue;
        };
        let p64 = penetration(&pa64, &pb64, &Config::default())
            .unwrap()
            .unwrap();
        assert_eq!(p64.status, Status::Converged, "case {case}: {p64:?}");
        let truth = p64.depth;
        let p = penetration(&pa32, &pb32, &Config::default())
            .unwrap()
            .unwrap();
        let budget = 16.0 * f64::from(f32::EPSILON) * 4.0;
        assert_brackets(&p, truth, budget, &format!("case {case}"));
        if p.status == Status::Converged {
            assert!(
                (f64::from(p.depth) - truth).abs() <= budget,
                "case {case}: depth {:e} for {truth:e}; {p:?}",
                p.depth
            );
        } else {
            stalled += 1;
        }
    }
    // Most are decided; the thinnest stay bracketed.
    assert!(stalled < 150, "{stalled} of 300 undecided");
}
