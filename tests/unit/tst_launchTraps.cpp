// SPDX-License-Identifier: GPL-3.0-or-later
// The traps users of the vendor guides hit, each one row: refused (validateProject) or warned
// (projectWarnings), naming the field, and the seed's valid 2x8 plan giving neither.
#include "DeviceTestProjects.h"

#include "rules/ProjectValidator.h"
#include "rules/ProjectWarnings.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cw::testing;

namespace {

void setEnv(Project &project, const QString &name, const QString &value)
{
    project.launch.env.emplace_back(name, value);
}

const Problem *find(const Problems &problems, const QString &rule, const QString &path)
{
    for (const Problem &problem : problems) {
        if (problem.rule == rule && problem.path == path)
            return &problem;
    }
    return nullptr;
}

} // namespace

class TestLaunchTraps : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theSeedPlanIsClean()
    {
        const Project project = seedExample();
        QVERIFY2(validateProject(project).empty(), qPrintable(describe(validateProject(project))));
        QVERIFY2(projectWarnings(project).empty(), qPrintable(describe(projectWarnings(project))));
    }

    void refused_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("says");
        auto env = [](const char *name, const char *value) {
            return Mutation([=](Project &p) {
                setEnv(p, QString::fromLatin1(name), QString::fromLatin1(value));
            });
        };
        QTest::newRow("HCCL_IF_IP for every server")
            << env("HCCL_IF_IP", "10.0.0.22") << u"env-override"_s << u"launch.env.HCCL_IF_IP"_s
            << u"set per server"_s;
        QTest::newRow("RANK") << env("RANK", "0") << u"env-override"_s << u"launch.env.RANK"_s
                              << u"set per rank"_s;
        QTest::newRow("LOCAL_RANK") << env("LOCAL_RANK", "0") << u"env-override"_s
                                    << u"launch.env.LOCAL_RANK"_s << u"set per rank"_s;
        QTest::newRow("MASTER_ADDR elsewhere")
            << env("MASTER_ADDR", "127.0.0.1") << u"env-override"_s << u"launch.env.MASTER_ADDR"_s
            << u"would replace 10.0.0.22"_s;
        QTest::newRow("WORLD_SIZE wrong") << env("WORLD_SIZE", "8") << u"env-override"_s
                                          << u"launch.env.WORLD_SIZE"_s << u"replace 16"_s;
        QTest::newRow("MASTER_PORT other")
            << env("MASTER_PORT", "23456") << u"env-override"_s << u"launch.env.MASTER_PORT"_s
            << u"launch.master_port"_s;
        QTest::newRow("CM_CHIEF_PORT above 65520")
            << env("CM_CHIEF_PORT", "65521") << u"env-value"_s << u"launch.env.CM_CHIEF_PORT"_s
            << u"0 to 65520"_s;
        QTest::newRow("CM_CHIEF_PORT not a number")
            << env("CM_CHIEF_PORT", "6o000") << u"env-value"_s << u"launch.env.CM_CHIEF_PORT"_s
            << u"0 to 65520"_s;
        QTest::newRow("HCCL_CONNECT_TIMEOUT below 120")
            << env("HCCL_CONNECT_TIMEOUT", "60") << u"env-value"_s
            << u"launch.env.HCCL_CONNECT_TIMEOUT"_s << u"120 to 7200"_s;
        QTest::newRow("CM_CHIEF_IP with a rank table") << Mutation([](Project &p) {
            p.launch.mode = LaunchMode::RankTable;
            setEnv(p, u"CM_CHIEF_IP"_s, u"10.0.0.22"_s);
        }) << u"env-conflict"_s << u"launch.env.CM_CHIEF_IP"_s
                                                       << u"cannot be used"_s;
        QTest::newRow("no-ranktable master_port above 65520") << Mutation([](Project &p) {
            p.launch.mode = LaunchMode::NoRankTable;
            p.launch.masterPort = 65530;
        }) << u"master-port"_s << u"launch.master_port"_s << u"CM_CHIEF_PORT"_s;
        QTest::newRow("master_port is the SSH port")
            << Mutation([](Project &p) { p.launch.masterPort = 22; }) << u"master-port"_s
            << u"launch.master_port"_s << u"SSH port of the master server0"_s;
        QTest::newRow("local_rank_arg misspelt")
            << Mutation([](Project &p) { p.launch.localRankArg = u"--localrank"_s; })
            << u"local-rank-arg"_s << u"launch.local_rank_arg"_s << u"not one of"_s;
        QTest::newRow("whitelist host_ips and a file") << Mutation([](Project &p) {
            p.launch.hcclWhitelistHostIps = true;
            setEnv(p, u"HCCL_WHITELIST_FILE"_s, u"/etc/hccl.json"_s);
        }) << u"hccl-whitelist"_s << u"launch.env.HCCL_WHITELIST_FILE"_s
                                                       << u"contradicts"_s;
    }

    void refused()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QString, rule);
        QFETCH(QString, path);
        QFETCH(QString, says);
        Project project = seedExample();
        project.launch.env.clear();
        mutate(project);
        const Problems problems = validateProject(project);
        const Problem *found = find(problems, rule, path);
        QVERIFY2(found, qPrintable(describe(problems)));
        QVERIFY2(found->message.contains(says), qPrintable(found->message));
    }

    // The same values where they are harmless: equal to what train.sh sets, a per-server
    // variable on one server, CM_* outside the rank table mode.
    void allowed_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::newRow("MASTER_ADDR equal")
            << Mutation([](Project &p) { setEnv(p, u"MASTER_ADDR"_s, u"10.0.0.22"_s); });
        QTest::newRow("WORLD_SIZE equal")
            << Mutation([](Project &p) { setEnv(p, u"WORLD_SIZE"_s, u"16"_s); });
        QTest::newRow("HCCL_IF_IP on one server") << Mutation([](Project &p) {
            p.servers.pop_back();
            setEnv(p, u"HCCL_IF_IP"_s, u"10.0.0.22"_s);
        });
        QTest::newRow("CM_CHIEF_PORT 65520 in no-ranktable") << Mutation([](Project &p) {
            p.launch.mode = LaunchMode::NoRankTable;
            p.launch.masterPort = 65520;
            setEnv(p, u"CM_CHIEF_PORT"_s, u"65520"_s);
        });
        QTest::newRow("HCCL_CONNECT_TIMEOUT 7200")
            << Mutation([](Project &p) { setEnv(p, u"HCCL_CONNECT_TIMEOUT"_s, u"7200"_s); });
        QTest::newRow("master_port 22 through an alias") << Mutation([](Project &p) {
            p.launch.masterPort = 22;
            p.servers[0].hostIp = p.servers[0].host;
            p.servers[0].host = u"jump-server0"_s;
        });
    }

    void allowed()
    {
        QFETCH(Mutation, mutate);
        Project project = seedExample();
        mutate(project);
        const Problems problems = validateProject(project);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
    }

    void warned_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("says");
        QTest::newRow("no CANN set_env.sh")
            << Mutation([](Project &p) { p.launch.envSetup = {u"export A=1"_s}; })
            << u"env-setup-cann"_s << u"launch.env_setup"_s
            << u"source /usr/local/Ascend/ascend-toolkit/set_env.sh"_s;
        QTest::newRow("devices out of order") << Mutation([](Project &p) {
            std::swap(p.servers[1].devices[0], p.servers[1].devices[1]);
            p.servers[1].deviceIps.swapItemsAt(0, 1);
        }) << u"devices-order"_s << u"servers[1].devices"_s
                                              << u"listed as 1, 0, 2"_s;
        QTest::newRow("device segment holds a host IP")
            << Mutation([](Project &p) { p.servers[1].hostIp = u"192.168.100.200"_s; })
            << u"device-segment-host"_s << u"servers[0].device_ips[0]"_s
            << u"192.168.100.0/24 holds the host IP "
               "of server1"_s;
        QTest::newRow("docker0") << Mutation([](Project &p) { p.servers[1].nic = u"docker0"_s; })
                                 << u"nic-virtual"_s << u"servers[1].nic"_s
                                 << u"docker0 is a virtual"_s;
        QTest::newRow("endvnic") << Mutation([](Project &p) { p.servers[0].nic = u"endvnic"_s; })
                                 << u"nic-virtual"_s << u"servers[0].nic"_s << u"endvnic"_s;
        QTest::newRow("ranktable on cpu") << Mutation([](Project &p) {
            p.accelerator = Accelerator::Cpu;
            p.deviceNetwork = {};
            for (Server &server : p.servers)
                server.deviceIps.clear();
            p.launch.mode = LaunchMode::RankTable;
        }) << u"mode-rehearsal"_s << u"launch.mode"_s
                                          << u"rehearsal"_s;
        QTest::newRow("no-ranktable on nvidia") << Mutation([](Project &p) {
            p.accelerator = Accelerator::Nvidia;
            p.deviceNetwork = {};
            for (Server &server : p.servers)
                server.deviceIps.clear();
            p.launch.mode = LaunchMode::NoRankTable;
        }) << u"mode-rehearsal"_s << u"launch.mode"_s
                                                << u"NCCL"_s;
        QTest::newRow("whitelist on one server") << Mutation([](Project &p) {
            p.servers.pop_back();
            p.launch.hcclWhitelistHostIps = true;
        }) << u"hccl-whitelist-unused"_s << u"launch.hccl_whitelist"_s
                                                 << u"no effect"_s;
    }

    void warned()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QString, rule);
        QFETCH(QString, path);
        QFETCH(QString, says);
        Project project = seedExample();
        mutate(project);
        const Problems warnings = projectWarnings(project);
        const Problem *found = find(warnings, rule, path);
        QVERIFY2(found, qPrintable(describe(warnings)));
        QVERIFY2(found->message.contains(says), qPrintable(found->message));
    }

    // The wizard asks on every edit, so half-filled projects must not trip it.
    void incompleteProjectsGiveWarningsSafely()
    {
        Project project = seedExample();
        project.deviceNetwork.netmask.clear();
        project.servers[0].devices = {3, 1};
        project.servers[0].deviceIps = {u"not an ip"_s};
        QCOMPARE(ruleIds(projectWarnings(project)), QStringList({u"devices-order"_s}));
        project.servers.clear();
        QVERIFY(projectWarnings(project).empty());
        QVERIFY(!validateProject(project).empty());
    }

    void envNpuWrapperCountsAsCann()
    {
        Project project = seedExample();
        project.launch.envSetup = {u"source ./test/env_npu.sh"_s};
        QVERIFY(projectWarnings(project).empty());
        project.launch.envSetup = {u"source /usr/local/Ascend/cann/set_env.sh"_s};
        QVERIFY(projectWarnings(project).empty());
    }
};

QTEST_GUILESS_MAIN(TestLaunchTraps)
#include "tst_launchTraps.moc"
