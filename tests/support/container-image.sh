#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The container image the container tests run on simulated servers (tests/cluster/cluster.sh up
# ... --containers): Debian 12 with what a job needs inside a container (sshd, PyTorch with gloo,
# mpirun), made offline from Debian packages, since no registry is reachable where tests run.
#
#   container-image.sh          make the image once, print its name (localhost/clusterwiz-test:TAG)
#   container-image.sh --tar    the same, and print the path of the image's tar instead
#
# Made once and kept outside the checkout in $CLUSTERWIZ_TEST_CACHE (default
# /var/cache/clusterwiz-tests): image-TAG.tar (mmdebstrap's output) and store/, a podman image
# store with the tar imported. Every simulated server lists that store as a read-only additional
# image store (cluster.sh's storage.conf), so N servers share one copy instead of importing a GB
# each. TAG is a hash of the package list and this recipe: change either and a new image is made.
# A second call finds both and returns at once. Calls side by side wait on one lock.
#
# Packages come from the host's Debian mirror (/etc/apt/sources.list.d/debian.sources, or
# $CLUSTERWIZ_TEST_MIRROR); the host's /var/cache/apt/archives is hard-linked in first, so debs the
# host already downloaded are not fetched again.
set -euo pipefail

cache=${CLUSTERWIZ_TEST_CACHE:-/var/cache/clusterwiz-tests}
# sshd for the job's SSH port; python3-torch (gloo) and openmpi-bin for the jobs; the tools the
# server programs (resources/server/) use: ip/ss, ps, pkill, ping, awk.
packages=openssh-server,openssh-client,python3,python3-torch,openmpi-bin,iproute2,procps,psmisc,iputils-ping,mawk
recipe=1 # bump when the way the image is made changes
# The test servers' fix for Debian's torchrun (TESTING.md, "PyTorch"), loaded by every python3
# in the image through a .pth file, as the servers load it through PYTHONPATH.
torch_fix=$(cd "$(dirname "${BASH_SOURCE[0]}")/../fixtures/torch-launcher-fix" && pwd)/sitecustomize.py
tag=$( (printf '%s\n' "$packages" "$recipe"; cat "$torch_fix") | sha256sum | cut -c1-12)
image=localhost/clusterwiz-test:$tag
tar=$cache/image-$tag.tar
store=$cache/store

die() { echo "container-image.sh: $*" >&2; exit 1; }

# podman on this host for the shared store only: its own root, run root and temporary folder,
# file events (no journald here), so nothing of the host's own podman state is touched.
store_podman() {
    CONTAINERS_CONF=$cache/store.conf podman --root "$store" --runroot "$cache/store-run" \
        --storage-driver overlay "$@"
}

make_tar() {
    local mirror=${CLUSTERWIZ_TEST_MIRROR:-}
    if [ -z "$mirror" ]; then
        if [ -f /etc/apt/sources.list.d/debian.sources ]; then
            mirror=/etc/apt/sources.list.d/debian.sources
        else
            mirror=http://deb.debian.org/debian
        fi
    fi
    command -v mmdebstrap >/dev/null || die "mmdebstrap is not installed (apt-get install mmdebstrap)"
    local start=$SECONDS site=/usr/lib/python3/dist-packages part=$cache/part-$tag.tar
    rm -f "$part"
    # The host's downloaded debs are hard-linked into the chroot's archive (same file system as
    # TMPDIR when both are on /), copied otherwise; apt takes the ones whose version matches.
    # They and apt's lists are removed again before the tar is written.
    # shellcheck disable=SC2016 # the hooks' $1 is mmdebstrap's chroot, expanded by its shell
    TMPDIR=$cache mmdebstrap --variant=apt --format=tar --include="$packages" \
        --skip=essential/unlink \
        --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
        --dpkgopt='path-exclude=/usr/share/locale/*' \
        --setup-hook='mkdir -p "$1/var/cache/apt/archives"' \
        --setup-hook='for d in /var/cache/apt/archives/*.deb; do [ -f "$d" ] || continue; ln "$d" "$1/var/cache/apt/archives/" 2>/dev/null || cp "$d" "$1/var/cache/apt/archives/"; done' \
        --customize-hook='rm -f "$1"/var/cache/apt/archives/*.deb "$1"/var/lib/apt/lists/*_*' \
        --customize-hook='rm -f "$1"/etc/ssh/ssh_host_*' \
        --customize-hook="cp '$torch_fix' \"\$1$site/clusterwiz_torch_fix.py\"" \
        --customize-hook="echo import clusterwiz_torch_fix > \"\$1$site/clusterwiz-torch-fix.pth\"" \
        bookworm "$part" "$mirror" >&2
    mv "$part" "$tar"
    echo "container-image.sh: made $tar ($(du -h "$tar" | cut -f1)) in $((SECONDS - start)) s" >&2
}

import_tar() {
    local start=$SECONDS
    store_podman import "$tar" "$image" >/dev/null
    echo "container-image.sh: imported $image into $store in $((SECONDS - start)) s" >&2
}

case "${1:-}" in
"" | --tar) ;;
*) die "usage: container-image.sh [--tar]" ;;
esac
command -v podman >/dev/null || die "podman is not installed (apt-get install podman runc)"
mkdir -p "$cache"
exec 9> "$cache/lock"
flock 9
cat > "$cache/store.conf" <<CONF
[engine]
events_logger = "file"
tmp_dir = "$cache/store-tmp"
CONF
[ -f "$tar" ] || make_tar
if ! store_podman image exists "$image" 2>/dev/null; then
    import_tar
fi
if [ "${1:-}" = --tar ]; then echo "$tar"; else echo "$image"; fi
