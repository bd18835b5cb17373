#include "shell/ShellQuote.h"

#include "rules/ValueRules.h"

using namespace Qt::StringLiterals;

namespace cw {

QString shellQuote(const QString &value)
{
    QString quoted;
    quoted.reserve(value.size() + 2);
    quoted += u'\'';
    for (QChar c : value) {
        if (c == u'\'')
            quoted += u"'\\''"_s;
        else
            quoted += c;
    }
    quoted += u'\'';
    return quoted;
}

QString shellJoin(const QStringList &words)
{
    QStringList quoted;
    quoted.reserve(words.size());
    for (const QString &word : words)
        quoted << shellQuote(word);
    return quoted.join(u' ');
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
