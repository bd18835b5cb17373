// SPDX-License-Identifier: GPL-3.0-or-later
// One frame of `clusterwiz-cli top` (cli/TopView.h) from a synthetic run: the state line, a line
// per server with its devices and speeds, then the verdicts.
#include "cli/TopView.h"
#include "model/ProjectJson.h"

#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

class TestTopView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void frame()
    {
        Project project =
            loadProjectFile(
                QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/cpu-2x2.clusterwiz.json"))
                .project;
        project.accelerator = Accelerator::Nvidia;
        QCOMPARE(project.servers.size(), size_t(2));
        RunRecord record;
        record.runId = u"r1"_s;
        record.state = RunState::Running;
        RunSnapshot snapshot;
        snapshot.ranksStarted = 4;
        snapshot.ranksExpected = 4;
        snapshot.alive = 4;
        DeviceHistory history(2);
        DeviceSampleSet set{u"nvidia"_s, 1795000000, {}, {}};
        set.devices.push_back(DeviceSample{0, 90.0, 79000, 81559, 61, 300, {}});
        set.devices.push_back(DeviceSample{1, 0.0, 1000, 81559, 40, 70, {}});
        history.add(0, set);
        std::vector<RankSpeed> speeds(2);
        speeds[0].rank = 0;
        speeds[0].stepsPerSecond = 4.0;
        speeds[1].rank = 1;
        speeds[1].stepsPerSecond = 2.0;
        const std::vector<RunVerdict> verdicts =
            evaluateVerdicts(verdictServers(project), history, {});
        const QStringList frame =
            cli::topFrame(project, record, snapshot, history, speeds, verdicts);
        const QString first = project.servers[0].name, second = project.servers[1].name;
        QCOMPARE(frame.size(), 4);
        QCOMPARE(frame[0], u"run r1: running, 4/4 ranks started, job processes alive: 4"_s);
        QCOMPARE(frame[1], u"  %1  ranks 0-1  2 devices, util 45 % (lowest 0 %), memory up to "
                           u"97 % (device 0), up to 61 °C (device 0); 3.00 steps/s (slowest "
                           u"rank 1: 2.00)"_s.arg(first));
        QCOMPARE(frame[2], u"  %1  ranks 2-3  no sample yet; no speed yet"_s.arg(second));
        QCOMPARE(frame[3], u"  ! %1 device 0 (rank 0): memory 79000 of 81559 MiB used (96.9 %), "
                           u"above 95 %"_s.arg(first));
    }
};

QTEST_GUILESS_MAIN(TestTopView)
#include "tst_topView.moc"
