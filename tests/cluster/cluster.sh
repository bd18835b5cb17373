#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A simulated cluster of N servers on this machine, for tests that need real SSH.
#
#   cluster.sh up    STATE_DIR COUNT [NET] [--pid-ns] [--containers]
#                                            create servers (NET: first three octets, default 10.231.7)
#   cluster.sh down  STATE_DIR               stop every process of the cluster and remove it
#   cluster.sh exec  STATE_DIR INDEX CMD...  run CMD "on" server INDEX (its network, hostname, mounts)
#   cluster.sh sshd  STATE_DIR INDEX         (re)start server INDEX's sshd
#
# Each server is a network namespace joined to a bridge, with its own address (NET.11, NET.12, ...),
# hostname (server0, server1, ...), /root and /home (private bind mounts), a real OpenSSH sshd with
# its own host key and key-only login for root, and the simulated Ascend tools (npu-smi, hccn_tool)
# on PATH with per-server state in STATE_DIR/sI/hccn.conf. The client key that may log in to every
# server is STATE_DIR/client/id_ed25519. Only addresses inside NET are used.
# With --pid-ns each server also gets its own process table (a PID namespace with sshd as its
# init, /proc remounted), so ps and process scans on a server see only that server's processes,
# as on real machines. There, stopping sshd ends every process of the server, so `cluster.sh sshd`
# (a restart) starts it afresh; tests that keep a job running across an sshd restart need the
# default (shared process table). STATE_DIR/sI/sshd.pid always holds sshd's pid as this host sees it.
# With --containers each server can run real podman containers (runc) as a real host does: in
# its mount namespace (what SSH sessions and `exec` see) it has its own container storage
# (STATE_DIR/sI/containers/ bound over /var/lib/containers, /run/containers, /run/libpod and
# /run/runc), its own /etc/containers with this machine's settings (containers.conf: runc,
# cgroupfs, file events, ulimits within this machine's hard limits; storage.conf: the shared
# read-only image store of tests/support/container-image.sh, $CLUSTERWIZ_TEST_CACHE/store), and
# the cgroup hierarchies mounted again (ip netns exec hides them behind a fresh /sys). `down`
# removes every container of every server first. See TESTING.md, "Containers".
# shellcheck disable=SC2153 # PREFIX, NET, COUNT, ... come from STATE_DIR/cluster.env (load)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fixtures=$(cd "$here/../fixtures" && pwd)

die() { echo "cluster.sh: $*" >&2; exit 1; }

load() {
    state=$1
    [ -f "$state/cluster.env" ] || die "$state is not a cluster state folder"
    # shellcheck source=/dev/null
    . "$state/cluster.env"
}

ns_name() { echo "${PREFIX}s$1"; }
server_ip() { echo "$NET.$((11 + $1))"; }

sshd_pid() { cat "$state/s$1/sshd.pid" 2>/dev/null || true; }

# What every server's sshd starts in, in the server's own mount namespace (sh -c, arguments:
# hostname, server folder, simulated tools, 1 with containers); then `exec sshd ...`.
# shellcheck disable=SC2016 # expanded by that sh
server_mounts='
    set -e
    hostname "$1"
    mount --bind "$2/root" /root
    mount --bind "$2/home" /home
    mount --bind "$3" /usr/local/sbin
    if [ "$4" = 1 ]; then
        c="$2/containers"
        mount --bind "$c/lib" /var/lib/containers
        mount --bind "$c/run" /run/containers
        mount --bind "$c/libpod" /run/libpod
        mount --bind "$c/runc" /run/runc
        mount --bind "$c/etc" /etc/containers
        mount -t tmpfs -o mode=755 cgroup /sys/fs/cgroup
        while read -r target type options; do
            mkdir -p "$target"
            mount -t "$type" -o "$options" "$type" "$target"
        done < "$c/cgroups"
    fi
'

start_sshd() {
    local i=$1 dir="$state/s$1" ns
    ns=$(ns_name "$i")
    mkdir -p /run/sshd
    rm -f "$dir/sshd.pid" "$dir/sshd.nspid"
    [ "${PIDNS:-0}" = 1 ] && { start_sshd_pidns "$i"; return; }
    # ip netns exec gives the server a private mount namespace; unshare --uts its own hostname.
    # shellcheck disable=SC2016 # expanded by that sh
    ip netns exec "$ns" unshare --uts -- sh -c "$server_mounts"'
        exec /usr/sbin/sshd -f "$2/etc/sshd_config" -E "$2/sshd.log"
    ' sh "server$i" "$dir" "$fixtures/ascend" "${CONTAINERS:-0}"
    for _ in $(seq 50); do
        [ -s "$dir/sshd.pid" ] && return 0
        sleep 0.1
    done
    die "sshd of server$i did not start: $(tail -3 "$dir/sshd.log" 2>/dev/null)"
}

# sshd as the init (pid 1, it reaps orphans) of the server's own PID namespace, in the
# foreground (-D: a daemonizing init would end the namespace); it writes its in-namespace pid to
# sshd.nspid, and sshd.pid gets its pid here: unshare's only child.
start_sshd_pidns() {
    local i=$1 dir="$state/s$1" ns upid child=""
    ns=$(ns_name "$i")
    # shellcheck disable=SC2016 # expanded by that sh
    ip netns exec "$ns" unshare --uts --pid --fork --mount-proc -- sh -c "$server_mounts"'
        exec /usr/sbin/sshd -D -f "$2/etc/sshd_config" -E "$2/sshd.log"
    ' sh "server$i" "$dir" "$fixtures/ascend" "${CONTAINERS:-0}" </dev/null >/dev/null 2>&1 &
    upid=$!
    for _ in $(seq 100); do
        if [ -s "$dir/sshd.nspid" ]; then
            child=$(cat "/proc/$upid/task/$upid/children" 2>/dev/null || true)
            [ -n "$child" ] && { echo "${child%% *}" > "$dir/sshd.pid"; return 0; }
        fi
        sleep 0.1
    done
    die "sshd of server$i did not start: $(tail -3 "$dir/sshd.log" 2>/dev/null)"
}

write_server() {
    local i=$1 dir="$state/s$1" ip pidfile=sshd.pid
    ip=$(server_ip "$i")
    [ "${PIDNS:-0}" = 1 ] && pidfile=sshd.nspid
    mkdir -p "$dir/root/.ssh" "$dir/home" "$dir/etc" "$dir/work"
    chmod 700 "$dir/root" "$dir/root/.ssh"
    cp "$state/client/id_ed25519.pub" "$dir/root/.ssh/authorized_keys"
    chmod 600 "$dir/root/.ssh/authorized_keys"
    ssh-keygen -q -t ed25519 -N '' -C "server$i" -f "$dir/etc/ssh_host_ed25519_key" <<< y >/dev/null
    cat > "$dir/etc/sshd_config" <<CFG
Port 22
ListenAddress $ip
HostKey $dir/etc/ssh_host_ed25519_key
PidFile $dir/$pidfile
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
AuthorizedKeysFile .ssh/authorized_keys
Subsystem sftp internal-sftp
MaxStartups 200
MaxSessions 100
ClientAliveInterval 5
SetEnv HCCN_CONF=$dir/hccn.conf CLUSTERWIZ_HCCN_CONF=$dir/hccn.conf CLUSTERWIZ_SYSCTL_D=$dir/sysctl.d HCCN_CLUSTER=$state PYTHONPATH=$fixtures/torch-launcher-fix PYTHONDONTWRITEBYTECODE=1
CFG
    : > "$dir/hccn.conf"
    for d in 0 1 2 3 4 5 6 7; do
        printf 'address_%s=192.168.%s.%s\nnetmask_%s=255.255.255.0\n' \
            "$d" "$((100 + d % 4))" "$((200 + i))" "$d" >> "$dir/hccn.conf"
    done
    [ "${CONTAINERS:-0}" = 1 ] && write_containers "$i"
    return 0
}

# A hard limit of this shell as podman may set it: the machine lacks CAP_SYS_RESOURCE, so a
# container's rlimits may only be lowered (podman's defaults raise them and fail).
hard_limit() {
    local limit
    limit=$(ulimit "-H$1")
    [ "$limit" = unlimited ] && limit=1048576
    echo "$limit"
}

# Server I's container storage, /etc/containers and the cgroup hierarchies to mount again.
write_containers() {
    local i=$1 c="$state/s$1/containers" nofile nproc
    mkdir -p "$c/lib" "$c/run" "$c/libpod" "$c/runc" "$c/etc" "$IMAGE_STORE"
    cp -a /etc/containers/. "$c/etc/"
    nofile=$(hard_limit n)
    nproc=$(hard_limit u)
    # nproc at the hard limit itself was refused here after the first container ("error setting
    # rlimit type 6"), 4096 was not; root is exempt from nproc anyway.
    [ "$nproc" -gt 4096 ] && nproc=4096
    cat > "$c/etc/containers.conf" <<CONF
# This machine's settings for podman in a simulated server (cluster.sh --containers).
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]
log_driver = "k8s-file"

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
    cat > "$c/etc/storage.conf" <<CONF
[storage]
driver = "overlay"
# podman's defaults, which a storage.conf must name; both are this server's own (bind mounts)
graphroot = "/var/lib/containers/storage"
runroot = "/run/containers/storage"

[storage.options]
# tests/support/container-image.sh's images, shared read-only by every server
additionalimagestores = ["$IMAGE_STORE"]
CONF
    findmnt -rn -R -o TARGET,FSTYPE,FS-OPTIONS /sys/fs/cgroup |
        awk '$2 == "cgroup" || $2 == "cgroup2"' > "$c/cgroups"
    [ -s "$c/cgroups" ] || die "no cgroup hierarchy under /sys/fs/cgroup to give the containers"
}

# Runs CMD on server I (its namespaces, as cmd_exec does).
on_server() {
    local i=$1 pid
    shift
    pid=$(sshd_pid "$i")
    [ -n "$pid" ] || return 1
    if [ "${PIDNS:-0}" = 1 ]; then
        nsenter -t "$pid" -n -u -m -p -- "$@"
    else
        nsenter -t "$pid" -n -u -m -- "$@"
    fi
}

cmd_up() {
    local count=$2 net=$3 pidns=$4 containers=$5
    state=$1
    if ! [[ $count =~ ^[0-9]+$ ]] || [ "$count" -lt 1 ] || [ "$count" -gt 128 ]; then
        die "COUNT must be 1-128"
    fi
    [[ $net =~ ^10\.[0-9]{1,3}\.[0-9]{1,3}$ ]] || die "NET must look like 10.X.Y"
    if [ "$containers" = 1 ]; then
        command -v podman >/dev/null || die "--containers needs podman (apt-get install podman runc)"
        # Mount points for the servers' own container storage (each binds its folder there).
        mkdir -p /var/lib/containers /run/containers /run/libpod /run/runc
    fi
    mkdir -p "$state/client"
    state=$(cd "$state" && pwd)
    [ -f "$state/cluster.env" ] && die "$state already holds a cluster; run down first"
    local prefix="cw${net##*.}"
    printf 'PREFIX=%s\nNET=%s\nCOUNT=%s\nBRIDGE=%s\nPIDNS=%s\nCONTAINERS=%s\nIMAGE_STORE=%s\n' \
        "$prefix" "$net" "$count" "${prefix}br" "$pidns" "$containers" \
        "${CLUSTERWIZ_TEST_CACHE:-/var/cache/clusterwiz-tests}/store" > "$state/cluster.env"
    load "$state"
    ssh-keygen -q -t ed25519 -N '' -C clusterwiz-tests -f "$state/client/id_ed25519" <<< y >/dev/null
    : > "$state/client/known_hosts"

    ip link add "$BRIDGE" type bridge
    ip addr add "$NET.1/24" dev "$BRIDGE"
    ip link set "$BRIDGE" up
    local hosts="127.0.0.1 localhost"$'\n'
    for ((i = 0; i < count; i++)); do hosts+="$(server_ip "$i") server$i"$'\n'; done
    for ((i = 0; i < count; i++)); do
        local ns
        ns=$(ns_name "$i")
        ip netns add "$ns"
        ip link add "${PREFIX}v$i" type veth peer name "${PREFIX}p$i"
        ip link set "${PREFIX}p$i" netns "$ns"
        ip link set "${PREFIX}v$i" master "$BRIDGE" up
        ip -n "$ns" link set "${PREFIX}p$i" name eth0
        ip -n "$ns" addr add "$(server_ip "$i")/24" dev eth0
        ip -n "$ns" link set eth0 up
        ip -n "$ns" link set lo up
        mkdir -p "/etc/netns/$ns"
        printf '%s' "$hosts" > "/etc/netns/$ns/hosts"
        write_server "$i"
        start_sshd "$i"
    done
    echo "cluster up: $count servers, $NET.11-$NET.$((10 + count)), state in $state"
}

# Removes every container of every server (side by side), as podman on a real host would.
remove_containers() {
    local i
    for ((i = 0; i < COUNT; i++)); do
        [ -n "$(sshd_pid "$i")" ] || continue
        on_server "$i" timeout 120 podman rm --all --force --time 0 >/dev/null 2>&1 &
    done
    wait || true
}

# The cgroups podman made (cgroupfs: libpod_parent/libpod-ID, libpod_parent/libpod-conmon-ID)
# for the servers' containers, if a container was killed rather than removed: the hierarchies
# are the host's. The container ids come from each server's own storage.
remove_container_cgroups() {
    local i id dir
    for ((i = 0; i < COUNT; i++)); do
        for dir in "$state/s$i/containers/lib/storage/overlay-containers"/*/; do
            [ -d "$dir" ] || continue
            id=$(basename "$dir")
            [[ $id =~ ^[0-9a-f]{64}$ ]] || continue
            find /sys/fs/cgroup/*/libpod_parent -depth -type d \
                \( -name "libpod-$id" -o -name "libpod-conmon-$id" -o -path "*/libpod-$id/*" \) \
                -exec rmdir {} + 2>/dev/null || true
        done
    done
}

cmd_down() {
    state=$1
    [ -f "$state/cluster.env" ] || return 0
    load "$state"
    [ "${CONTAINERS:-0}" = 1 ] && remove_containers
    for ((i = 0; i < COUNT; i++)); do
        local ns pids
        ns=$(ns_name "$i")
        mapfile -t pids < <(ip netns pids "$ns" 2>/dev/null || true)
        if [ "${#pids[@]}" -gt 0 ]; then kill -TERM "${pids[@]}" 2>/dev/null || true; fi
    done
    sleep 0.3
    for ((i = 0; i < COUNT; i++)); do
        local ns pids
        ns=$(ns_name "$i")
        mapfile -t pids < <(ip netns pids "$ns" 2>/dev/null || true)
        if [ "${#pids[@]}" -gt 0 ]; then kill -KILL "${pids[@]}" 2>/dev/null || true; fi
        ip netns del "$ns" 2>/dev/null || true
        ip link del "${PREFIX}v$i" 2>/dev/null || true
        rm -rf "/etc/netns/$ns"
    done
    ip link del "$BRIDGE" 2>/dev/null || true
    [ "${CONTAINERS:-0}" = 1 ] && remove_container_cgroups
    rm -f "$state/cluster.env"
    echo "cluster down: $state"
}

cmd_exec() {
    load "$1"
    local i=$2 pid
    shift 2
    pid=$(sshd_pid "$i")
    [ -n "$pid" ] || die "server$i has no sshd running (its pid file is empty)"
    if [ "${PIDNS:-0}" = 1 ]; then
        exec nsenter -t "$pid" -n -u -m -p -- "$@"
    fi
    exec nsenter -t "$pid" -n -u -m -- "$@"
}

usage_up="usage: cluster.sh up STATE_DIR COUNT [NET] [--pid-ns] [--containers]"
case "${1:-}" in
    up)
        [ $# -ge 3 ] || die "$usage_up"
        up_state=$2 up_count=$3 up_net="" up_pidns=0 up_containers=0
        shift 3
        for option in "$@"; do
            case "$option" in
                --pid-ns) up_pidns=1 ;;
                --containers) up_containers=1 ;;
                -*) die "unknown option $option; $usage_up" ;;
                *) [ -z "$up_net" ] || die "$usage_up"; up_net=$option ;;
            esac
        done
        cmd_up "$up_state" "$up_count" "${up_net:-10.231.7}" "$up_pidns" "$up_containers" ;;
    down) [ $# -eq 2 ] || die "usage: cluster.sh down STATE_DIR"; cmd_down "$2" ;;
    exec) [ $# -ge 4 ] || die "usage: cluster.sh exec STATE_DIR INDEX CMD..."; shift; cmd_exec "$@" ;;
    sshd) [ $# -eq 3 ] || die "usage: cluster.sh sshd STATE_DIR INDEX"; load "$2"; start_sshd "$3" ;;
    *) die "usage: cluster.sh up|down|exec|sshd ..." ;;
esac
