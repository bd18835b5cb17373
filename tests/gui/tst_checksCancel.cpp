// SPDX-License-Identifier: GPL-3.0-or-later
// The Checks page against servers that do not answer, with the real check runner over SSH:
// Cancel on a server that accepts TCP but never speaks SSH (a local listener the test holds)
// returns within a second, says "Cancelling…" while it does and "Cancelled" after, and the
// report says cancelled, not timeout. Servers nobody listens for are one row each (their other
// checks folded inside, the report complete).
#include "WizardTestSupport.h"

#include "model/ProjectJson.h"
#include "widgets/CheckReportView.h"
#include "wizard/ChecksPage.h"
#include "wizard/ClusterWizard.h"
#include "wizard/PageId.h"
#include "wizard/ProjectModel.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

namespace {

// A port on 127.0.0.1 that nothing listens on: one the system just handed out and took back.
quint16 closedPort()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost, 0))
        return 0;
    const quint16 port = server.serverPort();
    server.close();
    return port;
}

// The cpu example with every server reached at 127.0.0.1 on the given ports (host IPs stay
// distinct, so the project is valid and the checks run).
Project localProject(const std::vector<quint16> &ports)
{
    Project project = loadProjectFile(kExamples + u"/cpu-2x2.clusterwiz.json"_s).project;
    const Server model = project.servers.front();
    project.servers.clear();
    for (size_t i = 0; i < ports.size(); ++i) {
        Server server = model;
        server.name = u"server%1"_s.arg(i);
        server.host = u"127.0.0.1"_s;
        server.port = ports[i];
        server.hostIp = u"10.0.0.%1"_s.arg(11 + i);
        project.servers.push_back(server);
    }
    return project;
}

} // namespace

class TestChecksCancel : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    void showChecks(ClusterWizard &wizard, const Project &project, int timeoutMs)
    {
        const QString path = m_dir.filePath(u"local.clusterwiz.json"_s);
        QCOMPARE(saveProjectFile(project, path), QString());
        QCOMPARE(wizard.openProject(path), QString());
        FleetOptions options;
        options.knownHostsFile = m_dir.filePath(u"known_hosts"_s);
        options.parseSshConfig = false;
        options.timeoutMs = timeoutMs;
        wizard.setFleetOptions(options);
        wizard.resize(1180, 800);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.goToStep(ChecksPageId);
        QCOMPARE(wizard.currentId(), int(ChecksPageId));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    void cancelReturnsWithinASecond()
    {
        QTcpServer silent; // accepts; never answers
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        int accepted = 0;
        connect(&silent, &QTcpServer::newConnection, this, [&] {
            while (QTcpSocket *socket = silent.nextPendingConnection()) {
                socket->setParent(&silent);
                ++accepted;
            }
        });
        ClusterWizard wizard;
        // Two minutes per server: only the cancel can end the wait within the test.
        showChecks(wizard, localProject({silent.serverPort(), silent.serverPort()}), 120000);
        auto *page = static_cast<ChecksPage *>(wizard.currentPage());
        auto *message = page->findChild<QLabel *>(u"message"_s);
        auto *cancel = page->findChild<QPushButton *>(u"cancelChecks"_s);
        QTest::mouseClick(page->findChild<QPushButton *>(u"runChecks"_s), Qt::LeftButton);
        QVERIFY(page->isBusy());
        // The bar moves while no server has answered (it sat at 0% before).
        QCOMPARE(page->findChild<QProgressBar *>()->maximum(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(accepted, 2, 30000); // both connects wait for a banner now
        QVERIFY(page->isBusy());

        QSignalSpy ready(page, &ChecksPage::reportReady);
        QElapsedTimer timer;
        timer.start();
        QTest::mouseClick(cancel, Qt::LeftButton);
        QCOMPARE(message->text(), u"Cancelling…"_s);
        QVERIFY(!cancel->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000); // the report is shown
        const qint64 elapsed = timer.elapsed();
        qInfo("the checks returned %lld ms after Cancel", qlonglong(elapsed));
        QVERIFY2(elapsed < 1000, qPrintable(u"Cancel took %1 ms"_s.arg(elapsed)));
        QVERIFY2(message->text().startsWith(u"Cancelled"_s), qPrintable(message->text()));
        const CheckReport &report = page->reportView()->report();
        for (const CheckResult *ssh : report.byId(QString::fromLatin1(check::kSsh))) {
            QVERIFY2(ssh->reason.contains(u"cancelled"_s), qPrintable(ssh->reason));
            QVERIFY2(!ssh->reason.contains(u"no result within"_s), qPrintable(ssh->reason));
        }
    }

    // Three servers with nothing listening: three rows, each saying why and how many checks it
    // did not run; the rows of every check are still in the report (and inside each branch).
    void unreachedServersAreOneRowEach()
    {
        ClusterWizard wizard;
        showChecks(wizard, localProject({closedPort(), closedPort(), closedPort()}), 20000);
        auto *page = static_cast<ChecksPage *>(wizard.currentPage());
        QTest::mouseClick(page->findChild<QPushButton *>(u"runChecks"_s), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(page->hasRun() && !page->isBusy(), 60000);
        keepPicture(&wizard, u"checks-unreached.png"_s);
        CheckReportView *tree = page->reportView();
        int children = 0;
        int visibleRows = 0;
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            QTreeWidgetItem *branch = tree->topLevelItem(i);
            children += branch->childCount();
            ++visibleRows;
            if (branch->isExpanded())
                visibleRows += branch->childCount();
            if (branch->text(0).startsWith(u"server"_s)) {
                QVERIFY2(tree->isFolded(branch), qPrintable(branch->text(0)));
                QVERIFY(!branch->isExpanded());
                QCOMPARE(branch->text(1), u"failed"_s);
                QVERIFY2(branch->text(2).startsWith(u"not reached: "_s),
                         qPrintable(branch->text(2)));
                QVERIFY2(branch->text(2).contains(u"other check"_s), qPrintable(branch->text(2)));
                QVERIFY2(branch->childCount() > 5, "every check of the server is kept inside");
            }
        }
        QCOMPARE(size_t(children), tree->report().results.size());
        qInfo("%d rows shown for %zu results", visibleRows, tree->report().results.size());
        int serverRows = 0;
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            QTreeWidgetItem *branch = tree->topLevelItem(i);
            if (branch->text(0).startsWith(u"server"_s))
                serverRows += branch->isExpanded() ? 1 + branch->childCount() : 1;
        }
        QCOMPARE(serverRows, 3);
    }
};

QTEST_MAIN(TestChecksCancel)
#include "tst_checksCancel.moc"
