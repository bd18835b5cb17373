#pragma once

// What a live log panel follows for a started run: per server of the run, the follower options
// (its SSH target under the fleet options) and its ranks' log files in the run folder, numbered
// as train.sh numbers them (Project::rankOffset). Pure.

#include "fleet/FleetRunner.h"
#include "launch/RunRecord.h"
#include "logs/RemoteLogFollower.h"
#include "model/Project.h"

#include <vector>

namespace cw {

struct ServerLogFollow {
    int serverIndex = -1;
    RemoteLogFollowerOptions options; // hostKeyPolicy: see runServerLogs
    QList<LogSource> sources;         // rank order, offset 0
};

// One entry per server of `record` that the project still has. The follower's host-key policy
// is `options.hostKeyPolicy` (the caller keeps that shared pointer alive) or none: keys must be
// in known_hosts by then, as checks and launch have made sure.
std::vector<ServerLogFollow> runServerLogs(const Project &project, const RunRecord &record,
                                           const FleetOptions &options);

} // namespace cw
