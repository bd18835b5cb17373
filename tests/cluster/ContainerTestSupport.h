// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// For cluster tests whose simulated servers run real podman containers (cluster.sh up ...
// --containers): the test image (tests/support/container-image.sh, made once and cached outside
// the checkout), making sure every server has it, and the client's own OpenSSH to reach a server
// or a container's sshd. See TESTING.md, "Containers".

#include "TestCluster.h"

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace containertest {

using namespace Qt::StringLiterals;

// Why container tests cannot run here (to QSKIP with), or empty when they can: podman and runc
// (the runtime that works on this machine; crun does not) are installed.
inline QString missingTools()
{
    QStringList missing;
    for (const QString &tool : {u"podman"_s, u"runc"_s}) {
        if (QStandardPaths::findExecutable(tool).isEmpty())
            missing << tool;
    }
    if (missing.isEmpty())
        return {};
    return u"container tests need %1 (scripts/install-deps.sh installs them)"_s.arg(
        missing.join(u" and "_s));
}

inline QString imageScript()
{
    return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/support/container-image.sh");
}

// Runs container-image.sh with `arguments`; its last stdout line, or empty with `error` set.
// The first call on a machine makes the image (minutes); later calls return at once.
inline QString runImageScript(const QStringList &arguments, QString *error)
{
    QProcess process;
    process.start(imageScript(), arguments);
    if (!process.waitForFinished(30 * 60 * 1000)) {
        process.kill();
        process.waitForFinished();
        *error = u"container-image.sh did not finish in 30 minutes"_s;
        return {};
    }
    const QByteArray out = process.readAllStandardOutput().trimmed();
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0 || out.isEmpty()) {
        *error = u"container-image.sh failed: "_s +
                 QString::fromUtf8(process.readAllStandardError().right(2000));
        return {};
    }
    return QString::fromUtf8(out.mid(out.lastIndexOf('\n') + 1));
}

// The test image's name (localhost/clusterwiz-test:TAG), present on every server of `cluster`:
// the servers share the image store the script fills; a server that still lacks the image
// (another store configured) gets the image's tar imported. Empty with `error` set on failure.
inline QString ensureImage(const TestCluster &cluster, QString *error)
{
    const QString image = runImageScript({}, error);
    if (image.isEmpty())
        return {};
    QString tar;
    for (int i = 0; i < cluster.count(); ++i) {
        QByteArray out;
        if (cluster.exec(i, {u"podman"_s, u"image"_s, u"exists"_s, image}, &out, 60000) == 0)
            continue;
        if (tar.isEmpty() && (tar = runImageScript({u"--tar"_s}, error)).isEmpty())
            return {};
        if (cluster.exec(i, {u"podman"_s, u"import"_s, tar, image}, &out, 15 * 60 * 1000) != 0) {
            *error = u"podman import on server%1: "_s.arg(i) + QString::fromUtf8(out.right(2000));
            return {};
        }
    }
    return image;
}

// Brings up `count` servers that can run containers and makes sure each has the test image.
inline bool upWithImage(TestCluster &cluster, int count, QString *image, QString *error,
                        bool ownProcessTables = false)
{
    if (!cluster.up(count, error, ownProcessTables, true))
        return false;
    *image = ensureImage(cluster, error);
    return !image->isEmpty();
}

// The result of one OpenSSH client run.
struct SshResult {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// `command` as root on `host`:`port` with the cluster's client key, through the client's own
// OpenSSH (no agent, no user config). Host keys are not checked: a container's sshd makes its
// keys when it starts (ssh-keygen -A), so nothing could know them beforehand.
inline SshResult ssh(const TestCluster &cluster, const QString &host, int port,
                     const QString &command, int timeoutMs = 60000)
{
    QProcess process;
    process.start(u"ssh"_s, {u"-F"_s,           u"/dev/null"_s,
                             u"-i"_s,           cluster.clientKey(),
                             u"-p"_s,           QString::number(port),
                             u"-o"_s,           u"BatchMode=yes"_s,
                             u"-o"_s,           u"IdentitiesOnly=yes"_s,
                             u"-o"_s,           u"StrictHostKeyChecking=no"_s,
                             u"-o"_s,           u"UserKnownHostsFile=/dev/null"_s,
                             u"-o"_s,           u"LogLevel=ERROR"_s,
                             u"-o"_s,           u"ConnectTimeout=5"_s,
                             u"root@"_s + host, command});
    process.closeWriteChannel();
    SshResult result;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = "ssh timed out";
        return result;
    }
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    if (process.exitStatus() == QProcess::NormalExit)
        result.exitCode = process.exitCode();
    return result;
}

} // namespace containertest
