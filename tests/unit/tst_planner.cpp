// SPDX-License-Identifier: GPL-3.0-or-later
#include "DeviceTestProjects.h"

#include "net/Ipv4.h"
#include "plan/Planner.h"
#include "rules/DeviceRules.h"
#include "rules/ProjectValidator.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cw::testing;

Q_DECLARE_METATYPE(cw::Accelerator)

namespace {

QStringList allDeviceIps(const Project &project)
{
    QStringList ips;
    for (const Server &server : project.servers)
        ips << server.deviceIps;
    return ips;
}

} // namespace

class tst_Planner : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void plansValidate_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<QString>("netmask");
        QTest::newRow("1") << 1 << u"255.255.255.0"_s;
        QTest::newRow("2") << 2 << u"255.255.255.0"_s;
        QTest::newRow("16") << 16 << u"255.255.255.0"_s;
        QTest::newRow("17") << 17 << u"255.255.255.0"_s;
        // 127 servers put 254 devices in each segment: exactly what a /24 holds.
        QTest::newRow("127") << 127 << u"255.255.255.0"_s;
        QTest::newRow("128") << 128 << u"255.255.254.0"_s;
    }

    void plansValidate()
    {
        QFETCH(int, servers);
        QFETCH(QString, netmask);
        const PlanResult plan = planDeviceNetwork(ascendCluster(servers));
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.deviceNetwork.netmask, netmask);
        QCOMPARE(plan.project.deviceNetwork.segments.size(), 4);
        for (const Server &server : plan.project.servers)
            QCOMPARE(server.deviceIps.size(), qsizetype(8));
        const Problems network = validateDeviceNetwork(plan.project);
        QVERIFY2(network.empty(), qPrintable(describe(network)));
        const Problems all = validateProject(plan.project);
        QVERIFY2(all.empty(), qPrintable(describe(all)));
        QVERIFY(plan.widened.isEmpty()); // chosen, not widened from the user's
        // Every assigned value is listed: netmask, segments, and one line per device.
        QCOMPARE(plan.changes.size(), qsizetype(2 + 8 * servers));
        QVERIFY(plan.reason.isEmpty());
    }

    void smallerSubsetsPlan_data()
    {
        QTest::addColumn<std::vector<int>>("devices");
        QTest::newRow("one") << std::vector<int>{5};
        QTest::newRow("two") << std::vector<int>{2, 3};
        QTest::newRow("four") << std::vector<int>{4, 5, 6, 7};
    }

    void smallerSubsetsPlan()
    {
        QFETCH(std::vector<int>, devices);
        Project project = ascendCluster(1);
        project.servers[0].devices = devices;
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.servers[0].deviceIps.size(), qsizetype(devices.size()));
        QVERIFY(validateProject(plan.project).empty());
    }

    // Server r in launch order gets the seed's numbering: 192.168.10j.(101 + 10r) for devices
    // 0-3 and .(100 + 10r) for devices 4-7, which for two servers is exactly the seed's plan.
    void followsTheSeed()
    {
        Project project = seedExample();
        for (Server &server : project.servers)
            server.deviceIps.clear();
        project.deviceNetwork = {};
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(allDeviceIps(plan.project), allDeviceIps(seedExample()));
        QCOMPARE(plan.project.deviceNetwork.segments, seedExample().deviceNetwork.segments);
        QCOMPARE(plan.changes.first(), u"device_network.netmask: (none) -> 255.255.255.0"_s);
        QCOMPARE(plan.changes[1], u"device_network.segments: (none) -> 192.168.100.0, "
                                  "192.168.101.0, 192.168.102.0, 192.168.103.0"_s);
        QCOMPARE(plan.changes[2], u"server0 device 0: (none) -> 192.168.100.101"_s);
        QCOMPARE(plan.changes.last(), u"server1 device 7: (none) -> 192.168.103.110"_s);
    }

    void launchOrderPutsTheMasterFirst()
    {
        Project project = ascendCluster(2);
        project.launch.master = u"server1"_s;
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.servers[1].deviceIps[0], u"192.168.100.101"_s);
        QCOMPARE(plan.project.servers[0].deviceIps[0], u"192.168.100.111"_s);
    }

    void slash23UsesTheSeedsSegmentsSpreadOut()
    {
        const PlanResult plan = planDeviceNetwork(ascendCluster(128));
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.deviceNetwork.segments,
                 (QStringList{u"192.168.100.0"_s, u"192.168.102.0"_s, u"192.168.104.0"_s,
                              u"192.168.106.0"_s}));
    }

    void seedIsLeftAlone()
    {
        const Project seed = seedExample();
        const PlanResult plan = planDeviceNetwork(seed);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QVERIFY2(plan.changes.isEmpty(), qPrintable(plan.changes.join(u'\n')));
        QCOMPARE(projectToJsonText(plan.project), projectToJsonText(seed));
    }

    void planningTwiceChangesNothing()
    {
        const PlanResult first = planDeviceNetwork(ascendCluster(40));
        QVERIFY2(first.ok, qPrintable(first.reason));
        const PlanResult second = planDeviceNetwork(first.project);
        QVERIFY(second.ok);
        QVERIFY(second.changes.isEmpty());
        QCOMPARE(projectToJsonText(second.project), projectToJsonText(first.project));
    }

    // A /24 fixed by the user (the example's default) is too small for 128 servers: the plan
    // widens it to the /23 that fits, in one go, and its netmask line says why.
    void fixedSlash24IsWidenedForThe128thServer()
    {
        Project project = ascendCluster(128);
        project.deviceNetwork.netmask = u"255.255.255.0"_s;
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.deviceNetwork.netmask, u"255.255.254.0"_s);
        QCOMPARE(plan.changes.constFirst(),
                 u"device_network.netmask: 255.255.255.0 -> 255.255.254.0 (widened: segment "
                 "192.168.100.0/24 holds devices 0 and 4 of 128 servers: 256 device IPs with "
                 "distinct last octets are needed, but a /24 segment offers 254 (256 addresses "
                 "less the network and broadcast addresses); a /23 netmask (255.255.254.0) is "
                 "needed)"_s);
        QVERIFY(plan.changes.constFirst().endsWith(u"(widened: "_s + plan.widened + u')'));
        const Problems all = validateProject(plan.project);
        QVERIFY2(all.empty(), qPrintable(describe(all)));
    }

    // The seed's /24 and its four /24 segments, grown to 128 servers: the /24 segments do not
    // suit a /23 (192.168.101.0 is inside 192.168.100.0/23), so the plan chooses /23 segments,
    // keeps every device IP that still fits and lists each change.
    void seedGrownTo128GetsSlash23Segments()
    {
        Project project = seedExample();
        const Server model = project.servers.front();
        project.servers.clear();
        for (int i = 0; i < 128; ++i) {
            Server server = model;
            server.name = u"server%1"_s.arg(i);
            server.host = server.hostIp = u"10.0.%1.%2"_s.arg(i / 200).arg(i % 200 + 1);
            server.deviceIps.clear();
            project.servers.push_back(server);
        }
        QCOMPARE(project.deviceNetwork.netmask, u"255.255.255.0"_s);
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.deviceNetwork.netmask, u"255.255.254.0"_s);
        QCOMPARE(plan.project.deviceNetwork.segments,
                 (QStringList{u"192.168.100.0"_s, u"192.168.102.0"_s, u"192.168.104.0"_s,
                              u"192.168.106.0"_s}));
        QVERIFY(plan.changes.constFirst().contains(u"(widened: "_s));
        QVERIFY(plan.changes[1].startsWith(u"device_network.segments: 192.168.100.0, "
                                           "192.168.101.0, 192.168.102.0, 192.168.103.0 -> "_s));
        const Problems all = validateProject(plan.project);
        QVERIFY2(all.empty(), qPrintable(describe(all)));
        // The widened plan is stable: planning it again changes nothing.
        QVERIFY(planDeviceNetwork(plan.project).changes.isEmpty());
    }

    // Any fixed netmask too small for its devices is widened to the smallest that fits; segments
    // the user fixed stay when they suit the wider netmask.
    void tooSmallNetmasksAreWidened_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("netmask");
        QTest::addColumn<QString>("because");
        QTest::addColumn<bool>("keepsSegments");
        QTest::newRow("/30 for two servers") << Mutation([](Project &p) {
            p.deviceNetwork.netmask = u"255.255.255.252"_s; // two addresses per segment
            p.deviceNetwork.segments = {u"192.168.100.0"_s, u"192.168.100.4"_s, u"192.168.100.8"_s,
                                        u"192.168.100.12"_s};
        }) << u"255.255.255.248"_s << u"a /29 netmask (255.255.255.248) is needed"_s
                                             << false; // 192.168.100.4 is no /29 segment
        QTest::newRow("host IPs crowd a fixed /29") << Mutation([](Project &p) {
            p = ascendCluster(2);
            p.deviceNetwork.netmask = u"255.255.255.248"_s; // six host addresses
            p.deviceNetwork.segments = {u"192.168.100.0"_s, u"192.168.100.16"_s,
                                        u"192.168.100.32"_s, u"192.168.100.48"_s};
            p.servers[0].hostIp = u"192.168.100.1"_s;
            p.servers[1].hostIp = u"192.168.100.2"_s;
            p.servers.push_back(p.servers[0]);
            p.servers[2].name = u"server2"_s;
            p.servers[2].hostIp = u"192.168.100.3"_s;
        }) << u"255.255.255.240"_s << u"3 host IPs of the servers inside it leave 3"_s
                                                    << true;
    }

    void tooSmallNetmasksAreWidened()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QString, netmask);
        QFETCH(QString, because);
        QFETCH(bool, keepsSegments);
        Project project = seedExample();
        mutate(project);
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.deviceNetwork.netmask, netmask);
        QVERIFY2(plan.changes.constFirst().contains(because), qPrintable(plan.changes.first()));
        QVERIFY(plan.widened.contains(because));
        const Problems network = validateDeviceNetwork(plan.project);
        QVERIFY2(network.empty(), qPrintable(describe(network)));
        QCOMPARE(plan.project.deviceNetwork.segments == project.deviceNetwork.segments,
                 keepsSegments);
    }

    void fixedSegmentsAndNetmaskAreKept()
    {
        Project project = ascendCluster(3);
        project.deviceNetwork.netmask = u"255.255.0.0"_s;
        project.deviceNetwork.segments = {u"10.20.0.0"_s, u"10.21.0.0"_s, u"10.22.0.0"_s,
                                          u"10.23.0.0"_s};
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.deviceNetwork.netmask, u"255.255.0.0"_s);
        QCOMPARE(plan.project.deviceNetwork.segments, project.deviceNetwork.segments);
        QCOMPARE(plan.project.servers[2].deviceIps[5], u"10.21.0.120"_s);
        QCOMPARE(plan.changes.size(), qsizetype(24));
        QVERIFY(validateDeviceNetwork(plan.project).empty());
    }

    void repairKeepsValidIpsAndFixesBrokenOnes()
    {
        Project project = seedExample();
        project.servers[1].deviceIps[4] = u"192.168.104.110"_s; // wrong segment
        project.servers[0].deviceIps[2] = u"garbage"_s;         // not an address
        project.servers[1].deviceIps[1] = u"192.168.101.101"_s; // server0 device 1's address
        project.servers[1].deviceIps.removeLast();              // missing
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.changes,
                 (QStringList{u"server0 device 2: garbage -> 192.168.102.101"_s,
                              u"server1 device 1: 192.168.101.101 -> 192.168.101.111"_s,
                              u"server1 device 4: 192.168.104.110 -> 192.168.100.110"_s,
                              u"server1 device 7: (none) -> 192.168.103.110"_s}));
        QCOMPARE(allDeviceIps(plan.project), allDeviceIps(seedExample()));
    }

    void extraIpsAreDropped()
    {
        Project project = seedExample();
        project.servers[0].deviceIps << u"192.168.100.7"_s;
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.changes,
                 QStringList{
                     u"server0: device_ips[8] 192.168.100.7 removed (the server has 8 devices)"_s});
        QCOMPARE(plan.project.servers[0].deviceIps, seedExample().servers[0].deviceIps);
    }

    // Without fixed segments the planner follows the segments most of the IPs already use, so
    // a user's own addressing survives a repair.
    void repairKeepsTheUsersOwnAddressing()
    {
        Project project = ascendCluster(2);
        for (int s = 0; s < 2; ++s) {
            for (int id = 0; id < 8; ++id)
                project.servers[static_cast<size_t>(s)].deviceIps
                    << u"10.9.%1.%2"_s.arg(id % 4).arg(5 + 2 * s + id / 4);
        }
        project.servers[1].deviceIps[6] = u"10.9.7.8"_s; // outside every segment
        project.servers[0].deviceIps[3] = u"10.9.3.6"_s; // the address of server0 device 7
        const QStringList before = allDeviceIps(project);
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.deviceNetwork.segments,
                 (QStringList{u"10.9.0.0"_s, u"10.9.1.0"_s, u"10.9.2.0"_s, u"10.9.3.0"_s}));
        QCOMPARE(plan.project.deviceNetwork.netmask, u"255.255.255.0"_s);
        const QStringList after = allDeviceIps(plan.project);
        QStringList replaced;
        for (qsizetype i = 0; i < after.size(); ++i) {
            if (after[i] != before[i])
                replaced << before[i];
        }
        // Device 3 comes first and keeps the address; device 7, its clash, and the stray are
        // redone.
        QCOMPARE(replaced, (QStringList{u"10.9.3.6"_s, u"10.9.7.8"_s}));
        QCOMPARE(after[3], u"10.9.3.6"_s);
        QVERIFY(after[7].startsWith(u"10.9.3."_s));
        QVERIFY(after[14].startsWith(u"10.9.2."_s));
        QVERIFY(validateDeviceNetwork(plan.project).empty());
    }

    void avoidsHostIpsInsideSegments()
    {
        Project project = ascendCluster(2);
        project.servers[1].hostIp = u"192.168.100.101"_s; // where server0 device 0 would go
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QVERIFY(!allDeviceIps(plan.project).contains(u"192.168.100.101"_s));
        QVERIFY(validateDeviceNetwork(plan.project).empty());
    }

    // Routed planning (device_network.gateways given): no device takes a gateway's address, the
    // segments follow the gateways, and each segment detects its gateway.
    void routedPlanKeepsGatewaysFree()
    {
        Project project = ascendCluster(2);
        project.deviceNetwork.netmask = u"255.255.255.0"_s;
        // .101 is where the seed pattern puts server0 device 0: the plan must go around it.
        project.deviceNetwork.gateways = {u"192.168.100.101"_s, u"192.168.101.1"_s,
                                          u"192.168.102.1"_s, u"192.168.103.1"_s};
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.deviceNetwork.segments,
                 QStringList({u"192.168.100.0"_s, u"192.168.101.0"_s, u"192.168.102.0"_s,
                              u"192.168.103.0"_s}));
        QVERIFY(!allDeviceIps(plan.project).contains(u"192.168.100.101"_s));
        QCOMPARE(plan.project.deviceNetwork.detectIps, project.deviceNetwork.gateways);
        QVERIFY(plan.changes.join(u'\n').contains(u"device_network.detect_ips"_s));
        QVERIFY2(validateDeviceNetwork(plan.project).empty(),
                 qPrintable(describe(validateDeviceNetwork(plan.project))));
    }

    void routedA2PlanPutsEachServerBehindItsGateway()
    {
        Project project = ascendCluster(3);
        project.accelerator = Accelerator::Ascend910b;
        project.deviceNetwork.netmask = u"255.255.255.0"_s;
        project.deviceNetwork.gateways = {u"10.20.0.1"_s, u"10.20.1.1"_s, u"10.20.2.1"_s};
        project.deviceNetwork.detectIps = {u"10.99.0.1"_s, u"10.99.0.1"_s, u"10.99.0.1"_s};
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        for (int s = 0; s < 3; ++s) {
            for (const QString &ip : plan.project.servers[size_t(s)].deviceIps) {
                QVERIFY2(ip.startsWith(u"10.20.%1."_s.arg(s)), qPrintable(ip));
                QVERIFY(ip != project.deviceNetwork.gateways[s]);
            }
        }
        QCOMPARE(plan.project.deviceNetwork.detectIps, project.deviceNetwork.detectIps); // kept
        QVERIFY(validateDeviceNetwork(plan.project).empty());
    }

    void routedRepairMovesADeviceOffItsGateway()
    {
        Project project = seedExample();
        project.deviceNetwork.gateways = {u"192.168.100.1"_s, u"192.168.101.1"_s,
                                          u"192.168.102.111"_s, u"192.168.103.1"_s};
        QVERIFY(!validateDeviceNetwork(project).empty()); // server1 device 2 holds .102.111
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QVERIFY(plan.project.servers[1].deviceIps[2] != u"192.168.102.111"_s);
        QCOMPARE(plan.project.servers[0].deviceIps, project.servers[0].deviceIps); // kept
        QVERIFY(validateDeviceNetwork(plan.project).empty());
    }

    void refusesRoutedPlans_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("reasonPart");
        QTest::newRow("gateways without netmask") << Mutation([](Project &p) {
            p.deviceNetwork.gateways = {u"10.1.0.1"_s, u"10.1.1.1"_s, u"10.1.2.1"_s, u"10.1.3.1"_s};
        }) << u"routed planning needs device_network.netmask"_s;
        QTest::newRow("three gateways for four segments") << Mutation([](Project &p) {
            p.deviceNetwork.netmask = u"255.255.255.0"_s;
            p.deviceNetwork.gateways = {u"10.1.0.1"_s, u"10.1.1.1"_s, u"10.1.2.1"_s};
        }) << u"lists 3 gateways; an ascend910 device network has four segments"_s;
        QTest::newRow("A2: two gateways for three servers") << Mutation([](Project &p) {
            p.servers.push_back(p.servers[0]);
            p.servers[2].name = u"server2"_s;
            p.servers[2].host = u"10.0.0.99"_s;
            p.accelerator = Accelerator::Ascend910b;
            p.deviceNetwork.netmask = u"255.255.255.0"_s;
            p.deviceNetwork.gateways = {u"10.1.0.1"_s, u"10.1.1.1"_s};
        }) << u"lists 2 gateways for 3 servers"_s;
    }
    void refusesRoutedPlans()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QString, reasonPart);
        Project project = ascendCluster(2);
        mutate(project);
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY(!plan.ok);
        QVERIFY2(plan.reason.contains(reasonPart), qPrintable(plan.reason));
    }

    void refuses_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("reasonPart");
        QTest::newRow("no servers")
            << Mutation([](Project &p) { p.servers.clear(); }) << u"the project has no servers"_s;
        QTest::newRow("129 servers") << Mutation([](Project &p) { p = ascendCluster(129); })
                                     << u"129 servers: an Ascend 910 cluster has at most 128"_s;
        QTest::newRow("subset rules") << Mutation([](Project &p) {
            p.servers[1].devices = {0, 1, 2, 3};
        }) << u"server1: uses 4 devices"_s;
        QTest::newRow("bad device id")
            << Mutation([](Project &p) { p.servers[0].devices[0] = 8; }) << u"server0 device 8"_s;
        QTest::newRow("bad netmask")
            << Mutation([](Project &p) { p.deviceNetwork.netmask = u"255.0.255.0"_s; })
            << u"device_network.netmask: netmask 255.0.255.0 is not contiguous"_s;
        QTest::newRow("segment off the netmask")
            << Mutation([](Project &p) { p.deviceNetwork.segments[1] = u"192.168.101.7"_s; })
            << u"device_network.segments[1]: 192.168.101.7 is not the network address"_s;
        QTest::newRow("segments repeated")
            << Mutation([](Project &p) { p.deviceNetwork.segments[3] = u"192.168.100.0"_s; })
            << u"device_network.segments[3] is the same /24 segment as segments[0]"_s;
        QTest::newRow("two segments")
            << Mutation([](Project &p) { p.deviceNetwork.segments.resize(2); })
            << u"lists 2 segments, not 4"_s;
    }

    void refuses()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QString, reasonPart);
        Project project = seedExample();
        mutate(project);
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY(!plan.ok);
        QVERIFY2(plan.reason.contains(reasonPart), qPrintable(plan.reason));
        QVERIFY(plan.changes.isEmpty());
    }

    void otherAcceleratorsAreUnchanged_data()
    {
        QTest::addColumn<Accelerator>("accelerator");
        QTest::newRow("nvidia") << Accelerator::Nvidia;
        QTest::newRow("cpu") << Accelerator::Cpu;
    }

    void otherAcceleratorsAreUnchanged()
    {
        QFETCH(Accelerator, accelerator);
        Project project = ascendCluster(3);
        project.accelerator = accelerator;
        project.servers[1].devices = {0, 1, 2};
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY(plan.ok);
        QVERIFY(plan.changes.isEmpty());
        QCOMPARE(projectToJsonText(plan.project), projectToJsonText(project));
    }

    // Plan and validate a full cluster; docs report the figure, the test only measures it.
    void benchmarkPlan128()
    {
        const Project project = ascendCluster(128);
        QBENCHMARK
        {
            const PlanResult plan = planDeviceNetwork(project);
            QVERIFY(plan.ok);
            QVERIFY(validateProject(plan.project).empty());
        }
    }
};

QTEST_GUILESS_MAIN(tst_Planner)
#include "tst_planner.moc"
