// SPDX-License-Identifier: GPL-3.0-or-later
#include "shell/ShellQuote.h"

#include "rules/ValueRules.h"

using namespace Qt::StringLiterals;

namespace cw {

namespace {

// Appends `value` in single quotes, whole runs at a time: the generator quotes some ten
// thousand words for a 128 x 8 cluster.
void appendQuoted(QString &out, QStringView value)
{
    out += u'\'';
    qsizetype from = 0;
    for (qsizetype at = value.indexOf(u'\''); at >= 0; at = value.indexOf(u'\'', from)) {
        out += value.mid(from, at - from);
        out += u"'\\''";
        from = at + 1;
    }
    out += value.mid(from);
    out += u'\'';
}

} // namespace

QString shellQuote(const QString &value)
{
    QString quoted;
    quoted.reserve(value.size() + 2 + 3 * value.count(u'\'')); // one allocation: ' -> '\''
    appendQuoted(quoted, value);
    return quoted;
}

QString shellJoin(const QStringList &words)
{
    qsizetype size = 0;
    for (const QString &word : words)
        size += word.size() + 3;
    QString joined;
    joined.reserve(size);
    for (const QString &word : words) {
        if (!joined.isEmpty())
            joined += u' ';
        appendQuoted(joined, word);
    }
    return joined;
}

QString shellEnvValue(const QString &value)
{
    QString out;
    QString literal;
    auto flushLiteral = [&] {
        if (!literal.isEmpty())
            out += shellQuote(literal);
        literal.clear();
    };
    qsizetype i = 0;
    while (i < value.size()) {
        if (value[i] == u'$' && i + 1 < value.size() && value[i + 1] == u'{') {
            const qsizetype close = value.indexOf(u'}', i + 2);
            if (close > 0) {
                const QString name = value.mid(i + 2, close - i - 2);
                if (envNameProblem(name).isEmpty()) {
                    flushLiteral();
                    out += u"\"${"_s + name + u"}\""_s;
                    i = close + 1;
                    continue;
                }
            }
        }
        literal += value[i];
        ++i;
    }
    flushLiteral();
    return out.isEmpty() ? QStringLiteral("''") : out;
}

QString shellScriptCommand(const QString &script)
{
    return QStringLiteral("sh -c ") + shellQuote(script);
}

} // namespace cw
