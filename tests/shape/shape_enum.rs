//! The shape enums (`Shape2`, `Shape3`) and the shape traits through
//! pointers (`&`, `Box`, `Rc`, `Arc`, `Box<dyn ..>`).
//!
//! Oracle: the shape itself. Dispatch must not change an answer, so each
//! capability method and each query is compared with the shape's own, bit
//! for bit (budget: zero). A second test reads the traits' sources and
//! fails when a trait method is not forwarded by the enums or the pointer
//! impls (a forgotten method would lose a fast path without changing any
//! answer, which the first test cannot see).

use std::rc::Rc;
use std::sync::Arc;

use gjk::nalgebra::{Isometry2, Isometry3, Vector2, Vector3};
use gjk::{
    closest_points, contact, contact_manifold, distance, hull::Polygon, intersects, ray_cast, Ball,
    Capsule, Cone, Config, Cuboid, Cylinder, Face, Faces, OwnedHull, Point, Rounded, Segment,
    Shape2, Shape3, Transformed, Triangle,
};

/// Directions that hit faces, edges and corners, and the zero direction.
fn directions<const D: usize>() -> Vec<Vector<D>> {
    let mut out = vec![Vector::<D>::zeros()];
    let mut state = 0x9e37_79b9_u32;
    for _ in 0..40 {
        out.push(Vector::<D>::from_fn(|_, _| {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            f64::from(state >> 8) / f64::from(1 << 23) - 1.0
        }));
    }
    for i in 0..D {
        out.push(unit::<D>(i, 1.0));
        out.push(unit::<D>(i, -1.0));
    }
    out
}

type Vector<const D: usize> = gjk::Vector<f64, D>;

/// `s` times the `i`-th axis.
fn unit<const D: usize>(i: usize, s: f64) -> Vector<D> {
    Vector::<D>::from_fn(|r, _| if r == i { s } else { 0.0 })
}

/// Every method of both traits on `wrapped` equals the method on `shape`.
fn same_capabilities<S, W, const D: usize>(shape: &S, wrapped: &W, what: &str)
where
    S: Faces<f64, D> + ?Sized,
    W: Faces<f64, D> + ?Sized,
{
    assert_eq!(shape.margin(), wrapped.margin(), "{what}: margin");
    assert_eq!(shape.center(), wrapped.center(), "{what}: center");
    assert_eq!(
        shape.core_point(),
        wrapped.core_point(),
        "{what}: core_point"
    );
    assert_eq!(shape.core_box(), wrapped.core_box(), "{what}: core_box");
    for d in directions::<D>() {
        assert_eq!(
            shape.core_support(&d),
            wrapped.core_support(&d),
            "{what}: core_support"
        );
        assert_eq!(shape.support(&d), wrapped.support(&d), "{what}: support");
        assert_eq!(
            shape.project_core(&(d * 3.0)),
            wrapped.project_core(&(d * 3.0)),
            "{what}"
        );
        assert_eq!(shape.face(&d), wrapped.face(&d), "{what}: face");
        let (mut f, mut g) = (Face::default(), Face::default());
        shape.face_into(&d, &mut f);
        wrapped.face_into(&d, &mut g);
        assert_eq!(f, g, "{what}: face_into");
        assert_eq!(shape.to_body(&d), wrapped.to_body(&d), "{what}: to_body");
        let origin = -d * 4.0 + unit::<D>(0, 0.1);
        assert_eq!(
            shape.ray_core(&origin, &d, 0.25),
            wrapped.ray_core(&origin, &d, 0.25),
            "{what}: ray_core"
        );
    }
}

/// Every query against a fixed partner equals the query on `shape`.
fn same_queries<S, W, const D: usize>(shape: &S, wrapped: &W, partner: &impl Faces<f64, D>)
where
    S: Faces<f64, D>,
    W: Faces<f64, D>,
{
    let config = Config::default();
    assert_eq!(
        intersects(shape, partner, &config),
        intersects(wrapped, partner, &config)
    );
    assert_eq!(
        distance(shape, partner, &config),
        distance(wrapped, partner, &config)
    );
    assert_eq!(
        closest_points(shape, partner, 0.5, &config),
        closest_points(wrapped, partner, 0.5, &config)
    );
    assert_eq!(
        contact(shape, partner, 0.5, &config),
        contact(wrapped, partner, 0.5, &config)
    );
    assert_eq!(
        contact_manifold(shape, partner, 0.5, &config),
        contact_manifold(wrapped, partner, 0.5, &config)
    );
    let origin = partner.center() * 3.0 + Vector::<D>::repeat(0.01);
    let towards = shape.center() - origin;
    assert_eq!(
        ray_cast(shape, origin, towards, 10.0, &config),
        ray_cast(wrapped, origin, towards, 10.0, &config)
    );
}

/// The shape, the enum holding it, and the shape through every pointer.
fn check<S, E, const D: usize>(shape: S, partner: &impl Faces<f64, D>, what: &str)
where
    S: Faces<f64, D> + Clone + Into<E> + 'static,
    E: Faces<f64, D>,
{
    let wrapped: E = shape.clone().into();
    same_capabilities::<S, E, D>(&shape, &wrapped, what);
    same_queries(&shape, &wrapped, partner);
    same_capabilities::<S, &S, D>(&shape, &&shape, what);
    same_capabilities::<S, Box<S>, D>(&shape, &Box::new(shape.clone()), what);
    same_capabilities::<S, Rc<S>, D>(&shape, &Rc::new(shape.clone()), what);
    same_capabilities::<S, Arc<S>, D>(&shape, &Arc::new(shape.clone()), what);
    let dynamic: Box<dyn Faces<f64, D>> = Box::new(shape.clone());
    same_capabilities::<S, Box<dyn Faces<f64, D>>, D>(&shape, &dynamic, what);
    same_queries(&shape, &dynamic, partner);
}

#[test]
fn every_2d_variant_answers_as_its_shape() {
    let v = Vector2::new;
    let partner = Transformed::from_isometry2(
        Cuboid::new(v(0.7, 0.4)).unwrap(),
        &Isometry2::new(v(1.3, 0.9), 0.4),
    );
    let square = vec![v(-1.0, -1.0), v(1.0, -1.0), v(1.0, 1.0), v(-1.0, 1.0)];
    let cloud: Vec<_> = (0..40)
        .map(|k| v((k as f64).cos(), (k as f64 * 1.3).sin()))
        .collect();
    let hull = OwnedHull::<f64, 2>::new(cloud).unwrap();
    check::<_, Shape2<f64>, 2>(Point::new(v(0.2, 0.1)).unwrap(), &partner, "point");
    check::<_, Shape2<f64>, 2>(Ball::new(v(0.2, 0.1), 0.8).unwrap(), &partner, "ball");
    let seg = Segment::new(v(-1.0, 0.0), v(1.0, 0.5)).unwrap();
    check::<_, Shape2<f64>, 2>(seg, &partner, "segment");
    let capsule = Capsule::new(v(-1.0, 0.0), v(1.0, 0.5), 0.3).unwrap();
    check::<_, Shape2<f64>, 2>(capsule, &partner, "capsule");
    let tri = Triangle::new(v(0.0, 0.0), v(2.0, 0.1), v(0.3, 1.5)).unwrap();
    check::<_, Shape2<f64>, 2>(tri, &partner, "triangle");
    let cuboid = Cuboid::new(v(1.0, 0.5)).unwrap();
    check::<_, Shape2<f64>, 2>(cuboid, &partner, "cuboid");
    check::<_, Shape2<f64>, 2>(Rounded::new(cuboid, 0.2).unwrap(), &partner, "round cuboid");
    check::<_, Shape2<f64>, 2>(Polygon::new(square).unwrap(), &partner, "polygon");
    check::<_, Shape2<f64>, 2>(hull.clone(), &partner, "hull");
    check::<_, Shape2<f64>, 2>(Rounded::new(hull, 0.1).unwrap(), &partner, "round hull");
}

#[test]
fn every_3d_variant_answers_as_its_shape() {
    let v = Vector3::new;
    let partner = Transformed::from_isometry3(
        Cuboid::new(v(0.7, 0.4, 0.5)).unwrap(),
        &Isometry3::new(v(1.3, 0.9, -0.4), v(0.3, -0.2, 0.5)),
    );
    let cloud: Vec<_> = (0..60)
        .map(|k| {
            let k = k as f64;
            v((k * 0.7).cos(), (k * 1.3).sin(), (k * 2.1).cos() * 0.8)
        })
        .collect();
    let big = OwnedHull::<f64, 3>::new(cloud).unwrap();
    assert!(big.as_hull().climbs());
    let cube: Vec<_> = (0..8)
        .map(|i| v(f64::from(i & 1), f64::from(i >> 1 & 1), f64::from(i >> 2)))
        .collect();
    let small = OwnedHull::<f64, 3>::new(cube).unwrap();
    check::<_, Shape3<f64>, 3>(Point::new(v(0.2, 0.1, 0.0)).unwrap(), &partner, "point");
    check::<_, Shape3<f64>, 3>(Ball::new(v(0.2, 0.1, 0.3), 0.8).unwrap(), &partner, "ball");
    let seg = Segment::new(v(-1.0, 0.0, 0.2), v(1.0, 0.5, 0.0)).unwrap();
    check::<_, Shape3<f64>, 3>(seg, &partner, "segment");
    let capsule = Capsule::new(v(-1.0, 0.0, 0.2), v(1.0, 0.5, 0.0), 0.3).unwrap();
    check::<_, Shape3<f64>, 3>(capsule, &partner, "capsule");
    let tri = Triangle::new(v(0.0, 0.0, 0.0), v(2.0, 0.1, 0.2), v(0.3, 1.5, -0.2)).unwrap();
    check::<_, Shape3<f64>, 3>(tri, &partner, "triangle");
    let cuboid = Cuboid::new(v(1.0, 0.5, 0.7)).unwrap();
    check::<_, Shape3<f64>, 3>(cuboid, &partner, "cuboid");
    check::<_, Shape3<f64>, 3>(Rounded::new(cuboid, 0.2).unwrap(), &partner, "round cuboid");
    let cylinder = Cylinder::new(0.6, 0.8).unwrap();
    check::<_, Shape3<f64>, 3>(cylinder, &partner, "cylinder");
    check::<_, Shape3<f64>, 3>(
        Rounded::new(cylinder, 0.1).unwrap(),
        &partner,
        "round cylinder",
    );
    check::<_, Shape3<f64>, 3>(Cone::new(0.6, 0.8).unwrap(), &partner, "cone");
    check::<_, Shape3<f64>, 3>(small.clone(), &partner, "small hull");
    check::<_, Shape3<f64>, 3>(big, &partner, "large hull");
    check::<_, Shape3<f64>, 3>(Rounded::new(small, 0.1).unwrap(), &partner, "round hull");
}

/// The names of the `fn`s in the block that opens at the first `{` after
/// `header` in `source`, at its top level.
fn methods_in(source: &str, header: &str) -> Vec<String> {
    let start = source
        .find(header)
        .unwrap_or_else(|| panic!("no `{header}`"));
    let body = &source[start..];
    let open = body.find('{').unwrap();
    let (mut depth, mut end) = (0, open);
    for (i, c) in body[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            end = open + i;
            break;
        }
    }
    let block = &body[open..end];
    let mut names = Vec::new();
    let mut depth = 0;
    for line in block.lines() {
        let code = line.split("//").next().unwrap_or("").trim();
        if depth == 1
            && let Some(rest) = code.split("fn ").nth(1)
        {
            let name = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_');
            names.push(name.collect::<String>());
        }
        depth += code.matches('{').count() as i32 - code.matches('}').count() as i32;
    }
    names.sort();
    names
}

#[test]
fn every_trait_method_is_forwarded() {
    let support_map = include_str!("../../src/shape/support_map.rs");
    let faces = include_str!("../../src/query/manifold/face.rs");
    let enums = include_str!("../../src/shape_enum.rs");
    let traits = [
        (
            methods_in(support_map, "pub trait SupportMap"),
            "SupportMap",
        ),
        (methods_in(faces, "pub trait Faces"), "Faces"),
    ];
    assert!(
        traits[0].0.len() >= 8 && traits[1].0.len() >= 3,
        "{traits:?}"
    );
    let [(support_methods, _), (face_methods, _)] = &traits;
    let forwarders = [
        (
            support_methods,
            enums,
            "impl<T: Real> SupportMap<T, $d> for $name<T>",
        ),
        (
            face_methods,
            enums,
            "impl<T: Real> Faces<T, $d> for $name<T>",
        ),
        (
            support_methods,
            support_map,
            "SupportMap<T, D> for $pointer",
        ),
        (face_methods, faces, "Faces<T, D> for $pointer"),
    ];
    for (methods, source, header) in forwarders {
        assert_eq!(&methods_in(source, header), methods, "`{header}` forwards");
    }
}

/// `contact` of two placed shapes, for `dispatch_pair`.
struct PlacedContact<'c>(&'c Config<f64, 3>, Isometry3<f64>, Isometry3<f64>);

impl gjk::PairFn<f64, 3> for PlacedContact<'_> {
    type Output = Result<Option<gjk::Contact<f64, 3>>, gjk::Error>;
    fn call<A, B>(self, a: &A, b: &B) -> Self::Output
    where
        A: Faces<f64, 3> + ?Sized,
        B: Faces<f64, 3> + ?Sized,
    {
        let a = Transformed::from_isometry3(a, &self.1);
        let b = Transformed::from_isometry3(b, &self.2);
        contact(&a, &b, 0.5, self.0)
    }
}

/// Dispatching once per pair gives each pair of kinds the query on the
/// shapes themselves (budget: zero), as dispatching per call does.
#[test]
fn dispatch_pair_answers_as_the_shapes_do() {
    let v = Vector3::new;
    let cloud: Vec<_> = (0..12)
        .map(|k| {
            let k = k as f64;
            v((k * 0.7).cos(), (k * 1.3).sin(), (k * 2.1).cos() * 0.8)
        })
        .collect();
    let shapes: Vec<Shape3<f64>> = vec![
        Ball::new(v(0.0, 0.1, 0.0), 0.6).unwrap().into(),
        Cuboid::new(v(0.5, 0.4, 0.7)).unwrap().into(),
        Capsule::new(v(0.0, -0.5, 0.0), v(0.0, 0.5, 0.0), 0.3)
            .unwrap()
            .into(),
        Cylinder::new(0.5, 0.4).unwrap().into(),
        OwnedHull::<f64, 3>::new(cloud).unwrap().into(),
    ];
    let config = Config::default();
    let (pa, pb) = (
        Isometry3::new(v(0.1, 0.2, 0.3), v(0.3, -0.2, 0.1)),
        Isometry3::new(v(0.9, 0.4, 0.1), v(-0.4, 0.5, 0.2)),
    );
    for a in &shapes {
        for b in &shapes {
            let once = a.dispatch_pair(b, PlacedContact(&config, pa, pb));
            let (ta, tb) = (
                Transformed::from_isometry3(a, &pa),
                Transformed::from_isometry3(b, &pb),
            );
            assert_eq!(once, contact(&ta, &tb, 0.5, &config));
        }
    }
}

/// The enums' mass properties are the shape's own (budget: zero), `None`
/// for kinds with no volume; an owned hull weighs as its borrowed form and
/// a compound as the sum of its parts.
#[test]
fn mass_properties_through_enums_pointers_and_compounds() {
    use gjk::compound::{Compound, Part};
    use gjk::{Hull, Solid};
    let v = Vector3::new;
    let cuboid = Cuboid::new(v(0.5, 0.4, 0.7)).unwrap();
    let cylinder = Cylinder::new(0.5, 0.4).unwrap();
    let cloud: Vec<_> = (0..30)
        .map(|k| {
            let k = k as f64;
            v((k * 0.7).cos(), (k * 1.3).sin(), (k * 2.1).cos() * 0.8)
        })
        .collect();
    let owned = OwnedHull::<f64, 3>::new(cloud.clone()).unwrap();
    let mut indices = vec![0; Hull::<f64, 3>::indices_needed(cloud.len())];
    let mut facets = vec![[0; 3]; Hull::<f64, 3>::facets_needed(cloud.len())];
    let hull = Hull::<f64, 3>::new(&cloud, &mut indices, &mut facets).unwrap();
    assert_eq!(owned.mass_properties(2.5), hull.mass_properties(2.5));
    let as_enum = |s: Shape3<f64>| s.mass_properties(2.5);
    assert_eq!(as_enum(cuboid.into()), Some(cuboid.mass_properties(2.5)));
    assert_eq!(
        as_enum(cylinder.into()),
        Some(cylinder.mass_properties(2.5))
    );
    assert_eq!(
        as_enum(owned.clone().into()),
        Some(hull.mass_properties(2.5))
    );
    assert_eq!(as_enum(Point::new(v(0.0, 0.0, 0.0)).unwrap().into()), None);
    let boxed: Box<dyn Solid<f64, 3>> = Box::new(cuboid);
    assert_eq!(boxed.mass_properties(2.5), cuboid.mass_properties(2.5));
    assert_eq!(Arc::new(owned).volume(), hull.volume());
    // Two boxes side by side weigh as the box they make.
    let half = Cuboid::new(v(0.25, 0.4, 0.7)).unwrap();
    let at = |x: f64| Part::new(Transformed::translated(half, v(x, 0.0, 0.0)).unwrap()).unwrap();
    let pair = Compound::new([at(-0.25), at(0.25)])
        .unwrap()
        .mass_properties(2.5);
    let whole = cuboid.mass_properties(2.5);
    assert!((pair.mass - whole.mass).abs() <= 4.0 * f64::EPSILON * whole.mass);
    assert!(
        (pair.inertia() - whole.inertia()).amax() <= 16.0 * f64::EPSILON * whole.inertia().amax()
    );
}
