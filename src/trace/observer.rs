//! What an observer is told: GJK's and EPA's steps in the shapes' frame, and
//! the polytope EPA grows.

use nalgebra::{ArrayStorage, SVector};

use crate::math::real::Real;
use crate::simplex::{Simplex, SupportPoint};

/// One GJK iteration, in the shapes' frame, on the cores.
///
/// # Example
///
/// The bracket `[lower, upper]` of each step holds the cores' distance,
/// and the simplex's weights are a convex combination:
///
/// ```
/// use gjk::trace::{self, Recording};
/// use gjk::{Cuboid, Config, Transformed, Vector};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let far = Transformed::translated(cube, Vector::<f64, 3>::new(3.0, 0.5, 0.0)).unwrap();
/// let mut seen = Recording::<f64, 3, 16>::new();
/// let d = trace::distance(&cube, &far, &Config::default(), &mut seen).unwrap();
/// assert!((d.distance - 1.0).abs() < 1e-12);
/// for step in seen.gjk() {
///     assert!(step.lower <= 1.0 + 1e-12 && 1.0 <= step.upper + 1e-12);
///     let total: f64 = step.simplex.iter().map(|(_, weight)| weight).sum();
///     assert!((total - 1.0).abs() < 1e-12);
///     assert_eq!(step.margins, 0.0);
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct GjkStep<T: Real, const D: usize> {
    /// 1 for the first iteration.
    pub iteration: u32,
    /// The simplex the iteration starts from: its vertices (points of
    /// `A − B`, each with the points of A and B it came from) and the
    /// barycentric weights of its point closest to the origin,
    /// [`Simplex::closest_point`] (`v`).
    pub simplex: Simplex<T, D>,
    /// The support point found along the search direction `−v`; `None`
    /// when the loop stopped before searching (the simplex holds the
    /// origin, or came within the boolean test's margin).
    pub support: Option<SupportPoint<T, D>>,
    /// `‖v‖`, an upper bound on the cores' distance.
    pub upper: T,
    /// The best lower bound on the cores' distance so far (this
    /// iteration's support point included).
    pub lower: T,
    /// The sum of the shapes' margins: the shapes' distance is the cores'
    /// less this.
    pub margins: T,
}

impl<T: Real, const D: usize> GjkStep<T, D> {
    /// A step of nothing, to fill storage with.
    pub(crate) const EMPTY: Self = Self {
        iteration: 0,
        simplex: Simplex::EMPTY,
        support: None,
        upper: T::ZERO,
        lower: T::ZERO,
        margins: T::ZERO,
    };

    /// The search direction of this iteration, `−v` (not normalised).
    ///
    /// # Example
    ///
    /// The support point of a step is the farthest point of `A − B`
    /// along its direction:
    ///
    /// ```
    /// use gjk::trace::{self, Recording};
    /// use gjk::{Cuboid, Config, Transformed, Vector};
    ///
    /// let square = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
    /// let moved = Transformed::translated(square, Vector::<f64, 2>::new(4.0, 1.0)).unwrap();
    /// let mut seen = Recording::<f64, 2, 16>::new();
    /// trace::distance(&square, &moved, &Config::default(), &mut seen).unwrap();
    /// for step in seen.gjk() {
    ///     let Some(s) = step.support else { continue };
    ///     let n = step.direction();
    ///     // The corners of A − B, a square of half-size 2 around (−4, −1).
    ///     for (x, y) in [(-2.0, -3.0), (-2.0, 1.0), (-6.0, -3.0), (-6.0, 1.0)] {
    ///         assert!(n.dot(&s.w) >= n.dot(&Vector::<f64, 2>::new(x, y)) - 1e-12);
    ///     }
    /// }
    /// ```
    #[must_use]
    pub fn direction(&self) -> SVector<T, D> {
        -self.simplex.closest_point()
    }
}

/// One EPA iteration, in the shapes' frame, on the cores.
///
/// # Example
///
/// Each expanded facet lies on its plane, `normal · x = distance`, and
/// the bracket holds the depth:
///
/// ```
/// use gjk::trace::{self, Recording};
/// use gjk::{Cuboid, Config, Transformed, Vector};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let sunk = Transformed::translated(cube, Vector::<f64, 3>::new(1.75, 0.0, 0.0)).unwrap();
/// let mut seen = Recording::<f64, 3, 64>::new();
/// trace::penetration(&cube, &sunk, &Config::default(), &mut seen).unwrap();
/// assert!(!seen.epa().is_empty());
/// for step in seen.epa() {
///     for x in &step.facet {
///         assert!((step.normal.dot(x) - step.distance).abs() < 1e-12);
///     }
///     assert!(step.lower <= 0.25 + 1e-12 && 0.25 <= step.upper + 1e-12);
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct EpaStep<T: Real, const D: usize> {
    /// 1 for the first expansion of a polytope. When a polytope is
    /// restarted (out of room, or broken by rounding), the count starts
    /// again.
    pub iteration: u32,
    /// The vertices of the facet expanded, the one nearest the origin
    /// (points of `A − B`; an edge in 2D, a triangle in 3D).
    pub facet: [SVector<T, D>; D],
    /// Its unit outward normal.
    pub normal: SVector<T, D>,
    /// The distance of its plane from the origin.
    pub distance: T,
    /// The support point found along the normal.
    pub support: SupportPoint<T, D>,
    /// The certified lower bound on the cores' depth after this step.
    pub lower: T,
    /// The least support value seen, an upper bound on the cores' depth.
    pub upper: T,
    /// How many vertices the polytope has.
    pub vertices: usize,
    /// How many facets are on its boundary.
    pub facets: usize,
}

impl<T: Real, const D: usize> EpaStep<T, D> {
    /// A step of nothing, to fill storage with.
    pub(crate) const EMPTY: Self = Self {
        iteration: 0,
        facet: [zero(); D],
        normal: zero(),
        distance: T::ZERO,
        support: SupportPoint::ZERO,
        lower: T::ZERO,
        upper: T::ZERO,
        vertices: 0,
        facets: 0,
    };
}

/// The zero vector, in a constant.
const fn zero<T: Real, const D: usize>() -> SVector<T, D> {
    SVector::from_array_storage(ArrayStorage([[T::ZERO; D]; 1]))
}

/// The polytope of an EPA step, to look at: every facet on its boundary
/// as its `D` vertices (points of `A − B`, in the shapes' frame), with its
/// unit outward normal (zero for a facet too thin to have one).
///
/// # Example
///
/// An observer that counts the facets it is shown, which
/// [`EpaStep::facets`] also reports:
///
/// ```
/// use gjk::trace::{self, EpaPolytope, EpaStep, Observer};
/// use gjk::{Cuboid, Config, Transformed, Vector};
///
/// struct Facets(Vec<(usize, usize)>);
///
/// impl Observer<f64, 3> for Facets {
///     fn epa_step(&mut self, step: &EpaStep<f64, 3>, polytope: &dyn EpaPolytope<f64, 3>) {
///         let mut count = 0;
///         polytope.for_each_facet(&mut |_, normal| {
///             assert!(normal.norm() == 0.0 || (normal.norm() - 1.0).abs() < 1e-12);
///             count += 1;
///         });
///         self.0.push((count, step.facets));
///     }
/// }
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let sunk = Transformed::translated(cube, Vector::<f64, 3>::new(1.5, 0.3, 0.0)).unwrap();
/// let mut seen = Facets(Vec::new());
/// trace::penetration(&cube, &sunk, &Config::default(), &mut seen).unwrap();
/// assert!(!seen.0.is_empty());
/// assert!(seen.0.iter().all(|(shown, reported)| shown == reported));
/// ```
pub trait EpaPolytope<T: Real, const D: usize> {
    /// Calls `visit` once per boundary facet.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::trace::{self, EpaPolytope, EpaStep, Observer};
    /// use gjk::{Cuboid, Config, Transformed, Vector};
    ///
    /// // EPA's polytope holds the origin: no facet plane passes behind it.
    /// struct Encloses(bool);
    /// impl Observer<f64, 3> for Encloses {
    ///     fn epa_step(&mut self, _: &EpaStep<f64, 3>, polytope: &dyn EpaPolytope<f64, 3>) {
    ///         polytope.for_each_facet(&mut |facet, normal| {
    ///             self.0 &= normal.dot(&facet[0]) >= -1e-12;
    ///         });
    ///     }
    /// }
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(1.0)).unwrap();
    /// let sunk = Transformed::translated(cube, Vector::<f64, 3>::new(1.5, 0.5, 0.0)).unwrap();
    /// let mut seen = Encloses(true);
    /// trace::penetration(&cube, &sunk, &Config::default(), &mut seen).unwrap();
    /// assert!(seen.0);
    /// ```
    fn for_each_facet(&self, visit: &mut FacetVisitor<'_, T, D>);
}

/// What [`EpaPolytope::for_each_facet`] calls: a facet's vertices and its
/// unit outward normal.
///
/// # Example
///
/// A visitor is any closure of that shape; here one that finds the
/// facet nearest the origin, the one EPA expands:
///
/// ```
/// use gjk::trace::{self, EpaPolytope, EpaStep, FacetVisitor, Observer};
/// use gjk::{Cuboid, Config, Transformed, Vector};
///
/// struct Nearest(Vec<(f64, f64)>);
///
/// impl Observer<f64, 3> for Nearest {
///     fn epa_step(&mut self, step: &EpaStep<f64, 3>, polytope: &dyn EpaPolytope<f64, 3>) {
///         let mut nearest = f64::INFINITY;
///         let visit: &mut FacetVisitor<'_, f64, 3> = &mut |facet, normal| {
///             if normal.norm() > 0.0 {
///                 nearest = nearest.min(normal.dot(&facet[0]));
///             }
///         };
///         polytope.for_each_facet(visit);
///         self.0.push((nearest, step.distance));
///     }
/// }
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let sunk = Transformed::translated(cube, Vector::<f64, 3>::new(1.5, 0.3, 0.0)).unwrap();
/// let mut seen = Nearest(Vec::new());
/// trace::penetration(&cube, &sunk, &Config::default(), &mut seen).unwrap();
/// for (nearest, expanded) in seen.0 {
///     assert!((nearest - expanded).abs() < 1e-9);
/// }
/// ```
pub type FacetVisitor<'v, T, const D: usize> = dyn FnMut(&[SVector<T, D>; D], &SVector<T, D>) + 'v;

/// What a traced query reports to, one call per iteration. Both methods
/// do nothing unless overridden.
///
/// # Example
///
/// An observer that keeps only the width of each GJK bracket, which
/// never grows:
///
/// ```
/// use gjk::trace::{self, GjkStep, Observer};
/// use gjk::{Config, hull::Polygon, Vector};
///
/// struct Widths(Vec<f64>);
///
/// impl Observer<f64, 2> for Widths {
///     fn gjk_step(&mut self, step: &GjkStep<f64, 2>) {
///         self.0.push(step.upper - step.lower);
///     }
/// }
///
/// let hexagon = Polygon::new(core::array::from_fn::<_, 6, _>(|i| {
///     let angle = i as f64 * core::f64::consts::PI / 3.0;
///     Vector::<f64, 2>::new(angle.cos(), angle.sin())
/// }))
/// .unwrap();
/// let points = [[3.0, 0.2], [5.0, -1.0], [5.0, 1.5]].map(Vector::<f64, 2>::from);
/// let triangle = Polygon::new(points).unwrap();
/// let mut widths = Widths(Vec::new());
/// trace::distance(&hexagon, &triangle, &Config::default(), &mut widths).unwrap();
/// assert!(widths.0.windows(2).all(|w| w[1] <= w[0]));
/// ```
pub trait Observer<T: Real, const D: usize> {
    /// A GJK iteration.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::trace::{self, GjkStep, Observer};
    /// use gjk::{distance, Config, Triangle, Vector};
    ///
    /// // Counts the iterations, as the answer does.
    /// struct Count(u32);
    /// impl Observer<f64, 2> for Count {
    ///     fn gjk_step(&mut self, _: &GjkStep<f64, 2>) {
    ///         self.0 += 1;
    ///     }
    /// }
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let a = Triangle::new(v(0.0, 0.0), v(1.0, -1.0), v(1.0, 1.0)).unwrap();
    /// let b = Triangle::new(v(3.0, 0.5), v(4.0, -1.0), v(4.0, 1.0)).unwrap();
    /// let mut count = Count(0);
    /// trace::distance(&a, &b, &Config::default(), &mut count).unwrap();
    /// assert_eq!(count.0, distance(&a, &b, &Config::default()).unwrap().iterations);
    /// ```
    fn gjk_step(&mut self, step: &GjkStep<T, D>) {
        let _ = step;
    }
    /// An EPA iteration, with the polytope as it is before the expansion.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::trace::{self, EpaPolytope, EpaStep, Observer};
    /// use gjk::{Cuboid, Config, Transformed, Vector};
    ///
    /// // Keeps the bracket of the last step: it holds the depth, 0.5.
    /// struct Last(f64, f64);
    /// impl Observer<f64, 3> for Last {
    ///     fn epa_step(&mut self, step: &EpaStep<f64, 3>, _: &dyn EpaPolytope<f64, 3>) {
    ///         (self.0, self.1) = (step.lower, step.upper);
    ///     }
    /// }
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(1.0)).unwrap();
    /// let sunk = Transformed::translated(cube, Vector::<f64, 3>::new(1.5, 0.0, 0.0)).unwrap();
    /// let mut last = Last(f64::NAN, f64::NAN);
    /// trace::penetration(&cube, &sunk, &Config::default(), &mut last).unwrap();
    /// assert!(last.0 <= 0.5 + 1e-12 && 0.5 <= last.1 + 1e-12);
    /// ```
    fn epa_step(&mut self, step: &EpaStep<T, D>, polytope: &dyn EpaPolytope<T, D>) {
        let _ = (step, polytope);
    }
}

/// Observes nothing.
impl<T: Real, const D: usize> Observer<T, D> for () {}
