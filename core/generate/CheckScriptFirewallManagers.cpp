// check.sh's firewall awk program, the firewall managers: `ufw status verbose` and `firewall-cmd
// --list-all` read as discover/ParseFirewall.cpp reads them, and judged per port as
// discover/FirewallVerdict.cpp judges them (ufwAllowsPort, firewalldAllowsPort).
#include "generate/CheckScriptBash.h"

namespace cw {

QString firewallAwkManagers()
{
    return QStringLiteral(R"AWK(
# ---- ufw status verbose (parseUfwStatus) --------------------------------------------------------
# valueForKey(): KEY_VALUE is the trimmed value when the line's key is `key` (any case).
function key_is(t, key,    at) {
    at = index(t, ":")
    if (!at || tolower(simplify(substr(t, 1, at - 1))) != key)
        return 0
    KEY_VALUE = trim(substr(t, at + 1))
    return 1
}
# The first " ACTION " of a rule line, as "^(.*?)\s+(ALLOW|DENY|REJECT|LIMIT)" finds it.
function ufw_action(body,    best, k, at, word) {
    best = 0; UFW_WORD = ""
    for (k = 1; k <= 4; k++) {
        word = k == 1 ? "ALLOW" : k == 2 ? "DENY" : k == 3 ? "REJECT" : "LIMIT"
        at = index(body, " " word " ")
        if (at && (!best || at < best)) {
            best = at
            UFW_WORD = word
        }
    }
    return best
}
# readUfwTarget(): the "To" column.
function ufw_target(r, to,    conds, m, n, words, last, spec, list, joined, i) {
    conds = ""
    if (match(to, /[ \t]+on[ \t]+[^ \t]+$/)) {
        m = substr(to, RSTART, RLENGTH)
        sub(/^[ \t]+on[ \t]+/, "", m)
        conds = "on " m
        to = substr(to, 1, RSTART - 1)
    }
    n = split(simplify(to), words, " ")
    if (n == 0)
        return
    last = words[n]
    joined = simplify(to)
    if (last ~ /^[0-9][0-9,:]*(\/(tcp|udp))?$/) {
        spec = last
        sub(/\/.*/, "", spec)
        list = port_list(spec)
        if (list != "") {
            UR_PORTS[r] = list
            UR_KNOWN[r] = 1
        }
        UR_PROTO[r] = index(last, "/") ? substr(last, index(last, "/") + 1) : ""
        n--
        joined = ""
        for (i = 1; i <= n; i++)
            joined = joined (i > 1 ? " " : "") words[i]
    } else if (joined == "OpenSSH") {
        UR_PORTS[r] = "22-22"
        UR_PROTO[r] = "tcp"
        UR_KNOWN[r] = 1
        n = 0
    } else if (n == 1 && (last == "Anywhere" || index(last, ".") || index(last, ":"))) {
        UR_ANY[r] = 1
        UR_KNOWN[r] = 1
        if (last != "Anywhere")
            conds = conds (conds == "" ? "" : ", ") "to " last
        n = 0
    } else {
        n = 0 # an application profile this reader does not know: ports unknown
    }
    if (n > 0 && joined != "Anywhere")
        conds = conds (conds == "" ? "" : ", ") "to " joined
    UR_COND[r] = conds
}
function read_ufw(sec,    i, t, status, in_rules, body, at, to, from, rest, r) {
    UFW_FOUND = 1; status = 0; in_rules = 0
    for (i = 1; i <= SEC_N[sec]; i++) {
        t = trim(SEC_LINE[sec, i])
        if (t == "")
            continue
        if (!in_rules && key_is(t, "status")) {
            status = KEY_VALUE == "active" || KEY_VALUE == "inactive"
            UFW_ACTIVE = KEY_VALUE == "active"
            continue
        }
        if (!in_rules && key_is(t, "default")) {
            if (match(KEY_VALUE, /[A-Za-z0-9_]+[ \t]*\(incoming\)/)) {
                UFW_DEFAULT = substr(KEY_VALUE, RSTART, RLENGTH)
                sub(/[ \t]*\(incoming\)$/, "", UFW_DEFAULT)
                UFW_DEFAULT = tolower(UFW_DEFAULT)
            }
            continue
        }
        if (substr(t, 1, 2) == "--") {
            in_rules = 1
            continue
        }
        if (!in_rules)
            continue
        body = t
        at = index(body, " # ")
        if (at)
            body = substr(body, 1, at - 1)
        gsub(/\(log-all\)/, "", body)
        gsub(/\(log\)/, "", body)
        body = simplify(body)
        at = ufw_action(body)
        if (!at)
            continue
        r = ++UFW_N
        UR_TEXT[r] = t
        UR_ACTION[r] = UFW_WORD
        to = substr(body, 1, at - 1)
        rest = substr(body, at + length(UFW_WORD) + 2)
        UR_DIR[r] = ""
        if (match(rest, /^(IN|OUT|FWD) /)) {
            UR_DIR[r] = substr(rest, 1, RLENGTH - 1)
            rest = substr(rest, RLENGTH + 1)
        }
        from = trim(rest)
        UR_V6[r] = index(to, "(v6)") || index(from, "(v6)")
        gsub(/\(v6\)/, "", to)
        gsub(/\(v6\)/, "", from)
        UR_KNOWN[r] = 0; UR_ANY[r] = 0; UR_PORTS[r] = ""; UR_PROTO[r] = ""
        ufw_target(r, to)
        from = simplify(from)
        if (from != "Anywhere" && from != "")
            UR_COND[r] = UR_COND[r] (UR_COND[r] == "" ? "from " : ", from ") from
    }
    UFW_READABLE = status
}

# ---- firewall-cmd --list-all (parseFirewalldListAll) --------------------------------------------
function read_firewalld(sec,    i, line, t, m, spec, k, n, values, key, rich, span, first) {
    FWD_ZONE = ""; FWD_TARGET = ""; FWD_SERVICES = ""; FWD_PORTS_N = 0; FWD_RICH_N = 0; rich = 0
    for (i = 1; i <= SEC_N[sec]; i++) {
        line = SEC_LINE[sec, i]
        t = trim(line)
        if (t == "")
            continue
        first = substr(line, 1, 1)
        if (FWD_ZONE == "" && !index(t, ":") && first != " " && first != "\t") {
            FWD_ZONE = first_word(t)
            continue
        }
        if (substr(t, 1, 5) == "rule " || (rich && substr(t, 1, 4) == "rule")) {
            k = ++FWD_RICH_N
            FRR_TEXT[k] = t; FRR_KNOWN[k] = 0; FRR_PORTS[k] = ""; FRR_PROTO[k] = ""; FRR_ACTION[k] = ""
            if (match(t, /port[ \t]+port="?[0-9]+(-[0-9]+)?"?[ \t]+protocol="?[A-Za-z0-9_]+/)) {
                m = substr(t, RSTART, RLENGTH)
                sub(/^port[ \t]+port="?/, "", m)
                match(m, /^[0-9]+(-[0-9]+)?/)
                span = port_span(substr(m, 1, RLENGTH))
                if (span != "") {
                    FRR_PORTS[k] = span
                    FRR_KNOWN[k] = 1
                }
                sub(/.*protocol="?/, "", m)
                FRR_PROTO[k] = m
            } else if (match(t, /service[ \t]+name="?ssh/)) {
                FRR_PORTS[k] = "22-22"
                FRR_PROTO[k] = "tcp"
                FRR_KNOWN[k] = 1
            }
            n = shellish(t)
            for (m = 1; m <= n; m++)
                if (SW[m] == "accept" || SW[m] == "reject" || SW[m] == "drop")
                    FRR_ACTION[k] = SW[m]
            FRR_COND[k] = index(t, "source ") || index(t, "destination ") || index(t, " limit ") \
                || index(t, "family=\"ipv6\"")
            continue
        }
        m = index(t, ":")
        if (!m)
            continue
        key = simplify(substr(t, 1, m - 1))
        n = split(simplify(substr(t, m + 1)), values, " ")
        rich = key == "rich rules"
        if (key == "target")
            FWD_TARGET = n ? values[1] : ""
        else if (key == "services")
            FWD_SERVICES = simplify(substr(t, m + 1))
        else if (key == "ports") {
            for (k = 1; k <= n; k++) {
                if (values[k] !~ /^[0-9]+(-[0-9]+)?\/[A-Za-z0-9_]+$/)
                    continue
                spec = values[k]
                sub(/\/.*/, "", spec)
                span = port_span(spec)
                if (span == "")
                    continue
                FWD_PORTS_N++
                FWD_PORT_SPAN[FWD_PORTS_N] = span
                FWD_PORT_PROTO[FWD_PORTS_N] = substr(values[k], index(values[k], "/") + 1)
            }
        }
    }
}


# ---- the verdicts (FirewallVerdict.cpp, PacketFilterEval.cpp) -----------------------------------
# A decision is "V" (A allowed, B blocked, U unknown), "C" (1: it depends on a condition) and the
# rule that decides; an outcome of a chain walk is "K" (A accept, D drop, C continue, U unknown),
# "C" and the rule.

# ufwFrom(): rules that may or may not apply are walked both ways; equal answers are certain.
function ufw_from(from, port,    i, allow, matched, rest) {
    for (i = from; i <= UFW_N; i++) {
        if (UR_V6[i] || UR_DIR[i] == "OUT" || UR_DIR[i] == "FWD" || UR_PROTO[i] == "udp")
            continue
        if (UR_KNOWN[i] && !UR_ANY[i] && !spans_contain(UR_PORTS[i], port))
            continue
        allow = UR_ACTION[i] == "ALLOW" || UR_ACTION[i] == "LIMIT"
        matched = (allow ? "A" : "B") (UR_ACTION[i] == "LIMIT" ? "1" : "0") UR_TEXT[i]
        if (UR_KNOWN[i] && UR_COND[i] == "")
            return matched
        rest = ufw_from(i + 1, port)
        if (substr(rest, 1, 1) == substr(matched, 1, 1))
            return rest
        if (!UR_KNOWN[i])
            return "U0" UR_TEXT[i]
        return substr(matched, 1, 1) "1" UR_TEXT[i]
    }
    if (UFW_DEFAULT == "allow")
        return "A0Default: allow (incoming)"
    if (UFW_DEFAULT == "deny" || UFW_DEFAULT == "reject")
        return "B0Default: " UFW_DEFAULT " (incoming)"
    return "U0no ufw rule for the port and no default listed"
}
function ufw_allows(port) {
    if (!UFW_READABLE)
        return "U0" (UFW_ERROR == "" ? "ufw status unreadable" : UFW_ERROR)
    if (!UFW_ACTIVE)
        return "A0Status: inactive"
    return ufw_from(1, port)
}

function service_port(service) {
    return service == "ssh" ? 22 : service == "http" ? 80 : service == "https" ? 443 \
        : service == "cockpit" ? 9090 : -1
}
function rich_covers(k, port) {
    return FRR_KNOWN[k] && spans_contain(FRR_PORTS[k], port) \
        && (FRR_PROTO[k] == "" || FRR_PROTO[k] == "tcp")
}
function span_text(span,    bounds) {
    split(span, bounds, "-")
    return bounds[1] == bounds[2] ? bounds[1] : bounds[1] "-" bounds[2]
}
function firewalld_allows(port,    k, partly, n, services) {
    if (!FWD_RUNNING)
        return "A0firewalld not running"
    if (FWD_TARGET == "")
        return "U0" (FWD_ERROR == "" ? "firewall-cmd --list-all unreadable" : FWD_ERROR)
    # firewalld checks a zone's deny rich rules before anything it allows.
    for (k = 1; k <= FWD_RICH_N; k++)
        if (!FRR_COND[k] && rich_covers(k, port) && (FRR_ACTION[k] == "reject" || FRR_ACTION[k] == "drop"))
            return "B0" FRR_TEXT[k]
    partly = 0
    for (k = 1; k <= FWD_RICH_N; k++)
        if (FRR_COND[k] && rich_covers(k, port) && FRR_ACTION[k] != "accept")
            partly = 1
    if (FWD_TARGET == "ACCEPT")
        return "A" partly "target: ACCEPT"
    for (k = 1; k <= FWD_PORTS_N; k++)
        if (spans_contain(FWD_PORT_SPAN[k], port) && FWD_PORT_PROTO[k] == "tcp")
            return "A" partly "ports: " span_text(FWD_PORT_SPAN[k]) "/tcp"
    n = split(FWD_SERVICES, services, " ")
    for (k = 1; k <= n; k++)
        if (service_port(services[k]) == port)
            return "A" partly "services: " services[k]
    for (k = 1; k <= FWD_RICH_N; k++)
        if (rich_covers(k, port) && FRR_ACTION[k] == "accept")
            return "A" (FRR_COND[k] || partly ? 1 : 0) FRR_TEXT[k]
    return "B0target: " FWD_TARGET (FWD_ZONE == "" ? "" : " (zone " FWD_ZONE ")")
}
)AWK");
}

} // namespace cw
