// SPDX-License-Identifier: GPL-3.0-or-later
// Mistakes shown where they are made, in the table's words, driven with real keys: a host IP
// that is no address tints its cell and is named beside the table as "server0: Host IP ..." (not
// "servers[0].host_ip"), until it is fixed; an empty address names the column the user typed it
// in; a failed connection is readable in full beside the table; after Create, nothing of the
// last project's answers stays on the Servers page.
#include "WizardTestSupport.h"

#include "model/ProjectJson.h"
#include "widgets/ServerTable.h"
#include "wizard/ClusterWizard.h"
#include "wizard/PageId.h"
#include "wizard/ProjectModel.h"
#include "wizard/ServersPage.h"

#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTcpServer>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

namespace {

quint16 closedPort()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost, 0))
        return 0;
    const quint16 port = server.serverPort();
    server.close();
    return port;
}

QString listed(const QListWidget *list)
{
    QStringList lines;
    for (int i = 0; i < list->count(); ++i)
        lines << list->item(i)->text();
    return lines.join(u'\n');
}

} // namespace

class TestFieldErrors : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    ServersPage *showServers(ClusterWizard &wizard, const QString &path)
    {
        if (wizard.openProject(path) != QString())
            return nullptr;
        FleetOptions options;
        options.knownHostsFile = m_dir.filePath(u"known_hosts"_s);
        options.parseSshConfig = false;
        options.timeoutMs = 20000;
        wizard.setFleetOptions(options);
        wizard.resize(1180, 800);
        wizard.show();
        if (!QTest::qWaitForWindowExposed(&wizard))
            return nullptr;
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        return qobject_cast<ServersPage *>(wizard.currentPage());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    void badHostIpIsMarkedAtItsCell()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard, kExample2x8);
        QVERIFY(page);
        ServerTable *table = page->table();
        QListWidget *problems = page->problemList();
        QVERIFY(!problems->isVisible());
        QVERIFY(!table->isInvalid(0, ServerTable::HostIp));

        QVERIFY(typeIntoCell(table, 0, ServerTable::HostIp, u"10.0.0.300"_s));
        QTRY_VERIFY(table->isInvalid(0, ServerTable::HostIp));
        keepPicture(&wizard, u"servers-bad-host-ip.png"_s);
        QVERIFY(table->model()->index(0, ServerTable::HostIp).data(Qt::BackgroundRole).isValid());
        QVERIFY(!table->isInvalid(0, ServerTable::Host));
        QVERIFY(!table->isInvalid(1, ServerTable::HostIp));
        QVERIFY(problems->isVisible());
        const QString text = listed(problems);
        qInfo().noquote() << "beside the table:" << text;
        QVERIFY2(text.startsWith(u"server0: Host IP \"10.0.0.300\" is not an IPv4 address"_s),
                 qPrintable(text));
        QVERIFY2(!text.contains(u"servers["_s) && !text.contains(u"host_ip"_s), qPrintable(text));
        const QString tip =
            table->model()->index(0, ServerTable::HostIp).data(Qt::ToolTipRole).toString();
        QCOMPARE(tip, problems->item(0)->text());

        // Next names it in the same words; the page stays.
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(ServersPageId));
        const QString message = page->findChild<QLabel *>(u"message"_s)->text();
        QVERIFY2(message.startsWith(u"server0: Host IP"_s), qPrintable(message));

        // A click on the problem goes to the cell.
        table->setCurrentCell(1, ServerTable::Name);
        QTest::mouseClick(problems->viewport(), Qt::LeftButton, {},
                          problems->visualItemRect(problems->item(0)).center());
        QCOMPARE(table->currentIndex().row(), 0);
        QCOMPARE(table->currentIndex().column(), int(ServerTable::HostIp));

        QVERIFY(typeIntoCell(table, 0, ServerTable::HostIp, u"10.0.0.30"_s));
        QTRY_VERIFY(!table->isInvalid(0, ServerTable::HostIp));
        QVERIFY(!problems->isVisible());
        QCOMPARE(problems->count(), 0);
    }

    // Emptied with the keyboard (select all, Delete, Enter): the column's own title says what.
    void emptyAddressNamesTheColumn()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard, kExample2x8);
        QVERIFY(page);
        ServerTable *table = page->table();
        table->setFocus();
        table->setCurrentCell(1, ServerTable::Host);
        QTest::keyClick(table->viewport(), Qt::Key_F2);
        QLineEdit *editor = nullptr;
        QTRY_VERIFY((editor = table->viewport()->findChild<QLineEdit *>()) && editor->isVisible());
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(editor, Qt::Key_Delete);
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_COMPARE(wizard.model()->project().servers[1].host, QString());
        QTRY_VERIFY(table->isInvalid(1, ServerTable::Host));
        const QString text = listed(page->problemList());
        QVERIFY2(text.contains(u"server1: Address or alias is empty"_s), qPrintable(text));
        QCOMPARE(wizard.currentId(), int(ServersPageId));
    }

    // Failed connections are listed in full beside the table (the Status column cuts them);
    // Create then starts a project with none of those answers left.
    void connectionErrorsInFullAndCreateForgetsThem()
    {
        Project project = loadProjectFile(kExample2x8).project;
        for (Server &server : project.servers) {
            server.hostIp = server.host;
            server.host = u"127.0.0.1"_s;
            server.port = closedPort();
        }
        const QString path = m_dir.filePath(u"closed.clusterwiz.json"_s);
        QCOMPARE(saveProjectFile(project, path), QString());
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard, path);
        QVERIFY(page);
        auto *message = page->findChild<QLabel *>(u"message"_s);
        QTest::mouseClick(page->findChild<QPushButton *>(u"testAll"_s), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(page->problemList()->count() == 2, 60000);
        keepPicture(&wizard, u"servers-refused.png"_s);
        QCOMPARE(message->text(), u"0 of 2 servers answered."_s);
        const QString text = listed(page->problemList());
        qInfo().noquote() << "beside the table:" << text;
        QCOMPARE(page->problemList()->count(), 2);
        QVERIFY2(text.contains(u"server1: "_s), qPrintable(text));
        QVERIFY2(text.contains(u"Connection refused"_s, Qt::CaseInsensitive), qPrintable(text));
        QVERIFY(page->table()->isError(1, ServerTable::Status));

        QTest::mouseClick(wizard.button(QWizard::BackButton), Qt::LeftButton);
        QTest::mouseClick(wizard.currentPage()->findChild<QPushButton *>(u"create"_s),
                          Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(ServersPageId));
        QCOMPARE(message->text(), QString());
        QCOMPARE(page->problemList()->count(), 0);
        QTest::mouseClick(page->findChild<QPushButton *>(u"add"_s), Qt::LeftButton);
        QCOMPARE(page->table()->text(0, ServerTable::Status), u"not tested"_s);
        QVERIFY(!page->table()->isError(0, ServerTable::Status));
        QVERIFY(page->findChild<QPushButton *>(u"apply"_s)->isEnabled() == false);
    }
};

QTEST_MAIN(TestFieldErrors)
#include "tst_fieldErrors.moc"
