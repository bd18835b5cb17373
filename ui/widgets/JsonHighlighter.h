// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSyntaxHighlighter>

namespace cw {

// Colours for JSON in the read-only script views (rank_table.json): keys, string values,
// numbers and true/false/null. Line by line: it only paints, it does not check the JSON.
class JsonHighlighter : public QSyntaxHighlighter {
    Q_OBJECT

public:
    explicit JsonHighlighter(QTextDocument *document);

protected:
    void highlightBlock(const QString &text) override;
};

} // namespace cw
