#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The README's first command in a fresh Debian 12 root (docs/benchmarks.md, "The first command
# in a fresh root"), each phase timed apart, then the CLI's build again with other flags. Run as
# root; needs mmdebstrap and Debian's mirror. Writes OUT/log.txt (times) and OUT/ninja_log.NAME.
#   tests/bench/fresh-root.sh ROOT OUT          e.g. /srv/fresh /tmp/fresh
#   tests/bench/fresh-root.sh ROOT OUT --first  only the first command, apt included, timed whole
#                                               (the figure the README's bar is about)
#   tests/bench/fresh-root.sh ROOT OUT --first-gui  the same with --gui (both programs, as on a
#                                               machine with a display)
set -u
root=${1:?usage: fresh-root.sh ROOT OUT [--first | --first-gui]}
out=${2:?usage: fresh-root.sh ROOT OUT [--first | --first-gui]}
first_only=${3:-}
tree=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$out"
log=$out/log.txt
: >"$log"
say() { echo "$(date +%T) $*" | tee -a "$log"; }
TIMEFORMAT='%R s wall, %U s user, %S s sys'
inroot() {
    chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
        bash -c "$1"
}

say "mmdebstrap"
{ time mmdebstrap --variant=apt bookworm "$root" \
    "deb http://deb.debian.org/debian bookworm main" \
    "deb http://deb.debian.org/debian bookworm-updates main" \
    "deb http://deb.debian.org/debian-security bookworm-security main" \
    >"$out/mmdebstrap.log" 2>&1; } 2>>"$log"
git clone -q "$tree" "$root/root/clusterwiz"
for m in proc sys dev dev/pts; do mount --bind "/$m" "$root/$m"; done
trap 'for m in dev/pts dev sys proc; do umount "$root/$m"; done' EXIT

if [ "$first_only" = --first ] || [ "$first_only" = --first-gui ]; then
    flag=
    [ "$first_only" = --first-gui ] && flag=--gui
    say "run-example.sh $flag, apt included"
    { time inroot "cd /root/clusterwiz && ./scripts/run-example.sh $flag" >"$out/run.log" 2>&1; } 2>>"$log"
    cp "$root/root/clusterwiz/build/.ninja_log" "$out/ninja_log.run-example"
    say "exit: the example exported: $(ls "$root/root/clusterwiz/out/ascend-2x8.tar.gz" 2>&1)"
    exit 0
fi

say "install-deps.sh --cli"
{ time inroot 'cd /root/clusterwiz && ./scripts/install-deps.sh --cli' >"$out/apt.log" 2>&1; } 2>>"$log"
say "run-example.sh (apt done)"
{ time inroot 'cd /root/clusterwiz && ./scripts/run-example.sh' >"$out/run.log" 2>&1; } 2>>"$log"
cp "$root/root/clusterwiz/build/.ninja_log" "$out/ninja_log.run-example"

# The CLI's build alone with other flags, in the same root (packages there, no ccache).
variant() {
    say "variant $1: $2"
    { time inroot "cd /root/clusterwiz && cmake -S . -B b-$1 -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCLUSTERWIZ_BUILD_TESTS=OFF -DCLUSTERWIZ_BUILD_GUI=OFF $2 >/dev/null && \
        cmake --build b-$1 -j 2" >"$out/$1.log" 2>&1; } 2>>"$log"
    [ -x "$root/root/clusterwiz/b-$1/bin/clusterwiz-cli" ] || say "variant $1 did not build (see $out/$1.log)"
    cp "$root/root/clusterwiz/b-$1/.ninja_log" "$out/ninja_log.$1" 2>/dev/null
}
variant O2 '-DCMAKE_CXX_FLAGS_RELEASE=-O2\ -DNDEBUG'
variant O1 '-DCMAKE_CXX_FLAGS_RELEASE=-O1\ -DNDEBUG'
variant O1unity '-DCMAKE_CXX_FLAGS_RELEASE=-O1\ -DNDEBUG -DCMAKE_UNITY_BUILD=ON'
say "done"
