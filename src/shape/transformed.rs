//! A shape moved by a rigid motion.

use nalgebra::{Isometry2, Isometry3, SMatrix, SVector};

use super::{finite_point, BoxFrame, RayEntry, ShapeError, SupportMap};
use crate::math::real::{all_finite, Length, Real};

/// A shape moved by an orthogonal map `R` and a translation `t`: `x ↦ R x + t`.
///
/// The support map follows from `s(d) = R · s_shape(Rᵀ d) + t`. `R` may be any
/// orthogonal matrix (a rotation, or a reflection: both keep shapes convex and
/// distances unchanged), so the same type serves every dimension; for the
/// plane and space it can be built from nalgebra's isometries.
///
/// ```
/// use gjk::{Cuboid, SupportMap, Transformed, Vector};
/// use gjk::nalgebra::{Isometry3, Vector3};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let moved = Transformed::from_isometry3(cube, &Isometry3::translation(5.0, 0.0, 0.0));
/// assert_eq!(moved.support(&Vector3::new(-1.0, 0.0, 0.0)).x, 4.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transformed<S, T: Real, const D: usize> {
    shape: S,
    /// The columns of `R`: the images of the coordinate axes.
    axes: [SVector<T, D>; D],
    translation: SVector<T, D>,
}

/// The columns of a matrix, copied without indexing (no bounds checks to
/// survive into size-optimised builds).
#[inline]
pub(crate) fn columns<T: Real, const D: usize>(m: &SMatrix<T, D, D>) -> [SVector<T, D>; D] {
    let mut axes = [SVector::zeros(); D];
    // Storage is column-major: entries arrive column by column.
    for (a, &x) in axes
        .iter_mut()
        .flat_map(|a: &mut SVector<T, D>| a.iter_mut())
        .zip(m.iter())
    {
        *a = x;
    }
    axes
}

impl<S, T: Real, const D: usize> Transformed<S, T, D> {
    /// `shape` mapped by `x ↦ rotation · x + translation`.
    ///
    /// Fails on non-finite entries, or when `rotation` is not orthogonal to
    /// within [`Real::ANGLE_SLACK`] per entry of `RᵀR − I`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, ShapeError, SupportMap, Transformed, Vector};
    /// use gjk::nalgebra::Matrix2;
    ///
    /// // A quarter turn (x ↦ y) and a shift by (5, 0).
    /// let quarter = Matrix2::new(0.0, -1.0, 1.0, 0.0);
    /// let rect = Cuboid::new(Vector::<f64, 2>::new(2.0, 1.0)).unwrap();
    /// let t = Vector::<f64, 2>::new(5.0, 0.0);
    /// let turned = Transformed::new(rect, quarter, t).unwrap();
    /// // The long side now lies along y: the top is at y = 2.
    /// assert!((turned.support(&Vector::<f64, 2>::y()).y - 2.0).abs() < 1e-15);
    /// let sheared = Matrix2::new(1.0, 0.5, 0.0, 1.0);
    /// assert_eq!(Transformed::new(rect, sheared, t), Err(ShapeError::NotOrthogonal));
    /// ```
    pub fn new(
        shape: S,
        rotation: SMatrix<T, D, D>,
        translation: SVector<T, D>,
    ) -> Result<Self, ShapeError> {
        finite_point(&translation)?;
        if !rotation.iter().all(|x| x.is_finite()) {
            return Err(ShapeError::NonFinite);
        }
        let axes = columns(&rotation);
        // The entries of `RᵀR − I`: dot products of columns, minus Kronecker's δ.
        for (i, a) in axes.iter().enumerate() {
            for (j, b) in axes.iter().enumerate() {
                let delta = if i == j { T::one() } else { T::zero() };
                if (a.dot(b) - delta).abs() > T::ANGLE_SLACK {
                    return Err(ShapeError::NotOrthogonal);
                }
            }
        }
        Ok(Self {
            shape,
            axes,
            translation,
        })
    }

    /// `shape` moved by `translation` alone (fails on non-finite input).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, SupportMap, Transformed, Vector};
    ///
    /// let ball = Ball::new(Vector::<f64, 3>::zeros(), 1.0).unwrap();
    /// let moved = Transformed::translated(ball, Vector::<f64, 3>::new(0.0, 0.0, 10.0)).unwrap();
    /// let top = moved.support(&Vector::<f64, 3>::z());
    /// assert!((top - Vector::<f64, 3>::new(0.0, 0.0, 11.0)).norm() < 1e-15);
    /// assert!(Transformed::translated(ball, Vector::<f64, 3>::repeat(f64::NAN)).is_err());
    /// ```
    pub fn translated(shape: S, translation: SVector<T, D>) -> Result<Self, ShapeError> {
        Self::new(shape, SMatrix::identity(), translation)
    }

    /// `shape` placed by a rotation, given by its columns, known to be
    /// orthogonal to rounding (one computed in closed form), unchecked.
    pub(crate) fn placed(shape: S, axes: [SVector<T, D>; D], translation: SVector<T, D>) -> Self {
        Self {
            shape,
            axes,
            translation,
        }
    }

    /// Replaces the placement with one known to be orthogonal to rounding.
    pub(crate) fn set_placement(&mut self, axes: [SVector<T, D>; D], translation: SVector<T, D>) {
        self.axes = axes;
        self.translation = translation;
    }

    /// Moves the shape by `translation` alone, keeping its rotation (fails on
    /// non-finite input, leaving the placement as it was).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, ShapeError, SupportMap, Transformed, Vector};
    ///
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(1.0)).unwrap();
    /// let mut body = Transformed::translated(cube, Vector::<f64, 3>::zeros()).unwrap();
    /// body.set_translation(Vector::<f64, 3>::new(2.0, 0.0, 0.0)).unwrap();
    /// assert_eq!(body.support(&Vector::<f64, 3>::x()).x, 3.0);
    /// // A non-finite translation is refused and the body stays where it was.
    /// let bad = body.set_translation(Vector::<f64, 3>::new(f64::INFINITY, 0.0, 0.0));
    /// assert_eq!(bad, Err(ShapeError::NonFinite));
    /// assert_eq!(body.translation(), Vector::<f64, 3>::new(2.0, 0.0, 0.0));
    /// ```
    pub fn set_translation(&mut self, translation: SVector<T, D>) -> Result<(), ShapeError> {
        finite_point(&translation)?;
        self.translation = translation;
        Ok(())
    }

    /// The orthogonal part `R` of the placement, as a matrix.
    ///
    /// # Example
    ///
    /// ```
    /// use core::f64::consts::FRAC_PI_2;
    /// use gjk::{Ball, Transformed};
    /// use gjk::nalgebra::{Isometry2, Matrix2, Vector2};
    ///
    /// let ball = Ball::new(Vector2::zeros(), 1.0_f64).unwrap();
    /// let body = Transformed::from_isometry2(ball, &Isometry2::new(Vector2::zeros(), FRAC_PI_2));
    /// let quarter = Matrix2::new(0.0, -1.0, 1.0, 0.0);
    /// assert!((body.rotation() - quarter).norm() < 1e-15);
    /// ```
    #[must_use]
    pub fn rotation(&self) -> SMatrix<T, D, D> {
        SMatrix::from_columns(&self.axes)
    }

    /// The untransformed shape.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, Transformed, Vector};
    ///
    /// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 2.0, 3.0)).unwrap();
    /// let moved = Transformed::translated(cube, Vector::<f64, 3>::new(9.0, 0.0, 0.0)).unwrap();
    /// assert_eq!(moved.shape().half_extents(), Vector::<f64, 3>::new(1.0, 2.0, 3.0));
    /// ```
    #[must_use]
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The columns of the orthogonal part `R` of the placement (the images
    /// of the coordinate axes).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Point, Transformed, Vector};
    /// use gjk::nalgebra::Matrix2;
    ///
    /// let p = Point::new(Vector::<f64, 2>::zeros()).unwrap();
    /// let quarter = Matrix2::new(0.0, -1.0, 1.0, 0.0);
    /// let body = Transformed::new(p, quarter, Vector::<f64, 2>::zeros()).unwrap();
    /// // The images of x and y under a quarter turn: y and −x.
    /// assert_eq!(body.axes(), [Vector::<f64, 2>::y(), -Vector::<f64, 2>::x()]);
    /// ```
    #[must_use]
    pub fn axes(&self) -> [SVector<T, D>; D] {
        self.axes
    }

    /// The translation `t` of the placement.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, Transformed};
    /// use gjk::nalgebra::{Isometry3, Vector3};
    ///
    /// let cube = Cuboid::new(Vector3::new(1.0_f64, 1.0, 1.0)).unwrap();
    /// let pose = Isometry3::new(Vector3::new(1.0, -2.0, 3.0), Vector3::new(0.0, 0.4, 0.0));
    /// let body = Transformed::from_isometry3(cube, &pose);
    /// assert_eq!(body.translation(), Vector3::new(1.0, -2.0, 3.0));
    /// ```
    #[must_use]
    pub fn translation(&self) -> SVector<T, D> {
        self.translation
    }

    /// This shape placed in the frame of `frame`: the same placement
    /// relative to `frame`'s shape as this one has relative to the world.
    ///
    /// Querying `frame.shape()` against the result answers the same query
    /// as `frame` against `self`, in `frame`'s coordinates, with one
    /// transformed shape instead of two: each support call pays for one
    /// rotation of a direction and one of a point, not two of each. Map
    /// the answer's points back with [`frame.to_world`](Self::to_world) and
    /// its normal with [`frame.direction_to_world`](Self::direction_to_world);
    /// distances need no mapping. The relative placement is computed once,
    /// with its own rounding (a few `ε` of the translations).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{distance, Cuboid, Config, Transformed, Vector};
    /// use gjk::nalgebra::{Isometry3, Vector3};
    ///
    /// let cube = Cuboid::new(Vector3::new(1.0_f64, 1.0, 1.0)).unwrap();
    /// let a = Transformed::from_isometry3(cube, &Isometry3::new(Vector3::new(1.0, 2.0, 0.0), Vector3::new(0.0, 0.0, 0.3)));
    /// let b = Transformed::from_isometry3(cube, &Isometry3::new(Vector3::new(4.5, 2.0, 0.0), Vector3::new(0.2, 0.0, 0.0)));
    /// let config = Config::default();
    /// let world = distance(&a, &b, &config).unwrap();
    /// let local = distance(a.shape(), &b.in_frame_of(&a), &config).unwrap();
    /// assert!((world.distance - local.distance).abs() < 1e-12);
    /// assert!((world.point_a - a.to_world(&local.point_a)).norm() < 1e-9);
    /// ```
    #[must_use]
    pub fn in_frame_of<F>(&self, frame: &Transformed<F, T, D>) -> Transformed<&S, T, D> {
        let mut axes = [SVector::zeros(); D];
        for (out, axis) in axes.iter_mut().zip(&self.axes) {
            *out = frame.unrotate(axis);
        }
        Transformed {
            shape: &self.shape,
            axes,
            translation: frame.to_local(&self.translation),
        }
    }

    /// Maps a point of the shape's own frame into the world frame.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Point, Transformed, Vector};
    /// use gjk::nalgebra::Matrix2;
    ///
    /// let p = Point::new(Vector::<f64, 2>::zeros()).unwrap();
    /// let quarter = Matrix2::new(0.0, -1.0, 1.0, 0.0);
    /// let body = Transformed::new(p, quarter, Vector::<f64, 2>::new(10.0, 0.0)).unwrap();
    /// // (1, 0) turns to (0, 1), then moves by (10, 0).
    /// let w = body.to_world(&Vector::<f64, 2>::new(1.0, 0.0));
    /// assert_eq!(w, Vector::<f64, 2>::new(10.0, 1.0));
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn to_world(&self, p: &SVector<T, D>) -> SVector<T, D> {
        self.rotate(p) + self.translation
    }

    /// Maps a world point into the shape's own frame (the inverse of
    /// [`to_world`](Self::to_world): `Rᵀ (p − t)`, the rotation being
    /// orthogonal).
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Point, Transformed, Vector};
    /// use gjk::nalgebra::Matrix2;
    ///
    /// let p = Point::new(Vector::<f64, 2>::zeros()).unwrap();
    /// let quarter = Matrix2::new(0.0, -1.0, 1.0, 0.0);
    /// let body = Transformed::new(p, quarter, Vector::<f64, 2>::new(10.0, 0.0)).unwrap();
    /// let local = body.to_local(&Vector::<f64, 2>::new(10.0, 1.0));
    /// assert_eq!(local, Vector::<f64, 2>::new(1.0, 0.0));
    /// // A round trip returns the point.
    /// let q = Vector::<f64, 2>::new(-3.0, 7.0);
    /// assert!((body.to_world(&body.to_local(&q)) - q).norm() < 1e-14);
    /// ```
    #[inline]
    #[must_use]
    pub fn to_local(&self, p: &SVector<T, D>) -> SVector<T, D> {
        self.unrotate(&(p - self.translation))
    }

    /// Maps a direction (a free vector: no translation) of the shape's own
    /// frame into the world frame: `R d`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Point, Transformed, Vector};
    /// use gjk::nalgebra::Matrix2;
    ///
    /// let p = Point::new(Vector::<f64, 2>::zeros()).unwrap();
    /// let quarter = Matrix2::new(0.0, -1.0, 1.0, 0.0);
    /// let body = Transformed::new(p, quarter, Vector::<f64, 2>::new(10.0, 0.0)).unwrap();
    /// // Directions turn but do not move.
    /// let d = body.direction_to_world(&Vector::<f64, 2>::x());
    /// assert_eq!(d, Vector::<f64, 2>::y());
    /// ```
    #[inline]
    #[must_use]
    pub fn direction_to_world(&self, d: &SVector<T, D>) -> SVector<T, D> {
        self.rotate(d)
    }

    /// Maps a world direction into the shape's own frame (the inverse of
    /// [`direction_to_world`](Self::direction_to_world)): `Rᵀ d`.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Point, Transformed, Vector};
    /// use gjk::nalgebra::Matrix2;
    ///
    /// let p = Point::new(Vector::<f64, 2>::zeros()).unwrap();
    /// let quarter = Matrix2::new(0.0, -1.0, 1.0, 0.0);
    /// let body = Transformed::new(p, quarter, Vector::<f64, 2>::new(10.0, 0.0)).unwrap();
    /// let d = body.direction_to_local(&Vector::<f64, 2>::y());
    /// assert_eq!(d, Vector::<f64, 2>::x());
    /// ```
    #[inline]
    #[must_use]
    pub fn direction_to_local(&self, d: &SVector<T, D>) -> SVector<T, D> {
        self.unrotate(d)
    }

    /// Whether `R` is orthonormal to rounding: every entry of `RᵀR − I`
    /// within [`Real::ROUNDING_FLOOR`]. `new` accepts matrices up to
    /// [`Real::ANGLE_SLACK`] off, for which `Rᵀ` is not quite the inverse
    /// of `R`: the closed forms that map a point or a ray into the shape's
    /// frame by `Rᵀ` (projections, ray entries) would be off by that much
    /// times the coordinates, so they answer only for orthonormal
    /// placements and leave the rest to the loop, which uses `R` and `Rᵀ`
    /// only as the support map of the placed set.
    #[inline]
    fn orthonormal(&self) -> bool {
        let mut ok = true;
        for (i, a) in self.axes.iter().enumerate() {
            ok &= (a.length_squared() - T::one()).abs() <= T::ROUNDING_FLOOR;
            for b in self.axes.iter().skip(i + 1) {
                ok &= a.dot(b).abs() <= T::ROUNDING_FLOOR;
            }
        }
        ok
    }

    /// `R x`: the columns weighted by the coordinates.
    #[inline(always)]
    fn rotate(&self, x: &SVector<T, D>) -> SVector<T, D> {
        self.axes
            .iter()
            .zip(x.iter())
            .fold(SVector::zeros(), |sum, (a, &xi)| sum + a * xi)
    }

    /// The unit outward normal of the image of a face whose own unit normal
    /// is `n`. A linear map `R` carries normals by `R⁻ᵀ`, not `R`: for a
    /// matrix off orthogonal by `E = RᵀR − I`, `R n` tilts away from the
    /// face by about `‖E‖`, and a plane through a face's vertex with that
    /// normal misses the face's far side by `‖E‖` times its width (far more
    /// than rounding on a large face, up to [`Real::ANGLE_SLACK`] off).
    /// `R⁻ᵀ = R (I + E)⁻¹ = R (I − E + E² − …)`, and the series to `E²`
    /// leaves `‖E‖³ ≤ ANGLE_SLACK³`, below the precision in `f32` and `f64`.
    /// An orthonormal `R` (to rounding) maps the normal as it is.
    pub(crate) fn normal_to_world(&self, n: &SVector<T, D>) -> SVector<T, D> {
        if self.orthonormal() {
            return self.rotate(n);
        }
        let skew = |v: &SVector<T, D>| self.unrotate(&self.rotate(v)) - v;
        let en = skew(n);
        let m = self.rotate(&(n - en + skew(&en)));
        let length = m.norm();
        if length > T::zero() && length.is_finite() {
            m / length
        } else {
            self.rotate(n)
        }
    }

    /// `Rᵀ x`: the coordinates of `x` along each column.
    #[inline(always)]
    fn unrotate(&self, x: &SVector<T, D>) -> SVector<T, D> {
        let mut out = SVector::<T, D>::zeros();
        for (o, a) in out.iter_mut().zip(&self.axes) {
            *o = a.dot(x);
        }
        out
    }
}

impl<S, T: Real> Transformed<S, T, 2> {
    /// `shape` placed by a 2D isometry. Its rotation is orthogonal by
    /// construction, so this cannot fail; a non-finite isometry makes the
    /// queries report an error.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Cuboid, SupportMap, Transformed};
    /// use gjk::nalgebra::{Isometry2, Vector2};
    ///
    /// let square = Cuboid::new(Vector2::new(1.0_f64, 1.0)).unwrap();
    /// let body = Transformed::from_isometry2(square, &Isometry2::translation(-4.0, 2.0));
    /// // The support along (1, 1) is the corner (1, 1) moved by (−4, 2).
    /// let corner = body.support(&Vector2::new(1.0, 1.0));
    /// assert_eq!(corner, Vector2::new(-3.0, 3.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn from_isometry2(shape: S, pose: &Isometry2<T>) -> Self {
        Self::from_isometry(shape, pose)
    }
}

impl<S, T: Real> Transformed<S, T, 3> {
    /// `shape` placed by a 3D isometry. Its rotation is orthogonal by
    /// construction, so this cannot fail; a non-finite isometry makes the
    /// queries report an error.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{Ball, SupportMap, Transformed};
    /// use gjk::nalgebra::{Isometry3, Vector3};
    ///
    /// let ball = Ball::new(Vector3::zeros(), 0.5_f64).unwrap();
    /// let body = Transformed::from_isometry3(ball, &Isometry3::translation(0.0, 3.0, 0.0));
    /// let low = body.support(&-Vector3::y());
    /// assert!((low - Vector3::new(0.0, 2.5, 0.0)).norm() < 1e-15);
    /// ```
    #[inline]
    #[must_use]
    pub fn from_isometry3(shape: S, pose: &Isometry3<T>) -> Self {
        Self::from_isometry(shape, pose)
    }
}

impl<S: SupportMap<T, D>, T: Real, const D: usize> SupportMap<T, D> for Transformed<S, T, D> {
    /// Always inlined: a direction handed to an out-of-line call goes
    /// through memory, stored in pieces the callee's wider loads cannot
    /// forward from (a stall of about a dozen cycles per support call).
    #[inline(always)]
    fn core_support(&self, dir: &SVector<T, D>) -> SVector<T, D> {
        let local = self.unrotate(dir);
        self.to_world(&self.shape.core_support(&local))
    }
    #[inline]
    fn margin(&self) -> T {
        self.shape.margin()
    }
    #[inline]
    fn center(&self) -> SVector<T, D> {
        let inner = self.shape.center();
        // A centred shape (a box, a hull about its origin) sits at the
        // translation: once inlined, the test folds away with the rotation.
        if inner == SVector::<T, D>::zeros() {
            return self.translation;
        }
        let c = self.to_world(&inner);
        if all_finite(&c) {
            c
        } else {
            self.translation
        }
    }
    /// The inner point placed; a point at the inner frame's origin (a
    /// ball about its body's origin) is the translation, exactly, with no
    /// rotation to compute.
    #[inline]
    fn core_point(&self) -> Option<SVector<T, D>> {
        let c = self.shape.core_point()?;
        Some(if c == SVector::<T, D>::zeros() {
            self.translation
        } else {
            self.to_world(&c)
        })
    }
    /// The inner shape's projection of `p` taken to its frame, mapped back;
    /// `p` itself when the inner shape holds it (the round trip through
    /// the two frames would move it by rounding).
    #[inline]
    fn project_core(&self, p: &SVector<T, D>) -> Option<SVector<T, D>> {
        if !self.orthonormal() {
            return None;
        }
        let local = self.to_local(p);
        let q = self.shape.project_core(&local)?;
        Some(if q == local { *p } else { self.to_world(&q) })
    }
    /// The inner shape's box, placed.
    #[inline]
    fn core_box(&self) -> Option<BoxFrame<T, D>> {
        let mut frame = self.shape.core_box()?;
        frame.centre = self.to_world(&frame.centre);
        // In place (`array::map` called its closure out of line, each axis
        // returned through memory).
        for u in &mut frame.axes {
            *u = self.rotate(u);
        }
        Some(frame)
    }
    /// The inner shape's entry for the ray taken to its frame (a rigid map
    /// keeps the ray parameter), the normal mapped back.
    #[inline]
    fn ray_core(
        &self,
        origin: &SVector<T, D>,
        direction: &SVector<T, D>,
        radius: T,
    ) -> Option<RayEntry<T, D>> {
        if !self.orthonormal() {
            return None;
        }
        let entry =
            self.shape
                .ray_core(&self.to_local(origin), &self.unrotate(direction), radius)?;
        Some(match entry {
            RayEntry::At { lambda, normal } => RayEntry::At {
                lambda,
                normal: self.rotate(&normal),
            },
            other => other,
        })
    }
}
