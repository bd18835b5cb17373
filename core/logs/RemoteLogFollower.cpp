// SPDX-License-Identifier: GPL-3.0-or-later
#include "logs/RemoteLogFollower.h"

#include "discover/ProbeText.h"
#include "shell/ShellQuote.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QMutexLocker>
#include <QThread>

#include <utility>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

// Errors that another try cannot fix: the user must act (host key, login, target).
bool isFatal(SshError::Kind kind)
{
    return kind == SshError::Kind::HostKeyUnknown || kind == SshError::Kind::HostKeyChanged ||
           kind == SshError::Kind::AuthFailed || kind == SshError::Kind::InvalidTarget;
}

} // namespace

RemoteLogFollower::RemoteLogFollower(RemoteLogFollowerOptions options, QList<LogSource> sources,
                                     RecordSink sink, StatusSink status)
    : m_options(std::move(options)), m_sources(std::move(sources)), m_sink(std::move(sink)),
      m_status(std::move(status))
{
    for (const LogSource &source : m_sources)
        m_offsets.push_back(source.offset);
}

RemoteLogFollower::~RemoteLogFollower()
{
    if (m_thread.joinable()) {
        cancel();
        m_thread.join();
    }
}

void RemoteLogFollower::start()
{
    if (!m_thread.joinable())
        m_thread = std::thread([this] { m_result = run(); });
}

SshError RemoteLogFollower::wait()
{
    if (m_thread.joinable())
        m_thread.join();
    return m_result;
}

void RemoteLogFollower::stop()
{
    m_stop = true;
    m_followCancel = true;
    m_interrupt = true;
}

void RemoteLogFollower::cancel()
{
    m_cancel = true;
    m_followCancel = true;
    m_drainCancel = true;
    m_interrupt = true;
}

std::future<ExecResult> RemoteLogFollower::execOnConnection(const QString &command, int timeoutMs)
{
    std::future<ExecResult> result = m_requests.add(command, timeoutMs);
    m_interrupt = true; // the live stream makes way
    return result;
}

void RemoteLogFollower::addSources(const QList<LogSource> &sources)
{
    if (sources.isEmpty())
        return;
    {
        QMutexLocker lock(&m_mutex);
        m_added += sources;
    }
    m_interrupt = true; // the live stream makes way, and starts again with them
}

void RemoteLogFollower::takeAddedSources(LogFrameReader &reader)
{
    QMutexLocker lock(&m_mutex);
    for (const LogSource &source : std::exchange(m_added, {})) {
        m_sources.append(source);
        m_offsets.push_back(source.offset);
        reader.addFile(source.offset);
    }
}

QList<LogSource> RemoteLogFollower::positions() const
{
    QMutexLocker lock(&m_mutex);
    QList<LogSource> out = m_sources;
    for (qsizetype i = 0; i < out.size(); ++i)
        out[i].offset = m_offsets[size_t(i)];
    return out;
}

void RemoteLogFollower::report(const QString &message) const
{
    if (m_status)
        m_status(message);
}

void RemoteLogFollower::linkChanged(bool up, const QString &why) const
{
    if (m_link)
        m_link(up, why);
}

bool RemoteLogFollower::sleepFor(int ms, const std::atomic<bool> &interrupt) const
{
    QDeadlineTimer until(ms);
    while (!until.hasExpired()) {
        if (interrupt.load())
            return false;
        QThread::msleep(qBound(qint64(1), until.remainingTime(), qint64(50)));
    }
    return !interrupt.load();
}

SshError RemoteLogFollower::connectOnce(std::unique_ptr<RemoteHost> &host)
{
    const std::shared_ptr<RemoteConnector> connector =
        m_options.connector ? m_options.connector : sshConnector();
    RemoteConnection connection =
        connector->connect(m_options.target, m_options.hostKeyPolicy, m_options.credentials);
    if (connection.error.isError()) {
        if (m_giveUp.isForever())
            m_giveUp.setRemainingTime(m_options.giveUpMs);
        linkChanged(false, connection.error.message);
        return connection.error;
    }
    host = std::move(connection.host);
    m_giveUp = QDeadlineTimer::Forever;
    linkChanged(true, {});
    return {};
}

SshError RemoteLogFollower::connectWithBackoff(std::unique_ptr<RemoteHost> &host,
                                               const std::atomic<bool> &interrupt)
{
    int backoff = qMax(1, m_options.backoffMinMs);
    for (;;) {
        if (interrupt.load())
            return SshError::make(SshError::Kind::Cancelled, u"log follow cancelled"_s);
        const SshError error = connectOnce(host);
        if (!error.isError())
            return error;
        if (isFatal(error.kind) || m_giveUp.hasExpired())
            return error;
        report(u"%1: %2; trying again in %3 ms"_s.arg(m_options.server, error.message,
                                                      QString::number(backoff)));
        if (!sleepFor(int(qMin<qint64>(backoff, qMax<qint64>(1, m_giveUp.remainingTime()))),
                      interrupt))
            return SshError::make(SshError::Kind::Cancelled, u"log follow cancelled"_s);
        backoff = qMin(backoff * 2, qMax(m_options.backoffMaxMs, 1));
    }
}

void RemoteLogFollower::serveRequests(std::unique_ptr<RemoteHost> &host)
{
    while (std::optional<HostRequest> request = m_requests.take()) {
        if (!host) {
            // Down at this moment: one try now, the backoff goes on afterwards.
            if (const SshError error = connectOnce(host); error.isError()) {
                ExecResult failed;
                failed.error = error;
                request->done.set_value(failed);
                continue;
            }
        }
        const ExecResult result = host->exec(request->command, request->timeoutMs, &m_cancel);
        if (result.error.isError() && !result.cancelled) {
            host.reset(); // lost, or in doubt: the next stream connects again
            linkChanged(false, result.error.message);
        }
        request->done.set_value(result);
    }
}

ExecResult RemoteLogFollower::pollWithoutFiles(RemoteHost &host, std::atomic<bool> &interrupt)
{
    // Under sh, stdout alone, as the tail program runs it.
    const QString command = shellScriptCommand(m_options.status.command);
    for (;;) {
        ExecResult result = host.exec(command, m_options.pollTimeoutMs, &interrupt);
        if (result.cancelled)
            return result; // a request, stop() or cancel()
        if (result.timedOut) {
            // A poll that hangs gives no report this round, as in the tail program; the
            // connection is still good (the command was sent TERM).
        } else if (result.error.isError()) {
            return result; // the connection is in doubt: the caller connects again
        } else if (m_report) {
            m_report(result.out);
        }
        if (!sleepFor(m_options.status.intervalMs, interrupt)) {
            ExecResult interrupted;
            interrupted.cancelled = true;
            return interrupted;
        }
    }
}

ExecResult RemoteLogFollower::stream(RemoteHost &host, LogFrameReader &reader, TailMode mode,
                                     std::atomic<bool> &interrupt, QString *frameError)
{
    if (mode == TailMode::Follow && m_sources.isEmpty() && m_options.status.intervalMs > 0)
        return pollWithoutFiles(host, interrupt);
    QList<LogSource> sources = m_sources;
    for (qsizetype i = 0; i < sources.size(); ++i)
        sources[i].offset = reader.nextOffset(int(i));
    reader.restart();
    QByteArray errTail;
    const auto onLine = [&](int file, const QString &line, qint64 offset) {
        const LogSource &source = m_sources[file];
        m_sink(LogRecord{m_options.server, source.rank, line, QDateTime::currentMSecsSinceEpoch(),
                         offset, source.attempt});
        ++m_delivered;
    };
    const auto onReport = [&](const QByteArray &status) {
        if (m_report)
            m_report(status);
    };
    const auto onData = [&](QByteArrayView out, QByteArrayView err) {
        if (!err.isEmpty())
            errTail = (errTail + err.toByteArray()).right(4096);
        if (out.isEmpty() || !frameError->isEmpty())
            return;
        if (!reader.feed(out, onLine, onReport)) {
            *frameError = reader.error();
            interrupt = true; // the stream cannot be trusted any more: end it
        }
        QMutexLocker lock(&m_mutex);
        for (int i = 0; i < reader.fileCount(); ++i)
            m_offsets[size_t(i)] = reader.nextOffset(i);
    };
    ExecResult result =
        host.execStreaming(remoteTailCommand(m_options.python, sources, mode, m_options.status),
                           onData, m_options.idleTimeoutMs, &interrupt);
    result.err = errTail;
    return result;
}

SshError RemoteLogFollower::run()
{
    SshError error = follow();
    // Every error names its server once, whatever depth it came from (a connect error names
    // only the endpoint).
    if (error.isError() && error.kind != SshError::Kind::Cancelled)
        error.message = m_options.server + u": "_s + error.message;
    if (error.isError())
        linkChanged(false, error.message);
    return error;
}

SshError RemoteLogFollower::follow()
{
    std::vector<qint64> starts;
    for (const LogSource &source : m_sources)
        starts.push_back(source.offset);
    LogFrameReader reader(starts, m_options.maxLineBytes);
    std::unique_ptr<RemoteHost> host; // null while not connected
    const SshError live = followLive(reader, host);
    m_requests.close(u"%1: the log follow has ended"_s.arg(m_options.server));
    if (live.isError())
        return live;
    if (m_cancel.load())
        return SshError::make(SshError::Kind::Cancelled,
                              u"log follow on %1 cancelled"_s.arg(m_options.server));
    return drain(reader, host);
}

// Live follow until stop() or cancel(), serving requests between two streams.
SshError RemoteLogFollower::followLive(LogFrameReader &reader, std::unique_ptr<RemoteHost> &host)
{
    QString frameError;
    for (;;) {
        m_interrupt = m_followCancel.load(); // cleared before the queue is looked at: no request
        if (m_followCancel.load())           // added after this point goes unnoticed
            return {};
        serveRequests(host);
        takeAddedSources(reader);
        if (!host) {
            const SshError error = connectWithBackoff(host, m_interrupt);
            if (error.kind == SshError::Kind::Cancelled)
                continue; // a request, stop() or cancel(): the loop's head decides
            if (error.isError())
                return error;
        }
        const ExecResult result = stream(*host, reader, TailMode::Follow, m_interrupt, &frameError);
        if (!frameError.isEmpty())
            return SshError::make(SshError::Kind::Protocol, frameError);
        if (result.cancelled)
            continue; // interrupted on purpose: the connection is still good
        if (m_followCancel.load())
            return {};
        if (!result.error.isError() && result.exitStatus != 0 && reader.frames() == 0) {
            // The program did not even start (no interpreter, say): another try cannot help.
            return SshError::make(SshError::Kind::Protocol,
                                  u"the log reader exited with %1: %2"_s.arg(
                                      QString::number(result.exitStatus),
                                      firstLineOf(QString::fromUtf8(result.err))));
        }
        const QString why =
            result.error.isError() ? result.error.message : u"the log reader ended"_s;
        report(u"%1: log stream interrupted (%2); reconnecting"_s.arg(m_options.server, why));
        linkChanged(false, why);
        host.reset(); // also after a silent timeout: that connection is dead
        m_giveUp.setRemainingTime(m_options.giveUpMs);
        ++m_reconnects;
        sleepFor(m_options.backoffMinMs, m_interrupt);
    }
}

// After stop(): every file once more to its current end.
SshError RemoteLogFollower::drain(LogFrameReader &reader, std::unique_ptr<RemoteHost> &host)
{
    takeAddedSources(reader); // added just before the end: drained too
    QString frameError;
    const QDeadlineTimer giveUp(m_options.giveUpMs);
    for (;;) {
        if (!host) {
            const SshError error = connectWithBackoff(host, m_drainCancel);
            if (error.isError())
                return error;
        }
        const ExecResult result =
            stream(*host, reader, TailMode::Drain, m_drainCancel, &frameError);
        if (!frameError.isEmpty())
            return SshError::make(SshError::Kind::Protocol, frameError);
        if (reader.ended())
            return {};
        if (m_drainCancel.load())
            return SshError::make(SshError::Kind::Cancelled,
                                  u"log drain on %1 cancelled"_s.arg(m_options.server));
        if (!result.error.isError() && result.exitStatus != 0)
            return SshError::make(SshError::Kind::Protocol,
                                  u"the log reader exited with %1: %2"_s.arg(
                                      QString::number(result.exitStatus),
                                      firstLineOf(QString::fromUtf8(result.err))));
        if (giveUp.hasExpired())
            return result.error.isError()
                       ? result.error
                       : SshError::make(SshError::Kind::Timeout, u"the log drain did not finish"_s);
        host.reset();
        ++m_reconnects;
        if (!sleepFor(m_options.backoffMinMs, m_drainCancel))
            return SshError::make(SshError::Kind::Cancelled,
                                  u"log drain on %1 cancelled"_s.arg(m_options.server));
    }
}

} // namespace cw
