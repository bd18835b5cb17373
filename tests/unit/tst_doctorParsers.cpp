// SPDX-License-Identifier: GPL-3.0-or-later
// The doctor's readers of what servers print: hccn_tool -ping (the vendor's output as Huawei's
// pages show it, and everything else), the link script's blocks, the port listener and connects,
// the bandwidth pair and the backend probe. Hostile rows: markers inside the tool's output,
// binary, huge numbers, empty output.
#include "doctor/BandwidthTest.h"
#include "doctor/LinkTest.h"
#include "doctor/PortTest.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

class TestDoctorParsers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ping_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<int>("exitStatus");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<double>("loss");
        QTest::addColumn<QString>("summary");
        // MindIE LLM's multi-node guide: a reachable peer, then one with a lost packet.
        QTest::newRow("reachable")
            << u"device 0 PING 10.10.100.10\nrecv seq=0,time=0.067000ms\nrecv "
               u"seq=1,time-0.049000ms\n"
               u"recv seq=2,time=0.047000ms\n3 packets transmitted, 3 received, 0.00% packet loss\n"_s
            << 0 << true << 0.0 << u"3 of 3 received"_s;
        QTest::newRow("one lost")
            << u"recv time out seq=O\nrecv seq=1,time=0.097000ms\nrecv seq=2,time=0.066000ms\n"
               u"3 packets transmitted, 2 received, 33.33% packet loss\n"_s
            << 1 << false << 33.33 << u"2 of 3 received"_s;
        // MindCluster's troubleshooting page: the RoCE network is down.
        QTest::newRow("unreachable")
            << u"device 0 PING 192.168.1.2\nrecv time out seq=0\nrecv time out seq=1\n"
               u"recv time out seq=2\n3 packets transmitted, 0 received, 100.00% packet loss\n"_s
            << 1 << false << 100.0 << u"3 \"recv time out\" line(s)"_s;
        QTest::newRow("all received but failed")
            << u"3 packets transmitted, 3 received, 0.00% packet loss"_s << 1 << false << 0.0
            << u"but exit status 1"_s;
        QTest::newRow("time limit")
            << u"device 0 PING 1.2.3.4\n"_s << 124 << false << -1.0 << u"no answer within"_s;
        QTest::newRow("busy") << u"hccn_tool is busy, please try again"_s << 1 << false << -1.0
                              << u"unrecognised output: hccn_tool is busy"_s;
        QTest::newRow("empty") << QString() << 127 << false << -1.0
                               << u"no output (exit status 127)"_s;
        QTest::newRow("zero sent") << u"0 packets transmitted, 0 received, 0.00% packet loss"_s << 0
                                   << false << 0.0 << u"0 of 0 received"_s;
        QTest::newRow("huge numbers")
            << u"99999999999999999999 packets transmitted, 99999999999999999999 received, 0% packet loss"_s
            << 0 << true << 0.0 << u"received"_s;
        QTest::newRow("binary") << QString::fromLatin1("\x01\x02\xff\x7f packet loss\x1b[31m") << 0
                                << false << -1.0 << u"unrecognised output"_s;
    }

    void ping()
    {
        QFETCH(QString, output);
        QFETCH(int, exitStatus);
        QFETCH(bool, ok);
        QFETCH(double, loss);
        QFETCH(QString, summary);
        const PingOutcome outcome = parsePingOutput(output, exitStatus);
        QCOMPARE(outcome.ok, ok);
        QCOMPARE(outcome.lossPct, loss);
        QVERIFY2(outcome.summary.contains(summary), qPrintable(outcome.summary));
    }

    // hccn_tool -hccs_ping (Atlas A3): the lines of the driver's tool_ping_printf, built from its
    // format strings (CANN driver, src/custom/network/hccn/ascend910B/hccn_product_ext/
    // tool_cmd.c, github verylucky01/driver at e29d066f; no captured output is published), each
    // format's own "\n" plus the one TOOL_PRINT_INFO adds. The tool exits 0 whatever came back.
    void hccsPing_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<int>("exitStatus");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<double>("loss");
        QTest::addColumn<QString>("summary");
        const auto packet = [](const char *result, int seq, const char *time) {
            return QString::fromLatin1(result) +
                   u"\nrecv seq %1, time = %2us, L1 plane check result = 0x0\n\n"_s.arg(seq).arg(
                       QString::fromLatin1(time));
        };
        const QString header = u"device 3 PING 192.1.3.196\n\n"_s;
        const auto tail = [](int received, const char *loss, const char *max, const char *min,
                             const char *avg, const char *tp95) {
            return u"3 packets transmitted, %1 received, %2% packets loss\nmax time %3us\n"
                   u"min time %4us\naverage time %5us\nTP95 time %6us\n"_s.arg(received)
                       .arg(QString::fromLatin1(loss), QString::fromLatin1(max),
                            QString::fromLatin1(min), QString::fromLatin1(avg),
                            QString::fromLatin1(tp95));
        };
        const char *success = "This pkt ping success!";
        QTest::newRow("reachable")
            << header + packet(success, 0, "15.230") + packet(success, 1, "15.540") +
                   packet(success, 2, "15.850") +
                   tail(3, "0.00", "15.850", "15.230", "15.540", "15.850")
            << 0 << true << 0.0 << u"3 of 3 received, 0.00% loss, average 15.540 us"_s;
        QTest::newRow("send failed")
            << header + packet("This pkt send fail!", 0, "0.000") +
                   packet("This pkt send fail!", 1, "0.000") +
                   packet("This pkt send fail!", 2, "0.000") +
                   tail(0, "100.00", "0.000", "0.000", "0.000", "0.000")
            << 0 << false << 100.0 << u"0 of 3 received, 100.00% loss; This pkt send fail!"_s;
        QTest::newRow("one check failed")
            << header + packet(success, 0, "15.230") +
                   packet("This pkt check recv msg fail!", 1, "0.000") +
                   packet(success, 2, "15.850") +
                   tail(2, "33.33", "15.850", "15.230", "15.540", "15.850")
            << 0 << false << 33.33 << u"This pkt check recv msg fail!"_s;
        QTest::newRow("not started")
            << header + packet("This pkt ping not start to send!", 0, "0.000") +
                   tail(0, "100.00", "0.000", "0.000", "0.000", "0.000")
            << 0 << false << 100.0 << u"not start to send"_s;
        // A count that says all came back while a packet line says otherwise is not a pass.
        QTest::newRow("counts contradict the packets")
            << header + packet(success, 0, "1.000") + packet("This pkt send fail!", 1, "0.000") +
                   packet(success, 2, "1.000") + tail(3, "0.00", "1.000", "1.000", "1.000", "1.000")
            << 0 << false << 0.0 << u"This pkt send fail!"_s;
        QTest::newRow("fewer success lines than packets")
            << header + packet(success, 0, "1.000") +
                   tail(3, "0.00", "1.000", "1.000", "1.000", "1.000")
            << 0 << false << 0.0 << u"1 of 3 packets said"_s;
        QTest::newRow("CRLF") << QString(header + packet(success, 0, "15.230") +
                                         packet(success, 1, "15.540") +
                                         packet(success, 2, "15.850") +
                                         tail(3, "0.00", "15.850", "15.230", "15.540", "15.850"))
                                     .replace(u"\n"_s, u"\r\n"_s)
                              << 0 << true << 0.0 << u"3 of 3 received"_s;
        // The tool's refusals (its stderr, merged): no statistics line, not a pass.
        QTest::newRow("not a SuperPoD board")
            << u"This device does not support this function."_s << 1 << false << -1.0
            << u"unrecognised output: This device does not support this function."_s;
        QTest::newRow("-ping's statistics are not -hccs_ping's")
            << u"3 packets transmitted, 3 received, 0.00% packet loss\n"_s << 0 << false << -1.0
            << u"unrecognised output"_s;
        QTest::newRow("time limit") << header << 124 << false << -1.0 << u"no answer within"_s;
        QTest::newRow("empty") << QString() << 1 << false << -1.0 << u"no output (exit status 1)"_s;
        QTest::newRow("huge numbers")
            << u"99999999999999999999 packets transmitted, 99999999999999999999 received, 0.00% packets loss"_s
            << 0 << false << -1.0 << u"unrecognised output"_s;
        QTest::newRow("binary") << QString::fromLatin1("\x01\x02\xff\x7f packets loss\x1b[31m") << 0
                                << false << -1.0 << u"unrecognised output"_s;
        QTest::newRow("exit status")
            << header + packet(success, 0, "15.230") + packet(success, 1, "15.540") +
                   packet(success, 2, "15.850") +
                   tail(3, "0.00", "15.850", "15.230", "15.540", "15.850")
            << 2 << false << 0.0 << u"(exit status 2)"_s;
    }

    void hccsPing()
    {
        QFETCH(QString, output);
        QFETCH(int, exitStatus);
        QFETCH(bool, ok);
        QFETCH(double, loss);
        QFETCH(QString, summary);
        const PingOutcome outcome = parseHccsPingOutput(output, exitStatus);
        QCOMPARE(outcome.ok, ok);
        QCOMPARE(outcome.lossPct, loss);
        QVERIFY2(outcome.summary.contains(summary), qPrintable(outcome.summary));
    }

    // The simulated hccn_tool (tests/fixtures/ascend) and the parser agree: what it prints for
    // a die of the same pod passes, for a die with its link down or of another pod fails.
    void simulatedHccsPingReadsAsTheToolsOutput()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto conf = [&](const QString &name, const QByteArray &text) {
            QDir(dir.path()).mkpath(name);
            QFile file(dir.filePath(name + u"/hccn.conf"_s));
            return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
        };
        // server 1 of pod 0, die 3: SDID (1 << 22) | (1 << 18) | (1 << 16) | 3, vNIC 192.1.3.196.
        QVERIFY(conf(u"s0"_s, "npu_count=16\nsuper_pod_id=0\nsdid_3=327683\n"));
        QVERIFY(conf(u"s1"_s, "npu_count=16\nsuper_pod_id=0\nsdid_3=4521987\nsdid_5=4784133\n"
                              "link_5=DOWN\n"));
        QVERIFY(conf(u"s2"_s, "npu_count=16\nsuper_pod_id=1\nsdid_7=5046279\n"));
        const auto hccsPing = [&](const QString &address) {
            QProcess tool;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(u"HCCN_CONF"_s, dir.filePath(u"s0/hccn.conf"_s));
            env.insert(u"HCCN_CLUSTER"_s, dir.path());
            tool.setProcessEnvironment(env);
            tool.setProcessChannelMode(QProcess::MergedChannels);
            tool.start(QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/fixtures/ascend/hccn_tool"),
                       {u"-i"_s, u"3"_s, u"-hccs_ping"_s, u"-g"_s, u"address"_s, address});
            if (!tool.waitForFinished(20000))
                return PingOutcome{};
            return parseHccsPingOutput(QString::fromUtf8(tool.readAll()), tool.exitCode());
        };
        const PingOutcome good = hccsPing(u"192.1.3.196"_s);
        QVERIFY2(good.ok, qPrintable(good.summary));
        QCOMPARE(good.summary, u"3 of 3 received, 0.00% loss, average 15.540 us"_s);
        const PingOutcome down = hccsPing(u"192.1.3.194"_s); // server 1 die 5, link down
        QVERIFY(!down.ok);
        QCOMPARE(down.summary, u"0 of 3 received, 100.00% loss; This pkt send fail!"_s);
        // server 1 die 7 (SDID 5046279): a die of the other pod has it, none of this one.
        QVERIFY(!hccsPing(u"192.1.3.192"_s).ok);
        const PingOutcome notVnic = hccsPing(u"10.1.3.196"_s);
        QVERIFY(!notVnic.ok);
        QVERIFY2(notVnic.summary.startsWith(u"unrecognised output: PING IP header is invalid"_s),
                 qPrintable(notVnic.summary));
    }

    void hccsProbesRunHccsPing()
    {
        std::vector<LinkProbe> probes{{0, 3, 1, 3, u"192.1.3.196"_s, LinkKind::HccsPing},
                                      {0, 3, 2, 3, u"192.168.101.9"_s, LinkKind::Ping}};
        const QString script = linkTestScript(probes);
        QVERIFY(script.contains(u"cw_ping 3 '192.1.3.196' 0 hccs\n"_s));
        QVERIFY(script.contains(u"cw_ping 3 '192.168.101.9' 1\n"_s));
        QVERIFY(script.contains(u"[ \"${4:-}\" = hccs ] && op=-hccs_ping"_s));
        const QString output =
            u"@@ping 0\n| device 3 PING 192.1.3.196\n|\n| This pkt send fail!\n"
            u"| 3 packets transmitted, 0 received, 100.00% packets loss\n@@rc 0 0\n"
            u"@@ping 1\n| 3 packets transmitted, 3 received, 0.00% packet loss\n@@rc 1 0\n"_s;
        const std::vector<DeviceLink> links =
            parseLinkTestOutput(output, probes, {u"a"_s, u"b"_s, u"c"_s});
        QVERIFY(links[0].hccs);
        QVERIFY(!links[0].ok);
        QVERIFY2(links[0].evidence.startsWith(
                     u"hccn_tool -i 3 -hccs_ping -g address 192.1.3.196: 0 of 3"_s),
                 qPrintable(links[0].evidence));
        QVERIFY(!links[1].hccs);
        QVERIFY2(links[1].ok, qPrintable(links[1].evidence));
        QVERIFY(links[1].evidence.startsWith(u"hccn_tool -i 3 -ping -g address 192.168.101.9"_s));
    }

    void linkScriptQuotesAndBlocksParse()
    {
        const std::vector<LinkProbe> probes{{0, 1, 1, 1, u"192.168.101.12"_s},
                                            {0, 1, 2, 1, u"192.168.101.13"_s},
                                            {0, 5, 1, 5, u"192.168.101.22"_s}};
        const QString script = linkTestScript(probes);
        QVERIFY(script.contains(u"cw_ping 1 '192.168.101.12' 0"_s));
        QVERIFY(script.contains(u"cw_ping 5 '192.168.101.22' 2"_s));
        QVERIFY(script.contains(u"/usr/local/Ascend/driver/tools"_s));
        QVERIFY(script.contains(u"timeout -k 2 %1 hccn_tool"_s.arg(kPingLimitSeconds)));
        // Device 5's block first (files are shown in device order only by name), a forged marker
        // inside the tool's output, and probe 1 never reported.
        const QString output =
            u"@@ping 2\n| device 5 PING 192.168.101.22\n| @@rc 0 0\n"
            u"| 3 packets transmitted, 0 received, 100.00% packet loss\n@@rc 2 1\n"
            u"@@ping 0\n| 3 packets transmitted, 3 received, 0.00% packet loss\n@@rc 0 0\n"
            u"@@ping 99\n@@rc 99 0\n@@rc x y\n"_s;
        const auto links = parseLinkTestOutput(output, probes, {u"a"_s, u"b"_s, u"c"_s});
        QCOMPARE(links.size(), size_t(3));
        QVERIFY(links[0].ok);
        QCOMPARE(links[0].server, u"a"_s);
        QCOMPARE(links[0].peerServer, u"b"_s);
        QVERIFY(!links[1].ok);
        QVERIFY(links[1].evidence.startsWith(u"no result"_s));
        QVERIFY(!links[2].ok);
        QCOMPARE(links[2].lossPct, 100.0);
        QVERIFY(links[2].evidence.contains(u"@@rc 0 0"_s)); // shown, not obeyed

        const auto missing = parseLinkTestOutput(u"@@nohccn\n"_s, probes, {u"a"_s, u"b"_s, u"c"_s});
        for (const DeviceLink &link : missing) {
            QVERIFY(!link.ok);
            QVERIFY(link.evidence.contains(u"hccn_tool is not on the server"_s));
        }
    }

    void portListener()
    {
        const ListenerStart start = parsePortListener(
            u"bound 29500 29500\nbound 0 41234\nbusy 60000 [Errno 98] Address already in use\n"
            u"listening 4321\n"_s);
        QCOMPARE(start.pid, 4321);
        QCOMPARE(start.bound.at(29500), 29500);
        QCOMPARE(start.bound.at(0), 41234);
        QVERIFY(start.busy.at(60000).contains(u"Address already in use"_s));
        QVERIFY(start.problem.isEmpty());

        const ListenerStart none =
            parsePortListener(u"busy 22 in use\nerror no port could be bound\n"_s);
        QVERIFY(!none.pid);
        QCOMPARE(none.problem, u"no port could be bound"_s);
        QVERIFY(!parsePortListener(u"listening 1\nbound 5 999999\n"_s).pid); // pid 1 is never ours
        QVERIFY(parsePortListener(QString()).problem.contains(u"printed nothing"_s));

        const QString command =
            portListenerCommand(u"/usr/bin/python3"_s, u"tok'en"_s, {0, 29500}, 6, 63);
        QVERIFY(command.startsWith(u"'/usr/bin/python3' '-c' "_s));
        QVERIFY(command.endsWith(u"'tok'\\''en' '63' '6' '0' '29500'"_s));
        QVERIFY(portListenerStopCommand(77, u"clusterwiz-doctor-ab"_s).contains(u"p=77"_s));
        QVERIFY(listenerGone(u"gone\n"_s));
        QVERIFY(!listenerGone(u"left 77\n"_s));
    }

    void portConnect()
    {
        const std::vector<ConnectTarget> targets{{u"10.0.0.1"_s, 22},
                                                 {u"10.0.0.1"_s, 29500},
                                                 {u"10.0.0.2"_s, 60000},
                                                 {u"10.0.0.3"_s, 1},
                                                 {u"10.0.0.4"_s, 2}};
        const auto outcomes = parsePortConnect(
            u"10.0.0.1:22 connected\n10.0.0.1:29500 timeout\n10.0.0.2:60000 refused\n"
            u"10.0.0.3:1 error [Errno 113] No route to host\n"_s,
            targets);
        QCOMPARE(outcomes.size(), size_t(5));
        QCOMPARE(outcomes[0], QString());
        QCOMPARE(outcomes[1], u"timed out"_s);
        QCOMPARE(outcomes[2], u"refused"_s);
        QCOMPARE(outcomes[3], u"[Errno 113] No route to host"_s);
        QVERIFY(outcomes[4].contains(u"no answer"_s));
        const QString command = portConnectCommand(u"python3"_s, targets);
        QVERIFY(command.contains(u"'10.0.0.1:29500'"_s));
    }

    void bandwidth()
    {
        const BandwidthResult fine = parseBandwidthOutput(u"gbps 1.250000\n"_s, 0);
        QCOMPARE(fine.gbps, 1.25);
        const BandwidthResult failed =
            parseBandwidthOutput(u"error RuntimeError: Connection reset by peer\n"_s, 1);
        QVERIFY(!failed.gbps);
        QVERIFY(failed.error.contains(u"Connection reset"_s));
        QVERIFY(parseBandwidthOutput(QString(), 124).error.contains(u"time limit"_s));
        QVERIFY(!parseBandwidthOutput(u"gbps nan\ngbps -1\ngbps 1e400\n"_s, 0).gbps);

        BandwidthRank rank;
        rank.python = u"/usr/bin/python3"_s;
        rank.rank = 1;
        rank.rendezvousIp = u"10.0.0.1"_s;
        rank.port = 40687;
        rank.hostIp = u"10.0.0.2"_s;
        rank.backend = u"gloo"_s;
        rank.sizeMb = 8;
        rank.limitSeconds = 99;
        const QString command = bandwidthCommand(rank);
        QVERIFY(command.startsWith(u"timeout -k 5 99 '/usr/bin/python3' '-c' "_s));
        QVERIFY(command.contains(u"'1' '10.0.0.1' '40687' '10.0.0.2' 'gloo' '8' '5' '60'"_s));

        const BackendProbe npu = parseBackendProbe(u"torch 2.1.0\naccel ok\n"_s);
        QVERIFY(npu.torch && npu.accelerator);
        const BackendProbe noNpu = parseBackendProbe(
            u"torch 1.13.1\naccel no ModuleNotFoundError: No module named 'torch_npu'\n"_s);
        QVERIFY(noNpu.torch && !noNpu.accelerator);
        QVERIFY(noNpu.acceleratorProblem.contains(u"torch_npu"_s));
        const BackendProbe none =
            parseBackendProbe(u"notorch ModuleNotFoundError: No module named 'torch'"_s);
        QVERIFY(!none.torch);
        QVERIFY(none.torchProblem.contains(u"No module named"_s));
        QVERIFY(!parseBackendProbe(QString()).torch);
    }
};

QTEST_GUILESS_MAIN(TestDoctorParsers)
#include "tst_doctorParsers.moc"
