#!/usr/bin/env bash
# Builds the npm package in js/: the wasm32 module (cargo, release profile
# of Cargo.toml), its glue for Node (node/, CommonJS) and for browsers and
# bundlers (web/, an ES module with `init`), by the wasm-bindgen CLI of the
# exact version in Cargo.lock; then `wasm-opt -Oz` when Debian's binaryen
# is installed (optional). Extra arguments go to cargo, e.g.
#   bash js/build.sh --no-default-features --features small
# for the size-first module (distance and contact only).
set -euo pipefail
cd "$(dirname "$0")"

version=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;}' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2 || true)
if [[ "$have" != "$version" ]]; then
    echo "js/build.sh: needs wasm-bindgen $version (found '${have:-none}'):" >&2
    echo "  cargo install wasm-bindgen-cli --version $version --locked" >&2
    exit 1
fi

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
cargo build -q --release --target wasm32-unknown-unknown "$@"
wasm=target/wasm32-unknown-unknown/release/gjk_js.wasm
rm -rf node web
wasm-bindgen --target nodejs --out-dir node --out-name gjk "$wasm"
wasm-bindgen --target web --out-dir web --out-name gjk "$wasm"

# The features the Rust toolchain enables by default on wasm32, and SIMD
# (.cargo/config.toml).
if command -v wasm-opt >/dev/null; then
    for dir in node web; do
        wasm-opt -Oz --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
            --enable-sign-ext --enable-mutable-globals \
            -o "$dir/gjk_bg.wasm" "$dir/gjk_bg.wasm"
    done
fi
cp ../LICENSE-MIT ../LICENSE-APACHE .
for dir in node web; do
    printf 'js/%s/gjk_bg.wasm: %d bytes, %d gzipped\n' "$dir" \
        "$(stat -c %s "$dir/gjk_bg.wasm")" "$(gzip -9c "$dir/gjk_bg.wasm" | wc -c)"
done
