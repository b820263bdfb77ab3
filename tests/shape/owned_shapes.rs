//! Shapes that own their points: `Scanned` and `Polygon` over a `Vec`
//! or an array, kept in a struct beside nothing else, against the same
//! shapes over a borrowed slice. Storage must not change an answer: the
//! budget is zero (bit for bit).

use crate::support;

use gjk::nalgebra::Vector2;
use gjk::{distance, hull::Polygon, hull::Scanned, Config, ShapeError, SupportMap, Transformed};
use support::{point_set, Rng, Source, P};

/// A body that owns its shape, as a simulation keeps it.
struct Body {
    hull: Transformed<Scanned<Vec<P<3>>, f64, 3>, f64, 3>,
}

#[test]
fn owned_hulls_answer_as_borrowed_ones() {
    let mut r = Rng::new(9);
    let config = Config::default();
    for _ in 0..100 {
        let n = r.int(1, 30);
        let points = point_set::<3>(&mut r, n, &P::zeros(), 1.0);
        let t = P::<3>::from_fn(|_, _| r.range(-3.0, 3.0));
        let body = Body {
            hull: Transformed::translated(Scanned::new(points.clone()).unwrap(), t).unwrap(),
        };
        let borrowed = Transformed::translated(Scanned::new(&points[..]).unwrap(), t).unwrap();
        let other = Scanned::new([P::<3>::zeros(), P::<3>::x(), P::<3>::y()]).unwrap();
        assert_eq!(
            distance(&body.hull, &other, &config),
            distance(&borrowed, &other, &config)
        );
        let d = P::<3>::from_fn(|_, _| r.range(-1.0, 1.0));
        assert_eq!(body.hull.support(&d), borrowed.support(&d));
        assert_eq!(body.hull.shape().points(), &points[..]);
    }
    assert_eq!(
        Scanned::<Vec<P<2>>, f64, 2>::new(Vec::new()).err(),
        Some(ShapeError::Empty)
    );
}

#[test]
fn owned_polygons_answer_as_borrowed_ones() {
    let mut r = Rng::new(10);
    for n in [3usize, 8, 17, 64] {
        let ring: Vec<Vector2<f64>> = (0..n)
            .map(|i| {
                let a = i as f64 * core::f64::consts::TAU / n as f64;
                Vector2::new(a.cos() * 2.0, a.sin())
            })
            .collect();
        let owned = Polygon::new(ring.clone()).unwrap();
        let borrowed = Polygon::new(&ring[..]).unwrap();
        for _ in 0..200 {
            let d = Vector2::new(r.range(-1.0, 1.0), r.range(-1.0, 1.0));
            assert_eq!(owned.support(&d), borrowed.support(&d));
        }
        assert_eq!(owned.vertices(), &ring[..]);
        assert_eq!(owned.into_vertices(), ring);
    }
    // Validated once, whatever the storage.
    let dent = vec![
        Vector2::new(0.0, 0.0),
        Vector2::new(2.0, 0.0),
        Vector2::new(1.0, 0.2),
        Vector2::new(2.0, 2.0),
    ];
    assert_eq!(Polygon::new(dent).err(), Some(ShapeError::NotConvex));
}
