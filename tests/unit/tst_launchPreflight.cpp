// SPDX-License-Identifier: GPL-3.0-or-later
// Which failed checks refuse a launch, per launch mode and accelerator, from hand-built reports:
// a failure of a check that matters refuses naming check, server and reason; warnings, skipped
// checks and checks the mode does not need never refuse.
#include "ValidProjects.h"

#include "discover/FactCommands.h"
#include "launch/LaunchPlan.h"
#include "launch/LaunchPreflight.h"
#include "model/ProjectJson.h"

#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

Project project(LaunchMode mode, Accelerator accelerator)
{
    Project p = loadProjectFile(QStringLiteral(CLUSTERWIZ_SOURCE_DIR
                                               "/resources/examples/cpu-2x2.clusterwiz.json"))
                    .project;
    p.launch.mode = mode;
    p.accelerator = accelerator;
    return p;
}

CheckResult result(const char *id, CheckStatus status, const QString &server = u"server1"_s)
{
    CheckResult r;
    r.id = QString::fromLatin1(id);
    r.server = server;
    r.serverIndex = server.isEmpty() ? -1 : 1;
    r.status = status;
    r.reason = u"reason of "_s + r.id;
    return r;
}

} // namespace

class TestLaunchPreflight : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void blocks_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<LaunchMode>("mode");
        QTest::addColumn<Accelerator>("accelerator");
        QTest::addColumn<bool>("blocks");
        const auto row = [](const char *id, LaunchMode mode, Accelerator acc, bool blocks) {
            QTest::addRow("%s %s %s", id, qPrintable(launchModeName(mode)),
                          qPrintable(acceleratorName(acc)))
                << QString::fromLatin1(id) << mode << acc << blocks;
        };
        using M = LaunchMode;
        using A = Accelerator;
        for (const M mode : {M::Launch, M::Mpirun, M::RankTable, M::NoRankTable}) {
            // Every mode needs these.
            for (const char *id : {check::kSsh, check::kHostname, check::kHostIp,
                                   check::kAccelerator, check::kCannEnv, check::kFirewallPorts,
                                   check::kMasterPortFree, check::kMasterPortReach})
                row(id, mode, A::Cpu, true);
            // Launch itself handles the workdir and the entry; sshd and net health only inform.
            for (const char *id : {check::kPaths, check::kSshd, check::kDeviceNetHealth})
                row(id, mode, A::Ascend910, false);
            // The device network matters on Ascend only.
            row(check::kDeviceIps, mode, A::Ascend910, true);
            row(check::kDeviceLinks, mode, A::Ascend910, true);
            row(check::kDeviceIps, mode, A::Nvidia, false);
            // mpirun's own needs.
            for (const char *id : {check::kMpirun, check::kPeerLogin, check::kKnownHosts})
                row(id, mode, A::Cpu, mode == M::Mpirun);
            // torch: every torch mode; MindSpore on Ascend does not import it.
            row(check::kPython, mode, A::Cpu, true);
            row(check::kPython, mode, A::Nvidia, true);
            row(check::kPython, mode, A::Ascend910, mode == M::Launch);
        }
        // msrun mode cannot start without msrun; its row blocks where it applies.
        row(check::kMsrun, M::Msrun, A::Ascend910b, true);
        row(check::kMsrun, M::Launch, A::Ascend910b, false);
        // Unreserved HCCL ports may collide, but only now and then: reported, not refused.
        row(check::kHcclPortsReserved, M::Launch, A::Ascend910, false);
        row("no-such-check", M::Launch, A::Cpu, false);
    }

    void blocks()
    {
        QFETCH(QString, id);
        QFETCH(LaunchMode, mode);
        QFETCH(Accelerator, accelerator);
        QFETCH(bool, blocks);
        QCOMPARE(checkBlocksLaunch(project(mode, accelerator), id), blocks);
    }

    void refusalNamesEveryBlockingFailure()
    {
        const Project p = project(LaunchMode::Launch, Accelerator::Cpu);
        CheckReport report;
        report.results = {
            result(check::kSsh, CheckStatus::Ok, u"server0"_s),
            result(check::kMasterPortFree, CheckStatus::Failed, u"server0"_s),
            result(check::kPaths, CheckStatus::Failed),  // launch creates the workdir
            result(check::kMpirun, CheckStatus::Failed), // not needed by this mode
            result(check::kHostname, CheckStatus::Warning),
            result(check::kMasterPortReach, CheckStatus::Skipped),
            result(check::kSsh, CheckStatus::Failed),
            result(check::kFirewallPorts, CheckStatus::Failed, QString()),
        };
        report.results[7].fixes = {u"open-ports"_s, u"stop-firewall"_s};

        const std::vector<CheckResult> blockers = launchBlockers(p, report);
        QCOMPARE(blockers.size(), size_t(3));
        QCOMPARE(blockers[0].id, u"master-port-free"_s);
        QCOMPARE(blockers[1].id, u"ssh"_s);
        QCOMPARE(blockers[2].id, u"firewall-ports"_s);
        QCOMPARE(preflightRefusal(p, report),
                 u"3 checks failed:\n"
                 u"  master-port-free on server0: reason of master-port-free\n"
                 u"  ssh on server1: reason of ssh\n"
                 u"  firewall-ports: reason of firewall-ports (fix: open-ports, stop-firewall)"_s);

        // The same report refuses an mpirun launch for mpirun too.
        QCOMPARE(launchBlockers(project(LaunchMode::Mpirun, Accelerator::Cpu), report).size(),
                 size_t(4));
    }

    void nothingRefusesWithoutBlockingFailures()
    {
        const Project p = project(LaunchMode::RankTable, Accelerator::Cpu);
        CheckReport report;
        QCOMPARE(preflightRefusal(p, report), QString());
        report.results = {result(check::kSsh, CheckStatus::Ok),
                          result(check::kMasterPortReach, CheckStatus::Warning),
                          result(check::kSshd, CheckStatus::Failed),
                          result(check::kPeerLogin, CheckStatus::Failed)};
        QVERIFY(launchBlockers(p, report).empty());
        QCOMPARE(preflightRefusal(p, report), QString());

        report.results.push_back(result(check::kHostIp, CheckStatus::Failed));
        QCOMPARE(preflightRefusal(p, report),
                 u"a check failed:\n  host-ip on server1: reason of host-ip"_s);
    }

    // Before a start the launch asks the master who listens on master_port with the command
    // discovery uses for its port owners, and shows it in the plan.
    void masterPortPreconditionUsesThePortOwners()
    {
        const Project p = project(LaunchMode::Launch, Accelerator::Cpu);
        const LaunchPlan plan = planLaunch(
            cwtest::valid(p),
            QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/cpu-2x2.clusterwiz.json"),
            u"run-1"_s);
        QVERIFY(plan.ok());
        QCOMPARE(plan.portCheckCommand, portOwnersCommand());
        QCOMPARE(plan.masterPort, p.launch.masterPort);
        QVERIFY(launchPlanText(p, plan).contains(u"\n  "_s + portOwnersCommand() + u'\n'));
    }
};

QTEST_GUILESS_MAIN(TestLaunchPreflight)
#include "tst_launchPreflight.moc"
