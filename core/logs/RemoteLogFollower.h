// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Follows the rank logs of ONE server over ONE SSH connection and hands out every complete line
// as a LogRecord. One remote program (RemoteTailProgram.h) reads all of that server's files at
// once and frames their bytes, so the files are live at the same time on one channel. Asked to,
// the same program runs the run's poll command every interval and its output comes back as a
// report (setReportSink): watching a run takes no command, and no login, of its own. With no
// file to follow, the poll command runs by itself instead (no interpreter to start).
//
// Commands on the same connection: execOnConnection() (from any thread) interrupts the stream,
// runs the command on this follower's host, then starts the stream again at its offsets. The
// stop of a run and the tail of a failed rank's log go this way: one login per server for a
// whole follow, however many polls and commands it takes. (A second channel beside the stream
// would need the host on two threads at once, which RemoteHost does not allow.)
//
// Resume: each file continues from the byte after the last complete line delivered. When the
// connection drops (an error, or no frame - heartbeats come every second - for idleTimeoutMs),
// the follower reconnects with a growing backoff and restarts the remote program at those
// offsets: no line is lost, none is delivered twice. It gives up (returns the last error) after
// giveUpMs without a working connection; wrong host keys and refused logins end it at once.
//
// Ending: stop() ends the live follow and then drains: every file is read once more to its
// current end (run it after the job ended, so that end is final). cancel() ends at once without
// draining. Both only set atomics: call them from any thread.
//
// Threads: run() works on the caller's thread and blocks until the end: never call it on a GUI
// thread. start() runs it on a thread the follower owns; wait() joins it. The record sink is
// called on that thread, in file order per file (a LogRing takes records from there).

#include "logs/LogFrameReader.h"
#include "logs/LogRecord.h"
#include "logs/RemoteTailProgram.h"
#include "ssh/HostKeyPolicy.h"
#include "ssh/RemoteHost.h"

#include "logs/HostRequests.h"

#include <QDeadlineTimer>
#include <QMutex>

#include <atomic>
#include <functional>
#include <future>
#include <memory>
#include <thread>

namespace cw {

struct RemoteLogFollowerOptions {
    QString server; // the server's name in records
    SshTarget target;
    HostKeyPolicy *hostKeyPolicy = nullptr; // null: unknown host keys are refused
    SshCredentials credentials;
    std::shared_ptr<RemoteConnector> connector; // null: SSH
    QString python = QStringLiteral("python3"); // the project's launch.python
    TailStatus status; // the run's poll command and interval (none when intervalMs is 0)
    // A poll run without the tail program (no file to follow) may take this long, as long as
    // the program lets its own polls take.
    int pollTimeoutMs = 10000;
    int idleTimeoutMs = 6000; // no frame for this long: the connection is taken as lost
    int backoffMinMs = 200;   // first wait before a reconnect, doubled up to backoffMaxMs
    int backoffMaxMs = 3000;
    int giveUpMs = 120000; // this long without a working connection: give up
    qsizetype maxLineBytes = 64 * 1024;
};

class RemoteLogFollower {
public:
    using RecordSink = std::function<void(const LogRecord &record)>;
    // Connection events for the user ("connection lost: ...; reconnecting in 400 ms").
    using StatusSink = std::function<void(const QString &message)>;
    // The output of the status command, once per interval while connected.
    using ReportSink = std::function<void(const QByteArray &report)>;
    // The connection came up (`up`), or was lost or refused (`why`).
    using LinkSink = std::function<void(bool up, const QString &why)>;

    RemoteLogFollower(RemoteLogFollowerOptions options, QList<LogSource> sources, RecordSink sink,
                      StatusSink status = {});
    ~RemoteLogFollower(); // cancels and joins a thread started by start()
    RemoteLogFollower(const RemoteLogFollower &) = delete;
    RemoteLogFollower &operator=(const RemoteLogFollower &) = delete;

    // Follows until stop() (then drains) or cancel(). Kind::None after a complete stop+drain;
    // Kind::Cancelled after cancel(); otherwise the error that made it give up, as
    // "SERVER: message".
    SshError run();
    void start();    // run() on an owned thread
    SshError wait(); // joins that thread; its result

    // Set before run()/start(); called on the follower's thread.
    void setReportSink(ReportSink sink) { m_report = std::move(sink); }
    void setLinkSink(LinkSink sink) { m_link = std::move(sink); }

    // Runs `command` on this server over the follower's connection (see above), within
    // `timeoutMs` once it runs; not connected at that moment: one connect is tried first. Fails at
    // once after the live follow has ended (stop(), cancel(), or given up).
    std::future<ExecResult> execOnConnection(const QString &command, int timeoutMs);

    // Follows these files too (a new attempt's rank logs), from their offsets: the stream is
    // interrupted and resumes with them. From any thread; ignored once the follow has ended.
    void addSources(const QList<LogSource> &sources);

    void stop();   // end following, drain to the end of every file, return
    void cancel(); // end now

    // Where each file would resume now: the byte after its last delivered line.
    QList<LogSource> positions() const;
    int reconnects() const { return m_reconnects.load(); }
    qint64 delivered() const { return m_delivered.load(); } // records handed to the sink

private:
    SshError follow(); // run() without the server's name on its error
    SshError followLive(LogFrameReader &reader, std::unique_ptr<RemoteHost> &host);
    SshError drain(LogFrameReader &reader, std::unique_ptr<RemoteHost> &host);
    SshError connectOnce(std::unique_ptr<RemoteHost> &host);
    SshError connectWithBackoff(std::unique_ptr<RemoteHost> &host,
                                const std::atomic<bool> &interrupt);
    void serveRequests(std::unique_ptr<RemoteHost> &host);
    ExecResult stream(RemoteHost &host, LogFrameReader &reader, TailMode mode,
                      std::atomic<bool> &interrupt, QString *frameError);
    // No file to follow (`status`, a run whose logs nobody reads): the poll command runs on its
    // own every interval, its stdout the report, without the tail program, whose interpreter
    // start would be most of the poll's cost on the server.
    ExecResult pollWithoutFiles(RemoteHost &host, std::atomic<bool> &interrupt);
    void report(const QString &message) const;
    void linkChanged(bool up, const QString &why) const;
    bool sleepFor(int ms, const std::atomic<bool> &interrupt) const;

    const RemoteLogFollowerOptions m_options;
    QList<LogSource> m_sources; // grows on the follower's thread only (addSources)
    const RecordSink m_sink;
    const StatusSink m_status;
    ReportSink m_report;
    LinkSink m_link;
    HostRequests m_requests;

    std::atomic<bool> m_stop = false;
    std::atomic<bool> m_cancel = false;
    std::atomic<bool> m_followCancel = false; // stop, cancel or a broken stream: ends the follow
    std::atomic<bool> m_drainCancel = false;  // cancel or a broken stream: ends the drain
    std::atomic<bool> m_interrupt = false;    // the follow ends or a request waits: stream ends
    QDeadlineTimer m_giveUp = QDeadlineTimer::Forever; // running while no connection works
    std::atomic<int> m_reconnects = 0;
    std::atomic<qint64> m_delivered = 0;

    void takeAddedSources(LogFrameReader &reader);

    mutable QMutex m_mutex; // guards m_offsets, m_added and m_sources' growth
    std::vector<qint64> m_offsets;
    QList<LogSource> m_added; // waiting for the follower's thread

    std::thread m_thread;
    SshError m_result;
};

// The whole log file at `remotePath` (the full log stays on the server; the ring keeps only the
// newest lines), handed to `sink` in chunks as it arrives. `idleTimeoutMs`: no byte for that long
// ends it with Kind::Timeout. A missing file is Kind::Protocol naming it.
SshError fetchLog(RemoteHost &host, const QString &remotePath,
                  const std::function<void(QByteArrayView chunk)> &sink, int idleTimeoutMs = 30000,
                  const std::atomic<bool> *cancel = nullptr);

} // namespace cw
