# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash

clusterwiz_check_shm_size() {
    local output status silent kib
    output=$(clusterwiz_fact shm)
    status=$?
    if silent=$(clusterwiz_unanswered "$status"); then
        clusterwiz_warn "df /dev/shm $silent"
        return
    fi
    if [ "$status" = 127 ]; then
        clusterwiz_warn "cannot tell the size of /dev/shm: df not found"
        return
    elif [ "$status" != 0 ]; then
        clusterwiz_warn "cannot tell the size of /dev/shm: $(clusterwiz_output_line "$output")"
        return
    fi
    # POSIX df -P: a header, then "FILESYSTEM 1024-BLOCKS USED AVAILABLE CAPACITY MOUNTED-ON".
    kib=$(printf '%s\n' "$output" | awk 'NF { n++; last = $0 } END {
        if (n == 2 && split(last, f, /[ \t]+/) >= 6 && f[2] ~ /^[0-9]+$/) print f[2] }')
    if [ -z "$kib" ]; then
        clusterwiz_warn "cannot tell the size of /dev/shm: unexpected df output"
    elif [ "$kib" -lt 1048576 ]; then
        clusterwiz_warn "/dev/shm is $((kib / 1024)) MiB, under 1 GiB: DataLoader workers and NCCL/gloo between processes of one server run out of it (\"No space left on device\", bus error); give it more (a container: --shm-size=16g; a host: mount -o remount,size=16G /dev/shm)"
    else
        clusterwiz_ok "/dev/shm is $((kib / 1024)) MiB"
    fi
}

clusterwiz_check_memlock() {
    local output status silent line
    output=$(clusterwiz_fact memlock)
    status=$?
    if silent=$(clusterwiz_unanswered "$status"); then
        clusterwiz_warn "ulimit -l $silent"
        return
    fi
    line=$(clusterwiz_output_line "$output")
    if [ "$status" != 0 ]; then
        clusterwiz_warn "cannot tell the locked-memory limit: $line"
    elif [ "$line" = unlimited ]; then
        clusterwiz_ok "ulimit -l unlimited"
    elif [[ "$line" =~ ^[0-9]+$ ]]; then
        clusterwiz_warn "ulimit -l is $line KiB in a non-interactive login: RDMA (NCCL over InfiniBand or RoCE, HCCL) pins memory and fails or falls back with a small limit; set \"* - memlock unlimited\" in /etc/security/limits.conf (sshd with UsePAM yes)"
    else
        clusterwiz_warn "cannot tell the locked-memory limit: unexpected ulimit -l output"
    fi
}

clusterwiz_check_master_resolves() {
    local output status silent host address
    host=$(clusterwiz_hostname_of "$(clusterwiz_fact hostname)")
    host=${host:-the hostname}
    output=$(clusterwiz_fact host-resolves)
    status=$?
    if silent=$(clusterwiz_unanswered "$status"); then
        clusterwiz_warn "getent $silent"
        return
    fi
    if [ "$status" = 2 ]; then
        clusterwiz_warn "$host does not resolve on the master: a job that looks it up fails; map it to host_ip $HOST_IP in /etc/hosts"
        return
    elif [ "$status" != 0 ]; then
        clusterwiz_warn "cannot tell what $host resolves to: $(clusterwiz_output_line "$output")"
        return
    fi
    # getent ahostsv4: "ADDRESS STREAM NAME"; the first line's address is looked up first.
    address=$(clusterwiz_output_line "$output")
    address=${address%%[[:space:]]*}
    if ! clusterwiz_is_ipv4 "$address"; then
        clusterwiz_warn "cannot tell what $host resolves to: unexpected getent output"
    elif [[ "$address" != 127.* ]]; then
        clusterwiz_ok "$host resolves to $address"
    else
        # torchrun's rendezvous advertises the master by its hostname: failed in launch mode.
        local verdict=clusterwiz_warn
        [ "$LAUNCH_MODE" = launch ] && verdict=clusterwiz_fail
        "$verdict" "$host resolves to $address on the master: the other servers are told that address and cannot reach it (torchrun, pytorch/pytorch#85300); map $host to host_ip $HOST_IP in /etc/hosts"
    fi
}

# A server's clock reading and when it was asked for (this side's clock, 0 when recorded):
# "CLOCK ASKED", or nothing when it was not read.
clusterwiz_clock_of() {
    local output status
    output=$(clusterwiz_peer_fact "$1" clock)
    status=$?
    output=$(clusterwiz_output_line "$output")
    [ "$status" = 0 ] && [[ "$output" =~ ^[0-9]+(\.[0-9]+)?$ ]] && echo "$output ${FACT_ASKED[$1]:-0}"
}

clusterwiz_check_clock_skew() {
    local own j reading off="" unread="" compared=0 verdict
    if ! own=$(clusterwiz_clock_of "$NODE_RANK"); then
        clusterwiz_warn "the master's clock was not read"
        return
    fi
    for ((j = 0; j < NODE_COUNT; j++)); do
        [ "$j" = "$NODE_RANK" ] && continue
        if ! clusterwiz_peer_facts "$j" || ! reading=$(clusterwiz_clock_of "$j"); then
            unread="$unread${unread:+, }${NODE_NAMES[$j]}"
            continue
        fi
        compared=$((compared + 1))
        # Each clock against the moment it was asked for, so the two compare.
        verdict=$(awk -v o="$own" -v r="$reading" -v name="${NODE_NAMES[$j]}" 'BEGIN {
            split(o, a, " "); split(r, b, " ")
            skew = (b[1] - b[2]) - (a[1] - a[2]); ms = int(skew * 1000)
            if (ms > 1000) print name " " ms " ms ahead"
            else if (ms < -1000) print name " " (-ms) " ms behind" }')
        [ -n "$verdict" ] && off="$off${off:+, }$verdict"
    done
    if [ -n "$off" ]; then
        clusterwiz_warn "more than 1 s from the master's clock: $off (log times and diagnose's timeline disagree; run chrony or NTP on every server)"
    elif [ -n "$unread" ]; then
        clusterwiz_warn "within 1 s of the master's clock: $compared servers; not compared: $unread"
    else
        clusterwiz_ok "within 1 s of the master's clock: $compared servers"
    fi
}
