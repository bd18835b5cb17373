#include "logs/RunLogSources.h"

#include "launch/RemoteCommands.h"

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

} // namespace

RunLogSelection selectRunLogs(const Project &project, const RunRecord &record,
                              const QStringList &servers, const QStringList &ranks)
{
    RunLogSelection selection;
    std::vector<ServerLogSources> all;
    QStringList names;
    if (const QString mismatch = runProjectMismatch(project, record); !mismatch.isEmpty()) {
        selection.error = mismatch;
        return selection;
    }
    for (const RunServer &runServer : record.servers) {
        const std::optional<int> index = project.serverIndex(runServer.name); // checked above
        ServerLogSources entry{*index, runServer.name, {}};
        const int first = project.rankOffset(*index);
        const int count = int(project.servers[size_t(*index)].devices.size());
        for (int rank = first; rank < first + count; ++rank)
            entry.sources.append({rank, runServer.runDir + u'/' + rankLogName(rank), 0});
        names << runServer.name;
        all.push_back(std::move(entry));
    }
    std::sort(all.begin(), all.end(), [](const ServerLogSources &a, const ServerLogSources &b) {
        return a.sources.value(0).rank < b.sources.value(0).rank;
    });

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
        for (const LogSource &source : entry.sources)
            valid << source.rank;
        chosen.push_back(entry);
    }
    QList<int> wanted;
    for (const QString &text : ranks) {
        bool ok = false;
        const int rank = text.toInt(&ok);
        if (!ok || !valid.contains(rank)) {
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
    if (selection.servers.empty())
        selection.error = u"run %1 has no rank logs to read"_s.arg(record.runId);
    return selection;
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
    return u"[%1/%2] %3"_s.arg(record.server, QString::number(record.rank), record.line);
}

} // namespace cw
