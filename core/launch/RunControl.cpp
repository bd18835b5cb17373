// Polling, gang stop, stop and follow of a recorded run.
#include "launch/RunControl.h"
#include "launch/RemoteCommands.h"

#include <QThread>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr int kFailureLines = 20;

// The poll of a server this long after its command started counts as unreachable.
constexpr int kPollTimeoutMs = 15000;

FleetOptions pollOptions(const FleetOptions &fleet)
{
    FleetOptions options = fleet;
    options.timeoutMs = std::min(options.timeoutMs, kPollTimeoutMs);
    return options;
}

QStringList lastLines(const Project &project, const QString &runId, int serverIndex, int rank,
                      const FleetOptions &fleet)
{
    QStringList lines;
    runOnServers(project, {serverIndex}, pollOptions(fleet), [&](FleetTask &task) {
        const ExecResult result =
            task.session.exec(tailCommand(project, runId, task.server, rank, kFailureLines),
                              task.remainingMs(), &task.cancel);
        lines = QString::fromUtf8(result.out).split(u'\n', Qt::SkipEmptyParts);
        return result.error;
    });
    return lines;
}

} // namespace

RunSnapshot pollRun(const Project &project, const RunRecord &record, const FleetOptions &fleet)
{
    std::vector<ServerPoll> polls(project.servers.size());
    const auto results = runOnFleet(project, pollOptions(fleet), [&](FleetTask &task) {
        const ExecResult result = task.session.exec(pollCommand(project, record.runId, task.server),
                                                    task.remainingMs(), &task.cancel);
        if (result.error.isError())
            return result.error;
        polls[task.serverIndex] = parseServerPoll(result.out);
        return SshError{};
    });
    for (const FleetResult &result : results) {
        if (!result.ok())
            polls[result.serverIndex] = ServerPoll{false, result.error.message, {}, 0, 0};
    }
    RunSnapshot snapshot = evaluateRun(project, polls);
    if (snapshot.failure) {
        RunFailure &failure = *snapshot.failure;
        const std::optional<int> index = project.serverIndex(failure.server);
        if (index)
            failure.lastLines = lastLines(project, record.runId, *index, failure.rank, fleet);
        if (failure.lastLines.isEmpty() && failure.rank < 0) {
            // The start script's own output: mpirun's run.sh runs on the master only.
            if (const auto master = project.serverIndex(record.master))
                failure.lastLines = lastLines(project, record.runId, *master, -1, fleet);
        }
    }
    return snapshot;
}

RunSnapshot refreshRun(const Project &project, RunRecord &record, const FleetOptions &fleet)
{
    if (isFinal(record.state)) {
        RunSnapshot snapshot;
        snapshot.state = record.state;
        snapshot.failure = record.failure;
        snapshot.ranksExpected = project.totalDevices();
        return snapshot;
    }
    RunSnapshot snapshot = pollRun(project, record, fleet);
    if (snapshot.state == RunState::Failed && record.gangStop && snapshot.alive > 0) {
        // The others would wait in a collective until their timeout (30 min and more).
        const StopResult stopped = stopRun(project, record, fleet);
        snapshot.alive = stopped.left;
        if (!stopped.ok())
            snapshot.note = u"gang stop incomplete: %1 processes left; %2"_s.arg(
                QString::number(stopped.left), stopped.errors.join(u"; "_s));
    }
    if (snapshot.state != record.state) {
        record.state = snapshot.state;
        record.failure = snapshot.failure;
        if (isFinal(record.state))
            record.endedAt = QDateTime::currentDateTimeUtc();
        if (const QString error = saveRunRecord(record); !error.isEmpty())
            snapshot.note += (snapshot.note.isEmpty() ? QString() : u"; "_s) + error;
    }
    return snapshot;
}

StopResult stopRun(const Project &project, const RunRecord &record, const FleetOptions &fleet,
                   int graceSeconds)
{
    StopResult stop;
    std::vector<int> left(project.servers.size(), 0);
    if (record.mode == launchModeName(LaunchMode::Mpirun)) {
        runOnFleet(project, pollOptions(fleet), [&](FleetTask &task) {
            return task.session
                .exec(noteHelpersCommand(project, record.runId, task.server), task.remainingMs(),
                      &task.cancel)
                .error;
        });
    }
    FleetOptions options = fleet;
    // The grace period runs on the server; the connection needs time around it.
    options.timeoutMs = std::max(options.timeoutMs, graceSeconds * 1000 + 15000);
    const auto results = runOnFleet(project, options, [&](FleetTask &task) {
        const ExecResult result =
            task.session.exec(stopCommand(project, record.runId, task.server, graceSeconds),
                              task.remainingMs(), &task.cancel);
        if (result.error.isError())
            return result.error;
        const QString out = QString::fromUtf8(result.out).trimmed();
        const QString last = out.section(u'\n', -1);
        bool ok = false;
        left[task.serverIndex] = last.startsWith(u"left "_s) ? last.mid(5).toInt(&ok) : 0;
        if (!ok)
            return SshError::make(SshError::Kind::Protocol, u"unexpected answer: "_s + last);
        return SshError{};
    });
    for (const FleetResult &result : results) {
        if (!result.ok())
            stop.errors << result.serverName + u": "_s + result.error.message;
        stop.left += left[result.serverIndex];
    }
    return stop;
}

StopResult stopRunByUser(const Project &project, RunRecord &record, const FleetOptions &fleet)
{
    const StopResult stop = stopRun(project, record, fleet);
    if (!isFinal(record.state)) {
        record.state = RunState::Stopped;
        record.endedAt = QDateTime::currentDateTimeUtc();
    }
    if (const QString error = saveRunRecord(record); !error.isEmpty()) {
        StopResult withError = stop;
        withError.errors << error;
        return withError;
    }
    return stop;
}

RunSnapshot followRun(const Project &project, RunRecord &record, const FleetOptions &fleet,
                      const std::function<void(const RunRecord &, const RunSnapshot &)> &onChange,
                      int intervalMs, const std::atomic<bool> *cancel)
{
    RunState shown = RunState::Starting;
    RunSnapshot snapshot;
    while (true) {
        snapshot = refreshRun(project, record, fleet);
        if (snapshot.state != shown && onChange)
            onChange(record, snapshot);
        shown = snapshot.state;
        if (isFinal(record.state) || (cancel && cancel->load()))
            return snapshot;
        QThread::msleep(static_cast<unsigned long>(intervalMs));
    }
}

} // namespace cw
