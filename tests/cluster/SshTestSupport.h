// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the SshSession tests share: the target for a simulated server, bringing a cluster up, and
// small file and process helpers.

#include "TestCluster.h"

#include "ssh/SshSession.h"

#include <QFile>
#include <QProcess>
#include <QTest>

namespace sshtest {

using namespace Qt::StringLiterals;

inline QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>");
}

inline void writeFile(const QString &path, const QByteArray &data)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(data);
}

// What OpenSSH prints for a key file ("256 SHA256:... comment (ED25519)"), second field.
inline QString fingerprintOf(const QString &publicKeyFile)
{
    QProcess keygen;
    keygen.start(u"ssh-keygen"_s, {u"-lf"_s, publicKeyFile});
    keygen.waitForFinished(10000);
    return QString::fromUtf8(keygen.readAllStandardOutput()).section(u' ', 1, 1);
}

// Runs a program to its end, `input` on its stdin; true when it exited 0.
inline bool run(const QString &program, const QStringList &arguments, const QByteArray &input = {})
{
    QProcess process;
    process.start(program, arguments);
    process.write(input);
    process.closeWriteChannel();
    return process.waitForFinished(20000) && process.exitStatus() == QProcess::NormalExit &&
           process.exitCode() == 0;
}

// Key-only login as root to server `index` of `cluster`, host keys checked against `knownHosts`.
inline cw::SshTarget targetFor(const TestCluster &cluster, int index, const QString &knownHosts)
{
    cw::SshTarget target;
    target.host = cluster.ip(index);
    target.port = 22;
    target.user = u"root"_s;
    target.identityFile = cluster.clientKey();
    target.knownHostsFile = knownHosts;
    target.connectTimeoutMs = 5000;
    target.parseSshConfig = false;
    return target;
}

inline void bringUp(TestCluster &cluster, int count)
{
    QString error;
    QVERIFY2(cluster.up(count, &error), qPrintable(error));
}

} // namespace sshtest
