// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/SupervisedStatus.h"

#include "generate/JobControlBash.h"
#include "plan/AttemptPlan.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

std::optional<RunState> finalState(const QString &phase)
{
    if (phase == u"finished")
        return RunState::Finished;
    if (phase == u"failed")
        return RunState::Failed;
    if (phase == u"stopped")
        return RunState::Stopped;
    return std::nullopt;
}

RunFailure failureOf(const SupervisorState &state)
{
    RunFailure failure;
    failure.message = state.message;
    if (!state.attempts.empty() && state.attempts.back().failedServer) {
        const RunAttempt &last = state.attempts.back();
        failure.server = *last.failedServer;
        failure.rank = last.failedRank;
        failure.exitCode = last.exitCode;
        failure.lastLines = last.lastLines;
    }
    return failure;
}

QString phaseText(const SupervisorState &state)
{
    if (state.phase == u"backoff" && state.nextAttemptAt.isValid())
        return u"waiting until %1 for the next attempt"_s.arg(
            state.nextAttemptAt.toLocalTime().toString(u"HH:mm:ss"_s));
    if (state.phase == u"health")
        return u"checking the servers for the next attempt"_s;
    if (state.phase == u"starting")
        return u"the supervisor is starting"_s;
    return {};
}

} // namespace

Project newestAttemptProject(const Project &project, const RunRecord &record)
{
    if (record.attempts.empty() || record.attempts.back().servers.isEmpty())
        return project;
    return attemptProject(project, record.attempts.back().servers);
}

bool applySupervisorState(RunRecord &record, const SupervisorState &state)
{
    if (!record.supervisor)
        return false;
    RunSupervision &supervision = *record.supervisor;
    const bool changed = supervision.phase != state.phase ||
                         supervision.nextAttemptAt != state.nextAttemptAt ||
                         supervision.message != state.message || record.attempts != state.attempts;
    supervision.phase = state.phase;
    supervision.nextAttemptAt = state.nextAttemptAt;
    supervision.message = state.message;
    if (state.maxAttempts > 0)
        supervision.maxAttempts = state.maxAttempts;
    record.attempts = state.attempts;
    return changed;
}

RunSnapshot evaluateSupervisedRun(const Project &project, const RunRecord &record,
                                  const std::vector<ServerPoll> &polls)
{
    RunSnapshot snapshot;
    const QString supervisorName = record.supervisor ? record.supervisor->server : QString();
    const int own = project.serverIndex(supervisorName).value_or(project.supervisorIndex());
    const ServerPoll none = unreachedPoll(u"not polled"_s);
    const ServerPoll &ownPoll = size_t(own) < polls.size() ? polls[size_t(own)] : none;

    QString stateError;
    if (ownPoll.reached && ownPoll.supervisorState)
        snapshot.supervisor = parseSupervisorState(*ownPoll.supervisorState, &stateError);
    RunRecord current = record;
    if (snapshot.supervisor)
        applySupervisorState(current, *snapshot.supervisor);

    // The newest attempt's ranks, as that attempt numbers them; only its own folder counts.
    const Project world = newestAttemptProject(project, current);
    const int attempt = current.attempts.empty() ? 0 : current.attempts.back().number;
    std::vector<ServerPoll> worldPolls;
    for (const Server &server : world.servers) {
        const size_t index = size_t(project.serverIndex(server.name).value_or(0));
        ServerPoll poll = index < polls.size() ? polls[index] : none;
        if (poll.reached && poll.attempt != attempt) {
            poll.exits.clear();
            poll.ranksStarted = 0;
        }
        worldPolls.push_back(poll);
    }
    const RunSnapshot ranks = evaluateRun(world, worldPolls);
    snapshot.servers = worldPolls;
    snapshot.ranksStarted = attempt > 0 ? ranks.ranksStarted : 0;
    snapshot.ranksExpected = world.totalDevices();
    QStringList unreached;
    for (size_t i = 0; i < polls.size() && i < project.servers.size(); ++i) {
        if (polls[i].reached)
            snapshot.alive += polls[i].alive;
        else
            unreached << project.servers[i].name + u" ("_s + polls[i].error + u')';
    }

    if (!ownPoll.reached) {
        snapshot.state = RunState::Failed;
        snapshot.supervisorLost = true;
        RunFailure failure;
        failure.server = project.servers[size_t(own)].name;
        failure.message = u"the supervisor's server %1 cannot be reached (%2): nothing can restart "
                          u"the run, which ends as failed"_s.arg(failure.server, ownPoll.error);
        snapshot.failure = failure;
        return snapshot;
    }
    QStringList notes;
    if (snapshot.supervisor) {
        if (const std::optional<RunState> final = finalState(snapshot.supervisor->phase)) {
            snapshot.state = *final;
            if (*final == RunState::Failed)
                snapshot.failure = failureOf(*snapshot.supervisor);
            snapshot.note = notes.join(u"; "_s);
            return snapshot;
        }
        if (const QString phase = phaseText(*snapshot.supervisor); !phase.isEmpty())
            notes << phase;
    } else if (!stateError.isEmpty()) {
        notes << stateError;
    }
    if (ownPoll.supervisorAlive == 0) {
        snapshot.state = RunState::Failed;
        RunFailure failure;
        failure.server = project.servers[size_t(own)].name;
        failure.message =
            u"the supervisor on %1 ended without a final state (its %2 says why)"_s.arg(
                failure.server, supervisorLogName());
        snapshot.failure = failure;
        return snapshot;
    }
    if (!unreached.isEmpty())
        notes << u"not reached: "_s + unreached.join(u", "_s);
    snapshot.state = RunState::Running;
    snapshot.note = notes.join(u"; "_s);
    return snapshot;
}

} // namespace cw
