// SPDX-License-Identifier: GPL-3.0-or-later
// The Servers page against simulated servers (real sshd in network namespaces; needs root, as
// CI runs): the servers are typed into the table, Test all meets unknown host keys, the dialog
// shows their SHA256 fingerprints, Trust connects again and the discovered facts fill the table;
// Apply discovered values fills the project. A second run finds the keys known. With a server
// that hangs (a port that accepts and never speaks) the others answer row by row, the host-key
// question comes at once, Cancel keeps what answered, and a row's fixed error clears.
#include "TestCluster.h"
#include "WizardTestSupport.h"

#include "widgets/ServerTable.h"
#include "wizard/ClusterWizard.h"
#include "wizard/ProjectModel.h"
#include "wizard/ServersPage.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

class TestServersCluster : public QObject {
    Q_OBJECT

    static constexpr int kServers = 2;
    TestCluster m_cluster;
    QTemporaryDir m_dir;

    static QPushButton *button(QWidget *page, const QString &name)
    {
        return page->findChild<QPushButton *>(name);
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (geteuid() != 0)
            QSKIP("the simulated cluster needs root (network namespaces)");
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
        QString error;
        QVERIFY2(m_cluster.up(kServers, &error), qPrintable(error));
    }

    void discoversThroughTheHostKeyDialog()
    {
        ClusterWizard wizard;
        Project project;
        project.name = u"cluster-gui"_s;
        project.accelerator = Accelerator::Ascend910;
        project.launch.workdir = u"/root"_s;
        project.launch.entry = u"train.py"_s;
        wizard.model()->newProject(project);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.next();
        QCOMPARE(wizard.currentId(), int(ServersPageId));
        auto *page = static_cast<ServersPage *>(wizard.currentPage());
        FleetOptions options;
        options.knownHostsFile = m_dir.filePath(u"known_hosts"_s); // starts empty: keys unknown
        options.timeoutMs = 20000;
        page->setFleetOptions(options);

        ServerTable *table = page->table();
        for (int i = 0; i < kServers; ++i) {
            QTest::mouseClick(button(page, u"add"_s), Qt::LeftButton);
            QVERIFY(typeIntoCell(table, i, ServerTable::Host, m_cluster.ip(i)));
            QVERIFY(typeIntoCell(table, i, ServerTable::User, u"root"_s));
            QVERIFY(typeIntoCell(table, i, ServerTable::Identity, m_cluster.clientKey()));
        }
        QCOMPARE(wizard.model()->project().servers.size(), size_t(kServers));
        QCOMPARE(wizard.model()->project().servers[1].host, m_cluster.ip(1));

        QSignalSpy finished(page, &ServersPage::discoveryFinished);
        QTest::mouseClick(button(page, u"testAll"_s), Qt::LeftButton);
        QVERIFY(button(page, u"cancel"_s)->isEnabled()); // the GUI thread is free while it runs
        QMessageBox *dialog = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((dialog = page->findChild<QMessageBox *>(u"hostKeyDialog"_s)),
                                 30000);
        // The question opens with the first key and grows as the other server's key arrives.
        for (int i = 0; i < kServers; ++i) {
            QTRY_VERIFY2_WITH_TIMEOUT(table->text(i, ServerTable::Status).contains(u"SHA256:"_s),
                                      qPrintable(table->text(i, ServerTable::Status)), 30000);
        }
        QTRY_VERIFY2(dialog->informativeText().count(u"SHA256:"_s) == kServers,
                     qPrintable(dialog->informativeText()));
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"trust"_s), Qt::LeftButton);

        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 40000);
        for (int i = 0; i < kServers; ++i) {
            QVERIFY2(table->text(i, ServerTable::Status).startsWith(u"OK"_s),
                     qPrintable(table->text(i, ServerTable::Status)));
            QCOMPARE(table->text(i, ServerTable::Hostname), u"server%1"_s.arg(i));
            QVERIFY(table->text(i, ServerTable::Devices).contains(u"NPU"_s));
            qInfo().noquote() << "facts:" << table->text(i, ServerTable::Hostname)
                              << table->text(i, ServerTable::Nic)
                              << table->text(i, ServerTable::Devices)
                              << table->text(i, ServerTable::Python)
                              << table->text(i, ServerTable::Mpirun);
        }

        QTest::mouseClick(button(page, u"apply"_s), Qt::LeftButton);
        // For a person to check the table's layout with real facts in it.
        if (const QString keep = qEnvironmentVariable("CLUSTERWIZ_SCREENSHOT_DIR"); !keep.isEmpty())
            wizard.grab().save(keep + u"/servers-discovered.png"_s);
        const Project &filled = wizard.model()->project();
        for (int i = 0; i < kServers; ++i) {
            QCOMPARE(filled.servers[size_t(i)].hostIp, m_cluster.ip(i));
            QCOMPARE(filled.servers[size_t(i)].devices.size(), size_t(8));
        }

        // The keys are recorded: a second test connects without asking.
        QTest::mouseClick(button(page, u"testAll"_s), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 40000);
        QVERIFY(!page->findChild<QMessageBox *>(u"hostKeyDialog"_s));
        QVERIFY(table->text(0, ServerTable::Status).startsWith(u"OK"_s));

        // A changed key (known_hosts holds server0's key for server1) is an error, never a
        // question: no dialog, the status names the fingerprint, in red.
        QFile knownHosts(m_dir.filePath(u"known_hosts"_s));
        QVERIFY(knownHosts.open(QIODevice::ReadOnly));
        QList<QByteArray> lines = knownHosts.readAll().split('\n');
        knownHosts.close();
        QByteArray key0;
        for (const QByteArray &line : std::as_const(lines)) {
            if (line.startsWith(m_cluster.ip(0).toUtf8() + ' '))
                key0 = line.mid(line.indexOf(' '));
        }
        QVERIFY(!key0.isEmpty());
        for (QByteArray &line : lines) {
            if (line.startsWith(m_cluster.ip(1).toUtf8() + ' '))
                line = m_cluster.ip(1).toUtf8() + key0;
        }
        QVERIFY(knownHosts.open(QIODevice::WriteOnly | QIODevice::Truncate));
        knownHosts.write(lines.join('\n'));
        knownHosts.close();
        QTest::mouseClick(button(page, u"testAll"_s), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, 40000);
        QVERIFY(!page->findChild<QMessageBox *>(u"hostKeyDialog"_s));
        QVERIFY(table->text(0, ServerTable::Status).startsWith(u"OK"_s));
        const QString changed = table->text(1, ServerTable::Status);
        qInfo().noquote() << "changed key:" << changed;
        QVERIFY2(changed.contains(u"SHA256:"_s), qPrintable(changed));
        QVERIFY(table->isError(1, ServerTable::Status));
        QCOMPARE(table->model()->index(1, ServerTable::Status).data(Qt::ForegroundRole),
                 QVariant(QColor(Qt::red)));
        QCOMPARE(page->lastResults()[1].connection.error.kind, SshError::Kind::HostKeyChanged);
    }

    // Issue 33, item 10: server0 answers (its key unknown), server1 refuses (a wrong port),
    // server2 hangs: a port that accepts and never sends the SSH banner.
    void answersShowAsTheyArriveBesideAHungServer()
    {
        QTcpServer hung; // accepts (the kernel does) and never says a word
        QVERIFY(hung.listen(QHostAddress::LocalHost));
        QList<QTcpSocket *> held;
        connect(&hung, &QTcpServer::newConnection, this,
                [&] { held << hung.nextPendingConnection(); });

        ClusterWizard wizard;
        Project project;
        project.name = u"cluster-hung"_s;
        project.accelerator = Accelerator::Ascend910;
        project.launch.workdir = u"/root"_s;
        project.launch.entry = u"train.py"_s;
        wizard.model()->newProject(project);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.next();
        auto *page = static_cast<ServersPage *>(wizard.currentPage());
        FleetOptions options;
        options.knownHostsFile = m_dir.filePath(u"known_hosts_hung"_s); // empty: keys unknown
        options.timeoutMs = 25000; // the hung server's limit: everything else comes well before
        page->setFleetOptions(options);
        ServerTable *table = page->table();
        const QStringList hosts{m_cluster.ip(0), m_cluster.ip(1), u"127.0.0.1"_s};
        const QStringList ports{u"22"_s, u"2"_s, QString::number(hung.serverPort())};
        for (int i = 0; i < 3; ++i) {
            QTest::mouseClick(button(page, u"add"_s), Qt::LeftButton);
            QVERIFY(typeIntoCell(table, i, ServerTable::Host, hosts[i]));
            QVERIFY(typeIntoCell(table, i, ServerTable::Port, ports[i]));
            QVERIFY(typeIntoCell(table, i, ServerTable::User, u"root"_s));
            QVERIFY(typeIntoCell(table, i, ServerTable::Identity, m_cluster.clientKey()));
        }
        auto *message = page->findChild<QLabel *>(u"message"_s);
        // The page's own words, so that the pictures can be taken in another language too.
        const auto pageText = [](const char *source) {
            return QCoreApplication::translate("cw::ServersPage", source);
        };
        const QString connecting = pageText("connecting…");
        auto *apply = button(page, u"apply"_s);
        QSignalSpy finished(page, &ServersPage::discoveryFinished);

        // An earlier test of server1 alone: "0 of 1 servers answered".
        const auto clickRow = [&](int row) {
            const QRect cell = table->visualRect(table->model()->index(row, ServerTable::Name));
            QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        };
        clickRow(1);
        QTest::mouseClick(button(page, u"testSelected"_s), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QCOMPARE(message->text(), pageText("%1 of %2 servers answered.").arg(0).arg(1));
        QVERIFY(table->isError(1, ServerTable::Status));

        QElapsedTimer clock;
        clock.start();
        QTest::mouseClick(button(page, u"testAll"_s), Qt::LeftButton);
        // Nothing left over from the earlier test: not its count, not server1's old error.
        QVERIFY2(!message->text().contains(u"1 "_s), qPrintable(message->text()));
        QCOMPARE(table->text(1, ServerTable::Status), connecting);
        QVERIFY(!table->isError(1, ServerTable::Status));

        // server0's key is asked about at once, not behind server2's 25 s.
        QMessageBox *dialog = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((dialog = page->findChild<QMessageBox *>(u"hostKeyDialog"_s)),
                                 15000);
        qInfo() << "host-key question after" << clock.elapsed() << "ms";
        QVERIFY(clock.elapsed() < 15000);
        QVERIFY(dialog->informativeText().contains(m_cluster.ip(0)));
        QVERIFY(table->text(0, ServerTable::Status).contains(u"SHA256:"_s));
        // server1's refusal is in its row while server2 still hangs.
        QTRY_VERIFY(table->isError(1, ServerTable::Status));
        QCOMPARE(table->text(2, ServerTable::Status), connecting);
        const QString progress = pageText("%1 of %2 servers answered, %3 still connecting…");
        QVERIFY2(message->text() == progress.arg(0).arg(3).arg(1), qPrintable(message->text()));

        QTest::mouseClick(dialog->findChild<QPushButton *>(u"trust"_s), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(table->text(0, ServerTable::Hostname), u"server0"_s, 15000);
        QVERIFY(!table->isError(0, ServerTable::Status));
        QCOMPARE(table->text(2, ServerTable::Status), connecting); // still hanging
        QVERIFY2(message->text() == progress.arg(1).arg(3).arg(1), qPrintable(message->text()));
        QVERIFY(apply->isEnabled()); // server0's values, while server2 still hangs
        QVERIFY(clock.elapsed() < 25000);
        keepPicture(&wizard, u"servers-hung.png"_s);
        QVERIFY(table->text(0, ServerTable::Status).startsWith(u"OK"_s));

        // Cancel: server2 stops; what answered stays usable.
        QTest::mouseClick(button(page, u"cancel"_s), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 10000);
        QVERIFY2(message->text() == u"Cancelled: 1 of 3 servers answered."_s,
                 qPrintable(message->text()));
        QVERIFY(table->isError(2, ServerTable::Status));
        QVERIFY(apply->isEnabled());

        // server1's port fixed and tested alone: its key asked about, then OK, the error gone.
        QVERIFY(typeIntoCell(table, 1, ServerTable::Port, u"22"_s));
        clickRow(1);
        QTest::mouseClick(button(page, u"testSelected"_s), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT((dialog = page->findChild<QMessageBox *>(u"hostKeyDialog"_s)),
                                 15000);
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"trust"_s), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, 20000);
        QVERIFY2(table->text(1, ServerTable::Status).startsWith(u"OK"_s),
                 qPrintable(table->text(1, ServerTable::Status)));
        QVERIFY(!table->isError(1, ServerTable::Status));
        QCOMPARE(message->text(), u"1 of 1 servers answered."_s);
        const QListWidget *problems = page->problemList();
        for (int k = 0; k < problems->count(); ++k)
            QVERIFY2(!problems->item(k)->text().startsWith(u"server1:"_s),
                     qPrintable(problems->item(k)->text()));
        QVERIFY(apply->isEnabled());
        QTest::mouseClick(apply, Qt::LeftButton);
        QCOMPARE(wizard.model()->project().servers[1].hostIp, m_cluster.ip(1));
        QCOMPARE(wizard.model()->project().servers[0].hostIp, m_cluster.ip(0));
        qDeleteAll(held);
    }
};

QTEST_MAIN(TestServersCluster)
#include "tst_serversCluster.moc"
