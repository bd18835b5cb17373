// check.sh's checks between servers: the other servers' SSH ports, the master port and the HCCL
// ports (free, and master_port reachable from here), and for mpirun the master's password-free
// logins and known_hosts. Who listens where comes from FACT_SS, the port-owners command that
// discovery and the launch run too (checklist/FactCommands.h).
#include "generate/CheckScriptBash.h"

namespace cw {

QString checkNetworkFunctions()
{
    return QStringLiteral(R"BASH(
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

# "PORT PROCESS" for every TCP listener (PROCESS "-" when ss may not show it), from the port
# owners' columns: Netid State Recv-Q Send-Q Local:Port Peer:Port users:(("name",pid=...)).
clusterwiz_tcp_listeners() {
    clusterwiz_limit 10 "${FACT_SS[@]}" 2>/dev/null | awk '$1 == "tcp" {
        n = split($5, a, ":"); who = "-"
        if (NF >= 7 && match($7, /"[^"]*"/)) who = substr($7, RSTART + 1, RLENGTH - 2)
        print a[n], who }'
}

clusterwiz_check_master_port_free() {
    local holder
    if ! clusterwiz_have "${FACT_SS[0]}"; then
        clusterwiz_warn "${FACT_SS[0]} not found; cannot tell whether port $MASTER_PORT is free"
        return
    fi
    holder=$(clusterwiz_tcp_listeners | awk -v p="$MASTER_PORT" '$1 == p { print $2; exit }')
    if [ -z "$holder" ]; then
        clusterwiz_ok "port $MASTER_PORT is free"
        return
    fi
    [ "$holder" = - ] && holder=""
    clusterwiz_fail "port $MASTER_PORT is in use${holder:+ by $holder} (another job? stop it or choose another master_port)"
}

clusterwiz_check_hccl_ports_free() {
    local busy
    if ! clusterwiz_have "${FACT_SS[0]}"; then
        clusterwiz_warn "${FACT_SS[0]} not found; cannot tell whether $HCCL_PORT_FIRST-$HCCL_PORT_LAST are free"
        return
    fi
    busy=$(clusterwiz_tcp_listeners | sort -un | awk -v lo="$HCCL_PORT_FIRST" -v hi="$HCCL_PORT_LAST" '$1 >= lo && $1 <= hi {
        printf "%s%s%s", sep, $1, ($2 == "-" ? "" : " (" $2 ")"); sep = "; " }')
    if [ -n "$busy" ]; then
        clusterwiz_warn "in use: $busy (is a previous job still running?)"
    else
        clusterwiz_ok "$HCCL_PORT_FIRST-$HCCL_PORT_LAST free"
    fi
}

# Nothing listens on master_port before the job, so a refusal is the expected answer: it came
# back through every firewall on the way, unless one rejects the port (that looks the same;
# clusterwiz-cli check puts a listener there to tell). No answer at all is a firewall dropping it.
clusterwiz_check_master_port_reachable() {
    local target="$MASTER_ADDR:$MASTER_PORT" output status
    output=$(clusterwiz_limit 3 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$MASTER_ADDR" "$MASTER_PORT" 2>&1)
    status=$?
    if [ "$status" = 0 ]; then
        clusterwiz_ok "connected to $target"
    elif [ "$status" = 124 ]; then
        clusterwiz_fail "no answer from $target within 3 s: a firewall drops it"
    elif [[ "$output" == *refused* ]]; then
        clusterwiz_ok "$target answers (refused: nothing listens there yet)"
    else
        clusterwiz_fail "cannot connect to $target: $(clusterwiz_last_line "$output")"
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
)BASH");
}

} // namespace cw
