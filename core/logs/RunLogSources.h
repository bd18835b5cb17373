// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which rank logs of a recorded run to read, per server: every rank of the run, or those a user
// picked by server name and global rank (`clusterwiz-cli logs --server S --rank R`). Pure: the
// run folder comes from the run record, the ranks of a server from the project (its devices,
// numbered as train.sh numbers them: Project::rankOffset).
#include "fleet/FleetRunner.h"
#include "launch/RunRecord.h"
#include "logs/LogRecord.h"
#include "logs/RemoteLogFollower.h"
#include "logs/RemoteTailProgram.h"
#include "model/Project.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace cw {

struct ServerLogSources {
    int serverIndex = -1; // into project.servers
    QString server;
    QList<LogSource> sources; // rank order, offset 0
    int attempt = 0;          // a restarting run's attempt (its folder attempt-N), 0: not one
};

struct RunLogSelection {
    // In global rank order (the master first); a restarting run's attempts one after the other.
    std::vector<ServerLogSources> servers;
    QString error; // why the selection is empty, for the user
    // The user's narrowing, for the attempts that start later.
    QStringList wantedServers;
    QStringList wantedRanks;
    bool ok() const { return error.isEmpty(); }
};

// The rank logs of `record`'s servers, narrowed to `servers` (names) and `ranks` (decimal global
// ranks) when those are not empty; a server may be named together with ranks of it. An unknown
// name or rank gives an error that lists the valid values. A restarting run's logs are those of
// every attempt so far (record.attempts), each numbered as its attempt numbers its ranks; an
// attempt that did not start has none.
RunLogSelection selectRunLogs(const Project &project, const RunRecord &record,
                              const QStringList &servers = {}, const QStringList &ranks = {});

// The rank logs of attempt `attempt` (its number) of a restarting run, narrowed as `selection`
// was; empty when it has none there.
std::vector<ServerLogSources> attemptLogSources(const Project &project, const RunRecord &record,
                                                int attempt, const RunLogSelection &selection);

// The line that marks where an attempt begins in a followed or printed log:
// "attempt 2 of 4 on server0, server1 (server2 left out: unreachable since 12:03:05)".
QString attemptMarkText(const RunRecord &record, const RunAttempt &attempt);

// How a log follower reaches server `serverIndex` under the fleet options: its SSH target,
// credentials and the project's python. `policy` decides unknown host keys (from
// fleetHostKeyPolicy(fleet); the caller keeps it alive while the follower runs).
RemoteLogFollowerOptions logFollowerOptions(const Project &project, int serverIndex,
                                            const FleetOptions &fleet, HostKeyPolicy *policy);

// "[server/rank] line": how the CLI prints a record.
QString logRecordText(const LogRecord &record);

} // namespace cw
