// SPDX-License-Identifier: GPL-3.0-or-later
// Parser for `nft list ruleset`: tables, named sets, chains and their rules.
#include "discover/ProbeParsers.h"

#include "discover/NftRule.h"
#include "discover/ProbeText.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// "# handle 4" and other comments, outside double quotes.
QString withoutComment(const QString &line)
{
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        if (line[i] == u'"')
            quoted = !quoted;
        else if (line[i] == u'#' && !quoted)
            return line.left(i);
    }
    return line;
}

int braceBalance(const QString &text)
{
    int balance = 0;
    bool quoted = false;
    for (QChar c : text) {
        if (c == u'"')
            quoted = !quoted;
        else if (!quoted && c == u'{')
            ++balance;
        else if (!quoted && c == u'}')
            --balance;
    }
    return balance;
}

struct RawChain {
    QString name;
    QString header; // "type filter hook input priority filter; policy drop;"
    QStringList statements;
};

struct RawTable {
    QString family;
    QString name;
    QHash<QString, QString> sets; // name -> "{ elements }"
    std::vector<RawChain> chains;
};

FilterTable buildTable(const RawTable &raw)
{
    static const QRegularExpression hook(u"\\btype\\s+filter\\s+hook\\s+input\\b"_s);
    static const QRegularExpression policy(u"\\bpolicy\\s+(\\w+)"_s);
    FilterTable table{raw.family, raw.name, {}};
    for (const RawChain &rawChain : raw.chains) {
        FilterChain chain;
        chain.name = rawChain.name;
        chain.inputHook = hook.match(rawChain.header).hasMatch();
        if (!rawChain.header.isEmpty()) {
            const auto match = policy.match(rawChain.header);
            chain.policy = match.hasMatch() ? match.captured(1) : u"accept"_s;
        }
        for (const QString &statement : rawChain.statements)
            chain.rules.push_back(nftRule(statement, raw.sets));
        table.chains.push_back(chain);
    }
    return table;
}

} // namespace

PacketFilterFacts parseNftRuleset(const QString &text, QString *problem)
{
    static const QRegularExpression tableLine(u"^table\\s+(?:(\\w+)\\s+)?(\\S+)\\s*\\{$"_s);
    static const QRegularExpression chainLine(u"^chain\\s+(\\S+)\\s*\\{$"_s);
    static const QRegularExpression setLine(u"^(?:set|map)\\s+(\\S+)\\s*\\{$"_s);
    static const QRegularExpression elementsLine(u"^elements\\s*=\\s*(\\{.*\\})$"_s);
    enum class Block { Table, Chain, Set, Other };
    PacketFilterFacts facts;
    facts.toolFound = true;
    facts.readable = true;
    std::vector<Block> stack;
    RawTable table;
    QString setName;
    QString pending; // a statement whose braces continue on the next lines
    bool unknown = false;
    for (const QString &rawLine : probeLines(text)) {
        QString line =
            (pending.isEmpty() ? QString() : pending + u' ') + withoutComment(rawLine).trimmed();
        line = line.trimmed();
        if (line.isEmpty())
            continue;
        const bool opensBlock = line.endsWith(u'{') && braceBalance(line) == 1;
        if (!opensBlock && braceBalance(line) > 0 && line != u"}"_s) {
            pending = line;
            continue;
        }
        pending.clear();
        if (line == u"}"_s) {
            if (stack.empty()) {
                unknown = true;
                continue;
            }
            if (stack.back() == Block::Table)
                facts.tables.push_back(buildTable(table));
            stack.pop_back();
            continue;
        }
        if (opensBlock) {
            if (stack.empty()) {
                const auto match = tableLine.match(line);
                if (!match.hasMatch()) {
                    unknown = true;
                    stack.push_back(Block::Other);
                    continue;
                }
                table = RawTable{match.captured(1).isEmpty() ? u"ip"_s : match.captured(1),
                                 match.captured(2),
                                 {},
                                 {}};
                stack.push_back(Block::Table);
            } else if (stack.back() == Block::Table && chainLine.match(line).hasMatch()) {
                table.chains.push_back({chainLine.match(line).captured(1), {}, {}});
                stack.push_back(Block::Chain);
            } else if (stack.back() == Block::Table && setLine.match(line).hasMatch()) {
                setName = setLine.match(line).captured(1);
                stack.push_back(Block::Set);
            } else {
                stack.push_back(Block::Other); // flowtables, counters, quotas ...
            }
            continue;
        }
        if (stack.empty()) {
            unknown = true;
            continue;
        }
        if (stack.back() == Block::Set) {
            if (const auto match = elementsLine.match(line); match.hasMatch())
                table.sets.insert(setName, match.captured(1));
        } else if (stack.back() == Block::Chain) {
            RawChain &chain = table.chains.back();
            if (line.startsWith(u"type "_s) || line.startsWith(u"policy "_s))
                chain.header += (chain.header.isEmpty() ? QString() : u" "_s) + line;
            else
                chain.statements << line;
        }
    }
    // A block still open at the end: the output was cut short, and what is missing may be the
    // rule that drops the port. Nothing is known then.
    if (!stack.empty() || !pending.isEmpty()) {
        facts.readable = false;
        facts.error = u"output cut short"_s;
        if (!stack.empty() && stack.front() == Block::Table)
            facts.error += u" inside table "_s + table.family + u' ' + table.name;
    }
    if ((unknown || !facts.readable) && problem && problem->isEmpty())
        *problem = unrecognisedOutput(text);
    return facts;
}

} // namespace cw
