//! What a run of a scene comes to, and the comparison of two runs (parry's
//! dispatcher and gjk's) that the examples print.

use crate::stats::Stats;

/// The state and cost of a scene after a run.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// The height of each dynamic body's origin.
    pub heights: Vec<f32>,
    /// The deepest overlap of a contact point at the end.
    pub max_penetration: f32,
    /// The largest linear speed of a body at the end.
    pub max_speed: f32,
    /// Milliseconds per frame: the whole step, and the narrow phase.
    pub per_frame_ms: (f64, f64),
    /// How gjk's dispatcher answered (`None` on parry's).
    pub stats: Option<Stats>,
}

impl Summary {
    /// The largest difference in height of a body between `self` and
    /// `reference`, relative to the reference height: `max |h − h₀| / h₀`.
    pub fn max_relative_height_difference(&self, reference: &Summary) -> f32 {
        let pairs = self.heights.iter().zip(&reference.heights);
        pairs
            .map(|(h, h0)| (h - h0).abs() / h0.abs())
            .fold(0.0, f32::max)
    }

    /// The narrow phase's share of a frame.
    pub fn narrow_share(&self) -> f64 {
        self.per_frame_ms.1 / self.per_frame_ms.0.max(f64::MIN_POSITIVE)
    }
}

/// The two runs of a scene side by side, as the examples print them.
pub fn comparison(name: &str, parry: &Summary, gjk: &Summary) -> String {
    let line = |who: &str, s: &Summary| {
        let (step, narrow) = s.per_frame_ms;
        format!(
            "  {who:<6} frame {step:7.3} ms, narrow phase {narrow:7.3} ms ({:4.1} %), \
             max penetration {:.2e}, max speed {:.2e}, top height {:.4}\n",
            100.0 * s.narrow_share(),
            s.max_penetration,
            s.max_speed,
            s.heights.iter().copied().fold(f32::MIN, f32::max),
        )
    };
    let mut out = format!("{name} ({} bodies)\n", parry.heights.len());
    out += &line("parry", parry);
    out += &line("gjk", gjk);
    out += &format!(
        "  rest heights: max |h_gjk - h_parry| / h_parry = {:.2e}\n",
        gjk.max_relative_height_difference(parry)
    );
    if let Some(stats) = gjk.stats {
        out += &format!("  gjk dispatcher: {stats:?}\n");
    }
    out
}
