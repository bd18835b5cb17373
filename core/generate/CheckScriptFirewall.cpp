// check.sh's firewall-ports: the ports of clusterwiz_required_ports (the check table's required
// ports) against ufw, firewalld, nftables and iptables, each read from its fact
// (clusterwiz_fact: the command discovery runs). A port "spec" is what the firewalls write: N, N-M
// or N:M. A rule that drops a port the job needs is a FAIL; a default-deny policy without a rule
// that accepts the port is a WARN, since the rules may accept it in a way the check cannot read.
#include "generate/CheckScriptBash.h"

namespace cw {

QString checkFirewallFunctions()
{
    return QStringLiteral(R"BASH(
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

clusterwiz_check_ufw() {
    local output status default rule_to denied="" allowed=""
    output=$(clusterwiz_fact ufw)
    status=$?
    case "$status" in
        0) ;;
        127 | 125) clusterwiz_ok "ufw not installed"; return ;;
        *) clusterwiz_warn "ufw: cannot read its state (run as root): $(clusterwiz_last_line "$output")"; return ;;
    esac
    case "$output" in
        *"Status: inactive"*) clusterwiz_ok "ufw inactive"; return ;;
        *"Status: active"*) ;;
        *) clusterwiz_warn "ufw: unrecognised output: $(printf '%s\n' "$output" | head -n 1)"; return ;;
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
        clusterwiz_fail "ufw active; rules deny $(clusterwiz_list_ports 1)"
        return
    fi
    NEED_MATCHED=()
    clusterwiz_match_specs covers "$allowed"
    if [ "$default" = allow ] || [ -z "$(clusterwiz_list_ports 0)" ]; then
        clusterwiz_ok "ufw active, default ${default:-unknown} incoming; the job's ports are allowed"
    else
        clusterwiz_fail "ufw active, default ${default:-unknown} incoming; not allowed: $(clusterwiz_list_ports 0) (fix: ufw allow PORT/tcp)"
    fi
}

# firewall-cmd --list-all: the default zone, with "ports: 8080/tcp ..." and "services: ssh ...".
clusterwiz_check_firewalld() {
    local state status listing specs services
    state=$(clusterwiz_fact firewalld-state)
    status=$?
    case "$status:$state" in
        0:running) ;;
        127:* | 125:*) clusterwiz_ok "firewalld not installed"; return ;;
        252:* | *"not running"*) clusterwiz_ok "firewalld not running"; return ;;
        *) clusterwiz_warn "firewalld: cannot read its state: $(clusterwiz_last_line "$state")"; return ;;
    esac
    listing=$(clusterwiz_fact firewalld | tr -d '\r')
    specs=$(printf '%s\n' "$listing" | sed -n 's/^[[:space:]]*ports:[[:space:]]*//p' | head -n 1)
    services=$(printf '%s\n' "$listing" | sed -n 's/^[[:space:]]*services:[[:space:]]*//p' | head -n 1)
    case " $services " in
        *" ssh "*) specs="$specs 22" ;;
    esac
    NEED_MATCHED=()
    clusterwiz_match_specs covers "$specs"
    if [ -z "$(clusterwiz_list_ports 0)" ]; then
        clusterwiz_ok "firewalld running; the job's ports are open"
    else
        clusterwiz_fail "firewalld running; not open: $(clusterwiz_list_ports 0) (fix: firewall-cmd --add-port=PORT/tcp)"
    fi
}

# Shared by nftables and iptables: COUNT rules, POLICY_DROP is 1 when the input chain drops by
# default. BLOCK_LINES/ACCEPT_LINES are the rules that name ports.
clusterwiz_judge_rules() {
    local name=$1 count=$2 policy_drop=$3 block_lines=$4 accept_lines=$5 line blocked
    NEED_MATCHED=()
    while IFS= read -r line; do
        [ -n "$line" ] && clusterwiz_match_specs overlaps "$(clusterwiz_rule_specs "$line")"
    done <<< "$block_lines"
    blocked=$(clusterwiz_list_ports 1)
    if [ -n "$blocked" ]; then
        clusterwiz_fail "$name: $count rules; a rule drops $blocked"
        return
    fi
    NEED_MATCHED=()
    while IFS= read -r line; do
        [ -n "$line" ] && clusterwiz_match_specs covers "$(clusterwiz_rule_specs "$line")"
    done <<< "$accept_lines"
    if [ "$policy_drop" = 1 ] && [ -n "$(clusterwiz_list_ports 0)" ]; then
        clusterwiz_warn "$name: $count rules, input policy drop; no rule accepts $(clusterwiz_list_ports 0)"
    else
        clusterwiz_ok "$name: $count rules; none drops the job's ports"
    fi
}

clusterwiz_check_nftables() {
    local output status summary
    output=$(clusterwiz_fact nft)
    status=$?
    case "$status" in
        0) ;;
        127 | 125) clusterwiz_ok "nftables not installed"; return ;;
        *) clusterwiz_warn "nftables: cannot read the ruleset (run as root): $(clusterwiz_last_line "$output")"; return ;;
    esac
    summary=$(printf '%s\n' "$output" | awk '
        /hook input/ && /policy drop/ { drop = 1 }
        /hook/ { next }
        /(^|[ \t])(accept|drop|reject|jump|goto|return|masquerade|snat|dnat|redirect|queue|counter)([ \t;]|$)/ { rules++ }
        END { print rules + 0, drop + 0 }')
    clusterwiz_judge_rules nftables "${summary% *}" "${summary#* }" \
        "$(printf '%s\n' "$output" | grep -E 'dports? ' | grep -vE 'dports? !=' | grep -E '(^|[[:space:]])(drop|reject)([[:space:];]|$)')" \
        "$(printf '%s\n' "$output" | grep -E 'dports? ' | grep -vE 'dports? !=' | grep -E '(^|[[:space:]])accept([[:space:];]|$)')"
}

# iptables -S lists every chain; only the INPUT chain's rules and policy count here.
clusterwiz_check_iptables() {
    local output status count policy_drop=0
    output=$(clusterwiz_fact iptables)
    status=$?
    case "$status" in
        0) ;;
        127 | 125) clusterwiz_ok "iptables not installed"; return ;;
        *) clusterwiz_warn "iptables: cannot read the rules (run as root): $(clusterwiz_last_line "$output")"; return ;;
    esac
    count=$(printf '%s\n' "$output" | grep -c '^-A INPUT ')
    printf '%s\n' "$output" | grep -qE '^-P INPUT (DROP|REJECT)' && policy_drop=1
    clusterwiz_judge_rules iptables "$count" "$policy_drop" \
        "$(printf '%s\n' "$output" | grep -E '^-A INPUT .*--dports? ' | grep -vE '! --dports? ' | grep -E -- '-j (DROP|REJECT)')" \
        "$(printf '%s\n' "$output" | grep -E '^-A INPUT .*--dports? ' | grep -vE '! --dports? ' | grep -E -- '-j ACCEPT')"
}

clusterwiz_check_firewall_ports() {
    clusterwiz_check_ufw
    clusterwiz_check_firewalld
    clusterwiz_check_nftables
    clusterwiz_check_iptables
}
)BASH");
}

} // namespace cw
