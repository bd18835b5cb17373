// SPDX-License-Identifier: GPL-3.0-or-later
// The Checks page with a check runner handed in (the real catalogue plugs in the same way): the
// runner runs off the GUI thread, and the report shows as a tree per server with status icons,
// failed servers opened, the reason and the fixes on offer. A failed check's Fix… previews its
// plan and refuses plainly what cannot apply; the Run page holds Launch back, naming the failed
// checks. Deep check imports the framework on every server with the real python3 and torch,
// through a local shell standing in for SSH. (Applying fixes and launching for real:
// tst_runCluster.)
#include "../unit/LocalRemote.h"
#include "../unit/ProbeTestData.h"
#include "WizardTestSupport.h"

#include "checks/CheckCatalogue.h"
#include "checks/DeepCheck.h"
#include "discover/ProbeParsers.h"

#include "widgets/CheckReportView.h"
#include "widgets/FixDialog.h"
#include "wizard/ChecksPage.h"
#include "wizard/ClusterWizard.h"
#include "wizard/ProjectModel.h"
#include "wizard/RunPage.h"

#include <QCheckBox>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QThread>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

class TestChecksPage : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { isolateSettings(m_dir); }

    void showsTheReportOfTheRunner()
    {
        ClusterWizard wizard;
        // A copy: a shipped example is never launched from (the Run page says so first).
        const QString copy = m_dir.filePath(u"ascend-2x8.clusterwiz.json"_s);
        QVERIFY(QFile::copy(kExample2x8, copy));
        QVERIFY(QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner));
        QCOMPARE(wizard.openProject(copy), QString());
        auto *page = static_cast<ChecksPage *>(wizard.page(ChecksPageId));
        auto *run = page->findChild<QPushButton *>(u"runChecks"_s);
        QVERIFY(run->isEnabled()); // the wizard's own runner: core runChecks over SSH

        wizard.setCheckRunner({});
        QVERIFY(!run->isEnabled()); // nothing to run without a runner

        QThread *gui = QThread::currentThread();
        std::atomic<bool> offGuiThread = false;
        wizard.setCheckRunner(
            [&](const Project &project, const FleetProgress &, const std::atomic<bool> *) {
                offGuiThread = QThread::currentThread() != gui;
                CheckRun run;
                CheckReport &report = run.report;
                for (int i = 0; i < int(project.servers.size()); ++i) {
                    const QString name = project.servers[size_t(i)].name;
                    report.results.push_back({QString::fromLatin1(check::kSsh),
                                              i,
                                              name,
                                              CheckStatus::Ok,
                                              u"root@host: key"_s,
                                              {},
                                              {}});
                    report.results.push_back(
                        {QString::fromLatin1(check::kFirewallPorts),
                         i,
                         name,
                         i == 1 ? CheckStatus::Failed : CheckStatus::Ok,
                         i == 1 ? u"ufw denies tcp 29501"_s : u"open"_s,
                         i == 1 ? QStringList{QString::fromLatin1(fix::kOpenPorts)} : QStringList{},
                         {}});
                }
                report.results.push_back({QString::fromLatin1(check::kHostname),
                                          -1,
                                          QString(),
                                          CheckStatus::Warning,
                                          u"two servers share a hostname"_s,
                                          {},
                                          {}});
                return run;
            });
        QVERIFY(run->isEnabled());
        QSignalSpy ready(page, &ChecksPage::reportReady);
        QTest::mouseClick(run, Qt::LeftButton);
        QTRY_COMPARE(ready.count(), 1);
        QVERIFY(offGuiThread);

        CheckReportView *tree = page->reportView();
        QCOMPARE(tree->topLevelItemCount(), 3); // server0, server1, cluster
        QTreeWidgetItem *server1 = tree->topLevelItem(1);
        QCOMPARE(server1->text(0), u"server1"_s);
        QCOMPARE(server1->text(1), u"failed"_s);
        QVERIFY(server1->isExpanded());
        QVERIFY(!tree->topLevelItem(0)->isExpanded());
        QTreeWidgetItem *firewall = server1->child(1);
        QCOMPARE(firewall->text(0), QString::fromLatin1(check::kFirewallPorts));
        QCOMPARE(firewall->text(2), u"ufw denies tcp 29501"_s);
        QCOMPARE(firewall->text(3), QString::fromLatin1(fix::kOpenPorts));
        QVERIFY(!firewall->icon(1).isNull());
        QVERIFY(page->findChild<QLabel *>(u"message"_s)->text().contains(u"1 failed"_s));

        // Only the failed check has a Fix… button. Without discovery facts the firewall plan
        // cannot know the rules to change: the dialog says so and offers nothing to apply.
        QVERIFY(!tree->findChild<QPushButton *>(u"fix:firewall-ports:0"_s));
        auto *fix = tree->findChild<QPushButton *>(u"fix:firewall-ports:1"_s);
        QVERIFY(fix && fix->isEnabled());
        QTest::mouseClick(fix, Qt::LeftButton);
        FixDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = page->fixDialog()));
        QVERIFY(dialog->isVisible());
        qInfo().noquote() << "fix status:" << dialog->statusText();
        QVERIFY(dialog->statusText().startsWith(u"This fix cannot be applied"_s) ||
                dialog->statusText().startsWith(u"Nothing to do"_s));
        QVERIFY(!dialog->applyButton()->isEnabled());
        QVERIFY(!dialog->previewText().isEmpty());
        dialog->reject();

        // The Run page holds Launch back while checks fail, and names them.
        auto *runPage = static_cast<RunPage *>(wizard.page(RunPageId));
        auto *launch = runPage->findChild<QPushButton *>(u"launch"_s);
        QVERIFY(!launch->isEnabled());
        QVERIFY2(launch->toolTip().contains(u"firewall-ports on server1"_s),
                 qPrintable(launch->toolTip()));
        QVERIFY(!runPage->findChild<QPushButton *>(u"stop"_s)->isEnabled());
        // With every check passing, it may go.
        CheckReport passed;
        passed.results.push_back(
            {QString::fromLatin1(check::kSsh), 0, u"server0"_s, CheckStatus::Ok, {}, {}, {}});
        runPage->setCheckReport(passed);
        QVERIFY2(launch->isEnabled(), qPrintable(launch->toolTip()));
        QCOMPARE(runPage->stateText(), u"Ready to launch."_s);
    }

    // The Deep check box adds one framework-import row per server, from the real import of torch
    // by launch.python; unticked, the same run has none.
    void deepCheckImportsTheFrameworkOnEveryServer()
    {
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(kExamples + u"/cpu-2x2.clusterwiz.json"_s), QString());
        FleetOptions options;
        options.connector = std::make_shared<localremote::LocalConnector>();
        wizard.setFleetOptions(options);
        // The usual checks stand in as one row per server; the deep check runs for real.
        wizard.setCheckRunner(
            [](const Project &project, const FleetProgress &, const std::atomic<bool> *) {
                CheckRun run;
                for (int i = 0; i < int(project.servers.size()); ++i)
                    run.report.results.push_back({QString::fromLatin1(check::kSsh),
                                                  i,
                                                  project.servers[size_t(i)].name,
                                                  CheckStatus::Ok,
                                                  u"key"_s,
                                                  {},
                                                  {}});
                return run;
            });
        auto *page = static_cast<ChecksPage *>(wizard.page(ChecksPageId));
        auto *run = page->findChild<QPushButton *>(u"runChecks"_s);
        auto *deep = page->findChild<QCheckBox *>(u"deepCheck"_s);
        QVERIFY(deep && deep->isEnabled() && !deep->isChecked());
        QSignalSpy ready(page, &ChecksPage::reportReady);
        const auto importRows = [&]() {
            QStringList reasons;
            CheckReportView *tree = page->reportView();
            for (int s = 0; s < tree->topLevelItemCount(); ++s) {
                QTreeWidgetItem *server = tree->topLevelItem(s);
                for (int c = 0; c < server->childCount(); ++c) {
                    if (server->child(c)->text(0) == QLatin1StringView(kFrameworkImportCheck))
                        reasons << server->text(0) + u": "_s + server->child(c)->text(1) + u": "_s +
                                       server->child(c)->text(2);
                }
            }
            return reasons;
        };

        QTest::mouseClick(run, Qt::LeftButton);
        QTRY_COMPARE(ready.count(), 1);
        QVERIFY(importRows().isEmpty());

        QTest::mouseClick(deep, Qt::LeftButton);
        QVERIFY(deep->isChecked());
        QTest::mouseClick(run, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 2, 150000);
        const QStringList rows = importRows();
        qInfo().noquote() << "deep check rows:" << rows.join(u" | "_s);
        QCOMPARE(rows.size(), 2);
        for (int s = 0; s < 2; ++s) {
            const QString prefix =
                wizard.model()->project().servers[size_t(s)].name + u": ok: torch "_s;
            QVERIFY2(rows[s].startsWith(prefix), qPrintable(rows.join(u'\n')));
        }
    }

    // A check's finding in the wizard's words: the page and the field to use (the CLI names the
    // file's member), and that field is there, taking what the user types.
    void checkReasonsNameThePageAndTheField()
    {
        ClusterWizard wizard;
        const QString copy = m_dir.filePath(u"words.clusterwiz.json"_s);
        QVERIFY(QFile::copy(kExample2x8, copy));
        QVERIFY(QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner));
        QCOMPARE(wizard.openProject(copy), QString());
        // What a real server without the workdir answers (a captured Ascend server's probe).
        ServerFacts facts = parseProbeOutput(cwtest::probeText(u"full/ascend-server.txt"_s));
        QVERIFY(facts.paths.workdir && facts.paths.entry);
        facts.paths.workdir->present = false;
        facts.paths.entry->present = false;
        wizard.setCheckRunner(
            [facts](const Project &project, const FleetProgress &, const std::atomic<bool> *) {
                std::vector<ServerDiscovery> found;
                for (int i = 0; i < int(project.servers.size()); ++i) {
                    ServerDiscovery server;
                    server.connection.serverIndex = i;
                    server.connection.endpoint = u"10.0.0.%1:22"_s.arg(22 + i);
                    server.facts = facts;
                    found.push_back(server);
                }
                CheckRun run;
                run.report = evaluateChecks(project, found, {});
                return run;
            });
        auto *page = static_cast<ChecksPage *>(wizard.page(ChecksPageId));
        QSignalSpy ready(page, &ChecksPage::reportReady);
        QTest::mouseClick(page->findChild<QPushButton *>(u"runChecks"_s), Qt::LeftButton);
        QTRY_COMPARE(ready.count(), 1);
        CheckReportView *tree = page->reportView();
        QTreeWidgetItem *paths = nullptr;
        for (int i = 0; i < tree->topLevelItem(0)->childCount(); ++i) {
            if (tree->topLevelItem(0)->child(i)->text(0) == QLatin1StringView(check::kPaths))
                paths = tree->topLevelItem(0)->child(i);
        }
        QVERIFY(paths);
        const QString reason = paths->text(2);
        QVERIFY2(reason.contains(u"add the script to Files to upload on the Launch mode page"_s),
                 qPrintable(reason));
        QVERIFY2(!reason.contains(u"launch.upload"_s), qPrintable(reason));

        // The field it names, on the Launch mode page, typed into.
        auto *upload = wizard.page(LaunchPageId)->findChild<QPlainTextEdit *>(u"launch.upload"_s);
        QVERIFY(upload);
        wizard.show();
        while (wizard.currentId() != LaunchPageId)
            wizard.next();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        upload->setFocus();
        QTest::keyClicks(upload, u"train/main.py"_s);
        QCOMPARE(wizard.model()->project().launch.upload, QStringList{u"train/main.py"_s});
    }

    // A project that breaks a rule reaches no server: Run checks names the problem and does not
    // call the runner, and Launch is held back with the same words.
    void refusesAnInvalidProject()
    {
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(kExample2x8), QString());
        std::atomic<int> runs = 0;
        wizard.setCheckRunner(
            [&](const Project &, const FleetProgress &, const std::atomic<bool> *) {
                ++runs;
                return CheckRun{};
            });
        Project broken = wizard.model()->project();
        const QStringList planned = broken.servers[0].deviceIps;
        broken.servers[1].deviceIps[4] = u"192.168.200.110"_s;
        broken.servers[0].deviceIps.clear(); // the CLI says "run `clusterwiz-cli plan`" here
        wizard.model()->setProject(broken);
        QCOMPARE(wizard.model()->save(m_dir.filePath(u"broken.clusterwiz.json"_s)), QString());

        auto *page = static_cast<ChecksPage *>(wizard.page(ChecksPageId));
        QTest::mouseClick(page->findChild<QPushButton *>(u"runChecks"_s), Qt::LeftButton);
        QVERIFY(!page->isBusy());
        const QString message = page->findChild<QLabel *>(u"message"_s)->text();
        // In the wizard's words: the page to go to, the server and device, the button there;
        // never the file's path or the CLI's command.
        QVERIFY2(message.contains(u"Devices page: server1 device 4: 192.168.200.110 "
                                  u"is not in segment"_s),
                 qPrintable(message));
        QVERIFY2(message.contains(u"Devices page: server0 has no device IPs for its 8 devices: "
                                  u"click Plan automatically"_s),
                 qPrintable(message));
        for (const QString &cli : {u"servers["_s, u"device_ips"_s, u"clusterwiz-cli"_s, u"`"_s})
            QVERIFY2(!message.contains(cli), qPrintable(message));
        QTest::qWait(50);
        QCOMPARE(runs.load(), 0);

        auto *runPage = static_cast<RunPage *>(wizard.page(RunPageId));
        auto *launch = runPage->findChild<QPushButton *>(u"launch"_s);
        QVERIFY(!launch->isEnabled());
        QVERIFY2(launch->toolTip().contains(u"Devices page: server1 device 4"_s) &&
                     !launch->toolTip().contains(u"servers[1]"_s),
                 qPrintable(launch->toolTip()));

        // Mended, both go again.
        broken.servers[1].deviceIps[4] = u"192.168.100.110"_s;
        broken.servers[0].deviceIps = planned;
        wizard.model()->setProject(broken);
        QSignalSpy ready(page, &ChecksPage::reportReady);
        QTest::mouseClick(page->findChild<QPushButton *>(u"runChecks"_s), Qt::LeftButton);
        QTRY_COMPARE(ready.count(), 1);
        QCOMPARE(runs.load(), 1);
        QVERIFY(!launch->toolTip().contains(u"servers[1]"_s));
    }
};

QTEST_MAIN(TestChecksPage)
#include "tst_checksPage.moc"
