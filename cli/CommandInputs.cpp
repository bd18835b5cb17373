// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/CommandInputs.h"

#include "cli/Cli.h"
#include "cli/Commands.h"
#include "launch/RunStatus.h"
#include "model/Problem.h"
#include "rules/ProjectValidator.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

// True when `path` is `reported` or lies inside it ("servers[1].port" inside "servers[1]").
bool isInside(const QString &path, const QString &reported)
{
    if (!path.startsWith(reported))
        return false;
    if (path.size() == reported.size())
        return true;
    const QChar next = path.at(reported.size());
    return next == u'.' || next == u'[';
}

int reportFatal(const ProjectLoad &load, QTextStream &err)
{
    err << load.fatal << '\n';
    err.flush();
    return ExitUnreadable;
}

Problems projectProblems(const ProjectLoad &load, const Problems &rules)
{
    // A member the loader could not read holds a default in the project, so a rule about that
    // same member would only repeat the loader's complaint in vaguer words: those are left out.
    Problems problems = load.problems;
    for (const Problem &problem : rules) {
        const bool repeated =
            std::any_of(load.problems.begin(), load.problems.end(), [&](const Problem &reported) {
                return !reported.path.isEmpty() && isInside(problem.path, reported.path);
            });
        if (!repeated)
            problems.push_back(problem);
    }
    return problems;
}

} // namespace

int loadForCommand(const QString &path, Project &project, QTextStream &err)
{
    ProjectLoad load = loadProjectFile(path);
    if (!load.fatal.isEmpty())
        return reportFatal(load, err);
    if (!load.problems.empty()) {
        printProblems(load.problems, err);
        err << escapeControls(path) << ": not a usable project ("
            << counted(static_cast<qsizetype>(load.problems.size()), u"problem"_s) << ")\n";
        err.flush();
        return ExitInvalid;
    }
    project = std::move(load.project);
    return kContinue;
}

int loadValidProject(const QString &path, std::optional<ValidProject> &project, QTextStream &err)
{
    ProjectLoad load = loadProjectFile(path);
    if (!load.fatal.isEmpty())
        return reportFatal(load, err);
    ProjectValidation rules = validated(std::move(load.project));
    if (const Problems problems = projectProblems(load, rules.problems); !problems.empty()) {
        printProblems(problems, err);
        err << escapeControls(path) << ": invalid ("
            << counted(static_cast<qsizetype>(problems.size()), u"problem"_s) << ")\n";
        err.flush();
        return ExitInvalid;
    }
    project = std::move(rules.valid);
    return kContinue;
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
        err << escapeControls(projectPath) << ": no run recorded in "
            << escapeControls(runsFolder(projectPath)) << '\n';
        err.flush();
        return ExitUnreadable;
    }
    QString error;
    record = loadRunRecord(projectPath, runId, &error);
    if (!record) {
        err << escapeControls(error) << '\n';
        err.flush();
        return ExitUnreadable;
    }
    if (describedBy) {
        if (const QString mismatch = runProjectMismatch(*describedBy, *record);
            !mismatch.isEmpty()) {
            err << escapeControls(projectPath) << ": " << escapeControls(mismatch) << '\n';
            err.flush();
            return ExitUnreadable;
        }
    }
    return kContinue;
}

} // namespace cw::cli
