// SPDX-License-Identifier: GPL-3.0-or-later
// `clusterwiz-cli discover` (the real binary) against 4 simulated servers
// (tests/cluster/cluster.sh): what it finds and writes back with --update, unknown host keys
// refused without --accept-new, and one dead plus one hanging server that cost no more than the
// per-server --timeout while the others are reported normally.
#include "CliProcess.h"
#include "TestCluster.h"

#include "model/ProjectJson.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QThread>

#include <signal.h>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

constexpr int kServers = 4;

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

CliRun runDiscover(const QStringList &arguments)
{
    return runCli(QStringList{u"discover"_s} + arguments, 60000);
}

QString fingerprintOf(const QString &publicKeyFile)
{
    QProcess keygen;
    keygen.start(u"ssh-keygen"_s, {u"-lf"_s, publicKeyFile});
    keygen.waitForFinished(10000);
    return QString::fromUtf8(keygen.readAllStandardOutput()).section(u' ', 1, 1);
}

QString deviceIp(int server, int device)
{
    return u"192.168.%1.%2"_s.arg(100 + device % 4).arg(200 + server);
}

QJsonArray serversOf(const CliRun &run)
{
    return QJsonDocument::fromJson(run.out).object().value(u"servers"_s).toArray();
}

} // namespace

class TestFleetDiscover : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;

    // An ascend910 project of every cluster server, with nothing discovery would fill.
    QString writeProject(const QString &name)
    {
        Project project;
        project.name = u"discover-test"_s;
        project.accelerator = Accelerator::Ascend910;
        for (int i = 0; i < kServers; ++i) {
            Server server;
            server.name = u"node%1"_s.arg(i);
            server.host = m_cluster.ip(i);
            server.user = u"root"_s;
            server.identityFile = m_cluster.clientKey();
            project.servers.push_back(server);
        }
        project.launch.workdir = u"/root"_s;
        project.launch.entry = u"train.py"_s;
        const QString path = m_dir.filePath(name);
        const QString error = saveProjectFile(project, path);
        return error.isEmpty() ? path : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(kServers, &error), qPrintable(error));
    }

    void acceptNewFillsAndUpdatesTheProject()
    {
        const QString path = writeProject(u"fill.clusterwiz.json"_s);
        QVERIFY(!path.isEmpty());
        const CliRun run =
            runDiscover({path, u"--accept-new"_s, u"--update"_s, u"--json"_s, u"--known-hosts"_s,
                         m_cluster.knownHosts(), u"--timeout"_s, u"120"_s});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonArray servers = serversOf(run);
        QCOMPARE(servers.size(), kServers);
        for (int i = 0; i < kServers; ++i) {
            const QJsonObject server = servers.at(i).toObject();
            QCOMPARE(server.value(u"name"_s).toString(), u"node%1"_s.arg(i));
            QVERIFY(server.value(u"ok"_s).toBool());
            QCOMPARE(server.value(u"auth_method"_s).toString(), u"identity-file"_s);
            const QJsonObject key = server.value(u"host_key"_s).toObject();
            QCOMPARE(key.value(u"fingerprint"_s).toString(),
                     fingerprintOf(m_cluster.hostKeyPub(i)));
            QVERIFY(key.value(u"recorded"_s).toBool());
            const QJsonObject facts = server.value(u"facts"_s).toObject();
            QCOMPARE(facts.value(u"hostname"_s).toString(), u"server%1"_s.arg(i));
            QCOMPARE(facts.value(u"npu"_s).toObject().value(u"count"_s).toInt(), 8);
            QVERIFY(facts.value(u"complete"_s).toBool());
            QCOMPARE(server.value(u"host_ip"_s).toString(), m_cluster.ip(i));
        }
        QCOMPARE(readFile(m_cluster.knownHosts()).count('\n'), kServers);

        const ProjectLoad load = loadProjectFile(path);
        QVERIFY(load.ok());
        for (int i = 0; i < kServers; ++i) {
            const Server &server = load.project.servers.at(size_t(i));
            QCOMPARE(server.hostIp, m_cluster.ip(i));
            QCOMPARE(server.nic, u"eth0"_s);
            QCOMPARE(server.devices, std::vector<int>({0, 1, 2, 3, 4, 5, 6, 7}));
            QStringList expected;
            for (int d = 0; d < 8; ++d)
                expected << deviceIp(i, d);
            QCOMPARE(server.deviceIps, expected);
        }

        // Keys are known now: a second run needs no --accept-new, has nothing left to fill and
        // shows the table.
        const QByteArray before = readFile(path);
        const CliRun again = runDiscover({path, u"--update"_s, u"--known-hosts"_s,
                                          m_cluster.knownHosts(), u"--timeout"_s, u"120"_s});
        QVERIFY2(again.exitCode == 0, again.err.constData());
        const QString table = QString::fromUtf8(again.out);
        QVERIFY2(table.startsWith(u"NAME"_s), qPrintable(table));
        for (int i = 0; i < kServers; ++i) {
            const QString row = table.section(u'\n', i + 1, i + 1);
            QVERIFY2(row.startsWith(u"node%1 "_s.arg(i)), qPrintable(table));
            QVERIFY2(row.contains(u" server%1 "_s.arg(i)), qPrintable(row));
            QVERIFY2(row.contains(m_cluster.ip(i) + u' '), qPrintable(row));
            QVERIFY2(row.contains(u"8 NPU, 8 OK"_s), qPrintable(row));
        }
        QVERIFY2(table.contains(u"nothing to fill in"_s), qPrintable(table));
        QCOMPARE(readFile(path), before);
    }

    void unknownKeysAreRefusedWithoutAcceptNew()
    {
        const QString path = writeProject(u"refuse.clusterwiz.json"_s);
        const QString knownHosts = m_dir.filePath(u"fresh_known_hosts"_s);
        int logins[kServers];
        for (int i = 0; i < kServers; ++i)
            logins[i] = m_cluster.acceptedLogins(i);
        const QByteArray before = readFile(path);

        const CliRun run = runDiscover(
            {path, u"--update"_s, u"--known-hosts"_s, knownHosts, u"--timeout"_s, u"120"_s});
        QCOMPARE(run.exitCode, 1);
        const QString table = QString::fromUtf8(run.out);
        for (int i = 0; i < kServers; ++i) {
            const QString fingerprint = fingerprintOf(m_cluster.hostKeyPub(i));
            QVERIFY(fingerprint.startsWith(u"SHA256:"_s));
            QVERIFY2(table.contains(fingerprint), qPrintable(table));
            QVERIFY2(table.contains(m_cluster.ip(i) + u":22"_s), qPrintable(table));
            QCOMPARE(m_cluster.acceptedLogins(i), logins[i]); // nothing ran there
        }
        QVERIFY2(run.err.contains("4 of 4 servers failed"), run.err.constData());
        QVERIFY(readFile(knownHosts).isEmpty());
        QCOMPARE(readFile(path), before);
    }

    void deadAndHangingServersCostOnlyTheirTimeout()
    {
        const QString path = writeProject(u"dead.clusterwiz.json"_s);
        // Server 3: no sshd. Server 2: every command hangs (bash reads ~/.bashrc for SSH
        // commands; the server's /root is its own folder).
        QVERIFY(m_cluster.killSshd(3));
        const QString bashrc = m_cluster.serverDir(2) + u"/root/.bashrc"_s;
        {
            QFile file(bashrc);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("sleep 120\n");
        }

        // A healthy probe takes 2-4 s on a busy machine, and more than 10 s when other cluster
        // tests run beside this one on 2 loaded cores: 30 s leaves the healthy servers room and
        // still ends long before the hanging one (sleep 120).
        constexpr int kTimeoutSeconds = 30;
        const CliRun run = runDiscover({path, u"--json"_s, u"--accept-new"_s, u"--known-hosts"_s,
                                        m_dir.filePath(u"dead_known_hosts"_s), u"--timeout"_s,
                                        QString::number(kTimeoutSeconds)});
        QFile::remove(bashrc);
        QVERIFY(m_cluster.restartSshd(3));

        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.elapsedMs < (kTimeoutSeconds + 10) * 1000,
                 qPrintable(QString::number(run.elapsedMs)));
        const QJsonArray servers = serversOf(run);
        QCOMPARE(servers.size(), kServers);
        for (int i = 0; i < 2; ++i) {
            const QJsonObject server = servers.at(i).toObject();
            QVERIFY(server.value(u"ok"_s).toBool());
            QCOMPARE(server.value(u"facts"_s).toObject().value(u"hostname"_s).toString(),
                     u"server%1"_s.arg(i));
        }
        const QJsonObject hanging = servers.at(2).toObject();
        QVERIFY(!hanging.value(u"ok"_s).toBool());
        QCOMPARE(hanging.value(u"error"_s).toObject().value(u"kind"_s).toString(), u"timeout"_s);
        // Its deadline, not anything else, ended it.
        QVERIFY(hanging.value(u"elapsed_ms"_s).toInteger() >= (kTimeoutSeconds - 1) * 1000);
        QVERIFY(hanging.value(u"error"_s)
                    .toObject()
                    .value(u"message"_s)
                    .toString()
                    .contains(m_cluster.ip(2) + u":22"_s));
        const QJsonObject dead = servers.at(3).toObject();
        QVERIFY(!dead.value(u"ok"_s).toBool());
        QCOMPARE(dead.value(u"error"_s).toObject().value(u"kind"_s).toString(), u"unreachable"_s);
        QVERIFY(dead.value(u"error"_s)
                    .toObject()
                    .value(u"message"_s)
                    .toString()
                    .contains(m_cluster.ip(3) + u":22"_s));
        QVERIFY(!dead.contains(u"facts"_s));
        QVERIFY2(run.err.contains("2 of 4 servers failed"), run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestFleetDiscover)
#include "tst_fleetDiscover.moc"
