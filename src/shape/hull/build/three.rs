//! The spatial hull: quickhull (Barber, Dobkin & Huhdanpaa, "The Quickhull
//! Algorithm for Convex Hulls", ACM Transactions on Mathematical Software
//! 22(4), 1996) with exact orientations.
//!
//! # The algorithm
//!
//! 1. A first tetrahedron of four points not in one plane. Every other
//!    point goes to the *outside set* of one facet it lies strictly above,
//!    or is dropped when it lies above none (it is inside the tetrahedron).
//! 2. While some facet has a non-empty outside set, its *apex*, the point
//!    of the set farthest above it, is added: the facets that see the apex
//!    strictly (a connected patch found by a walk over facet neighbours) are
//!    removed, and the apex is joined to every *horizon* edge, where a
//!    visible facet meets one that does not see it. The outside points of
//!    the removed facets go to the first new facet they lie strictly above,
//!    or are dropped. A point above a removed facet but above no new facet
//!    is inside the new hull: the segment from a point inside a removed
//!    facet to it leaves the new hull above the removed facet's plane, where
//!    only new facets are.
//!
//! Every point is an apex at most once and every step takes one, so the loop
//! ends after at most `n` steps; the builder counts them and reports
//! [`ShapeError::Inconsistent`] rather than looping should a link be broken.
//!
//! # Exactness
//!
//! Every decision is an exact orientation ([`super::exact`]), so the patch
//! of visible facets is a disc with one boundary cycle and the result is a
//! closed, consistently oriented triangulation whose facets have every point
//! on or below their planes. The farthest point is chosen in floating point:
//! that choice only orders the work. A point on the hull's boundary is never
//! added (it lies strictly above no facet), but an added point can end up on
//! an edge or in a face of the final hull, when later points are coplanar
//! with it. [`super::extreme`] finds such vertices and, if there are any,
//! the hull is built again from the extreme vertices alone.
//!
//! # Planes
//!
//! Each facet keeps its normal `(b − a) × (c − a)` and the absolute values
//! of the products that form it, so that testing a point `p` against it is a
//! dot product with `p − a`: the same determinant, evaluated in the same
//! form (a row times the minors of the other two), as the filter of
//! [`super::exact`], with the same error bound on the same permanent. Only
//! points inside that bound go to the full exact predicate.
//!
//! # Storage
//!
//! Facets live in slots, recycled through a free list: at most `2n − 4`
//! facets are alive at a time (removed facets are freed before the new ones
//! are made), so `2n` slots are enough. The facets' vertices are kept in the
//! caller's facet storage, everything else in the work storage (the planes
//! as the bits of their `f64` values, [`PLANE_WORDS`] words a slot).

use super::defer::Defer;
use super::scaled::Scaled;
use super::slots::{get, put, NONE};
use crate::math::real::Real;
use crate::shape::ShapeError;

/// The stamp of a free slot.
pub(super) const DEAD: u32 = u32::MAX;

/// Facet slots for `n` points: `2n`, and at least the first tetrahedron's 4.
pub(super) const fn slots(n: usize) -> usize {
    let s = n.saturating_mul(2);
    if s < 8 {
        8
    } else {
        s
    }
}

/// Work words per slot for its plane: six `f64` (the normal and its
/// permanent's minors), two words each.
const PLANE_WORDS: usize = 12;

/// Work entries for `n` points: candidates, list links and horizon (`5n`),
/// and per slot neighbours (3), outside-set head, stamp, queue flag, patch
/// and queue entries (8 in all) and the plane ([`PLANE_WORDS`]).
pub(super) const fn work_needed(n: usize) -> usize {
    n.saturating_mul(5)
        .saturating_add(slots(n).saturating_mul(8 + PLANE_WORDS))
}

/// The quickhull state, all of it in borrowed storage.
pub(super) struct Quick<'s, 'p, T: Real> {
    pub(super) pts: Scaled<'p, T, 3>,
    /// The vertices of each slot's facet, counter-clockwise seen from outside.
    pub(super) tri: &'s mut [[u32; 3]],
    /// `nbr[f][i]`: the facet across edge `tri[f][i] → tri[f][i + 1]`.
    pub(super) nbr: &'s mut [[u32; 3]],
    /// The first point of each slot's outside set (its farthest), or `NONE`;
    /// for free slots, the next free slot.
    pub(super) head: &'s mut [u32],
    /// `DEAD`, or the step that last looked at the slot (see `Step`).
    pub(super) stamp: &'s mut [u32],
    /// 1 while the slot is in `pending`.
    queued: &'s mut [u32],
    /// The visible patch of the current step, then its new facets.
    pub(super) patch: &'s mut [u32],
    /// Slots that received outside points and may still have some.
    pending: &'s mut [u32],
    /// Horizon edges `[a, b, facet beyond]` of the current step.
    horizon: &'s mut [[u32; 3]],
    /// Per point: the next point in its outside set; for hull vertices, the
    /// new facet whose horizon edge starts there.
    pub(super) next: &'s mut [u32],
    /// Per slot: its facet's normal and the minors' magnitudes, as bits.
    pub(super) planes: &'s mut [[u32; PLANE_WORDS]],
    /// Slots ever used (the rest are untouched).
    pub(super) used: usize,
    /// The weld tolerance, scaled as the points (zero: exact; see
    /// [`super::weld`]).
    pub(super) weld: f64,
    /// Whether the deferred points wait (see [`run`](Self::run)).
    deferring: bool,
    free: u32,
    pending_len: usize,
}

/// The stamps of one step: facets seen visible, seen hidden, made new.
#[derive(Clone, Copy)]
struct Step {
    visible: u32,
    hidden: u32,
    new: u32,
}

impl Step {
    fn number(i: usize) -> Result<Self, ShapeError> {
        let base = u32::try_from(i)
            .ok()
            .and_then(|i| i.checked_mul(3))
            .and_then(|b| b.checked_add(1))
            .filter(|&b| b < DEAD - 3)
            .ok_or(ShapeError::TooLarge)?;
        Ok(Self {
            visible: base,
            hidden: base + 1,
            new: base + 2,
        })
    }
}

/// Splits `len` entries off the front of `rest`.
fn take<'w>(rest: &mut &'w mut [u32], len: usize) -> Result<&'w mut [u32], ShapeError> {
    let (head, tail) = core::mem::take(rest)
        .split_at_mut_checked(len)
        .ok_or(ShapeError::StorageTooSmall)?;
    *rest = tail;
    Ok(head)
}

/// Splits `len` triples off the front of `rest`.
fn take3<'w>(rest: &mut &'w mut [u32], len: usize) -> Result<&'w mut [[u32; 3]], ShapeError> {
    let flat = take(rest, len.checked_mul(3).ok_or(ShapeError::TooLarge)?)?;
    Ok(flat.as_chunks_mut::<3>().0)
}

impl<'s, 'p, T: Real> Quick<'s, 'p, T> {
    /// The state for `points`, in `facets` (at least [`slots`]) and `work`
    /// (after the `n` candidate entries, which the caller keeps).
    pub(super) fn new(
        pts: Scaled<'p, T, 3>,
        facets: &'s mut [[u32; 3]],
        mut work: &'s mut [u32],
    ) -> Result<Self, ShapeError> {
        let n = pts.len();
        let s = slots(n);
        Ok(Self {
            pts,
            tri: facets.get_mut(..s).ok_or(ShapeError::StorageTooSmall)?,
            nbr: take3(&mut work, s)?,
            head: take(&mut work, s)?,
            stamp: take(&mut work, s)?,
            queued: take(&mut work, s)?,
            patch: take(&mut work, s)?,
            pending: take(&mut work, s)?,
            horizon: take3(&mut work, n)?,
            next: take(&mut work, n)?,
            planes: take(
                &mut work,
                s.checked_mul(PLANE_WORDS).ok_or(ShapeError::TooLarge)?,
            )?
            .as_chunks_mut::<PLANE_WORDS>()
            .0,
            used: 0,
            weld: 0.0,
            deferring: false,
            free: NONE,
            pending_len: 0,
        })
    }

    /// Builds the hull of the points listed in `cand`, from a first
    /// tetrahedron of the first `seeds` if they span space; the points
    /// `defer` names are added after all others.
    pub(super) fn run(
        &mut self,
        cand: &[u32],
        seeds: usize,
        defer: Defer<'_>,
    ) -> Result<(), ShapeError> {
        self.used = 0;
        self.free = NONE;
        self.pending_len = 0;
        self.queued.fill(0);
        // A second pass must not read the first one's stamps.
        self.stamp.fill(DEAD);
        let first = match self.first_tetrahedron(cand.get(..seeds).unwrap_or(cand)) {
            Err(ShapeError::Degenerate | ShapeError::Empty) if seeds < cand.len() => {
                self.first_tetrahedron(cand)?
            }
            other => other?,
        };
        for &p in cand {
            if !first.contains(&p) {
                self.assign(p, &[0, 1, 2, 3], defer)?;
            }
        }
        self.deferring = defer.0.is_some();
        // Every step adds one point as a vertex, or welds it (drops it); one
        // more turns to the deferred points.
        for step in 1..=cand.len().saturating_add(2) {
            let Some(f) = self.next_pending(defer)? else {
                if core::mem::take(&mut self.deferring) {
                    self.enqueue_all()?;
                    continue;
                }
                return Ok(());
            };
            self.add_apex(f, Step::number(step)?, defer)?;
        }
        Err(ShapeError::Inconsistent)
    }

    /// A free slot, stamped `stamp`, with an empty outside set.
    pub(super) fn alloc(&mut self, stamp: u32) -> Result<u32, ShapeError> {
        let f = if self.free != NONE {
            let f = self.free;
            self.free = get(self.head, f as usize)?;
            f
        } else {
            let f = u32::try_from(self.used).map_err(|_| ShapeError::TooLarge)?;
            if self.used >= self.tri.len() {
                return Err(ShapeError::Inconsistent);
            }
            self.used += 1;
            f
        };
        put(self.head, f as usize, NONE)?;
        put(self.stamp, f as usize, stamp)?;
        Ok(f)
    }

    /// Returns slot `f` to the free list.
    fn release(&mut self, f: u32) -> Result<(), ShapeError> {
        put(self.stamp, f as usize, DEAD)?;
        put(self.head, f as usize, self.free)?;
        self.free = f;
        Ok(())
    }

    /// Stores facet `f` with vertices `face`, and its plane.
    pub(super) fn make_facet(&mut self, f: u32, face: [u32; 3]) -> Result<(), ShapeError> {
        put(self.tri, f as usize, face)?;
        let [a, b, c] = face;
        let pa = self.pts.at(a)?;
        let (r0, r1) = (sub(&self.pts.at(b)?, &pa), sub(&self.pts.at(c)?, &pa));
        let products = [
            (r0[1] * r1[2], r0[2] * r1[1]),
            (r0[2] * r1[0], r0[0] * r1[2]),
            (r0[0] * r1[1], r0[1] * r1[0]),
        ];
        let mut words = [0; PLANE_WORDS];
        for (k, (x, y)) in products.into_iter().enumerate() {
            for (j, value) in [(k, x - y), (k + 3, x.abs() + y.abs())] {
                let bits = value.to_bits();
                put(&mut words, 2 * j, (bits >> 32) as u32)?;
                put(&mut words, 2 * j + 1, bits as u32)?;
            }
        }
        put(self.planes, f as usize, words)
    }

    /// Puts `p` in the outside set of the first of `facets` it lies strictly
    /// above; drops it when there is none.
    fn assign(&mut self, p: u32, facets: &[u32], defer: Defer<'_>) -> Result<(), ShapeError> {
        let q = self.pts.at(p)?;
        for &f in facets {
            let (h, side) = self.height(f, p, &q)?;
            if side > 0 {
                return self.add_outside(f, p, h, defer);
            }
        }
        Ok(())
    }

    /// Adds `p`, `height` above `f`, to the outside set of `f`, first if it
    /// is the farthest (of the points not deferred, if there are any).
    fn add_outside(
        &mut self,
        f: u32,
        p: u32,
        height: f64,
        defer: Defer<'_>,
    ) -> Result<(), ShapeError> {
        let h = get(self.head, f as usize)?;
        if h == NONE {
            put(self.next, p as usize, NONE)?;
            put(self.head, f as usize, p)?;
        } else if (defer.rank(p), height) > (defer.rank(h), self.lift(f, &self.pts.at(h)?)?.0) {
            put(self.next, p as usize, h)?;
            put(self.head, f as usize, p)?;
        } else {
            put(self.next, p as usize, get(self.next, h as usize)?)?;
            put(self.next, h as usize, p)?;
        }
        self.enqueue(f)
    }

    /// Lists `f` among the facets that may have outside points.
    pub(super) fn enqueue(&mut self, f: u32) -> Result<(), ShapeError> {
        if get(self.queued, f as usize)? == 0 {
            put(self.queued, f as usize, 1)?;
            put(self.pending, self.pending_len, f)?;
            self.pending_len += 1;
        }
        Ok(())
    }

    /// The next live facet with a non-empty outside set (whose farthest
    /// point is not deferred, while deferring).
    fn next_pending(&mut self, defer: Defer<'_>) -> Result<Option<u32>, ShapeError> {
        while let Some(top) = self.pending_len.checked_sub(1) {
            self.pending_len = top;
            let f = get(self.pending, top)?;
            put(self.queued, f as usize, 0)?;
            let (live, head) = (
                get(self.stamp, f as usize)? != DEAD,
                get(self.head, f as usize)?,
            );
            if live && head != NONE && !(self.deferring && defer.rank(head) == 0) {
                return Ok(Some(f));
            }
        }
        Ok(None)
    }

    /// Adds the farthest outside point of facet `f` to the hull.
    fn add_apex(&mut self, f: u32, step: Step, defer: Defer<'_>) -> Result<(), ShapeError> {
        let p = get(self.head, f as usize)?;
        put(self.head, f as usize, get(self.next, p as usize)?)?;
        let (visible, edges) = self.visible_patch(f, p, step)?;
        // A point within the weld tolerance of the hull is dropped instead.
        if self.weld > 0.0 && self.welds(p, visible)? {
            return self.keep_farthest_first(f);
        }
        // The outside points of the patch, in one list; then free the patch.
        let mut orphans = NONE;
        let n = self.next.len();
        for i in 0..visible {
            let g = get(self.patch, i)?;
            let mut q = get(self.head, g as usize)?;
            for _ in 0..=n {
                if q == NONE {
                    break;
                }
                let after = get(self.next, q as usize)?;
                put(self.next, q as usize, orphans)?;
                orphans = q;
                q = after;
            }
            if q != NONE {
                return Err(ShapeError::Inconsistent);
            }
            self.release(g)?;
        }
        self.cone(p, edges, step)?;
        // Each orphan goes to a new facet (now listed in `patch`) or is inside.
        // A copy of the apex is on the hull, above no facet: every new facet
        // has the apex as a vertex, so it is dropped at once rather than put
        // to the exact predicate once per new facet.
        let apex = self.pts.at(p)?;
        let mut q = orphans;
        for _ in 0..=n {
            if q == NONE {
                return Ok(());
            }
            let after = get(self.next, q as usize)?;
            let at_q = self.pts.at(q)?;
            if at_q == apex {
                q = after;
                continue;
            }
            // Every new facet ends at the apex: one offset for all.
            let r = sub(&at_q, &apex);
            for i in 0..edges {
                let h = get(self.patch, i)?;
                let (height, side) = self.height_from(h, q, &r)?;
                if side > 0 {
                    self.add_outside(h, q, height, defer)?;
                    break;
                }
            }
            q = after;
        }
        Err(ShapeError::Inconsistent)
    }

    /// The facets `p` lies strictly above, from `f` (listed in `patch`), and
    /// the horizon edges around them (in `horizon`); returns both counts.
    fn visible_patch(&mut self, f: u32, p: u32, step: Step) -> Result<(usize, usize), ShapeError> {
        let at_p = self.pts.at(p)?;
        put(self.stamp, f as usize, step.visible)?;
        put(self.patch, 0, f)?;
        let (mut visible, mut edges, mut read) = (1, 0, 0);
        // Each slot enters the patch at most once.
        while read < visible {
            let g = get(self.patch, read)?;
            read += 1;
            let (tg, ng) = (get(self.tri, g as usize)?, get(self.nbr, g as usize)?);
            for i in 0..3 {
                let k = ng[i];
                let s = get(self.stamp, k as usize)?;
                if s == step.visible {
                    continue;
                }
                if s == DEAD {
                    return Err(ShapeError::Inconsistent);
                }
                if s != step.hidden {
                    if self.height(k, p, &at_p)?.1 > 0 {
                        put(self.stamp, k as usize, step.visible)?;
                        put(self.patch, visible, k)?;
                        visible += 1;
                        continue;
                    }
                    put(self.stamp, k as usize, step.hidden)?;
                }
                put(self.horizon, edges, [tg[i], tg[(i + 1) % 3], k])?;
                edges += 1;
            }
        }
        Ok((visible, edges))
    }

    /// Joins `p` to the `edges` horizon edges: one new facet each, linked to
    /// the facet beyond its edge and to its two new neighbours. The new
    /// facets are listed in `patch`.
    fn cone(&mut self, p: u32, edges: usize, step: Step) -> Result<(), ShapeError> {
        for e in 0..edges {
            let [a, b, beyond] = get(self.horizon, e)?;
            // One horizon edge starts at each horizon vertex (checked before
            // a slot that `next[a]` may still name is reused).
            if self.starts_at(get(self.next, a as usize)?, a, step)? {
                return Err(ShapeError::Inconsistent);
            }
            let h = self.alloc(step.new)?;
            self.make_facet(h, [a, b, p])?;
            put(self.nbr, h as usize, [beyond, NONE, NONE])?;
            let tb = get(self.tri, beyond as usize)?;
            let j = edge_index(&tb, b, a).ok_or(ShapeError::Inconsistent)?;
            let mut nb = get(self.nbr, beyond as usize)?;
            *nb.get_mut(j).ok_or(ShapeError::Inconsistent)? = h;
            put(self.nbr, beyond as usize, nb)?;
            put(self.next, a as usize, h)?;
            put(self.patch, e, h)?;
        }
        for e in 0..edges {
            let h = get(self.patch, e)?;
            let b = get(self.tri, h as usize)?[1];
            let h2 = get(self.next, b as usize)?;
            if !self.starts_at(h2, b, step)? {
                return Err(ShapeError::Inconsistent);
            }
            let mut nh = get(self.nbr, h as usize)?;
            nh[1] = h2;
            put(self.nbr, h as usize, nh)?;
            let mut n2 = get(self.nbr, h2 as usize)?;
            n2[2] = h;
            put(self.nbr, h2 as usize, n2)?;
        }
        Ok(())
    }

    /// Whether `h` is a facet made in this step whose horizon edge starts
    /// at `a` (a stale index is not).
    fn starts_at(&self, h: u32, a: u32, step: Step) -> Result<bool, ShapeError> {
        Ok((h as usize) < self.used
            && self.stamp.get(h as usize) == Some(&step.new)
            && get(self.tri, h as usize)?[0] == a)
    }
}

/// The position `i` of edge `u → v` in a facet (`facet[i] = u`,
/// `facet[i + 1] = v`).
pub(super) fn edge_index(facet: &[u32; 3], u: u32, v: u32) -> Option<usize> {
    (0..3).find(|&i| facet[i] == u && facet[(i + 1) % 3] == v)
}

/// `a − b`.
pub(super) fn sub(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
