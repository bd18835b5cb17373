// SPDX-License-Identifier: GPL-3.0-or-later
// The loss of every rank bucketed by step for the run panel's mean and min-max band: exact
// min/max/mean per bucket, pairs merged (older steps into wider buckets) when the steps outgrow
// the bound, so the buckets never exceed it however many points come.
#include "logs/LogStore.h"
#include "logs/LossBands.h"

#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

class TestLossBands : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void minMaxMeanPerStep()
    {
        LossBands bands(100);
        bands.add(0, 1.0);
        bands.add(0, 3.0);
        bands.add(2, 0.5);
        const std::vector<LossBucket> buckets = bands.buckets();
        QCOMPARE(buckets.size(), size_t(2)); // step 1 had no point: no bucket
        QCOMPARE(buckets[0].firstStep, 0);
        QCOMPARE(buckets[0].min, 1.0);
        QCOMPARE(buckets[0].max, 3.0);
        QCOMPARE(buckets[0].mean, 2.0);
        QCOMPARE(buckets[0].count, qint64(2));
        QCOMPARE(buckets[1].firstStep, 2);
        QCOMPARE(bands.width(), 1);
    }

    void mergesOlderStepsWhenTheStepsOutgrowTheBound()
    {
        LossBands bands(10);
        for (int step = 0; step < 10; ++step)
            bands.add(step, double(step));
        QCOMPARE(bands.width(), 1);
        bands.add(10, 10.0); // past bucket 9: pairs merge, width 2
        QCOMPARE(bands.width(), 2);
        std::vector<LossBucket> buckets = bands.buckets();
        QCOMPARE(buckets.size(), size_t(6));
        QCOMPARE(buckets[0].firstStep, 0);
        QCOMPARE(buckets[0].min, 0.0);
        QCOMPARE(buckets[0].max, 1.0);
        QCOMPARE(buckets[0].mean, 0.5);
        QCOMPARE(buckets[5].firstStep, 10);
        bands.add(1000, 7.0); // far ahead: merged until it fits
        QCOMPARE(bands.width(), 128);
        QVERIFY(bands.bucketsHeld() <= 10);
        buckets = bands.buckets();
        QCOMPARE(buckets.front().count, qint64(11)); // steps 0..10 in one bucket
        QCOMPARE(buckets.front().max, 10.0);
        QCOMPARE(buckets.back().firstStep, 896);
        QCOMPARE(bands.added(), qint64(12));
        bands.clear();
        QVERIFY(bands.buckets().empty());
        QCOMPARE(bands.width(), 1);
    }

    void storeKeepsEveryRankInTheBandsWithinItsBound()
    {
        LogStore store(1000, 1 << 20, 16);
        for (int rank = 0; rank < 64; ++rank)
            for (int step = 0; step < 100; ++step)
                store.append({u"s"_s, rank, u"step %1 loss %2"_s.arg(step * 1000).arg(rank), 0, 0});
        const std::vector<LossBucket> buckets = store.lossBands();
        QVERIFY(buckets.size() <= 2000);
        QCOMPARE(buckets.front().min, 0.0);
        QCOMPARE(buckets.front().max, 63.0);
        QCOMPARE(buckets.front().mean, 31.5);
        QCOMPARE(store.lossBandsAdded(), qint64(6400));
        QVERIFY(store.lossPointsHeld() <= 64 * 16);
        QCOMPARE(store.lossPointsPerRank(), qsizetype(16));
        store.clear();
        QVERIFY(store.lossBands().empty());
        QCOMPARE(store.lossPointsHeld(), qint64(0));
    }
};

QTEST_GUILESS_MAIN(TestLossBands)
#include "tst_lossBands.moc"
