//! Shared inputs of the benches: seeded shapes and pose pairs, described in
//! `f64` once and converted into each library's types, so gjk and parry answer
//! exactly the same queries.
//!
//! A pose pair places shape A and shape B in the world. Each set holds
//! [`POSES`] pairs, a third of them separated, a third nearly touching and a
//! third overlapping. The touching distance along a random direction is found
//! by bisection on `gjk::intersects` in `f64`, then B is moved out (gap),
//! barely off (±1e-5) or in (depth) from there.

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::Criterion;

use gjk::nalgebra::{
    Isometry3, Matrix3, Quaternion, Rotation3, SMatrix, SVector, Translation3, UnitQuaternion,
    Vector2, Vector3,
};
use gjk::{hull::Built, intersects, Config, Hull, Real, ShapeError, SupportMap, Transformed};

pub mod obj;
pub mod peers;

/// Pose pairs per set: one bench iteration runs all of them.
pub const POSES: usize = 64;

/// The query distance of `closest_points` and the prediction of `contact`.
pub const MAX_DIST: f64 = 0.5;

/// A 64-bit linear congruential generator (Knuth's MMIX constants); only its
/// high bits are used.
#[derive(Clone, Debug)]
pub struct Lcg(u64);

impl Lcg {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Self(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// A uniformly distributed unit vector (rejection from the cube).
    pub fn direction<const D: usize>(&mut self) -> SVector<f64, D> {
        loop {
            let v = SVector::<f64, D>::from_fn(|_, _| self.range(-1.0, 1.0));
            let n = v.norm();
            if n > 0.1 && n <= 1.0 {
                return v / n;
            }
        }
    }

    /// A random rotation (determinant +1) by Gram–Schmidt on random vectors.
    pub fn rotation<const D: usize>(&mut self) -> SMatrix<f64, D, D> {
        let mut m = SMatrix::<f64, D, D>::zeros();
        let mut j = 0;
        while j < D {
            let mut c = self.direction::<D>();
            for k in 0..j {
                let q = m.column(k).into_owned();
                c -= q * q.dot(&c);
            }
            let n = c.norm();
            if n > 0.1 {
                m.set_column(j, &(c / n));
                j += 1;
            }
        }
        if determinant(m) < 0.0 {
            let flipped = -m.column(0).into_owned();
            m.set_column(0, &flipped);
        }
        m
    }
}

/// The determinant by Gaussian elimination with partial pivoting.
fn determinant<const D: usize>(mut m: SMatrix<f64, D, D>) -> f64 {
    let mut det = 1.0;
    for k in 0..D {
        let Some(p) = (k..D).max_by(|&i, &j| m[(i, k)].abs().total_cmp(&m[(j, k)].abs())) else {
            return 0.0;
        };
        if m[(p, k)] == 0.0 {
            return 0.0;
        }
        if p != k {
            m.swap_rows(p, k);
            det = -det;
        }
        det *= m[(k, k)];
        for i in k + 1..D {
            let f = m[(i, k)] / m[(k, k)];
            for j in k..D {
                m[(i, j)] -= f * m[(k, j)];
            }
        }
    }
    det
}

/// How the shapes of a pose pair relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Apart by a gap in `[0.05, 1)`.
    Separated,
    /// Within 1e-5 of touching, on either side.
    Touching,
    /// Pushed in by `[0.05, 0.5)` along the approach direction.
    Overlapping,
}

/// A rigid placement `x ↦ rotation · x + translation`.
#[derive(Clone, Copy, Debug)]
pub struct Pose<const D: usize> {
    /// Orthogonal, determinant +1.
    pub rotation: SMatrix<f64, D, D>,
    /// The translation.
    pub translation: SVector<f64, D>,
}

impl Pose<3> {
    /// The pose as an isometry in `T` (from the quaternion, normalised).
    pub fn isometry<T: Real>(&self) -> Isometry3<T> {
        let [x, y, z, w] = self.quaternion();
        let t = self.translation;
        Isometry3::from_parts(
            Translation3::new(T::lit(t.x), T::lit(t.y), T::lit(t.z)),
            UnitQuaternion::new_normalize(Quaternion::new(
                T::lit(w),
                T::lit(x),
                T::lit(y),
                T::lit(z),
            )),
        )
    }

    /// The rotation as a unit quaternion `[x, y, z, w]`.
    pub fn quaternion(&self) -> [f64; 4] {
        let q =
            UnitQuaternion::from_rotation_matrix(&Rotation3::from_matrix_unchecked(self.rotation));
        [q.i, q.j, q.k, q.w]
    }
}

impl Pose<2> {
    /// The rotation angle.
    pub fn angle(&self) -> f64 {
        self.rotation[(1, 0)].atan2(self.rotation[(0, 0)])
    }
}

/// Where shapes A and B are placed.
#[derive(Clone, Copy, Debug)]
pub struct PosePair<const D: usize> {
    /// Pose of A.
    pub a: Pose<D>,
    /// Pose of B.
    pub b: Pose<D>,
    /// Separated, touching or overlapping.
    pub kind: Kind,
}

/// [`POSES`] seeded pose pairs for local shapes `a` and `b`, which must both
/// contain their local origin.
///
/// Rotations of both shapes, the position of A and the approach direction are
/// random; the distance along that direction is set by [`Kind`].
pub fn pose_pairs<A, B, const D: usize>(a: &A, b: &B, seed: u64) -> Vec<PosePair<D>>
where
    A: SupportMap<f64, D> + Copy,
    B: SupportMap<f64, D> + Copy,
{
    let mut rng = Lcg::new(seed);
    let config = Config::default();
    (0..POSES)
        .map(|i| {
            let kind = [Kind::Separated, Kind::Touching, Kind::Overlapping][i % 3];
            let ra = rng.rotation::<D>();
            let rb = rng.rotation::<D>();
            let ta = rng.direction::<D>() * rng.range(0.0, 3.0);
            let u = rng.direction::<D>();
            let hit = |s: f64| -> bool {
                let (Ok(pa), Ok(pb)) = (
                    Transformed::new(*a, ra, ta),
                    Transformed::new(*b, rb, ta + u * s),
                ) else {
                    return false;
                };
                intersects(&pa, &pb, &config).unwrap_or(false)
            };
            // The set of offsets where the shapes meet is an interval around
            // zero: bisect for its end along `u`.
            let (mut lo, mut hi) = (0.0, 1.0);
            while hit(hi) {
                lo = hi;
                hi *= 2.0;
            }
            for _ in 0..60 {
                let mid = 0.5 * (lo + hi);
                if hit(mid) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            let touch = 0.5 * (lo + hi);
            let s = match kind {
                Kind::Separated => touch + rng.range(0.05, 1.0),
                Kind::Touching => touch + rng.range(-1e-5, 1e-5),
                Kind::Overlapping => (touch - rng.range(0.05, 0.5)).max(0.0),
            };
            PosePair {
                a: Pose {
                    rotation: ra,
                    translation: ta,
                },
                b: Pose {
                    rotation: rb,
                    translation: ta + u * s,
                },
                kind,
            }
        })
        .collect()
}

/// `n` points on the unit sphere of `R^D`, shifted so that their mean is the
/// origin (which then lies inside their hull). All of them are vertices of
/// their convex hull.
pub fn sphere_points<const D: usize>(n: usize, seed: u64) -> Vec<SVector<f64, D>> {
    let mut rng = Lcg::new(seed);
    let mut points: Vec<SVector<f64, D>> = (0..n).map(|_| rng.direction::<D>()).collect();
    let mean = points.iter().fold(SVector::<f64, D>::zeros(), |s, p| s + p) / n as f64;
    for p in &mut points {
        *p -= mean;
    }
    points
}

/// A convex polygon with `n` vertices, counter-clockwise: angles `2πk/n`
/// jittered by up to a third of the step on an ellipse with semi-axes 1 and
/// `0.7`.
pub fn polygon_points(n: usize, seed: u64) -> Vec<Vector2<f64>> {
    let mut rng = Lcg::new(seed);
    let step = core::f64::consts::TAU / n as f64;
    (0..n)
        .map(|k| {
            let t = step * (k as f64 + rng.range(-0.33, 0.33));
            Vector2::new(t.cos(), 0.7 * t.sin())
        })
        .collect()
}

/// Frames of the warm-start sequence.
pub const WARM_FRAMES: usize = 256;

/// The warm-start sequence, `f64`, 3D: the pose of B at each of
/// [`WARM_FRAMES`] frames while A stays at the origin. B orbits A, spinning
/// and swinging between overlap and 0.5 apart: the kind of motion a
/// simulation feeds the same pair every step.
pub fn warm_sequence() -> Vec<(Rotation3<f64>, Vector3<f64>)> {
    (0..WARM_FRAMES)
        .map(|k| {
            let t = k as f64 * 0.02;
            let radius = 1.9 + 0.6 * (1.3 * t).sin();
            let centre = Vector3::new(radius * t.cos(), radius * t.sin(), 0.3 * (0.7 * t).sin());
            let spin = Rotation3::from_euler_angles(0.5 * t, 0.3 * t + 0.2, 0.1 + 0.8 * t);
            (spin, centre)
        })
        .collect()
}

/// Half-extents of the two boxes of the 3D sets.
pub const BOX_A: [f64; 3] = [1.0, 0.5, 0.75];
/// Half-extents of box B.
pub const BOX_B: [f64; 3] = [0.6, 0.8, 0.4];
/// Radius of ball A.
pub const BALL_A: f64 = 0.8;
/// Radius of ball B.
pub const BALL_B: f64 = 0.6;
/// Capsule: segment from `(0, -h, 0)` to `(0, h, 0)` and radius.
pub const CAPSULE_HALF_HEIGHT: f64 = 0.8;
/// Capsule radius.
pub const CAPSULE_RADIUS: f64 = 0.3;

/// The number of hull vertices of the hull–hull sets.
pub const HULL_SIZES: [usize; 4] = [8, 32, 256, 2048];
/// The number of polygon vertices of the 2D sets.
pub const POLYGON_SIZES: [usize; 2] = [8, 64];

/// Mean of a list of counts.
pub fn mean(counts: impl IntoIterator<Item = u32>) -> f64 {
    let (sum, n) = counts
        .into_iter()
        .fold((0u64, 0u64), |(s, n), c| (s + u64::from(c), n + 1));
    if n == 0 {
        f64::NAN
    } else {
        sum as f64 / n as f64
    }
}

/// Writes a bench's iteration table to `target/<file>` (read by
/// `report.py`) and echoes it to stderr. A failed write is reported, not
/// fatal: the timings stand on their own.
pub fn save_report(file: &str, report: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/target");
    let path = format!("{dir}/{file}");
    match std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, report)) {
        Ok(()) => eprintln!("iterations written to {path}"),
        Err(e) => eprintln!("could not write {path}: {e}"),
    }
    eprint!("{report}");
}

/// The real meshes of the mesh benches: a name and a file under
/// `benches/meshes/` (see its README for where each comes from). Files under
/// `fetched/` are written by `meshes/fetch.sh`.
pub const MESH_FILES: [(&str, &str); 5] = [
    ("panda_finger", "panda_finger.obj"),
    ("panda_link1", "panda_link1.obj"),
    ("panda_link6", "panda_link6.obj"),
    ("iiwa_link0", "iiwa_link0.obj"),
    ("bunny", "fetched/bunny.obj"),
];

/// A real mesh's vertices, as a bench uses them.
#[derive(Clone, Debug)]
pub struct Mesh {
    /// The name in [`MESH_FILES`].
    pub name: &'static str,
    /// The vertices of the file, in file order (duplicates kept), moved so
    /// that their mean is the origin and scaled so that the farthest is at
    /// distance 1: every mesh then has the extent of the unit-sphere hulls,
    /// and contains its local origin, as [`pose_pairs`] requires.
    pub points: Vec<Vector3<f64>>,
}

/// The directory of the mesh files.
pub fn mesh_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("meshes")
}

/// The meshes of [`MESH_FILES`] that can be read. A missing or unreadable
/// file is skipped with a message on stderr.
pub fn meshes() -> Vec<Mesh> {
    let dir = mesh_dir();
    MESH_FILES
        .iter()
        .filter_map(|&(name, file)| {
            let path = dir.join(file);
            match obj::read_vertices(&path) {
                Ok(points) => Some(Mesh {
                    name,
                    points: normalised(points),
                }),
                Err(e) => {
                    eprintln!(
                        "skipping mesh {name}: {}: {e} (meshes/fetch.sh downloads the \
                         meshes that are not committed)",
                        path.display()
                    );
                    None
                }
            }
        })
        .collect()
}

/// `points` moved to their mean and scaled to a largest norm of 1.
fn normalised(mut points: Vec<Vector3<f64>>) -> Vec<Vector3<f64>> {
    let n = points.len().max(1) as f64;
    let mean = points.iter().fold(Vector3::zeros(), |s, p| s + p) / n;
    let radius = points.iter().map(|p| (p - mean).norm()).fold(0.0, f64::max);
    let scale = if radius > 0.0 { 1.0 / radius } else { 1.0 };
    for p in &mut points {
        *p = (*p - mean) * scale;
    }
    points
}

/// A hull as vertices and outward triangles indexing them.
pub type Triangulated<T> = (Vec<Vector3<T>>, Vec<[u32; 3]>);

/// The convex hull of `points` built by [`Built`]: its vertices (in
/// ascending order of their index in `points`) and its outward triangles,
/// indexing the returned vertices.
pub fn hull_of<T: Real>(points: &[Vector3<T>]) -> Result<Triangulated<T>, ShapeError> {
    let n = points.len();
    let mut vertices = vec![0; Built::<3>::vertices_needed(n)];
    let mut facets = vec![[0; 3]; Built::<3>::facets_needed(n)];
    let mut work = vec![0; Built::<3>::work_needed(n)];
    let hull = Built::<3>::build(points, &mut vertices, &mut facets, &mut work)?;
    // The new index of each point kept, reusing `work`.
    let mut kept = Vec::with_capacity(hull.vertices().len());
    for (k, &i) in hull.vertices().iter().enumerate() {
        let slot = work.get_mut(i as usize).ok_or(ShapeError::Inconsistent)?;
        *slot = u32::try_from(k).map_err(|_| ShapeError::TooLarge)?;
        kept.push(*points.get(i as usize).ok_or(ShapeError::Inconsistent)?);
    }
    let triangles = hull
        .facets()
        .iter()
        .map(|f| f.map(|i| work[i as usize]))
        .collect();
    Ok((kept, triangles))
}

/// Our default hull shape, the one the mesh benches put against parry's
/// `ConvexPolyhedron`.
pub type OurHull<T> = Hull<'static, T, 3>;

/// Our default hull of a point cloud (any points: the hull is built here),
/// the single place where the mesh benches make it. Its points and storage
/// are leaked: they live as long as the bench.
pub fn our_hull<T: Real>(points: &[Vector3<T>]) -> Result<OurHull<T>, ShapeError> {
    let n = points.len();
    let points = points.to_vec().leak();
    let indices = vec![0; Hull::<T, 3>::indices_needed(n)].leak();
    let facets = vec![[0; 3]; Hull::<T, 3>::facets_needed(n)].leak();
    Hull::<T, 3>::new(points, indices, facets)
}

/// Half extents of the slab the resting box stands on.
pub const SLAB: [f64; 3] = [2.0, 0.5, 2.0];

/// Half extents of the resting box.
pub const RESTING: [f64; 3] = [0.5, 0.5, 0.5];

/// How deep the resting box sinks into the slab.
pub const SINK: f64 = 0.01;

/// Resting poses under a general rotation: the slab and the resting shape
/// both turned by a random rotation of the whole scene, the shape resting
/// in `base` orientation with a random yaw and a tilt of up to 1e-3 rad
/// (none in one pose in four), its lowest point (`low`, its least height
/// for a rotation) `SINK` below the slab's top at a random place: the poses
/// an engine's resting contacts meet, where no coordinate is exactly zero.
pub fn turned_resting_poses(
    base: &Matrix3<f64>,
    low: &dyn Fn(&Matrix3<f64>) -> f64,
    count: usize,
    seed: u64,
) -> Vec<PosePair<3>> {
    let mut rng = Lcg::new(seed);
    (0..count)
        .map(|i| {
            let world = rng.rotation::<3>();
            let tilt = if i % 4 == 0 {
                0.0
            } else {
                rng.range(0.0, 1e-3)
            };
            let axis = Vector3::new(rng.range(-1.0, 1.0), 0.0, rng.range(-1.0, 1.0));
            let axis = if axis.norm() > 0.0 {
                axis.normalize()
            } else {
                Vector3::x()
            };
            let yaw = rng.range(-3.1, 3.1);
            let local = (UnitQuaternion::from_scaled_axis(axis * tilt)
                * UnitQuaternion::from_scaled_axis(Vector3::y() * yaw))
            .to_rotation_matrix()
            .into_inner()
                * base;
            let place = Vector3::new(
                rng.range(-1.0, 1.0),
                SLAB[1] - low(&local) - SINK,
                rng.range(-1.0, 1.0),
            );
            PosePair {
                a: Pose {
                    rotation: world,
                    translation: Vector3::zeros(),
                },
                b: Pose {
                    rotation: world * local,
                    translation: world * place,
                },
                kind: Kind::Overlapping,
            }
        })
        .collect()
}

/// A rotation taking the hull's first facet's outward normal to `−y`, so
/// that the hull rests on that facet.
pub fn facet_down(points: &[Vector3<f64>]) -> Matrix3<f64> {
    let hull = our_hull(points).expect("a hull");
    let f = hull.facets()[0].map(|i| points[i as usize]);
    let n = (f[1] - f[0]).cross(&(f[2] - f[0])).normalize();
    UnitQuaternion::rotation_between(&n, &-Vector3::y())
        .unwrap_or_else(|| UnitQuaternion::from_scaled_axis(Vector3::x() * std::f64::consts::PI))
        .to_rotation_matrix()
        .into_inner()
}

/// The least height of the resting box ([`RESTING`]) turned by `r`.
pub fn box_low(r: &Matrix3<f64>) -> f64 {
    -(0..3).map(|j| RESTING[j] * r[(1, j)].abs()).sum::<f64>()
}

/// The criterion settings of every bench: short warm-up and measurement
/// (each row times a batch of 64 queries), 20 samples, overridable from the
/// command line.
pub fn criterion_config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_millis(1500))
        .sample_size(20)
        .configure_from_args()
}
