#include "generate/CheckScriptParts.h"

namespace cw {

// Ports and firewalls in check.sh. A port "spec" is what the firewalls write: N, N-M or N:M.
// A rule that drops a port the job needs is a FAIL; a default-deny policy without a rule that
// accepts the port is a WARN, since the rules may accept it in a way the check cannot read.
QString checkPortFunctions()
{
    return QStringLiteral(R"BASH(
# The ports this server must accept for the job, as parallel arrays.
NEED_FIRST=()
NEED_LAST=()
NEED_WHAT=()
clusterwiz_need_port() { NEED_FIRST+=("$1"); NEED_LAST+=("$2"); NEED_WHAT+=("$3"); }
clusterwiz_port_text() {
    if [ "${NEED_FIRST[$1]}" = "${NEED_LAST[$1]}" ]; then
        echo "tcp ${NEED_FIRST[$1]} (${NEED_WHAT[$1]})"
    else
        echo "tcp ${NEED_FIRST[$1]}-${NEED_LAST[$1]} (${NEED_WHAT[$1]})"
    fi
}

# clusterwiz_spec_matches covers|overlaps FIRST LAST SPEC
clusterwiz_spec_matches() {
    local spec=${4%%/*} low high
    low=${spec%%[-:]*}
    high=${spec##*[-:]}
    [[ "$low" =~ ^[0-9]+$ && "$high" =~ ^[0-9]+$ ]] || return 1
    if [ "$1" = covers ]; then
        [ "$low" -le "$2" ] && [ "$high" -ge "$3" ]
    else
        [ "$low" -le "$3" ] && [ "$high" -ge "$2" ]
    fi
}

# The port specs a rule names after "dport"/"dports" ("dport { 22, 80-90 }", "--dports 22,80:90").
clusterwiz_rule_specs() {
    local word
    for word in $(printf '%s\n' "$1" | sed -n 's/.*dports\{0,1\}[[:space:]]*//p' | tr '{},' '   '); do
        [[ "$word" =~ ^[0-9]+([-:][0-9]+)?$ ]] || break
        echo "$word"
    done
}

# Sets NEED_MATCHED[i]=1 for every needed port that one of the specs covers (or overlaps).
clusterwiz_match_specs() {
    local how=$1 specs=$2 i spec
    for ((i = 0; i < ${#NEED_FIRST[@]}; i++)); do
        for spec in $specs; do
            if clusterwiz_spec_matches "$how" "${NEED_FIRST[$i]}" "${NEED_LAST[$i]}" "$spec"; then
                NEED_MATCHED[i]=1
            fi
        done
    done
}

# Lists the needed ports whose NEED_MATCHED flag is (or is not) set, for a message.
clusterwiz_list_ports() {
    local want=$1 i text=""
    for ((i = 0; i < ${#NEED_FIRST[@]}; i++)); do
        [ "${NEED_MATCHED[$i]:-0}" = "$want" ] && text="$text${text:+, }$(clusterwiz_port_text "$i")"
    done
    echo "$text"
}

clusterwiz_listening_ports() {
    ss -tuln 2>/dev/null | awk 'NR > 1 { n = split($5, a, ":"); print a[n] }' | sort -un
}

clusterwiz_check_master_port() {
    local holder
    if ! clusterwiz_have ss; then
        clusterwiz_warn "master port" "ss not found; cannot tell whether port $MASTER_PORT is free"
        return
    fi
    if clusterwiz_listening_ports | grep -qx "$MASTER_PORT"; then
        holder=$(ss -tulnp 2>/dev/null | awk -v p="$MASTER_PORT" 'NR > 1 { n = split($5, a, ":"); if (a[n] == p) { print $NF; exit } }')
        clusterwiz_fail "master port" "port $MASTER_PORT is in use on the master${holder:+ by $holder}; stop what listens there or change launch.master_port"
    else
        clusterwiz_ok "master port" "port $MASTER_PORT is free"
    fi
}

clusterwiz_check_hccl_ports() {
    local busy
    if ! clusterwiz_have ss; then
        clusterwiz_warn "hccl ports" "ss not found; cannot tell whether $HCCL_PORT_FIRST-$HCCL_PORT_LAST are free"
        return
    fi
    busy=$(clusterwiz_listening_ports | awk -v lo="$HCCL_PORT_FIRST" -v hi="$HCCL_PORT_LAST" '$1 >= lo && $1 <= hi { printf "%s%s", sep, $1; sep = " " }')
    if [ -n "$busy" ]; then
        clusterwiz_warn "hccl ports" "in use: $busy (is a previous job still running?)"
    else
        clusterwiz_ok "hccl ports" "$HCCL_PORT_FIRST-$HCCL_PORT_LAST free"
    fi
}

clusterwiz_check_ufw() {
    local output default rule_to denied="" allowed=""
    if ! clusterwiz_have ufw; then clusterwiz_ok "firewall ufw" "not installed"; return; fi
    if ! output=$(clusterwiz_limit 30 ufw status verbose 2>&1); then
        clusterwiz_warn "firewall ufw" "cannot read its state (run as root): $(clusterwiz_last_line "$output")"
        return
    fi
    case "$output" in
        *"Status: inactive"*) clusterwiz_ok "firewall ufw" "inactive"; return ;;
        *"Status: active"*) ;;
        *) clusterwiz_warn "firewall ufw" "unrecognised output: $(printf '%s\n' "$output" | head -n 1)"; return ;;
    esac
    default=$(printf '%s\n' "$output" | sed -n 's/^Default:[[:space:]]*\([a-z]*\) (incoming).*/\1/p')
    while read -r rule_to; do
        [ "$rule_to" = OpenSSH ] && rule_to=22
        allowed="$allowed $(printf '%s\n' "$rule_to" | tr ',' ' ')"
    done < <(printf '%s\n' "$output" | awk '/ ALLOW/ && !/\(v6\)/ { print $1 }')
    while read -r rule_to; do
        denied="$denied $(printf '%s\n' "$rule_to" | tr ',' ' ')"
    done < <(printf '%s\n' "$output" | awk '/ (DENY|REJECT)/ && !/\(v6\)/ { print $1 }')
    NEED_MATCHED=()
    clusterwiz_match_specs overlaps "$denied"
    if [ -n "$(clusterwiz_list_ports 1)" ]; then
        clusterwiz_fail "firewall ufw" "active; rules deny $(clusterwiz_list_ports 1)"
        return
    fi
    NEED_MATCHED=()
    clusterwiz_match_specs covers "$allowed"
    if [ "$default" = allow ] || [ -z "$(clusterwiz_list_ports 0)" ]; then
        clusterwiz_ok "firewall ufw" "active, default ${default:-unknown} incoming; the job's ports are allowed"
    else
        clusterwiz_fail "firewall ufw" "active, default ${default:-unknown} incoming; not allowed: $(clusterwiz_list_ports 0) (fix: ufw allow PORT/tcp)"
    fi
}

clusterwiz_check_firewalld() {
    local state specs
    if ! clusterwiz_have firewall-cmd; then clusterwiz_ok "firewall firewalld" "not installed"; return; fi
    state=$(clusterwiz_limit 30 firewall-cmd --state 2>&1)
    case "$state" in
        running) ;;
        *"not running"*) clusterwiz_ok "firewall firewalld" "not running"; return ;;
        *) clusterwiz_warn "firewall firewalld" "cannot read its state: $(clusterwiz_last_line "$state")"; return ;;
    esac
    specs="$(clusterwiz_limit 30 firewall-cmd --list-ports 2>/dev/null)"
    case " $(clusterwiz_limit 30 firewall-cmd --list-services 2>/dev/null) " in
        *" ssh "*) specs="$specs 22" ;;
    esac
    NEED_MATCHED=()
    clusterwiz_match_specs covers "$specs"
    if [ -z "$(clusterwiz_list_ports 0)" ]; then
        clusterwiz_ok "firewall firewalld" "running; the job's ports are open"
    else
        clusterwiz_fail "firewall firewalld" "running; not open: $(clusterwiz_list_ports 0) (fix: firewall-cmd --add-port=PORT/tcp)"
    fi
}

# Shared by nftables and iptables: RULES holds one rule per line, POLICY_DROP is 1 when the
# input chain drops by default. BLOCK_LINES/ACCEPT_LINES are the rules that name ports.
clusterwiz_judge_rules() {
    local name=$1 count=$2 policy_drop=$3 block_lines=$4 accept_lines=$5 line blocked
    NEED_MATCHED=()
    while IFS= read -r line; do
        [ -n "$line" ] && clusterwiz_match_specs overlaps "$(clusterwiz_rule_specs "$line")"
    done <<< "$block_lines"
    blocked=$(clusterwiz_list_ports 1)
    if [ -n "$blocked" ]; then
        clusterwiz_fail "$name" "$count rules; a rule drops $blocked"
        return
    fi
    NEED_MATCHED=()
    while IFS= read -r line; do
        [ -n "$line" ] && clusterwiz_match_specs covers "$(clusterwiz_rule_specs "$line")"
    done <<< "$accept_lines"
    if [ "$policy_drop" = 1 ] && [ -n "$(clusterwiz_list_ports 0)" ]; then
        clusterwiz_warn "$name" "$count rules, input policy drop; no rule accepts $(clusterwiz_list_ports 0)"
    else
        clusterwiz_ok "$name" "$count rules; none drops the job's ports"
    fi
}

clusterwiz_check_nftables() {
    local output summary
    if ! clusterwiz_have nft; then clusterwiz_ok "firewall nftables" "not installed"; return; fi
    if ! output=$(clusterwiz_limit 30 nft list ruleset 2>&1); then
        clusterwiz_warn "firewall nftables" "cannot read the ruleset (run as root): $(clusterwiz_last_line "$output")"
        return
    fi
    summary=$(printf '%s\n' "$output" | awk '
        /hook input/ && /policy drop/ { drop = 1 }
        /hook/ { next }
        /(^|[ \t])(accept|drop|reject|jump|goto|return|masquerade|snat|dnat|redirect|queue|counter)([ \t;]|$)/ { rules++ }
        END { print rules + 0, drop + 0 }')
    clusterwiz_judge_rules "firewall nftables" "${summary% *}" "${summary#* }" \
        "$(printf '%s\n' "$output" | grep -E 'dports? ' | grep -vE 'dports? !=' | grep -E '(^|[[:space:]])(drop|reject)([[:space:];]|$)')" \
        "$(printf '%s\n' "$output" | grep -E 'dports? ' | grep -vE 'dports? !=' | grep -E '(^|[[:space:]])accept([[:space:];]|$)')"
}

clusterwiz_check_iptables() {
    local output count policy_drop=0
    if ! clusterwiz_have iptables; then clusterwiz_ok "firewall iptables" "not installed"; return; fi
    if ! output=$(clusterwiz_limit 30 iptables -S INPUT 2>&1); then
        clusterwiz_warn "firewall iptables" "cannot read the INPUT chain (run as root): $(clusterwiz_last_line "$output")"
        return
    fi
    count=$(printf '%s\n' "$output" | grep -c '^-A ')
    printf '%s\n' "$output" | grep -qE '^-P INPUT (DROP|REJECT)' && policy_drop=1
    clusterwiz_judge_rules "firewall iptables" "$count" "$policy_drop" \
        "$(printf '%s\n' "$output" | grep -E '^-A .*--dports? ' | grep -vE '! --dports? ' | grep -E -- '-j (DROP|REJECT)')" \
        "$(printf '%s\n' "$output" | grep -E '^-A .*--dports? ' | grep -vE '! --dports? ' | grep -E -- '-j ACCEPT')"
}

clusterwiz_check_firewalls() {
    clusterwiz_need_port "${NODE_SSH_PORTS[$NODE_RANK]}" "${NODE_SSH_PORTS[$NODE_RANK]}" "SSH"
    [ "$NODE_RANK" = 0 ] && clusterwiz_need_port "$MASTER_PORT" "$MASTER_PORT" "master_port"
    [ "$ACCELERATOR" = ascend910 ] && clusterwiz_need_port "$HCCL_PORT_FIRST" "$HCCL_PORT_LAST" "HCCL"
    clusterwiz_check_ufw
    clusterwiz_check_firewalld
    clusterwiz_check_nftables
    clusterwiz_check_iptables
}
)BASH");
}

} // namespace cw
