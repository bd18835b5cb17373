// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace cw {

// How a line of another tool's text splits into words: ssh_config's arguments, an Ansible INI
// host line, a word of `iptables -S` or `nft list ruleset` output.
struct WordSyntax {
    QString quotes = QStringLiteral("\""); // each opens a quoted part that the same one closes
    bool keepQuotes = false;               // the quote characters stay in the word
    bool braces = false;                   // `{ a, b }` is one word (nft sets)
    bool anySpace = true;                  // false: only ' ' and '\t' separate words
};

struct QuotedWords {
    QStringList words;          // a quoted part stays in its word; "" is an empty word
    bool unclosedQuote = false; // the text ended inside quotes (the rest is the last word)
};

// The one quoted-word splitter: splits `text` at blanks outside quotes (and braces).
QuotedWords splitQuotedWords(const QString &text, const WordSyntax &syntax = {});

} // namespace cw
