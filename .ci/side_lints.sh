#!/usr/bin/env bash
# clippy -D warnings on the crates outside the root workspace: the firmware,
# the embedded suite, the table generator, the WASM suite, the benches and
# the fuzz targets. Not part of `.ci/run` (it compiles parry and the
# firmware's dependencies again in check mode, minutes on two cores); run it
# after changing any of them.
set -euo pipefail

cd "$(dirname "$0")/.."
root="$PWD"

(
    export CARGO_TARGET_DIR="$root/target/embedded"
    (cd tests/embedded/firmware && cargo clippy -q --release --bins -- -D warnings)
    (cd tests/embedded/suite && cargo clippy -q --all-targets -- -D warnings)
    (cd tests/embedded/expected && cargo clippy -q --all-targets -- -D warnings)
    (cd tests/embedded/wasm && cargo clippy -q --release --target wasm32-unknown-unknown -- -D warnings)
)
(cd benches && cargo clippy -q --all-targets -- -D warnings)
# cargo-fuzz builds the targets with `--cfg fuzzing`, which derives their inputs.
(cd fuzz && RUSTFLAGS="--cfg fuzzing" CARGO_TARGET_DIR="$root/target/fuzz-clippy" \
    cargo +nightly clippy -q --all-targets -- -D warnings)
echo "side crates: clippy clean"
