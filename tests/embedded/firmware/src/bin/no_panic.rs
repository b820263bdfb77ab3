//! The no-panic check: every public query (the batch queries too), in 2D
//! and 3D, `f32` and `f64`,
//! on inputs the optimiser cannot see. Its panic handler calls a function
//! that does not exist, so the release link (profile `nopanic`: opt-level 3,
//! LTO) fails exactly when some panic is still reachable from a query.
//!
//! With `--features panic-loop` the handler loops instead, the link succeeds,
//! and `no_panic.sh` lists the call sites of the panic machinery.
#![no_std]
#![no_main]

use core::hint::black_box;

use cortex_m_rt::entry;
use gjk::nalgebra::{Isometry2, Isometry3, SMatrix, SVector, Vector2, Vector3};
use gjk::{
    closest_points, contact, contact_manifold, contact_manifold_into, distance, distance_cached, intersects,
    half_space_contact, half_space_distance, half_space_intersects, half_space_manifold,
    half_space_ray_cast, half_space_shape_cast, HalfSpace, intersects_cached, penetration,
    ray_cast, shape_cast, shape_cast_with_separation,
    time_of_impact, Aabb, Affine, Ball, BoundingBall, hull::Built, Capsule, hull::Climbing, Cone,
    hull::Scanned, Cuboid, Cylinder, Ellipsoid, Faces, Config, Hull, hull::Block, hull::Packed,
    hull::Polygon, Real, RigidMotion, Rounded, SimplexCache, Solid, SupportMap, Transformed,
    Triangle,
};

fn all<T: Real, const D: usize>(a: &impl SupportMap<T, D>, b: &impl SupportMap<T, D>) {
    let config = black_box(Config::<T, _>::default());
    black_box(intersects(a, b, &config).ok());
    black_box(distance(a, b, &config).ok().map(|d| d.distance));
    black_box(closest_points(a, b, black_box(T::one()), &config).ok());
    black_box(penetration(a, b, &config).ok());
    black_box(contact(a, b, black_box(T::one()), &config).ok());
    // The traced queries, recording into a few steps of room.
    let mut seen = gjk::trace::Recording::<T, D, 4>::new();
    black_box(gjk::trace::intersects(a, b, &config, &mut seen).ok());
    black_box(gjk::trace::distance(a, b, &config, &mut seen).ok());
    black_box(gjk::trace::penetration(a, b, &config, &mut seen).ok());
    black_box((seen.gjk().len(), seen.epa().len(), seen.dropped()));
    let v = black_box(b.center() - a.center());
    black_box(shape_cast(a, b, v, black_box(T::one()), &config).ok());
    black_box(shape_cast_with_separation(a, b, v, T::one(), black_box(T::one()), &config).ok());
    black_box(ray_cast(a, black_box(b.center()), v, black_box(T::one()), &config).ok());
    let turning = black_box(SMatrix::<T, D, D>::zeros());
    let (still, moving) = (
        RigidMotion::new(
            SMatrix::identity(),
            SVector::zeros(),
            SVector::zeros(),
            turning,
        ),
        RigidMotion::new(black_box(SMatrix::identity()), b.center(), v, turning),
    );
    if let (Ok(ma), Ok(mb)) = (still, moving) {
        let (max_t, separation) = (black_box(T::one()), black_box(T::zero()));
        black_box(time_of_impact(a, &ma, b, &mb, max_t, separation, &config).ok());
    }
    // The bounding volumes of both shapes.
    if let (Ok(ba), Ok(bb)) = (Aabb::of(a), Aabb::of(b)) {
        black_box(ba.intersects(&bb));
        black_box(ba.merged(&bb).contains_point(&v));
    }
    if let (Ok(sa), Ok(sb)) = (BoundingBall::of(a), BoundingBall::of(b)) {
        black_box(sa.intersects(&sb));
    }
}

/// The contact manifold (shapes with flat features).
fn manifold<T: Real, const D: usize>(a: &impl Faces<T, D>, b: &impl Faces<T, D>) {
    let config = black_box(Config::<T, _>::default());
    black_box(contact_manifold(a, b, black_box(T::one()), &config).ok());
    let mut out = black_box(gjk::Manifold::new());
    black_box(contact_manifold_into(a, b, black_box(T::one()), &config, &mut out).ok());
    black_box(out);
}

/// The half-space queries: a plane through `b`'s centre facing `a`'s,
/// against `b`.
fn half_space<T: Real, const D: usize>(a: &impl SupportMap<T, D>, b: &impl Faces<T, D>) {
    let config = black_box(Config::<T, _>::default());
    let normal = black_box(a.center() - b.center());
    let Ok(plane) = HalfSpace::through(black_box(b.center()), normal) else {
        return;
    };
    let one = black_box(T::one());
    black_box(half_space_intersects(&plane, b, &config).ok());
    black_box(half_space_distance(&plane, b, &config).ok());
    black_box(half_space_contact(&plane, b, one, &config).ok());
    black_box(half_space_manifold(&plane, b, one, &config).ok());
    black_box(half_space_ray_cast(&plane, a.center(), normal, one, &config).ok());
    black_box(half_space_shape_cast(&plane, b, -normal, one, &config).ok());
}

/// The compound queries: two boxes fixed to one body, placed by `pose`,
/// against `b` and against the compound placed at the origin.
fn compound<T: Real, B: Faces<T, 3>>(cuboid: Cuboid<T, 3>, pose: &Isometry3<T>, b: &B) {
    use gjk::compound::{pieces_distance, pieces_intersect, pieces_manifolds, Compound, Part, Single};
    let config = black_box(Config::<T, 3>::default());
    let at = |x: f64| Transformed::translated(cuboid, Vector3::new(T::lit(x), T::zero(), T::zero()));
    let (Ok(left), Ok(right)) = (at(black_box(-1.0)), at(black_box(1.0))) else {
        return;
    };
    let (Ok(left), Ok(right), Ok(single)) = (Part::new(left), Part::new(right), Single::new(b)) else {
        return;
    };
    let Ok(body) = Compound::new(black_box([left, right])) else {
        return;
    };
    let (placed, other) = (body.placed(pose), body.placed(&Isometry3::identity()));
    black_box(pieces_distance(&placed, &single, &config).ok());
    black_box(pieces_intersect(&placed, &other, &config).ok());
    let mut out = black_box([None; 2]);
    black_box(pieces_manifolds(&placed, &other, black_box(T::one()), &config, &mut out).ok());
    black_box(out);
}

/// The warm-started queries, through one cache in both orders.
fn cached<A, B, T: Real, const D: usize>(a: &Transformed<A, T, D>, b: &Transformed<B, T, D>)
where
    A: SupportMap<T, D>,
    B: SupportMap<T, D>,
{
    let config = black_box(Config::<T, _>::default());
    let mut cache = black_box(SimplexCache::new());
    black_box(
        distance_cached(a, b, &config, &mut cache)
            .ok()
            .map(|d| d.distance),
    );
    black_box(intersects_cached(b, a, &config, &mut cache).ok());
}

fn three<T: Real>() {
    let v = |x: f64, y: f64, z: f64| Vector3::new(T::lit(x), T::lit(y), T::lit(z));
    // The curved shapes' and the affine map's support maps.
    let d = black_box(v(0.3, -1.0, 0.2));
    let one = black_box(T::one());
    if let (Ok(cylinder), Ok(cone), Ok(egg)) = (
        Cylinder::new(one, one),
        Cone::new(one, one),
        Ellipsoid::new(black_box(v(1.0, 2.0, 3.0))),
    ) {
        black_box((cylinder.support(&d), cone.support(&d), egg.support(&d)));
        // Caps and side lines.
        manifold(&cylinder, &cone);
        half_space(&cone, &cylinder);
        let m = black_box(SMatrix::<T, 3, 3>::identity());
        if let Ok(sheared) = Affine::new(egg, m, d) {
            black_box(sheared.support(&d));
        }
    }
    let points = black_box([
        v(0.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
        v(0.0, 1.0, 0.0),
        v(0.0, 0.0, 1.0),
    ]);
    let (Ok(hull), Ok(cuboid), Ok(ball), Ok(capsule)) = (
        Scanned::new(&points),
        Cuboid::new(black_box(v(1.0, 1.0, 1.0))),
        Ball::new(black_box(v(0.5, 0.5, 0.5)), black_box(T::one())),
        Capsule::new(
            black_box(v(0.0, 0.0, 0.0)),
            black_box(v(0.0, 0.0, 1.0)),
            T::one(),
        ),
    ) else {
        return;
    };
    let pose = black_box(Isometry3::translation(T::one(), T::zero(), T::zero()));
    let moved = Transformed::from_isometry3(cuboid, &pose);
    all(&hull, &moved);
    all(&ball, &capsule);
    all(&hull, &ball);
    manifold(&moved, &capsule);
    manifold(&ball, &moved);
    half_space(&ball, &moved);
    half_space(&hull, &capsule);
    compound(cuboid, &pose, &capsule);
    // Two boxes (separating axes) and a triangle.
    manifold(&moved, &cuboid);
    if let Ok(triangle) = Triangle::new(points[0], points[1], points[2]) {
        manifold(&moved, &triangle);
    }
    cached(&Transformed::from_isometry3(hull, &pose), &moved);
    black_box(moved.bounding_ball().ok());

    let facets = black_box([[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]);
    let mut blocks = [Block::<T, 3>::default(); 1];
    // The sizes depend on the dimension only, not on the scalar.
    let mut offsets = [0; Climbing::<f32, 3>::offsets_needed(4)];
    let mut neighbours = [0; Climbing::<f32, 3>::neighbours_needed(4)];
    if let (Ok(packed), Ok(climbing)) = (
        Packed::new(&points, black_box(&mut blocks)),
        Climbing::new(&points, &facets, &mut offsets, &mut neighbours),
    ) {
        // The queries are the same generic code as above; what is new is the
        // support maps, called here directly to keep the binary in flash.
        let dir = black_box(v(0.3, -1.0, 0.5));
        black_box(packed.support(&dir));
        black_box(climbing.support(&dir));
        black_box(climbing.climb(&dir, black_box(2)));
    }
}

/// The hull builder in 3D and 2D, on points the optimiser cannot see.
fn build_hulls<T: Real>() {
    let v = |x: f64, y: f64, z: f64| Vector3::new(T::lit(x), T::lit(y), T::lit(z));
    let points = black_box([
        v(0.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
        v(0.0, 1.0, 0.0),
        v(0.0, 0.0, 1.0),
        v(1.0, 1.0, 1.0),
        v(0.2, 0.2, 0.2),
    ]);
    let mut vertices = [0; Built::<3>::vertices_needed(6)];
    let mut facets = [[0; 3]; Built::<3>::facets_needed(6)];
    let mut work = [0; Built::<3>::work_needed(6)];
    if let Ok(hull) =
        Built::<3>::build(&points, &mut vertices, &mut facets, black_box(&mut work))
    {
        black_box(hull.vertices());
        black_box(hull.facets());
    }
    let tol = black_box(T::lit(1e-3));
    if let Ok(hull) =
        Built::<3>::build_welded(&points, tol, &mut vertices, &mut facets, black_box(&mut work))
    {
        black_box(hull.vertices());
    }
    // The default hull, built and asked for supports (its queries are the
    // generic ones checked above).
    let mut indices = [0; Hull::<f64, 3>::indices_needed(6)];
    let mut facets = [[0; 3]; Hull::<f64, 3>::facets_needed(6)];
    if let Ok(hull) = Hull::<T, 3>::new(&points, black_box(&mut indices), &mut facets) {
        let dir = black_box(v(0.3, -0.2, 1.0));
        black_box(hull.support(&dir));
        black_box(hull.center());
        if let Ok(ball) = Ball::new(black_box(v(0.5, 0.5, 2.0)), T::one()) {
            manifold(&hull, &ball);
        }
    }
    let flat = black_box([
        Vector2::new(T::zero(), T::one()),
        Vector2::new(T::one(), T::zero()),
        Vector2::new(T::one(), T::one()),
    ]);
    let mut vertices = [0; Built::<2>::vertices_needed(3)];
    let mut edges = [[0; 2]; Built::<2>::facets_needed(3)];
    let mut work = [0; Built::<2>::work_needed(3)];
    if let Ok(hull) = Built::<2>::build(&flat, &mut vertices, &mut edges, black_box(&mut work))
    {
        black_box(hull.facets());
    }
    let mut indices = [0; Hull::<f64, 2>::indices_needed(3)];
    let mut edges = [[0; 2]; Hull::<f64, 2>::facets_needed(3)];
    if let Ok(hull) = Hull::<T, 2>::new(&flat, black_box(&mut indices), &mut edges) {
        black_box(hull.support(&Vector2::new(T::one(), T::zero())));
    }
}

fn two<T: Real>() {
    let v = |x: f64, y: f64| Vector2::new(T::lit(x), T::lit(y));
    let vertices = black_box([v(0.0, 0.0), v(2.0, 0.0), v(0.0, 2.0)]);
    let (Ok(polygon), Ok(cuboid), Ok(ball)) = (
        Polygon::new(&vertices),
        Cuboid::new(black_box(v(1.0, 1.0))),
        Ball::new(black_box(v(0.5, 0.5)), black_box(T::one())),
    ) else {
        return;
    };
    let pose = black_box(Isometry2::translation(T::one(), T::zero()));
    let moved = Transformed::from_isometry2(cuboid, &pose);
    all(&polygon, &moved);
    all(&polygon, &ball);
    manifold(&polygon, &moved);
    manifold(&cuboid, &moved);
    half_space(&ball, &polygon);
    half_space(&polygon, &moved);
    if let Ok(triangle) = Triangle::new(vertices[0], vertices[1], vertices[2]) {
        manifold(&triangle, &moved);
    }
    cached(&Transformed::from_isometry2(polygon, &pose), &moved);
}

/// The mass properties of every solid, on sizes and a density the
/// optimiser cannot see.
fn mass<T: Real>() {
    let v = |x: f64, y: f64, z: f64| black_box(Vector3::new(T::lit(x), T::lit(y), T::lit(z)));
    let w = |x: f64, y: f64| black_box(Vector2::new(T::lit(x), T::lit(y)));
    let (one, density) = (black_box(T::one()), black_box(T::one()));
    let mut total = gjk::MassProperties::<T, 3>::zero();
    if let (Ok(ball), Ok(egg), Ok(cuboid), Ok(capsule), Ok(cylinder), Ok(cone)) = (
        Ball::new(v(0.0, 0.0, 0.0), one),
        Ellipsoid::new(v(1.0, 2.0, 3.0)),
        Cuboid::new(v(1.0, 1.0, 1.0)),
        Capsule::new(v(0.0, 0.0, 0.0), v(0.0, 0.0, 1.0), one),
        Cylinder::new(one, one),
        Cone::new(one, one),
    ) {
        total = total + ball.mass_properties(density) + egg.mass_properties(density);
        total = total + capsule.mass_properties(density) + cylinder.mass_properties(density);
        total = total + cone.mass_properties(density);
        let pose = black_box(Isometry3::translation(one, T::zero(), T::zero()));
        let moved = Transformed::from_isometry3(cuboid, &pose);
        if let Ok(soft) = Rounded::new(moved, one) {
            total = total + soft.mass_properties(density);
        }
    }
    let points = black_box([v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0)]);
    let mut indices = [0; Hull::<f64, 3>::indices_needed(4)];
    let mut facets = [[0; 3]; Hull::<f64, 3>::facets_needed(4)];
    if let Ok(hull) = Hull::<T, 3>::new(&points, black_box(&mut indices), &mut facets) {
        total = total + hull.mass_properties(density);
    }
    black_box((total.inertia(), total.inertia_about(&points[1])));
    let flat = black_box([w(0.0, 0.0), w(2.0, 0.0), w(0.0, 2.0)]);
    let mut indices = [0; Hull::<f64, 2>::indices_needed(3)];
    let mut edges = [[0; 2]; Hull::<f64, 2>::facets_needed(3)];
    if let (Ok(hull), Ok(polygon), Ok(triangle)) = (
        Hull::<T, 2>::new(&flat, black_box(&mut indices), &mut edges),
        Polygon::new(&flat),
        Triangle::new(flat[0], flat[1], flat[2]),
    ) {
        let mut plane = hull.mass_properties(density) + polygon.mass_properties(density);
        plane = plane + triangle.mass_properties(density);
        if let Ok(rounded) = Rounded::new(hull, one) {
            plane = plane + rounded.mass_properties(density);
        }
        if let (Ok(p), Ok(t)) = (Rounded::new(polygon, one), Rounded::new(triangle, one)) {
            plane = plane + p.mass_properties(density) + t.mass_properties(density);
        }
        black_box(plane.polar_moment());
    }
}

/// The batch queries on `pairs` (answers into stack storage).
fn batched<T, A, B, const D: usize>(pairs: &[(A, B)])
where
    T: gjk::batch::LaneReal,
    A: gjk::LaneShape<T, D>,
    B: gjk::LaneShape<T, D>,
{
    let config = black_box(Config::<T, D>::default());
    let mut d = [const { Err(gjk::Error::InvalidConfig) }; 9];
    gjk::batch::distance(pairs, &config, &mut d);
    black_box(&d);
    let mut i = [const { Err(gjk::Error::InvalidConfig) }; 9];
    gjk::batch::intersects(pairs, &config, &mut i);
    black_box(&i);
    let mut c = [const { Err(gjk::Error::InvalidConfig) }; 9];
    gjk::batch::contact(pairs, black_box(T::one()), &config, &mut c);
    black_box(&c);
}

/// Batches at poses the optimiser cannot see: placed boxes against
/// capsules in 3D (the box, segment and placement lane maps), placed
/// squares against discs in 2D (the point core), each batch query once.
fn batches<T: gjk::batch::LaneReal>() {
    let one = black_box(T::one());
    let v = |x: f64| black_box(Vector3::new(T::lit(x), T::lit(x), T::lit(x)));
    let (Ok(cuboid), Ok(capsule)) = (Cuboid::new(v(1.0)), Capsule::new(v(0.0), v(1.0), one)) else {
        return;
    };
    let at = |x: T| Transformed::from_isometry3(cuboid, &Isometry3::translation(x, T::zero(), T::zero()));
    let mixed: [_; 9] = core::array::from_fn(|k| (capsule, at(black_box(T::lit(k as f64)))));
    batched(&mixed);
    let (Ok(square), Ok(disc)) = (
        Cuboid::new(black_box(Vector2::new(one, one))),
        Ball::new(black_box(Vector2::new(one, T::zero())), one),
    ) else {
        return;
    };
    let flat: [_; 9] = core::array::from_fn(|k| {
        let pose = Isometry2::translation(black_box(T::lit(k as f64)), T::zero());
        (Transformed::from_isometry2(square, &pose), disc)
    });
    batched(&flat);
}

#[entry]
fn main() -> ! {
    loop {
        #[cfg(feature = "planted-panic")]
        {
            let table = [1u8, 2, 3, 4];
            black_box(table[black_box(7usize)]);
        }
        three::<f32>();
        three::<f64>();
        two::<f32>();
        two::<f64>();
        build_hulls::<f32>();
        build_hulls::<f64>();
        mass::<f32>();
        mass::<f64>();
        batches::<f32>();
        batches::<f64>();
    }
}

#[cfg(not(feature = "panic-loop"))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    extern "C" {
        /// Deliberately undefined: referencing it breaks the link.
        fn panic_is_reachable() -> !;
    }
    // SAFETY: never runs; the link fails first if this is reachable.
    unsafe { panic_is_reachable() }
}

#[cfg(feature = "panic-loop")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    cortex_m::asm::udf()
}
