#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Saves a PNG of every wizard page for the 2x8 example into OUT_DIR, under Xvfb (a real X
# server, as a user's display would be): the --screenshots tour (its Run page shows the built-in
# recorded run), whole-screen captures of the wizard driven with real X key events (xdotool;
# nothing is fitted or filled for the picture: the pages as a user first sees them), the run
# panel's demo open, the run panel with recorded lines and, as root with the test cluster, with
# a live job.
# Usage: tests/gui/screenshots.sh OUT_DIR [BUILD_DIR]
#        SHOT_LANGUAGE=zh_CN tests/gui/screenshots.sh OUT_DIR    (the wizard in that language)
set -eu
out=${1:?usage: screenshots.sh OUT_DIR [BUILD_DIR]}
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${2:-$here/build}
mkdir -p "$out"
out=$(cd "$out" && pwd)
runtime=$(mktemp -d)
config=$(mktemp -d)
trap 'rm -rf "$runtime" "$config"' EXIT
# A private runtime and settings folder: no stale geometry, recent list or warning.
export XDG_RUNTIME_DIR="$runtime" XDG_CONFIG_HOME="$config"
unset QT_QPA_PLATFORM
xvfb-run -a -s "-screen 0 1280x800x24" sh -c '
    set -eu
    bin=$1/bin/clusterwiz out=$2 example=$3/resources/examples/ascend-2x8.clusterwiz.json lang=$4
    "$bin" --language "$lang" --screenshots "$out" "$example" || exit 1
    if ! command -v import >/dev/null 2>&1 || ! command -v xdotool >/dev/null 2>&1; then
        echo "screenshots.sh: no interactive captures (needs imagemagick and xdotool)" >&2
        exit 0
    fi
    # The wizard as started by a user; Alt+N (Next) by real key events, a capture per page.
    "$bin" --language "$lang" "$example" & pid=$!
    window=$(xdotool search --sync --onlyvisible --pid $pid | head -n 1)
    xdotool windowfocus --sync "$window"
    sleep 2
    for page in project servers devices checks launch scripts run; do
        import -window root "$out/screen-$page.png"
        xdotool key --clearmodifiers alt+n
        sleep 2
    done
    kill $pid
    wait $pid 2>/dev/null || true
    # The Run page opened for review with the recorded run.
    "$bin" --language "$lang" --demo-run & pid=$!
    xdotool search --sync --onlyvisible --pid $pid >/dev/null
    sleep 3
    import -window root "$out/screen-run-demo.png"
    kill $pid
    wait $pid 2>/dev/null || true
' sh "$build" "$out" "$here" "${SHOT_LANGUAGE:-en}"
# The wizard's answers to mistakes, driven by real key and mouse events in their tests: a bad
# host IP at its cell, refused connections in full, unreached servers folded on the Checks page,
# 128 x 8 fitted and planned in one click, the language changed while the wizard runs. Each in
# the chosen language (where that is not English the tests' checks of English text fail after
# their pictures: only the pictures count here).
for test in tst_fieldErrors tst_checksCancel tst_devicesPage tst_languageSwitch; do
    CLUSTERWIZ_SCREENSHOT_DIR="$out" CLUSTERWIZ_TEST_LANGUAGE="${SHOT_LANGUAGE:-en}" \
        xvfb-run -a -s "-screen 0 1280x800x24" "$build/bin/$test" >/dev/null 2>&1 ||
        [ "${SHOT_LANGUAGE:-en}" != en ]
done
# The run panel fed with lines recorded from a real job, and their loss curves (its test draws it).
CLUSTERWIZ_SCREENSHOT_DIR="$out" xvfb-run -a -s "-screen 0 1280x800x24" \
    "$build/bin/tst_logPanel" panelPicture >/dev/null
# 128 servers x 8: the devices page with a broken IP centred, the run panel's rank overview.
CLUSTERWIZ_SCREENSHOT_DIR="$out" xvfb-run -a -s "-screen 0 1400x900x24" \
    "$build/bin/tst_scale128" topologyListsABrokenDeviceIp runPanelTakes40kLinesPerSecond >/dev/null
# As root, with network namespaces, the run panel with a live job: the GUI cluster test walks the
# wizard on 2 simulated servers and saves run-live.png (and the lines it showed, run-live.txt).
if [ "$(id -u)" = 0 ] && [ -x "$build/bin/tst_runCluster" ] && ip netns list >/dev/null 2>&1; then
    CLUSTERWIZ_SCREENSHOT_DIR="$out" xvfb-run -a -s "-screen 0 1280x800x24" \
        "$build/bin/tst_runCluster" >/dev/null || echo "screenshots.sh: the live run panel failed (tst_runCluster)" >&2
else
    echo "screenshots.sh: no live run panel (needs root and the test cluster); recorded lines only" >&2
fi
ls "$out"/*.png
