// check.sh's firewall-ports: the same verdict as the C++ one (checks/CheckNetwork.cpp
// checkFirewallPorts over discover/FirewallFacts.h), line for line, in one awk program: this file
// holds the bash function that feeds it the facts and the ports, the program's input and text
// helpers, and the whole-firewall verdict; CheckScriptFirewallManagers.cpp reads and judges ufw and
// firewalld, CheckScriptFirewallNft.cpp reads nftables, CheckScriptFirewallChains.cpp reads
// iptables and walks the chains. tst_checkDifferential (the whole check.sh, the recorded rule
// sets) and tst_firewallDifferential (the program alone under mawk, gawk and busybox awk, over
// the rule sets cut, turned round and layered) hold both to the same line.
#include "generate/CheckScriptBash.h"

namespace cw {
namespace {

// The input, text and port helpers, and the facts of each tool (FactReaders.cpp readFirewall).
QString awkHead()
{
    return QStringLiteral(R"AWK(
# The firewall facts, read as discovery reads them (core/discover/FactReaders.cpp readFirewall and
# the parsers of ParseFirewall.cpp, ParseNftables.cpp, NftRule.cpp, ParseIptables.cpp), into the
# model of FirewallFacts.h. Input: probe sections ("@@clusterwiz-probe NAME rc=N@@", then the
# output) of ufw, firewalld-state, firewalld, nft and iptables, and "need" (FIRST LAST WHY per
# line: the ports to judge). POSIX awk: no gawk extensions, so that mawk and busybox run it too.
/^@@clusterwiz-probe [^ ]+ rc=-?[0-9]+@@$/ {
    SEC = $2
    SEC_RC[SEC] = substr($3, 4, length($3) - 5) + 0
    SEC_N[SEC] = 0
    next
}
SEC != "" { SEC_LINE[SEC, ++SEC_N[SEC]] = $0 }

# ---- text helpers (ProbeText.cpp) ---------------------------------------------------------------
function trim(s) {
    sub(/^[ \t\r\n\f\v]+/, "", s)
    sub(/[ \t\r\n\f\v]+$/, "", s)
    return s
}
function simplify(s) {
    s = trim(s)
    gsub(/[ \t\r\n\f\v]+/, " ", s)
    return s
}
function unquote(w) {
    if (length(w) >= 2 && substr(w, 1, 1) == "\"" && substr(w, length(w), 1) == "\"")
        return substr(w, 2, length(w) - 2)
    return w
}
# firstLineOf(): the first non-blank line, trimmed, at most 160 characters, controls as "?".
function first_line(sec,    i, t) {
    for (i = 1; i <= SEC_N[sec]; i++) {
        t = trim(SEC_LINE[sec, i])
        if (t == "")
            continue
        t = substr(t, 1, 160)
        gsub(/[\001-\037\177]/, "?", t)
        return t
    }
    return ""
}
function unrecognised(sec,    t) {
    t = first_line(sec)
    return "unrecognised output: " (t == "" ? "(empty)" : t)
}
# The part before the first space (QString::section(' ', 0, 0)).
function first_word(s,    at) {
    at = index(s, " ")
    return at ? substr(s, 1, at - 1) : s
}
# shellishWords(): SW[1..n]; "quoted" strings and {braced groups} stay one word.
function shellish(s,    n, w, depth, quoted, i, c, len) {
    n = 0; w = ""; depth = 0; quoted = 0; len = length(s)
    for (i = 1; i <= len; i++) {
        c = substr(s, i, 1)
        if (quoted) {
            w = w c
            if (c == "\"")
                quoted = 0
            continue
        }
        if (c == "\"")
            quoted = 1
        else if (c == "{")
            depth++
        else if (c == "}" && depth > 0)
            depth--
        else if (depth == 0 && (c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\f" || c == "\v")) {
            if (w != "")
                SW[++n] = w
            w = ""
            continue
        }
        w = w c
    }
    if (w != "")
        SW[++n] = w
    return n
}

# ---- ports: a span is "FIRST-LAST", a list of spans is space separated --------------------------
function port_number(t,    s) {
    if (t == "ssh") return 22
    if (t == "http") return 80
    if (t == "https") return 443
    if (t == "domain") return 53
    if (t ~ /^[+-]/)
        return -1
    s = trim(t)
    sub(/^\+/, "", s)
    if (s !~ /^[0-9]+$/ || s + 0 > 65535)
        return -1
    return s + 0
}
# parsePortSpan(): "" when the text is not a port, a service, "a-b" or "a:b".
function port_span(t,    v, k, sep, at, first, last) {
    v = trim(t)
    for (k = 1; k <= 2; k++) {
        sep = k == 1 ? "-" : ":"
        at = index(substr(v, 2), sep)
        if (at > 0) {
            first = port_number(substr(v, 1, at))
            last = port_number(substr(v, at + 2))
            if (first < 0 || last < 0 || first > last)
                return ""
            return first "-" last
        }
    }
    first = port_number(v)
    return first < 0 ? "" : first "-" first
}
# parsePortList(): "" when any element is not a port.
function port_list(t,    inner, n, i, parts, e, span, out) {
    inner = trim(t)
    if (substr(inner, 1, 1) == "{" && substr(inner, length(inner), 1) == "}")
        inner = substr(inner, 2, length(inner) - 2)
    n = split(inner, parts, ",")
    out = ""
    for (i = 1; i <= n; i++) {
        e = trim(parts[i])
        if (e == "")
            continue
        span = port_span(first_word(e))
        if (span == "")
            return ""
        out = out (out == "" ? "" : " ") span
    }
    return out
}
function spans_contain(list, port,    n, i, spans, bounds) {
    n = split(list, spans, " ")
    for (i = 1; i <= n; i++) {
        split(spans[i], bounds, "-")
        if (port >= bounds[1] + 0 && port <= bounds[2] + 0)
            return 1
    }
    return 0
}

# ---- the facts of each tool, as readFirewall() takes them from the sections ----------------------
function read_facts(    sec, rc) {
    sec = "ufw"
    if ((sec) in SEC_RC && SEC_RC[sec] != 124) {
        rc = SEC_RC[sec]
        if (rc == 0) {
            read_ufw(sec)
            if (!UFW_READABLE)
                UFW_ERROR = unrecognised(sec)
        } else {
            UFW_FOUND = rc != 127
            UFW_ERROR = UFW_FOUND ? first_line(sec) : ""
        }
    }
    sec = "firewalld-state"
    if ((sec) in SEC_RC && SEC_RC[sec] != 124) {
        rc = SEC_RC[sec]
        FWD_FOUND = rc != 127
        FWD_RUNNING = rc == 0 && section_text(sec) == "running"
        if (FWD_FOUND && rc != 0 && rc != 252) # 252: not running
            FWD_ERROR = first_line(sec)
    }
    sec = "firewalld"
    if ((sec) in SEC_RC && SEC_RC[sec] != 124) {
        if (SEC_RC[sec] == 0) {
            read_firewalld(sec)
            FWD_FOUND = 1
            FWD_ERROR = FWD_TARGET == "" ? unrecognised(sec) : ""
        } else
            FWD_ERROR = first_line(sec)
    }
    sec = "nft"
    if ((sec) in SEC_RC && SEC_RC[sec] != 124) {
        rc = SEC_RC[sec]
        if (rc == 0)
            read_nft(sec)
        else {
            NFT_FOUND = rc != 127
            NFT_READABLE = 0
            NFT_ERROR = NFT_FOUND ? first_line(sec) : ""
        }
    }
    sec = "iptables"
    if ((sec) in SEC_RC && SEC_RC[sec] != 124) {
        rc = SEC_RC[sec]
        if (rc == 0)
            read_iptables(sec)
        else {
            IPT_FOUND = rc != 127
            IPT_READABLE = 0
            IPT_ERROR = IPT_FOUND ? first_line(sec) : ""
        }
    }
}
# The whole output of a section, trimmed (QString::trimmed of it).
function section_text(sec,    i, text) {
    text = ""
    for (i = 1; i <= SEC_N[sec]; i++)
        text = text (i > 1 ? "\n" : "") SEC_LINE[sec, i]
    return trim(text)
}
)AWK");
}

// Which layer is in charge, and the check's line (FirewallVerdict.cpp, CheckNetwork.cpp).
QString awkVerdict()
{
    return QStringLiteral(R"AWK(
# ---- the whole firewall -------------------------------------------------------------------------
# unreadableFirewalls(): "TOOL: WHY" of every tool installed but not read, UNREADABLE[1..n].
function unreadable_firewalls(    n) {
    n = 0
    if (UFW_FOUND && !UFW_READABLE)
        UNREADABLE[++n] = "ufw: " (UFW_ERROR == "" ? "could not be read" : UFW_ERROR)
    if (FWD_ERROR != "" || (FWD_RUNNING && FWD_TARGET == ""))
        UNREADABLE[++n] = "firewalld: " (FWD_ERROR == "" ? "could not be read" : FWD_ERROR)
    if (NFT_FOUND && !NFT_READABLE)
        UNREADABLE[++n] = "nftables: " (NFT_ERROR == "" ? "could not be read" : NFT_ERROR)
    if (IPT_FOUND && !IPT_READABLE)
        UNREADABLE[++n] = "iptables: " (IPT_ERROR == "" ? "could not be read" : IPT_ERROR)
    return n
}
# deriveFirewallKind(): the layer in charge.
function firewall_kind() {
    if (UFW_READABLE && UFW_ACTIVE)
        return "ufw"
    if (FWD_RUNNING)
        return "firewalld"
    if (NFT_FOUND && NFT_READABLE && filters_input("nft"))
        return "nftables"
    if (IPT_FOUND && IPT_READABLE && filters_input("ipt"))
        return "iptables"
    return unreadable_firewalls() ? "unknown" : "none"
}
function first_error() {
    if (UFW_ERROR != "") return UFW_ERROR
    if (FWD_ERROR != "") return FWD_ERROR
    if (NFT_ERROR != "") return NFT_ERROR
    if (IPT_ERROR != "") return IPT_ERROR
    return "no firewall tool could be read"
}
# firewallAllowsPort(): whether a new TCP connection to PORT from another server gets through.
function firewall_allows(kind,    n, k, v) {
    if (kind == "none")
        return "A0no firewall filters incoming traffic"
    if (kind == "ufw")
        return ufw_allows(PORT)
    if (kind == "firewalld")
        return firewalld_allows(PORT)
    if (kind == "unknown")
        return "U0" first_error()
    # nftables and iptables see the same packets (iptables-legacy rules and nftables tables).
    n = 0
    if (NFT_READABLE && filters_input("nft"))
        DECISION[++n] = filter_allows("nft", "nftables")
    if (IPT_READABLE && filters_input("ipt"))
        DECISION[++n] = filter_allows("ipt", "iptables")
    for (v = 1; v <= 2; v++)
        for (k = 1; k <= n; k++)
            if (substr(DECISION[k], 1, 1) == (v == 1 ? "B" : "U"))
                return DECISION[k]
    for (k = 1; k <= n; k++)
        if (substr(DECISION[k], 2, 1) == "1")
            return DECISION[k]
    return n ? DECISION[1] : "A0no firewall filters incoming traffic"
}
# joinReasons(): "a; b and 2 more".
function join_reasons(list, n, shown,    k, text) {
    text = ""
    for (k = 1; k <= n && k <= shown; k++)
        text = text (k > 1 ? "; " : "") list[k]
    return n > shown ? text " and " (n - shown) " more" : text
}

# The ports of the need section to sample: SAMPLE[1..n], every port of a small span, both ends and
# the middle of a wide one (firstRefusedPort()).
function port_samples(first, last,    n, port) {
    if (last - first >= 64) {
        SAMPLE[1] = first
        SAMPLE[2] = first + int((last - first) / 2)
        SAMPLE[3] = last
        return 3
    }
    n = 0
    for (port = first; port <= last; port++)
        SAMPLE[++n] = port
    return n
}
# checkFirewallPorts(): "ok|warn|fail REASON", naming for each needed span the first sampled port
# the firewall does not let in, and the rule that decides.
function verdict_line(    kind, unreadable, i, need, first, last, span, what, samples, k, refused,
                          decision, rule, blocked, unknown, allowed) {
    kind = firewall_kind()
    if (kind == "none")
        return "ok no firewall filters incoming connections"
    # Rules that could not be read (not root, a cut-short listing) may drop any port.
    unreadable = unreadable_firewalls()
    if (kind == "unknown")
        return "warn cannot read the firewall rules: " join_reasons(UNREADABLE, unreadable, 2)
    blocked = 0; unknown = 0; allowed = ""
    for (i = 1; i <= SEC_N["need"]; i++) {
        split(SEC_LINE["need", i], need, " ")
        first = need[1] + 0
        last = need[2] + 0
        what = SEC_LINE["need", i]
        sub(/^[^ ]+ [^ ]+ /, "", what)
        span = first == last ? first : first "-" last
        what = span " (" what ")"
        samples = port_samples(first, last)
        refused = ""
        for (k = 1; k <= samples && refused == ""; k++) {
            PORT = SAMPLE[k]
            decision = firewall_allows(kind)
            if (substr(decision, 1, 1) != "A")
                refused = decision
        }
        if (refused == "") {
            allowed = allowed (allowed == "" ? "" : ", ") span
            continue
        }
        rule = substr(refused, 3)
        rule = rule == "" ? "" : ": " rule
        if (substr(refused, 1, 1) == "B")
            BLOCKED[++blocked] = "blocks " what (first == last ? "" : " at " PORT) rule
        else
            UNKNOWN[++unknown] = "cannot tell for " what rule
    }
    if (blocked)
        return "fail " kind " " join_reasons(BLOCKED, blocked, 2)
    if (unknown)
        return "warn " kind ": " join_reasons(UNKNOWN, unknown, 2)
    if (unreadable)
        return "warn " kind " lets in " allowed "; cannot read " join_reasons(UNREADABLE, unreadable, 2)
    return "ok " kind " lets in " allowed
}

END {
    read_facts()
    print verdict_line()
}
)AWK");
}

} // namespace

QString checkFirewallFunctions()
{
    return QStringLiteral(R"BASH(
# firewall-ports: this server's firewall facts and the ports it must let in go to one awk program
# (clusterwiz_firewall_awk), which reads them as discovery does and judges them as the C++ verdict
# does. It prints "ok REASON", "warn REASON" or "fail REASON".
clusterwiz_check_firewall_ports() {
    local verdict i
    verdict=$({
        clusterwiz_fact_sections ufw firewalld-state firewalld nft iptables
        echo "@@clusterwiz-probe need rc=0@@"
        for ((i = 0; i < ${#NEED_FIRST[@]}; i++)); do
            echo "${NEED_FIRST[$i]} ${NEED_LAST[$i]} ${NEED_WHAT[$i]}"
        done
    } | awk "$(clusterwiz_firewall_awk)")
    case "$verdict" in
        "ok "*) clusterwiz_ok "${verdict#ok }" ;;
        "warn "*) clusterwiz_warn "${verdict#warn }" ;;
        "fail "*) clusterwiz_fail "${verdict#fail }" ;;
        *) clusterwiz_warn "cannot judge the firewall rules: awk gave no verdict" ;;
    esac
}

clusterwiz_firewall_awk() {
    cat <<'CLUSTERWIZ_AWK'
)BASH") + awkHead() +
           firewallAwkManagers() + firewallAwkNftables() + firewallAwkChains() + awkVerdict() +
           QStringLiteral("CLUSTERWIZ_AWK\n}\n");
}

} // namespace cw
