//! SVG pictures of a traced query, written by hand: the shapes with the
//! answer's witness points and normal on the left, the Minkowski
//! difference `A − B` of the cores with every GJK simplex (and EPA's
//! polytope) on the right, the bounds of each iteration below.
//!
//! 3D queries are drawn projected onto a plane through two orthonormal
//! axes: a shape's outline there is exact, since the support point along an
//! in-plane direction projects onto the outline of the shape's projection.

use core::fmt::Write;

use gjk::nalgebra::SVector;
use gjk::trace::{EpaPolytope, EpaStep, GjkStep, Observer};
use gjk::SupportMap;

/// Directions sampled around the plane for an outline.
const OUTLINE_DIRECTIONS: usize = 180;

/// Everything a traced query reported, kept for drawing.
#[derive(Default)]
pub struct Record<const D: usize> {
    pub gjk: Vec<GjkStep<f64, D>>,
    pub epa: Vec<EpaStep<f64, D>>,
    /// The last EPA polytope's facets.
    pub polytope: Vec<Vec<SVector<f64, D>>>,
}

impl<const D: usize> Observer<f64, D> for Record<D> {
    fn gjk_step(&mut self, step: &GjkStep<f64, D>) {
        self.gjk.push(*step);
    }
    fn epa_step(&mut self, step: &EpaStep<f64, D>, polytope: &dyn EpaPolytope<f64, D>) {
        self.epa.push(*step);
        self.polytope.clear();
        polytope.for_each_facet(&mut |points, _| self.polytope.push(points.to_vec()));
    }
}

/// The plane a picture is drawn in: two orthonormal axes of `D`-space.
#[derive(Clone, Copy)]
pub struct Plane<const D: usize> {
    pub x: SVector<f64, D>,
    pub y: SVector<f64, D>,
}

impl<const D: usize> Plane<D> {
    /// The plane of the first two axes.
    pub fn first_two() -> Self {
        Self {
            x: SVector::from_fn(|i, _| if i == 0 { 1.0 } else { 0.0 }),
            y: SVector::from_fn(|i, _| if i == 1 { 1.0 } else { 0.0 }),
        }
    }

    fn project(&self, p: &SVector<f64, D>) -> [f64; 2] {
        [p.dot(&self.x), p.dot(&self.y)]
    }

    /// Unit directions around the plane.
    fn directions(&self) -> impl Iterator<Item = SVector<f64, D>> + '_ {
        (0..OUTLINE_DIRECTIONS).map(|k| {
            let t = k as f64 * core::f64::consts::TAU / OUTLINE_DIRECTIONS as f64;
            self.x * t.cos() + self.y * t.sin()
        })
    }
}

/// The outline of a shape's projection, from its support points.
pub fn outline<const D: usize>(shape: &impl SupportMap<f64, D>, plane: &Plane<D>) -> Vec<[f64; 2]> {
    plane
        .directions()
        .map(|d| plane.project(&shape.support(&d)))
        .collect()
}

/// The outline of the projection of `A − B`, cores only (as GJK sees it).
pub fn difference_outline<const D: usize>(
    a: &impl SupportMap<f64, D>,
    b: &impl SupportMap<f64, D>,
    plane: &Plane<D>,
) -> Vec<[f64; 2]> {
    plane
        .directions()
        .map(|d| plane.project(&(a.core_support(&d) - b.core_support(&-d))))
        .collect()
}

/// One panel: a world window mapped onto a square of pixels.
struct Panel {
    left: f64,
    top: f64,
    size: f64,
    min: [f64; 2],
    span: f64,
}

impl Panel {
    /// A panel at pixel `(left, top)`, `size` wide, framing `points` with a
    /// margin.
    fn framing<'p>(
        left: f64,
        top: f64,
        size: f64,
        points: impl Iterator<Item = &'p [f64; 2]>,
    ) -> Self {
        let (mut lo, mut hi) = ([f64::MAX; 2], [f64::MIN; 2]);
        for p in points {
            for i in 0..2 {
                lo[i] = lo[i].min(p[i]);
                hi[i] = hi[i].max(p[i]);
            }
        }
        let span = (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1e-9) * 1.15;
        let centre = [(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0];
        Self {
            left,
            top,
            size,
            min: [centre[0] - span / 2.0, centre[1] - span / 2.0],
            span,
        }
    }

    /// Pixel coordinates (y down).
    fn px(&self, p: &[f64; 2]) -> (f64, f64) {
        let s = self.size / self.span;
        (
            self.left + (p[0] - self.min[0]) * s,
            self.top + self.size - (p[1] - self.min[1]) * s,
        )
    }
}

/// An SVG document being written.
pub struct Svg {
    body: String,
    width: f64,
    height: f64,
}

impl Svg {
    fn new(width: f64, height: f64) -> Self {
        Self {
            body: String::new(),
            width,
            height,
        }
    }

    fn polygon(&mut self, panel: &Panel, points: &[[f64; 2]], class: &str) {
        let list: Vec<String> = points
            .iter()
            .map(|p| {
                let (x, y) = panel.px(p);
                format!("{x:.2},{y:.2}")
            })
            .collect();
        let _ = writeln!(
            self.body,
            r#"<polygon class="{class}" points="{}"/>"#,
            list.join(" ")
        );
    }

    fn line(&mut self, panel: &Panel, a: &[f64; 2], b: &[f64; 2], class: &str) {
        let ((x1, y1), (x2, y2)) = (panel.px(a), panel.px(b));
        let _ = writeln!(
            self.body,
            r#"<line class="{class}" x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}"/>"#
        );
    }

    fn dot(&mut self, panel: &Panel, p: &[f64; 2], class: &str) {
        let (x, y) = panel.px(p);
        let _ = writeln!(
            self.body,
            r#"<circle class="{class}" cx="{x:.2}" cy="{y:.2}" r="3.5"/>"#
        );
    }

    fn text(&mut self, x: f64, y: f64, class: &str, text: &str) {
        let _ = writeln!(
            self.body,
            r#"<text class="{class}" x="{x:.1}" y="{y:.1}">{text}</text>"#
        );
    }

    fn finish(self) -> String {
        let (w, h) = (self.width, self.height);
        format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">
<style>
text {{ font: 13px sans-serif; fill: #222; }}
text.title {{ font-weight: bold; }}
.shape-a {{ fill: #4a90d9; fill-opacity: 0.35; stroke: #2b6cb0; stroke-width: 1.5; }}
.shape-b {{ fill: #e8a33d; fill-opacity: 0.35; stroke: #b7791f; stroke-width: 1.5; }}
.difference {{ fill: #9f7aea; fill-opacity: 0.15; stroke: #6b46c1; stroke-width: 1.5; }}
.simplex {{ fill: none; stroke: #2f855a; stroke-width: 1.2; stroke-opacity: 0.55; }}
.simplex-last {{ fill: #48bb78; fill-opacity: 0.25; stroke: #276749; stroke-width: 2; }}
.facet {{ fill: none; stroke: #c53030; stroke-width: 1.5; }}
.expanded {{ stroke: #c53030; stroke-width: 3; }}
.axis {{ stroke: #999; stroke-width: 0.8; stroke-dasharray: 4 3; }}
.normal {{ stroke: #111; stroke-width: 2; }}
.witness {{ fill: #111; }}
.closest {{ fill: #276749; }}
.origin {{ fill: #c53030; }}
</style>
<rect x="0" y="0" width="{w}" height="{h}" fill="white"/>
{}</svg>
"##,
            self.body
        )
    }
}

/// What the picture says about the answer, under its title.
pub struct Answer<const D: usize> {
    pub title: String,
    pub summary: String,
    /// The witness points on A and B, when the query has them.
    pub witnesses: Option<(SVector<f64, D>, SVector<f64, D>)>,
}

/// The picture of a traced query between `a` and `b`.
pub fn draw<const D: usize>(
    a: &impl SupportMap<f64, D>,
    b: &impl SupportMap<f64, D>,
    plane: &Plane<D>,
    record: &Record<D>,
    answer: &Answer<D>,
) -> String {
    let size = 360.0;
    let lines = record.gjk.len() + record.epa.len();
    let (width, height) = (2.0 * size + 60.0, size + 90.0 + 18.0 * lines as f64);
    let mut svg = Svg::new(width, height);
    svg.text(20.0, 24.0, "title", &answer.title);
    svg.text(20.0, 44.0, "summary", &answer.summary);

    // The shapes, with the witnesses and the normal between them.
    let (sa, sb) = (outline(a, plane), outline(b, plane));
    let shapes = Panel::framing(20.0, 60.0, size, sa.iter().chain(&sb));
    svg.polygon(&shapes, &sa, "shape-a");
    svg.polygon(&shapes, &sb, "shape-b");
    if let Some((pa, pb)) = &answer.witnesses {
        let (pa, pb) = (plane.project(pa), plane.project(pb));
        svg.line(&shapes, &pa, &pb, "normal");
        svg.dot(&shapes, &pa, "witness");
        svg.dot(&shapes, &pb, "witness");
    }
    svg.text(
        20.0,
        60.0 + size + 18.0,
        "label",
        "shapes A (blue) and B (orange)",
    );

    // The Minkowski difference of the cores, the origin, the simplices.
    let difference = difference_outline(a, b, plane);
    let origin = [0.0, 0.0];
    let right = Panel::framing(40.0 + size, 60.0, size, difference.iter().chain([&origin]));
    svg.polygon(&right, &difference, "difference");
    let (lo, hi) = (
        right.min,
        [right.min[0] + right.span, right.min[1] + right.span],
    );
    svg.line(&right, &[lo[0], 0.0], &[hi[0], 0.0], "axis");
    svg.line(&right, &[0.0, lo[1]], &[0.0, hi[1]], "axis");
    for (k, step) in record.gjk.iter().enumerate() {
        let points: Vec<[f64; 2]> = step
            .simplex
            .iter()
            .map(|(p, _)| plane.project(&p.w))
            .collect();
        let class = if k + 1 == record.gjk.len() {
            "simplex-last"
        } else {
            "simplex"
        };
        match points.len() {
            1 => svg.dot(&right, &points[0], "closest"),
            2 => svg.line(&right, &points[0], &points[1], class),
            _ => svg.polygon(&right, &points, class),
        }
        svg.dot(
            &right,
            &plane.project(&step.simplex.closest_point()),
            "closest",
        );
    }
    for facet in &record.polytope {
        let points: Vec<[f64; 2]> = facet.iter().map(|p| plane.project(p)).collect();
        svg.polygon(&right, &points, "facet");
    }
    for step in &record.epa {
        let points: Vec<[f64; 2]> = step.facet.iter().map(|p| plane.project(p)).collect();
        svg.polygon(&right, &points, "facet expanded");
    }
    svg.dot(&right, &origin, "origin");
    svg.text(
        40.0 + size,
        60.0 + size + 18.0,
        "label",
        "A − B of the cores, origin in red",
    );

    // The bounds, one line per iteration.
    let mut y = 60.0 + size + 42.0;
    for step in &record.gjk {
        let search = if step.support.is_some() {
            ""
        } else {
            ", origin enclosed"
        };
        let text = format!(
            "GJK {}: {} vert{}, distance of the cores in [{:.6}, {:.6}]{search}",
            step.iteration,
            step.simplex.len(),
            if step.simplex.len() == 1 {
                "ex"
            } else {
                "ices"
            },
            step.lower,
            step.upper
        );
        svg.text(20.0, y, "step", &text);
        y += 18.0;
    }
    for step in &record.epa {
        let text = format!(
            "EPA {}: {} facets, depth of the cores in [{:.6}, {:.6}]",
            step.iteration, step.facets, step.lower, step.upper
        );
        svg.text(20.0, y, "step", &text);
        y += 18.0;
    }
    svg.finish()
}
