//! The demo's scene run natively: twelve numbers (kind, size 1, size 2,
//! x, y, angle for each body) on the command line; prints the distance
//! and the penetration depth (NaN when the shapes are apart), one per
//! line in full precision.

fn main() {
    let args: Vec<f64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    assert_eq!(args.len(), 12, "kind size1 size2 x y angle, twice");
    let body = |b: &[f64]| gjk_demo::Body {
        kind: b[0] as u32,
        size: [b[1], b[2]],
        x: b[3],
        y: b[4],
        angle: b[5],
    };
    let bodies = [body(&args[..6]), body(&args[6..])];
    let (d, p) = gjk_demo::answer(&bodies, true).expect("valid shapes");
    println!("{:e}", d.distance);
    println!("{:e}", p.map_or(f64::NAN, |p| p.depth));
}
