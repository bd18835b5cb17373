// SPDX-License-Identifier: GPL-3.0-or-later
#include "logs/RunLogSources.h"

#include "launch/RemoteCommands.h"
#include "plan/AttemptPlan.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString joinRanks(const QList<int> &ranks)
{
    QStringList text;
    for (const int rank : ranks)
        text << QString::number(rank);
    return text.join(u", "_s);
}

// Every rank log of one attempt (0: a run without attempts), in global rank order.
std::vector<ServerLogSources> rankLogsOf(const Project &project, const RunRecord &record,
                                         const RunAttempt *attempt)
{
    std::vector<ServerLogSources> all;
    const Project world = attempt ? attemptProject(project, attempt->servers) : project;
    for (const RunServer &runServer : record.servers) {
        const std::optional<int> index = world.serverIndex(runServer.name);
        if (!index)
            continue; // left out of this attempt
        const int number = attempt ? attempt->number : 0;
        const QString folder =
            attempt ? runServer.runDir + u'/' + attemptDirName(number) : runServer.runDir;
        ServerLogSources entry{*project.serverIndex(runServer.name), runServer.name, {}, number};
        const int first = world.rankOffset(*index);
        const int count = int(world.servers[size_t(*index)].devices.size());
        for (int rank = first; rank < first + count; ++rank)
            entry.sources.append({rank, folder + u'/' + rankLogName(rank), 0, number});
        all.push_back(std::move(entry));
    }
    std::sort(all.begin(), all.end(), [](const ServerLogSources &a, const ServerLogSources &b) {
        return a.sources.value(0).rank < b.sources.value(0).rank;
    });
    return all;
}

bool hasLogs(const RunAttempt &attempt)
{
    return attempt.state != u"not-started" && !attempt.servers.isEmpty();
}

} // namespace

RunLogSelection selectRunLogs(const Project &project, const RunRecord &record,
                              const QStringList &servers, const QStringList &ranks)
{
    RunLogSelection selection;
    selection.wantedServers = servers;
    selection.wantedRanks = ranks;
    std::vector<ServerLogSources> all;
    QStringList names;
    if (const QString mismatch = runProjectMismatch(project, record); !mismatch.isEmpty()) {
        selection.error = mismatch;
        return selection;
    }
    for (const RunServer &runServer : record.servers)
        names << runServer.name;
    if (!record.supervisor) {
        all = rankLogsOf(project, record, nullptr);
    } else {
        for (const RunAttempt &attempt : record.attempts) {
            if (!hasLogs(attempt))
                continue;
            for (ServerLogSources &entry : rankLogsOf(project, record, &attempt))
                all.push_back(std::move(entry));
        }
    }

    for (const QString &name : servers) {
        if (!names.contains(name)) {
            selection.error = u"--server: '%1' is not a server of run %2 (servers: %3)"_s.arg(
                name, record.runId, names.join(u", "_s));
            return selection;
        }
    }
    // Ranks are looked up among the servers already chosen, so the error lists what is valid.
    std::vector<ServerLogSources> chosen;
    QList<int> valid;
    for (const ServerLogSources &entry : all) {
        if (!servers.isEmpty() && !servers.contains(entry.server))
            continue;
        for (const LogSource &source : entry.sources) {
            if (!valid.contains(source.rank))
                valid << source.rank;
        }
        chosen.push_back(entry);
    }
    std::sort(valid.begin(), valid.end());
    // A restarting run before its first attempt has no rank yet: ranks are taken on trust.
    const bool noneYet = record.supervisor && all.empty();
    QList<int> wanted;
    for (const QString &text : ranks) {
        bool ok = false;
        const int rank = text.toInt(&ok);
        if (!ok || rank < 0 || (!noneYet && !valid.contains(rank))) {
            selection.error = u"--rank: '%1' is not a rank of run %2%3 (ranks: %4)"_s.arg(
                text, record.runId,
                servers.isEmpty() ? QString() : u" on "_s + servers.join(u", "_s),
                joinRanks(valid));
            return selection;
        }
        wanted << rank;
    }
    for (ServerLogSources &entry : chosen) {
        if (!wanted.isEmpty()) {
            entry.sources.removeIf(
                [&](const LogSource &source) { return !wanted.contains(source.rank); });
        }
        if (!entry.sources.isEmpty())
            selection.servers.push_back(std::move(entry));
    }
    if (selection.servers.empty() && !record.supervisor)
        selection.error = u"run %1 has no rank logs to read"_s.arg(record.runId);
    return selection;
}

std::vector<ServerLogSources> attemptLogSources(const Project &project, const RunRecord &record,
                                                int attempt, const RunLogSelection &selection)
{
    std::vector<ServerLogSources> chosen;
    for (const RunAttempt &entry : record.attempts) {
        if (entry.number != attempt || !hasLogs(entry))
            continue;
        for (ServerLogSources &server : rankLogsOf(project, record, &entry)) {
            if (!selection.wantedServers.isEmpty() &&
                !selection.wantedServers.contains(server.server))
                continue;
            if (!selection.wantedRanks.isEmpty()) {
                server.sources.removeIf([&](const LogSource &source) {
                    return !selection.wantedRanks.contains(QString::number(source.rank));
                });
            }
            if (!server.sources.isEmpty())
                chosen.push_back(std::move(server));
        }
    }
    return chosen;
}

QString attemptMarkText(const RunRecord &record, const RunAttempt &attempt)
{
    const int of =
        record.supervisor ? qMax(record.supervisor->maxAttempts, attempt.number) : attempt.number;
    QString text =
        attempt.state == u"not-started"
            ? u"attempt %1 of %2 %3"_s.arg(QString::number(attempt.number), QString::number(of),
                                           attempt.message)
            : u"attempt %1 of %2 on %3"_s.arg(QString::number(attempt.number), QString::number(of),
                                              attempt.servers.join(u", "_s));
    if (const QString left = leftOutText(attempt.leftOut); !left.isEmpty())
        text += u" ("_s + left + u')';
    return text;
}

RemoteLogFollowerOptions logFollowerOptions(const Project &project, int serverIndex,
                                            const FleetOptions &fleet, HostKeyPolicy *policy)
{
    const Server &server = project.servers[size_t(serverIndex)];
    RemoteLogFollowerOptions options;
    options.server = server.name;
    options.target = fleetTarget(server, fleet);
    options.hostKeyPolicy = policy;
    options.credentials = fleet.credentials;
    options.connector = fleet.connector;
    options.python = project.launch.python;
    return options;
}

QString logRecordText(const LogRecord &record)
{
    if (record.isAttemptMark())
        return u"== "_s + record.line;
    return u"[%1/%2] %3"_s.arg(record.server, QString::number(record.rank), record.line);
}

} // namespace cw
