//! Contact manifolds from gjk's [`contact_manifold`](gjk::contact_manifold),
//! written into parry's [`ContactManifold`]s: points in each shape's own
//! frame, signed distances, feature ids, both normals; rapier's per-point
//! solver data carried over by feature id.
//!
//! As parry's own convex–convex manifolds do, a manifold whose normal
//! turned by less than a degree and whose points slid by less than 10⁻³
//! keeps its points with their distances refreshed (rapier's solver relies
//! on such frozen anchors for resting stacks); otherwise gjk computes it
//! anew within the prediction distance.
//!
//! This file serves both dimensions: `super` is `dim2` or `dim3`.

use super::convert::{from_na, place, to_iso, Iso, D, MAX_POINTS};
use super::dispatcher::{GjkDispatcher, FALLBACK};
use super::parry::math::{Pose, Real};
use super::parry::query::details::NormalConstraints;
use super::parry::query::{
    ContactManifold, ContactManifoldsWorkspace, PersistentQueryDispatcher, TrackedContact,
    Unsupported,
};
use super::parry::shape::{PackedFeatureId, Shape};
use super::queries::trusted;
use super::shapes::{convert, takes};

/// cos 1°: a manifold whose normal turned by less keeps its points.
const COHERENT_COS: Real = 0.999_847_7;
/// The squared distance a kept point may have slid (parry's figure).
const COHERENT_DIST_SQ: Real = 1.0e-6;

impl<M, C> PersistentQueryDispatcher<M, C> for GjkDispatcher
where
    M: Default + Clone + Send + Sync,
    C: Default + Copy + Send + Sync,
{
    fn contact_manifolds(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
        prediction: Real,
        manifolds: &mut Vec<ContactManifold<M, C>>,
        workspace: &mut Option<ContactManifoldsWorkspace>,
    ) -> Result<(), Unsupported> {
        if !(takes(g1) && takes(g2)) {
            self.counters.passed_on();
            return FALLBACK.contact_manifolds(pos12, g1, g2, prediction, manifolds, workspace);
        }
        manifolds.truncate(1);
        if manifolds.is_empty() {
            manifolds.push(ContactManifold::new());
        }
        self.manifold((g1, g2), pos12, prediction, &mut manifolds[0])
    }

    fn contact_manifold_convex_convex(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
        normal_constraints1: Option<&dyn NormalConstraints>,
        normal_constraints2: Option<&dyn NormalConstraints>,
        prediction: Real,
        manifold: &mut ContactManifold<M, C>,
    ) -> Result<(), Unsupported> {
        let constrained = normal_constraints1.is_some() || normal_constraints2.is_some();
        match !constrained && takes(g1) && takes(g2) {
            true => self.manifold((g1, g2), pos12, prediction, manifold),
            false => {
                self.counters.passed_on();
                FALLBACK.contact_manifold_convex_convex(
                    pos12,
                    g1,
                    g2,
                    normal_constraints1,
                    normal_constraints2,
                    prediction,
                    manifold,
                )
            }
        }
    }
}

impl GjkDispatcher {
    /// The manifold of a pair gjk takes: kept when coherent (before any
    /// conversion), else gjk's, else (a shape gjk's constructors reject, or
    /// no certified answer) parry's.
    fn manifold<M, C>(
        &self,
        (g1, g2): (&dyn Shape, &dyn Shape),
        pos12: &Pose,
        prediction: Real,
        manifold: &mut ContactManifold<M, C>,
    ) -> Result<(), Unsupported>
    where
        M: Default + Clone + Send + Sync,
        C: Default + Copy + Send + Sync,
    {
        if manifold.try_update_contacts_eps(pos12, COHERENT_COS, COHERENT_DIST_SQ) {
            self.counters.answered();
            return Ok(());
        }
        let iso = to_iso(pos12);
        let mut m = gjk::Manifold::new();
        // The conversions in place, each into its own slot: a shape enum is
        // a few hundred bytes, and moving pairs of them about shows up.
        let (a, b) = (convert(g1, &self.hulls), convert(g2, &self.hulls));
        let answer = match (&a, &b) {
            (Some(a), Some(b)) => Some(gjk::contact_manifold_into(
                &**a,
                &place(b, &iso),
                prediction,
                &self.config,
                &mut m,
            )),
            _ => None,
        };
        match answer {
            Some(Ok(true)) if trusted(m.status) => fill(manifold, &m, &iso),
            Some(Ok(false)) => manifold.clear(),
            _ => {
                self.counters.fell_back();
                return FALLBACK.contact_manifold_convex_convex(
                    pos12, g1, g2, None, None, prediction, manifold,
                );
            }
        }
        self.counters.answered();
        Ok(())
    }
}

/// `manifold` rewritten from gjk's `m` (computed with the second shape
/// placed by `iso`), the solver data of points with the same feature ids
/// carried over.
fn fill<M, C: Default + Copy>(
    manifold: &mut ContactManifold<M, C>,
    m: &gjk::Manifold<f32, D>,
    iso: &Iso,
) {
    let old = manifold.points.clone();
    manifold.clear();
    for p in m.points().take(MAX_POINTS) {
        manifold.points.push(TrackedContact::new(
            from_na(&p.anchor_a),
            from_na(&p.anchor_b),
            feature(p.id_a),
            feature(p.id_b),
            p.distance,
        ));
    }
    manifold.local_n1 = from_na(&m.normal);
    manifold.local_n2 = from_na(&iso.inverse_transform_vector(&-m.normal));
    manifold.match_contacts(&old);
}

/// gjk's 64-bit feature id folded into the 30 bits a parry id holds
/// (Fibonacci hashing: the top bits of the id times an odd constant, so
/// that ids differing in any bit rarely share a code). A rare collision
/// costs only a warm start.
pub(super) fn feature(id: u64) -> PackedFeatureId {
    let mixed = id.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    PackedFeatureId::face((mixed >> 34) as u32)
}
