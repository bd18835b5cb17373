// SPDX-License-Identifier: GPL-3.0-or-later
// The doctor's report as a value: slow pairs against the median, the suspects each part's cells
// point at, the JSON shape (stable: docs/doctor.md) and the text's matrices.
#include "doctor/DoctorReport.h"
#include "doctor/DoctorText.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

PairBandwidth pair(const QString &a, const QString &b, std::optional<double> gbps)
{
    PairBandwidth p;
    p.server = a;
    p.peerServer = b;
    p.gbps = gbps;
    if (!gbps)
        p.error = u"no result"_s;
    return p;
}

// Every same-index link of `servers` x `devices`, failed where `down` (server, device) is an end.
std::vector<DeviceLink> links(int servers, int devices, const QString &downServer, int downDevice)
{
    std::vector<DeviceLink> all;
    for (int s = 0; s < servers; ++s) {
        for (int p = 0; p < servers; ++p) {
            for (int d = 0; d < devices && p != s; ++d) {
                DeviceLink link;
                link.server = u"s%1"_s.arg(s);
                link.peerServer = u"s%1"_s.arg(p);
                link.device = link.peerDevice = d;
                link.peerIp = u"192.168.%1.%2"_s.arg(100 + d).arg(p + 1);
                const bool down =
                    d == downDevice && (link.server == downServer || link.peerServer == downServer);
                link.ok = !down;
                link.lossPct = down ? 100 : 0;
                all.push_back(link);
            }
        }
    }
    return all;
}

} // namespace

class TestDoctorReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void slowIsAgainstTheMedian()
    {
        // One slow server among four: its three pairs are the slow half.
        std::vector<PairBandwidth> pairs{pair(u"a"_s, u"b"_s, 0.30),  pair(u"a"_s, u"c"_s, 0.25),
                                         pair(u"a"_s, u"d"_s, 0.005), pair(u"b"_s, u"c"_s, 0.28),
                                         pair(u"b"_s, u"d"_s, 0.004), pair(u"c"_s, u"d"_s, 0.006)};
        flagSlowPairs(pairs);
        for (const PairBandwidth &p : pairs)
            QCOMPARE(p.slow, p.peerServer == u"d"_s);
        DoctorReport report;
        report.bandwidth = pairs;
        findSuspects(report);
        QCOMPARE(report.suspects.size(), size_t(1));
        QCOMPARE(report.suspects[0].server, u"d"_s);
        QVERIFY(!report.suspects[0].device);
        QVERIFY(report.suspects[0].reason.contains(u"every slow pair (3 of 3)"_s));
        QVERIFY(!report.passed());

        // Even pairs, unmeasured ones and a single pair are never slow.
        std::vector<PairBandwidth> even{pair(u"a"_s, u"b"_s, 1.0), pair(u"a"_s, u"c"_s, 0.9),
                                        pair(u"b"_s, u"c"_s, std::nullopt)};
        flagSlowPairs(even);
        for (const PairBandwidth &p : even)
            QVERIFY(!p.slow);
        std::vector<PairBandwidth> one{pair(u"a"_s, u"b"_s, 0.001)};
        flagSlowPairs(one);
        QVERIFY(!one[0].slow);
    }

    void theOnlySlowPairNamesBothEnds()
    {
        DoctorReport report;
        report.bandwidth = {pair(u"a"_s, u"b"_s, 1.0), pair(u"a"_s, u"c"_s, 1.0),
                            pair(u"b"_s, u"c"_s, 0.1), pair(u"a"_s, u"d"_s, 1.0),
                            pair(u"b"_s, u"d"_s, 1.0), pair(u"c"_s, u"d"_s, 1.0)};
        flagSlowPairs(report.bandwidth);
        findSuspects(report);
        QCOMPARE(report.suspects.size(), size_t(2));
        QCOMPARE(report.suspects[0].server, u"b"_s);
        QCOMPARE(report.suspects[1].server, u"c"_s);
    }

    void aDeadDeviceIsTheOneSuspect()
    {
        DoctorReport report;
        report.links = links(4, 8, u"s2"_s, 5);
        findSuspects(report);
        QCOMPARE(report.suspects.size(), size_t(1));
        QCOMPARE(report.suspects[0].server, u"s2"_s);
        QCOMPARE(report.suspects[0].device, 5);
        QCOMPARE(report.failedLinks(), 6);

        // Two servers: both ends fail every test, neither can be told apart: both named.
        DoctorReport two;
        two.links = links(2, 1, u"s1"_s, 0);
        findSuspects(two);
        QCOMPARE(two.suspects.size(), size_t(2));
    }

    void portsNameTheListeningServer()
    {
        DoctorReport report;
        for (const QString &from : {u"b"_s, u"c"_s, u"d"_s}) {
            HostPort port;
            port.server = from;
            port.peerServer = u"a"_s;
            port.port = 29500;
            port.why = u"master_port"_s;
            port.ok = from != u"d"_s;
            port.error = port.ok ? QString() : u"timed out"_s;
            report.ports.push_back(port);
        }
        findSuspects(report);
        QCOMPARE(report.suspects.size(), size_t(1));
        QCOMPARE(report.suspects[0].server, u"a"_s);
        QCOMPARE(report.suspects[0].reason,
                 u"port 29500 (master_port) is not reachable from d (timed out)"_s);
        for (HostPort &port : report.ports) {
            port.ok = false;
            port.error = u"refused"_s;
        }
        findSuspects(report);
        QVERIFY(report.suspects[0].reason.contains(u"not reachable from any server"_s));
    }

    void jsonShapeIsStable()
    {
        DoctorReport report;
        report.parts = {DoctorPart::Links, DoctorPart::Ports, DoctorPart::Bandwidth};
        report.links = links(2, 1, u"none"_s, -1);
        HostPort port;
        port.server = u"s0"_s;
        port.peerServer = u"s1"_s;
        port.port = 41234;
        port.why = u"ephemeral port (gloo)"_s;
        port.ok = true;
        report.ports.push_back(port);
        report.bandwidth = {pair(u"s0"_s, u"s1"_s, 1.23456), pair(u"s0"_s, u"s2"_s, std::nullopt)};
        report.notes << u"bandwidth: gloo"_s;
        findSuspects(report);
        const auto json = doctorReportToJson(report);
        QStringList keys;
        for (const auto &item : json.items())
            keys << QString::fromStdString(item.key());
        QCOMPARE(keys, (QStringList{u"device_links"_s, u"host_ports"_s, u"bandwidth"_s,
                                    u"suspects"_s, u"servers_not_reached"_s, u"parts"_s,
                                    u"passed"_s, u"cancelled"_s, u"notes"_s, u"problems"_s}));
        const auto &link = json["device_links"][0];
        for (const char *key : {"server", "device", "peer_server", "peer_device", "peer_ip", "ok",
                                "loss_pct", "evidence", "not_reached"})
            QVERIFY2(link.contains(key), key);
        QVERIFY(link["not_reached"].is_null());
        for (const char *key :
             {"server", "peer_server", "port", "why", "ok", "error", "evidence", "not_reached"})
            QVERIFY2(json["host_ports"][0].contains(key), key);
        QCOMPARE(json["bandwidth"][0]["gbps"].get<double>(), 1.235);
        QVERIFY(json["bandwidth"][1]["gbps"].is_null());
        QCOMPARE(json["parts"].dump(), std::string(R"(["links","ports","bandwidth"])"));
        QCOMPARE(json["passed"].get<bool>(), false); // the unmeasured pair
        QCOMPARE(doctorPartFromName(u"ports"_s), DoctorPart::Ports);
        QVERIFY(!doctorPartFromName(u"ping"_s));
    }

    // Issue 33: a server never logged in to is not a device fault. Its own cells are not tested
    // (counted apart, not failed), the pings to it that ran stay failed, and no device of it or
    // of its peers is suspected for it; the text and the JSON say the same.
    void aServerNotReachedIsNotASuspect()
    {
        DoctorReport report;
        report.parts = {DoctorPart::Links, DoctorPart::Ports};
        report.links = links(3, 2, u"s1"_s, 0); // device 0 of s1 fails every ping, both ways
        const QString why = u"10.0.0.2:22: cannot connect: No route to host"_s;
        for (DeviceLink &link : report.links) {
            if (link.server == u"s1"_s) {
                link.ok = false;
                link.notReached = u"s1"_s;
                link.evidence = notReachedText(u"s1"_s, why);
            } else if (link.peerServer == u"s1"_s) {
                link.ok = false; // the ping ran and got nothing back
            }
        }
        for (const QString &from : {u"s0"_s, u"s1"_s}) {
            HostPort port;
            port.server = from;
            port.peerServer = from == u"s0" ? u"s1"_s : u"s0"_s;
            port.port = 29500;
            port.why = u"master_port"_s;
            port.notReached = u"s1"_s;
            port.error = notReachedText(u"s1"_s, why);
            report.ports.push_back(port);
        }
        report.addNotReached(u"s1"_s, why);
        report.addNotReached(u"s1"_s, u"a second part's reason"_s); // once, the first reason
        report.problems << u"links: s1 not tested: "_s + why;
        findSuspects(report);
        QVERIFY2(report.suspects.empty(),
                 qPrintable(report.suspects.empty() ? QString() : report.suspects[0].reason));
        QCOMPARE(report.notReached.size(), size_t(1));
        QCOMPARE(report.notReached[0].reason, why);
        // What the later parts look up, so as not to try s1 again.
        const ServerNotReached *found = findNotReached(report.notReached, u"s1"_s);
        QVERIFY(found);
        QCOMPARE(found->reason, why);
        QVERIFY(!findNotReached(report.notReached, u"s0"_s));
        QVERIFY(!report.wasReached(u"s1"_s) && report.wasReached(u"s0"_s));
        QCOMPARE(report.untestedLinks(), 4); // s1's own 2 devices x 2 peers
        QCOMPARE(report.failedLinks(), 4);   // s0 and s2 pinging s1's 2 devices
        QCOMPARE(report.untestedPorts(), 2);
        QCOMPARE(report.failedPorts(), 0);
        QVERIFY(!report.passed());

        const QString text = doctorReportText(report);
        QVERIFY2(!text.contains(u"suspect:"_s), qPrintable(text));
        QVERIFY2(!text.contains(u"links  s1 device"_s), qPrintable(text)); // not a failure
        QVERIFY(text.contains(u"links  s0 device 0 -> s1 device 0"_s));
        QVERIFY2(text.contains(u"links: 12 pings, 4 failed, 4 not tested (server not reached)"_s),
                 qPrintable(text));
        QVERIFY(text.contains(u"n/t"_s));
        QVERIFY(text.contains(u"not reached: s1: "_s + why));
        QVERIFY2(text.endsWith(u"failed: 4 links, 0 ports, 0 slow or failed pairs\n"
                               u"not tested: 4 links, 2 ports, 0 pairs: 1 server not reached "
                               u"(s1)\n"_s),
                 qPrintable(text));

        const auto json = doctorReportToJson(report);
        QCOMPARE(json["servers_not_reached"].dump(),
                 R"([{"server":"s1","reason":")" + why.toStdString() + R"("}])");
        int notReached = 0;
        for (const auto &link : json["device_links"])
            notReached += link["not_reached"].is_null() ? 0 : 1;
        QCOMPARE(notReached, 4);
        QCOMPARE(json["host_ports"][0]["not_reached"].get<std::string>(), std::string("s1"));
        QVERIFY(json["suspects"].empty());
    }

    void textDrawsMatrices()
    {
        DoctorReport report;
        report.links = links(3, 2, u"s1"_s, 1);
        report.bandwidth = {pair(u"s0"_s, u"s1"_s, 1.0), pair(u"s0"_s, u"s2"_s, 1.0),
                            pair(u"s1"_s, u"s2"_s, 1.0)};
        findSuspects(report);
        const QString text = doctorReportText(report);
        QVERIFY2(text.contains(u"links, device 1 (row pings column):"_s), qPrintable(text));
        QVERIFY(text.contains(u"FAIL"_s));
        QVERIFY(text.contains(u"links  s1 device 1 -> s0 device 1"_s));
        QVERIFY(text.contains(u"suspect: s1 device 1:"_s));
        QVERIFY(text.contains(u"bandwidth, GB/s (* slow):"_s));
        QVERIFY(text.endsWith(u"failed: 4 links, 0 ports, 0 slow or failed pairs\n"_s));
        // Past the column limit the matrix is left out, the failures still listed.
        const QString narrow = doctorReportText(report, 2);
        QVERIFY(!narrow.contains(u"row pings column"_s));
        QVERIFY(narrow.contains(u"links  s1 device 1"_s));
    }

    // Atlas A3: the ends are dies, each cell and failure says hccs_ping (inside a super pod) or
    // ping (across pods), and the die at fault is the suspect.
    void a3TextNamesDiesAndKinds()
    {
        DoctorReport report;
        report.unit = u"die"_s;
        report.links = links(4, 16, u"s3"_s, 13);
        for (DeviceLink &link : report.links) {
            link.hccs =
                link.server.back().digitValue() / 2 == link.peerServer.back().digitValue() / 2;
            if (link.hccs)
                link.peerIp = u"192.%1.%2.%3"_s.arg(link.peerServer.back().digitValue() % 2)
                                  .arg(2 + link.peerDevice % 2)
                                  .arg(199 - link.peerDevice);
        }
        findSuspects(report);
        const QString text = doctorReportText(report);
        QVERIFY2(text.contains(u"links, die 13 (row pings column; hccs = hccn_tool -hccs_ping "
                               u"inside a super pod, ping = -ping across pods):"_s),
                 qPrintable(text));
        QVERIFY2(text.contains(u"hccs FAIL"_s) && text.contains(u"ping FAIL"_s) &&
                     text.contains(u"hccs ok"_s) && text.contains(u"ping ok"_s),
                 qPrintable(text));
        QVERIFY2(text.contains(u"links  s3 die 13 -> s2 die 13 (hccs_ping 192.0.3.186): "_s),
                 qPrintable(text));
        QVERIFY2(text.contains(u"links  s3 die 13 -> s0 die 13 (ping 192.168.113.1): "_s),
                 qPrintable(text));
        QCOMPARE(report.suspects.size(), size_t(1));
        QVERIFY2(text.contains(u"suspect: s3 die 13: die 13 failed 6 of its 6 ping tests"_s),
                 qPrintable(text));
        const auto json = doctorReportToJson(report);
        QCOMPARE(json["device_links"][0]["kind"].get<std::string>(), std::string("hccs_ping"));
        QCOMPARE(json["device_links"][16]["kind"].get<std::string>(), std::string("ping"));
    }
};

QTEST_GUILESS_MAIN(TestDoctorReport)
#include "tst_doctorReport.moc"
