//! The lean loop in lanes: `WIDTH` pairs of one kind of shapes, each lane
//! its own GJK, for the batch queries.
//!
//! Each lane runs [`lean_loop`](super::lean::lean_loop) on its own pair:
//! the same support points (the shapes' [lane support
//! maps](crate::shape::LaneShape) are the scalar ones to the bit), the same
//! closed form of Johnson's sub-algorithm ([`closest_face`] in lanes), and
//! the same tests to stop, in the same order, with the same certified
//! lower bound. A lane that stops is masked out while the others go on, and
//! its state (simplex, bounds, extent) is read back into the scalar types
//! at that moment. Where the lean loop would hand over to the careful loop
//! (the closed form declines, a step makes no progress, a support point is
//! not finite, the cap), the lane hands over the same [`Resume`], and the
//! caller runs [`careful_loop`](super::gjk_loop::careful_loop) on that pair
//! alone: [`finish_lane`]. So each lane's answer is the scalar query's,
//! computed by the same rules; only the order in which the lanes' work is
//! done differs.

use nalgebra::SVector;

use super::answer::{CoreAnswer, Verdict};
use super::begin::Exits;
use super::extent::Extent;
use super::gjk_loop::careful_loop;
use super::lean::{ended, Resume};
use crate::engine::config::{Config, Error};
use crate::engine::pair::Pair;
use crate::math::lanes::{Lanes, Wide};
use crate::math::real::{Length, Real};
use crate::shape::{LaneShape, SupportMap};
use crate::simplex::lanes::closest_face;
use crate::simplex::{Simplex, SupportPoint};

/// Where a lane stopped.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LaneEnd<T: Real, const D: usize> {
    /// The lean loop's answer: verdict, `(‖v‖, lower)`, extent and
    /// iterations (an apart answer still to be
    /// [aligned](CoreAnswer::aligned)).
    Stopped(Verdict, (T, T), Extent<T>, u32),
    /// Where the careful loop takes over.
    Handover(Resume<T, D>),
}

/// A lane's simplex and where it stopped.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LaneOutcome<T: Real, const D: usize> {
    pub simplex: Simplex<T, D>,
    pub end: LaneEnd<T, D>,
}

/// A lane that entered the loop: its pair's frame scale, cutoffs (in the
/// pair's frame) and first simplex, as [`begin`](super::begin) left it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LaneStart<'a, T: Real, const D: usize> {
    pub scale: T,
    pub exits: Exits<T>,
    pub simplex: &'a Simplex<T, D>,
}

/// Each lane's simplex in the scalar order (oldest first): its points'
/// `a` and `b`, their weights and their number.
struct LaneSimplex<L, const D: usize> {
    a: [Wide<L, D>; 4],
    b: [Wide<L, D>; 4],
    weight: [L; 4],
    len: L,
}

impl<L: Lanes, const D: usize> LaneSimplex<L, D> {
    /// Vertex `i`'s `w = a − b` (as [`SupportPoint::new`] forms it).
    #[inline(always)]
    fn w(&self, i: usize) -> Wide<L, D> {
        self.a[i] - self.b[i]
    }

    /// Lane `l`'s simplex, with its closest point `v`.
    fn lane(&self, l: usize, v: SVector<L::Scalar, D>) -> Simplex<L::Scalar, D> {
        let len = self.len.lane(l).widen() as usize;
        let point = |i: usize| {
            let p = SupportPoint::new(self.a[i].lane(l), self.b[i].lane(l));
            (p, self.weight[i].lane(l))
        };
        Simplex::from_weighted((0..len.min(4)).map(point), v)
    }

    /// The simplex after the reduction kept `face` of the old vertices
    /// and the new point `(a, b)`: the kept old vertices in order, then the
    /// new one (as the scalar `keep`). Lanes that stopped were read back
    /// when they did; what this leaves in them is never read.
    ///
    /// The new point is written to slot 3, then each old vertex the face
    /// drops is removed by moving the slots above it down one, from the
    /// last old slot to the first (a stable partition: six selects per
    /// value; a slot past the length keeps a leftover).
    #[inline(always)]
    fn keep(&mut self, (a, b): (&Wide<L, D>, &Wide<L, D>), keep: [L; 3], mu: [L; 3], base: L) {
        let one = L::splat(L::Scalar::lit(1.0));
        let mut weight = [mu[0], mu[1], mu[2], base];
        let (mut pa, mut pb) = (self.a, self.b);
        pa[3] = *a;
        pb[3] = *b;
        for i in (0..3).rev() {
            let drop = !keep[i];
            for j in i..3 {
                pa[j] = Wide::select(drop, &pa[j + 1], &pa[j]);
                pb[j] = Wide::select(drop, &pb[j + 1], &pb[j]);
                weight[j] = drop.select(weight[j + 1], weight[j]);
            }
        }
        self.a = pa;
        self.b = pb;
        self.weight = weight;
        self.len = keep.iter().fold(one, |n, k| n + (*k & one));
    }
}

/// Runs the lean loop on the pairs of `a` and `b` (packed shapes, lane
/// `l` the pair of `starts[l]`; lanes past `starts` are idle), writing
/// each lane's outcome to `out[l]`. `D ≤ 3`.
#[allow(clippy::too_many_lines)]
pub(crate) fn lanes_loop<L, A, B, const D: usize>(
    (a, b): (&A::Packed<L>, &B::Packed<L>),
    starts: &[Option<LaneStart<'_, L::Scalar, D>>],
    config: &Config<L::Scalar, D>,
    out: &mut [Option<LaneOutcome<L::Scalar, D>>],
) where
    L: Lanes,
    A: LaneShape<L::Scalar, D> + ?Sized,
    B: LaneShape<L::Scalar, D> + ?Sized,
{
    let width = L::WIDTH.min(starts.len()).min(out.len());
    let zero = L::splat(L::Scalar::ZERO);
    let one = L::splat(L::Scalar::lit(1.0));
    let start = |l: usize| starts.get(l).copied().flatten();
    let mut active =
        L::mask_of((0..width).fold(0, |m, l| if start(l).is_some() { m | 1 << l } else { m }));
    if !active.any() || D > 3 {
        return;
    }
    let lane_of = |f: &dyn Fn(&LaneStart<'_, L::Scalar, D>) -> L::Scalar, idle: L::Scalar| {
        L::from_fn(|l| start(l).map_or(idle, |s| f(&s)))
    };
    let scale = lane_of(&|s| s.scale, L::Scalar::lit(1.0));
    let infinity = L::Scalar::lit(f64::INFINITY);
    let beyond = lane_of(&|s| s.exits.beyond.unwrap_or(infinity), infinity);
    let within = lane_of(&|s| s.exits.within.unwrap_or(-infinity), -infinity);
    let has_within = within.ge(zero);
    let first = |l: usize| start(l).and_then(|s| s.simplex.vertex(0).copied());
    let first_a = Wide::from_lanes(|l| first(l).map_or_else(SVector::zeros, |p| p.a));
    let first_b = Wide::from_lanes(|l| first(l).map_or_else(SVector::zeros, |p| p.b));
    let mut s = LaneSimplex {
        a: [first_a; 4],
        b: [first_b; 4],
        weight: [one, zero, zero, zero],
        len: one,
    };
    let mut v: Wide<L, D> =
        Wide::from_lanes(|l| start(l).map_or_else(SVector::zeros, |s| s.simplex.closest_point()));
    let mut extent = first_a.max_abs().max(first_b.max_abs());
    let mut lower = zero;
    let rounding = L::splat(L::Scalar::ROUNDING_FLOOR);
    let full = L::splat(L::Scalar::lit((D + 1) as f64));
    let dims = L::Scalar::lit((D + 2) as f64);
    // `dot_rounding`'s factors, applied in its order.
    let root = nalgebra::ComplexField::sqrt(L::Scalar::lit(D as f64));
    let dot_k = L::splat(L::Scalar::EPSILON * L::Scalar::lit(0.5) * root);
    let (dims, tiniest) = (L::splat(dims), L::splat(L::Scalar::TINIEST));
    let tolerance = L::splat(config.tolerance);

    // Lane `l`'s state read back, and its outcome written.
    let mut record =
        |mask: L,
         s: &LaneSimplex<L, D>,
         v: &Wide<L, D>,
         end: &dyn Fn(usize, SVector<L::Scalar, D>) -> LaneEnd<L::Scalar, D>| {
            let bits = mask.bits();
            for (l, slot) in out.iter_mut().enumerate().take(width) {
                if bits & (1 << l) != 0 {
                    let vl = v.lane(l);
                    *slot = Some(LaneOutcome {
                        simplex: s.lane(l, vl),
                        end: end(l, vl),
                    });
                }
            }
        };
    let ext = |extent: L, l: usize| Extent::of_size(extent.lane(l));

    for iteration in 1..=config.max_iterations {
        let vv = v.norm2();
        let r = rounding * extent;
        let overlap = active & (vv.le(r * r) | s.len.ge(full));
        if overlap.any() {
            let it = iteration - 1;
            let zero_s = L::Scalar::ZERO;
            record(overlap, &s, &v, &|l, _| {
                LaneEnd::Stopped(Verdict::Overlap, (zero_s, zero_s), ext(extent, l), it)
            });
            active = active & !overlap;
        }
        let inside = active & has_within & vv.le(within * within);
        if inside.any() {
            let it = iteration - 1;
            let bounds = |l: usize, vl: SVector<L::Scalar, D>| (vl.length(), lower.lane(l));
            record(inside, &s, &v, &|l, vl| {
                LaneEnd::Stopped(Verdict::WithinMargin, bounds(l, vl), ext(extent, l), it)
            });
            active = active & !inside;
        }
        if !active.any() {
            return;
        }
        let neg = -v;
        let pa = A::lane_support(a, &neg).scale(scale);
        let pb = B::lane_support(b, &v).scale(scale);
        let w = pa - pb;
        let resume = |l: usize, vl, extent: L, lower: L, stalled| {
            LaneEnd::Handover(Resume {
                v: vl,
                extent: ext(extent, l),
                lower: lower.lane(l),
                iteration,
                support: Some(SupportPoint::new(pa.lane(l), pb.lane(l))),
                stalled,
            })
        };
        let broken = active & !w.finite();
        if broken.any() {
            record(broken, &s, &v, &|l, vl| resume(l, vl, extent, lower, false));
            active = active & !broken;
        }
        extent = extent.max(pa.max_abs()).max(pb.max_abs());
        let vw = v.dot(&w);
        let norm = vv.sqrt();
        let proven = vw - dims * (dot_k * w.max_abs() * norm + tiniest);
        let bound = active & proven.gt(zero);
        lower = bound.select(lower.max(proven / norm), lower);
        let past = bound & (lower - rounding * extent).gt(beyond);
        if past.any() {
            record(past, &s, &v, &|l, vl| {
                let bounds = (vl.length(), lower.lane(l));
                LaneEnd::Stopped(Verdict::BeyondCutoff, bounds, ext(extent, l), iteration)
            });
            active = active & !past;
        }
        let closed = active & (vv - vw).le(tolerance * vw.max(zero) + rounding * extent * norm);
        if closed.any() {
            let lost = closed & !norm.finite();
            if lost.any() {
                record(lost, &s, &v, &|l, vl| resume(l, vl, extent, lower, false));
            }
            let apart = closed & norm.finite();
            record(apart, &s, &v, &|l, vl| {
                let bounds = (vl.length(), lower.lane(l));
                LaneEnd::Stopped(Verdict::Apart, bounds, ext(extent, l), iteration)
            });
            active = active & !closed;
        }
        if !active.any() {
            return;
        }
        let old = [s.w(0), s.w(1), s.w(2)];
        let face = closest_face(&w, &old, s.len, active);
        let accept = active & face.ok & face.v.norm2().lt(vv);
        let refused = active & !accept;
        if refused.any() {
            record(refused, &s, &v, &|l, vl| {
                resume(l, vl, extent, lower, face.ok.is_set(l))
            });
            active = accept;
            if !active.any() {
                return;
            }
        }
        s.keep((&pa, &pb), face.keep, face.mu, face.base);
        v = face.v;
    }
    let cap = config.max_iterations.saturating_add(1);
    record(active, &s, &v, &|l, vl| {
        LaneEnd::Handover(Resume {
            v: vl,
            extent: ext(extent, l),
            lower: lower.lane(l),
            iteration: cap,
            support: None,
            stalled: false,
        })
    });
}

/// A lane's answer on its pair, as [`gjk_loop`](super::gjk_loop) gives it:
/// the lean loop's answer where the lane stopped (aligned when apart), else
/// the careful loop's from where the lane handed over. `simplex` is left
/// holding the final simplex.
pub(crate) fn finish_lane<T, A, B, const D: usize>(
    pair: &Pair<'_, A, B, T>,
    config: &Config<T, D>,
    exits: Exits<T>,
    outcome: &LaneOutcome<T, D>,
    simplex: &mut Simplex<T, D>,
) -> Result<CoreAnswer<T, D>, Error>
where
    T: Real,
    A: SupportMap<T, D> + ?Sized,
    B: SupportMap<T, D> + ?Sized,
{
    *simplex = outcome.simplex;
    match outcome.end {
        LaneEnd::Stopped(verdict, bounds, extent, iterations) => {
            let answer = ended(simplex, verdict, bounds, extent, iterations);
            Ok(if verdict == Verdict::Apart {
                answer.aligned(pair, simplex)
            } else {
                answer
            })
        }
        LaneEnd::Handover(resume) => {
            careful_loop(pair, config, exits, simplex, &mut (), &mut (), resume)
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each lane against the lean loop on its own pair, from the same start.
    //! Budget: exact. Where the lean loop answers, the lane stops with the
    //! same verdict, bounds, extent, iterations and simplex (to the bit);
    //! where it hands over, the lane hands over the same `Resume`.
    use nalgebra::{Isometry3, UnitQuaternion, Vector3};

    use super::*;
    use crate::engine::begin::begin;
    use crate::engine::lean::lean_loop;
    use crate::shape::{Capsule, Cuboid, Transformed};
    use crate::test_lcg::Lcg;

    fn compare<L: Lanes, A, B>(pairs: &[(A, B)], exits: Exits<L::Scalar>) -> usize
    where
        A: LaneShape<L::Scalar, 3>,
        B: LaneShape<L::Scalar, 3>,
    {
        let config = Config::default();
        let mut simplexes = [Simplex::new(); 8];
        let mut scales = [L::Scalar::ZERO; 8];
        for (k, (a, b)) in pairs.iter().enumerate() {
            scales[k] = begin(a, b, &config, &mut simplexes[k]).unwrap().scale();
        }
        let starts: std::vec::Vec<_> = (0..pairs.len())
            .map(|k| {
                Some(LaneStart {
                    scale: scales[k],
                    exits,
                    simplex: &simplexes[k],
                })
            })
            .collect();
        let pa = A::pack::<L>(|l| &pairs[l % pairs.len()].0);
        let pb = B::pack::<L>(|l| &pairs[l % pairs.len()].1);
        let mut out = [None; 8];
        lanes_loop::<L, A, B, 3>((&pa, &pb), &starts, &config, &mut out);
        let mut stopped = 0;
        for (k, (a, b)) in pairs.iter().enumerate() {
            let mut simplex = simplexes[k];
            let pair = begin(a, b, &config, &mut simplex).unwrap();
            let lane = out[k].unwrap();
            match lean_loop(&pair, &config, exits, &mut simplex) {
                Ok(answer) => {
                    stopped += 1;
                    let mut lane_simplex = Simplex::new();
                    let got = finish_lane(&pair, &config, exits, &lane, &mut lane_simplex).unwrap();
                    assert_eq!(
                        std::format!("{got:?}"),
                        std::format!("{answer:?}"),
                        "lane {k}"
                    );
                    // The vertices in use, their weights and the closest
                    // point (slots past the length hold leftovers).
                    let used = |s: &Simplex<L::Scalar, 3>| {
                        let points: std::vec::Vec<_> = s.iter().collect();
                        std::format!("{points:?} {:?}", s.closest_point())
                    };
                    assert_eq!(used(&lane_simplex), used(&simplex), "lane {k}");
                }
                Err(resume) => {
                    assert_eq!(
                        std::format!("{:?}", lane.end),
                        std::format!("{:?}", LaneEnd::<L::Scalar, 3>::Handover(resume)),
                        "lane {k}"
                    );
                }
            }
        }
        stopped
    }

    fn placed<S: Copy>(s: S, rng: &mut Lcg, reach: f64) -> Transformed<S, f64, 3> {
        let v = |rng: &mut Lcg| Vector3::new(rng.next() - 0.5, rng.next() - 0.5, rng.next() - 0.5);
        let iso = Isometry3::from_parts(
            (v(rng) * reach).into(),
            UnitQuaternion::from_scaled_axis(v(rng) * 6.0),
        );
        Transformed::from_isometry3(s, &iso)
    }

    #[test]
    fn lanes_are_the_lean_loop() {
        let mut rng = Lcg(3);
        let (mut stopped, mut total) = (0, 0);
        for round in 0..40 {
            let reach = [1.0, 3.0, 6.0][round % 3];
            let pairs: std::vec::Vec<_> = (0..4 + round % 5)
                .map(|_| {
                    let h = Vector3::new(rng.next(), rng.next(), rng.next()) + Vector3::repeat(0.1);
                    let c = Capsule::new(-h, h, 0.2).unwrap();
                    let cube = Cuboid::new(h).unwrap();
                    (placed(cube, &mut rng, reach), placed(c, &mut rng, reach))
                })
                .collect();
            let exits = [Exits::NONE, Exits::contact(0.4), Exits::beyond(0.1)][round % 3];
            stopped += compare::<wide::f64x4, _, _>(&pairs[..pairs.len().min(4)], exits);
            total += pairs.len().min(4);
        }
        // The lanes answer nearly every pair themselves.
        assert!(stopped * 10 >= total * 9, "{stopped} of {total}");
    }
}
