#!/usr/bin/env bash
# The no-panic check: links the firmware binary `no_panic` (every public query
# in 2D/3D, f32/f64) with a panic handler that calls an undefined function,
# with LTO at the optimisation levels a firmware ships with: "s" (release)
# and "z" (release-z), for the Cortex-M4F and the Cortex-M0, in the default
# (speed-first) build and the size-first one (gjk's `small` feature). The
# link succeeds only if no panic is reachable; a smaller build keeps more
# bounds checks, so both levels count. Each link instantiates every query
# for many shapes in both precisions, minutes of LTO, so the default is two
# links that between them take each build, each part and each level once:
# the speed-first build at "s" on the Cortex-M4F, the size-first build at
# "z" on the Cortex-M0 it is made for. `NO_PANIC_ALL=1` links all eight.
#
# Prints UNREACHABLE or REACHABLE; when reachable, rebuilds with a looping
# handler and lists each call into the panic machinery with its inlined
# source location (file:line) from the debug info, and exits 1. With
# --self-test a reachable panic is the expected outcome (exit 0).
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/embedded}"
targets=(thumbv7em-none-eabihf thumbv6m-none-eabi)
cd "$here/firmware" || exit 2

# --self-test plants a reachable out-of-bounds index, to show the check bites.
features=()
[[ "${1:-}" == "--self-test" ]] && features=(--features planted-panic)
# Exit status once a panic path is found: failure, unless it was planted.
found=1
((${#features[@]})) && found=0

# (build, target, profile), as above.
combos=("speed thumbv7em-none-eabihf release" "small thumbv6m-none-eabi release-z")
if [[ -n "${NO_PANIC_ALL:-}" ]]; then
    combos+=("speed thumbv6m-none-eabi release-z" "small thumbv7em-none-eabihf release-z"
        "speed thumbv7em-none-eabihf release-z" "speed thumbv6m-none-eabi release"
        "small thumbv7em-none-eabihf release" "small thumbv6m-none-eabi release")
fi

profile=""
target=""
variant=""
for combo in "${combos[@]}"; do
    read -r v t p <<<"$combo"
    extra=()
    [[ $v == small ]] && extra=(--features small)
    if cargo build -q --profile "$p" --target "$t" --bin no_panic "${features[@]}" "${extra[@]}" \
        2>/tmp/gjk-no-panic.$$; then
        echo "  $t, profile $p, $v first: no panic reachable"
        continue
    fi
    if ! grep -q panic_is_reachable /tmp/gjk-no-panic.$$; then
        cat /tmp/gjk-no-panic.$$ >&2
        rm -f /tmp/gjk-no-panic.$$
        echo "no-panic check: build failed for another reason" >&2
        exit 1
    fi
    echo "  $t, profile $p, $v first: the link needs panic_is_reachable"
    if [[ -z "$profile" ]]; then
        profile=$p
        target=$t
        variant=$v
    fi
done
rm -f /tmp/gjk-no-panic.$$
if [[ -z "$profile" ]]; then
    echo "no-panic check: UNREACHABLE (no panic path from the public queries)"
    exit 0
fi
echo "no-panic check: REACHABLE (first seen on $target, profile $profile, $variant first)"

loop=panic-loop
[[ $variant == small ]] && loop=panic-loop,small
if ((${#features[@]})); then features=(--features "planted-panic,$loop"); else features=(--features "$loop"); fi
cargo build -q --profile "$profile" --target "$target" --bin no_panic "${features[@]}" || exit 1
elf="$CARGO_TARGET_DIR/$target/$profile/no_panic"
if ! command -v arm-none-eabi-objdump >/dev/null; then
    echo "  (install binutils-arm-none-eabi to locate the panic sources)"
    exit "$found"
fi
OBJDUMP=arm-none-eabi-objdump
ADDR2LINE=(arm-none-eabi-addr2line -i -e "$elf")

# Functions of the panic machinery, then every branch to one of them.
mapfile -t panics < <("$OBJDUMP" -t "$elf" | awk '{ print $NF }' |
    grep -E 'core9panicking|panic_bounds_check|slice_(start|end)_index|slice_index_order|unwrap_failed|expect_failed|core3fmt' | sort -u)
echo "  panic entry points: ${#panics[@]}"
pattern=$(printf '%s|' "${panics[@]}")
pattern="<(${pattern%|})>"
"$OBJDUMP" -d --no-show-raw-insn "$elf" | grep -E "\s(b|bl|b\.w|bl\.w|beq|bne|b[a-z]{2}(\.w)?)\s+[0-9a-f]+ $pattern" |
    awk '{ sub(":", "", $1); print $1, $NF }' | while read -r addr callee; do
        # The innermost inlined frame in gjk (or nalgebra) names the source.
        where=$("${ADDR2LINE[@]}" "0x$addr" | grep -E '/(src|nalgebra[^/]*/src)/' | grep -v '/rustc/' | head -n 1)
        printf '%s %s\n' "${where:-(inside the panic machinery)}" "$(echo "$callee" | sed -E 's/.*(core[^>]*)>$/\1/')"
    done | sed "s#$root/##" | sort | uniq -c | sort -k2 | sed 's/^/  /'
exit "$found"
