//! A fixed-capacity record of a query's iterations.

use super::{EpaPolytope, EpaStep, GjkStep, Observer};
use crate::math::real::Real;

/// The first `N` GJK steps and the first `N` EPA steps of the queries it
/// observes, kept in place (no allocation), and how many more there were.
///
/// # Example
///
/// ```
/// use gjk::trace::{self, Recording};
/// use gjk::{Cuboid, Config, Transformed, Vector};
///
/// let cube = Cuboid::new(Vector::<f64, 3>::new(1.0, 1.0, 1.0)).unwrap();
/// let sunk = Transformed::translated(cube, Vector::<f64, 3>::new(1.5, 0.0, 0.0)).unwrap();
/// let mut seen = Recording::<f64, 3, 64>::new();
/// let p = trace::penetration(&cube, &sunk, &Config::default(), &mut seen);
/// let p = p.unwrap().unwrap();
/// assert!((p.depth - 0.5).abs() < 1e-12);
/// // GJK found the overlap, then EPA expanded its polytope towards the depth.
/// assert!(!seen.gjk().is_empty() && !seen.epa().is_empty());
/// assert_eq!((seen.gjk().len() + seen.epa().len()) as u32, p.iterations + 1);
/// let last = seen.epa().last().unwrap();
/// assert!(last.lower <= 0.5 + 1e-12 && 0.5 <= last.upper + 1e-12);
/// ```
#[derive(Clone, Debug)]
pub struct Recording<T: Real, const D: usize, const N: usize> {
    gjk: [GjkStep<T, D>; N],
    epa: [EpaStep<T, D>; N],
    gjk_len: usize,
    epa_len: usize,
    dropped: usize,
}

impl<T: Real, const D: usize, const N: usize> Recording<T, D, N> {
    /// An empty record.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::trace::Recording;
    ///
    /// let rec = Recording::<f64, 3, 16>::new();
    /// assert!(rec.gjk().is_empty() && rec.epa().is_empty());
    /// assert_eq!(rec.dropped(), 0);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self {
            gjk: [GjkStep::EMPTY; N],
            epa: [EpaStep::EMPTY; N],
            gjk_len: 0,
            epa_len: 0,
            dropped: 0,
        }
    }

    /// Forgets every step, to observe another query.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::trace::{self, Recording};
    /// use gjk::{Cuboid, Config, Transformed, Vector};
    ///
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(1.0)).unwrap();
    /// let sunk = Transformed::translated(cube, Vector::<f64, 3>::new(1.5, 0.0, 0.0)).unwrap();
    /// let mut rec = Recording::<f64, 3, 64>::new();
    /// trace::penetration(&cube, &sunk, &Config::default(), &mut rec).unwrap();
    /// assert!(!rec.gjk().is_empty());
    /// rec.clear();
    /// assert!(rec.gjk().is_empty() && rec.epa().is_empty() && rec.dropped() == 0);
    /// ```
    pub fn clear(&mut self) {
        *self = Self::new();
    }

    /// The GJK steps kept, in order.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::trace::{self, Recording};
    /// use gjk::{Config, Triangle, Vector};
    ///
    /// // Two triangles 2 apart along x: the steps' upper bounds come down to 2.
    /// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    /// let a = Triangle::new(v(0.0, 0.0), v(1.0, -1.0), v(1.0, 1.0)).unwrap();
    /// let b = Triangle::new(v(3.0, 0.0), v(4.0, -1.0), v(4.0, 1.0)).unwrap();
    /// let mut rec = Recording::<f64, 2, 16>::new();
    /// trace::distance(&a, &b, &Config::default(), &mut rec).unwrap();
    /// let steps = rec.gjk();
    /// assert!(steps.windows(2).all(|s| s[1].upper <= s[0].upper));
    /// assert!((steps.last().unwrap().upper - 2.0).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn gjk(&self) -> &[GjkStep<T, D>] {
        self.gjk.get(..self.gjk_len).unwrap_or(&[])
    }

    /// The EPA steps kept, in order.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::trace::{self, Recording};
    /// use gjk::{Cuboid, Config, Transformed, Vector};
    ///
    /// // Two unit cubes overlapping by 0.5: every EPA step brackets that depth.
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(1.0)).unwrap();
    /// let sunk = Transformed::translated(cube, Vector::<f64, 3>::new(1.5, 0.0, 0.0)).unwrap();
    /// let mut rec = Recording::<f64, 3, 64>::new();
    /// trace::penetration(&cube, &sunk, &Config::default(), &mut rec).unwrap();
    /// assert!(!rec.epa().is_empty());
    /// assert!(rec.epa().iter().all(|s| s.lower <= 0.5 + 1e-12 && 0.5 <= s.upper + 1e-12));
    /// ```
    #[must_use]
    pub fn epa(&self) -> &[EpaStep<T, D>] {
        self.epa.get(..self.epa_len).unwrap_or(&[])
    }

    /// How many steps did not fit.
    ///
    /// # Example
    ///
    /// ```
    /// use gjk::trace::{self, Recording};
    /// use gjk::{Cuboid, Config, Transformed, Vector};
    ///
    /// let cube = Cuboid::new(Vector::<f64, 3>::repeat(1.0)).unwrap();
    /// let sunk = Transformed::translated(cube, Vector::<f64, 3>::new(1.5, 0.0, 0.0)).unwrap();
    /// let mut small = Recording::<f64, 3, 1>::new();
    /// let mut large = Recording::<f64, 3, 64>::new();
    /// let cfg = Config::default();
    /// trace::penetration(&cube, &sunk, &cfg, &mut small).unwrap();
    /// trace::penetration(&cube, &sunk, &cfg, &mut large).unwrap();
    /// // One step of each kind kept; the rest counted.
    /// let all = large.gjk().len() + large.epa().len();
    /// assert_eq!(small.gjk().len() + small.epa().len() + small.dropped(), all);
    /// assert_eq!(large.dropped(), 0);
    /// ```
    #[must_use]
    pub fn dropped(&self) -> usize {
        self.dropped
    }
}

impl<T: Real, const D: usize, const N: usize> Default for Recording<T, D, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Real, const D: usize, const N: usize> Observer<T, D> for Recording<T, D, N> {
    fn gjk_step(&mut self, step: &GjkStep<T, D>) {
        match self.gjk.get_mut(self.gjk_len) {
            Some(slot) => {
                *slot = *step;
                self.gjk_len += 1;
            }
            None => self.dropped += 1,
        }
    }

    fn epa_step(&mut self, step: &EpaStep<T, D>, _: &dyn EpaPolytope<T, D>) {
        match self.epa.get_mut(self.epa_len) {
            Some(slot) => {
                *slot = *step;
                self.epa_len += 1;
            }
            None => self.dropped += 1,
        }
    }
}
