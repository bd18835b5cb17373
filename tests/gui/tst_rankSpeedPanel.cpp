// SPDX-License-Identifier: GPL-3.0-or-later
// The run panel's Speed tab: each rank's steps per second from the progress lines in the run's
// log store, slowest first and sorted by a click on a column's header, the median and the
// slowest rank named, and the verdicts on the run (a straggler rank, an idle device, a device
// whose health npu-smi reports as Warning) from the status rounds' samples (the vendor's
// documented format, tests/data/samples); the Run page's Speed tab fed by the session's polls.
#include "RunPanelSupport.h"

#include "launch/DeviceSample.h"
#include "logs/LogStore.h"
#include "logs/RankSpeedPanel.h"
#include "logs/RunPanelSession.h"
#include "model/ProjectJson.h"
#include "wizard/ProjectModel.h"
#include "wizard/RunPage.h"

#include <QDateTime>
#include <QHeaderView>
#include <QTabWidget>
#include <QTableWidget>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

namespace {

// The 2 x 8 example's ranks (the first `ranks` of its 16) print "step: N" once a second for
// 30 s, rank 3 (server0's fourth device) every 2 s: half the others' speed. The last line is
// 10 s before `nowMs`.
void printSteps(LogStore &store, qint64 nowMs, int ranks = 16)
{
    const qint64 start = nowMs - 40'000;
    for (qint64 ms = 0; ms <= 30'000; ms += 1000) {
        for (int rank = 0; rank < ranks; ++rank) {
            if (rank == 3 && ms % 2000 != 0)
                continue;
            const qint64 step = rank == 3 ? ms / 2000 : ms / 1000;
            store.append({rank < 8 ? u"server0"_s : u"server1"_s, rank,
                          u"epoch 0 step: %1 loss 0.5"_s.arg(step), start + ms});
        }
    }
}

// A status round in which server1 of the example took the npu-smi sample of the 910B1 file
// (device 7 at 0 % while the others are near 90 %, device 5's health Warning).
RunSnapshot npuRound(qint64 timeS)
{
    return pollWith(2, 1, u"npu"_s, u"npu-smi-910b1-8.txt"_s, timeS);
}

// The panel on the 2 x 8 example, shown, over a store of its own.
struct ShownPanel {
    LogStore store;
    RankSpeedPanel panel{&store};
    ShownPanel()
    {
        panel.setProject(loadProjectFile(kExample2x8).project);
        panel.resize(900, 500);
        panel.show();
    }
};

QString column(const QTableWidget *table, int column)
{
    QStringList cells;
    for (int row = 0; row < table->rowCount(); ++row)
        cells << table->item(row, column)->text();
    return cells.join(u' ');
}

} // namespace

class TestRankSpeedPanel : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { isolateSettings(m_dir); }

    void noProgressYet()
    {
        LogStore store;
        RankSpeedPanel panel(&store);
        panel.setProject(loadProjectFile(kExample2x8).project);
        store.append(
            {u"server0"_s, 0, u"loading the data set"_s, QDateTime::currentMSecsSinceEpoch()});
        panel.refresh(QDateTime::currentMSecsSinceEpoch());
        QCOMPARE(panel.table()->rowCount(), 0);
        QVERIFY2(panel.summaryText().startsWith(u"No rank has printed its progress yet"_s),
                 qPrintable(panel.summaryText()));
        QVERIFY(panel.verdictLines().isEmpty());
    }

    // Progress lines that all arrived at one moment (a finished run's logs read at once, the
    // demo run): the ranks printed their progress, but no rate can be taken from them, and the
    // summary says so instead of "no rank has printed its progress".
    void progressWithoutARate()
    {
        LogStore store;
        RankSpeedPanel panel(&store);
        panel.setProject(loadProjectFile(kExample2x8).project);
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (int step = 0; step < 12; ++step) {
            for (int rank = 0; rank < 16; ++rank)
                store.append({rank < 8 ? u"server0"_s : u"server1"_s, rank,
                              u"step %1 loss = 2.3"_s.arg(step), now - 5'000});
        }
        panel.refresh(now);
        QVERIFY2(panel.summaryText().startsWith(u"Ranks printed their progress (16), but no "
                                                "speed can be told from it yet"_s),
                 qPrintable(panel.summaryText()));
        QVERIFY(panel.verdictLines().isEmpty());
    }

    void slowestFirstAndNamed()
    {
        ShownPanel shown;
        LogStore &store = shown.store;
        RankSpeedPanel &panel = shown.panel;
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        printSteps(store, now);
        panel.refresh(now);

        QTableWidget *table = panel.table();
        QCOMPARE(table->rowCount(), 16);
        QCOMPARE(table->item(0, 0)->text(), u"3"_s);
        QCOMPARE(table->item(0, 1)->text(), u"server0"_s);
        QCOMPARE(table->item(0, 2)->text(), u"0.50"_s);
        QCOMPARE(table->item(1, 2)->text(), u"1.00"_s);
        QCOMPARE(table->item(0, 4)->text(), u"15"_s);
        QVERIFY2(table->item(0, 5)->text().startsWith(u"straggler: 50% below the median"_s),
                 qPrintable(table->item(0, 5)->text()));
        QVERIFY(table->item(1, 5)->text().isEmpty());
        QVERIFY2(panel.summaryText().contains(u"Ranks printing their progress: 16; median 1.00 "
                                              "steps/s; the slowest is rank 3 (server0) at "
                                              "0.50 steps/s."_s),
                 qPrintable(panel.summaryText()));
        const QStringList verdicts = panel.verdictLines();
        QCOMPARE(verdicts.size(), 1);
        QVERIFY2(verdicts.front().startsWith(u"rank 3 on server0 (device 3) is a straggler: "_s) &&
                     verdicts.front().contains(u"50 % below the ranks' median"_s),
                 qPrintable(verdicts.front()));
        keepPicture(&panel, u"speed-2x8-straggler.png"_s);
    }

    // The summary's median is the one the straggler verdicts hold a rank against: over the
    // ranks with enough progress lines (kStragglerMinUpdates). Here server1's ranks printed only
    // two lines each, at twice the others' rate: a median over every rank with a rate would be
    // 1.50, the verdicts' is 1.00, and both lines say 1.00.
    void summaryMedianIsTheVerdicts()
    {
        ShownPanel shown;
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const qint64 start = now - 40'000;
        printSteps(shown.store, now, 8);
        for (int rank = 8; rank < 16; ++rank) {
            shown.store.append({u"server1"_s, rank, u"epoch 0 step: 0 loss 0.5"_s, start + 20'000});
            shown.store.append(
                {u"server1"_s, rank, u"epoch 0 step: 20 loss 0.5"_s, start + 30'000});
        }
        shown.panel.refresh(now);
        const QString summary = shown.panel.summaryText();
        // server1's ranks have a rate (2.00), so a median over every rate would differ.
        QVERIFY2(summary.startsWith(u"Ranks printing their progress: 16; median 1.00 steps/s;"_s),
                 qPrintable(summary));
        const QStringList verdicts = shown.panel.verdictLines();
        QVERIFY2(verdicts.size() == 1 && verdicts.front().contains(u"the ranks' median of 1.00"_s),
                 qPrintable(verdicts.join(u'\n')));
    }

    // Two lines give each rank a rate (its counter over their 8 s), not yet a median: no rank
    // has the lines the verdicts ask for, so there is no verdict either, rank 3's slower
    // counter notwithstanding.
    void noMedianBeforeEnoughLines()
    {
        ShownPanel shown;
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (int rank = 0; rank < 16; ++rank) {
            shown.store.append({rank < 8 ? u"server0"_s : u"server1"_s, rank,
                                u"epoch 0 step: 0 loss 0.5"_s, now - 10'000});
            shown.store.append({rank < 8 ? u"server0"_s : u"server1"_s, rank,
                                u"epoch 0 step: %1 loss 0.5"_s.arg(rank == 3 ? 2 : 8),
                                now - 2'000});
        }
        shown.panel.refresh(now);
        const QString summary = shown.panel.summaryText();
        QVERIFY2(summary.contains(u"no median yet (a rank needs 3 progress lines)"_s),
                 qPrintable(summary));
        QVERIFY(shown.panel.verdictLines().isEmpty());
    }

    // A click on a header sorts by that column (as numbers: rank 10 after rank 9), a second
    // click the other way; a refresh keeps the order chosen.
    void headerClickSorts()
    {
        ShownPanel shown;
        LogStore &store = shown.store;
        RankSpeedPanel &panel = shown.panel;
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        printSteps(store, now);
        panel.refresh(now);
        QHeaderView *header = panel.table()->horizontalHeader();
        const auto clickHeader = [header](int section) {
            QTest::mouseClick(
                header->viewport(), Qt::LeftButton, {},
                QPoint(header->sectionViewportPosition(section) + header->sectionSize(section) / 2,
                       header->height() / 2));
        };
        clickHeader(0);
        QCOMPARE(column(panel.table(), 0), u"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"_s);
        clickHeader(0);
        QCOMPARE(column(panel.table(), 0), u"15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0"_s);
        panel.refresh(now + 1000);
        QCOMPARE(panel.table()->item(0, 0)->text(), u"15"_s);
        clickHeader(2);
        QCOMPARE(panel.table()->item(0, 0)->text(), u"3"_s);
    }

    // Three rounds of samples: device 7 idle while its peers work, device 5's health Warning.
    void verdictsFromTheRounds()
    {
        LogStore store;
        RankSpeedPanel panel(&store);
        panel.setProject(loadProjectFile(kExample2x8).project);
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        panel.applyPoll(npuRound(now - 10));
        panel.applyPoll(npuRound(now - 5));
        QVERIFY2(!panel.verdictLines().join(u'\n').contains(u"idle"_s),
                 qPrintable(panel.verdictLines().join(u'\n')));
        panel.applyPoll(npuRound(now));
        const QString verdicts = panel.verdictLines().join(u'\n');
        QVERIFY2(verdicts.contains(u"server1 device 7 (rank 15) is idle"_s), qPrintable(verdicts));
        QVERIFY2(verdicts.contains(u"server1 device 5 (rank 13): npu-smi reports its health as "
                                   "Warning"_s),
                 qPrintable(verdicts));
        // A new project (or a new run) starts without the old run's samples.
        panel.setProject(loadProjectFile(kExample2x8).project);
        QVERIFY(panel.verdictLines().isEmpty());
    }

    // The Run page shows the panel in its Speed tab, fed by the session's polls.
    void runPageFeedsTheSpeedTab()
    {
        ShownRunPage shown;
        QVERIFY(shown.loaded);
        RunPage &page = shown.page;
        QCOMPARE(clickTab(&page, u"runTabs"_s, u"Speed"_s), page.speedPanel());
        printSteps(*page.logStore(), QDateTime::currentMSecsSinceEpoch());
        Q_EMIT page.session()->polled(npuRound(QDateTime::currentSecsSinceEpoch()));
        QCOMPARE(page.speedPanel()->table()->rowCount(), 16);
        QCOMPARE(page.speedPanel()->table()->item(0, 0)->text(), u"3"_s);
        QVERIFY2(page.speedPanel()->verdictLines().join(u'\n').contains(u"rank 3 on server0"_s),
                 qPrintable(page.speedPanel()->verdictLines().join(u'\n')));
        keepPicture(&page, u"run-page-speed-2x8.png"_s);
    }
};

QTEST_MAIN(TestRankSpeedPanel)
#include "tst_rankSpeedPanel.moc"
