// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnose/DiagnoseRun.h"

#include "diagnose/DiagnoseCommands.h"
#include "generate/TarGz.h"
#include "launch/RemoteCommands.h"
#include "model/SafeFile.h"
#include "session/RunVerdicts.h"
#include "shell/ShellQuote.h"

#include <QFileInfo>

#include <chrono>
#include <limits>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr int kLaunchLogLines = 400; // the end of a server's launch.log: train.sh's last words

// The server's clock minus ours: three readings, the one with the shortest round trip, read
// against the middle of that trip.
std::optional<double> clockOffsetMs(RemoteHost &host, const FleetTask &task)
{
    std::optional<double> best;
    double bestTrip = std::numeric_limits<double>::max();
    for (int i = 0; i < 3; ++i) {
        const auto before = std::chrono::system_clock::now();
        const ExecResult result = host.exec(clockCommand(), task.remainingMs(), &task.cancel);
        const auto after = std::chrono::system_clock::now();
        if (result.error.isError())
            return best;
        const auto remote = parseClock(QString::fromUtf8(result.out));
        if (!remote)
            continue;
        const double t0 = std::chrono::duration<double>(before.time_since_epoch()).count();
        const double t1 = std::chrono::duration<double>(after.time_since_epoch()).count();
        if (t1 - t0 < bestTrip) {
            bestTrip = t1 - t0;
            best = (*remote - (t0 + t1) / 2) * 1000;
        }
    }
    return best;
}

// The run's ranks on a server: as recorded, else by the project's numbering.
std::vector<int> ranksOf(const Project &project, const RunRecord &record, int index)
{
    const Server &server = project.servers[size_t(index)];
    int first = project.rankOffset(index);
    int count = int(server.devices.size());
    for (const RunServer &recorded : record.servers) {
        if (recorded.name == server.name && recorded.firstRank >= 0 && recorded.rankCount >= 0) {
            first = recorded.firstRank;
            count = std::min(recorded.rankCount, 4096);
        }
    }
    std::vector<int> ranks;
    for (int r = first; r < first + count; ++r)
        ranks.push_back(r);
    return ranks;
}

} // namespace

QString diagnosisArchivePath(const QString &projectPath, const QString &runId)
{
    return runsFolder(projectPath) + u'/' + runId + u".diagnosis.tar.gz"_s;
}

DiagnoseResult runDiagnose(const Project &project, const RunRecord &record,
                           const FleetOptions &fleet, const DiagnoseOptions &options,
                           const std::atomic<bool> *cancel)
{
    DiagnoseResult result;
    std::vector<int> indices;
    for (const RunServer &recorded : record.servers) {
        if (const auto index = project.serverIndex(recorded.name))
            indices.push_back(*index);
    }
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    std::vector<ServerReport> reports(project.servers.size());
    std::vector<std::vector<int>> ranks(project.servers.size());
    int expected = 0;
    for (int index : indices) {
        reports[size_t(index)].name = project.servers[size_t(index)].name;
        ranks[size_t(index)] = ranksOf(project, record, index);
        expected += int(ranks[size_t(index)].size());
    }
    const auto fleetResults = runOnServers(
        project, indices, fleet,
        [&](FleetTask &task) {
            ServerReport &report = reports[size_t(task.serverIndex)];
            const auto offset = clockOffsetMs(task.session, task);
            const ExecResult collect =
                task.session.exec(shellScriptCommand(collectCommand(
                                      project, record, project.servers[size_t(task.serverIndex)],
                                      ranks[size_t(task.serverIndex)])),
                                  task.remainingMs(), &task.cancel);
            if (collect.error.isError())
                return collect.error;
            parseCollect(QString::fromUtf8(collect.out), ranks[size_t(task.serverIndex)], report);
            report.clockOffsetMs = offset.value_or(0);
            // What train.sh and the torch launcher said of their own stop there.
            const ExecResult launchLog = task.session.exec(
                tailCommand(project, record.runId, project.servers[size_t(task.serverIndex)], -1,
                            kLaunchLogLines),
                task.remainingMs(), &task.cancel);
            if (!launchLog.error.isError()) {
                report.launchTail = launchLog.out.right(kLogTailBytes);
                report.launch = scanLaunchLog(report.launchTail);
            }
            return SshError{};
        },
        {}, cancel);
    for (const FleetResult &fleetResult : fleetResults) {
        ServerReport &report = reports[size_t(fleetResult.serverIndex)];
        if (fleetResult.error.isError()) {
            report.reached = false;
            report.error = fleetResult.error.message;
        }
    }
    std::vector<ServerReport> ordered;
    for (int index : indices)
        ordered.push_back(reports[size_t(index)]);
    Diagnosis diagnosis = evaluateDiagnosis(record, ordered, expected, options.hangAfterS);

    // The stacks of the ranks behind, where py-spy is installed.
    if (diagnosis.state == DiagnosisState::Hung && !(cancel && cancel->load())) {
        std::map<int, std::vector<int>> behindOn; // project index -> ranks
        for (const BehindRank &rank : diagnosis.behind) {
            const auto index = project.serverIndex(rank.server);
            if (index && reports[size_t(*index)].pySpy)
                behindOn[*index].push_back(rank.rank);
        }
        std::vector<int> where;
        for (const auto &[index, list] : behindOn)
            where.push_back(index);
        runOnServers(
            project, where, fleet,
            [&](FleetTask &task) {
                const ExecResult stacks = task.session.exec(
                    shellScriptCommand(stackCommand(record.runId, behindOn[task.serverIndex])),
                    task.remainingMs(), &task.cancel);
                if (!stacks.error.isError())
                    reports[size_t(task.serverIndex)].stacks =
                        parseStacks(QString::fromUtf8(stacks.out));
                return stacks.error;
            },
            {}, cancel);
        ordered.clear();
        for (int index : indices)
            ordered.push_back(reports[size_t(index)]);
        diagnosis = evaluateDiagnosis(record, ordered, expected, options.hangAfterS);
        // After the evaluation, which starts the notes afresh.
        if (where.empty())
            diagnosis.notes << u"py-spy is not installed where the ranks behind run: no stacks"_s;
        // What the devices said when last sampled (`status`, a follow): an idle device or a
        // straggler points at the rank the others wait for.
        for (const RunVerdict &verdict : recordVerdicts(project, record))
            diagnosis.notes << u"devices, as last sampled: "_s + verdict.text.english();
    }

    // Ascend: each server's plog lines of the failure window.
    if (isAscend(project.accelerator) && diagnosis.first && !(cancel && cancel->load())) {
        const double from = diagnosis.first->time - options.plogBeforeS;
        const double to = diagnosis.first->time + options.plogAfterS;
        std::vector<int> reached;
        for (int index : indices) {
            if (reports[size_t(index)].reached)
                reached.push_back(index);
        }
        runOnServers(
            project, reached, fleet,
            [&](FleetTask &task) {
                ServerReport &report = reports[size_t(task.serverIndex)];
                const double offsetS = report.clockOffsetMs / 1000.0;
                const ExecResult plog =
                    task.session.exec(shellScriptCommand(plogCommand(project, from + offsetS)),
                                      task.remainingMs(), &task.cancel);
                if (!plog.error.isError())
                    report.plog = parsePlogWindow(QString::fromUtf8(plog.out), from + offsetS,
                                                  to + offsetS, report.utcOffsetS);
                return plog.error;
            },
            {}, cancel);
        ordered.clear();
        for (int index : indices)
            ordered.push_back(reports[size_t(index)]);
        diagnosis = evaluateDiagnosis(record, ordered, expected, options.hangAfterS);
        diagnosis.notes << u"plog: lines from %1 s before to %2 s after the first failure"_s.arg(
            QString::number(options.plogBeforeS), QString::number(options.plogAfterS));
    }
    if (options.archive && !record.projectPath.isEmpty()) {
        const QString path = diagnosisArchivePath(record.projectPath, record.runId);
        diagnosis.archive = path;
        result.error = writeDiagnosisArchive(path, diagnosis, ordered);
        if (!result.error.isEmpty())
            diagnosis.archive.clear();
    }
    result.diagnosis = diagnosis;
    result.servers = std::move(ordered);
    return result;
}

QString writeDiagnosisArchive(const QString &path, const Diagnosis &diagnosis,
                              const std::vector<ServerReport> &servers)
{
    std::vector<GeneratedFile> files;
    files.push_back({u"diagnosis.json"_s,
                     QByteArray::fromStdString(diagnosisToJson(diagnosis).dump(2)) + '\n'});
    files.push_back({u"diagnosis.txt"_s, diagnosisText(diagnosis).toUtf8()});
    for (const ServerReport &server : servers) {
        for (const RankReport &rank : server.ranks) {
            if (rank.logFound)
                files.push_back(
                    {u"logs/%1/rank%2.log"_s.arg(server.name).arg(rank.rank), rank.tail});
            // As rank.sh writes it, so that `diagnose --logs` reads the unpacked archive alike.
            if (rank.exitCode)
                files.push_back({u"logs/%1/rank%2.exit"_s.arg(server.name).arg(rank.rank),
                                 QByteArray::number(*rank.exitCode) + ' ' +
                                     QByteArray::number(rank.exitTime, 'f', 6) + '\n'});
        }
        if (!server.launchTail.isEmpty())
            files.push_back({u"logs/%1/launch.log"_s.arg(server.name), server.launchTail});
        if (!server.plog.isEmpty())
            files.push_back({u"plog/%1.log"_s.arg(server.name), server.plog.join(u'\n').toUtf8()});
        for (const auto &[rank, stack] : server.stacks)
            files.push_back({u"stacks/%1-rank%2.txt"_s.arg(server.name).arg(rank), stack.toUtf8()});
    }
    QByteArray archive;
    const QString top = QFileInfo(path).fileName().remove(u".tar.gz"_s);
    if (const QString error = buildTarGz(files, top, &archive); !error.isEmpty())
        return error;
    return writeFileReplacing(path, archive, FileMode::Private);
}

} // namespace cw
