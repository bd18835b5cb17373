// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What one poll of a run says (parsed from pollCommand's output), and the run's state derived
// from the polls of every server: pure functions, tested without servers.
#include "launch/DeviceSample.h"
#include "launch/RunRecord.h"
#include "model/Project.h"

#include <QByteArrayView>
#include <QString>
#include <vector>

namespace cw {

struct RankExit {
    int rank = -1;
    int code = -1;
    double time = 0;    // seconds since the epoch, when rank.sh wrote it
    double logTime = 0; // the rank log's last write (0: unknown)
};

struct ServerPoll {
    bool reached = false;
    QString error; // why it was not reached
    std::vector<RankExit> exits;
    int ranksStarted = 0; // rank logs present
    int alive = 0;        // processes of the run in this server's namespace
    // A supervised run (launch.restart): the newest attempt folder polled (0: none), and on the
    // supervisor's server whether it is alive (-1: not asked) and its state file's bytes.
    int attempt = 0;
    int supervisorAlive = -1;
    std::optional<QByteArray> supervisorState;
    // The server's devices, when this poll took a sample (every few seconds, not every poll).
    std::optional<DeviceSampleSet> devices = {};
};

ServerPoll parseServerPoll(QByteArrayView output);
// A server that was not reached, and why.
inline ServerPoll unreachedPoll(const QString &why)
{
    ServerPoll poll;
    poll.error = why;
    return poll;
}

struct RunSnapshot {
    RunState state = RunState::Running;
    std::optional<RunFailure> failure; // rank and code; the caller fills lastLines
    std::vector<ServerPoll> servers;   // in project order
    int ranksStarted = 0;
    int ranksExpected = 0;
    int alive = 0;
    QString note; // e.g. which server could not be reached
    // A supervised run: what its supervisor said this round (absent when it could not be read),
    // and whether the run failed because the supervisor's server was lost (then the client
    // stops what is left: nothing else will).
    std::optional<SupervisorState> supervisor;
    bool supervisorLost = false;
};

// running: something is alive or some server was not reached; failed: a rank exited non-zero,
// or nothing is alive while ranks lack an exit code; finished: every rank exited 0 and nothing is
// alive. `polls` are in project order.
// The rank that failed first is the one whose log was written last the earliest: its peers
// notice its death (gloo, NCCL, HCCL: the connection closes) and print their errors after it,
// sometimes exiting before it has finished exiting, so exit times alone mislead. Ranks ended by
// a stop signal (exit 129, 130, 137, 143) are victims, not causes, unless no other rank failed.
RunSnapshot evaluateRun(const Project &project, const std::vector<ServerPoll> &polls);

} // namespace cw
