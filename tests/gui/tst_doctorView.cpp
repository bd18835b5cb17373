// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard's network doctor and "Why?" with their runners handed in (the real runDoctor and
// runDiagnose plug in the same way; against real servers: tests/cluster/tst_doctor and
// tst_diagnose): the doctor runs off the GUI thread with progress and Cancel, draws server x
// server matrices with failed cells red and slow ones amber, and a click shows a cell's
// evidence; the Checks page opens it. "Why?" shows the first failure or the ranks behind, and the
// run panel's hang watch says hung once every rank has been silent long enough. A server not
// reached is its own state: grey cells saying why, never a suspect, counted apart; and the cells
// fill as the servers report, not at the end.
#include "WizardTestSupport.h"

#include "logs/HangWatch.h"
#include "logs/LogStore.h"
#include "logs/RankOverview.h"
#include "logs/WhyDialog.h"
#include "model/ProjectJson.h"
#include "widgets/DoctorMatrixModel.h"
#include "widgets/DoctorView.h"
#include "wizard/ChecksPage.h"
#include "wizard/ClusterWizard.h"
#include "wizard/ProjectModel.h"
#include "wizard/RunPage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QThread>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

namespace {

Project threeServers()
{
    Project project = loadProjectFile(kExample2x8).project;
    Server third = project.servers.back();
    third.name = u"server2"_s;
    project.servers.push_back(third);
    return project;
}

// s1's device 1 answers nobody; s1-s2 is a slow pair.
DoctorReport sampleReport()
{
    DoctorReport report;
    report.parts = {DoctorPart::Links, DoctorPart::Bandwidth};
    const QStringList names{u"server0"_s, u"server1"_s, u"server2"_s};
    for (const QString &from : names) {
        for (const QString &to : names) {
            for (int device = 0; device < 2 && from != to; ++device) {
                DeviceLink link;
                link.server = from;
                link.device = link.peerDevice = device;
                link.peerServer = to;
                link.peerIp = u"192.168.100.1"_s;
                const bool down = device == 1 && (from == u"server1" || to == u"server1");
                link.ok = !down;
                link.lossPct = down ? 100 : 0;
                link.evidence = down ? u"hccn_tool: recv time out seq=0"_s : u"3 of 3 received"_s;
                report.links.push_back(link);
            }
        }
    }
    report.bandwidth = {{u"server0"_s, u"server1"_s, 1.0, false, {}, {}},
                        {u"server0"_s, u"server2"_s, 1.1, false, {}, {}},
                        {u"server1"_s, u"server2"_s, 0.1, false, {}, {}}};
    flagSlowPairs(report.bandwidth);
    findSuspects(report);
    return report;
}

// server1 was never reached: its own pings did not run; those to it ran and failed.
DoctorReport unreachedReport()
{
    DoctorReport report;
    report.parts = {DoctorPart::Links};
    const QStringList names{u"server0"_s, u"server1"_s, u"server2"_s};
    const QString why = u"127.0.0.1:1: cannot connect: Connection refused"_s;
    for (const QString &from : names) {
        for (const QString &to : names) {
            for (int device = 0; device < 2 && from != to; ++device) {
                DeviceLink link;
                link.server = from;
                link.device = link.peerDevice = device;
                link.peerServer = to;
                link.peerIp = u"192.168.100.1"_s;
                link.ok = to != u"server1";
                link.evidence = link.ok ? u"3 of 3 received"_s : u"recv time out seq=0"_s;
                if (from == u"server1") {
                    link.ok = false;
                    link.notReached = from;
                    link.evidence = notReachedText(from, why);
                }
                report.links.push_back(link);
            }
        }
    }
    report.addNotReached(u"server1"_s, why);
    report.problems << u"links: server1 not tested: "_s + why;
    findSuspects(report);
    return report;
}

// The Atlas A3 example (two super pods of two servers), dies 0 and 1: the last server's die 1
// answers nobody. Inside a pod the links are hccs_ping, across pods -ping.
DoctorReport a3Report(const Project &project)
{
    DoctorReport report;
    report.parts = {DoctorPart::Links};
    const auto podOf = [&](const QString &server) {
        for (const SuperPod &pod : project.superPods) {
            if (pod.servers.contains(server))
                return pod.id;
        }
        return QString();
    };
    const QString faulty = project.servers.back().name;
    for (const Server &from : project.servers) {
        for (const Server &to : project.servers) {
            for (int die = 0; die < 2 && from.name != to.name; ++die) {
                DeviceLink link;
                link.server = from.name;
                link.device = link.peerDevice = die;
                link.peerServer = to.name;
                link.hccs = podOf(from.name) == podOf(to.name);
                link.peerIp = link.hccs ? u"192.1.3.198"_s : to.deviceIps.value(die);
                const bool down = die == 1 && (from.name == faulty || to.name == faulty);
                link.ok = !down;
                link.lossPct = down ? 100 : 0;
                link.evidence =
                    link.hccs ? (down ? u"This pkt send fail!"_s : u"This pkt ping success!"_s)
                              : (down ? u"recv time out seq=0"_s : u"3 of 3 received"_s);
                report.links.push_back(link);
            }
        }
    }
    findSuspects(report);
    return report;
}

QPoint cellCenter(QTableView *view, int row, int column)
{
    return view->visualRect(view->model()->index(row, column)).center();
}

} // namespace

class TestDoctorView : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { isolateSettings(m_dir); }

    void drawsMatricesAndShowsEvidence()
    {
        QThread *gui = QThread::currentThread();
        std::atomic<bool> offGuiThread = false;
        DoctorOptions asked;
        DoctorView view(threeServers(),
                        [&](const Project &, const DoctorOptions &options,
                            const DoctorProgress &progress, const std::atomic<bool> *) {
                            offGuiThread = QThread::currentThread() != gui;
                            asked = options;
                            progress(DoctorPart::Links, 1, 3, u"server0 done"_s);
                            return sampleReport();
                        });
        view.show();
        auto *links = view.findChild<QCheckBox *>(u"doctorLinks"_s);
        auto *ports = view.findChild<QCheckBox *>(u"doctorPorts"_s);
        QVERIFY(links->isEnabled() && links->isChecked()); // an Ascend project
        ports->setChecked(false);
        QSignalSpy finished(&view, &DoctorView::finished);
        QTest::mouseClick(view.findChild<QPushButton *>(u"runDoctor"_s), Qt::LeftButton);
        QVERIFY(finished.wait(10000));
        QVERIFY(offGuiThread);
        QCOMPARE(asked.parts, (std::vector<DoctorPart>{DoctorPart::Links, DoctorPart::Bandwidth}));

        auto *matrix = view.findChild<QComboBox *>(u"doctorMatrix"_s);
        QCOMPARE(matrix->count(), 3);        // links device 0, device 1, bandwidth
        QCOMPARE(matrix->currentIndex(), 1); // the first with a failure
        DoctorMatrixModel *model = view.model();
        QCOMPARE(model->rowCount(), 3);
        QCOMPARE(model->state(1, 0), DoctorMatrixModel::Failed);
        QCOMPARE(model->state(0, 2), DoctorMatrixModel::Ok);
        QCOMPARE(model->data(model->index(1, 0), Qt::BackgroundRole).value<QBrush>().color(),
                 QColor(0xe5, 0x73, 0x73));
        QCOMPARE(model->headerData(1, Qt::Vertical, Qt::DisplayRole).toString(), u"server1"_s);

        QTableView *cells = view.matrixView();
        QTest::mouseClick(cells->viewport(), Qt::LeftButton, {}, cellCenter(cells, 1, 0));
        QVERIFY2(view.evidenceText().contains(u"recv time out"_s), qPrintable(view.evidenceText()));
        QTest::mouseClick(cells->viewport(), Qt::LeftButton, {}, cellCenter(cells, 2, 2));
        QVERIFY(view.evidenceText().contains(u"not tested"_s));

        matrix->setCurrentIndex(2);
        QCOMPARE(model->state(1, 2), DoctorMatrixModel::Slow);
        QCOMPARE(model->state(2, 1), DoctorMatrixModel::Slow); // the same pair both ways
        QCOMPARE(model->state(0, 1), DoctorMatrixModel::Ok);
        QCOMPARE(model->data(model->index(1, 2), Qt::DisplayRole).toString(), u"0.100"_s);
        QCOMPARE(model->data(model->index(1, 2), Qt::BackgroundRole).value<QBrush>().color(),
                 QColor(0xff, 0xb7, 0x4d));
        const QString summary = view.findChild<QPlainTextEdit *>(u"doctorSummary"_s)->toPlainText();
        QVERIFY2(summary.contains(u"Suspect: server1 device 1"_s), qPrintable(summary));
        QVERIFY(view.findChild<QLabel *>(u"doctorMessage"_s)->text().contains(u"failed links"_s));
    }

    // On the Atlas A3 the matrices are per die, a link inside a super pod says HCCS, the
    // suspect is a die; the tooltip names both kinds of ping.
    void atlasA3SaysDiesAndHccs()
    {
        const Project project =
            loadProjectFile(kExamples + u"/ascend910_93-superpod-4x16.clusterwiz.json"_s).project;
        QCOMPARE(project.superPods.size(), size_t(2));
        DoctorView view(project, [&](const Project &, const DoctorOptions &, const DoctorProgress &,
                                     const std::atomic<bool> *) { return a3Report(project); });
        view.show();
        auto *links = view.findChild<QCheckBox *>(u"doctorLinks"_s);
        QVERIFY2(links->toolTip().contains(u"-hccs_ping inside a super pod"_s),
                 qPrintable(links->toolTip()));
        view.findChild<QCheckBox *>(u"doctorPorts"_s)->setChecked(false);
        QSignalSpy finished(&view, &DoctorView::finished);
        QTest::mouseClick(view.findChild<QPushButton *>(u"runDoctor"_s), Qt::LeftButton);
        QVERIFY(finished.wait(10000));

        auto *matrix = view.findChild<QComboBox *>(u"doctorMatrix"_s);
        QCOMPARE(matrix->count(), 2);
        QVERIFY2(matrix->itemText(0).startsWith(u"Links: die 0 "_s),
                 qPrintable(matrix->itemText(0)));
        QCOMPARE(matrix->currentIndex(), 1); // die 1, the one with failures
        DoctorMatrixModel *model = view.model();
        // Rows 2 and 3 share the second pod: HCCS; row 3 to row 0 crosses pods: a plain ping.
        QCOMPARE(model->data(model->index(3, 2), Qt::DisplayRole).toString(), u"HCCS fail"_s);
        QCOMPARE(model->data(model->index(3, 0), Qt::DisplayRole).toString(), u"fail"_s);
        QCOMPARE(model->data(model->index(0, 1), Qt::DisplayRole).toString(), u"HCCS ok"_s);
        QCOMPARE(model->data(model->index(0, 2), Qt::DisplayRole).toString(), u"ok"_s);
        QTableView *cells = view.matrixView();
        QTest::mouseClick(cells->viewport(), Qt::LeftButton, {}, cellCenter(cells, 3, 2));
        QVERIFY2(view.evidenceText().contains(u"This pkt send fail!"_s),
                 qPrintable(view.evidenceText()));
        const QString summary = view.findChild<QPlainTextEdit *>(u"doctorSummary"_s)->toPlainText();
        QVERIFY2(summary.contains(u"Suspect: %1 die 1: "_s.arg(project.servers.back().name)),
                 qPrintable(summary));
    }

    void cellsFillAsResultsArriveAndUnreachedIsNotAFault()
    {
        const DoctorReport full = unreachedReport();
        std::atomic<bool> release = false;
        DoctorView view(threeServers(),
                        [&](const Project &, const DoctorOptions &options,
                            const DoctorProgress &progress, const std::atomic<bool> *) {
                            // server0 has reported; the others have not yet.
                            DoctorReport soFar;
                            for (const DeviceLink &link : full.links) {
                                if (link.server == u"server0")
                                    soFar.links.push_back(link);
                            }
                            if (options.resultsSoFar)
                                options.resultsSoFar(soFar);
                            progress(DoctorPart::Links, 1, 3, u"server0 done"_s);
                            QDeadlineTimer deadline(20000);
                            while (!release.load() && !deadline.hasExpired())
                                QThread::msleep(10);
                            return full;
                        });
        view.show();
        QSignalSpy finished(&view, &DoctorView::finished);
        QTest::mouseClick(view.findChild<QPushButton *>(u"runDoctor"_s), Qt::LeftButton);
        QTableView *cells = view.matrixView();
        // server0's row is drawn while the run goes on.
        // The model's own words, so that the pictures can be taken in another language too.
        const QString ok = QCoreApplication::translate("cw::DoctorMatrixModel", "ok");
        QTRY_COMPARE(cellText(cells, 0, 2), ok);
        QVERIFY(view.isBusy());
        QCOMPARE(finished.count(), 0);
        QCOMPARE(cellText(cells, 0, 1),
                 QCoreApplication::translate("cw::DoctorMatrixModel", "fail"));
        QCOMPARE(cellText(cells, 1, 0), QString()); // server1 has not reported
        auto *matrix = view.findChild<QComboBox *>(u"doctorMatrix"_s);
        QCOMPARE(matrix->count(), 2);
        matrix->setCurrentIndex(1); // device 1, while the run goes on
        QCOMPARE(cellText(cells, 0, 2), ok);
        QTest::mouseClick(cells->viewport(), Qt::LeftButton, {}, cellCenter(cells, 0, 1));
        QVERIFY2(view.evidenceText().contains(u"recv time out"_s), qPrintable(view.evidenceText()));
        view.resize(1180, 800);
        keepPicture(&view, u"doctor-filling.png"_s);

        release = true;
        QVERIFY(finished.wait(10000));
        QTest::mouseClick(cells->viewport(), Qt::LeftButton, {}, cellCenter(cells, 1, 2));
        keepPicture(&view, u"doctor-unreached.png"_s);
        DoctorMatrixModel *model = view.model();
        QCOMPARE(matrix->currentIndex(), 0); // the first with a failure
        for (int column : {0, 2}) {
            QCOMPARE(cellText(cells, 1, column), u"not tested: server1 unreachable"_s);
            QCOMPARE(model->state(1, column), DoctorMatrixModel::NotReached);
            const QBrush brush =
                model->data(model->index(1, column), Qt::BackgroundRole).value<QBrush>();
            QCOMPARE(brush.style(), Qt::BDiagPattern);
            QCOMPARE(brush.color(), QColor(0xbd, 0xbd, 0xbd));
        }
        QCOMPARE(model->data(model->index(1, 0), Qt::ToolTipRole).toString(),
                 u"not tested: server1 unreachable (127.0.0.1:1: cannot connect: Connection "
                 u"refused)"_s);
        QVERIFY2(view.evidenceText().startsWith(u"not tested: server1 unreachable (127.0.0.1:1"_s),
                 qPrintable(view.evidenceText()));
        QCOMPARE(model->state(0, 1), DoctorMatrixModel::Failed); // the pings to it did run
        const QString summary = view.findChild<QPlainTextEdit *>(u"doctorSummary"_s)->toPlainText();
        QVERIFY2(!summary.contains(u"Suspect"_s), qPrintable(summary));
        QVERIFY2(summary.contains(u"Not reached: server1: 127.0.0.1:1"_s), qPrintable(summary));
        const QString message = view.findChild<QLabel *>(u"doctorMessage"_s)->text();
        QVERIFY2(message == u"4 failed links, 0 failed ports, 0 slow or failed pairs. 4 links not "
                            u"tested: 1 server(s) not reached (server1)."_s,
                 qPrintable(message));
    }

    // The real runDoctor from the Checks page, every server at a port nothing listens on: every
    // cell is not tested, nothing is suspected, nothing counts as failed.
    void theRealDoctorSaysNotReached()
    {
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(kExample2x8), QString());
        Project project = wizard.model()->project();
        for (Server &server : project.servers) {
            server.host = u"127.0.0.1"_s;
            server.port = 1;
        }
        wizard.model()->setProject(project);
        auto *page = static_cast<ChecksPage *>(wizard.page(ChecksPageId));
        QTest::mouseClick(page->findChild<QPushButton *>(u"openDoctor"_s), Qt::LeftButton);
        QTRY_VERIFY(page->doctorView() && page->doctorView()->isVisible());
        DoctorView *view = page->doctorView();
        QSignalSpy finished(view, &DoctorView::finished);
        QTest::mouseClick(view->findChild<QPushButton *>(u"runDoctor"_s), Qt::LeftButton);
        QVERIFY(finished.wait(60000));
        const DoctorReport &report = view->report();
        QCOMPARE(report.notReached.size(), size_t(2));
        QVERIFY(report.suspects.empty());
        QCOMPARE(report.failedLinks() + report.failedPorts() + report.slowOrFailedPairs(), 0);
        QVERIFY(report.untestedLinks() > 0 && report.untestedPorts() > 0);
        QTableView *cells = view->matrixView();
        QCOMPARE(cellText(cells, 0, 1), u"not tested: server0 unreachable"_s);
        QCOMPARE(view->model()->state(1, 0), DoctorMatrixModel::NotReached);
        const QString message = view->findChild<QLabel *>(u"doctorMessage"_s)->text();
        QVERIFY2(message.startsWith(u"0 failed links, 0 failed ports, 0 slow or failed pairs. "_s),
                 qPrintable(message));
        QVERIFY2(message.contains(u"not tested: 2 server(s) not reached (server0, server1)."_s),
                 qPrintable(message));
        const QString summary =
            view->findChild<QPlainTextEdit *>(u"doctorSummary"_s)->toPlainText();
        QVERIFY2(!summary.contains(u"Suspect"_s), qPrintable(summary));
        view->close();
    }

    void cancelStopsTheRun()
    {
        std::atomic<bool> started = false;
        DoctorView view(threeServers(),
                        [&](const Project &, const DoctorOptions &, const DoctorProgress &,
                            const std::atomic<bool> *cancel) {
                            started = true;
                            QDeadlineTimer deadline(20000);
                            while (!cancel->load() && !deadline.hasExpired())
                                QThread::msleep(10);
                            DoctorReport report;
                            report.cancelled = cancel->load();
                            return report;
                        });
        view.show();
        auto *cancel = view.findChild<QPushButton *>(u"cancelDoctor"_s);
        QVERIFY(!cancel->isEnabled());
        QSignalSpy finished(&view, &DoctorView::finished);
        view.run();
        QVERIFY(view.isBusy());
        QTRY_VERIFY(started.load());
        QVERIFY(cancel->isEnabled());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(finished.wait(10000));
        QVERIFY(view.report().cancelled);
        QVERIFY(view.findChild<QLabel *>(u"doctorMessage"_s)->text().startsWith(u"Cancelled"_s));
    }

    void theChecksPageOpensIt()
    {
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(kExample2x8), QString());
        auto *page = static_cast<ChecksPage *>(wizard.page(ChecksPageId));
        auto *open = page->findChild<QPushButton *>(u"openDoctor"_s);
        QVERIFY(open->isEnabled());
        QTest::mouseClick(open, Qt::LeftButton);
        QTRY_VERIFY(page->doctorView() && page->doctorView()->isVisible());
        QVERIFY(page->doctorView()->findChild<QCheckBox *>(u"doctorLinks"_s)->isChecked());
        page->doctorView()->close(); // deleted on close, never run: no server is contacted
        QTRY_VERIFY(!page->doctorView());
    }

    void whyNamesTheFirstFailureOrTheRanksBehind()
    {
        RunRecord record;
        record.runId = u"20261126-042245-d2b1ba"_s;
        Diagnosis failed;
        failed.runId = record.runId;
        failed.state = DiagnosisState::Failed;
        failed.first = FirstFailure{u"server1"_s,
                                    3,
                                    1770317066,
                                    FailureClass::UserException,
                                    u"RuntimeError: deliberate failure after step 3"_s,
                                    {},
                                    1};
        failed.timeline.push_back({1770317066, u"server1"_s, 3, FailureClass::UserException,
                                   u"RuntimeError: deliberate failure after step 3"_s, u"log"_s});
        WhyDialog why(threeServers(), record,
                      [&](const Project &, const RunRecord &run, const std::atomic<bool> *) {
                          DiagnoseResult result;
                          result.diagnosis = failed;
                          result.diagnosis.runId = run.runId;
                          return result;
                      });
        why.show();
        QSignalSpy diagnosed(&why, &WhyDialog::diagnosed);
        why.start();
        QVERIFY(diagnosed.wait(10000));
        QCOMPARE(why.headline(), u"Failed first: server1, rank 3 (user exception): RuntimeError: "
                                 u"deliberate failure after step 3"_s);
        QVERIFY(why.text().contains(u"timeline"_s));

        Diagnosis hung;
        hung.state = DiagnosisState::Hung;
        hung.behind.push_back({u"server0"_s, 1, 4, 130, u"step 4 loss = 0.25"_s, {}});
        WhyDialog stuck(threeServers(), record,
                        [&](const Project &, const RunRecord &, const std::atomic<bool> *) {
                            return DiagnoseResult{hung, {}, {}};
                        });
        QSignalSpy again(&stuck, &WhyDialog::diagnosed);
        stuck.start();
        QVERIFY(again.wait(10000));
        QVERIFY2(stuck.headline().contains(u"rank 1 on server0 at step 4"_s),
                 qPrintable(stuck.headline()));
    }

    void theRunPanelSaysHung()
    {
        const Project project = threeServers();
        LogStore store(1000);
        RankOverview overview(&store);
        overview.setProject(project);
        HangWatch watch(&overview);
        watch.setHangAfterSeconds(120);
        QSignalSpy changed(&watch, &HangWatch::hungChanged);
        const qint64 start = 1770317066000;
        watch.start(start);
        for (int rank = 0; rank < project.totalDevices(); ++rank)
            store.append(
                {u"server%1"_s.arg(rank / 8), rank, u"step 4 loss = 1"_s, start + 1000, 0});
        overview.refreshAt(start + 2000);
        watch.check(start + 60000);
        QVERIFY(!watch.isHung());
        watch.check(start + 1000 + 120000);
        QVERIFY(watch.isHung());
        QCOMPARE(changed.size(), 1);
        // One rank speaks again: no longer hung.
        store.append({u"server0"_s, 0, u"step 5 loss = 1"_s, start + 125000, 0});
        overview.refreshAt(start + 125000);
        watch.check(start + 126000);
        QVERIFY(!watch.isHung());
        QCOMPARE(changed.size(), 2);

        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(kExample2x8), QString());
        auto *run = static_cast<RunPage *>(wizard.page(RunPageId));
        QVERIFY(!run->findChild<QPushButton *>(u"why"_s)->isEnabled()); // no run yet
        QCOMPARE(run->hangWatch()->hangAfterSeconds(), kDefaultHangAfterS);
    }
};

QTEST_MAIN(TestDoctorView)
#include "tst_doctorView.moc"
