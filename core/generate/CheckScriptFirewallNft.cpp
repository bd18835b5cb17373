// check.sh's firewall awk program, nftables: the chain model of discover/FirewallFacts.h and
// `nft list ruleset` read as discover/ParseNftables.cpp and NftRule.cpp read it (tables, named
// sets, chains, each rule statement reduced to match, ports and verdict).
#include "generate/CheckScriptBash.h"

namespace cw {

QString firewallAwkNftables()
{
    return QStringLiteral(R"AWK(
# ---- the chain model of nftables and iptables ---------------------------------------------------
# Filter F ("nft" or "ipt"): FT_N[F] tables; table T: FT_FAMILY, FT_NAME, FC_N chains; chain C:
# FC_NAME, FC_HOOK (a base chain of the input hook), FC_POLICY, FR_N rules; rule R: FR_TEXT,
# FR_MATCH (A always, N never, M maybe), FR_ANY (no port match), FR_NEG, FR_PORTS, FR_ACT
# (accept drop reject return jump goto none other), FR_TARGET, and FR_PV_N port verdicts (a vmap):
# FR_PV_SPAN, FR_PV_ACT, FR_PV_TARGET. RULE_* hold the rule being read.
function rule_reset() {
    RULE_MATCH = "A"; RULE_ANY = 1; RULE_NEG = 0; RULE_PORTS = ""; RULE_ACT = ""; RULE_TARGET = ""
    RULE_PV_N = 0
}
function rule_maybe() {
    if (RULE_MATCH == "A")
        RULE_MATCH = "M"
}
function rule_store(f, t, c, text,    r, k) {
    r = ++FR_N[f, t, c]
    FR_TEXT[f, t, c, r] = text
    FR_MATCH[f, t, c, r] = RULE_MATCH
    FR_ANY[f, t, c, r] = RULE_ANY
    FR_NEG[f, t, c, r] = RULE_NEG
    FR_PORTS[f, t, c, r] = RULE_PORTS
    FR_ACT[f, t, c, r] = RULE_ACT == "" ? "none" : RULE_ACT
    FR_TARGET[f, t, c, r] = RULE_TARGET
    FR_PV_N[f, t, c, r] = RULE_PV_N
    for (k = 1; k <= RULE_PV_N; k++) {
        FR_PV_SPAN[f, t, c, r, k] = RULE_PV_SPAN[k]
        FR_PV_ACT[f, t, c, r, k] = RULE_PV_ACT[k]
        FR_PV_TARGET[f, t, c, r, k] = RULE_PV_TARGET[k]
    }
}
function chain_add(f, t, name, hook, policy,    c) {
    c = ++FC_N[f, t]
    FC_NAME[f, t, c] = name
    FC_HOOK[f, t, c] = hook
    FC_POLICY[f, t, c] = policy
    FR_N[f, t, c] = 0
    return c
}

# ---- one nftables rule statement (nftRule) ------------------------------------------------------
function is_non_tcp(w) {
    return w == "udp" || w == "udplite" || w == "icmp" || w == "icmpv6" || w == "sctp" \
        || w == "dccp" || w == "igmp" || w == "esp" || w == "ah" || w == "gre" || w == "arp"
}
# A verdict word with what follows it: VERDICT_ACT and VERDICT_TARGET; 0 when it is none.
function verdict_of(w, has_next, next_word) {
    VERDICT_TARGET = ""
    if (w == "accept" || w == "drop" || w == "reject" || w == "return")
        VERDICT_ACT = w
    else if (w == "continue")
        VERDICT_ACT = "none"
    else if (w == "queue")
        VERDICT_ACT = "other"
    else if ((w == "jump" || w == "goto") && has_next) {
        VERDICT_ACT = w
        VERDICT_TARGET = next_word
    } else
        return 0
    return 1
}
# elements(): EL[1..n] of "{ a, b }", "a,b" or "a", each trimmed and unquoted.
function elements(v,    inner, n, i, k, parts) {
    inner = trim(v)
    if (substr(inner, 1, 1) == "{" && substr(inner, length(inner), 1) == "}")
        inner = substr(inner, 2, length(inner) - 2)
    n = split(inner, parts, ",")
    k = 0
    for (i = 1; i <= n; i++)
        if (parts[i] != "")
            EL[++k] = unquote(trim(parts[i]))
    return k
}
# nftVerdictMap(): VM_KEY[1..n] and VM_ACT, VM_TARGET ("other" for a verdict not known).
function verdict_map(v,    n, i, k, at, words, m) {
    n = elements(v)
    k = 0
    for (i = 1; i <= n; i++) {
        at = index(EL[i], " : ")
        if (!at)
            continue
        m = split(simplify(substr(EL[i], at + 3)), words, " ")
        VM_KEY[++k] = trim(substr(EL[i], 1, at - 1))
        if (verdict_of(m ? words[1] : "", m > 1, words[2])) {
            VM_ACT[k] = VERDICT_ACT
            VM_TARGET[k] = VERDICT_TARGET
        } else {
            VM_ACT[k] = "other"
            VM_TARGET[k] = ""
        }
    }
    return k
}
function is_operator(w) {
    return w == "==" || w == "!=" || w == "<" || w == ">" || w == "<=" || w == ">="
}
# valueAt(): VALUE_NEG, VALUE_TEXT and VALUE_NEXT of the value at SW[at] (after an operator).
function value_at(at, n) {
    VALUE_NEG = 0
    if (at <= n && is_operator(SW[at])) {
        VALUE_NEG = SW[at] == "!="
        at++
    }
    VALUE_TEXT = at <= n ? SW[at] : ""
    VALUE_NEXT = at + 1
}
# The value at word `at` (one word or a set) must hold `a` or `b` for the rule to match a new
# TCP connection; a negated value may. Returns the word after the value.
function value_must_hold(at, n, a, b,    m, k, known) {
    value_at(at, n)
    m = elements(VALUE_TEXT)
    known = 0
    for (k = 1; k <= m; k++)
        if (EL[k] == a || EL[k] == b)
            known = 1
    if (VALUE_NEG)
        rule_maybe()
    else if (!known)
        RULE_MATCH = "N"
    return VALUE_NEXT
}
# Removes every match of `re` that starts a word (the regex "\bWORD...").
function strip_words(s, re,    out) {
    out = ""
    while (match(s, re)) {
        if (RSTART > 1 && substr(s, RSTART - 1, 1) ~ /[A-Za-z0-9_]/) {
            out = out substr(s, 1, RSTART)
            s = substr(s, RSTART + 1)
            continue
        }
        out = out substr(s, 1, RSTART - 1)
        s = substr(s, RSTART + RLENGTH)
    }
    return out s
}
function nft_rule(statement, t,    n, i, w, field, known, unknown, k, m, j, list, span, spans, lo) {
    rule_reset()
    statement = strip_words(statement, "comment[ \t\r\n\f\v]+\"[^\"]*\"")
    statement = strip_words(statement, "counter([ \t\r\n\f\v]+packets[ \t\r\n\f\v]+[0-9]+[ \t\r\n\f\v]+bytes[ \t\r\n\f\v]+[0-9]+)?")
    n = shellish(statement)
    unknown = 0
    i = 1
    while (i <= n) {
        w = SW[i]
        known = verdict_of(w, i < n, SW[i + 1]) || w == "ct" || w == "iif" || w == "iifname" \
            || w == "meta" || w == "ip" || w == "ip6" || w == "tcp" || w == "th" || w == "log" \
            || is_non_tcp(w)
        if (known && unknown) {
            rule_maybe()
            unknown = 0
        }
        if (verdict_of(w, i < n, SW[i + 1])) {
            RULE_ACT = VERDICT_ACT
            RULE_TARGET = VERDICT_TARGET
            break
        }
        field = i < n ? SW[i + 1] : ""
        if (w == "ct" && field == "state") {
            if (i + 2 <= n && SW[i + 2] == "vmap") {
                # Only the entry for new connections matters; without one, no verdict here.
                m = verdict_map(i + 3 <= n ? SW[i + 3] : "")
                known = 0
                for (k = 1; k <= m; k++) {
                    if (VM_KEY[k] == "new") {
                        known = 1
                        RULE_ACT = VM_ACT[k]
                        RULE_TARGET = VM_TARGET[k]
                    }
                }
                if (!known)
                    RULE_MATCH = "N"
                return
            }
            i = value_must_hold(i + 2, n, "new", "untracked")
        } else if (w == "iif" || w == "iifname" || (w == "meta" && (field == "iif" || field == "iifname"))) {
            value_at(w == "meta" ? i + 2 : i + 1, n)
            lo = unquote(VALUE_TEXT) == "lo"
            if (lo && !VALUE_NEG)
                RULE_MATCH = "N"
            else if (!lo)
                rule_maybe()
            i = VALUE_NEXT
        } else if (w == "ip6" || (w == "meta" && field == "nfproto" && i + 2 <= n && SW[i + 2] == "ipv6")) {
            RULE_MATCH = "N" # IPv6 only; peers connect over IPv4 here
            i += 2
        } else if ((w == "ip" && field == "protocol") || (w == "meta" && field == "l4proto")) {
            i = value_must_hold(i + 2, n, "tcp", "6")
        } else if (w == "ip" && (field == "saddr" || field == "daddr")) {
            value_at(i + 2, n)
            if (field == "daddr" && !VALUE_NEG && substr(VALUE_TEXT, 1, 4) == "127.")
                RULE_MATCH = "N"
            else
                rule_maybe()
            i = VALUE_NEXT
        } else if ((w == "tcp" || w == "th") && field == "dport") {
            if (i + 2 <= n && SW[i + 2] == "vmap") {
                m = verdict_map(i + 3 <= n ? SW[i + 3] : "")
                for (k = 1; k <= m; k++) {
                    list = port_list(VM_KEY[k])
                    if (list == "")
                        continue
                    spans = split(list, span, " ")
                    for (j = 1; j <= spans; j++) {
                        RULE_PV_N++
                        RULE_PV_SPAN[RULE_PV_N] = span[j]
                        RULE_PV_ACT[RULE_PV_N] = VM_ACT[k]
                        RULE_PV_TARGET[RULE_PV_N] = VM_TARGET[k]
                    }
                }
                RULE_ANY = 0
                i += 4
                continue
            }
            value_at(i + 2, n)
            list = VALUE_TEXT
            if (substr(list, 1, 1) == "@")
                list = NSET[t, substr(list, 2)]
            list = port_list(list)
            if (list == "")
                rule_maybe()
            else {
                RULE_ANY = 0
                RULE_NEG = VALUE_NEG
                RULE_PORTS = list
            }
            i = VALUE_NEXT
        } else if (w == "meta" && field == "nfproto") {
            i += 3
        } else if (is_non_tcp(w)) {
            RULE_MATCH = "N"
            i++
        } else if (w == "log") {
            i++
            while (i < n && (SW[i] == "prefix" || SW[i] == "level" || SW[i] == "flags" \
                             || SW[i] == "group" || SW[i] == "snaplen" || SW[i] == "queue-threshold"))
                i += 2
        } else if (w == "tcp" || w == "th" || w == "ip" || w == "meta") {
            # sport, flags, ttl, mark ...: cannot be decided here
            value_at(i + 2, n)
            rule_maybe()
            i = VALUE_NEXT
        } else {
            unknown = 1 # words this reader does not know ("limit rate over 10/second")
            i++
        }
    }
    if (unknown)
        rule_maybe()
}

# ---- nft list ruleset (parseNftRuleset) ---------------------------------------------------------
function without_comment(s,    i, c, quoted, len) {
    if (!index(s, "#"))
        return s
    quoted = 0; len = length(s)
    for (i = 1; i <= len; i++) {
        c = substr(s, i, 1)
        if (c == "\"")
            quoted = !quoted
        else if (c == "#" && !quoted)
            return substr(s, 1, i - 1)
    }
    return s
}
function brace_balance(s,    i, c, quoted, len, balance) {
    if (!index(s, "{") && !index(s, "}"))
        return 0
    quoted = 0; balance = 0; len = length(s)
    for (i = 1; i <= len; i++) {
        c = substr(s, i, 1)
        if (c == "\"")
            quoted = !quoted
        else if (!quoted && c == "{")
            balance++
        else if (!quoted && c == "}")
            balance--
    }
    return balance
}
# "KEYWORD REST {" -> REST without the brace and the blanks before it; "" for another line.
function block_name(line, keyword,    rest) {
    if (substr(line, 1, length(keyword)) != keyword)
        return ""
    rest = substr(line, length(keyword) + 1)
    if (rest !~ /^[ \t]+/)
        return ""
    sub(/^[ \t]+/, "", rest)
    sub(/[ \t]*\{$/, "", rest)
    return rest
}
# Blocks: STACK[1..depth] of T(able), C(hain), S(et), O(ther); NRAW_* hold the open table.
function read_nft(sec,    i, line, pending, depth, opens, t, c, k, set_name, balance, m, words, name) {
    NFT_FOUND = 1; NFT_READABLE = 1; NFT_ERROR = ""
    FT_N["nft"] = 0
    pending = ""; depth = 0
    for (i = 1; i <= SEC_N[sec]; i++) {
        line = trim((pending == "" ? "" : pending " ") trim(without_comment(SEC_LINE[sec, i])))
        if (line == "")
            continue
        balance = brace_balance(line)
        opens = substr(line, length(line), 1) == "{" && balance == 1
        if (!opens && balance > 0 && line != "}") {
            pending = line
            continue
        }
        pending = ""
        if (line == "}") {
            if (depth == 0)
                continue
            if (STACK[depth] == "T")
                FT_N["nft"]++
            depth--
            continue
        }
        if (opens) {
            if (depth == 0) {
                name = block_name(line, "table")
                if (name ~ /^[A-Za-z0-9_]+[ \t]+[^ \t]+$/) {
                    m = split(name, words, /[ \t]+/)
                } else if (name ~ /^[^ \t]+$/) {
                    words[1] = "ip"
                    words[2] = name
                } else {
                    STACK[++depth] = "O" # not a table: unrecognised
                    continue
                }
                t = FT_N["nft"] + 1
                FT_FAMILY["nft", t] = words[1]
                FT_NAME["nft", t] = words[2]
                FC_N["nft", t] = 0
                NRAW_CHAINS[t] = 0
                STACK[++depth] = "T"
            } else if (STACK[depth] == "T" && (name = block_name(line, "chain")) ~ /^[^ \t]+$/) {
                c = ++NRAW_CHAINS[t]
                NRAW_NAME[t, c] = name
                NRAW_HEADER[t, c] = ""
                NRAW_N[t, c] = 0
                STACK[++depth] = "C"
            } else if (STACK[depth] == "T" && ((name = block_name(line, "set")) ~ /^[^ \t]+$/ \
                                               || (name = block_name(line, "map")) ~ /^[^ \t]+$/)) {
                set_name = name
                STACK[++depth] = "S"
            } else
                STACK[++depth] = "O" # flowtables, counters, quotas ...
            continue
        }
        if (depth == 0)
            continue
        if (STACK[depth] == "S") {
            if (match(line, /^elements[ \t]*=[ \t]*\{.*\}$/)) {
                m = line
                sub(/^elements[ \t]*=[ \t]*/, "", m)
                NSET[t, set_name] = m
            }
        } else if (STACK[depth] == "C") {
            if (substr(line, 1, 5) == "type " || substr(line, 1, 7) == "policy ")
                NRAW_HEADER[t, c] = NRAW_HEADER[t, c] (NRAW_HEADER[t, c] == "" ? "" : " ") line
            else
                NRAW_STATEMENT[t, c, ++NRAW_N[t, c]] = line
        }
    }
    # A block still open at the end: the output was cut short, and what is missing may be the
    # rule that drops the port. Nothing is known then.
    if (depth > 0 || pending != "") {
        NFT_READABLE = 0
        NFT_ERROR = "output cut short"
        if (depth > 0 && STACK[1] == "T")
            NFT_ERROR = NFT_ERROR " inside table " FT_FAMILY["nft", t] " " FT_NAME["nft", t]
    }
    for (t = 1; t <= FT_N["nft"]; t++)
        nft_table(t)
}
function nft_table(t,    c, k, header, hook, policy, n) {
    for (k = 1; k <= NRAW_CHAINS[t]; k++) {
        header = NRAW_HEADER[t, k]
        hook = header ~ /(^|[^A-Za-z0-9_])type[ \t]+filter[ \t]+hook[ \t]+input([^A-Za-z0-9_]|$)/
        policy = ""
        if (header != "") {
            policy = "accept"
            if (match(header, /(^|[^A-Za-z0-9_])policy[ \t]+[A-Za-z0-9_]+/)) {
                policy = substr(header, RSTART, RLENGTH)
                sub(/.*policy[ \t]+/, "", policy)
            }
        }
        c = chain_add("nft", t, NRAW_NAME[t, k], hook, policy)
        for (n = 1; n <= NRAW_N[t, k]; n++) {
            nft_rule(NRAW_STATEMENT[t, k, n], t)
            rule_store("nft", t, c, simplify(NRAW_STATEMENT[t, k, n]))
        }
    }
}
)AWK");
}

} // namespace cw
