#!/bin/bash
# The main job: on a fresh Debian 12 machine (as root), install what the two programs need, build
# them (no tests, no benchmarks) into build/, and export the scripts of the shipped 2-server x
# 8-NPU example. scripts/test.sh is the one that installs and builds everything.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/install-deps.sh --programs

# Release: no debug information, which the first try does not need and which costs about a
# fifth of the build (docs/benchmarks.md, "Build time"); precompiled headers are on by default.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCLUSTERWIZ_BUILD_TESTS=OFF
cmake --build build -j "$(nproc)"

mkdir -p out
build/bin/clusterwiz-cli validate resources/examples/ascend-2x8.clusterwiz.json
build/bin/clusterwiz-cli generate resources/examples/ascend-2x8.clusterwiz.json \
    -o out/ascend-2x8 --tar out/ascend-2x8.tar.gz

echo
echo "The scripts for resources/examples/ascend-2x8.clusterwiz.json are in $PWD/out/ascend-2x8/"
echo "and, as one archive to copy to the servers, in $PWD/out/ascend-2x8.tar.gz."
echo "Start with $PWD/out/ascend-2x8/README.txt: it says what to copy where and what to run."

# With a display, open the wizard on the same example; without one the exported folder above is
# the result, and clusterwiz-cli does everything the wizard does from a terminal.
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    echo "Opening the wizard on the example (close it to finish)."
    build/bin/clusterwiz resources/examples/ascend-2x8.clusterwiz.json || true
else
    echo "No display here: use build/bin/clusterwiz-cli (validate, plan, discover, generate)."
fi
