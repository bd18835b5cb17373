// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/PortSpan.h"

#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace cw {

// What the firewall of one server does to a new IPv4 TCP connection from another server, read
// from `ufw status verbose`, `firewall-cmd --list-all`, `nft list ruleset` and `iptables -S`.

// ---- ufw -------------------------------------------------------------------------------------

struct UfwRule {
    QString text;            // the line as ufw printed it
    QString action;          // ALLOW, DENY, REJECT, LIMIT
    QString direction;       // IN, OUT, FWD, or empty (non-verbose listing)
    bool anyPort = false;    // "Anywhere" as destination
    bool knownPorts = false; // ports below are meaningful (false for unknown app profiles)
    std::vector<PortSpan> ports;
    QString protocol; // tcp, udp, or empty for both
    bool v6 = false;
    QString condition; // source, interface or destination address the rule depends on
};

struct UfwFacts {
    bool toolFound = false;
    bool readable = false; // status could be read (ufw needs root)
    bool active = false;
    QString defaultIncoming;    // deny, reject, allow; empty when not listed
    std::vector<UfwRule> rules; // in ufw's order, which is first-match order
    QString error;              // first line of a failed `ufw status`
};

// ---- firewalld -------------------------------------------------------------------------------

struct FirewalldRichRule {
    QString text;
    bool knownPorts = false; // a `port port="N[-M]"` element was found
    std::vector<PortSpan> ports;
    QString protocol;
    QString action;           // accept, reject, drop, or empty
    bool conditional = false; // source/destination/limit the rule depends on
};

struct FirewalldFacts {
    bool toolFound = false;
    bool running = false;
    QString zone;   // the zone `--list-all` listed (the default zone)
    QString target; // default, ACCEPT, DROP, REJECT, %%REJECT%%
    QStringList interfaces;
    QStringList sources;
    QStringList services;
    std::vector<std::pair<PortSpan, QString>> ports; // span and protocol
    std::vector<FirewalldRichRule> richRules;
    QString error;
};

// ---- nftables and iptables, reduced to one chain model ---------------------------------------

enum class FilterAction { None, Accept, Drop, Reject, Return, Jump, Goto, Other };

struct FilterVerdict {
    FilterAction action = FilterAction::None; // None: a rule that only counts or logs
    QString target;                           // chain of Jump and Goto
};

struct FilterRule {
    // Whether everything but the destination port matches a new IPv4 TCP connection from a peer.
    enum class Match { Never, Always, Maybe };

    QString text; // as the tool printed it, for reports
    Match match = Match::Always;
    QString condition;         // the part this reader cannot decide (source address, interface)
    bool anyPort = true;       // no destination port match
    bool portsNegated = false; // "dport != X" / "! --dport X"
    std::vector<PortSpan> ports;
    FilterVerdict verdict;
    // nftables "tcp dport vmap { 22 : accept, 29501 : drop }": the verdict depends on the port.
    std::vector<std::pair<PortSpan, FilterVerdict>> portVerdicts;
};

struct FilterChain {
    QString name;
    bool inputHook = false; // a base chain of the filter input hook (iptables: INPUT)
    QString policy;         // accept or drop for base chains
    std::vector<FilterRule> rules;
};

struct FilterTable {
    QString family; // ip, ip6, inet, ... (iptables: ip)
    QString name;
    std::vector<FilterChain> chains;
    const FilterChain *chain(const QString &name) const;
};

struct PacketFilterFacts {
    bool toolFound = false;
    bool readable = false;
    QString error;
    std::vector<FilterTable> tables;
    // True when an input chain has a rule or a policy other than accept: the filter does something.
    bool filtersInput() const;
};

// ---- the whole firewall ----------------------------------------------------------------------

// Unknown: no firewall tool could be read (for example a non-root user), so nothing is known.
enum class FirewallKind { None, Ufw, Firewalld, Nftables, Iptables, Unknown };

struct FirewallFacts {
    FirewallKind kind = FirewallKind::None; // the layer in charge, see deriveFirewallKind()
    bool active = false;
    UfwFacts ufw;
    FirewalldFacts firewalld;
    PacketFilterFacts nftables;
    PacketFilterFacts iptables;
};

QString firewallKindName(FirewallKind kind); // "none", "ufw", "firewalld", "nftables", ...

// Sets kind and active from the parts: an active ufw, else a running firewalld, else an nftables
// ruleset that filters input, else iptables rules that do, else unknown when a firewall tool is
// installed but could not be read (unreadableFirewalls()), else none.
void deriveFirewallKind(FirewallFacts &facts);

// "TOOL: WHY" for every firewall tool that is installed but whose state or rules could not be
// read (not root, an unrecognised or cut-short listing): nothing is known of what it lets in, so
// a verdict that depends on it is never "ok".
QStringList unreadableFirewalls(const FirewallFacts &facts);

enum class PortVerdict { Allowed, Blocked, Unknown };

struct PortDecision {
    PortVerdict verdict = PortVerdict::Unknown;
    QString rule;   // the rule, policy or default that decides, as the tool shows it
    QString source; // firewallKindName() of the layer that decided
    // The deciding rule depends on something a probe cannot see (source address, interface, rate
    // limit): "allowed" then means "allowed for the traffic that rule names".
    bool conditional = false;
};

QString portVerdictName(PortVerdict verdict); // "allowed", "blocked", "unknown"

// Whether a new TCP connection to `port` from another server gets through this server's firewall.
PortDecision firewallAllowsPort(const FirewallFacts &facts, int port);

// The same question asked of one layer; firewallAllowsPort() picks by kind.
PortDecision ufwAllowsPort(const UfwFacts &ufw, int port);
PortDecision firewalldAllowsPort(const FirewalldFacts &firewalld, int port);
PortDecision packetFilterAllowsPort(const PacketFilterFacts &filter, int port,
                                    const QString &source);

} // namespace cw
