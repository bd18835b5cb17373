// SPDX-License-Identifier: GPL-3.0-or-later
#include "DeviceTestProjects.h"

#include "rules/DeviceRules.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cw::testing;

namespace {

void setIp(Project &project, int server, int position, const QString &ip)
{
    project.servers[static_cast<size_t>(server)].deviceIps[position] = ip;
}

// The seed example without fixed segments: the structural rules (pair, distinct, across) are
// then what places each device.
void freeSegments(Project &project)
{
    project.deviceNetwork.segments.clear();
}

} // namespace

class tst_DeviceNetworkRules : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void seedExampleIsValid()
    {
        const Project project = seedExample();
        const Problems problems = validateDeviceNetwork(project);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
    }

    // Each row breaks one rule (a few rows break two on purpose, to show how they combine) and
    // expects exactly those rule ids at exactly those paths.
    void oneRuleAtATime_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QStringList>("rules");
        QTest::addColumn<QStringList>("paths");
        auto row = [](const char *name, Mutation m, QStringList rules, QStringList paths) {
            QTest::newRow(name) << m << sorted(rules) << sorted(paths);
        };
        row("unchanged", [](Project &) {}, {}, {});
        row("segments not fixed", freeSegments, {}, {});
        row("one server", [](Project &p) { p.servers.pop_back(); }, {}, {});
        row("seed pattern on /23", [](Project &p) { p = seedLikeCluster(3, 23); }, {}, {});
        row("netmask missing", [](Project &p) { p.deviceNetwork.netmask.clear(); }, {u"netmask"_s},
            {u"device_network.netmask"_s});
        row("netmask not an address",
            [](Project &p) { p.deviceNetwork.netmask = u"255.255.255.O"_s; }, {u"netmask"_s},
            {u"device_network.netmask"_s});
        row("netmask not contiguous",
            [](Project &p) { p.deviceNetwork.netmask = u"255.0.255.0"_s; }, {u"netmask"_s},
            {u"device_network.netmask"_s});
        row("netmask /31", [](Project &p) { p.deviceNetwork.netmask = u"255.255.255.254"_s; },
            {u"netmask"_s}, {u"device_network.netmask"_s});
        row("three segments", [](Project &p) { p.deviceNetwork.segments.removeLast(); },
            {u"segment"_s}, {u"device_network.segments"_s});
        row("segment not a network address",
            [](Project &p) { p.deviceNetwork.segments[2] = u"192.168.102.5"_s; }, {u"segment"_s},
            {u"device_network.segments[2]"_s});
        row("segment not an address", [](Project &p) { p.deviceNetwork.segments[3] = u"x"_s; },
            {u"segment"_s}, {u"device_network.segments[3]"_s});
        row("segment repeated",
            [](Project &p) { p.deviceNetwork.segments[1] = u"192.168.100.0"_s; }, {u"segment"_s},
            {u"device_network.segments[1]"_s});
        row("ip outside its fixed segment",
            [](Project &p) { setIp(p, 1, 4, u"192.168.104.110"_s); }, {u"segment"_s},
            {u"servers[1].device_ips[4]"_s});
        row("one ip short", [](Project &p) { p.servers[1].deviceIps.removeLast(); },
            {u"device-ip-count"_s}, {u"servers[1].device_ips"_s});
        row("no ips on a server", [](Project &p) { p.servers[1].deviceIps.clear(); },
            {u"device-ip-count"_s}, {u"servers[1].device_ips"_s});
        row("no ips and no netmask anywhere",
            [](Project &p) {
                p.deviceNetwork = {};
                for (Server &s : p.servers)
                    s.deviceIps.clear();
            },
            {u"device-ip-count"_s}, {u"servers[0].device_ips"_s, u"servers[1].device_ips"_s});
        row("ip with a leading zero", [](Project &p) { setIp(p, 0, 3, u"192.168.103.0101"_s); },
            {u"device-ip-format"_s}, {u"servers[0].device_ips[3]"_s});
        row("ip with a space", [](Project &p) { setIp(p, 0, 3, u"192.168.103.101 "_s); },
            {u"device-ip-format"_s}, {u"servers[0].device_ips[3]"_s});
        row("ip hostile", [](Project &p) { setIp(p, 0, 3, u"$(touch x)\n"_s); },
            {u"device-ip-format"_s}, {u"servers[0].device_ips[3]"_s});
        row("segment-pair",
            [](Project &p) {
                freeSegments(p);
                p.servers.pop_back();
                setIp(p, 0, 4, u"192.168.104.100"_s);
            },
            {u"segment-pair"_s}, {u"servers[0].device_ips[4]"_s});
        row("pair and across together",
            [](Project &p) {
                freeSegments(p);
                setIp(p, 1, 4, u"192.168.104.110"_s);
            },
            {u"segment-pair"_s, u"segment-across"_s}, {u"servers[1].device_ips[4]"_s});
        row("segment-distinct",
            [](Project &p) {
                freeSegments(p);
                setIp(p, 0, 1, u"192.168.100.102"_s);
                setIp(p, 0, 5, u"192.168.100.103"_s);
                setIp(p, 1, 1, u"192.168.100.112"_s);
                setIp(p, 1, 5, u"192.168.100.113"_s);
            },
            {u"segment-distinct"_s},
            {u"servers[0].device_ips[1]"_s, u"servers[0].device_ips[5]"_s,
             u"servers[1].device_ips[1]"_s, u"servers[1].device_ips[5]"_s});
        row("segment-across",
            [](Project &p) {
                freeSegments(p);
                setIp(p, 1, 0, u"192.168.104.111"_s);
                setIp(p, 1, 4, u"192.168.104.110"_s);
            },
            {u"segment-across"_s}, {u"servers[1].device_ips[0]"_s, u"servers[1].device_ips[4]"_s});
        row("ip-unique", [](Project &p) { setIp(p, 1, 0, u"192.168.100.101"_s); }, {u"ip-unique"_s},
            {u"servers[1].device_ips[0]"_s});
        row("last-octet-unique on /23",
            [](Project &p) {
                p = seedLikeCluster(2, 23);
                setIp(p, 1, 4, u"192.168.101.100"_s); // server0 device 4 has 192.168.100.100
            },
            {u"last-octet-unique"_s}, {u"servers[1].device_ips[4]"_s});
        row("network address", [](Project &p) { setIp(p, 0, 0, u"192.168.100.0"_s); },
            {u"network-broadcast"_s}, {u"servers[0].device_ips[0]"_s});
        row("broadcast address", [](Project &p) { setIp(p, 1, 7, u"192.168.103.255"_s); },
            {u"network-broadcast"_s}, {u"servers[1].device_ips[7]"_s});
        row("host-ip-collision", [](Project &p) { p.servers[1].hostIp = u"192.168.100.101"_s; },
            {u"host-ip-collision"_s}, {u"servers[0].device_ips[0]"_s});
        row("host-ip-collision through host",
            [](Project &p) {
                p.servers[1].hostIp.clear();
                p.servers[1].host = u"192.168.102.111"_s;
            },
            {u"host-ip-collision"_s}, {u"servers[1].device_ips[2]"_s});
        // Bad device ids are the subset rules' business; the network rules skip those devices.
        row("device id out of range", [](Project &p) { p.servers[0].devices[7] = 9; }, {}, {});
        row("nvidia is not checked",
            [](Project &p) {
                p.accelerator = Accelerator::Nvidia;
                setIp(p, 0, 0, u"garbage"_s);
            },
            {}, {});
    }

    void oneRuleAtATime()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QStringList, rules);
        QFETCH(QStringList, paths);
        Project project = seedExample();
        mutate(project);
        const Problems problems = validateDeviceNetwork(project);
        QVERIFY2(ruleIds(problems) == rules, qPrintable(describe(problems)));
        QVERIFY2(testing::paths(problems) == paths, qPrintable(describe(problems)));
        QVERIFY2(locationMismatches(problems).isEmpty(), qPrintable(locationMismatches(problems)));
        QSet<QString> seen;
        for (const Problem &problem : problems) {
            QVERIFY2(!seen.contains(problem.rule + problem.path), qPrintable(describe(problems)));
            seen.insert(problem.rule + problem.path);
            QVERIFY(!problem.message.contains(u'\n'));
        }
    }

    void messagesNameServerDeviceAndRule_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("message");
        QTest::newRow("segment-pair")
            << Mutation([](Project &p) {
                   freeSegments(p);
                   setIp(p, 1, 4, u"192.168.104.110"_s);
               })
            << u"segment-pair"_s
            << u"server1 device 4: 192.168.104.110 is in segment 192.168.104.0/24 but device 0 of "
               "server1 is in 192.168.100.0/24; devices 0 and 4 must share a segment"_s;
        QTest::newRow("segment-across")
            << Mutation([](Project &p) {
                   freeSegments(p);
                   setIp(p, 1, 4, u"192.168.104.110"_s);
               })
            << u"segment-across"_s
            << u"server1 device 4: 192.168.104.110 is in segment 192.168.104.0/24 but device 4 of "
               "server0 is in 192.168.100.0/24; device 4 must be in the same segment on every server"_s;
        QTest::newRow("segment")
            << Mutation([](Project &p) { setIp(p, 1, 4, u"192.168.104.110"_s); }) << u"segment"_s
            << u"server1 device 4: 192.168.104.110 is not in segment 192.168.100.0/24, which "
               "device_network.segments[0] sets for devices 0 and 4"_s;
        QTest::newRow("ip-unique")
            << Mutation([](Project &p) { setIp(p, 1, 0, u"192.168.100.101"_s); }) << u"ip-unique"_s
            << u"server1 device 0: 192.168.100.101 is already used by server0 device 0; every "
               "device IP must be unique"_s;
        QTest::newRow("network-broadcast")
            << Mutation([](Project &p) { setIp(p, 0, 0, u"192.168.100.0"_s); })
            << u"network-broadcast"_s
            << u"server0 device 0: 192.168.100.0 is the network address of segment "
               "192.168.100.0/24; a device needs a host address"_s;
        QTest::newRow("host-ip-collision")
            << Mutation([](Project &p) { p.servers[1].hostIp = u"192.168.100.101"_s; })
            << u"host-ip-collision"_s
            << u"server0 device 0: 192.168.100.101 is the host IP of server1; device IPs must "
               "differ from every host IP"_s;
        QTest::newRow("last-octet-unique")
            << Mutation([](Project &p) {
                   p = seedLikeCluster(2, 23);
                   setIp(p, 1, 4, u"192.168.101.100"_s);
               })
            << u"last-octet-unique"_s
            << u"server1 device 4: 192.168.101.100 has the same last octet (100) as "
               u"192.168.100.100 "
               "of server0 device 4 in segment 192.168.100.0/23; inside one segment the last 8 "
               "bits must be unique"_s;
        QTest::newRow("device-ip-count")
            << Mutation([](Project &p) { p.servers[0].deviceIps.clear(); }) << u"device-ip-count"_s
            << u"server0: no device IPs for its 8 devices; run `clusterwiz-cli plan` to assign them"_s;
        QTest::newRow("device-ip-format")
            << Mutation([](Project &p) { setIp(p, 0, 2, u"a\nb"_s); }) << u"device-ip-format"_s
            << u"server0 device 2: \"a\\nb\" is not an IPv4 address (a.b.c.d)"_s;
    }

    void messagesNameServerDeviceAndRule()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QString, rule);
        QFETCH(QString, message);
        Project project = seedExample();
        mutate(project);
        const Problems problems = validateDeviceNetwork(project);
        QStringList found;
        for (const Problem &problem : problems) {
            if (problem.rule == rule)
                found << problem.message;
        }
        QCOMPARE(found, QStringList{message});
    }

    // 128 servers x 8 devices all valid on a /23: the checks are hash lookups, so this is quick,
    // and a fully populated cluster gives no false positive.
    void fullClusterOnSlash23()
    {
        Project project = ascendCluster(128);
        project.deviceNetwork.netmask = u"255.255.254.0"_s;
        for (int s = 0; s < 128; ++s) {
            for (int id = 0; id < 8; ++id) {
                const int offset = 1 + 2 * s + id / 4; // 1 .. 256: distinct last octets
                project.servers[static_cast<size_t>(s)].deviceIps
                    << u"192.168.%1.%2"_s.arg(100 + 2 * (id % 4) + offset / 256).arg(offset % 256);
            }
        }
        const Problems problems = validateDeviceNetwork(project);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        // One more server's worth in the same segments cannot get distinct last octets.
        project.servers[127].deviceIps[0] = u"192.168.101.1"_s; // last octet of server0 device 0
        QCOMPARE(ruleIds(validateDeviceNetwork(project)), QStringList{u"last-octet-unique"_s});
    }
};

QTEST_GUILESS_MAIN(tst_DeviceNetworkRules)
#include "tst_deviceNetworkRules.moc"
