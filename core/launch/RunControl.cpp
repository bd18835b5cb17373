// SPDX-License-Identifier: GPL-3.0-or-later
// Polling, gang stop and stop of a recorded run, over RunHosts: the fleet or a run session.
#include "launch/RunControl.h"
#include "launch/RemoteCommands.h"
#include "launch/RunHosts.h"
#include "launch/SupervisedStatus.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr int kFailureLines = 20;

// A poll of a server (or a log tail) this long after its command started counts as unreachable.
constexpr int kPollTimeoutMs = 15000;

class FleetRunHosts : public RunHosts {
public:
    FleetRunHosts(const Project &project, const FleetOptions &fleet)
        : m_project(project), m_fleet(fleet)
    {
    }

    std::vector<ExecResult> execOnServers(const std::vector<int> &indices,
                                          const CommandFor &commandFor, int timeoutMs) override
    {
        std::vector<ExecResult> results(m_project.servers.size());
        FleetOptions options = m_fleet;
        options.timeoutMs = timeoutMs;
        const auto done = runOnServers(m_project, indices, options, [&](FleetTask &task) {
            ExecResult &result = results[size_t(task.serverIndex)];
            result = task.session.exec(commandFor(task.server), task.remainingMs(), &task.cancel);
            return result.error;
        });
        std::vector<ExecResult> ordered;
        for (const FleetResult &result : done) {
            ExecResult one = results[size_t(result.serverIndex)];
            one.error = result.error; // a failed connect is the server's error too
            ordered.push_back(one);
        }
        return ordered;
    }

    int fleetTimeoutMs() const override { return m_fleet.timeoutMs; }

private:
    const Project &m_project;
    const FleetOptions m_fleet;
};

int pollTimeout(const RunHosts &hosts)
{
    return std::min(hosts.fleetTimeoutMs(), kPollTimeoutMs);
}

QStringList lastLines(const Project &project, const QString &runId, int serverIndex, int rank,
                      RunHosts &hosts)
{
    const ExecResult result = hosts.execOnServers(
        {serverIndex},
        [&](const Server &server) {
            return tailCommand(project, runId, server, rank, kFailureLines);
        },
        pollTimeout(hosts))[0];
    return QString::fromUtf8(result.out).split(u'\n', Qt::SkipEmptyParts);
}

std::vector<int> allServers(const Project &project)
{
    std::vector<int> indices;
    for (int i = 0; i < int(project.servers.size()); ++i)
        indices.push_back(i);
    return indices;
}

// One poll of every server through `hosts`.
std::vector<ServerPoll> pollServers(const Project &project, const RunRecord &record,
                                    RunHosts &hosts)
{
    const std::vector<ExecResult> results = hosts.execOnServers(
        allServers(project),
        [&](const Server &server) { return pollCommand(project, record, server); },
        pollTimeout(hosts));
    std::vector<ServerPoll> polls;
    for (const ExecResult &result : results) {
        polls.push_back(result.error.isError() ? unreachedPoll(result.error.message)
                                               : parseServerPoll(result.out));
    }
    return polls;
}

// The failed rank's last log lines, or the start script's own output when no rank started.
void fetchFailureLines(const Project &project, const RunRecord &record, RunFailure &failure,
                       RunHosts &hosts)
{
    if (const std::optional<int> index = project.serverIndex(failure.server))
        failure.lastLines = lastLines(project, record.runId, *index, failure.rank, hosts);
    if (failure.lastLines.isEmpty() && failure.rank < 0) {
        // mpirun's run.sh runs on the master only.
        if (const auto master = project.serverIndex(record.master))
            failure.lastLines = lastLines(project, record.runId, *master, -1, hosts);
    }
}

} // namespace

std::unique_ptr<RunHosts> fleetRunHosts(const Project &project, const FleetOptions &fleet)
{
    return std::make_unique<FleetRunHosts>(project, fleet);
}

RunSnapshot evaluatePolls(const Project &project, const RunRecord &record,
                          const std::vector<ServerPoll> &polls, RunHosts &hosts)
{
    if (record.supervisor) // its supervisor judged it, the failed rank's lines included
        return evaluateSupervisedRun(project, record, polls);
    RunSnapshot snapshot = evaluateRun(project, polls);
    if (snapshot.failure)
        fetchFailureLines(project, record, *snapshot.failure, hosts);
    return snapshot;
}

RunSnapshot pollRun(const Project &project, const RunRecord &record, const FleetOptions &fleet)
{
    const std::unique_ptr<RunHosts> hosts = fleetRunHosts(project, fleet);
    return evaluatePolls(project, record, pollServers(project, record, *hosts), *hosts);
}

bool needsGangStop(const RunRecord &record, const RunSnapshot &snapshot)
{
    // A supervised run's supervisor stops its own attempts; the client steps in only when the
    // supervisor's server is lost.
    const bool clientStops = !record.supervisor || snapshot.supervisorLost;
    return snapshot.state == RunState::Failed && record.gangStop && snapshot.alive > 0 &&
           clientStops;
}

void applySnapshot(const Project &project, RunRecord &record, RunSnapshot &snapshot,
                   RunHosts &hosts)
{
    if (needsGangStop(record, snapshot)) {
        // The others would wait in a collective until their timeout (30 min and more).
        const StopResult stopped = stopRunOn(project, record, hosts);
        // The round that saw a failure may hold a server's report from before its own rank
        // failed (one rank's crash makes the others fail in their collective a moment later).
        // Now that every rank has ended, one fresh poll of every server holds every exit, and
        // its earliest failure is the one that came first.
        const RunSnapshot settled = record.supervisor
                                        ? snapshot
                                        : evaluateRun(project, pollServers(project, record, hosts));
        const std::optional<RunFailure> &first = settled.failure;
        const bool otherRank = first && first->rank >= 0 &&
                               !(snapshot.failure && snapshot.failure->server == first->server &&
                                 snapshot.failure->rank == first->rank);
        if (settled.state == RunState::Failed && otherRank) {
            snapshot.failure = first;
            fetchFailureLines(project, record, *snapshot.failure, hosts);
        }
        snapshot.alive = stopped.left;
        if (!stopped.ok())
            snapshot.note = u"gang stop incomplete: %1 processes left; %2"_s.arg(
                QString::number(stopped.left), stopped.errors.join(u"; "_s));
    }
    bool changed = false;
    if (snapshot.supervisor)
        changed = applySupervisorState(record, *snapshot.supervisor);
    if (changed || snapshot.state != record.state) {
        record.state = snapshot.state;
        record.failure = snapshot.failure;
        if (isFinal(record.state) && !record.endedAt.isValid())
            record.endedAt = QDateTime::currentDateTimeUtc();
        if (const QString error = saveRunRecord(record); !error.isEmpty())
            snapshot.note += (snapshot.note.isEmpty() ? QString() : u"; "_s) + error;
    }
}

StopResult stopRunOn(const Project &project, const RunRecord &record, RunHosts &hosts,
                     int graceSeconds)
{
    const std::vector<int> servers = allServers(project);
    // The supervisor first, so that it starts nothing while the attempts' ranks are stopped.
    StopResult supervisor;
    if (record.supervisor) {
        const int own =
            project.serverIndex(record.supervisor->server).value_or(project.supervisorIndex());
        const ExecResult result = hosts.execOnServers(
            {own},
            [&](const Server &server) {
                return stopSupervisorCommand(project, record.runId, server, graceSeconds);
            },
            std::max(hosts.fleetTimeoutMs(), graceSeconds * 1000 + 15000))[0];
        const QString last = QString::fromUtf8(result.out).trimmed().section(u'\n', -1);
        if (result.error.isError())
            supervisor.errors << project.servers[size_t(own)].name + u": the supervisor: "_s +
                                     result.error.message;
        else if (last != u"left 0"_s)
            supervisor.errors << project.servers[size_t(own)].name +
                                     u": the supervisor did not stop: "_s + last;
        supervisor.left += last == u"left 1"_s ? 1 : 0;
    }
    if (record.mode == LaunchMode::Mpirun) {
        hosts.execOnServers(
            servers,
            [&](const Server &server) { return noteHelpersCommand(project, record.runId, server); },
            pollTimeout(hosts));
    }
    // The grace period runs on the server; the connection needs time around it.
    const int timeoutMs = std::max(hosts.fleetTimeoutMs(), graceSeconds * 1000 + 15000);
    const std::vector<ExecResult> results = hosts.execOnServers(
        servers,
        [&](const Server &server) {
            return record.supervisor
                       ? stopSupervisedCommand(project, record.runId, server, graceSeconds)
                       : stopCommand(project, record.runId, server, graceSeconds);
        },
        timeoutMs);
    StopResult stop = supervisor;
    for (size_t i = 0; i < results.size(); ++i) {
        const QString &name = project.servers[size_t(servers[i])].name;
        if (results[i].error.isError()) {
            stop.errors << name + u": "_s + results[i].error.message;
            continue;
        }
        const QString last = QString::fromUtf8(results[i].out).trimmed().section(u'\n', -1);
        bool ok = false;
        const int left = last.startsWith(u"left "_s) ? last.mid(5).toInt(&ok) : 0;
        if (!ok)
            stop.errors << name + u": unexpected answer: "_s + last;
        stop.left += left;
    }
    return stop;
}

StopResult stopRun(const Project &project, const RunRecord &record, const FleetOptions &fleet,
                   int graceSeconds)
{
    return stopRunOn(project, record, *fleetRunHosts(project, fleet), graceSeconds);
}

StopResult stopRunByUserOn(const Project &project, RunRecord &record, RunHosts &hosts)
{
    const StopResult stop = stopRunOn(project, record, hosts);
    if (!isFinal(record.state)) {
        record.state = RunState::Stopped;
        record.endedAt = QDateTime::currentDateTimeUtc();
        if (record.supervisor) {
            record.supervisor->phase = u"stopped"_s;
            record.supervisor->nextAttemptAt = {};
        }
    }
    if (const QString error = saveRunRecord(record); !error.isEmpty()) {
        StopResult withError = stop;
        withError.errors << error;
        return withError;
    }
    return stop;
}

StopResult stopRunByUser(const Project &project, RunRecord &record, const FleetOptions &fleet)
{
    return stopRunByUserOn(project, record, *fleetRunHosts(project, fleet));
}

} // namespace cw
