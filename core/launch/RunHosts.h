// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How run control reaches the servers of a run: a fresh fleet connection per call (runOnServers;
// `status`, `stop`), or the connections a run session keeps open for its whole follow (one login
// per server however long it watches). Polls, gang stop and the user's stop are the same code
// over either (RunControl.cpp), so they decide and save exactly alike.
#include "launch/RunControl.h"

#include <functional>
#include <memory>
#include <vector>

namespace cw {

class RunHosts {
public:
    using CommandFor = std::function<QString(const Server &server)>;
    virtual ~RunHosts() = default;

    // Runs commandFor(server) on each server of `indices` (into project.servers) at once, each
    // within `timeoutMs`; the results in the order of `indices`. A server that cannot be reached
    // has its result's error set.
    virtual std::vector<ExecResult> execOnServers(const std::vector<int> &indices,
                                                  const CommandFor &commandFor, int timeoutMs) = 0;
    // The fleet's own time limit, from which each kind of command takes its own (FleetOptions).
    virtual int fleetTimeoutMs() const = 0;
};

// RunHosts over runOnServers: every call connects to each server it names.
std::unique_ptr<RunHosts> fleetRunHosts(const Project &project, const FleetOptions &fleet);

// What one round of polls says: evaluateRun, and the failed rank's last log lines through
// `hosts` (pollRun is a poll of every server through the fleet, then this).
RunSnapshot evaluatePolls(const Project &project, const RunRecord &record,
                          const std::vector<ServerPoll> &polls, RunHosts &hosts);

// Whether a snapshot calls for the gang stop: a rank failed, the run asks for it, and processes
// of it are still alive.
bool needsGangStop(const RunRecord &record, const RunSnapshot &snapshot);

// What a round of polls leads to: the gang stop when needsGangStop(), then the record takes the
// snapshot's state and is saved when that changed (a save error goes to the note). A snapshot's
// alive count is then what the gang stop left.
void applySnapshot(const Project &project, RunRecord &record, RunSnapshot &snapshot,
                   RunHosts &hosts);

// stopRun and stopRunByUser through `hosts`.
StopResult stopRunOn(const Project &project, const RunRecord &record, RunHosts &hosts,
                     int graceSeconds = kStopGraceSeconds);
StopResult stopRunByUserOn(const Project &project, RunRecord &record, RunHosts &hosts);

} // namespace cw
