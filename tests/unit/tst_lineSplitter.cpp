// SPDX-License-Identifier: GPL-3.0-or-later
// LineSplitter: lines and their byte offsets are the same whatever the chunking; partial lines
// wait for their newline; \r\n, empty lines, invalid UTF-8 and over-long lines.
#include "logs/LineSplitter.h"

#include <QTest>

#include <vector>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

struct Line {
    QString text;
    qint64 offset;
    bool operator==(const Line &) const = default;
};

std::vector<Line> split(const QList<QByteArray> &chunks, qint64 start = 0,
                        qsizetype max = 64 * 1024, LineSplitter *keep = nullptr)
{
    LineSplitter local(start, max);
    LineSplitter &splitter = keep ? *keep : local;
    std::vector<Line> lines;
    for (const QByteArray &chunk : chunks)
        splitter.feed(chunk, [&](const QString &text, qint64 offset) {
            lines.push_back({text, offset});
        });
    return lines;
}

} // namespace

class TestLineSplitter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everySplitPointGivesTheSameLines()
    {
        const QByteArray sample = "step 1 loss = 0.5\n\nzw\xc3\xb6lf\r\n\r\nlast line\npartial";
        const std::vector<Line> expected = {{u"step 1 loss = 0.5"_s, 0},
                                            {QString(), 18},
                                            {u"zw\u00f6lf"_s, 19},
                                            {QString(), 27},
                                            {u"last line"_s, 29}};
        QCOMPARE(split({sample}), expected);
        for (qsizetype a = 0; a <= sample.size(); ++a) {
            for (qsizetype b = a; b <= sample.size(); ++b) {
                LineSplitter splitter;
                const auto lines = split({sample.left(a), sample.mid(a, b - a), sample.mid(b)}, 0,
                                         64 * 1024, &splitter);
                QVERIFY2(lines == expected, qPrintable(u"split at %1/%2"_s.arg(a).arg(b)));
                QCOMPARE(splitter.nextOffset(), 39);
                QCOMPARE(splitter.fedOffset(), sample.size());
                QCOMPARE(splitter.pendingBytes(), 7);
            }
        }
    }

    void offsetsStartWhereTheReadStarted()
    {
        LineSplitter splitter(1000);
        const auto lines = split({"a\nbb\nc"}, 0, 64 * 1024, &splitter);
        QCOMPARE(lines.size(), 2u);
        QCOMPARE(lines[0], (Line{u"a"_s, 1000}));
        QCOMPARE(lines[1], (Line{u"bb"_s, 1002}));
        QCOMPARE(splitter.nextOffset(), 1005);
        splitter.reset(0);
        QCOMPARE(splitter.nextOffset(), 0);
        QCOMPARE(splitter.pendingBytes(), 0);
    }

    void emptyInputGivesNothing()
    {
        LineSplitter splitter(7);
        QVERIFY(split({QByteArray(), QByteArray()}, 0, 64 * 1024, &splitter).empty());
        QCOMPARE(splitter.nextOffset(), 7);
    }

    void invalidUtf8IsDecodedLossily()
    {
        QByteArray all;
        for (int i = 0; i < 256; ++i)
            if (i != '\n')
                all.append(char(i));
        all.append('\n');
        const auto lines = split({all, "\xff\xfe\xc3\n"});
        QCOMPARE(lines.size(), 2u);
        QVERIFY(lines[0].text.contains(QChar(0xfffd)));
        QVERIFY(lines[0].text.startsWith(QChar(0)));
        QCOMPARE(lines[1].offset, all.size());
        QCOMPARE(lines[1].text.count(QChar(0xfffd)) >= 2, true);
    }

    void longLinesAreCutIntoExactPieces()
    {
        const QByteArray longLine = QByteArray(25, 'x') + "\nshort\n" + QByteArray(10, 'y') + '\n';
        const std::vector<Line> expected = {{QString(10, u'x'), 0},
                                            {QString(10, u'x'), 10},
                                            {QString(5, u'x'), 20},
                                            {u"short"_s, 26},
                                            {QString(10, u'y'), 32}};
        for (qsizetype a = 0; a <= longLine.size(); ++a) {
            LineSplitter splitter(0, 10);
            const auto lines = split({longLine.left(a), longLine.mid(a)}, 0, 10, &splitter);
            QVERIFY2(lines == expected, qPrintable(u"split at %1"_s.arg(a)));
            QCOMPARE(splitter.nextOffset(), longLine.size());
        }
    }

    void bigChunkManyLines()
    {
        QByteArray data;
        for (int i = 0; i < 10000; ++i)
            data += QByteArray::number(i) + '\n';
        const auto lines = split({data});
        QCOMPARE(lines.size(), 10000u);
        qint64 offset = 0;
        for (int i = 0; i < 10000; ++i) {
            QCOMPARE(lines[size_t(i)].text, QString::number(i));
            QCOMPARE(lines[size_t(i)].offset, offset);
            offset += lines[size_t(i)].text.size() + 1;
        }
    }
};

QTEST_GUILESS_MAIN(TestLineSplitter)
#include "tst_lineSplitter.moc"
