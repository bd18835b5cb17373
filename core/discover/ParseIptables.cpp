// SPDX-License-Identifier: GPL-3.0-or-later
// Parser for `iptables -S` (the filter table): policies, user chains and rules.
#include "discover/ProbeParsers.h"

#include "discover/ProbeText.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Targets that do something and let the packet go on to the next rule.
const QStringList kNonTerminating = {u"LOG"_s,  u"NFLOG"_s, u"ULOG"_s,  u"MARK"_s,    u"CONNMARK"_s,
                                     u"CT"_s,   u"TRACE"_s, u"AUDIT"_s, u"NOTRACK"_s, u"CLASSIFY"_s,
                                     u"DSCP"_s, u"TOS"_s,   u"TCPMSS"_s};

void maybe(FilterRule &rule, const QString &condition)
{
    if (rule.match == FilterRule::Match::Always)
        rule.match = FilterRule::Match::Maybe;
    rule.condition += (rule.condition.isEmpty() ? QString() : u", "_s) + condition;
}

QString unquoted(const QString &word)
{
    return word.size() >= 2 && word.front() == u'"' && word.back() == u'"'
               ? word.mid(1, word.size() - 2)
               : word;
}

// "-A INPUT -p tcp -m tcp --dport 29501 -j DROP" without "-A INPUT".
FilterRule iptablesRule(const QString &text, const QStringList &words,
                        const QStringList &userChains)
{
    FilterRule rule;
    rule.text = text;
    bool negate = false;
    qsizetype i = 0;
    auto value = [&]() -> QString {
        return i + 1 < words.size() ? unquoted(words[i + 1]) : QString();
    };
    while (i < words.size()) {
        const QString option = words[i];
        const QString arg = value();
        const bool negated = negate;
        negate = false;
        qsizetype used = 2;
        if (option == u"!"_s) {
            negate = true;
            used = 1;
        } else if (option == u"-p"_s || option == u"--protocol"_s) {
            const bool tcp = arg == u"tcp"_s || arg == u"6"_s || arg == u"all"_s || arg == u"0"_s;
            if (negated)
                maybe(rule, u"! -p "_s + arg);
            else if (!tcp)
                rule.match = FilterRule::Match::Never;
        } else if (option == u"-s"_s || option == u"--source"_s) {
            if (arg != u"0.0.0.0/0"_s)
                maybe(rule, (negated ? u"! -s "_s : u"-s "_s) + arg);
        } else if (option == u"-d"_s || option == u"--destination"_s) {
            if (!negated && arg.startsWith(u"127."_s))
                rule.match = FilterRule::Match::Never;
            else if (arg != u"0.0.0.0/0"_s)
                maybe(rule, (negated ? u"! -d "_s : u"-d "_s) + arg);
        } else if (option == u"-i"_s || option == u"--in-interface"_s) {
            if (arg == u"lo"_s && !negated)
                rule.match = FilterRule::Match::Never; // loopback only: not a peer's traffic
            else if (arg != u"lo"_s)
                maybe(rule, (negated ? u"! -i "_s : u"-i "_s) + arg);
        } else if (option == u"--dport"_s || option == u"--destination-port"_s ||
                   option == u"--dports"_s || option == u"--destination-ports"_s ||
                   option == u"--ports"_s) {
            if (const auto spans = parsePortList(arg)) {
                rule.anyPort = false;
                rule.portsNegated = negated;
                rule.ports = *spans;
            } else {
                maybe(rule, option + u' ' + arg);
            }
        } else if (option == u"--state"_s || option == u"--ctstate"_s) {
            const QStringList states = arg.split(u',');
            if (negated)
                maybe(rule, u"! "_s + option + u' ' + arg);
            else if (!states.contains(u"NEW"_s) && !states.contains(u"UNTRACKED"_s))
                rule.match = FilterRule::Match::Never;
        } else if (option == u"--dst-type"_s) {
            if (arg != u"LOCAL"_s && !negated)
                rule.match = FilterRule::Match::Never;
            else if (negated)
                maybe(rule, u"! --dst-type "_s + arg);
        } else if (option == u"-m"_s || option == u"--match"_s || option == u"--comment"_s ||
                   option == u"--reject-with"_s || option == u"--log-prefix"_s ||
                   option == u"--log-level"_s) {
            // a module name or an option that does not change which packets match
        } else if (option == u"-j"_s || option == u"--jump"_s) {
            if (arg == u"ACCEPT"_s)
                rule.verdict = {FilterAction::Accept, {}};
            else if (arg == u"DROP"_s)
                rule.verdict = {FilterAction::Drop, {}};
            else if (arg == u"REJECT"_s)
                rule.verdict = {FilterAction::Reject, {}};
            else if (arg == u"RETURN"_s)
                rule.verdict = {FilterAction::Return, {}};
            else if (kNonTerminating.contains(arg))
                rule.verdict = {FilterAction::None, {}};
            else if (userChains.contains(arg))
                rule.verdict = {FilterAction::Jump, arg};
            else
                rule.verdict = {FilterAction::Other, arg};
        } else if (option == u"-g"_s || option == u"--goto"_s) {
            rule.verdict = {FilterAction::Goto, arg};
        } else if (option == u"--syn"_s) {
            used = 1; // a new connection starts with SYN
        } else if (option == u"--tcp-flags"_s) {
            maybe(rule, option + u' ' + arg + u' ' + words.value(i + 2));
            used = 3;
        } else if (option == u"-c"_s || option == u"--set-counters"_s) {
            used = 3;
        } else if (option.startsWith(u'-')) {
            // Options this reader does not know; the next word is its value unless it is an option.
            const bool hasValue = !arg.isEmpty() && !arg.startsWith(u'-') && arg != u"!"_s;
            maybe(rule,
                  (negated ? u"! "_s : QString()) + option + (hasValue ? u' ' + arg : QString()));
            used = hasValue ? 2 : 1;
        } else {
            used = 1;
        }
        i += used;
    }
    return rule;
}

} // namespace

PacketFilterFacts parseIptablesRules(const QString &text, QString *problem)
{
    PacketFilterFacts facts;
    facts.toolFound = true;
    facts.readable = true;
    FilterTable table{u"ip"_s, u"filter"_s, {}};
    QStringList userChains;
    std::vector<std::pair<QString, QStringList>> appends; // chain, rule words
    std::vector<QString> appendTexts;
    bool unknown = false;
    bool any = false;
    auto chainNamed = [&](const QString &name) -> FilterChain & {
        for (FilterChain &chain : table.chains) {
            if (chain.name == name)
                return chain;
        }
        table.chains.push_back({name, name == u"INPUT"_s, {}, {}});
        return table.chains.back();
    };
    for (const QString &line : probeLines(text)) {
        const QStringList words = shellishWords(line);
        if (words.isEmpty())
            continue;
        if (words[0] == u"-P"_s && words.size() >= 3) {
            chainNamed(words[1]).policy = words[2].toLower();
            any = true;
        } else if (words[0] == u"-N"_s && words.size() >= 2) {
            chainNamed(words[1]);
            userChains << words[1];
            any = true;
        } else if (words[0] == u"-A"_s && words.size() >= 2) {
            appends.emplace_back(words[1], words.mid(2));
            appendTexts.push_back(line.trimmed());
            any = true;
        } else {
            unknown = true;
        }
    }
    // Rules are read once every chain is known, so that "-j name" is told from a target.
    for (size_t k = 0; k < appends.size(); ++k) {
        chainNamed(appends[k].first)
            .rules.push_back(iptablesRule(appendTexts[k], appends[k].second, userChains));
    }
    if (any)
        facts.tables.push_back(table);
    if ((unknown || !any) && problem && problem->isEmpty())
        *problem = unrecognisedOutput(text);
    return facts;
}

} // namespace cw
