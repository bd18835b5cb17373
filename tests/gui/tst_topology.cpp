// SPDX-License-Identifier: GPL-3.0-or-later
// The topology picture at the sizes people use: the 2x8 example with a broken device, problems
// marked on the server or device their location names (and the same cells of the device
// table), and a planned 128-server cluster (every device drawn, nothing marked, PNG and SVG
// export); a duplicate address marks both devices with a filled marker that a fitted 128 x 8
// picture still shows, counted in the legend; a /23 draws two octets; an address in the wrong
// segment loses its segment colour; Plan automatically refits the picture.
#include "WizardTestSupport.h"

#include "model/ProjectJson.h"
#include "plan/Planner.h"
#include "rules/ProjectValidator.h"
#include "widgets/DeviceTable.h"
#include "widgets/TopologyView.h"
#include "wizard/ClusterWizard.h"
#include "wizard/DevicesPage.h"
#include "wizard/ProjectModel.h"

#include <QFileInfo>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QLabel>
#include <QPushButton>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

using Marker = TopologyView::Marker;

// The texts drawn on a device (its id and the end of its IP).
QStringList labelsOf(const QGraphicsRectItem *device)
{
    QStringList texts;
    for (const QGraphicsItem *child : device->childItems()) {
        if (const auto *text = dynamic_cast<const QGraphicsSimpleTextItem *>(child))
            texts << text->text();
    }
    return texts;
}

// The share of a device's pixels on screen that are red: a marker shows, whatever the zoom.
double redShare(TopologyView &view, const QGraphicsRectItem *device)
{
    const QImage image = view.viewport()->grab().toImage();
    const QRect area = view.mapFromScene(device->sceneBoundingRect()).boundingRect();
    int red = 0, all = 0;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        for (int x = area.left(); x <= area.right(); ++x) {
            if (!image.rect().contains(x, y))
                continue;
            const QColor c = image.pixelColor(x, y);
            ++all;
            red += c.red() > 180 && c.green() < 120 && c.blue() < 120 ? 1 : 0;
        }
    }
    return all ? double(red) / all : 0;
}

} // namespace

class TestTopology : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // Where the pictures go: CLUSTERWIZ_SCREENSHOT_DIR keeps them for a person to look at.
    QString outPath(const QString &name)
    {
        const QString keep = qEnvironmentVariable("CLUSTERWIZ_SCREENSHOT_DIR");
        return keep.isEmpty() ? m_dir.filePath(name) : keep + u'/' + name;
    }

private Q_SLOTS:
    void marksTheDeviceAProblemNames()
    {
        Project project = loadProjectFile(wizardtest::kExample2x8).project;
        project.servers[0].deviceIps[2] = project.servers[0].deviceIps[1]; // duplicate
        TopologyView view;
        view.showProject(project, validateProject(project));
        QVERIFY(view.isMarked(view.deviceItem(0, 2)));
        QVERIFY(!view.isMarked(view.deviceItem(1, 2)));
        QVERIFY(!view.deviceItem(0, 2)->toolTip().isEmpty());
        QVERIFY(!view.deviceItem(2, 0));
    }

    // An edit that keeps the picture's shape redraws only the servers it touched: the others
    // keep their items, the edited one shows the new IP and loses its mark once fixed, and a
    // found device stays highlighted. A new segment (another shape) redraws everything.
    void anEditRedrawsOnlyTheServersItTouched()
    {
        Project project = loadProjectFile(wizardtest::kExample2x8).project;
        TopologyView view;
        view.showProject(project, validateProject(project));
        QVERIFY(view.focusOn(1, 4));
        // A tag on every item as drawn now: a redrawn item is a new one, without it.
        constexpr int kTag = 42;
        for (int s = 0; s < 2; ++s)
            for (int k = 0; k < 8; ++k)
                view.deviceItem(s, k)->setData(kTag, true);
        const auto kept = [&](int s, int k) { return view.deviceItem(s, k)->data(kTag).toBool(); };

        const QString good = project.servers[1].deviceIps[4];
        project.servers[1].deviceIps[4] = project.servers[1].deviceIps[3]; // duplicate
        view.showProject(project, validateProject(project));
        QVERIFY(kept(0, 4));
        QVERIFY(!kept(1, 4));
        QVERIFY(view.isMarked(view.deviceItem(1, 4)));
        QCOMPARE(view.highlighted(), view.deviceItem(1, 4));
        QVERIFY2(view.deviceItem(1, 4)->toolTip().contains(project.servers[1].deviceIps[3]),
                 qPrintable(view.deviceItem(1, 4)->toolTip()));

        project.servers[1].deviceIps[4] = good;
        view.showProject(project, validateProject(project));
        QVERIFY(!view.isMarked(view.deviceItem(1, 4)));
        QVERIFY(kept(0, 4));

        project.deviceNetwork.segments.append(u"192.168.200.0/24"_s);
        view.showProject(project, validateProject(project));
        QVERIFY(!kept(0, 4));
        QVERIFY(!view.highlighted());
    }

    // Problems land where their location says, two-digit server indices included, in the
    // picture and in the device table: a bad port on server 10 marks that server and its name;
    // a repeated IP on server 1 marks that device (and the one it repeats) and its IP; a bad device
    // id on server 2 marks that device and the Devices cell where ids are typed.
    void marksServersAndDevicesByLocation()
    {
        Project project =
            loadProjectFile(wizardtest::kExamples + u"/ascend-16x8.clusterwiz.json"_s).project;
        project.servers[10].port = 0;
        project.servers[1].deviceIps[3] = project.servers[1].deviceIps[2];
        project.servers[2].devices[5] = 9;
        const Problems problems = validateProject(project);

        TopologyView view;
        view.showProject(project, problems);
        QVERIFY(view.isMarked(view.serverItem(10)));
        QVERIFY(!view.isMarked(view.serverItem(1)));
        QVERIFY(!view.isMarked(view.serverItem(0)));
        QVERIFY(view.deviceItem(1, 3)->toolTip().contains(u"is already used by"_s));
        QVERIFY(view.isMarked(view.deviceItem(1, 3)));
        // The device whose address it repeats is marked as the other half of the pair.
        QCOMPARE(view.markerOf(view.deviceItem(1, 2)), int(TopologyView::Marker::Duplicate));
        QVERIFY(!view.isMarked(view.deviceItem(1, 1)));
        QVERIFY(view.isMarked(view.deviceItem(2, 5)));
        for (int k = 0; k < 8; ++k)
            QVERIFY(!view.isMarked(view.deviceItem(10, k)));

        DeviceTable table;
        table.showProject(project, problems);
        const auto tinted = [&](int row, int column) {
            return table.isTinted(row, column) &&
                   table.model()->index(row, column).data(Qt::BackgroundRole).isValid();
        };
        QVERIFY(tinted(10, 0));
        QVERIFY(table.cellToolTip(10, 0).contains(u"SSH port 0"_s));
        QVERIFY(!tinted(1, 0));
        QVERIFY(tinted(1, DeviceTable::ipColumn(3)));
        QVERIFY(!tinted(1, DeviceTable::ipColumn(2)));
        QVERIFY(tinted(2, 1));
        QVERIFY(!tinted(2, DeviceTable::ipColumn(5)));
        QVERIFY(!tinted(0, 0) && !tinted(0, 1));
    }

    // In the wizard as a user does it: an IP of server 1 typed to repeat one of server 0 marks
    // both devices with the duplicate's filled marker (above the server's name), and the legend
    // counts them; an IP typed into another device's segment loses its segment colour.
    void marksBothDevicesOfADuplicate()
    {
        wizardtest::isolateSettings(m_dir);
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(wizardtest::kExample2x8), QString());
        wizard.resize(1180, 800);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        auto *page = qobject_cast<DevicesPage *>(wizard.currentPage());
        QVERIFY(page);
        TopologyView *view = page->topology();
        const QString repeated = wizard.model()->project().servers[0].deviceIps[2];
        QVERIFY(wizardtest::typeIntoCell(page->table(), 1, DeviceTable::ipColumn(2), repeated));
        QTRY_COMPARE(view->markerOf(view->deviceItem(1, 2)), int(Marker::Duplicate));
        QCOMPARE(view->markerOf(view->deviceItem(0, 2)), int(Marker::Duplicate));
        QCOMPARE(view->markedDevices(Marker::Duplicate), 2);
        QCOMPARE(view->markerOf(view->deviceItem(0, 3)), -1);
        QVERIFY(view->isMarked(view->deviceItem(0, 2)));
        QCOMPARE(view->deviceItem(0, 2)->brush().color(), QColor(220, 30, 30));
        QVERIFY(view->deviceItem(0, 2)->zValue() > 5); // above the overview name
        const QString legend =
            page->findChild<QLabel *>(u"legend"_s)->text().replace(QChar(0xa0), u' ');
        QVERIFY2(legend.contains(u"duplicate IP: 2 device(s)"_s), qPrintable(legend));

        // Device 3 of server 0 typed into segment 0's network: no longer segment 3's colour.
        const QColor segmentFill = view->deviceItem(1, 3)->brush().color();
        QVERIFY(wizardtest::typeIntoCell(page->table(), 0, DeviceTable::ipColumn(3),
                                         u"192.168.100.50"_s));
        QTRY_COMPARE(view->markerOf(view->deviceItem(0, 3)), int(Marker::WrongSegment));
        QVERIFY(view->deviceItem(0, 3)->brush().color() != segmentFill);
        QCOMPARE(view->deviceItem(1, 3)->brush().color(), segmentFill);
        const QString withWrong =
            page->findChild<QLabel *>(u"legend"_s)->text().replace(QChar(0xa0), u' ');
        QVERIFY2(withWrong.contains(u"IP in the wrong segment: 1 device(s)"_s),
                 qPrintable(withWrong));
        wizardtest::keepPicture(&wizard, u"topology-duplicate-2x8.png"_s);

        // Zoomed in to read, then Plan automatically: the new plan is shown whole again.
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Plus);
        QTest::keyClick(view, Qt::Key_Plus);
        QVERIFY(!view->keepsFitted());
        QTest::mouseClick(page->findChild<QPushButton *>(u"plan"_s), Qt::LeftButton);
        QTRY_COMPARE(view->markedDevices(Marker::Duplicate), 0);
        QVERIFY(view->keepsFitted());
        QCOMPARE(view->markerOf(view->deviceItem(0, 3)), -1);
    }

    // A /23 (the planner's choice for 128 servers): ".0" and ".255" are hosts there, so the
    // labels show the last two octets; a /24 shows one.
    void labelsShowEnoughOfTheAddress()
    {
        Project project = loadProjectFile(wizardtest::kExample2x8).project;
        TopologyView view;
        view.showProject(project, validateProject(project));
        const QString ip = project.servers[0].deviceIps[1]; // 192.168.101.101
        QVERIFY2(labelsOf(view.deviceItem(0, 1)).contains(u"."_s + ip.section(u'.', 3)),
                 qPrintable(labelsOf(view.deviceItem(0, 1)).join(u' ')));
        project.deviceNetwork.netmask = u"255.255.254.0"_s;
        project.deviceNetwork.segments.clear();
        project.servers[0].deviceIps[1] = u"192.168.101.255"_s;
        view.showProject(project, validateProject(project));
        QVERIFY2(labelsOf(view.deviceItem(0, 1)).contains(u".101.255"_s),
                 qPrintable(labelsOf(view.deviceItem(0, 1)).join(u' ')));
        // The label fits its square.
        for (const QGraphicsItem *child : view.deviceItem(0, 1)->childItems()) {
            if (dynamic_cast<const QGraphicsSimpleTextItem *>(child))
                QVERIFY(view.deviceItem(0, 1)->rect().contains(child->sceneBoundingRect()));
        }
    }

    void drawsAPlanned128ServerCluster()
    {
        Project project =
            loadProjectFile(wizardtest::kExamples + u"/ascend-16x8.clusterwiz.json"_s).project;
        const Server model = project.servers.front();
        project.servers.clear();
        project.deviceNetwork = {};
        for (int i = 0; i < kMaxServers; ++i) {
            Server server = model;
            server.name = u"node%1"_s.arg(i, 3, 10, QChar(u'0'));
            server.host = u"10.1.%1.%2"_s.arg(i / 200).arg(i % 200 + 10);
            server.hostIp.clear();
            server.deviceIps.clear();
            project.servers.push_back(server);
        }
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        const Problems problems = validateProject(plan.project);
        QVERIFY2(problems.empty(),
                 qPrintable(problems.empty() ? QString() : problems.front().toString()));

        TopologyView view;
        view.resize(1000, 700);
        view.show();
        view.showProject(plan.project, problems);
        view.fit();
        for (int s = 0; s < kMaxServers; ++s) {
            QVERIFY(view.serverItem(s));
            for (int k = 0; k < 8; ++k) {
                QVERIFY(view.deviceItem(s, k));
                QVERIFY(!view.isMarked(view.deviceItem(s, k)));
            }
        }
        // Fitted, a device is still a few pixels wide: the picture is a map, zoom reads detail.
        const QRectF device = view.mapFromScene(view.deviceItem(0, 0)->rect()).boundingRect();
        qInfo("fitted device box %.1f x %.1f px", device.width(), device.height());
        QVERIFY(device.width() >= 3);

        const QString png = outPath(u"topology-128.png"_s);
        const QString svg = outPath(u"topology-128.svg"_s);
        QCOMPARE(view.exportPng(png), QString());
        QCOMPARE(view.exportSvg(svg), QString());
        QVERIFY(!QImage(png).isNull());
        QVERIFY(QFileInfo(svg).size() > 10000);
        view.grab().save(outPath(u"topology-128-view.png"_s));

        // One repeated address, fitted: both devices are mostly red on screen.
        Project broken = plan.project;
        broken.servers[100].deviceIps[6] = broken.servers[3].deviceIps[6];
        view.showProject(broken, validateProject(broken));
        view.fit();
        QCOMPARE(view.markedDevices(TopologyView::Marker::Duplicate), 2);
        for (const auto &[s, k] : {std::pair{100, 6}, std::pair{3, 6}}) {
            const double share = redShare(view, view.deviceItem(s, k));
            qInfo("fitted duplicate on server %d: %.0f%% red", s, share * 100);
            QVERIFY(share >= 0.4);
        }
        view.grab().save(outPath(u"topology-128-duplicate.png"_s));
    }
};

QTEST_MAIN(TestTopology)
#include "tst_topology.moc"
