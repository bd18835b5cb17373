#include "cli/Cli.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include "fix/FixApplier.h"
#include "fix/FixPlanner.h"

using namespace Qt::StringLiterals;

namespace cw::cli {

int runUndo(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"undo"_s,
        u"Puts back what the last applied fix changed on the servers (the commands 'fix'\n"
        u"recorded in NAME.clusterwiz-undo.json beside the project), last step first. Run it\n"
        u"again to undo the fix before that.\n"
        u"Exit codes: 0 undone (or nothing to undo), 1 an undo step failed (the entry is kept),\n"
        u"2 the project or the journal cannot be read or written."_s,
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    command.parser().addOption({u"dry-run"_s, u"Print what would be undone; change nothing."_s});
    addFleetOptions(command);
    if (const int exit = command.parse(arguments, out, err); exit != kContinue)
        return exit;
    FleetOptions fleet;
    if (const int exit = readFleetOptions(command, fleet, err); exit != kContinue)
        return exit;
    const QString path = command.parser().positionalArguments().constFirst();
    Project project;
    if (const int exit = loadForCommand(path, project, err); exit != kContinue)
        return exit;

    const QString journalPath = undoJournalPath(path);
    QString error;
    std::optional<std::vector<UndoEntry>> journal = loadUndoJournal(journalPath, &error);
    if (!journal) {
        err << error << '\n';
        err.flush();
        return ExitUnreadable;
    }
    if (journal->empty()) {
        out << "nothing to undo: " << journalPath << " holds no applied fix\n";
        out.flush();
        return ExitOk;
    }
    const UndoEntry &entry = journal->back();
    const FixPlan plan = undoPlan(project, entry, &error);
    if (!error.isEmpty()) {
        err << programName() << " undo: " << error << '\n';
        err.flush();
        return ExitInvalid;
    }
    out << "applied " << entry.appliedAt << ": " << fixPlanText(project, plan);
    out.flush();
    if (command.parser().isSet(u"dry-run"_s))
        return ExitOk;
    const FixOutcome outcome = applyFix(project, plan, fleet);
    out << fixOutcomeText(project, plan, outcome);
    out.flush();
    if (!outcome.ok()) {
        err << programName() << " undo: " << outcome.firstError()
            << " (the entry stays in " << journalPath << ")\n";
        err.flush();
        return ExitInvalid;
    }
    journal->pop_back();
    if (const QString saveError = saveUndoJournal(journalPath, *journal); !saveError.isEmpty()) {
        err << saveError << '\n';
        err.flush();
        return ExitUnreadable;
    }
    out << "undone: " << entry.title << '\n';
    out.flush();
    return ExitOk;
}

} // namespace cw::cli
