#!/bin/sh
# Downloads the meshes that are not committed and writes them, vertices only,
# under meshes/fetched/ (ignored by git). The benches skip a mesh that is
# absent, saying so.
#
#   bunny.obj: the Stanford bunny (Stanford 3D Scanning Repository, 1839
#   vertices) from the npm package `bunny` 1.0.1. The package says "Public
#   Domain"; the scan's own terms are Stanford's, which ask for
#   acknowledgement, so it is fetched rather than committed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/fetched"
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent bunny@1.0.1 >/dev/null && tar xzf bunny-1.0.1.tgz)
python3 - "$tmp/package/index.js" "$out/bunny.obj" <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
match = re.search(r"exports\.positions\s*=\s*(\[.*?\]\])", text, re.S)
positions = json.loads(match.group(1))
with open(sys.argv[2], "w") as f:
    f.write("# Vertices of the Stanford bunny, from the npm package bunny 1.0.1.\n")
    for x, y, z in positions:
        f.write(f"v {x} {y} {z}\n")
print(f"{len(positions)} vertices written to {sys.argv[2]}")
PY
