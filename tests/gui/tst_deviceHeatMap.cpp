// SPDX-License-Identifier: GPL-3.0-or-later
// The run panel's device heat map, fed the samples the status rounds take (parsed from the
// files of tests/data/samples, the vendors' documented formats): each cell the device's busy or
// memory percentage, a server not sampled yet blank and said so, a device the sample lacks
// hatched; the measure chosen with the keyboard; the tooltip when hovering; the summary naming
// the least busy or fullest device; 128 x 8 cells; and the Run page's Devices tab fed by the
// session's polls.
#include "RunPanelSupport.h"

#include "launch/DeviceSample.h"
#include "logs/DeviceHeatMap.h"
#include "logs/RunPanelSession.h"
#include "model/ProjectJson.h"
#include "wizard/ProjectModel.h"
#include "wizard/RunPage.h"

#include <QComboBox>
#include <QHelpEvent>
#include <QScrollArea>
#include <QTabWidget>
#include <QToolTip>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

namespace {

Project example(const QString &name)
{
    return loadProjectFile(kExamples + u'/' + name).project;
}

} // namespace

class TestDeviceHeatMap : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { isolateSettings(m_dir); }

    void cellsShowTheNewestSample()
    {
        DeviceHeatPanel panel;
        panel.setProject(example(u"nvidia-2x8.clusterwiz.json"_s));
        panel.resize(600, 300);
        panel.show();
        DeviceHeatMap *map = panel.map();
        QCOMPARE(map->rowCount(), 2);
        QCOMPARE(map->columnCount(), 8);
        QVERIFY(panel.summaryText().startsWith(u"No device sample yet"_s));
        QCOMPARE(map->toolTipText(1, 0), u"server1 device 0: no sample yet"_s);

        panel.applyPoll(pollWith(2, 0, u"nvidia"_s, u"nvidia-smi-h100-8.csv"_s));
        QCOMPARE(map->cellText(0, 0), u"98%"_s);
        QCOMPARE(map->cellText(0, 6), u"41%"_s);
        QCOMPARE(map->cellText(0, 7), u"0%"_s);
        QCOMPARE(map->cellText(1, 0), QString()); // server1 sent nothing yet
        // A busier device is darker; an idle one is nearly the background.
        QVERIFY(map->cellColour(0, 0).lightnessF() < map->cellColour(0, 6).lightnessF());
        QVERIFY(map->cellColour(0, 7).lightnessF() > 0.85);
        QVERIFY2(panel.summaryText().contains(u"8 of 16 devices sampled"_s) &&
                     panel.summaryText().contains(u"least busy 0%: server0 device 7"_s),
                 qPrintable(panel.summaryText()));
        const QString tip = map->toolTipText(0, 5);
        QVERIFY2(tip.contains(u"busy: 97%"_s) && tip.contains(u"memory: 61232 of 81559 MiB"_s) &&
                     tip.contains(u"temperature: 62 °C"_s) && !tip.contains(u"power"_s),
                 qPrintable(tip)); // GPU 5 printed [N/A] for its power

        // Memory, chosen with the keyboard: GPU 7 is 98% full, drawn as an alarm.
        QComboBox *measure = panel.measureBox();
        measure->setFocus();
        QTest::keyClick(measure, Qt::Key_Down);
        QCOMPARE(map->measure(), DeviceHeatMap::Measure::Memory);
        QCOMPARE(map->cellText(0, 7), u"98%"_s);
        QCOMPARE(map->cellColour(0, 7), QColor(214, 39, 40));
        QVERIFY(map->cellColour(0, 0) != QColor(214, 39, 40)); // 75%: not an alarm
        QVERIFY2(panel.summaryText().contains(u"fullest 98%: server0 device 7"_s),
                 qPrintable(panel.summaryText()));
        keepPicture(&panel, u"devices-2x8-memory.png"_s);
    }

    // A device of the project the sample lacks is hatched and says so; hovering shows it.
    void missingDeviceAndHover()
    {
        Project project = example(u"ascend-2x8.clusterwiz.json"_s);
        project.servers[0].devices.push_back(9); // no NPU 9 in the sample
        DeviceHeatMap map;
        map.setProject(project);
        map.show();
        map.applyPoll(pollWith(2, 0, u"npu"_s, u"npu-smi-910b1-8.txt"_s));
        QCOMPARE(map.columnCount(), 9);
        QCOMPARE(map.cellText(0, 0), u"87%"_s);
        QCOMPARE(map.cellText(0, 8), QString());
        QCOMPARE(map.toolTipText(0, 8), u"server0 device 9: not in the newest sample (npu)"_s);

        const QPoint centre = map.cellRect(0, 1).center();
        QCOMPARE(map.cellAt(centre), QPoint(1, 0));
        QTest::mouseMove(&map, centre);
        QHelpEvent help(QEvent::ToolTip, centre, map.mapToGlobal(centre));
        QCoreApplication::sendEvent(&map, &help);
        QVERIFY2(QToolTip::text().startsWith(u"server0 device 1\nbusy: 91%"_s),
                 qPrintable(QToolTip::text()));
        QVERIFY2(QToolTip::text().contains(u"health: OK"_s), qPrintable(QToolTip::text()));
        QCOMPARE(map.cellAt(QPoint(1, 1)), QPoint(-1, -1)); // the server names' column
    }

    // 128 servers x 8 devices: every cell has its value and a cell of its own, the last one
    // reachable in the scroll area.
    void scale128x8()
    {
        Project project = example(u"ascend-16x8.clusterwiz.json"_s);
        const Server model = project.servers.front();
        project.servers.clear();
        for (int i = 0; i < 128; ++i) {
            Server server = model;
            server.name = u"node%1"_s.arg(i, 3, 10, QChar(u'0'));
            project.servers.push_back(server);
        }
        DeviceHeatPanel panel;
        panel.setProject(project);
        panel.resize(700, 400);
        panel.show();
        RunSnapshot snapshot;
        snapshot.servers.resize(128);
        const DeviceSampleSet set =
            parseDeviceSampleSet(u"npu"_s, 1764750000, sampleText(u"npu-smi-910b1-8.txt"_s));
        QCOMPARE(set.devices.size(), size_t(8));
        for (ServerPoll &poll : snapshot.servers)
            poll.devices = set;
        panel.applyPoll(snapshot);
        DeviceHeatMap *map = panel.map();
        int cells = 0;
        for (int row = 0; row < map->rowCount(); ++row)
            for (int column = 0; column < map->columnCount(); ++column)
                cells += map->cellText(row, column).isEmpty() ? 0 : 1;
        QCOMPARE(cells, 1024);
        QVERIFY2(panel.summaryText().startsWith(u"1024 of 1024 devices sampled"_s),
                 qPrintable(panel.summaryText()));
        auto *scroll = panel.findChild<QScrollArea *>();
        QVERIFY(scroll);
        const QRect last = map->cellRect(127, 7);
        QVERIFY(map->rect().contains(last));
        scroll->ensureVisible(last.center().x(), last.center().y());
        QCOMPARE(map->cellAt(last.center()), QPoint(7, 127));
        QVERIFY(map->toolTipText(127, 7).startsWith(u"node127 device 7"_s));
        scroll->ensureVisible(0, 0);
        keepPicture(&panel, u"devices-128x8.png"_s);
    }

    // The Run page shows the heat map in its Devices tab, fed by the session's polls.
    void runPageFeedsTheDevicesTab()
    {
        ShownRunPage shown;
        QVERIFY(shown.loaded);
        RunPage &page = shown.page;
        QCOMPARE(clickTab(&page, u"runTabs"_s, u"Devices"_s), page.devicePanel());
        Q_EMIT page.session()->polled(pollWith(2, 1, u"npu"_s, u"npu-smi-910b1-8.txt"_s));
        QCOMPARE(page.devicePanel()->map()->cellText(1, 7), u"0%"_s);
        QVERIFY2(page.devicePanel()->summaryText().contains(u"least busy 0%: server1 device 7"_s),
                 qPrintable(page.devicePanel()->summaryText()));
        keepPicture(&page, u"run-page-devices-2x8.png"_s);
    }
};

QTEST_MAIN(TestDeviceHeatMap)
#include "tst_deviceHeatMap.moc"
