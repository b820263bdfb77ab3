#!/usr/bin/env bash
# Short fuzzing pass: every cargo-fuzz target for a fixed time, starting from
# the committed seeds. Fails when any target finds a crash or a broken
# invariant (libFuzzer exits non-zero and leaves the input in
# fuzz/artifacts/<target>/).
#
#   FUZZ_SECONDS=30 .ci/fuzz.sh          # seconds per target (default 30)
#   FUZZ_SECONDS=0 .ci/fuzz.sh           # replay the committed seeds only
#   FUZZ_TARGETS="distance simplex" .ci/fuzz.sh
set -euo pipefail

cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-30}"

if ! rustup toolchain list | grep -q '^nightly'; then
    rustup toolchain install nightly --profile minimal
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

cd fuzz
# No sanitizer: the crate forbids unsafe code, so AddressSanitizer has nothing
# to find, and without it the targets run several times faster.
targets="${FUZZ_TARGETS:-$(cargo +nightly fuzz list)}"
cargo +nightly fuzz build -s none

failed=()
for t in $targets; do
    mkdir -p "corpus/$t"
    if ((seconds > 0)); then
        echo "== fuzz $t for ${seconds}s"
        limit=(-max_total_time="$seconds")
    else
        # Replay the committed seeds only: every invariant on known inputs.
        echo "== fuzz $t: replay the seeds"
        limit=(-runs=0)
    fi
    # One process at a time; the total time is bounded by seconds x targets.
    if ! cargo +nightly fuzz run -s none "$t" "corpus/$t" "seeds/$t" -- \
        "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1; then
        failed+=("$t")
    fi
done

if ((${#failed[@]})); then
    echo "fuzzing found failures in: ${failed[*]} (inputs in fuzz/artifacts/)" >&2
    exit 1
fi
echo "fuzzing: no failures"
