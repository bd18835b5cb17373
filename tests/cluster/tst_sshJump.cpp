// SPDX-License-Identifier: GPL-3.0-or-later
// Servers reached only through a bastion, as users configure it in an ssh config: three simulated
// servers (tests/cluster/cluster.sh), server0 the bastion; nft in servers 1 and 2 drops SSH from
// this machine, so everything below really goes through the jump. SshSession through one and two
// hops (bulk data both ways, every hop's host key checked, the chain torn down on disconnect and
// on a lost bastion), then the real clusterwiz-cli: discover, check, launch and logs.
#include "CliProcess.h"
#include "JobTestSupport.h"
#include "SshTestSupport.h"

#include "model/ProjectJson.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>

using namespace cw;
using namespace sshtest;
using namespace Qt::StringLiterals;

namespace {

constexpr int kServers = 3; // server0: the bastion; servers 1 and 2 only behind it

} // namespace

class TestSshJump : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;
    QString m_config;

    SshTarget aliasTarget(const QString &alias, const QString &knownHosts) const
    {
        SshTarget target;
        target.host = alias;
        target.knownHostsFile = knownHosts;
        target.sshConfigFile = m_config;
        target.parseSshConfig = true;
        target.connectTimeoutMs = 5000;
        return target;
    }

    QString knownHostsWith(const QString &name, const QByteArray &lines)
    {
        const QString path = m_dir.filePath(name);
        writeFile(path, lines);
        return path;
    }

    // "IP TYPE BLOB" for server `index`'s key under `host` (its own address by default).
    QByteArray knownHostsLine(int index, const QString &host = {}) const
    {
        const QList<QByteArray> key = readFile(m_cluster.hostKeyPub(index)).split(' ');
        return (host.isEmpty() ? m_cluster.ip(index) : host).toUtf8() + ' ' + key.value(0) + ' ' +
               key.value(1).trimmed() + '\n';
    }

    // Established SSH connections into server `index` coming from `peer`.
    int sshConnections(int index, const QString &peer) const
    {
        QByteArray output;
        m_cluster.sh(index, u"ss -Htn state established '( sport = :22 )'"_s, &output);
        return int(output.count(peer.toUtf8() + ':'));
    }

    bool waitForConnections(int index, const QString &peer, int count) const
    {
        for (int i = 0; i < 100; ++i) {
            if (sshConnections(index, peer) == count)
                return true;
            QThread::msleep(50);
        }
        return false;
    }

    QStringList cliFleet(const QString &knownHosts) const
    {
        return {u"--ssh-config"_s, m_config,       u"--known-hosts"_s,
                knownHosts,        u"--timeout"_s, u"60"_s};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        bringUp(m_cluster, kServers);
        const QString ssh = jobtest::setUpServerSsh(m_cluster);
        QVERIFY2(ssh.isEmpty(), qPrintable(ssh));
        for (int i = 1; i < kServers; ++i) {
            // Only this machine is shut out: the bastion and the servers among themselves still
            // reach port 22 (the job's own traffic never passes here).
            QCOMPARE(m_cluster.sh(
                         i, u"nft add table inet cwjump && "
                            u"nft add chain inet cwjump input "
                            u"'{ type filter hook input priority 0; policy accept; }' && "
                            u"nft add rule inet cwjump input ip saddr %1 tcp dport 22 drop"_s.arg(
                                m_cluster.bridgeIp())),
                     0);
        }
        m_config = m_dir.filePath(u"ssh_config"_s);
        const QByteArray ip0 = m_cluster.ip(0).toUtf8(), ip1 = m_cluster.ip(1).toUtf8(),
                         ip2 = m_cluster.ip(2).toUtf8();
        writeFile(m_config, "Host bastion\n    HostName " + ip0 + "\n" +
                                "Host inner1\n    HostName " + ip1 + "\n    ProxyJump bastion\n" +
                                "Host inner2\n    HostName " + ip2 + "\n    ProxyJump bastion\n" +
                                "Host deep2\n    HostName " + ip2 +
                                "\n    ProxyJump bastion,inner1\n" +
                                "Host *\n    User root\n    IdentityFile " +
                                m_cluster.clientKey().toUtf8() + "\n");
    }

    void directAccessIsDropped()
    {
        for (int i = 1; i < kServers; ++i) {
            QByteArray rules;
            m_cluster.sh(i, u"nft list ruleset"_s, &rules);
            QVERIFY2(
                rules.contains("ip saddr " + m_cluster.bridgeIp().toUtf8() + " tcp dport 22 drop"),
                rules.constData());
            SshTarget direct = targetFor(m_cluster, i, m_cluster.knownHosts());
            direct.connectTimeoutMs = 2000;
            QElapsedTimer timer;
            timer.start();
            SshSession session;
            const SshError error = session.connect(direct, nullptr);
            QVERIFY2(error.kind == SshError::Kind::Unreachable ||
                         error.kind == SshError::Kind::Timeout,
                     qPrintable(error.message));
            QVERIFY2(timer.elapsed() >= 1500, "dropped, so it waits for its limit"); // not refused
        }
        AcceptNewHostKeys accept;
        SshSession bastion; // the bastion itself is open to us
        const SshError error =
            bastion.connect(targetFor(m_cluster, 0, m_dir.filePath(u"kh_direct"_s)), &accept);
        QVERIFY2(!error.isError(), qPrintable(error.message));
    }

    void unknownBastionKeyIsRefused()
    {
        const QString knownHosts = knownHostsWith(u"kh_empty"_s, {});
        const int bastionLogins = m_cluster.acceptedLogins(0);
        const int innerLogins = m_cluster.acceptedLogins(1);
        SshSession session;
        const SshError error = session.connect(aliasTarget(u"inner1"_s, knownHosts), nullptr);
        QCOMPARE(error.kind, SshError::Kind::HostKeyUnknown);
        QVERIFY2(error.message.startsWith(u"jump host bastion for inner1: "_s),
                 qPrintable(error.message));
        QCOMPARE(session.hostKey().jumpHost, u"bastion"_s);
        QCOMPARE(session.hostKey().fingerprint, fingerprintOf(m_cluster.hostKeyPub(0)));
        QCOMPARE(session.hostKey().knownHostsName, m_cluster.ip(0));
        QVERIFY(!session.isConnected());
        QCOMPARE(m_cluster.acceptedLogins(0), bastionLogins);
        QCOMPARE(m_cluster.acceptedLogins(1), innerLogins);
        QCOMPARE(readFile(knownHosts), QByteArray());
    }

    void unknownInnerKeyIsRefusedBehindAKnownBastion()
    {
        const QString knownHosts = knownHostsWith(u"kh_bastion"_s, knownHostsLine(0));
        const int innerLogins = m_cluster.acceptedLogins(1);
        SshSession session;
        const SshError error = session.connect(aliasTarget(u"inner1"_s, knownHosts), nullptr);
        QCOMPARE(error.kind, SshError::Kind::HostKeyUnknown);
        QVERIFY(session.hostKey().jumpHost.isEmpty());
        QCOMPARE(session.hostKey().fingerprint, fingerprintOf(m_cluster.hostKeyPub(1)));
        QVERIFY2(error.message.contains(m_cluster.ip(1) + u":22"_s) &&
                     error.message.contains(u"via bastion"_s),
                 qPrintable(error.message));
        QCOMPARE(m_cluster.acceptedLogins(1), innerLogins);
    }

    void changedKeysAreRefused()
    {
        // server2's key recorded under server1's address: what a man in the middle would show.
        const QString innerChanged = knownHostsWith(
            u"kh_inner_changed"_s, knownHostsLine(0) + knownHostsLine(2, m_cluster.ip(1)));
        const int innerLogins = m_cluster.acceptedLogins(1);
        AcceptNewHostKeys accept; // even accept-new never takes a changed key
        SshSession session;
        SshError error = session.connect(aliasTarget(u"inner1"_s, innerChanged), &accept);
        QCOMPARE(error.kind, SshError::Kind::HostKeyChanged);
        QVERIFY(session.hostKey().jumpHost.isEmpty());
        QVERIFY2(error.message.contains(fingerprintOf(m_cluster.hostKeyPub(1))),
                 qPrintable(error.message));
        QCOMPARE(m_cluster.acceptedLogins(1), innerLogins);

        const QString bastionChanged =
            knownHostsWith(u"kh_bastion_changed"_s, knownHostsLine(1, m_cluster.ip(0)));
        const int bastionLogins = m_cluster.acceptedLogins(0);
        error = session.connect(aliasTarget(u"inner1"_s, bastionChanged), &accept);
        QCOMPARE(error.kind, SshError::Kind::HostKeyChanged);
        QCOMPARE(session.hostKey().jumpHost, u"bastion"_s);
        QVERIFY2(error.message.startsWith(u"jump host bastion for inner1: refused"_s),
                 qPrintable(error.message));
        QCOMPARE(m_cluster.acceptedLogins(0), bastionLogins);
    }

    void commandsAndUploadsThroughTheBastion()
    {
        const QString knownHosts = knownHostsWith(u"kh_accept"_s, {});
        AcceptNewHostKeys accept;
        SshSession session;
        const SshError error = session.connect(aliasTarget(u"inner1"_s, knownHosts), &accept);
        QVERIFY2(!error.isError(), qPrintable(error.message));
        QCOMPARE(session.exec(u"hostname"_s, 10000).out, QByteArray("server1\n"));
        QVERIFY2(session.endpoint().contains(u"via bastion"_s), qPrintable(session.endpoint()));
        QCOMPARE(session.hostKey().knownHostsName, m_cluster.ip(1));
        // Each hop recorded under its own address, as if it had been reached directly.
        const QByteArray recorded = readFile(knownHosts);
        QVERIFY2(recorded.contains(m_cluster.ip(0).toUtf8() + " ssh-ed25519 ") &&
                     recorded.contains(m_cluster.ip(1).toUtf8() + " ssh-ed25519 "),
                 recorded.constData());

        // Megabytes both ways: the pump keeps to the channel window and passes every byte.
        QByteArray blob(3 * 1024 * 1024 + 16, Qt::Uninitialized);
        QRandomGenerator::global()->fillRange(reinterpret_cast<quint32 *>(blob.data()),
                                              blob.size() / 4);
        const SshError uploaded = session.upload(blob, u"/root/blob.bin"_s, 0600, 60000);
        QVERIFY2(!uploaded.isError(), qPrintable(uploaded.message));
        const ExecResult back = session.exec(u"cat /root/blob.bin"_s, 60000);
        QVERIFY2(back.ok(), qPrintable(back.error.message));
        QCOMPARE(back.out.size(), blob.size());
        QVERIFY(back.out == blob);
        const ExecResult echoed = session.exec(u"cat"_s, 60000, nullptr, blob);
        QVERIFY(echoed.ok() && echoed.out == blob);
    }

    void twoHops()
    {
        const QString knownHosts =
            knownHostsWith(u"kh_two"_s, knownHostsLine(0) + knownHostsLine(1));
        const int hopLogins = m_cluster.acceptedLogins(1);
        SshSession session;
        SshError error = session.connect(aliasTarget(u"deep2"_s, knownHosts), nullptr);
        QCOMPARE(error.kind, SshError::Kind::HostKeyUnknown); // server2's key is not known yet
        QCOMPARE(session.hostKey().fingerprint, fingerprintOf(m_cluster.hostKeyPub(2)));
        TrustFingerprints trust({fingerprintOf(m_cluster.hostKeyPub(2))});
        error = session.connect(aliasTarget(u"deep2"_s, knownHosts), &trust);
        QVERIFY2(!error.isError(), qPrintable(error.message));
        QCOMPARE(session.exec(u"hostname"_s, 10000).out, QByteArray("server2\n"));
        QVERIFY2(session.endpoint().endsWith(u"via bastion, inner1"_s),
                 qPrintable(session.endpoint()));
        QCOMPARE(m_cluster.acceptedLogins(1), hopLogins + 2); // inner1 was a hop both times
    }

    void disconnectEndsEveryHop()
    {
        const QString knownHosts =
            knownHostsWith(u"kh_teardown"_s, knownHostsLine(0) + knownHostsLine(1));
        QVERIFY(waitForConnections(0, m_cluster.bridgeIp(), 0));
        SshSession session;
        const SshError error = session.connect(aliasTarget(u"inner1"_s, knownHosts), nullptr);
        QVERIFY2(!error.isError(), qPrintable(error.message));
        QCOMPARE(sshConnections(0, m_cluster.bridgeIp()), 1);
        QCOMPARE(sshConnections(1, m_cluster.ip(0)), 1);
        session.disconnect();
        QVERIFY(waitForConnections(0, m_cluster.bridgeIp(), 0));
        QVERIFY(waitForConnections(1, m_cluster.ip(0), 0));
    }

    void lostBastionEndsTheSessionInTime()
    {
        const QString knownHosts =
            knownHostsWith(u"kh_lost"_s, knownHostsLine(0) + knownHostsLine(1));
        SshSession session;
        SshError error = session.connect(aliasTarget(u"inner1"_s, knownHosts), nullptr);
        QVERIFY2(!error.isError(), qPrintable(error.message));
        QVERIFY(m_cluster.linkDown(0));
        QElapsedTimer timer;
        timer.start();
        const ExecResult result = session.exec(u"hostname"_s, 3000);
        const qint64 elapsed = timer.elapsed();
        QVERIFY(m_cluster.linkUp(0));
        // The command's limit ends the wait on the silent chain, and names it a timeout.
        QVERIFY2(result.error.kind == SshError::Kind::Timeout, qPrintable(result.error.message));
        QVERIFY2(elapsed < 6000, qPrintable(QString::number(elapsed)));
        QVERIFY(!session.isConnected());
        // The chain comes back with the link.
        error = session.connect(aliasTarget(u"inner1"_s, knownHosts), nullptr);
        QVERIFY2(!error.isError(), qPrintable(error.message));
        QCOMPARE(session.exec(u"hostname"_s, 10000).out, QByteArray("server1\n"));
    }

    void cliDiscoverCheckLaunchAndLogsThroughTheJump()
    {
        Project project =
            jobtest::cpuProject(m_cluster, 2, 1, LaunchMode::Launch, {u"--steps"_s, u"3"_s});
        for (int k = 0; k < 2; ++k) {
            Server &server = project.servers[size_t(k)];
            server.name = u"inner%1"_s.arg(k + 1);
            server.host = server.name; // the alias; address, user and key come from the config
            server.user.clear();
            server.identityFile.clear();
            server.hostIp = m_cluster.ip(k + 1);
        }
        const QString path = m_dir.filePath(u"jump.clusterwiz.json"_s);
        QCOMPARE(saveProjectFile(project, path), QString());
        const QString knownHosts = knownHostsWith(u"kh_cli"_s, {});

        // Without --accept-new the bastion's unknown key stops both servers there.
        const CliRun refused = runCli(QStringList{u"discover"_s, path} + cliFleet(knownHosts));
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.out.contains("jump host bastion for inner1") &&
                     refused.out.contains(fingerprintOf(m_cluster.hostKeyPub(0)).toUtf8()),
                 refused.describe().constData());
        QCOMPARE(readFile(knownHosts), QByteArray());

        const CliRun found =
            runCli(QStringList{u"discover"_s, path, u"--json"_s, u"--accept-new"_s} +
                   cliFleet(knownHosts));
        QVERIFY2(found.exitCode == 0, found.describe().constData());
        QVERIFY2(found.out.contains("\"server1\"") && found.out.contains("\"server2\""),
                 found.out.constData());

        const CliRun check =
            runCli(QStringList{u"check"_s, path, u"--json"_s, u"--all"_s} + cliFleet(knownHosts));
        const QJsonArray rows = QJsonDocument::fromJson(check.out).object()[u"results"_s].toArray();
        int sshOk = 0;
        for (const QJsonValue &value : rows) {
            const QJsonObject row = value.toObject();
            if (row[u"check"_s].toString() == u"ssh"_s && row[u"status"_s].toString() == u"ok"_s)
                ++sshOk;
            QVERIFY2(row[u"status"_s].toString() != u"failed"_s,
                     QJsonDocument(row).toJson().constData());
        }
        QVERIFY2(sshOk == 2, check.describe().constData());

        const CliRun launch =
            runCli(QStringList{u"launch"_s, path, u"--allow-upload-outside"_s, u"--follow"_s} +
                       cliFleet(knownHosts),
                   120000);
        QVERIFY2(launch.exitCode == 0, launch.describe().constData());
        const QString runId = QString::fromUtf8(launch.out).section(u'\n', 0, 0);
        QVERIFY2(launch.err.contains(u"run %1: finished"_s.arg(runId).toUtf8()),
                 launch.describe().constData());

        const CliRun logs = runCli(QStringList{u"logs"_s, path} + cliFleet(knownHosts));
        QVERIFY2(logs.exitCode == 0, logs.describe().constData());
        QVERIFY2(logs.out.startsWith("[inner1/0] "), logs.out.constData());
        QVERIFY2(logs.out.contains("[inner2/1] "), logs.out.constData());
        QCOMPARE(logs.out.count("loss = "), 6); // 3 steps on each of the two ranks
        QVERIFY(jobtest::jobProcesses(m_cluster, 1).isEmpty());
        QVERIFY(jobtest::jobProcesses(m_cluster, 2).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSshJump)
#include "tst_sshJump.moc"
