// SPDX-License-Identifier: GPL-3.0-or-later
// Stopping a server's firewall (the explicit second choice), why no firewall fix can be built,
// and the helpers both firewall fixes share.
#include "fix/FirewallFix.h"

#include "fix/FirewallFixScope.h"
#include "shell/ShellQuote.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw {
namespace firewallfix {

std::vector<NftInputChain> nftInputChains(const FirewallFacts &facts)
{
    std::vector<NftInputChain> chains;
    if (!facts.nftables.toolFound || !facts.nftables.readable)
        return chains;
    const bool iptablesReadable = facts.iptables.toolFound && facts.iptables.readable;
    for (const FilterTable &table : facts.nftables.tables) {
        if (table.family != u"ip"_s && table.family != u"inet"_s)
            continue; // the same families packetFilterAllowsPort() evaluates
        if (iptablesReadable && table.family == u"ip"_s && table.name == u"filter"_s &&
            table.chain(u"INPUT"_s))
            continue;
        for (const FilterChain &chain : table.chains) {
            if (!chain.inputHook)
                continue;
            NftInputChain input{table.family, table.name, chain.name, {}};
            input.alone.toolFound = true;
            input.alone.readable = true;
            FilterTable only = table;
            for (FilterChain &other : only.chains)
                other.inputHook = other.inputHook && other.name == chain.name;
            input.alone.tables.push_back(std::move(only));
            chains.push_back(std::move(input));
        }
    }
    return chains;
}

bool nftNameWritable(const QString &name)
{
    static const QRegularExpression identifier(u"^[A-Za-z][A-Za-z0-9/\\-_.]*$"_s);
    return identifier.match(name).hasMatch();
}

QString ruleComment(const PortSpan &span)
{
    return u"clusterwiz-"_s + portSpanText(span);
}

bool iptablesFilters(const FirewallFacts &facts)
{
    return facts.iptables.toolFound && facts.iptables.readable && facts.iptables.filtersInput();
}

} // namespace firewallfix

using namespace firewallfix;

namespace {

RemoteStep stopStep(int serverIndex, QString description, QString snapshot, QString command,
                    QString undo)
{
    RemoteStep step;
    step.serverIndex = serverIndex;
    step.description = std::move(description);
    step.snapshotCommand = std::move(snapshot);
    step.command = std::move(command);
    step.undoCommand = std::move(undo);
    return step;
}

// The ruleset is saved to a file on the server rather than restored from the journal's snapshot:
// the undo then needs nothing from the applier and works from a shell by hand too. The command
// saves and flushes only while there is a ruleset, so a second run cannot overwrite the saved one
// with an empty one; the undo restores and removes the file, so a second undo does nothing.
// `nft flush ruleset` is what Debian's nftables.service does on stop; the boot-time ruleset in
// /etc/nftables.conf is left alone, so a reboot brings the firewall back.
RemoteStep stopNftables(int serverIndex)
{
    const QString file = QString::fromLatin1(kNftRulesetBeforeStop);
    const QString dir = file.section(u'/', 0, -2);
    const QString tmp = file + u".tmp"_s;
    const QString command = u"mkdir -p "_s + shellQuote(dir) + u" && nft list ruleset > "_s +
                            shellQuote(tmp) + u" && if [ -s "_s + shellQuote(tmp) +
                            u" ]; then mv -f "_s + shellQuote(tmp) + u' ' + shellQuote(file) +
                            u" && nft flush ruleset; else rm -f "_s + shellQuote(tmp) + u"; fi"_s;
    const QString undo = u"if [ -f "_s + shellQuote(file) +
                         u" ]; then nft flush ruleset && nft -f "_s + shellQuote(file) +
                         u" && rm -f "_s + shellQuote(file) + u"; fi"_s;
    return stopStep(serverIndex,
                    u"stop nftables: save the ruleset to "_s + file + u" and flush it"_s,
                    u"nft list ruleset"_s, command, undo);
}

// iptables has no service to stop everywhere; Red Hat and Ubuntu document it as: save the rules,
// set the INPUT policy to ACCEPT, flush INPUT. Saved only while INPUT filters anything, so that a
// second run keeps the first save.
RemoteStep stopIptables(int serverIndex)
{
    const QString file = QString::fromLatin1(kIptablesBeforeStop);
    const QString dir = file.section(u'/', 0, -2);
    const QString command =
        u"if iptables -S INPUT | grep -qv '^-P INPUT ACCEPT$'; then mkdir -p "_s + shellQuote(dir) +
        u" && iptables-save > "_s + shellQuote(file) +
        u" && iptables -P INPUT ACCEPT && iptables -F INPUT; fi"_s;
    const QString undo = u"if [ -f "_s + shellQuote(file) + u" ]; then iptables-restore < "_s +
                         shellQuote(file) + u" && rm -f "_s + shellQuote(file) + u"; fi"_s;
    return stopStep(serverIndex,
                    u"stop iptables filtering: save the rules to "_s + file +
                        u", set the INPUT policy to ACCEPT and flush INPUT"_s,
                    u"iptables -S"_s, command, undo);
}

} // namespace

std::vector<RemoteStep> stopFirewallSteps(int serverIndex, const FirewallFacts &facts)
{
    std::vector<RemoteStep> steps;
    if (!firewallFixRefusal(facts).isEmpty())
        return steps;
    switch (facts.kind) {
    case FirewallKind::Ufw:
        // `ufw enable` asks for confirmation when run over SSH; --force answers it.
        steps.push_back(stopStep(serverIndex, u"stop ufw (ufw disable)"_s, u"ufw status numbered"_s,
                                 u"ufw disable"_s, u"ufw --force enable"_s));
        break;
    case FirewallKind::Firewalld:
        // Stopped, not disabled: a reboot brings the firewall back, as the undo does now.
        steps.push_back(stopStep(serverIndex, u"stop firewalld (systemctl stop firewalld)"_s,
                                 u"firewall-cmd --list-all"_s, u"systemctl stop firewalld"_s,
                                 u"systemctl start firewalld"_s));
        break;
    case FirewallKind::Nftables:
    case FirewallKind::Iptables:
        // Both layers see the same packets: stop each one that filters input. iptables first:
        // with iptables-nft its rules are in the nft ruleset too, and `nft list ruleset` cannot
        // print xt matches (comments, say) in a form `nft -f` loads back. Emptied by iptables
        // first, they are saved by iptables-save and come back from iptables-restore, last.
        if (iptablesFilters(facts))
            steps.push_back(stopIptables(serverIndex));
        if (!nftInputChains(facts).empty() && facts.nftables.filtersInput())
            steps.push_back(stopNftables(serverIndex));
        break;
    case FirewallKind::None:
    case FirewallKind::Unknown:
        break;
    }
    return steps;
}

QString firewallFixRefusal(const FirewallFacts &facts)
{
    const auto unreadable = [](const QString &tool, const QString &error) {
        return tool + u" rules could not be read"_s +
               (error.isEmpty() ? QString() : u": "_s + error);
    };
    switch (facts.kind) {
    case FirewallKind::None:
    case FirewallKind::Firewalld:
        return {};
    case FirewallKind::Unknown: {
        QString error;
        for (const QString &e :
             {facts.ufw.error, facts.firewalld.error, facts.nftables.error, facts.iptables.error}) {
            if (error.isEmpty())
                error = e;
        }
        return u"the firewall could not be read (discovery needs root for it)"_s +
               (error.isEmpty() ? QString() : u": "_s + error);
    }
    case FirewallKind::Ufw:
        return facts.ufw.readable ? QString() : unreadable(u"ufw"_s, facts.ufw.error);
    case FirewallKind::Nftables:
    case FirewallKind::Iptables:
        break;
    }
    if (facts.kind == FirewallKind::Nftables && !facts.nftables.readable)
        return unreadable(u"nftables"_s, facts.nftables.error);
    if (facts.kind == FirewallKind::Iptables && !facts.iptables.readable)
        return unreadable(u"iptables"_s, facts.iptables.error);
    const std::vector<NftInputChain> chains = nftInputChains(facts);
    for (const NftInputChain &chain : chains) {
        for (const QString &name : {chain.table, chain.chain}) {
            if (!nftNameWritable(name))
                return u"nftables name "_s + shellQuote(name) +
                       u" cannot be written back to nft as one word"_s;
        }
    }
    if (chains.empty() && !iptablesFilters(facts))
        return u"no nftables base chain with an input hook was found"_s;
    return {};
}

} // namespace cw
