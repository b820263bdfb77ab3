//! The SVG pictures of `examples/svg`: valid SVG, parsed back; one line of
//! bounds per traced iteration; the answer they print equal to the native
//! untraced query's; every drawn coordinate finite and inside the picture;
//! and the copies in `docs/pictures` up to date.

#[path = "../../examples/svg/picture.rs"]
#[allow(dead_code)]
mod picture;
#[path = "../../examples/svg/scenes.rs"]
mod scenes;

use gjk::nalgebra::Vector2;
use gjk::{distance, hull::Polygon, intersects, penetration, Config, Rounded};

/// The attributes that hold pixel coordinates.
const COORDINATES: [&str; 7] = ["x", "y", "x1", "y1", "x2", "y2", "cx"];

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).expect("well-formed XML")
}

fn texts<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> Vec<&'a str> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some(class))
        .filter_map(|n| n.text())
        .collect()
}

/// The pictures are SVG documents whose drawing stays inside them.
#[test]
fn pictures_are_valid_svg() {
    for (name, svg) in scenes::all() {
        let doc = parse(&svg);
        let root = doc.root_element();
        assert!(
            root.has_tag_name(("http://www.w3.org/2000/svg", "svg")),
            "{name}: root {root:?}"
        );
        let size = |a: &str| {
            root.attribute(a)
                .and_then(|v| v.parse::<f64>().ok())
                .expect(a)
        };
        let (w, h) = (size("width"), size("height"));
        assert_eq!(
            root.attribute("viewBox"),
            Some(format!("0 0 {w} {h}").as_str()),
            "{name}"
        );
        let mut shapes = 0;
        for node in doc.descendants().filter(|n| n.is_element()) {
            for attr in COORDINATES {
                if let Some(v) = node.attribute(attr) {
                    let v: f64 = v.parse().expect("a number");
                    let limit = if attr.starts_with('y') { h } else { w };
                    assert!((0.0..=limit).contains(&v), "{name}: {attr}={v} outside");
                }
            }
            if let Some(points) = node.attribute("points") {
                shapes += 1;
                for pair in points.split(' ') {
                    let (x, y) = pair.split_once(',').expect("x,y");
                    let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
                    assert!(
                        (0.0..=w).contains(&x) && (0.0..=h).contains(&y),
                        "{name}: {pair}"
                    );
                }
            }
        }
        // Both shapes and the difference at least.
        assert!(shapes >= 3, "{name}: {shapes} polygons");
    }
}

/// The pictures say what the native queries answer, and draw one line of
/// bounds per iteration.
#[test]
fn pictures_tell_the_native_answers() {
    let pictures = scenes::all();
    let find = |name: &str| {
        pictures
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, s)| s.as_str())
            .expect(name)
    };
    // The same shapes as the scenes, queried without a trace.
    let corners = |c: [f64; 2], r: f64, n: usize, turn: f64| -> Vec<Vector2<f64>> {
        (0..n)
            .map(|k| {
                let t = turn + k as f64 * core::f64::consts::TAU / n as f64;
                Vector2::new(c[0] + r * t.cos(), c[1] + r * t.sin())
            })
            .collect()
    };
    let hexagon = Polygon::new(corners([0.0, 0.0], 1.0, 6, 0.3)).unwrap();
    let rounded =
        Rounded::new(Polygon::new(corners([2.9, 1.2], 0.8, 3, 0.7)).unwrap(), 0.2).unwrap();
    let heptagon = Polygon::new(corners([1.2, 0.9], 0.9, 7, 0.1)).unwrap();
    let config = Config::<f64, _>::default();
    let start = config.starting_along(Some(Vector2::new(0.3, -1.0)));

    let d = distance(&hexagon, &rounded, &start).unwrap();
    let doc = parse(find("distance"));
    let summary = texts(&doc, "summary")[0];
    assert!(
        summary.starts_with(&format!("distance {:.6} (", d.distance)),
        "{summary}"
    );
    assert_eq!(texts(&doc, "step").len() as u32, d.iterations);

    let hit = intersects(&hexagon, &heptagon, &start).unwrap();
    let doc = parse(find("intersects"));
    assert!(texts(&doc, "summary")[0].starts_with(&format!("intersects: {hit} ")));

    let p = penetration(&hexagon, &heptagon, &config).unwrap().unwrap();
    let doc = parse(find("penetration"));
    let summary = texts(&doc, "summary")[0];
    assert!(
        summary.starts_with(&format!("depth {:.6} along", p.depth)),
        "{summary}"
    );
    // GJK's steps, the last one with the origin enclosed, then EPA's.
    let steps = texts(&doc, "step");
    assert_eq!(steps.len() as u32, p.iterations + 1);
    assert!(steps.iter().any(|s| s.starts_with("EPA")));
}

/// `docs/pictures` holds what the example writes today.
#[test]
fn committed_pictures_are_up_to_date() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/pictures");
    for (name, svg) in scenes::all() {
        let path = dir.join(format!("{name}.svg"));
        let committed = std::fs::read_to_string(&path).expect("a committed picture");
        assert!(
            committed == svg,
            "{} is stale: run `cargo run --example svg -- docs/pictures`",
            path.display()
        );
    }
}
