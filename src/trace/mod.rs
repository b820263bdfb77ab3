//! Watching a query work: every GJK iteration and every EPA expansion,
//! reported to an [`Observer`] as the query runs.
//!
//! GJK (Gilbert, Johnson & Keerthi, *A fast procedure for computing the
//! distance between complex objects in three-dimensional space*, IEEE J.
//! Robotics and Automation, 1988) keeps a simplex of points of the
//! Minkowski difference `A − B` and, each iteration, asks the shapes for
//! their support points along `−v`, `v` the simplex's point closest to
//! the origin. The distance lies between the lower bound those support
//! points prove and `‖v‖`. EPA (van den Bergen, *Proximity queries and
//! penetration depth computation on 3D game objects*, GDC 2001) grows a
//! polytope inside `A − B` around the origin by expanding, each iteration,
//! its facet nearest the origin. A [`GjkStep`] and an [`EpaStep`] are one
//! such iteration, seen from outside: enough to draw it, or to see why a
//! query answered what it did.
//!
//! The traced queries here ([`distance`], [`intersects`], [`penetration`])
//! run the same code as the untraced ones in the crate root and return
//! the same answers bit for bit; the untraced ones pass `()`, whose
//! reports compile to nothing. Every value is in the shapes' own frame
//! (the kernel's power-of-two scaling undone), on the *cores*: the margins
//! of rounded shapes, balls and capsules are not in the points, and
//! [`GjkStep::margins`] says how much to take off a core distance.
//!
//! The example `examples/svg` draws a traced query (`cargo run --example
//! svg -- dir`): here a distance between a hexagon and a rounded triangle,
//! with the shapes and the answer's witness points on the left, the
//! Minkowski difference of the cores with every simplex on the right, and
//! the bracket each iteration proved below.
//!
#![doc = include_str!("../../docs/pictures/distance.svg")]
//!
//! A pair answered in closed form (two point cores, such as a ball against
//! a box, or two boxes for `intersects`) runs no iterations and reports
//! none. No allocation: a [`Recording`] keeps up to `N` steps in place, and
//! a custom observer decides what to keep.
//!
//! ```
//! use gjk::trace::{self, Recording};
//! use gjk::{Cuboid, Config, hull::Polygon, Transformed, Vector};
//!
//! let square = Cuboid::new(Vector::<f64, 2>::new(1.0, 1.0)).unwrap();
//! let points = [[3.0, 0.0], [5.0, -1.0], [5.0, 1.0]].map(Vector::<f64, 2>::from);
//! let triangle = Polygon::new(points).unwrap();
//! let mut seen = Recording::<f64, 2, 16>::new();
//! let d = trace::distance(&square, &triangle, &Config::default(), &mut seen).unwrap();
//! assert!((d.distance - 2.0).abs() < 1e-12);
//! // One step per iteration, its bounds closing in on the distance.
//! assert_eq!(seen.gjk().len() as u32, d.iterations);
//! let last = seen.gjk().last().unwrap();
//! assert!(last.lower <= 2.0 + 1e-12 && 2.0 <= last.upper + 1e-12);
//! ```

mod observer;
mod recording;
mod watch;

pub use observer::{EpaPolytope, EpaStep, FacetVisitor, GjkStep, Observer};
pub use recording::Recording;
pub(crate) use watch::Scaled;

use crate::engine::config::{Config, Error};
use crate::epa::{
    default_room, DEFAULT_EPA_FACETS, DEFAULT_EPA_VERTICES, FULL_EPA_FACETS, FULL_EPA_VERTICES,
};
use crate::math::real::Real;
use crate::query::contact::{signed_watched, Contact, Penetration};
use crate::query::distance::{distance_watched, intersects_watched, Distance};
use crate::shape::SupportMap;

/// [`crate::distance`], reporting every iteration to `observer`.
///
/// # Errors
///
/// As for [`crate::distance`].
///
/// # Example
///
/// The traced answer is the untraced one, value for value:
///
/// ```
/// use gjk::trace::{self, Recording};
/// use gjk::{distance, Cuboid, Config, Transformed, Vector};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 2.0, 0.5)).unwrap();
/// let rotation = gjk::nalgebra::Rotation3::from_euler_angles(0.3, 0.2, 0.1);
/// let turned = Transformed::new(cube, *rotation.matrix(), Vector::<f64, 3>::new(3.0, 1.0, 0.0));
/// let turned = turned.unwrap();
/// let config = Config::default();
/// let mut seen = Recording::<f64, 3, 32>::new();
/// let traced = trace::distance(&cube, &turned, &config, &mut seen).unwrap();
/// let plain = distance(&cube, &turned, &config).unwrap();
/// assert_eq!(traced, plain);
/// assert_eq!(seen.gjk().len() as u32, plain.iterations);
/// ```
pub fn distance<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    config: &Config<T, D>,
    observer: &mut impl Observer<T, D>,
) -> Result<Distance<T, D>, Error> {
    distance_watched(a, b, config, &mut Scaled::new(observer))
}

/// [`crate::intersects`], reporting every iteration to `observer`.
///
/// # Errors
///
/// As for [`crate::intersects`].
///
/// # Example
///
/// The last step of an overlap searches no support point: its simplex
/// holds the origin or, for rounded shapes, already comes within the sum
/// of the margins, as here (the cores' upper bound below 0.5):
///
/// ```
/// use gjk::trace::{self, Recording};
/// use gjk::{Capsule, Config, Vector};
///
/// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
/// let capsule = Capsule::new(v(-1.0, 0.0), v(1.0, 0.0), 0.25).unwrap();
/// let other = Capsule::new(v(0.5, -1.0), v(0.5, 1.0), 0.25).unwrap();
/// let mut seen = Recording::<f64, 2, 16>::new();
/// assert!(trace::intersects(&capsule, &other, &Config::default(), &mut seen).unwrap());
/// let last = seen.gjk().last().unwrap();
/// assert_eq!(last.margins, 0.5);
/// assert!(last.support.is_none() && last.upper < last.margins);
/// ```
pub fn intersects<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    config: &Config<T, D>,
    observer: &mut impl Observer<T, D>,
) -> Result<bool, Error> {
    intersects_watched(a, b, config, &mut Scaled::new(observer))
}

/// [`crate::penetration`], reporting every GJK and EPA iteration to
/// `observer`.
///
/// # Errors
///
/// As for [`crate::penetration`].
///
/// # Example
///
/// Shapes apart report only GJK steps; `None` says they are proven apart:
///
/// ```
/// use gjk::trace::{self, Recording};
/// use gjk::{Cuboid, Config, Transformed, Vector};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let apart = Transformed::translated(cube, Vector::<f64, 3>::new(2.5, 1.0, 0.0)).unwrap();
/// let mut seen = Recording::<f64, 3, 32>::new();
/// let p = trace::penetration(&cube, &apart, &Config::default(), &mut seen).unwrap();
/// assert!(p.is_none());
/// assert!(seen.epa().is_empty());
/// assert!(seen.gjk().last().is_some_and(|step| step.lower > 0.0));
/// ```
pub fn penetration<T: Real, const D: usize>(
    a: &(impl SupportMap<T, D> + ?Sized),
    b: &(impl SupportMap<T, D> + ?Sized),
    config: &Config<T, D>,
    observer: &mut impl Observer<T, D>,
) -> Result<Option<Penetration<T, D>>, Error> {
    let watch = &mut Scaled::new(observer);
    let signed = if default_room(D) {
        signed_watched::<T, D, DEFAULT_EPA_VERTICES, DEFAULT_EPA_FACETS>(
            a,
            b,
            T::zero(),
            config,
            watch,
        )
    } else {
        signed_watched::<T, D, FULL_EPA_VERTICES, FULL_EPA_FACETS>(a, b, T::zero(), config, watch)
    }?;
    let contact = signed.map(Contact::from_signed).transpose()?;
    Ok(contact.map(|c| c.penetration()))
}
