// SPDX-License-Identifier: GPL-3.0-or-later
// The log panel's parts with synthetic input in the core LogStore they view: the model follows
// the store's bound and order, the filter and search find lines, the loss chart draws the
// store's bounded series per rank, and the GUI thread stays responsive while a producer thread
// pushes 4 ranks x 10,000 lines/s into the store.
#include "logs/LogFilterModel.h"
#include "logs/LogModel.h"
#include "logs/LogStore.h"
#include "logs/LogView.h"
#include "logs/LossChart.h"
#include "logs/LossParser.h"
#include "wizard/ProjectModel.h"
#include "wizard/RunPage.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QListView>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include <atomic>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {
void addLines(LogStore &store, int rank, int first, int count)
{
    for (int i = first; i < first + count; ++i)
        store.append({u"server%1"_s.arg(rank / 2), rank,
                      u"step %1 loss = 0.%2"_s.arg(i).arg(i % 1000), 0, 0});
}
} // namespace

class TestLogPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void keepsItsCapAndOrder()
    {
        LogStore store(1000);
        LogModel model(&store);
        addLines(store, 0, 0, 700);
        model.refresh();
        QCOMPARE(model.rowCount(), 700);
        addLines(store, 1, 700, 700);
        model.refresh();
        QCOMPARE(model.rowCount(), 1000);
        QCOMPARE(model.dropped(), 400);
        QCOMPARE(model.received(), 1400);
        // The oldest went; the newest is last.
        QVERIFY(model.index(0).data(LogModel::TextRole).toString().startsWith(u"step 400 "_s));
        QCOMPARE(model.index(999).data().toString(), u"[server0/1] step 1399 loss = 0.399"_s);
        addLines(store, 2, 0, 5000); // more than the bound between two refreshes
        model.refresh();
        QCOMPARE(model.rowCount(), 1000);
        QVERIFY(model.index(0).data(LogModel::TextRole).toString().startsWith(u"step 4000 "_s));
    }

    void filtersAndSearches()
    {
        LogStore store(10000);
        LogModel model(&store);
        LogView view(&model);
        for (int rank = 0; rank < 4; ++rank)
            addLines(store, rank, 0, 100);
        model.refresh();
        QCOMPARE(view.filter()->rowCount(), 400);
        view.filter()->setRank(2);
        QCOMPARE(view.filter()->rowCount(), 100);
        view.filter()->setText(u"STEP 5"_s);
        QCOMPARE(view.filter()->rowCount(), 11); // step 5, 50..59
        view.filter()->setRank(-1);
        view.filter()->setText(QString());
        QVERIFY(view.follows());
        QVERIFY(view.findNext(u"step 42 "_s));
        QVERIFY(!view.follows());
        QCOMPARE(view.list()->currentIndex().data(LogModel::TextRole).toString(),
                 u"step 42 loss = 0.42"_s);
        QVERIFY(!view.findNext(u"no such line"_s));
    }

    void lossChartDrawsTheStoresSeries()
    {
        LogStore store(1000, 1 << 20, 64);
        LossChart chart(&store);
        addLines(store, 0, 0, 40);
        addLines(store, 1, 0, 40);
        chart.refresh();
        QCOMPARE(chart.seriesCount(), 2);
        QCOMPARE(chart.pointCount(0), 40);
        addLines(store, 1, 40, 1000); // past the series' bound: thinned there, drawn as it is
        chart.refresh();
        QCOMPARE(chart.pointCount(1), int(store.loss(1).size()));
        QVERIFY(chart.pointCount(1) <= 64);
        QCOMPARE(chart.pointCount(0), 40);
        chart.clear();
        QCOMPARE(chart.seriesCount(), 0);
    }

    void marksTheFirstFailingRank()
    {
        LogStore store(100);
        LogModel model(&store);
        LogView view(&model);
        addLines(store, 0, 0, 3);
        addLines(store, 3, 0, 3);
        model.refresh();
        QCOMPARE(view.rankBox()->count(), 3); // all, 0, 3
        model.markRank(3);
        view.showRank(3, u"failed first"_s);
        QCOMPARE(view.filter()->rank(), 3);
        QCOMPARE(view.rankBox()->currentText(), u"server1/3 — failed first"_s);
        QVERIFY(!model.index(0).data(Qt::BackgroundRole).isValid());
        QVERIFY(model.index(3).data(Qt::BackgroundRole).isValid());
        model.clear(); // a new run: no mark, no old ranks, no old lines
        QCOMPARE(view.rankBox()->count(), 1);
        QCOMPARE(model.markedRank(), -1);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(store.ring().size(), 0);
        addLines(store, 1, 0, 2);
        model.refresh();
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.received(), 2);
        QCOMPARE(view.rankBox()->count(), 2);
    }

    // A picture of the Run page fed with lines recorded from a real 2-server cpu job (and the
    // loss values parsed from them), for a person to check the layout (CLUSTERWIZ_SCREENSHOT_DIR;
    // tests/gui/screenshots.sh sets it; with the test cluster it also takes a live one).
    void panelPicture()
    {
        const QString dir = qEnvironmentVariable("CLUSTERWIZ_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("CLUSTERWIZ_SCREENSHOT_DIR not set");
        QFile recorded(QStringLiteral(CLUSTERWIZ_TEST_DATA "/logs/run-cpu-2x1.txt"));
        QVERIFY(recorded.open(QIODevice::ReadOnly));
        ProjectModel project;
        QCOMPARE(project.load(QStringLiteral(CLUSTERWIZ_SOURCE_DIR
                                             "/resources/examples/cpu-2x2.clusterwiz.json")),
                 QString());
        RunPage page(&project);
        page.setFleetOptions({});
        bool anyLoss = false;
        while (!recorded.atEnd()) {
            const QStringList fields =
                QString::fromUtf8(recorded.readLine()).chopped(1).split(u'\t');
            if (fields.size() != 3)
                continue;
            page.logStore()->append({fields[0], fields[1].toInt(), fields[2], 0, 0});
            anyLoss = anyLoss || parseLoss(fields[2]).has_value();
        }
        QVERIFY(anyLoss);
        page.logModel()->refresh();
        page.lossChart()->refresh();
        page.resize(1000, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QTest::qWait(200);
        QVERIFY(page.grab().save(dir + u"/run-panel.png"_s));
    }

    void staysResponsiveUnderLoad()
    {
        constexpr int kRanks = 4;
        constexpr int kLinesPerSecond = 10000;
        constexpr int kMs = 2500;
        constexpr int kCap = 50000;
        LogStore store(kCap);
        LogModel model(&store);
        LogView view(&model);
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        std::atomic<bool> stop = false;
        std::atomic<qint64> produced = 0;
        // Each tick of 10 ms every rank delivers its share, as a log stream reader would.
        QThread *producer = QThread::create([&] {
            QElapsedTimer clock;
            clock.start();
            int tick = 0;
            while (!stop && clock.elapsed() < kMs) {
                const int perTick = kLinesPerSecond / 100;
                for (int rank = 0; rank < kRanks; ++rank)
                    addLines(store, rank, tick * perTick, perTick);
                produced += qint64(perTick) * kRanks;
                ++tick;
                const qint64 next = qint64(tick) * 10;
                if (clock.elapsed() < next)
                    QThread::msleep(ulong(next - clock.elapsed()));
            }
        });

        qint64 maxLatency = 0;
        QElapsedTimer since;
        QTimer probe;
        probe.setInterval(5);
        QObject::connect(&probe, &QTimer::timeout,
                         [&] { maxLatency = std::max(maxLatency, since.restart() - 5); });
        since.start();
        probe.start();
        producer->start();
        QTRY_VERIFY_WITH_TIMEOUT(producer->isFinished(), kMs + 5000);
        QTest::qWait(300); // the last batch
        probe.stop();
        stop = true;
        producer->wait();
        delete producer;

        qInfo("produced %lld lines, model holds %d (cap %d), dropped %lld; max event-loop latency "
              "%lld ms",
              qlonglong(produced.load()), model.rowCount(), kCap, qlonglong(model.dropped()),
              qlonglong(maxLatency));
        QVERIFY(produced.load() >= qint64(kRanks) * kLinesPerSecond); // at least one second's worth
        QCOMPARE(model.rowCount(), kCap);
        QCOMPARE(model.received(), produced.load());
        QVERIFY2(maxLatency < 1000, qPrintable(u"GUI stalled for %1 ms"_s.arg(maxLatency)));
    }
};

QTEST_MAIN(TestLogPanel)
#include "tst_logPanel.moc"
