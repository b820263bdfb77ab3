//! The 3D scene of `examples/scene3d.rs` written with parry, for the
//! comparison of the two programs' length: the same bodies at the same
//! poses, the same solver; only the shapes, the boxes and the manifolds
//! (`contact_manifolds` of parry's `DefaultQueryDispatcher`) differ.
//!
//! `cargo run --release --example scene3d_parry`

use std::collections::HashMap;

use parry3d_f64::bounding_volume::BoundingVolume;
use parry3d_f64::math::{Matrix, Pose, Rotation, Vector as V};
use parry3d_f64::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
use parry3d_f64::shape::SharedShape as Shape;

type Error = Box<dyn core::error::Error>;
/// A contact point's name from one step to the next: the two bodies and
/// the point's features on each.
type Key = (usize, usize, u64, u64);

const DT: f64 = 1.0 / 60.0;
const STEPS: usize = 300; // five seconds
const GRAVITY: V = V::new(0.0, -9.81, 0.0);
const MARGIN: f64 = 0.02; // contacts are made this far apart (speculative)
const SLOP: f64 = 0.005; // penetration left alone
const BAUMGARTE: f64 = 0.2; // share of the rest pushed out per step
const FRICTION: f64 = 0.6;
const ITERATIONS: usize = 15;

/// A rigid body: its shape placed at `pose`, its centre of mass at `com`
/// in the shape's frame; static when its inverse mass is zero.
struct Body {
    name: &'static str,
    shape: Shape,
    pose: Pose,
    com: V,
    vel: V,
    ang: V,
    inv_mass: f64,
    inv_inertia: Matrix,       // in the body's frame
    inv_inertia_world: Matrix, // the same turned by the pose
}

/// Mass, inertia about the centre of mass (in the body's frame) and the
/// centre of mass, from the shape's mass properties.
fn mass_properties(shape: &Shape, density: f64) -> (f64, Matrix, V) {
    let m = shape.mass_properties(density);
    (m.mass(), m.reconstruct_inertia_matrix(), m.local_com)
}

impl Body {
    fn new(name: &'static str, shape: Shape, pose: Pose, density: f64) -> Self {
        let (mass, inertia, com) = mass_properties(&shape, density);
        let inv_mass = if mass > 0.0 { 1.0 / mass } else { 0.0 };
        let inv_inertia = if mass > 0.0 {
            inertia.inverse()
        } else {
            Matrix::ZERO
        };
        Self {
            name,
            shape,
            pose,
            com,
            vel: V::ZERO,
            ang: V::ZERO,
            inv_mass,
            inv_inertia,
            inv_inertia_world: inv_inertia,
        }
    }

    fn center(&self) -> V {
        self.pose.translation + self.pose.rotation * self.com
    }
}

/// One contact point between two bodies, with its solver state.
struct Contact {
    key: Key,
    dirs: [V; 3],   // the normal (from the first body to the second), two tangents
    r: [V; 2],      // each body's lever arm, from its centre of mass
    target: f64,    // the normal velocity aimed at
    mass: [f64; 3], // effective masses along `dirs`
    impulse: [f64; 3],
}

impl Contact {
    fn new(bodies: &[Body], key: Key, n: V, p: [V; 2], distance: f64) -> Self {
        let (a, b) = (&bodies[key.0], &bodies[key.1]);
        let r = [p[0] - a.center(), p[1] - b.center()];
        let t = if n.x.abs() > 0.6 { V::Y } else { V::X };
        let t = t.cross(n).normalize();
        let dirs = [n, t, n.cross(t)];
        let mass = dirs.map(|d| {
            let (ra, rb) = (r[0].cross(d), r[1].cross(d));
            let angular = (a.inv_inertia_world * ra).dot(ra) + (b.inv_inertia_world * rb).dot(rb);
            1.0 / (a.inv_mass + b.inv_mass + angular)
        });
        // Close a gap within the step, or push out a share of a penetration.
        let target = (-distance / DT).min(BAUMGARTE * (-distance - SLOP).max(0.0) / DT);
        Self {
            key,
            dirs,
            r,
            target,
            mass,
            impulse: [0.0; 3],
        }
    }

    /// The second body's velocity relative to the first's at the contact.
    fn relative_velocity(&self, bodies: &[Body]) -> V {
        let (a, b) = (&bodies[self.key.0], &bodies[self.key.1]);
        b.vel + b.ang.cross(self.r[1]) - a.vel - a.ang.cross(self.r[0])
    }

    /// Applies the impulse `p` to the second body and `-p` to the first.
    fn push(&self, bodies: &mut [Body], p: V) {
        for (k, r, p) in [(self.key.0, self.r[0], -p), (self.key.1, self.r[1], p)] {
            let b = &mut bodies[k];
            b.vel += p * b.inv_mass;
            b.ang += b.inv_inertia_world * r.cross(p);
        }
    }

    /// One pass: the normal impulse kept ≥ 0, then friction within the
    /// box around the friction cone.
    fn solve(&mut self, bodies: &mut [Body]) {
        for k in 0..3 {
            let v = self.relative_velocity(bodies).dot(self.dirs[k]);
            let old = self.impulse[k];
            self.impulse[k] = if k == 0 {
                (old + self.mass[0] * (self.target - v)).max(0.0)
            } else {
                let limit = FRICTION * self.impulse[0];
                (old - self.mass[k] * v).clamp(-limit, limit)
            };
            self.push(bodies, self.dirs[k] * (self.impulse[k] - old));
        }
    }
}

/// The contact points of every pair whose boxes meet (the collision part).
fn find_contacts(bodies: &[Body]) -> Result<Vec<Contact>, Error> {
    let aabb = |b: &Body| b.shape.compute_aabb(&b.pose).loosened(MARGIN);
    let boxes: Vec<_> = bodies.iter().map(aabb).collect();
    let mut contacts = Vec::new();
    for i in 0..bodies.len() {
        for j in i + 1..bodies.len() {
            if bodies[i].inv_mass + bodies[j].inv_mass == 0.0 || !boxes[i].intersects(&boxes[j]) {
                continue;
            }
            let (a, b) = (&bodies[i], &bodies[j]);
            let (pos12, d) = (a.pose.inv_mul(&b.pose), DefaultQueryDispatcher);
            let mut manifolds: Vec<ContactManifold<(), ()>> = Vec::new();
            d.contact_manifolds(
                &pos12,
                &*a.shape,
                &*b.shape,
                MARGIN,
                &mut manifolds,
                &mut None,
            )?;
            for m in &manifolds {
                let n = a.pose.rotation * m.local_n1;
                for p in &m.points {
                    let key = (i, j, u64::from(p.fid1.0), u64::from(p.fid2.0));
                    let points = [a.pose * p.local_p1, b.pose * p.local_p2];
                    contacts.push(Contact::new(bodies, key, n, points, p.dist));
                }
            }
        }
    }
    Ok(contacts)
}

/// One time step; `warm` carries each contact's impulses to the next.
fn step(bodies: &mut [Body], warm: &mut HashMap<Key, [f64; 3]>) -> Result<(), Error> {
    for b in bodies.iter_mut().filter(|b| b.inv_mass > 0.0) {
        b.vel += GRAVITY * DT;
        let r = Matrix::from_quat(b.pose.rotation);
        b.inv_inertia_world = r * b.inv_inertia * r.transpose();
    }
    let mut contacts = find_contacts(bodies)?;
    for c in &mut contacts {
        c.impulse = warm.get(&c.key).copied().unwrap_or_default();
        let [n, t, u] = c.dirs;
        let p = n * c.impulse[0] + t * c.impulse[1] + u * c.impulse[2];
        c.push(bodies, p);
    }
    for _ in 0..ITERATIONS {
        for c in &mut contacts {
            c.solve(bodies);
        }
    }
    *warm = contacts.iter().map(|c| (c.key, c.impulse)).collect();
    for b in bodies.iter_mut().filter(|b| b.inv_mass > 0.0) {
        let center = b.center() + b.vel * DT;
        b.pose.rotation = Rotation::from_scaled_axis(b.ang * DT) * b.pose.rotation;
        b.pose.translation = center - b.pose.rotation * b.com;
    }
    Ok(())
}

fn main() -> Result<(), Error> {
    let (at, zero) = (|x, y, z, turn| Pose::new(V::new(x, y, z), turn), V::ZERO);
    let ground = Shape::cuboid(20.0, 1.0, 20.0);
    let mut scene: Vec<(&str, Shape, Pose)> = vec![("ground", ground, at(0.0, -1.0, 0.0, zero))];
    // The stack: boxes of different sizes 1 cm apart, each turned a little
    // more about y than the one below; `rest`: their heights at rest.
    let (widths, heights) = ([0.5, 0.45, 0.5, 0.4, 0.3], [0.5, 0.35, 0.25, 0.4, 0.3]);
    let (mut rest, mut top) = (Vec::new(), 0.0);
    for (k, (w, h)) in widths.into_iter().zip(heights).enumerate() {
        rest.push(top + h);
        let (k, cuboid) = (k as f64, Shape::cuboid(w, h, 0.8 * w));
        let pose = at(0.0, top + h + 0.01 * (k + 1.0), 0.0, V::Y * 0.1 * k);
        scene.push(("box", cuboid, pose));
        top += 2.0 * h;
    }
    // Hulls: a rock (12 points on a Fibonacci sphere at uneven radii), a
    // wedge (a right triangle in y, z drawn out along x), an octahedron.
    let rock = (0..12).map(|k| {
        let (k, y) = (f64::from(k), 1.0 - (2.0 * f64::from(k) + 1.0) / 12.0);
        let r = (1.0 - y * y).sqrt();
        V::new(r * (2.4 * k).cos(), y, r * (2.4 * k).sin()) * (0.4 + 0.08 * (5.0 * k).sin())
    });
    let triangle = [(0.0, -0.3), (0.0, 0.3), (0.5, -0.3)];
    let wedge = [-0.5, 0.5].map(|x| triangle.map(|(y, z)| V::new(x, y, z)));
    let octahedron = [V::X, V::Y, V::Z].map(|a| [a * 0.4, -a * 0.4]);
    let hull = |p: Vec<V>| Shape::convex_hull(&p).ok_or("a hull");
    let (tilt, end) = (V::new(0.3, 0.0, 0.2), V::new(0.4, 0.0, 0.0));
    scene.push(("rock", hull(rock.collect())?, at(1.8, 1.0, 0.3, tilt)));
    scene.push(("wedge", hull(wedge.concat())?, at(-1.8, 0.8, 0.0, V::Y)));
    let octahedron = hull(octahedron.concat())?;
    scene.push(("octahedron", octahedron, at(0.0, 1.5, 1.8, tilt)));
    let capsule = Shape::capsule(-end, end, 0.25);
    scene.push(("capsule", capsule, at(0.0, 0.6, -1.8, zero)));
    // Density 1, but for the ground: static, of no inverse mass.
    let mut bodies = Vec::new();
    for (k, (name, shape, pose)) in scene.into_iter().enumerate() {
        let density = if k == 0 { 0.0 } else { 1.0 };
        bodies.push(Body::new(name, shape, pose, density));
    }

    let mut warm = HashMap::new();
    for _ in 0..STEPS {
        step(&mut bodies, &mut warm)?;
    }

    // The final state and the checks: at rest, above the ground, stacked.
    let mut settled = true;
    for (k, b) in bodies.iter().enumerate().skip(1) {
        let (height, speed, spin) = (b.center().y, b.vel.length(), b.ang.length());
        let lowest = b.shape.compute_aabb(&b.pose).mins.y;
        let rest = rest.get(k - 1).copied();
        let stacked = rest.is_none_or(|rest| (height - rest).abs() < 0.05);
        settled &= speed < 0.05 && spin < 0.05 && lowest > -0.02 && stacked;
        let rest = rest.map_or(String::new(), |rest| format!(" (rest {rest:.4})"));
        let name = b.name;
        println!("{name:<10} height {height:.4}{rest}, speed {speed:.5}, spin {spin:.5}");
    }
    if !settled {
        return Err("the scene did not settle".into());
    }
    Ok(())
}
