// SPDX-License-Identifier: GPL-3.0-or-later
#include "discover/NftRule.h"

#include "discover/ProbeText.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

const QStringList kNonTcpProtocols = {u"udp"_s,  u"udplite"_s, u"icmp"_s, u"icmpv6"_s,
                                      u"sctp"_s, u"dccp"_s,    u"igmp"_s, u"esp"_s,
                                      u"ah"_s,   u"gre"_s,     u"arp"_s};

bool isOperator(const QString &word)
{
    return word == u"=="_s || word == u"!="_s || word == u"<"_s || word == u">"_s ||
           word == u"<="_s || word == u">="_s;
}

QString unquoted(const QString &word)
{
    return word.size() >= 2 && word.front() == u'"' && word.back() == u'"'
               ? word.mid(1, word.size() - 2)
               : word;
}

// The elements of a value: "{ a, b }" or "a,b" or "a".
QStringList elements(const QString &value)
{
    QString inner = value.trimmed();
    if (inner.startsWith(u'{') && inner.endsWith(u'}'))
        inner = inner.mid(1, inner.size() - 2);
    QStringList out;
    for (const QString &part : inner.split(u',', Qt::SkipEmptyParts))
        out << unquoted(part.trimmed());
    return out;
}

std::optional<FilterVerdict> verdictWord(const QStringList &words, qsizetype at)
{
    const QString &word = words[at];
    if (word == u"accept"_s)
        return FilterVerdict{FilterAction::Accept, {}};
    if (word == u"drop"_s)
        return FilterVerdict{FilterAction::Drop, {}};
    if (word == u"reject"_s)
        return FilterVerdict{FilterAction::Reject, {}};
    if (word == u"return"_s)
        return FilterVerdict{FilterAction::Return, {}};
    if (word == u"continue"_s)
        return FilterVerdict{FilterAction::None, {}};
    if (word == u"queue"_s)
        return FilterVerdict{FilterAction::Other, {}};
    if ((word == u"jump"_s || word == u"goto"_s) && at + 1 < words.size())
        return FilterVerdict{word == u"jump"_s ? FilterAction::Jump : FilterAction::Goto,
                             words[at + 1]};
    return std::nullopt;
}

// Reads the value after a selector ("iifname", "tcp dport"): optional operator, then the value.
struct Value {
    bool negated = false;
    QString text;
    qsizetype next = 0;
};

Value valueAt(const QStringList &words, qsizetype at)
{
    Value value;
    if (at < words.size() && isOperator(words[at])) {
        value.negated = words[at] == u"!="_s;
        ++at;
    }
    value.text = at < words.size() ? words[at] : QString();
    value.next = at + 1;
    return value;
}

void maybe(FilterRule &rule, const QString &condition)
{
    if (rule.match == FilterRule::Match::Always)
        rule.match = FilterRule::Match::Maybe;
    if (!condition.isEmpty() && !rule.condition.contains(condition))
        rule.condition += (rule.condition.isEmpty() ? QString() : u", "_s) + condition;
}

void readPorts(FilterRule &rule, const Value &value, const QHash<QString, QString> &sets)
{
    QString list = value.text;
    if (list.startsWith(u'@'))
        list = sets.value(list.mid(1));
    const auto spans = parsePortList(list);
    if (!spans) {
        maybe(rule, u"dport "_s + value.text);
        return;
    }
    rule.anyPort = false;
    rule.portsNegated = value.negated;
    rule.ports = *spans;
}

} // namespace

std::vector<std::pair<QString, FilterVerdict>> nftVerdictMap(const QString &map)
{
    std::vector<std::pair<QString, FilterVerdict>> entries;
    for (const QString &entry : elements(map)) {
        const qsizetype colon = entry.indexOf(u" : "_s);
        if (colon < 0)
            continue;
        const QStringList words = entry.mid(colon + 3).simplified().split(u' ');
        if (const auto verdict = verdictWord(words, 0))
            entries.emplace_back(entry.left(colon).trimmed(), *verdict);
        else
            entries.emplace_back(entry.left(colon).trimmed(),
                                 FilterVerdict{FilterAction::Other, {}});
    }
    return entries;
}

FilterRule nftRule(const QString &statement, const QHash<QString, QString> &sets)
{
    static const QRegularExpression comment(u"\\bcomment\\s+\"[^\"]*\""_s);
    static const QRegularExpression counter(u"\\bcounter(\\s+packets\\s+\\d+\\s+bytes\\s+\\d+)?"_s);
    FilterRule rule;
    rule.text = statement.simplified();
    QString cleaned = statement;
    cleaned.remove(comment);
    cleaned.remove(counter);
    const QStringList words = shellishWords(cleaned);
    // Words this reader does not know ("limit rate over 10/second") become one condition.
    QStringList unknownRun;
    auto flushUnknown = [&] {
        if (!unknownRun.isEmpty())
            maybe(rule, unknownRun.join(u' '));
        unknownRun.clear();
    };
    qsizetype i = 0;
    while (i < words.size()) {
        const QString &word = words[i];
        const bool known = verdictWord(words, i) || word == u"ct"_s || word == u"iif"_s ||
                           word == u"iifname"_s || word == u"meta"_s || word == u"ip"_s ||
                           word == u"ip6"_s || word == u"tcp"_s || word == u"th"_s ||
                           word == u"log"_s || kNonTcpProtocols.contains(word);
        if (known)
            flushUnknown();
        if (const auto verdict = verdictWord(words, i)) {
            rule.verdict = *verdict;
            break;
        }
        const QString field = i + 1 < words.size() ? words[i + 1] : QString();
        if (word == u"ct"_s && field == u"state"_s) {
            if (i + 2 < words.size() && words[i + 2] == u"vmap"_s) {
                // Only the entry for new connections matters; without one, no verdict here.
                bool forNew = false;
                for (const auto &[key, verdict] : nftVerdictMap(words.value(i + 3))) {
                    if (key == u"new"_s) {
                        forNew = true;
                        rule.verdict = verdict;
                    }
                }
                if (!forNew)
                    rule.match = FilterRule::Match::Never;
                return rule;
            }
            const Value value = valueAt(words, i + 2);
            const QStringList states = elements(value.text);
            const bool newOnes = states.contains(u"new"_s) || states.contains(u"untracked"_s);
            if (value.negated)
                maybe(rule, u"ct state != "_s + value.text);
            else if (!newOnes)
                rule.match = FilterRule::Match::Never;
            i = value.next;
        } else if (word == u"iif"_s || word == u"iifname"_s ||
                   (word == u"meta"_s && (field == u"iif"_s || field == u"iifname"_s))) {
            const Value value = valueAt(words, word == u"meta"_s ? i + 2 : i + 1);
            const bool loopback = unquoted(value.text) == u"lo"_s;
            if (loopback && !value.negated)
                rule.match = FilterRule::Match::Never;
            else if (!loopback)
                maybe(rule, word + u' ' + (value.negated ? u"!= "_s : QString()) + value.text);
            i = value.next;
        } else if (word == u"ip6"_s || (word == u"meta"_s && field == u"nfproto"_s &&
                                        words.value(i + 2) == u"ipv6"_s)) {
            rule.match = FilterRule::Match::Never; // IPv6 only; peers connect over IPv4 here
            i += 2;
        } else if ((word == u"ip"_s && field == u"protocol"_s) ||
                   (word == u"meta"_s && field == u"l4proto"_s)) {
            const Value value = valueAt(words, i + 2);
            const QStringList protocols = elements(value.text);
            const bool tcp = protocols.contains(u"tcp"_s) || protocols.contains(u"6"_s);
            if (value.negated)
                maybe(rule, word + u' ' + field + u" != "_s + value.text);
            else if (!tcp)
                rule.match = FilterRule::Match::Never;
            i = value.next;
        } else if (word == u"ip"_s && (field == u"saddr"_s || field == u"daddr"_s)) {
            const Value value = valueAt(words, i + 2);
            if (field == u"daddr"_s && !value.negated && value.text.startsWith(u"127."_s))
                rule.match = FilterRule::Match::Never;
            else
                maybe(rule, u"ip "_s + field + u' ' + (value.negated ? u"!= "_s : QString()) +
                                value.text);
            i = value.next;
        } else if ((word == u"tcp"_s || word == u"th"_s) && field == u"dport"_s) {
            if (words.value(i + 2) == u"vmap"_s) {
                for (const auto &[key, verdict] : nftVerdictMap(words.value(i + 3))) {
                    if (const auto spans = parsePortList(key))
                        for (const PortSpan &span : *spans)
                            rule.portVerdicts.emplace_back(span, verdict);
                }
                rule.anyPort = false;
                i += 4;
                continue;
            }
            const Value value = valueAt(words, i + 2);
            readPorts(rule, value, sets);
            i = value.next;
        } else if (word == u"meta"_s && field == u"nfproto"_s) {
            i += 3;
        } else if (kNonTcpProtocols.contains(word)) {
            rule.match = FilterRule::Match::Never;
            ++i;
        } else if (word == u"log"_s) {
            static const QStringList options = {u"prefix"_s, u"level"_s,   u"flags"_s,
                                                u"group"_s,  u"snaplen"_s, u"queue-threshold"_s};
            ++i;
            while (i + 1 < words.size() && options.contains(words[i]))
                i += 2;
        } else if (word == u"tcp"_s || word == u"th"_s || word == u"ip"_s || word == u"meta"_s) {
            // sport, flags, ttl, mark ...: cannot be decided here
            const Value value = valueAt(words, i + 2);
            maybe(rule, word + u' ' + field + u' ' + value.text);
            i = value.next;
        } else {
            unknownRun << word;
            ++i;
        }
    }
    flushUnknown();
    return rule;
}

} // namespace cw
