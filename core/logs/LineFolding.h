// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Lines that many ranks print alike, folded into one row: at 1,024 ranks an "Epoch done" is
// one row "ranks 0-1023: Epoch done", not 1,024 (issue 36; the same idea as torchrun's
// deduplicated logs, pytorch PR 162999). Pure, for the CLI's logs view and the run panel.
//
// The k-th time each rank prints a text is one group (so a line every rank prints every epoch
// folds once per epoch, not into one row for the whole run); groups come in the order their
// first line came. Only identical texts fold: a line that names its rank stays apart.

#include "logs/LogRecord.h"

#include <QString>

#include <vector>

namespace cw {

struct FoldedLine {
    QString text;
    std::vector<int> ranks;   // ascending, each once
    qsizetype firstIndex = 0; // the group's first line in the input
    bool operator==(const FoldedLine &) const = default;
};

// `lines` in arrival order; attempt marks and lines of no rank (rank < 0) stay rows of their own.
std::vector<FoldedLine> foldLines(const std::vector<LogRecord> &lines);

// "0-1023", "0-3, 7, 9-10": ascending ranks as ranges.
QString rankRanges(const std::vector<int> &ranks);
// "ranks 0-1023: TEXT", "rank 5: TEXT", or TEXT alone for a row of no rank.
QString foldedLineText(const FoldedLine &line);

} // namespace cw
