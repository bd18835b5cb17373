// SPDX-License-Identifier: GPL-3.0-or-later
#include "DeviceTestProjects.h"

#include "rules/DeviceRoutes.h"
#include "rules/DeviceRules.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cw::testing;

namespace {

// The seed's 2x8 plan with a gateway in each of its four segments (192.168.10x.0/24).
Project routedSeed()
{
    Project project = seedExample();
    project.deviceNetwork.gateways = {u"192.168.100.1"_s, u"192.168.101.1"_s, u"192.168.102.1"_s,
                                      u"192.168.103.1"_s};
    return project;
}

// An Atlas A2 2x8 plan: server s in 192.168.(10 + s).0/24, devices .10-.17, gateway .254 each.
Project routedA2()
{
    Project project = ascendCluster(2);
    project.accelerator = Accelerator::Ascend910b;
    project.deviceNetwork.netmask = u"255.255.255.0"_s;
    for (int s = 0; s < 2; ++s) {
        for (int id = 0; id < 8; ++id)
            project.servers[size_t(s)].deviceIps << u"192.168.%1.%2"_s.arg(10 + s).arg(10 + id);
        project.deviceNetwork.gateways << u"192.168.%1.254"_s.arg(10 + s);
    }
    return project;
}

void setGateway(Project &p, int i, const QString &ip)
{
    p.deviceNetwork.gateways[i] = ip;
}

} // namespace

class tst_RoutedNetworkRules : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void routedPlansAreValid()
    {
        for (const Project &project : {routedSeed(), routedA2()}) {
            const Problems problems = validateDeviceNetwork(project);
            QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        }
    }

    // Each row breaks one routed rule and expects exactly that rule id at exactly that path.
    void oneRuleAtATime_data()
    {
        QTest::addColumn<bool>("a2");
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QStringList>("rules");
        QTest::addColumn<QStringList>("paths");
        QTest::addColumn<QString>("words");
        auto row = [](const char *name, bool a2, Mutation m, QStringList rules, QStringList paths,
                      const QString &words) {
            QTest::newRow(name) << a2 << m << sorted(rules) << sorted(paths) << words;
        };
        row(
            "gateway not an address", false,
            [](Project &p) { setGateway(p, 2, u"192.168.102.x"_s); },
            {u"gateway"_s, u"gateway-missing"_s},
            {u"device_network.gateways[2]"_s, u"servers[0].device_ips[2]"_s}, u"not an IPv4"_s);
        row(
            "gateway outside every segment", false,
            [](Project &p) { setGateway(p, 3, u"10.20.0.1"_s); },
            {u"gateway"_s, u"gateway-missing"_s},
            {u"device_network.gateways[3]"_s, u"servers[0].device_ips[3]"_s}, u"no device IP is"_s);
        row(
            "gateway is the network address", false,
            [](Project &p) { setGateway(p, 0, u"192.168.100.0"_s); },
            {u"gateway"_s, u"gateway-missing"_s},
            {u"device_network.gateways[0]"_s, u"servers[0].device_ips[0]"_s}, u"network address"_s);
        row(
            "gateway is the broadcast address", true,
            [](Project &p) { setGateway(p, 1, u"192.168.11.255"_s); },
            {u"gateway"_s, u"gateway-missing"_s},
            {u"device_network.gateways[1]"_s, u"servers[1].device_ips[0]"_s},
            u"broadcast address"_s);
        row(
            "gateway equals a device IP", true,
            [](Project &p) { setGateway(p, 1, u"192.168.11.13"_s); },
            {u"gateway"_s, u"gateway-missing"_s},
            {u"device_network.gateways[1]"_s, u"servers[1].device_ips[0]"_s},
            u"device IP of server1 device 3"_s);
        row(
            "two gateways in one segment", true,
            [](Project &p) { p.deviceNetwork.gateways << u"192.168.10.253"_s; }, {u"gateway"_s},
            {u"device_network.gateways[2]"_s}, u"second gateway"_s);
        row(
            "a segment without gateway", false,
            [](Project &p) { p.deviceNetwork.gateways.removeLast(); }, {u"gateway-missing"_s},
            {u"servers[0].device_ips[3]"_s}, u"server0 device 3: segment 192.168.103.0/24"_s);
        row(
            "no netmask", true, [](Project &p) { p.deviceNetwork.netmask.clear(); },
            {u"netmask"_s, u"gateway"_s}, {u"device_network.netmask"_s}, u"netmask"_s);
        row(
            "detect IP count differs", false,
            [](Project &p) { p.deviceNetwork.detectIps = {u"10.30.0.1"_s}; }, {u"detect-ip"_s},
            {u"device_network.detect_ips"_s}, u"1 detect IPs for 4 gateways"_s);
        row(
            "detect IP equals a device IP", true,
            [](Project &p) {
                p.deviceNetwork.detectIps = {u"10.30.0.1"_s, u"192.168.10.15"_s};
            },
            {u"detect-ip"_s}, {u"device_network.detect_ips[1]"_s},
            u"device IP of server0 device 5"_s);
        row(
            "detect IP not an address", true,
            [](Project &p) {
                p.deviceNetwork.detectIps = {u"10.30.0.1"_s, u"gw"_s};
            },
            {u"detect-ip"_s}, {u"device_network.detect_ips[1]"_s}, u"not an IPv4"_s);
        row(
            "detect IP unreachable without gateway", true,
            [](Project &p) {
                p.deviceNetwork.gateways.clear();
                p.deviceNetwork.detectIps = {u"192.168.10.1"_s, u"10.30.0.1"_s};
            },
            // Two servers in two segments without gateways: each segment needs one too.
            {u"detect-ip"_s, u"gateway-missing"_s},
            {u"device_network.detect_ips[1]"_s, u"servers[0].device_ips[0]"_s,
             u"servers[1].device_ips[0]"_s},
            u"no gateway routes"_s);
        row(
            "two detect IPs in one segment", true,
            [](Project &p) {
                p.deviceNetwork.gateways.clear();
                p.deviceNetwork.detectIps = {u"192.168.10.1"_s, u"192.168.10.2"_s};
            },
            {u"detect-ip"_s, u"gateway-missing"_s},
            {u"device_network.detect_ips[1]"_s, u"servers[0].device_ips[0]"_s,
             u"servers[1].device_ips[0]"_s},
            u"second detect IP"_s);
    }
    void oneRuleAtATime()
    {
        QFETCH(bool, a2);
        QFETCH(Mutation, mutate);
        QFETCH(QStringList, rules);
        QFETCH(QStringList, paths);
        QFETCH(QString, words);
        Project project = a2 ? routedA2() : routedSeed();
        mutate(project);
        const Problems problems = validateDeviceNetwork(project);
        QCOMPARE(ruleIds(problems), rules);
        QCOMPARE(testing::paths(problems), paths);
        QVERIFY2(describe(problems).contains(words), qPrintable(describe(problems)));
        QVERIFY2(locationMismatches(problems).isEmpty(), qPrintable(locationMismatches(problems)));
    }

    // Reachable detect IPs: off-segment ones behind a gateway, in-segment ones without one.
    void reachableDetectIpsAreValid_data()
    {
        QTest::addColumn<QStringList>("gateways");
        QTest::addColumn<QStringList>("detectIps");
        QTest::newRow("behind gateways, anywhere")
            << QStringList{u"192.168.10.254"_s, u"192.168.11.254"_s}
            << QStringList{u"10.30.0.1"_s, u"10.30.0.2"_s};
        QTest::newRow("no gateway, inside each segment")
            << QStringList{} << QStringList{u"192.168.10.1"_s, u"192.168.11.1"_s};
    }
    void reachableDetectIpsAreValid()
    {
        QFETCH(QStringList, gateways);
        QFETCH(QStringList, detectIps);
        Project project = routedA2();
        project.deviceNetwork.gateways = gateways;
        project.deviceNetwork.detectIps = detectIps;
        // Without gateways the two servers' segments still need theirs (gateway-missing); the
        // detect IPs themselves are fine.
        const Problems problems = validateDeviceNetwork(project);
        for (const Problem &problem : problems)
            QVERIFY2(problem.rule == u"gateway-missing"_s && gateways.isEmpty(),
                     qPrintable(describe(problems)));
    }

    void eachDeviceGetsTheRouteOfItsSegment()
    {
        Project project = routedSeed();
        DeviceRoute route = deviceRoute(project.deviceNetwork, u"192.168.102.111"_s);
        QCOMPARE(route.gateway, u"192.168.102.1"_s);
        QCOMPARE(route.detectIp, u"192.168.102.1"_s); // Huawei: detect the gateway
        project.deviceNetwork.detectIps = {u"10.0.9.1"_s, u"10.0.9.2"_s, u"10.0.9.3"_s,
                                           u"10.0.9.4"_s};
        route = deviceRoute(project.deviceNetwork, u"192.168.103.100"_s);
        QCOMPARE(route.gateway, u"192.168.103.1"_s);
        QCOMPARE(route.detectIp, u"10.0.9.4"_s);
        project.deviceNetwork.gateways.clear();
        project.deviceNetwork.detectIps = {u"192.168.101.9"_s};
        route = deviceRoute(project.deviceNetwork, u"192.168.101.111"_s);
        QCOMPARE(route.gateway, QString());
        QCOMPARE(route.detectIp, u"192.168.101.9"_s);
        route = deviceRoute(project.deviceNetwork, u"192.168.100.111"_s);
        QCOMPARE(route.detectIp, QString());
        QCOMPARE(deviceRoute(seedExample().deviceNetwork, u"192.168.100.111"_s).gateway, QString());
    }
};

QTEST_APPLESS_MAIN(tst_RoutedNetworkRules)
#include "tst_routedNetworkRules.moc"
