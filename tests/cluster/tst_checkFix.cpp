// SPDX-License-Identifier: GPL-3.0-or-later
// `clusterwiz-cli check`, `fix` and `undo` (the real binary) against 2 simulated servers
// (tests/cluster/cluster.sh): unknown and changed host keys, device IPs wrong on one device, a
// firewall dropping the master port, password-free login between servers missing, and a server
// whose link goes down in the middle of a check. Every fix is proven by what the server shows
// afterwards (hccn_tool read-back, `nft list ruleset`, a real `ssh` between namespaces).
#include "CliProcess.h"
#include "TestCluster.h"

#include "model/ProjectJson.h"
#include "plan/Planner.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

constexpr int kServers = 2;
const QString kHccnTool = QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/fixtures/ascend/hccn_tool");

QString fingerprintOf(const QString &publicKeyFile)
{
    QProcess keygen;
    keygen.start(u"ssh-keygen"_s, {u"-lf"_s, publicKeyFile});
    keygen.waitForFinished(10000);
    return QString::fromUtf8(keygen.readAllStandardOutput()).section(u' ', 1, 1);
}

// One row of `check --json`: {server, check, status, reason, fixes}; empty when absent.
QJsonObject resultOf(const CliRun &run, const QString &check, const QString &server)
{
    const QJsonArray results = QJsonDocument::fromJson(run.out).object()[u"results"_s].toArray();
    for (const QJsonValue &value : results) {
        const QJsonObject row = value.toObject();
        if (row[u"check"_s].toString() == check && row[u"server"_s].toString() == server)
            return row;
    }
    return {};
}

QString statusOf(const CliRun &run, const QString &check, const QString &server)
{
    return resultOf(run, check, server)[u"status"_s].toString();
}

} // namespace

class TestCheckFix : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;
    Project m_planned; // ascend910, device IPs planned

    QString server(int index) const { return u"node%1"_s.arg(index); }

    Project baseProject(LaunchMode mode) const
    {
        Project project;
        project.name = u"check-fix-test"_s;
        project.accelerator = Accelerator::Ascend910;
        for (int i = 0; i < kServers; ++i) {
            Server node;
            node.name = server(i);
            node.host = m_cluster.ip(i);
            node.user = u"root"_s;
            node.identityFile = m_cluster.clientKey();
            node.devices = {0, 1, 2, 3, 4, 5, 6, 7};
            project.servers.push_back(node);
        }
        project.launch.mode = mode;
        project.launch.workdir = u"/root"_s;
        project.launch.entry = u"train.py"_s;
        project.launch.python = u"/usr/bin/python3"_s;
        return project;
    }

    QString save(const Project &project, const QString &name)
    {
        const QString path = m_dir.filePath(name);
        const QString error = saveProjectFile(project, path);
        return error.isEmpty() ? path : QString();
    }

    QStringList fleet(const QString &knownHosts = {}) const
    {
        return {u"--known-hosts"_s, knownHosts.isEmpty() ? m_cluster.knownHosts() : knownHosts,
                u"--timeout"_s, u"60"_s};
    }

    CliRun check(const QString &path)
    {
        return runCli(QStringList{u"check"_s, path, u"--json"_s} + fleet());
    }

    // What hccn_tool on server `index` says device `device`'s IP is.
    QString deviceIpOn(int index, int device) const
    {
        QByteArray output;
        m_cluster.sh(
            index,
            u"HCCN_CONF=%1/hccn.conf %2 -i %3 -ip -g"_s.arg(m_cluster.serverDir(index), kHccnTool)
                .arg(device),
            &output);
        const qsizetype at = output.indexOf("ipaddr:");
        return at < 0 ? QString()
                      : QString::fromUtf8(output.mid(at + 7, output.indexOf('\n', at) - at - 7))
                            .trimmed();
    }

    bool setDeviceIpOn(int index, int device, const QString &address) const
    {
        return m_cluster.sh(
                   index,
                   u"HCCN_CONF=%1/hccn.conf %2 -i %3 -ip -s address %4 netmask 255.255.255.0"_s
                       .arg(m_cluster.serverDir(index), kHccnTool)
                       .arg(device)
                       .arg(address)) == 0;
    }

    QByteArray nftRuleset(int index) const
    {
        QByteArray output;
        m_cluster.sh(index, u"nft list ruleset"_s, &output);
        return output;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(kServers, &error), qPrintable(error));
        for (int i = 0; i < kServers; ++i)
            QCOMPARE(m_cluster.sh(i, u"echo 'print(1)' > /root/train.py"_s), 0);
        const PlanResult plan = planDeviceNetwork(baseProject(LaunchMode::RankTable));
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        m_planned = plan.project;
    }

    void unknownHostKeysAreRefusedWithoutAcceptNew()
    {
        const QString path = save(m_planned, u"keys.clusterwiz.json"_s);
        const QString fresh = m_dir.filePath(u"fresh_known_hosts"_s);
        QVERIFY(QFile(fresh).open(QIODevice::WriteOnly));
        const int loginsBefore = m_cluster.acceptedLogins(0) + m_cluster.acceptedLogins(1);
        const CliRun refused = runCli(QStringList{u"check"_s, path, u"--json"_s} + fleet(fresh));
        QVERIFY2(refused.exitCode == 1, refused.describe());
        for (int i = 0; i < kServers; ++i) {
            const QJsonObject ssh = resultOf(refused, u"ssh"_s, server(i));
            QCOMPARE(ssh[u"status"_s].toString(), u"failed"_s);
            const QString reason = ssh[u"reason"_s].toString();
            QVERIFY2(reason.contains(fingerprintOf(m_cluster.hostKeyPub(i))), qPrintable(reason));
        }
        QVERIFY2(refused.err.contains("run again with --accept-new"), refused.err.constData());
        QCOMPARE(m_cluster.acceptedLogins(0) + m_cluster.acceptedLogins(1), loginsBefore);
        QVERIFY(QFile(fresh).size() == 0);

        // Accepted once, the keys are known from then on (the rest of the tests use them).
        const CliRun accepted =
            runCli(QStringList{u"discover"_s, path, u"--accept-new"_s} + fleet());
        QVERIFY2(accepted.exitCode == 0, accepted.describe());
        const CliRun known = check(path);
        for (int i = 0; i < kServers; ++i)
            QCOMPARE(statusOf(known, u"ssh"_s, server(i)), u"ok"_s);
    }

    void wrongDeviceIpIsNamedFixedAndUndone()
    {
        const QString path = save(m_planned, u"devices.clusterwiz.json"_s);
        // Bring both servers to the plan first (the simulated servers start with other IPs).
        const CliRun first = runCli(QStringList{u"fix"_s, path, u"set-device-ips"_s} + fleet());
        QVERIFY2(first.exitCode == 0, first.describe());
        for (int i = 0; i < kServers; ++i) {
            for (int d = 0; d < 8; ++d)
                QCOMPARE(deviceIpOn(i, d), m_planned.servers[size_t(i)].deviceIps[d]);
        }

        // One device drifts on one server: the check names exactly that server and device.
        const QString wrong = u"192.168.250.3"_s;
        QVERIFY(setDeviceIpOn(1, 3, wrong));
        const CliRun broken = check(path);
        QVERIFY2(broken.exitCode == 1, broken.describe());
        QCOMPARE(statusOf(broken, u"device-ips"_s, server(0)), u"ok"_s);
        const QJsonObject row = resultOf(broken, u"device-ips"_s, server(1));
        QCOMPARE(row[u"status"_s].toString(), u"failed"_s);
        const QString reason = row[u"reason"_s].toString();
        QVERIFY2(reason.contains(u"device 3"_s) && reason.contains(wrong), qPrintable(reason));
        QVERIFY2(!reason.contains(u"device 2"_s), qPrintable(reason));
        QVERIFY(row[u"fixes"_s].toArray().contains(u"set-device-ips"_s));

        // The dry run shows the exact command for that device and changes nothing.
        const CliRun dry =
            runCli(QStringList{u"fix"_s, path, u"device-ips"_s, u"--dry-run"_s} + fleet());
        QVERIFY2(dry.exitCode == 0, dry.describe());
        QVERIFY2(dry.out.contains("'hccn_tool' '-i' '3' '-ip' '-s' 'address' '" +
                                  m_planned.servers[1].deviceIps[3].toUtf8() + "'"),
                 dry.out.constData());
        QVERIFY2(dry.out.contains("[node1] device 3: " + wrong.toUtf8()), dry.out.constData());
        QVERIFY2(!dry.out.contains("'-i' '2'") && !dry.out.contains("[node0]"),
                 dry.out.constData());
        QCOMPARE(deviceIpOn(1, 3), wrong);

        const CliRun fixed = runCli(QStringList{u"fix"_s, path, u"device-ips"_s} + fleet());
        QVERIFY2(fixed.exitCode == 0, fixed.describe());
        for (int d = 0; d < 8; ++d)
            QCOMPARE(deviceIpOn(1, d), m_planned.servers[1].deviceIps[d]);
        QCOMPARE(statusOf(check(path), u"device-ips"_s, server(1)), u"ok"_s);

        // undo puts back exactly what the last fix replaced.
        const CliRun undone = runCli(QStringList{u"undo"_s, path} + fleet());
        QVERIFY2(undone.exitCode == 0, undone.describe());
        QCOMPARE(deviceIpOn(1, 3), wrong);
        QCOMPARE(deviceIpOn(1, 2), m_planned.servers[1].deviceIps[2]);
        QVERIFY(setDeviceIpOn(1, 3, m_planned.servers[1].deviceIps[3]));
    }

    void firewallDroppingTheMasterPortIsOpenedAndRestored()
    {
        const QString path = save(m_planned, u"firewall.clusterwiz.json"_s);
        QCOMPARE(m_cluster.sh(0, u"nft add table inet cwtest && "
                                 u"nft add chain inet cwtest input "
                                 u"'{ type filter hook input priority 0; policy accept; }' && "
                                 u"nft add rule inet cwtest input tcp dport 29501 drop"_s),
                 0);
        const QByteArray blocked = nftRuleset(0);
        QVERIFY(blocked.contains("tcp dport 29501 drop"));

        const CliRun found = check(path);
        QVERIFY2(found.exitCode == 1, found.describe());
        const QJsonObject ports = resultOf(found, u"firewall-ports"_s, server(0));
        QCOMPARE(ports[u"status"_s].toString(), u"failed"_s);
        QVERIFY2(ports[u"reason"_s].toString().contains(u"29501"_s),
                 qPrintable(ports[u"reason"_s].toString()));
        QVERIFY(ports[u"fixes"_s].toArray().contains(u"open-ports"_s));
        QCOMPARE(statusOf(found, u"firewall-ports"_s, server(1)), u"ok"_s);
        QCOMPARE(statusOf(found, u"master-port-reachable"_s, server(1)), u"failed"_s);

        const CliRun dry =
            runCli(QStringList{u"fix"_s, path, u"open-ports"_s, u"--dry-run"_s} + fleet());
        QVERIFY2(dry.exitCode == 0, dry.describe());
        QVERIFY2(
            dry.out.contains("nft insert rule 'inet' 'cwtest' 'input' tcp dport '29501' accept"),
            dry.out.constData());
        QCOMPARE(nftRuleset(0), blocked);

        const CliRun fixed = runCli(QStringList{u"fix"_s, path, u"open-ports"_s} + fleet());
        QVERIFY2(fixed.exitCode == 0, fixed.describe());
        QVERIFY(nftRuleset(0).contains("tcp dport 29501 accept"));
        const CliRun after = check(path);
        QCOMPARE(statusOf(after, u"firewall-ports"_s, server(0)), u"ok"_s);
        QCOMPARE(statusOf(after, u"master-port-reachable"_s, server(1)), u"ok"_s);
        // Least invasive: the firewall still runs with the user's own rule in place.
        QVERIFY(nftRuleset(0).contains("tcp dport 29501 drop"));

        const CliRun undone = runCli(QStringList{u"undo"_s, path} + fleet());
        QVERIFY2(undone.exitCode == 0, undone.describe());
        QCOMPARE(nftRuleset(0), blocked);
        QCOMPARE(m_cluster.sh(0, u"nft delete table inet cwtest"_s), 0);
    }

    void missingPeerLoginIsDeployedAndWorksWithRealSsh()
    {
        Project project = m_planned;
        project.launch.mode = LaunchMode::Mpirun;
        const QString path = save(project, u"mpirun.clusterwiz.json"_s);
        const CliRun found = check(path);
        QVERIFY2(found.exitCode == 1, found.describe());
        const QJsonObject login = resultOf(found, u"peer-login"_s, server(1));
        QCOMPARE(login[u"status"_s].toString(), u"failed"_s);
        QVERIFY(login[u"fixes"_s].toArray().contains(u"deploy-ssh-key"_s));
        QCOMPARE(statusOf(found, u"known-hosts"_s, server(1)), u"failed"_s);

        const QString sshFromMaster =
            u"ssh -n -o BatchMode=yes -o StrictHostKeyChecking=yes -o ConnectTimeout=10 %1 hostname"_s
                .arg(m_cluster.ip(1));
        QVERIFY(m_cluster.sh(0, sshFromMaster) != 0);

        const CliRun key = runCli(QStringList{u"fix"_s, path, u"deploy-ssh-key"_s} + fleet());
        QVERIFY2(key.exitCode == 0, key.describe());
        const CliRun hosts = runCli(QStringList{u"fix"_s, path, u"add-known-hosts"_s} + fleet());
        QVERIFY2(hosts.exitCode == 0, hosts.describe());

        QByteArray output;
        QCOMPARE(m_cluster.sh(0, sshFromMaster, &output), 0);
        QCOMPARE(output.trimmed(), QByteArray("server1"));
        const CliRun after = check(path);
        QCOMPARE(statusOf(after, u"peer-login"_s, server(1)), u"ok"_s);
        QCOMPARE(statusOf(after, u"known-hosts"_s, server(1)), u"ok"_s);

        // undo of add-known-hosts leaves the master without the entry again.
        const CliRun undone = runCli(QStringList{u"undo"_s, path} + fleet());
        QVERIFY2(undone.exitCode == 0, undone.describe());
        QCOMPARE(statusOf(check(path), u"known-hosts"_s, server(1)), u"failed"_s);
    }

    void changedHostKeyIsRefusedAndNothingRuns()
    {
        const QString path = save(m_planned, u"changed.clusterwiz.json"_s);
        const QString key = m_cluster.serverDir(1) + u"/etc/ssh_host_ed25519_key"_s;
        QCOMPARE(
            m_cluster.sh(1, u"rm -f %1 %1.pub && ssh-keygen -q -t ed25519 -N '' -f %1"_s.arg(key)),
            0);
        QVERIFY(m_cluster.restartSshd(1));
        const QString fingerprint = fingerprintOf(m_cluster.hostKeyPub(1));
        const int loginsBefore = m_cluster.acceptedLogins(1);
        const QByteArray knownBefore = [&] {
            QFile file(m_cluster.knownHosts());
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        }();

        // Even --accept-new never accepts a changed key.
        const CliRun refused =
            runCli(QStringList{u"check"_s, path, u"--json"_s, u"--accept-new"_s} + fleet());
        QVERIFY2(refused.exitCode == 1, refused.describe());
        QCOMPARE(statusOf(refused, u"ssh"_s, server(0)), u"ok"_s);
        const QString reason = resultOf(refused, u"ssh"_s, server(1))[u"reason"_s].toString();
        QVERIFY2(reason.contains(fingerprint), qPrintable(reason));
        QVERIFY2(reason.contains(u"changed"_s, Qt::CaseInsensitive), qPrintable(reason));
        QCOMPARE(m_cluster.acceptedLogins(1), loginsBefore);
        QFile known(m_cluster.knownHosts());
        QVERIFY(known.open(QIODevice::ReadOnly));
        QCOMPARE(known.readAll(), knownBefore);
        known.close();

        // The operator's way out: forget the old key, accept the new one.
        QProcess forget;
        forget.start(u"ssh-keygen"_s, {u"-R"_s, m_cluster.ip(1), u"-f"_s, m_cluster.knownHosts()});
        QVERIFY(forget.waitForFinished(10000) && forget.exitCode() == 0);
        const CliRun accepted =
            runCli(QStringList{u"discover"_s, path, u"--accept-new"_s} + fleet());
        QVERIFY2(accepted.exitCode == 0, accepted.describe());
    }

    void linkDownDuringCheckIsUnreachableWithinTheTimeout()
    {
        const QString path = save(m_planned, u"dead.clusterwiz.json"_s);
        // Room for the healthy server's check when other cluster tests load the 2 cores (8 s
        // was exceeded there); the dead one still costs at most twice this.
        constexpr int kTimeoutS = 30;
        QProcess process;
        QElapsedTimer timer;
        timer.start();
        process.start(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz-cli"),
                      {u"check"_s, path, u"--json"_s, u"--known-hosts"_s, m_cluster.knownHosts(),
                       u"--timeout"_s, QString::number(kTimeoutS)});
        QVERIFY(process.waitForStarted());
        QTest::qWait(300); // connected or connecting: the link goes in the middle of the check
        QVERIFY(m_cluster.linkDown(1));
        const bool finished = process.waitForFinished(120000);
        const qint64 elapsed = timer.elapsed();
        QVERIFY(m_cluster.linkUp(1));
        QVERIFY(finished);
        CliRun run;
        run.exitCode = process.exitCode();
        run.out = process.readAllStandardOutput();
        run.err = process.readAllStandardError();
        qInfo("check with server1's link down: %lld ms (per-server timeout %d s)", elapsed,
              kTimeoutS);
        QVERIFY2(run.exitCode == 1, run.describe());
        QCOMPARE(statusOf(run, u"ssh"_s, server(0)), u"ok"_s);
        QCOMPARE(statusOf(run, u"accelerator"_s, server(0)), u"ok"_s);
        const QJsonObject ssh = resultOf(run, u"ssh"_s, server(1));
        QCOMPARE(ssh[u"status"_s].toString(), u"failed"_s);
        QVERIFY2(ssh[u"reason"_s].toString().startsWith(u"unreachable"_s),
                 qPrintable(ssh[u"reason"_s].toString()));
        // Discovery and the active probes each wait at most the per-server timeout.
        QVERIFY2(elapsed < 2 * kTimeoutS * 1000 + 10000, qPrintable(QString::number(elapsed)));
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestCheckFix)
#include "tst_checkFix.moc"
