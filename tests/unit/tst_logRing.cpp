// SPDX-License-Identifier: GPL-3.0-or-later
// LogRing: ids, since(), at(), the line and byte bounds, a writer and a reader on two threads,
// and holding (a slow reader makes writers wait: nothing dropped, memory bounded).
// LossSeries: bounded, evenly thinned, newest point kept.
// LogStore: the ring and a loss series per rank, fed from several writer threads.
#include "logs/LogRing.h"
#include "logs/LogStore.h"
#include "logs/LossSeries.h"

#include <QTest>
#include <QThread>

#include <atomic>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

LogRecord record(int n, qsizetype extra = 0)
{
    return LogRecord{u"server0"_s, 3, QString::number(n) + QString(extra, u'x'), 0, n * 10};
}

} // namespace

class TestLogRing : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void idsAndSince()
    {
        LogRing ring(100);
        QCOMPARE(ring.lastId(), 0);
        QCOMPARE(ring.firstId(), 1);
        QVERIFY(ring.since(0, 10).empty());
        for (int i = 1; i <= 5; ++i)
            QCOMPARE(ring.append(record(i)), i);
        qint64 first = 0;
        auto got = ring.since(2, 2, &first);
        QCOMPARE(first, 3);
        QCOMPARE(got.size(), 2u);
        QCOMPARE(got[0].line, u"3"_s);
        QCOMPARE(got[1].line, u"4"_s);
        QCOMPARE(got[1].server, u"server0"_s);
        QCOMPARE(got[1].offset, 40);
        QCOMPARE(ring.since(5, 10).size(), 0u);
        QCOMPARE(ring.since(0, 100).size(), 5u);
        QCOMPARE(ring.since(4, 0).size(), 0u);
    }

    void boundedByLines()
    {
        LogRing ring(3);
        for (int i = 1; i <= 10; ++i)
            ring.append(record(i));
        QCOMPARE(ring.size(), 3);
        QCOMPARE(ring.firstId(), 8);
        QCOMPARE(ring.lastId(), 10);
        QCOMPARE(ring.dropped(), 7);
        qint64 first = 0;
        const auto got = ring.since(2, 10, &first); // a reader that fell behind sees the gap
        QCOMPARE(first, 8);
        QCOMPARE(got.size(), 3u);
        QCOMPARE(got.front().line, u"8"_s);
        QCOMPARE(got.back().line, u"10"_s);
    }

    void boundedByBytes()
    {
        const qint64 one = qint64(sizeof(LogRecord)) + 2 * 1001; // "1" + 1000 x
        LogRing ring(1000, one * 4);
        for (int i = 1; i <= 20; ++i)
            ring.append(record(i % 10, 1000));
        QVERIFY(ring.bytes() <= one * 4);
        QCOMPARE(ring.size(), 4);
        QCOMPARE(ring.dropped(), 16);
        // One record bigger than the whole budget is still kept (alone).
        QCOMPARE(ring.append(record(1, 100000)), 21);
        QCOMPARE(ring.size(), 1);
        QCOMPARE(ring.since(0, 10).front().line.size(), 100001);
        ring.append(record(2));
        QCOMPARE(ring.size(), 1);
        QCOMPARE(ring.since(0, 10).front().line, u"2"_s);
    }

    void writerAndReaderOnTwoThreads()
    {
        LogRing ring(1000);
        constexpr int total = 200000;
        std::atomic<bool> done = false;
        QThread *writer = QThread::create([&] {
            for (int i = 1; i <= total; ++i)
                ring.append(record(i));
            done = true;
        });
        writer->start();
        qint64 seen = 0;
        qint64 received = 0;
        int previous = 0;
        for (;;) {
            const bool finished = done.load();
            qint64 first = 0;
            const auto got = ring.since(seen, 500, &first);
            for (size_t k = 0; k < got.size(); ++k) {
                const int n = got[k].line.toInt();
                QCOMPARE(qint64(n), first + qint64(k)); // id == number: nothing mixed up
                QVERIFY(n > previous);
                previous = n;
            }
            received += qint64(got.size());
            if (!got.empty())
                seen = first + qint64(got.size()) - 1;
            if (finished && seen == ring.lastId())
                break;
        }
        writer->wait();
        delete writer;
        QCOMPARE(previous, total);
        QCOMPARE(ring.lastId(), total);
        QVERIFY(received <= total);
        QCOMPARE(ring.dropped(), total - 1000);
    }

    void atAndClear()
    {
        LogRing ring(3);
        for (int i = 1; i <= 5; ++i)
            ring.append(record(i));
        QVERIFY(!ring.at(2)); // dropped
        QCOMPARE(ring.at(4)->line, u"4"_s);
        QVERIFY(!ring.at(6)); // not yet
        ring.clear();
        QCOMPARE(ring.size(), 0);
        QCOMPARE(ring.firstId(), 6); // ids go on
        QCOMPARE(ring.lastId(), 5);
        QCOMPARE(ring.bytes(), 0);
        QCOMPARE(ring.append(record(6)), 6);
        QCOMPARE(ring.since(0, 10).size(), 1u);
    }

    // A reader slower than the writers: with holding on, every record reaches it, in order, and
    // the ring never holds more than its bound (plus the one record a writer may add over it).
    void holdingMakesWritersWait()
    {
        constexpr int kWriters = 3;
        constexpr int kEach = 20000;
        LogRing ring(100);
        ring.setHolding(true);
        std::atomic<qsizetype> largest = 0;
        QList<QThread *> writers;
        for (int w = 0; w < kWriters; ++w) {
            writers << QThread::create([&, w] {
                for (int i = 0; i < kEach; ++i) {
                    ring.append(LogRecord{u"server0"_s, w, QString::number(i), 0, i});
                    largest = std::max(largest.load(), ring.size());
                }
            });
            writers.back()->start();
        }
        std::vector<int> next(kWriters, 0);
        qint64 read = 0;
        while (read < qint64(kWriters) * kEach) {
            QVERIFY(ring.waitForRecords(read, 5000));
            qint64 first = 0;
            const auto got = ring.since(read, 7, &first); // small bites: a slow reader
            QCOMPARE(first, read + 1);                    // no gap: nothing was dropped
            for (const LogRecord &line : got) {
                QCOMPARE(line.line.toInt(), next[size_t(line.rank)]); // each writer in order
                ++next[size_t(line.rank)];
            }
            read += qint64(got.size());
            ring.markRead(read);
        }
        for (QThread *writer : writers) {
            QVERIFY(writer->wait(10000));
            delete writer;
        }
        QCOMPARE(ring.dropped(), qint64(kWriters) * kEach - ring.size()); // each after its read
        QVERIFY2(largest.load() <= 101, qPrintable(QString::number(largest.load())));
        QVERIFY(!ring.waitForRecords(read, 50)); // nothing more: returns after the wait
        // Holding off again: a writer no longer waits for a reader that left.
        ring.setHolding(false);
        for (int i = 0; i < 1000; ++i)
            ring.append(record(i));
        QCOMPARE(ring.size(), 100);
    }

    void storeKeepsLossPerRankAndRanksInOrder()
    {
        LogStore store(1000, 1 << 20, 8);
        QList<QThread *> writers;
        for (int rank = 0; rank < 2; ++rank) {
            writers << QThread::create([&store, rank] {
                for (int step = 0; step < 100; ++step) {
                    store.append({u"server%1"_s.arg(rank), rank,
                                  u"step %1 loss = %2"_s.arg(step).arg(1.0 / (step + 1)), 0, 0});
                    store.append({u"server%1"_s.arg(rank), rank, u"no number here"_s, 0, 0});
                }
            });
            writers.back()->start();
        }
        for (QThread *writer : writers) {
            QVERIFY(writer->wait(10000));
            delete writer;
        }
        QCOMPARE(store.ring().lastId(), 400);
        QCOMPARE(store.ranks().size(), 2u);
        for (int rank = 0; rank < 2; ++rank) {
            QCOMPARE(store.lossAdded(rank), 100);
            const std::vector<LossPoint> points = store.loss(rank);
            QVERIFY(points.size() <= 8u); // the series' bound, evenly thinned
            QCOMPARE(points.front().step, 0);
            QCOMPARE(points.front().loss, 1.0);
        }
        // A loss line without a step goes after the rank's last x.
        store.append({u"server0"_s, 0, u"loss: 0.5"_s, 0, 0});
        QCOMPARE(store.lossAdded(0), 101);
        store.clear();
        QVERIFY(store.ranks().empty());
        QCOMPARE(store.lossAdded(0), 0);
        QCOMPARE(store.ring().size(), 0);
    }

    void lossSeriesIsBoundedAndEven()
    {
        LossSeries series(8);
        for (int i = 0; i < 8; ++i)
            series.add({i, double(i)});
        QCOMPARE(series.points().size(), 8u);
        QCOMPARE(series.stride(), 1);
        series.add({8, 8.0}); // full: keep 0,2,4,6 then 8
        auto points = series.points();
        QCOMPARE(points.size(), 5u);
        QCOMPARE(series.stride(), 2);
        for (size_t i = 0; i < points.size(); ++i)
            QCOMPARE(points[i].step, int(i * 2));
        for (int i = 9; i < 1000; ++i)
            series.add({i, double(i)});
        points = series.points();
        QVERIFY(points.size() <= 8u);
        QCOMPARE(series.added(), 1000);
        QCOMPARE(series.last()->step, 999);
        const int stride = int(series.stride());
        for (size_t i = 0; i < points.size(); ++i)
            QCOMPARE(points[i].step, int(i) * stride);
        QVERIFY(points.back().step > 1000 - 2 * stride);
    }
};

QTEST_GUILESS_MAIN(TestLogRing)
#include "tst_logRing.moc"
