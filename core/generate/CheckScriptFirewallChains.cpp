// check.sh's firewall awk program, iptables and the chain walk: `iptables -S` read as
// discover/ParseIptables.cpp reads it, and the chains of both packet filters walked as
// discover/PacketFilterEval.cpp walks them (first match wins, jumps return, policies last).
#include "generate/CheckScriptBash.h"

namespace cw {

QString firewallAwkChains()
{
    return QStringLiteral(R"AWK(
# ---- iptables -S (parseIptablesRules) -----------------------------------------------------------
function is_non_terminating(target) {
    return target == "LOG" || target == "NFLOG" || target == "ULOG" || target == "MARK" \
        || target == "CONNMARK" || target == "CT" || target == "TRACE" || target == "AUDIT" \
        || target == "NOTRACK" || target == "CLASSIFY" || target == "DSCP" || target == "TOS" \
        || target == "TCPMSS"
}
# iptablesRule(): the words of "-A CHAIN ..." after the chain are SW[3..n].
function iptables_rule(n,    i, option, arg, negate, negated, used, list, states, k, s) {
    rule_reset()
    negate = 0
    i = 3
    while (i <= n) {
        option = SW[i]
        arg = i < n ? unquote(SW[i + 1]) : ""
        negated = negate
        negate = 0
        used = 2
        if (option == "!") {
            negate = 1
            used = 1
        } else if (option == "-p" || option == "--protocol") {
            if (negated)
                rule_maybe()
            else if (arg != "tcp" && arg != "6" && arg != "all" && arg != "0")
                RULE_MATCH = "N"
        } else if (option == "-s" || option == "--source") {
            if (arg != "0.0.0.0/0")
                rule_maybe()
        } else if (option == "-d" || option == "--destination") {
            if (!negated && substr(arg, 1, 4) == "127.")
                RULE_MATCH = "N"
            else if (arg != "0.0.0.0/0")
                rule_maybe()
        } else if (option == "-i" || option == "--in-interface") {
            if (arg == "lo" && !negated)
                RULE_MATCH = "N" # loopback only: not a peer's traffic
            else if (arg != "lo")
                rule_maybe()
        } else if (option == "--dport" || option == "--destination-port" || option == "--dports" \
                   || option == "--destination-ports" || option == "--ports") {
            list = port_list(arg)
            if (list != "") {
                RULE_ANY = 0
                RULE_NEG = negated
                RULE_PORTS = list
            } else
                rule_maybe()
        } else if (option == "--state" || option == "--ctstate") {
            k = split(arg, states, ",")
            s = 0
            for (; k > 0; k--)
                if (states[k] == "NEW" || states[k] == "UNTRACKED")
                    s = 1
            if (negated)
                rule_maybe()
            else if (!s)
                RULE_MATCH = "N"
        } else if (option == "--dst-type") {
            if (arg != "LOCAL" && !negated)
                RULE_MATCH = "N"
            else if (negated)
                rule_maybe()
        } else if (option == "-m" || option == "--match" || option == "--comment" \
                   || option == "--reject-with" || option == "--log-prefix" || option == "--log-level") {
            # a module name or an option that does not change which packets match
        } else if (option == "-j" || option == "--jump") {
            RULE_TARGET = ""
            if (arg == "ACCEPT")
                RULE_ACT = "accept"
            else if (arg == "DROP")
                RULE_ACT = "drop"
            else if (arg == "REJECT")
                RULE_ACT = "reject"
            else if (arg == "RETURN")
                RULE_ACT = "return"
            else if (is_non_terminating(arg))
                RULE_ACT = "none"
            else if ((arg) in IPT_USER) {
                RULE_ACT = "jump"
                RULE_TARGET = arg
            } else {
                RULE_ACT = "other"
                RULE_TARGET = arg
            }
        } else if (option == "-g" || option == "--goto") {
            RULE_ACT = "goto"
            RULE_TARGET = arg
        } else if (option == "--syn") {
            used = 1 # a new connection starts with SYN
        } else if (option == "--tcp-flags") {
            rule_maybe()
            used = 3
        } else if (option == "-c" || option == "--set-counters") {
            used = 3
        } else if (substr(option, 1, 1) == "-") {
            # Options this reader does not know; the next word is its value unless it is an option.
            rule_maybe()
            used = arg != "" && substr(arg, 1, 1) != "-" && arg != "!" ? 2 : 1
        } else
            used = 1
        i += used
    }
}
function ipt_chain(name,    c) {
    if ((name) in IPT_CHAIN)
        return IPT_CHAIN[name]
    c = chain_add("ipt", 1, name, name == "INPUT", "")
    IPT_CHAIN[name] = c
    return c
}
function read_iptables(sec,    i, n, any, k, c) {
    IPT_FOUND = 1; IPT_READABLE = 1; IPT_ERROR = ""
    FT_N["ipt"] = 0
    FC_N["ipt", 1] = 0
    FT_FAMILY["ipt", 1] = "ip"
    FT_NAME["ipt", 1] = "filter"
    any = 0; k = 0
    for (i = 1; i <= SEC_N[sec]; i++) {
        n = shellish(SEC_LINE[sec, i])
        if (n == 0)
            continue
        if (SW[1] == "-P" && n >= 3) {
            FC_POLICY["ipt", 1, ipt_chain(SW[2])] = tolower(SW[3])
            any = 1
        } else if (SW[1] == "-N" && n >= 2) {
            ipt_chain(SW[2])
            IPT_USER[SW[2]] = 1
            any = 1
        } else if (SW[1] == "-A" && n >= 2) {
            IPT_APPEND[++k] = i
            any = 1
        }
    }
    # Rules are read once every chain is known, so that "-j name" is told from a target.
    for (i = 1; i <= k; i++) {
        n = shellish(SEC_LINE[sec, IPT_APPEND[i]])
        c = ipt_chain(SW[2])
        iptables_rule(n)
        rule_store("ipt", 1, c, trim(SEC_LINE[sec, IPT_APPEND[i]]))
    }
    if (any)
        FT_N["ipt"] = 1
}


# ---- walking nftables or iptables chains as netfilter does for a new IPv4 TCP connection --------
function describe(f, t, c, what) {
    if (f == "ipt")
        return what
    return "table " FT_FAMILY[f, t] " " FT_NAME[f, t] " chain " FC_NAME[f, t, c] ": " what
}
function chain_policy(f, t, c,    policy) {
    policy = FC_POLICY[f, t, c]
    return (policy == "drop" ? "D" : "A") "0" \
        (f == "ipt" ? "-P " FC_NAME[f, t, c] " " toupper(policy) : describe(f, t, c, "policy " policy))
}
function chain_named(f, t, name,    c) {
    for (c = 1; c <= FC_N[f, t]; c++)
        if (FC_NAME[f, t, c] == name)
            return c
    return 0
}
# The verdict of rule R for the port: WALK_ACT and WALK_TARGET; 0 when the rule does not apply.
function rule_verdict(f, t, c, r,    k) {
    if (FR_PV_N[f, t, c, r] > 0) {
        for (k = 1; k <= FR_PV_N[f, t, c, r]; k++) {
            if (spans_contain(FR_PV_SPAN[f, t, c, r, k], PORT)) {
                WALK_ACT = FR_PV_ACT[f, t, c, r, k]
                WALK_TARGET = FR_PV_TARGET[f, t, c, r, k]
                return 1
            }
        }
        return 0
    }
    if (!FR_ANY[f, t, c, r] && spans_contain(FR_PORTS[f, t, c, r], PORT) == FR_NEG[f, t, c, r])
        return 0
    WALK_ACT = FR_ACT[f, t, c, r]
    WALK_TARGET = FR_TARGET[f, t, c, r]
    return 1
}
# First matching verdict wins, jumps return, the base chain's policy decides last.
function walk(f, t, c, from, depth,    r, matched, rest) {
    if (depth > 32)
        return "U0jumps nest deeper than 32 chains: " FC_NAME[f, t, c]
    for (r = from; r <= FR_N[f, t, c]; r++) {
        if (--BUDGET < 0)
            return "U0rule set too complex to evaluate"
        if (FR_MATCH[f, t, c, r] == "N" || !rule_verdict(f, t, c, r) || WALK_ACT == "none")
            continue
        matched = apply(f, t, c, r, WALK_ACT, WALK_TARGET, depth)
        if (FR_MATCH[f, t, c, r] == "A")
            return matched
        # The rule may or may not match: when both ways end alike the answer is certain.
        rest = walk(f, t, c, r + 1, depth)
        if (substr(rest, 1, 1) == substr(matched, 1, 1))
            return rest
        return substr(matched, 1, 1) "1" substr(matched, 3)
    }
    # Falling off a base chain is its policy; off any other chain, back to the caller.
    return FC_HOOK[f, t, c] ? chain_policy(f, t, c) : "C0"
}
function apply(f, t, c, r, act, target, depth,    text, sub_chain, sub_outcome) {
    text = describe(f, t, c, FR_TEXT[f, t, c, r])
    if (act == "accept")
        return "A0" text
    if (act == "drop" || act == "reject")
        return "D0" text
    if (act == "return")
        return FC_HOOK[f, t, c] ? chain_policy(f, t, c) : "C0" text
    if (act == "jump" || act == "goto") {
        sub_chain = chain_named(f, t, target)
        if (!sub_chain)
            return "U0" text
        sub_outcome = walk(f, t, sub_chain, 1, depth + 1)
        if (substr(sub_outcome, 1, 1) != "C")
            return sub_outcome
        # Back from a jump: the next rule; back from a goto: the caller, or the policy.
        if (act == "jump")
            return walk(f, t, c, r + 1, depth)
        return FC_HOOK[f, t, c] ? chain_policy(f, t, c) : sub_outcome
    }
    return "U0" text
}
function filters_input(f,    t, c) {
    for (t = 1; t <= FT_N[f]; t++) {
        if (FT_FAMILY[f, t] != "ip" && FT_FAMILY[f, t] != "inet")
            continue
        for (c = 1; c <= FC_N[f, t]; c++)
            if (FC_HOOK[f, t, c] && (FR_N[f, t, c] > 0 || FC_POLICY[f, t, c] != "accept"))
                return 1
    }
    return 0
}
# packetFilterAllowsPort(): a drop anywhere wins (a certain one first), then an unknown, else the
# packet is accepted.
function filter_allows(f, source,    t, c, n, k, outcome, decision, cond) {
    n = 0
    for (t = 1; t <= FT_N[f]; t++) {
        if (FT_FAMILY[f, t] != "ip" && FT_FAMILY[f, t] != "inet")
            continue # IPv6-only, ARP, bridge and netdev tables do not see this traffic
        for (c = 1; c <= FC_N[f, t]; c++) {
            if (!FC_HOOK[f, t, c])
                continue
            BUDGET = 20000
            outcome = walk(f, t, c, 1, 0)
            decision = substr(outcome, 1, 1)
            FD[++n] = (decision == "A" ? "A" : decision == "D" ? "B" : "U") substr(outcome, 2)
        }
    }
    if (n == 0)
        return "A0" source ": no input rules"
    for (cond = 0; cond <= 1; cond++)
        for (k = 1; k <= n; k++)
            if (substr(FD[k], 1, 2) == "B" cond)
                return FD[k]
    for (k = 1; k <= n; k++)
        if (substr(FD[k], 1, 1) == "U")
            return FD[k]
    for (k = 1; k <= n; k++)
        if (substr(FD[k], 2, 1) == "1")
            return FD[k]
    return FD[1]
}
)AWK");
}

} // namespace cw
