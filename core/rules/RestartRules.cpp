// SPDX-License-Identifier: GPL-3.0-or-later
// launch.restart: the values of the restart policy, and the launch settings a restarting run
// cannot keep. An attempt after a lost server runs on fewer servers, with a new world size, and
// a new master when the master was left out; train.sh re-plans those per attempt, so the
// project's env must not pin them.
#include "rules/SectionValidators.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Variables train.sh and rank.sh derive from the attempt's servers.
constexpr const char *kPerAttempt[] = {"MASTER_ADDR", "WORLD_SIZE",      "RANK_SIZE",
                                       "CM_CHIEF_IP", "CM_CHIEF_DEVICE", "CM_WORKER_SIZE"};

// Set by the supervisor for each attempt; one value from the project would hide them.
constexpr const char *kSupervisorVariables[] = {"CLUSTERWIZ_RESTART_COUNT",
                                                "CLUSTERWIZ_ATTEMPT_SERVERS"};

// Empty when `value` is within low..high.
TrText rangeProblem(int value, int low, int high)
{
    if (value < low || value > high)
        return trText("cw::Validation", "%1 is not between %2 and %3").arg(value, low, high);
    return {};
}

} // namespace

void validateRestart(const Project &project, ProblemList &out)
{
    const RestartPolicy &policy = project.launch.restart;
    const auto at = [](const QString &member) {
        return projectPlace(u"launch.restart."_s + member);
    };
    const int servers = int(project.servers.size());
    if (const TrText problem = rangeProblem(policy.maxRestarts, 0, kMaxRestarts);
        !problem.isEmpty())
        out.add(u"restart"_s, at(u"max_restarts"_s),
                trText("cw::Validation", "launch: restart.max_restarts %1").arg(problem));
    if (const TrText problem = rangeProblem(policy.backoffSeconds, 0, kMaxBackoffSeconds);
        !problem.isEmpty())
        out.add(u"restart"_s, at(u"backoff_s"_s),
                trText("cw::Validation", "launch: restart.backoff_s %1").arg(problem));
    // 0 is "every server", the default; otherwise 1 .. the number of servers.
    if (policy.minServers != 0) {
        if (const TrText problem = rangeProblem(policy.minServers, 1, qMax(1, servers));
            !problem.isEmpty())
            out.add(u"restart"_s, at(u"min_servers"_s),
                    trText("cw::Validation", "launch: restart.min_servers %1 (the project has %2 "
                                             "servers; 0 means all of them)")
                        .arg(problem, servers));
    }
    if (!policy.supervisor.isEmpty() && !project.serverIndex(policy.supervisor)) {
        out.add(u"restart"_s, at(u"supervisor"_s),
                trText("cw::Validation",
                       "launch: restart.supervisor \"%1\" is not a server of the project")
                    .arg(policy.supervisor));
    }
    for (const auto &[name, value] : project.launch.env) {
        const ProblemPlace place = projectPlace(u"launch.env"_s).key(name);
        for (const char *variable : kSupervisorVariables) {
            if (name == QLatin1StringView(variable))
                out.add(u"env-override"_s, place,
                        trText("cw::Validation",
                               "launch: %1 is set for each attempt by the supervisor: remove it")
                            .arg(name));
        }
        if (!policy.enabled() || !policy.dropFailedServers)
            continue;
        for (const char *variable : kPerAttempt) {
            if (name == QLatin1StringView(variable))
                out.add(u"restart-env"_s, place,
                        trText("cw::Validation",
                               "launch: %1 changes when an attempt leaves a server out "
                               "(restart.drop_failed_servers): train.sh sets it per attempt, "
                               "remove it")
                            .arg(name));
        }
    }
}

} // namespace cw
