// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Watching and stopping a recorded run on the servers of a project: the remote side of RunStatus
// and RunRecord. Every call blocks (use it off the GUI thread) and talks to the servers in
// parallel through runOnFleet. Starting the run is launch/Launcher.h.
#include "fleet/FleetRunner.h"
#include "generate/JobControlBash.h"
#include "launch/RunRecord.h"
#include "launch/RunStatus.h"

#include <atomic>
#include <functional>

namespace cw {

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
