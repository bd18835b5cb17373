#!/bin/bash
# Installs, on Debian 12, every package that building clusterwiz and running all of its tests
# needs, and only the ones that are missing. Run as root on a fresh machine; a second run
# changes nothing. Nothing else has to be installed by hand.
set -euo pipefail

packages=(
    # build
    build-essential cmake ninja-build pkg-config git ca-certificates
    qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev libgl-dev libqt6opengl6-dev
    libssh-dev nlohmann-json3-dev
    # integration tests: real sshd per simulated server, real mpirun, real PyTorch (gloo)
    openssh-server openssh-client iproute2 iptables nftables pdsh
    openmpi-bin libopenmpi-dev python3-torch procps psmisc
    # GUI tests under a virtual display
    xvfb xauth
)

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
