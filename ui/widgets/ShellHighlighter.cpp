// SPDX-License-Identifier: GPL-3.0-or-later
#include "ShellHighlighter.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw {

namespace {
QTextCharFormat makeFormat(const QColor &colour, bool bold = false, bool italic = false)
{
    QTextCharFormat f;
    f.setForeground(colour);
    if (bold)
        f.setFontWeight(QFont::Bold);
    f.setFontItalic(italic);
    return f;
}
} // namespace

ShellHighlighter::ShellHighlighter(QTextDocument *document) : QSyntaxHighlighter(document) {}

void ShellHighlighter::highlightBlock(const QString &text)
{
    static const QRegularExpression keywords(
        uR"(\b(if|then|else|elif|fi|for|while|until|do|done|case|esac|in|function|return|exit|export|local|set|trap|shift)\b)"_s);
    static const QRegularExpression variables(
        uR"(\$(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*|[0-9#?@*$!-]))"_s);
    static const QRegularExpression strings(uR"('[^']*'|"(?:[^"\\]|\\.)*")"_s);
    static const QTextCharFormat keywordFormat = makeFormat(QColor(0, 0, 160), true);
    static const QTextCharFormat variableFormat = makeFormat(QColor(140, 0, 140));
    static const QTextCharFormat stringFormat = makeFormat(QColor(0, 120, 0));
    static const QTextCharFormat commentFormat = makeFormat(QColor(120, 120, 120), false, true);

    for (auto it = keywords.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        setFormat(int(match.capturedStart()), int(match.capturedLength()), keywordFormat);
    }
    for (auto it = variables.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        setFormat(int(match.capturedStart()), int(match.capturedLength()), variableFormat);
    }
    // Strings after variables so a quoted '$HOME' reads as the literal it is; comments last: a
    // '#' starts one only outside quotes and at a word start.
    qsizetype commentAt = -1;
    qsizetype searchFrom = 0;
    for (auto it = strings.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        const qsizetype hash = text.indexOf(u'#', searchFrom);
        if (hash >= 0 && hash < match.capturedStart() &&
            (hash == 0 || text.at(hash - 1).isSpace())) {
            commentAt = hash;
            break;
        }
        setFormat(int(match.capturedStart()), int(match.capturedLength()), stringFormat);
        searchFrom = match.capturedEnd();
    }
    if (commentAt < 0) {
        for (qsizetype i = text.indexOf(u'#', searchFrom); i >= 0; i = text.indexOf(u'#', i + 1)) {
            if (i == 0 || text.at(i - 1).isSpace()) {
                commentAt = i;
                break;
            }
        }
    }
    if (commentAt >= 0)
        setFormat(int(commentAt), int(text.size() - commentAt), commentFormat);
}

} // namespace cw
