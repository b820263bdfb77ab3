//! One facet of the expanding polytope: as the polytope stores it, and as
//! the rest of EPA reads it.
//!
//! A facet's plane is its unit normal `n` and two offsets computed from its
//! vertices `yᵢ`: the mean of `n · yᵢ` (the plane's distance from the
//! origin) and the least of them net of rounding (a certified bound, see
//! [`Polytope::closest_facet`](super::Polytope::closest_facet)). The
//! speed-first build stores all three. Built size first
//! ([`SIZE_FIRST`](crate::math::SIZE_FIRST)), the offsets are recomputed
//! from the vertices whenever the facet is read (`D` dot products each, to
//! the same bits as when stored), and its indices are bytes: a facet of
//! `f32` in 3D takes 20 bytes instead of 36.

use nalgebra::{ArrayStorage, SVector};

use crate::engine::certified_offset;
use crate::math::real::Real;

/// An index of a vertex or a facet as a facet stores it: a byte when built
/// size first, else two. The room a polytope uses is its capacity up to
/// [`ROOM`] slots of each.
#[cfg(feature = "small")]
pub(crate) type Index = u8;
/// An index of a vertex or a facet as a facet stores it: a byte when built
/// size first, else two. The room a polytope uses is its capacity up to
/// [`ROOM`] slots of each.
#[cfg(not(feature = "small"))]
pub(crate) type Index = u16;

/// The most vertices, and the most facets, an [`Index`] can number.
pub(crate) const ROOM: usize = Index::MAX as usize + 1;

/// A facet's slot is unused.
pub(super) const DEAD: u8 = 0;
/// A facet is on the boundary.
pub(super) const LIVE: u8 = 1;
/// A facet sees the point being added and is about to be removed.
pub(super) const DOOMED: u8 = 2;

/// One `(D − 1)`-simplex of the boundary, with its plane.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Facet<T: Real, const D: usize> {
    pub vertices: [Index; D],
    pub adjacent: [Index; D],
    /// Unit outward normal; zero for a facet too degenerate to have one.
    pub normal: SVector<T, D>,
    /// Signed distance of the facet's hyperplane from the origin.
    pub distance: T,
    /// A certified lower bound on the distance from the origin to the facet
    /// (the simplex, not its plane): see
    /// [`Polytope::closest_facet`](super::Polytope::closest_facet).
    pub bound: T,
    pub(super) state: u8,
    /// Whether `normal` is a unit normal (not zero).
    pub(super) oriented: bool,
}

impl<T: Real, const D: usize> Facet<T, D> {
    /// An unused facet (also what a lookup out of range reads).
    pub(super) const EMPTY: Self = Self {
        vertices: [0; D],
        adjacent: [0; D],
        normal: SVector::from_array_storage(ArrayStorage([[T::ZERO; D]; 1])),
        distance: T::ZERO,
        bound: T::ZERO,
        state: DEAD,
        oriented: false,
    };

    /// Whether the facet has a normal (it is not too thin to have one).
    #[must_use]
    pub fn has_normal(&self) -> bool {
        self.oriented
    }

    /// Whether the facet is on the boundary and has a normal.
    #[must_use]
    pub fn is_candidate(&self) -> bool {
        self.state == LIVE && self.has_normal()
    }
}

/// The offsets of the plane with unit normal `normal` through points `ys`:
/// the mean of `normal · y` and their least, net of its rounding (the
/// largest finite value for both when there is no normal).
pub(super) fn offsets<T: Real, const D: usize>(
    normal: &SVector<T, D>,
    oriented: bool,
    ys: &[SVector<T, D>; D],
) -> (T, T) {
    let far = T::max_value().unwrap_or(T::one());
    if !oriented {
        return (far, far);
    }
    let (mut sum, mut least) = (T::zero(), far);
    for y in ys {
        sum += normal.dot(y);
        least = least.min(certified_offset(normal, y));
    }
    (sum / T::from_usize(D).unwrap_or(T::one()), least)
}

/// A facet as the polytope stores it: all of it.
#[cfg(not(feature = "small"))]
pub(super) type Stored<T, const D: usize> = Facet<T, D>;

/// A facet as the polytope stores it when built size first: no offsets.
#[cfg(feature = "small")]
#[derive(Clone, Copy, Debug)]
pub(super) struct Stored<T: Real, const D: usize> {
    pub vertices: [Index; D],
    pub adjacent: [Index; D],
    pub normal: SVector<T, D>,
    pub state: u8,
    pub oriented: bool,
}

#[cfg(not(feature = "small"))]
impl<T: Real, const D: usize> Facet<T, D> {
    /// The facet stored.
    #[inline(always)]
    pub(super) fn stored(self) -> Self {
        self
    }

    /// The facet read, its vertices' points of `A − B` given by `w`.
    #[inline(always)]
    pub(super) fn read(&self, _w: impl Fn(Index) -> SVector<T, D>) -> Self {
        *self
    }

    /// Sets the facet's normal, and the offsets of its plane through `ys`.
    pub(super) fn set_plane(
        &mut self,
        normal: SVector<T, D>,
        oriented: bool,
        ys: &[SVector<T, D>; D],
    ) {
        (self.distance, self.bound) = offsets(&normal, oriented, ys);
        (self.normal, self.oriented) = (normal, oriented);
    }
}

#[cfg(feature = "small")]
impl<T: Real, const D: usize> Facet<T, D> {
    /// The facet stored: its offsets dropped.
    pub(super) fn stored(self) -> Stored<T, D> {
        let Self {
            vertices,
            adjacent,
            normal,
            state,
            oriented,
            ..
        } = self;
        Stored {
            vertices,
            adjacent,
            normal,
            state,
            oriented,
        }
    }
}

#[cfg(feature = "small")]
impl<T: Real, const D: usize> Stored<T, D> {
    /// The facet read: its offsets recomputed from its vertices' points of
    /// `A − B`, given by `w`.
    pub(super) fn read(&self, w: impl Fn(Index) -> SVector<T, D>) -> Facet<T, D> {
        let (distance, bound) = offsets(&self.normal, self.oriented, &self.vertices.map(w));
        Facet {
            vertices: self.vertices,
            adjacent: self.adjacent,
            normal: self.normal,
            distance,
            bound,
            state: self.state,
            oriented: self.oriented,
        }
    }

    /// Sets the facet's normal (its offsets are read from `ys` when needed).
    pub(super) fn set_plane(
        &mut self,
        normal: SVector<T, D>,
        oriented: bool,
        _ys: &[SVector<T, D>; D],
    ) {
        (self.normal, self.oriented) = (normal, oriented);
    }

    /// Whether the facet has a normal.
    pub fn has_normal(&self) -> bool {
        self.oriented
    }
}
