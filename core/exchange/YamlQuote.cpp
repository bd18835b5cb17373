// SPDX-License-Identifier: GPL-3.0-or-later
#include "exchange/YamlQuote.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// YAML 1.1/1.2 "c-printable" minus what readers treat as a line break or a byte order mark:
// tab, LF and the printable ranges, without NEL (U+0085), U+2028, U+2029 and U+FEFF.
bool printable(char32_t c)
{
    if (c == 0x85 || c == 0x2028 || c == 0x2029 || c == 0xFEFF)
        return false;
    return c == 0x09 || c == 0x0A || (c >= 0x20 && c <= 0x7E) || (c >= 0xA0 && c <= 0xD7FF) ||
           (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

QString escaped(char32_t c)
{
    switch (c) {
    case 0x00:
        return u"\\0"_s;
    case 0x09:
        return u"\\t"_s;
    case 0x0A:
        return u"\\n"_s;
    case 0x0D:
        return u"\\r"_s;
    case 0x22:
        return u"\\\""_s;
    case 0x5C:
        return u"\\\\"_s;
    default:
        break;
    }
    if (c <= 0xFF)
        return u"\\x%1"_s.arg(uint(c), 2, 16, QChar(u'0'));
    if (c <= 0xFFFF)
        return u"\\u%1"_s.arg(uint(c), 4, 16, QChar(u'0'));
    return u"\\U%1"_s.arg(uint(c), 8, 16, QChar(u'0'));
}

// The code points of `value`; a lone surrogate is kept as itself so that it is escaped, not lost.
template <typename Visit> void forEachCodePoint(const QString &value, Visit visit)
{
    for (qsizetype i = 0; i < value.size(); ++i) {
        const QChar c = value[i];
        if (c.isHighSurrogate() && i + 1 < value.size() && value[i + 1].isLowSurrogate()) {
            visit(QChar::surrogateToUcs4(c, value[i + 1]));
            ++i;
        } else {
            visit(char32_t(c.unicode()));
        }
    }
}

} // namespace

QString yamlQuote(const QString &value)
{
    QString out = u"\""_s;
    forEachCodePoint(value, [&out](char32_t c) {
        if (c == u'"' || c == u'\\' || c == 0x09 || c == 0x0A || !printable(c))
            out += escaped(c);
        else
            out += QString::fromUcs4(&c, 1);
    });
    out += u'"';
    return out;
}

QString yamlBlock(const QString &value, int indent)
{
    bool fits = !value.isEmpty() && !value.endsWith(u'\n');
    forEachCodePoint(value, [&fits](char32_t c) { fits = fits && (c == 0x0A || printable(c)); });
    const QStringList lines = value.split(u'\n');
    // The block's indentation is read from its first line that holds something: that line may
    // not start with a blank of its own.
    for (const QString &line : lines) {
        if (!line.isEmpty()) {
            fits = fits && !line.startsWith(u' ');
            break;
        }
    }
    for (const QString &line : lines) {
        // Trailing blanks and tabs are kept by a block but easily lost by editors and diffs.
        if (line.endsWith(u' ') || line.endsWith(u'\t') || line.startsWith(u'\t'))
            fits = false;
    }
    if (!fits)
        return yamlQuote(value);
    const QString pad(indent, u' ');
    QString out = u"|-\n"_s;
    for (const QString &line : lines)
        out += line.isEmpty() ? u"\n"_s : pad + line + u'\n';
    out.chop(1);
    return out;
}

} // namespace cw
