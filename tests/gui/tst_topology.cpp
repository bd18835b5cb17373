// SPDX-License-Identifier: GPL-3.0-or-later
// The topology picture at the sizes people use: the 2x8 example with a broken device, problems
// marked on the server or device their location names (and the same cells of the device
// table), and a planned 128-server cluster (every device drawn, nothing marked, PNG and SVG
// export).
#include "WizardTestSupport.h"

#include "model/ProjectJson.h"
#include "plan/Planner.h"
#include "rules/ProjectValidator.h"
#include "widgets/DeviceTable.h"
#include "widgets/TopologyView.h"

#include <QFileInfo>
#include <QGraphicsRectItem>
#include <QImage>

using namespace cw;
using namespace Qt::StringLiterals;

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
    // a repeated IP on server 1 marks that device and its IP; a bad device id on server 2
    // marks that device and the Devices cell where ids are typed.
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
        QVERIFY(!view.isMarked(view.deviceItem(1, 2)));
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
    }
};

QTEST_MAIN(TestTopology)
#include "tst_topology.moc"
