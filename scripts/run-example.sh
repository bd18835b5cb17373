#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The main job: on a fresh Debian 12 machine (as root), install what the programs need, build
# them (no tests, no benchmarks) into build/, and export the scripts of the shipped 2-server x
# 8-NPU example. scripts/test.sh is the one that installs and builds everything.
#   run-example.sh        the wizard too when there is a display to open it on; without one,
#                         clusterwiz-cli alone (the wizard is half the build and could not start)
#   run-example.sh --gui  the wizard too, display or not
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

gui=OFF
case "${1:-}" in
--gui) gui=ON ;;
"") [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || gui=ON ;;
*)
    echo "usage: run-example.sh [--gui]" >&2
    exit 64
    ;;
esac

if [ "$gui" = ON ]; then
    ./scripts/install-deps.sh --programs
else
    ./scripts/install-deps.sh --cli
fi

# Release at -O1: no debug information, which the first try does not need, and -O1 rather than
# CMake's -O3 (or -O2), which cost compile time and buy these programs nothing measurable: in a
# fresh Debian 12 root the CLI's build took 388 CPU-s at -O1 against 436 at -O2
# (docs/benchmarks.md, "The first command in a fresh root"); precompiled headers are on by
# default. Packages and scripts/test.sh build with their own flags.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCLUSTERWIZ_BUILD_TESTS=OFF -DCLUSTERWIZ_BUILD_GUI="$gui"
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
if [ "$gui" = ON ] && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    echo "Opening the wizard on the example (close it to finish)."
    build/bin/clusterwiz resources/examples/ascend-2x8.clusterwiz.json || true
elif [ "$gui" = ON ]; then
    echo "The wizard is build/bin/clusterwiz; there is no display here to open it on."
else
    echo "No display here, so only build/bin/clusterwiz-cli was built (validate, plan, discover,"
    echo "check, launch, generate); ./scripts/run-example.sh --gui builds the wizard too."
fi
