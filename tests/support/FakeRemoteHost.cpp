// SPDX-License-Identifier: GPL-3.0-or-later
// One fake connection: runs the scripted handler of each command on the caller's thread and
// ends the call the way SshSession does (cancel, time limit, lost connection).
#include "FakeRemoteHost.h"

#include <QThread>

#include <algorithm>

using namespace cw;
using namespace Qt::StringLiterals;

namespace cwtest {

FakeCallState::End FakeCallState::check()
{
    if (end != End::None)
        return end;
    if (dropped->load())
        end = End::Dropped;
    else if (cancel && cancel->load())
        end = End::Cancelled;
    else if (deadline.hasExpired())
        end = End::TimedOut;
    return end;
}

FakeServer &FakeCall::server() const
{
    return m_state.server;
}

const QString &FakeCall::command() const
{
    return m_state.command;
}

const QByteArray &FakeCall::input() const
{
    return m_state.input;
}

int FakeCall::connection() const
{
    return m_state.connection;
}

bool FakeCall::streaming() const
{
    return m_state.sink != nullptr;
}

void FakeCall::write(QByteArrayView out, QByteArrayView err)
{
    if (m_state.check() != FakeCallState::End::None || (out.isEmpty() && err.isEmpty()))
        return;
    if (!m_state.sink) {
        m_state.out.append(out);
        m_state.err.append(err);
        return;
    }
    (*m_state.sink)(out, err);
    if (m_state.limitMs > 0)
        m_state.deadline.setRemainingTime(m_state.limitMs);
}

bool FakeCall::waitForEnd(int maxMs)
{
    const QDeadlineTimer until = maxMs > 0 ? QDeadlineTimer(maxMs) : QDeadlineTimer::Forever;
    while (m_state.check() == FakeCallState::End::None) {
        if (until.hasExpired())
            return false;
        QThread::msleep(2);
    }
    return true;
}

bool FakeCall::ended() const
{
    return m_state.check() != FakeCallState::End::None;
}

void FakeCall::dropConnection()
{
    m_state.dropped->store(true);
}

FakeHost::FakeHost(FakeServer &server, int connection, std::shared_ptr<std::atomic<bool>> dropped)
    : m_server(server), m_connection(connection), m_dropped(std::move(dropped))
{
}

FakeHost::~FakeHost()
{
    std::lock_guard lock(m_server.m_mutex);
    auto &open = m_server.m_openConnections;
    open.erase(std::remove(open.begin(), open.end(), m_dropped), open.end());
}

QString FakeHost::endpoint() const
{
    return m_server.endpoint();
}

ExecResult FakeHost::run(FakeCallState &state)
{
    ExecResult result;
    if (m_dropped->load()) {
        result.error =
            SshError::make(SshError::Kind::Unreachable, u"not connected to "_s + endpoint());
        return result;
    }
    if (state.command.contains(QChar(0))) {
        result.error =
            SshError::make(SshError::Kind::InvalidTarget, u"a command must not contain NUL"_s);
        return result;
    }
    m_server.record(FakeEvent{state.sink ? FakeEvent::Kind::Stream : FakeEvent::Kind::Exec,
                              {},
                              0,
                              m_connection,
                              state.command,
                              state.input,
                              0});
    if (state.limitMs > 0)
        state.deadline.setRemainingTime(state.limitMs);
    FakeCall call(state);
    const FakeAnswer answer = m_server.handlerFor(state.command)(call);
    call.write(answer.out, answer.err);
    result.out = state.out;
    result.err = state.err;
    switch (state.check()) {
    case FakeCallState::End::None:
        result.exitStatus = answer.exitStatus;
        break;
    case FakeCallState::End::Dropped:
        result.error =
            SshError::make(SshError::Kind::Unreachable,
                           u"reading command output: connection to %1 lost"_s.arg(endpoint()));
        break;
    case FakeCallState::End::Cancelled:
        result.cancelled = true;
        result.error =
            SshError::make(SshError::Kind::Cancelled, u"command on %1 cancelled"_s.arg(endpoint()));
        break;
    case FakeCallState::End::TimedOut:
        result.timedOut = true;
        result.error = SshError::make(SshError::Kind::Timeout,
                                      u"command on %1 %2 after %3 ms"_s.arg(
                                          endpoint(), state.sink ? u"was silent"_s : u"timed out"_s,
                                          QString::number(state.limitMs)));
        break;
    }
    return result;
}

ExecResult FakeHost::exec(const QString &command, int timeoutMs, const std::atomic<bool> *cancel,
                          const QByteArray &stdinData)
{
    FakeCallState state(m_server, command, stdinData, m_connection, nullptr, timeoutMs, cancel,
                        m_dropped);
    return run(state);
}

ExecResult FakeHost::execStreaming(const QString &command, const SshDataSink &onData,
                                   int idleTimeoutMs, const std::atomic<bool> *cancel)
{
    FakeCallState state(m_server, command, {}, m_connection, &onData, idleTimeoutMs, cancel,
                        m_dropped);
    ExecResult result = run(state);
    result.out.clear(); // the sink got it
    result.err.clear();
    return result;
}

SshError FakeHost::upload(const QByteArray &data, const QString &remotePath, int mode, int,
                          const std::atomic<bool> *cancel)
{
    if (m_dropped->load())
        return SshError::make(SshError::Kind::Unreachable, u"not connected to "_s + endpoint());
    if (cancel && cancel->load())
        return SshError::make(SshError::Kind::Cancelled,
                              u"upload of %1 to %2 cancelled"_s.arg(remotePath, endpoint()));
    m_server.record(
        FakeEvent{FakeEvent::Kind::Upload, {}, 0, m_connection, remotePath, data, mode});
    if (const std::optional<QString> why = m_server.uploadFailure(remotePath))
        return SshError::make(SshError::Kind::Sftp,
                              u"cannot upload %1 to %2: %3"_s.arg(remotePath, endpoint(), *why));
    m_server.writeFile(remotePath, data, mode);
    return {};
}

} // namespace cwtest
