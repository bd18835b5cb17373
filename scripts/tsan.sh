#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# ThreadSanitizer over the threaded parts: builds build-tsan/ (-DCLUSTERWIZ_SANITIZE=thread) and
# runs the tests that drive the fleet runner, the run session and the log followers. CI runs it from scripts/test.sh; any report fails the test
# that caused it. Suppressions (only proven false positives) are in tests/tsan.supp.
#   scripts/tsan.sh [ctest -R regex]     (CLUSTERWIZ_TSAN_GUI=1: the GUI and its threaded pages)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The fake fleet's unit tests (FleetRunner, Launcher, RunControl, RunSession, RemoteLogFollower,
# check's master-port probe that workers wait on, on in-memory servers) and the log sources. The GUI is left out: its workers
# (DiscoveryJob, RunPanelSession) are driven only by the cluster GUI tests, and building the
# widgets doubles this step's build time (docs/fuzzing.md).
tests=(tst_fakeRemote tst_fakeLaunch tst_fakeRunControl tst_fakeRunSession tst_fakeLogFollow
    tst_fakeFix tst_fakeCheckRun tst_runSession tst_runLogSources)
gui=OFF
if [[ ${CLUSTERWIZ_TSAN_GUI:-0} == 1 ]]; then # by hand: the wizard's threaded pages too
    gui=ON
    tests+=(tst_checksPage tst_logPanel)
fi
regex=${1:-"^($(
    IFS='|'
    echo "${tests[*]}"
))\$"}

cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLUSTERWIZ_SANITIZE=thread \
    -DCLUSTERWIZ_BUILD_GUI=$gui -DCLUSTERWIZ_BUILD_TESTS=ON >/dev/null
cmake --build build-tsan -j "$(nproc)" --target "${tests[@]}"

# die_after_fork=0: tests that run local shells (QProcess) fork from a threaded process; the child
# only execs, which is safe, but TSan refuses it by default.
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 die_after_fork=0 suppressions=$PWD/tests/tsan.supp"
ctest --test-dir build-tsan --output-on-failure -j "$(nproc)" -R "$regex"
