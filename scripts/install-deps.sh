#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs, on Debian 12, the packages clusterwiz needs, and only the ones that are missing.
#   install-deps.sh            everything: building the programs and running every test
#   install-deps.sh --programs only what building clusterwiz and clusterwiz-cli needs
#                              (scripts/run-example.sh on a machine with a display)
#   install-deps.sh --cli      only what building clusterwiz-cli needs (run-example.sh without
#                              a display, where the wizard could not be opened)
# Run as root on a fresh machine; a second run changes nothing. Nothing else has to be installed
# by hand.
set -euo pipefail

cli=(
    build-essential cmake ninja-build pkg-config ca-certificates
    qt6-base-dev libssh-dev nlohmann-json3-dev
    # the programs talk SSH through libssh; a user still needs the client to make keys
    openssh-client
)
programs=(
    "${cli[@]}"
    qt6-charts-dev qt6-svg-dev libgl-dev libqt6opengl6-dev
    # Qt Linguist: the wizard's translations are built from ui/translations/*.ts
    qt6-tools-dev qt6-l10n-tools
    # Qt's own strings (dialog buttons) in the wizard's languages
    qt6-translations-l10n
)
tests=(
    git
    # CI's format check (scripts/check-format.sh)
    clang-format
    # scripts/fuzz.sh: clang++ and its libFuzzer (compiler-rt comes with it)
    clang
    # integration tests: real sshd per simulated server, real mpirun, real PyTorch (gloo)
    openssh-server iproute2 iptables nftables pdsh
    openmpi-bin libopenmpi-dev python3-torch procps psmisc
    # the Slurm cluster tests (tests/cluster/slurm.sh): a real Slurm 22.05 on the simulated
    # servers, slurmctld on one, a slurmd per server, munge for their credentials
    slurmctld slurmd slurm-client munge
    # container tests (cluster.sh --containers): real podman containers on the simulated servers,
    # with runc (crun fails on this kind of machine's hybrid cgroups); their image is made
    # offline from Debian packages by mmdebstrap (tests/support/container-image.sh)
    podman runc mmdebstrap
    # the scale benchmark (scripts/bench.sh scale) times the client's CPU with /usr/bin/time
    time
    # the export tests read the generated Kubernetes manifests with a real YAML parser
    python3-yaml
    # check.sh's firewall verdict is an awk program: tst_firewallDifferential runs it under gawk
    # (RHEL's, openEuler's awk) and busybox awk beside Debian's mawk
    gawk busybox
    # the programs that run on servers (resources/server/), linted by tests/lint
    shellcheck python3-pyflakes
    # GUI tests under a virtual display; a CJK font for the zh_CN screenshots
    xvfb xauth fonts-wqy-microhei
    # tests/gui/screenshots.sh: whole-screen captures (import) of the wizard driven with real X
    # key and mouse events (xdotool)
    imagemagick xdotool
    # the package test (tests/package): the .deb's dependencies, desktop file and metadata
    dpkg-dev file desktop-file-utils appstream
)

case "${1:-}" in
--cli) packages=("${cli[@]}") ;;
--programs) packages=("${programs[@]}") ;;
"") packages=("${programs[@]}" "${tests[@]}") ;;
*)
    echo "usage: install-deps.sh [--programs | --cli]" >&2
    exit 64
    ;;
esac

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$package" 2>/dev/null || true)
    [[ $status == ii* ]] || missing+=("$package")
done

if ((${#missing[@]} == 0)); then
    echo "install-deps: all ${#packages[@]} packages already installed"
    exit 0
fi

if [[ $(id -u) -ne 0 ]]; then
    echo "install-deps: missing packages: ${missing[*]}" >&2
    echo "install-deps: run this script as root (or with sudo) to install them" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "install-deps: installing ${missing[*]}"
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
