// SPDX-License-Identifier: GPL-3.0-or-later
// applyDiscovery(): which empty project fields discovery fills, from which facts, and that a
// field the user set, a failed server or a partial device list never changes the project.
#include "ProbeTestData.h"

#include "discover/Discovery.h"
#include "discover/ProbeParsers.h"

#include <QTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

namespace {

// The captured probe output of an 8-NPU server: host IPs 10.0.0.22 (enp189s0f0) and others,
// device IPs for every device but 5.
ServerFacts ascendFacts()
{
    return parseProbeOutput(probeBytes(u"full/ascend-server.txt"_s));
}

ServerFacts nvidiaFacts()
{
    ServerFacts facts;
    facts.hostIps = parseHostIps(u"10.1.0.7 fd00::7 "_s);
    facts.nics = parseIpAddr(u"2: ens3    inet 10.1.0.7/24 brd 10.1.0.255 scope global ens3\\"_s);
    facts.gpus = parseNvidiaSmiList(probeText(u"nvidia-smi/h100-8.txt"_s));
    return facts;
}

ServerDiscovery found(int index, ServerFacts facts)
{
    ServerDiscovery result;
    result.connection.serverIndex = index;
    result.facts = std::move(facts);
    return result;
}

Project projectWith(Accelerator accelerator, const Server &server)
{
    Project project;
    project.accelerator = accelerator;
    project.servers = {server};
    return project;
}

Server serverAt(const QString &host)
{
    Server server;
    server.name = u"node0"_s;
    server.host = host;
    server.user = u"root"_s;
    return server;
}

QString devicesText(const std::vector<int> &devices)
{
    QStringList parts;
    for (const int device : devices)
        parts << QString::number(device);
    return parts.join(u',');
}

const QStringList kAllEight = {u"192.168.100.101"_s, u"192.168.101.101"_s, u"192.168.102.101"_s,
                               u"192.168.103.101"_s, u"192.168.100.100"_s, u"192.168.101.105"_s,
                               u"192.168.102.100"_s, u"192.168.103.100"_s};

} // namespace

Q_DECLARE_METATYPE(cw::Server)
Q_DECLARE_METATYPE(cw::ServerFacts)
Q_DECLARE_METATYPE(cw::Accelerator)

class TestDiscoveryApply : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fills_data()
    {
        QTest::addColumn<Accelerator>("accelerator");
        QTest::addColumn<Server>("server");
        QTest::addColumn<ServerFacts>("facts");
        QTest::addColumn<QString>("hostIp");
        QTest::addColumn<QString>("nic");
        QTest::addColumn<QString>("devices");
        QTest::addColumn<QStringList>("deviceIps");

        const ServerFacts ascend = ascendFacts();
        ServerFacts complete = ascend;
        for (AscendDeviceFacts &device : complete.ascendDevices) {
            if (device.device == 5)
                device.address = u"192.168.101.105"_s;
        }

        QTest::newRow("host is the second address")
            << Accelerator::Ascend910 << serverAt(u"10.0.0.122"_s) << ascend << u"10.0.0.122"_s
            << u"enp189s0f0"_s << u"0,1,2,3,4,5,6,7"_s << QStringList();
        QTest::newRow("alias: first address")
            << Accelerator::Ascend910 << serverAt(u"node-a"_s) << ascend << u"10.0.0.22"_s
            << u"enp189s0f0"_s << u"0,1,2,3,4,5,6,7"_s << QStringList();
        QTest::newRow("every device has an ip")
            << Accelerator::Ascend910 << serverAt(u"10.0.0.22"_s) << complete << u"10.0.0.22"_s
            << u"enp189s0f0"_s << u"0,1,2,3,4,5,6,7"_s << kAllEight;

        Server userHostIp = serverAt(u"10.0.0.22"_s);
        userHostIp.hostIp = u"10.10.0.5"_s;
        QTest::newRow("host_ip set: kept, its nic")
            << Accelerator::Ascend910 << userHostIp << complete << u"10.10.0.5"_s << u"bond0.100"_s
            << u"0,1,2,3,4,5,6,7"_s << kAllEight;

        Server userDevices = serverAt(u"10.0.0.22"_s);
        userDevices.devices = {4, 5, 6, 7};
        QTest::newRow("devices set: ips of those only")
            << Accelerator::Ascend910 << userDevices << complete << u"10.0.0.22"_s
            << u"enp189s0f0"_s << u"4,5,6,7"_s << kAllEight.mid(4);
        Server userLow = serverAt(u"10.0.0.22"_s);
        userLow.devices = {0, 1, 2, 3};
        QTest::newRow("devices without the missing ip")
            << Accelerator::Ascend910 << userLow << ascend << u"10.0.0.22"_s << u"enp189s0f0"_s
            << u"0,1,2,3"_s << kAllEight.mid(0, 4);

        Server userIps = serverAt(u"10.0.0.22"_s);
        userIps.devices = {0, 1};
        userIps.deviceIps = {u"192.168.100.9"_s, u"192.168.101.9"_s};
        QTest::newRow("device_ips set: kept")
            << Accelerator::Ascend910 << userIps << complete << u"10.0.0.22"_s << u"enp189s0f0"_s
            << u"0,1"_s << userIps.deviceIps;

        Server userNic = serverAt(u"10.0.0.22"_s);
        userNic.nic = u"eth9"_s;
        QTest::newRow("nic set: kept")
            << Accelerator::Ascend910 << userNic << ascend << u"10.0.0.22"_s << u"eth9"_s
            << u"0,1,2,3,4,5,6,7"_s << QStringList();

        Server elsewhere = serverAt(u"10.0.0.22"_s);
        elsewhere.hostIp = u"10.99.0.1"_s;
        QTest::newRow("host_ip on no nic")
            << Accelerator::Ascend910 << elsewhere << ascend << u"10.99.0.1"_s << QString()
            << u"0,1,2,3,4,5,6,7"_s << QStringList();

        QTest::newRow("nvidia: gpu indices, no device ips")
            << Accelerator::Nvidia << serverAt(u"gpu1"_s) << nvidiaFacts() << u"10.1.0.7"_s
            << u"ens3"_s << u"0,1,2,3,4,5,6,7"_s << QStringList();
        QTest::newRow("cpu: no devices")
            << Accelerator::Cpu << serverAt(u"10.1.0.7"_s) << nvidiaFacts() << u"10.1.0.7"_s
            << u"ens3"_s << QString() << QStringList();
        QTest::newRow("ascend project, gpu server: nothing")
            << Accelerator::Ascend910 << serverAt(u"10.1.0.7"_s) << nvidiaFacts() << u"10.1.0.7"_s
            << u"ens3"_s << QString() << QStringList();

        ServerFacts ipv6Only;
        ipv6Only.hostIps = parseHostIps(u"fd00::7 fe80::1"_s);
        QTest::newRow("only ipv6 addresses")
            << Accelerator::Cpu << serverAt(u"fd00::7"_s) << ipv6Only << QString() << QString()
            << QString() << QStringList();
        ServerFacts hostile;
        hostile.hostIps = {u"$(reboot)"_s, u"10.0.0.1; rm -rf /"_s, u"10.2.0.9"_s};
        QTest::newRow("hostile addresses skipped")
            << Accelerator::Cpu << serverAt(u"x"_s) << hostile << u"10.2.0.9"_s << QString()
            << QString() << QStringList();
    }
    void fills()
    {
        QFETCH(Accelerator, accelerator);
        QFETCH(Server, server);
        QFETCH(ServerFacts, facts);
        QFETCH(QString, hostIp);
        QFETCH(QString, nic);
        QFETCH(QString, devices);
        QFETCH(QStringList, deviceIps);

        const Project project = projectWith(accelerator, server);
        const Project filled = applyDiscovery(project, {found(0, facts)});
        const Server &result = filled.servers.at(0);
        QCOMPARE(result.hostIp, hostIp);
        QCOMPARE(result.nic, nic);
        QCOMPARE(devicesText(result.devices), devices);
        QCOMPARE(result.deviceIps, deviceIps);
        // Fields discovery never touches.
        QCOMPARE(result.host, server.host);
        QCOMPARE(result.name, server.name);
        QCOMPARE(result.user, server.user);
    }

    void failedServersAreUntouched()
    {
        Project project = projectWith(Accelerator::Ascend910, serverAt(u"10.0.0.22"_s));
        project.servers.push_back(serverAt(u"10.0.0.23"_s));
        ServerDiscovery failed;
        failed.connection.serverIndex = 1;
        failed.connection.error = SshError::make(SshError::Kind::Unreachable, u"10.0.0.23:22"_s);
        failed.facts = ascendFacts(); // facts of a failed connection must not be used either
        QStringList changes;
        const Project filled = applyDiscovery(project, {found(0, ascendFacts()), failed}, &changes);
        QCOMPARE(filled.servers.at(0).hostIp, u"10.0.0.22"_s);
        QVERIFY(filled.servers.at(1).hostIp.isEmpty());
        QVERIFY(filled.servers.at(1).devices.empty());
        QVERIFY(filled.servers.at(1).nic.isEmpty());
        QCOMPARE(
            changes,
            QStringList(
                {u"servers[0].host_ip: 10.0.0.22"_s,
                 u"servers[0].devices: [0, 1, 2, 3, 4, 5, 6, 7]"_s, u"servers[0].nic: enp189s0f0"_s,
                 u"launch.env_setup: source /usr/local/Ascend/ascend-toolkit/set_env.sh"_s}));
    }

    void resultsOutOfRangeAreIgnored()
    {
        const Project project = projectWith(Accelerator::Cpu, serverAt(u"10.0.0.22"_s));
        QStringList changes;
        const Project filled = applyDiscovery(
            project, {found(-1, ascendFacts()), found(1, ascendFacts()), found(7, ascendFacts())},
            &changes);
        QVERIFY(filled.servers.at(0).hostIp.isEmpty());
        QVERIFY(changes.isEmpty());
    }

    // An Ascend project that sources no CANN gets the set_env.sh a server has; one that sources
    // any (or a cpu project) keeps its lines.
    void fillsCannSetEnv_data()
    {
        QTest::addColumn<Accelerator>("accelerator");
        QTest::addColumn<QStringList>("envSetup");
        QTest::addColumn<QStringList>("present");
        QTest::addColumn<QStringList>("expected");
        const QString toolkit = u"/usr/local/Ascend/ascend-toolkit/set_env.sh"_s;
        const QString cann = u"/usr/local/Ascend/cann/set_env.sh"_s;
        QTest::newRow("toolkit found")
            << Accelerator::Ascend910b << QStringList() << QStringList{toolkit}
            << QStringList{u"source "_s + toolkit};
        QTest::newRow("newer layout found")
            << Accelerator::Ascend910 << QStringList{u"export A=1"_s} << QStringList{cann}
            << QStringList{u"export A=1"_s, u"source "_s + cann};
        QTest::newRow("both: the first place wins")
            << Accelerator::Ascend910b << QStringList() << QStringList{cann, toolkit}
            << QStringList{u"source "_s + toolkit};
        QTest::newRow("none found")
            << Accelerator::Ascend910 << QStringList() << QStringList() << QStringList();
        QTest::newRow("already sourced")
            << Accelerator::Ascend910 << QStringList{u". ~/env_npu.sh"_s} << QStringList{toolkit}
            << QStringList{u". ~/env_npu.sh"_s};
        QTest::newRow("cpu") << Accelerator::Cpu << QStringList() << QStringList{toolkit}
                             << QStringList();
    }

    void fillsCannSetEnv()
    {
        QFETCH(Accelerator, accelerator);
        QFETCH(QStringList, envSetup);
        QFETCH(QStringList, present);
        QFETCH(QStringList, expected);
        Project project = projectWith(accelerator, serverAt(u"10.0.0.22"_s));
        project.launch.envSetup = envSetup;
        ServerFacts facts;
        for (const QString &path : {u"/usr/local/Ascend/ascend-toolkit/set_env.sh"_s,
                                    u"/usr/local/Ascend/cann/set_env.sh"_s})
            facts.paths.setEnv.push_back({path, present.contains(path)});
        const Project filled = applyDiscovery(project, {found(0, facts)});
        QCOMPARE(filled.launch.envSetup, expected);
    }

    void secondRunChangesNothing()
    {
        ServerFacts facts = ascendFacts();
        for (AscendDeviceFacts &device : facts.ascendDevices) {
            if (device.device == 5)
                device.address = u"192.168.101.105"_s;
        }
        const Project project = projectWith(Accelerator::Ascend910, serverAt(u"10.0.0.22"_s));
        QStringList first;
        const Project once = applyDiscovery(project, {found(0, facts)}, &first);
        QCOMPARE(first.size(), 5);
        QVERIFY(first.contains(u"servers[0].device_ips: "_s + kAllEight.join(u", "_s)));
        QStringList second;
        const Project twice = applyDiscovery(once, {found(0, facts)}, &second);
        QVERIFY(second.isEmpty());
        QCOMPARE(twice.servers.at(0).deviceIps, once.servers.at(0).deviceIps);
    }
};

QTEST_GUILESS_MAIN(TestDiscoveryApply)
#include "tst_discoveryApply.moc"
