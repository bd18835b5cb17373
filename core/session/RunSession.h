// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One run watched from this machine: its logs live, its state, gang stop, and the user's stop,
// for `launch --follow`, `logs --follow`, `status` and the GUI's run panel alike.
//
// Per server ONE connection for the whole session: a RemoteLogFollower (the connector of
// FleetOptions; SSH by default) whose remote program tails that server's selected rank logs and
// runs the run's poll command every interval, so the status comes back as a frame on the same
// stream (RemoteTailProgram.h). The tail of a failed rank's log, the gang stop and the user's
// stop run on that same connection too (the follower interrupts its stream, runs the command,
// resumes at its offsets). A dropped connection is reconnected with backoff; no line is lost or
// repeated. So a follow costs one login per server however long it runs.
//
// The reports are put together into rounds (PollRounds), each judged as one poll of every server
// (evaluatePolls, applySnapshot in launch/RunHosts.h: the same evaluation, gang stop and record
// saves as pollRun over the fleet). Once the run is final the logs are drained to their end.
//
//   LogStore store;
//   RunSession session(project, record, selectRunLogs(project, record), {fleet}, &store, events);
//   session.run(); // blocks; from other threads: stop() or cancel()

#include "fleet/FleetRunner.h"
#include "launch/RunHosts.h"
#include "logs/LogStore.h"
#include "logs/RemoteLogFollower.h"
#include "logs/RunLogSources.h"
#include "session/PollRounds.h"
#include "session/RunVerdicts.h"

#include <QStringList>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace cw {

struct RunSessionOptions {
    FleetOptions fleet;
    int intervalMs = 500; // each server reports its state this often
    bool once = false;    // one round, no logs, no drain: `status`
    // A server without a working connection this long is given up: its follower ends, and
    // errors() names it (RemoteLogFollowerOptions::giveUpMs).
    int giveUpMs = 120000;
};

// Called on the thread of run(), except `message` (on follower threads, one at a time per server).
struct RunSessionEvents {
    std::function<void(const RunRecord &record, const RunSnapshot &snapshot)> stateChanged;
    // Every judged round, changed or not: the exit codes per server for a per-rank view.
    std::function<void(const RunSnapshot &snapshot)> polled;
    std::function<void(const StopResult &stop)> stopped; // the user's stop has run
    std::function<void(const QString &message)> message; // connection events, "server: ..."
    // A restarting run: an attempt whose logs are now followed (its servers and its number;
    // also the attempts the run had when the session began). The store holds its mark.
    std::function<void(const RunRecord &record, const RunAttempt &attempt)> attemptStarted;
};

class RunSession {
public:
    // `store` (may be null: no logs kept) must outlive the session.
    RunSession(Project project, RunRecord record, const RunLogSelection &logs,
               RunSessionOptions options, LogStore *store, RunSessionEvents events = {});
    ~RunSession(); // cancels and joins the followers
    RunSession(const RunSession &) = delete;
    RunSession &operator=(const RunSession &) = delete;

    // Watches until the run is final (then drains the logs), one round when `once`, or until
    // stop() or cancel(). Returns the last snapshot; record() then holds the run's state.
    RunSnapshot run();
    void stop();   // the user's Stop: the job ends on every server, the logs are drained
    void cancel(); // end now: no drain, and the job is left as it is

    const RunRecord &record() const { return m_record; } // after run()
    // Followers that gave up ("server: message"), after run().
    QStringList errors() const { return m_errors; }
    // The device samples the polls took so far (bounded, see DeviceHistory); any thread.
    DeviceHistory deviceHistory() const;
    // What the samples and, when the session keeps logs, the ranks' speeds say is wrong now
    // (RunVerdicts.h); any thread.
    std::vector<RunVerdict> verdicts() const;

private:
    class Hosts;
    RunSnapshot watch();
    RunSnapshot stopByUser();
    void finish(bool drain);
    void changed(const RunSnapshot &snapshot);
    void markKnownAttempts();
    void followNewAttempts();

    const Project m_project;
    RunRecord m_record;
    const RunSessionOptions m_options;
    LogStore *const m_store;
    const RunSessionEvents m_events;
    // Declared before the followers: they use it until they are destroyed.
    std::shared_ptr<HostKeyPolicy> m_policy;
    std::vector<std::unique_ptr<RemoteLogFollower>> m_followers; // one per project server
    std::unique_ptr<RunHosts> m_hosts;

    std::mutex m_mutex; // guards m_rounds
    std::condition_variable m_wake;
    PollRounds m_rounds;
    mutable std::mutex m_historyMutex; // guards m_deviceHistory
    DeviceHistory m_deviceHistory;
    qint64 m_devicesSavedMs = 0;   // when the samples were last written to the record
    bool m_devicesUnsaved = false; // samples came since
    std::atomic<bool> m_stop = false;
    std::atomic<bool> m_cancel = false;
    RunState m_shown = RunState::Starting;
    QStringList m_errors;
    RunLogSelection m_selection; // the user's narrowing, for attempts that start later
    int m_attemptsFollowed = 0;  // the newest attempt whose logs are followed
};

} // namespace cw
