// SPDX-License-Identifier: GPL-3.0-or-later
// Opening the job's ports in the firewall layer in charge (the first choice): one step per port
// span per server, each check-then-set, with a snapshot and an undo that removes only what it
// added.
#include "fix/FirewallFix.h"

#include "fix/FirewallFixScope.h"
#include "fix/FixText.h"
#include "shell/ShellQuote.h"

#include <optional>

using namespace Qt::StringLiterals;

namespace cw {

using namespace firewallfix;

namespace {

bool validSpan(const PortSpan &span)
{
    return span.first >= 1 && span.first <= span.last && span.last <= 65535;
}

// Whether some port of the span is not known to get through.
template <typename Decide> bool spanNeedsOpening(const PortSpan &span, Decide decide)
{
    for (int port = span.first; port <= span.last; ++port) {
        if (decide(port).verdict != PortVerdict::Allowed)
            return true;
    }
    return false;
}

RemoteStep ufwStep(const UfwFacts &ufw, const PortSpan &span)
{
    const QString rule = portSpanText(span, u':') + u"/tcp"_s;
    // `ufw allow` appends: behind a rule that denies the port the deny still matches first, so
    // then the allow is inserted as rule 1. ufw skips a rule that exists already (check-then-set);
    // one with the same port and another action it rewrites in place, and the undo then deletes
    // it rather than bring the deny back (the snapshot shows it).
    bool deniedByRule = false;
    for (int port = span.first; port <= span.last && !deniedByRule; ++port) {
        const PortDecision decision = ufwAllowsPort(ufw, port);
        deniedByRule = decision.verdict != PortVerdict::Allowed &&
                       !decision.rule.startsWith(u"Default:"_s) && !ufw.rules.empty();
    }
    RemoteStep step;
    describe(step, deniedByRule
                       ? trText("cw::Fixes", "open %1/tcp in ufw (as rule 1, before the "
                                             "rule that denies it)")
                             .arg(portSpanText(span))
                       : trText("cw::Fixes", "open %1/tcp in ufw").arg(portSpanText(span)));
    step.snapshotCommand = u"ufw status numbered"_s;
    step.command = (deniedByRule ? u"ufw insert 1 allow "_s : u"ufw allow "_s) + shellQuote(rule);
    step.undoCommand = u"ufw delete allow "_s + shellQuote(rule);
    return step;
}

bool richRuleDenies(const FirewalldFacts &firewalld, const PortSpan &span)
{
    for (int port = span.first; port <= span.last; ++port) {
        const PortDecision decision = firewalldAllowsPort(firewalld, port);
        if (decision.verdict != PortVerdict::Allowed && !decision.rule.startsWith(u"target: "_s))
            return true;
    }
    return false;
}

// Runtime and --permanent both: the runtime change opens the port now without a reload (which
// would drop other runtime-only changes), the permanent one keeps it across reloads and reboots.
// firewall-cmd only warns (ALREADY_ENABLED, NOT_ENABLED) and succeeds on a second run.
RemoteStep firewalldStep(const FirewalldFacts &firewalld, const PortSpan &span)
{
    const QString port = portSpanText(span) + u"/tcp"_s;
    const QString zone =
        firewalld.zone.isEmpty() ? QString() : u" --zone="_s + shellQuote(firewalld.zone);
    const auto both = [&](const QString &option) {
        const QString change = option + shellQuote(port);
        return u"firewall-cmd"_s + zone + change + u" && firewall-cmd --permanent"_s + zone +
               change;
    };
    RemoteStep step;
    describe(step,
             firewalld.zone.isEmpty()
                 ? trText("cw::Fixes", "open %1 in firewalld (runtime and permanent)").arg(port)
                 : trText("cw::Fixes", "open %1 in firewalld zone %2 (runtime and permanent)")
                       .arg(port, firewalld.zone));
    step.snapshotCommand = u"firewall-cmd"_s + zone + u" --list-all"_s;
    step.command = both(u" --add-port="_s);
    step.undoCommand = both(u" --remove-port="_s);
    return step;
}

// `nft insert` puts the accept first in the chain, before whatever drops the port. The comment
// names the span: the command adds nothing when the chain has it already, and the undo deletes
// the rule(s) by the handles that `nft -a` prints after that comment.
void addNftChain(RemoteStep &step, QStringList &where, const NftInputChain &input,
                 const PortSpan &span)
{
    const QString chain = shellJoin({input.family, input.table, input.chain});
    const QString comment = ruleComment(span);
    const QString list = u"nft -a list chain "_s + chain;
    const QString marker = u"comment \""_s + comment + u'"';
    const QString insert = u"nft insert rule "_s + chain + u" tcp dport "_s +
                           shellQuote(portSpanText(span)) + u" accept comment "_s +
                           shellQuote(u'"' + comment + u'"');
    const QString handles = u"s/.* "_s + marker + u" # handle \\([0-9][0-9]*\\)$/\\1/p"_s;
    const QString remove = u"for h in $("_s + list + u" | sed -n "_s + shellQuote(handles) +
                           u"); do nft delete rule "_s + chain + u" handle \"$h\"; done"_s;
    const auto join = [](QString &into, const QString &part, const QString &separator) {
        into += (into.isEmpty() ? QString() : separator) + part;
    };
    join(step.command,
         u"{ "_s + list + u" | grep -qF "_s + shellQuote(marker) + u" || "_s + insert + u"; }"_s,
         u" && "_s);
    join(step.undoCommand, remove, u" && "_s);
    where << u"nftables table "_s + input.family + u' ' + input.table + u", chain "_s + input.chain;
}

// -I puts the accept first in INPUT; -C makes a second run add nothing; -D with the same rule
// spec removes exactly this rule.
void addIptables(RemoteStep &step, QStringList &where, const PortSpan &span)
{
    const QString rule = u"INPUT -p tcp --dport "_s + shellQuote(portSpanText(span, u':')) +
                         u" -m comment --comment "_s + shellQuote(ruleComment(span)) +
                         u" -j ACCEPT"_s;
    const QString check = u"iptables -C "_s + rule;
    const QString command = u"{ "_s + check + u" 2>/dev/null || iptables -I "_s + rule + u"; }"_s;
    const QString undo = u"if "_s + check + u" 2>/dev/null; then iptables -D "_s + rule + u"; fi"_s;
    step.command += (step.command.isEmpty() ? QString() : u" && "_s) + command;
    step.undoCommand += (step.undoCommand.isEmpty() ? QString() : u" && "_s) + undo;
    where << u"iptables chain INPUT"_s;
}

std::optional<RemoteStep> packetFilterStep(const FirewallFacts &facts,
                                           const std::vector<NftInputChain> &chains,
                                           const PortSpan &span)
{
    RemoteStep step;
    QStringList where;
    QStringList snapshots;
    for (const NftInputChain &input : chains) {
        if (spanNeedsOpening(span, [&](int port) {
                return packetFilterAllowsPort(input.alone, port, u"nftables"_s);
            }))
            addNftChain(step, where, input, span);
    }
    if (!where.isEmpty())
        snapshots << u"nft list ruleset"_s;
    if (iptablesFilters(facts) && spanNeedsOpening(span, [&](int port) {
            return packetFilterAllowsPort(facts.iptables, port, u"iptables"_s);
        })) {
        addIptables(step, where, span);
        snapshots << u"iptables -S"_s;
    }
    if (where.isEmpty())
        return std::nullopt;
    describe(step, where.size() == 2 ? trText("cw::Fixes", "open %1/tcp in %2 and %3")
                                           .arg(portSpanText(span), where[0], where[1])
                                     : trText("cw::Fixes", "open %1/tcp in %2")
                                           .arg(portSpanText(span), where.join(u" and "_s)));
    step.snapshotCommand = snapshots.join(u" && "_s);
    return step;
}

} // namespace

std::vector<RemoteStep> openPortSteps(int serverIndex, const FirewallFacts &facts,
                                      const std::vector<PortSpan> &ports)
{
    std::vector<RemoteStep> steps;
    if (!firewallFixRefusal(facts).isEmpty())
        return steps;
    const std::vector<NftInputChain> chains =
        facts.kind == FirewallKind::Nftables || facts.kind == FirewallKind::Iptables
            ? nftInputChains(facts)
            : std::vector<NftInputChain>{};
    for (const PortSpan &span : ports) {
        if (!validSpan(span) ||
            !spanNeedsOpening(span, [&](int port) { return firewallAllowsPort(facts, port); }))
            continue;
        std::optional<RemoteStep> step;
        switch (facts.kind) {
        case FirewallKind::Ufw:
            step = ufwStep(facts.ufw, span);
            break;
        case FirewallKind::Firewalld:
            // A rich rule that rejects or drops the port wins over any --add-port: opening the
            // port there is the user's call, not this fix's.
            if (!richRuleDenies(facts.firewalld, span))
                step = firewalldStep(facts.firewalld, span);
            break;
        case FirewallKind::Nftables:
        case FirewallKind::Iptables:
            step = packetFilterStep(facts, chains, span);
            break;
        case FirewallKind::None:
        case FirewallKind::Unknown:
            break;
        }
        if (step) {
            step->serverIndex = serverIndex;
            steps.push_back(std::move(*step));
        }
    }
    return steps;
}

} // namespace cw
