#include "checks/CheckRunner.h"

#include "checks/CheckCatalogue.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The listener outlives the connects by this much at most; it is stopped as soon as they end.
constexpr int kListenerSeconds = kPortConnectTimeoutSeconds + 20;

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

void probeMasterPort(const Project &project, const std::vector<ServerDiscovery> &discovery,
                     const FleetOptions &options, const std::atomic<bool> *cancel,
                     ActiveProbes &probes)
{
    const int master = project.masterIndex();
    std::vector<int> others;
    for (int i = 0; i < int(project.servers.size()); ++i) {
        if (i != master && reached(discovery, i))
            others.push_back(i);
    }
    if (others.empty()) {
        probes.portProbeProblem = u"no other server reached"_s;
        return;
    }
    const ServerFacts &facts = *discovery[size_t(master)].facts;
    if (facts.listenerOn(project.launch.masterPort)) {
        probes.portProbeProblem = u"master_port is in use on the master"_s;
        return;
    }
    std::optional<int> listener;
    QString problem = u"the master did not answer"_s;
    execOn(
        project, {master}, options, cancel,
        [&](int) {
            return reachabilityListenerCommand(project, int(others.size()), kListenerSeconds);
        },
        [&](int, const ExecResult &result) {
            if (!result.error.isError())
                listener =
                    parseReachabilityListener(QString::fromUtf8(result.out + result.err), &problem);
            else
                problem = result.error.message;
        });
    if (!listener) {
        probes.portProbeProblem = u"no listener on the master: "_s + problem;
        return;
    }
    std::vector<PortReach> outcomes(project.servers.size());
    std::vector<char> answered(project.servers.size(), 0);
    execOn(
        project, others, options, cancel, [&](int) { return reachabilityConnectCommand(project); },
        [&](int index, const ExecResult &result) {
            if (result.error.isError()) {
                outcomes[size_t(index)] = {PortReach::Outcome::Failed, result.error.message};
            } else {
                outcomes[size_t(index)] = parseReachabilityConnect(
                    QString::fromUtf8(result.out + result.err), result.exitStatus);
            }
            answered[size_t(index)] = 1;
        });
    execOn(
        project, {master}, options, cancel,
        [&](int) { return reachabilityListenerStopCommand(*listener); },
        [](int, const ExecResult &) {});
    probes.portProbeRan = true;
    for (const int index : others) {
        if (answered[size_t(index)])
            probes.reach[index] = outcomes[size_t(index)];
    }
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

ActiveProbes runActiveProbes(const Project &project, const std::vector<ServerDiscovery> &discovery,
                             const FleetOptions &options, const std::atomic<bool> *cancel)
{
    ActiveProbes probes;
    if (project.servers.size() < 2)
        return probes;
    if (!reached(discovery, project.masterIndex()))
        probes.portProbeProblem = u"the master was not reached"_s;
    else
        probeMasterPort(project, discovery, options, cancel, probes);
    if (!project.needsPeerLogin())
        return probes;
    if (!reached(discovery, project.peerLoginIndex()))
        probes.peerProbeProblem = project.peerLoginIndex() == project.masterIndex()
                                      ? u"the master was not reached"_s
                                      : u"the supervisor's server was not reached"_s;
    else
        probePeers(project, discovery, options, cancel, probes);
    return probes;
}

CheckRun runChecks(const Project &project, const FleetOptions &options,
                   const FleetProgress &progress, const std::atomic<bool> *cancel)
{
    CheckRun run;
    run.discovery = discoverFleet(project, options, progress, cancel);
    run.probes = runActiveProbes(project, run.discovery, options, cancel);
    run.report = evaluateChecks(project, run.discovery, run.probes);
    return run;
}

} // namespace cw
