//! The support map: the only thing a query ever asks of a shape.

use nalgebra::SVector;

use super::{BoxFrame, RayEntry};
use crate::math::real::{axis, Length, Real};

/// A convex shape described by its support map, as a core plus a margin.
///
/// Implement [`core_support`](SupportMap::core_support) (and, for rounded
/// shapes, [`margin`](SupportMap::margin)) to use your own shape in every query.
///
/// # Example
///
/// ```
/// use gjk::{SupportMap, Ball, Vector};
///
/// let ball = Ball::new(Vector::<f64, 3>::new(1.0, 0.0, 0.0), 2.0).unwrap();
/// let p = ball.support(&Vector::<f64, 3>::new(0.0, 3.0, 0.0));
/// assert!((p - Vector::<f64, 3>::new(1.0, 2.0, 0.0)).norm() < 1e-15);
/// ```
///
/// The support map of a convex set `S` along a direction `d` is a point of `S`
/// that maximises `x · d`. GJK and EPA explore the Minkowski difference `A − B`
/// exclusively through `s_A(d) − s_B(−d)`, so any convex shape with a support
/// map can take part in every query.
///
/// # Core and margin
///
/// Every shape is described as a *core* plus a *margin*: the shape is the set of
/// points within distance `margin` of the core. A ball is a point core with its
/// radius as margin, a capsule a segment core, [`Rounded`](crate::Rounded) adds to the margin of
/// any shape. Queries run on the cores and add the margins afterwards, so the
/// curved part of a shape never costs iterations and ball–ball is exact.
pub trait SupportMap<T: Real, const D: usize> {
    /// A point of the core that is farthest along `dir`.
    ///
    /// `dir` need not be normalised. For a zero direction any point of the core
    /// is a valid answer. Implementations must return finite points for finite
    /// directions; the queries check this and report an error otherwise.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{distance, Ball, Config, SupportMap, Vector};
    ///
    /// // A shape of your own: the diamond |x| + |y| ≤ 1, by its corners.
    /// struct Diamond;
    /// impl SupportMap<f64, 2> for Diamond {
    ///     fn core_support(&self, d: &Vector<f64, 2>) -> Vector<f64, 2> {
    ///         if d.x.abs() >= d.y.abs() {
    ///             Vector::<f64, 2>::new(d.x.signum(), 0.0)
    ///         } else {
    ///             Vector::<f64, 2>::new(0.0, d.y.signum())
    ///         }
    ///     }
    /// }
    /// let ball = Ball::new(Vector::<f64, 2>::new(4.0, 0.0), 1.0).unwrap();
    /// let d = distance(&Diamond, &ball, &Config::default()).unwrap();
    /// assert!((d.distance - 2.0).abs() < 1e-12); // from the corner (1, 0)
    /// ```
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D>;

    /// The radius of the rounding around the core (zero for sharp shapes).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Capsule, Cuboid, Rounded, SupportMap, Vector};
    ///
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(1.0)).unwrap();
    /// assert_eq!(cube.margin(), 0.0); // sharp
    /// assert_eq!(Rounded::new(cube, 0.2).unwrap().margin(), 0.2);
    /// let (a, b) = (Vector::<f64, 3>::zeros(), Vector::<f64, 3>::x());
    /// assert_eq!(Capsule::new(a, b, 0.5).unwrap().margin(), 0.5);
    /// ```
    #[inline]
    fn margin(&self) -> T {
        T::zero()
    }

    /// A point inside the core, used to pick GJK's first search direction.
    ///
    /// Any point of the core is correct; one near its middle saves iterations.
    /// The default asks the core for its support along the first axis.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, SupportMap, Triangle, Vector};
    ///
    /// let ball = Ball::new(Vector::<f64, 2>::new(3.0, -1.0), 2.0).unwrap();
    /// assert_eq!(ball.center(), Vector::<f64, 2>::new(3.0, -1.0));
    /// // Any point of the core will do; it must at least be inside it.
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let t = Triangle::new(v(0.0, 0.0), v(3.0, 0.0), v(0.0, 3.0)).unwrap();
    /// let c = t.center();
    /// assert!(c.x >= 0.0 && c.y >= 0.0 && c.x + c.y <= 3.0);
    /// ```
    #[inline]
    fn center(&self) -> SVector<T, D> {
        self.core_support(&axis(0))
    }

    /// The core's single point, when the core is one (a ball's centre, a
    /// [`Point`](crate::Point)); `None` (the default) otherwise.
    ///
    /// With [`project_core`](Self::project_core) this is an optional
    /// capability: a query between a point core and a core that projects
    /// points is answered by one projection, without a GJK loop. Shapes
    /// that leave both at their defaults are queried by GJK, unchanged.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, Cuboid, SupportMap, Vector};
    ///
    /// let ball = Ball::new(Vector::<f64, 3>::new(1.0, 2.0, 3.0), 0.5).unwrap();
    /// assert_eq!(ball.core_point(), Some(Vector::<f64, 3>::new(1.0, 2.0, 3.0)));
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(1.0)).unwrap();
    /// assert_eq!(cube.core_point(), None);
    /// ```
    #[inline]
    fn core_point(&self) -> Option<SVector<T, D>> {
        None
    }

    /// The point of the core nearest `p`, when the shape computes it to
    /// rounding (a box clamps, a segment projects); `None` (the default)
    /// lets queries run GJK instead.
    ///
    /// An implementation must return a point of the core whose distance to
    /// `p` is the core's distance to `p` to working precision (queries
    /// count a projection within rounding of `p` as the cores touching),
    /// and must scale: the answer for `2ᵏ p` on the shape scaled by `2ᵏ` is
    /// `2ᵏ` times the answer (products of lengths are brought to order one
    /// by a power of two first where they could leave the range).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, SupportMap, Vector};
    ///
    /// // A box projects by clamping each coordinate.
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(1.0)).unwrap();
    /// let p = Vector::<f64, 3>::new(3.0, 0.5, -4.0);
    /// assert_eq!(cube.project_core(&p), Some(Vector::<f64, 3>::new(1.0, 0.5, -1.0)));
    /// ```
    #[inline]
    fn project_core(&self, p: &SVector<T, D>) -> Option<SVector<T, D>> {
        let _ = p;
        None
    }

    /// The core as a placed box, for shapes whose core is one (a
    /// [`Cuboid`](crate::Cuboid), placed or rounded); `None` (the default) for every
    /// other shape.
    ///
    /// An optional capability, like [`core_point`](Self::core_point): two
    /// boxes are told apart or overlapping by their separating axes, and
    /// find a face contact's normal there, without GJK and EPA. The frame
    /// must describe the same set as
    /// [`core_support`](Self::core_support): axes orthonormal (to within
    /// rounding; the queries allow for any skew they measure), centre and
    /// half extents exact.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, Cuboid, Rounded, SupportMap, Vector};
    ///
    /// let slab = Cuboid::new(Vector::<f64, 3>::new(2.0, 1.0, 0.5)).unwrap();
    /// let frame = Rounded::new(slab, 0.1).unwrap().core_box().unwrap();
    /// assert_eq!(frame.half, Vector::<f64, 3>::new(2.0, 1.0, 0.5)); // the core, not the margin
    /// assert_eq!(frame.centre, Vector::<f64, 3>::zeros());
    /// assert_eq!(frame.axes[2], Vector::<f64, 3>::z());
    /// assert!(Ball::new(Vector::<f64, 3>::zeros(), 1.0).unwrap().core_box().is_none());
    /// ```
    #[inline]
    fn core_box(&self) -> Option<BoxFrame<T, D>> {
        None
    }

    /// Where the ray `origin + λ · direction`, `λ ≥ 0`, first meets the
    /// core grown by `radius`, when the shape computes it in closed form to
    /// rounding (a box by its slabs, a segment as a capsule); `None` (the
    /// default) lets the casts run their loop instead.
    ///
    /// The casts call it with a finite `origin`, a finite `direction` whose
    /// largest coordinate is of order one (a power of two brings it there),
    /// and a finite `radius ≥ 0`. An implementation answers the first
    /// entry to working precision, relative to the coordinates involved,
    /// and returns `None` for the cases it does not handle (a box with a
    /// positive radius, a length out of range): the loop then answers them.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{RayEntry, Segment, SupportMap, Vector};
    ///
    /// // A vertical segment grown by 1 is a capsule: a ray along x enters
    /// // its side at x = −1.
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let s = Segment::new(v(0.0, -1.0), v(0.0, 1.0)).unwrap();
    /// let entry = s.ray_core(&v(-5.0, 0.0), &v(1.0, 0.0), 1.0);
    /// let Some(RayEntry::At { lambda, normal }) = entry else { panic!("expected a hit") };
    /// assert!((lambda - 4.0).abs() < 1e-15);
    /// assert!((normal - v(-1.0, 0.0)).norm() < 1e-15);
    /// ```
    #[inline]
    fn ray_core(
        &self,
        origin: &SVector<T, D>,
        direction: &SVector<T, D>,
        radius: T,
    ) -> Option<RayEntry<T, D>> {
        let _ = (origin, direction, radius);
        None
    }

    /// A point of the whole shape (core plus margin) farthest along `dir`.
    ///
    /// For a zero direction the core support is returned.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Capsule, SupportMap, Vector};
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let pill = Capsule::new(v(-1.0, 0.0), v(1.0, 0.0), 0.5).unwrap();
    /// // The core's end point, pushed out by the margin along the direction.
    /// assert_eq!(pill.core_support(&v(1.0, 0.0)), v(1.0, 0.0));
    /// assert!((pill.support(&v(1.0, 0.0)) - v(1.5, 0.0)).norm() < 1e-15);
    /// assert!((pill.support(&v(0.0, -2.0)).y + 0.5).abs() < 1e-15);
    /// ```
    #[inline]
    fn support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        let core = self.core_support(dir);
        let r = self.margin();
        let n = dir.length();
        if r > T::zero() && n > T::zero() {
            core + dir * (r / n)
        } else {
            core
        }
    }
}

/// The trait through a pointer to a shape: every method forwarded, so a
/// shape behind `&`, `Box`, `Rc` or `Arc` (or a `dyn SupportMap` behind
/// them) keeps its closed forms and fast paths.
macro_rules! forward_support_map {
    ($($pointer:ty),* $(,)?) => {$(
        impl<T: Real, const D: usize, S: SupportMap<T, D> + ?Sized> SupportMap<T, D> for $pointer {
            #[inline(always)]
            fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
                (**self).core_support(dir)
            }
            #[inline(always)]
            fn margin(&self) -> T {
                (**self).margin()
            }
            #[inline(always)]
            fn center(&self) -> SVector<T, D> {
                (**self).center()
            }
            #[inline(always)]
            fn core_point(&self) -> Option<SVector<T, D>> {
                (**self).core_point()
            }
            #[inline(always)]
            fn project_core(&self, p: &SVector<T, D>) -> Option<SVector<T, D>> {
                (**self).project_core(p)
            }
            #[inline(always)]
            fn core_box(&self) -> Option<BoxFrame<T, D>> {
                (**self).core_box()
            }
            #[inline(always)]
            fn ray_core(
                &self,
                origin: &SVector<T, D>,
                direction: &SVector<T, D>,
                radius: T,
            ) -> Option<RayEntry<T, D>> {
                (**self).ray_core(origin, direction, radius)
            }
            #[inline(always)]
            fn support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
                (**self).support(dir)
            }
        }
    )*};
}

forward_support_map!(&S);
#[cfg(feature = "alloc")]
forward_support_map!(alloc::boxed::Box<S>, alloc::rc::Rc<S>, alloc::sync::Arc<S>);
