#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The .deb as a user gets it: CPack builds it from this build tree, dpkg -x unpacks it into a
# scratch root, and the installed clusterwiz-cli runs from there: --version, then validate and
# generate on the installed example. The desktop file and the AppStream metadata it ships must
# pass desktop-file-validate and appstreamcli validate.
# Usage: tst_package.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

# Package into the scratch folder so that parallel test runs and the build tree stay untouched.
(cd "$scratch" && cpack --config "$build/CPackConfig.cmake" -B "$scratch/pkg" >cpack.log 2>&1) ||
    { cat "$scratch/cpack.log" >&2; fail "cpack did not build the .deb"; }
deb=$(find "$scratch/pkg" -maxdepth 1 -name 'clusterwiz_*.deb' | head -n 1)
[ -n "$deb" ] || fail "no clusterwiz_*.deb in $scratch/pkg"
echo "built $(basename "$deb") ($(stat -c %s "$deb") bytes)"

# Control data: name, version and the shared-library dependencies dpkg-shlibdeps found.
dpkg-deb -f "$deb" Package | grep -qx clusterwiz || fail "package name is not clusterwiz"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
grep -q 'libqt6core6' <<<"$depends" || fail "Depends lacks Qt 6 Core"
grep -q 'libssh' <<<"$depends" || fail "Depends lacks libssh"

root="$scratch/root"
dpkg -x "$deb" "$root"
cli="$root/usr/bin/clusterwiz-cli"
[ -x "$cli" ] || fail "usr/bin/clusterwiz-cli is not in the package"

version=$("$cli" --version)
echo "installed: $version"
grep -q "$(dpkg-deb -f "$deb" Version | cut -d- -f1)" <<<"$version" ||
    fail "clusterwiz-cli --version ($version) does not match the package version"

example="$root/usr/share/clusterwiz/examples/ascend-2x8.clusterwiz.json"
[ -f "$example" ] || fail "the example project is not installed"
"$cli" validate "$example"
"$cli" generate "$example" -o "$scratch/out"
for file in hostfile env.sh train.sh run.sh check.sh README.txt; do
    [ -s "$scratch/out/$file" ] || fail "generate from the installed example wrote no $file"
done
bash -n "$scratch/out/train.sh" || fail "train.sh from the installed example does not parse"

copyright="$root/usr/share/doc/clusterwiz/copyright"
[ -f "$copyright" ] || fail "the package has no usr/share/doc/clusterwiz/copyright"
grep -qx 'License: GPL-3.0-or-later' "$copyright" || fail "the copyright file names no GPL-3.0-or-later"

desktop="$root/usr/share/applications/org.clusterwiz.clusterwiz.desktop"
metainfo="$root/usr/share/metainfo/org.clusterwiz.clusterwiz.metainfo.xml"
if [ -x "$root/usr/bin/clusterwiz" ]; then
    [ -f "$desktop" ] || fail "the wizard is packaged without its desktop file"
    desktop-file-validate "$desktop"
    appstreamcli validate --no-net --pedantic "$metainfo"
fi
echo "package ok"
