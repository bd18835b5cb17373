// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/LaunchPreflight.h"

#include "checks/CheckRunner.h"

using namespace Qt::StringLiterals;

namespace cw {

std::vector<CheckResult> launchBlockers(const Project &project, const CheckReport &report)
{
    std::vector<CheckResult> blockers;
    for (const CheckResult &result : report.results) {
        if (result.status == CheckStatus::Failed && checkBlocksLaunch(project, result.id))
            blockers.push_back(result);
    }
    return blockers;
}

QString preflightRefusal(const Project &project, const CheckReport &report)
{
    const std::vector<CheckResult> blockers = launchBlockers(project, report);
    if (blockers.empty())
        return {};
    QString text = blockers.size() == 1
                       ? u"a check failed:"_s
                       : u"%1 checks failed:"_s.arg(QString::number(blockers.size()));
    for (const CheckResult &result : blockers) {
        text += u"\n  "_s + result.id;
        if (!result.server.isEmpty())
            text += u" on "_s + result.server;
        text += u": "_s + result.reason;
        if (!result.fixes.isEmpty())
            text += u" (fix: "_s + result.fixes.join(u", "_s) + u')';
    }
    return text;
}

Preflight checksPreflight(const FleetOptions &fleet)
{
    return [fleet](const Project &project) {
        return preflightRefusal(project, runChecks(project, fleet).report);
    };
}

} // namespace cw
