#!/usr/bin/env bash
# Embedded and WASM checks: the suite under QEMU (Cortex-M3 and Cortex-M0,
# soft float), the same suite in Node on wasm32, firmware builds for
# thumbv7em/thumbv6m, the
# flash/stack/wasm budgets and the no-panic report. Fails on any mismatch
# or build failure; budget misses and reachable panics are reported only.
set -euo pipefail

cd "$(dirname "$0")/.."
root="$PWD"
export CARGO_TARGET_DIR="$root/target/embedded"
# Two cores: one build at a time, release only.
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"

step() {
    printf '\n==> [%4ds] %s\n' "$SECONDS" "$*"
}

step "tools: qemu-system-arm, arm binutils, rust targets"
missing=()
command -v qemu-system-arm >/dev/null || missing+=(qemu-system-arm)
command -v arm-none-eabi-objdump >/dev/null || missing+=(binutils-arm-none-eabi)
command -v node >/dev/null || missing+=(nodejs)
if ((${#missing[@]})); then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
targets=(thumbv7m-none-eabi thumbv7em-none-eabihf thumbv6m-none-eabi wasm32-unknown-unknown)
rustup target add "${targets[@]}" >/dev/null 2>&1 || rustup target add "${targets[@]}"
rustup component add llvm-tools >/dev/null 2>&1 || true
command -v node >/dev/null || { echo "node is required (apt package nodejs)" >&2; exit 1; }

step "expected answers: host generator agrees with the committed table"
cargo run -q --release --manifest-path tests/embedded/expected/Cargo.toml
git diff --exit-code -- tests/embedded/generated

step "QEMU suite (lm3s6965evb, thumbv7m-none-eabi)"
(cd tests/embedded/firmware && cargo run -q --release --bin suite_f64 && cargo run -q --release --bin suite_f32)

step "QEMU suite (microbit: Cortex-M0, 16 KiB of RAM, thumbv6m-none-eabi), speed first and size first"
# Speed first, f64 EPA does not fit the part's RAM (those cases are
# skipped); size first (gjk's `small`), every query runs in both precisions.
(cd tests/embedded/firmware && for features in "" small; do
    for p in f64 f32; do
        cargo run -q --release --target thumbv6m-none-eabi --bin "suite_$p" --features "$features"
    done
done)

step "firmware builds: thumbv7em-none-eabihf, thumbv6m-none-eabi"
# Every firmware but `no_panic`, which the no-panic check below links in
# its own profiles.
bins=(suite_f32 suite_f64 distance_only all_queries cycles)
for target in thumbv7em-none-eabihf thumbv6m-none-eabi; do
    (cd tests/embedded/firmware && cargo build -q --release --target "$target" "${bins[@]/#/--bin=}")
    echo "  $target: ok"
done

step "WASM suite (wasm32-unknown-unknown, Node $(node --version))"
(cd tests/embedded/wasm && cargo build -q --release --target wasm32-unknown-unknown)
node tests/embedded/wasm/run.mjs

step "budgets"
tests/embedded/measure.sh

step "instructions per query on the Cortex-M3 (QEMU -icount)"
tests/embedded/cycles.sh

step "no-panic check"
tests/embedded/no_panic.sh
