// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonHighlighter.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw {

namespace {
QTextCharFormat makeFormat(const QColor &colour, bool bold = false)
{
    QTextCharFormat f;
    f.setForeground(colour);
    if (bold)
        f.setFontWeight(QFont::Bold);
    return f;
}
} // namespace

JsonHighlighter::JsonHighlighter(QTextDocument *document) : QSyntaxHighlighter(document) {}

void JsonHighlighter::highlightBlock(const QString &text)
{
    // The same colours as the shell views: keys as keywords, values as strings and variables.
    static const QRegularExpression literals(
        uR"(-?\b\d+(\.\d+)?([eE][+-]?\d+)?\b|\b(true|false|null)\b)"_s);
    static const QRegularExpression strings(uR"("(?:[^"\\]|\\.)*"(\s*:)?)"_s);
    static const QTextCharFormat keyFormat = makeFormat(QColor(0, 0, 160), true);
    static const QTextCharFormat stringFormat = makeFormat(QColor(0, 120, 0));
    static const QTextCharFormat literalFormat = makeFormat(QColor(140, 0, 140));

    for (auto it = literals.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        setFormat(int(match.capturedStart()), int(match.capturedLength()), literalFormat);
    }
    // Strings after literals: a number inside a string ("192.168.100.1") is the string's.
    for (auto it = strings.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        const bool key = match.capturedLength(2) > 0;
        const qsizetype length = match.capturedLength() - match.capturedLength(2);
        setFormat(int(match.capturedStart()), int(length), key ? keyFormat : stringFormat);
    }
}

} // namespace cw
