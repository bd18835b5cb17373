// SPDX-License-Identifier: GPL-3.0-or-later
// Which device pings which (LinkPlan) and which servers pair up when (pairRounds): the coverage
// the doctor promises, at every size up to 128 servers x 8 devices, and the cost model's bound.
#include "doctor/BandwidthTest.h"
#include "doctor/LinkPlan.h"
#include "doctor/PortTest.h"
#include "plan/Planner.h"
#include "rules/RequiredPorts.h"

#include <QTest>

#include <map>
#include <set>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

Project ascendProject(Accelerator accelerator, int servers, std::vector<int> devices)
{
    Project project;
    project.name = u"plan"_s;
    project.accelerator = accelerator;
    for (int i = 0; i < servers; ++i) {
        Server server;
        server.name = u"s%1"_s.arg(i);
        server.host = u"10.0.%1.%2"_s.arg(i / 200).arg(i % 200 + 1);
        server.devices = devices;
        project.servers.push_back(server);
    }
    project.launch.workdir = u"/w"_s;
    project.launch.entry = u"main.py"_s;
    const PlanResult plan = planDeviceNetwork(project);
    return plan.ok ? plan.project : project;
}

} // namespace

class TestDoctorPlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void offsetsAreDistinctAndSpread_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("limit");
        for (int servers : {1, 2, 3, 8, 32, 33, 34, 64, 100, 127, 128})
            QTest::addRow("%d servers", servers) << servers << kLinkFullMeshPeers;
        QTest::addRow("limit 1") << 10 << 1;
    }

    void offsetsAreDistinctAndSpread()
    {
        QFETCH(int, servers);
        QFETCH(int, limit);
        const std::vector<int> offsets = peerOffsets(servers, limit);
        QCOMPARE(int(offsets.size()), std::min(servers - 1, limit));
        const std::set<int> distinct(offsets.begin(), offsets.end());
        QCOMPARE(distinct.size(), offsets.size());
        for (int offset : offsets)
            QVERIFY(offset >= 1 && offset <= servers - 1);
        if (!offsets.empty()) {
            QCOMPARE(offsets.front(), 1); // the neighbour always
            // Sampled offsets reach across the ring, not only the near half.
            if (servers - 1 > limit && limit > 1)
                QVERIFY(offsets.back() > (servers - 1) * (limit - 1) / limit - 1);
        }
    }

    void everyDeviceIsTestedBothWays_data()
    {
        QTest::addColumn<int>("accelerator");
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("perDevice"); // pings each device sends
        for (int servers : {2, 3, 33, 128}) {
            const int peers = std::min(servers - 1, kLinkFullMeshPeers);
            QTest::addRow("910B %d", servers) << int(Accelerator::Ascend910b) << servers << peers;
            QTest::addRow("910A %d", servers)
                << int(Accelerator::Ascend910) << servers << 2 * peers + 1;
        }
    }

    void everyDeviceIsTestedBothWays()
    {
        QFETCH(int, accelerator);
        QFETCH(int, servers);
        QFETCH(int, perDevice);
        const Project project =
            ascendProject(Accelerator(accelerator), servers, {0, 1, 2, 3, 4, 5, 6, 7});
        QCOMPARE(project.servers.front().deviceIps.size(), 8);
        const LinkPlan plan = planLinks(project);
        QCOMPARE(plan.sampled, servers - 1 > kLinkFullMeshPeers);
        QCOMPARE(plan.mostPingsPerDevice(), perDevice);
        std::map<std::pair<int, int>, int> sent, received;
        std::set<std::tuple<int, int, int, int>> unique;
        for (const LinkProbe &probe : plan.probes) {
            ++sent[{probe.server, probe.device}];
            ++received[{probe.peerServer, probe.peerDevice}];
            QVERIFY(unique.insert({probe.server, probe.device, probe.peerServer, probe.peerDevice})
                        .second);
            QCOMPARE(probe.peerIp,
                     project.servers[size_t(probe.peerServer)].deviceIps[probe.peerDevice]);
            if (probe.device == probe.peerDevice) {
                QVERIFY(probe.server != probe.peerServer); // HCCL's path: another server
            } else {
                QCOMPARE(Accelerator(accelerator), Accelerator::Ascend910);
                QCOMPARE(probe.peerDevice, probe.device < 4 ? probe.device + 4 : probe.device - 4);
            }
        }
        for (int s = 0; s < servers; ++s) {
            for (int d = 0; d < 8; ++d) {
                QCOMPARE((sent[std::pair{s, d}]), perDevice);
                QCOMPARE((received[std::pair{s, d}]),
                         perDevice); // the circulant pattern is balanced
            }
        }
        // The cost model: 128 x 8 stays under 5 minutes at kPingSeconds a ping.
        QVERIFY(plan.mostPingsPerDevice() * kPingSeconds < 300);
    }

    void devicesWithoutIpsAreLeftOutAndNamed()
    {
        Project project = ascendProject(Accelerator::Ascend910b, 2, {0, 1});
        project.servers[1].deviceIps[1].clear();
        const LinkPlan plan = planLinks(project);
        // Device 0 both ways; device 1 neither way (s1's has no IP to ping or to ping from).
        QCOMPARE(plan.probes.size(), size_t(2));
        for (const LinkProbe &probe : plan.probes)
            QCOMPARE(probe.device, 0);
        QVERIFY(plan.note.contains(u"s1 device 1"_s));
    }

    // The driver's mapping from an SDID to the address -hccs_ping takes (tool_cmd.c, LinkPlan.h).
    void hccsPingAddressOfSdid_data()
    {
        QTest::addColumn<QString>("sdid");
        QTest::addColumn<QString>("address");
        // server 0, chip 0, die 0, device 0: the first die of a pod's first server.
        QTest::newRow("first die") << u"0"_s << u"192.0.2.199"_s;
        // server 1, chip 1, die 1, device 3 = (1 << 22) | (1 << 18) | (1 << 16) | 3.
        QTest::newRow("server 1 die 3") << u"4521987"_s << u"192.1.3.196"_s;
        // server 47, chip 7, die 1, device 15: the last the tool accepts.
        QTest::newRow("last") << QString::number((47u << 22) | (7u << 18) | (1u << 16) | 15u)
                              << u"192.47.3.184"_s;
        // server 48 (A3_SUPERPOD_MAX_NUMS), a device id that is not chip * 2 + die, HCCL's
        // example numbering 0-7 (SDID 1: chip 0 die 0 but device 1), and text that is no number.
        QTest::newRow("server 48") << QString::number(48u << 22) << QString();
        QTest::newRow("example's 1") << u"1"_s << QString();
        QTest::newRow("bits left over") << QString::number((1u << 30) | 0u) << QString();
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("negative") << u"-1"_s << QString();
        QTest::newRow("past 32 bits") << u"4294967296"_s << QString();
        QTest::newRow("text") << u"4521987x"_s << QString();
    }

    void hccsPingAddressOfSdid()
    {
        QFETCH(QString, sdid);
        QFETCH(QString, address);
        QCOMPARE(hccsPingAddress(sdid), address);
    }

    // Atlas A3 with super pods: inside a pod every die hccs-pings the same die of the pod's
    // other servers at its vNIC address; across pods it pings the device IP; nothing else.
    void a3PodsHccsInsideAndPingAcross()
    {
        Project project = ascendProject(Accelerator::Ascend910_93, 4,
                                        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
        for (int s = 0; s < 4; ++s) {
            Server &server = project.servers[size_t(s)];
            for (int die : server.devices)
                server.superDeviceIds
                    << QString::number((quint32(s % 2) << 22) | (quint32(die / 2) << 18) |
                                       (quint32(die % 2) << 16) | quint32(die));
        }
        project.superPods = {{u"0"_s, {u"s0"_s, u"s1"_s}}, {u"1"_s, {u"s2"_s, u"s3"_s}}};
        const LinkPlan plan = planLinks(project);
        QCOMPARE(int(plan.probes.size()), 4 * 16 * 3);
        int hccs = 0;
        for (const LinkProbe &probe : plan.probes) {
            QCOMPARE(probe.peerDevice, probe.device);
            const bool samePod = probe.server / 2 == probe.peerServer / 2;
            QCOMPARE(probe.kind == LinkKind::HccsPing, samePod);
            const Server &peer = project.servers[size_t(probe.peerServer)];
            if (samePod) {
                ++hccs;
                QCOMPARE(probe.peerIp, u"192.%1.%2.%3"_s.arg(probe.peerServer % 2)
                                           .arg(2 + probe.device % 2)
                                           .arg(199 - probe.device));
            } else {
                QCOMPARE(probe.peerIp, peer.deviceIps[qsizetype(probe.device)]);
            }
        }
        QCOMPARE(hccs, 4 * 16);
        QVERIFY2(plan.note.contains(u"hccs_ping"_s) && plan.note.contains(u"64 pings"_s),
                 qPrintable(plan.note));
        // Typical networking (no pods): -ping only, as on the other generations.
        Project typical = project;
        typical.superPods.clear();
        for (Server &server : typical.servers)
            server.superDeviceIds.clear();
        for (const LinkProbe &probe : planLinks(typical).probes)
            QCOMPARE(probe.kind, LinkKind::Ping);
        // A die whose SDID the tool cannot address is left out inside its pod, and named.
        project.servers[1].superDeviceIds[5] = u"5"_s;
        const LinkPlan some = planLinks(project);
        QCOMPARE(int(some.probes.size()), 4 * 16 * 3 - 1);
        QVERIFY2(some.note.contains(u"s1 die 5 (super_device_id 5)"_s), qPrintable(some.note));
    }

    void nothingToPingWithoutAnAscendNetwork()
    {
        Project project = ascendProject(Accelerator::Ascend910b, 3, {0});
        project.accelerator = Accelerator::Cpu;
        QVERIFY(planLinks(project).probes.empty());
    }

    void roundsPairEveryServerOnce_data()
    {
        QTest::addColumn<int>("servers");
        for (int servers : {2, 3, 4, 5, 7, 8, 16, 33, 128})
            QTest::addRow("%d", servers) << servers;
    }

    void roundsPairEveryServerOnce()
    {
        QFETCH(int, servers);
        const auto rounds = pairRounds(servers);
        QCOMPARE(int(rounds.size()), servers % 2 ? servers : servers - 1);
        std::set<std::pair<int, int>> pairs;
        for (const auto &round : rounds) {
            std::set<int> busy;
            for (const auto &[a, b] : round) {
                QVERIFY(a < b && a >= 0 && b < servers);
                QVERIFY(busy.insert(a).second && busy.insert(b).second); // disjoint
                QVERIFY(pairs.insert({a, b}).second);                    // once
            }
            QCOMPARE(int(round.size()), servers / 2);
        }
        QCOMPARE(int(pairs.size()), servers * (servers - 1) / 2);
        QVERIFY(pairRounds(1).empty());
    }

    void rendezvousPortIsOneTheJobNeedsOpen()
    {
        Project project = ascendProject(Accelerator::Ascend910b, 2, {0});
        QCOMPARE(rendezvousPort(project), project.launch.hcclPorts.last);
        project.accelerator = Accelerator::Cpu;
        const int port = rendezvousPort(project);
        QVERIFY(port >= 32768 && port <= 60999);
    }

    // The doctor tries exactly the ports the firewall check reads, named alike, for every
    // accelerator and mode, on the master (here the second server) and the others: a port
    // itself, a range by a sample, sshd's port as it listens.
    void portTargetsAreTheRequiredPorts()
    {
        for (const Accelerator accelerator : {Accelerator::Ascend910, Accelerator::Ascend910b,
                                              Accelerator::Nvidia, Accelerator::Cpu}) {
            for (const LaunchMode mode : launchModes()) {
                Project project = ascendProject(accelerator, 3, {0, 1});
                project.launch.mode = mode;
                project.launch.master = u"s1"_s;
                project.servers[2].port = 2222;
                for (int s = 0; s < 3; ++s) {
                    const QString where =
                        u"%1 %2 s%3"_s.arg(acceleratorName(accelerator), launchModeName(mode))
                            .arg(s);
                    const std::vector<RequiredPort> required = requiredPorts(project, s);
                    const std::vector<PortTarget> targets = portTargets(project, s);
                    QVERIFY2(!required.empty(), qPrintable(where));
                    QCOMPARE(targets.size(), required.size());
                    for (size_t i = 0; i < required.size(); ++i) {
                        const RequiredPort &port = required[i];
                        QCOMPARE(targets[i].why, port.why);
                        QCOMPARE(targets[i].listen, port.use != PortUse::Ssh);
                        QCOMPARE(targets[i].port,
                                 port.use == PortUse::Ephemeral ? 0 : port.span.first);
                    }
                }
                QVERIFY(portTargets(project, 3).empty());
            }
        }
    }

    // Where the doctor once differed: mpirun needs no SSH into the master (run.sh's mpirun runs
    // there), and msrun's scheduler port is master_port by its flag's name.
    void portTargetsOfTheMasterInMpirunAndMsrun()
    {
        Project project = ascendProject(Accelerator::Cpu, 2, {0});
        project.launch.mode = LaunchMode::Mpirun;
        const auto whys = [&](int server) {
            QStringList text;
            for (const PortTarget &target : portTargets(project, server))
                text << u"%1 %2"_s.arg(target.port).arg(target.why);
            return text;
        };
        QCOMPARE(whys(0), (QStringList{u"29501 master_port"_s, u"0 ephemeral ports (gloo)"_s}));
        QCOMPARE(whys(1), (QStringList{u"22 SSH (mpirun logs in from the master)"_s,
                                       u"0 ephemeral ports (gloo)"_s}));
        project.launch.mode = LaunchMode::Msrun;
        project.launch.masterPort = 8118;
        QCOMPARE(whys(0), (QStringList{u"8118 master_port"_s, u"0 ephemeral ports (gloo)"_s}));
    }
};

QTEST_GUILESS_MAIN(TestDoctorPlan)
#include "tst_doctorPlan.moc"
