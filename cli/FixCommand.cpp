// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/CheckCatalogue.h"
#include "checks/CheckReportText.h"
#include "checks/CheckRunner.h"
#include "cli/Cli.h"
#include "cli/CommandInputs.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include "fix/FixApplier.h"
#include "fix/FixJournal.h"
#include "fix/FixPlanner.h"
#include "fix/FixTable.h"
#include "model/Problem.h"

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

// The rows of `report` for the checks that offer one of `fixes`, for the after-fix report.
CheckReport concerned(const CheckReport &report, const CheckReport &before,
                      const QStringList &fixes)
{
    QStringList ids;
    for (const CheckResult &result : before.results) {
        for (const QString &fix : result.fixes) {
            if (fixes.contains(fix) && !ids.contains(result.id))
                ids.append(result.id);
        }
    }
    CheckReport subset;
    for (const CheckResult &result : report.results) {
        if (ids.contains(result.id))
            subset.results.push_back(result);
    }
    return subset;
}

// Applies one planned fix and records it in the journal; false when it failed.
// Every fix of one command shares `group`, so that one `undo` takes them all back.
bool applyOne(const Project &project, const FixPlan &plan, const FleetOptions &fleet,
              const QString &journalPath, const QString &group, QTextStream &out, QTextStream &err)
{
    const AppliedFix applied = applyAndRecordFix(project, plan, fleet, journalPath, group);
    out << fixOutcomeText(project, plan, applied.outcome);
    out.flush();
    if (!applied.journalError.isEmpty())
        err << escapeControls(applied.journalError) << '\n';
    if (!applied.outcome.ok())
        err << programName() << " fix: " << plan.id << " failed at "
            << escapeControls(applied.outcome.firstError()) << '\n';
    err.flush();
    return applied.outcome.ok();
}

} // namespace

int runFix(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"fix"_s,
        u"Mends what 'check' found: runs the checks, plans the fix and prints the exact commands\n"
        u"per server, then (without --dry-run) runs them, keeping what each step replaces so that\n"
        u"'%1 undo PROJECT' restores it (all the fixes of this command). ID is a check id (its "
        u"first fix) or a fix id:\n"
        u"%2"
        u"A project that breaks a rule is refused first, with the lines '%1 validate' prints;\n"
        u"no server is contacted.\n"
        u"Exit codes: 0 fixed (or nothing to fix), 1 a fix failed, was refused or checks still\n"
        u"fail, a server could not be checked, or the project is invalid, 2 the project cannot\n"
        u"be read."_s.arg(programName(), fixHelpText()),
        u"[options] PROJECT (ID | --all)"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    command.addOptionalPositional(u"ID"_s, u"A check id or a fix id."_s);
    QCommandLineParser &parser = command.parser();
    parser.addOption({u"all"_s, u"Apply the first fix of every failed check."_s});
    parser.addOption({u"dry-run"_s, u"Print the plan only; change nothing."_s});
    addFleetOptions(command);
    if (const int exit = command.parse(arguments, out, err); exit != kContinue)
        return exit;
    FleetOptions fleet;
    if (const int exit = readFleetOptions(command, fleet, err); exit != kContinue)
        return exit;
    const QStringList positional = parser.positionalArguments();
    const bool all = parser.isSet(u"all"_s);
    const QString id = positional.value(1);
    if (all == !id.isEmpty())
        return command.usageError(u"give either a check or fix ID, or --all"_s, err);
    const QString path = positional.constFirst();
    std::optional<ValidProject> valid;
    if (const int exit = loadValidProject(path, valid, err); exit != kContinue)
        return exit;
    const Project &project = valid->project();
    if (!all && !knownFixIds().contains(id) && !applicableChecks(project).contains(id))
        return command.usageError(u"'%1' is neither a check of this project nor a fix (fixes: "
                                  u"%2)"_s.arg(id, knownFixIds().join(u", "_s)),
                                  err);

    const CheckRun run = runChecks(project, fleet);
    const QStringList fixes = fixesToApply(run.report, id, all);
    QStringList unreached;
    for (size_t s = 0; s < run.discovery.size() && s < project.servers.size(); ++s) {
        if (!run.discovery[s].ok())
            unreached << project.servers[s].name + u": "_s +
                             (run.discovery[s].connection.error.isError()
                                  ? run.discovery[s].connection.error.message
                                  : u"its facts could not be read"_s);
    }
    if (fixes.isEmpty() && !unreached.isEmpty()) {
        // "Nothing to fix" would be a guess: the checks of these servers never ran.
        err << programName() << " fix: cannot tell what to fix; not checked:\n";
        for (const QString &line : unreached)
            err << "  " << escapeControls(line) << '\n';
        err.flush();
        return ExitInvalid;
    }
    if (fixes.isEmpty()) {
        out << "nothing to fix: "
            << (all ? u"no failed check offers a fix"_s
                    : u"check %1 did not fail"_s.arg(escapeControls(id)))
            << '\n';
        out.flush();
        return ExitOk;
    }
    const bool dryRun = parser.isSet(u"dry-run"_s);
    const QString group = newFixGroup();
    bool ok = true;
    for (const QString &fixId : fixes) {
        const FixPlan plan = planFix(fixId, project, run);
        out << fixPlanText(project, plan);
        out.flush();
        if (!plan.refusal.isEmpty()) {
            ok = false;
            continue;
        }
        if (dryRun || plan.empty())
            continue;
        if (!applyOne(project, plan, fleet, undoJournalPath(path), group, out, err)) {
            ok = false;
            break;
        }
    }
    if (dryRun)
        return ok ? ExitOk : ExitInvalid;

    const CheckRun after = runChecks(project, fleet);
    const CheckReport shown = concerned(after.report, run.report, fixes);
    out << "after the fix:\n" << checkReportTable(shown, true);
    out.flush();
    return ok && shown.passed() ? ExitOk : ExitInvalid;
}

} // namespace cw::cli
