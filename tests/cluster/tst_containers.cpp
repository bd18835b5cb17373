// SPDX-License-Identifier: GPL-3.0-or-later
// `clusterwiz-cli container up|status|down` (the real binary) with real podman on three simulated
// servers, and the job's commands inside the containers it makes (docs/containers.md):
// - a missing mount folder, a missing image, a missing engine, a port taken on one server and a
//   container of that name that clusterwiz did not make each refuse, naming the server and the
//   reason, and change nothing on any server or on this machine;
// - up creates the containers (host network, the workdir mounted from the host, sshd on 12345),
//   a second up changes nothing and says so, status says every container is ready;
// - discover and check reach the containers at HOST:12345; a real torch gloo job runs to its end
//   with `launch --follow` in launch mode and in mpirun's per-device mode (mpirun logs in from
//   container to container on 12345), `logs` reads it, `stop` ends a running one, `diagnose`
//   names the rank that failed;
// - down leaves no container, no known_hosts line and no file that up added.
#include "CliProcess.h"
#include "ContainerTestSupport.h"
#include "JobTestSupport.h"

#include "launch/RunRecord.h"
#include "model/ProjectJson.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

#include <sys/resource.h>

using namespace cw;
using namespace Qt::StringLiterals;
using containertest::SshResult;

namespace {

constexpr int kServers = 3;
constexpr int kDevices = 2;
constexpr int kPort = 12345;
const QString kName = u"cwjob"_s;
// The workdir inside; on each host it is this folder under the server's private /root.
const QString kHostWorkdir = u"/root/cwjob"_s;

} // namespace

class TestContainers : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;
    QString m_image;
    QString m_path; // the project every test shares

    QStringList fleet() const
    {
        return {u"--known-hosts"_s, m_cluster.knownHosts(), u"--accept-new"_s, u"--ssh-config"_s,
                u"none"_s};
    }

    SshResult onHost(int index, const QString &command) const
    {
        return containertest::ssh(m_cluster, m_cluster.ip(index), 22, command, 120000);
    }

    // The job's project: 3 servers x 2 cpu ranks inside containers `kName`, workdir mounted.
    Project jobProject(LaunchMode mode, const QStringList &args) const
    {
        Project project = jobtest::cpuProject(m_cluster, kServers, kDevices, mode, args);
        ContainerConfig container;
        container.engine = ContainerEngine::Podman;
        container.image = m_image;
        container.name = kName;
        container.sshPort = kPort;
        container.mounts = {kHostWorkdir + u":/root/ddp"_s};
        project.container = container;
        return project;
    }

    QString save(const Project &project, const QString &name) const
    {
        const QString path = m_dir.filePath(name);
        const QString error = saveProjectFile(project, path);
        return error.isEmpty() ? path : QString();
    }

    CliRun container(const QString &action, const QString &path,
                     const QStringList &extra = {}) const
    {
        return runCli(QStringList{u"container"_s, action, path} + extra + fleet(), 600000);
    }

    // What could change on the servers and here: every server's containers, the host user's SSH
    // files, and this machine's known_hosts.
    QByteArray everything() const
    {
        QByteArray state;
        for (int i = 0; i < kServers; ++i) {
            // Each container's name, id, image, and when it was last started.
            const SshResult ps = onHost(
                i, u"podman ps -aq | xargs -r podman inspect --format "
                   u"'{{.Name}} {{.Id}} {{.ImageName}} {{.State.Running}} {{.State.StartedAt}}'"_s);
            state += "server" + QByteArray::number(i) + ":\n" + ps.out + ps.err;
            QDirIterator files(m_cluster.serverDir(i) + u"/root/.ssh"_s, QDir::Files,
                               QDirIterator::Subdirectories);
            while (files.hasNext()) {
                const QString file = files.next();
                state +=
                    file.toUtf8() + ' ' +
                    QCryptographicHash::hash(jobtest::readFile(file), QCryptographicHash::Sha256)
                        .toHex() +
                    '\n';
            }
        }
        return state + "known_hosts:\n" + jobtest::readFile(m_cluster.knownHosts());
    }

    QString journal(const QString &path) const
    {
        return path.chopped(int(sizeof(".clusterwiz.json")) - 1) + u".clusterwiz-containers.json"_s;
    }

    // `container up` of `project` refuses on `refusing` (server indexes) with `code`, and
    // nothing anywhere changed.
    void verifyRefusal(const Project &project, const QString &file, const QString &code,
                       const QList<int> &refusing)
    {
        const QString path = save(project, file);
        QVERIFY(!path.isEmpty());
        const QByteArray before = everything();
        const CliRun up = container(u"up"_s, path);
        QCOMPARE(up.exitCode, 1);
        for (int i = 0; i < kServers; ++i) {
            const QByteArray where =
                u"server%1 (host %2:22): refused (%3)"_s.arg(i).arg(m_cluster.ip(i), code).toUtf8();
            QVERIFY2(up.err.contains(where) == refusing.contains(i), where + "\n" + up.describe());
            // The others passed, and say that nothing was made on them either.
            const QByteArray passed =
                u"container on server%1 (host %2:22): passed the first round; nothing made"_s.arg(i)
                    .arg(m_cluster.ip(i))
                    .toUtf8();
            QVERIFY2(up.out.contains(passed) != refusing.contains(i),
                     passed + "\n" + up.describe());
        }
        QVERIFY2(up.err.contains(u"nothing was created or changed: %1 of 3 servers refused"_s
                                     .arg(refusing.size())
                                     .toUtf8()),
                 up.describe());
        QCOMPARE(everything(), before);
        QVERIFY(!QFile::exists(journal(path)));
    }

    // A rank log of a run, read on the host through the mounted workdir.
    QByteArray rankLog(int server, const QString &runId, int rank) const
    {
        return jobtest::readFile(
            m_cluster.serverDir(server) + kHostWorkdir +
            u"/logs/%1/server%2/rank%3.log"_s.arg(runId).arg(server).arg(rank));
    }

    // `launch --follow` of `project` to its end: the run id, or empty with the failure reported.
    QString launchFollow(const Project &project, const QString &file, int expectedExit)
    {
        const QString path = save(project, file);
        if (path.isEmpty())
            return {};
        const CliRun run = runCli(
            QStringList{u"launch"_s, path, u"--allow-upload-outside"_s, u"--follow"_s} + fleet(),
            300000);
        const QString runId = QString::fromUtf8(run.out).section(u'\n', 0, 0);
        if (run.exitCode != expectedExit || !isValidRunId(runId)) {
            qWarning("%s", run.describe().constData());
            return {};
        }
        return runId;
    }

    // Every rank of a finished 3 x 2 run printed its world size and `steps` losses.
    void verifyRanks(const QString &runId, int steps)
    {
        for (int rank = 0; rank < kServers * kDevices; ++rank) {
            const QString log = QString::fromUtf8(rankLog(rank / kDevices, runId, rank));
            QVERIFY2(log.contains(u"rank %1/6 "_s.arg(rank)), qPrintable(log));
            QVERIFY2(log.count(u"loss = "_s) == steps, qPrintable(log));
        }
    }

    // The job's processes inside server `index`'s container.
    QByteArray jobProcessesInside(int index) const
    {
        return containertest::ssh(m_cluster, m_cluster.ip(index), kPort, u"ps -eo args="_s).out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString missing = containertest::missingTools();
        if (!missing.isEmpty())
            QSKIP(qPrintable(missing));
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(containertest::upWithImage(m_cluster, kServers, &m_image, &error),
                 qPrintable(error));
        // Every host key known before the first test, so that "nothing changed" compares the
        // containers' lines only.
        const CliRun hosts = runCli(
            QStringList{u"discover"_s, save(jobtest::cpuProject(m_cluster, kServers, kDevices,
                                                                LaunchMode::Launch, {}),
                                            u"hosts.clusterwiz.json"_s)} +
            fleet());
        QVERIFY2(hosts.exitCode == 0, hosts.describe());
    }

    void aMissingMountFolderRefuses()
    {
        // The workdir's host folder does not exist yet on any server.
        verifyRefusal(jobProject(LaunchMode::Launch, {}), u"nomount.clusterwiz.json"_s,
                      u"mount-missing"_s, {0, 1, 2});
        for (int i = 0; i < kServers; ++i)
            QVERIFY(QDir().mkpath(m_cluster.serverDir(i) + kHostWorkdir));
    }

    void aMissingImageRefuses()
    {
        Project project = jobProject(LaunchMode::Launch, {});
        project.container->image = u"localhost/clusterwiz-absent:1"_s;
        verifyRefusal(project, u"noimage.clusterwiz.json"_s, u"image-missing"_s, {0, 1, 2});
    }

    void aMissingOrSilentEngineRefuses()
    {
        // Docker is the engine these servers lack, or whose daemon does not run here (a docker
        // CLI without its service): either refuses, and never as a missing image.
        Project project = jobProject(LaunchMode::Launch, {});
        project.container->engine = ContainerEngine::Docker;
        if (QStandardPaths::findExecutable(u"docker"_s).isEmpty()) {
            verifyRefusal(project, u"noengine.clusterwiz.json"_s, u"engine-missing"_s, {0, 1, 2});
            return;
        }
        QProcess version;
        version.start(u"docker"_s, {u"version"_s});
        QVERIFY(version.waitForFinished(60000));
        if (version.exitCode() == 0)
            QSKIP("a docker daemon answers here: the engine is neither missing nor silent");
        verifyRefusal(project, u"silentengine.clusterwiz.json"_s, u"engine-unavailable"_s,
                      {0, 1, 2});
    }

    void aTakenPortRefuses()
    {
        // Something of this test's listens on 12345 on server1's host.
        QProcess listener;
        listener.start(u"ip"_s,
                       {u"netns"_s, u"exec"_s, m_cluster.namespaceName(1), u"python3"_s, u"-c"_s,
                        u"import socket, sys, time\n"
                        u"s = socket.socket()\n"
                        u"s.bind(('0.0.0.0', %1))\n"
                        u"s.listen()\n"
                        u"print('listening', flush=True)\n"
                        u"time.sleep(600)\n"_s.arg(kPort)});
        QVERIFY(listener.waitForReadyRead(20000));
        verifyRefusal(jobProject(LaunchMode::Launch, {}), u"port.clusterwiz.json"_s,
                      u"port-taken"_s, {1});
        listener.kill();
        listener.waitForFinished();
    }

    void aForeignContainerOfThatNameRefuses()
    {
        const SshResult made =
            onHost(2, u"podman run -d --network host --name %1 %2 sleep 600"_s.arg(kName, m_image));
        QVERIFY2(made.exitCode == 0, made.err.constData());
        verifyRefusal(jobProject(LaunchMode::Launch, {}), u"clash.clusterwiz.json"_s,
                      u"name-taken"_s, {2});
        // Still there, untouched: only this test removes it.
        QVERIFY(onHost(2, u"podman container exists %1"_s.arg(kName)).exitCode == 0);
        QVERIFY(onHost(2, u"podman rm -f -t 0 %1"_s.arg(kName)).exitCode == 0);
    }

    void upMakesTheContainersOnceAndStatusSaysReady()
    {
        m_path =
            save(jobProject(LaunchMode::Launch, {u"--steps"_s, u"4"_s}), u"job.clusterwiz.json"_s);
        QVERIFY(!m_path.isEmpty());
        const CliRun up = container(u"up"_s, m_path);
        QVERIFY2(up.exitCode == 0, up.describe());
        for (int i = 0; i < kServers; ++i)
            QVERIFY2(up.out.contains(u"container on server%1 (host %2:22): created "_s.arg(i)
                                         .arg(m_cluster.ip(i))
                                         .toUtf8()),
                     up.describe());
        QVERIFY2(up.out.contains("container up: 3 servers, done"), up.describe());
        QVERIFY(QFile::exists(journal(m_path)));
        // The client knows each container's host key at HOST:12345, from the host's session.
        const QByteArray knownHosts = jobtest::readFile(m_cluster.knownHosts());
        for (int i = 0; i < kServers; ++i)
            QVERIFY2(knownHosts.contains(u"[%1]:%2 "_s.arg(m_cluster.ip(i)).arg(kPort).toUtf8()),
                     knownHosts.constData());

        const QByteArray before = everything();
        const CliRun again = container(u"up"_s, m_path);
        QVERIFY2(again.exitCode == 0, again.describe());
        QVERIFY2(again.out.contains("container up: 3 servers, nothing changed"), again.describe());
        QCOMPARE(everything(), before);

        const CliRun status = container(u"status"_s, m_path, {u"--json"_s});
        QVERIFY2(status.exitCode == 0, status.describe());
        const QJsonObject document = QJsonDocument::fromJson(status.out).object();
        QVERIFY2(document[u"ok"_s].toBool(), status.out.constData());
        const QJsonArray servers = document[u"servers"_s].toArray();
        QCOMPARE(servers.size(), kServers);
        for (int i = 0; i < kServers; ++i) {
            const QJsonObject server = servers[i].toObject();
            QCOMPARE(server[u"state"_s].toString(), u"running"_s);
            QCOMPARE(server[u"image"_s].toString(), m_image);
            QVERIFY(server[u"port_listening"_s].toBool());
            QVERIFY(server[u"host_key_as_recorded"_s].toBool());
            QVERIFY(server[u"ready"_s].toBool());
            QVERIFY(server[u"container_ips"_s].toArray().contains(m_cluster.ip(i)));
        }
    }

    void discoverAndCheckReachTheContainers()
    {
        QVERIFY(!m_path.isEmpty());
        const CliRun discover = runCli(QStringList{u"discover"_s, m_path, u"--json"_s} + fleet());
        QVERIFY2(discover.exitCode == 0, discover.describe());
        const QJsonArray servers =
            QJsonDocument::fromJson(discover.out).object()[u"servers"_s].toArray();
        QCOMPARE(servers.size(), kServers);
        for (int i = 0; i < kServers; ++i) {
            const QJsonObject server = servers[i].toObject();
            QCOMPARE(server[u"host"_s].toString(), m_cluster.ip(i));
            QCOMPARE(server[u"port"_s].toInt(), kPort);
            const QJsonObject facts = server[u"facts"_s].toObject();
            QCOMPARE(facts[u"hostname"_s].toString(), u"server%1"_s.arg(i));
        }
        // podman marks its containers with /run/.containerenv: discovery ran inside them.
        for (int i = 0; i < kServers; ++i) {
            const SshResult inside = containertest::ssh(m_cluster, m_cluster.ip(i), kPort,
                                                        u"test -f /run/.containerenv"_s);
            QCOMPARE(inside.exitCode, 0);
        }

        const CliRun check = runCli(QStringList{u"check"_s, m_path, u"--json"_s} + fleet(), 300000);
        const QJsonArray results =
            QJsonDocument::fromJson(check.out).object()[u"results"_s].toArray();
        QVERIFY2(!results.isEmpty(), check.describe());
        // Every other check passes inside a container too, or does not apply (the firewall is
        // the host's, on the host's network; shm and memlock are the container's own). The one
        // exception this machine makes: a container inherits the host's open-files limit
        // (podman), and a limit under the check's 65536 is a warning that names it.
        struct rlimit files {};
        QCOMPARE(getrlimit(RLIMIT_NOFILE, &files), 0);
        const bool fewFiles = files.rlim_cur < 65536;
        QStringList skipped;
        for (const QJsonValue &row : results) {
            const QString line = row[u"server"_s].toString() + u' ' + row[u"check"_s].toString() +
                                 u": "_s + row[u"status"_s].toString() + u' ' +
                                 row[u"reason"_s].toString();
            if (fewFiles && row[u"check"_s].toString() == u"open-files"_s) {
                QVERIFY2(row[u"status"_s].toString() == u"warning"_s &&
                             row[u"reason"_s].toString().startsWith(
                                 u"ulimit -n is %1 in a non-interactive login, under 65536"_s.arg(
                                     qulonglong(files.rlim_cur))),
                         qPrintable(line));
                continue;
            }
            QVERIFY2(row[u"status"_s].toString() == u"ok"_s ||
                         row[u"status"_s].toString() == u"skipped"_s,
                     qPrintable(line));
            if (row[u"status"_s].toString() == u"skipped"_s)
                skipped << line;
        }
        qInfo("checks that do not apply here:\n%s", qPrintable(skipped.join(u'\n')));
        QVERIFY2(check.exitCode == 0, check.describe());
        // What a container must pass: reached on its port, its own hostname, the host's network
        // (host_ip is one of its addresses), torch inside, and shared memory.
        const QStringList mustPass{u"ssh"_s, u"hostname"_s, u"host-ip"_s, u"python-torch"_s,
                                   u"paths"_s};
        for (int i = 0; i < kServers; ++i) {
            for (const QString &id : mustPass) {
                QString status;
                for (const QJsonValue &row : results) {
                    if (row[u"server"_s].toString() == u"server%1"_s.arg(i) &&
                        row[u"check"_s].toString() == id)
                        status = row[u"status"_s].toString();
                }
                QVERIFY2(status == u"ok"_s,
                         qPrintable(u"server%1 %2: %3\n"_s.arg(i).arg(id, status) +
                                    QString::fromUtf8(check.out)));
            }
        }
    }

    void aJobRunsInLaunchMode()
    {
        const QString runId = launchFollow(jobProject(LaunchMode::Launch, {u"--steps"_s, u"4"_s}),
                                           u"launch.clusterwiz.json"_s, 0);
        QVERIFY(!runId.isEmpty());
        verifyRanks(runId, 4);
        // `logs` reads every rank from inside the containers.
        const CliRun logs = runCli(
            QStringList{u"logs"_s, m_dir.filePath(u"launch.clusterwiz.json"_s), u"--run"_s, runId} +
            fleet());
        QVERIFY2(logs.exitCode == 0, logs.describe());
        for (int rank = 0; rank < kServers * kDevices; ++rank)
            QVERIFY2(logs.out.contains(u"[server%1/%2] "_s.arg(rank / kDevices).arg(rank).toUtf8()),
                     logs.out.constData());
    }

    void aJobRunsInMpirunPerDeviceMode()
    {
        Project project = jobProject(LaunchMode::Mpirun, {u"--steps"_s, u"4"_s});
        project.launch.mpirun.per = MpirunPer::Device;
        const QString runId = launchFollow(project, u"mpirun.clusterwiz.json"_s, 0);
        QVERIFY(!runId.isEmpty());
        verifyRanks(runId, 4);
        // run.sh's mpirun logged in to the other containers on their port, not to the hosts.
        const QByteArray runSh =
            jobtest::readFile(m_cluster.serverDir(0) + kHostWorkdir + u"/run.sh"_s);
        QVERIFY2(runSh.contains("-p 12345"), runSh.constData());
    }

    void stopEndsARunningJob()
    {
        const QString path = save(
            jobProject(LaunchMode::Launch, {u"--steps"_s, u"100000"_s, u"--sleep"_s, u"0.2"_s}),
            u"long.clusterwiz.json"_s);
        QVERIFY(!path.isEmpty());
        const CliRun launched =
            runCli(QStringList{u"launch"_s, path, u"--allow-upload-outside"_s} + fleet(), 120000);
        QVERIFY2(launched.exitCode == 0, launched.describe());
        const QString runId = QString::fromUtf8(launched.out).trimmed();
        QVERIFY(isValidRunId(runId));
        QTRY_VERIFY_WITH_TIMEOUT(rankLog(2, runId, 5).contains("loss = "), 120000);
        QVERIFY(jobProcessesInside(2).contains("train_ddp.py"));
        const CliRun stopped = runCli(QStringList{u"stop"_s, path, u"--run"_s, runId} + fleet());
        QVERIFY2(stopped.exitCode == 0, stopped.describe());
        for (int i = 0; i < kServers; ++i)
            QVERIFY2(!jobProcessesInside(i).contains("train_ddp.py"),
                     jobProcessesInside(i).constData());
    }

    void diagnoseNamesTheFailedRank()
    {
        const QString runId = launchFollow(
            jobProject(LaunchMode::Launch, {u"--steps"_s, u"20"_s, u"--fail-rank"_s, u"3"_s,
                                            u"--fail-step"_s, u"2"_s, u"--timeout"_s, u"60"_s}),
            u"fail.clusterwiz.json"_s, 1);
        QVERIFY(!runId.isEmpty());
        const CliRun result =
            runCli(QStringList{u"diagnose"_s, m_dir.filePath(u"fail.clusterwiz.json"_s),
                               u"--json"_s, u"--no-archive"_s} +
                       fleet(),
                   120000);
        QVERIFY2(result.exitCode == 1, result.describe());
        const QJsonObject diagnosis = QJsonDocument::fromJson(result.out).object();
        QCOMPARE(diagnosis[u"state"_s].toString(), u"failed"_s);
        QCOMPARE(diagnosis[u"run"_s].toString(), runId);
        const QJsonObject first = diagnosis[u"first"_s].toObject();
        QCOMPARE(first[u"server"_s].toString(), u"server1"_s);
        QCOMPARE(first[u"rank"_s].toInt(), 3);
    }

    void downRemovesWhatUpMade()
    {
        QVERIFY(!m_path.isEmpty());
        const QByteArray knownHostsBefore = jobtest::readFile(m_cluster.knownHosts());
        const CliRun down = container(u"down"_s, m_path);
        QVERIFY2(down.exitCode == 0, down.describe());
        for (int i = 0; i < kServers; ++i) {
            const SshResult ps = onHost(i, u"podman ps -a --format '{{.Names}}'"_s);
            QVERIFY2(ps.exitCode == 0, ps.err.constData());
            QCOMPARE(ps.out.trimmed(), QByteArray());
        }
        QVERIFY(!QFile::exists(journal(m_path)));
        // This machine's known_hosts has lost the containers' lines and nothing else.
        const QByteArray knownHosts = jobtest::readFile(m_cluster.knownHosts());
        QVERIFY(!knownHosts.contains(":12345]"));
        QVERIFY2(!knownHosts.contains(u":%1 "_s.arg(kPort).toUtf8()), knownHosts.constData());
        QByteArray expected;
        for (const QByteArray &line : knownHostsBefore.split('\n')) {
            if (!line.isEmpty() && !line.contains(u"]:%1 "_s.arg(kPort).toUtf8()))
                expected += line + '\n';
        }
        QCOMPARE(knownHosts, expected);
        // The mounted workdir on the hosts is the user's data: it stays.
        QVERIFY(QFileInfo(m_cluster.serverDir(0) + kHostWorkdir + u"/run.sh"_s).isFile());
        // A second down has nothing to do.
        const CliRun again = container(u"down"_s, m_path);
        QVERIFY2(again.exitCode == 0, again.describe());
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestContainers)
#include "tst_containers.moc"
