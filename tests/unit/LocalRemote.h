// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A RemoteHost that runs every command through a local `sh -c`, as a server's shell would run it,
// and a connector that counts its connections: the run session's unit tests run the real remote
// programs (the tail program, the poll and stop commands) without sshd, and count "logins".
// The cluster tests (tests/cluster) do the same over real SSH.

#include "ssh/RemoteHost.h"

#include <QDeadlineTimer>
#include <QProcess>

#include <atomic>

namespace localremote {

class LocalHost : public cw::RemoteHost {
public:
    cw::ExecResult exec(const QString &command, int timeoutMs, const std::atomic<bool> *cancel,
                        const QByteArray &stdinData) override
    {
        cw::ExecResult result;
        QByteArray out;
        QByteArray err;
        result = run(
            command,
            [&](QByteArrayView o, QByteArrayView e) {
                out += o.toByteArray();
                err += e.toByteArray();
            },
            timeoutMs, 0, cancel, stdinData);
        result.out = out;
        result.err = err;
        return result;
    }

    cw::ExecResult execStreaming(const QString &command, const cw::SshDataSink &onData,
                                 int idleTimeoutMs, const std::atomic<bool> *cancel) override
    {
        return run(command, onData, 0, idleTimeoutMs, cancel, {});
    }

    cw::SshError upload(const QByteArray &, const QString &, int, int,
                        const std::atomic<bool> *) override
    {
        return cw::SshError::make(cw::SshError::Kind::Protocol, QStringLiteral("no uploads"));
    }

    QString endpoint() const override { return QStringLiteral("local"); }

private:
    static cw::ExecResult run(const QString &command, const cw::SshDataSink &onData, int timeoutMs,
                              int idleMs, const std::atomic<bool> *cancel,
                              const QByteArray &stdinData)
    {
        cw::ExecResult result;
        QProcess sh;
        sh.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command});
        if (!sh.waitForStarted(5000)) {
            result.error = cw::SshError::make(cw::SshError::Kind::Protocol, sh.errorString());
            return result;
        }
        sh.write(stdinData);
        sh.closeWriteChannel();
        QDeadlineTimer deadline(timeoutMs > 0 ? timeoutMs : -1);
        QDeadlineTimer idle(idleMs > 0 ? idleMs : -1);
        for (;;) {
            const bool finished = sh.state() == QProcess::NotRunning;
            const QByteArray out = sh.readAllStandardOutput();
            const QByteArray err = sh.readAllStandardError();
            if (!out.isEmpty() || !err.isEmpty()) {
                onData(out, err);
                idle.setRemainingTime(idleMs > 0 ? idleMs : -1);
            }
            if (finished)
                break;
            if (cancel && cancel->load()) {
                result.cancelled = true;
                result.error =
                    cw::SshError::make(cw::SshError::Kind::Cancelled, QStringLiteral("cancelled"));
                sh.kill();
                sh.waitForFinished();
                return result;
            }
            if (deadline.hasExpired() || idle.hasExpired()) {
                result.timedOut = true;
                result.error =
                    cw::SshError::make(cw::SshError::Kind::Timeout, QStringLiteral("timed out"));
                sh.kill();
                sh.waitForFinished();
                return result;
            }
            sh.waitForReadyRead(20);
        }
        result.exitStatus = sh.exitStatus() == QProcess::NormalExit ? sh.exitCode() : -1;
        return result;
    }
};

class LocalConnector : public cw::RemoteConnector {
public:
    cw::RemoteConnection connect(const cw::SshTarget &target, cw::HostKeyPolicy *,
                                 const cw::SshCredentials &) override
    {
        ++m_connects;
        cw::RemoteConnection connection;
        connection.host = std::make_unique<LocalHost>();
        connection.endpoint = target.host;
        return connection;
    }
    int connects() const { return m_connects.load(); }

private:
    std::atomic<int> m_connects = 0;
};

} // namespace localremote
