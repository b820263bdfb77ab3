#!/usr/bin/env bash
# The rapier integration (integrations/rapier, its own workspace with its
# own lock, so the gjk crate never compiles rapier or parry): formatting,
# clippy, its tests, and both example scenes briefly.
#
# Tests and examples share one build (the dev profile, dependencies at
# opt-level 1 without debug info: see its Cargo.toml); clippy's check build
# of the dependencies is the other half of the time.
set -euo pipefail

cd "$(dirname "$0")/../integrations/rapier"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"

cargo fmt --all -- --check
cargo clippy --locked --all-targets -- -D warnings
cargo test --locked
cargo run --locked --example scene3d -- 60
cargo run --locked --example scene2d -- 60
