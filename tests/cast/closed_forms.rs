//! Casts answered in closed form (a box's slabs, a capsule's cylinder and
//! caps, a cone's or cylinder's slab and quadratic, through
//! `SupportMap::ray_core`) against the cast loop on the same
//! shapes with the capability hidden, in D = 2, 3, 4, `f32` and `f64`.
//!
//! Oracles: the loop (hit or miss, `t`), and each answer's certificate: the
//! hit point lies on the shape's support plane along the returned normal.
//! Budgets, in `ε` times the scene's coordinate scale `L`: `t` held
//! through the length `|Δt| · |direction|` it moves the ray point, 64 (the
//! loop's own allowance is 16, the slabs' two roundings); the support
//! plane, 64. A hit and a miss may disagree only where the ray grazes the
//! shape: the loop's hit point is then within the same budget of it.

use crate::support;

use gjk::{
    contact, distance, ray_cast, shape_cast, Ball, Capsule, Cone, Config, Cuboid, Cylinder, Error,
    Point, RayHit, Rounded, Segment, Status, SupportMap, Transformed, Vector,
};
use support::{rotation, unit_vector, Hidden, Rng, Source, TestReal, P};

/// Budget on `t · |direction|` and on support planes, in `ε · L`.
const ULPS: f64 = 64.0;

fn wide<T: TestReal, const D: usize>(v: &Vector<T, D>) -> P<D> {
    P::<D>::from_fn(|i, _| v[i].as_f64())
}

fn narrow<T: TestReal, const D: usize>(v: &P<D>) -> Vector<T, D> {
    Vector::<T, D>::from_fn(|i, _| T::of_f64(v[i]))
}

/// The hit point on the support plane along the normal (a start inside,
/// `t = 0`, has the normal from the core towards it instead).
fn on_plane<T: TestReal, const D: usize>(
    shape: &impl SupportMap<T, D>,
    hit: &RayHit<T, D>,
    budget: f64,
    what: &str,
) {
    if hit.t == T::of_f64(0.0) {
        return;
    }
    let Some(n) = hit.normal else {
        panic!("no normal away from the start; {what}: {hit:?}");
    };
    let plane = wide(&shape.support(&n)).dot(&wide(&n));
    let at = wide(&hit.point).dot(&wide(&n));
    assert!(
        (plane - at).abs() <= budget,
        "hit point {:e} off the support plane; {what}: {hit:?}",
        plane - at
    );
}

/// Random rays (half aimed at a point of the shape) against `shape`, in
/// closed form and through the loop.
fn against_loop<T: TestReal, const D: usize, S: SupportMap<T, D> + Copy>(
    name: &str,
    shape: S,
    scale: f64,
    rng: &mut Rng,
    rays: usize,
) {
    let (closed, hits) = against_loop_counted(name, shape, scale, rng, rays, true);
    assert_eq!(closed, hits);
}

/// [`against_loop`], for a shape whose closed form may leave some rays to
/// the loop (`always_closed` false): how many hits were in closed form, of
/// how many.
fn against_loop_counted<T: TestReal, const D: usize, S: SupportMap<T, D> + Copy>(
    name: &str,
    shape: S,
    scale: f64,
    rng: &mut Rng,
    rays: usize,
    always_closed: bool,
) -> (usize, usize) {
    let (mut closed, mut hits) = (0, 0);
    let config = Config::<T, _>::default();
    let hidden = Hidden(shape);
    let budget = ULPS * T::eps() * scale;
    for ray in 0..rays {
        let origin = P::<D>::from_fn(|_, _| rng.range(-scale, scale));
        let aim = if rng.chance(0.5) {
            wide(&shape.support(&narrow(&unit_vector::<D>(rng)))) * rng.range(0.0, 1.0)
        } else {
            P::<D>::from_fn(|_, _| rng.range(-scale, scale))
        };
        let dir = (aim - origin) * rng.range(0.25, 4.0);
        let (o, d) = (narrow::<T, D>(&origin), narrow::<T, D>(&dir));
        let max_t = T::of_f64(if rng.chance(0.2) { 0.5 } else { 1e9 });
        let what = format!("{} D = {D} {name}, ray {ray}", T::NAME);
        let (fast, slow) = match (
            ray_cast(&shape, o, d, max_t, &config),
            ray_cast(&hidden, o, d, max_t, &config),
        ) {
            (Ok(fast), Ok(slow)) => (fast, slow),
            // The loop may reach its cap where it grazes a cone's apex; a
            // closed form never errs.
            (fast, slow) if !always_closed => {
                assert!(fast.is_ok() || slow.is_err(), "{fast:?} {slow:?}; {what}");
                continue;
            }
            (fast, slow) => panic!("{fast:?} {slow:?}; {what}"),
        };
        let length = wide(&d).norm();
        if let Some(h) = &fast {
            if always_closed {
                assert_eq!(h.iterations, 0, "not in closed form; {what}");
            }
            hits += 1;
            closed += usize::from(h.iterations == 0);
            on_plane(&shape, h, budget, &what);
        }
        // A loop that did not converge only brackets the hit (the fast
        // side's too, where its closed form left the ray to the loop).
        let slow = slow.filter(|s| s.status == Status::Converged);
        let fast = fast.filter(|f| f.status == Status::Converged);
        match (&fast, &slow) {
            (Some(f), Some(s)) => {
                if f.t == T::of_f64(0.0) {
                    assert_eq!(s.t, f.t, "inside for one only; {what}");
                    nearest_normal(&shape, &o, f.normal, &what);
                } else if (f.t.as_f64() - s.t.as_f64()).abs() * length > budget {
                    // A grazing ray meets the surface at a tiny angle, and
                    // the entry moves far along it for a small change of
                    // the shape: then every point between the two answers
                    // is within the budget of the surface.
                    let between = (f.point + s.point) * T::of_f64(0.5);
                    for x in [f.point, s.point, between] {
                        let gap = signed_gap(&shape, &x);
                        assert!(
                            gap.abs() <= budget,
                            "t {:?} against the loop's {:?} ({gap:e} from the surface); {what}",
                            f.t,
                            s.t
                        );
                    }
                }
            }
            (None, Some(s)) | (Some(s), None) => {
                // Grazing: the hit point is on the surface.
                let gap = signed_gap(&shape, &s.point);
                assert!(
                    gap.abs() <= budget,
                    "hit and miss disagree ({gap:e}); {what}: {s:?}"
                );
            }
            (None, None) => {}
        }
    }
    (closed, hits)
}

/// The signed distance from `x` to the shape (negative inside), by
/// `contact`.
fn signed_gap<T: TestReal, const D: usize>(shape: &impl SupportMap<T, D>, x: &Vector<T, D>) -> f64 {
    contact(
        shape,
        &Point::new(*x).unwrap(),
        T::of_f64(1e3),
        &Config::default(),
    )
    .unwrap()
    .map_or(f64::INFINITY, |c| c.distance.as_f64())
}

/// The core alone (its margin dropped).
struct Core<S>(S);

impl<T: TestReal, const D: usize, S: SupportMap<T, D>> SupportMap<T, D> for Core<S> {
    fn core_support(&self, d: &Vector<T, D>) -> Vector<T, D> {
        self.0.core_support(d)
    }
    fn center(&self) -> Vector<T, D> {
        self.0.center()
    }
}

/// A start inside: the normal points from the nearest core point to the
/// start (oracle: `distance` between the core and the start), `None` when
/// the start is inside the core.
fn nearest_normal<T: TestReal, const D: usize>(
    shape: &impl SupportMap<T, D>,
    start: &Vector<T, D>,
    normal: Option<Vector<T, D>>,
    what: &str,
) {
    let config = Config::default();
    let d = distance(&Core(shape), &Point::new(*start).unwrap(), &config).unwrap();
    let expected = d.normal.filter(|_| d.distance.as_f64() > 1e3 * T::eps());
    same_normal(normal, expected, what);
}

/// Both normals absent, or both present and equal to `√ε`-sized rounding.
fn same_normal<T: TestReal, const D: usize>(
    fast: Option<Vector<T, D>>,
    slow: Option<Vector<T, D>>,
    what: &str,
) {
    match (fast, slow) {
        (Some(f), Some(s)) => assert!(
            (wide(&f) - wide(&s)).norm() <= T::eps().sqrt(),
            "normals {f:?} and {s:?} differ; {what}"
        ),
        (None, None) => {}
        (f, s) => panic!("normal {f:?} against the loop's {s:?}; {what}"),
    }
}

fn suite<T: TestReal, const D: usize>(rays: usize) {
    let mut rng = Rng::new(0xca57 + D as u64);
    for case in 0..6 {
        let half = Vector::<T, D>::from_fn(|_, _| T::of_f64(rng.range(0.1, 2.0)));
        let cube = Cuboid::new(half).unwrap();
        let r = rotation::<D>(&mut rng).map(T::of_f64);
        let t = narrow::<T, D>(&P::<D>::from_fn(|_, _| rng.range(-1.0, 1.0)));
        let placed = Transformed::new(cube, r, t).unwrap();
        let (p, q) = (
            narrow::<T, D>(&P::<D>::from_fn(|_, _| rng.range(-2.0, 2.0))),
            narrow::<T, D>(&P::<D>::from_fn(|_, _| rng.range(-2.0, 2.0))),
        );
        let radius = T::of_f64(rng.range(0.05, 1.0));
        let capsule = Capsule::new(p, q, radius).unwrap();
        let rounded = Rounded::new(Segment::new(p, q).unwrap(), radius).unwrap();
        let placed_capsule = Transformed::new(capsule, r, t).unwrap();
        let name = |s: &str| format!("{s} {case}");
        against_loop::<T, D, _>(&name("box"), cube, 4.0, &mut rng, rays);
        against_loop::<T, D, _>(&name("placed box"), placed, 4.0, &mut rng, rays);
        against_loop::<T, D, _>(&name("capsule"), capsule, 4.0, &mut rng, rays);
        against_loop::<T, D, _>(&name("rounded segment"), rounded, 4.0, &mut rng, rays);
        against_loop::<T, D, _>(&name("placed capsule"), placed_capsule, 4.0, &mut rng, rays);
        // A capsule whose ends coincide: a ball.
        let ball_like = Capsule::new(p, p, radius).unwrap();
        against_loop::<T, D, _>(&name("point capsule"), ball_like, 4.0, &mut rng, rays);
    }
}

/// Cones and cylinders (`Cone`, `Cylinder`: their slabs and quadratics),
/// bare and placed, slender to squat (the cone's side slope `r / 2h` from
/// 1/16 to 8).
fn revolutions<T: TestReal>(rays: usize) {
    let mut rng = Rng::new(17);
    for (case, (h, r)) in [(1.0, 1.0), (2.0, 0.25), (0.1, 1.6), (0.5, 2.0)]
        .into_iter()
        .enumerate()
    {
        let (h, r) = (T::of_f64(h), T::of_f64(r));
        let cone = Cone::new(h, r).unwrap();
        let cylinder = Cylinder::new(h, r).unwrap();
        let rot = rotation::<3>(&mut rng).map(T::of_f64);
        let t = narrow::<T, 3>(&P::<3>::from_fn(|_, _| rng.range(-1.0, 1.0)));
        let name = |s: &str| format!("{s} {case}");
        let placed_cone = Transformed::new(cone, rot, t).unwrap();
        let placed_cylinder = Transformed::new(cylinder, rot, t).unwrap();
        let counts = [
            against_loop_counted::<T, 3, _>(&name("cone"), cone, 4.0, &mut rng, rays, false),
            against_loop_counted(
                &name("placed cone"),
                placed_cone,
                4.0,
                &mut rng,
                rays,
                false,
            ),
            against_loop_counted(&name("cylinder"), cylinder, 4.0, &mut rng, rays, false),
            against_loop_counted(
                &name("placed cylinder"),
                placed_cylinder,
                4.0,
                &mut rng,
                rays,
                false,
            ),
        ];
        // Most hits in closed form: the loop takes grazes, entries near a
        // cone's apex and rays along its side.
        for (closed, hits) in counts {
            assert!(
                closed * 10 >= hits * 7,
                "{closed} of {hits} hits in closed form, case {case}"
            );
        }
    }
}

#[test]
fn cone_and_cylinder_rays_in_closed_form_match_the_loop() {
    revolutions::<f64>(400);
    revolutions::<f32>(400);
}

#[test]
fn rays_in_closed_form_match_the_loop_2d() {
    suite::<f64, 2>(400);
    suite::<f32, 2>(400);
}

#[test]
fn rays_in_closed_form_match_the_loop_3d() {
    suite::<f64, 3>(400);
    suite::<f32, 3>(400);
}

#[test]
fn rays_in_closed_form_match_the_loop_4d() {
    suite::<f64, 4>(200);
    suite::<f32, 4>(200);
}

/// A ball swept against a capsule in both orders (the capsule's closed form
/// with both radii), against the loop.
fn ball_capsule_sweeps<T: TestReal, const D: usize>() {
    let config = Config::<T, _>::default();
    let mut rng = Rng::new(0xba11 + D as u64);
    let budget = ULPS * T::eps() * 4.0;
    for case in 0..300 {
        let (p, q) = (
            narrow::<T, D>(&P::<D>::from_fn(|_, _| rng.range(-1.0, 1.0))),
            narrow::<T, D>(&P::<D>::from_fn(|_, _| rng.range(-1.0, 1.0))),
        );
        let capsule = Capsule::new(p, q, T::of_f64(rng.range(0.05, 0.5))).unwrap();
        let centre = narrow::<T, D>(&P::<D>::from_fn(|_, _| rng.range(-4.0, 4.0)));
        let ball = Ball::new(centre, T::of_f64(rng.range(0.05, 0.5))).unwrap();
        let v = narrow::<T, D>(
            &(-wide(&centre) * rng.range(0.5, 2.0) + P::<D>::from_fn(|_, _| rng.range(-0.5, 0.5))),
        );
        let what = format!("{} D = {D}, sweep {case}", T::NAME);
        for (fast, slow) in [
            (
                shape_cast(&capsule, &ball, v, T::of_f64(1e9), &config).unwrap(),
                shape_cast(&Hidden(capsule), &Hidden(ball), v, T::of_f64(1e9), &config).unwrap(),
            ),
            (
                shape_cast(&ball, &capsule, -v, T::of_f64(1e9), &config).unwrap(),
                shape_cast(&Hidden(ball), &Hidden(capsule), -v, T::of_f64(1e9), &config).unwrap(),
            ),
        ] {
            let length = wide(&v).norm();
            match (fast, slow) {
                (Some(f), Some(s)) => {
                    assert_eq!(f.iterations, 0, "not in closed form; {what}");
                    assert!(
                        (f.t.as_f64() - s.t.as_f64()).abs() * length <= budget,
                        "t {:?} against the loop's {:?}; {what}",
                        f.t,
                        s.t
                    );
                    if f.t > T::of_f64(0.0) {
                        let gap = wide(&(f.point_a - f.point_b)).norm();
                        assert!(gap <= budget, "witnesses {gap:e} apart; {what}: {f:?}");
                    }
                    if f.t > T::of_f64(0.0) {
                        same_normal(f.normal, s.normal, &what);
                    }
                }
                (None, None) => {}
                (f, s) => {
                    let t = f.or(s).map(|h| h.t.as_f64()).unwrap_or(0.0);
                    let grazing = distance(&capsule, &ball, &config).is_ok();
                    assert!(grazing, "hit and miss disagree at t = {t}; {what}");
                }
            }
        }
    }
}

#[test]
fn ball_capsule_sweeps_match_the_loop() {
    ball_capsule_sweeps::<f64, 2>();
    ball_capsule_sweeps::<f64, 3>();
    ball_capsule_sweeps::<f32, 3>();
    ball_capsule_sweeps::<f64, 4>();
}

/// The contract of a hit: the ray before `lower` does not enter the
/// shape deeper than `budget`, and a converged hit's point is on the
/// surface to `budget` (oracle: `contact` with the segment of the ray up to
/// `lower`, and with the point).
fn honest_hit<T: TestReal, const D: usize>(
    shape: &impl SupportMap<T, D>,
    (origin, direction): (&Vector<T, D>, &Vector<T, D>),
    hit: &RayHit<T, D>,
    budget: f64,
    what: &str,
) {
    if hit.status == Status::Converged {
        let gap = signed_gap(shape, &hit.point);
        assert!(
            gap.abs() <= budget,
            "hit {gap:e} off the surface; {what}: {hit:?}"
        );
    }
    let lower = origin + direction * hit.lower;
    let before = Segment::new(*origin, lower).unwrap();
    let depth = contact(shape, &before, T::of_f64(1e3), &Config::default())
        .unwrap()
        .map_or(f64::INFINITY, |c| c.distance.as_f64());
    assert!(
        depth >= -budget,
        "the ray entered {depth:e} before its hit; {what}: {hit:?}"
    );
}

/// Rays that graze a flat box (one half extent zero), nearly parallel to
/// it and aimed at a point of it: the exact entry (the closed form) and the
/// first point within rounding of the box (the loop) may be far apart in
/// `t`, and both must meet the hit's contract. The first cases are those
/// the `primitives` fuzz target found (the loop's answer was judged by a
/// GJK distance that stalled on the needle-like box).
fn grazing_flat_boxes<T: TestReal, const D: usize>() {
    let config = Config::<T, _>::default();
    let mut rng = Rng::new(0x96a2 + D as u64);
    let mut cases: Vec<(Vector<T, D>, Vector<T, D>, Vector<T, D>)> = Vec::new();
    if D == 2 {
        let v = |x: f64, y: f64| narrow::<T, D>(&P::<D>::from_fn(|i, _| [x, y][i]));
        cases.push((
            v(0.0, 0.01953125),
            v(-2.72278e-40, 72.25781),
            v(2.72278e-40, -72.25781),
        ));
    }
    for _ in 0..400 {
        let mut half = P::<D>::from_fn(|_, _| rng.range(0.01, 2.0));
        let flat = rng.int(0, D - 1);
        half[flat] = 0.0;
        // From far away along the box, with a transverse part of rounding
        // size, at a point of the face.
        let target = P::<D>::from_fn(|i, _| rng.range(-half[i], half[i]));
        let mut origin = P::<D>::from_fn(|_, _| rng.range(-1.0, 1.0)) * 50.0;
        origin[flat] = rng.range(-1.0, 1.0) * 10f64.powf(rng.range(-40.0, -3.0));
        cases.push((narrow(&half), narrow(&origin), narrow(&(target - origin))));
    }
    for (case, (half, origin, direction)) in cases.into_iter().enumerate() {
        let cube = Cuboid::new(half).unwrap();
        let scale = wide(&origin).amax() + 2.0 * wide(&direction).amax();
        let budget = ULPS * T::eps() * scale;
        let what = format!("{} D = {D}, flat box {case}", T::NAME);
        let fast = ray_cast(&cube, origin, direction, T::of_f64(2.0), &config).unwrap();
        // The loop may stall along the needle with no hit proven: it then
        // says so (an error), and a `Some` must be a proven hit.
        let slow = match ray_cast(&Hidden(cube), origin, direction, T::of_f64(2.0), &config) {
            Err(Error::IterationLimit) => None,
            other => other.unwrap(),
        };
        for hit in [fast, slow].iter().flatten() {
            honest_hit(&cube, (&origin, &direction), hit, budget, &what);
        }
    }
}

#[test]
fn grazing_rays_on_flat_boxes_meet_the_contract() {
    grazing_flat_boxes::<f64, 2>();
    grazing_flat_boxes::<f32, 2>();
    grazing_flat_boxes::<f64, 3>();
    grazing_flat_boxes::<f32, 3>();
}
