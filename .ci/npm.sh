#!/usr/bin/env bash
# The npm package (js/): installs the wasm-bindgen CLI of the exact version
# in js/Cargo.lock (cargo install, skipped when that version is already on
# the PATH), checks the gjk-js crate (fmt, clippy for the host and wasm32),
# builds the size-first module and then the full package, runs the node
# tests, packs the package and installs the tarball into a temporary
# project that requires and imports it, and prints the module sizes.
set -euo pipefail

cd "$(dirname "$0")/.."
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"

missing=()
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
# Debian's binaryen: wasm-opt shrinks the module (optional for js/build.sh).
command -v wasm-opt >/dev/null || missing+=(binaryen)
if ((${#missing[@]})); then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true

# Each phase's wall time, for the CI log.
mark=$SECONDS
phase() {
    echo "npm.sh: $1 in $((SECONDS - mark)) s"
    mark=$SECONDS
}

version=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;}' js/Cargo.lock)
if [[ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $version" ]]; then
    # The CLI is a build tool run twice per build: compiled for a short
    # compile (no LTO, opt-level 1, parallel code generation), and without
    # the default TLS features (only its test runner downloads anything).
    start=$SECONDS
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
        CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_DEBUG=false \
        CARGO_PROFILE_RELEASE_STRIP=true \
        cargo install -q wasm-bindgen-cli --version "$version" --locked \
        --no-default-features --bin wasm-bindgen
    echo "wasm-bindgen-cli $version installed in $((SECONDS - start)) s"
fi
phase "tools"

(
    cd js
    cargo fmt --all -- --check
    cargo clippy -q --all-targets -- -D warnings
    cargo clippy -q --target wasm32-unknown-unknown -- -D warnings
    cargo clippy -q --target wasm32-unknown-unknown --no-default-features \
        --features small -- -D warnings
)
phase "lints"
(cd js && cargo test -q)
phase "native tests (the shape enum against the crate's)"

sizes=()
size_line() {
    local wasm=js/web/gjk_bg.wasm
    sizes+=("$(printf '%-36s %7d bytes, %6d gzipped' "$1" \
        "$(stat -c %s "$wasm")" "$(gzip -9c "$wasm" | wc -c)")")
}
bash js/build.sh --no-default-features --features small >/dev/null
size_line "distance and contact only (small):"
# The budget of the size-first module: 2D and 3D distance and contact in
# at most 150 KiB.
budget=$((150 * 1024))
if (($(stat -c %s js/web/gjk_bg.wasm) > budget)); then
    echo "the distance-and-contact module exceeds its $budget bytes:" >&2
    printf '%s\n' "${sizes[@]}" >&2
    exit 1
fi
phase "size-first build"
bash js/build.sh >/dev/null
size_line "full package:"
phase "full build"

(cd js && node --test test/)
phase "node tests"

# The package as a user gets it: packed, installed from the tarball into
# an empty project, then required (CommonJS), imported (ES module) and
# initialised from bytes through its browser entry.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd js && npm pack -q --pack-destination "$tmp" >/dev/null)
tarball=$(ls "$tmp"/*.tgz)
(
    cd "$tmp"
    npm init -y >/dev/null
    npm install -q --no-audit --no-fund "$tarball" >/dev/null
    node -e '
const { Shape3, distance } = require("gjk-wasm");
const d = distance(Shape3.ball(1), [0, 0, 0], Shape3.box(1, 1, 1), [4, 0, 0]);
if (Math.abs(d.distance - 2) > 1e-12) throw new Error(`require: ${d.distance}`);
console.log("require(\"gjk-wasm\"): distance", d.distance);'
    node --input-type=module -e '
import { Shape2, contact } from "gjk-wasm";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as web from "gjk-wasm/web";
const c = contact(Shape2.ball(1), [0, 0], Shape2.ball(1), [1.5, 0]);
if (Math.abs(c.distance + 0.5) > 1e-12) throw new Error(`import: ${c.distance}`);
const wasm = createRequire(import.meta.url).resolve("gjk-wasm/web").replace(/gjk\.js$/, "gjk_bg.wasm");
web.initSync({ module: readFileSync(wasm) });
const w = web.contact(web.Shape2.ball(1), [0, 0], web.Shape2.ball(1), [1.5, 0]);
if (w.distance !== c.distance) throw new Error(`web entry: ${w.distance}`);
console.log("import from \"gjk-wasm\" and \"gjk-wasm/web\": signed distance", c.distance);'
)
phase "tarball installed and used"
echo "packed: $(basename "$tarball"), $(stat -c %s "$tarball") bytes"
printf '%s\n' "${sizes[@]}"
