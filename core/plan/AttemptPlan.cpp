// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/AttemptPlan.h"

namespace cw {

Project attemptProject(const Project &project, const QStringList &servers)
{
    Project attempt = project;
    attempt.servers.clear();
    for (const Server &server : project.servers) {
        if (servers.contains(server.name))
            attempt.servers.push_back(server);
    }
    // Super pods keep the servers kept; a pod left with none goes.
    attempt.superPods.clear();
    for (SuperPod pod : project.superPods) {
        pod.servers.removeIf([&](const QString &name) { return !servers.contains(name); });
        if (!pod.servers.isEmpty())
            attempt.superPods.push_back(pod);
    }
    if (!attempt.serverIndex(attempt.launch.master))
        attempt.launch.master.clear();
    if (!attempt.serverIndex(attempt.launch.restart.supervisor))
        attempt.launch.restart.supervisor.clear();
    return attempt;
}

QStringList launchOrderNames(const Project &project)
{
    QStringList names;
    for (const int index : project.launchOrder())
        names << project.servers[size_t(index)].name;
    return names;
}

} // namespace cw
