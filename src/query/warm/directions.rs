//! The search directions of a simplex's vertices, kept in step with it.
//!
//! A warm start re-derives its seed from the shapes: for each vertex of the
//! previous final simplex it asks the current shapes for their support
//! points along the direction that vertex was found along. The loop reports
//! every edit of the simplex (restart, push, the vertices a reduction kept,
//! the newest dropped) through [`Trail`], and [`Directions`] applies the same
//! edit to its list, so that direction `i` always belongs to vertex `i`.

use nalgebra::SVector;

use crate::engine::Trail;
use crate::math::real::Real;
use crate::simplex::Simplex;

/// Up to `D + 1` directions, oldest first. Like the simplex it follows, the
/// storage is `D` directions in an array and one beside it (a `[_; D + 1]`
/// array cannot be written generically on stable Rust).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Directions<T: Real, const D: usize> {
    head: [SVector<T, D>; D],
    tail: SVector<T, D>,
    len: usize,
}

impl<T: Real, const D: usize> Directions<T, D> {
    /// No direction.
    #[must_use]
    pub fn new() -> Self {
        Self {
            head: [SVector::zeros(); D],
            tail: SVector::zeros(),
            len: 0,
        }
    }

    /// The number of directions, from 0 to `D + 1`.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Forgets every direction.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The directions, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &SVector<T, D>> + '_ {
        self.head
            .iter()
            .chain(core::iter::once(&self.tail))
            .take(self.len)
    }

    /// Direction `i`, if there is one.
    fn get(&self, i: usize) -> Option<&SVector<T, D>> {
        if i >= self.len {
            None
        } else {
            self.head.get(i).or(Some(&self.tail))
        }
    }

    fn set(&mut self, i: usize, d: SVector<T, D>) {
        match self.head.get_mut(i) {
            Some(slot) => *slot = d,
            None => self.tail = d,
        }
    }
}

impl<T: Real, const D: usize> Directions<T, D> {
    /// Appends `dir`; beyond `D + 1` directions nothing is recorded (the
    /// simplex never holds more vertices).
    pub fn push(&mut self, dir: &SVector<T, D>) {
        if self.len <= D {
            self.set(self.len, *dir);
            self.len += 1;
        }
    }

    /// Forgets the newest direction.
    fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }
}

impl<T: Real, const D: usize> Trail<T, D> for Directions<T, D> {
    fn restart(&mut self, dir: &SVector<T, D>) {
        self.len = 0;
        self.push(dir);
    }

    fn keep(&mut self, kept: u32) {
        // Compaction in place, as the simplex does it: the slot written
        // (`out`) never passes the slot read (`i`).
        let mut out = 0;
        for i in 0..self.len.min(32) {
            if kept & (1 << i) == 0 {
                continue;
            }
            if let Some(&d) = self.get(i) {
                self.set(out, d);
                out += 1;
            }
        }
        self.len = out;
    }

    fn reduce_below(
        &mut self,
        simplex: &mut Simplex<T, D>,
        norm2: T,
        v: &SVector<T, D>,
    ) -> Option<SVector<T, D>> {
        self.push(&-v);
        match simplex.reduce_below_kept(norm2) {
            Some((v, kept)) => {
                self.keep(kept);
                Some(v)
            }
            None => {
                // The simplex dropped the vertex just pushed.
                self.pop();
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(d: &Directions<f64, 2>) -> [f64; 3] {
        let mut out = [f64::NAN; 3];
        for (o, v) in out.iter_mut().zip(d.iter()) {
            *o = v.x;
        }
        out
    }

    #[test]
    fn follows_the_simplex_edits() {
        let x = |t: f64| SVector::<f64, 2>::new(t, 0.0);
        let mut d = Directions::<f64, 2>::new();
        d.restart(&x(1.0));
        d.push(&x(2.0));
        d.push(&x(3.0));
        d.push(&x(4.0)); // beyond D + 1: ignored
        assert_eq!(d.len(), 3);
        d.keep(0b101);
        assert_eq!(d.len(), 2);
        assert_eq!(list(&d)[..2], [1.0, 3.0]);
        d.push(&x(5.0));
        d.pop();
        d.keep(0b10);
        assert_eq!(d.len(), 1);
        assert_eq!(list(&d)[0], 3.0);
        d.restart(&x(6.0));
        assert_eq!(d.len(), 1);
        assert_eq!(list(&d)[0], 6.0);
        d.clear();
        d.pop();
        assert_eq!(d.len(), 0);
    }
}
