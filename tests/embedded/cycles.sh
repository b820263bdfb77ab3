#!/usr/bin/env bash
# Instructions retired per query on the Cortex-M3 (lm3s6965evb, thumbv7m,
# soft float): the `cycles` firmware under QEMU in `-icount` mode, where
# the virtual clock (and so SysTick) advances a fixed time per instruction;
# the firmware calibrates the tick against a loop of known length. Runs at
# two icount shifts, whose figures must agree (a check of the method).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/embedded}"
(cd "$here/firmware" && cargo build -q --release --bin cycles)
elf="$CARGO_TARGET_DIR/thumbv7m-none-eabi/release/cycles"
run() { # shift
    timeout 600 qemu-system-arm -cpu cortex-m3 -machine lm3s6965evb -nographic \
        -icount "shift=$1" -semihosting-config enable=on,target=native -kernel "$elf" 2>/dev/null
}
first="$(run 0)"
second="$(run 1)"
echo "$first"
figures() { grep 'instructions per query' | sed 's/.*, \([0-9]*\) instructions.*/\1/'; }
paste <(echo "$first" | figures) <(echo "$second" | figures) | awk '
    { d = $1 - $2; if (d < 0) d = -d; if (d > 2 + $1 / 1000) bad = 1 }
    END { if (bad) { print "cycles: the two icount shifts disagree" > "/dev/stderr"; exit 1 } }'
