// SPDX-License-Identifier: GPL-3.0-or-later
// The Servers table as a user edits it, with real keys and clicks: an address-shaped value that
// is no address is named at its own cell; another server's address is flagged and takes the old
// Host IP with it; Remove (the master too) says what happened and Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y
// undo and redo it and every cell edit; with 128 servers Ctrl+F filters them, counts them, edits
// through the filter land on the right server and Esc clears it. On the Devices page the ids are
// typed as people type them ("0-7", "0 1 2 3", "0-3,6,7"), and a bad one is named at its cell.
#include "WizardTestSupport.h"

#include "widgets/DeviceTable.h"
#include "widgets/ServerTable.h"
#include "wizard/ClusterWizard.h"
#include "wizard/DevicesPage.h"
#include "wizard/PageId.h"
#include "wizard/ProjectModel.h"
#include "wizard/ServersPage.h"

#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QToolButton>
#include <QUndoStack>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

namespace {

QString listed(const QListWidget *list)
{
    QStringList lines;
    for (int i = 0; i < list->count(); ++i)
        lines << list->item(i)->text();
    return lines.join(u'\n');
}

QString toolTip(const QTableView *table, int row, int column)
{
    return table->model()->index(row, column).data(Qt::ToolTipRole).toString();
}

// F2, the text, Enter, without waiting for the cell to keep it as typed (the table may show it
// in its own form).
void typeInto(QTableView *table, int row, int column, const QString &text)
{
    table->setFocus();
    table->setCurrentIndex(table->model()->index(row, column));
    QTest::keyClick(table->viewport(), Qt::Key_F2);
    QLineEdit *editor = nullptr;
    for (QLineEdit *candidate : table->viewport()->findChildren<QLineEdit *>()) {
        if (candidate->isVisible())
            editor = candidate;
    }
    QVERIFY(editor);
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(editor, Qt::Key_Delete);
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
    QTest::qWait(50); // the commit and the table's refresh are queued
}

// 128 servers node000 .. node127 at 10.1.0.10 ...
Project fleet128(Project project)
{
    const Server model = project.servers.front();
    project.servers.clear();
    for (int s = 0; s < 128; ++s) {
        Server server = model;
        server.name = u"node%1"_s.arg(s, 3, 10, QChar(u'0'));
        server.host = server.hostIp = u"10.1.%1.%2"_s.arg(s / 100).arg(s % 100 + 10);
        server.deviceIps.clear();
        project.servers.push_back(server);
    }
    return project;
}

} // namespace

class TestServerTableEdits : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    ServersPage *showServers(ClusterWizard &wizard)
    {
        if (wizard.openProject(kExample2x8) != QString())
            return nullptr;
        FleetOptions options;
        options.knownHostsFile = m_dir.filePath(u"known_hosts"_s);
        options.parseSshConfig = false;
        wizard.setFleetOptions(options);
        wizard.resize(1180, 800);
        wizard.show();
        if (!QTest::qWaitForWindowActive(&wizard))
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

    // Item 5: "10.255.255.300" is a mistyped address, not an alias; its error is the Address
    // cell's, not the (emptied) Host IP's.
    void addressShapedValueIsAnAddress()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard);
        QVERIFY(page);
        ServerTable *table = page->table();
        QVERIFY(typeIntoCell(table, 0, ServerTable::Host, u"10.255.255.300"_s));
        QTRY_VERIFY(table->isInvalid(0, ServerTable::Host));
        keepPicture(&wizard, u"servers-address-shaped.png"_s);
        QVERIFY(!table->isInvalid(0, ServerTable::HostIp));
        QCOMPARE(cellText(table, 0, ServerTable::HostIp), QString()); // it was the old address
        const QString text = listed(page->problemList());
        QCOMPARE(text, u"server0: Address or alias \"10.255.255.300\" is not an IPv4 address like "
                       "10.0.0.22."_s);
        QCOMPARE(toolTip(table, 0, ServerTable::Host), text);
    }

    // Item 5: another server's address is flagged at the cell, naming that server, and the old
    // Host IP goes with the old address (Ctrl+Z brings both back).
    void duplicateAddressIsFlagged()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard);
        QVERIFY(page);
        ServerTable *table = page->table();
        QVERIFY(typeIntoCell(table, 1, ServerTable::Host, u"10.0.0.22"_s));
        QTRY_VERIFY(table->isInvalid(1, ServerTable::Host));
        keepPicture(&wizard, u"servers-duplicate-address.png"_s);
        QCOMPARE(cellText(table, 1, ServerTable::HostIp), QString());
        QCOMPARE(toolTip(table, 1, ServerTable::Host),
                 u"server1: Address or alias 10.0.0.22 is also the address of server0; every "
                 "server needs its own."_s);
        QVERIFY2(page->message()->text().contains(u"server1: Host IP 10.0.0.23 emptied"_s),
                 qPrintable(page->message()->text()));

        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
        QTRY_COMPARE(cellText(table, 1, ServerTable::Host), u"10.0.0.23"_s);
        QCOMPARE(cellText(table, 1, ServerTable::HostIp), u"10.0.0.23"_s);
        QVERIFY(!table->isInvalid(1, ServerTable::Host));

        // Two rows with one alias and port: the later is asked about.
        QVERIFY(typeIntoCell(table, 0, ServerTable::Host, u"gpu-a"_s));
        QVERIFY(typeIntoCell(table, 1, ServerTable::Host, u"gpu-a"_s));
        QTRY_VERIFY(table->isInvalid(1, ServerTable::Host));
        QCOMPARE(toolTip(table, 1, ServerTable::Host),
                 u"server1: Address or alias \"gpu-a\" and its port are also server0's: a "
                 "duplicate of server0?"_s);
        QVERIFY(!table->isInvalid(0, ServerTable::Host));
    }

    // Item 9: Remove takes the master with a word about the new one; Ctrl+Z brings it back,
    // Ctrl+Shift+Z and Ctrl+Y redo; a cell edit is undone the same way.
    void removeIsUndone()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard);
        QVERIFY(page);
        ServerTable *table = page->table();
        auto *remove = page->findChild<QPushButton *>(u"remove"_s);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(0, ServerTable::Name)).center());
        QTest::mouseClick(remove, Qt::LeftButton);
        QCOMPARE(table->model()->rowCount(), 1);
        keepPicture(&wizard, u"servers-removed-master.png"_s);
        QCOMPARE(cellText(table, 0, ServerTable::Name), u"server1"_s);
        QCOMPARE(page->message()->text(),
                 u"Removed server0, the master; server1 is the master now. Ctrl+Z brings it "
                 "back."_s);

        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(table->model()->rowCount(), 2);
        QCOMPARE(cellText(table, 0, ServerTable::Name), u"server0"_s);
        QCOMPARE(cellText(table, 1, ServerTable::Name), u"server1"_s);
        QCOMPARE(wizard.model()->project().servers.size(), size_t(2));
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(table->model()->rowCount(), 1);
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(table->model()->rowCount(), 2);
        QTest::keyClick(table, Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(table->model()->rowCount(), 1);
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(cellText(table, 0, ServerTable::Name), u"server0"_s);

        QVERIFY(typeIntoCell(table, 1, ServerTable::User, u"train"_s));
        QCOMPARE(wizard.model()->project().servers[1].user, u"train"_s);
        auto *undo = page->findChild<QToolButton *>(u"undoButton"_s);
        QVERIFY(undo && undo->isEnabled());
        QCOMPARE(undo->toolTip(), u"Undo: edit server1 (Ctrl+Z)"_s);
        QTest::mouseClick(undo, Qt::LeftButton);
        QCOMPARE(cellText(table, 1, ServerTable::User), u"root"_s);
        QCOMPARE(wizard.model()->project().servers[1].user, u"root"_s);
        QTest::keyClick(table, Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(cellText(table, 1, ServerTable::User), u"train"_s);
    }

    // Item 12: Ctrl+F, a filter by name, address, host IP or problem, "N of 128 servers", an
    // edit through the filter on the right server, Esc clears.
    void filterOf128()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard);
        QVERIFY(page);
        wizard.model()->setProject(fleet128(wizard.model()->project()));
        ServerTable *table = page->table();
        QCOMPARE(table->model()->rowCount(), 128);
        QLineEdit *filter = page->filterField();
        QVERIFY(!page->filterCount()->isVisible());

        table->setFocus();
        QTest::keyClick(table, Qt::Key_F, Qt::ControlModifier);
        QVERIFY(filter->hasFocus());
        QTest::keyClicks(filter, u"node01"_s);
        QCOMPARE(table->model()->rowCount(), 10);
        keepPicture(&wizard, u"servers-filter.png"_s);
        QCOMPARE(cellText(table, 0, ServerTable::Name), u"node010"_s);
        QCOMPARE(cellText(table, 9, ServerTable::Name), u"node019"_s);
        QVERIFY(page->filterCount()->isVisible());
        QCOMPARE(page->filterCount()->text(), u"10 of 128 servers"_s);

        // The third row shown is node012: its edit lands there, not on node002.
        QVERIFY(typeIntoCell(table, 2, ServerTable::User, u"alice"_s));
        QCOMPARE(wizard.model()->project().servers[12].user, u"alice"_s);
        QCOMPARE(wizard.model()->project().servers[2].user, u"root"_s);
        QCOMPARE(table->text(12, ServerTable::User), u"alice"_s);

        // By address, then by a problem's words.
        QTest::keyClick(filter, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(filter, u"10.1.1.2"_s);
        QCOMPARE(page->filterCount()->text(), u"10 of 128 servers"_s); // 10.1.1.20 .. 10.1.1.29
        QCOMPARE(cellText(table, 0, ServerTable::Host), u"10.1.1.20"_s);
        QTest::keyClick(filter, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(filter, Qt::Key_Delete);
        QVERIFY(typeIntoCell(table, 40, ServerTable::HostIp, u"10.1.0.999"_s));
        filter->setFocus();
        QTest::keyClicks(filter, u"not an IPv4"_s);
        QCOMPARE(table->model()->rowCount(), 1);
        QCOMPARE(cellText(table, 0, ServerTable::Name), u"node040"_s);
        QCOMPARE(page->filterCount()->text(), u"1 of 128 servers"_s);

        // Esc clears the filter and keeps the wizard open.
        QTest::keyClick(filter, Qt::Key_Escape);
        QCOMPARE(filter->text(), QString());
        QCOMPARE(table->model()->rowCount(), 128);
        QVERIFY(!page->filterCount()->isVisible());
        QVERIFY(wizard.isVisible());

        // A problem's click goes to a server the filter hides: the filter steps aside.
        QTest::keyClicks(filter, u"node00"_s);
        QCOMPARE(table->model()->rowCount(), 10);
        QListWidget *problems = page->problemList();
        QTest::mouseClick(problems->viewport(), Qt::LeftButton, {},
                          problems->visualItemRect(problems->item(0)).center());
        QCOMPARE(filter->text(), QString());
        QCOMPARE(table->currentServer(), 40);
    }

    // Item 3: device ids as people type them; a bad one is named at its cell, never -1.
    void deviceIdsAsTyped()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard);
        QVERIFY(page);
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(DevicesPageId));
        auto *devices = static_cast<DevicesPage *>(wizard.currentPage());
        auto *table = devices->findChild<DeviceTable *>();
        QVERIFY(table);
        const auto ids = [&] { return wizard.model()->project().servers[0].devices; };

        typeInto(table, 0, 1, u"0 1 2 3"_s);
        QTRY_COMPARE(cellText(table, 0, 1), u"0,1,2,3"_s);
        QCOMPARE(ids(), (std::vector<int>{0, 1, 2, 3}));
        typeInto(table, 0, 1, u"0-3,6,7"_s);
        QTRY_COMPARE(cellText(table, 0, 1), u"0,1,2,3,6,7"_s);
        QCOMPARE(ids(), (std::vector<int>{0, 1, 2, 3, 6, 7}));
        typeInto(table, 0, 1, u"0-7"_s);
        QTRY_COMPARE(cellText(table, 0, 1), u"0,1,2,3,4,5,6,7"_s);
        QCOMPARE(ids(), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
        QVERIFY(!table->isTinted(0, 1));

        typeInto(table, 0, 1, u"0-3,x"_s);
        QTRY_VERIFY(table->isTinted(0, 1));
        keepPicture(&wizard, u"devices-bad-ids.png"_s);
        QCOMPARE(cellText(table, 0, 1), u"0-3,x"_s);
        const QString message = u"server0: Devices \"0-3,x\": \"x\" is not a device id or range; "
                                "type them like 0-7, 0 1 2 3, 0,1,2,3 or 0-3,6,7."_s;
        QCOMPARE(table->cellToolTip(0, 1), message);
        QCOMPARE(ids(), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7})); // no -1
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(DevicesPageId));
        QCOMPARE(devices->findChild<QLabel *>(u"message"_s)->text(), message);

        typeInto(table, 0, 1, u"0,1,2,3,4,5,6,7"_s);
        QTRY_VERIFY(!table->isTinted(0, 1));
        QCOMPARE(cellText(table, 0, 1), u"0,1,2,3,4,5,6,7"_s);
    }
};

QTEST_MAIN(TestServerTableEdits)
#include "tst_serverTableEdits.moc"
