//! Shapes: one [`Shape`] class for both dimensions (a [`Kind`] of either
//! inside), made by the static methods of the `Shape2` and `Shape3`
//! factory classes.
//!
//! Every shape is centred on its own origin; a query places it by a pose
//! (see [`crate::pose`]). Capsules lie along their local y axis in both
//! dimensions.

#[cfg(feature = "hull")]
use alloc::vec::Vec;
use gjk::nalgebra::{Vector2, Vector3};
#[cfg(feature = "hull")]
use gjk::OwnedHull;
use gjk::{Ball, Capsule, Cuboid};
use wasm_bindgen::prelude::*;

use crate::failure::Failure;
use crate::kind::Kind;

/// A convex shape, 2D or 3D, centred on its own origin.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Shape {
    inner: Inner,
}

/// The crate's shape behind a [`Shape`].
#[derive(Clone, Debug)]
pub enum Inner {
    /// A 2D shape.
    Two(Kind<2>),
    /// A 3D shape.
    Three(Kind<3>),
}

#[wasm_bindgen]
impl Shape {
    /// The dimension: 2 or 3.
    #[wasm_bindgen(getter)]
    pub fn dim(&self) -> u32 {
        match self.inner {
            Inner::Two(_) => 2,
            Inner::Three(_) => 3,
        }
    }
}

impl Shape {
    /// The crate's shape.
    pub fn inner(&self) -> &Inner {
        &self.inner
    }

    /// A disc of `radius`.
    pub fn ball2(radius: f64) -> Result<Self, Failure> {
        Ok(Self::two(Kind::Ball(Ball::new(Vector2::zeros(), radius)?)))
    }

    /// A rectangle of half extents `hx`, `hy`.
    pub fn box2(hx: f64, hy: f64) -> Result<Self, Failure> {
        Ok(Self::two(Kind::Cuboid(Cuboid::new(Vector2::new(hx, hy))?)))
    }

    /// A capsule: the segment from `(0, −h)` to `(0, h)` grown by `radius`.
    pub fn capsule2(half_length: f64, radius: f64) -> Result<Self, Failure> {
        let tip = Vector2::new(0.0, half_length);
        Ok(Self::two(Kind::Capsule(Capsule::new(-tip, tip, radius)?)))
    }

    /// The convex hull of 2D points given flat, `[x0, y0, x1, y1, …]`.
    #[cfg(feature = "hull")]
    pub fn hull2(points: &[f64]) -> Result<Self, Failure> {
        let points: Vec<_> = chunks::<2>(points)?.map(Vector2::from).collect();
        Ok(Self::two(Kind::Hull(OwnedHull::<f64, 2>::new(points)?)))
    }

    /// A ball of `radius`.
    pub fn ball3(radius: f64) -> Result<Self, Failure> {
        Ok(Self::three(Kind::Ball(Ball::new(
            Vector3::zeros(),
            radius,
        )?)))
    }

    /// A box of half extents `hx`, `hy`, `hz`.
    pub fn box3(hx: f64, hy: f64, hz: f64) -> Result<Self, Failure> {
        Ok(Self::three(Kind::Cuboid(Cuboid::new(Vector3::new(
            hx, hy, hz,
        ))?)))
    }

    /// A capsule: the segment from `(0, −h, 0)` to `(0, h, 0)` grown by
    /// `radius`.
    pub fn capsule3(half_length: f64, radius: f64) -> Result<Self, Failure> {
        let tip = Vector3::new(0.0, half_length, 0.0);
        Ok(Self::three(Kind::Capsule(Capsule::new(-tip, tip, radius)?)))
    }

    /// The convex hull of 3D points given flat, `[x0, y0, z0, x1, …]`.
    #[cfg(feature = "hull")]
    pub fn hull3(points: &[f64]) -> Result<Self, Failure> {
        let points: Vec<_> = chunks::<3>(points)?.map(Vector3::from).collect();
        Ok(Self::three(Kind::Hull(OwnedHull::<f64, 3>::new(points)?)))
    }

    fn two(kind: Kind<2>) -> Self {
        let inner = Inner::Two(kind);
        Self { inner }
    }

    fn three(kind: Kind<3>) -> Self {
        let inner = Inner::Three(kind);
        Self { inner }
    }
}

/// Flat coordinates as points of dimension `D`.
#[cfg(feature = "hull")]
fn chunks<const D: usize>(flat: &[f64]) -> Result<impl Iterator<Item = [f64; D]> + '_, Failure> {
    if !flat.len().is_multiple_of(D) {
        return Err(Failure::Input(if D == 2 {
            "2D points are given flat, [x0, y0, x1, y1, …]: an even count"
        } else {
            "3D points are given flat, [x0, y0, z0, x1, …]: a multiple of 3"
        }));
    }
    Ok(flat.chunks_exact(D).map(|c| core::array::from_fn(|i| c[i])))
}

/// Makes 2D shapes (`Shape2.ball(1)`): each a [`Shape`] of dimension 2.
#[wasm_bindgen(js_name = Shape2)]
pub struct Factory2;

#[wasm_bindgen(js_class = Shape2)]
impl Factory2 {
    /// A disc of `radius`, centred on the origin.
    pub fn ball(radius: f64) -> Result<Shape, JsError> {
        Ok(Shape::ball2(radius)?)
    }

    /// A rectangle of half width `hx` and half height `hy`.
    #[wasm_bindgen(js_name = box)]
    pub fn cuboid(hx: f64, hy: f64) -> Result<Shape, JsError> {
        Ok(Shape::box2(hx, hy)?)
    }

    /// A capsule along the y axis: the segment from `(0, −halfLength)` to
    /// `(0, halfLength)` grown by `radius`.
    pub fn capsule(
        #[wasm_bindgen(js_name = halfLength)] half_length: f64,
        radius: f64,
    ) -> Result<Shape, JsError> {
        Ok(Shape::capsule2(half_length, radius)?)
    }

    /// The convex polygon around `points`, given flat `[x0, y0, x1, y1, …]`
    /// in any order (the convex hull: interior and repeated points are
    /// dropped). Throws when the points are collinear.
    #[cfg(feature = "hull")]
    pub fn polygon(
        #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] points: &[f64],
    ) -> Result<Shape, JsError> {
        Ok(Shape::hull2(points)?)
    }

    /// The convex hull of 2D points: the same as `polygon`.
    #[cfg(feature = "hull")]
    pub fn hull(
        #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] points: &[f64],
    ) -> Result<Shape, JsError> {
        Ok(Shape::hull2(points)?)
    }
}

/// Makes 3D shapes (`Shape3.box(1, 1, 1)`): each a [`Shape`] of dimension 3.
#[wasm_bindgen(js_name = Shape3)]
pub struct Factory3;

#[wasm_bindgen(js_class = Shape3)]
impl Factory3 {
    /// A ball of `radius`, centred on the origin.
    pub fn ball(radius: f64) -> Result<Shape, JsError> {
        Ok(Shape::ball3(radius)?)
    }

    /// A box of half extents `hx`, `hy`, `hz`.
    #[wasm_bindgen(js_name = box)]
    pub fn cuboid(hx: f64, hy: f64, hz: f64) -> Result<Shape, JsError> {
        Ok(Shape::box3(hx, hy, hz)?)
    }

    /// A capsule along the y axis: the segment from `(0, −halfLength, 0)`
    /// to `(0, halfLength, 0)` grown by `radius`.
    pub fn capsule(
        #[wasm_bindgen(js_name = halfLength)] half_length: f64,
        radius: f64,
    ) -> Result<Shape, JsError> {
        Ok(Shape::capsule3(half_length, radius)?)
    }

    /// The convex hull of 3D points given flat `[x0, y0, z0, x1, …]`, in
    /// any order. Throws when the points are coplanar.
    #[cfg(feature = "hull")]
    pub fn hull(
        #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] points: &[f64],
    ) -> Result<Shape, JsError> {
        Ok(Shape::hull3(points)?)
    }
}
