// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include "fix/FixApplier.h"
#include "fix/FixJournal.h"
#include "fix/FixPlanner.h"
#include "model/Problem.h"

using namespace Qt::StringLiterals;

namespace cw::cli {

int runUndo(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"undo"_s,
        u"Puts back what the last 'fix' command changed on the servers (every fix it applied,\n"
        u"as recorded in NAME.clusterwiz-undo.json beside the project), last step first. Run it\n"
        u"again to undo the fix command before that.\n"
        u"Exit codes: 0 undone (or nothing to undo), 1 an undo step failed (the entry is kept),\n"
        u"2 the project or the journal cannot be read or written."_s,
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    command.parser().addOption({u"dry-run"_s, u"Print what would be undone; change nothing."_s});
    ServerCommandInput input;
    if (const int exit =
            parseServerCommand(command, arguments, out, err, input, ProjectNeed::Readable);
        exit != kContinue)
        return exit;
    auto &[fleet, path, project, valid, file] = input;

    const QString journalPath = undoJournalPath(path);
    const PendingUndo pending = pendingUndo(project, journalPath);
    if (!pending.entry) {
        if (!pending.error.isEmpty()) {
            err << escapeControls(pending.error) << '\n';
            err.flush();
            return ExitUnreadable;
        }
        out << "nothing to undo: " << journalPath << " holds no applied fix\n";
        out.flush();
        return ExitOk;
    }
    if (!pending.error.isEmpty()) {
        err << programName() << " undo: " << escapeControls(pending.error) << '\n';
        err.flush();
        return ExitInvalid;
    }
    const UndoEntry &entry = *pending.entry;
    out << "applied " << escapeControls(entry.appliedAt);
    if (pending.fixes > 1)
        out << " (" << pending.fixes << " fixes of one command, undone newest first)";
    out << ": " << fixPlanText(project, pending.plan);
    out.flush();
    if (command.parser().isSet(u"dry-run"_s))
        return ExitOk;
    const UndoOutcome undone = undoLastFix(project, journalPath, fleet);
    out << fixOutcomeText(project, undone.plan, undone.outcome);
    out.flush();
    if (!undone.undone) {
        err << programName() << " undo: " << escapeControls(undone.error) << '\n';
        err.flush();
        return undone.outcome.ok() ? ExitUnreadable : ExitInvalid;
    }
    out << "undone: " << escapeControls(entry.title) << '\n';
    out.flush();
    return ExitOk;
}

} // namespace cw::cli
