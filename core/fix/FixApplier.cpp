// SPDX-License-Identifier: GPL-3.0-or-later
#include "fix/FixApplier.h"

#include "discover/ProbeText.h"
#include "model/Problem.h"

#include <QDateTime>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString firstLine(const QByteArray &bytes)
{
    return firstLineOf(QString::fromUtf8(bytes));
}

std::vector<std::pair<int, int>> stageRanges(const FixPlan &plan)
{
    std::vector<int> starts = plan.stageStarts;
    starts.erase(std::remove_if(starts.begin(), starts.end(),
                                [&](int s) { return s <= 0 || s >= int(plan.steps.size()); }),
                 starts.end());
    starts.insert(starts.begin(), 0);
    std::sort(starts.begin(), starts.end());
    starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
    std::vector<std::pair<int, int>> ranges;
    for (size_t i = 0; i < starts.size(); ++i)
        ranges.emplace_back(starts[i],
                            i + 1 < starts.size() ? starts[i + 1] : int(plan.steps.size()));
    return ranges;
}

// The input a step's command reads: its own, or the first line another step printed.
QByteArray inputFor(const RemoteStep &step, const std::vector<StepOutcome> &outcomes)
{
    if (step.inputFromStep < 0 || size_t(step.inputFromStep) >= outcomes.size())
        return step.input;
    const QString line = outcomes[size_t(step.inputFromStep)].output.section(u'\n', 0, 0);
    return line.isEmpty() ? QByteArray() : line.toUtf8() + '\n';
}

SshError runStep(FleetTask &task, const RemoteStep &step, const std::vector<StepOutcome> &outcomes,
                 StepOutcome &outcome)
{
    if (!step.snapshotCommand.isEmpty()) {
        const ExecResult snapshot =
            task.session.exec(step.snapshotCommand, task.remainingMs(), &task.cancel);
        if (snapshot.error.isError()) {
            outcome.error = snapshot.error.message;
            return snapshot.error;
        }
        outcome.snapshot = QString::fromUtf8(snapshot.out);
    }
    outcome.inputUsed = inputFor(step, outcomes);
    if (step.inputFromStep >= 0 && outcome.inputUsed.isEmpty()) {
        outcome.error = u"step %1 printed nothing to use as input"_s.arg(step.inputFromStep + 1);
        return SshError::make(SshError::Kind::Protocol, outcome.error);
    }
    const ExecResult result =
        task.session.exec(step.command, task.remainingMs(), &task.cancel, outcome.inputUsed);
    outcome.ran = true;
    outcome.exitStatus = result.exitStatus;
    outcome.output = QString::fromUtf8(result.out).trimmed();
    outcome.ok = result.ok();
    if (result.error.isError()) {
        outcome.error = result.error.message;
        return result.error;
    }
    if (!outcome.ok) {
        const QString why =
            firstLine(result.err).isEmpty() ? firstLine(result.out) : firstLine(result.err);
        outcome.error = u"exit %1: %2"_s.arg(result.exitStatus).arg(why);
    }
    return {};
}

QString serverName(const Project &project, int index)
{
    return index >= 0 && size_t(index) < project.servers.size()
               ? project.servers[size_t(index)].name
               : u"?"_s;
}

} // namespace

bool FixOutcome::ok() const
{
    return std::all_of(steps.begin(), steps.end(), [](const StepOutcome &s) { return s.ok; });
}

QString FixOutcome::firstError() const
{
    for (size_t i = 0; i < steps.size(); ++i) {
        if (!steps[i].ok)
            return u"step %1: %2"_s.arg(i + 1).arg(steps[i].error.isEmpty() ? u"not run"_s
                                                                            : steps[i].error);
    }
    return {};
}

FixOutcome applyFix(const Project &project, const FixPlan &plan, const FleetOptions &options,
                    const std::atomic<bool> *cancel)
{
    FixOutcome outcome;
    outcome.steps.resize(plan.steps.size());
    outcome.undo.fixId = plan.id;
    outcome.undo.title = plan.title;
    outcome.undo.appliedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    const std::vector<std::pair<int, int>> stages = stageRanges(plan);
    for (size_t stage = 0; stage < stages.size(); ++stage) {
        // Plain ints, not a structured binding: clang 14 cannot capture one in the lambda below.
        const int first = stages[stage].first;
        const int last = stages[stage].second;
        std::vector<int> servers;
        for (int s = first; s < last; ++s) {
            if (std::find(servers.begin(), servers.end(), plan.steps[size_t(s)].serverIndex) ==
                servers.end())
                servers.push_back(plan.steps[size_t(s)].serverIndex);
        }
        const std::vector<FleetResult> results = runOnServers(
            project, servers, options,
            [&](FleetTask &task) {
                for (int s = first; s < last; ++s) {
                    const RemoteStep &step = plan.steps[size_t(s)];
                    if (step.serverIndex != task.serverIndex)
                        continue;
                    StepOutcome &mine = outcome.steps[size_t(s)];
                    if (const SshError error = runStep(task, step, outcome.steps, mine);
                        error.isError())
                        return error;
                    if (!mine.ok)
                        return SshError{};
                }
                return SshError{};
            },
            {}, cancel);
        for (const FleetResult &result : results) {
            for (int s = first; s < last; ++s) {
                StepOutcome &step = outcome.steps[size_t(s)];
                if (plan.steps[size_t(s)].serverIndex == result.serverIndex && !step.ran &&
                    step.error.isEmpty())
                    step.error =
                        result.ok() ? u"not run: an earlier step failed"_s : result.error.message;
            }
        }
        for (int s = first; s < last; ++s) {
            const RemoteStep &step = plan.steps[size_t(s)];
            const StepOutcome &done = outcome.steps[size_t(s)];
            if (done.ok && !step.undoCommand.isEmpty())
                outcome.undo.steps.push_back({serverName(project, step.serverIndex), int(stage),
                                              step.description, step.undoCommand, done.inputUsed,
                                              done.snapshot});
        }
        const bool stageOk =
            std::all_of(outcome.steps.begin() + first, outcome.steps.begin() + last,
                        [](const StepOutcome &s) { return s.ok; });
        if (!stageOk) {
            for (size_t s = size_t(last); s < plan.steps.size(); ++s)
                outcome.steps[s].error = u"not run: an earlier stage failed"_s;
            break;
        }
    }
    return outcome;
}

FixPlan undoPlan(const Project &project, const UndoEntry &entry, QString *error)
{
    FixPlan plan;
    plan.id = entry.fixId;
    plan.title = u"Undo: "_s + entry.title;
    plan.stageStarts.clear();
    std::vector<UndoStep> steps = entry.steps;
    std::reverse(steps.begin(), steps.end());
    std::stable_sort(steps.begin(), steps.end(),
                     [](const UndoStep &a, const UndoStep &b) { return a.stage > b.stage; });
    int lastStage = -1;
    for (const UndoStep &undo : steps) {
        const std::optional<int> index = project.serverIndex(undo.server);
        if (!index) {
            *error = u"the project has no server '%1' any more: cannot undo '%2' there"_s.arg(
                undo.server, undo.description);
            return {};
        }
        if (undo.stage != lastStage) {
            plan.stageStarts.push_back(int(plan.steps.size()));
            lastStage = undo.stage;
        }
        RemoteStep step;
        step.serverIndex = *index;
        step.description = u"undo: "_s + undo.description;
        step.command = undo.command;
        step.input = undo.input;
        plan.steps.push_back(step);
    }
    if (plan.stageStarts.empty())
        plan.stageStarts = {0};
    return plan;
}

QString fixOutcomeText(const Project &project, const FixPlan &plan, const FixOutcome &outcome)
{
    QString text;
    for (size_t s = 0; s < plan.steps.size() && s < outcome.steps.size(); ++s) {
        const StepOutcome &step = outcome.steps[s];
        // The error quotes what the server printed: control characters shown escaped.
        const QString server = escapeControls(serverName(project, plan.steps[s].serverIndex));
        const QString description = escapeControls(plan.steps[s].description);
        if (step.ok)
            text += u"  ok      [%1] %2\n"_s.arg(server, description);
        else
            text += u"  FAILED  [%1] %2: %3\n"_s.arg(
                server, description,
                step.error.isEmpty() ? u"not run"_s : escapeControls(step.error));
    }
    return text;
}

} // namespace cw
