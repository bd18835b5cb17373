// SPDX-License-Identifier: GPL-3.0-or-later
// open-ports and stop-firewall: the firewall steps of fix/FirewallFix.h for every reached server
// whose firewall the checks found in the way (its own rules, or the master's for a failed
// connect to master_port).
#include "fix/FixPlanner.h"
#include "fix/FixTable.h"

#include "fix/FirewallFix.h"
#include "rules/RequiredPorts.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Servers whose firewall a failed (or unsure) check blames, in project order.
std::vector<int> serversToMend(const Project &project, const CheckRun &run)
{
    std::vector<char> mend(project.servers.size(), 0);
    for (const CheckResult &result : run.report.results) {
        const bool bad =
            result.status == CheckStatus::Failed || result.status == CheckStatus::Warning;
        if (!bad || result.serverIndex < 0)
            continue;
        if (result.id == QLatin1StringView(check::kFirewallPorts))
            mend[size_t(result.serverIndex)] = 1;
        else if (result.id == QLatin1StringView(check::kMasterPortReach) &&
                 result.status == CheckStatus::Failed)
            mend[size_t(project.masterIndex())] = 1;
    }
    std::vector<int> servers;
    for (size_t i = 0; i < mend.size(); ++i) {
        if (mend[i] && i < run.discovery.size() && run.discovery[i].ok())
            servers.push_back(int(i));
    }
    return servers;
}

std::vector<PortSpan> spansFor(const Project &project, int serverIndex)
{
    std::vector<PortSpan> spans;
    for (const RequiredPort &port : requiredPorts(project, serverIndex))
        spans.push_back(port.span);
    return spans;
}

// A plan without steps says why: the servers' refusals, else that nothing is in the way.
FixPlan finished(FixPlan plan, const QStringList &refusals)
{
    if (plan.steps.empty()) {
        if (!refusals.isEmpty())
            plan.refusal = refusals.join(u"; "_s);
        else
            plan.nothingToDo = u"no firewall is in the way of the job's ports"_s;
    }
    return plan;
}

} // namespace

FixPlan planOpenPorts(const Project &project, const CheckRun &run)
{
    FixPlan plan = newFixPlan(fix::kOpenPorts);
    QStringList refusals;
    for (const int index : serversToMend(project, run)) {
        const FirewallFacts &firewall = run.discovery[size_t(index)].facts->firewall;
        const std::vector<RemoteStep> steps =
            openPortSteps(index, firewall, spansFor(project, index));
        if (steps.empty()) {
            const QString why = firewallFixRefusal(firewall);
            refusals.append(project.servers[size_t(index)].name + u": "_s +
                            (why.isEmpty() ? u"its rules already let the ports in, yet a "
                                             u"connect failed: look for another filter on the "
                                             u"path"_s
                                           : why));
            continue;
        }
        plan.steps.insert(plan.steps.end(), steps.begin(), steps.end());
    }
    return finished(std::move(plan), refusals);
}

FixPlan planStopFirewall(const Project &project, const CheckRun &run)
{
    FixPlan plan = newFixPlan(fix::kStopFirewall);
    QStringList refusals;
    for (const int index : serversToMend(project, run)) {
        const FirewallFacts &firewall = run.discovery[size_t(index)].facts->firewall;
        const std::vector<RemoteStep> steps = stopFirewallSteps(index, firewall);
        if (steps.empty()) {
            const QString why = firewallFixRefusal(firewall);
            if (!why.isEmpty())
                refusals.append(project.servers[size_t(index)].name + u": "_s + why);
            continue;
        }
        plan.steps.insert(plan.steps.end(), steps.begin(), steps.end());
    }
    return finished(std::move(plan), refusals);
}

} // namespace cw
