// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI at the largest supported cluster, 128 servers x 8 Ascend NPUs (1,024 ranks): every
// wizard page opens with 128 / 1,024 rows, the topology lists and centres a broken device IP,
// and the run panel takes 40,000 lines/s across 1,024 ranks (through LogStore::append, the entry
// point the run session feeds) within the store's stated bounds. Times are printed (qInfo), never
// asserted: the machines are shared. CLUSTERWIZ_SCREENSHOT_DIR keeps pictures of the rank
// overview and the topology.
#include "WizardTestSupport.h"

#include "logs/LogFilterModel.h"
#include "logs/LogModel.h"
#include "logs/LogView.h"
#include "logs/LossChart.h"
#include "logs/RankOverview.h"
#include "logs/RunPanelSession.h"
#include "model/ProjectJson.h"
#include "plan/Planner.h"
#include "rules/ProjectValidator.h"
#include "widgets/DeviceTable.h"
#include "widgets/ServerTable.h"
#include "widgets/TopologyView.h"
#include "wizard/ClusterWizard.h"
#include "wizard/DevicesPage.h"
#include "wizard/PageId.h"
#include "wizard/ProjectModel.h"
#include "wizard/RunPage.h"
#include "wizard/ServersPage.h"

#include <QComboBox>
#include <QDateTime>
#include <QElapsedTimer>
#include <QGraphicsRectItem>
#include <QListWidget>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <thread>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {
constexpr int kServers = 128;
constexpr int kRanks = kServers * 8;
constexpr int kLinesPerSecond = 40000;

QString serverName(int s)
{
    return u"node%1"_s.arg(s, 3, 10, QChar(u'0'));
}

// The 16x8 example grown to 128 servers, device IPs planned: a valid project.
Project project128()
{
    Project project =
        loadProjectFile(wizardtest::kExamples + u"/ascend-16x8.clusterwiz.json"_s).project;
    const Server model = project.servers.front();
    project.servers.clear();
    project.deviceNetwork = {};
    for (int s = 0; s < kServers; ++s) {
        Server server = model;
        server.name = serverName(s);
        server.host = u"10.1.%1.%2"_s.arg(s / 200).arg(s % 200 + 10);
        server.hostIp.clear();
        server.deviceIps.clear();
        project.servers.push_back(server);
    }
    return planDeviceNetwork(project).project;
}

struct Times {
    std::vector<double> ms;
    QString text() const
    {
        if (ms.empty())
            return u"no frames"_s;
        std::vector<double> sorted = ms;
        std::sort(sorted.begin(), sorted.end());
        double sum = 0;
        for (double m : sorted)
            sum += m;
        return u"%1 frames, mean %2 ms, median %3 ms, p95 %4 ms, max %5 ms"_s.arg(sorted.size())
            .arg(sum / double(sorted.size()), 0, 'f', 1)
            .arg(sorted[sorted.size() / 2], 0, 'f', 1)
            .arg(sorted[sorted.size() * 95 / 100], 0, 'f', 1)
            .arg(sorted.back(), 0, 'f', 1);
    }
};
} // namespace

class TestScale128 : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    void keepPicture(QWidget *widget, const QString &name)
    {
        const QString keep = qEnvironmentVariable("CLUSTERWIZ_SCREENSHOT_DIR");
        if (!keep.isEmpty())
            QVERIFY(widget->grab().save(keep + u'/' + name));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        wizardtest::isolateSettings(m_dir);
        const Project project = project128();
        QCOMPARE(project.totalDevices(), kRanks);
        const Problems problems = validateProject(project);
        QVERIFY2(problems.empty(),
                 qPrintable(problems.empty() ? QString() : problems.front().toString()));
    }

    void opensEveryPage()
    {
        const QString path = m_dir.filePath(u"scale-128x8.clusterwiz.json"_s);
        QCOMPARE(saveProjectFile(project128(), path), QString());
        ClusterWizard wizard;
        wizard.resize(1280, 860);
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(wizard.openProject(path), QString());
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.currentPage()->repaint();
        qInfo("page %d (%s) opened in %lld ms", wizard.currentId(),
              qPrintable(wizard.currentPage()->title()), qlonglong(timer.elapsed()));
        for (int id = ServersPageId; id <= RunPageId; ++id) {
            timer.restart();
            wizard.next();
            QCoreApplication::processEvents();
            wizard.currentPage()->repaint();
            qInfo("page %d (%s) opened in %lld ms", wizard.currentId(),
                  qPrintable(wizard.currentPage()->title()), qlonglong(timer.elapsed()));
            QCOMPARE(wizard.currentId(), id);
            if (id == ServersPageId) {
                const ServerTable *table =
                    static_cast<ServersPage *>(wizard.currentPage())->table();
                QCOMPARE(table->rowCount(), kServers);
                QCOMPARE(table->text(127, ServerTable::Name), serverName(127));
            } else if (id == DevicesPageId) {
                auto *page = static_cast<DevicesPage *>(wizard.currentPage());
                QCOMPARE(page->table()->rowCount(), kServers);
                int devices = 0;
                for (int row = 0; row < kServers; ++row)
                    devices += int(page->table()->text(row, 1).split(u',').size());
                QCOMPARE(devices, kRanks);
                QCOMPARE(page->table()->columnCount(), 2 + 8);
                QVERIFY(page->topology()->deviceItem(kServers - 1, 7));
                QCOMPARE(page->problemList()->count(), 0);
            } else if (id == RunPageId) {
                auto *page = static_cast<RunPage *>(wizard.currentPage());
                QCOMPARE(page->rankOverview()->grid()->cellCount(), kRanks);
                QCOMPARE(page->rankOverview()->grid()->rowCount(), kServers);
            }
        }
    }

    // The wizard validates the whole project again after every edit (ProjectModel::setProject),
    // on the GUI thread, and the Devices page shows the result: timed here, alone and with the
    // page listening, with an edit that breaks one device IP and one that repairs it. The frame
    // budget is 16 ms; the times are printed, not asserted.
    void revalidationAfterAnEdit()
    {
        Project project = project128();
        const QString good = project.servers[100].deviceIps[2];
        ProjectModel model;
        model.newProject(project);
        QVERIFY(model.problems().empty());
        const auto edits = [&](Times &times) {
            for (int i = 0; i < 20; ++i) {
                const bool breaking = i % 2 == 0;
                project.servers[100].deviceIps[2] =
                    breaking ? project.servers[7].deviceIps[2] : good; // a duplicate, then back
                QElapsedTimer timer;
                timer.start();
                model.setProject(project);
                QCoreApplication::processEvents();
                times.ms.push_back(double(timer.nsecsElapsed()) / 1e6);
                QCOMPARE(model.problems().empty(), !breaking);
                if (breaking)
                    QVERIFY(std::any_of(model.problems().begin(), model.problems().end(),
                                        [](const Problem &problem) {
                                            return problem.path == u"servers[100].device_ips[2]";
                                        }));
            }
        };
        Times alone;
        edits(alone);
        qInfo().noquote() << "re-validation after an edit, 128 x 8 (model alone):" << alone.text();

        DevicesPage page(&model);
        page.resize(1280, 860);
        page.initializePage();
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        Times shown;
        edits(shown);
        qInfo().noquote() << "re-validation after an edit, 128 x 8 (Devices page shown):"
                          << shown.text();
    }

    void topologyListsABrokenDeviceIp()
    {
        Project project = project128();
        project.servers[77].deviceIps[5] = project.servers[3].deviceIps[5]; // a duplicate
        ProjectModel model;
        model.newProject(project);
        DevicesPage page(&model);
        page.resize(1280, 860);
        QElapsedTimer timer;
        timer.start();
        page.initializePage();
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.repaint();
        qInfo("devices page with a broken IP: shown in %lld ms", qlonglong(timer.elapsed()));

        TopologyView *view = page.topology();
        QVERIFY(view->isMarked(view->deviceItem(77, 5)));
        QVERIFY(!view->isMarked(view->deviceItem(77, 4)));
        QListWidget *list = page.problemList();
        QVERIFY(list->count() >= 1);
        int row = -1;
        for (int i = 0; i < list->count() && row < 0; ++i)
            if (list->item(i)->data(Qt::UserRole).toInt() == 77)
                row = i;
        QVERIFY2(row >= 0, "no listed problem names server 77");
        QVERIFY(list->item(row)->text().contains(u"node077"_s) ||
                list->item(row)->text().contains(u"device_ips"_s));

        // Clicking the problem selects and centres its device, and the table's cell.
        list->scrollToItem(list->item(row));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(row)).center());
        const int slot = list->item(row)->data(Qt::UserRole + 1).toInt();
        QCOMPARE(view->highlighted(),
                 slot >= 0 ? view->deviceItem(77, slot) : view->serverItem(77));
        QVERIFY(view->highlighted()->isSelected());
        const QPointF centre = view->mapToScene(view->viewport()->rect().center());
        QVERIFY(
            view->highlighted()->sceneBoundingRect().adjusted(-60, -60, 60, 60).contains(centre));
        QCOMPARE(page.table()->currentIndex().row(), 77);
        QVERIFY(view->showsDetail());

        // Find a server by name: it is centred and highlighted.
        view->fit();
        QVERIFY(!view->showsDetail()); // 128 x 8 fitted: labels are not drawn
        page.findField()->setText(u"node120"_s);
        QTest::keyClick(page.findField(), Qt::Key_Return);
        QCOMPARE(view->highlighted(), view->serverItem(120));
        QCOMPARE(view->findServer(u"no-such-server"_s), -1);
        QCOMPARE(view->findServer(u"NODE012"_s), 12); // any case
        QCOMPARE(view->findServer(u"de05"_s), 50);    // the first that holds it

        // Drawing the whole fitted picture and a zoomed-in part.
        Times fitted, zoomed;
        for (int i = 0; i < 5; ++i) {
            view->fit();
            timer.restart();
            view->viewport()->repaint();
            fitted.ms.push_back(double(timer.nsecsElapsed()) / 1e6);
            view->focusOn(64, 3);
            timer.restart();
            view->viewport()->repaint();
            zoomed.ms.push_back(double(timer.nsecsElapsed()) / 1e6);
        }
        qInfo().noquote() << "topology 128 x 8 fitted repaint:" << fitted.text();
        qInfo().noquote() << "topology 128 x 8 zoomed repaint:" << zoomed.text();
        view->fit();
        keepPicture(&page, u"scale-128-devices.png"_s);
    }

    void runPanelTakes40kLinesPerSecond()
    {
        ProjectModel model;
        model.newProject(project128());
        RunPage page(&model);
        page.resize(1400, 900);
        page.initializePage();
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        RankOverview *overview = page.rankOverview();
        RankGrid *grid = overview->grid();
        QCOMPARE(grid->cellCount(), kRanks);
        LogStore *store = page.logStore();

        // A producer thread at 40,000 lines/s across the 1,024 ranks for 3 s, every second line
        // with a loss; the GUI thread refreshes and paints as its timers would, timed per frame.
        std::atomic<bool> done = false;
        std::atomic<qint64> produced = 0;
        std::thread producer([&] {
            QElapsedTimer clock;
            clock.start();
            qint64 n = 0;
            while (clock.elapsed() < 3000) {
                const qint64 due = clock.elapsed() * kLinesPerSecond / 1000;
                for (; n < due; ++n) {
                    const int rank = int(n % kRanks);
                    const qint64 step = n / kRanks;
                    const QString line = n % 2
                                             ? u"step %1 loss = %2"_s.arg(step * 50).arg(
                                                   2.0 / double(step + 1) + 0.001 * rank, 0, 'f', 4)
                                             : u"iteration %1 tokens/s 1234"_s.arg(step);
                    store->append({serverName(rank / 8), rank, line,
                                   QDateTime::currentMSecsSinceEpoch(), n * 40});
                }
                produced = n;
                QThread::msleep(1);
            }
            done = true;
        });
        Times frames;
        QElapsedTimer frame;
        while (!done.load()) {
            frame.start();
            page.logModel()->refresh();
            overview->refresh();
            page.lossChart()->refresh();
            page.repaint();
            frames.ms.push_back(double(frame.nsecsElapsed()) / 1e6);
            QTest::qWait(100);
        }
        producer.join();
        qInfo("fed %lld lines in 3 s (%lld lines/s asked) across %d ranks",
              qlonglong(produced.load()), qlonglong(kLinesPerSecond), kRanks);
        qInfo().noquote() << "run panel frame (model + overview + chart refresh, paint):"
                          << frames.text();
        QVERIFY(produced.load() >= kLinesPerSecond * 2); // the producer kept roughly up

        // Memory within the stated bounds: the ring's lines and bytes, the loss points.
        const LogRing &ring = store->ring();
        qInfo("held: %lld lines (max %lld), %lld bytes, %lld dropped; %lld loss points, %d buckets",
              qlonglong(ring.size()), qlonglong(ring.maxLines()), qlonglong(ring.bytes()),
              qlonglong(ring.dropped()), qlonglong(store->lossPointsHeld()),
              int(store->lossBands().size()));
        QVERIFY(ring.size() <= ring.maxLines());
        QVERIFY(ring.bytes() <= ring.maxBytes());
        QVERIFY(page.logModel()->rowCount() <= ring.maxLines());
        QVERIFY(store->lossPointsHeld() <= qint64(kRanks) * store->lossPointsPerRank());
        QVERIFY(store->lossBands().size() <= 2000);
        QVERIFY(page.lossChart()->bandPointCount() > 0);
        QVERIFY(page.lossChart()->bandPointCount() <= 2000);
        QCOMPARE(page.lossChart()->seriesCount(), 0); // 1,024 ranks: only the band
        // Every rank ran; then the session's status round reports rank 517 failed, rank 3 done.
        overview->refresh();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (int rank = 0; rank < kRanks; ++rank)
            QCOMPARE(overview->states().state(rank, now), RankStates::Running);
        RunSnapshot snapshot;
        snapshot.servers.resize(kServers);
        snapshot.servers[64].exits.push_back({517, 1, double(now) / 1000, double(now) / 1000});
        snapshot.servers[0].exits.push_back({3, 0, double(now) / 1000, double(now) / 1000});
        Q_EMIT page.session()->polled(snapshot); // as the session's thread posts it
        QCOMPARE(overview->states().state(517, now), RankStates::Failed);
        QCOMPARE(overview->states().state(3, now), RankStates::Finished);
        overview->orderBox()->setCurrentIndex(1); // failed first
        QCOMPARE(grid->serverOfRow(0), 64);
        QCOMPARE(grid->rowCount(), kServers);
        page.initializePage(); // back on the page, the same project: the states stay
        QCOMPARE(overview->states().state(517, now), RankStates::Failed);
        overview->orderBox()->setCurrentIndex(2); // only failed or no output
        QCOMPARE(grid->rowCount(), 1);
        // Two minutes later, without a line: every running rank has had no output for N s.
        overview->refreshAt(now + 120000);
        QCOMPARE(overview->states().state(600, now + 120000), RankStates::Stale);
        QCOMPARE(grid->rowCount(), kServers);
        QVERIFY(overview->countsText().contains(u"1 failed"_s));
        overview->refreshAt(now);

        // Hover: the rank, server, device and last line; click: the log shows that rank only.
        const QString tip = overview->states().toolTip(517, now);
        QVERIFY2(tip.contains(u"rank 517"_s) && tip.contains(serverName(64)) &&
                     tip.contains(u"exit code 1"_s) && tip.contains(u"step"_s),
                 qPrintable(tip));
        overview->orderBox()->setCurrentIndex(0);
        QCOMPARE(grid->rankAt(grid->cellRect(64, 5).center()), 517);
        QTest::mouseClick(grid, Qt::LeftButton, {}, grid->cellRect(64, 5).center());
        QCOMPARE(page.logView()->filter()->rank(), 517);
        QVERIFY(page.logView()->filter()->rowCount() > 0);
        for (int row = 0; row < page.logView()->filter()->rowCount(); ++row)
            QCOMPARE(page.logView()->filter()->index(row, 0).data(LogModel::RankRole).toInt(), 517);
        page.lossChart()->refresh();
        QCOMPARE(page.lossChart()->seriesCount(), 1); // the selected rank beside the band
        QVERIFY(page.lossChart()->pointCount(517) > 0);
        overview->orderBox()->setCurrentIndex(1); // the picture: failed first
        QCOMPARE(grid->serverOfRow(0), 64);
        keepPicture(&page, u"scale-128-run-panel.png"_s);

        // One rank past its bound: thinned, never more than lossPointsPerRank points.
        for (int i = 0; i < 5000; ++i)
            store->append({serverName(0), 0, u"step %1 loss = 0.5"_s.arg(100000 + i),
                           QDateTime::currentMSecsSinceEpoch(), 0});
        QVERIFY(store->loss(0).size() <= size_t(store->lossPointsPerRank()));
        QVERIFY(store->lossPointsHeld() <= qint64(kRanks) * store->lossPointsPerRank());
    }
};

QTEST_MAIN(TestScale128)
#include "tst_scale128.moc"
