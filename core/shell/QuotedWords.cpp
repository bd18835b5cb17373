// SPDX-License-Identifier: GPL-3.0-or-later
#include "shell/QuotedWords.h"

namespace cw {

QuotedWords splitQuotedWords(const QString &text, const WordSyntax &syntax)
{
    QuotedWords result;
    QString word;
    bool inWord = false;
    QChar quote;
    int depth = 0;
    for (const QChar c : text) {
        if (!quote.isNull()) {
            const bool closes = c == quote;
            if (closes)
                quote = QChar();
            if (!closes || syntax.keepQuotes)
                word += c;
            continue;
        }
        if (syntax.quotes.contains(c)) {
            quote = c;
            inWord = true;
            if (syntax.keepQuotes)
                word += c;
            continue;
        }
        const bool blank = syntax.anySpace ? c.isSpace() : (c == u' ' || c == u'\t');
        if (blank && depth == 0) {
            if (inWord)
                result.words << word;
            word.clear();
            inWord = false;
            continue;
        }
        if (syntax.braces && c == u'{')
            ++depth;
        else if (syntax.braces && c == u'}' && depth > 0)
            --depth;
        word += c;
        inWord = true;
    }
    result.unclosedQuote = !quote.isNull();
    if (inWord)
        result.words << word;
    return result;
}

} // namespace cw
