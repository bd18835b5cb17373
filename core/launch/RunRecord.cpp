#include "launch/RunRecord.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSaveFile>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

using Json = nlohmann::ordered_json;

std::string str(const QString &value)
{
    return value.toStdString();
}

QString qstr(const Json &object, const char *key)
{
    const auto found = object.find(key);
    if (found == object.end() || !found->is_string())
        return {};
    return QString::fromStdString(found->get<std::string>());
}

RunFailure failureFromJson(const Json &object)
{
    RunFailure failure;
    failure.server = qstr(object, "server");
    failure.rank = object.value("rank", -1);
    failure.exitCode = object.value("exit_code", -1);
    failure.message = qstr(object, "message");
    if (const auto lines = object.find("last_lines"); lines != object.end() && lines->is_array()) {
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
    switch (state) {
    case RunState::Starting:
        return u"starting"_s;
    case RunState::Running:
        return u"running"_s;
    case RunState::Finished:
        return u"finished"_s;
    case RunState::Failed:
        return u"failed"_s;
    case RunState::Stopped:
        return u"stopped"_s;
    }
    return {};
}

std::optional<RunState> runStateFromName(const QString &name)
{
    for (RunState state : {RunState::Starting, RunState::Running, RunState::Finished,
                           RunState::Failed, RunState::Stopped}) {
        if (runStateName(state) == name)
            return state;
    }
    return std::nullopt;
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
                  {"mode", str(record.mode)},
                  {"master", str(record.master)},
                  {"started_at", str(runTimeText(record.startedAt))},
                  {"ended_at", str(runTimeText(record.endedAt))},
                  {"gang_stop", record.gangStop},
                  {"state", str(runStateName(record.state))},
                  {"servers", servers}};
    if (record.failure)
        document["failure"] = runFailureToJson(*record.failure);

    const QString path = runRecordPath(record.projectPath, record.runId);
    if (!QDir().mkpath(runsFolder(record.projectPath)))
        return u"cannot create the folder "_s + runsFolder(record.projectPath);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return path + u": "_s + file.errorString();
    file.write(QByteArray::fromStdString(document.dump(2) + '\n'));
    if (!file.commit())
        return path + u": "_s + file.errorString();
    return {};
}

std::optional<RunRecord> loadRunRecord(const QString &projectPath, const QString &runId,
                                       QString *error)
{
    const QString path = runRecordPath(projectPath, runId);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + u": "_s + file.errorString();
        return std::nullopt;
    }
    const Json document = Json::parse(file.readAll().toStdString(), nullptr, false);
    if (!document.is_object() || document.value("clusterwiz_run", 0) != 1) {
        *error = path + u": not a clusterwiz run record"_s;
        return std::nullopt;
    }
    RunRecord record;
    record.runId = qstr(document, "run_id");
    record.projectPath = projectPath;
    record.mode = qstr(document, "mode");
    record.master = qstr(document, "master");
    record.startedAt = QDateTime::fromString(qstr(document, "started_at"), Qt::ISODateWithMs);
    record.endedAt = QDateTime::fromString(qstr(document, "ended_at"), Qt::ISODateWithMs);
    record.gangStop = document.value("gang_stop", true);
    const std::optional<RunState> state = runStateFromName(qstr(document, "state"));
    if (record.runId != runId || !state) {
        *error = path + u": the run id or state is missing or wrong"_s;
        return std::nullopt;
    }
    record.state = *state;
    if (const auto failure = document.find("failure");
        failure != document.end() && failure->is_object())
        record.failure = failureFromJson(*failure);
    if (const auto servers = document.find("servers");
        servers != document.end() && servers->is_array()) {
        for (const Json &server : *servers) {
            if (!server.is_object())
                continue;
            const auto number = [&](const char *key) {
                const auto found = server.find(key);
                return found != server.end() && found->is_number_integer() ? found->get<int>() : -1;
            };
            record.servers.push_back(RunServer{qstr(server, "name"), qstr(server, "run_dir"),
                                               server.value("started", false), number("first_rank"),
                                               number("ranks")});
        }
    }
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
