//! One type for the shapes of each dimension: [`Shape2`] and [`Shape3`],
//! enums that forward every capability of the shape traits to the shape
//! they hold.
//!
//! An engine keeps bodies of many kinds in one collection. A hand-written
//! enum that forwards [`SupportMap::core_support`] but forgets
//! [`core_point`](SupportMap::core_point), [`project_core`](SupportMap::project_core),
//! [`core_box`](SupportMap::core_box) or [`ray_core`](SupportMap::ray_core)
//! still answers every query, only slower: the closed forms and fast
//! paths behind those methods are silently lost. These enums forward
//! every method of [`SupportMap`] and [`Faces`] (a test reads the traits'
//! sources and fails when a method is added there and not here), by a
//! `match` the compiler inlines, so a query through the enum takes the
//! same paths, and gives the same answers to the bit, as one on the shape
//! itself.
//!
//! The shapes that need an allocator (a hull or polygon that owns its
//! points) are variants under the `alloc` feature.

use nalgebra::SVector;

use crate::math::lanes::{Lanes, Wide};
use crate::math::real::Real;
use crate::query::manifold::{Face, Faces};
use crate::shape::{
    Ball, BoxFrame, Capsule, Cone, Cuboid, Cylinder, LaneShape, Point, RayEntry, Rounded, Segment,
    SupportMap, Triangle,
};

/// An enum over shapes of one dimension `$d`, with `From` for each shape
/// and the shape traits forwarded method by method.
macro_rules! shape_enum {
    (
        $(#[$doc:meta])*
        $name:ident, $d:literal,
        { $( $(#[doc = $vdoc:literal])* $(#[cfg($cfg:meta)])? $variant:ident($shape:ty), )* }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq)]
        #[non_exhaustive]
        pub enum $name<T: Real> {
            $( $(#[doc = $vdoc])* $(#[cfg($cfg)])? $variant($shape), )*
        }

        $(
            $(#[cfg($cfg)])?
            impl<T: Real> From<$shape> for $name<T> {
                fn from(shape: $shape) -> Self {
                    Self::$variant(shape)
                }
            }
        )*

        impl<T: Real> $name<T> {
            /// Calls `f` with the shape held, as its own type: one `match`
            /// for a whole query instead of one per trait call.
            pub fn dispatch<F: ShapeFn<T, $d>>(&self, f: F) -> F::Output {
                match self { $( $(#[cfg($cfg)])? Self::$variant(s) => f.call(s), )* }
            }

            /// Calls `f` with both shapes held, each as its own type: the
            /// fastest way to run a query on two enums (one instantiation
            /// of `f` per pair of kinds).
            pub fn dispatch_pair<F: PairFn<T, $d>>(&self, other: &Self, f: F) -> F::Output {
                self.dispatch(First { other, f })
            }
        }

        impl<'o, T: Real, F: PairFn<T, $d>> ShapeFn<T, $d> for First<'o, $name<T>, F> {
            type Output = F::Output;
            fn call<S: Faces<T, $d> + ?Sized>(self, shape: &S) -> F::Output {
                self.other.dispatch(Second { first: shape, f: self.f })
            }
        }

        /// In a batch, enum pairs run the scalar loop pair by pair (one
        /// packing cannot hold every kind); group pairs by kind and batch
        /// the shapes themselves for lanes.
        impl<T: Real> LaneShape<T, $d> for $name<T> {
            type Packed<L: Lanes<Scalar = T>> = ();
            fn fits_lanes(&self) -> bool {
                false
            }
            fn pack<'s, L: Lanes<Scalar = T>>(_: impl Fn(usize) -> &'s Self)
            where
                Self: 's,
            {
            }
            fn lane_support<L: Lanes<Scalar = T>>(_: &(), d: &Wide<L, $d>) -> Wide<L, $d> {
                *d
            }
        }

        impl<T: Real> SupportMap<T, $d> for $name<T> {
            // Inlined into the GJK loop: the one method called per iteration
            // (measured: 3 % fewer instructions on box and capsule pairs).
            #[inline(always)]
            fn core_support(&self, dir: &SVector<T, $d>) -> SVector<T, $d> {
                match self { $( $(#[cfg($cfg)])? Self::$variant(s) => s.core_support(dir), )* }
            }
            #[inline]
            fn margin(&self) -> T {
                match self { $( $(#[cfg($cfg)])? Self::$variant(s) => s.margin(), )* }
            }
            #[inline]
            fn center(&self) -> SVector<T, $d> {
                match self { $( $(#[cfg($cfg)])? Self::$variant(s) => s.center(), )* }
            }
            #[inline]
            fn core_point(&self) -> Option<SVector<T, $d>> {
                match self { $( $(#[cfg($cfg)])? Self::$variant(s) => s.core_point(), )* }
            }
            #[inline]
            fn project_core(&self, p: &SVector<T, $d>) -> Option<SVector<T, $d>> {
                match self { $( $(#[cfg($cfg)])? Self::$variant(s) => s.project_core(p), )* }
            }
            #[inline]
            fn core_box(&self) -> Option<BoxFrame<T, $d>> {
                match self { $( $(#[cfg($cfg)])? Self::$variant(s) => s.core_box(), )* }
            }
            #[inline]
            fn ray_core(
                &self,
                origin: &SVector<T, $d>,
                direction: &SVector<T, $d>,
                radius: T,
            ) -> Option<RayEntry<T, $d>> {
                match self {
                    $( $(#[cfg($cfg)])? Self::$variant(s) => s.ray_core(origin, direction, radius), )*
                }
            }
            #[inline]
            fn support(&self, dir: &SVector<T, $d>) -> SVector<T, $d> {
                match self { $( $(#[cfg($cfg)])? Self::$variant(s) => s.support(dir), )* }
            }
        }

        impl<T: Real> Faces<T, $d> for $name<T> {
            fn face(&self, dir: &SVector<T, $d>) -> Face<T, $d> {
                match self { $( $(#[cfg($cfg)])? Self::$variant(s) => s.face(dir), )* }
            }
            fn face_into(&self, dir: &SVector<T, $d>, out: &mut Face<T, $d>) {
                match self { $( $(#[cfg($cfg)])? Self::$variant(s) => s.face_into(dir, out), )* }
            }
            fn to_body(&self, p: &SVector<T, $d>) -> SVector<T, $d> {
                match self { $( $(#[cfg($cfg)])? Self::$variant(s) => s.to_body(p), )* }
            }
        }
    };
}

/// A function of one shape of any kind, for [`Shape2::dispatch`] and
/// [`Shape3::dispatch`]: a generic method, so the shape reaches it as its
/// own type.
///
/// # Example
///
/// ```
/// use gjk::{Ball, Config, Cuboid, Faces, Shape3, ShapeFn, Vector};
///
/// /// The height of a shape's top, asked of the shape itself.
/// struct Top;
/// impl ShapeFn<f64, 3> for Top {
///     type Output = f64;
///     fn call<S: Faces<f64, 3> + ?Sized>(self, shape: &S) -> f64 {
///         shape.support(&Vector::<f64, 3>::z()).z
///     }
/// }
/// let shape: Shape3<f64> = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 2.0)).unwrap().into();
/// assert_eq!(shape.dispatch(Top), 2.0);
/// ```
pub trait ShapeFn<T: Real, const D: usize> {
    /// What the function returns.
    type Output;
    /// The function, on a shape of any kind.
    fn call<S: Faces<T, D> + ?Sized>(self, shape: &S) -> Self::Output;
}

/// A function of two shapes of any kinds, for [`Shape2::dispatch_pair`]
/// and [`Shape3::dispatch_pair`].
///
/// # Example
///
/// ```
/// use gjk::nalgebra::Isometry3;
/// use gjk::{distance, Ball, Config, Cuboid, Distance, Error, Faces, PairFn, Shape3, Transformed, Vector};
///
/// /// The distance between two placed shapes.
/// struct Gap<'c>(&'c Config<f64, 3>, Isometry3<f64>, Isometry3<f64>);
/// impl PairFn<f64, 3> for Gap<'_> {
///     type Output = Result<Distance<f64, 3>, Error>;
///     fn call<A, B>(self, a: &A, b: &B) -> Self::Output
///     where
///         A: Faces<f64, 3> + ?Sized,
///         B: Faces<f64, 3> + ?Sized,
///     {
///         let a = Transformed::from_isometry3(a, &self.1);
///         let b = Transformed::from_isometry3(b, &self.2);
///         distance(&a, &b, self.0)
///     }
/// }
/// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
/// let a: Shape3<f64> = Cuboid::new(v(1.0, 1.0, 1.0)).unwrap().into();
/// let b: Shape3<f64> = Ball::new(v(0.0, 0.0, 0.0), 0.5).unwrap().into();
/// let config = Config::default();
/// let (pa, pb) = (Isometry3::identity(), Isometry3::translation(3.0, 0.0, 0.0));
/// let d = a.dispatch_pair(&b, Gap(&config, pa, pb)).unwrap();
/// assert!((d.distance - 1.5).abs() < 1e-12);
/// ```
pub trait PairFn<T: Real, const D: usize> {
    /// What the function returns.
    type Output;
    /// The function, on two shapes of any kinds.
    fn call<A, B>(self, a: &A, b: &B) -> Self::Output
    where
        A: Faces<T, D> + ?Sized,
        B: Faces<T, D> + ?Sized;
}

/// The first shape's step of a pair dispatch: holds the second shape and
/// the function.
struct First<'o, E, F> {
    other: &'o E,
    f: F,
}

/// The second shape's step: holds the first shape, found.
struct Second<'s, S: ?Sized, F> {
    first: &'s S,
    f: F,
}

impl<T: Real, const D: usize, S: Faces<T, D> + ?Sized, F: PairFn<T, D>> ShapeFn<T, D>
    for Second<'_, S, F>
{
    type Output = F::Output;
    fn call<B: Faces<T, D> + ?Sized>(self, shape: &B) -> F::Output {
        self.f.call(self.first, shape)
    }
}

shape_enum! {
    /// A 2D shape of any kind the crate provides, for collections of
    /// bodies of mixed kinds; every query and manifold takes it as it
    /// takes the shape it holds.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{distance, Ball, Capsule, Config, Cuboid, Shape2, Transformed, Vector};
    /// use gjk::nalgebra::Isometry2;
    ///
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let bodies: Vec<(Shape2<f64>, Isometry2<f64>)> = vec![
    ///     (Cuboid::new(v(10.0, 0.5)).unwrap().into(), Isometry2::identity()),
    ///     (Ball::new(v(0.0, 0.0), 0.5).unwrap().into(), Isometry2::translation(0.0, 2.0)),
    ///     (Capsule::new(v(-1.0, 0.0), v(1.0, 0.0), 0.25).unwrap().into(), Isometry2::translation(3.0, 1.0)),
    /// ];
    /// let placed: Vec<_> = bodies
    ///     .iter()
    ///     .map(|(shape, pose)| Transformed::from_isometry2(shape, pose))
    ///     .collect();
    /// let d = distance(&placed[0], &placed[1], &Config::default()).unwrap();
    /// assert!((d.distance - 1.0).abs() < 1e-12); // ground top at 0.5, ball bottom at 1.5
    /// let d = distance(&placed[0], &placed[2], &Config::default()).unwrap();
    /// assert!((d.distance - 0.25).abs() < 1e-12);
    /// ```
    Shape2, 2, {
        /// A single point.
        Point(Point<T, 2>),
        /// A disc.
        Ball(Ball<T, 2>),
        /// A segment.
        Segment(Segment<T, 2>),
        /// A capsule (a segment grown by a radius).
        Capsule(Capsule<T, 2>),
        /// A triangle.
        Triangle(Triangle<T, 2>),
        /// A box.
        Cuboid(Cuboid<T, 2>),
        /// A box with rounded corners.
        RoundCuboid(Rounded<Cuboid<T, 2>, T>),
        /// A triangle with rounded corners.
        RoundTriangle(Rounded<Triangle<T, 2>, T>),
        /// A convex polygon given in order, owning its vertices.
        #[cfg(feature = "alloc")]
        Polygon(crate::hull::Polygon<alloc::vec::Vec<nalgebra::Vector2<T>>, T>),
        /// The convex hull of a point cloud, owning its points.
        #[cfg(feature = "alloc")]
        Hull(crate::shape::OwnedHull<T, 2>),
        /// A hull with rounded corners.
        #[cfg(feature = "alloc")]
        RoundHull(Rounded<crate::shape::OwnedHull<T, 2>, T>),
    }
}

shape_enum! {
    /// A 3D shape of any kind the crate provides, for collections of
    /// bodies of mixed kinds; every query and manifold takes it as it
    /// takes the shape it holds.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{contact, Ball, Config, Cuboid, Cylinder, Shape3, SupportMap, Vector};
    ///
    /// let v = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
    /// let shapes: [Shape3<f64>; 3] = [
    ///     Cuboid::new(v(1.0, 1.0, 1.0)).unwrap().into(),
    ///     Ball::new(v(0.0, 0.0, 1.5), 1.0).unwrap().into(),
    ///     Cylinder::new(1.0, 0.5).unwrap().into(),
    /// ];
    /// // The fast paths survive the enum: the box still says it is a box.
    /// assert!(shapes[0].core_box().is_some());
    /// let c = contact(&shapes[0], &shapes[1], 0.0, &Config::default()).unwrap().unwrap();
    /// assert!((c.distance + 0.5).abs() < 1e-12); // the ball sinks 0.5 into the box
    /// ```
    Shape3, 3, {
        /// A single point.
        Point(Point<T, 3>),
        /// A ball.
        Ball(Ball<T, 3>),
        /// A segment.
        Segment(Segment<T, 3>),
        /// A capsule (a segment grown by a radius).
        Capsule(Capsule<T, 3>),
        /// A triangle.
        Triangle(Triangle<T, 3>),
        /// A box.
        Cuboid(Cuboid<T, 3>),
        /// A box with rounded edges and corners.
        RoundCuboid(Rounded<Cuboid<T, 3>, T>),
        /// A cylinder about the y axis.
        Cylinder(Cylinder<T>),
        /// A cylinder with rounded rims.
        RoundCylinder(Rounded<Cylinder<T>, T>),
        /// A cone about the y axis.
        Cone(Cone<T>),
        /// A cone with rounded rim and apex.
        RoundCone(Rounded<Cone<T>, T>),
        /// A triangle with rounded edges and corners (a thick, rounded plate).
        RoundTriangle(Rounded<Triangle<T, 3>, T>),
        /// The convex hull of a point cloud, owning its points.
        #[cfg(feature = "alloc")]
        Hull(crate::shape::OwnedHull<T, 3>),
        /// A hull with rounded edges and corners.
        #[cfg(feature = "alloc")]
        RoundHull(Rounded<crate::shape::OwnedHull<T, 3>, T>),
    }
}
