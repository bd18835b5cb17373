// SPDX-License-Identifier: GPL-3.0-or-later
// The re-plan of one attempt of a restarting run, made twice: in C++ (attemptProject, from which
// the client numbers an attempt's ranks and logs) and in bash by train.sh and run.sh
// (clusterwiz_attempt_plan, which narrows the plan table to CLUSTERWIZ_ATTEMPT_SERVERS). For
// every subset of the servers, the bash narrowing of the whole plan must equal the plan table
// generated for attemptProject(subset), and the attempt's hostfile and rank table written by bash
// must equal, byte for byte, the files generate writes for that subset.
#include "ScriptTestSupport.h"
#include "ValidProjects.h"

#include "generate/NodePlanBash.h"
#include "generate/ScriptFiles.h"
#include "plan/AttemptPlan.h"
#include "shell/ShellQuote.h"

#include <QtTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(Project)

namespace {

// The plan arrays and values, as bash sees them after the plan table (and any narrowing).
QString printPlan(const QStringList &rankTableArrays)
{
    return u"declare -p NODE_NAMES NODE_IPS NODE_NICS NODE_DEVICES NODE_FIRST_RANK"_s +
           (rankTableArrays.isEmpty() ? QString() : u' ' + rankTableArrays.join(u' ')) +
           u"\necho \"count=$NODE_COUNT world=$WORLD_SIZE master=$MASTER_ADDR port=$MASTER_PORT\"\n"_s;
}

RunResult runBash(const QString &script, const QString &workdir)
{
    return runSandboxed(u"bash"_s, {u"-c"_s, script}, QProcessEnvironment::systemEnvironment(),
                        workdir, 20000);
}

// Four servers with the master third: an Ascend rank-table project (8 devices each, device IPs)
// and a cpu one with unequal device counts.
Project ascendFour()
{
    Project project = exampleProject(u"ascend-16x8"_s);
    project.servers.resize(4);
    project.launch.mode = LaunchMode::RankTable;
    project.launch.master = project.servers[2].name;
    return project;
}

// The Atlas A3 example (two super pods of two servers, 16 dies each) with the master second
// (a pod's servers launch together: the third would split the second pod);
// with `ports`, the first server's dies have device, backup and host ports (others none).
Project atlasA3Four(bool ports)
{
    Project project = exampleProject(u"ascend910_93-superpod-4x16"_s);
    project.launch.mode = LaunchMode::RankTable;
    project.launch.master = project.servers[1].name;
    if (ports) {
        Server &server = project.servers[0];
        for (size_t k = 0; k < server.devices.size(); ++k) {
            server.devicePorts.push_back(16666 + int(k));
            server.backupDevicePorts.push_back(16766 + int(k));
            server.hostPorts.push_back(60100 + int(k));
        }
    }
    return project;
}

// The same servers in typical networking (rank table 1.0): no super pods and no SDIDs, the
// second server with device and host ports.
Project atlasA3Typical()
{
    Project project = atlasA3Four(false);
    project.superPods.clear();
    for (Server &server : project.servers)
        server.superDeviceIds.clear();
    Server &server = project.servers[1];
    for (size_t k = 0; k < server.devices.size(); ++k) {
        server.devicePorts.push_back(16666 + int(k));
        server.hostPorts.push_back(60100 + int(k));
    }
    return project;
}

Project cpuFour()
{
    Project project = exampleProject(u"cpu-2x2"_s);
    const Server model = project.servers.front();
    project.servers.clear();
    const std::vector<std::vector<int>> devices{{0, 1}, {0}, {0, 1, 2}, {3}};
    for (int i = 0; i < 4; ++i) {
        Server server = model;
        server.name = u"node-%1"_s.arg(i);
        server.host = server.hostIp = u"10.9.0.%1"_s.arg(i + 1);
        server.nic = i == 1 ? u"eth1"_s : QString();
        server.devices = devices[size_t(i)];
        project.servers.push_back(server);
    }
    project.launch.mode = LaunchMode::RankTable;
    project.launch.master = u"node-2"_s;
    return project;
}

} // namespace

class TestAttemptPlan : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void attemptProjectKeepsOrStepsDownTheMaster()
    {
        const Project project = cpuFour();
        const Project kept = attemptProject(project, {u"node-3"_s, u"node-2"_s, u"node-0"_s});
        QCOMPARE(kept.servers.size(), size_t(3));
        QCOMPARE(kept.launch.master, u"node-2"_s);
        QCOMPARE(launchOrderNames(kept), QStringList({u"node-2"_s, u"node-0"_s, u"node-3"_s}));
        QCOMPARE(kept.rankOffset(*kept.serverIndex(u"node-0"_s)), 3);
        QCOMPARE(kept.totalDevices(), 6);
        // Without its master the first server kept leads, in project order.
        const Project dropped = attemptProject(project, {u"node-3"_s, u"node-1"_s});
        QCOMPARE(dropped.launch.master, QString());
        QCOMPARE(launchOrderNames(dropped), QStringList({u"node-1"_s, u"node-3"_s}));
        QCOMPARE(dropped.rankOffset(1), 1);
        // Unknown names are ignored; the supervisor is cleared when it is not kept.
        Project supervised = project;
        supervised.launch.restart = {3, true, 2, 5, u"node-1"_s};
        QCOMPARE(attemptProject(supervised, {u"node-0"_s, u"nobody"_s}).servers.size(), size_t(1));
        QCOMPARE(attemptProject(supervised, {u"node-0"_s}).launch.restart.supervisor, QString());
        QCOMPARE(launchOrderNames(project),
                 QStringList({u"node-2"_s, u"node-0"_s, u"node-1"_s, u"node-3"_s}));
    }

    void bashNarrowingEqualsTheSubsetsPlan_data()
    {
        QTest::addColumn<Project>("project");
        QTest::newRow("ascend ranktable") << ascendFour();
        QTest::newRow("cpu ranktable, unequal devices") << cpuFour();
        QTest::newRow("a3 super pods (1.2)") << atlasA3Four(false);
        QTest::newRow("a3 super pods, ports") << atlasA3Four(true);
        QTest::newRow("a3 typical (1.0), ports") << atlasA3Typical();
    }

    void bashNarrowingEqualsTheSubsetsPlan()
    {
        QFETCH(Project, project);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY2(generateFrom(project).ok(), "the whole project is valid");
        const bool ascend = isAscend(project.accelerator);
        const QStringList arrays = ascend ? rankTableArrayNames(project) : QStringList();
        const QString narrowing = planTable(project) +
                                  (ascend ? rankTableArrays(project) : QString()) +
                                  attemptPlanFunction(arrays) + attemptFilesFunctions(project);
        const int count = int(project.servers.size());
        for (int mask = 1; mask < (1 << count); ++mask) {
            QStringList names;
            // Named in reverse project order: the plan's order decides, not the variable's.
            for (int i = count - 1; i >= 0; --i) {
                if (mask & (1 << i))
                    names << project.servers[size_t(i)].name;
            }
            const Project subset = attemptProject(project, names);
            QVERIFY2(cwtest::generateFrom(subset).ok(), qPrintable(names.join(u' ')));
            const QString script =
                u"(\n"_s + narrowing + u"CLUSTERWIZ_ATTEMPT_SERVERS="_s +
                shellQuote(names.join(u' ')) + u"\nclusterwiz_attempt_plan || exit 9\n"_s +
                printPlan(arrays) + u"clusterwiz_hostfile >hostfile\n"_s +
                u"clusterwiz_rank_table >rank_table.json\n) || exit 9\necho ===\n(\n"_s +
                planTable(subset) + (ascend ? rankTableArrays(subset) : QString()) +
                printPlan(arrays) + u")\n"_s;
            const RunResult run = runBash(script, dir.path());
            QVERIFY2(run.exitCode == 0, qPrintable(run.output));
            const QStringList halves = run.output.split(u"===\n"_s);
            QCOMPARE(halves.size(), 2);
            QVERIFY2(halves[0] == halves[1],
                     qPrintable(names.join(u' ') + u":\n"_s + halves[0] + u"---\n"_s + halves[1]));
            QCOMPARE(readFile(dir.filePath(u"hostfile"_s)), hostfileText(subset));
            QCOMPARE(readFile(dir.filePath(u"rank_table.json"_s)), rankTableJson(subset));
        }
    }

    void bashRefusesAServerOutsideThePlan()
    {
        const Project project = cpuFour();
        const QString script = planTable(project) + attemptPlanFunction() +
                               u"CLUSTERWIZ_ATTEMPT_SERVERS='node-0 node-9'\n"
                               "clusterwiz_attempt_plan; echo \"code=$? count=$NODE_COUNT\"\n"
                               "CLUSTERWIZ_ATTEMPT_SERVERS=' '\n"
                               "clusterwiz_attempt_plan; echo \"code=$? count=$NODE_COUNT\"\n"
                               "CLUSTERWIZ_ATTEMPT_SERVERS='$(touch pwned)'\n"
                               "clusterwiz_attempt_plan; echo \"code=$? count=$NODE_COUNT\"\n"
                               "unset CLUSTERWIZ_ATTEMPT_SERVERS\n"
                               "clusterwiz_attempt_plan; echo \"code=$? count=$NODE_COUNT\"\n"_s;
        QTemporaryDir dir;
        const RunResult run = runBash(script, dir.path());
        QVERIFY2(run.output.contains(u"names node-9, which is not a server of the plan"_s),
                 qPrintable(run.output));
        QCOMPARE(run.output.count(u"code=2 count=4"_s), 3);
        QVERIFY2(run.output.contains(u"code=0 count=4"_s), qPrintable(run.output));
        QVERIFY(!QFile::exists(dir.filePath(u"pwned"_s)));
    }
};

QTEST_GUILESS_MAIN(TestAttemptPlan)
#include "tst_attemptPlan.moc"
