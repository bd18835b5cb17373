// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A simulated cluster for one test (tests/cluster/cluster.sh): N servers with real sshd, each in
// its own network namespace. Every TestCluster takes a subnet of its own (10.231.X.0/24), so tests
// running side by side never share servers; the destructor takes it all down again.

#include <QDir>
#include <QFile>
#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QThread>

#include <csignal>

#include <unistd.h>

// Runs one of the test cluster's scripts (cluster.sh, slurm.sh) with `arguments`, at most two
// minutes: its exit code, -1 when it crashed or timed out; its output (both streams) in *output.
inline int runClusterScript(const QString &path, const QStringList &arguments, QString *output)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(path, arguments);
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        return -1;
    }
    if (output)
        *output = QString::fromUtf8(process.readAll());
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

class TestCluster {
public:
    TestCluster() = default;
    TestCluster(const TestCluster &) = delete;
    TestCluster &operator=(const TestCluster &) = delete;
    ~TestCluster() { down(); }

    // Brings up `count` servers; on failure returns false and sets `error`. With
    // `ownProcessTables` (or CLUSTERWIZ_TEST_PID_NS=1) each server has its own PID namespace.
    // With `containers` each can run podman containers (cluster.sh --containers; the image:
    // ContainerTestSupport.h).
    bool up(int count, QString *error, bool ownProcessTables = false, bool containers = false)
    {
        if (!m_dir.isValid()) {
            *error = QStringLiteral("no temporary folder");
            return false;
        }
        // Bridges are named after the subnet, so a taken subnet fails fast and we try the next.
        const int start = 10 + static_cast<int>(getpid() % 200);
        for (int attempt = 0; attempt < 40; ++attempt) {
            const int octet = 10 + (start - 10 + attempt * 7) % 240;
            QDir(m_dir.path()).removeRecursively();
            QDir().mkpath(m_dir.path());
            QString output;
            const QString net = QStringLiteral("10.231.%1").arg(octet);
            QStringList arguments{QStringLiteral("up"), m_dir.path(), QString::number(count), net};
            if (ownProcessTables ||
                qEnvironmentVariable("CLUSTERWIZ_TEST_PID_NS") == QLatin1String("1"))
                arguments << QStringLiteral("--pid-ns");
            if (containers)
                arguments << QStringLiteral("--containers");
            if (script(arguments, &output) == 0) {
                m_net = net;
                m_count = count;
                return true;
            }
            *error = output;
        }
        return false;
    }

    void down()
    {
        if (m_count > 0)
            script({QStringLiteral("down"), m_dir.path()}, nullptr);
        m_count = 0;
    }

    int count() const { return m_count; }
    QString stateDir() const { return m_dir.path(); }
    QString ip(int index) const { return m_net + u'.' + QString::number(11 + index); }
    QString bridgeIp() const { return m_net + QStringLiteral(".1"); }
    QString subnet() const { return m_net + QStringLiteral(".0/24"); }
    QString clientKey() const { return m_dir.path() + QStringLiteral("/client/id_ed25519"); }
    QString knownHosts() const { return m_dir.path() + QStringLiteral("/client/known_hosts"); }
    QString serverDir(int index) const
    {
        return m_dir.path() + QStringLiteral("/s") + QString::number(index);
    }
    QString hostKeyPub(int index) const
    {
        return serverDir(index) + QStringLiteral("/etc/ssh_host_ed25519_key.pub");
    }

    // Runs `command` on server `index` (its network, hostname and mounts); returns the exit code.
    int exec(int index, const QStringList &command, QByteArray *output = nullptr,
             int timeoutMs = 30000) const
    {
        QProcess process;
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(scriptPath(),
                      QStringList{QStringLiteral("exec"), m_dir.path(), QString::number(index)} +
                          command);
        if (!process.waitForFinished(timeoutMs)) {
            process.kill();
            process.waitForFinished();
            return -1;
        }
        if (output)
            *output = process.readAll();
        return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    }

    int sh(int index, const QString &script, QByteArray *output = nullptr,
           int timeoutMs = 30000) const
    {
        return exec(index, {QStringLiteral("sh"), QStringLiteral("-c"), script}, output, timeoutMs);
    }

    // The network namespace of server `index` (cluster.sh names it PREFIXsINDEX).
    QString namespaceName(int index) const
    {
        const QByteArray env = readAll(m_dir.path() + QStringLiteral("/cluster.env"));
        const qsizetype at = env.indexOf("PREFIX=") + 7;
        return QString::fromUtf8(env.mid(at, env.indexOf('\n', at) - at)) + u's' +
               QString::number(index);
    }

    // Stops server `index`'s sshd and waits until it no longer listens (a zombie does not).
    bool killSshd(int index) const
    {
        const pid_t pid = readAll(serverDir(index) + QStringLiteral("/sshd.pid")).trimmed().toInt();
        if (pid <= 0 || ::kill(pid, SIGTERM) != 0)
            return false;
        for (int i = 0; i < 100; ++i) {
            QFile status(QStringLiteral("/proc/%1/status").arg(pid));
            if (!status.open(QIODevice::ReadOnly) || status.readAll().contains("State:\tZ"))
                return true;
            QThread::msleep(50);
        }
        return false;
    }

    // Logins sshd of server `index` has accepted so far: a test's proof that nothing ran there.
    int acceptedLogins(int index) const
    {
        return int(
            readAll(serverDir(index) + QStringLiteral("/sshd.log")).count("Accepted publickey"));
    }

    // Whether server `index`'s sshd (the pid in its pid file) still runs; a zombie does not.
    bool sshdRunning(int index) const
    {
        const pid_t pid = readAll(serverDir(index) + QStringLiteral("/sshd.pid")).trimmed().toInt();
        if (pid <= 0)
            return false;
        const QByteArray status = readAll(QStringLiteral("/proc/%1/status").arg(pid));
        return status.contains("Name:\tsshd") && !status.contains("State:\tZ");
    }

    // Restarts server `index`'s sshd (after changing its host key, or after killing it): stops
    // the one still running first, so the new one can listen on the address.
    bool restartSshd(int index) const
    {
        if (sshdRunning(index) && !killSshd(index))
            return false;
        return script({QStringLiteral("sshd"), m_dir.path(), QString::number(index)}, nullptr) == 0;
    }

    // Drops / restores server `index`'s link (`ip -n NS link set eth0 down|up`): the server
    // vanishes from the network with every process left running.
    bool linkDown(int index) const { return setLink(index, QStringLiteral("down")); }
    bool linkUp(int index) const { return setLink(index, QStringLiteral("up")); }

    // Drops / restores the host side of server `index`'s link (its veth in the bridge), as a
    // dead switch port would: the server's sshd and processes run on behind it, cut off.
    bool hostLinkDown(int index) const { return setHostLink(index, QStringLiteral("down")); }
    bool hostLinkUp(int index) const { return setHostLink(index, QStringLiteral("up")); }

    // The processes of server `index` (`ip netns pids NS`), e.g. to check that none is left.
    QList<qint64> pidsOf(int index) const
    {
        QProcess process;
        process.start(QStringLiteral("ip"),
                      {QStringLiteral("netns"), QStringLiteral("pids"), namespaceName(index)});
        QList<qint64> pids;
        if (!process.waitForFinished(30000) || process.exitStatus() != QProcess::NormalExit ||
            process.exitCode() != 0) {
            process.kill();
            process.waitForFinished();
            return pids;
        }
        for (const QByteArray &line : process.readAllStandardOutput().split('\n')) {
            bool ok = false;
            const qint64 pid = line.trimmed().toLongLong(&ok);
            if (ok && pid > 0)
                pids << pid;
        }
        return pids;
    }

    static QString scriptPath()
    {
        return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/cluster/cluster.sh");
    }

private:
    static QByteArray readAll(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

    bool setLink(int index, const QString &state) const
    {
        QProcess process;
        process.start(QStringLiteral("ip"),
                      {QStringLiteral("-n"), namespaceName(index), QStringLiteral("link"),
                       QStringLiteral("set"), QStringLiteral("eth0"), state});
        if (!process.waitForFinished(30000)) {
            process.kill();
            process.waitForFinished();
            return false;
        }
        return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    }

    bool setHostLink(int index, const QString &state) const
    {
        // cluster.sh names the host side of server i's veth pair PREFIXvI.
        const QString prefix = namespaceName(index).chopped(1 + QString::number(index).size());
        QProcess process;
        process.start(QStringLiteral("ip"), {QStringLiteral("link"), QStringLiteral("set"),
                                             prefix + u'v' + QString::number(index), state});
        if (!process.waitForFinished(30000)) {
            process.kill();
            process.waitForFinished();
            return false;
        }
        return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    }

    int script(const QStringList &arguments, QString *output) const
    {
        return runClusterScript(scriptPath(), arguments, output);
    }

    QTemporaryDir m_dir{QDir::tempPath() + QStringLiteral("/clusterwiz-cluster-XXXXXX")};
    QString m_net;
    int m_count = 0;
};
