#!/bin/bash
# ThreadSanitizer over the threaded parts: builds build-tsan/ (-DCLUSTERWIZ_SANITIZE=thread, the
# GUI on, offscreen) and runs the tests that drive the fleet runner, the run session, the log
# followers and the wizard's workers. CI runs it from scripts/test.sh; any report fails the test
# that caused it. Suppressions (only proven false positives) are in tests/tsan.supp.
#   scripts/tsan.sh [ctest -R regex]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The fake fleet's unit tests (FleetRunner, Launcher, RunControl, RunSession, RemoteLogFollower
# on in-memory servers), the log sources, and the GUI pages whose work runs on worker threads
# (ChecksPage: discovery and fixes through DiscoveryJob and QtConcurrent; RunPage: the run
# panel's session).
tests=(tst_fakeRemote tst_fakeLaunch tst_fakeRunControl tst_fakeRunSession tst_fakeLogFollow
    tst_fakeFix tst_runSession tst_runLogSources tst_checksPage tst_logPanel)
regex=${1:-"^($(
    IFS='|'
    echo "${tests[*]}"
))\$"}

cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLUSTERWIZ_SANITIZE=thread \
    -DCLUSTERWIZ_BUILD_GUI=ON -DCLUSTERWIZ_BUILD_TESTS=ON >/dev/null
cmake --build build-tsan -j "$(nproc)" --target "${tests[@]}"

export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$PWD/tests/tsan.supp"
ctest --test-dir build-tsan --output-on-failure -j "$(nproc)" -R "$regex"
