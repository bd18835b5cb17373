#include "ssh/SshThread.h"

#include <QTimer>

#include <map>

using namespace Qt::StringLiterals;

namespace cw {

// Lives on the worker thread; its sessions are created, used and destroyed there only.
class SshWorker : public QObject {
public:
    std::map<QString, std::unique_ptr<SshSession>> sessions;

    SshSession *find(const QString &name) const
    {
        const auto it = sessions.find(name);
        return it == sessions.end() ? nullptr : it->second.get();
    }

    // Between requests: answers the servers' keepalive probes and drops the sessions whose
    // connection is gone, returning their names and endpoints.
    std::vector<std::pair<QString, QString>> serviceIdle()
    {
        std::vector<std::pair<QString, QString>> gone;
        for (auto it = sessions.begin(); it != sessions.end();) {
            if (it->second->keepAlive()) {
                ++it;
                continue;
            }
            gone.emplace_back(it->first, it->second->endpoint());
            it = sessions.erase(it);
        }
        return gone;
    }
};

namespace {

constexpr int keepAliveIntervalMs = 2000;

SshError noSession(const QString &name)
{
    return SshError::make(SshError::Kind::Unreachable, u"no open session named \"%1\""_s.arg(name));
}

} // namespace

void SshThread::QuitAndWait::operator()(QThread *thread) const
{
    thread->quit();
    thread->wait();
    delete thread;
}

SshThread::SshThread(QObject *parent) : QObject(parent), m_thread(new QThread)
{
    m_thread->setObjectName(u"ssh"_s);
    m_worker = new SshWorker;
    m_worker->moveToThread(m_thread.get());
    // After the event loop stops, deferred deletes still run on that thread: the sessions close
    // where they were used.
    QObject::connect(m_thread.get(), &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread->start();
    post([this](SshWorker &worker) {
        auto *timer = new QTimer(&worker); // created on the worker thread, so it fires there
        QObject::connect(timer, &QTimer::timeout, &worker, [this, &worker] {
            for (const auto &[name, endpoint] : worker.serviceIdle()) {
                const SshError error = SshError::make(SshError::Kind::Unreachable,
                                                      u"connection to %1 lost"_s.arg(endpoint));
                QMetaObject::invokeMethod(
                    this, [this, name, error] { Q_EMIT lost(name, error); }, Qt::QueuedConnection);
            }
        });
        timer->start(keepAliveIntervalMs);
    });
}

SshThread::~SshThread()
{
    cancelAll();
    m_thread.reset();
}

quint64 SshThread::newRequest(CancelFlag *flag)
{
    const quint64 id = m_nextId++;
    *flag = std::make_shared<std::atomic<bool>>(false);
    m_cancelFlags.insert(id, *flag);
    return id;
}

void SshThread::post(std::function<void(SshWorker &)> job)
{
    SshWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, job = std::move(job)] { job(*worker); }, Qt::QueuedConnection);
}

void SshThread::reply(quint64 requestId, std::function<void()> report)
{
    QMetaObject::invokeMethod(
        this,
        [this, requestId, report = std::move(report)] {
            m_cancelFlags.remove(requestId);
            report();
        },
        Qt::QueuedConnection);
}

quint64 SshThread::open(const QString &name, const SshTarget &target,
                        std::shared_ptr<HostKeyPolicy> policy, const SshCredentials &credentials)
{
    CancelFlag flag;
    const quint64 id = newRequest(&flag);
    post([this, id, flag, name, target, policy, credentials](SshWorker &worker) {
        SshError error;
        HostKeyInfo hostKey;
        SshAuthMethod method = SshAuthMethod::None;
        if (flag->load()) {
            error = SshError::make(SshError::Kind::Cancelled,
                                   u"connecting to %1 cancelled"_s.arg(target.host));
        } else {
            auto session = std::make_unique<SshSession>();
            error = session->connect(target, policy.get(), credentials);
            hostKey = session->hostKey();
            method = session->authMethod();
            if (error.isError())
                worker.sessions.erase(name);
            else
                worker.sessions[name] = std::move(session);
        }
        reply(id, [this, id, name, error, hostKey, method] {
            Q_EMIT opened(id, name, error, hostKey, method);
        });
    });
    return id;
}

quint64 SshThread::exec(const QString &name, const QString &command, int timeoutMs,
                        const QByteArray &stdinData)
{
    CancelFlag flag;
    const quint64 id = newRequest(&flag);
    post([this, id, flag, name, command, timeoutMs, stdinData](SshWorker &worker) {
        ExecResult result;
        if (SshSession *session = worker.find(name))
            result = session->exec(command, timeoutMs, flag.get(), stdinData);
        else
            result.error = noSession(name);
        reply(id, [this, id, name, result] { Q_EMIT execFinished(id, name, result); });
    });
    return id;
}

quint64 SshThread::upload(const QString &name, const QByteArray &data, const QString &remotePath,
                          int mode, int timeoutMs)
{
    CancelFlag flag;
    const quint64 id = newRequest(&flag);
    post([this, id, flag, name, data, remotePath, mode, timeoutMs](SshWorker &worker) {
        SshError error = noSession(name);
        if (SshSession *session = worker.find(name))
            error = session->upload(data, remotePath, mode, timeoutMs, flag.get());
        reply(id, [this, id, name, error] { Q_EMIT uploadFinished(id, name, error); });
    });
    return id;
}

void SshThread::close(const QString &name)
{
    post([name](SshWorker &worker) { worker.sessions.erase(name); });
}

void SshThread::cancel(quint64 requestId)
{
    if (const CancelFlag flag = m_cancelFlags.value(requestId))
        flag->store(true);
}

void SshThread::cancelAll()
{
    for (const CancelFlag &flag : std::as_const(m_cancelFlags))
        flag->store(true);
}

} // namespace cw
