// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunPanelSession.h"

#include "launch/SlurmJob.h"

#include "session/RunSession.h"

#include <mutex>

using namespace Qt::StringLiterals;

namespace cw {

struct RunPanelSession::Shared {
    std::mutex mutex;              // guards the fields below
    RunSession *session = nullptr; // while one runs
    bool stop = false;             // the user pressed Stop
    bool closing = false;          // the window closes: no drain, no stop of the job
};

RunPanelSession::RunPanelSession(LogStore *store, QObject *parent) : QObject(parent), m_store(store)
{
}

RunPanelSession::~RunPanelSession()
{
    if (m_shared) {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->closing = true;
        if (m_shared->session)
            m_shared->session->cancel();
    }
    if (m_thread.joinable())
        m_thread.join();
}

bool RunPanelSession::stopRequested() const
{
    if (!m_shared)
        return false;
    const std::lock_guard lock(m_shared->mutex);
    return m_shared->stop;
}

void RunPanelSession::post(std::function<void()> call)
{
    QMetaObject::invokeMethod(this, std::move(call), Qt::QueuedConnection);
}

bool RunPanelSession::start(const ValidProject &valid, const QString &projectPath,
                            const LaunchOptions &options)
{
    if (m_active)
        return false;
    if (m_thread.joinable())
        m_thread.join(); // the previous run's thread has posted its end already
    m_active = true;
    m_shared = std::make_shared<Shared>();
    // `this` outlives the thread (the destructor joins it); queued calls run on the GUI thread.
    // The job runs where the CLI's launch runs it: inside the training containers, when the
    // project has them (host:ssh_port as root).
    m_thread = std::thread(
        [this, shared = m_shared, valid = containerJobView(valid), projectPath, options] {
            const Project &project = valid.project();
            const LaunchPlan plan =
                planLaunch(valid, projectPath, newRunId(), options.confirmedUploads);
            LaunchResult result;
            if (!plan.ok())
                result.refusal = launchPlanText(project, plan);
            else
                result = launchJob(project, projectPath, plan, options);
            post([this, result] { Q_EMIT launched(result); });
            RunRecord record = result.record;
            if (result.started && !record.slurmJobId.isEmpty()) {
                // A Slurm job may wait for its nodes: nothing runs on them yet, which the
                // session would read as its end (docs/slurm.md).
                const QString error =
                    waitForSlurmStart(project, record, options.fleet,
                                      [this, id = record.slurmJobId](const SlurmJobState &job) {
                                          const QString text =
                                              tr("Slurm job %1: %2").arg(id, job.text());
                                          post([this, text] { Q_EMIT connectionMessage(text); });
                                      });
                if (!error.isEmpty()) {
                    post([this, error] { Q_EMIT connectionMessage(error); });
                    post([this, record] {
                        m_active = false;
                        Q_EMIT ended(record);
                    });
                    return;
                }
                record.state = RunState::Running;
            }
            if (result.started) {
                post([this, record] { Q_EMIT stateChanged(record); });
                follow(shared, project, options, record);
            } else {
                post([this, record] {
                    m_active = false;
                    Q_EMIT ended(record);
                });
            }
        });
    return true;
}

void RunPanelSession::follow(const std::shared_ptr<Shared> &shared, const Project &project,
                             const LaunchOptions &options, const RunRecord &record)
{
    // Messages name their server already ("server1: connection lost ...").
    const auto message = [this](const QString &text) {
        post([this, text] { Q_EMIT connectionMessage(text); });
    };
    RunSessionEvents events;
    events.stateChanged = [this](const RunRecord &current, const RunSnapshot &) {
        post([this, current] { Q_EMIT stateChanged(current); });
    };
    events.polled = [this](const RunSnapshot &snapshot) {
        post([this, snapshot] { Q_EMIT polled(snapshot); });
    };
    events.stopped = [this](const StopResult &stop) {
        post([this, stop] { Q_EMIT stopped(stop.left, stop.errors); });
    };
    events.message = message;
    events.attemptStarted = [this](const RunRecord &current, const RunAttempt &attempt) {
        post([this, current, attempt] { Q_EMIT attemptStarted(current, attempt); });
    };
    const RunLogSelection selection = selectRunLogs(project, record);
    if (!selection.ok())
        message(selection.error);
    RunSession session(project, record, selection, {options.fleet}, m_store, events);
    {
        const std::lock_guard lock(shared->mutex);
        if (shared->closing)
            session.cancel();
        else if (shared->stop)
            session.stop();
        shared->session = &session;
    }
    session.run();
    {
        const std::lock_guard lock(shared->mutex);
        shared->session = nullptr;
    }
    for (const QString &error : session.errors())
        message(error);
    post([this, ended = session.record()] {
        m_active = false;
        Q_EMIT this->ended(ended);
    });
}

void RunPanelSession::stop()
{
    if (!m_active || !m_shared)
        return;
    const std::lock_guard lock(m_shared->mutex);
    m_shared->stop = true;
    if (m_shared->session)
        m_shared->session->stop();
}

} // namespace cw
