// SPDX-License-Identifier: GPL-3.0-or-later
// Folding lines many ranks print alike (logs/LineFolding.h): 1,024 identical lines are one row,
// mixed lines keep their order and their own ranks, a repeated line folds once per repetition.
#include "logs/LineFolding.h"

#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

LogRecord line(int rank, const QString &text)
{
    LogRecord record;
    record.server = u"server%1"_s.arg(rank / 8);
    record.rank = rank;
    record.line = text;
    return record;
}

} // namespace

class TestLineFolding : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void thousandIdenticalLinesAreOneRow()
    {
        std::vector<LogRecord> lines;
        // Arriving out of rank order, as 128 servers' streams interleave.
        for (int i = 0; i < 1024; ++i)
            lines.push_back(line((i * 37) % 1024, u"Epoch done"_s));
        const std::vector<FoldedLine> rows = foldLines(lines);
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0].ranks.size(), size_t(1024));
        QCOMPARE(rows[0].ranks.front(), 0);
        QCOMPARE(rows[0].ranks.back(), 1023);
        QCOMPARE(foldedLineText(rows[0]), u"ranks 0-1023: Epoch done"_s);
    }

    void mixedLines()
    {
        std::vector<LogRecord> lines;
        for (int rank = 0; rank < 4; ++rank)
            lines.push_back(line(rank, u"loading data"_s));
        lines.push_back(line(2, u"warning: slow disk"_s));
        for (int rank : {0, 1, 3, 7, 9, 10})
            lines.push_back(line(rank, u"Epoch done"_s));
        LogRecord mark;
        mark.attempt = 2;
        mark.line = u"== attempt 2"_s;
        lines.push_back(mark);
        // Each rank's second "loading data": a row of its own, after the first.
        for (int rank = 0; rank < 2; ++rank)
            lines.push_back(line(rank, u"loading data"_s));
        const std::vector<FoldedLine> rows = foldLines(lines);
        QStringList texts;
        for (const FoldedLine &row : rows)
            texts << foldedLineText(row);
        QCOMPARE(texts, (QStringList{u"ranks 0-3: loading data"_s, u"rank 2: warning: slow disk"_s,
                                     u"ranks 0-1, 3, 7, 9-10: Epoch done"_s, u"== attempt 2"_s,
                                     u"ranks 0-1: loading data"_s}));
        QCOMPARE(rows[2].firstIndex, 5);
        QVERIFY(foldLines({}).empty());
        QCOMPARE(rankRanges({}), QString());
        QCOMPARE(rankRanges({5}), u"5"_s);
    }
};

QTEST_GUILESS_MAIN(TestLineFolding)
#include "tst_lineFolding.moc"
