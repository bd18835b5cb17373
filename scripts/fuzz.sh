#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets (tests/fuzz) into build-fuzz/ with clang++ and runs each for
# SECONDS (default 20) from its seed corpus (tests/fuzz/seeds.txt) plus every saved regression
# (tests/data/fuzz-regressions/TARGET/). CI runs it from scripts/test.sh.
#   scripts/fuzz.sh [SECONDS] [TARGET...]      (TARGET: projectJson runRecord undoJournal
#                                                probeOutput logFrames rankLogs containerJournal;
#                                                default all)
# A crash stops that target and fails the script; the input is saved under
# build-fuzz/artifacts/TARGET/: copy it into tests/data/fuzz-regressions/TARGET/ with the fix, so
# tst_fuzzRegressions replays it in every build. The corpus grows in build-fuzz/corpus/ between
# local runs (never committed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=${1:-20}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(projectJson runRecord undoJournal probeOutput logFrames rankLogs
    containerJournal)
# Inputs are files of a few KiB at most; 64 KiB leaves room for long lines and deep nesting.
max_len=${CLUSTERWIZ_FUZZ_MAX_LEN:-65536}

# CLUSTERWIZ_FUZZ_BUILD: a folder already configured with -DCLUSTERWIZ_FUZZ=ON (scripts/test.sh
# passes its sanitizer build, which holds the unit tests too, so the core is compiled once for
# both); the targets are built there. Otherwise build-fuzz/ is configured here.
build=${CLUSTERWIZ_FUZZ_BUILD:-build-fuzz}
if [[ -z ${CLUSTERWIZ_FUZZ_BUILD:-} ]]; then
    # -O1 and line tables: the usual for fuzzing, and quicker to build than -O2 -g.
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
        -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" -DCMAKE_CXX_COMPILER=clang++ \
        -DCLUSTERWIZ_FUZZ=ON -DCLUSTERWIZ_BUILD_GUI=OFF -DCLUSTERWIZ_BUILD_TESTS=OFF >/dev/null
fi
cmake --build "$build" -j "$(nproc)" --target fuzz_targets

# The seeds, copied (their names prefixed by their folder so that equal names do not collide).
while read -r target pattern; do
    [[ -z $target || $target == \#* ]] && continue
    mkdir -p "$build/corpus/$target"
    for file in $pattern; do
        [[ -f $file ]] || continue
        cp "$file" "$build/corpus/$target/seed-$(echo "$file" | tr / _)"
    done
done <tests/fuzz/seeds.txt

export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export QT_LOGGING_RULES='*=false' # the readers' warnings would only slow the runs down
failed=()
for target in "${targets[@]}"; do
    corpus=$build/corpus/$target
    artifacts=$build/artifacts/$target
    mkdir -p "$corpus" "$artifacts"
    regressions=()
    [[ -d tests/data/fuzz-regressions/$target ]] && regressions=("tests/data/fuzz-regressions/$target")
    echo "== fuzz $target for ${seconds}s"
    if ! "$build/bin/fuzz_$target" -max_total_time="$seconds" -max_len="$max_len" \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "$corpus" "${regressions[@]}" >"$build/fuzz-$target.log" 2>&1; then
        tail -n 60 "$build/fuzz-$target.log"
        echo "== fuzz $target FAILED: the input is in $artifacts/"
        failed+=("$target")
    else
        grep -E '^(stat::number_of_executed_units|stat::new_units_added)' \
            "$build/fuzz-$target.log" | tr '\n' ' '
        echo
    fi
done
if ((${#failed[@]})); then
    echo "fuzz: crashes in ${failed[*]}" >&2
    exit 1
fi
echo "fuzz: ${#targets[@]} targets ran ${seconds}s each without a crash"
