// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace cw {

// One legend entry as rich text that wraps only as a whole: no-break spaces, and a word joiner
// (U+2060) beside every Chinese character, since a line may break between any two of them
// ("设备" split over two lines). Legends join such entries with ordinary spaces, where lines may
// break.
inline QString unbreakableHtml(const QString &text)
{
    // CJK punctuation, kana and ideographs, and the full-width forms ("：", "，").
    const auto breaksAround = [](QChar c) { return c.unicode() >= 0x2e80; };
    QString joined;
    joined.reserve(text.size() * 2);
    for (qsizetype i = 0; i < text.size(); ++i) {
        joined += text[i];
        if (i + 1 < text.size() && !text[i].isHighSurrogate() &&
            (breaksAround(text[i]) || breaksAround(text[i + 1])))
            joined += QChar(0x2060);
    }
    QString html = joined.toHtmlEscaped();
    html.replace(u' ', QChar(0xa0));
    return html;
}

} // namespace cw
