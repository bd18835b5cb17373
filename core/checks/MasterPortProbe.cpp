// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/MasterPortProbe.h"

#include <algorithm>
#include <chrono>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The longest the listener may wait however large the fleet; it is stopped long before.
constexpr int kListenerMaxSeconds = 3600;

} // namespace

MasterPortProbe::MasterPortProbe(const Project &project, const FleetOptions &options)
    : m_project(project), m_master(project.masterIndex()),
      m_seconds(listenerSeconds(int(project.servers.size()), options)),
      m_outcomes(project.servers.size()), m_answered(project.servers.size(), 0)
{
}

int MasterPortProbe::listenerSeconds(int servers, const FleetOptions &options)
{
    const int jobs = std::max(1, options.jobs);
    const int waves = (std::max(1, servers) + jobs - 1) / jobs;
    const int perServer = std::max(1, (options.timeoutMs + 999) / 1000);
    return std::min(kListenerMaxSeconds, waves * perServer + kPortConnectTimeoutSeconds + 20);
}

DiscoveryFollowUp MasterPortProbe::followUp()
{
    if (m_project.servers.size() < 2)
        return {};
    return {[this](FleetTask &task, const ServerFacts &facts) {
                if (task.serverIndex == m_master)
                    onMaster(task, facts);
                else
                    onOther(task);
            },
            m_master};
}

FleetProgress MasterPortProbe::progress(const FleetProgress &outer)
{
    return [this, outer](int done, int total, const FleetResult &result) {
        // The master's login is over: when it started no listener, it never will.
        if (result.serverIndex == m_master)
            settle(std::nullopt, u"the master was not reached"_s);
        if (outer)
            outer(done, total, result);
    };
}

void MasterPortProbe::settle(std::optional<int> pid, const QString &problem)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_state != State::Waiting)
            return;
        m_listener = pid;
        m_problem = pid ? QString() : problem;
        m_state = pid ? State::Listening : State::NoListener;
    }
    m_settled.notify_all();
}

void MasterPortProbe::onMaster(FleetTask &task, const ServerFacts &facts)
{
    if (facts.listenerOn(m_project.launch.masterPort)) {
        settle(std::nullopt, u"master_port is in use on the master"_s);
        return;
    }
    // Every other server may connect; those never reached leave it waiting until the stop.
    const int expected = int(m_project.servers.size()) - 1;
    const ExecResult result =
        task.session.exec(reachabilityListenerCommand(m_project, expected, m_seconds),
                          task.remainingMs(), &task.cancel);
    QString problem = result.error.message;
    std::optional<int> pid;
    if (!result.error.isError())
        pid = parseReachabilityListener(QString::fromUtf8(result.out + result.err), &problem);
    settle(pid, u"no listener on the master: "_s + problem);
}

void MasterPortProbe::onOther(FleetTask &task)
{
    {
        std::unique_lock lock(m_mutex);
        // The master is taken first, so it is already on its way; its own time limit or a
        // cancel ends this wait.
        while (m_state == State::Waiting && !task.cancel.load())
            m_settled.wait_for(lock, std::chrono::milliseconds(50));
        if (m_state != State::Listening)
            return;
    }
    const ExecResult result =
        task.session.exec(reachabilityConnectCommand(m_project), task.remainingMs(), &task.cancel);
    PortReach &outcome = m_outcomes[size_t(task.serverIndex)];
    if (result.error.isError())
        outcome = {PortReach::Outcome::Failed, result.error.message};
    else
        outcome =
            parseReachabilityConnect(QString::fromUtf8(result.out + result.err), result.exitStatus);
    m_answered[size_t(task.serverIndex)] = 1;
}

void MasterPortProbe::finish(const std::vector<ServerDiscovery> &discovery,
                             const FleetOptions &options, const std::atomic<bool> *cancel,
                             ActiveProbes &probes)
{
    if (m_project.servers.size() < 2)
        return;
    // Discovery is over: every worker has returned, nothing writes any more.
    if (m_listener) {
        const int pid = *m_listener;
        runOnServers(
            m_project, {m_master}, options,
            [&](FleetTask &task) {
                return task.session
                    .exec(reachabilityListenerStopCommand(pid), task.remainingMs(), &task.cancel)
                    .error;
            },
            {}, cancel);
    }
    bool otherReached = false;
    for (size_t i = 0; i < discovery.size(); ++i)
        otherReached = otherReached || (int(i) != m_master && discovery[i].ok());
    if (!m_listener) {
        probes.portProbeProblem = m_problem;
        return;
    }
    if (!otherReached) {
        probes.portProbeProblem = u"no other server reached"_s;
        return;
    }
    probes.portProbeRan = true;
    for (size_t i = 0; i < m_answered.size(); ++i) {
        if (m_answered[i])
            probes.reach[int(i)] = m_outcomes[i];
    }
}

} // namespace cw
