//! Serialization of the shapes (feature `serde`).
//!
//! A shape is written as the arguments of its constructor (a ball as its
//! centre and radius, a placed shape as its inner shape, rotation and
//! translation) and read back through that constructor, so a document
//! that describes no valid shape (a negative radius, a non-orthogonal
//! rotation, a polygon that is not convex, a NaN) is refused with the
//! constructor's [`ShapeError`] as the message, never built. The values
//! round-trip bit for bit. Configs and results derive their
//! implementations field by field: they hold no invariant a reader could
//! break.

use nalgebra::{SMatrix, SVector, Vector2};
use serde::de::{Deserialize, Deserializer, Error};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::math::real::Real;
use crate::shape::hull::{Polygon, Scanned};
use crate::shape::{
    Affine, Ball, Capsule, Cone, Cuboid, Cylinder, Ellipsoid, Point, Rounded, Segment, Transformed,
    Triangle,
};

/// Serialization through the constructor's arguments, for one shape type:
/// `Serialize` writes the named fields (each an expression of `self`),
/// `Deserialize` reads them into a plain record and calls the constructor.
macro_rules! by_constructor {
    (
        [$($gen:tt)*] $shape:ty, $name:literal,
        $record:ident [$($rgen:tt)*] [$($rargs:tt)*],
        { $($field:ident : $fty:ty = |$s:ident| $get:expr),+ $(,)? },
        |$r:ident| $make:expr
    ) => {
        /// The constructor's arguments, as read.
        #[derive(serde::Deserialize)]
        #[serde(rename = $name)]
        struct $record<$($rgen)*> {
            $($field: $fty),+
        }

        impl<$($gen)*> Serialize for $shape
        where
            T: Serialize,
        {
            fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
                let fields = [$(stringify!($field)),+].len();
                let mut out = serializer.serialize_struct($name, fields)?;
                $(
                    let $s = self;
                    out.serialize_field(stringify!($field), &$get)?;
                )+
                out.end()
            }
        }

        impl<'de, $($gen)*> Deserialize<'de> for $shape
        where
            T: Deserialize<'de>,
            $record<$($rargs)*>: Deserialize<'de>,
        {
            fn deserialize<Z: Deserializer<'de>>(deserializer: Z) -> Result<Self, Z::Error> {
                let $r = $record::<$($rargs)*>::deserialize(deserializer)?;
                $make.map_err(Z::Error::custom)
            }
        }
    };
}

by_constructor!(
    [T: Real, const D: usize] Point<T, D>, "Point",
    PointRecord [T: Real, const D: usize] [T, D],
    { position: SVector<T, D> = |s| s.position() },
    |r| Point::new(r.position)
);

by_constructor!(
    [T: Real, const D: usize] Ball<T, D>, "Ball",
    BallRecord [T: Real, const D: usize] [T, D],
    { center: SVector<T, D> = |s| crate::SupportMap::center(s), radius: T = |s| s.radius() },
    |r| Ball::new(r.center, r.radius)
);

by_constructor!(
    [T: Real, const D: usize] Cuboid<T, D>, "Cuboid",
    CuboidRecord [T: Real, const D: usize] [T, D],
    { half_extents: SVector<T, D> = |s| s.half_extents() },
    |r| Cuboid::new(r.half_extents)
);

by_constructor!(
    [T: Real, const D: usize] Segment<T, D>, "Segment",
    SegmentRecord [T: Real, const D: usize] [T, D],
    { a: SVector<T, D> = |s| s.endpoints().0, b: SVector<T, D> = |s| s.endpoints().1 },
    |r| Segment::new(r.a, r.b)
);

by_constructor!(
    [T: Real, const D: usize] Capsule<T, D>, "Capsule",
    CapsuleRecord [T: Real, const D: usize] [T, D],
    {
        a: SVector<T, D> = |s| s.segment().endpoints().0,
        b: SVector<T, D> = |s| s.segment().endpoints().1,
        radius: T = |s| s.radius(),
    },
    |r| Capsule::new(r.a, r.b, r.radius)
);

by_constructor!(
    [T: Real, const D: usize] Triangle<T, D>, "Triangle",
    TriangleRecord [T: Real, const D: usize] [T, D],
    { vertices: [SVector<T, D>; 3] = |s| s.vertices() },
    |r| Triangle::new(r.vertices[0], r.vertices[1], r.vertices[2])
);

by_constructor!(
    [T: Real, const D: usize] Ellipsoid<T, D>, "Ellipsoid",
    EllipsoidRecord [T: Real, const D: usize] [T, D],
    { semi_axes: SVector<T, D> = |s| s.semi_axes() },
    |r| Ellipsoid::new(r.semi_axes)
);

by_constructor!(
    [T: Real] Cylinder<T>, "Cylinder",
    CylinderRecord [T: Real] [T],
    { half_height: T = |s| s.half_height(), radius: T = |s| s.radius() },
    |r| Cylinder::new(r.half_height, r.radius)
);

by_constructor!(
    [T: Real] Cone<T>, "Cone",
    ConeRecord [T: Real] [T],
    { half_height: T = |s| s.half_height(), radius: T = |s| s.radius() },
    |r| Cone::new(r.half_height, r.radius)
);

by_constructor!(
    [S: Serialize, T: Real] Rounded<S, T>, "Rounded",
    RoundedRecord [S, T: Real] [S, T],
    { shape: S = |s| s.shape(), radius: T = |s| s.radius() },
    |r| Rounded::new(r.shape, r.radius)
);

by_constructor!(
    [S: Serialize, T: Real, const D: usize] Transformed<S, T, D>, "Transformed",
    TransformedRecord [S, T: Real, const D: usize] [S, T, D],
    {
        shape: S = |s| s.shape(),
        rotation: SMatrix<T, D, D> = |s| s.rotation(),
        translation: SVector<T, D> = |s| s.translation(),
    },
    |r| Transformed::new(r.shape, r.rotation, r.translation)
);

by_constructor!(
    [S: Serialize, T: Real, const D: usize] Affine<S, T, D>, "Affine",
    AffineRecord [S, T: Real, const D: usize] [S, T, D],
    {
        shape: S = |s| s.shape(),
        matrix: SMatrix<T, D, D> = |s| s.matrix(),
        translation: SVector<T, D> = |s| s.translation(),
    },
    |r| Affine::new(r.shape, r.matrix, r.translation)
);

by_constructor!(
    [P: AsRef<[Vector2<T>]>, T: Real] Polygon<P, T>, "Polygon",
    PolygonRecord [P] [P],
    { vertices: P = |s| s.vertices() },
    |r| Polygon::new(r.vertices)
);

by_constructor!(
    [P: AsRef<[SVector<T, D>]>, T: Real, const D: usize] Scanned<P, T, D>, "Scanned",
    HullRecord [P] [P],
    { points: P = |s| s.points() },
    |r| Scanned::new(r.points)
);
