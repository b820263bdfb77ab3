#!/usr/bin/env bash
# Flash, stack and WASM size figures of gjk on embedded targets, for both
# builds: speed first (the default) and size first (gjk's `small` feature,
# the firmware crate's `small`); prints them, then the table of both side
# by side that README.md and tests/embedded/README.md carry.
#
# * flash: .text + .rodata of the firmware binaries `distance_only` (one 3D
#   f32 `distance`) and `all_queries` (3D f32 intersects + distance +
#   penetration), thumbv7em-none-eabihf and thumbv6m-none-eabi, lto,
#   codegen-units=1, panic=abort, opt-level "z" (profile release-z, the size
#   build the budgets apply to) and "s" (profile release, for reference);
#   then, for the speed-first build at "s", the largest symbols and a
#   breakdown of what the bytes are.
# * stack: the same binaries with `--features report` paint the stack below
#   the current SP, run each query, and count the words it overwrote; run
#   under QEMU on mps2-an386 (thumbv7em-none-eabihf, Cortex-M4F) and on
#   microbit (thumbv6m-none-eabi, Cortex-M0) at both levels, and on
#   lm3s6965evb (thumbv7m, Cortex-M3, soft float) at opt-level "s".
# * wasm: the release module of tests/embedded/wasm (the whole suite API),
#   speed first.
#
# The budgets (3D f32, opt-level "z", thumbv7em and thumbv6m alike) apply to
# the size-first build: `distance` 8 KiB of flash and 1 KiB of stack, the
# three queries 24 KiB of flash, `penetration` 6 KiB of stack. Misses are
# reported as MISS; the script fails only when a build or a run fails (pass
# --strict to fail on a miss too). `--write FILE...` replaces the table
# between the `<!-- measure.sh -->` and `<!-- /measure.sh -->` lines of each
# FILE with the one printed.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/embedded}"
strict=0
write=()
while (($#)); do
    case $1 in
    --strict) strict=1 ;;
    --write)
        shift
        write=("$@")
        break
        ;;
    *)
        echo "usage: measure.sh [--strict] [--write FILE...]" >&2
        exit 2
        ;;
    esac
    shift
done

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

# The figures, by key "what build target level" (build: speed or small).
declare -A fig

build() { # build profile target features...
    local variant=$1 profile=$2 target=$3
    shift 3
    [[ $variant == small ]] && set -- "$@" --features small
    (cd "$here/firmware" && cargo build -q --profile "$profile" --target "$target" \
        --bin distance_only --bin all_queries "$@")
}

level_of() { # profile
    if [[ $1 == release-z ]]; then echo z; else echo s; fi
}

echo "== flash (.text + .rodata)"
for variant in speed small; do
    for target in thumbv7em-none-eabihf thumbv6m-none-eabi; do
        for profile in release-z release; do
            build "$variant" "$profile" "$target"
            level=$(level_of "$profile")
            for bin in distance_only all_queries; do
                bytes=$(flash "$CARGO_TARGET_DIR/$target/$profile/$bin")
                fig["flash-$bin $variant $target $level"]=$bytes
                printf '  %-5s %-22s %-14s opt-level=%s  %6d B (%5s KiB)\n' \
                    "$variant" "$target" "$bin" "$level" "$bytes" "$(kib "$bytes")"
            done
            if [[ $target == thumbv7em-none-eabihf && $profile == release ]]; then
                for bin in distance_only all_queries; do
                    elf="$CARGO_TARGET_DIR/$target/$profile/$bin"
                    echo "  $bin ($variant, opt-level=s) by family:"
                    breakdown "$elf"
                    echo "  $bin ($variant, opt-level=s) largest symbols:"
                    "$NM" --size-sort --demangle -S -t d "$elf" | awk '$3 ~ /^[tTrR]$/' |
                        tail -8 |
                        awk '{ size = $2 + 0; $1 = $2 = $3 = ""; printf "      %6d B %s\n", size, substr($0, 4) }'
                done
            fi
        done
    done
done

echo
echo "== stack (painted)"
run_stack() { # build profile target runner-args...
    local variant=$1 profile=$2 target=$3 level line bytes
    level=$(level_of "$profile")
    shift 3
    build "$variant" "$profile" "$target" --features report
    for bin in distance_only all_queries; do
        timeout 120 "$@" -nographic -semihosting-config enable=on,target=native \
            -kernel "$CARGO_TARGET_DIR/$target/$profile/$bin" 2>/dev/null |
            while read -r line; do
                echo "  [$variant $target opt-level=$level] $line"
            done
    done
}
m4=(qemu-system-arm -cpu cortex-m4 -machine mps2-an386)
m3=(qemu-system-arm -cpu cortex-m3 -machine lm3s6965evb)
m0=(qemu-system-arm -machine microbit)
stacks=$(mktemp)
trap 'rm -f "$stacks"' EXIT
for variant in speed small; do
    for profile in release-z release; do
        run_stack "$variant" "$profile" thumbv7em-none-eabihf "${m4[@]}"
        run_stack "$variant" "$profile" thumbv6m-none-eabi "${m0[@]}"
    done
    run_stack "$variant" release thumbv7m-none-eabi "${m3[@]}"
done | tee "$stacks"
while read -r variant target level query bytes; do
    fig["stack-$query $variant $target $level"]=$bytes
done < <(sed -n 's/^  \[\([a-z]*\) \([^ ]*\) opt-level=\(.\)\] \(distance_only\|all_queries\): \([a-z]*\) .*stack \([0-9]*\) bytes/\1 \2 \3 \4-\5 \6/p' "$stacks")

echo
echo "== wasm (wasm32-unknown-unknown, opt-level=s, lto, stripped; whole suite API: 8 exports)"
(cd "$here/wasm" && cargo build -q --release --target wasm32-unknown-unknown)
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/gjk_wasm.wasm"
wasm_bytes=$(stat -c %s "$wasm")
printf '  gjk_wasm.wasm  %d B (%s KiB)\n' "$wasm_bytes" "$(kib "$wasm_bytes")"

# One cell: bytes (and KiB from 4 KiB on), or "–" when not measured.
cell() { # bytes
    if [[ -z ${1:-} ]]; then
        echo "–"
    elif (($1 >= 4096)); then
        printf '%d B (%s KiB)' "$1" "$(kib "$1")"
    else
        printf '%d B' "$1"
    fi
}

# One row: the figure, its budget, both builds, and the size-first build's
# verdict where the row has a budget.
row() { # label limit key...
    local label=$1 limit=$2 key=$3 speed small verdict=""
    speed=${fig["${key/@/speed}"]:-}
    small=${fig["${key/@/small}"]:-}
    if [[ $limit != - && -n $small ]]; then
        verdict=$(verdict "$small" "$limit")
        limit="≤ $(kib "$limit") KiB"
    elif [[ $limit != - ]]; then
        limit="≤ $(kib "$limit") KiB"
    else
        limit=""
    fi
    printf '| %s | %s | %s | %s | %s |\n' "$label" "$limit" "$(cell "$speed")" "$(cell "$small")" "$verdict"
}

table() {
    local t
    echo "Measured by \`tests/embedded/measure.sh\` (rustc $(rustc --version | cut -d' ' -f2), gjk at $(git -C "$root" rev-parse --short HEAD)):"
    echo
    echo "| figure (3D \`f32\`) | budget | speed first (default) | size first (\`small\`) | |"
    echo "|---|---|--:|--:|---|"
    for t in thumbv7em-none-eabihf thumbv6m-none-eabi; do
        local part=thumbv7em
        [[ $t == thumbv6m-none-eabi ]] && part="thumbv6m (Cortex-M0)"
        row "\`distance\` flash, $part, opt \`z\`" 8192 "flash-distance_only @ $t z"
        row "\`distance\` flash, $part, opt \`s\`" - "flash-distance_only @ $t s"
        row "intersects + distance + penetration flash, $part, opt \`z\`" 24576 "flash-all_queries @ $t z"
        row "same, opt \`s\`" - "flash-all_queries @ $t s"
    done
    for t in thumbv7em-none-eabihf thumbv6m-none-eabi; do
        local part="thumbv7em (mps2-an386)"
        [[ $t == thumbv6m-none-eabi ]] && part="thumbv6m (microbit)"
        row "\`distance\` stack, $part, opt \`z\`" 1024 "stack-distance_only-distance @ $t z"
        row "\`distance\` stack, $part, opt \`s\`" - "stack-distance_only-distance @ $t s"
        row "\`intersects\` stack, $part, opt \`z\`" - "stack-all_queries-intersects @ $t z"
        row "\`penetration\` stack, $part, opt \`z\`" 6144 "stack-all_queries-penetration @ $t z"
        row "\`penetration\` stack, $part, opt \`s\`" - "stack-all_queries-penetration @ $t s"
    done
    row "\`distance\` stack, thumbv7m (lm3s6965), opt \`s\`" - "stack-distance_only-distance @ thumbv7m-none-eabi s"
    row "\`penetration\` stack, thumbv7m (lm3s6965), opt \`s\`" - "stack-all_queries-penetration @ thumbv7m-none-eabi s"
    printf '| `gjk_wasm.wasm` (whole test API, opt `s`, stripped) | | %s | | |\n' "$(cell "$wasm_bytes")"
}

echo
echo "== table"
table | "$here/splice.sh" measure.sh "${write[@]}"
misses=$(table | grep -c '| MISS |$' || true)

echo
if ((misses > 0)); then
    echo "budgets: $misses MISS"
    ((strict == 0)) || exit 1
else
    echo "budgets: all met"
fi
