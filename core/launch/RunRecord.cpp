// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/RunRecord.h"

#include "launch/DeviceRecord.h"
#include "model/JsonRead.h"
#include "model/NameTable.h"
#include "model/Problem.h"
#include "model/SafeFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// As run records and reports name them.
constexpr auto kRunStateNames = nameTable<RunState>({
    {RunState::Starting, "starting"},
    {RunState::Running, "running"},
    {RunState::Finished, "finished"},
    {RunState::Failed, "failed"},
    {RunState::Stopped, "stopped"},
});

using Json = nlohmann::ordered_json;

std::string str(const QString &value)
{
    return value.toStdString();
}

std::vector<QString> serverNames(const RunRecord &record)
{
    std::vector<QString> names;
    for (const RunServer &server : record.servers)
        names.push_back(server.name);
    return names;
}

RunFailure failureFromJson(const Json &object, QStringList &problems)
{
    JsonFields fields(object, u"failure"_s, problems);
    RunFailure failure;
    failure.server = fields.string("server").value_or(QString());
    failure.rank = fields.integer("rank").value_or(-1);
    failure.exitCode = fields.integer("exit_code").value_or(-1);
    failure.message = fields.string("message").value_or(QString());
    if (const Json *lines = fields.array("last_lines")) {
        for (const Json &line : *lines) {
            if (line.is_string())
                failure.lastLines << QString::fromStdString(line.get<std::string>());
        }
    }
    return failure;
}

} // namespace

QString newRunId()
{
    const QString time = QDateTime::currentDateTimeUtc().toString(u"yyyyMMdd-HHmmss"_s);
    const quint32 suffix = QRandomGenerator::system()->bounded(0x1000000u);
    return time + u'-' + QStringLiteral("%1").arg(suffix, 6, 16, QLatin1Char('0'));
}

bool isValidRunId(const QString &runId)
{
    static const QRegularExpression rule(u"\\A[A-Za-z0-9_][A-Za-z0-9._-]{0,63}\\z"_s);
    return rule.match(runId).hasMatch();
}

QString runStateName(RunState state)
{
    return kRunStateNames.name(state);
}

std::optional<RunState> runStateFromName(const QString &name)
{
    return kRunStateNames.fromName(name);
}

QString runTimeText(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODateWithMs) : QString();
}

nlohmann::ordered_json runFailureToJson(const RunFailure &failure)
{
    Json lines = Json::array();
    for (const QString &line : failure.lastLines)
        lines.push_back(str(line));
    return Json{{"server", str(failure.server)},
                {"rank", failure.rank},
                {"exit_code", failure.exitCode},
                {"message", str(failure.message)},
                {"last_lines", lines}};
}

QString runsFolder(const QString &projectPath)
{
    QString base = projectPath;
    if (base.endsWith(u".json"_s))
        base.chop(5);
    return base + u".runs"_s;
}

QString runRecordPath(const QString &projectPath, const QString &runId)
{
    return runsFolder(projectPath) + u'/' + runId + u".json"_s;
}

QString saveRunRecord(const RunRecord &record)
{
    Json servers = Json::array();
    for (const RunServer &server : record.servers) {
        servers.push_back(Json{{"name", str(server.name)},
                               {"run_dir", str(server.runDir)},
                               {"started", server.started},
                               {"first_rank", server.firstRank},
                               {"ranks", server.rankCount}});
    }
    Json document{{"clusterwiz_run", 1},
                  {"run_id", str(record.runId)},
                  {"project", str(record.projectPath)},
                  {"mode", str(launchModeName(record.mode))},
                  {"master", str(record.master)},
                  {"started_at", str(runTimeText(record.startedAt))},
                  {"ended_at", str(runTimeText(record.endedAt))},
                  {"gang_stop", record.gangStop},
                  {"state", str(runStateName(record.state))},
                  {"servers", servers}};
    if (record.failure)
        document["failure"] = runFailureToJson(*record.failure);
    if (record.supervisor) {
        const RunSupervision &supervisor = *record.supervisor;
        document["supervisor"] =
            Json{{"server", str(supervisor.server)},
                 {"max_attempts", supervisor.maxAttempts},
                 {"phase", str(supervisor.phase)},
                 {"next_attempt_at", str(runTimeText(supervisor.nextAttemptAt))},
                 {"message", str(supervisor.message)}};
        document["attempts"] = attemptsToJson(record.attempts);
    }
    if (record.devices.servers() > 0)
        document["devices"] = deviceHistoryToJson(record.devices, serverNames(record));

    if (!record.slurmJobId.isEmpty() || !record.slurmLogin.isEmpty())
        document["slurm"] =
            Json{{"job_id", str(record.slurmJobId)}, {"login", str(record.slurmLogin)}};

    const QString path = runRecordPath(record.projectPath, record.runId);
    if (!QDir().mkpath(runsFolder(record.projectPath)))
        return u"cannot create the folder "_s + runsFolder(record.projectPath);
    // Replaces a symbolic link planted at the path instead of writing through it.
    return writeFileReplacing(
        path, QByteArray::fromStdString(
                  document.dump(2, ' ', false, Json::error_handler_t::replace) + '\n'));
}

std::optional<RunRecord> loadRunRecord(const QString &projectPath, const QString &runId,
                                       QString *error)
{
    const QString path = runRecordPath(projectPath, runId);
    const FileBytes file = readRegularFile(path);
    if (!file.ok()) {
        *error = escapeControls(file.error);
        return std::nullopt;
    }
    const JsonParse parsed = parseJsonBytes(file.bytes);
    if (!parsed.ok()) {
        *error = escapeControls(path + u": not a clusterwiz run record: "_s + parsed.error);
        return std::nullopt;
    }
    const Json &document = parsed.document;
    QStringList problems;
    JsonFields top(document, {}, problems);
    if (!document.is_object() || top.integer("clusterwiz_run", true) != 1) {
        *error = escapeControls(path) + u": not a clusterwiz run record"_s;
        return std::nullopt;
    }
    RunRecord record;
    record.projectPath = projectPath;
    record.runId = top.string("run_id", true).value_or(QString());
    if (const std::optional<QString> mode = top.string("mode")) {
        if (const std::optional<LaunchMode> parsed = launchModeFromName(*mode))
            record.mode = *parsed;
        else
            problems << u"mode: \"%1\" is not a launch mode"_s.arg(*mode);
    }
    record.master = top.string("master").value_or(QString());
    record.startedAt =
        QDateTime::fromString(top.string("started_at").value_or(QString()), Qt::ISODateWithMs);
    record.endedAt =
        QDateTime::fromString(top.string("ended_at").value_or(QString()), Qt::ISODateWithMs);
    record.gangStop = top.boolean("gang_stop").value_or(true);
    const std::optional<QString> stateName = top.string("state", true);
    const std::optional<RunState> state = runStateFromName(stateName.value_or(QString()));
    if (stateName && !state)
        problems << u"state: \"%1\" is not a run state"_s.arg(*stateName);
    if (problems.isEmpty() && record.runId != runId)
        problems << u"run_id: \"%1\" is not the run of this file"_s.arg(record.runId);
    if (const Json *failure = top.object("failure"))
        record.failure = failureFromJson(*failure, problems);
    if (const Json *supervisor = top.object("supervisor")) {
        JsonFields fields(*supervisor, u"supervisor"_s, problems);
        RunSupervision supervision;
        supervision.server = fields.string("server", true).value_or(QString());
        supervision.maxAttempts =
            fields.integer("max_attempts", false, 1, kMaxAttemptsKept).value_or(1);
        supervision.phase = escapeControls(fields.string("phase").value_or(QString()).left(64));
        supervision.nextAttemptAt = QDateTime::fromString(
            fields.string("next_attempt_at").value_or(QString()), Qt::ISODateWithMs);
        supervision.message =
            escapeControls(fields.string("message").value_or(QString()).left(4096));
        record.supervisor = supervision;
    }
    if (const Json *slurm = top.object("slurm")) {
        JsonFields fields(*slurm, u"slurm"_s, problems);
        record.slurmJobId = fields.string("job_id").value_or(QString());
        record.slurmLogin = fields.string("login").value_or(QString());
        static const QRegularExpression jobId(u"^[0-9]{0,18}$"_s);
        if (!jobId.match(record.slurmJobId).hasMatch())
            problems << u"slurm.job_id: \"%1\" is not a Slurm job id"_s.arg(
                escapeControls(record.slurmJobId.left(64)));
    }
    if (const Json *attempts = top.array("attempts"))
        record.attempts = attemptsFromJson(*attempts, u"attempts"_s, problems);
    if (const Json *servers = top.array("servers")) {
        for (size_t i = 0; i < servers->size(); ++i) {
            const QString at = u"servers[%1]"_s.arg(i);
            JsonFields server((*servers)[i], at, problems);
            if (!(*servers)[i].is_object()) {
                problems << at + u": must be an object, not "_s + jsonTypeName((*servers)[i]);
                continue;
            }
            record.servers.push_back(RunServer{server.string("name", true).value_or(QString()),
                                               server.string("run_dir").value_or(QString()),
                                               server.boolean("started").value_or(false),
                                               server.integer("first_rank").value_or(-1),
                                               server.integer("ranks").value_or(-1)});
        }
    }
    // Samples are what the run looked like, not what stop acts on: ones that are off are
    // dropped (DeviceRecord.h), the record still loads. Asked for here so that the member is
    // known to the reader.
    if (top.has("devices")) {
        const Json &devices = *document.find("devices");
        record.devices =
            deviceHistoryFromJson(devices, serverNames(record), &record.devicesProblem);
    }
    if (!problems.isEmpty()) {
        // A record is what stop and status act on: one that is half right is not guessed at.
        *error = escapeControls(path + u": "_s + problems.join(u"; "_s));
        return std::nullopt;
    }
    record.state = *state;
    return record;
}

QString runProjectMismatch(const Project &project, const RunRecord &record)
{
    for (const RunServer &server : record.servers) {
        const std::optional<int> index = project.serverIndex(server.name);
        if (!index)
            return u"server %1 of run %2 is no longer in the project"_s.arg(server.name,
                                                                            record.runId);
        if (server.rankCount < 0)
            continue;
        const int first = project.rankOffset(*index);
        const int count = int(project.servers[size_t(*index)].devices.size());
        if (first != server.firstRank || count != server.rankCount)
            return u"server %1 ran ranks %2-%3 in run %4, but the project now numbers them "
                   u"%5-%6: its devices changed since that launch"_s.arg(
                       server.name, QString::number(server.firstRank),
                       QString::number(server.firstRank + server.rankCount - 1), record.runId,
                       QString::number(first), QString::number(first + count - 1));
    }
    return {};
}

QString latestRunId(const QString &projectPath)
{
    QStringList ids;
    const QStringList files =
        QDir(runsFolder(projectPath)).entryList({u"*.json"_s}, QDir::Files, QDir::Name);
    for (const QString &file : files) {
        const QString id = file.chopped(5);
        if (isValidRunId(id))
            ids << id;
    }
    ids.sort();
    return ids.isEmpty() ? QString() : ids.constLast();
}

} // namespace cw
