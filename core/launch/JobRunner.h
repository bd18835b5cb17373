#pragma once
// Launching, watching and stopping a run on the servers of a project: the remote side of
// LaunchPlan, RunStatus and RunRecord. Every call blocks (use it off the GUI thread) and talks to
// the servers in parallel through runOnFleet.
//
//   LaunchOptions options;                       // fleet options, --force, gang stop, preflight
//   const LaunchPlan plan = planLaunch(project, path, newRunId());
//   LaunchResult result = launchJob(project, path, plan, options);
//   if (result.started)
//       RunSession(...).run();   // session/RunSession.h: watch it until a final state
#include "fleet/FleetRunner.h"
#include "launch/LaunchPlan.h"
#include "launch/RunRecord.h"
#include "launch/RunStatus.h"

#include <atomic>
#include <functional>

namespace cw {

inline constexpr int kStopGraceSeconds = 5;

// A check before starting: returns why the launch must not go ahead, empty to allow it.
using Preflight = std::function<QString(const Project &)>;

struct LaunchOptions {
    FleetOptions fleet;
    bool force = false;   // skip the preconditions (master port, preflight)
    bool gangStop = true; // a failed rank stops the job everywhere (recorded in the run)
    // Replaces the built-in master-port check when set (checksPreflight() in
    // launch/LaunchPreflight.h runs the whole check catalogue, master-port-free included).
    Preflight preflight;
};

struct LaunchResult {
    bool started = false;
    QString refusal;    // a precondition said no: nothing was uploaded or started
    QStringList errors; // per server "name: message" for uploads and starts that failed
    RunRecord record;   // saved beside the project once uploads succeeded
};

// Validates (plan), checks the preconditions unless forced, uploads to every server, saves the
// record, then starts the job everywhere at once. A start that fails on one server stops what
// started elsewhere, and the record says failed.
LaunchResult launchJob(const Project &project, const QString &projectPath, const LaunchPlan &plan,
                       const LaunchOptions &options);

// One poll of every server, evaluated; the failed rank's last log lines are fetched.
RunSnapshot pollRun(const Project &project, const RunRecord &record, const FleetOptions &fleet);

struct StopResult {
    int left = 0;       // processes of the run still alive afterwards, all servers
    QStringList errors; // servers that could not be reached or did not answer
    bool ok() const { return left == 0 && errors.isEmpty(); }
};

// TERM to the run's process group and processes on every server at once, KILL after
// `graceSeconds`, then a count of what is left.
StopResult stopRun(const Project &project, const RunRecord &record, const FleetOptions &fleet,
                   int graceSeconds = kStopGraceSeconds);

// `stop` from the user: stopRun, and the record says stopped unless it was final already.
StopResult stopRunByUser(const Project &project, RunRecord &record, const FleetOptions &fleet);

} // namespace cw
