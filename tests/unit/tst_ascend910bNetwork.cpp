// SPDX-License-Identifier: GPL-3.0-or-later
// The Atlas A2 (910B) device network: every server's eight NPU ports in one segment (MindCluster
// Ascend Deployer's policy, docs/ascend.md), validated and planned up to 128 servers: one shared
// segment when it can hold them, else a segment per server and a gateway for each.

#include "DeviceTestProjects.h"

#include "plan/Planner.h"
#include "plan/RoutedPlan.h"
#include "rules/DeviceRules.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cw::testing;

namespace {

Project a2Cluster(int servers)
{
    Project project = ascendCluster(servers);
    project.accelerator = Accelerator::Ascend910b;
    return project;
}

// n x 8 with every device IP in 192.168.100.0/24 (16 = 2 x 8 fits easily).
Project sharedSlash24(int servers)
{
    Project project = a2Cluster(servers);
    project.deviceNetwork.netmask = u"255.255.255.0"_s;
    for (int s = 0; s < servers; ++s) {
        for (int id = 0; id < 8; ++id)
            project.servers[static_cast<size_t>(s)].deviceIps
                << u"192.168.100.%1"_s.arg(1 + 8 * s + id);
    }
    return project;
}

// Every device_ips path of n x 8: a segment that fits no device names each one.
QStringList everyDevice(int servers)
{
    QStringList paths;
    for (int s = 0; s < servers; ++s) {
        for (int k = 0; k < 8; ++k)
            paths << u"servers[%1].device_ips[%2]"_s.arg(s).arg(k);
    }
    return paths;
}

} // namespace

class tst_Ascend910bNetwork : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void twoBy8InOneSlash24Validates()
    {
        const Problems problems = validateDeviceNetwork(sharedSlash24(2));
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
    }

    void sameIpsUnderAscend910AreRefused()
    {
        Project project = sharedSlash24(2);
        project.accelerator = Accelerator::Ascend910;
        const QStringList rules = ruleIds(validateDeviceNetwork(project));
        QVERIFY2(rules.contains(u"segment-distinct"_s), qPrintable(rules.join(u' ')));
    }

    void rules_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QStringList>("rules");
        QTest::addColumn<QStringList>("paths");
        auto row = [](const char *name, Mutation m, QStringList rules, QStringList paths) {
            QTest::newRow(name) << m << sorted(rules) << sorted(paths);
        };
        auto ip = [](int s, int k, const QString &value) {
            return [=](Project &p) { p.servers[static_cast<size_t>(s)].deviceIps[k] = value; };
        };
        row("unchanged", [](Project &) {}, {}, {});
        // Servers in different segments reach each other only through a router: a gateway per
        // segment, named at the segment's first device (deployer `gateways`; HCCL's A2 rank
        // table example puts its servers in 192.168.1.x and 192.168.2.x).
        row("one segment per server without gateways",
            [](Project &p) {
                for (int k = 0; k < 8; ++k)
                    p.servers[1].deviceIps[k] = u"10.20.1.%1"_s.arg(10 + k);
            },
            {u"gateway-missing"_s}, {u"servers[0].device_ips[0]"_s, u"servers[1].device_ips[0]"_s});
        row("one segment per server with their gateways",
            [](Project &p) {
                for (int k = 0; k < 8; ++k)
                    p.servers[1].deviceIps[k] = u"10.20.1.%1"_s.arg(10 + k);
                p.deviceNetwork.gateways = {u"192.168.100.254"_s, u"10.20.1.254"_s};
            },
            {}, {});
        row("one segment per server, one gateway missing",
            [](Project &p) {
                for (int k = 0; k < 8; ++k)
                    p.servers[1].deviceIps[k] = u"10.20.1.%1"_s.arg(10 + k);
                p.deviceNetwork.gateways = {u"192.168.100.254"_s};
            },
            {u"gateway-missing"_s}, {u"servers[1].device_ips[0]"_s});
        row("server spans two segments", ip(1, 5, u"192.168.101.14"_s), {u"segment-server"_s},
            {u"servers[1].device_ips[5]"_s});
        row("ip used twice", ip(1, 0, u"192.168.100.1"_s), {u"ip-unique"_s},
            {u"servers[1].device_ips[0]"_s});
        // "Distinguished by the last eight bits" is the first generation's rule (seed 000); the
        // A2 policy has one segment per server only, so a /23 holds 510 devices.
        row("same last octet in a /23",
            [](Project &p) {
                p.deviceNetwork.netmask = u"255.255.254.0"_s;
                p.servers[1].deviceIps[0] = u"192.168.101.1"_s;
            },
            {}, {});
        row("network address", ip(0, 0, u"192.168.100.0"_s), {u"network-broadcast"_s},
            {u"servers[0].device_ips[0]"_s});
        row("broadcast address", ip(0, 0, u"192.168.100.255"_s), {u"network-broadcast"_s},
            {u"servers[0].device_ips[0]"_s});
        row("host ip", ip(0, 3, u"10.0.0.11"_s), {u"host-ip-collision"_s, u"segment-server"_s},
            {u"servers[0].device_ips[3]"_s});
        row("shared segment fixed and kept",
            [](Project &p) { p.deviceNetwork.segments = {u"192.168.100.0"_s}; }, {}, {});
        row(
            "shared segment fixed elsewhere",
            [](Project &p) { p.deviceNetwork.segments = {u"192.168.7.0"_s}; },
            {u"segment-server"_s}, everyDevice(2));
        row("per-server segments fixed",
            [](Project &p) {
                p.deviceNetwork.segments = {u"192.168.100.0"_s, u"192.168.100.0"_s};
            },
            {}, {});
        row("three segments for two servers",
            [](Project &p) {
                p.deviceNetwork.segments = {u"192.168.100.0"_s, u"192.168.101.0"_s,
                                            u"192.168.102.0"_s};
            },
            {u"segment"_s}, {u"device_network.segments"_s});
        row("segment not a network address",
            [](Project &p) { p.deviceNetwork.segments = {u"192.168.100.9"_s}; }, {u"segment"_s},
            {u"device_network.segments[0]"_s});
    }

    void rules()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QStringList, rules);
        QFETCH(QStringList, paths);
        Project project = sharedSlash24(2);
        mutate(project);
        const Problems problems = validateDeviceNetwork(project);
        QVERIFY2(sorted(ruleIds(problems)) == rules, qPrintable(describe(problems)));
        QVERIFY2(sorted(cw::testing::paths(problems)) == paths, qPrintable(describe(problems)));
    }

    void spanMessageNamesServerDeviceAndSegments()
    {
        Project project = sharedSlash24(2);
        project.servers[1].deviceIps[5] = u"192.168.101.14"_s;
        const Problems problems = validateDeviceNetwork(project);
        QCOMPARE(problems.size(), size_t{1});
        QCOMPARE(problems.front().message,
                 u"server1 device 5: 192.168.101.14 is in segment 192.168.101.0/24 but device 0 "
                 "of server1 is in 192.168.100.0/24; on an Atlas A2 (910B) server all device IPs "
                 "must be in one segment"_s);
    }

    // One segment shared by every server, with the smallest netmask that holds them all: no
    // router is needed between the servers.
    void planFillsAnEmptyProject_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<QString>("netmask");
        QTest::newRow("1") << 1 << u"255.255.255.0"_s;
        QTest::newRow("2") << 2 << u"255.255.255.0"_s;
        QTest::newRow("31 share one /24") << 31 << u"255.255.255.0"_s;
        QTest::newRow("32 share one /23") << 32 << u"255.255.254.0"_s;
        QTest::newRow("40 share one /23") << 40 << u"255.255.254.0"_s;
        QTest::newRow("128 share one /21") << 128 << u"255.255.248.0"_s;
    }

    void planFillsAnEmptyProject()
    {
        QFETCH(int, servers);
        QFETCH(QString, netmask);
        const PlanResult plan = planDeviceNetwork(a2Cluster(servers));
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.deviceNetwork.netmask, netmask);
        QCOMPARE(plan.project.deviceNetwork.segments.size(), qsizetype(1));
        const Problems problems = validateDeviceNetwork(plan.project);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        for (const Server &server : plan.project.servers)
            QCOMPARE(server.deviceIps.size(), qsizetype(8));
        // Planning the result again changes nothing.
        const PlanResult again = planDeviceNetwork(plan.project);
        QVERIFY(again.ok);
        QCOMPARE(again.changes, QStringList());
    }

    // A server whose devices already lie in a segment of their own keeps it; two segments then
    // need a gateway each: plan says so, and plan --fill-gateways gives each its highest free
    // address, after which the network validates.
    void planKeepsAServersOwnSegment()
    {
        Project project = sharedSlash24(2);
        for (int k = 0; k < 8; ++k)
            project.servers[1].deviceIps[k] = u"10.20.1.%1"_s.arg(10 + k);
        project.servers[1].deviceIps[7] = u"10.20.2.17"_s; // the one port out of line
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY(!plan.ok);
        QVERIFY2(plan.reason.startsWith(u"the servers' devices are in 2 segments (192.168.100.0, "
                                        "10.20.1.0): devices in different segments reach each "
                                        "other only through a router"_s),
                 qPrintable(plan.reason));
        const PlanResult routed = planDeviceNetworkFillingGateways(project);
        QVERIFY2(routed.ok, qPrintable(routed.reason));
        const Project &planned = routed.project;
        QCOMPARE(planned.deviceNetwork.segments, QStringList({u"192.168.100.0"_s, u"10.20.1.0"_s}));
        QCOMPARE(planned.servers[1].deviceIps[6], u"10.20.1.16"_s);
        QCOMPARE(planned.servers[1].deviceIps[7], u"10.20.1.1"_s);
        QCOMPARE(planned.servers[0].deviceIps, sharedSlash24(2).servers[0].deviceIps);
        QCOMPARE(planned.deviceNetwork.gateways,
                 QStringList({u"192.168.100.254"_s, u"10.20.1.254"_s}));
        QVERIFY2(validateDeviceNetwork(planned).empty(),
                 qPrintable(describe(validateDeviceNetwork(planned))));
        QVERIFY2(routed.changes.join(u'\n').contains(u"device_network.gateways: + 10.20.1.254"_s),
                 qPrintable(routed.changes.join(u'\n')));
    }

    // A /24 the user fixed holds 31 servers of 8: 40 get a segment each, and each segment then
    // needs its gateway, named in the message.
    void fixedSlash24For40ServersNeedsGateways()
    {
        Project project = a2Cluster(40);
        project.deviceNetwork.netmask = u"255.255.255.0"_s;
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY(!plan.ok);
        QCOMPARE(plan.project.deviceNetwork.segments.size(), qsizetype(40));
        const Problems problems = validateDeviceNetwork(plan.project);
        QCOMPARE(problems.size(), size_t(40));
        QVERIFY2(problems[1].message.startsWith(u"device network: segment 192.168.101.0/24 "
                                                "(server1) has no gateway; the servers' devices "
                                                "lie in 40 segments"_s),
                 qPrintable(problems[1].message));
        const PlanResult routed = planDeviceNetworkFillingGateways(project);
        QVERIFY2(routed.ok, qPrintable(routed.reason));
        QCOMPARE(routed.project.deviceNetwork.gateways.size(), qsizetype(40));
        QVERIFY2(validateDeviceNetwork(routed.project).empty(),
                 qPrintable(describe(validateDeviceNetwork(routed.project))));
        // Planned again, the routed project keeps every address.
        const PlanResult again = planDeviceNetwork(routed.project);
        QVERIFY2(again.ok, qPrintable(again.reason));
        QCOMPARE(again.changes, QStringList());
    }

    void fixedSharedSlash27IsRefusedInNumbers()
    {
        Project project = a2Cluster(4);
        project.deviceNetwork.netmask = u"255.255.255.224"_s;
        project.deviceNetwork.segments = {u"192.168.100.0"_s};
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY(!plan.ok);
        QCOMPARE(plan.reason,
                 u"segment 192.168.100.0/27 holds 4 servers: 32 device IPs are needed, but it "
                 "offers 30 (a /27 less network, broadcast and host IPs)"_s);
    }

    void plan128By8Validates()
    {
        const PlanResult plan = planDeviceNetwork(a2Cluster(128));
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QVERIFY(validateDeviceNetwork(plan.project).empty());
        QVERIFY(validateDeviceSubsets(plan.project).empty());
    }
};

QTEST_APPLESS_MAIN(tst_Ascend910bNetwork)
#include "tst_ascend910bNetwork.moc"
