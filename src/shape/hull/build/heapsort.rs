//! Heapsort of point indices: in place, `O(n log n)` in every case, and
//! without the panic that `core`'s sorts keep for comparators they find
//! inconsistent (the no-panic check links every path of the builder).
//!
//! The indices are arranged as a binary max-heap (the children of entry
//! `i` are `2i + 1` and `2i + 2`); then the largest is swapped to the end
//! and the heap, one shorter, is repaired from its root, `n − 1` times.

use core::cmp::Ordering;

/// Sorts `v` ascending by `cmp`.
pub(super) fn sort_by(v: &mut [u32], cmp: impl Fn(u32, u32) -> Ordering) {
    let n = v.len();
    let less = |v: &[u32], i: usize, j: usize| match (v.get(i), v.get(j)) {
        (Some(&a), Some(&b)) => cmp(a, b) == Ordering::Less,
        _ => false,
    };
    for root in (0..n / 2).rev() {
        sift_down(v, root, n, &less);
    }
    for end in (1..n).rev() {
        swap(v, 0, end);
        sift_down(v, 0, end, &less);
    }
}

/// Moves entry `root` down the heap `v[..end]` until it is no smaller than
/// its children. The index at least doubles each step: at most 64 steps.
fn sift_down(
    v: &mut [u32],
    mut root: usize,
    end: usize,
    less: &impl Fn(&[u32], usize, usize) -> bool,
) {
    for _ in 0..usize::BITS {
        let Some(mut child) = root.checked_mul(2).and_then(|c| c.checked_add(1)) else {
            return;
        };
        if child >= end {
            return;
        }
        if child + 1 < end && less(v, child, child + 1) {
            child += 1;
        }
        if !less(v, root, child) {
            return;
        }
        swap(v, root, child);
        root = child;
    }
}

/// Swaps entries `i` and `j` (nothing when one is out of range).
fn swap(v: &mut [u32], i: usize, j: usize) {
    if let (Some(&a), Some(&b)) = (v.get(i), v.get(j)) {
        if let Some(x) = v.get_mut(i) {
            *x = b;
        }
        if let Some(y) = v.get_mut(j) {
            *y = a;
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sorts_with_repeats() {
        let mut v = [5, 3, 9, 3, 0, 7, 7, 1, 8, 2, 6, 4, 3];
        super::sort_by(&mut v, |a, b| a.cmp(&b));
        assert_eq!(v, [0, 1, 2, 3, 3, 3, 4, 5, 6, 7, 7, 8, 9]);
        let mut e: [u32; 0] = [];
        super::sort_by(&mut e, |a, b| a.cmp(&b));
    }
}
