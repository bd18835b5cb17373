// SPDX-License-Identifier: GPL-3.0-or-later
#include "fix/FixPlanner.h"

#include "fix/FixTable.h"
#include "fix/FixText.h"
#include "model/Problem.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace cw {

QStringList fixesToApply(const CheckReport &report, const QString &id, bool all)
{
    if (!all && knownFixIds().contains(id))
        return {id};
    QSet<QString> wanted;
    for (const CheckResult &result : report.results) {
        if (!all && result.id != id)
            continue;
        const bool failed =
            result.status == CheckStatus::Failed || (!all && result.status == CheckStatus::Warning);
        if (failed && !result.fixes.isEmpty())
            wanted.insert(result.fixes.constFirst());
    }
    // Table order; a fix that --all never chooses (stop-firewall) only when a check asked for
    // it by name.
    QStringList ordered;
    for (const FixSpec &spec : fixTable()) {
        if (wanted.contains(QLatin1StringView(spec.id)) && (spec.chosenByAll || !all))
            ordered.append(QLatin1StringView(spec.id));
    }
    return ordered;
}

FixPlan planFix(const QString &fixId, const Project &project, const CheckRun &run)
{
    if (const FixSpec *spec = fixSpec(fixId))
        return spec->plan(project, run);
    FixPlan plan;
    plan.id = fixId;
    plan.refusal = u"no fix is called '%1' (fixes: %2)"_s.arg(fixId, knownFixIds().join(u", "_s));
    return plan;
}

// Every piece may quote what a server printed or a name the project gave: control characters
// are shown escaped (escapeControls), never sent to the terminal.
namespace {

QString planText(const Project &project, const FixPlan &plan, bool translate)
{
    const auto show = [translate](const TrText &text) {
        return translate ? text.translated() : text.english();
    };
    QString text = u"%1 (%2)\n"_s.arg(translate ? plan.translatedTitle() : plan.title, plan.id);
    if (!plan.refusal.isEmpty())
        return text +
               show(trText("cw::Fixes", "  cannot apply: %1").arg(escapeControls(plan.refusal))) +
               u'\n';
    if (plan.steps.empty())
        return text +
               show(trText("cw::Fixes", "  nothing to do: %1")
                        .arg(escapeControls(plan.nothingToDo))) +
               u'\n';
    for (size_t s = 0; s < plan.steps.size(); ++s) {
        const RemoteStep &step = plan.steps[s];
        const QString server =
            step.serverIndex >= 0 && size_t(step.serverIndex) < project.servers.size()
                ? project.servers[size_t(step.serverIndex)].name
                : u"?"_s;
        const QString description = translate ? translatedDescription(step) : step.description;
        text += u"  %1. [%2] %3\n"_s.arg(s + 1).arg(escapeControls(server),
                                                    escapeControls(description));
        for (const QString &line : step.command.split(u'\n'))
            text += u"       $ "_s + escapeControls(line) + u'\n';
        if (step.inputFromStep >= 0)
            text += show(trText("cw::Fixes", "       (its input: what step %1 prints)")
                             .arg(step.inputFromStep + 1)) +
                    u'\n';
        else if (!step.input.isEmpty())
            text += show(trText("cw::Fixes", "       (its input: %1)")
                             .arg(escapeControls(QString::fromUtf8(step.input).trimmed()))) +
                    u'\n';
    }
    return text;
}

} // namespace

QString fixPlanText(const Project &project, const FixPlan &plan)
{
    return planText(project, plan, false);
}

QString translatedFixPlanText(const Project &project, const FixPlan &plan)
{
    return planText(project, plan, true);
}

} // namespace cw
