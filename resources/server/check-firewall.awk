# SPDX-License-Identifier: GPL-3.0-or-later

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
