// SPDX-License-Identifier: GPL-3.0-or-later
// The NPU TLS switch and the processes holding NPUs: the catalogue's verdicts and the
// align-device-tls plan from captured probe output (the TLS sections edited per case). Real
// servers: tests/cluster/tst_deviceTls.cpp.
#include "ProbeTestData.h"

#include "checks/CheckCatalogue.h"
#include "fix/FixPlanner.h"
#include "model/ProjectJson.h"
#include "plan/HccnCommands.h"
#include "shell/ShellQuote.h"

#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

Project example2x8()
{
    ProjectLoad load = loadProjectFile(
        QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/ascend-2x8.clusterwiz.json"));
    if (!load.fatal.isEmpty() || !load.problems.empty())
        qFatal("example project unreadable");
    return load.project;
}

// The captured server with TLS on for the devices listed.
ServerFacts serverWithTlsOn(const std::vector<int> &on)
{
    ServerFacts facts = parseProbeOutput(cwtest::probeText(u"full/ascend-server.txt"_s));
    for (AscendDeviceFacts &device : facts.ascendDevices)
        device.tls = std::find(on.begin(), on.end(), device.device) != on.end();
    return facts;
}

ServerDiscovery reached(int index, const ServerFacts &facts)
{
    ServerDiscovery found;
    found.connection.serverIndex = index;
    found.connection.endpoint = u"10.0.0.%1:22"_s.arg(22 + index);
    found.facts = facts;
    return found;
}

CheckRun runOf(const Project &project, const ServerFacts &first, const ServerFacts &second)
{
    CheckRun run;
    run.discovery = {reached(0, first), reached(1, second)};
    run.report = evaluateChecks(project, run.discovery, {});
    return run;
}

const CheckResult &resultOf(const CheckRun &run, const char *id, int server)
{
    const CheckResult *found = run.report.find(QLatin1StringView(id), server);
    if (!found)
        qFatal("no result for %s on server %d", id, server);
    return *found;
}

} // namespace

class TestDeviceTls : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void capturedServerHasTlsOff()
    {
        const ServerFacts facts = parseProbeOutput(cwtest::probeText(u"full/ascend-server.txt"_s));
        QVERIFY(facts.issues.empty());
        QCOMPARE(facts.ascendDevices.size(), size_t(8));
        for (const AscendDeviceFacts &device : facts.ascendDevices)
            QCOMPARE(device.tls, std::optional<bool>(false));
        QVERIFY(facts.deviceHolders.empty());
    }

    void allAlikeIsOk()
    {
        const Project project = example2x8();
        const CheckRun run = runOf(project, serverWithTlsOn({}), serverWithTlsOn({}));
        QCOMPARE(resultOf(run, check::kDeviceTls, 0).status, CheckStatus::Ok);
        QCOMPARE(resultOf(run, check::kDeviceTls, 1).status, CheckStatus::Ok);
        const FixPlan plan = planFix(u"align-device-tls"_s, project, run);
        QVERIFY(plan.refusal.isEmpty());
        QVERIFY(plan.empty());
        QVERIFY(plan.nothingToDo.contains(u"already off"_s));
    }

    // Two devices of the second server are on, the other 14 off: that server fails, named with
    // its devices; the fix switches those two off and undoes to on.
    void minorityIsReportedAndPlanned()
    {
        const Project project = example2x8();
        const CheckRun run = runOf(project, serverWithTlsOn({}), serverWithTlsOn({2, 5}));
        QCOMPARE(resultOf(run, check::kDeviceTls, 0).status, CheckStatus::Ok);
        const CheckResult &bad = resultOf(run, check::kDeviceTls, 1);
        QCOMPARE(bad.status, CheckStatus::Failed);
        QCOMPARE(bad.server, project.servers[1].name);
        QVERIFY2(bad.reason.contains(u"TLS on: devices 2, 5"_s), qPrintable(bad.reason));
        QVERIFY2(bad.reason.contains(u"TLS off: devices 0, 1, 3, 4, 6, 7"_s),
                 qPrintable(bad.reason));
        QVERIFY2(bad.reason.contains(u"mostly off (2 on, 14 off)"_s), qPrintable(bad.reason));
        QCOMPARE(bad.fixes, QStringList{u"align-device-tls"_s});
        QCOMPARE(fixesToApply(run.report, u"device-tls"_s, false),
                 QStringList{u"align-device-tls"_s});

        const FixPlan plan = planFix(u"align-device-tls"_s, project, run);
        QCOMPARE(plan.steps.size(), size_t(2));
        QCOMPARE(plan.steps[0].serverIndex, 1);
        const QString get2 = shellJoin(hccnTlsGetCommand(2));
        QCOMPARE(plan.steps[0].snapshotCommand, get2);
        QCOMPARE(plan.steps[0].command, shellJoin(hccnTlsSetCommand(2, false)) + u" && "_s + get2 +
                                            u" | grep -q 'tls switch[0]' -F"_s);
        QCOMPARE(plan.steps[0].undoCommand, shellJoin(hccnTlsSetCommand(2, true)) + u" && "_s +
                                                get2 + u" | grep -q 'tls switch[1]' -F"_s);
        QVERIFY(plan.steps[1].command.startsWith(shellJoin(hccnTlsSetCommand(5, false))));
    }

    // 8 on, 8 off: a tie goes to off, as Huawei's install guide advises, and says so.
    void tieGoesToOff()
    {
        const Project project = example2x8();
        const CheckRun run =
            runOf(project, serverWithTlsOn({0, 1, 2, 3, 4, 5, 6, 7}), serverWithTlsOn({}));
        QCOMPARE(resultOf(run, check::kDeviceTls, 0).status, CheckStatus::Failed);
        QCOMPARE(resultOf(run, check::kDeviceTls, 1).status, CheckStatus::Ok);
        QVERIFY(resultOf(run, check::kDeviceTls, 0).reason.contains(u"a tie"_s));
        const FixPlan plan = planFix(u"align-device-tls"_s, project, run);
        QCOMPARE(plan.steps.size(), size_t(8));
        for (const RemoteStep &step : plan.steps) {
            QCOMPARE(step.serverIndex, 0);
            QVERIFY(step.command.contains(u"'enable' '0'"_s));
            QVERIFY(step.description.contains(u"a tie (8 on, 8 off)"_s));
        }
    }

    void unreadSwitchWarnsAndCannotBePlanned()
    {
        const Project project = example2x8();
        ServerFacts facts = serverWithTlsOn({});
        for (AscendDeviceFacts &device : facts.ascendDevices)
            device.tls.reset(), device.tlsError = u"Parameter error"_s;
        const CheckRun run = runOf(project, facts, facts);
        const CheckResult &result = resultOf(run, check::kDeviceTls, 0);
        QCOMPARE(result.status, CheckStatus::Warning);
        QVERIFY(result.reason.contains(u"device 0 (Parameter error)"_s));
        QVERIFY(!planFix(u"align-device-tls"_s, project, run).refusal.isEmpty());
    }

    void holdersOfPlannedDevicesFail()
    {
        const Project project = example2x8();
        ServerFacts facts = serverWithTlsOn({});
        facts.deviceHolders = {{4711, 3, u"python3"_s}, {4712, 9, u"python3"_s}};
        const CheckRun run = runOf(project, serverWithTlsOn({}), facts);
        QCOMPARE(resultOf(run, check::kDeviceProcesses, 0).status, CheckStatus::Ok);
        const CheckResult &held = resultOf(run, check::kDeviceProcesses, 1);
        QCOMPARE(held.status, CheckStatus::Failed);
        QVERIFY2(held.reason.contains(u"device 3 held by pid 4711 (python3)"_s),
                 qPrintable(held.reason));
        QVERIFY(held.reason.contains(u"kill 4711"_s));
        QVERIFY(!held.reason.contains(u"4712"_s)); // device 9 is not planned
    }
};

QTEST_GUILESS_MAIN(TestDeviceTls)
#include "tst_deviceTls.moc"
