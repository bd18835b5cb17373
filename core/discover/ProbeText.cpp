// SPDX-License-Identifier: GPL-3.0-or-later
#include "discover/ProbeText.h"

#include "shell/QuotedWords.h"

using namespace Qt::StringLiterals;

namespace cw {

QStringList probeLines(const QString &text)
{
    QStringList lines = text.split(u'\n');
    for (QString &line : lines) {
        if (line.endsWith(u'\r'))
            line.chop(1);
    }
    return lines;
}

QString firstLineOf(const QString &text)
{
    for (const QString &line : probeLines(text)) {
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty())
            continue;
        QString safe;
        for (QChar c : trimmed.left(160)) {
            const bool control = c.unicode() < 0x20 || c.unicode() == 0x7f;
            safe += (control || c == QChar::ReplacementCharacter || c.isSurrogate()) ? u'?' : c;
        }
        return safe;
    }
    return {};
}

QString unrecognisedOutput(const QString &text)
{
    const QString first = firstLineOf(text);
    return u"unrecognised output: "_s + (first.isEmpty() ? u"(empty)"_s : first);
}

std::optional<QString> valueForKey(const QString &line, QStringView key, QChar separator)
{
    const qsizetype at = line.indexOf(separator);
    if (at < 0)
        return std::nullopt;
    if (line.left(at).simplified().compare(key, Qt::CaseInsensitive) != 0)
        return std::nullopt;
    return line.mid(at + 1).trimmed();
}

QStringList shellishWords(const QString &text)
{
    WordSyntax syntax;
    syntax.keepQuotes = true;
    syntax.braces = true;
    return splitQuotedWords(text, syntax).words;
}

namespace {

std::optional<int> portNumber(const QString &text)
{
    static const QList<std::pair<QString, int>> services = {
        {u"ssh"_s, 22}, {u"http"_s, 80}, {u"https"_s, 443}, {u"domain"_s, 53}};
    for (const auto &[name, port] : services) {
        if (text == name)
            return port;
    }
    bool ok = false;
    const int port = text.toInt(&ok);
    if (!ok || port < 0 || port > 65535 || text.startsWith(u'+') || text.startsWith(u'-'))
        return std::nullopt;
    return port;
}

} // namespace

std::optional<PortSpan> parsePortSpan(const QString &text)
{
    const QString value = text.trimmed();
    for (QChar separator : {u'-', u':'}) {
        const qsizetype at = value.indexOf(separator, 1);
        if (at > 0) {
            const auto first = portNumber(value.left(at));
            const auto last = portNumber(value.mid(at + 1));
            if (!first || !last || *first > *last)
                return std::nullopt;
            return PortSpan{*first, *last};
        }
    }
    const auto port = portNumber(value);
    if (!port)
        return std::nullopt;
    return PortSpan{*port, *port};
}

std::optional<std::vector<PortSpan>> parsePortList(const QString &text)
{
    QString inner = text.trimmed();
    if (inner.startsWith(u'{') && inner.endsWith(u'}'))
        inner = inner.mid(1, inner.size() - 2);
    std::vector<PortSpan> spans;
    for (QString element : inner.split(u',', Qt::SkipEmptyParts)) {
        element = element.trimmed();
        if (element.isEmpty())
            continue;
        // Set elements may carry annotations ("22 timeout 1h"): the port is the first word.
        const auto span = parsePortSpan(element.section(u' ', 0, 0));
        if (!span)
            return std::nullopt;
        spans.push_back(*span);
    }
    if (spans.empty())
        return std::nullopt;
    return spans;
}

bool spansContain(const std::vector<PortSpan> &spans, int port)
{
    for (const PortSpan &span : spans) {
        if (span.contains(port))
            return true;
    }
    return false;
}

} // namespace cw
