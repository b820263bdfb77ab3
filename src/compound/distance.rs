//! The closest pair of pieces, and whether any pair intersects.

use crate::engine::config::{Config, Error};
use crate::math::real::Real;
use crate::query::distance::{distance, intersects, Distance};

use super::pieces::{pairs_with_gaps, Pieces};

/// The distance between two sides of a compound query: the answer for
/// the closest pair of pieces, which pair it is, and a bracket for all.
///
/// `distance.distance`, its witnesses and normal are those of pieces
/// `piece_a` and `piece_b`. `distance.upper` is that pair's upper bound,
/// an upper bound for the sides; `distance.lower` is the least lower bound
/// of the pairs asked (each pair skipped had its boxes farther apart than
/// `upper`), a lower bound for the sides. When another pair's bracket
/// reaches below the closest pair's, `distance.status` is that pair's
/// status: which pair is closest is then not proven.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceDistance<T: Real, const D: usize> {
    /// The piece of A in the closest pair.
    pub piece_a: usize,
    /// The piece of B in the closest pair.
    pub piece_b: usize,
    /// The closest pair's answer, with the bracket over every pair.
    pub distance: Distance<T, D>,
}

/// The distance between the pieces of `a` and those of `b`: the closest
/// pair, found with pairs skipped by their boxes.
///
/// The pair whose boxes are nearest is asked first, which usually gives a
/// tight upper bound at once; every other pair whose boxes are closer
/// than the best upper bound so far is then asked.
///
/// # Errors
///
/// The first error of a pair asked (see [`distance`]);
/// [`Error::InvalidConfig`] when a side has no pieces.
///
/// # Example
///
/// ```
/// use gjk::compound::{pieces_distance, Compound, Part};
/// use gjk::nalgebra::Isometry2;
/// use gjk::{Ball, Config, Transformed, Vector};
///
/// // A dumbbell: two discs 4 apart.
/// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
/// let disc = |x| Part::new(Transformed::translated(Ball::new(v(0.0, 0.0), 1.0).unwrap(), v(x, 0.0)).unwrap()).unwrap();
/// let bell = Compound::new([disc(-2.0), disc(2.0)]).unwrap();
/// let (a, b) = (bell.placed(&Isometry2::identity()), bell.placed(&Isometry2::translation(3.0, 3.0)));
/// let d = pieces_distance(&a, &b, &Config::default()).unwrap();
/// assert_eq!((d.piece_a, d.piece_b), (1, 0)); // the right disc of A, the left of B
/// assert!((d.distance.distance - ((1.0f64 + 9.0).sqrt() - 2.0)).abs() < 1e-12);
/// ```
pub fn pieces_distance<T: Real, const D: usize>(
    a: &impl Pieces<T, D>,
    b: &impl Pieces<T, D>,
    config: &Config<T, D>,
) -> Result<PieceDistance<T, D>, Error> {
    let ask = |i: usize, j: usize| -> Result<Option<Distance<T, D>>, Error> {
        match (a.piece(i), b.piece(j)) {
            (Some(x), Some(y)) => distance(&x, &y, config).map(Some),
            _ => Ok(None),
        }
    };
    let nearest =
        pairs_with_gaps(a, b).fold(None, |best: Option<(usize, usize, T)>, pair| match best {
            Some((_, _, g)) if g <= pair.2 => best,
            _ => Some(pair),
        });
    let (i0, j0, _) = nearest.ok_or(Error::InvalidConfig)?;
    let first = ask(i0, j0)?.ok_or(Error::InvalidConfig)?;
    let mut best = PieceDistance {
        piece_a: i0,
        piece_b: j0,
        distance: first,
    };
    let mut lowest = first;
    for (i, j, gap) in pairs_with_gaps(a, b) {
        if (i, j) == (i0, j0) || gap > best.distance.upper {
            continue;
        }
        let Some(d) = ask(i, j)? else { continue };
        if d.lower < lowest.lower {
            lowest = d;
        }
        if d.distance < best.distance.distance {
            best = PieceDistance {
                piece_a: i,
                piece_b: j,
                distance: d,
            };
        }
    }
    if lowest.lower < best.distance.lower {
        best.distance.lower = lowest.lower;
        best.distance.status = lowest.status;
    }
    Ok(best)
}

/// Whether any piece of `a` intersects any piece of `b` (touching counts),
/// as [`intersects`] decides it for each pair whose boxes meet.
///
/// # Errors
///
/// The first error of a pair asked (see [`intersects`]).
///
/// # Example
///
/// ```
/// use gjk::compound::{pieces_intersect, Compound, Part, Single};
/// use gjk::nalgebra::Isometry2;
/// use gjk::{Ball, Config, Cuboid, Transformed, Vector};
///
/// // An L of two bars, and a ball in its crook: near both, touching neither.
/// let v = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
/// let bar = |h, at| Part::new(Transformed::translated(Cuboid::new(h).unwrap(), at).unwrap()).unwrap();
/// let l = Compound::new([bar(v(2.0, 0.1), v(2.0, 0.0)), bar(v(0.1, 2.0), v(0.0, 2.0))]).unwrap();
/// let placed = l.placed(&Isometry2::identity());
/// let ball = Ball::new(v(1.0, 1.0), 0.8).unwrap();
/// let config = Config::default();
/// assert!(!pieces_intersect(&placed, &Single::new(&ball).unwrap(), &config).unwrap());
/// let big = Ball::new(v(1.0, 1.0), 0.95).unwrap();
/// assert!(pieces_intersect(&placed, &Single::new(&big).unwrap(), &config).unwrap());
/// ```
pub fn pieces_intersect<T: Real, const D: usize>(
    a: &impl Pieces<T, D>,
    b: &impl Pieces<T, D>,
    config: &Config<T, D>,
) -> Result<bool, Error> {
    for (i, j, gap) in pairs_with_gaps(a, b) {
        if gap > T::zero() {
            continue;
        }
        if let (Some(x), Some(y)) = (a.piece(i), b.piece(j))
            && intersects(&x, &y, config)?
        {
            return Ok(true);
        }
    }
    Ok(false)
}
