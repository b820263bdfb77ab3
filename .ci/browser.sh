#!/usr/bin/env bash
# The browser demo: builds the page's script from the gjk-wasm package
# (demo/build.sh runs js/build.sh: the wasm-bindgen CLI that .ci/npm.sh
# installs must be on the PATH), then drives the page in headless Chromium
# (Debian's package) with real mouse input and checks the distance and
# depth it displays against the same scene run natively through the
# package's Rust side (demo/src/bin/check.rs).
set -euo pipefail

cd "$(dirname "$0")/.."
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs)
if ((${#missing[@]})); then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

bash demo/build.sh
(cd demo && cargo build -q --release --bin check)
# Chromium's complaints about the missing system bus are noise here.
mkdir -p target
DEMO_SCREENSHOT=target/demo.png node demo/test/browser.mjs "$(command -v chromium)" demo/target/release/check 2> >(grep -v dbus >&2)
