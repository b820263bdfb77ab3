#!/usr/bin/env bash
# Instructions retired per query on the Cortex-M3 (lm3s6965evb, thumbv7m,
# soft float), for both builds: speed first (the default) and size first
# (gjk's `small` feature). The `cycles` firmware runs under QEMU in
# `-icount` mode, where the virtual clock (and so SysTick) advances a fixed
# time per instruction; the firmware calibrates the tick against a loop of
# known length. Each build runs at two icount shifts, whose figures must
# agree (a check of the method). Prints the table of both builds side by
# side; `--write FILE...` replaces the table between the `<!-- cycles.sh -->`
# and `<!-- /cycles.sh -->` lines of each FILE with it.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/embedded}"
write=()
if [[ ${1:-} == --write ]]; then
    shift
    write=("$@")
fi
elf="$CARGO_TARGET_DIR/thumbv7m-none-eabi/release/cycles"
run() { # shift
    timeout 600 qemu-system-arm -cpu cortex-m3 -machine lm3s6965evb -nographic \
        -icount "shift=$1" -semihosting-config enable=on,target=native -kernel "$elf" 2>/dev/null
}
figures() { grep 'instructions per query' | sed 's/.*, \([0-9]*\) instructions.*/\1/'; }
names() { grep 'instructions per query' | sed 's/^cycles: 3D f32 \([^:]*\):.*/\1/'; }
declare -A column
for variant in speed small; do
    features=()
    [[ $variant == small ]] && features=(--features small)
    (cd "$here/firmware" && cargo build -q --release --bin cycles "${features[@]}")
    first="$(run 0)"
    second="$(run 1)"
    echo "$first" | sed "s/^/[$variant] /"
    paste <(echo "$first" | figures) <(echo "$second" | figures) | awk '
        { d = $1 - $2; if (d < 0) d = -d; if (d > 2 + $1 / 1000) bad = 1 }
        END { if (bad) { print "cycles: the two icount shifts disagree" > "/dev/stderr"; exit 1 } }'
    column[$variant]="$(echo "$first" | figures)"
    rows="$(echo "$first" | names)"
done

table() {
    echo "Counted by \`tests/embedded/cycles.sh\` (rustc $(rustc --version | cut -d' ' -f2), gjk at $(git -C "$root" rev-parse --short HEAD)):"
    echo
    echo '| 3D `f32` query (shapes through `&dyn SupportMap`) | speed first (default) | size first (`small`) |'
    echo '|---|--:|--:|'
    paste -d '\t' <(echo "$rows") <(echo "${column[speed]}") <(echo "${column[small]}") |
        awk -F '\t' '{ printf "| %s | %d | %d |\n", $1, $2, $3 }'
}
echo
echo "== instructions per query (Cortex-M3, soft float, opt-level s)"
table | "$here/splice.sh" cycles.sh "${write[@]}"
