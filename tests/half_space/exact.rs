//! The reference the brackets are checked against: the signed distance
//! from the stored plane to a point, in `f64` to about twice its
//! precision.

use crate::support::TestReal;
use gjk::{HalfSpace, Vector};

/// `Σ aᵢ bᵢ` in `f64` with the error of each product and sum carried
/// (Ogita, Rump and Oishi's compensated dot product): the exact value to a
/// relative `1e-30` of the magnitudes, far below any budget here.
pub fn dot2(a: &[f64], b: &[f64]) -> f64 {
    let (mut s, mut c) = (0.0_f64, 0.0_f64);
    for (x, y) in a.iter().zip(b) {
        let p = x * y;
        let e = x.mul_add(*y, -p);
        let t = s + p;
        let z = t - s;
        c += ((s - (t - z)) + (p - z)) + e;
        s = t;
    }
    s + c
}

/// The Euclidean signed distance from the plane as stored (`n · x = o`,
/// `n` not quite unit) to the point `p` grown by `margin`:
/// `(n · p − o) / ‖n‖ − margin`.
pub fn signed<T: TestReal, const D: usize>(
    plane: &HalfSpace<T, D>,
    p: &Vector<T, D>,
    margin: T,
) -> f64 {
    let mut n: Vec<f64> = plane.normal().iter().map(|x| x.as_f64()).collect();
    let mut x: Vec<f64> = p.iter().map(|x| x.as_f64()).collect();
    let length = dot2(&n, &n).sqrt();
    n.push(1.0);
    x.push(-plane.offset().as_f64());
    dot2(&n, &x) / length - margin.as_f64()
}

/// The plane `n · x ≤ o` in precision `T`, from `f64` data.
pub fn plane<T: TestReal, const D: usize>(n: [f64; D], o: f64) -> HalfSpace<T, D> {
    HalfSpace::new(
        Vector::<T, D>::from_fn(|i, _| T::of_f64(n[i])),
        T::of_f64(o),
    )
    .unwrap()
}
