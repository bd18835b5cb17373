// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// check's master-port-reachable probe, riding on discovery's logins: the master is discovered
// first and starts the listener right after its own probe, in the same login; every other
// server connects right after its probe, in its own login (waiting for the master's listener if
// it got there first); one more login to the master stops the listener. That is one login per
// server and two to the master, where a probe after discovery took a second login everywhere.
//
//   MasterPortProbe portProbe(project, options);
//   run.discovery = discoverFleet(project, options, portProbe.progress(progress), cancel,
//                                 portProbe.followUp());
//   portProbe.finish(run.discovery, options, cancel, run.probes);

#include "checks/ActiveProbes.h"
#include "discover/Discovery.h"
#include "fleet/FleetRunner.h"
#include "model/Project.h"

#include <QString>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <vector>

namespace cw {

class MasterPortProbe {
public:
    MasterPortProbe(const Project &project, const FleetOptions &options);

    // For discoverFleet: the master first, then the listener or the connect after each probe.
    // Nothing to do (an empty follow-up) for a project of one server.
    DiscoveryFollowUp followUp();
    // `outer`, which also tells the others when the master's login ended without a listener.
    FleetProgress progress(const FleetProgress &outer);
    // After discovery: stops the listener and puts what each server saw into `probes`.
    void finish(const std::vector<ServerDiscovery> &discovery, const FleetOptions &options,
                const std::atomic<bool> *cancel, ActiveProbes &probes);

    // How long the listener waits for connects at most (it is stopped as soon as discovery
    // ends): every wave of `jobs` servers may take its whole time limit.
    static int listenerSeconds(int servers, const FleetOptions &options);

private:
    enum class State { Waiting, Listening, NoListener };

    void onMaster(FleetTask &task, const ServerFacts &facts);
    void onOther(FleetTask &task);
    void settle(std::optional<int> pid, const QString &problem);

    const Project &m_project;
    const int m_master;
    const int m_seconds;
    std::mutex m_mutex;
    std::condition_variable m_settled;
    State m_state = State::Waiting;
    std::optional<int> m_listener;
    QString m_problem;
    // By server index, each written only by that server's worker.
    std::vector<PortReach> m_outcomes;
    std::vector<char> m_answered;
};

} // namespace cw
