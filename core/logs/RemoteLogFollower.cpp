#include "logs/RemoteLogFollower.h"

#include "discover/ProbeText.h"

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
}

void RemoteLogFollower::cancel()
{
    m_cancel = true;
    m_followCancel = true;
    m_drainCancel = true;
}

QList<LogSource> RemoteLogFollower::positions() const
{
    QList<LogSource> out = m_sources;
    QMutexLocker lock(&m_mutex);
    for (qsizetype i = 0; i < out.size(); ++i)
        out[i].offset = m_offsets[size_t(i)];
    return out;
}

void RemoteLogFollower::report(const QString &message) const
{
    if (m_status)
        m_status(message);
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

SshError RemoteLogFollower::connectWithBackoff(std::unique_ptr<RemoteHost> &host,
                                               const std::atomic<bool> &interrupt)
{
    const QDeadlineTimer giveUp(m_options.giveUpMs);
    int backoff = qMax(1, m_options.backoffMinMs);
    for (;;) {
        if (interrupt.load())
            return SshError::make(SshError::Kind::Cancelled, u"log follow cancelled"_s);
        const std::shared_ptr<RemoteConnector> connector =
            m_options.connector ? m_options.connector : sshConnector();
        RemoteConnection connection =
            connector->connect(m_options.target, m_options.hostKeyPolicy, m_options.credentials);
        const SshError error = connection.error;
        if (!error.isError()) {
            host = std::move(connection.host);
            return error;
        }
        if (isFatal(error.kind) || giveUp.hasExpired())
            return error;
        report(u"%1: %2; trying again in %3 ms"_s.arg(m_options.server, error.message,
                                                      QString::number(backoff)));
        if (!sleepFor(int(qMin<qint64>(backoff, qMax<qint64>(1, giveUp.remainingTime()))),
                      interrupt))
            return SshError::make(SshError::Kind::Cancelled, u"log follow cancelled"_s);
        backoff = qMin(backoff * 2, qMax(m_options.backoffMaxMs, 1));
    }
}

ExecResult RemoteLogFollower::stream(RemoteHost &host, LogFrameReader &reader, TailMode mode,
                                     std::atomic<bool> &interrupt, QString *frameError)
{
    QList<LogSource> sources = m_sources;
    for (qsizetype i = 0; i < sources.size(); ++i)
        sources[i].offset = reader.nextOffset(int(i));
    reader.restart();
    QByteArray errTail;
    const auto onLine = [&](int file, const QString &line, qint64 offset) {
        const LogSource &source = m_sources[file];
        m_sink(LogRecord{m_options.server, source.rank, line, QDateTime::currentMSecsSinceEpoch(),
                         offset});
        ++m_delivered;
    };
    const auto onData = [&](QByteArrayView out, QByteArrayView err) {
        if (!err.isEmpty())
            errTail = (errTail + err.toByteArray()).right(4096);
        if (out.isEmpty() || !frameError->isEmpty())
            return;
        if (!reader.feed(out, onLine)) {
            *frameError = reader.error();
            interrupt = true; // the stream cannot be trusted any more: end it
        }
        QMutexLocker lock(&m_mutex);
        for (int i = 0; i < reader.fileCount(); ++i)
            m_offsets[size_t(i)] = reader.nextOffset(i);
    };
    ExecResult result = host.execStreaming(remoteTailCommand(m_options.python, sources, mode),
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
    return error;
}

SshError RemoteLogFollower::follow()
{
    std::vector<qint64> starts;
    for (const LogSource &source : m_sources)
        starts.push_back(source.offset);
    LogFrameReader reader(starts, m_options.maxLineBytes);
    std::unique_ptr<RemoteHost> host; // null while not connected
    QString frameError;

    // Live follow until stop() or cancel().
    while (!m_followCancel.load()) {
        if (!host) {
            const SshError error = connectWithBackoff(host, m_followCancel);
            if (error.kind == SshError::Kind::Cancelled)
                break;
            if (error.isError())
                return error;
        }
        const ExecResult result =
            stream(*host, reader, TailMode::Follow, m_followCancel, &frameError);
        if (!frameError.isEmpty())
            return SshError::make(SshError::Kind::Protocol, frameError);
        if (m_followCancel.load())
            break;
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
        host.reset(); // also after a silent timeout: that connection is dead
        ++m_reconnects;
        if (!sleepFor(m_options.backoffMinMs, m_followCancel))
            break;
    }
    if (m_cancel.load())
        return SshError::make(SshError::Kind::Cancelled,
                              u"log follow on %1 cancelled"_s.arg(m_options.server));

    // Drain after stop(): read every file once more to its current end.
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
