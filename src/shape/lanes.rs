//! Shapes in lanes: the support maps of `WIDTH` shapes of one kind at once,
//! for the batch queries ([`crate::batch`]).
//!
//! A [`LaneShape`] packs the shapes of a batch's lanes into structure of
//! arrays (coordinate `i` of every lane's shape in one [`Lanes`] value) and
//! evaluates their core support maps along one direction per lane, without
//! branches. Each lane's support point is the scalar
//! [`core_support`](SupportMap::core_support)'s to the last bit: the same
//! operations in the same order, ties broken the same way. So a lane's GJK
//! sees the points the scalar query would see.

use nalgebra::{SVector, Vector2};

#[cfg(feature = "alloc")]
use super::hull::OwnedHull;
use super::hull::{Climbing, Hull, Packed, Polygon, Scanned};
use super::{
    Affine, Ball, Capsule, Cone, Cuboid, Cylinder, Ellipsoid, MinkowskiSum, Point, Rounded,
    Segment, SupportMap, Transformed, Triangle,
};
use crate::math::lanes::{Lanes, Wide};
use crate::math::real::Real;

/// The most vertices a hull or polygon may have to be scanned in lanes.
pub const LANE_VERTICES: usize = 16;

/// A shape whose support map runs in lanes.
///
/// Implemented for [`Point`], [`Ball`], [`Segment`], [`Capsule`],
/// [`Cuboid`], [`Hull`] and [`Polygon`] (up to [`LANE_VERTICES`]
/// vertices), and for
/// [`Transformed`], [`Rounded`] and `&` of any of these. Every other shape
/// of the crate implements it too without fitting the lanes
/// ([`fits_lanes`](LaneShape::fits_lanes) `false`), as does a hull too
/// large for them: in a batch those pairs run the scalar loop, with the
/// same answers, so a batch takes any mix.
pub trait LaneShape<T: Real, const D: usize>: SupportMap<T, D> {
    /// The shapes of a batch's lanes.
    type Packed<L: Lanes<Scalar = T>>;
    /// Whether lanes can hold this shape.
    fn fits_lanes(&self) -> bool {
        true
    }
    /// The shapes `shape(0)`, …, `shape(WIDTH − 1)`, each one that
    /// [fits](LaneShape::fits_lanes), packed into lanes.
    fn pack<'s, L: Lanes<Scalar = T>>(shape: impl Fn(usize) -> &'s Self) -> Self::Packed<L>
    where
        Self: 's;
    /// Each lane's [`core_support`](SupportMap::core_support) along its
    /// direction in `dir`.
    fn lane_support<L: Lanes<Scalar = T>>(packed: &Self::Packed<L>, dir: &Wide<L, D>)
        -> Wide<L, D>;
}

impl<T: Real, const D: usize, S: LaneShape<T, D> + ?Sized> LaneShape<T, D> for &S {
    type Packed<L: Lanes<Scalar = T>> = S::Packed<L>;
    fn fits_lanes(&self) -> bool {
        (**self).fits_lanes()
    }
    #[inline(always)]
    fn pack<'s, L: Lanes<Scalar = T>>(shape: impl Fn(usize) -> &'s Self) -> Self::Packed<L>
    where
        Self: 's,
    {
        S::pack(|l| *shape(l))
    }
    #[inline(always)]
    fn lane_support<L: Lanes<Scalar = T>>(p: &Self::Packed<L>, dir: &Wide<L, D>) -> Wide<L, D> {
        S::lane_support(p, dir)
    }
}

/// A fixed point per lane (the core of points and balls).
macro_rules! point_core {
    ($($shape:ident),*) => {$(
        impl<T: Real, const D: usize> LaneShape<T, D> for $shape<T, D> {
            type Packed<L: Lanes<Scalar = T>> = Wide<L, D>;
            #[inline(always)]
            fn pack<'s, L: Lanes<Scalar = T>>(shape: impl Fn(usize) -> &'s Self) -> Wide<L, D> {
                Wide::from_lanes(|l| shape(l).core_support(&SVector::zeros()))
            }
            #[inline(always)]
            fn lane_support<L: Lanes<Scalar = T>>(p: &Wide<L, D>, _: &Wide<L, D>) -> Wide<L, D> {
                *p
            }
        }
    )*};
}
point_core!(Point, Ball);

/// A segment's endpoints and its edge `b − a` (as the scalar map forms it).
#[derive(Clone, Copy, Debug)]
pub struct SegmentLanes<L, const D: usize> {
    a: Wide<L, D>,
    b: Wide<L, D>,
    edge: Wide<L, D>,
}

impl<T: Real, const D: usize> LaneShape<T, D> for Segment<T, D> {
    type Packed<L: Lanes<Scalar = T>> = SegmentLanes<L, D>;
    #[inline(always)]
    fn pack<'s, L: Lanes<Scalar = T>>(shape: impl Fn(usize) -> &'s Self) -> SegmentLanes<L, D> {
        let a = Wide::from_lanes(|l| shape(l).endpoints().0);
        let b = Wide::from_lanes(|l| shape(l).endpoints().1);
        SegmentLanes { a, b, edge: b - a }
    }
    /// `b` where `(b − a) · d > 0`, else `a`.
    #[inline(always)]
    fn lane_support<L: Lanes<Scalar = T>>(p: &SegmentLanes<L, D>, d: &Wide<L, D>) -> Wide<L, D> {
        let towards_b = p.edge.dot(d).gt(L::splat(T::ZERO));
        Wide::select(towards_b, &p.b, &p.a)
    }
}

impl<T: Real, const D: usize> LaneShape<T, D> for Capsule<T, D> {
    type Packed<L: Lanes<Scalar = T>> = SegmentLanes<L, D>;
    #[inline(always)]
    fn pack<'s, L: Lanes<Scalar = T>>(shape: impl Fn(usize) -> &'s Self) -> SegmentLanes<L, D> {
        let a = Wide::from_lanes(|l| shape(l).segment().endpoints().0);
        let b = Wide::from_lanes(|l| shape(l).segment().endpoints().1);
        SegmentLanes { a, b, edge: b - a }
    }
    #[inline(always)]
    fn lane_support<L: Lanes<Scalar = T>>(p: &SegmentLanes<L, D>, d: &Wide<L, D>) -> Wide<L, D> {
        Segment::<T, D>::lane_support(p, d)
    }
}

impl<T: Real, const D: usize> LaneShape<T, D> for Cuboid<T, D> {
    /// The half-extents.
    type Packed<L: Lanes<Scalar = T>> = Wide<L, D>;
    #[inline(always)]
    fn pack<'s, L: Lanes<Scalar = T>>(shape: impl Fn(usize) -> &'s Self) -> Wide<L, D> {
        Wide::from_lanes(|l| shape(l).half_extents())
    }
    /// `−hᵢ` where `dᵢ < 0`, else `hᵢ`.
    #[inline(always)]
    fn lane_support<L: Lanes<Scalar = T>>(h: &Wide<L, D>, d: &Wide<L, D>) -> Wide<L, D> {
        let zero = L::splat(T::ZERO);
        Wide(core::array::from_fn(|i| {
            d.0[i].lt(zero).select(-h.0[i], h.0[i])
        }))
    }
}

/// A scanned hull's vertices, lane by lane; a lane with fewer vertices than
/// the most repeats its first (a repeat never wins the scan's strict
/// comparison).
#[derive(Clone, Copy, Debug)]
pub struct HullLanes<L, const D: usize> {
    corners: [Wide<L, D>; LANE_VERTICES],
    len: usize,
}

impl<L: Lanes, const D: usize> HullLanes<L, D> {
    /// Each lane's vertices, `corners(l)` (non-empty, at most
    /// [`LANE_VERTICES`]).
    #[inline(always)]
    fn pack<'s>(corners: impl Fn(usize) -> &'s [SVector<L::Scalar, D>]) -> Self
    where
        L::Scalar: 's,
    {
        let len = (0..L::WIDTH).fold(1, |n, l| n.max(corners(l).len()));
        let corner = |l: usize, k: usize| {
            let c = corners(l);
            c.get(k)
                .or(c.first())
                .copied()
                .unwrap_or_else(SVector::zeros)
        };
        Self {
            corners: core::array::from_fn(|k| Wide::from_lanes(|l| corner(l, k))),
            len: len.min(LANE_VERTICES),
        }
    }

    /// The first vertex of largest `p · d`, as the scalar scan.
    #[inline(always)]
    fn support(&self, d: &Wide<L, D>) -> Wide<L, D> {
        let mut best = self.corners[0];
        let mut best_dot = best.dot(d);
        for c in self.corners.iter().take(self.len).skip(1) {
            let dot = c.dot(d);
            let better = dot.gt(best_dot);
            best = Wide::select(better, c, &best);
            best_dot = better.select(dot, best_dot);
        }
        best
    }
}

impl<T: Real, const D: usize> LaneShape<T, D> for Hull<'_, T, D> {
    type Packed<L: Lanes<Scalar = T>> = HullLanes<L, D>;
    fn fits_lanes(&self) -> bool {
        self.scan_corners()
            .is_some_and(|c| !c.is_empty() && c.len() <= LANE_VERTICES)
    }
    #[inline(always)]
    fn pack<'s, L: Lanes<Scalar = T>>(shape: impl Fn(usize) -> &'s Self) -> HullLanes<L, D>
    where
        Self: 's,
    {
        HullLanes::pack(|l| shape(l).scan_corners().unwrap_or(&[]))
    }
    #[inline(always)]
    fn lane_support<L: Lanes<Scalar = T>>(p: &HullLanes<L, D>, d: &Wide<L, D>) -> Wide<L, D> {
        p.support(d)
    }
}

/// A polygon of at most [`LANE_VERTICES`] vertices, which the scalar map
/// scans too.
impl<P: AsRef<[Vector2<T>]>, T: Real> LaneShape<T, 2> for Polygon<P, T> {
    type Packed<L: Lanes<Scalar = T>> = HullLanes<L, 2>;
    fn fits_lanes(&self) -> bool {
        let n = self.vertices().len();
        n > 0 && n <= LANE_VERTICES
    }
    #[inline(always)]
    fn pack<'s, L: Lanes<Scalar = T>>(shape: impl Fn(usize) -> &'s Self) -> HullLanes<L, 2>
    where
        Self: 's,
    {
        HullLanes::pack(|l| shape(l).vertices())
    }
    #[inline(always)]
    fn lane_support<L: Lanes<Scalar = T>>(p: &HullLanes<L, 2>, d: &Wide<L, 2>) -> Wide<L, 2> {
        p.support(d)
    }
}

impl<S: LaneShape<T, D>, T: Real, const D: usize> LaneShape<T, D> for Rounded<S, T> {
    type Packed<L: Lanes<Scalar = T>> = S::Packed<L>;
    fn fits_lanes(&self) -> bool {
        self.shape().fits_lanes()
    }
    #[inline(always)]
    fn pack<'s, L: Lanes<Scalar = T>>(shape: impl Fn(usize) -> &'s Self) -> Self::Packed<L>
    where
        Self: 's,
    {
        S::pack(|l| shape(l).shape())
    }
    #[inline(always)]
    fn lane_support<L: Lanes<Scalar = T>>(p: &Self::Packed<L>, d: &Wide<L, D>) -> Wide<L, D> {
        S::lane_support(p, d)
    }
}

/// Placed shapes: the inner shapes, the rotation's columns and the
/// translation.
#[derive(Clone, Copy, Debug)]
pub struct PlacedLanes<P, L, const D: usize> {
    inner: P,
    axes: [Wide<L, D>; D],
    translation: Wide<L, D>,
}

impl<S: LaneShape<T, D>, T: Real, const D: usize> LaneShape<T, D> for Transformed<S, T, D> {
    type Packed<L: Lanes<Scalar = T>> = PlacedLanes<S::Packed<L>, L, D>;
    fn fits_lanes(&self) -> bool {
        self.shape().fits_lanes()
    }
    #[inline(always)]
    fn pack<'s, L: Lanes<Scalar = T>>(shape: impl Fn(usize) -> &'s Self) -> Self::Packed<L>
    where
        Self: 's,
    {
        PlacedLanes {
            inner: S::pack(|l| shape(l).shape()),
            axes: core::array::from_fn(|i| Wide::from_lanes(|l| shape(l).axes()[i])),
            translation: Wide::from_lanes(|l| shape(l).translation()),
        }
    }
    /// `R s(Rᵀ d) + t`, in the scalar map's order.
    #[inline(always)]
    fn lane_support<L: Lanes<Scalar = T>>(p: &Self::Packed<L>, d: &Wide<L, D>) -> Wide<L, D> {
        let local = Wide(core::array::from_fn(|i| p.axes[i].dot(d)));
        let s = S::lane_support(&p.inner, &local);
        let mut world = p.axes[0].scale(s.0[0]);
        for i in 1..D {
            world = world + p.axes[i].scale(s.0[i]);
        }
        world + p.translation
    }
}

/// Shapes answered by the scalar loop in a batch: they take part in every
/// batch query, pair by pair, with the scalar answers (no lanes).
macro_rules! scalar_only {
    ($([$($gen:tt)*] $shape:ty, $d:tt;)*) => {$(
        impl<$($gen)*> LaneShape<T, $d> for $shape {
            type Packed<L: Lanes<Scalar = T>> = ();
            fn fits_lanes(&self) -> bool {
                false
            }
            fn pack<'s, L: Lanes<Scalar = T>>(_: impl Fn(usize) -> &'s Self) where Self: 's {}
            fn lane_support<L: Lanes<Scalar = T>>(_: &(), d: &Wide<L, $d>) -> Wide<L, $d> {
                *d
            }
        }
    )*};
}

scalar_only! {
    [T: Real] Cylinder<T>, 3;
    [T: Real] Cone<T>, 3;
    [T: Real, const D: usize] Ellipsoid<T, D>, D;
    [T: Real, const D: usize] Triangle<T, D>, D;
    [S: SupportMap<T, D>, T: Real, const D: usize] Affine<S, T, D>, D;
    [A: SupportMap<T, D>, B: SupportMap<T, D>, T: Real, const D: usize] MinkowskiSum<A, B>, D;
    [P: AsRef<[SVector<T, D>]>, T: Real, const D: usize] Scanned<P, T, D>, D;
    [T: Real, const D: usize] Packed<'_, T, D>, D;
    [T: Real, const D: usize] Climbing<'_, T, D>, D;
}

#[cfg(feature = "alloc")]
scalar_only! {
    [T: Real, const D: usize] OwnedHull<T, D>, D;
}

#[cfg(test)]
mod tests {
    //! Every lane's support point is the scalar map's, bit for bit, on
    //! random shapes and directions (zeros and ties included), in 2D and
    //! 3D, `f32` and `f64`, through placements and roundings.
    use super::*;
    use crate::test_lcg::Lcg;
    use nalgebra::{Isometry3, UnitQuaternion, Vector3};
    use std::{vec, vec::Vec};

    fn check<L: Lanes, S: LaneShape<L::Scalar, D>, const D: usize>(shapes: &[S], rng: &mut Lcg) {
        let packed = S::pack::<L>(|l| &shapes[l % shapes.len()]);
        for round in 0..64 {
            let dir = |l: usize| {
                SVector::<L::Scalar, D>::from_fn(|i, _| {
                    let x = rng.next() * 2.0 - 1.0;
                    // Zeros and exact ties now and then.
                    let x = if (round + i + l).is_multiple_of(7) {
                        0.0
                    } else {
                        x
                    };
                    L::Scalar::lit(if round % 5 == 0 { x.signum() } else { x })
                })
            };
            let dirs: [SVector<L::Scalar, D>; 8] = core::array::from_fn(dir);
            let d = Wide::<L, D>::from_lanes(|l| dirs[l % 8]);
            let got = S::lane_support(&packed, &d);
            for l in 0..L::WIDTH {
                let want = shapes[l % shapes.len()].core_support(&dirs[l % 8]);
                assert_eq!(got.lane(l), want, "lane {l}");
            }
        }
    }

    fn placed<S: Copy>(s: S, rng: &mut Lcg) -> Transformed<S, f64, 3> {
        let axis = Vector3::new(rng.next() - 0.5, rng.next() - 0.5, rng.next() - 0.5);
        let t = Vector3::new(rng.next(), rng.next() * 4.0, -rng.next());
        let iso = Isometry3::from_parts(t.into(), UnitQuaternion::from_scaled_axis(axis * 3.0));
        Transformed::from_isometry3(s, &iso)
    }

    #[test]
    fn lane_supports_are_the_scalar_ones() {
        let mut rng = Lcg(7);
        let v3 = |rng: &mut Lcg| Vector3::new(rng.next(), rng.next(), rng.next());
        let boxes: Vec<_> = (0..8)
            .map(|_| {
                placed(
                    Cuboid::new(v3(&mut rng) + Vector3::repeat(0.1)).unwrap(),
                    &mut rng,
                )
            })
            .collect();
        check::<wide::f64x4, _, 3>(&boxes, &mut rng);
        let caps: Vec<_> = (0..8)
            .map(|_| {
                let c = Capsule::new(v3(&mut rng), v3(&mut rng), 0.3).unwrap();
                Rounded::new(placed(c, &mut rng), 0.1).unwrap()
            })
            .collect();
        check::<wide::f64x4, _, 3>(&caps, &mut rng);
        let balls: Vec<_> = (0..3)
            .map(|_| Ball::new(v3(&mut rng), 1.0).unwrap())
            .collect();
        check::<wide::f64x2, _, 3>(&balls, &mut rng);
        let boxes32: Vec<_> = (0..8)
            .map(|_| Cuboid::new(SVector::<f32, 2>::new(rng.next() as f32, 0.5)).unwrap())
            .collect();
        check::<wide::f32x8, _, 2>(&boxes32, &mut rng);
    }

    #[test]
    fn lane_hull_scans_are_the_scalar_ones() {
        let mut rng = Lcg(11);
        // A cube's corners (ties along every axis direction), then random
        // points around them.
        let mut clouds: Vec<Vec<Vector3<f64>>> = Vec::new();
        for k in 0..4 {
            let mut cloud: Vec<_> = (0..8)
                .map(|c| Vector3::new((c & 1) as f64, (c >> 1 & 1) as f64, (c >> 2) as f64))
                .collect();
            for _ in 0..k * 2 {
                cloud.push(Vector3::new(rng.next(), rng.next(), rng.next()) * 1.5);
            }
            clouds.push(cloud);
        }
        let mut work = vec![vec![0u32; 4096]; 4];
        let mut facets = vec![vec![[0u32; 3]; 4096]; 4];
        let mut hulls = Vec::new();
        for ((cloud, w), f) in clouds.iter().zip(work.iter_mut()).zip(facets.iter_mut()) {
            let hull = Hull::<f64, 3>::new(cloud, w, f).unwrap();
            if hull.fits_lanes() {
                hulls.push(hull);
            }
        }
        assert!(hulls.len() >= 3);
        check::<wide::f64x4, _, 3>(&hulls, &mut rng);
    }
}
