// SPDX-License-Identifier: GPL-3.0-or-later
// One remote command on its own channel. The loop never blocks for long: it waits on the session
// socket at most 100 ms at a time (ssh_event_dopoll), reads what arrived without blocking, feeds
// stdin only as far as the remote window allows, and checks the deadline and the cancel flag in
// between. The exit status comes from the channel callback; ssh_channel_read's 0 means "nothing
// now" as much as EOF, so the end is decided by ssh_channel_is_eof plus an exit status, exit
// signal or close.
#include "ssh/SshSessionPrivate.h"

#include <QDeadlineTimer>
#include <QThread>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

constexpr int pollSliceMs = 100;
constexpr int chunkSize = 64 * 1024;

struct ChannelState {
    ssh_channel_callbacks_struct callbacks{};
    bool exitStatusSeen = false;
    int exitStatus = -1;
    QString exitSignal;
    bool closed = false;
};

void onExitStatus(ssh_session, ssh_channel, int status, void *userdata)
{
    auto *state = static_cast<ChannelState *>(userdata);
    state->exitStatusSeen = true;
    state->exitStatus = status;
}

void onExitSignal(ssh_session, ssh_channel, const char *signal, int, const char *, const char *,
                  void *userdata)
{
    static_cast<ChannelState *>(userdata)->exitSignal =
        signal ? QString::fromLatin1(signal) : u"?"_s;
}

void onClose(ssh_session, ssh_channel, void *userdata)
{
    static_cast<ChannelState *>(userdata)->closed = true;
}

// Moves everything buffered on one stream into `into`; false when the channel failed.
bool drain(ssh_channel channel, int isStderr, QByteArray *into, bool *gotData)
{
    char buffer[chunkSize];
    for (;;) {
        const int n = ssh_channel_read_nonblocking(channel, buffer, sizeof buffer, isStderr);
        if (n > 0) {
            into->append(buffer, n);
            *gotData = true;
            continue;
        }
        return n == 0 || n == SSH_EOF;
    }
}

// How long one poll may wait: the poll slice, or less when a deadline comes sooner.
int slice(const QDeadlineTimer &timer)
{
    if (timer.isForever())
        return pollSliceMs;
    return int(qBound(qint64(1), timer.remainingTime(), qint64(pollSliceMs)));
}

// Detaches the session from the event on every way out of the loop.
struct EventGuard {
    ssh_session session;
    ssh_event event = ssh_event_new();
    bool attached = event && ssh_event_add_session(event, session) == SSH_OK;
    ~EventGuard()
    {
        if (event) {
            ssh_event_remove_session(event, session);
            ssh_event_free(event);
        }
    }
};

ExecResult runOnChannel(SshSessionPrivate &d, const QString &command, const ExecOptions &options)
{
    ExecResult result;
    if (!d.connected || !d.session || !ssh_is_connected(d.session)) {
        result.error = SshError::make(SshError::Kind::Unreachable,
                                      u"not connected to "_s +
                                          (d.endpoint.isEmpty() ? d.target.host : d.endpoint));
        return result;
    }
    if (command.contains(QChar(0))) { // would cut the C string libssh sends
        result.error =
            SshError::make(SshError::Kind::InvalidTarget, u"a command must not contain NUL"_s);
        return result;
    }
    const QDeadlineTimer deadline = options.timeoutMs > 0 ? QDeadlineTimer(options.timeoutMs)
                                                          : QDeadlineTimer(QDeadlineTimer::Forever);
    ChannelState state;
    state.callbacks.userdata = &state;
    state.callbacks.channel_exit_status_function = onExitStatus;
    state.callbacks.channel_exit_signal_function = onExitSignal;
    state.callbacks.channel_close_function = onClose;
    ssh_callbacks_init(&state.callbacks);

    ssh_channel channel = ssh_channel_new(d.session);
    if (!channel) {
        result.error = d.failure(SshError::Kind::Protocol, u"opening a channel"_s);
        return result;
    }
    ssh_set_channel_callbacks(channel, &state.callbacks);
    auto finish = [&] {
        // The callbacks point into this stack frame: detach before libssh may outlive it.
        ssh_remove_channel_callbacks(channel, &state.callbacks);
        if (ssh_is_connected(d.session) && !ssh_channel_is_closed(channel))
            ssh_channel_close(channel);
        ssh_channel_free(channel);
        return result;
    };

    {
        // Opening and the exec request wait for the server's answer: bounded by the watchdog.
        const int setupMs = options.timeoutMs > 0 ? options.timeoutMs : d.target.connectTimeoutMs;
        SshWatchdogScope watch(d.watchdog, d.fd(), setupMs);
        if (ssh_channel_open_session(channel) != SSH_OK) {
            result.error = d.failure(SshError::Kind::Protocol, u"opening a channel"_s);
            return finish();
        }
        if (ssh_channel_request_exec(channel, command.toUtf8().constData()) != SSH_OK) {
            result.error = d.failure(SshError::Kind::Protocol, u"starting a command"_s);
            return finish();
        }
    }

    EventGuard events{d.session};
    qsizetype stdinDone = 0;
    bool stdinClosed = false;
    QDeadlineTimer idle(options.idleTimeoutMs > 0 ? options.idleTimeoutMs : -1);
    QByteArray outChunk, errChunk;
    QByteArray &out = options.sink ? outChunk : result.out;
    QByteArray &err = options.sink ? errChunk : result.err;
    for (;;) {
        bool gotData = false;
        const bool readOk = drain(channel, 0, &out, &gotData) && drain(channel, 1, &err, &gotData);
        if (gotData) {
            if (options.idleTimeoutMs > 0)
                idle.setRemainingTime(options.idleTimeoutMs);
            if (options.sink) {
                (*options.sink)(outChunk, errChunk);
                outChunk.clear();
                errChunk.clear();
            }
        }
        if (!readOk || !ssh_is_connected(d.session)) {
            result.error = d.failure(SshError::Kind::Protocol, u"reading command output"_s);
            break;
        }
        // stdin: only what the window takes, so a command that writes before it reads cannot
        // deadlock against us; EOF once everything is out (at once for no data).
        while (!stdinClosed && stdinDone < options.stdinData.size() && !state.closed) {
            const qsizetype room = qMin<qsizetype>(ssh_channel_window_size(channel), chunkSize);
            if (room <= 0)
                break;
            const qsizetype n = qMin(room, options.stdinData.size() - stdinDone);
            const int written =
                ssh_channel_write(channel, options.stdinData.constData() + stdinDone, uint32_t(n));
            if (written <= 0) {
                stdinClosed = true; // the command closed its stdin: not an error of ours
                break;
            }
            stdinDone += written;
        }
        if (!stdinClosed && (stdinDone >= options.stdinData.size() || state.closed)) {
            if (!state.closed)
                ssh_channel_send_eof(channel);
            stdinClosed = true;
        }
        const bool ended = state.exitStatusSeen || !state.exitSignal.isEmpty() || state.closed ||
                           ssh_channel_is_closed(channel);
        if (ssh_channel_is_eof(channel) && ended)
            break;
        if (options.cancel && options.cancel->load()) {
            result.cancelled = true;
            result.error = SshError::make(SshError::Kind::Cancelled,
                                          u"command on %1 cancelled"_s.arg(d.endpoint));
            break;
        }
        if (deadline.hasExpired() || idle.hasExpired()) {
            result.timedOut = true;
            const int limit = deadline.hasExpired() ? options.timeoutMs : options.idleTimeoutMs;
            result.error = SshError::make(
                SshError::Kind::Timeout,
                u"command on %1 %2 after %3 ms"_s.arg(
                    d.endpoint, deadline.hasExpired() ? u"timed out"_s : u"was silent"_s,
                    QString::number(limit)));
            break;
        }
        const int wait = qMin(slice(deadline), slice(idle));
        if (!events.attached || ssh_event_dopoll(events.event, wait) == SSH_ERROR) {
            if (!ssh_is_connected(d.session))
                continue;        // reported at the top, after reading what arrived before the loss
            QThread::msleep(10); // an interrupted poll: try again
        }
    }
    result.exitStatus = state.exitStatusSeen ? state.exitStatus : -1;
    result.exitSignal = state.exitSignal;
    if (result.timedOut || result.cancelled) {
        // Ask sshd to signal the command (OpenSSH 7.9+); the caller still owns killing its group.
        if (ssh_is_connected(d.session) && !ssh_channel_is_closed(channel))
            ssh_channel_request_send_signal(channel, "TERM");
        result.exitStatus = -1;
    }
    return finish();
}

} // namespace

bool SshSession::keepAlive()
{
    if (!d->connected || !d->session || !ssh_is_connected(d->session)) {
        d->close();
        return false;
    }
    EventGuard events{d->session};
    if (events.attached)
        ssh_event_dopoll(events.event, 0); // reads an EOF or error as well as probes
    if (ssh_is_connected(d->session))
        return true;
    d->close();
    return false;
}

ExecResult runCommand(SshSessionPrivate &d, const QString &command, const ExecOptions &options)
{
    ExecResult result = runOnChannel(d, command, options);
    if (d.watchdog.fired())
        d.close(); // its socket was shut down to end a wait that had no answer
    return result;
}

} // namespace cw
