// SPDX-License-Identifier: GPL-3.0-or-later
// The container test infrastructure itself (cluster.sh --containers, container-image.sh,
// ContainerTestSupport.h): on two simulated servers, a real podman container per server, started
// over the cluster's real SSH with an sshd inside on a port of its own and the host's network,
// is reached at the server's address on that port and is that server (hostname, address), with
// PyTorch inside; each server sees only its own container; removing them and taking the cluster
// down leaves no process, mount or cgroup behind. Skipped only where podman is not installed.
#include "ContainerTestSupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTest>

#include <csignal>

using namespace Qt::StringLiterals;
using containertest::SshResult;

namespace {

constexpr int kPort = 12345;

// What starts the container's sshd: its /run is a fresh tmpfs and the image has no host keys.
const QString kSshdCommand = u"mkdir -p /run/sshd && ssh-keygen -A && exec /usr/sbin/sshd -D -e "
                             u"-p %1"_s.arg(kPort);

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Whether `pid` still runs (a zombie does not).
bool running(qint64 pid)
{
    const QByteArray status = readAll(u"/proc/%1/status"_s.arg(pid));
    return !status.isEmpty() && !status.contains("State:\tZ");
}

// The host's cgroup folders of a container (cgroupfs: */libpod_parent/libpod-ID).
QStringList cgroupsOf(const QString &id)
{
    QStringList found;
    const QStringList hierarchies =
        QDir(u"/sys/fs/cgroup"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &hierarchy : hierarchies) {
        const QString dir = u"/sys/fs/cgroup/%1/libpod_parent/libpod-%2"_s.arg(hierarchy, id);
        if (QFileInfo(dir).isDir())
            found << dir;
    }
    return found;
}

} // namespace

class TestPodmanCluster : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QString m_image;
    QString m_ids[2];
    QElapsedTimer m_clock;

    SshResult onServer(int index, const QString &command, int timeoutMs = 120000) const
    {
        return containertest::ssh(m_cluster, m_cluster.ip(index), 22, command, timeoutMs);
    }

    SshResult inContainer(int index, const QString &command) const
    {
        return containertest::ssh(m_cluster, m_cluster.ip(index), kPort, command);
    }

    // Waits until the container sshd of server `index` lets the client in.
    bool containerAnswers(int index) const
    {
        for (int attempt = 0; attempt < 60; ++attempt) {
            if (inContainer(index, u"true"_s).exitCode == 0)
                return true;
            QThread::msleep(500);
        }
        return false;
    }

    // `podman run` for a container named `name` on server `index`; its id, or empty.
    QString runContainer(int index, const QString &name, QByteArray *output) const
    {
        const SshResult run = onServer(
            index,
            u"podman run -d --network host --name %1 "
            u"-v /root/.ssh/authorized_keys:/root/.ssh/authorized_keys:ro %2 sh -c '%3'"_s.arg(
                name, m_image, kSshdCommand));
        *output = run.out + run.err;
        const QString id = QString::fromUtf8(run.out).trimmed();
        static const QRegularExpression hex(u"^[0-9a-f]{64}$"_s);
        return run.exitCode == 0 && hex.match(id).hasMatch() ? id : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString missing = containertest::missingTools();
        if (!missing.isEmpty())
            QSKIP(qPrintable(missing));
        m_clock.start();
        QString error;
        QVERIFY2(containertest::upWithImage(m_cluster, 2, &m_image, &error), qPrintable(error));
        qInfo("cluster of 2 with containers and the image: %lld ms", m_clock.restart());
    }

    void serversStartWithoutContainers()
    {
        for (int i = 0; i < 2; ++i) {
            const SshResult ps = onServer(i, u"podman ps -a --format '{{.Names}}'"_s);
            QVERIFY2(ps.exitCode == 0, ps.err.constData());
            QCOMPARE(ps.out.trimmed(), QByteArray());
            const SshResult images =
                onServer(i, u"podman images --format '{{.Repository}}:{{.Tag}}'"_s);
            QVERIFY2(images.out.contains(m_image.toUtf8()), images.out + images.err);
        }
    }

    void containerIsItsServer()
    {
        m_clock.restart();
        for (int i = 0; i < 2; ++i) {
            QByteArray output;
            m_ids[i] = runContainer(i, u"cwtest"_s, &output);
            QVERIFY2(!m_ids[i].isEmpty(), output.constData());
        }
        QVERIFY(m_ids[0] != m_ids[1]);
        for (int i = 0; i < 2; ++i) {
            QVERIFY2(containerAnswers(i),
                     qPrintable(u"no sshd on %1:%2"_s.arg(m_cluster.ip(i)).arg(kPort)));
            // podman marks its containers with /run/.containerenv: this is the container's
            // sshd, not the server's.
            const SshResult inside = inContainer(
                i, u"hostname; hostname -I; test -f /run/.containerenv && echo in-container; "
                   u"/usr/bin/python3 -c 'import torch; print(\"torch\", torch.__version__)'"_s);
            QVERIFY2(inside.exitCode == 0, inside.err.constData());
            const QList<QByteArray> lines = inside.out.split('\n');
            QVERIFY2(lines.size() >= 4, inside.out.constData());
            QCOMPARE(lines[0], u"server%1"_s.arg(i).toUtf8());
            const QList<QByteArray> addresses = lines[1].simplified().split(' ');
            QVERIFY2(addresses.contains(m_cluster.ip(i).toUtf8()), lines[1].constData());
            QVERIFY2(!addresses.contains(m_cluster.ip(1 - i).toUtf8()), lines[1].constData());
            QCOMPARE(lines[2], QByteArray("in-container"));
            QVERIFY2(lines[3].startsWith("torch 1."), inside.out.constData());
            const SshResult host = onServer(i, u"test -f /run/.containerenv || echo on-host"_s);
            QCOMPARE(host.out.trimmed(), QByteArray("on-host"));
        }
        qInfo("two containers started and reached: %lld ms", m_clock.restart());
    }

    void eachServerSeesOnlyItsContainer()
    {
        for (int i = 0; i < 2; ++i) {
            const SshResult ps =
                onServer(i, u"podman ps -a --no-trunc --format '{{.ID}} {{.Names}}'"_s);
            QVERIFY2(ps.exitCode == 0, ps.err.constData());
            QCOMPARE(ps.out.trimmed(), (m_ids[i] + u" cwtest"_s).toUtf8());
        }
        // The other server's container storage is not this one's: no clash on the name.
        QByteArray output;
        QVERIFY2(runContainer(0, u"cwtest"_s, &output).isEmpty(), "a second cwtest on server0");
        QVERIFY2(output.contains("already in use"), output.constData());
    }

    void removedContainerIsGone()
    {
        const SshResult pid = onServer(0, u"podman inspect --format '{{.State.Pid}}' cwtest"_s);
        const qint64 containerPid = pid.out.trimmed().toLongLong();
        QVERIFY2(containerPid > 1 && running(containerPid), pid.out + pid.err);
        QVERIFY(!cgroupsOf(m_ids[0]).isEmpty());
        const SshResult rm = onServer(0, u"podman rm -f cwtest"_s);
        QVERIFY2(rm.exitCode == 0, rm.err.constData());
        QCOMPARE(onServer(0, u"podman ps -aq"_s).out.trimmed(), QByteArray());
        QVERIFY(!running(containerPid));
        QVERIFY2(inContainer(0, u"true"_s).exitCode != 0, "server0:12345 still answers");
        QCOMPARE(cgroupsOf(m_ids[0]), QStringList());
        // Server 1's container runs on.
        QVERIFY(inContainer(1, u"true"_s).exitCode == 0);
    }

    void downRemovesTheRunningContainers()
    {
        // Server 1 keeps its container running: `down` must end it.
        const SshResult pids =
            onServer(1, u"podman inspect --format '{{.State.Pid}} {{.State.ConmonPid}}' cwtest"_s);
        const QList<QByteArray> fields = pids.out.simplified().split(' ');
        QCOMPARE(fields.size(), 2);
        const qint64 containerPid = fields[0].toLongLong();
        const qint64 conmonPid = fields[1].toLongLong();
        QVERIFY(running(containerPid) && running(conmonPid));
        QVERIFY(!cgroupsOf(m_ids[1]).isEmpty());
        const QString state = m_cluster.stateDir();
        m_clock.restart();
        m_cluster.down();
        qInfo("cluster down with one running container: %lld ms", m_clock.elapsed());
        QVERIFY(!running(containerPid));
        QVERIFY(!running(conmonPid));
        QCOMPARE(cgroupsOf(m_ids[1]), QStringList());
        // Everything the servers mounted lived in their own mount namespaces.
        QVERIFY2(!readAll(u"/proc/self/mountinfo"_s).contains(state.toUtf8()),
                 readAll(u"/proc/self/mountinfo"_s).constData());
        // runc's state was per server, too.
        QVERIFY(!QFileInfo::exists(u"/run/runc/"_s + m_ids[1]));
        QVERIFY(!QFileInfo::exists(u"/run/runc/"_s + m_ids[0]));
    }

    void ownProcessTablesRunContainersToo()
    {
        TestCluster cluster;
        QString image;
        QString error;
        QVERIFY2(containertest::upWithImage(cluster, 1, &image, &error, true), qPrintable(error));
        const SshResult run = containertest::ssh(
            cluster, cluster.ip(0), 22,
            u"podman run -d --network host --name cwpid %1 sleep 6017 >/dev/null && "
            u"podman exec cwpid hostname && ps -eo args"_s.arg(image),
            120000);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.startsWith("server0\n"), run.out.constData());
        // The container's process is in the server's own process table.
        QVERIFY2(run.out.contains("sleep 6017"), run.out.constData());
        const SshResult ps =
            containertest::ssh(cluster, cluster.ip(0), 22, u"podman ps --format '{{.Names}}'"_s);
        QCOMPARE(ps.out.trimmed(), QByteArray("cwpid"));
        cluster.down();
        QProcess pgrep;
        pgrep.start(u"pgrep"_s, {u"-f"_s, u"^sleep 6017$"_s});
        QVERIFY(pgrep.waitForFinished(10000));
        QVERIFY2(pgrep.exitCode() == 1, pgrep.readAllStandardOutput().constData());
    }
};

QTEST_GUILESS_MAIN(TestPodmanCluster)
#include "tst_podmanCluster.moc"
