# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2016 # bash -c '...$0/$1': the inner bash expands them

# The other servers answer on their SSH port at the address the job uses between servers.
clusterwiz_check_ssh() {
    local j
    if [ "$NODE_COUNT" -lt 2 ]; then
        clusterwiz_skip "no other server in the plan"
        return
    fi
    for ((j = 0; j < NODE_COUNT; j++)); do
        [ "$j" = "$NODE_RANK" ] && continue
        if clusterwiz_limit 5 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "${NODE_IPS[$j]}" "${NODE_SSH_PORTS[$j]}" 2>/dev/null; then
            clusterwiz_ok "${NODE_NAMES[$j]}: ${NODE_IPS[$j]}:${NODE_SSH_PORTS[$j]} accepts connections"
        else
            clusterwiz_fail "${NODE_NAMES[$j]}: ${NODE_IPS[$j]}:${NODE_SSH_PORTS[$j]} does not accept connections within 5 s (server down, sshd elsewhere, or a firewall)"
        fi
    done
}

# "PORT PROCESSES" for every TCP listener of the port-owners fact, as discovery reads `ss -tulnp`:
# an optional Netid column, a state (LISTEN, UNCONN, ESTAB), the local address:port in the
# fourth column after the state; PROCESSES the names in users:(("name",...)), comma separated.
clusterwiz_tcp_listeners() {
    printf '%s\n' "$1" | awk '
        { sub(/\r$/, "") }
        NF == 0 || $1 == "Netid" || $1 == "State" { next }
        {
            at = 1; proto = ""
            if ($1 == "tcp" || $1 == "udp") { proto = $1; at = 2 }
            if (NF < at + 4 || ($at != "LISTEN" && $at != "UNCONN" && $at != "ESTAB")) next
            if (proto == "") proto = ($at == "UNCONN") ? "udp" : "tcp"
            local = $(at + 3); n = split(local, part, ":"); port = part[n]
            if (proto != "tcp" || port !~ /^[0-9]+$/) next
            who = ""; rest = ""
            for (i = at + 5; i <= NF; i++) rest = rest " " $i
            while (match(rest, /\("[^"]*"/)) {
                name = substr(rest, RSTART + 2, RLENGTH - 3)
                if (index("," who ",", "," name ",") == 0) who = who (who == "" ? "" : ",") name
                rest = substr(rest, RSTART + RLENGTH)
            }
            print port + 0, who
        }'
}

# ss could not tell who listens: the port checks say so rather than call a port free.
clusterwiz_port_owners() {
    local status
    PORT_OWNERS=$(clusterwiz_fact ss)
    status=$?
    [ "$status" = 0 ] && return 0
    if [ "$status" = 127 ]; then
        PORT_OWNERS_ERROR=$TEXT_SS_NOT_FOUND
    else
        PORT_OWNERS_ERROR=$(clusterwiz_text "$TEXT_SS_FAILED" "$(clusterwiz_output_line "$PORT_OWNERS")")
    fi
    return 1
}

clusterwiz_check_master_port_free() {
    local holder
    if ! clusterwiz_port_owners; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_MASTER_PORT_UNKNOWN" "$MASTER_PORT" "$PORT_OWNERS_ERROR")"
        return
    fi
    holder=$(clusterwiz_tcp_listeners "$PORT_OWNERS" | awk -v p="$MASTER_PORT" '$1 == p { print $2 "."; exit }')
    if [ -z "$holder" ]; then
        clusterwiz_ok "$(clusterwiz_text "$TEXT_PORT_FREE" "$MASTER_PORT")"
        return
    fi
    holder=${holder%.}
    if [ -n "$holder" ]; then
        holder=$(clusterwiz_text "$TEXT_PORT_IN_USE_BY" "$MASTER_PORT" "${holder//,/, }")
    else
        holder=$(clusterwiz_text "$TEXT_PORT_IN_USE" "$MASTER_PORT")
    fi
    clusterwiz_fail "$(clusterwiz_text "$TEXT_MASTER_PORT_USED" "$holder")"
}

# An earlier job's ranks may still hold ports HCCL hands out: worth a warning, since HCCL may
# pick other ports of the range.
clusterwiz_check_hccl_ports_free() {
    local -a busy=()
    local holder
    if ! clusterwiz_port_owners; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_HCCL_FREE_UNKNOWN" "$HCCL_PORT_FIRST" "$HCCL_PORT_LAST" "$PORT_OWNERS_ERROR")"
        return
    fi
    while IFS= read -r holder; do
        busy+=("$holder")
    done < <(clusterwiz_tcp_listeners "$PORT_OWNERS" | awk -v lo="$HCCL_PORT_FIRST" -v hi="$HCCL_PORT_LAST" '
        $1 >= lo && $1 <= hi { w = $2; gsub(/,/, ", ", w); t = $1 (w == "" ? "" : " (" w ")"); if (!seen[t]++) print t }')
    if [ "${#busy[@]}" -gt 0 ]; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_HCCL_IN_USE" "$(clusterwiz_join_reasons "${busy[@]}")")"
    else
        clusterwiz_ok "$(clusterwiz_text "$TEXT_HCCL_FREE" "$(clusterwiz_span_text "$HCCL_PORT_FIRST" "$HCCL_PORT_LAST")")"
    fi
}

# The reserved-ports fact: the kernel's ip_local_reserved_ports (a comma separated list of
# ranges, maybe empty) and ip_local_port_range. The HCCL ports inside the ephemeral range must
# all be reserved (CANN's HCCL_IF_BASE_PORT reference: sysctl -w
# net.ipv4.ip_local_reserved_ports=60000-60031), or a connection can take one first.
clusterwiz_check_hccl_ports_reserved() {
    local output status verdict hccl
    hccl=$(clusterwiz_span_text "$HCCL_PORT_FIRST" "$HCCL_PORT_LAST")
    output=$(clusterwiz_fact reserved-ports)
    status=$?
    if [ "$status" != 0 ]; then
        [ "$status" = 127 ] && output="cat not found"
        clusterwiz_warn "$(clusterwiz_text "$TEXT_RESERVED_UNREAD" "$hccl" "$(clusterwiz_output_line "$output")")"
        return
    fi
    verdict=$(printf '%s\n' "$output" | awk -v lo="$HCCL_PORT_FIRST" -v hi="$HCCL_PORT_LAST" '
        { sub(/\r$/, ""); line[++n] = $0 }
        function text(a, b) { return a == b ? a : a "-" b }
        END {
            range = line[n]; list = (n >= 2) ? line[1] : ""
            gsub(/^[ \t]+|[ \t]+$/, "", list)
            if (n > 2 || split(range, r, /[ \t]+/) != 2 || r[1] !~ /^[0-9]+$/ || r[2] !~ /^[0-9]+$/) { print "unread"; exit }
            count = (list == "") ? 0 : split(list, spans, ",")
            for (i = 1; i <= count; i++) {
                s = spans[i]; gsub(/[ \t]/, "", s)
                if (s !~ /^[0-9]+(-[0-9]+)?$/) { print "unread"; exit }
                low[i] = s; sub(/-.*/, "", low[i]); high[i] = s; sub(/.*-/, "", high[i])
            }
            first = (lo > r[1]) ? lo : r[1]; last = (hi < r[2]) ? hi : r[2]
            open = ""; start = -1
            for (p = first; p <= last + 1; p++) {
                free = 0
                if (p <= last) { free = 1; for (i = 1; i <= count; i++) if (p >= low[i] + 0 && p <= high[i] + 0) { free = 0; break } }
                if (free && start < 0) start = p
                if (!free && start >= 0) { open = open (open == "" ? "" : ",") text(start, p - 1); start = -1 }
            }
            outside = (hi < r[1] || lo > r[2]) ? "outside" : "inside"
            printf "%s\t%s\t%s\t%s\n", (open == "" ? "-" : open), text(r[1], r[2]), (list == "" ? "-" : list), outside
        }')
    if [ "$verdict" = unread ]; then
        output=$(clusterwiz_output_line "$output")
        clusterwiz_warn "$(clusterwiz_text "$TEXT_RESERVED_UNREAD" "$hccl" "unrecognised output: ${output:-(empty)}")"
        return
    fi
    local open ephemeral list outside
    IFS=$'\t' read -r open ephemeral list outside <<< "$verdict"
    [ "$list" = - ] && list=$TEXT_RESERVED_NONE
    if [ "$open" != - ]; then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_RESERVED_OPEN" "$open" "$ephemeral" "$list")"
    elif [ "$outside" = outside ]; then
        clusterwiz_ok "$(clusterwiz_text "$TEXT_RESERVED_OUTSIDE" "$hccl" "$ephemeral")"
    else
        clusterwiz_ok "$(clusterwiz_text "$TEXT_RESERVED_OK" "$hccl" "$list")"
    fi
}

# Nothing listens on master_port before the job, so a refusal is the expected answer: it came
# back through every firewall on the way, unless one rejects the port (that looks the same;
# clusterwiz-cli check puts a listener there to tell). No answer at all is a firewall dropping it.
clusterwiz_check_master_port_reachable() {
    local target="$MASTER_ADDR:$MASTER_PORT" output status
    output=$(clusterwiz_limit "$PORT_CONNECT_TIMEOUT_S" bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$MASTER_ADDR" "$MASTER_PORT" 2>&1)
    status=$?
    if [ "$status" = 0 ]; then
        clusterwiz_ok "$(clusterwiz_text "$TEXT_REACH_CONNECTED" "$target")"
    elif [ "$status" = 124 ]; then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_REACH_NO_ANSWER" "$target" "$PORT_CONNECT_TIMEOUT_S")"
    elif [[ "$output" == *refused* ]]; then
        clusterwiz_ok "$target answers (refused: nothing listens there yet)"
    else
        clusterwiz_fail "$(clusterwiz_text "$TEXT_REACH_FAILED" "$target" "$(clusterwiz_last_line "$output")")"
    fi
}

# mpirun logs in from the master to every other server with ssh, without a password and with
# known host keys: try the same, never answering a prompt.
clusterwiz_check_peer_login() {
    local j output
    if ! clusterwiz_have ssh; then
        clusterwiz_fail "ssh not found; mpirun needs it to start the other servers"
        return
    fi
    for ((j = 0; j < NODE_COUNT; j++)); do
        [ "$j" = "$NODE_RANK" ] && continue
        if output=$(clusterwiz_limit 20 ssh -o BatchMode=yes -o ConnectTimeout=10 -p "${NODE_SSH_PORTS[$j]}" "${NODE_IPS[$j]}" true 2>&1 </dev/null); then
            clusterwiz_ok "${NODE_NAMES[$j]}: password-free login to ${NODE_IPS[$j]} works"
        else
            clusterwiz_fail "${NODE_NAMES[$j]}: $SERVER_NAME cannot log in to ${NODE_IPS[$j]} without a password (mpirun and a restarting run's supervisor need it): $(clusterwiz_last_line "$output")"
        fi
    done
}

# The name mpirun's ssh looks up: the address, or [address]:port off port 22.
clusterwiz_check_known_hosts() {
    local j name
    if ! clusterwiz_have ssh-keygen; then
        clusterwiz_warn "ssh-keygen not found; cannot read ~/.ssh/known_hosts"
        return
    fi
    for ((j = 0; j < NODE_COUNT; j++)); do
        [ "$j" = "$NODE_RANK" ] && continue
        name=${NODE_IPS[$j]}
        [ "${NODE_SSH_PORTS[$j]}" = 22 ] || name="[$name]:${NODE_SSH_PORTS[$j]}"
        if ssh-keygen -F "$name" -f "$HOME/.ssh/known_hosts" 2>/dev/null | grep -q '^[^#]'; then
            clusterwiz_ok "${NODE_NAMES[$j]}: ~/.ssh/known_hosts has $name"
        else
            clusterwiz_fail "${NODE_NAMES[$j]}: no entry for $name in ~/.ssh/known_hosts (mpirun's ssh refuses an unknown host)"
        fi
    done
}
