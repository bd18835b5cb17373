// SPDX-License-Identifier: GPL-3.0-or-later
// Which firewall layer is in charge of a server, and whether it lets a job's port in.
#include "discover/FirewallFacts.h"

#include "discover/ProbeText.h"
#include "model/NameTable.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

const QString kUfw = u"ufw"_s;
const QString kFirewalld = u"firewalld"_s;

// Rules that may or may not apply are walked both ways; equal answers are certain.
PortDecision ufwFrom(const UfwFacts &ufw, size_t from, int port)
{
    for (size_t i = from; i < ufw.rules.size(); ++i) {
        const UfwRule &rule = ufw.rules[i];
        if (rule.v6 || rule.direction == u"OUT"_s || rule.direction == u"FWD"_s ||
            rule.protocol == u"udp"_s)
            continue;
        const bool portsUnknown = !rule.knownPorts;
        if (!portsUnknown && !rule.anyPort && !spansContain(rule.ports, port))
            continue;
        const bool allow = rule.action == u"ALLOW"_s || rule.action == u"LIMIT"_s;
        PortDecision matched{allow ? PortVerdict::Allowed : PortVerdict::Blocked, rule.text, kUfw,
                             rule.action == u"LIMIT"_s};
        if (!portsUnknown && rule.condition.isEmpty())
            return matched;
        const PortDecision rest = ufwFrom(ufw, i + 1, port);
        if (rest.verdict == matched.verdict)
            return rest;
        if (portsUnknown)
            return {PortVerdict::Unknown, rule.text, kUfw, false};
        matched.conditional = true;
        return matched;
    }
    if (ufw.defaultIncoming == u"allow"_s)
        return {PortVerdict::Allowed, u"Default: allow (incoming)"_s, kUfw, false};
    if (ufw.defaultIncoming == u"deny"_s || ufw.defaultIncoming == u"reject"_s)
        return {PortVerdict::Blocked, u"Default: "_s + ufw.defaultIncoming + u" (incoming)"_s, kUfw,
                false};
    return {PortVerdict::Unknown, u"no ufw rule for the port and no default listed"_s, kUfw, false};
}

std::optional<PortSpan> servicePort(const QString &service)
{
    if (service == u"ssh"_s)
        return PortSpan{22, 22};
    if (service == u"http"_s)
        return PortSpan{80, 80};
    if (service == u"https"_s)
        return PortSpan{443, 443};
    if (service == u"cockpit"_s)
        return PortSpan{9090, 9090};
    return std::nullopt;
}

bool richRuleCovers(const FirewalldRichRule &rule, int port)
{
    return rule.knownPorts && spansContain(rule.ports, port) &&
           (rule.protocol.isEmpty() || rule.protocol == u"tcp"_s);
}

// firewall-cmd --state answered, --list-all did not (or not in a form this reader knows).
bool firewalldListingUnread(const FirewalldFacts &firewalld)
{
    return firewalld.running && firewalld.target.isEmpty();
}

QString firstError(const FirewallFacts &facts)
{
    for (const QString &error :
         {facts.ufw.error, facts.firewalld.error, facts.nftables.error, facts.iptables.error}) {
        if (!error.isEmpty())
            return error;
    }
    return u"no firewall tool could be read"_s;
}

} // namespace

QString firewallKindName(FirewallKind kind)
{
    static constexpr auto names = nameTable<FirewallKind>({
        {FirewallKind::None, "none"},
        {FirewallKind::Ufw, "ufw"},
        {FirewallKind::Firewalld, "firewalld"},
        {FirewallKind::Nftables, "nftables"},
        {FirewallKind::Iptables, "iptables"},
        {FirewallKind::Unknown, "unknown"},
    });
    return names.name(kind, QLatin1StringView("unknown"));
}

QString portVerdictName(PortVerdict verdict)
{
    static constexpr auto names = nameTable<PortVerdict>({
        {PortVerdict::Allowed, "allowed"},
        {PortVerdict::Blocked, "blocked"},
        {PortVerdict::Unknown, "unknown"},
    });
    return names.name(verdict, QLatin1StringView("unknown"));
}

QStringList unreadableFirewalls(const FirewallFacts &facts)
{
    QStringList unreadable;
    const auto add = [&](const QString &tool, const QString &error) {
        unreadable << tool + u": "_s + (error.isEmpty() ? u"could not be read"_s : error);
    };
    if (facts.ufw.toolFound && !facts.ufw.readable)
        add(kUfw, facts.ufw.error);
    if (!facts.firewalld.error.isEmpty() || firewalldListingUnread(facts.firewalld))
        add(kFirewalld, facts.firewalld.error);
    if (facts.nftables.toolFound && !facts.nftables.readable)
        add(u"nftables"_s, facts.nftables.error);
    if (facts.iptables.toolFound && !facts.iptables.readable)
        add(u"iptables"_s, facts.iptables.error);
    return unreadable;
}

void deriveFirewallKind(FirewallFacts &facts)
{
    const bool nftSeen = facts.nftables.toolFound && facts.nftables.readable;
    const bool iptablesSeen = facts.iptables.toolFound && facts.iptables.readable;
    if (facts.ufw.readable && facts.ufw.active)
        facts.kind = FirewallKind::Ufw;
    else if (facts.firewalld.running)
        facts.kind = FirewallKind::Firewalld;
    else if (nftSeen && facts.nftables.filtersInput())
        facts.kind = FirewallKind::Nftables;
    else if (iptablesSeen && facts.iptables.filtersInput())
        facts.kind = FirewallKind::Iptables;
    else if (!unreadableFirewalls(facts).isEmpty())
        facts.kind = FirewallKind::Unknown; // a tool exists but would not tell (not root)
    else
        facts.kind = FirewallKind::None;
    facts.active = facts.kind != FirewallKind::None && facts.kind != FirewallKind::Unknown;
}

PortDecision ufwAllowsPort(const UfwFacts &ufw, int port)
{
    if (!ufw.readable)
        return {PortVerdict::Unknown, ufw.error.isEmpty() ? u"ufw status unreadable"_s : ufw.error,
                kUfw, false};
    if (!ufw.active)
        return {PortVerdict::Allowed, u"Status: inactive"_s, kUfw, false};
    return ufwFrom(ufw, 0, port);
}

PortDecision firewalldAllowsPort(const FirewalldFacts &firewalld, int port)
{
    if (!firewalld.running)
        return {PortVerdict::Allowed, u"firewalld not running"_s, kFirewalld, false};
    if (firewalldListingUnread(firewalld))
        return {PortVerdict::Unknown,
                firewalld.error.isEmpty() ? u"firewall-cmd --list-all unreadable"_s
                                          : firewalld.error,
                kFirewalld, false};
    // firewalld checks a zone's deny rich rules before anything it allows.
    for (const FirewalldRichRule &rule : firewalld.richRules) {
        if (!rule.conditional && richRuleCovers(rule, port) &&
            (rule.action == u"reject"_s || rule.action == u"drop"_s))
            return {PortVerdict::Blocked, rule.text, kFirewalld, false};
    }
    bool partlyDenied = false;
    for (const FirewalldRichRule &rule : firewalld.richRules) {
        if (rule.conditional && richRuleCovers(rule, port) && rule.action != u"accept"_s)
            partlyDenied = true;
    }
    if (firewalld.target == u"ACCEPT"_s)
        return {PortVerdict::Allowed, u"target: ACCEPT"_s, kFirewalld, partlyDenied};
    for (const auto &[span, protocol] : firewalld.ports) {
        if (span.contains(port) && protocol == u"tcp"_s) {
            return {PortVerdict::Allowed, u"ports: "_s + portSpanText(span) + u"/tcp"_s, kFirewalld,
                    partlyDenied};
        }
    }
    for (const QString &service : firewalld.services) {
        if (const auto span = servicePort(service); span && span->contains(port))
            return {PortVerdict::Allowed, u"services: "_s + service, kFirewalld, partlyDenied};
    }
    for (const FirewalldRichRule &rule : firewalld.richRules) {
        if (richRuleCovers(rule, port) && rule.action == u"accept"_s)
            return {PortVerdict::Allowed, rule.text, kFirewalld, rule.conditional || partlyDenied};
    }
    const QString zone =
        firewalld.zone.isEmpty() ? QString() : u" (zone "_s + firewalld.zone + u')';
    return {PortVerdict::Blocked, u"target: "_s + firewalld.target + zone, kFirewalld, false};
}

PortDecision firewallAllowsPort(const FirewallFacts &facts, int port)
{
    switch (facts.kind) {
    case FirewallKind::None:
        return {PortVerdict::Allowed, u"no firewall filters incoming traffic"_s, u"none"_s, false};
    case FirewallKind::Ufw:
        return ufwAllowsPort(facts.ufw, port);
    case FirewallKind::Firewalld:
        return firewalldAllowsPort(facts.firewalld, port);
    case FirewallKind::Nftables:
    case FirewallKind::Iptables: {
        // Both see the same packets (iptables-legacy rules and nftables tables apply together).
        std::vector<PortDecision> decisions;
        if (facts.nftables.readable && facts.nftables.filtersInput())
            decisions.push_back(packetFilterAllowsPort(facts.nftables, port, u"nftables"_s));
        if (facts.iptables.readable && facts.iptables.filtersInput())
            decisions.push_back(packetFilterAllowsPort(facts.iptables, port, u"iptables"_s));
        for (const PortVerdict verdict : {PortVerdict::Blocked, PortVerdict::Unknown}) {
            for (const PortDecision &decision : decisions) {
                if (decision.verdict == verdict)
                    return decision;
            }
        }
        for (const PortDecision &decision : decisions) {
            if (decision.conditional)
                return decision;
        }
        if (!decisions.empty())
            return decisions.front();
        return {PortVerdict::Allowed, u"no firewall filters incoming traffic"_s, u"none"_s, false};
    }
    case FirewallKind::Unknown:
        break;
    }
    return {PortVerdict::Unknown, firstError(facts), u"unknown"_s, false};
}

} // namespace cw
