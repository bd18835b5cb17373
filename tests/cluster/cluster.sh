#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A simulated cluster of N servers on this machine, for tests that need real SSH.
#
#   cluster.sh up    STATE_DIR COUNT [NET] [--pid-ns]
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

start_sshd() {
    local i=$1 dir="$state/s$1" ns
    ns=$(ns_name "$i")
    mkdir -p /run/sshd
    rm -f "$dir/sshd.pid" "$dir/sshd.nspid"
    [ "${PIDNS:-0}" = 1 ] && { start_sshd_pidns "$i"; return; }
    # ip netns exec gives the server a private mount namespace; unshare --uts its own hostname.
    ip netns exec "$ns" unshare --uts -- sh -c '
        set -e
        hostname "$1"
        mount --bind "$2/root" /root
        mount --bind "$2/home" /home
        mount --bind "$3" /usr/local/sbin
        exec /usr/sbin/sshd -f "$2/etc/sshd_config" -E "$2/sshd.log"
    ' sh "server$i" "$dir" "$fixtures/ascend"
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
    ip netns exec "$ns" unshare --uts --pid --fork --mount-proc -- sh -c '
        set -e
        hostname "$1"
        mount --bind "$2/root" /root
        mount --bind "$2/home" /home
        mount --bind "$3" /usr/local/sbin
        exec /usr/sbin/sshd -D -f "$2/etc/sshd_config" -E "$2/sshd.log"
    ' sh "server$i" "$dir" "$fixtures/ascend" </dev/null >/dev/null 2>&1 &
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
}

cmd_up() {
    local count=$2 net=${3:-10.231.7} pidns=${4:-}
    state=$1
    [[ $count =~ ^[0-9]+$ ]] && [ "$count" -ge 1 ] && [ "$count" -le 128 ] || die "COUNT must be 1-128"
    [ -z "$pidns" ] || [ "$pidns" = --pid-ns ] || die "unknown option $pidns (only --pid-ns)"
    [[ $net =~ ^10\.[0-9]{1,3}\.[0-9]{1,3}$ ]] || die "NET must look like 10.X.Y"
    mkdir -p "$state/client"
    state=$(cd "$state" && pwd)
    [ -f "$state/cluster.env" ] && die "$state already holds a cluster; run down first"
    local prefix="cw${net##*.}"
    printf 'PREFIX=%s\nNET=%s\nCOUNT=%s\nBRIDGE=%s\nPIDNS=%s\n' "$prefix" "$net" "$count" \
        "${prefix}br" "$([ -n "$pidns" ] && echo 1 || echo 0)" > "$state/cluster.env"
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

cmd_down() {
    state=$1
    [ -f "$state/cluster.env" ] || return 0
    load "$state"
    for ((i = 0; i < COUNT; i++)); do
        local ns pids
        ns=$(ns_name "$i")
        pids=$(ip netns pids "$ns" 2>/dev/null || true)
        [ -n "$pids" ] && kill -TERM $pids 2>/dev/null || true
    done
    sleep 0.3
    for ((i = 0; i < COUNT; i++)); do
        local ns pids
        ns=$(ns_name "$i")
        pids=$(ip netns pids "$ns" 2>/dev/null || true)
        [ -n "$pids" ] && kill -KILL $pids 2>/dev/null || true
        ip netns del "$ns" 2>/dev/null || true
        ip link del "${PREFIX}v$i" 2>/dev/null || true
        rm -rf "/etc/netns/$ns"
    done
    ip link del "$BRIDGE" 2>/dev/null || true
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

case "${1:-}" in
    up)
        [ $# -ge 3 ] && [ $# -le 5 ] || die "usage: cluster.sh up STATE_DIR COUNT [NET] [--pid-ns]"
        if [ "${4:-}" = --pid-ns ]; then cmd_up "$2" "$3" 10.231.7 --pid-ns; else cmd_up "$2" "$3" ${4:+"$4"} ${5:+"$5"}; fi ;;
    down) [ $# -eq 2 ] || die "usage: cluster.sh down STATE_DIR"; cmd_down "$2" ;;
    exec) [ $# -ge 4 ] || die "usage: cluster.sh exec STATE_DIR INDEX CMD..."; shift; cmd_exec "$@" ;;
    sshd) [ $# -eq 3 ] || die "usage: cluster.sh sshd STATE_DIR INDEX"; load "$2"; start_sshd "$3" ;;
    *) die "usage: cluster.sh up|down|exec|sshd ..." ;;
esac
