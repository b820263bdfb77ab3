//! The fuzzers' invariants (`tests/invariants`) as quickcheck properties, for
//! a stable toolchain: the same input recipes and the same checks, with the
//! recipes drawn from bounded values (sane scales, no NaN, no raw bits).
//!
//! `GJK_QC_SEED=<n>` changes the fixed seed; `GJK_QC_TESTS=<n>` the number of
//! cases per property.

use crate::invariants;
use invariants::*;
use quickcheck::{Arbitrary, Gen, QuickCheck};

/// Cases per property (each case runs every precision and dimension it
/// names, several queries deep).
const TESTS: u64 = 400;

/// Fixed seed, so that failures reproduce.
const SEED: u64 = 0x0f22_1a7a_0000_0001;

fn pick<T: Copy>(g: &mut Gen, xs: &[T]) -> T {
    *g.choose(xs).expect("non-empty")
}

fn small(g: &mut Gen, lo: i64, hi: i64) -> i64 {
    lo + (i64::from(u32::arbitrary(g)) % (hi - lo + 1))
}

/// A bounded number: fixed-point in [-128, 128], or a sane special value.
fn num(g: &mut Gen) -> Num {
    if small(g, 0, 9) == 0 {
        Num::Special(small(g, 0, SANE_SPECIALS as i64 - 1) as u8)
    } else {
        Num::Small(i16::arbitrary(g))
    }
}

fn nums<const N: usize>(g: &mut Gen) -> [Num; N] {
    core::array::from_fn(|_| num(g))
}

fn i8s<const N: usize>(g: &mut Gen) -> [i8; N] {
    core::array::from_fn(|_| i8::arbitrary(g))
}

fn cloud(g: &mut Gen) -> Cloud {
    let n = small(g, 1, 10) as usize;
    let points = (0..n)
        .map(|_| {
            if small(g, 0, 7) == 0 {
                PointSpec::Duplicate(u8::arbitrary(g))
            } else {
                PointSpec::Mix(i8s(g), i8s(g))
            }
        })
        .collect();
    Cloud {
        center: nums(g),
        scale_exp: small(g, -6, 6) as i8,
        span: u8::arbitrary(g),
        dirs: core::array::from_fn(|_| i8s(g)),
        noise_exp: u8::arbitrary(g),
        points,
    }
}

/// A rotation, reflected or not, with its entries perturbed.
fn rotation_spec(g: &mut Gen) -> MatrixSpec {
    MatrixSpec::Rotation {
        angles: core::array::from_fn(|_| u16::arbitrary(g)),
        reflect: bool::arbitrary(g),
        perturb: i8s(g),
        perturb_exp: u8::arbitrary(g),
    }
}

fn prec(g: &mut Gen) -> Prec {
    pick(g, &[Prec::F32, Prec::F64])
}

fn dim(g: &mut Gen) -> Dim {
    pick(g, &[Dim::D2, Dim::D3, Dim::D4])
}

#[derive(Clone, Debug)]
struct Pair(PairInput);

impl Arbitrary for Pair {
    fn arbitrary(g: &mut Gen) -> Self {
        let place = match small(g, 0, 3) {
            0 => Placement::AsIs,
            1 => Placement::Shift(nums(g)),
            _ => Placement::Touch {
                dir: i8s(g),
                gap: i8::arbitrary(g),
                gap_exp: u8::arbitrary(g),
            },
        };
        let margin =
            |g: &mut Gen| (small(g, 0, 2) == 0).then(|| Num::Small(small(g, 0, 512) as i16));
        let config = ConfigSpec {
            max_iterations: (small(g, 0, 4) == 0).then(|| u8::arbitrary(g)),
            tolerance: None,
            initial: (small(g, 0, 4) == 0).then(|| nums(g)),
        };
        Pair(PairInput {
            prec: prec(g),
            dim: dim(g),
            a: cloud(g),
            b: cloud(g),
            place,
            margin_a: margin(g),
            margin_b: margin(g),
            config,
        })
    }
}

#[derive(Clone, Debug)]
struct Shape(ShapeInput);

impl Arbitrary for Shape {
    fn arbitrary(g: &mut Gen) -> Self {
        Shape(match small(g, 0, 2) {
            0 => ShapeInput::Hull {
                prec: prec(g),
                dim: dim(g),
                cloud: cloud(g),
                other: cloud(g),
                probe: i8s(g),
            },
            1 => {
                let n = small(g, 3, 40) as usize;
                ShapeInput::Polygon {
                    prec: prec(g),
                    spec: PolygonSpec {
                        center: nums(g),
                        scale_exp: small(g, -6, 6) as i8,
                        radii: (u8::arbitrary(g), u8::arbitrary(g)),
                        turn: u16::arbitrary(g),
                        steps: (0..=n).map(|_| u8::arbitrary(g)).collect(),
                        noise: (0..n).map(|_| i8s(g)).collect(),
                        noise_exp: u8::arbitrary(g),
                        repeat: (0..small(g, 0, 2)).map(|_| u8::arbitrary(g)).collect(),
                        reverse: small(g, 0, 5) == 0,
                    },
                    other: cloud(g),
                    probe: i8s(g),
                }
            }
            _ => ShapeInput::Transformed {
                prec: prec(g),
                dim: dim(g),
                cloud: cloud(g),
                matrix: rotation_spec(g),
                translation: nums(g),
                other: cloud(g),
            },
        })
    }
}

#[derive(Clone, Debug)]
struct Bare(SimplexInput);

impl Arbitrary for Bare {
    fn arbitrary(g: &mut Gen) -> Self {
        Bare(SimplexInput {
            prec: prec(g),
            dim: dim(g),
            cloud: cloud(g),
            op: pick(
                g,
                &[SimplexOp::Full, SimplexOp::Reduce, SimplexOp::Incremental],
            ),
        })
    }
}

fn pose(g: &mut Gen) -> PoseSpec {
    match small(g, 0, 5) {
        0 => PoseSpec::Keep,
        1 => PoseSpec::Jump {
            angles: core::array::from_fn(|_| u16::arbitrary(g)),
            translation: nums(g),
        },
        _ => PoseSpec::Nudge {
            angles: i8s::<6>(g),
            shift: i8s(g),
        },
    }
}

#[derive(Clone, Debug)]
struct Warm(WarmInput);

impl Arbitrary for Warm {
    fn arbitrary(g: &mut Gen) -> Self {
        let steps = (0..small(g, 1, MAX_WARM_STEPS as i64))
            .map(|_| WarmStep {
                pair: (u8::arbitrary(g), u8::arbitrary(g)),
                first: pose(g),
                second: pose(g),
                query: u8::arbitrary(g),
            })
            .collect();
        let margin =
            |g: &mut Gen| (small(g, 0, 2) == 0).then(|| Num::Small(small(g, 0, 512) as i16));
        Warm(WarmInput {
            prec: prec(g),
            dim: dim(g),
            shapes: core::array::from_fn(|_| cloud(g)),
            margins: core::array::from_fn(|_| margin(g)),
            steps,
            config: ConfigSpec {
                max_iterations: (small(g, 0, 4) == 0).then(|| u8::arbitrary(g)),
                tolerance: None,
                initial: None,
            },
        })
    }
}

#[derive(Clone, Debug)]
struct Primitives(PrimitiveInput);

fn primitive_spec(g: &mut Gen) -> PrimitiveSpec {
    PrimitiveSpec {
        kind: pick(
            g,
            &[
                PrimitiveKind::Point,
                PrimitiveKind::Ball,
                PrimitiveKind::Box,
                PrimitiveKind::Segment,
            ],
        ),
        size: nums(g),
        matrix: rotation_spec(g),
        translation: nums(g),
        margin: (small(g, 0, 2) == 0).then(|| num(g)),
    }
}

impl Arbitrary for Primitives {
    fn arbitrary(g: &mut Gen) -> Self {
        Primitives(PrimitiveInput {
            prec: prec(g),
            dim: dim(g),
            a: primitive_spec(g),
            b: primitive_spec(g),
            scale_exp: small(g, -6, 6) as i8,
            touch: (small(g, 0, 2) > 0).then(|| (i8::arbitrary(g), u8::arbitrary(g))),
            cutoff: num(g),
            aim: i8s(g),
        })
    }
}

fn check<A: Arbitrary + core::fmt::Debug>(salt: u64, f: fn(A) -> bool) {
    let env = |k: &str| std::env::var(k).ok().and_then(|s| s.parse::<u64>().ok());
    let seed = env("GJK_QC_SEED").unwrap_or(SEED) ^ salt;
    let tests = env("GJK_QC_TESTS").unwrap_or(TESTS);
    QuickCheck::new()
        .rng(Gen::from_size_and_seed(16, seed))
        .tests(tests)
        .max_tests(tests)
        .quickcheck(f);
}

#[test]
fn distance_invariants() {
    check(1, |p: Pair| {
        run_pair(&p.0, Query::Distance);
        true
    });
}

#[test]
fn intersects_invariants() {
    check(2, |p: Pair| {
        run_pair(&p.0, Query::Intersects);
        true
    });
}

#[test]
fn penetration_invariants() {
    check(3, |p: Pair| {
        run_pair(&p.0, Query::Penetration);
        true
    });
}

#[test]
fn manifold_invariants() {
    check(9, |p: Pair| {
        run_pair(&p.0, Query::Manifold);
        true
    });
}

#[test]
fn cast_invariants() {
    check(7, |p: Pair| {
        run_pair(&p.0, Query::Cast);
        true
    });
}

#[test]
fn shape_invariants() {
    check(4, |s: Shape| {
        run_shape(&s.0);
        true
    });
}

#[test]
fn simplex_invariants() {
    check(5, |s: Bare| {
        run_simplex(&s.0);
        true
    });
}

#[test]
fn warm_invariants() {
    check(6, |w: Warm| {
        run_warm(&w.0);
        true
    });
}

#[test]
fn primitive_invariants() {
    check(8, |p: Primitives| {
        run_primitives(&p.0);
        true
    });
}

/// Found by the `manifold` target (f32, 2D): a box of half-extent 1.7e38
/// against one of 6e-8, so that in the kernel's frame the small box's
/// coordinates are subnormal. An EPA facet whose edges were subnormal got
/// its normal as `u / ‖u‖` with `‖u‖` rounded to the subnormal spacing:
/// `(−1, −1)`, not unit, as the manifold's and the contact's normal. Must
/// hold: every invariant, the normal unit among them.
#[test]
fn manifold_on_tiny_degenerate_boxes() {
    use invariants::{Dim::*, Num::*, Placement::*, PointSpec::*, Prec::*};
    let input = PairInput {
        prec: F32,
        dim: D2,
        a: Cloud {
            center: [
                Bits(10487064431110914303),
                Special(137),
                Special(137),
                Special(137),
            ],
            scale_exp: -119,
            span: 114,
            dirs: [
                [118, -119, -119, -119],
                [-119, -119, -119, -119],
                [-119, -119, -119, -119],
                [-119, -119, -119, -119],
            ],
            noise_exp: 137,
            points: vec![
                Duplicate(179),
                Duplicate(137),
                Raw([Special(8), Special(137), Special(137), Special(137)]),
                Raw([
                    Bits(13238251629368031159),
                    Bits(9491256739395778487),
                    Small(-18505),
                    Bits(13238251629368031159),
                ]),
                Mix([-93, -93, 98, 98], [98, 98, 98, 98]),
            ],
        },
        b: Cloud {
            center: [Special(98), Special(98), Special(98), Special(98)],
            scale_exp: 98,
            span: 98,
            dirs: [
                [98, 98, 98, -93],
                [-93, -93, -93, -93],
                [-93, -93, -93, 104],
                [53, 53, -73, -73],
            ],
            noise_exp: 183,
            points: vec![
                Raw([
                    Bits(13238251629368031159),
                    Bits(13238251629368031159),
                    Bits(13238251629368031159),
                    Bits(13238251629368031159),
                ]),
                Duplicate(137),
                Duplicate(137),
                Raw([Special(134), Special(134), Special(244), Small(-5802)]),
            ],
        },
        place: AsIs,
        margin_a: None,
        margin_b: None,
        config: ConfigSpec {
            max_iterations: None,
            tolerance: None,
            initial: None,
        },
    };
    run_pair(&input, Query::Manifold);
}
