// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/RunAttempts.h"

#include "model/JsonRead.h"
#include "model/Problem.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

using Json = nlohmann::ordered_json;

constexpr qsizetype kMaxText = 4096;  // a reason, a message, a log line
constexpr int kMaxServersKept = 1024; // servers named by one attempt (128 in a project)
constexpr int kMaxLinesKept = 200;    // last lines of a failed rank

QString bounded(const std::optional<QString> &text)
{
    return escapeControls(text.value_or(QString()).left(kMaxText));
}

QDateTime timeOf(const std::optional<QString> &text)
{
    return QDateTime::fromString(text.value_or(QString()), Qt::ISODateWithMs).toUTC();
}

std::string timeText(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODateWithMs).toStdString() : std::string();
}

QStringList stringsOf(const Json *array, int limit)
{
    QStringList out;
    if (!array)
        return out;
    for (const Json &item : *array) {
        if (out.size() >= limit)
            break;
        if (item.is_string()) {
            const QString text = QString::fromStdString(item.get<std::string>()).left(kMaxText);
            out << escapeControls(text);
        }
    }
    return out;
}

const QStringList kAttemptStates{u"running"_s, u"finished"_s, u"failed"_s, u"not-started"_s,
                                 u"stopped"_s};
const QStringList kPhases{u"starting"_s, u"running"_s, u"health"_s, u"backoff"_s,
                          u"finished"_s, u"failed"_s,  u"stopped"_s};

} // namespace

nlohmann::ordered_json attemptsToJson(const std::vector<RunAttempt> &attempts)
{
    Json array = Json::array();
    for (const RunAttempt &attempt : attempts) {
        Json servers = Json::array();
        for (const QString &server : attempt.servers)
            servers.push_back(server.toStdString());
        Json leftOut = Json::array();
        for (const RunLeftOut &left : attempt.leftOut) {
            leftOut.push_back(Json{{"server", left.server.toStdString()},
                                   {"reason", left.reason.toStdString()},
                                   {"since", timeText(left.since)}});
        }
        Json entry{{"attempt", attempt.number},
                   {"servers", servers},
                   {"left_out", leftOut},
                   {"started_at", timeText(attempt.startedAt)},
                   {"ended_at", timeText(attempt.endedAt)},
                   {"state", attempt.state.toStdString()},
                   {"message", attempt.message.toStdString()}};
        if (attempt.failedServer) {
            Json lines = Json::array();
            for (const QString &line : attempt.lastLines)
                lines.push_back(line.toStdString());
            entry["failure"] = Json{{"server", attempt.failedServer->toStdString()},
                                    {"rank", attempt.failedRank},
                                    {"exit_code", attempt.exitCode},
                                    {"last_lines", lines}};
        }
        array.push_back(entry);
    }
    return array;
}

std::vector<RunAttempt> attemptsFromJson(const nlohmann::ordered_json &array, const QString &path,
                                         QStringList &problems)
{
    std::vector<RunAttempt> attempts;
    if (!array.is_array()) {
        problems << path + u": must be an array, not "_s + jsonTypeName(array);
        return attempts;
    }
    if (array.size() > size_t(kMaxAttemptsKept)) {
        problems << u"%1: more than %2 attempts"_s.arg(path).arg(kMaxAttemptsKept);
        return attempts;
    }
    for (size_t i = 0; i < array.size(); ++i) {
        const QString at = u"%1[%2]"_s.arg(path).arg(i);
        const Json &item = array[i];
        if (!item.is_object()) {
            problems << at + u": must be an object, not "_s + jsonTypeName(item);
            continue;
        }
        JsonFields fields(item, at, problems);
        RunAttempt attempt;
        attempt.number = fields.integer("attempt", true, 1, kMaxAttemptsKept).value_or(0);
        attempt.servers = stringsOf(fields.array("servers"), kMaxServersKept);
        if (const Json *leftOut = fields.array("left_out")) {
            for (size_t k = 0; k < leftOut->size() && k < size_t(kMaxServersKept); ++k) {
                const Json &left = (*leftOut)[k];
                if (!left.is_object()) {
                    problems << u"%1.left_out[%2]: must be an object"_s.arg(at).arg(k);
                    continue;
                }
                JsonFields member(left, u"%1.left_out[%2]"_s.arg(at).arg(k), problems);
                attempt.leftOut.push_back(RunLeftOut{bounded(member.string("server", true)),
                                                     bounded(member.string("reason")),
                                                     timeOf(member.string("since"))});
            }
        }
        attempt.startedAt = timeOf(fields.string("started_at"));
        attempt.endedAt = timeOf(fields.string("ended_at"));
        attempt.state = fields.string("state").value_or(u"running"_s);
        if (!kAttemptStates.contains(attempt.state)) {
            problems << u"%1.state: \"%2\" is not an attempt state"_s.arg(
                at, escapeControls(attempt.state.left(64)));
        }
        attempt.message = bounded(fields.string("message"));
        if (const Json *failure = fields.object("failure")) {
            JsonFields member(*failure, at + u".failure"_s, problems);
            attempt.failedServer = bounded(member.string("server"));
            attempt.failedRank = member.integer("rank", false, -1, INT_MAX).value_or(-1);
            attempt.exitCode = member.integer("exit_code").value_or(-1);
            attempt.lastLines = stringsOf(member.array("last_lines"), kMaxLinesKept);
        }
        attempts.push_back(std::move(attempt));
    }
    return attempts;
}

std::optional<SupervisorState> parseSupervisorState(QByteArrayView bytes, QString *error)
{
    if (bytes.size() > kMaxSupervisorStateBytes) {
        *error = u"the supervisor's state is larger than 1 MiB"_s;
        return std::nullopt;
    }
    const JsonParse parsed = parseJsonBytes(bytes.toByteArray());
    if (!parsed.ok()) {
        *error = escapeControls(u"the supervisor's state is not JSON: "_s + parsed.error);
        return std::nullopt;
    }
    const Json &document = parsed.document;
    QStringList problems;
    if (!document.is_object()) {
        *error = u"the supervisor's state is not an object"_s;
        return std::nullopt;
    }
    JsonFields top(document, {}, problems);
    if (top.integer("clusterwiz_supervisor", true) != 1) {
        *error = u"not a clusterwiz supervisor state"_s;
        return std::nullopt;
    }
    SupervisorState state;
    state.phase = top.string("state", true).value_or(QString());
    if (!kPhases.contains(state.phase))
        problems << u"state: \"%1\" is not a supervisor state"_s.arg(
            escapeControls(state.phase.left(64)));
    state.attempt = top.integer("attempt", false, 0, kMaxAttemptsKept).value_or(0);
    state.maxAttempts = top.integer("max_attempts", false, 0, kMaxAttemptsKept).value_or(0);
    state.nextAttemptAt = timeOf(top.string("next_attempt_at"));
    state.updatedAt = timeOf(top.string("updated_at"));
    state.message = bounded(top.string("message"));
    if (const Json *attempts = top.array("attempts"))
        state.attempts = attemptsFromJson(*attempts, u"attempts"_s, problems);
    if (!problems.isEmpty()) {
        *error = escapeControls(u"the supervisor's state: "_s + problems.join(u"; "_s));
        return std::nullopt;
    }
    return state;
}

QString attemptSummary(const std::vector<RunAttempt> &attempts, int maxAttempts)
{
    if (attempts.empty())
        return {};
    const RunAttempt &last = attempts.back();
    QString text = u"attempt %1 of %2, %3 server%4"_s.arg(
        QString::number(last.number), QString::number(qMax(maxAttempts, last.number)),
        QString::number(last.servers.size()), last.servers.size() == 1 ? QString() : u"s"_s);
    if (const QString left = leftOutText(last.leftOut); !left.isEmpty())
        text += u" ("_s + left + u')';
    return text;
}

QString leftOutText(const std::vector<RunLeftOut> &leftOut)
{
    QStringList left;
    for (const RunLeftOut &out : leftOut) {
        QString item = out.server + u" left out: "_s + out.reason.section(u':', 0, 0);
        if (out.since.isValid())
            item += u" since "_s + out.since.toLocalTime().toString(u"HH:mm:ss"_s);
        left << item;
    }
    return left.join(u"; "_s);
}

} // namespace cw
