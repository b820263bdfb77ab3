#!/usr/bin/env bash
# The rapier integration (integrations/rapier, its own workspace with its
# own lock, so the gjk crate never compiles rapier or parry): formatting,
# clippy, its tests, and both example scenes briefly.
#
# Tests and examples share one build (the dev profile: dependencies
# unoptimised without debug info but for rapier's solver, see its
# Cargo.toml); clippy's check build of the dependencies is about a third of
# the time. Measured cold on two cores: 3 min 30 s.
set -euo pipefail

cd "$(dirname "$0")/../integrations/rapier"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"

cargo fmt --all -- --check
cargo clippy --locked --all-targets -- -D warnings
cargo test --locked
cargo run --locked --example scene3d -- 60
cargo run --locked --example scene2d -- 60
