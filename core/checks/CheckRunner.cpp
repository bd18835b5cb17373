// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/CheckRunner.h"

#include "checks/CheckCatalogue.h"
#include "checks/MasterPortProbe.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

bool reached(const std::vector<ServerDiscovery> &discovery, int index)
{
    return index >= 0 && size_t(index) < discovery.size() && discovery[size_t(index)].ok();
}

// Runs one command on each of `indices` and hands its result to `take` (own slot per server).
void execOn(const Project &project, const std::vector<int> &indices, const FleetOptions &options,
            const std::atomic<bool> *cancel, const std::function<QString(int)> &command,
            const std::function<void(int, const ExecResult &)> &take)
{
    runOnServers(
        project, indices, options,
        [&](FleetTask &task) {
            const ExecResult result =
                task.session.exec(command(task.serverIndex), task.remainingMs(), &task.cancel);
            take(task.serverIndex, result);
            return result.error;
        },
        {}, cancel);
}

void probePeers(const Project &project, const std::vector<ServerDiscovery> &discovery,
                const FleetOptions &options, const std::atomic<bool> *cancel, ActiveProbes &probes)
{
    const int master = project.peerLoginIndex(); // the server that logs in to the others
    std::vector<PeerTarget> targets;
    for (int i = 0; i < int(project.servers.size()); ++i) {
        if (i == master || !reached(discovery, i))
            continue;
        // The key this client verified; its known_hosts line is "NAME TYPE BASE64".
        const QStringList words =
            discovery[size_t(i)].connection.hostKey.knownHostsLine.split(u' ');
        if (words.size() < 3)
            continue;
        const Server &server = project.servers[size_t(i)];
        targets.push_back(
            {i, server.user.isEmpty() ? project.servers[size_t(master)].user : server.user,
             server.effectiveHostIp(), server.port, words.at(1), words.at(2)});
    }
    if (targets.empty()) {
        probes.peerProbeProblem = u"no other server reached"_s;
        return;
    }
    QString problem = u"the master did not answer"_s;
    execOn(
        project, {master}, options, cancel,
        [&](int) { return shellScriptCommand(peerProbeScript(targets)); },
        [&](int, const ExecResult &result) {
            if (result.error.isError()) {
                problem = result.error.message;
                return;
            }
            parsePeerProbe(QString::fromUtf8(result.out), targets, probes);
            probes.peerProbeRan = true;
        });
    if (!probes.peerProbeRan)
        probes.peerProbeProblem = problem;
}

} // namespace

CheckRun runChecks(const Project &project, const FleetOptions &options,
                   const FleetProgress &progress, const std::atomic<bool> *cancel)
{
    CheckRun run;
    MasterPortProbe portProbe(project, options);
    run.discovery =
        discoverFleet(project, options, portProbe.progress(progress), cancel, portProbe.followUp());
    portProbe.finish(run.discovery, options, cancel, run.probes);
    if (project.servers.size() >= 2 && project.needsPeerLogin()) {
        if (!reached(run.discovery, project.peerLoginIndex()))
            run.probes.peerProbeProblem = project.peerLoginIndex() == project.masterIndex()
                                              ? u"the master was not reached"_s
                                              : u"the supervisor's server was not reached"_s;
        else
            probePeers(project, run.discovery, options, cancel, run.probes);
    }
    run.report = evaluateChecks(project, run.discovery, run.probes);
    return run;
}

} // namespace cw
