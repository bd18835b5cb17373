#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Everything CI runs, on a fresh Debian 12 machine as root:
#  0. the format check: every C++ file as clang-format writes it (scripts/check-format.sh);
#  1. one sanitizer build without the GUI, with clang++, AddressSanitizer,
#     UndefinedBehaviorSanitizer and libFuzzer's coverage, into build-asan/: the core is compiled
#     once for both the unit tests and the fuzz targets. It runs the unit tests (`-L unit`):
#     every part of the core (model, rules, planner, generator, parsers, CLI: tst_cli runs the
#     sanitized clusterwiz-cli) under the sanitizers. Left out here, and run once in step 4:
#     tst_realEngines (real PyTorch and mpirun jobs: their time goes into bash and python, which
#     are not instrumented, and the C++ they exercise is covered by the other unit tests), and
#     the cluster and GUI tests (real sshd servers and the wizard; not built or not needed twice);
#  2. fuzzing (scripts/fuzz.sh): the libFuzzer targets of tests/fuzz, built in the same
#     build-asan/, 20 s each from their seeds (2 min 20 s of fuzzing);
#  3. ThreadSanitizer (scripts/tsan.sh): the fleet runner, run session and log follower
#     tests built into build-tsan/ (the core and those tests only, no GUI);
#  4. the normal build with the GUI into build/ (GCC, warnings as errors), then the WHOLE ctest
#     suite (unit, cluster, gui, and the package test: CPack's .deb unpacked and its programs
#     run), whose summary line is the last thing this script prints.
# Every build uses precompiled headers (cmake/Precompiled.cmake); docs/benchmarks.md ("Build
# time") has the CPU-seconds of each step.
# Exits non-zero when anything fails (the format check's, the sanitizer runs' and the fuzzers'
# failures too, after the main suite).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/install-deps.sh

jobs=$(nproc)

echo "== format check"
format_status=0
./scripts/check-format.sh || format_status=$?

# LeakSanitizer stays on (no detect_leaks=0): Qt 6.4 and the core leave no leak reports in these
# tests, so any report is a real leak. halt_on_error makes a report fail the test that caused it.
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

echo "== sanitizer build (clang, ASan + UBSan + fuzzing coverage, no GUI) into build-asan/"
# -O1 and line tables, as fuzz.sh builds: quicker to build than -O0 -g and to run than -O0.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" -DCMAKE_CXX_COMPILER=clang++ \
    -DCLUSTERWIZ_FUZZ=ON -DCLUSTERWIZ_BUILD_GUI=OFF \
    -DCLUSTERWIZ_BUILD_TESTS=ON
cmake --build build-asan -j "$jobs"
asan_status=0
ctest --test-dir build-asan --output-on-failure -j "$jobs" -L unit -E '^tst_realEngines$' ||
    asan_status=$?
unset ASAN_OPTIONS UBSAN_OPTIONS
if ((asan_status != 0)); then
    echo "== sanitizer unit tests FAILED (above); running the main suite anyway"
fi

echo "== fuzzing (libFuzzer, clang) in build-asan/"
fuzz_status=0
CLUSTERWIZ_FUZZ_BUILD=build-asan ./scripts/fuzz.sh 20 || fuzz_status=$?

echo "== ThreadSanitizer build into build-tsan/"
tsan_status=0
./scripts/tsan.sh || tsan_status=$?

echo "== main build (GUI on) into build/"
# -g1: function names and line numbers in a crash's backtrace, at a fraction of -g's cost.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DCLUSTERWIZ_BUILD_GUI=ON \
    -DCLUSTERWIZ_BUILD_TESTS=ON -DCLUSTERWIZ_WERROR=ON
cmake --build build -j "$jobs"
# Last: its summary line ends the output. Non-zero when it, or the sanitizer run, failed.
main_status=0
ctest --test-dir build --output-on-failure -j2 || main_status=$?
if ((main_status != 0)); then exit "$main_status"; fi
if ((asan_status != 0)); then exit "$asan_status"; fi
if ((fuzz_status != 0)); then exit "$fuzz_status"; fi
if ((tsan_status != 0)); then exit "$tsan_status"; fi
exit "$format_status"
