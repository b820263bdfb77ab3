#!/usr/bin/env bash
# Fuzzing in two passes over every cargo-fuzz target:
#
# 1. replay of the committed seeds (fuzz/seeds/<target>), every invariant on
#    known inputs: a failure here is a regression and fails the script;
# 2. a short timed run from the seeds, exploring new inputs. A new finding
#    is printed with its input (left in fuzz/artifacts/<target>/) and fails
#    the script: the seeds hold the merged corpora of past campaigns, so
#    what CI's exploration reaches has mostly been explored before, and a
#    finding there is a regression. FUZZ_STRICT=0 only reports it (for
#    exploratory runs).
#
#   FUZZ_RUNS=1000000 .ci/fuzz.sh        # a fixed number of inputs per target, from
#                                        # a fixed seed (FUZZ_SEED, default 1); the
#                                        # exploration still differs a little from
#                                        # run to run (the seeds' order on disk,
#                                        # libFuzzer's own timing), so a finding
#                                        # can show on one machine and not another
#   FUZZ_SECONDS=30 .ci/fuzz.sh          # seconds per target instead
#   FUZZ_SECONDS=0 .ci/fuzz.sh           # replay the seeds only
#   FUZZ_STRICT=0 .ci/fuzz.sh            # new findings are only reported
#   FUZZ_TARGETS="distance simplex" .ci/fuzz.sh
set -euo pipefail

cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-30}"
runs="${FUZZ_RUNS:-}"
fuzz_seed="${FUZZ_SEED:-1}"
strict="${FUZZ_STRICT:-1}"

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

run() { # target libfuzzer-args...
    local t=$1
    shift
    cargo +nightly fuzz run -s none "$t" "corpus/$t" "seeds/$t" -- \
        "$@" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
}

regressions=()
findings=()
for t in $targets; do
    mkdir -p "corpus/$t"
    echo "== fuzz $t: replay the seeds"
    run "$t" -runs=0 || regressions+=("$t")
done
if ((seconds > 0)); then
    for t in $targets; do
        # One process at a time; the total is bounded by seconds x targets.
        if [[ -n "$runs" ]]; then
            echo "== fuzz $t: $runs inputs from seed $fuzz_seed"
            budget=(-runs="$runs" -seed="$fuzz_seed")
        else
            echo "== fuzz $t for ${seconds}s"
            budget=(-max_total_time="$seconds")
        fi
        run "$t" "${budget[@]}" 2>&1 | tee "/tmp/gjk-fuzz-$t.log" |
            grep -E '^(INFO: |#[0-9]+ +(DONE|INITED)|stat::|==|thread|  )' || true
        if ! grep -q '^Done [0-9]* runs\|stat::number_of_executed_units' "/tmp/gjk-fuzz-$t.log" ||
            grep -q 'panicked at\|deadly signal\|ERROR: libFuzzer' "/tmp/gjk-fuzz-$t.log"; then
            findings+=("$t")
        fi
    done
fi

if ((${#regressions[@]})); then
    echo "fuzzing: seeds fail in: ${regressions[*]}" >&2
    exit 1
fi
if ((${#findings[@]})); then
    echo "fuzzing: new findings in: ${findings[*]} (inputs in fuzz/artifacts/)" >&2
    ((strict)) && exit 1
fi
echo "fuzzing: seeds pass${findings[*]:+; new findings reported above}"
