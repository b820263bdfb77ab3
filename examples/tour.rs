//! A tour of the crate: representative queries in 2D, 3D, 4D and 6D.
//!
//! Every configuration is chosen so that the answer is known in closed form;
//! each result is printed beside its analytic value, and the tour exits with an
//! error if any of them disagree.
//!
//! Run it with `cargo run --release --example tour`.

use core::error::Error;
use core::f64::consts::{FRAC_PI_3, FRAC_PI_4, PI};

use gjk::nalgebra::{try_convert, Isometry2, Isometry3, Vector2, Vector3};
use gjk::{
    closest_points, distance, hull::Polygon, hull::Scanned, intersects, ray_cast, shape_cast, Ball,
    Capsule, Config, Cuboid, Distance, Real, Transformed, Vector,
};

/// What a distance query should answer: the distance and, when they are
/// unique, the witness points on A and on B.
struct Expected<const D: usize> {
    distance: f64,
    witnesses: Option<([f64; D], [f64; D])>,
}

/// Prints results and counts those that disagree with their analytic value.
#[derive(Default)]
struct Tour {
    mismatches: usize,
}

impl Tour {
    fn section(&self, title: &str) {
        println!("\n== {title}");
    }

    fn distance<T: Real, const D: usize>(
        &mut self,
        what: &str,
        d: &Distance<T, D>,
        exact: Expected<D>,
    ) {
        println!("{what}");
        println!(
            "    distance {:.6}   analytic {:.6}   error {:.1e}   iterations {}   {:?}",
            d.distance,
            exact.distance,
            error(d.distance, exact.distance),
            d.iterations,
            d.status
        );
        let normal = d.normal.as_ref().map_or("none".to_owned(), fmt_vec);
        println!(
            "    on A {}   on B {}   normal {}",
            fmt_vec(&d.point_a),
            fmt_vec(&d.point_b),
            normal
        );
        let mut ok = close(d.distance, exact.distance);
        if let Some((a, b)) = exact.witnesses {
            let (a, b) = (
                Vector::<T, D>::from(a.map(T::lit)),
                Vector::from(b.map(T::lit)),
            );
            let off = (d.point_a - a).norm().max((d.point_b - b).norm());
            ok &= close(off, 0.0);
            println!(
                "    analytic A {}   B {}   error {:.1e}",
                fmt_vec(&a),
                fmt_vec(&b),
                error(off, 0.0)
            );
        }
        self.verdict(ok);
    }

    /// A cast's first hit `t` and normal against their analytic values.
    fn cast<T: Real, const D: usize>(
        &mut self,
        what: &str,
        hit: Option<(T, Option<Vector<T, D>>, u32)>,
        exact: (f64, [f64; D]),
    ) {
        println!("{what}");
        let Some((t, normal, iterations)) = hit else {
            println!("    no hit   (analytic t {:.6})", exact.0);
            self.verdict(false);
            return;
        };
        let n = Vector::<T, D>::from(exact.1.map(T::lit));
        let off = normal.map_or(T::one(), |m| (m - n).norm());
        println!(
            "    t {:.6}   analytic {:.6}   error {:.1e}   normal {}   iterations {iterations}",
            t,
            exact.0,
            error(t, exact.0),
            normal.as_ref().map_or("none".to_owned(), fmt_vec),
        );
        self.verdict(close(t, exact.0) && close(off, 0.0));
    }

    fn intersects(&mut self, what: &str, found: bool, exact: bool) {
        println!("{what}");
        println!("    intersecting {found}  (analytic {exact})");
        self.verdict(found == exact);
    }

    fn verdict(&mut self, ok: bool) {
        if !ok {
            self.mismatches += 1;
            println!("    MISMATCH with the analytic value");
        }
    }
}

/// The absolute difference from the analytic value, as an `f64`.
fn error<T: Real>(x: T, exact: f64) -> f64 {
    try_convert::<T, f64>(x).map_or(f64::NAN, |x| (x - exact).abs())
}

/// Agreement to about half the digits of the precision, relative to the value.
fn close<T: Real>(x: T, exact: f64) -> bool {
    let exact = T::lit(exact);
    (x - exact).abs() <= T::EPSILON.sqrt() * exact.abs().max(T::one())
}

fn fmt_vec<T: Real, const D: usize>(v: &Vector<T, D>) -> String {
    let coords: Vec<String> = v
        .iter()
        .map(|&x| {
            // Print rounding noise such as -1e-17 as a plain zero.
            let x = if x.abs() < T::lit(5e-5) { T::zero() } else { x };
            format!("{x:.4}")
        })
        .collect();
    format!("({})", coords.join(", "))
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut tour = Tour::default();
    plane(&mut tour)?;
    space(&mut tour)?;
    higher(&mut tour)?;

    if tour.mismatches > 0 {
        return Err(format!(
            "{} answers disagree with their analytic value",
            tour.mismatches
        )
        .into());
    }
    println!("\nEvery answer matches its analytic value.");
    Ok(())
}

fn plane(tour: &mut Tour) -> Result<(), Box<dyn Error>> {
    tour.section("2D");
    let config = Config::default();
    let s3 = 3.0_f64.sqrt();

    // A regular hexagon of circumradius 1; its top edge lies at y = √3/2.
    let hexagon: [Vector2<f64>; 6] = core::array::from_fn(|k| {
        Vector2::new((k as f64 * FRAC_PI_3).cos(), (k as f64 * FRAC_PI_3).sin())
    });
    let hexagon = Polygon::new(&hexagon)?;
    let circle = Ball::new(Vector2::new(0.0, 3.0), 0.5)?;
    tour.distance(
        "hexagon (circumradius 1) – circle (r 0.5 at (0, 3))",
        &distance(&hexagon, &circle, &config)?,
        Expected {
            distance: 2.5 - s3 / 2.0,
            witnesses: Some(([0.0, s3 / 2.0], [0.0, 2.5])),
        },
    );

    // A right triangle turned by π and moved so its hypotenuse lies on x + y = 4;
    // the hexagon's vertex (1/2, √3/2) is the closest to that line.
    let triangle = [
        Vector2::new(0.0, 0.0),
        Vector2::new(2.0, 0.0),
        Vector2::new(0.0, 2.0),
    ];
    let triangle = Transformed::from_isometry2(
        Polygon::new(&triangle)?,
        &Isometry2::new(Vector2::new(3.0, 3.0), PI),
    );
    let gap = (4.0 - 0.5 - s3 / 2.0) / 2.0;
    tour.distance(
        "hexagon – triangle (hypotenuse on x + y = 4)",
        &distance(&hexagon, &triangle, &config)?,
        Expected {
            distance: gap * 2.0_f64.sqrt(),
            witnesses: Some(([0.5, s3 / 2.0], [0.5 + gap, s3 / 2.0 + gap])),
        },
    );

    // In f32: a 2×2 square and a 1×1 square turned by 45°, whose corner
    // reaches 1/√2 to the left of its centre.
    let config = Config::<f32, _>::default();
    let square = Cuboid::new(Vector2::new(1.0_f32, 1.0))?;
    let small = Cuboid::new(Vector2::new(0.5_f32, 0.5))?;
    let diamond = |x: f32| {
        Transformed::from_isometry2(
            small,
            &Isometry2::new(Vector2::new(x, 0.0), FRAC_PI_4 as f32),
        )
    };
    let reach = 1.0 + 0.5 * 2.0_f64.sqrt();
    tour.intersects(
        "f32 box – box turned by 45° at x = 1.6 (overlap 0.107)",
        intersects(&square, &diamond(1.6), &config)?,
        true,
    );
    tour.intersects(
        "f32 box – box turned by 45° at x = 1.8 (gap 0.093)",
        intersects(&square, &diamond(1.8), &config)?,
        false,
    );
    tour.distance(
        "f32 box – box turned by 45° at x = 1.8",
        &distance(&square, &diamond(1.8), &config)?,
        Expected {
            distance: 1.8 - reach,
            witnesses: Some(([1.0, 0.0], [1.8 - reach + 1.0, 0.0])),
        },
    );
    Ok(())
}

fn space(tour: &mut Tour) -> Result<(), Box<dyn Error>> {
    tour.section("3D");
    let config = Config::default();
    let s3 = 3.0_f64.sqrt();
    let cube = Cuboid::new(Vector3::new(1.0, 1.0, 1.0))?;

    // A half-size cube at (3, 3, 3), turned by 120° about its diagonal (which
    // maps it onto itself): corner (1, 1, 1) faces corner (2.5, 2.5, 2.5).
    let turned = Transformed::from_isometry3(
        Cuboid::new(Vector3::new(0.5, 0.5, 0.5))?,
        &Isometry3::new(Vector3::repeat(3.0), Vector3::repeat(2.0 * PI / 3.0 / s3)),
    );
    tour.distance(
        "box (half 1) – box (half 0.5 at (3, 3, 3), turned 120° about its diagonal)",
        &distance(&cube, &turned, &config)?,
        Expected {
            distance: 1.5 * s3,
            witnesses: Some(([1.0; 3], [2.5; 3])),
        },
    );

    // A tilted capsule whose lower end hovers 2 above the top face.
    let capsule = Capsule::new(
        Vector3::new(0.0, 0.0, 3.0),
        Vector3::new(2.0, 0.0, 5.0),
        0.5,
    )?;
    tour.distance(
        "capsule ((0, 0, 3)–(2, 0, 5), r 0.5) – box (half 1)",
        &distance(&capsule, &cube, &config)?,
        Expected {
            distance: 1.5,
            witnesses: Some(([0.0, 0.0, 2.5], [0.0, 0.0, 1.0])),
        },
    );

    // The octahedron |x| + |y| + |z| ≤ 1 and a cube hull of half-size 0.5
    // at (2, 2, 2): the face x + y + z = 1 faces the corner (1.5, 1.5, 1.5).
    let octahedron = [
        Vector3::x(),
        -Vector3::x(),
        Vector3::y(),
        -Vector3::y(),
        Vector3::z(),
        -Vector3::z(),
    ];
    let corners: [Vector3<f64>; 8] =
        core::array::from_fn(|i| Vector3::from_fn(|k, _| if i >> k & 1 == 1 { 2.5 } else { 1.5 }));
    tour.distance(
        "hull (octahedron) – hull (8 cube corners around (2, 2, 2))",
        &distance(
            &Scanned::new(&octahedron)?,
            &Scanned::new(&corners)?,
            &config,
        )?,
        Expected {
            distance: 3.5 / s3,
            witnesses: Some(([1.0 / 3.0; 3], [1.5; 3])),
        },
    );

    // Balls are a point plus a radius: answered in closed form, exact.
    let a = Ball::new(Vector3::zeros(), 1.0)?;
    let b = Ball::new(Vector3::new(2.0, 3.0, 6.0), 1.5)?;
    tour.distance(
        "ball (r 1 at 0) – ball (r 1.5 at (2, 3, 6), 7 away)",
        &distance(&a, &b, &config)?,
        Expected {
            distance: 4.5,
            witnesses: Some((
                [2.0 / 7.0, 3.0 / 7.0, 6.0 / 7.0],
                [11.0 / 7.0, 16.5 / 7.0, 33.0 / 7.0],
            )),
        },
    );

    // With a cutoff the query gives up once the shapes are proven farther apart.
    let found = closest_points(&a, &b, 4.0, &config)?;
    println!("ball – ball with cutoff 4.0");
    println!("    within cutoff {}  (analytic false)", found.is_some());
    tour.verdict(found.is_none());

    // A ray from (-5, 0.5, 0.25) along +x meets the cube's face x = -1 at t = 4.
    let cube = Cuboid::new(Vector3::new(1.0, 1.0, 1.0))?;
    let hit = ray_cast(
        &cube,
        Vector3::new(-5.0, 0.5, 0.25),
        Vector3::x(),
        10.0,
        &config,
    )?;
    tour.cast(
        "ray from (-5, 0.5, 0.25) along x – cube of half-size 1",
        hit.map(|h| (h.t, h.normal, h.iterations)),
        (4.0, [-1.0, 0.0, 0.0]),
    );

    // A ball of radius 0.5 at (-4, 0.3, 0) moving along +x touches the cube
    // when its centre reaches x = -1.5: at t = 2.5.
    let ball = Ball::new(Vector3::new(-4.0, 0.3, 0.0), 0.5)?;
    let hit = shape_cast(&cube, &ball, Vector3::x(), 10.0, &config)?;
    tour.cast(
        "ball (r 0.5 at (-4, 0.3, 0)) swept along x – cube of half-size 1",
        hit.map(|h| (h.t, h.normal, h.iterations)),
        (2.5, [-1.0, 0.0, 0.0]),
    );
    Ok(())
}

fn higher(tour: &mut Tour) -> Result<(), Box<dyn Error>> {
    tour.section("4D");
    let config = Config::default();
    let s2 = 2.0_f64.sqrt();

    let tesseract = Cuboid::new(Vector::<f64, 4>::repeat(1.0))?;
    let ball = Ball::new(Vector::<f64, 4>::new(3.0, 3.0, 0.0, 0.0), 1.0)?;
    let b = 3.0 - 1.0 / s2;
    tour.distance(
        "box (half 1) – ball (r 1 at (3, 3, 0, 0))",
        &distance(&tesseract, &ball, &config)?,
        Expected {
            distance: 2.0 * s2 - 1.0,
            witnesses: Some(([1.0, 1.0, 0.0, 0.0], [b, b, 0.0, 0.0])),
        },
    );

    // The cross-polytope Σ|xᵢ| ≤ 1 and the 16 corners of a half-size-0.5
    // tesseract at (2, 2, 2, 2): facet Σxᵢ = 1 faces corner (1.5, …, 1.5).
    let cross: [Vector<f64, 4>; 8] = core::array::from_fn(|i| {
        let sign = if i % 2 == 0 { 1.0 } else { -1.0 };
        Vector::<f64, 4>::from_fn(|k, _| if k == i / 2 { sign } else { 0.0 })
    });
    let corners: [Vector<f64, 4>; 16] = core::array::from_fn(|i| {
        Vector::<f64, 4>::from_fn(|k, _| if i >> k & 1 == 1 { 2.5 } else { 1.5 })
    });
    tour.distance(
        "hull (cross-polytope) – hull (16 tesseract corners around (2, 2, 2, 2))",
        &distance(&Scanned::new(&cross)?, &Scanned::new(&corners)?, &config)?,
        Expected {
            distance: 2.5,
            witnesses: Some(([0.25; 4], [1.5; 4])),
        },
    );

    tour.section("6D");
    // The standard simplex (the origin and the six unit vectors) and a ball
    // at (1, …, 1): the closest point is the centre of the facet Σxᵢ = 1.
    let simplex: [Vector<f64, 6>; 7] = core::array::from_fn(|i| {
        Vector::<f64, 6>::from_fn(|k, _| if k + 1 == i { 1.0 } else { 0.0 })
    });
    let ball = Ball::new(Vector::<f64, 6>::repeat(1.0), 0.5)?;
    let s6 = 6.0_f64.sqrt();
    tour.distance(
        "hull (standard 6-simplex) – ball (r 0.5 at (1, …, 1))",
        &distance(&Scanned::new(&simplex)?, &ball, &Config::default())?,
        Expected {
            distance: 5.0 / s6 - 0.5,
            witnesses: Some(([1.0 / 6.0; 6], [1.0 - 0.5 / s6; 6])),
        },
    );
    Ok(())
}
