// SPDX-License-Identifier: GPL-3.0-or-later
// The whole wizard against 2 simulated servers (real sshd in network namespaces, real PyTorch
// gloo ranks; needs root, as CI runs), one cluster for the whole walk: servers typed into the
// table, host keys trusted through the dialog, checks run, a firewall rule that drops the master
// port on server0 found and mended through Fix… (preview, apply, journal, checks again, undo
// offered), then Launch: lines of both servers and loss points in the run panel, Stop, and no
// process of the job left inside either server's namespace; a job whose rank 1 fails (named,
// its view shown, its lines marked); and closing the window during a run ("stop and close").
#include "JobTestSupport.h"
#include "WizardTestSupport.h"

#include "checks/CheckReportText.h"
#include "fix/UndoJournal.h"
#include "logs/LogModel.h"
#include "logs/LogView.h"
#include "logs/LossChart.h"
#include "widgets/CheckReportView.h"
#include "widgets/FixDialog.h"
#include "widgets/ServerTable.h"
#include "wizard/ChecksPage.h"
#include "wizard/ClusterWizard.h"
#include "wizard/ProjectModel.h"
#include "wizard/RunPage.h"
#include "wizard/ServersPage.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTimer>

using namespace cw;
using namespace jobtest;
using namespace Qt::StringLiterals;
using namespace wizardtest;

class TestRunCluster : public QObject {
    Q_OBJECT

    static constexpr int kServers = 2;
    TestCluster m_cluster;
    QTemporaryDir m_dir;
    QElapsedTimer m_clock;

    static QPushButton *button(QWidget *parent, const QString &name)
    {
        return parent->findChild<QPushButton *>(name);
    }

    void phase(const char *what) { qInfo("%6.1f s  %s", double(m_clock.elapsed()) / 1000, what); }

    // Server `index` saw lines of its ranks in the model.
    static bool sawServer(const LogModel *model, const QString &server)
    {
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->index(row).data(LogModel::ServerRole).toString() == server)
                return true;
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (geteuid() != 0)
            QSKIP("the simulated cluster needs root (network namespaces)");
        m_clock.start();
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
        QString error;
        QVERIFY2(m_cluster.up(kServers, &error), qPrintable(error));
        phase("cluster up");
    }

    void checksFixLaunchAndStop()
    {
        // A cpu job of 1 rank per server that runs until stopped; the servers come from the table.
        Project project = cpuProject(m_cluster, kServers, 1, LaunchMode::Launch,
                                     {u"--steps"_s, u"100000"_s, u"--sleep"_s, u"0.2"_s});
        const std::vector<Server> servers = project.servers;
        project.servers.clear();
        const QString path = m_dir.filePath(u"gui-run.clusterwiz.json"_s);
        // The training script lies in the project's folder, as launch.upload wants it (a file
        // outside would need the user's confirmation first).
        QVERIFY(QFile::copy(project.launch.upload.constFirst(), m_dir.filePath(u"train_ddp.py"_s)));
        project.launch.upload = {u"train_ddp.py"_s};
        QCOMPARE(saveProjectFile(project, path), QString());

        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(path), QString());
        FleetOptions options;
        options.knownHostsFile = m_dir.filePath(u"known_hosts"_s); // empty: keys are unknown
        options.parseSshConfig = false;
        options.timeoutMs = 30000;
        wizard.setFleetOptions(options);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.next();
        QCOMPARE(wizard.currentId(), int(ServersPageId));

        // Servers: typed in, keys trusted through the dialog.
        auto *serversPage = static_cast<ServersPage *>(wizard.currentPage());
        ServerTable *table = serversPage->table();
        for (int i = 0; i < kServers; ++i) {
            QTest::mouseClick(button(serversPage, u"add"_s), Qt::LeftButton);
            QVERIFY(typeIntoCell(table, i, ServerTable::Host, m_cluster.ip(i)));
            QVERIFY(typeIntoCell(table, i, ServerTable::User, u"root"_s));
            QVERIFY(typeIntoCell(table, i, ServerTable::Identity, m_cluster.clientKey()));
        }
        {
            // One cpu "device" each (the table does not edit devices).
            Project typed = wizard.model()->project();
            for (Server &server : typed.servers)
                server.devices = servers.front().devices;
            wizard.model()->setProject(typed);
        }
        QSignalSpy discovered(serversPage, &ServersPage::discoveryFinished);
        QTest::mouseClick(button(serversPage, u"testAll"_s), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(serversPage->findChild<QMessageBox *>(u"hostKeyDialog"_s), 30000);
        // The dialog opens at the first unknown key and gains the others as they come; a key that
        // comes after Trust was pressed asks again. Trust each time, as the user does.
        const auto trustAndFinish = [&] {
            for (auto *keys : serversPage->findChildren<QMessageBox *>(u"hostKeyDialog"_s)) {
                if (keys->isVisible())
                    QTest::mouseClick(keys->findChild<QPushButton *>(u"trust"_s), Qt::LeftButton);
            }
            return discovered.count() == 1;
        };
        QTRY_VERIFY_WITH_TIMEOUT(trustAndFinish(), 40000);
        for (int i = 0; i < kServers; ++i)
            QVERIFY2(table->text(i, ServerTable::Status).startsWith(u"OK"_s),
                     qPrintable(table->text(i, ServerTable::Status)));
        QCOMPARE(wizard.model()->save(), QString());
        phase("servers discovered, keys trusted");

        // The workdir exists, as on real servers (launch uploads the entry into it); server0
        // drops the master port: the firewall check fails there.
        QByteArray out;
        for (int i = 0; i < kServers; ++i)
            QCOMPARE(m_cluster.sh(i, u"mkdir -p /root/ddp"_s), 0);
        const QString port = QString::number(project.launch.masterPort);
        QCOMPARE(m_cluster.sh(0,
                              u"nft add table inet filter && nft add chain inet filter input "
                              "'{ type filter hook input priority 0; policy accept; }' && "
                              "nft add rule inet filter input tcp dport %1 drop"_s.arg(port),
                              &out),
                 0);

        wizard.next();
        QCOMPARE(wizard.currentId(), int(DevicesPageId));
        wizard.next();
        QCOMPARE(wizard.currentId(), int(ChecksPageId));
        auto *checks = static_cast<ChecksPage *>(wizard.currentPage());
        QSignalSpy reports(checks, &ChecksPage::reportReady);
        QVERIFY(!button(checks, u"undoFix"_s)->isEnabled()); // no journal yet
        QTest::mouseClick(button(checks, u"runChecks"_s), Qt::LeftButton);
        QVERIFY(button(checks, u"cancelChecks"_s)->isEnabled()); // the GUI thread is free
        QTRY_COMPARE_WITH_TIMEOUT(reports.count(), 1, 60000);
        const CheckReport before = checks->lastRun().report;
        qInfo().noquote() << checkReportTable(before, true);
        const CheckResult *firewall = before.find(QString::fromLatin1(check::kFirewallPorts), 0);
        QVERIFY(firewall);
        QCOMPARE(firewall->status, CheckStatus::Failed);
        QVERIFY2(firewall->reason.contains(port), qPrintable(firewall->reason));
        phase("checks found the dropped port");

        // Fix…: the preview names the exact nft command; Apply runs it and checks again.
        QSignalSpy fixed(checks, &ChecksPage::fixFinished);
        QPushButton *fix =
            checks->reportView()->findChild<QPushButton *>(u"fix:firewall-ports:0"_s);
        QVERIFY(fix);
        QTest::mouseClick(fix, Qt::LeftButton);
        FixDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = checks->fixDialog()));
        qInfo().noquote() << dialog->previewText();
        QVERIFY2(dialog->previewText().contains(u"nft"_s), qPrintable(dialog->previewText()));
        QVERIFY(dialog->previewText().contains(u"server0"_s));
        QVERIFY(dialog->applyButton()->isEnabled());
        if (const QString keep = qEnvironmentVariable("CLUSTERWIZ_SCREENSHOT_DIR");
            !keep.isEmpty()) {
            wizard.grab().save(keep + u"/checks-failed.png"_s);
            dialog->grab().save(keep + u"/fix-preview.png"_s);
        }
        QTest::mouseClick(dialog->applyButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(fixed.count(), 1, 60000);
        QVERIFY2(fixed.first().first().toBool(),
                 qPrintable(checks->findChild<QPlainTextEdit *>(u"fixOutput"_s)->toPlainText()));
        QTRY_COMPARE_WITH_TIMEOUT(reports.count(), 2, 60000);
        const CheckReport after = checks->lastRun().report;
        qInfo().noquote() << checkReportTable(after, false);
        QCOMPARE(after.find(QString::fromLatin1(check::kFirewallPorts), 0)->status,
                 CheckStatus::Ok);
        QVERIFY2(after.passed(), qPrintable(checkReportTable(after, false)));
        QVERIFY(QFileInfo::exists(undoJournalPath(path)));
        QVERIFY(button(checks, u"undoFix"_s)->isEnabled());
        phase("fixed and checked again");

        // Undo last fix puts the drop rule's effect back; the report then holds Launch back.
        auto *runPage = static_cast<RunPage *>(wizard.page(RunPageId));
        QVERIFY(runPage->launchBlockedReason().isEmpty());
        QSignalSpy undone(checks, &ChecksPage::undoFinished);
        QTest::mouseClick(button(checks, u"undoFix"_s), Qt::LeftButton);
        // The fix dialog deleted itself on close; the new one may reuse its address.
        QTRY_VERIFY(checks->fixDialog() &&
                    checks->fixDialog()->windowTitle().startsWith(u"Undo"_s));
        dialog = checks->fixDialog();
        QVERIFY2(dialog->previewText().contains(u"nft"_s), qPrintable(dialog->previewText()));
        QTest::mouseClick(dialog->applyButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(undone.count(), 1, 60000);
        QVERIFY(undone.first().first().toBool());
        QTRY_COMPARE_WITH_TIMEOUT(reports.count(), 3, 60000);
        QCOMPARE(
            checks->lastRun().report.find(QString::fromLatin1(check::kFirewallPorts), 0)->status,
            CheckStatus::Failed);
        QVERIFY(!QFileInfo::exists(undoJournalPath(path))); // its only entry was undone
        QVERIFY(!button(checks, u"undoFix"_s)->isEnabled());
        QVERIFY2(runPage->launchBlockedReason().contains(u"firewall-ports on server0"_s),
                 qPrintable(runPage->launchBlockedReason()));
        phase("undone: the port is dropped again, Launch waits");

        // And fixed again, for the launch.
        QTest::mouseClick(checks->reportView()->findChild<QPushButton *>(u"fix:firewall-ports:0"_s),
                          Qt::LeftButton);
        QTRY_VERIFY(checks->fixDialog() &&
                    !checks->fixDialog()->windowTitle().startsWith(u"Undo"_s));
        QTest::mouseClick(checks->fixDialog()->applyButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(fixed.count(), 2, 60000);
        QTRY_COMPARE_WITH_TIMEOUT(reports.count(), 4, 60000);
        QVERIFY(checks->lastRun().report.passed());

        // Run: Launch in one click, lines of both servers, loss points, then Stop.
        while (wizard.currentId() != int(RunPageId)) {
            const int before = wizard.currentId();
            wizard.next();
            QVERIFY2(wizard.currentId() != before, "Next refused");
        }
        auto *run = static_cast<RunPage *>(wizard.currentPage());
        QPushButton *launch = button(run, u"launch"_s);
        QVERIFY2(launch->isEnabled(), qPrintable(launch->toolTip()));
        QSignalSpy ended(run, &RunPage::runEnded);
        QTest::mouseClick(launch, Qt::LeftButton);
        QVERIFY(!launch->isEnabled());
        LogModel *logs = run->logModel();
        QTRY_VERIFY2_WITH_TIMEOUT(sawServer(logs, u"server0"_s) && sawServer(logs, u"server1"_s),
                                  qPrintable(run->stateText()), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(run->lossChart()->seriesCount() == kServers, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(run->stateText().startsWith(u"Running"_s), 20000);
        QVERIFY(logs->index(0).data().toString().startsWith(u"[server"_s));
        phase("running: both servers' lines in the panel");
        if (const QString keep = qEnvironmentVariable("CLUSTERWIZ_SCREENSHOT_DIR");
            !keep.isEmpty()) {
            QTest::qWait(1500); // a few more steps on the plot
            wizard.grab().save(keep + u"/run-live.png"_s);
            // The lines as received, to feed the recorded run panel (tests/data/logs).
            QFile text(keep + u"/run-live.txt"_s);
            QVERIFY(text.open(QIODevice::WriteOnly));
            for (int row = 0; row < logs->rowCount(); ++row) {
                const QModelIndex line = logs->index(row);
                text.write(u"%1\t%2\t%3\n"_s.arg(line.data(LogModel::ServerRole).toString())
                               .arg(line.data(LogModel::RankRole).toInt())
                               .arg(line.data(LogModel::TextRole).toString())
                               .toUtf8());
            }
        }

        QPushButton *stop = button(run, u"stop"_s);
        QVERIFY(stop->isEnabled());
        QTest::mouseClick(stop, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, 60000);
        qInfo().noquote() << "state:" << run->stateText();
        QVERIFY2(run->stateText().startsWith(u"Stopped by you"_s), qPrintable(run->stateText()));
        for (int i = 0; i < kServers; ++i) {
            const QStringList left = jobProcesses(m_cluster, i);
            QVERIFY2(left.isEmpty(), qPrintable(u"server%1: "_s.arg(i) + left.join(u" | "_s)));
        }
        QVERIFY(launch->isEnabled());
        QVERIFY(!stop->isEnabled());
        phase("stopped; nothing left");

        // A rank that fails: the state names it, its view is shown and its lines are marked,
        // and the job is stopped on the other server too.
        const Project longRun = wizard.model()->project();
        Project failing = longRun;
        failing.launch.args << u"--fail-rank"_s << u"1"_s << u"--fail-step"_s << u"3"_s;
        wizard.model()->setProject(failing);
        QCOMPARE(wizard.model()->save(), QString());
        QTRY_VERIFY2(launch->isEnabled(), qPrintable(launch->toolTip()));
        QTest::mouseClick(launch, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 2, 90000);
        QVERIFY2(run->stateText().startsWith(u"Failed: server server1, rank 1, exit code 1"_s),
                 qPrintable(run->stateText()));
        QCOMPARE(logs->markedRank(), 1);
        QVERIFY2(run->logView()->rankBox()->currentText().contains(u"failed first"_s),
                 qPrintable(run->logView()->rankBox()->currentText()));
        for (int i = 0; i < kServers; ++i) {
            const QStringList left = jobProcesses(m_cluster, i);
            QVERIFY2(left.isEmpty(), qPrintable(u"server%1: "_s.arg(i) + left.join(u" | "_s)));
        }
        wizard.model()->setProject(longRun);
        QCOMPARE(wizard.model()->save(), QString());
        phase("a failing rank: named, shown, marked; nothing left");

        // Closing the window while a job runs asks; "Stop the job and close" stops it
        // everywhere first and closes once it has ended.
        QMessageBox *asked = nullptr;
        QTRY_VERIFY2(launch->isEnabled(), qPrintable(launch->toolTip()));
        QTest::mouseClick(launch, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(run->stateText().startsWith(u"Running"_s), 60000);
        QTimer::singleShot(200, &wizard, [&asked] {
            asked = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (asked)
                asked->findChild<QPushButton *>(u"stopAndClose"_s)->click();
        });
        QVERIFY(!wizard.close()); // not yet: the job is being stopped
        QVERIFY(asked);
        QTRY_VERIFY_WITH_TIMEOUT(!wizard.isVisible(), 60000);
        QCOMPARE(ended.count(), 3);
        QVERIFY2(run->stateText().startsWith(u"Stopped by you"_s), qPrintable(run->stateText()));
        for (int i = 0; i < kServers; ++i) {
            const QStringList left = jobProcesses(m_cluster, i);
            QVERIFY2(left.isEmpty(), qPrintable(u"server%1: "_s.arg(i) + left.join(u" | "_s)));
        }
        phase("closed after stopping the job; nothing left");
    }
};

QTEST_MAIN(TestRunCluster)
#include "tst_runCluster.moc"
