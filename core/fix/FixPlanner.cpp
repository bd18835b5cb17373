#include "fix/FixPlanner.h"

#include "fix/FixTable.h"
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
QString fixPlanText(const Project &project, const FixPlan &plan)
{
    QString text = u"%1 (%2)\n"_s.arg(plan.title, plan.id);
    if (!plan.refusal.isEmpty())
        return text + u"  cannot apply: "_s + escapeControls(plan.refusal) + u'\n';
    if (plan.steps.empty())
        return text + u"  nothing to do: "_s + escapeControls(plan.nothingToDo) + u'\n';
    for (size_t s = 0; s < plan.steps.size(); ++s) {
        const RemoteStep &step = plan.steps[s];
        const QString server =
            step.serverIndex >= 0 && size_t(step.serverIndex) < project.servers.size()
                ? project.servers[size_t(step.serverIndex)].name
                : u"?"_s;
        text += u"  %1. [%2] %3\n"_s.arg(s + 1).arg(escapeControls(server),
                                                    escapeControls(step.description));
        for (const QString &line : step.command.split(u'\n'))
            text += u"       $ "_s + escapeControls(line) + u'\n';
        if (step.inputFromStep >= 0)
            text += u"       (its input: what step %1 prints)\n"_s.arg(step.inputFromStep + 1);
        else if (!step.input.isEmpty())
            text += u"       (its input: %1)\n"_s.arg(
                escapeControls(QString::fromUtf8(step.input).trimmed()));
    }
    return text;
}

} // namespace cw
