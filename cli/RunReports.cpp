// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/RunReports.h"

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
    if (record.supervisor) {
        if (const QString attempts =
                attemptSummary(record.attempts, record.supervisor->maxAttempts);
            !attempts.isEmpty())
            line += u", "_s + attempts;
    }
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

} // namespace cw::cli
