// SPDX-License-Identifier: GPL-3.0-or-later
// Whom SshSession trusts and how it logs in, against real OpenSSH servers
// (tests/cluster/cluster.sh): unknown host keys refused unless the policy accepts them, accepted
// keys recorded, changed keys always refused with nothing run, an ssh config that tries to switch
// checking off, a key from a real ssh-agent, and an encrypted key that asks for its passphrase.
// The session's own behaviour (exec, timeouts, upload, dead links): tst_sshSession.cpp.
#include "SshTestSupport.h"
#include "TestCluster.h"

#include "ssh/SshSession.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace sshtest;

class TestSshTrust : public QObject {
    Q_OBJECT

    TestCluster m_cluster; // two servers shared by the tests that change nothing on them
    QTemporaryDir m_dir;
    int m_files = 0;

    QString freshKnownHosts() { return m_dir.filePath(u"known_hosts-%1"_s.arg(++m_files)); }

private Q_SLOTS:
    void initTestCase() { bringUp(m_cluster, 2); }

    // No key file in the target: the key comes from a real ssh-agent (SSH_AUTH_SOCK), as on an
    // operator's desktop; the agent is ours, started here and stopped by its pid.
    void agentOffersTheKey()
    {
        const QString socket = m_dir.filePath(u"agent.sock"_s);
        QProcess agent;
        agent.start(u"ssh-agent"_s, {u"-D"_s, u"-a"_s, socket});
        QVERIFY(agent.waitForStarted());
        for (int i = 0; i < 50 && !QFile::exists(socket); ++i)
            QThread::msleep(50);
        QVERIFY(QFile::exists(socket));
        const QByteArray before = qgetenv("SSH_AUTH_SOCK");
        qputenv("SSH_AUTH_SOCK", QFile::encodeName(socket));
        QProcess add;
        add.start(u"ssh-add"_s, {m_cluster.clientKey()});
        const bool added = add.waitForFinished(10000) && add.exitCode() == 0;

        SshTarget target = targetFor(m_cluster, 0, freshKnownHosts());
        target.identityFile.clear();
        SshSession session;
        AcceptNewHostKeys accept;
        const SshError error = added ? session.connect(target, &accept) : SshError{};
        const SshAuthMethod method = session.authMethod();
        session.disconnect();
        if (before.isNull())
            qunsetenv("SSH_AUTH_SOCK");
        else
            qputenv("SSH_AUTH_SOCK", before);
        agent.terminate();
        agent.waitForFinished(5000);
        QVERIFY2(added, add.readAllStandardError().constData());
        QVERIFY2(!error.isError(), qPrintable(error.message));
        QCOMPARE(method, SshAuthMethod::Agent);
    }

    void unknownHostKeyIsRefused()
    {
        const QString knownHosts = freshKnownHosts();
        const int loginsBefore = m_cluster.acceptedLogins(0);
        const QString fingerprint = fingerprintOf(m_cluster.hostKeyPub(0));
        RejectUnknownHostKeys reject;
        HostKeyPolicy *policies[] = {nullptr, &reject};
        for (HostKeyPolicy *policy : policies) {
            SshSession session;
            const SshError error = session.connect(targetFor(m_cluster, 0, knownHosts), policy);
            QCOMPARE(error.kind, SshError::Kind::HostKeyUnknown);
            QVERIFY2(error.message.contains(m_cluster.ip(0) + u":22"_s), qPrintable(error.message));
            QVERIFY2(error.message.contains(fingerprint), qPrintable(error.message));
            QCOMPARE(session.hostKey().state, HostKeyInfo::State::Unknown);
            QCOMPARE(session.hostKey().fingerprint, fingerprint);
            QVERIFY(!session.isConnected());
            const ExecResult result = session.exec(u"touch /root/marker-unknown"_s, 5000);
            QCOMPARE(result.error.kind, SshError::Kind::Unreachable);
        }
        QVERIFY(m_cluster.sh(0, u"test -e /root/marker-unknown"_s) != 0);
        QCOMPARE(m_cluster.acceptedLogins(0), loginsBefore);
        QVERIFY(!QFile::exists(knownHosts) || readFile(knownHosts).isEmpty());
    }

    void acceptedKeyIsRecordedThenKnown()
    {
        const QString knownHosts = freshKnownHosts();
        const SshTarget target = targetFor(m_cluster, 1, knownHosts);
        const QString fingerprint = fingerprintOf(m_cluster.hostKeyPub(1));
        {
            // The GUI's flow: trust only the fingerprint the user saw.
            TrustFingerprints wrong({u"SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"_s});
            SshSession session;
            QCOMPARE(session.connect(target, &wrong).kind, SshError::Kind::HostKeyUnknown);
            TrustFingerprints right({fingerprint});
            const SshError error = session.connect(target, &right);
            QVERIFY2(!error.isError(), qPrintable(error.message));
            QCOMPARE(session.hostKey().state, HostKeyInfo::State::Unknown);
            QVERIFY(session.hostKey().recorded);
            QCOMPARE(session.hostKey().knownHostsName, m_cluster.ip(1));
            QCOMPARE(readFile(knownHosts), session.hostKey().knownHostsLine.toUtf8() + '\n');
        }
        SshSession again;
        const SshError error = again.connect(target, nullptr);
        QVERIFY2(!error.isError(), qPrintable(error.message));
        QCOMPARE(again.hostKey().state, HostKeyInfo::State::Known);
        QVERIFY(!again.hostKey().recorded);
        QCOMPARE(again.exec(u"hostname"_s, 10000).out, QByteArray("server1\n"));
        QCOMPARE(readFile(knownHosts).count('\n'), 1);
        QVERIFY(run(u"ssh-keygen"_s, {u"-F"_s, m_cluster.ip(1), u"-f"_s, knownHosts}));
    }

    void changedHostKeyIsRefused()
    {
        TestCluster cluster;
        bringUp(cluster, 1);
        const QString knownHosts = freshKnownHosts();
        AcceptNewHostKeys accept;
        {
            SshSession session;
            const SshError error = session.connect(targetFor(cluster, 0, knownHosts), &accept);
            QVERIFY2(!error.isError(), qPrintable(error.message));
        }
        const QByteArray recorded = readFile(knownHosts);
        const QString oldFingerprint = fingerprintOf(cluster.hostKeyPub(0));
        const QString key = cluster.serverDir(0) + u"/etc/ssh_host_ed25519_key"_s;
        QVERIFY(run(u"ssh-keygen"_s,
                    {u"-q"_s, u"-t"_s, u"ed25519"_s, u"-N"_s, QString(), u"-f"_s, key}, "y\n"));
        QVERIFY(cluster.killSshd(0));
        QVERIFY(cluster.restartSshd(0));
        const QString newFingerprint = fingerprintOf(cluster.hostKeyPub(0));
        QVERIFY(newFingerprint != oldFingerprint);
        const int loginsBefore = cluster.acceptedLogins(0);

        SshSession session; // even a policy that accepts new keys must not accept a changed one
        const SshError error = session.connect(targetFor(cluster, 0, knownHosts), &accept);
        QCOMPARE(error.kind, SshError::Kind::HostKeyChanged);
        QCOMPARE(session.hostKey().state, HostKeyInfo::State::Changed);
        QVERIFY2(error.message.contains(cluster.ip(0) + u":22"_s), qPrintable(error.message));
        QVERIFY2(error.message.contains(newFingerprint), qPrintable(error.message));
        QCOMPARE(session.exec(u"touch /root/marker-changed"_s, 5000).error.kind,
                 SshError::Kind::Unreachable);
        QVERIFY(cluster.sh(0, u"test -e /root/marker-changed"_s) != 0);
        QCOMPARE(cluster.acceptedLogins(0), loginsBefore);
        QCOMPARE(readFile(knownHosts), recorded);
    }

    void sshConfigCannotSwitchOffHostKeyChecking()
    {
        const QString config = m_dir.filePath(u"ssh_config"_s);
        writeFile(config, "Host node0\n    HostName " + m_cluster.ip(0).toUtf8() +
                              "\n    User root\n    IdentityFile " +
                              m_cluster.clientKey().toUtf8() +
                              "\nHost *\n    StrictHostKeyChecking no\n"
                              "    UserKnownHostsFile /dev/null\n");
        const QString knownHosts = freshKnownHosts();
        const int loginsBefore = m_cluster.acceptedLogins(0);
        SshTarget target;
        target.host = u"node0"_s;
        target.knownHostsFile = knownHosts;
        target.sshConfigFile = config;
        target.parseSshConfig = true;
        target.connectTimeoutMs = 5000;
        SshSession session;
        const SshError refused = session.connect(target, nullptr);
        QCOMPARE(refused.kind, SshError::Kind::HostKeyUnknown);
        QCOMPARE(m_cluster.acceptedLogins(0), loginsBefore);

        // The alias itself works: HostName, User and IdentityFile come from the config, and the
        // key is recorded under the real address in our known_hosts, not in /dev/null.
        AcceptNewHostKeys accept;
        const SshError error = session.connect(target, &accept);
        QVERIFY2(!error.isError(), qPrintable(error.message));
        QCOMPARE(session.hostKey().knownHostsName, m_cluster.ip(0));
        QCOMPARE(session.authMethod(), SshAuthMethod::DefaultKeys);
        QCOMPARE(session.exec(u"hostname"_s, 10000).out, QByteArray("server0\n"));
        QVERIFY(readFile(knownHosts).startsWith(m_cluster.ip(0).toUtf8() + " ssh-ed25519 "));
        // libssh checks our known_hosts, not the config's /dev/null: now the key is Known.
        SshSession again;
        const SshError known = again.connect(target, nullptr);
        QVERIFY2(!known.isError(), qPrintable(known.message));
        QCOMPARE(again.hostKey().state, HostKeyInfo::State::Known);
    }

    void encryptedKeyAsksForItsPassphrase()
    {
        const QString key = m_dir.filePath(u"id_encrypted"_s);
        QVERIFY(run(u"ssh-keygen"_s,
                    {u"-q"_s, u"-t"_s, u"ed25519"_s, u"-N"_s, u"s3cret phrase"_s, u"-f"_s, key}));
        const QString stranger = m_dir.filePath(u"id_stranger"_s);
        QVERIFY(run(u"ssh-keygen"_s,
                    {u"-q"_s, u"-t"_s, u"ed25519"_s, u"-N"_s, u"other"_s, u"-f"_s, stranger}));
        QFile authorized(m_cluster.serverDir(0) + u"/root/.ssh/authorized_keys"_s);
        QVERIFY(authorized.open(QIODevice::Append));
        authorized.write(readFile(key + u".pub"_s));
        authorized.close();
        const QString knownHosts = freshKnownHosts();
        AcceptNewHostKeys accept;

        QStringList asked;
        auto credentials = [&](const QByteArray &answer) {
            SshCredentials c;
            c.passphrase = [&asked, answer](const QString &what) -> std::optional<QByteArray> {
                asked << what;
                return answer;
            };
            return c;
        };
        SshTarget target = targetFor(m_cluster, 0, knownHosts);
        target.identityFile = key;
        SshSession session;
        SshError error = session.connect(target, &accept, credentials("s3cret phrase"));
        QVERIFY2(!error.isError(), qPrintable(error.message));
        QCOMPARE(session.authMethod(), SshAuthMethod::IdentityFile);
        QCOMPARE(asked, QStringList{key});
        QVERIFY(session.exec(u"true"_s, 10000).ok());

        asked.clear();
        error = session.connect(target, &accept, credentials("wrong"));
        QCOMPARE(error.kind, SshError::Kind::AuthFailed);
        QVERIFY(!error.message.contains(u"wrong"_s)); // secrets never reach messages
        QVERIFY(asked.contains(key));
        QCOMPARE(session.connect(target, &accept, {}).kind, SshError::Kind::AuthFailed);

        // A key the server does not accept is never decrypted: no passphrase prompt for it.
        asked.clear();
        target.identityFile = stranger;
        QCOMPARE(session.connect(target, &accept, credentials("other")).kind,
                 SshError::Kind::AuthFailed);
        QVERIFY(!asked.contains(stranger));
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestSshTrust)
#include "tst_sshTrust.moc"
