//! `intersects` on two boxes by separating axes, against GJK on the same
//! boxes.
//!
//! Two boxes (placed, rounded) are decided by their separating axes when
//! the axes prove the answer net of rounding; the same pair with the
//! capability hidden runs GJK. The two must give the same boolean except
//! where the boxes touch within rounding: there the GJK distance must be
//! within `64 ε L` (`L` the largest coordinate) of the margins' sum.
//! Random pairs, boxes resting face to face (parallel edges), edges
//! crossing near contact, rotations a little off orthonormal, and placed
//! at fixed gaps either side of contact; `f32` and `f64`, D = 2 and 3, and
//! D = 4 (left to GJK).

use crate::support;

use gjk::nalgebra::SMatrix;
use gjk::{
    distance, intersects, penetration, Config, Cuboid, Rounded, SupportMap, Transformed, Vector,
};
use support::{rotation, Hidden, Rng, Source, TestReal, P};

/// How a pair was placed, for messages.
struct Case<'a> {
    what: &'a str,
    index: usize,
}

/// Both paths on one pair; returns whether the pair touches within the
/// band (where either answer is right).
fn compare<T: TestReal, const D: usize>(
    a: &impl SupportMap<T, D>,
    b: &impl SupportMap<T, D>,
    size: f64,
    case: &Case,
) -> bool {
    let config = Config::<T, _>::default();
    let fast = intersects(a, b, &config);
    let slow = intersects(&Hidden(a), &Hidden(b), &config);
    // How far from contact GJK and EPA put the pair: the distance when
    // apart, the depth when overlapping.
    let gap = distance(&Hidden(a), &Hidden(b), &config).unwrap();
    let from_contact = if gap.distance.as_f64() > 0.0 {
        gap.distance.as_f64()
    } else {
        penetration(&Hidden(a), &Hidden(b), &config)
            .unwrap()
            .map_or(0.0, |p| p.depth.as_f64())
    };
    let band = 64.0 * T::eps() * size;
    let touching = from_contact <= band;
    if !touching {
        assert_eq!(
            fast,
            slow,
            "{} D = {D} {} #{}: separating axes and GJK disagree, {from_contact:e} from contact",
            T::NAME,
            case.what,
            case.index,
        );
    }
    touching
}

/// A box of random half extents in `[0.2, 1.5]`.
fn half<T: TestReal, const D: usize>(rng: &mut Rng) -> Cuboid<T, D> {
    Cuboid::new(Vector::<T, D>::from_fn(|_, _| {
        T::of_f64(rng.range(0.2, 1.5))
    }))
    .unwrap()
}

fn placed<T: TestReal, const D: usize>(
    shape: Cuboid<T, D>,
    rot: &SMatrix<f64, D, D>,
    at: &P<D>,
) -> Transformed<Cuboid<T, D>, T, D> {
    Transformed::new(shape, rot.map(T::of_f64), at.map(T::of_f64)).unwrap()
}

/// A turn by `angle` in the plane of axes `i` and `j`.
fn turn<const D: usize>(i: usize, j: usize, angle: f64) -> SMatrix<f64, D, D> {
    let (s, c) = angle.sin_cos();
    let mut m = SMatrix::<f64, D, D>::identity();
    m[(i, i)] = c;
    m[(i, j)] = -s;
    m[(j, i)] = s;
    m[(j, j)] = c;
    m
}

/// Random rotations and offsets, a quarter with margins.
fn random_pairs<T: TestReal, const D: usize>() -> usize {
    let mut rng = Rng::new(0xb0c5 + D as u64);
    let mut touching = 0;
    for index in 0..600 {
        let (ha, hb) = (half::<T, D>(&mut rng), half::<T, D>(&mut rng));
        let (ra, rb) = (rotation::<D>(&mut rng), rotation::<D>(&mut rng));
        let offset = P::<D>::from_fn(|_, _| rng.range(-2.5, 2.5));
        let a = placed(ha, &ra, &P::zeros());
        let b = placed(hb, &rb, &offset);
        let case = Case {
            what: "random",
            index,
        };
        if index % 4 == 0 {
            let r = T::of_f64(rng.range(0.0, 0.3));
            let (a, b) = (Rounded::new(a, r).unwrap(), Rounded::new(b, r).unwrap());
            touching += usize::from(compare(&a, &b, 6.0, &case));
        } else {
            touching += usize::from(compare(&a, &b, 6.0, &case));
        }
    }
    touching
}

/// B resting on A's face `k` (the same rotation, or tilted by up to
/// `1e-7`, `1e-3` or `0.05` rad), at gaps from a tenth of the box into it
/// to a tenth clear, through `±1e-9`, `±1e-6` and exact contact; in 3D B
/// also stands on an edge (a turn of 45° about two axes) over A's face.
fn resting<T: TestReal, const D: usize>(skew: f64) -> usize {
    let mut rng = Rng::new(0x4e57 + D as u64);
    let gaps = [
        -0.1, -1e-3, -1e-6, -3e-9, -1e-10, 0.0, 1e-10, 3e-9, 1e-6, 1e-3, 0.1,
    ];
    let mut touching = 0;
    for index in 0..300 {
        let (ha, hb) = (half::<T, D>(&mut rng), half::<T, D>(&mut rng));
        let ra = rotation::<D>(&mut rng);
        let tilt = [0.0, 1e-7, 1e-3, 0.05][index % 4] * rng.range(-1.0, 1.0);
        let edge_on = D == 3 && index % 5 == 4;
        let local = if edge_on {
            turn::<D>(0, 1, core::f64::consts::FRAC_PI_4) * turn::<D>(1, 2, 0.6)
        } else {
            turn::<D>(0, 1, tilt)
        };
        let rb = ra * local;
        let (ra, rb) = (off(&mut rng, ra, skew), off(&mut rng, rb, skew));
        let k = rng.int(0, D - 1);
        let gap = gaps[index % gaps.len()];
        // B's reach along A's axis `k` (in A's frame).
        let hb_v = hb.half_extents().map(T::as_f64);
        let reach: f64 = (0..D).map(|j| hb_v[j] * local[(k, j)].abs()).sum();
        let along = ha.half_extents()[k].as_f64() + reach + gap;
        let mut local_offset = P::<D>::from_fn(|_, _| rng.range(-0.1, 0.1));
        local_offset[k] = along;
        let a = placed(ha, &ra, &P::zeros());
        let b = placed(hb, &rb, &(ra * local_offset));
        let what = match (edge_on, skew > 0.0) {
            (true, false) => "edge on a face",
            (false, false) => "resting",
            (true, true) => "edge on a face, skewed",
            (false, true) => "resting, skewed",
        };
        touching += usize::from(compare(&a, &b, 6.0, &Case { what, index }));
    }
    touching
}

/// `m` with every entry moved by up to `skew`.
fn off<const D: usize>(rng: &mut Rng, m: SMatrix<f64, D, D>, skew: f64) -> SMatrix<f64, D, D> {
    m.map(|x| x + skew * rng.range(-1.0, 1.0))
}

/// Rotations whose entries are off orthonormal by up to `1e-9` (within
/// what `Transformed::new` accepts): GJK queries the slightly skewed box
/// the matrix makes, and the axes allow for the skew.
fn skewed<const D: usize>() {
    let mut rng = Rng::new(0x5e3 + D as u64);
    for index in 0..300 {
        let (ha, hb) = (half::<f64, D>(&mut rng), half::<f64, D>(&mut rng));
        let (ra, rb) = (rotation::<D>(&mut rng), rotation::<D>(&mut rng));
        let (ra, rb) = (off(&mut rng, ra, 1e-9), off(&mut rng, rb, 1e-9));
        let offset = P::<D>::from_fn(|_, _| rng.range(-2.5, 2.5));
        let a = placed(ha, &ra, &P::zeros());
        let b = placed(hb, &rb, &offset);
        compare(
            &a,
            &b,
            6.0,
            &Case {
                what: "skewed",
                index,
            },
        );
    }
    resting::<f64, D>(1e-9);
}

#[test]
fn separating_axes_agree_with_gjk() {
    fn each<T: TestReal, const D: usize>() {
        let touching = random_pairs::<T, D>() + resting::<T, D>(0.0);
        // The gaps within the band (up to 5 of the 11 in f32, 3 in f64)
        // put at most half the resting pairs in contact; the rest, and
        // nearly every random pair, must be decided by both paths alike.
        assert!(
            touching <= 200,
            "{} D = {D}: {touching} pairs touching",
            T::NAME
        );
    }
    each::<f64, 3>();
    each::<f32, 3>();
    each::<f64, 2>();
    each::<f32, 2>();
    each::<f64, 4>();
}

#[test]
fn skewed_rotations_agree_with_gjk() {
    skewed::<3>();
    skewed::<2>();
}

/// Boxes apart by exactly their margins' sum touch; a little farther they
/// do not, a little nearer they do (f64, unit boxes, gap 0.5 along x and
/// along the diagonal of an edge-on pair).
#[test]
fn margins_decide_at_their_sum() {
    let config = Config::<f64, _>::default();
    let unit = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
    let a = Rounded::new(unit, 0.25).unwrap();
    for (x, expected) in [(2.5, true), (2.5 + 1e-9, false), (2.5 - 1e-9, true)] {
        let b = Rounded::new(
            Transformed::translated(unit, Vector::<f64, 3>::new(x, 0.3, -0.2)).unwrap(),
            0.25,
        )
        .unwrap();
        assert_eq!(intersects(&a, &b, &config), Ok(expected), "x = {x}");
    }
}
