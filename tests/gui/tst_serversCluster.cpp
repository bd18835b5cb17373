// SPDX-License-Identifier: GPL-3.0-or-later
// The Servers page against simulated servers (real sshd in network namespaces; needs root, as
// CI runs): the servers are typed into the table, Test all meets unknown host keys, the dialog
// shows their SHA256 fingerprints, Trust connects again and the discovered facts fill the table;
// Apply discovered values fills the project. A second run finds the keys known.
#include "TestCluster.h"
#include "WizardTestSupport.h"

#include "widgets/ServerTable.h"
#include "wizard/ClusterWizard.h"
#include "wizard/ProjectModel.h"
#include "wizard/ServersPage.h"

#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>

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
        for (int i = 0; i < kServers; ++i) {
            QVERIFY2(table->text(i, ServerTable::Status).contains(u"SHA256:"_s),
                     qPrintable(table->text(i, ServerTable::Status)));
        }
        QVERIFY2(dialog->informativeText().count(u"SHA256:"_s) == kServers,
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
};

QTEST_MAIN(TestServersCluster)
#include "tst_serversCluster.moc"
