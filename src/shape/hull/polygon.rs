//! Convex polygons in the plane, with a logarithmic support search.
//!
//! For a convex polygon listed counter-clockwise, the outward edge normals turn
//! monotonically through one full turn. The vertex farthest along `d` is the
//! one between the last edge whose normal comes before `d` (in angle) and the
//! first edge whose normal comes at or after it, so a binary search over the
//! normal angles finds it in `O(log n)` steps. Angles are compared exactly by
//! half-plane and cross-product signs, never computed. A polygon with a
//! right turn forgiven as rounding (whose computed normals therefore do not
//! turn monotonically, and mislead the search by as much as the polygon's
//! width) is scanned instead.

use nalgebra::{SVector, Vector2};

use crate::math::real::{max_abs, Length, Real};
use crate::shape::{farthest, finite_point, ShapeError, SupportMap};

/// Up to this many vertices the support map is a plain linear scan, which is
/// faster than the binary search on small polygons.
const LINEAR_SCAN_MAX: usize = 16;

/// A convex polygon given by its vertices in counter-clockwise order, held
/// in any storage `P` that reads as a slice (borrowed, a fixed array, an
/// owned `Vec`), never copied.
///
/// Collinear and repeated consecutive vertices are accepted; a polygon that
/// turns clockwise anywhere (by more than rounding of its coordinates) or
/// winds more than once is rejected. The check runs once, at construction.
/// A right turn within rounding is accepted, and the support map of such a
/// polygon scans every vertex (linear time) rather than search.
///
/// # Example
///
/// ```
/// use gjk::{distance, Ball, Config, hull::Polygon, ShapeError, SupportMap};
/// use gjk::nalgebra::Vector2;
///
/// let corners = [[0.0, 0.0], [4.0, 0.0], [4.0, 3.0], [0.0, 3.0]].map(Vector2::<f64>::from);
/// let rect = Polygon::new(corners).unwrap();
/// assert_eq!(rect.support(&Vector2::new(1.0, 1.0)), Vector2::new(4.0, 3.0));
/// let ball = Ball::new(Vector2::new(7.0, 7.0), 1.0).unwrap();
/// let d = distance(&rect, &ball, &Config::default()).unwrap();
/// assert!((d.distance - 4.0).abs() < 1e-12); // 5 from the corner (4, 3), less the radius
/// let mut clockwise = corners;
/// clockwise.reverse();
/// assert_eq!(Polygon::new(clockwise).err(), Some(ShapeError::NotConvex));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Polygon<P, T: Real> {
    vertices: P,
    /// Index of the first edge of non-zero length: the angular reference.
    reference: usize,
    /// Whether some turn is a right turn forgiven as rounding: the edges'
    /// normals then do not turn monotonically (as computed), the binary
    /// search's premise, so the support map scans every vertex.
    dented: bool,
    centroid: Vector2<T>,
}

fn cross<T: Real>(a: &Vector2<T>, b: &Vector2<T>) -> T {
    a.x * b.y - a.y * b.x
}

/// Outward normal of an edge of a counter-clockwise polygon.
fn outward<T: Real>(e: &Vector2<T>) -> Vector2<T> {
    Vector2::new(e.y, -e.x)
}

/// Whether the angle of `u`, measured counter-clockwise from `r` in `[0, 2π)`,
/// is smaller than that of `w`.
fn angle_less<T: Real>(r: &Vector2<T>, u: &Vector2<T>, w: &Vector2<T>) -> bool {
    let half = |x: &Vector2<T>| {
        let c = cross(r, x);
        !(c > T::zero() || (c == T::zero() && r.dot(x) > T::zero()))
    };
    let (hu, hw) = (half(u), half(w));
    if hu != hw {
        !hu
    } else {
        cross(u, w) > T::zero()
    }
}

impl<P: AsRef<[Vector2<T>]>, T: Real> Polygon<P, T> {
    /// A polygon from counter-clockwise vertices; fails when there are
    /// none, a coordinate is not finite, or the vertices are not in convex
    /// counter-clockwise position.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::{hull::Polygon, ShapeError, SupportMap};
    /// use gjk::nalgebra::Vector2;
    ///
    /// let v = |x: f64, y: f64| Vector2::new(x, y);
    /// let triangle = Polygon::new([v(0.0, 0.0), v(2.0, 0.0), v(0.0, 2.0)]).unwrap();
    /// assert_eq!(triangle.support(&v(1.0, 0.2)), v(2.0, 0.0));
    /// // Clockwise order is refused.
    /// let clockwise = Polygon::new([v(0.0, 0.0), v(0.0, 2.0), v(2.0, 0.0)]);
    /// assert_eq!(clockwise.err(), Some(ShapeError::NotConvex));
    /// ```
    pub fn new(storage: P) -> Result<Self, ShapeError> {
        let vertices = storage.as_ref();
        let first = *vertices.first().ok_or(ShapeError::Empty)?;
        vertices.iter().try_for_each(finite_point)?;
        let n = vertices.len();
        // Cyclic access; `n > 0` here, and `get` keeps size-optimised builds
        // free of bounds checks the optimiser cannot see through.
        let at = |i: usize| {
            i.checked_rem(n)
                .and_then(|j| vertices.get(j))
                .copied()
                .unwrap_or(first)
        };
        let edge = |i: usize| at(i + 1) - at(i);
        let reference = (0..n).find(|&i| edge(i) != Vector2::zeros()).unwrap_or(0);

        // Every turn between consecutive non-degenerate edges is a left turn,
        // and the turns add up to exactly one full turn. A right turn is
        // forgiven only if it is nearly straight and the vertex it leads to
        // lies within rounding of the previous edge's line (`ROUNDING_FLOOR`
        // times the coordinates' magnitude): an angle slack would let long
        // edges hide real dents.
        let scale = vertices.iter().fold(T::zero(), |m, v| m.max(max_abs(v)));
        let slack = T::ROUNDING_FLOOR * scale;
        let mut turning = T::zero();
        let mut dented = false;
        let mut prev = edge(reference);
        for k in 1..=n {
            let e = edge(reference + k);
            if e == Vector2::zeros() {
                continue;
            }
            let c = cross(&prev, &e);
            // Forgiven right turns are nearly straight ones: a right turn
            // that doubles back (a vertex within rounding of the previous
            // edge's line, but behind it) is a dent, however thin.
            if c < -slack * prev.length() || (c < T::zero() && prev.dot(&e) <= T::zero()) {
                return Err(ShapeError::NotConvex);
            }
            dented |= c < T::zero();
            // A zero cross product of opposite edges is a half turn either
            // way; `+ 0` makes a `-0` positive so `atan2` reads it as `+π`.
            turning += (c + T::zero()).atan2(prev.dot(&e));
            prev = e;
        }
        let all_coincide = prev == Vector2::zeros();
        if !all_coincide && (turning - T::two_pi()).abs() > T::frac_pi_2() {
            return Err(ShapeError::NotConvex);
        }

        let mut sum = Vector2::zeros();
        for v in vertices {
            sum += v - first;
        }
        let mean = first + sum / T::from_usize(n).unwrap_or(T::one());
        let centroid = if mean.iter().all(|x| x.is_finite()) {
            mean
        } else {
            first
        };
        Ok(Self {
            vertices: storage,
            reference,
            dented,
            centroid,
        })
    }

    /// The vertices, counter-clockwise.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::hull::Polygon;
    /// use gjk::nalgebra::Vector2;
    ///
    /// let v = |x: f64, y: f64| Vector2::new(x, y);
    /// let corners = [v(0.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)];
    /// let triangle = Polygon::new(corners).unwrap();
    /// assert_eq!(triangle.vertices(), &corners[..]);
    /// ```
    #[must_use]
    pub fn vertices(&self) -> &[Vector2<T>] {
        self.vertices.as_ref()
    }

    /// The storage of the vertices, given back.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::hull::Polygon;
    /// use gjk::nalgebra::Vector2;
    ///
    /// let v = |x: f64, y: f64| Vector2::new(x, y);
    /// let corners = vec![v(0.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)];
    /// let triangle = Polygon::new(corners).unwrap();
    /// let back: Vec<Vector2<f64>> = triangle.into_vertices();
    /// assert_eq!(back[1], Vector2::new(1.0, 0.0));
    /// ```
    #[must_use]
    pub fn into_vertices(self) -> P {
        self.vertices
    }

    fn vertex(&self, i: usize) -> Vector2<T> {
        let n = self.vertices().len();
        self.vertices()
            .get(i % n.max(1))
            .copied()
            .unwrap_or(self.centroid)
    }

    fn edge(&self, i: usize) -> Vector2<T> {
        self.vertex(i + 1) - self.vertex(i)
    }

    /// Whether edge `reference + j` has an outward normal whose angle is
    /// smaller than that of `d` (both measured from the reference normal).
    /// A zero-length edge takes the answer of the next non-degenerate edge.
    fn normal_before(&self, j: usize, d: &Vector2<T>) -> bool {
        let n = self.vertices().len();
        let r = outward(&self.edge(self.reference));
        (j..n)
            .map(|k| self.edge(self.reference + k))
            .find(|e| *e != Vector2::zeros())
            .is_some_and(|e| angle_less(&r, &outward(&e), d))
    }

    fn binary_search(&self, d: &Vector2<T>) -> Vector2<T> {
        let n = self.vertices().len();
        let (mut lo, mut hi) = (0, n);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.normal_before(mid, d) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        // Guard against rounding in the angle comparisons (short edges far
        // from the origin have directions known only roughly): climb to a
        // local maximum of the dot product (a global one, by convexity).
        // Repeated vertices are stepped over: a copy of the current vertex
        // ties with it and says nothing about the way up.
        let mut i = (self.reference + lo) % n.max(1);
        let mut best = self.vertex(i).dot(d);
        for _ in 0..n {
            let (next, ahead) = self.distinct_neighbour(i, 1, d);
            let (prev, behind) = self.distinct_neighbour(i, n - 1, d);
            if ahead > best && ahead >= behind {
                (i, best) = (next, ahead);
            } else if behind > best {
                (i, best) = (prev, behind);
            } else {
                break;
            }
        }
        self.vertex(i)
    }

    /// The first vertex other than vertex `i` met stepping `step` places at
    /// a time (1 forward, `n − 1` back), with its dot product with `d`;
    /// vertex `i` itself when every vertex is a copy of it.
    fn distinct_neighbour(&self, i: usize, step: usize, d: &Vector2<T>) -> (usize, T) {
        let n = self.vertices().len().max(1);
        let here = self.vertex(i);
        let mut j = i;
        for _ in 1..n {
            j = (j + step) % n;
            let v = self.vertex(j);
            if v != here {
                return (j, v.dot(d));
            }
        }
        (i, here.dot(d))
    }
}

impl<P: AsRef<[Vector2<T>]>, T: Real> SupportMap<T, 2> for Polygon<P, T> {
    #[inline]
    fn core_support(&self, dir: &SVector<T, 2>) -> SVector<T, 2> {
        let vertices = self.vertices();
        if vertices.len() <= LINEAR_SCAN_MAX || self.dented || *dir == Vector2::zeros() {
            farthest(vertices, dir).unwrap_or(self.centroid)
        } else {
            self.binary_search(dir)
        }
    }
    #[inline]
    fn center(&self) -> SVector<T, 2> {
        self.centroid
    }
}
