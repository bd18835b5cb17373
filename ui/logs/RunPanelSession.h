// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "launch/Launcher.h"
#include "launch/RunControl.h"
#include "launch/RunStatus.h"

#include <QObject>

#include <memory>
#include <thread>

namespace cw {

class LogStore;

// The run panel's job, as a Qt adapter over the core RunSession: on a thread of its own it plans
// and launches the job (planLaunch, launchJob), then runs a RunSession on it, which follows the
// logs into the panel's LogStore (the LogModel and LossChart read it on their timers), watches
// the run's state with gang stop, stops it on the user's Stop and drains the logs, over one
// connection per server. What the session reports comes back to the GUI thread as queued calls,
// then as the signals below. Closing the window leaves a running job running, as the CLI does.
class RunPanelSession : public QObject {
    Q_OBJECT

public:
    // `store` outlives the session.
    explicit RunPanelSession(LogStore *store, QObject *parent = nullptr);
    ~RunPanelSession() override; // ends following (not the job) and joins the thread

    // False when a run is still being followed. With a container section the job is launched
    // and followed inside the containers (containerJobView), whatever view `valid` is.
    bool start(const ValidProject &valid, const QString &projectPath, const LaunchOptions &options);
    void stop(); // the user's Stop: the job ends on every server
    bool isActive() const { return m_active; }
    bool stopRequested() const;

Q_SIGNALS:
    void launched(const cw::LaunchResult &result); // started, or refused/failed with reasons
    void stateChanged(const cw::RunRecord &record);
    void polled(const cw::RunSnapshot &snapshot); // every round: exit codes per server
    void stopped(int left, const QStringList &errors);
    void connectionMessage(const QString &message); // "server1: connection lost; reconnecting…"
    void ended(const cw::RunRecord &record);        // final (or not started); logs drained
    // A restarting run: the supervisor started (or could not start) an attempt.
    void attemptStarted(const cw::RunRecord &record, const cw::RunAttempt &attempt);

private:
    struct Shared;
    void post(std::function<void()> call);
    void follow(const std::shared_ptr<Shared> &shared, const Project &project,
                const LaunchOptions &options, const RunRecord &record);

    LogStore *const m_store;
    std::shared_ptr<Shared> m_shared;
    std::thread m_thread;
    bool m_active = false;
};

} // namespace cw
