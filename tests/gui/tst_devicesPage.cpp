// SPDX-License-Identifier: GPL-3.0-or-later
// The Devices page as a user first sees it, in the wizard window at 1180 x 800: the network
// picture fills its view at once (it used to be a speck until Fit) and stays fitted when the
// window changes until the user zooms; at 128 x 8 the fitted picture shows every server's name
// readably; a legend says what the colours mean; a cpu project's boxes hold their titles and
// Plan automatically is off; and 128 servers grown from a /24 project plan in one click. Its
// problems speak of the page (Netmask, the server, the device, the button), not of the project
// file or the CLI, and Plan automatically is offered only where it repairs them.
#include "WizardTestSupport.h"

#include "model/ProjectJson.h"
#include "plan/Planner.h"
#include "widgets/DeviceTable.h"
#include "widgets/TopologyView.h"
#include "wizard/ClusterWizard.h"
#include "wizard/DevicesPage.h"
#include "wizard/PageId.h"
#include "wizard/ProjectModel.h"

#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

namespace {

// How much of the view the whole picture takes: (width share, height share).
QPointF filled(const TopologyView *view)
{
    const QRectF shown = view->mapFromScene(view->sceneRect()).boundingRect();
    const QRect port = view->viewport()->rect();
    return {shown.width() / port.width(), shown.height() / port.height()};
}

bool fillsTheView(const TopologyView *view)
{
    const QPointF share = filled(view);
    return (share.x() >= 0.9 || share.y() >= 0.9) && share.x() <= 1.02 && share.y() <= 1.02;
}

// The text item directly under a server's box whose text starts with `start`.
const QGraphicsSimpleTextItem *textOf(const QGraphicsRectItem *box, const QString &text, bool exact)
{
    for (const QGraphicsItem *child : box->childItems()) {
        const auto *item = dynamic_cast<const QGraphicsSimpleTextItem *>(child);
        if (item && (exact ? item->text() == text : item->text().startsWith(text)))
            return item;
    }
    return nullptr;
}

// The 16x8 example grown to `servers` the way a user grows it: same /24 netmask and segments,
// the new servers without device IPs.
Project grown(int servers)
{
    Project project = loadProjectFile(kExamples + u"/ascend-16x8.clusterwiz.json"_s).project;
    const Server model = project.servers.back();
    for (int s = int(project.servers.size()); s < servers; ++s) {
        Server server = model;
        server.name = u"node%1"_s.arg(s, 3, 10, QChar(u'0'));
        server.host = server.hostIp = u"10.1.%1.%2"_s.arg(s / 200).arg(s % 200 + 10);
        server.deviceIps.clear();
        project.servers.push_back(server);
    }
    return project;
}

} // namespace

class TestDevicesPage : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    DevicesPage *showDevices(ClusterWizard &wizard, const QString &path)
    {
        if (!wizard.openProject(path).isEmpty())
            return nullptr;
        wizard.resize(1180, 800);
        wizard.show();
        if (!QTest::qWaitForWindowExposed(&wizard))
            return nullptr;
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        return qobject_cast<DevicesPage *>(wizard.currentPage());
    }

    QString save(const Project &project, const QString &name)
    {
        const QString path = m_dir.filePath(name);
        return saveProjectFile(project, path).isEmpty() ? path : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    void pictureFillsTheViewOnFirstShow()
    {
        ClusterWizard wizard;
        DevicesPage *page = showDevices(wizard, kExample2x8);
        QVERIFY(page);
        TopologyView *view = page->topology();
        QTRY_VERIFY2(fillsTheView(view),
                     qPrintable(u"the picture takes %1 x %2 of the view"_s.arg(filled(view).x())
                                    .arg(filled(view).y())));
        // Still fitted after the window grows (no Fit pressed).
        wizard.resize(1260, 880);
        QTRY_VERIFY(fillsTheView(view));
        // Zoomed by the user: a resize keeps the zoom.
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Plus);
        const double zoom = view->transform().m11();
        wizard.resize(1180, 800);
        QTest::qWait(50);
        QCOMPARE(view->transform().m11(), zoom);
        QVERIFY(!view->keepsFitted());
        QTest::keyClick(view, Qt::Key_0); // Fit again, and kept
        QVERIFY(view->keepsFitted());
        QTRY_VERIFY(fillsTheView(view));

        // The legend names the four segments and their devices, and the marks.
        const QString legend =
            page->findChild<QLabel *>(u"legend"_s)->text().replace(QChar(0xa0), u' ');
        QVERIFY2(legend.contains(u"devices 0, 4: segment 192.168.100.0"_s), qPrintable(legend));
        QVERIFY2(legend.contains(u"devices 3, 7: segment 192.168.103.0"_s), qPrintable(legend));
        QVERIFY2(legend.contains(u"a problem"_s), qPrintable(legend));
    }

    // 128 x 8 fitted: labels of devices are not drawn, but every server's name is, across its
    // box, at least 9 pixels high on screen; Find server zooms in to the detail.
    void largeClusterShowsServerNames()
    {
        Project project = grown(128);
        project.deviceNetwork.netmask.clear(); // the planner chooses: here a /23
        project.deviceNetwork.segments.clear();
        const QString path = save(planDeviceNetwork(project).project, u"large.clusterwiz.json"_s);
        QVERIFY(!path.isEmpty());
        ClusterWizard wizard;
        DevicesPage *page = showDevices(wizard, path);
        QVERIFY(page);
        TopologyView *view = page->topology();
        QTRY_VERIFY(fillsTheView(view));
        QVERIFY(!view->showsDetail());
        double smallest = 1e9;
        for (int s = 0; s < 128; ++s) {
            const QString name = wizard.model()->project().servers[size_t(s)].name;
            const QGraphicsSimpleTextItem *label = textOf(view->serverItem(s), name, true);
            QVERIFY2(label, qPrintable(name));
            smallest = std::min(smallest, label->boundingRect().height() * view->transform().m11());
        }
        qInfo("fitted 128 x 8: server names %.1f px high", smallest);
        keepPicture(&wizard, u"devices-128-fitted.png"_s);
        QVERIFY(smallest >= 9);
        QTest::keyClicks(page->findField(), u"node100"_s);
        QTest::keyClick(page->findField(), Qt::Key_Return);
        QCOMPARE(wizard.currentId(), int(DevicesPageId));
        QVERIFY(view->showsDetail());
    }

    // A cpu project: nothing to plan, and each box is as wide as its title.
    void cpuProjectHasNothingToPlan()
    {
        ClusterWizard wizard;
        DevicesPage *page = showDevices(wizard, kExamples + u"/cpu-2x2.clusterwiz.json"_s);
        QVERIFY(page);
        QVERIFY(!page->findChild<QPushButton *>(u"plan"_s)->isEnabled());
        TopologyView *view = page->topology();
        for (int s = 0; s < 2; ++s) {
            const QString name = wizard.model()->project().servers[size_t(s)].name;
            const QGraphicsSimpleTextItem *title =
                textOf(view->serverItem(s), name + u"  "_s, false);
            QVERIFY(title);
            const QRectF box = view->serverItem(s)->rect();
            const QRectF text = title->mapRectToScene(title->boundingRect());
            QVERIFY2(box.contains(text), qPrintable(u"title %1 spills out of its box"_s.arg(name)));
        }
        const QString legend =
            page->findChild<QLabel *>(u"legend"_s)->text().replace(QChar(0xa0), u' ');
        QVERIFY2(legend.contains(u"no device network"_s), qPrintable(legend));
    }

    void problemsSpeakOfThePage()
    {
        ClusterWizard wizard;
        DevicesPage *page = showDevices(wizard, kExample2x8);
        QVERIFY(page);
        const QString repeated = wizard.model()->project().servers[0].deviceIps[2];
        QVERIFY(typeIntoCell(page->table(), 1, DeviceTable::ipColumn(2), repeated));
        QStringList lines;
        for (int i = 0; i < page->problemList()->count(); ++i)
            lines << page->problemList()->item(i)->text();
        const QString all = lines.join(u'\n');
        QVERIFY2(lines.contains(u"server1 device 2: %1 is already the IP of server0 device 2; "
                                "every device needs its own (click Plan automatically to give "
                                "it one)."_s.arg(repeated)),
                 qPrintable(all));
        for (const QString &file :
             {u"servers["_s, u"device_ips"_s, u"device_network"_s, u"clusterwiz-cli"_s, u"`"_s})
            QVERIFY2(!all.contains(file), qPrintable(all));
        auto *message = page->findChild<QLabel *>(u"message"_s);
        QVERIFY2(message->text().contains(u"click Plan automatically to repair them"_s),
                 qPrintable(message->text()));

        // A device id the planner does not choose: the button is not offered as the way out.
        QVERIFY(typeIntoCell(page->table(), 0, 1, u"0,1,2,3,4,5,6,9"_s));
        QTRY_VERIFY(message->text().contains(u"cannot repair"_s));
        QVERIFY2(!message->text().contains(u"click Plan automatically"_s),
                 qPrintable(message->text()));
        keepPicture(&wizard, u"devices-problems-worded.png"_s);
    }

    // Device ids typed that do not read change no project, so no rule reports them: the page
    // still names them (server, what was typed, the part refused, the form), lists them with
    // the rules' problems, and says "every rule holds" only once nothing is refused.
    void refusedIdsAreNamedNeverCalledWell()
    {
        ClusterWizard wizard;
        DevicesPage *page = showDevices(wizard, kExample2x8);
        QVERIFY(page);
        auto *message = page->findChild<QLabel *>(u"message"_s);
        QListWidget *list = page->problemList();
        const QString allWell = u"Every device rule holds."_s;
        QCOMPARE(message->text(), allWell);
        QVERIFY(!list->isVisible());
        const std::vector<int> before = wizard.model()->project().servers[1].devices;

        QVERIFY(typeIntoCell(page->table(), 1, 1, u"0-3 4..7"_s));
        const QString refused = u"server1: Devices \"0-3 4..7\": \"4..7\" is not a device id or "
                                "range; type them like 0-7, 0 1 2 3, 0,1,2,3 or 0-3,6,7."_s;
        QTRY_COMPARE(message->text(), refused);
        QCOMPARE(wizard.model()->project().servers[1].devices, before); // kept, never -1
        QTRY_VERIFY(page->table()->isTinted(1, 1));
        QVERIFY(list->isVisible());
        QCOMPARE(list->count(), 1);
        QCOMPARE(list->item(0)->text(), refused);
        keepPicture(&wizard, u"devices-refused-ids.png"_s);
        // Its line leads to its cell.
        page->table()->setCurrentIndex(page->table()->model()->index(0, 0));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(0)).center());
        QCOMPARE(page->table()->currentIndex().row(), 1);
        QCOMPARE(page->table()->currentIndex().column(), 1);

        // An id a rule refuses, on the other server: both are named, the refused text first.
        QVERIFY(typeIntoCell(page->table(), 0, 1, u"0,1,2,3,4,5,6,9"_s));
        QTRY_COMPARE(list->count(), 2);
        QVERIFY2(message->text().startsWith(refused) &&
                     message->text().contains(u"1 more problem"_s),
                 qPrintable(message->text()));
        QCOMPARE(list->item(0)->text(), refused);
        QVERIFY2(list->item(1)->text().startsWith(u"server0 device 9: "_s),
                 qPrintable(list->item(1)->text()));
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(DevicesPageId));
        QCOMPARE(message->text(), refused);

        // The typed ids mended: the rule's problem alone is left, and said.
        QVERIFY(typeIntoCell(page->table(), 1, 1, u"0,1,2,3,4,5,6,7"_s));
        QTRY_COMPARE(list->count(), 1);
        QVERIFY2(message->text().contains(u"Fix 1 problem"_s), qPrintable(message->text()));
        QTRY_VERIFY(!page->table()->isTinted(1, 1));
        QVERIFY(typeIntoCell(page->table(), 0, 1, u"0,1,2,3,4,5,6,7"_s));
        QTRY_COMPARE(message->text(), allWell);
        QVERIFY(!list->isVisible());

        // Typing back the very ids it had (the project unchanged) also ends a refusal.
        QVERIFY(typeIntoCell(page->table(), 1, 1, u"x"_s));
        QTRY_VERIFY(message->text() != allWell);
        QVERIFY(typeIntoCell(page->table(), 1, 1, u"0,1,2,3,4,5,6,7"_s));
        QTRY_COMPARE(message->text(), allWell);
        QVERIFY(!list->isVisible());
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(ChecksPageId));
    }

    // 128 servers grown from the 16x8 example keep its /24: one click on Plan automatically
    // widens it to /23 and fills every device IP; the message says why.
    void planAutomaticallyFitsTheNetmaskInOneClick()
    {
        const QString path = save(grown(128), u"grown.clusterwiz.json"_s);
        QVERIFY(!path.isEmpty());
        ClusterWizard wizard;
        DevicesPage *page = showDevices(wizard, path);
        QVERIFY(page);
        QVERIFY(page->problemList()->count() > 0);
        // The list beside the picture wraps each problem onto as many lines as it takes.
        QVERIFY(page->problemList()->wordWrap());
        QCOMPARE(page->problemList()->textElideMode(), Qt::ElideNone);
        // Next names the mistake and stays (it is not greyed: tst_wizardDetails).
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(DevicesPageId));
        QTest::mouseClick(page->findChild<QPushButton *>(u"plan"_s), Qt::LeftButton);
        QTRY_COMPARE(page->problemList()->count(), 0);
        keepPicture(&wizard, u"devices-128-planned.png"_s);
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
        QCOMPARE(wizard.model()->project().deviceNetwork.netmask, u"255.255.254.0"_s);
        QCOMPARE(page->findChild<QLineEdit *>(u"netmask"_s)->text(), u"255.255.254.0"_s);
        auto *message = page->findChild<QLabel *>(u"message"_s);
        QVERIFY2(message->text().contains(u"The netmask was too small for this cluster and is now "
                                          "255.255.254.0"_s),
                 qPrintable(message->text()));
        QVERIFY2(message->toolTip().startsWith(u"Why: segment 192.168.100.0/24 holds"_s),
                 qPrintable(message->toolTip()));
        QVERIFY(message->toolTip().contains(u"255.255.255.0 -> 255.255.254.0"_s));
    }
};

QTEST_MAIN(TestDevicesPage)
#include "tst_devicesPage.moc"
