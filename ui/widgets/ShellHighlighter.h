// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSyntaxHighlighter>

namespace cw {

// Colours for POSIX shell in the read-only script views: comments, quoted strings, $variables
// and keywords. It only paints; it never parses scripts for meaning.
class ShellHighlighter : public QSyntaxHighlighter {
    Q_OBJECT

public:
    explicit ShellHighlighter(QTextDocument *document);

protected:
    void highlightBlock(const QString &text) override;
};

} // namespace cw
