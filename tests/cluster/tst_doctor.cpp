// SPDX-License-Identifier: GPL-3.0-or-later
// `clusterwiz-cli doctor` (the real binary) against 4 simulated servers, each with its own
// process table (cluster.sh --pid-ns), with one fault injected per test (TESTING.md, "Faults to
// inject"):
// - links: the simulated hccn_tool answers -ping from the cluster's planned addresses, and a
//   fault file makes one device unreachable: exactly that device's cells fail, and it is the one
//   suspect;
// - ports: nft on the master drops master_port from one peer: exactly that pair fails, "timed
//   out"; with reject instead, "refused"; no listener is left on any server;
// - bandwidth: tc tbf slows one server's link: exactly its pairs are slow and it is the suspect.
#include "CliProcess.h"
#include "JobTestSupport.h"
#include "TestCluster.h"

#include "doctor/DoctorReport.h"
#include "model/ProjectJson.h"
#include "plan/Planner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

constexpr int kServers = 4;

QJsonObject reportOf(const CliRun &run)
{
    return QJsonDocument::fromJson(run.out).object();
}

} // namespace

class TestDoctor : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;

    QString save(const Project &project, const QString &name)
    {
        const QString path = m_dir.filePath(name);
        return saveProjectFile(project, path).isEmpty() ? path : QString();
    }

    CliRun doctor(const QString &path, const QStringList &extra)
    {
        return runCli(QStringList{u"doctor"_s, path, u"--json"_s, u"--known-hosts"_s,
                                  m_cluster.knownHosts(), u"--accept-new"_s, u"--ssh-config"_s,
                                  u"none"_s, u"--timeout"_s, u"60"_s} +
                          extra,
                      300000);
    }

    Project cpuProject() const
    {
        return jobtest::cpuProject(m_cluster, kServers, 1, LaunchMode::Launch, {});
    }

    // The processes of server `index` whose command line holds `text`, from its own table.
    QString processesWith(int index, const QString &text) const
    {
        QByteArray output;
        m_cluster.exec(index, {u"ps"_s, u"-eo"_s, u"pid=,args="_s}, &output);
        QStringList found;
        for (const QByteArray &line : output.split('\n')) {
            if (line.contains(text.toUtf8()))
                found << QString::fromUtf8(line);
        }
        return found.join(u'\n');
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(kServers, &error, true), qPrintable(error));
    }

    void linksFailExactlyForTheUnreachableDevice()
    {
        Project project;
        project.name = u"doctor-links"_s;
        project.accelerator = Accelerator::Ascend910;
        for (int i = 0; i < kServers; ++i) {
            Server server;
            server.name = u"server%1"_s.arg(i);
            server.host = m_cluster.ip(i);
            server.user = u"root"_s;
            server.identityFile = m_cluster.clientKey();
            server.devices = {0, 1, 2, 3, 4, 5, 6, 7};
            project.servers.push_back(server);
        }
        project.launch.workdir = u"/root"_s;
        project.launch.entry = u"train.py"_s;
        project.launch.python = u"/usr/bin/python3"_s;
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        project = plan.project;
        // Every server's hccn.conf holds the plan (written in place: it is bind-mounted).
        for (int i = 0; i < kServers; ++i) {
            QFile conf(m_cluster.serverDir(i) + u"/hccn.conf"_s);
            QVERIFY(conf.open(QIODevice::WriteOnly | QIODevice::Truncate));
            for (int d = 0; d < 8; ++d)
                conf.write(
                    u"address_%1=%2\nnetmask_%1=%3\n"_s.arg(d)
                        .arg(project.servers[size_t(i)].deviceIps[d], project.deviceNetwork.netmask)
                        .toUtf8());
        }
        const QString faulty = project.servers[2].deviceIps[5];
        QFile faults(m_cluster.stateDir() + u"/ping-faults"_s);
        QVERIFY(faults.open(QIODevice::WriteOnly | QIODevice::Truncate));
        faults.write(faulty.toUtf8() + '\n');
        faults.close();

        const CliRun run =
            doctor(save(project, u"links.clusterwiz.json"_s), {u"--only"_s, u"links"_s});
        QFile::remove(m_cluster.stateDir() + u"/ping-faults"_s);
        QVERIFY2(run.exitCode == 1, run.describe());
        const QJsonObject report = reportOf(run);
        const QJsonArray links = report[u"device_links"_s].toArray();
        // 910A: the same index on the 3 others, the partner (i +/- 4) on all 4 servers.
        QCOMPARE(links.size(), kServers * 8 * (3 + 1 + 3));
        int failed = 0;
        for (const QJsonValue &value : links) {
            const QJsonObject link = value.toObject();
            const bool involved =
                (link[u"server"_s].toString() == u"server2"_s && link[u"device"_s].toInt() == 5) ||
                (link[u"peer_server"_s].toString() == u"server2"_s &&
                 link[u"peer_device"_s].toInt() == 5);
            QVERIFY2(link[u"ok"_s].toBool() == !involved,
                     QJsonDocument(link).toJson(QJsonDocument::Compact).constData());
            if (involved) {
                ++failed;
                QCOMPARE(link[u"loss_pct"_s].toDouble(), 100.0);
                QVERIFY(link[u"evidence"_s].toString().contains(u"recv time out seq"_s));
            } else {
                QCOMPARE(link[u"loss_pct"_s].toDouble(), 0.0);
            }
        }
        QCOMPARE(failed, 2 * (3 + 1 + 3));
        const QJsonArray suspects = report[u"suspects"_s].toArray();
        QCOMPARE(suspects.size(), 1);
        QCOMPARE(suspects[0][u"server"_s].toString(), u"server2"_s);
        QCOMPARE(suspects[0][u"device"_s].toInt(), 5);
    }

    // Atlas A3, two super pods of two servers x 16 dies: die 13 of server3 has its link down.
    // Exactly its cells fail, the hccs_ping inside its pod (the simulated hccn_tool prints the
    // driver's -hccs_ping lines) and the -ping across pods, each saying which kind it was, and
    // the report names server3 die 13 as the one suspect.
    void a3LinksNameTheFaultyDie()
    {
        Project project;
        project.name = u"doctor-a3"_s;
        project.accelerator = Accelerator::Ascend910_93;
        for (int i = 0; i < kServers; ++i) {
            Server server;
            server.name = u"server%1"_s.arg(i);
            server.host = m_cluster.ip(i);
            server.user = u"root"_s;
            server.identityFile = m_cluster.clientKey();
            for (int die = 0; die < 16; ++die) {
                server.devices.push_back(die);
                // The driver's SDID layout: server in its pod, chip, die of the chip, die id.
                server.superDeviceIds
                    << QString::number((quint32(i % 2) << 22) | (quint32(die / 2) << 18) |
                                       (quint32(die % 2) << 16) | quint32(die));
            }
            project.servers.push_back(server);
        }
        project.superPods = {{u"pod-a"_s, {u"server0"_s, u"server1"_s}},
                             {u"pod-b"_s, {u"server2"_s, u"server3"_s}}};
        project.launch.mode = LaunchMode::RankTable;
        project.launch.workdir = u"/root"_s;
        project.launch.entry = u"train.py"_s;
        project.launch.python = u"/usr/bin/python3"_s;
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        project = plan.project;
        const auto writeConfs = [&](bool fault) {
            for (int i = 0; i < kServers; ++i) {
                QFile conf(m_cluster.serverDir(i) + u"/hccn.conf"_s);
                if (!conf.open(QIODevice::WriteOnly | QIODevice::Truncate))
                    return false;
                const Server &server = project.servers[size_t(i)];
                conf.write(u"npu_count=16\nsuper_pod_id=%1\n"_s.arg(i / 2).toUtf8());
                for (int d = 0; d < 16; ++d)
                    conf.write(u"address_%1=%2\nnetmask_%1=%3\nsdid_%1=%4\n"_s.arg(d)
                                   .arg(server.deviceIps[d], project.deviceNetwork.netmask,
                                        server.superDeviceIds[d])
                                   .toUtf8());
                if (fault && i == 3)
                    conf.write("link_13=DOWN\n");
            }
            return true;
        };
        QVERIFY(writeConfs(true));
        const QString path = save(project, u"a3-links.clusterwiz.json"_s);
        const CliRun run = doctor(path, {u"--only"_s, u"links"_s});
        const CliRun text = runCli({u"doctor"_s, path, u"--known-hosts"_s, m_cluster.knownHosts(),
                                    u"--ssh-config"_s, u"none"_s, u"--only"_s, u"links"_s},
                                   300000);
        QVERIFY(writeConfs(false));
        QVERIFY2(run.exitCode == 1, run.describe());
        const QJsonObject report = reportOf(run);
        const QJsonArray links = report[u"device_links"_s].toArray();
        // Each die: the same die on the 3 other servers, one of them in its own pod.
        QCOMPARE(links.size(), kServers * 16 * 3);
        int failed = 0, hccs = 0;
        for (const QJsonValue &value : links) {
            const QJsonObject link = value.toObject();
            const QString dump =
                QString::fromUtf8(QJsonDocument(link).toJson(QJsonDocument::Compact));
            const int server = link[u"server"_s].toString().back().digitValue();
            const int peer = link[u"peer_server"_s].toString().back().digitValue();
            const bool samePod = server / 2 == peer / 2;
            QCOMPARE(link[u"kind"_s].toString(), samePod ? u"hccs_ping"_s : u"ping"_s);
            hccs += samePod ? 1 : 0;
            const bool involved = (server == 3 && link[u"device"_s].toInt() == 13) ||
                                  (peer == 3 && link[u"peer_device"_s].toInt() == 13);
            QVERIFY2(link[u"ok"_s].toBool() == !involved, qPrintable(dump));
            const QString evidence = link[u"evidence"_s].toString();
            if (samePod) {
                QVERIFY2(evidence.startsWith(u"hccn_tool -i %1 -hccs_ping -g address 192.%2.%3.%4"_s
                                                 .arg(link[u"device"_s].toInt())
                                                 .arg(peer % 2)
                                                 .arg(2 + link[u"device"_s].toInt() % 2)
                                                 .arg(199 - link[u"device"_s].toInt())),
                         qPrintable(dump));
                QVERIFY2(evidence.contains(involved ? u"This pkt send fail!"_s
                                                    : u"This pkt ping success!"_s),
                         qPrintable(dump));
            } else {
                QVERIFY2(evidence.startsWith(
                             u"hccn_tool -i %1 -ping -g address "_s.arg(link[u"device"_s].toInt())),
                         qPrintable(dump));
            }
            if (involved) {
                ++failed;
                QCOMPARE(link[u"loss_pct"_s].toDouble(), 100.0);
            }
        }
        QCOMPARE(hccs, kServers * 16);
        QCOMPARE(failed, 2 * 3);
        const QJsonArray suspects = report[u"suspects"_s].toArray();
        QCOMPARE(suspects.size(), 1);
        QCOMPARE(suspects[0][u"server"_s].toString(), u"server3"_s);
        QCOMPARE(suspects[0][u"device"_s].toInt(), 13);
        QVERIFY2(suspects[0][u"reason"_s].toString().startsWith(u"die 13 failed 6 of its 6"_s),
                 qPrintable(suspects[0][u"reason"_s].toString()));
        // The text: per-die matrices with the kind in each cell, the failures by die and kind.
        QVERIFY2(text.exitCode == 1, text.describe());
        const QString out = QString::fromUtf8(text.out);
        QVERIFY2(out.contains(u"links, die 13 (row pings column; hccs = hccn_tool -hccs_ping"_s),
                 qPrintable(out));
        QVERIFY2(
            out.contains(
                u"links  server2 die 13 -> server3 die 13 (hccs_ping 192.1.3.186): hccn_tool -i 13 "
                u"-hccs_ping -g address 192.1.3.186: 0 of 3 received, 100.00% loss; "
                u"This pkt send fail!"_s),
            qPrintable(out.mid(out.indexOf(u"Failed:"_s))));
        QVERIFY2(out.contains(u"links  server0 die 13 -> server3 die 13 (ping "_s),
                 qPrintable(out.mid(out.indexOf(u"Failed:"_s))));
        QVERIFY2(out.contains(u"suspect: server3 die 13: die 13 failed 6 of its 6"_s),
                 qPrintable(out.mid(out.indexOf(u"Failed:"_s))));
    }

    void portsTellADroppedPortFromARejectedOne()
    {
        const Project project = cpuProject();
        const QString path = save(project, u"ports.clusterwiz.json"_s);
        const QString port = QString::number(project.launch.masterPort);
        const QString peer = m_cluster.ip(3);
        auto nft = [&](const QString &verdict) {
            return m_cluster.sh(
                0, u"nft delete table inet cwdoctor 2>/dev/null; "
                   u"nft add table inet cwdoctor && "
                   u"nft add chain inet cwdoctor input '{ type filter hook input "
                   u"priority 0; }' && "
                   u"nft add rule inet cwdoctor input ip saddr %1 tcp dport %2 %3"_s.arg(peer, port,
                                                                                         verdict));
        };
        QCOMPARE(nft(u"drop"_s), 0);
        const CliRun dropped = doctor(path, {u"--only"_s, u"ports"_s});
        QVERIFY2(dropped.exitCode == 1, dropped.describe());
        QCOMPARE(nft(u"reject with tcp reset"_s), 0);
        const CliRun rejected = doctor(path, {u"--only"_s, u"ports"_s});
        m_cluster.sh(0, u"nft delete table inet cwdoctor"_s);
        QVERIFY2(rejected.exitCode == 1, rejected.describe());

        for (const auto &[run, error] :
             {std::pair{&dropped, u"timed out"_s}, std::pair{&rejected, u"refused"_s}}) {
            const QJsonArray ports = reportOf(*run)[u"host_ports"_s].toArray();
            // Every ordered pair: the ephemeral port on each, master_port on the master.
            QCOMPARE(ports.size(), kServers * (kServers - 1) + (kServers - 1));
            int failed = 0;
            for (const QJsonValue &value : ports) {
                const QJsonObject entry = value.toObject();
                const bool cut = entry[u"server"_s].toString() == u"server3"_s &&
                                 entry[u"peer_server"_s].toString() == u"server0"_s &&
                                 entry[u"port"_s].toInt() == project.launch.masterPort;
                QVERIFY2(entry[u"ok"_s].toBool() == !cut,
                         QJsonDocument(entry).toJson(QJsonDocument::Compact).constData());
                if (cut) {
                    ++failed;
                    QCOMPARE(entry[u"error"_s].toString(), error);
                }
            }
            QCOMPARE(failed, 1);
            const QJsonArray suspects = reportOf(*run)[u"suspects"_s].toArray();
            QCOMPARE(suspects.size(), 1);
            QCOMPARE(suspects[0][u"server"_s].toString(), u"server0"_s);
            QVERIFY(reportOf(*run)[u"problems"_s].toArray().isEmpty());
        }
        // Every listener is gone, looked up in each server's own process table.
        for (int i = 0; i < kServers; ++i)
            QCOMPARE(processesWith(i, u"clusterwiz-doctor"_s), QString());
    }

    void bandwidthNamesTheShapedServer()
    {
        const QString path = save(cpuProject(), u"bandwidth.clusterwiz.json"_s);
        QCOMPARE(m_cluster.exec(2, {u"tc"_s, u"qdisc"_s, u"add"_s, u"dev"_s, u"eth0"_s, u"root"_s,
                                    u"tbf"_s, u"rate"_s, u"40mbit"_s, u"burst"_s, u"64kb"_s,
                                    u"latency"_s, u"300ms"_s}),
                 0);
        const CliRun run = doctor(path, {u"--only"_s, u"bandwidth"_s, u"--size"_s, u"4"_s});
        m_cluster.exec(2, {u"tc"_s, u"qdisc"_s, u"del"_s, u"dev"_s, u"eth0"_s, u"root"_s});
        QVERIFY2(run.exitCode == 1, run.describe());
        const QJsonObject report = reportOf(run);
        const QJsonArray pairs = report[u"bandwidth"_s].toArray();
        QCOMPARE(pairs.size(), kServers * (kServers - 1) / 2);
        for (const QJsonValue &value : pairs) {
            const QJsonObject pair = value.toObject();
            const bool shaped = pair[u"server"_s].toString() == u"server2"_s ||
                                pair[u"peer_server"_s].toString() == u"server2"_s;
            QVERIFY2(pair[u"gbps"_s].toDouble() > 0, qPrintable(pair[u"error"_s].toString()));
            QVERIFY2(pair[u"slow"_s].toBool() == shaped,
                     QJsonDocument(pairs).toJson(QJsonDocument::Compact).constData());
        }
        const QJsonArray suspects = report[u"suspects"_s].toArray();
        QCOMPARE(suspects.size(), 1);
        QCOMPARE(suspects[0][u"server"_s].toString(), u"server2"_s);
        QVERIFY(suspects[0][u"device"_s].isNull());
        const QString notes =
            QString::fromUtf8(QJsonDocument(report[u"notes"_s].toArray()).toJson());
        QVERIFY2(notes.contains(u"gloo"_s), qPrintable(notes));
    }

    // Issue 33: a server the doctor cannot log in to (its port refuses) is not a fault of its
    // ports: every pair with it is not tested, nobody is suspected, the rest is tested as usual,
    // and the text says so apart from the failures. The bandwidth part after the ports part does
    // not try it again: its pairs are not tested for the ports part's reason, no second line.
    void aServerNotReachedIsNotTestedNorSuspected()
    {
        Project project = cpuProject();
        project.servers[3].port = 2; // nothing listens: refused at the connect
        const QString path = save(project, u"unreached.clusterwiz.json"_s);
        const CliRun run = doctor(path, {u"--only"_s, u"ports,bandwidth"_s, u"--size"_s, u"4"_s});
        QVERIFY2(run.exitCode == 1, run.describe());
        const QJsonObject report = reportOf(run);
        const QJsonArray ports = report[u"host_ports"_s].toArray();
        QVERIFY(!ports.isEmpty());
        int untested = 0;
        for (const QJsonValue &value : ports) {
            const QJsonObject entry = value.toObject();
            const bool withIt = entry[u"server"_s].toString() == u"server3"_s ||
                                entry[u"peer_server"_s].toString() == u"server3"_s;
            const QString dump =
                QString::fromUtf8(QJsonDocument(entry).toJson(QJsonDocument::Compact));
            if (withIt) {
                ++untested;
                QCOMPARE(entry[u"not_reached"_s].toString(), u"server3"_s);
                QVERIFY2(
                    entry[u"error"_s].toString().startsWith(u"not tested: server3 unreachable ("_s),
                    qPrintable(dump));
            } else {
                QVERIFY2(entry[u"ok"_s].toBool() && entry[u"not_reached"_s].isNull(),
                         qPrintable(dump));
            }
        }
        QVERIFY(untested > 0);
        // Never suspected for what was not tested. (A pair of the others measured slow on a
        // busy machine may be, by the bandwidth part's own rule.)
        const QByteArray suspects = QJsonDocument(report[u"suspects"_s].toArray()).toJson();
        QVERIFY2(!suspects.contains("server3"), suspects.constData());
        const QJsonArray unreached = report[u"servers_not_reached"_s].toArray();
        QCOMPARE(unreached.size(), 1);
        QCOMPARE(unreached[0][u"server"_s].toString(), u"server3"_s);
        const QString why = unreached[0][u"reason"_s].toString();
        const QJsonArray pairs = report[u"bandwidth"_s].toArray();
        QCOMPARE(pairs.size(), kServers * (kServers - 1) / 2);
        for (const QJsonValue &value : pairs) {
            const QJsonObject pair = value.toObject();
            const QString dump =
                QString::fromUtf8(QJsonDocument(pair).toJson(QJsonDocument::Compact));
            if (pair[u"peer_server"_s].toString() == u"server3"_s) {
                QCOMPARE(pair[u"not_reached"_s].toString(), u"server3"_s);
                QCOMPARE(pair[u"error"_s].toString(), notReachedText(u"server3"_s, why));
            } else {
                QVERIFY2(pair[u"gbps"_s].toDouble() > 0 && pair[u"not_reached"_s].isNull(),
                         qPrintable(dump));
            }
        }
        QCOMPARE(report[u"problems"_s].toArray(),
                 QJsonArray{u"ports: server3 not reached: "_s + why});

        const CliRun text = runCli({u"doctor"_s, path, u"--only"_s, u"ports"_s, u"--known-hosts"_s,
                                    m_cluster.knownHosts(), u"--accept-new"_s, u"--ssh-config"_s,
                                    u"none"_s, u"--timeout"_s, u"60"_s},
                                   300000);
        const QString out = QString::fromUtf8(text.out);
        qInfo().noquote() << out;
        QVERIFY2(out.contains(
                     u"failed: 0 links, 0 ports, 0 slow or failed pairs\nnot tested: 0 "
                     u"links, %1 ports, 0 pairs: 1 server not reached (server3)"_s.arg(untested)),
                 qPrintable(out));
        QVERIFY2(!out.contains(u"suspect:"_s), qPrintable(out));
        for (int i = 0; i < kServers - 1; ++i)
            QCOMPARE(processesWith(i, u"clusterwiz-doctor"_s), QString());
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestDoctor)
#include "tst_doctor.moc"
