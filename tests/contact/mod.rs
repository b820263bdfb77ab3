//! Penetration depth and signed contact (`src/query/contact.rs`) and the
//! polytope expansion behind them (`src/epa`).

mod epa;
mod epa_curved;
mod epa_exact;
mod epa_restarts;
mod epa_room;
mod epa_slivers;
mod epa_thin;
mod f32_agreement;
mod fuzz_regressions;
mod resting_faces;
mod shallow_f32;
