// SPDX-License-Identifier: GPL-3.0-or-later
// Rank speeds from the progress lines real trainers print (logs/RankSpeed.h). Each line below is
// in the format its source prints, named with it:
// - MindSpore LossMonitor / TimeMonitor: mindspore-ai/mindspore@01346f74 and @01fc6efc,
//   mindspore/python/mindspore/train/callback/_loss_monitor.py ("epoch: %s step: %s, loss is %s")
//   and _time_monitor.py ("epoch time: {:5.3f} ms, per step time: {:5.3f} ms");
// - Megatron-LM training_log: " iteration {:8d}/{:8d} |" ... " elapsed time per iteration (ms):
//   {:.1f} |" (megatron/training/training.py), the line as a public run log printed it;
// - tqdm format_meter: r_bar "| {n_fmt}/{total_fmt} [{elapsed}<{remaining}, {rate_fmt}{postfix}]",
//   rate "{:5.2f}it/s", or "{:5.2f}s/it" below one a second (tqdm/tqdm@000ba6fa:tqdm/std.py);
// - Hugging Face Trainer's train metrics: 'train_samples_per_second', 'train_steps_per_second';
// - pytorch/examples imagenet/main.py ProgressMeter: "Epoch: [0][  10/5005]\tTime ...".
#include "logs/LogStore.h"
#include "logs/RankSpeed.h"

#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(std::optional<double>)

class TestRankSpeed : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<qint64>("step");  // -1: none
        QTest::addColumn<double>("steps"); // 0: none
        QTest::addColumn<double>("samples");
        const auto row = [](const char *name, const QString &line, qint64 step, double steps,
                            double samples) {
            QTest::newRow(name) << line << step << steps << samples;
        };
        row("mindspore loss monitor", u"epoch: 1 step: 10, loss is 2.3025851"_s, 10, 0, 0);
        row("mindspore time monitor", u"epoch time: 1234.567 ms, per step time: 12.346 ms"_s, -1,
            1000 / 12.346, 0);
        row("megatron",
            u" [2025-04-13 23:41:12] iteration       10/    1000 | consumed samples:          "
            u"160 | elapsed time per iteration (ms): 1147.6 | learning rate: 0.000000E+00 | "
            u"global batch size:    16 | loss scale: 8388608.0 |"_s,
            10, 1000 / 1147.6, 0);
        row("tqdm it/s", u" 5%|\u258c         | 50/1000 [00:10<03:10,  4.98it/s]"_s, 50, 4.98, 0);
        row("tqdm s/it", u"  0%|          | 1/500 [00:02<20:41,  2.49s/it]"_s, 1, 1 / 2.49, 0);
        // tqdm redraws on one line with '\r': the newest bar counts.
        row("tqdm redrawn",
            u"\r 1%|          | 10/1000 [00:02<03:20,  4.90it/s]\r 2%|\u258f         | "
            u"20/1000 [00:04<03:18,  4.95it/s]"_s,
            20, 4.95, 0);
        row("trainer metrics",
            u"{'train_runtime': 41.2378, 'train_samples_per_second': 72.748, "
            u"'train_steps_per_second': 9.093, 'train_loss': 0.4120, 'epoch': 3.0}"_s,
            -1, 9.093, 72.748);
        row("trainer log dict", u"{'loss': 0.6931, 'learning_rate': 4.9e-05, 'step': 20}"_s, 20, 0,
            0);
        row("imagenet", u"Epoch: [0][  10/5005]\tTime  0.345 ( 0.512)\tLoss 6.9077e+00"_s, 10, 0,
            0);
        row("global_step", u"global_step=300 lr=0.1"_s, 300, 0, 0);
        row("samples/s", u"throughput: 1520.5 samples/s"_s, -1, 0, 1520.5);
        row("samples/sec", u"step 7 | 88.0 samples/sec"_s, 7, 0, 88.0);
        // Only look alike.
        row("eval metrics", u"{'eval_loss': 0.3, 'eval_steps_per_second': 20.1}"_s, -1, 0, 0);
        row("no digits", u"Epoch done"_s, -1, 0, 0);
        row("val_step", u"val_step: 3 val_loss: 0.2"_s, -1, 0, 0);
        row("steps plural", u"total steps: 1000"_s, -1, 0, 0);
        row("unit/s", u"read 5 unit/s"_s, -1, 0, 0);
        row("zero rate", u"per step time: 0.000 ms"_s, -1, 0, 0);
        row("step decimal", u"step 1.5 of warmup"_s, -1, 0, 0);
        row("huge", QString(5000, u'1') + u" it/s"_s, -1, 0, 0);
    }

    void parse()
    {
        QFETCH(QString, line);
        QFETCH(qint64, step);
        QFETCH(double, steps);
        QFETCH(double, samples);
        const RankProgress progress = parseRankProgress(line);
        QCOMPARE(progress.step.value_or(-1), step);
        QVERIFY2(steps == 0
                     ? !progress.stepsPerSecond
                     : progress.stepsPerSecond && qFuzzyCompare(*progress.stepsPerSecond, steps),
                 qPrintable(QString::number(progress.stepsPerSecond.value_or(-1))));
        QVERIFY(samples == 0 ? !progress.samplesPerSecond
                             : progress.samplesPerSecond &&
                                   qFuzzyCompare(*progress.samplesPerSecond, samples));
    }

    // Counters become rates by the lines' arrival; a printed rate wins; a rank that stops moving
    // is stalled (0); a counter that starts again (a new epoch of LossMonitor) keeps counting.
    void speedsOverTime()
    {
        RankSpeeds speeds;
        const qint64 t0 = 1'000'000;
        for (int i = 0; i <= 100; ++i) {
            // rank 0: 10 steps/s; rank 1: 5 steps/s, its counter wrapping every 20 steps.
            speeds.add(0, parseRankProgress(u"step %1 loss 1"_s.arg(i)), t0 + i * 100);
            if (i % 2 == 0)
                speeds.add(1,
                           parseRankProgress(u"epoch: 1 step: %1, loss is 1"_s.arg(i / 2 % 20 + 1)),
                           t0 + i * 100);
        }
        speeds.add(2, parseRankProgress(u"epoch time: 500.0 ms, per step time: 250.000 ms"_s), t0);
        std::vector<RankSpeed> now = speeds.speeds(t0 + 10'000);
        QCOMPARE(now.size(), size_t(3));
        QCOMPARE(now[0].rank, 0);
        QVERIFY(now[0].fromCounter);
        QVERIFY2(qAbs(*now[0].stepsPerSecond - 10) < 0.01,
                 qPrintable(QString::number(*now[0].stepsPerSecond)));
        QCOMPARE(now[0].lastStep, 100);
        QVERIFY2(qAbs(*now[1].stepsPerSecond - 5) < 0.3,
                 qPrintable(QString::number(*now[1].stepsPerSecond)));
        QCOMPARE(*now[2].stepsPerSecond, 4.0);
        QVERIFY(!now[2].fromCounter);
        QVERIFY(!now[0].stalled && !now[1].stalled && !now[2].stalled);

        // 40 s later nothing moved: every rank stalled, at 0.
        now = speeds.speeds(t0 + 50'000);
        for (const RankSpeed &speed : now) {
            QVERIFY(speed.stalled);
            QCOMPARE(*speed.stepsPerSecond, 0.0);
        }
        // Rank 0 goes on at 2 steps/s: a window later its rate is the new one.
        for (int i = 1; i <= 150; ++i)
            speeds.add(0, parseRankProgress(u"step %1"_s.arg(100 + i)), t0 + 50'000 + i * 500);
        now = speeds.speeds(t0 + 50'000 + 150 * 500);
        QVERIFY(!now[0].stalled);
        QVERIFY2(qAbs(*now[0].stepsPerSecond - 2) < 0.05,
                 qPrintable(QString::number(*now[0].stepsPerSecond)));

        // Per server: ranks 0-1 and 2-3 (rank 3 printed nothing).
        RankSpeeds pair;
        pair.add(0, parseRankProgress(u" 5%| | 50/1000 [00:10<03:10,  4.00it/s]"_s), t0);
        pair.add(1, parseRankProgress(u" 5%| | 50/1000 [00:10<03:10,  2.00it/s]"_s), t0);
        pair.add(
            2,
            parseRankProgress(u"'train_samples_per_second': 10.5, 'train_steps_per_second': 1.0"_s),
            t0);
        const std::vector<RankSpeed> both = pair.speeds(t0 + 1000);
        const ServerSpeed first = serverSpeed(both, 0, 2);
        QCOMPARE(first.ranksKnown, 2);
        QCOMPARE(*first.meanStepsPerSecond, 3.0);
        QCOMPARE(first.slowestRank, 1);
        QCOMPARE(first.slowestStepsPerSecond, 2.0);
        const ServerSpeed second = serverSpeed(both, 2, 2);
        QCOMPARE(second.ranksKnown, 1);
        QCOMPARE(*second.samplesPerSecond, 10.5);
        QCOMPARE(serverSpeed(both, 4, 2).ranksKnown, 0);
    }

    // A rank printing 1,000 steps a second for 100 s: a few hundred points, the rate still right.
    void fastRankStaysBounded()
    {
        RankSpeeds speeds;
        for (int i = 0; i < 100'000; ++i)
            speeds.add(0, RankProgress{i, {}, {}}, 1'000'000 + i);
        QVERIFY2(speeds.pointsHeld() <= kSpeedWindowMs / kSpeedPointSpacingMs + 3,
                 qPrintable(QString::number(speeds.pointsHeld())));
        const std::vector<RankSpeed> now = speeds.speeds(1'000'000 + 99'999);
        QVERIFY2(qAbs(*now[0].stepsPerSecond - 1000) < 1,
                 qPrintable(QString::number(*now[0].stepsPerSecond)));
    }

    // The store reads speeds alongside the loss, from the records' receive times.
    void storeKeepsSpeeds()
    {
        LogStore store;
        for (int i = 0; i < 20; ++i)
            store.append(LogRecord{u"s0"_s, 3, u"iteration %1/100 | loss: 1.0"_s.arg(i),
                                   1000 + i * 250, 0, 0});
        const std::vector<RankSpeed> speeds = store.rankSpeeds(1000 + 19 * 250);
        QCOMPARE(speeds.size(), size_t(1));
        QCOMPARE(speeds[0].rank, 3);
        QVERIFY(qAbs(*speeds[0].stepsPerSecond - 4) < 0.01);
        QCOMPARE(store.lossAdded(3), 20);
        store.clear();
        QVERIFY(store.rankSpeeds(0).empty());
    }
};

QTEST_GUILESS_MAIN(TestRankSpeed)
#include "tst_rankSpeed.moc"
