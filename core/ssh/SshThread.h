#pragma once

// SSH off the GUI thread. libssh's rule is one thread per session, so one worker thread owns the
// sessions (by a name the caller picks, e.g. the server's name) and runs every request on them in
// the order they were made; results come back as signals in the thread that owns the SshThread.
// Several SshThreads give parallelism across servers.
//
//   SshThread ssh;
//   connect(&ssh, &SshThread::execFinished, this, [](quint64 id, const QString &name,
//                                                   const ExecResult &result) { ... });
//   ssh.open(u"node1"_s, target, std::make_shared<RejectUnknownHostKeys>());
//   const quint64 id = ssh.exec(u"node1"_s, u"hostname"_s, 10000);
//   ssh.cancel(id);
//
// For an unknown host key the GUI shows HostKeyInfo::fingerprint from the refused open() and, when
// the user trusts it, opens again with a TrustFingerprints policy for exactly that fingerprint.

#include "ssh/HostKeyPolicy.h"
#include "ssh/SshSession.h"
#include "ssh/SshTypes.h"

#include <QHash>
#include <QObject>
#include <QThread>

#include <atomic>
#include <memory>

namespace cw {

class SshWorker;

class SshThread : public QObject {
    Q_OBJECT

public:
    explicit SshThread(QObject *parent = nullptr);
    // Cancels every request, then quits the worker thread and waits for it: a running connect
    // may take up to its connect timeout. Sessions are closed on the worker thread.
    ~SshThread() override;

    // Each call is queued and returns the id its result signal will carry. Call them from the
    // thread that owns this object. `policy` and `credentials` are used on the worker thread.
    // open() replaces any session of that name (a failed open leaves none).
    quint64 open(const QString &name, const SshTarget &target,
                 std::shared_ptr<HostKeyPolicy> policy = {},
                 const SshCredentials &credentials = {});
    quint64 exec(const QString &name, const QString &command, int timeoutMs,
                 const QByteArray &stdinData = {});
    quint64 upload(const QString &name, const QByteArray &data, const QString &remotePath, int mode,
                   int timeoutMs);
    void close(const QString &name);

    // A running request stops soon (see SshSession::exec for what that leaves on the server); a
    // queued one ends Cancelled without running.
    void cancel(quint64 requestId);
    void cancelAll();

Q_SIGNALS:
    void opened(quint64 requestId, const QString &name, const cw::SshError &error,
                const cw::HostKeyInfo &hostKey, cw::SshAuthMethod method);
    void execFinished(quint64 requestId, const QString &name, const cw::ExecResult &result);
    void uploadFinished(quint64 requestId, const QString &name, const cw::SshError &error);
    // An open session's connection went away while it was idle (checked every 2 s, which also
    // answers the server's keepalive probes); the session is closed, open() it again.
    void lost(const QString &name, const cw::SshError &error);

private:
    using CancelFlag = std::shared_ptr<std::atomic<bool>>;
    quint64 newRequest(CancelFlag *flag);
    // Runs `job` on the worker thread.
    void post(std::function<void(SshWorker &)> job);
    // Runs `report` back on this object's thread, then forgets the request's cancel flag.
    void reply(quint64 requestId, std::function<void()> report);

    struct QuitAndWait {
        void operator()(QThread *thread) const;
    };
    std::unique_ptr<QThread, QuitAndWait> m_thread;
    SshWorker *m_worker = nullptr; // lives on m_thread, deleted there when it finishes
    quint64 m_nextId = 1;
    QHash<quint64, CancelFlag> m_cancelFlags;
};

} // namespace cw
