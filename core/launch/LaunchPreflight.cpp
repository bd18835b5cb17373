#include "launch/LaunchPreflight.h"

#include "checks/CheckRunner.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

bool usesTorch(const Project &project)
{
    // torch.distributed.launch needs torch whatever the accelerator; on Ascend the other modes
    // may run MindSpore, which the python-torch check does not look for.
    return project.launch.mode == LaunchMode::Launch || !isAscend(project.accelerator);
}

} // namespace

bool checkBlocksLaunch(const Project &project, const QString &id)
{
    const bool ascend = isAscend(project.accelerator);
    const bool mpirun = project.launch.mode == LaunchMode::Mpirun;
    // Every check the job cannot run without. Left out on purpose: paths (launch creates the
    // workdir, uploads, and refuses a missing entry itself before anything starts), sshd (we are
    // logged in through it; mpirun's logins are peer-login), device-net-health (it depends on
    // the netdetect address answering, not only on the link).
    static const char *const always[] = {
        check::kSsh,     check::kHostname,      check::kHostIp,         check::kAccelerator,
        check::kCannEnv, check::kFirewallPorts, check::kMasterPortFree, check::kMasterPortReach,
    };
    for (const char *name : always) {
        if (id == QLatin1StringView(name))
            return true;
    }
    if (id == QLatin1StringView(check::kPython))
        return usesTorch(project);
    if (id == QLatin1StringView(check::kDeviceIps) || id == QLatin1StringView(check::kDeviceLinks))
        return ascend;
    if (id == QLatin1StringView(check::kMpirun))
        return mpirun;
    // mpirun's logins, and a restarting run's supervisor reaching the others the same way.
    if (id == QLatin1StringView(check::kPeerLogin) || id == QLatin1StringView(check::kKnownHosts))
        return project.needsPeerLogin();
    return false;
}

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
