// SPDX-License-Identifier: GPL-3.0-or-later
// check.sh's Ascend checks, run for real with the simulated npu-smi and hccn_tool
// (CheckScriptFixture.h): the NPUs, device IPs (and, routed, gateways and detect IPs), links and
// net health, the --net peer test, and what is said when the tools are missing.
#include "CheckScriptFixture.h"

using namespace checkscripttest;

class tst_CheckScriptAscend : public QObject, public CheckScriptFixture {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setUpFolder(); }
    void init() { resetState(); }

    void ascendAllGood()
    {
        const int port = freePort();
        const Run result = run(project(Accelerator::Ascend910, port), {});
        verifyAllGood(result);
        for (const QString &line :
             {u"[ OK ] host-ip: 127.0.0.1 on lo"_s,
              u"[ OK ] python-torch: /usr/bin/python3: Python 3."_s, u", torch 1."_s,
              u"[ OK ] accelerator: 8 NPU, 8 OK"_s,
              u"[ OK ] device-ips: 8 devices match the plan\n"_s,
              u"[ OK ] device-links: 8 links UP"_s,
              u"[ OK ] device-tls: TLS off on all 8 devices, as on the other servers"_s,
              u"[ OK ] cann-env: "_s + m_dir.filePath(u"set_env.sh"_s) + u" present"_s,
              u"[ OK ] paths: "_s + m_workdir + u" and "_s + m_workdir + u"/main.py exist"_s,
              u"[ OK ] master-port-free: port %1 is free"_s.arg(port),
              u"[ OK ] hccl-ports-free: 60000-60031 free"_s,
              u"[WARN] device-net-health: device 0: Detect ip set; device 1: Detect ip set;"_s,
              u"device 2: Detect ip set and 5 more (net_health needs a netdetect address)"_s,
              u"[SKIP] ssh: no other server in the plan"_s}) {
            QVERIFY2(result.out.contains(line), qPrintable(line + u"\n"_s + result.out));
        }
        // One line a check, as clusterwiz-cli check says it (tst_checkDifferential).
        QCOMPARE(result.out.count(u"] device-ips: "_s), 1);
        QCOMPARE(result.out.count(u"] device-links: "_s), 1);
        QCOMPARE(result.out.count(u"] device-net-health: "_s), 1);
        QVERIFY(!result.out.contains(u" to server"_s));
    }

    void ascendFailures_data()
    {
        QTest::addColumn<QByteArray>("conf");
        QTest::addColumn<QString>("line");
        QStringList wrong = kServer0Ips;
        wrong[3] = u"192.168.103.99"_s;
        QTest::newRow("wrong device ip")
            << hccnConf(wrong)
            << u"[FAIL] device-ips: device 3 has 192.168.103.99/255.255.255.0, plan 192.168.103.101/255.255.255.0\n"_s;
        QByteArray noAddress = hccnConf(kServer0Ips);
        noAddress.replace("address_6=192.168.102.100\n", "");
        QTest::newRow("no device ip")
            << noAddress
            << u"[FAIL] device-ips: device 6 has none (Get ip address failed: device 6 has no ip address.), plan 192.168.102.100/255.255.255.0"_s;
        QTest::newRow("link down")
            << hccnConf(kServer0Ips, "link_5=DOWN\n")
            << u"[FAIL] device-links: device 5 link DOWN (check the cable and the switch port)"_s;
        QTest::newRow("unhealthy npu")
            << hccnConf(kServer0Ips, "health_2=Critical\n")
            << u"[FAIL] accelerator: NPU 2 health Critical (project uses 0,1,2,3,4,5,6,7)"_s;
        QTest::newRow("atlas a2 chip in an ascend910 project")
            << hccnConf(kServer0Ips, "npu_name=910B3\n")
            << u"[FAIL] accelerator: server server0: NPU chip 910B3 is ascend910b hardware, the project's accelerator is ascend910"_s;
        QTest::newRow("fewer npus")
            << hccnConf(kServer0Ips).replace("npu_count=8", "npu_count=6")
            << u"[FAIL] accelerator: NPU 6 missing; NPU 7 missing (project uses 0,1,2,3,4,5,6,7)"_s;
    }

    void ascendFailures()
    {
        QFETCH(QByteArray, conf);
        QFETCH(QString, line);
        QVERIFY(writeFile(m_conf, conf));
        const Run result = run(project(Accelerator::Ascend910, freePort()), {});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.out.contains(line), qPrintable(result.out));
        // The first failure is that one.
        QVERIFY2(result.failures().first().startsWith(line.section(u": "_s, 0, 0)),
                 qPrintable(result.out));
    }

    // A routed device network: device-ips also compares each device's gateway and detect IP
    // (gateway_N, netdetect_N of hccn.conf) with the plan.
    void ascendRoutedDeviceIps_data()
    {
        QTest::addColumn<QByteArray>("routes");
        QTest::addColumn<bool>("confReadable");
        QTest::addColumn<QString>("line");
        QByteArray planned;
        for (int device = 0; device < 8; ++device)
            planned += u"gateway_%1=192.168.%2.254\nnetdetect_%1=192.168.%2.254\n"_s.arg(device)
                           .arg(100 + device % 4)
                           .toUtf8();
        QTest::newRow("as planned")
            << planned << true
            << u"[ OK ] device-ips: 8 devices match the plan, gateways and detect IPs too"_s;
        QTest::newRow("gateway set by hand")
            << planned + "gateway_2=192.168.102.1\n"
            << true
            << u"[FAIL] device-ips: device 2 has gateway 192.168.102.1, plan 192.168.102.254\n"_s;
        QTest::newRow("never set") << QByteArray() << true
                                   << u"[FAIL] device-ips: device 0 has gateway (none), plan "
                                      u"192.168.100.254; device 0 has "
                                      "detect IP (none), plan 192.168.100.254;"_s;
        QTest::newRow("hccn.conf unreadable")
            << planned << false
            << u"[WARN] device-ips: 8 device addresses match the plan; the gateways and detect IPs "
               "are not verified: /etc/hccn.conf, where hccn_tool keeps them, could not be read"_s;
    }

    void ascendRoutedDeviceIps()
    {
        QFETCH(QByteArray, routes);
        QFETCH(bool, confReadable);
        QFETCH(QString, line);
        QVERIFY(writeFile(m_conf, hccnConf(kServer0Ips, routes)));
        Project p = project(Accelerator::Ascend910, freePort());
        p.deviceNetwork.gateways = {u"192.168.100.254"_s, u"192.168.101.254"_s,
                                    u"192.168.102.254"_s, u"192.168.103.254"_s};
        m_routeConf = confReadable ? m_conf : m_dir.filePath(u"no-such-hccn.conf"_s);
        const Run result = run(p, {});
        m_routeConf.clear();
        QVERIFY2(result.out.contains(line), qPrintable(result.out));
        QCOMPARE(result.out.count(u"] device-ips: "_s), 1);
        if (line.startsWith(u"[FAIL]"_s)) {
            QCOMPARE(result.exitCode, 1);
            QVERIFY2(result.failures().first().startsWith(u"[FAIL] device-ips: "_s),
                     qPrintable(result.out));
        } else {
            QVERIFY2(result.failures().isEmpty(), qPrintable(result.out));
        }
    }

    void missingAscendTools()
    {
        const Run result = run(project(Accelerator::Ascend910, freePort()), {}, u"0"_s, false);
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.out.contains(u"[FAIL] accelerator: npu-smi not found\n"_s),
                 qPrintable(result.out));
        QVERIFY(result.out.contains(u"[FAIL] device-ips: device 0 has none (hccn_tool not found), "
                                    u"plan 192.168.100.101/255.255.255.0;"_s));
        QVERIFY(result.out.contains(
            u"[WARN] device-links: device 0 link unknown (hccn_tool not found);"_s));
        QVERIFY(result.out.contains(u"[WARN] device-tls: TLS switch unknown: device 0 (hccn_tool "
                                    u"not found);"_s));
    }

    void deviceNetwork()
    {
        QVERIFY(writeFile(m_conf, hccnConf(kServer0Ips, "net_health_0=Socket fail\n")));
        const Project p = project(Accelerator::Ascend910, freePort(), 2);
        const Run plain = run(p, {u"--no-reach"_s});
        QVERIFY(!plain.out.contains(u" to server1"_s));
        QVERIFY(plain.out.contains(u"[WARN] device-net-health: device 0: Detect ip set"_s));
        QVERIFY(plain.out.contains(u"[SKIP] ssh: not tested (--no-reach)"_s));

        const Run result = run(p, {u"--net"_s, u"--no-reach"_s});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(
            result.out.contains(
                u"[FAIL] device-net-health: device 0 to server1: Socket fail (192.168.100.111)"_s),
            qPrintable(result.out));
        QVERIFY(result.out.contains(
            u"[ OK ] device-net-health: device 1 to server1: Success (192.168.101.111)"_s));
        QVERIFY(result.out.contains(
            u"[ OK ] device-net-health: device 7 to server1: Success (192.168.103.110)"_s));
        QCOMPARE(result.out.count(u" to server1: "_s), 8);
        QFile conf(m_conf);
        QVERIFY(conf.open(QIODevice::ReadOnly));
        const QByteArray state = conf.readAll();
        QVERIFY(state.contains("netdetect_0=192.168.100.111\n"));
        QVERIFY(state.contains("netdetect_7=192.168.103.110\n"));
    }

    // A routed device network: after the peer tests each device detects its gateway again.
    void deviceNetworkRoutedRestoresDetectIps()
    {
        QVERIFY(writeFile(m_conf, hccnConf(kServer0Ips, "")));
        Project p = project(Accelerator::Ascend910, freePort(), 2);
        p.deviceNetwork.gateways = {u"192.168.100.1"_s, u"192.168.101.1"_s, u"192.168.102.1"_s,
                                    u"192.168.103.1"_s};
        const Run result = run(p, {u"--net"_s, u"--no-reach"_s});
        QVERIFY2(result.out.contains(
                     u"[ OK ] device-net-health: device 0 to server1: Success (192.168.100.111)"_s),
                 qPrintable(result.out));
        QFile conf(m_conf);
        QVERIFY(conf.open(QIODevice::ReadOnly));
        const QByteArray state = conf.readAll();
        QVERIFY2(state.contains("netdetect_0=192.168.100.1\n"), state.constData());
        QVERIFY(state.contains("netdetect_7=192.168.103.1\n"));
        QVERIFY(!state.contains("netdetect_7=192.168.103.110"));
    }
};

QTEST_GUILESS_MAIN(tst_CheckScriptAscend)
#include "tst_checkScriptAscend.moc"
