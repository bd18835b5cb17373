#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A real Slurm (Debian 12: slurmctld, slurmd, munge) on a simulated cluster made by cluster.sh.
#
#   slurm.sh up   STATE_DIR [CPUS]   start it: munged on every server (one key), slurmctld on
#                                    server0, one slurmd per server (NodeName = its hostname)
#   slurm.sh down STATE_DIR          stop every daemon it started, by the pids in their pid files,
#                                    and remove STATE_DIR/slurm (so `up` may run again)
#
# Everything lives in STATE_DIR/slurm: slurm.conf, the munge key, the controller's state, each
# node's spool, pid and log files. In each server's mount namespace (what SSH sessions and
# `cluster.sh exec` see) STATE_DIR/slurm/etc is bound over /etc/slurm and STATE_DIR/sI/munge over
# /run/munge, so the Slurm commands there find their configuration and munge socket at Debian's
# default paths, as on a real site; STATE_DIR/slurm/etc/hosts over /etc/hosts names every node. Each node has CPUS CPUs (default 1: one task fills a node).
# Settings tried here (TESTING.md, "Slurm"): SlurmUser=root, proctrack/linuxproc, task/none,
# select/cons_tres; no accounting storage: finished jobs are in jobcomp/filetxt's file.
# shellcheck disable=SC2153 # PREFIX, NET, COUNT come from STATE_DIR/cluster.env (load)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cluster="$here/cluster.sh"

die() { echo "slurm.sh: $*" >&2; exit 1; }

load() {
    state=$1
    [ -f "$state/cluster.env" ] || die "$state is not a cluster state folder"
    # shellcheck source=/dev/null
    . "$state/cluster.env"
    slurm="$state/slurm"
}

on() { local i=$1; shift; "$cluster" exec "$state" "$i" "$@"; }

wait_file() {
    for _ in $(seq 100); do
        [ -s "$1" ] && return 0
        sleep 0.1
    done
    return 1
}

write_conf() {
    local cpus=$1 i
    mkdir -p "$slurm/etc" "$slurm/ctld"
    for ((i = 0; i < COUNT; ++i)); do
        mkdir -p "$slurm/spool/server$i"
    done
    {
        echo "# made by tests/cluster/slurm.sh"
        echo "ClusterName=clusterwiz"
        echo "SlurmctldHost=server0($NET.11)"
        echo "SlurmUser=root"
        echo "SlurmdUser=root"
        echo "AuthType=auth/munge"
        echo "CredType=cred/munge"
        echo "ProctrackType=proctrack/linuxproc"
        echo "TaskPlugin=task/none"
        echo "SelectType=select/cons_tres"
        echo "SelectTypeParameters=CR_CPU"
        echo "SchedulerType=sched/backfill"
        echo "SlurmdParameters=config_overrides"
        echo "ReturnToService=2"
        echo "MpiDefault=none"
        echo "SlurmctldPort=6817"
        echo "SlurmdPort=6818"
        echo "StateSaveLocation=$slurm/ctld"
        echo "SlurmdSpoolDir=$slurm/spool/%n"
        echo "SlurmctldPidFile=$slurm/slurmctld.pid"
        echo "SlurmdPidFile=$slurm/slurmd.%n.pid"
        echo "SlurmctldLogFile=$slurm/slurmctld.log"
        echo "SlurmdLogFile=$slurm/slurmd.%n.log"
        echo "JobCompType=jobcomp/filetxt"
        echo "JobCompLoc=$slurm/jobcomp.txt"
        echo "SlurmctldTimeout=30"
        echo "SlurmdTimeout=30"
        echo "InactiveLimit=0"
        echo "KillWait=5"
        for ((i = 0; i < COUNT; ++i)); do
            echo "NodeName=server$i NodeAddr=$NET.$((11 + i)) CPUs=$cpus RealMemory=1000 State=UNKNOWN"
        done
        echo "PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP"
    } > "$slurm/etc/slurm.conf"
    # The node names resolve on every node, as a site's DNS makes them (the exported script's
    # master is `scontrol show hostnames | head -n 1`).
    {
        cat /etc/hosts
        for ((i = 0; i < COUNT; ++i)); do
            echo "$NET.$((11 + i)) server$i"
        done
    } > "$slurm/etc/hosts"
}

start_munged() {
    local i=$1 dir="$state/s$1/munge"
    mkdir -p "$dir"
    cp "$slurm/munge.key" "$dir/munge.key"
    chown -R munge:munge "$dir"
    chmod 755 "$dir"
    chmod 400 "$dir/munge.key"
    # munged runs as the munge user; it must reach its folder through the state folder.
    chmod 755 "$state" "$state/s$i"
    # shellcheck disable=SC2016 # expanded by that sh
    on "$i" sh -c '
        set -e
        mount --bind "$1" /run/munge
        mount --bind "$2" /etc/slurm
        mount --bind "$2/hosts" /etc/hosts
        # ip netns exec hides the cgroup hierarchies behind a fresh /sys; slurmd needs them.
        if [ -e "$3.v2" ] && ! mountpoint -q /sys/fs/cgroup; then
            mount -t cgroup2 cgroup2 /sys/fs/cgroup
        elif ! mountpoint -q /sys/fs/cgroup; then
            mount -t tmpfs -o mode=755 cgroup /sys/fs/cgroup
            while read -r target type options; do
                mkdir -p "$target"
                mount -t "$type" -o "$options" "$type" "$target"
            done < "$3"
        fi
        exec setpriv --reuid=munge --regid=munge --init-groups -- /usr/sbin/munged \
            --key-file=/run/munge/munge.key --pid-file=/run/munge/munged.pid \
            --log-file=/run/munge/munged.log --seed-file=/run/munge/munged.seed \
            --socket=/run/munge/munge.socket.2
    ' sh "$dir" "$slurm/etc" "$slurm/cgroups"
    wait_file "$dir/munged.pid" || die "munged of server$i did not start: $(tail -3 "$dir/munged.log" 2>/dev/null)"
}

cmd_up() {
    local cpus=${2:-1} i
    load "$1"
    if ! [[ $cpus =~ ^[0-9]+$ ]] || [ "$cpus" -lt 1 ]; then
        die "CPUS must be a positive number"
    fi
    command -v slurmctld >/dev/null || die "needs slurmctld, slurmd, slurm-client, munge (scripts/install-deps.sh)"
    mkdir -p /run/munge
    [ -d "$slurm" ] && die "$slurm exists: Slurm is already up on this cluster"
    mkdir -p "$slurm"
    write_conf "$cpus"
    # This machine's cgroup mounts (target type options), mounted again on every server.
    if grep -q ' /sys/fs/cgroup cgroup2 ' /proc/self/mounts; then
        : > "$slurm/cgroups.v2"
    fi
    awk '$3 == "cgroup" || ($3 == "cgroup2" && $2 != "/sys/fs/cgroup") { print $2, $3, $4 }' \
        /proc/self/mounts > "$slurm/cgroups"
    dd if=/dev/urandom of="$slurm/munge.key" bs=1024 count=1 status=none
    chmod 400 "$slurm/munge.key"
    for ((i = 0; i < COUNT; ++i)); do
        start_munged "$i"
    done
    on 0 /usr/sbin/slurmctld -i
    wait_file "$slurm/slurmctld.pid" || die "slurmctld did not start: $(tail -5 "$slurm/slurmctld.log" 2>/dev/null)"
    for ((i = 0; i < COUNT; ++i)); do
        on "$i" /usr/sbin/slurmd -N "server$i"
        wait_file "$slurm/slurmd.server$i.pid" ||
            die "slurmd of server$i did not start: $(tail -5 "$slurm/slurmd.server$i.log" 2>/dev/null)"
    done
    # Up when every node is idle.
    for _ in $(seq 150); do
        if [ "$(on 0 sinfo -h -N -t idle -o %N 2>/dev/null | sort -u | wc -l)" -eq "$COUNT" ]; then
            return 0
        fi
        sleep 0.2
    done
    die "not every node became idle: $(on 0 sinfo -N 2>&1 | tail -5)"
}

# Sends SIGTERM to the daemon whose pid (as server INDEX sees it) is in FILE.
term_pid() {
    local pid
    pid=$(cat "$2" 2>/dev/null || true)
    if [[ $pid =~ ^[0-9]+$ ]]; then
        on "$1" kill -TERM "$pid" 2>/dev/null || true
    fi
}

# Waits until that daemon is gone (SIGKILL after 10 s) and removes its pid file.
wait_pid() {
    local i=$1 file=$2 pid
    pid=$(cat "$file" 2>/dev/null || true)
    [[ $pid =~ ^[0-9]+$ ]] || return 0
    for _ in $(seq 100); do
        on "$i" kill -0 "$pid" 2>/dev/null || { rm -f "$file"; return 0; }
        sleep 0.1
    done
    on "$i" kill -KILL "$pid" 2>/dev/null || true
    rm -f "$file"
}

cmd_down() {
    local i
    load "$1"
    [ -d "$slurm" ] || return 0
    # Jobs first (their steps run under the slurmds), then the nodes, the controller, munge.
    if [ -s "$slurm/slurmctld.pid" ]; then
        on 0 scancel --full --quiet --user=root 2>/dev/null || true
    fi
    for ((i = 0; i < COUNT; ++i)); do
        term_pid "$i" "$slurm/slurmd.server$i.pid"
    done
    for ((i = 0; i < COUNT; ++i)); do
        wait_pid "$i" "$slurm/slurmd.server$i.pid"
    done
    term_pid 0 "$slurm/slurmctld.pid"
    wait_pid 0 "$slurm/slurmctld.pid"
    for ((i = 0; i < COUNT; ++i)); do
        term_pid "$i" "$state/s$i/munge/munged.pid"
    done
    for ((i = 0; i < COUNT; ++i)); do
        wait_pid "$i" "$state/s$i/munge/munged.pid"
        # Unbind what up bound (the cgroup hierarchies stay), so Slurm can come up again.
        on "$i" umount /etc/hosts /etc/slurm /run/munge 2>/dev/null || true
    done
    rm -rf "$slurm"
}

case "${1:-}" in
    up)
        if [ $# -lt 2 ] || [ $# -gt 3 ]; then die "usage: slurm.sh up STATE_DIR [CPUS]"; fi
        shift
        cmd_up "$@"
        ;;
    down) [ $# -eq 2 ] || die "usage: slurm.sh down STATE_DIR"; cmd_down "$2" ;;
    *) die "usage: slurm.sh up|down STATE_DIR" ;;
esac
