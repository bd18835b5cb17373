#include "cli/RunCliSupport.h"

#include "cli/Cli.h"

using namespace Qt::StringLiterals;

namespace cw::cli {

int runStateExit(RunState state)
{
    switch (state) {
    case RunState::Failed:
        return ExitInvalid;
    case RunState::Stopped:
        return kExitStopped;
    case RunState::Starting:
    case RunState::Running:
    case RunState::Finished:
        break;
    }
    return ExitOk;
}

QString runStateLine(const RunRecord &record, const RunSnapshot &snapshot)
{
    QString line = u"run %1: %2"_s.arg(record.runId, runStateName(record.state));
    if (record.state == RunState::Running || record.state == RunState::Starting) {
        line += u", %1/%2 ranks started, job processes alive: %3"_s.arg(
            QString::number(snapshot.ranksStarted), QString::number(snapshot.ranksExpected),
            QString::number(snapshot.alive));
    }
    if (!snapshot.note.isEmpty())
        line += u" ("_s + snapshot.note + u')';
    return line;
}

QString failureText(const RunRecord &record)
{
    if (record.state != RunState::Failed || !record.failure)
        return {};
    QString text = u"  "_s + record.failure->message + u'\n';
    if (!record.failure->lastLines.isEmpty()) {
        text += record.failure->rank >= 0
                    ? u"  last lines of rank %1's log on %2:\n"_s.arg(
                          QString::number(record.failure->rank), record.failure->server)
                    : u"  last lines of launch.log:\n"_s;
        for (const QString &line : record.failure->lastLines)
            text += u"    "_s + line + u'\n';
    }
    return text;
}

int loadRunForCommand(CommandParser &command, const QString &projectPath,
                      std::optional<RunRecord> &record, QTextStream &err,
                      const Project *describedBy)
{
    QString runId = command.parser().value(u"run"_s);
    if (command.parser().isSet(u"run"_s) && !isValidRunId(runId))
        return command.usageError(u"--run: '%1' is not a run id"_s.arg(runId), err);
    if (runId.isEmpty())
        runId = latestRunId(projectPath);
    if (runId.isEmpty()) {
        err << projectPath << ": no run recorded in " << runsFolder(projectPath) << '\n';
        err.flush();
        return ExitUnreadable;
    }
    QString error;
    record = loadRunRecord(projectPath, runId, &error);
    if (!record) {
        err << error << '\n';
        err.flush();
        return ExitUnreadable;
    }
    if (describedBy) {
        if (const QString mismatch = runProjectMismatch(*describedBy, *record);
            !mismatch.isEmpty()) {
            err << projectPath << ": " << mismatch << '\n';
            err.flush();
            return ExitUnreadable;
        }
    }
    return kContinue;
}

} // namespace cw::cli
