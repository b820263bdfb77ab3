#!/usr/bin/env bash
# `TABLE | splice.sh NAME FILE...`: prints the table read from standard
# input and puts it, in each FILE, in place of the lines between
# `<!-- NAME -->` and `<!-- /NAME -->` (the figure tables of measure.sh and
# cycles.sh, written into the READMEs).
set -euo pipefail
name=$1
shift
table=$(mktemp)
trap 'rm -f "$table"' EXIT
cat >"$table"
cat "$table"
for file in "$@"; do
    grep -qx "<!-- $name -->" "$file" || { echo "splice.sh: no <!-- $name --> line in $file" >&2; exit 1; }
    awk -v table="$table" -v first="<!-- $name -->" -v last="<!-- /$name -->" '
        $0 == last { skip = 0 }
        !skip { print }
        $0 == first { while ((getline line < table) > 0) print line; skip = 1 }
    ' "$file" >"$file.new"
    mv "$file.new" "$file"
    echo "  written into $file"
done
