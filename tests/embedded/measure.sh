#!/usr/bin/env bash
# Flash, stack and WASM size budgets of gjk on embedded targets; prints them.
#
# * flash: .text + .rodata of the firmware binaries `distance_only` (one 3D
#   f32 `distance`) and `all_queries` (3D f32 intersects + distance +
#   penetration), thumbv7em-none-eabihf, lto, codegen-units=1, panic=abort,
#   opt-level "z" (profile release-z, the size build the budgets apply to)
#   and "s" (profile release, for reference); then the largest symbols and a
#   breakdown of what the bytes are.
# * stack: the same binaries with `--features report` paint the stack below
#   the current SP, run each query, and count the words it overwrote; run
#   under QEMU on mps2-an386 (thumbv7em-none-eabihf, Cortex-M4F: the budget)
#   at both levels, and on lm3s6965evb (thumbv7m, Cortex-M3, soft float) at
#   opt-level "s" for reference.
# * wasm: the release module of tests/embedded/wasm (the whole suite API).
#
# Budget misses are reported as MISS; the script fails only when a build or
# a run fails (pass --strict to fail on a miss too).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/embedded}"
strict=0
[[ "${1:-}" == "--strict" ]] && strict=1

tools="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin"
if [[ -x "$tools/llvm-size" ]]; then
    SIZE="$tools/llvm-size"
    NM="$tools/llvm-nm"
elif command -v arm-none-eabi-size >/dev/null; then
    SIZE=arm-none-eabi-size
    NM=arm-none-eabi-nm
else
    echo "need llvm-tools (rustup component add llvm-tools) or binutils-arm-none-eabi" >&2
    exit 2
fi

misses=0
kib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1024 }'; }
verdict() { # value limit
    if (($1 <= $2)); then echo "ok"; else echo "MISS"; fi
}

section() { # elf name
    "$SIZE" -A "$1" | awk -v s="$2" '$1 == s { print $2 }'
}

flash() { # elf
    echo $(($(section "$1" .text) + $(section "$1" .rodata)))
}

# Where the bytes of an ELF go, by symbol family.
breakdown() { # elf
    "$NM" --size-sort --demangle -S -t d "$1" | awk '
        NF >= 4 && $3 ~ /^[tTrR]$/ {
            size = $2 + 0
            name = $0; sub(/^[^ ]+ [^ ]+ [^ ]+ /, "", name)
            if (name ~ /^__INTERRUPTS|^__EXCEPTIONS|^__RESET_VECTOR/) next
            if (name ~ /__cortex_m_rt_main/) fam = "gjk + nalgebra (incl. inlined into main)"
            else if (name ~ /core::panicking|core::fmt|core::result::unwrap_failed|panic_bounds_check|slice_.*_fail|core::option::expect_failed/) fam = "panic/fmt"
            else if (name ~ /^libm::|sqrt|fmax|fmin/) fam = "libm"
            else if (name ~ /compiler_builtins::mem|__aeabi_mem|^mem(cpy|move|set)/) fam = "mem* (compiler_builtins)"
            else if (name ~ /compiler_builtins|__aeabi|__adddf|__muldf|__divdf|__addsf|__mulsf|__divsf/) fam = "soft-float/builtins"
            else if (name ~ /cortex_m|^Reset|Handler|PreInit|HardFault/) fam = "cortex-m-rt"
            else if (name ~ /gjk_firmware|HULL_POINTS/) fam = "shape setup (firmware helpers, inlined gjk constructors)"
            else fam = "gjk + nalgebra (incl. inlined into main)"
            total[fam] += size
        }
        END { for (f in total) printf "      %-58s %6d B\n", f, total[f] }' | sort -k1,1
}

build() { # profile target features...
    local profile=$1 target=$2
    shift 2
    (cd "$here/firmware" && cargo build -q --profile "$profile" --target "$target" \
        --bin distance_only --bin all_queries "$@")
}

echo "== flash (thumbv7em-none-eabihf, .text + .rodata; targets: distance 8 KiB, all 24 KiB)"
build release thumbv7em-none-eabihf
build release-z thumbv7em-none-eabihf
for profile in release-z release; do
    level=z
    [[ $profile == release ]] && level=s
    for bin in distance_only all_queries; do
        elf="$CARGO_TARGET_DIR/thumbv7em-none-eabihf/$profile/$bin"
        bytes=$(flash "$elf")
        limit=8192
        [[ $bin == all_queries ]] && limit=24576
        v=$(verdict "$bytes" "$limit")
        if [[ $level == s ]]; then
            [[ $v == ok ]] || v="over (reference only)"
        else
            [[ $v == ok ]] || misses=$((misses + 1))
        fi
        printf '  %-14s opt-level=%s  %6d B (%5s KiB) / %5d B  %s\n' \
            "$bin" "$level" "$bytes" "$(kib "$bytes")" "$limit" "$v"
    done
done
echo "  Cortex-M0 (thumbv6m-none-eabi, soft float; reported, no budget):"
build release thumbv6m-none-eabi
build release-z thumbv6m-none-eabi
for profile in release-z release; do
    level=z
    [[ $profile == release ]] && level=s
    for bin in distance_only all_queries; do
        bytes=$(flash "$CARGO_TARGET_DIR/thumbv6m-none-eabi/$profile/$bin")
        printf '  %-14s opt-level=%s  %6d B (%5s KiB)  thumbv6m\n' \
            "$bin" "$level" "$bytes" "$(kib "$bytes")"
    done
done
for bin in distance_only all_queries; do
    elf="$CARGO_TARGET_DIR/thumbv7em-none-eabihf/release/$bin"
    echo "  $bin (opt-level=s) by family:"
    breakdown "$elf"
    echo "  $bin (opt-level=s) largest symbols:"
    "$NM" --size-sort --demangle -S -t d "$elf" | awk '$3 ~ /^[tTrR]$/' | tail -8 |
        awk '{ size = $2 + 0; $1 = $2 = $3 = ""; printf "      %6d B %s\n", size, substr($0, 4) }'
done

echo
echo "== stack (painted; target for 3D f32 distance on thumbv7em-none-eabihf: 1 KiB)"
run_stack() { # profile target runner-args...
    local profile=$1 target=$2 level=s
    [[ $profile == release-z ]] && level=z
    shift 2
    build "$profile" "$target" --features report
    for bin in distance_only all_queries; do
        timeout 120 "$@" -nographic -semihosting-config enable=on,target=native \
            -kernel "$CARGO_TARGET_DIR/$target/$profile/$bin" 2>/dev/null |
            sed "s/^/  [$target opt-level=$level] /"
    done
}
m4=(qemu-system-arm -cpu cortex-m4 -machine mps2-an386)
run_stack release-z thumbv7em-none-eabihf "${m4[@]}" | tee /tmp/gjk-stack.$$
run_stack release thumbv7em-none-eabihf "${m4[@]}" | tee -a /tmp/gjk-stack.$$
run_stack release thumbv7m-none-eabi qemu-system-arm -cpu cortex-m3 -machine lm3s6965evb |
    tee -a /tmp/gjk-stack.$$
# The Cortex-M0 (micro:bit v1, 16 KiB of RAM with the stack).
for profile in release-z release; do
    run_stack "$profile" thumbv6m-none-eabi qemu-system-arm -machine microbit |
        tee -a /tmp/gjk-stack.$$
done
while read -r target level stack; do
    v=$(verdict "$stack" 1024)
    if [[ $target == thumbv7em-none-eabihf ]]; then
        [[ $v == ok ]] || misses=$((misses + 1))
    else
        [[ $v == ok ]] || v="over (reference only)"
    fi
    printf '  3D f32 distance on %-22s %s  %5d B / 1024 B  %s\n' "$target" "$level" "$stack" "$v"
done < <(sed -n 's/^  \[\(.*\) \(opt-level=.\)\] distance_only: .*stack \([0-9]*\) bytes/\1 \2 \3/p' /tmp/gjk-stack.$$)
rm -f /tmp/gjk-stack.$$

echo
echo "== wasm (wasm32-unknown-unknown, opt-level=s, lto, stripped; whole suite API: 8 exports)"
(cd "$here/wasm" && cargo build -q --release --target wasm32-unknown-unknown)
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/gjk_wasm.wasm"
printf '  gjk_wasm.wasm  %d B (%s KiB)\n' "$(stat -c %s "$wasm")" "$(kib "$(stat -c %s "$wasm")")"

echo
if ((misses > 0)); then
    echo "budgets: $misses MISS"
    ((strict == 0)) || exit 1
else
    echo "budgets: all met"
fi
