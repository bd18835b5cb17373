// SPDX-License-Identifier: GPL-3.0-or-later
// One verdict per check, on real servers: 3 simulated Ascend servers (sshd each, own process
// table, the simulated npu-smi/hccn_tool) with faults injected: a wrong device IP, a link down,
// a firewall on the master dropping master_port from one server, a missing entry script, a
// process holding a planned NPU, a driver version and a CANN toolkit version that differ.
// `clusterwiz-cli check` (the C++ verdicts, discovery and active probes over SSH) and the generated
// check.sh run on every server (as an operator would, over SSH, with the servers trusting each
// other as mpirun needs) must give every (server, check) the same status, the checks of live
// connections included, and firewall-ports the same line. tests/unit/tst_checkDifferential does the
// same over recorded facts, fault by fault.
#include "CliProcess.h"
#include "TestCluster.h"

#include "checks/CheckTable.h"
#include "generate/ScriptFiles.h"
#include "model/ProjectJson.h"
#include "plan/Planner.h"
#include "rules/DeviceRoutes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <map>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

constexpr int kServers = 3;

bool writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           file.write(content) == content.size();
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// check.sh's worst line for a check: FAIL over WARN over OK over SKIP.
QString worst(const QStringList &lines)
{
    static const QStringList order = {u"skipped"_s, u"ok"_s, u"warning"_s, u"failed"_s};
    int worstIndex = -1;
    for (const QString &line : lines) {
        const QString word = line.mid(1, 4).trimmed();
        const QString status = word == u"OK"_s     ? u"ok"_s
                               : word == u"WARN"_s ? u"warning"_s
                               : word == u"FAIL"_s ? u"failed"_s
                                                   : u"skipped"_s;
        worstIndex = std::max(worstIndex, int(order.indexOf(status)));
    }
    return worstIndex < 0 ? u"(no line)"_s : order[worstIndex];
}

} // namespace

class TestCheckDifferentialCluster : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;
    Project m_project;
    QString m_projectPath;
    QString m_holder; // pid of the process holding /dev/davinci2 on server 0

    // The simulated tools' state: the plan's addresses and detection addresses, so that every
    // device is right unless a fault says otherwise.
    QByteArray toolState(int index, const QString &extra) const
    {
        const Server &server = m_project.servers[size_t(index)];
        QString state = u"npu_name=910ProB\n"_s;
        for (qsizetype k = 0; k < qsizetype(server.devices.size()); ++k) {
            const int device = server.devices[size_t(k)];
            state += u"address_%1=%2\nnetmask_%1=%3\nnetdetect_%1=%2\ntls_%1=0\n"_s.arg(device).arg(
                server.deviceIps[k], m_project.deviceNetwork.netmask);
        }
        return (state + extra).toUtf8();
    }

    QStringList sshTo(int index) const
    {
        return {u"-i"_s,
                m_cluster.clientKey(),
                u"-o"_s,
                u"UserKnownHostsFile="_s + m_cluster.knownHosts(),
                u"-o"_s,
                u"BatchMode=yes"_s,
                u"root@"_s + m_cluster.ip(index)};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(kServers, &error, true), qPrintable(error));

        m_project.name = u"differential"_s;
        m_project.accelerator = Accelerator::Ascend910;
        for (int i = 0; i < kServers; ++i) {
            Server server;
            server.name = u"server%1"_s.arg(i);
            server.host = m_cluster.ip(i);
            server.user = u"root"_s;
            server.identityFile = m_cluster.clientKey();
            server.devices = {0, 1, 2, 3, 4, 5, 6, 7};
            m_project.servers.push_back(server);
        }
        m_project.launch.mode = LaunchMode::Mpirun;
        m_project.launch.python = u"/usr/bin/python3"_s;
        m_project.launch.workdir = u"/root/work"_s;
        m_project.launch.entry = u"train.py"_s;
        m_project.launch.masterPort = 29517;
        const PlanResult plan = planDeviceNetwork(m_project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        m_project = plan.project;
        m_projectPath = m_dir.filePath(u"p.clusterwiz.json"_s);
        QVERIFY(saveProjectFile(m_project, m_projectPath).isEmpty());

        // Every server trusts every other as mpirun needs: one key, every host key known.
        QByteArray knownHosts;
        for (int i = 0; i < kServers; ++i)
            knownHosts += m_cluster.ip(i).toUtf8() + ' ' +
                          readFile(m_cluster.hostKeyPub(i)).split(' ').mid(0, 2).join(' ') + '\n';
        const QByteArray scripts[] = {
            checkScript(m_project),
        };
        for (int i = 0; i < kServers; ++i) {
            const QString root = m_cluster.serverDir(i) + u"/root"_s;
            QVERIFY(QDir().mkpath(root + u"/.ssh"_s) && QDir().mkpath(root + u"/work"_s));
            QVERIFY(QFile::copy(m_cluster.clientKey(), root + u"/.ssh/id_ed25519"_s) ||
                    QFile::exists(root + u"/.ssh/id_ed25519"_s));
            QFile::setPermissions(root + u"/.ssh/id_ed25519"_s,
                                  QFile::ReadOwner | QFile::WriteOwner);
            QVERIFY(writeFile(root + u"/.ssh/known_hosts"_s, knownHosts));
            QVERIFY(writeFile(root + u"/work/check.sh"_s, scripts[0]));
            // The entry script is missing on server 2.
            if (i != 2)
                QVERIFY(writeFile(root + u"/work/train.py"_s, "print('train')\n"));
        }

        // The faults, one kind per server or two.
        QVERIFY(
            writeFile(m_cluster.serverDir(0) + u"/hccn.conf"_s, toolState(0, u"link_5=DOWN\n"_s)));
        QByteArray wrongIp = toolState(1, {});
        const QString device3 = m_project.servers[1].deviceIps[3];
        wrongIp.replace("address_3=" + device3.toUtf8() + '\n', "address_3=192.168.103.99\n");
        QVERIFY(writeFile(m_cluster.serverDir(1) + u"/hccn.conf"_s, wrongIp));
        QVERIFY(writeFile(m_cluster.serverDir(2) + u"/hccn.conf"_s,
                          toolState(2, u"driver_version=24.1.rc1\n"_s)));
        // The master drops master_port from server 2 only.
        QCOMPARE(m_cluster.sh(0, u"nft add table inet cwtest && nft add chain inet cwtest input "
                                 u"'{ type filter hook input priority 0; policy accept; }' && "
                                 u"nft add rule inet cwtest input ip saddr %1 tcp dport %2 drop"_s
                                     .arg(m_cluster.ip(2))
                                     .arg(m_project.launch.masterPort)),
                 0);
        // CANN's install info on every server (an overlay on its own /usr/local, the simulated
        // tools kept), server 1's toolkit another version than the master's.
        for (int i = 0; i < kServers; ++i) {
            const QString info = u"/usr/local/Ascend/ascend-toolkit/latest/x86_64-linux"_s;
            QCOMPARE(m_cluster.sh(i, u"d=%1/usr-local && mkdir -p $d/keep $d/up $d/work && "
                                     u"mount --bind /usr/local/sbin $d/keep && mount -t overlay "
                                     u"overlay -o lowerdir=/usr/local,upperdir=$d/up,workdir=$d/"
                                     u"work /usr/local && mount --move $d/keep /usr/local/sbin && "
                                     u"mkdir -p %2 && printf 'package_name=Ascend-cann-toolkit\\n"
                                     u"version=%3\\narch=x86_64\\nos=linux\\n' > "
                                     u"%2/ascend_toolkit_install.info"_s.arg(
                                         m_cluster.serverDir(i), info,
                                         i == 1 ? u"8.0.RC2"_s : u"8.0.RC3"_s)),
                     0);
        }
        // A process on server 0 holds /dev/davinci2 (a file on an overlay over its own /dev).
        QByteArray out;
        QCOMPARE(m_cluster.sh(0,
                              u"mkdir -p %1/devup %1/devwork && mount -t overlay overlay -o "
                              u"lowerdir=/dev,upperdir=%1/devup,workdir=%1/devwork /dev && touch "
                              u"/dev/davinci2 && { setsid sleep 600 3</dev/davinci2 >/dev/null "
                              u"2>&1 & echo $!; }"_s.arg(m_cluster.serverDir(0)),
                              &out),
                 0);
        m_holder = QString::fromUtf8(out).trimmed();
        QVERIFY2(m_holder.toInt() > 0, out.constData());
    }

    void cleanupTestCase()
    {
        if (m_holder.toInt() > 0)
            m_cluster.sh(0, u"kill %1"_s.arg(m_holder));
    }

    void sameVerdictsOnRealServers()
    {
        // The C++ verdicts: discovery and the active probes over SSH.
        const CliRun cli =
            runCli({u"check"_s, m_projectPath, u"--json"_s, u"--known-hosts"_s,
                    m_cluster.knownHosts(), u"--accept-new"_s, u"--timeout"_s, u"90"_s},
                   300000);
        QVERIFY2(cli.exitCode == 1, cli.describe().constData());
        std::map<std::pair<QString, QString>, QJsonObject> cpp;
        for (const QJsonValue &value :
             QJsonDocument::fromJson(cli.out).object()[u"results"_s].toArray())
            cpp[{value[u"server"_s].toString(), value[u"check"_s].toString()}] = value.toObject();

        // The injected faults are there (else the comparison proves little).
        const auto status = [&](const QString &server, const QString &check) {
            return cpp[{server, check}][u"status"_s].toString();
        };
        QCOMPARE(status(u"server1"_s, u"device-ips"_s), u"failed"_s);
        QCOMPARE(status(u"server0"_s, u"device-links"_s), u"failed"_s);
        QCOMPARE(status(u"server2"_s, u"master-port-reachable"_s), u"failed"_s);
        QCOMPARE(status(u"server2"_s, u"paths"_s), u"failed"_s);
        QCOMPARE(status(u"server0"_s, u"device-processes"_s), u"failed"_s);
        QCOMPARE(status(u"server0"_s, u"versions"_s), u"failed"_s);
        const QString versions = cpp[{u"server0"_s, u"versions"_s}][u"reason"_s].toString();
        QVERIFY2(versions.contains(u"CANN: 8.0.RC3 on server0, server2; 8.0.RC2 on server1"_s),
                 qPrintable(versions));
        QCOMPARE(status(u"server1"_s, u"paths"_s), u"ok"_s);
        QCOMPARE(status(u"server0"_s, u"firewall-ports"_s), u"failed"_s);

        // check.sh on every server, as an operator runs it there.
        static const QRegularExpression line(
            u"^\\[(?: OK |WARN|FAIL|SKIP)\\] ([a-z0-9-]+): (.*)$"_s);
        std::map<std::pair<QString, QString>, QStringList> bash;
        for (int i = 0; i < kServers; ++i) {
            QProcess ssh;
            ssh.start(u"ssh"_s, sshTo(i) << u"cd /root/work && bash check.sh"_s);
            QVERIFY(ssh.waitForFinished(300000));
            const QString output = QString::fromUtf8(ssh.readAllStandardOutput());
            QVERIFY2(ssh.exitCode() == 1,
                     qPrintable(output + QString::fromUtf8(ssh.readAllStandardError())));
            const QString name = m_project.servers[size_t(i)].name;
            for (const QString &row : output.split(u'\n')) {
                const auto match = line.match(row);
                if (!match.hasMatch())
                    continue;
                const QString check = match.captured(1);
                const CheckSpec *spec = checkSpec(check);
                // The master (or the server that logs in to the others, peerLoginIndex) decides
                // the others' rows: its line "NAME: ..." is NAME's.
                const bool peer = spec && spec->row == CheckRole::PeerTargets &&
                                  spec->scriptRole == CheckRole::PeerHub;
                if (peer || (spec && spec->row == CheckRole::OtherServers &&
                             spec->scriptRole == CheckRole::Master)) {
                    if (i == (peer ? m_project.peerLoginIndex() : m_project.masterIndex()))
                        bash[{match.captured(2).section(u':', 0, 0), check}] << row;
                    continue;
                }
                bash[{name, check}] << row;
            }
        }

        QStringList differences;
        int compared = 0;
        for (const auto &[key, result] : cpp) {
            const QString cppStatus = result[u"status"_s].toString();
            const QString bashStatus = worst(bash[key]);
            ++compared;
            // The master's (or supervisor's) logins to the others: C++ skips its own row,
            // check.sh writes no line for it.
            const CheckSpec *spec = checkSpec(key.second);
            if (spec &&
                (spec->row == CheckRole::OtherServers || spec->row == CheckRole::PeerTargets) &&
                bash[key].isEmpty() && cppStatus == u"skipped"_s)
                continue;
            // firewall-ports: one line, the C++ reason itself.
            const bool sameLine = key.second != QLatin1StringView(check::kFirewallPorts) ||
                                  (bash[key].size() == 1 && bash[key].front().section(u": "_s, 1) ==
                                                                result[u"reason"_s].toString());
            if (cppStatus != bashStatus || !sameLine)
                differences << u"%1 %2: C++ %3, check.sh %4 (C++: %5 | check.sh: %6)"_s.arg(
                    key.first, key.second, cppStatus, bashStatus, result[u"reason"_s].toString(),
                    bash[key].join(u" / "_s));
        }
        QVERIFY(compared >= kServers * 15);
        QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestCheckDifferentialCluster)
#include "tst_checkDifferentialLive.moc"
