// SPDX-License-Identifier: GPL-3.0-or-later
#include "logs/LineFolding.h"

#include <QHash>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

std::vector<FoldedLine> foldLines(const std::vector<LogRecord> &lines)
{
    std::vector<FoldedLine> rows;
    // (text, the how-manieth time a rank printed it) -> its row.
    QHash<QString, std::vector<qsizetype>> rowsOfText; // text -> rows, by occurrence
    QHash<QString, QHash<int, qsizetype>> seen;        // text -> rank -> times printed
    for (qsizetype i = 0; i < qsizetype(lines.size()); ++i) {
        const LogRecord &line = lines[size_t(i)];
        if (line.rank < 0 || line.isAttemptMark()) {
            rows.push_back(FoldedLine{line.line, {}, i});
            continue;
        }
        qsizetype &times = seen[line.line][line.rank];
        std::vector<qsizetype> &ofText = rowsOfText[line.line];
        if (times >= qsizetype(ofText.size())) {
            ofText.push_back(qsizetype(rows.size()));
            rows.push_back(FoldedLine{line.line, {}, i});
        }
        rows[size_t(ofText[size_t(times)])].ranks.push_back(line.rank);
        ++times;
    }
    for (FoldedLine &row : rows)
        std::sort(row.ranks.begin(), row.ranks.end());
    return rows;
}

QString rankRanges(const std::vector<int> &ranks)
{
    QStringList parts;
    for (size_t i = 0; i < ranks.size();) {
        size_t last = i;
        while (last + 1 < ranks.size() && ranks[last + 1] == ranks[last] + 1)
            ++last;
        parts << (last == i ? QString::number(ranks[i])
                            : u"%1-%2"_s.arg(ranks[i]).arg(ranks[last]));
        i = last + 1;
    }
    return parts.join(u", "_s);
}

QString foldedLineText(const FoldedLine &line)
{
    if (line.ranks.empty())
        return line.text;
    return (line.ranks.size() == 1 ? u"rank "_s : u"ranks "_s) + rankRanges(line.ranks) + u": "_s +
           line.text;
}

} // namespace cw
